/*
 * input.h - one differential check: a robots.txt (exact bytes), a crawler's name
 * and a URL, asked of the reference and of the implementation under test.
 */
#ifndef ROBOTS_DIFF_INPUT_H
#define ROBOTS_DIFF_INPUT_H

#include <stddef.h>

#include "buf.h"

#define AGENT_MAX 64
#define URL_MAX 512

typedef struct input {
    buf robots;
    char agent[AGENT_MAX];
    char url[URL_MAX];
} input;

/* A deterministic generator: xorshift64*, seeded by the campaign's --seed. */
typedef struct rng {
    unsigned long long state;
} rng;

static inline void rng_seed(rng *r, unsigned long long seed) { r->state = seed * 2685821657736338717ULL + 1; }

static inline unsigned long long rng_next(rng *r) {
    r->state ^= r->state >> 12;
    r->state ^= r->state << 25;
    r->state ^= r->state >> 27;
    return r->state * 2685821657736338717ULL;
}

/* A number in [0, n). */
static inline size_t rng_below(rng *r, size_t n) { return n ? (size_t)(rng_next(r) % n) : 0; }

void input_free(input *in);
/* A deep copy; returns 0, or -1 when memory runs out. */
int input_copy(input *to, const input *from);

#endif
