/* lint.h - `robots lint` (lint.c): the mistakes and traps of a file, printed. */
#ifndef ROBOTS_CLI_LINT_H
#define ROBOTS_CLI_LINT_H

#include <stddef.h>

#include "robots.h"

/* robots lint [--profile P] [--format text|json|markdown] FILE; argv[0] is "lint". */
int run_lint(int argc, char **argv);

/* Prints the warnings of rules, parsed from the len bytes at data, named `file`, in
 * format 0 (text), 1 (JSON) or 2 (Markdown); their count in *count. Returns 0, or
 * -1 when memory ran out. */
int lint_print(const char *file, const char *data, size_t len, const robots_rules *rules, int format,
               size_t *count);

/* Writes n bytes as Markdown text that renders as itself in a table cell or a
 * list: the marks that start markup, links, HTML or cells escaped, control bytes
 * as \xHH. */
void markdown_text(const char *s, size_t n);

#endif
