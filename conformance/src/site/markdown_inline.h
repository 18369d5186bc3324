/*
 * markdown_inline.h - the inline markup of the documentation's Markdown (code,
 * strong, emphasis, links, images, backslash escapes) as HTML, and escaped text:
 * what markdown.c's blocks hold. Private to markdown.c and markdown_inline.c.
 */
#ifndef ROBOTS_CONFORM_MARKDOWN_INLINE_H
#define ROBOTS_CONFORM_MARKDOWN_INLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "markdown.h"

/* Where the HTML goes, and where links lead. */
typedef struct md_out {
    FILE *f;
    const markdown_links *links;
} md_out;

/* Text as HTML: & < > " escaped; a control byte but newline and tab as U+FFFD. */
void md_text(const md_out *o, const char *s, size_t n);

/* Inline markup as HTML. depth counts the emphasis and links around s (past
 * MARKDOWN_MAX_DEPTH, s is text); in_link: s is a link's text, where a link is
 * text too. */
void md_inline(const md_out *o, const char *s, size_t n, int depth, bool in_link);

static inline bool md_space(char c) { return c == ' ' || c == '\t'; }
static inline bool md_white(char c) { return md_space(c) || c == '\n'; }
static inline bool md_alnum(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

#endif
