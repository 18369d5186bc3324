/*
 * seed_sink.h - where seeds go: robots-corpus (make_corpus.c) hands each fuzz
 * target's seed layout (fuzz/seeds/TARGET.c) a sink and every case of the tables.
 */
#ifndef ROBOTS_FUZZ_SEED_SINK_H
#define ROBOTS_FUZZ_SEED_SINK_H

#include <stddef.h>

#include "tables.h"

typedef struct sink {
    char dir[4096];
    size_t written;
    int failed;
} sink;

/* Seeds larger than this are left out: fuzzers work best from small inputs. */
#define SEED_MAX 16384

/* FNV-1a: a seed's file name is the hash of its bytes. */
unsigned long long fnv1a(const void *data, size_t n);

/* Writes one seed (once: a duplicate is the same file). */
void emit(sink *s, const void *data, size_t n);

/* Emits PREFIX A "\n" B, then "\n" and the robots.txt when there is one: the
 * layout of the query-like targets ("AGENT\nURL\nROBOTS") and of the url target
 * ("ROBOTS_URL\nURL"). */
void emit_parts(sink *s, const char *prefix, size_t prefix_len, const char *a, const char *b,
                const robots_body *body);

/* Every target's seed layout: void seeds_TARGET(sink *, const tcase *), called once
 * per case of the tables, in order. */
typedef void seed_layout(sink *s, const tcase *c);

/* What the tables hold, for the layout checks (robots-seed-layout): every check's
 * agent, URL (and robots.txt URL) and usage category, each set sorted. */
typedef struct fact_set {
    char **items;
    size_t n;
} fact_set;

typedef struct seed_facts {
    fact_set agents, urls, categories;
} seed_facts;

/* Is the n bytes at s an item of the set? */
int fact_known(const fact_set *set, const void *s, size_t n);

/* Every target's layout check, beside its seeds in fuzz/seeds/TARGET.c:
 * const char *layout_TARGET(const unsigned char *d, size_t n, const seed_facts *f)
 * reads an input the way the target reads it (common.h's readers) and says why it
 * is not in the target's layout, or NULL when it is. With f (a seed of corpus/), its
 * fields must be the tables' own; without (a regression: a fuzzer's input, whose
 * fields are its own), only its form is checked. A corpus in another target's layout
 * fails it (issue 63: google_diff was seeded with the query target's inputs, every
 * agent behind a profile byte). */
typedef const char *layout_check(const unsigned char *d, size_t n, const seed_facts *f);

/* The check of "AGENT\nURL\nROBOTS" (model, google_diff, and the query-like
 * targets after their leading bytes): an agent line and a URL line. */
const char *layout_query_fields(const unsigned char *d, size_t n, const seed_facts *f);

#endif
