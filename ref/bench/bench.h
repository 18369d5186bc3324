/* bench.h - what the benchmark's files share. */
#ifndef ROBOTS_BENCH_H
#define ROBOTS_BENCH_H

#include <stddef.h>

#include "robots.h"

/* Seconds on the monotonic clock. */
double bench_now(void);
/* Keeps the compiler from dropping work whose result is unused. */
extern volatile size_t bench_sink;
/* robots_parse of an input the benchmark made or read: a failure ends it (exit 2). */
robots_rules *bench_parse(const void *data, size_t len, const robots_options *options);

/* robots_check's answer (1 allowed) on an input the benchmark made or read; a
 * failure ends it (exit 2). v may be NULL. */
int bench_allowed(const robots_rules *r, const char *agent, size_t agent_len, const char *url, size_t url_len,
                  robots_verdict *v);
/* For qsort: doubles in ascending order. */
int bench_compare_doubles(const void *a, const void *b);

/* Another matcher to time and compare beside the reference (compare.c): the
 * answer (1 allowed, 0 disallowed) for one check, parsing the file for it. */
typedef struct bench_other {
    const char *name;
    int (*allowed)(const char *body, size_t len, const char *agent, size_t agent_len, const char *url,
                   size_t url_len);
} bench_other;
/* The matcher of that name, or NULL; the names this binary knows, for messages. */
const bench_other *bench_other_named(const char *name);
const char *bench_other_names(void);

/* workload.c: the user's checks (make bench BENCH_WORKLOAD=FILE), with `other`
 * (or NULL) timed and compared beside the reference. */
void bench_workload(const char *file, const char *dir, const bench_other *other);

#endif
