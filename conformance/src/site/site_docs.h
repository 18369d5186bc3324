/*
 * site_docs.h - the project's documentation as the site's manual: README.md
 * (project.html), docs/README.md (manual.html), every other page of docs/
 * (manual-NAME.html), CHANGELOG.md (changelog.html), conformance/PROTOCOL.md
 * (protocol.html), conformance/adapters/README.md (adapters.html) and
 * conformance/crawl/README.md (crawlers.html), each with the
 * atlas's header, its links rewritten to the site's pages (conformance/ATLAS.md is
 * the atlas itself, index.html; conformance/SCORECARD.md is scorecard.html) and
 * the images of docs/images/ copied beside them. A link to a file the site does not
 * carry (a source file) shows its path instead.
 */
#ifndef ROBOTS_CONFORM_SITE_DOCS_H
#define ROBOTS_CONFORM_SITE_DOCS_H

#include <stddef.h>

/* A document larger than this is refused: the documentation is pages, not data. */
#define SITE_DOC_MAX ((size_t)1 << 20)

/* Writes the manual's pages into dir from root, the directory that holds
 * README.md and docs/ (a checkout, or the copy make install-conform makes). With
 * root NULL (none found), manual.html says so and how to give one. Returns 0, or
 * -1 with error set ("FILE: what is wrong"). */
int site_docs(const char *dir, const char *root, char *error, size_t cap);

#endif
