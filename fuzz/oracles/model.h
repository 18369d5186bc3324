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

/* Answers (agent, url) for the robots.txt under the profile (rfc9309 when rfc is
 * set), reading at most max_bytes of it (0: all). Returns 0, or -1 when the input
 * is too large for the model's quadratic matcher (no answer). */
int model_check(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                size_t agent_len, const char *url, size_t url_len, model_answer *out);

#endif
