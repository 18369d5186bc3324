/* site_html.h - what the website's pages share: the frame of a page (head,
 * navigation, footer), escaping, and bytes made visible. */
#ifndef ROBOTS_CONFORM_SITE_HTML_H
#define ROBOTS_CONFORM_SITE_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The pages of the navigation, in its order. */
typedef enum site_page {
    PAGE_INDEX,
    PAGE_PLAYGROUND,
    PAGE_CRAWLERS,
    PAGE_MATTERS,
    PAGE_DIFFERENCES,
    PAGE_GLOSSARY,
    PAGE_SCORECARD,
    PAGE_SOURCES,
    PAGE_MANUAL,
    PAGE_OTHER
} site_page;

/* Opens DIR/NAME and writes the head, the navigation (marking `current`) and the
 * start of <main> with its <h1>. NULL with error set when the file cannot be
 * created. */
FILE *site_page_open(const char *dir, const char *name, const char *title, site_page current, char *error, size_t cap);
/* Ends <main>, writes the footer, closes the file: 0, or -1 with error set when
 * something could not be written. */
int site_page_close(FILE *f, const char *dir, const char *name, char *error, size_t cap);
/* The same for a page made from one of the project's documents: the footer names
 * the document (source, relative to the project's root). */
int site_page_close_document(FILE *f, const char *dir, const char *name, const char *source, char *error, size_t cap);

/* Text and attribute values: & < > " escaped. */
void site_html_text(FILE *f, const char *s);
void site_html_text_n(FILE *f, const char *s, size_t n);
/* A table cell of text: <td>, s escaped, </td>. */
void site_html_cell(FILE *f, const char *s);
/* An id or a file name made of s: letters, digits, '-', '.', '_' kept; others '_'. */
void site_html_id(FILE *f, const char *s);
void site_safe_name(char *out, size_t cap, const char *s);
/* Bytes as a reader should see them: controls by name in a badge (TAB, NUL), the byte order mark as a BOM badge, non-ASCII characters marked with
 * their code point, bytes that are not UTF-8 as \xHH, long lines elided. */
void site_html_bytes(FILE *f, const unsigned char *s, size_t n, bool elide);

/* The file name of an area's page: "area-match.html". */
void site_area_page(char *out, size_t cap, const char *area);

#endif
