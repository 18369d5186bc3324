/* access_log.h - a line of an access log, Common or Combined Log Format
 * (access_log.c): robots review --log FILE (docs/review.md). */
#ifndef ROBOTS_CLI_ACCESS_LOG_H
#define ROBOTS_CLI_ACCESS_LOG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct access_log_entry {
    const char *target; /* the request's target, inside the line: a path, or an absolute URL */
    size_t target_len;
    const char *agent;  /* the User-Agent header as logged (escapes as written), NULL in the Common format */
    size_t agent_len;
} access_log_entry;

/* Reads one line (without or with its line end). false when it is not a line of
 * either format; *e then has no target. */
bool access_log_line(const char *line, size_t len, access_log_entry *e);

#endif
