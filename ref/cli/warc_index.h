/* warc_index.h - the first response record of each target URI of a WARC file,
 * as it is read: where a redirect leads (census_warc.c). 40 bytes a URI: its
 * keyed hash of 128 bits, the record's place and its number among the responses. */
#ifndef ROBOTS_CLI_WARC_INDEX_H
#define ROBOTS_CLI_WARC_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "warc_stream.h"

/* A URI's key: SipHash-2-4 of it under two keys of the run's own. Two URIs of one
 * key are never met (one chance in 2^128 for any two of a file's): a URI is known
 * by its key, and not kept. */
typedef struct warc_key {
    uint64_t a, b;
} warc_key;

typedef struct warc_capture {
    warc_key key;     /* warc_index_key of its URI */
    warc_at at;
    uint64_t ordinal; /* its number among the file's response records, from 1 (0: a free slot) */
} warc_capture;

typedef struct warc_index {
    buf slots;        /* warc_capture[], a power of two of them, at most half full */
    size_t n;
    uint64_t seed[4];
} warc_index;

/* Makes the index empty, with keys of its own: a file cannot be made whose URIs
 * fall on one slot and slow every lookup (the keys change from run to run; no
 * answer depends on them). */
void warc_index_init(warc_index *x);

/* The key of a URI. */
warc_key warc_index_key(const warc_index *x, const char *uri, size_t n);

/* Adds the capture, unless a capture of the same key came first: 0, or -1 when
 * memory runs out. */
int warc_index_add(warc_index *x, warc_key key, warc_at at, uint64_t ordinal);

/* The first capture of the key, or NULL. */
const warc_capture *warc_index_find(const warc_index *x, warc_key key);

void warc_index_free(warc_index *x);

#endif
