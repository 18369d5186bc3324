/*
 * minimize.h - delta debugging (Zeller's ddmin) of a disagreement: first the
 * robots.txt's lines, then the characters of the lines left, then the URL's path
 * and the crawler's name, each reduced while the reference and the target still
 * disagree. The result is a smallest input that still disagrees (1-minimal per
 * part), found with a bounded number of questions.
 */
#ifndef ROBOTS_DIFF_MINIMIZE_H
#define ROBOTS_DIFF_MINIMIZE_H

#include "input.h"

/* Do these n inputs still disagree? disagree[i] is 1 yes, 0 no. Several at once,
 * so that a target asked through pipes answers a round in one round trip. */
typedef void (*disagrees_fn)(const input *in, size_t n, int *disagree, void *ctx);

/* Reduces *in in place; asks at most `budget` questions, up to `window` of them at
 * once (1 for a target that starts a process per question: candidates after the
 * first that disagrees are asked in vain). Returns how many it asked, or -1 when
 * memory ran out (*in is then still a disagreeing input). */
long minimize(input *in, disagrees_fn disagrees, void *ctx, long budget, size_t window);

/* The parts minimize_parts reduces, in this order. */
enum {
    MINIMIZE_LINES = 1u << 0,
    MINIMIZE_CHARACTERS = 1u << 1,
    MINIMIZE_URL = 1u << 2,
    MINIMIZE_AGENT = 1u << 3,
    MINIMIZE_ALL = 15u
};

/* The same, reducing only the parts named: robots census keeps its crawler's
 * name, which is the question, and reduces the file and the URL. */
long minimize_parts(input *in, disagrees_fn disagrees, void *ctx, long budget, size_t window, unsigned parts);

#endif
