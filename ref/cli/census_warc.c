/*
 * census_warc.c - the sites of a WARC file (census.h, docs/census.md): every
 * `response` record is a robots.txt capture, its site the origin of its
 * WARC-Target-URI, its HTTP status and body what the crawler got. A 3xx is
 * followed to the record of its Location in the same file, at most five hops
 * (STATUS-2, RFC-7: ROBOTS_MAX_REDIRECTS), so the rows of a redirected site are
 * those of the file it leads to.
 *
 * One record is in memory at a time, and an index of 24 bytes a response record
 * (where each is, by the hash of its URI) for the redirects: built as the file
 * is read, and to its end the first time a redirect points ahead. Every record
 * that is not a site (cut short, a header past its bound, a Content-Length that
 * lies, a body that is not HTTP) is a warning with its place, and the reader
 * goes on at the next line that starts "WARC/".
 */
#include "census.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "warc_stream.h"

#define LINE_BYTES 8192     /* a header line, of the record or of its HTTP response */
#define HEADER_BYTES 65536  /* all the header lines of one or the other */

typedef struct record {
    warc_at at;
    warc_at block;  /* where its block starts */
    bool restart;   /* its length lies: look for the next record from its block's start */
    bool response;  /* WARC-Type: response */
    buf uri, location;
    int status;     /* the HTTP status */
    buf body;       /* at most its first 500 KiB, chunks joined */
    bool truncated;
    const char *problem;
} record;

typedef struct place {
    uint64_t hash;
    warc_at at;
} place;

typedef struct warc_reader {
    FILE *f;
    const char *name;
    bool gz;
    warc_stream main, other; /* the records in turn; a redirect's target, or the index's look ahead */
    record rec, hop;         /* the record in hand; the one a redirect leads to */
    buf line, target, site;
    buf places;              /* the index: place[] in file order */
    buf slots;               /* a hash table of uint32_t: 1 + the index of a place, 0 free */
    bool complete;           /* the index holds every response record of the file */
    census_counts *counts;
} warc_reader;

/* A warning with the record's place; `skipped` when the record is no site. */
static void warn(warc_reader *rd, warc_at at, const char *why, bool skipped) {
    rd->counts->bad += skipped;
    FILE *w = rd->counts->warnings ? rd->counts->warnings : stderr;
    if (rd->gz)
        fprintf(w, "robots census: %s: record at %llu+%llu: %s\n", rd->name, (unsigned long long)at.member,
                (unsigned long long)at.within, why);
    else
        fprintf(w, "robots census: %s: record at %llu: %s\n", rd->name, (unsigned long long)at.within, why);
}

/* The next byte of a block of `*left` bytes; -1 at its end, or when the file
 * ends first (then *cut). */
static int block_getc(warc_stream *s, uint64_t *left, bool *cut) {
    if (*left == 0) return -1;
    int c = ws_getc(s);
    if (c < 0) {
        *cut = true;
        *left = 0;
        return -1;
    }
    (*left)--;
    return c;
}

/* Up to `most` of the block's next bytes at once, where the stream holds them
 * (*p): how many, 0 at the block's end, or when the file ends first (then *cut). */
static size_t block_take(warc_stream *s, uint64_t *left, bool *cut, uint64_t most, const unsigned char **p) {
    size_t n = *left == 0 ? 0 : ws_take(s, p, *left < most ? *left : most);
    *cut = *cut || (*left && n == 0);
    *left = n ? *left - n : 0;
    return n;
}

/* A line of the block, its CR LF or LF dropped: 1; 0 when the block has no more;
 * -1 past `max` bytes; -2 when memory runs out. */
static int read_line(warc_stream *s, uint64_t *left, bool *cut, buf *line) {
    line->len = 0;
    int c;
    while ((c = block_getc(s, left, cut)) >= 0 && c != '\n') {
        if (line->len == LINE_BYTES) return -1;
        if (buf_addc(line, (char)c)) return -2;
    }
    if (c < 0 && line->len == 0) return 0;
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

static int fail(record *r, const char *why) {
    r->problem = why;
    return -1;
}

/* The HTTP response of a response record's block: status, Location, body. */
static int read_http(warc_stream *s, uint64_t *left, bool *cut, record *r, buf *line, bool keep_body) {
    int got = read_line(s, left, cut, line);
    int status = 0;
    if (got == 1 && line->len >= 10 && !memcmp(line->data, "HTTP/", 5)) { /* "HTTP/2 200" is the shortest */
        const char *sp = memchr(line->data, ' ', line->len);
        if (sp && sp + 4 <= line->data + line->len && (sp + 4 == line->data + line->len || sp[4] == ' '))
            for (int i = 1; i <= 3; i++) status = sp[i] >= '0' && sp[i] <= '9' ? status * 10 + (sp[i] - '0') : -1000;
    }
    if (status < 100 || status > 599) return got == -2 ? fail(r, "out of memory") : fail(r, "a response record that is not HTTP");
    r->status = status;
    bool chunked = false;
    size_t total = 0;
    const char *v;
    size_t n;
    while ((got = read_line(s, left, cut, line)) == 1 && line->len) {
        if ((total += line->len) > HEADER_BYTES) return fail(r, "HTTP headers past 64 KiB");
        if (header(line, "Location", &v, &n) && copy(&r->location, v, n)) return fail(r, "out of memory");
        if (header(line, "Transfer-Encoding", &v, &n)) chunked = n == 7 && !strncasecmp(v, "chunked", 7);
        if (header(line, "Content-Encoding", &v, &n) && n && strncasecmp(v, "identity", n))
            return fail(r, "a body in a Content-Encoding: not read (web archives store it decoded)");
    }
    if (got < 0) return fail(r, got == -2 ? "out of memory" : "an HTTP header line past 8 KiB");
    /* The body: the first 500 KiB kept, as a crawler reads it; chunks joined. */
    for (uint64_t chunk = chunked ? 0 : UINT64_MAX;;) {
        if (chunked && chunk == 0) {
            got = read_line(s, left, cut, line); /* the CR LF that ends a chunk, then its size */
            if (got == 1 && line->len == 0) got = read_line(s, left, cut, line);
            char *end = NULL;
            if (got == 1 && line->len < 20 && buf_addc(line, '\0') == 0) chunk = strtoull(line->data, &end, 16);
            if (!end || end == line->data || (*end && *end != ';' && *end != ' ')) return fail(r, "a chunked body that is not");
            if (chunk == 0) break;
        }
        const unsigned char *p;
        size_t got_n = block_take(s, left, cut, chunk, &p);
        if (got_n == 0) break;
        chunk -= got_n;
        size_t room = ROBOTS_DEFAULT_MAX_BYTES - r->body.len, keep = room < got_n ? room : got_n;
        r->truncated = r->truncated || keep < got_n;
        if (keep_body && buf_add(&r->body, p, keep)) return fail(r, "out of memory");
    }
    return 0;
}

/* The next record: 1 a response, 2 another (skipped), 0 at the file's end,
 * -1 not a record (r->problem says why). */
static int read_record(warc_stream *s, record *r, buf *line, bool keep_body) {
    r->response = r->truncated = r->restart = false;
    r->status = 0;
    r->uri.len = r->location.len = r->body.len = 0;
    r->problem = NULL;
    int c;
    do {
        r->at = ws_tell(s);
        c = ws_getc(s);
    } while (c == '\r' || c == '\n');
    if (c < 0) return 0;
    uint64_t unbounded = UINT64_MAX, length = UINT64_MAX;
    bool cut = false;
    int got = read_line(s, &unbounded, &cut, line);
    if (c != 'W' || got != 1 || line->len < 4 || memcmp(line->data, "ARC/", 4))
        return fail(r, "not a WARC record (a Content-Length before it that lies, or not a WARC file)");
    size_t total = 0;
    const char *v;
    size_t n;
    while ((got = read_line(s, &unbounded, &cut, line)) == 1 && !cut && line->len) {
        if ((total += line->len) > HEADER_BYTES) return fail(r, "WARC headers past 64 KiB");
        if (header(line, "WARC-Type", &v, &n)) r->response = n == 8 && !strncasecmp(v, "response", 8);
        if (header(line, "WARC-Target-URI", &v, &n)) {
            bool angle = n >= 2 && v[0] == '<' && v[n - 1] == '>'; /* WARC 1.0's examples wrote <uri> */
            if (copy(&r->uri, v + angle, n - 2 * angle)) return fail(r, "out of memory");
        }
        if (header(line, "Content-Length", &v, &n)) {
            length = n && n < 16 ? 0 : UINT64_MAX;
            for (size_t i = 0; i < n && length != UINT64_MAX; i++)
                length = v[i] >= '0' && v[i] <= '9' ? length * 10 + (uint64_t)(v[i] - '0') : UINT64_MAX;
        }
    }
    if (got == -2) return fail(r, "out of memory");
    if (got < 0) return fail(r, "a WARC header line past 8 KiB");
    if (got == 0 || cut) return fail(r, "cut short: the file ends in its headers");
    if (length == UINT64_MAX) return fail(r, "no Content-Length, or not a number");
    uint64_t left = length;
    int rc = 0;
    r->block = ws_tell(s);
    if (r->response && r->uri.len == 0) rc = fail(r, "a response record without WARC-Target-URI");
    else if (r->response) rc = read_http(s, &left, &cut, r, line, keep_body);
    for (const unsigned char *p; block_take(s, &left, &cut, UINT64_MAX, &p);) {
    }
    /* A record ends with CR LF CR LF: anything else after the block says its
     * length lies, and the next record may start inside what it claimed. */
    c = cut ? -1 : ws_getc(s);
    r->restart = cut || (c >= 0 && c != '\r' && c != '\n');
    if (cut) return fail(r, "cut short: the file ends before its Content-Length");
    if (r->restart) return fail(r, "its Content-Length does not end where the record does");
    return rc ? rc : r->response ? 1 : 2;
}

/* After a record that is not one: the next line that starts "WARC/", from its
 * block's start when its length lied. */
static bool resync(warc_reader *rd, warc_stream *s, const record *bad) {
    static const char want[] = "WARC/";
    if (bad->restart) {
        ws_close(s);
        if (ws_open(s, rd->f, rd->gz, bad->block)) return false;
        s->last = '\n'; /* the block starts a line: the record's headers end with a blank one */
    }
    warc_at start = ws_tell(s);
    size_t matched = 0;
    bool line_start = s->last == '\n';
    for (int c; (c = ws_getc(s)) >= 0;) {
        if (line_start && c == want[matched]) {
            if (++matched < 5) continue;
            ws_close(s);
            return ws_open(s, rd->f, rd->gz, start) == 0;
        }
        matched = 0;
        line_start = c == '\n';
        if (line_start) start = ws_tell(s);
    }
    return false;
}

static uint64_t hash_of(const buf *uri) {
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (size_t i = 0; i < uri->len; i++) h = (h ^ (unsigned char)uri->data[i]) * 1099511628211u;
    return h;
}

static void table_put(warc_reader *rd, uint64_t hash, uint32_t value) {
    uint32_t *slots = (uint32_t *)(void *)rd->slots.data;
    size_t mask = rd->slots.len / sizeof *slots - 1, k = (size_t)hash & mask;
    while (slots[k]) k = (k + 1) & mask;
    slots[k] = value;
}

/* Adds a response record's place to the index: 0, or -1 when memory runs out. */
static int index_add(warc_reader *rd, const record *r) {
    place p = {hash_of(&r->uri), r->at};
    if (buf_add(&rd->places, &p, sizeof p)) return -1;
    const place *places = (const place *)(void *)rd->places.data;
    size_t n = rd->places.len / sizeof p, nslots = rd->slots.len / sizeof(uint32_t);
    if (n * 2 <= nslots) {
        table_put(rd, p.hash, (uint32_t)n);
        return 0;
    }
    size_t grown = nslots ? nslots * 2 : 1024; /* at most half full: put every place in again */
    rd->slots.len = 0;
    if (buf_reserve(&rd->slots, grown * sizeof(uint32_t))) return -1;
    memset(rd->slots.data, 0, grown * sizeof(uint32_t));
    rd->slots.len = grown * sizeof(uint32_t);
    for (size_t i = 0; i < n; i++) table_put(rd, places[i].hash, (uint32_t)(i + 1));
    return 0;
}

/* After a damaged gzip member: the next place past its start that begins as a
 * gzip member does (1f 8b 08), the stream opened there; false when there is none. */
static bool next_member_after(warc_reader *rd, warc_stream *s) {
    uint64_t at = ws_tell(s).member + 1;
    ws_close(s);
    if (!rd->gz || fseeko(rd->f, (off_t)at, SEEK_SET)) return false;
    for (int c, state = 0; (c = getc(rd->f)) != EOF;) {
        at++;
        state = c == 0x1f ? 1 : (state == 1 && c == 0x8b) ? 2 : (state == 2 && c == 0x08) ? 3 : 0;
        if (state == 3) return ws_open(s, rd->f, true, (warc_at){at - 3, 0}) == 0;
    }
    return false;
}

/* The rest of the file into the index, read ahead of the record in hand: 0, or
 * -1 when memory runs out. */
static int index_to_end(warc_reader *rd) {
    int rc = 0;
    rd->complete = true;
    bool open = ws_open(&rd->other, rd->f, rd->gz, ws_tell(&rd->main)) == 0;
    for (int got; open && rc == 0;) {
        got = read_record(&rd->other, &rd->hop, &rd->line, false);
        if (got == 1) rc = index_add(rd, &rd->hop);
        else if (got < 0 && !rd->other.error && resync(rd, &rd->other, &rd->hop)) continue;
        if (rd->other.error) open = next_member_after(rd, &rd->other);
        else if (got <= 0) break;
    }
    ws_close(&rd->other);
    return rc;
}

/* The record of `uri`, read into rd->hop: 1; 0 when the file has none; -1 when
 * memory runs out. */
static int find(warc_reader *rd, const buf *uri) {
    uint64_t h = hash_of(uri);
    for (;;) {
        const uint32_t *slots = (const uint32_t *)(void *)rd->slots.data;
        const place *places = (const place *)(void *)rd->places.data;
        size_t mask = rd->slots.len / sizeof *slots - 1;
        for (size_t k = (size_t)h & mask; rd->slots.len && slots[k]; k = (k + 1) & mask) {
            const place *p = &places[slots[k] - 1];
            bool same = p->hash == h && ws_open(&rd->other, rd->f, rd->gz, p->at) == 0 &&
                        read_record(&rd->other, &rd->hop, &rd->line, true) == 1 && rd->hop.uri.len == uri->len &&
                        !memcmp(rd->hop.uri.data, uri->data, uri->len);
            ws_close(&rd->other);
            if (same) return 1;
        }
        if (rd->complete) return 0;
        if (index_to_end(rd)) return -1;
    }
}

/* scheme://authority of a URI: its length (the whole, when it has no "://"). */
static size_t origin_len(const buf *uri) {
    for (size_t i = 0; i + 3 <= uri->len; i++)
        if (!memcmp(uri->data + i, "://", 3)) {
            const char *slash = memchr(uri->data + i + 3, '/', uri->len - i - 3);
            return slash ? (size_t)(slash - uri->data) : uri->len;
        }
    return uri->len;
}

/* The length of a reference's scheme ("http" of "http:..."), 0 when it has none. */
static size_t scheme_len(const char *s, size_t n) {
    size_t i = 0;
    while (i < n && (((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') || (i && strchr("0123456789+-.", s[i]) && s[i])))
        i++;
    return i && i < n && s[i] == ':' ? i : 0;
}

/* Where a Location leads, from the record's URI (RFC 3986 5.2, for the forms a
 * server sends: absolute, //authority..., /path, or a path beside the URI's). */
static int resolve(buf *out, const buf *uri, const buf *loc) {
    const char *u = uri->data, *l = loc->data;
    size_t o = origin_len(uri), dir = uri->len;
    out->len = 0;
    if (scheme_len(l, loc->len)) return buf_add(out, l, loc->len);
    if (loc->len >= 2 && l[0] == '/' && l[1] == '/') return buf_add(out, u, scheme_len(u, uri->len) + 1) | buf_add(out, l, loc->len);
    if (l[0] == '/') return buf_add(out, u, o) | buf_add(out, l, loc->len);
    while (dir > o && u[dir - 1] != '/') dir--;
    return buf_add(out, u, dir) | (dir == o ? buf_addc(out, '/') : 0) | buf_add(out, l, loc->len);
}

/* The site of the record in hand, its redirects followed: visit's answer, or -1
 * when memory runs out. */
static int answer(warc_reader *rd, census_visit visit, void *ctx) {
    const record *r = &rd->rec, *cur = r;
    unsigned hops = 0;
    /* A site is a capture of a robots.txt: its URI's path is /robots.txt (other
     * records, a redirect's target among them, are read only when one leads to
     * them). The site is the origin as the library writes it: lower case, no
     * default port, the host an A-label. */
    char path[16], origin[2100];
    size_t len;
    if (robots_url_path(r->uri.data, r->uri.len, path, sizeof path) != 11 || memcmp(path, "/robots.txt", 11) ||
        robots_robots_txt_url(r->uri.data, r->uri.len, origin, sizeof origin, &len, NULL))
        return 0;
    while (cur->status >= 300 && cur->status < 400 && hops < ROBOTS_MAX_REDIRECTS) {
        int found = cur->location.len == 0 ? 0 : resolve(&rd->target, &cur->uri, &cur->location) ? -1 : find(rd, &rd->target);
        if (found < 0) return -1;
        if (found == 0) {
            /* STATUS-2: a chain that yields no robots.txt ends as more than five hops do, a 404. */
            warn(rd, r->at, cur->location.len ? "a redirect that leads out of this file: full allow, as a 404"
                                              : "a redirect without Location: full allow, as a 404", false);
            hops = ROBOTS_MAX_REDIRECTS;
            break;
        }
        hops++;
        cur = &rd->hop;
    }
    if (copy(&rd->site, origin, len - 11)) return -1; /* without its "/robots.txt" */
    census_site site = {.name = rd->site, .body = cur->body, .truncated = cur->truncated, .status = cur->status,
                        .redirects = hops};
    return visit(ctx, &site);
}

static void record_free(record *r) {
    buf_free(&r->uri);
    buf_free(&r->location);
    buf_free(&r->body);
}

int census_each_warc(FILE *f, const char *name, census_visit visit, void *ctx, census_counts *counts) {
    static warc_reader rd;
    rd.f = f;
    rd.name = name;
    rd.counts = counts;
    rd.gz = warc_is_gzip(f);
    rd.complete = false;
    int rc = 0;
    if (ws_open(&rd.main, f, rd.gz, (warc_at){0, 0})) warn(&rd, ws_tell(&rd.main), rd.main.error, true);
    else
        for (int got; rc == 0;) {
            got = read_record(&rd.main, &rd.rec, &rd.line, true);
            if (got == 1) {
                rc = (!rd.complete && index_add(&rd, &rd.rec)) ? -1 : answer(&rd, visit, ctx);
            } else if (got < 0 && !rd.main.error) {
                warn(&rd, rd.rec.at, rd.rec.problem, true);
                if (resync(&rd, &rd.main, &rd.rec)) continue;
            }
            if (rd.main.error) { /* the file is cut short, or a gzip member damaged: on at the next member */
                warn(&rd, (warc_at){ws_tell(&rd.main).member, rd.gz ? 0 : ws_tell(&rd.main).within}, rd.main.error, true);
                if (!next_member_after(&rd, &rd.main)) break;
            } else if (got <= 0) {
                break;
            }
        }
    if (rc == -1) errno = ENOMEM; /* (when visit failed, it said why already) */
    ws_close(&rd.main);
    record_free(&rd.rec);
    record_free(&rd.hop);
    buf_free(&rd.line);
    buf_free(&rd.target);
    buf_free(&rd.site);
    buf_free(&rd.places);
    buf_free(&rd.slots);
    return rc;
}
