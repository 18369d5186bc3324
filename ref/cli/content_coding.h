/* content_coding.h - an HTTP body in a Content-Encoding, decoded as it is read
 * (RFC 9110 8.4.1): gzip and x-gzip, deflate (zlib's format, or raw deflate as
 * some servers send it) through zlib, br through Debian's libbrotli. Web archives
 * written by wget, Heritrix or a browser keep the body as it came over the wire;
 * warc_records.c decodes it, keeping the first 500 KiB as a crawler reads it. */
#ifndef ROBOTS_CLI_CONTENT_CODING_H
#define ROBOTS_CLI_CONTENT_CODING_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

typedef enum content_coding {
    CODING_IDENTITY,
    CODING_GZIP,    /* gzip, x-gzip */
    CODING_DEFLATE,
    CODING_BR,
    CODING_UNKNOWN, /* another, or more than one: not decoded */
} content_coding;

/* The coding a Content-Encoding value names (the value as sent: case and spaces
 * as they come; "identity" and an empty value are CODING_IDENTITY). */
content_coding content_coding_of(const char *value, size_t n);

typedef struct content_decoder {
    content_coding coding;
    size_t cap;          /* decoded bytes kept */
    bool truncated;      /* more than cap decoded */
    bool done;           /* the cap was reached: the rest is not decoded */
    bool fed;            /* some encoded bytes came */
    bool ended;          /* the encoded stream ended (another gzip member may follow) */
    bool after;          /* ... and what follows is not another member: passed over */
    bool started;        /* the decoder is made (deflate: once zlib or raw is decided) */
    unsigned char head[2];
    size_t head_len;     /* deflate: bytes held until the format is decided */
    _Alignas(16) unsigned char z[256]; /* zlib's z_stream */
    void *br;            /* BrotliDecoderState */
} content_decoder;

/* Starts decoding `coding` into bodies of at most cap bytes. Returns 0, or -1
 * with *why (the coding not built in, or memory). */
int content_decoder_start(content_decoder *d, content_coding coding, size_t cap, const char **why);

/* Decodes the next n encoded bytes, adding what they give to out while it holds
 * fewer than cap bytes (d->truncated once more would come). Returns 0, or -1
 * with *why when the bytes are not the coding's. */
int content_decoder_feed(content_decoder *d, const unsigned char *p, size_t n, buf *out, const char **why);

/* The encoded body ended: 0, or -1 with *why when its stream had not. */
int content_decoder_finish(content_decoder *d, const char **why);

void content_decoder_end(content_decoder *d);

#endif
