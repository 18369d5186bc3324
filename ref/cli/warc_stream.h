/* warc_stream.h - the bytes of a WARC file, plain or gzipped (one gzip member a
 * record, as web archives write them, or any run of members), read one at a time
 * from any record's place: census_warc.c reads records through it and goes back
 * to a record a redirect leads to. */
#ifndef ROBOTS_CLI_WARC_STREAM_H
#define ROBOTS_CLI_WARC_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A place in the file: the gzip member it lies in (its offset in the file) and
 * the offset within the member's uncompressed bytes. A plain file is one member
 * at 0, and `within` is the offset in the file. */
typedef struct warc_at {
    uint64_t member, within;
} warc_at;

#define WARC_BUFFER 65536

typedef struct warc_stream {
    FILE *f;
    bool gz;           /* gzip members, not plain bytes */
    const char *error; /* why the stream stopped short of the file's end, or NULL */
    unsigned char in[WARC_BUFFER];
    size_t in_len, in_pos;
    uint64_t in_offset; /* the file offset of in[0] */
    unsigned char out[WARC_BUFFER];
    size_t out_len, out_pos;
    warc_at at;          /* the place of the next byte */
    int last;            /* the byte before it, -1 at the start */
    bool member_ended;   /* the member's last byte is in out; the next member follows */
    uint64_t next_member;
    _Alignas(16) unsigned char z[256]; /* zlib's z_stream, while a member is read */
    bool z_live;
} warc_stream;

/* Opens the stream at `at` (a place ws_tell gave, or {0, 0}). `gz` says how the
 * file is written (warc_is_gzip). Returns 0, or -1 with s->error set. */
int ws_open(warc_stream *s, FILE *f, bool gz, warc_at at);

/* The next byte, or -1 at the end of the file or on an error (s->error set). */
int ws_getc(warc_stream *s);

/* Up to `most` of the next bytes at once, where the stream holds them: sets *p
 * and returns how many (at least 1), or 0 at the end or on an error; the stream
 * moves past them. */
size_t ws_take(warc_stream *s, const unsigned char **p, uint64_t most);

/* The place of the next byte. */
warc_at ws_tell(const warc_stream *s);

/* Ends the stream (the FILE stays open). */
void ws_close(warc_stream *s);

/* Does the file start as gzip does (1f 8b)? Leaves it at its start. */
bool warc_is_gzip(FILE *f);

#endif
