/*
 * markdown.h - the project's documentation (README.md and the pages of docs/) as
 * HTML, for the manual pages of the site (site_docs.c).
 *
 * Read and written by cmark-gfm, the library GitHub renders Markdown with, with
 * its table, autolink and strikethrough extensions, so a page reads as it does on
 * GitHub. The site adds what cmark does not do: raw HTML is shown as text, never
 * passed through; a control byte shows as U+FFFD; links and images lead where the
 * site's link function says; every heading at the top level gets GitHub's anchor
 * as its id; the first level-1 heading is left to the page's frame.
 */
#ifndef ROBOTS_CONFORM_MARKDOWN_H
#define ROBOTS_CONFORM_MARKDOWN_H

#include <stddef.h>
#include <stdio.h>

/* Where links lead on the site. href() gets a link's or image's target as written
 * and writes the address to use into out (NUL-terminated), returning 1; or returns
 * 0 when the site carries nothing there (a source file): the link's text is then
 * shown unlinked, followed by the target as code. */
typedef struct markdown_links {
    int (*href)(void *ctx, const char *target, size_t len, char *out, size_t cap);
    void *ctx;
} markdown_links;

/* The text of the document's first level-1 heading, as a reader sees it (no
 * markup), or "" when it has none. */
void markdown_title(const char *text, size_t len, char *out, size_t cap);

/* The anchor GitHub gives a heading (and scripts/check-links expects): ASCII
 * letters lower-cased; letters, digits, '-', '_' and every non-ASCII byte kept;
 * spaces as '-'; everything else dropped. */
void markdown_slug(const char *heading, size_t len, char *out, size_t cap);

/* Writes the document as HTML to f, leaving out its first level-1 heading (the
 * page's frame writes the title). Returns 0, or -1 when memory ran out (within
 * cmark, which cannot report it, running out ends the program with status 2 and a
 * message). Write errors are left for the caller's ferror(). */
int markdown_html(FILE *f, const char *text, size_t len, const markdown_links *links);

#endif
