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

/* Does this input still disagree? 1 yes, 0 no. */
typedef int (*disagrees_fn)(const input *in, void *ctx);

/* Reduces *in in place; asks at most `budget` questions. Returns how many it asked,
 * or -1 when memory ran out (*in is then still a disagreeing input). */
long minimize(input *in, disagrees_fn disagrees, void *ctx, long budget);

#endif
