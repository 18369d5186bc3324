/* warc_stream.h - the bytes of a WARC file, plain or gzipped (one gzip member a
 * record, as web archives write them, or any run of members, or the whole file
 * one member), read one at a time from any place: warc_records.c reads records
 * through it, and census_warc.c goes back to the record a redirect leads to. */
#ifndef ROBOTS_CLI_WARC_STREAM_H
#define ROBOTS_CLI_WARC_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "read_buffer.h"

/* A place in the file: the gzip member it lies in (its offset in the file) and
 * the offset within the member's inflated bytes. A plain file is one member at
 * 0, and `within` is the offset in the file. */
typedef struct warc_at {
    uint64_t member, within;
} warc_at;

/* Where the bytes come from: a file descriptor read with pread, so that several
 * streams read one file, each at its own place, or memory (the fuzz target). */
typedef struct warc_source {
    int fd;                    /* -1: data */
    const unsigned char *data;
    uint64_t size;             /* the file's size when it was opened */
    size_t most;               /* at most this many bytes a read, and inflated a step (0: the buffers' size):
                                * the fuzz target reads each input again with small ones */
    uint64_t spacing;          /* checkpoints at least this far apart (0: ROBOTS_CHECKPOINT_SPACING), for
                                * the tests: a few megabytes then pass WARC_CHECKPOINTS_MAX */
} warc_source;

/* Places inside large gzip members from which inflating can start again (zlib's
 * state there: the compressed offset, its unused bits, the last 32 KiB inflated),
 * at least ROBOTS_CHECKPOINT_SPACING inflated bytes apart. The stream that reads
 * the file first records them; the others start from them. At most
 * WARC_CHECKPOINTS_MAX are kept (32 KiB apiece, most of it the window): past
 * that, every other one is dropped and the spacing doubles. */
#define WARC_CHECKPOINTS_MAX 1024
typedef struct warc_checkpoint {
    uint64_t member, within; /* the place it resumes at */
    uint64_t in;             /* the file offset of the next compressed byte */
    unsigned bits;           /* bits of the byte before `in` still to inflate */
    unsigned long crc;       /* the CRC-32 of the member's bytes before it, to check the member's end */
    buf window;
} warc_checkpoint;

typedef struct warc_checkpoints {
    buf list;          /* warc_checkpoint[], in file order */
    uint64_t spacing;
} warc_checkpoints;

typedef struct warc_stream {
    const warc_source *src;
    bool gz;               /* gzip members, not plain bytes */
    warc_checkpoints *cps; /* where it may start from (NULL: member starts only) */
    bool records;          /* it records checkpoints into cps */
    const char *error;     /* why the stream stopped short of the file's end, or NULL */
    bool damaged;          /* ... because a gzip member is damaged: it does not inflate, or fails its check */
    bool truncated;        /* ... because the file ends inside a gzip member */
    bool fatal;            /* ... and reading on at a next member cannot help (truncated, unreadable, no zlib) */
    const char *failing;   /* an error inflate met after the bytes in out: s->error once they are read */
    unsigned char in[ROBOTS_READ_BUFFER];
    size_t in_len, in_pos;
    uint64_t in_offset;    /* the file offset of in[0] */
    unsigned char out[ROBOTS_READ_BUFFER];
    size_t out_len, out_pos;
    warc_at at;            /* the place of out[out_pos] (of in[in_pos], plain) */
    int last;              /* the byte before it, -1 at the start */
    bool member_ended;     /* the member's last byte is in out; the next member follows */
    bool raw;              /* started from a checkpoint: raw deflate, its gzip trailer checked here */
    unsigned trailer;      /* bytes of that trailer still to read */
    unsigned char check[8]; /* the trailer read: CRC-32 and length, little-endian */
    unsigned long crc;     /* raw: the CRC-32 of the member's bytes so far */
    uint64_t since_checkpoint; /* inflated bytes of the member since its last checkpoint */
    _Alignas(16) unsigned char z[256]; /* zlib's z_stream, while a member is read */
    bool z_live;
} warc_stream;

/* Opens the stream at `at` (a place ws_tell gave, or {0, 0}), over `src`; `gz`
 * says how the file is written (warc_source_is_gzip). `cps` (or NULL) holds the
 * checkpoints it may start from; with `records`, it adds those it passes.
 * Returns 0, or -1 with s->error set. */
int ws_open(warc_stream *s, const warc_source *src, bool gz, warc_at at, warc_checkpoints *cps, bool records);

/* The next byte, without moving past it; -1 at the end of the file or on an
 * error (s->error set). After it, ws_tell is the byte's own place, in the member
 * that holds it. */
int ws_peek(warc_stream *s);

/* The next byte, or -1 at the end of the file or on an error (s->error set). */
int ws_getc(warc_stream *s);

/* Up to `most` of the next bytes at once, where the stream holds them: sets *p
 * and returns how many (at least 1), or 0 at the end or on an error; the stream
 * moves past them. */
size_t ws_take(warc_stream *s, const unsigned char **p, uint64_t most);

/* As ws_take, but ending after the first LF among them. */
size_t ws_take_line(warc_stream *s, const unsigned char **p, uint64_t most);

/* The place of the next byte (of the member that holds it once ws_peek saw it). */
warc_at ws_tell(const warc_stream *s);

/* The file offset up to which the stream has read the file's own bytes: at its
 * clean end, the file's size. */
uint64_t ws_consumed(const warc_stream *s);

/* Ends the stream (the source stays open). */
void ws_close(warc_stream *s);

/* Up to n bytes of the source at `offset`: how many (0 at its end), or -1 with
 * errno. */
long long warc_source_read(const warc_source *src, uint64_t offset, void *to, size_t n);

/* Does the source start as gzip does (1f 8b)? */
bool warc_source_is_gzip(const warc_source *src);

void warc_checkpoints_free(warc_checkpoints *c);

#endif
