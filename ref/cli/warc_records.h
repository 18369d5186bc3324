/* warc_records.h - the records of a WARC file (ISO 28500, WARC/1.0 and 1.1), one
 * at a time, through warc_stream.h: each record's type, place and target URI,
 * and for a response its HTTP status, Location and body (chunks joined, the
 * Content-Encoding decoded, the first 500 KiB kept). census_warc.c makes sites
 * of them; the tool robots-warc-responses (ref/tests/warc-oracle) prints them
 * for the differential against another WARC reader. */
#ifndef ROBOTS_CLI_WARC_RECORDS_H
#define ROBOTS_CLI_WARC_RECORDS_H

#include <stdbool.h>

#include "buf.h"
#include "warc_stream.h"

typedef enum warc_type {
    WARC_WARCINFO,
    WARC_RESPONSE,
    WARC_RESOURCE,
    WARC_REQUEST,
    WARC_METADATA,
    WARC_REVISIT,
    WARC_CONVERSION,
    WARC_CONTINUATION,
    WARC_OTHER, /* another type, or none */
    WARC_TYPES
} warc_type;

/* "warcinfo", "response", ..., "other" */
const char *warc_type_name(warc_type t);

typedef struct warc_record {
    warc_at at;        /* where it starts */
    warc_at block;     /* where its block starts */
    bool restart;      /* its length lies: look for the next record from its block's start */
    warc_type type;
    bool robots_txt;   /* a response whose target URI's path is /robots.txt */
    buf uri;           /* WARC-Target-URI, <angle brackets> dropped */
    buf location;      /* the HTTP Location of a response */
    int status;        /* the HTTP status of a response */
    buf body;          /* at most its first 500 KiB, decoded (when asked for) */
    bool truncated;    /* the body was longer */
    const char *problem; /* why it is not a record, or not one to read */
    bool cut;          /* the problem is that the file ends inside it */
} warc_record;

/* Which bodies warc_read_record keeps: none; those of robots.txt 2xx responses;
 * every 2xx response's (for another status the status decides, not the file: a
 * census reads none of theirs); those of robots.txt responses whatever their
 * status (the differential against another WARC reader, which reads them all). */
typedef enum warc_bodies {
    WARC_NO_BODY,
    WARC_ROBOTS_TXT_BODIES,
    WARC_EVERY_BODY,
    WARC_ROBOTS_TXT_ANY_STATUS,
} warc_bodies;

/* The next record: 1 a response, 2 another record, 0 at the file's end, -1 not
 * a record, or one that cannot be read (r->problem says why; r->cut when the
 * file ends inside it). `line` is scratch. */
int warc_read_record(warc_stream *s, warc_record *r, buf *line, warc_bodies bodies);

/* After a record that is not one: on at the next line that starts "WARC/", from
 * its block's start when its length lied. False when the file has no more. */
bool warc_resync(warc_stream *s, const warc_record *bad);

/* After a damaged gzip member: on at the next place past its start that begins
 * as a gzip member does (1f 8b 08). False when there is none. */
bool warc_next_member_after(warc_stream *s);

/* What warc_next_record says of a record that is not one, or of a stream that
 * failed: the place, why, and, when the file was not read to its end because of
 * it (cut short, unreadable), that too. */
typedef void (*warc_problem)(void *ctx, warc_at at, const char *why, bool incomplete);

/* The file's next record, every record that is not one (and every damaged gzip
 * member) told to `problem` and passed over, as robots census does it: on at the
 * next "WARC/" line, or the next gzip member. 1 a response, 2 another record, 0
 * at the file's end (*scanned: its every byte was read), -1 when memory runs out. */
int warc_next_record(warc_stream *s, warc_record *r, buf *line, warc_bodies bodies, warc_problem problem, void *ctx,
                     bool *scanned);

void warc_record_free(warc_record *r);

#endif
