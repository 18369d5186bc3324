/*
 * warc_index.c - the first capture of each target URI of a WARC file
 * (warc_index.h): an open-addressing table keyed by SipHash-2-4 of the URI under
 * keys of the run's own (two, for 128 bits), so that no file can be made whose
 * URIs fall on one slot and make every lookup walk them all.
 */
#include "warc_index.h"

#include <stdbool.h>
#include <string.h>
#include <time.h>

static uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

#define SIP_ROUND(v0, v1, v2, v3)                                                                           \
    do {                                                                                                     \
        v0 += v1, v1 = rotl(v1, 13), v1 ^= v0, v0 = rotl(v0, 32), v2 += v3, v3 = rotl(v3, 16), v3 ^= v2;    \
        v0 += v3, v3 = rotl(v3, 21), v3 ^= v0, v2 += v1, v1 = rotl(v1, 17), v1 ^= v2, v2 = rotl(v2, 32);    \
    } while (0)

/* SipHash-2-4 of n bytes under the key k0, k1. */
static uint64_t siphash(uint64_t k0, uint64_t k1, const unsigned char *p, size_t n) {
    uint64_t v0 = k0 ^ 0x736f6d6570736575u, v1 = k1 ^ 0x646f72616e646f6du;
    uint64_t v2 = k0 ^ 0x6c7967656e657261u, v3 = k1 ^ 0x7465646279746573u;
    size_t whole = n - n % 8;
    for (size_t i = 0; i < whole; i += 8) {
        uint64_t m = 0;
        for (int k = 7; k >= 0; k--) m = (m << 8) | p[i + (size_t)k]; /* little-endian, on any machine */
        v3 ^= m;
        SIP_ROUND(v0, v1, v2, v3);
        SIP_ROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t last = (uint64_t)n << 56;
    for (size_t k = 0; k < n % 8; k++) last |= (uint64_t)p[whole + k] << (8 * k);
    v3 ^= last;
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    v0 ^= last;
    v2 ^= 0xff;
    for (int r = 0; r < 4; r++) SIP_ROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

warc_key warc_index_key(const warc_index *x, const char *uri, size_t n) {
    const unsigned char *p = (const unsigned char *)uri;
    return (warc_key){siphash(x->seed[0], x->seed[1], p, n), siphash(x->seed[2], x->seed[3], p, n)};
}

static bool same(warc_key a, warc_key b) { return a.a == b.a && a.b == b.b; }

/* splitmix64: spreads the few changing bits of the clock and of an address. */
static uint64_t mix(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void warc_index_init(warc_index *x) {
    memset(x, 0, sizeof *x);
    struct timespec t = {0, 0};
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t state = ((uint64_t)t.tv_sec << 30) ^ (uint64_t)t.tv_nsec ^ (uint64_t)(uintptr_t)x;
    for (int i = 0; i < 4; i++) x->seed[i] = mix(&state);
}

static warc_capture *slot_of(const warc_index *x, warc_key key) {
    warc_capture *slots = (warc_capture *)(void *)x->slots.data;
    size_t mask = x->slots.len / sizeof *slots - 1;
    size_t k = (size_t)key.a & mask;
    while (slots[k].ordinal && !same(slots[k].key, key)) k = (k + 1) & mask;
    return &slots[k];
}

int warc_index_add(warc_index *x, warc_key key, warc_at at, uint64_t ordinal) {
    size_t nslots = x->slots.len / sizeof(warc_capture);
    if ((x->n + 1) * 2 > nslots) { /* at most half full: every capture put in again */
        size_t grown = nslots ? nslots * 2 : 1024;
        buf old = x->slots, fresh = {NULL, 0, 0};
        if (buf_reserve(&fresh, grown * sizeof(warc_capture))) return -1;
        memset(fresh.data, 0, grown * sizeof(warc_capture));
        fresh.len = grown * sizeof(warc_capture);
        x->slots = fresh;
        const warc_capture *was = (const warc_capture *)(void *)old.data;
        for (size_t i = 0; i < nslots; i++)
            if (was[i].ordinal) *slot_of(x, was[i].key) = was[i];
        buf_free(&old);
    }
    warc_capture *s = slot_of(x, key);
    if (s->ordinal) return 0; /* the first capture stays */
    *s = (warc_capture){key, at, ordinal};
    x->n++;
    return 0;
}

const warc_capture *warc_index_find(const warc_index *x, warc_key key) {
    if (x->n == 0) return NULL;
    const warc_capture *s = slot_of(x, key);
    return s->ordinal ? s : NULL;
}

void warc_index_free(warc_index *x) {
    buf_free(&x->slots);
    x->n = 0;
}
