/* parse.c - seeds of fuzz/targets/parse.c: each case's robots.txt as it is. */
#include "seed_sink.h"

/* No seed shorter than this. Files that small are the most common robots.txt files
 * there are (empty; "User-agent: *" with an empty or a "/" Disallow), which the
 * project does not carry copies of; the fuzzer reaches them in its first second
 * from the dictionary and the longer seeds. */
#define PARSE_SEED_MIN 32

void seeds_parse(sink *s, const tcase *c) {
    if (c->robots.present && c->robots.len >= PARSE_SEED_MIN) emit(s, c->robots.data, c->robots.len);
}

/* A robots.txt as it is: every input is one, and a seed is no shorter than the
 * shortest these seeds write. */
const char *layout_parse(const unsigned char *d, size_t n, const seed_facts *f) {
    (void)d;
    return f && n < PARSE_SEED_MIN ? "shorter than any seed of the tables" : NULL;
}
