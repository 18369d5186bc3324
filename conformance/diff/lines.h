/*
 * lines.h - a robots.txt's lines as the reference reads them: where line N is
 * (lines end at LF, CR or CR LF) and where a directive's value is, for the
 * rewrites of simplify.c and the features of cluster.c.
 */
#ifndef ROBOTS_DIFF_LINES_H
#define ROBOTS_DIFF_LINES_H

#include <stddef.h>

#include "buf.h"

/* Bytes [*from, *end) of line `line` (1-based), without its line end. Returns 0,
 * or -1 when the file has fewer lines. */
int line_span(const buf *b, size_t line, size_t *from, size_t *end);

/* The value of the directive on bytes [from, end): after the first ':', or, for a
 * line the reference accepted without a colon (ROBOTS_LINE_MISSING_COLON in
 * `flags`), after the key's words; without the blanks around it and without a
 * comment. Sets [*value, *value_end). */
void directive_value(const char *s, size_t from, size_t end, unsigned flags, size_t *value, size_t *value_end);

#endif
