/*
 * warc_records.c - the records of a WARC file (warc_records.h).
 *
 * A record is "WARC/1.x", header lines, a blank line, a block of Content-Length
 * bytes and CR LF CR LF. Every record that is not one (cut short, a header past
 * its bound, a Content-Length that lies, a response whose block is not HTTP, a
 * body that does not decode) is a problem the caller warns about with its place,
 * and the reader goes on at the next line that starts "WARC/".
 */
#include "warc_records.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "content_coding.h"
#include "robots.h"

#define LINE_BYTES 65536    /* a header line, of the record or of its HTTP response */
#define HEADER_BYTES 262144 /* all the header lines of one or the other */

const char *warc_type_name(warc_type t) {
    static const char *const names[WARC_TYPES] = {
        [WARC_WARCINFO] = "warcinfo", [WARC_RESPONSE] = "response",     [WARC_RESOURCE] = "resource",
        [WARC_REQUEST] = "request",   [WARC_METADATA] = "metadata",     [WARC_REVISIT] = "revisit",
        [WARC_CONVERSION] = "conversion", [WARC_CONTINUATION] = "continuation", [WARC_OTHER] = "other",
    };
    return names[t];
}

static warc_type type_of(const char *v, size_t n) {
    for (int t = 0; t < WARC_OTHER; t++) {
        const char *name = warc_type_name((warc_type)t);
        if (strlen(name) == n && !strncasecmp(v, name, n)) return (warc_type)t;
    }
    return WARC_OTHER;
}

/* Up to `most` of the block's next bytes at once, where the stream holds them
 * (*p), ending after an LF when `line`: how many, 0 at the block's end, or when
 * the file ends first (then *cut). */
static size_t block_take(warc_stream *s, uint64_t *left, bool *cut, uint64_t most, const unsigned char **p, bool line) {
    uint64_t want = *left < most ? *left : most;
    size_t n = want == 0 ? 0 : line ? ws_take_line(s, p, want) : ws_take(s, p, want);
    *cut = *cut || (*left && n == 0);
    *left = n ? *left - n : 0;
    return n;
}

/* A line of the block, its CR LF or LF dropped: 1; 0 when the block has no more;
 * -1 past LINE_BYTES; -2 when memory runs out. */
static int read_line(warc_stream *s, uint64_t *left, bool *cut, buf *line) {
    line->len = 0;
    for (;;) {
        const unsigned char *p;
        size_t n = block_take(s, left, cut, UINT64_MAX, &p, true);
        if (n == 0) return line->len ? 1 : 0;
        bool lf = p[n - 1] == '\n';
        if (line->len + n - lf > LINE_BYTES) return -1;
        if (buf_add(line, p, n - lf)) return -2;
        if (lf) break;
    }
    if (line->len && line->data[line->len - 1] == '\r') line->len--;
    return 1;
}

/* Is the line the header `name`? Then *value is its value, spaces trimmed. */
static bool header(const buf *line, const char *name, const char **value, size_t *len) {
    size_t n = strlen(name);
    if (line->len <= n || line->data[n] != ':' || strncasecmp(line->data, name, n)) return false;
    const char *v = line->data + n + 1, *end = line->data + line->len;
    while (v < end && (*v == ' ' || *v == '\t')) v++;
    while (end > v && (end[-1] == ' ' || end[-1] == '\t')) end--;
    *value = v;
    *len = (size_t)(end - v);
    return true;
}

static int copy(buf *to, const char *v, size_t n) {
    to->len = 0;
    return buf_add(to, v, n);
}

static int fail(warc_record *r, const char *why) {
    r->problem = why;
    return -1;
}

/* A number of decimal (base 10) or hex (base 16) digits, leading zeros allowed,
 * that fits in 64 bits: its value and where it ends, or UINT64_MAX. */
static uint64_t number(const char *p, size_t n, int base, size_t *end) {
    uint64_t v = 0;
    size_t i = 0, significant = 0;
    *end = 0;
    for (; i < n; i++) {
        int c = (unsigned char)p[i] | 0x20, d = c >= '0' && c <= '9' ? c - '0' : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) break;
        if (v == 0 && d == 0) continue;
        if (++significant > (base == 16 ? 16 : 19)) return UINT64_MAX;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    *end = i;
    return i ? v : UINT64_MAX;
}

/* A chunk's size line (RFC 9112 7.1): hex digits, then maybe spaces and ";"
 * extensions of any length. The size, or UINT64_MAX when the line is not one. */
static uint64_t chunk_size(const buf *line) {
    size_t end;
    uint64_t v = number(line->data, line->len, 16, &end);
    while (end < line->len && (line->data[end] == ' ' || line->data[end] == '\t')) end++;
    return end == line->len || line->data[end] == ';' ? v : UINT64_MAX;
}

/* The body of a response, chunks joined, its coding decoded into r->body when
 * it is kept. */
static int read_body(warc_stream *s, uint64_t *left, bool *cut, warc_record *r, buf *line, bool chunked,
                     content_coding coding, bool keep, bool warc_truncated) {
    content_decoder d;
    const char *why = NULL;
    if (keep && content_decoder_start(&d, coding, ROBOTS_DEFAULT_MAX_BYTES, &why)) return fail(r, why);
    int rc = 0;
    for (uint64_t chunk = chunked ? 0 : UINT64_MAX; rc == 0;) {
        if (chunked && chunk == 0) {
            int got = read_line(s, left, cut, line); /* the CR LF that ends a chunk, then its size */
            if (got == 1 && line->len == 0) got = read_line(s, left, cut, line);
            chunk = got == 1 ? chunk_size(line) : UINT64_MAX;
            if (chunk == UINT64_MAX) rc = fail(r, got == -2 ? "out of memory" : "a chunked body that is not");
            if (rc || chunk == 0) break;
        }
        const unsigned char *p;
        size_t n = block_take(s, left, cut, chunk, &p, false);
        if (n == 0) break;
        chunk -= n;
        if (keep && content_decoder_feed(&d, p, n, &r->body, &why)) rc = fail(r, why);
    }
    /* A capture the crawler cut (WARC-Truncated) keeps what its coding gave of it, as a plain one does. */
    bool ended = !keep || rc || *cut || content_decoder_finish(&d, &why) == 0;
    if (!ended && !warc_truncated) rc = fail(r, why);
    if (keep) {
        r->truncated = d.truncated || !ended;
        content_decoder_end(&d);
    }
    return rc;
}

/* The status of an HTTP status line ("HTTP/1.1 200 OK", "HTTP/2 404"), or 0. */
static int status_of(const buf *line) {
    int status = 0;
    if (line->len >= 10 && !memcmp(line->data, "HTTP/", 5)) { /* "HTTP/2 200" is the shortest */
        const char *sp = memchr(line->data, ' ', line->len);
        if (sp && sp + 4 <= line->data + line->len && (sp + 4 == line->data + line->len || sp[4] == ' '))
            for (int i = 1; i <= 3; i++) status = sp[i] >= '0' && sp[i] <= '9' ? status * 10 + (sp[i] - '0') : -1000;
    }
    return status >= 100 && status <= 599 ? status : 0;
}

/* The HTTP response of a response record's block: status, Location, body. An
 * interim response before it (100 Continue, 103 Early Hints: RFC 9110 15.2) is
 * passed over; the body of one that is not a 2xx (the status decides, not the
 * file) is not read, but for WARC_ROBOTS_TXT_ANY_STATUS. */
static int read_http(warc_stream *s, uint64_t *left, bool *cut, warc_record *r, buf *line, warc_bodies bodies,
                     bool warc_truncated) {
    bool chunked = false;
    content_coding coding = CODING_IDENTITY;
    int got = 0;
    do {
        got = read_line(s, left, cut, line);
        r->status = got == 1 ? status_of(line) : 0;
        if (r->status == 0) return got == -2 ? fail(r, "out of memory") : fail(r, "a response record that is not HTTP");
        size_t total = 0;
        const char *v;
        size_t n;
        r->location.len = 0;
        chunked = false;
        coding = CODING_IDENTITY;
        while ((got = read_line(s, left, cut, line)) == 1 && line->len) {
            if ((total += line->len) > HEADER_BYTES) return fail(r, "HTTP headers past 256 KiB");
            if (header(line, "Location", &v, &n) && copy(&r->location, v, n)) return fail(r, "out of memory");
            if (header(line, "Transfer-Encoding", &v, &n)) chunked = n == 7 && !strncasecmp(v, "chunked", 7);
            if (header(line, "Content-Encoding", &v, &n)) coding = content_coding_of(v, n);
        }
        if (got < 0) return fail(r, got == -2 ? "out of memory" : "an HTTP header line past 64 KiB");
    } while (r->status < 200 && r->status != 101);
    bool keep = (bodies == WARC_ROBOTS_TXT_ANY_STATUS && r->robots_txt) ||
                (r->status >= 200 && r->status < 300 && (bodies == WARC_EVERY_BODY || (bodies && r->robots_txt)));
    return read_body(s, left, cut, r, line, chunked, coding, keep, warc_truncated);
}

/* Is the URI's path /robots.txt (a capture of a robots.txt)? */
static bool is_robots_txt(const buf *uri) {
    char path[16];
    return robots_url_path(uri->data ? uri->data : "", uri->len, path, sizeof path) == 11 && !memcmp(path, "/robots.txt", 11);
}

int warc_read_record(warc_stream *s, warc_record *r, buf *line, warc_bodies bodies) {
    r->type = WARC_OTHER;
    r->robots_txt = r->truncated = r->restart = r->cut = false;
    r->status = 0;
    r->uri.len = r->location.len = r->body.len = 0;
    r->problem = NULL;
    int c;
    /* Peeked first, so that the place is that of the member holding the record. */
    while ((c = ws_peek(s)) == '\r' || c == '\n') ws_getc(s);
    r->at = ws_tell(s);
    if (c < 0) return 0;
    uint64_t unbounded = UINT64_MAX, length = UINT64_MAX;
    bool cut = false, warc_truncated = false;
    int got = read_line(s, &unbounded, &cut, line);
    if (got != 1 || line->len < 5 || memcmp(line->data, "WARC/", 5)) {
        r->cut = cut;
        return fail(r, got == -2 ? "out of memory"
                                 : "not a WARC record (a Content-Length before it that lies, or not a WARC file)");
    }
    size_t total = 0;
    const char *v;
    size_t n;
    while ((got = read_line(s, &unbounded, &cut, line)) == 1 && !cut && line->len) {
        if ((total += line->len) > HEADER_BYTES) return fail(r, "WARC headers past 256 KiB");
        if (header(line, "WARC-Type", &v, &n)) r->type = type_of(v, n);
        if (header(line, "WARC-Truncated", &v, &n)) warc_truncated = true;
        if (header(line, "WARC-Target-URI", &v, &n)) {
            bool angle = n >= 2 && v[0] == '<' && v[n - 1] == '>'; /* WARC 1.0's examples wrote <uri> */
            if (copy(&r->uri, v + angle, n - 2 * angle)) return fail(r, "out of memory");
        }
        if (header(line, "Content-Length", &v, &n)) {
            size_t end;
            length = number(v, n, 10, &end);
            if (end != n) length = UINT64_MAX;
        }
    }
    if (got == -2) return fail(r, "out of memory");
    if (got < 0) return fail(r, "a WARC header line past 64 KiB");
    if (got == 0 || cut) {
        r->cut = true;
        return fail(r, "cut short: the file ends in its headers");
    }
    if (length == UINT64_MAX) return fail(r, "no Content-Length, or not a number");
    uint64_t left = length;
    int rc = 0;
    r->block = ws_tell(s);
    bool response = r->type == WARC_RESPONSE;
    r->robots_txt = response && is_robots_txt(&r->uri);
    if (response && r->uri.len == 0) rc = fail(r, "a response record without WARC-Target-URI");
    else if (response)
        rc = read_http(s, &left, &cut, r, line, bodies, warc_truncated);
    for (const unsigned char *p; block_take(s, &left, &cut, UINT64_MAX, &p, false);) {
    }
    /* A record ends with CR LF CR LF: anything else after the block says its
     * length lies, and the next record may start inside what it claimed. */
    c = cut ? -1 : ws_peek(s);
    r->restart = cut || (c >= 0 && c != '\r' && c != '\n');
    r->cut = cut;
    if (cut) return fail(r, "cut short: the file ends before its Content-Length");
    if (r->restart) return fail(r, "its Content-Length does not end where the record does");
    return rc ? rc : response ? 1 : 2;
}

/* The stream opened again at `at`, as it was opened. */
static bool reopen(warc_stream *s, warc_at at) {
    const warc_source *src = s->src;
    warc_checkpoints *cps = s->cps;
    bool gz = s->gz, records = s->records;
    ws_close(s);
    return ws_open(s, src, gz, at, cps, records) == 0;
}

bool warc_resync(warc_stream *s, const warc_record *bad) {
    static const char want[] = "WARC/";
    if (bad->restart) {
        if (!reopen(s, bad->block)) return false;
        s->last = '\n'; /* the block starts a line: the record's headers end with a blank one */
    }
    size_t matched = 0;
    bool line_start = s->last == '\n';
    warc_at start = ws_tell(s);
    for (int c; (c = ws_peek(s)) >= 0; ws_getc(s)) {
        if (matched == 0) start = ws_tell(s);
        if (line_start && c == want[matched]) {
            if (++matched < 5) continue;
            return reopen(s, start);
        }
        matched = 0;
        line_start = c == '\n';
    }
    return false;
}

bool warc_next_member_after(warc_stream *s) {
    uint64_t at = ws_tell(s).member + 1;
    const warc_source *src = s->src;
    if (!s->gz) return false;
    /* The stream's own buffer is free to scan with: it is opened anew below. */
    int state = 0;
    for (long long got; (got = warc_source_read(src, at, s->in, sizeof s->in)) > 0;) {
        for (long long i = 0; i < got; i++) {
            int c = s->in[i];
            state = c == 0x1f ? 1 : (state == 1 && c == 0x8b) ? 2 : (state == 2 && c == 0x08) ? 3 : 0;
            if (state == 3) return reopen(s, (warc_at){at + (uint64_t)i - 2, 0});
        }
        at += (uint64_t)got;
    }
    ws_close(s);
    return false;
}

int warc_next_record(warc_stream *s, warc_record *r, buf *line, warc_bodies bodies, warc_problem problem, void *ctx,
                     bool *scanned) {
    *scanned = false;
    for (;;) {
        int got = warc_read_record(s, r, line, bodies);
        if (got > 0) return got;
        if (got == 0 && !s->error) {
            *scanned = true;
            return 0;
        }
        if (got < 0 && !s->error) {
            if (!strcmp(r->problem, "out of memory")) return -1;
            /* A record the file ends inside is a file cut short, unless another
             * record follows inside what it claimed: then its length lied. */
            bool more = warc_resync(s, r);
            problem(ctx, r->at, r->problem, r->cut && !more && !s->error);
            if (more) continue;
            if (!s->error) {
                *scanned = true;
                return 0;
            }
        }
        /* The stream failed: a damaged gzip member (on at the next member), the
         * file cut short inside one, or a read that failed. */
        const char *why = s->error;
        if (!strcmp(why, "out of memory")) return -1;
        warc_at at = ws_tell(s);
        bool stop = s->fatal;
        problem(ctx, at, why, stop);
        if (stop) {
            *scanned = s->truncated;
            return 0;
        }
        if (!warc_next_member_after(s)) {
            *scanned = true;
            return 0;
        }
    }
}

void warc_record_free(warc_record *r) {
    buf_free(&r->uri);
    buf_free(&r->location);
    buf_free(&r->body);
}
