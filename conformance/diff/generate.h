/*
 * generate.h - inputs around the specification's sharp edges: line ends, BOMs,
 * key spellings and typos, missing colons, comments, NUL, long lines, agent
 * tokens, '*' and '$', percent-escapes, non-ASCII, index.html, URL forms; and
 * mutations of given robots.txt files (the tables' cases, a folder of real files).
 */
#ifndef ROBOTS_DIFF_GENERATE_H
#define ROBOTS_DIFF_GENERATE_H

#include "input.h"

/* Robots.txt files to mutate: the tables' and the --corpus folder's. */
typedef struct seeds {
    buf *files;
    size_t n;
} seeds;

/* Makes the next input: a generated file, or (when there are seeds) sometimes a
 * mutated seed; the agent and URL are drawn to meet the file's rules. Returns 0,
 * or -1 when memory runs out. */
int generate(rng *r, const seeds *from, input *out);

/* Adds a file's bytes (at most 64 KiB of it) as a seed. Returns 0 or -1. */
int seeds_add(seeds *s, const void *data, size_t len);
void seeds_free(seeds *s);

#endif
