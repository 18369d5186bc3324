/*
 * command_line.c - splitting a command template into arguments without a shell:
 * whitespace separates, '...' and "..." quote, a backslash escapes the next
 * character. Nothing else is special: no variables, globs or pipes.
 */
#include <stdlib.h>

#include "buf.h"
#include "command_line.h"

int split_command(const char *text, char ***out, const char **error) {
    char **argv = calloc(1, sizeof(char *));
    int argc = 0;
    *out = argv;
    *error = NULL;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        buf word = {NULL, 0, 0};
        char quote = 0;
        for (; *p && (quote || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
            if (quote == '\'') {
                if (*p == '\'') quote = 0;
                else buf_addc(&word, *p);
            } else if (*p == '\\' && p[1] && quote != '\'') {
                buf_addc(&word, *++p);
            } else if (quote == '"' && *p == '"') {
                quote = 0;
            } else if (!quote && (*p == '\'' || *p == '"')) {
                quote = *p;
            } else {
                buf_addc(&word, *p);
            }
        }
        if (quote) {
            buf_free(&word);
            *error = "a quote is not closed";
            return -1;
        }
        buf_addc(&word, '\0');
        argv = realloc(argv, (size_t)(argc + 2) * sizeof(char *));
        *out = argv;
        argv[argc++] = word.data;
        argv[argc] = NULL;
    }
    return argc;
}

void free_argv(char **argv) {
    for (int i = 0; argv && argv[i]; i++) free(argv[i]);
    free(argv);
}
