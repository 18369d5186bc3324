/*
 * test.h - a minimal test harness. A test is a function; a check that fails
 * prints its file, line and expression and marks the test failed, and the test
 * goes on. The runner prints "N passed, M failed" (tests, not checks) last.
 */
#ifndef ROBOTS_TEST_H
#define ROBOTS_TEST_H

#include <stddef.h>
#include <stdio.h>

#include "robots.h"

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

typedef struct test_suite {
    const char *name;
    const test_case *cases; /* ends with {NULL, NULL} */
} test_suite;

void check_true(int ok, const char *expr, const char *file, int line);
void check_equal_long(long long got, long long want, const char *expr, const char *file, int line);
void check_equal_str(const char *got, size_t got_len, const char *want, const char *expr,
                     const char *file, int line);

#define CHECK(cond) check_true((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_EQ(got, want) check_equal_long((long long)(got), (long long)(want), #got, __FILE__, __LINE__)
#define CHECK_STR(got, got_len, want) check_equal_str((got), (got_len), (want), #got, __FILE__, __LINE__)

/* ---- Helpers for robots.txt checks (helpers.c) ---- */

#define GOOGLE ROBOTS_PROFILE_GOOGLE
#define RFC ROBOTS_PROFILE_RFC9309

/* Parses text (NUL-terminated) with the profile, checks (agent, url), frees. */
int allowed(robots_profile_id profile, const char *text, const char *agent, const char *url);
/* The same for exact bytes. */
int allowed_bytes(robots_profile_id profile, const void *data, size_t len, const char *agent,
                  const char *url);
/* Fills *v; the pattern is copied into pattern_copy (cap 256) because the rules are freed. */
int verdict_of(robots_profile_id profile, const char *text, const char *agent, const char *url,
               robots_verdict *v, char *pattern_copy);
robots_rules *parse_text(robots_profile_id profile, const char *text);
/* robots_parse's rules, or NULL when it fails. */
robots_rules *parse_or_null(const void *data, size_t len, const robots_options *options);
/* robots_check's answer (1 allowed, 0 disallowed) or -1 when it fails; v may be NULL. */
int check_answer(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                 size_t url_len, robots_verdict *v);

/* A deterministic generator, so a failure reproduces: test_seed starts a sequence
 * (each test that draws numbers starts its own), test_random(n) gives 0 .. n-1. */
void test_seed(unsigned long long seed);
unsigned test_random(unsigned n);

/* Checks a verdict in both profiles at once. */
#define CHECK_BOTH(text, agent, url, want)                                                    \
    do {                                                                                     \
        CHECK_EQ(allowed(GOOGLE, text, agent, url), want);                                   \
        CHECK_EQ(allowed(RFC, text, agent, url), want);                                      \
    } while (0)

#define ALLOWED 1
#define DISALLOWED 0

#endif
