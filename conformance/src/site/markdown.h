/*
 * markdown.h - the project's documentation (README.md and the pages of docs/) as
 * HTML, for the manual pages of the site (site_docs.c).
 *
 * The subset the documentation is written in, read as GitHub reads it: ATX
 * headings (`#` to `######`, each with GitHub's anchor as its id), paragraphs,
 * bullet and ordered lists (nested by indentation; a tab counts as one space),
 * fenced code blocks, pipe tables (`\|` is a pipe inside a cell), and inline code,
 * **strong**, *emphasis*, [links](target) and ![images](target), with backslash
 * escapes. Everything else is text: a run of three or more '*' or '_', and raw
 * HTML (escaped, never passed through); a control byte shows as U+FFFD. Nesting
 * deeper than MARKDOWN_MAX_DEPTH (lists, or emphasis and links inside each other)
 * is shown as text, and the cost is linear in the input whatever it holds: no page
 * can make the site hang.
 */
#ifndef ROBOTS_CONFORM_MARKDOWN_H
#define ROBOTS_CONFORM_MARKDOWN_H

#include <stddef.h>
#include <stdio.h>

#define MARKDOWN_MAX_DEPTH 8

/* Where links lead on the site. href() gets a link's or image's target as written
 * and writes the address to use into out (NUL-terminated), returning 1; or returns
 * 0 when the site carries nothing there (a source file): the link's text is then
 * shown unlinked, followed by the target as code. */
typedef struct markdown_links {
    int (*href)(void *ctx, const char *target, size_t len, char *out, size_t cap);
    void *ctx;
} markdown_links;

/* The text of the document's first level-1 heading, as written (markup and all),
 * or "" when it has none. */
void markdown_title(const char *text, size_t len, char *out, size_t cap);

/* The anchor GitHub gives a heading (and scripts/check-links expects): ASCII
 * letters lower-cased; letters, digits, '-', '_' and every non-ASCII byte kept;
 * spaces as '-'; everything else dropped. */
void markdown_slug(const char *heading, size_t len, char *out, size_t cap);

/* Writes the document as HTML to f, leaving out its first level-1 heading (the
 * page's frame writes the title). Returns 0, or -1 when memory ran out. Write
 * errors are left for the caller's ferror(). */
int markdown_html(FILE *f, const char *text, size_t len, const markdown_links *links);

#endif
