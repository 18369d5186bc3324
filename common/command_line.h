/* command_line.h - a command line as an argument vector, without a shell. */
#ifndef ROBOTS_COMMON_COMMAND_LINE_H
#define ROBOTS_COMMON_COMMAND_LINE_H

/* Splits a command line into arguments: whitespace separates, '...' and "..."
 * quote, a backslash escapes the next character; nothing else is special (no
 * variables, globs or pipes). Returns the number of arguments (argv ends with NULL;
 * free with free_argv), or -1 with *error set. */
int split_command(const char *text, char ***argv, const char **error);
void free_argv(char **argv);

#endif
