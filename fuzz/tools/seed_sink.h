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

#endif
