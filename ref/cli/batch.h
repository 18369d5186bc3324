/* batch.h - one session of the batch protocol, a request line at a time (batch.c).
 * run_batch feeds it standard input; the tests call it directly. */
#ifndef ROBOTS_CLI_BATCH_H
#define ROBOTS_CLI_BATCH_H

#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "cli.h"

typedef struct batch_session {
    cli_options options;      /* defaults for what a request leaves out */
    buf text;                 /* the robots.txt the cached rules come from */
    robots_profile_id profile; /* ... and the options they were parsed with */
    size_t max_bytes;
    robots_rules *rules;
    buf reply;
    int reply_failed;         /* memory ran out while building the reply */
    char fallback[256];       /* the out-of-memory reply */
} batch_session;

void batch_begin(batch_session *s, const cli_options *o);
/* Answers one request line (without its '\n'): *reply gets the reply line, '\n'
 * included, valid until the next call; returns its length, or 0 for a blank line,
 * which gets no reply. When memory runs out, the reply is
 * {"id":ID,"error":"out of memory"} (id null when it does not fit in 200 bytes). */
size_t batch_answer(batch_session *s, const char *line, size_t n, const char **reply);
void batch_end(batch_session *s);

/* The whole protocol: requests read from the descriptor `in` (lines end with LF,
 * CR or CRLF), replies written to `out`, until the end of the input or a write
 * error. A line too long, or one there is no memory to hold, gets an error reply
 * with id null and the stream goes on. Returns 0, or -1 when writing failed. */
int batch_stream(const cli_options *o, int in, FILE *out);

#endif
