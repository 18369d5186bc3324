/*
 * model.h - a second, independent reading of robots.txt, for differential fuzzing
 * of the reference. It follows the letter of the behaviour descriptions (Google's
 * parser for the google profile, RFC 9309 for rfc9309) and is written to be plainly
 * right, not fast.
 */
#ifndef ROBOTS_FUZZ_MODEL_H
#define ROBOTS_FUZZ_MODEL_H

#include <stddef.h>

typedef struct model_answer {
    int allowed;
    size_t line;  /* the deciding rule's line, 0 when no rule decided */
    int group;    /* 0 no group applies, 1 the '*' groups, 2 the crawler's groups */
} model_answer;

/* The work one call (model_check or model_usage) may do, in memo cells of the
 * pattern matcher, summed over every rule of every reading of the file the call
 * makes. A rule costs (its tokens + 1) x (the path's octets + 1) cells, so a cap
 * per rule left the cost of an input growing with its square (a long URL and many
 * wildcard rules: > 237 s for 64 KiB under ASan, issue 63). The budget is checked
 * before each rule's table is made; a call that would pass it stops and returns -1,
 * and the caller declines the input (no answer is ever given from part of a file).
 * The model target calls model_check twice an input, the usage target model_usage
 * four times: docs/fuzzing.md, "Time budget", has the times this gives. */
#ifndef MODEL_CELL_BUDGET /* -DMODEL_CELL_BUDGET=SIZE_MAX: none, to see make fuzz-budget fail */
#define MODEL_CELL_BUDGET ((size_t)1 << 20)
#endif

/* Answers (agent, url) for the robots.txt under the profile (rfc9309 when rfc is
 * set), reading at most max_bytes of it (0: all). Returns 0, or -1 when the input
 * would take the matcher past MODEL_CELL_BUDGET (no answer). */
int model_check(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                size_t agent_len, const char *url, size_t url_len, model_answer *out);

/* The AI usage preference (robots.h, robots_usage_check) of the robots.txt for
 * the agent, the URL and the category, from its Content-Usage lines (signal 0)
 * or its Content-Signal lines (signal 1): 'y', 'n' or 'u' (unknown) in *answer,
 * the deciding line in *line (0: none). The crawl verdict comes from
 * model_check; the usage lines are read by the same state machine, counted as
 * rules, with their statements parsed by fuzz/oracles/sfdict_model.c. Returns 0,
 * or -1 when the input would take its two readings (the crawl verdict's and the
 * usage lines') past MODEL_CELL_BUDGET together. */
int model_usage(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                size_t agent_len, const char *url, size_t url_len, int signal, const char *category,
                size_t category_len, char *answer, size_t *line);

#endif
