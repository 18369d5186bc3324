/*
 * census_warc.c - the sites of a WARC file (census.h, docs/census.md): every
 * `response` record whose target URI's path is /robots.txt is a capture of a
 * robots.txt, its site the origin of its WARC-Target-URI, its HTTP status and
 * body what the crawler got. A 3xx is followed to the first capture of its
 * Location in the same file, at most five hops (STATUS-2, RFC-7:
 * ROBOTS_MAX_REDIRECTS), so the rows of a redirected site are those of the file
 * it leads to.
 *
 * One pass, whatever the compression. A site is answered once the
 * ROBOTS_WARC_LOOKAHEAD response records after it are read, and as many before
 * it are still in hand, so a redirect's target next to it (as crawlers write
 * them, the fetch that followed the redirect) is found without going back. A
 * target further away, or not yet seen, is looked for once the file is read:
 * the sites that wait for one are answered then, their targets read in file
 * order, each from its own gzip member or from the nearest checkpoint before it
 * in a large one (warc_stream.h), never by inflating the file again from its
 * start. An index of the first capture of each URI (warc_index.h, 40 bytes a
 * URI) says where each target is.
 *
 * Every record that is not a site (cut short, a header past its bound, a
 * Content-Length that lies, a body that is not HTTP or does not decode) is a
 * warning with its place, and the reader goes on at the next line that starts
 * "WARC/" (warc_records.c). The end states what was read (census_read): a file
 * that ends inside a record or a gzip member, or one the reader did not read to
 * its last byte, is incomplete.
 */
#include "census.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "interrupt.h"
#include "warc_index.h"
#include "warc_records.h"
#include "warc_stream.h"

#define LOOKAHEAD ROBOTS_WARC_LOOKAHEAD
#define RING (2 * LOOKAHEAD + 1)

/* A response record in hand, by its number among the file's responses. */
typedef struct held {
    warc_record rec;
    uint64_t ordinal;
    bool damaged;  /* its gzip member failed: no site, no hop */
} held;

/* A site whose redirect leads to a record not in hand: answered once the file
 * is read. Its strings are offsets into warc_reader.text. */
typedef struct deferred {
    size_t name, name_len;     /* the site */
    size_t uri, uri_len;       /* the last record of its chain so far */
    warc_key target;           /* the key of where that record's Location leads */
    warc_at site_at;           /* the site's own record, the place of its warnings */
    int status;                /* the last record's status (a 3xx) */
    unsigned hops;
    bool done;
} deferred;

/* A record to read for a deferred site. */
typedef struct wanted {
    warc_at at;
    uint64_t ordinal;
    size_t which; /* the deferred site */
} wanted;

typedef struct warc_reader {
    const warc_source *src;
    const char *name;
    bool gz;
    warc_checkpoints cps;
    warc_stream main, other; /* the records in turn; the deferred sites' targets */
    bool other_open;
    warc_record rec, hop;    /* the record read; a deferred site's target */
    held ring[RING];         /* the last RING response records */
    uint64_t responses;      /* response records read */
    bool at_end;             /* the file is read: the index is whole */
    warc_index index;
    buf line, target, site, text;
    buf deferred;            /* deferred[] */
    census_counts *counts;
    census_visit visit;
    void *ctx;
} warc_reader;

/* A warning with the record's place; `skipped` when the record is no site. */
static void warn(warc_reader *rd, warc_at at, const char *why, bool skipped) {
    if (skipped) census_skip(rd->counts, why);
    if (rd->gz)
        census_warn(rd->counts, "%s: record at %llu+%llu: %s", rd->name, (unsigned long long)at.member,
                    (unsigned long long)at.within, why);
    else
        census_warn(rd->counts, "%s: record at %llu: %s", rd->name, (unsigned long long)at.within, why);
}

static bool is_redirect(int status) { return status >= 300 && status < 400; }

static int copy(buf *to, const char *v, size_t n) {
    to->len = 0;
    return buf_add(to, v, n);
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

/* Hands the site to the census: its chain ended at `r` (NULL: at a redirect not
 * followed, of `status` and `uri`). */
static int finish(warc_reader *rd, const char *name, size_t name_len, const warc_record *r, int status, const char *uri,
                  size_t uri_len, unsigned hops) {
    census_site site = {.name = {(char *)(uintptr_t)name, name_len, 0},
                        .body = r ? r->body : (buf){NULL, 0, 0},
                        .truncated = r && r->truncated,
                        .status = r ? r->status : status,
                        .redirects = hops,
                        .unfollowed = r == NULL,
                        .final_uri = r ? r->uri : (buf){(char *)(uintptr_t)uri, uri_len, 0}};
    if (interrupt_signal()) return -1; /* no more sites once interrupted */
    rd->counts->read.sites++;
    rd->counts->sites++;
    return rd->visit(rd->ctx, &site);
}

/* The first capture of `target`, when it is in hand and holds what the chain
 * needs (a robots.txt capture's body is kept; another response's is read only
 * when a chain ends there). */
typedef enum { HOP_IN_HAND, HOP_LATER, HOP_NONE } hop_state;
static hop_state in_hand(warc_reader *rd, const buf *target, const warc_record **hop) {
    const warc_capture *c = warc_index_find(&rd->index, warc_index_key(&rd->index, target->data, target->len));
    if (!c) return rd->at_end ? HOP_NONE : HOP_LATER;
    const held *h = &rd->ring[c->ordinal % RING];
    if (h->ordinal != c->ordinal || h->damaged || (!h->rec.robots_txt && !is_redirect(h->rec.status))) return HOP_LATER;
    *hop = &h->rec;
    return HOP_IN_HAND;
}

/* Adds text to rd->text: its offset, or (size_t)-1 when memory runs out. */
static size_t keep(warc_reader *rd, const char *s, size_t n) {
    size_t at = rd->text.len;
    return buf_add(&rd->text, s, n) ? (size_t)-1 : at;
}

/* The site waits for its chain's next record: answered once the file is read. */
static int defer(warc_reader *rd, const warc_record *site, const warc_record *cur, unsigned hops) {
    deferred d = {.site_at = site->at, .status = cur->status, .hops = hops};
    d.name = keep(rd, rd->site.data, rd->site.len);
    d.uri = keep(rd, cur->uri.data, cur->uri.len);
    d.target = warc_index_key(&rd->index, rd->target.data, rd->target.len);
    d.name_len = rd->site.len;
    d.uri_len = cur->uri.len;
    if (d.name == (size_t)-1 || d.uri == (size_t)-1) return -1;
    return buf_add(&rd->deferred, &d, sizeof d);
}

/* The site of the response record `ordinal`, its redirects followed through the
 * records in hand: visit's answer, 0 when it is no site or waits, -1 when memory
 * runs out. */
static int answer(warc_reader *rd, uint64_t ordinal) {
    const warc_record *r = &rd->ring[ordinal % RING].rec, *cur = r;
    if (!r->robots_txt || rd->ring[ordinal % RING].damaged) return 0;
    /* The site is the origin as the library writes it: lower case, no default
     * port, the host an A-label. */
    char origin[2100];
    size_t len;
    if (robots_robots_txt_url(r->uri.data, r->uri.len, origin, sizeof origin, &len, NULL)) {
        warn(rd, r->at, "a robots.txt capture whose URI has no host: not a site", true);
        return 0;
    }
    if (copy(&rd->site, origin, len - 11)) return -1; /* without its "/robots.txt" */
    unsigned hops = 0;
    while (is_redirect(cur->status) && hops < ROBOTS_MAX_REDIRECTS) {
        /* STATUS-2: a chain that yields no robots.txt ends as more than five hops do, a 404. */
        if (cur->location.len == 0) {
            warn(rd, r->at, "a redirect without Location: full allow, as a 404", false);
            return finish(rd, rd->site.data, rd->site.len, NULL, cur->status, cur->uri.data, cur->uri.len, hops);
        }
        if (resolve(&rd->target, &cur->uri, &cur->location)) return -1;
        const warc_record *next = NULL;
        hop_state state = in_hand(rd, &rd->target, &next);
        if (state == HOP_LATER) return defer(rd, r, cur, hops);
        if (state == HOP_NONE) {
            warn(rd, r->at, "a redirect that leads out of this file: full allow, as a 404", false);
            return finish(rd, rd->site.data, rd->site.len, NULL, cur->status, cur->uri.data, cur->uri.len, hops);
        }
        cur = next;
        hops++;
    }
    return finish(rd, rd->site.data, rd->site.len, cur, 0, NULL, 0, hops);
}

/* The response record read becomes the newest in hand; the one LOOKAHEAD
 * before it is answered. */
static int take_response(warc_reader *rd) {
    uint64_t ordinal = ++rd->responses;
    rd->counts->read.responses += rd->rec.robots_txt;
    if (warc_index_add(&rd->index, warc_index_key(&rd->index, rd->rec.uri.data, rd->rec.uri.len), rd->rec.at, ordinal))
        return -1;
    held *h = &rd->ring[ordinal % RING];
    warc_record spare = h->rec; /* its buffers are reused for the next record */
    h->rec = rd->rec;
    h->ordinal = ordinal;
    h->damaged = false;
    rd->rec = spare;
    return ordinal > LOOKAHEAD ? answer(rd, ordinal - LOOKAHEAD) : 0;
}

static int by_place(const void *a, const void *b) {
    const wanted *x = a, *y = b;
    if (x->at.member != y->at.member) return x->at.member < y->at.member ? -1 : 1;
    if (x->at.within != y->at.within) return x->at.within < y->at.within ? -1 : 1;
    return x->which < y->which ? -1 : x->which > y->which;
}

/* The record at `at` into rd->hop, read by the second stream: on from where it
 * is when the record lies a little ahead in the same member, else opened there
 * (at its member, or the checkpoint before it). 1 a response read, else 0. */
static int read_at(warc_reader *rd, warc_at at) {
    warc_at now = ws_tell(&rd->other);
    uint64_t near = rd->cps.spacing ? rd->cps.spacing : ROBOTS_CHECKPOINT_SPACING;
    bool ahead = rd->other_open && !rd->other.error && rd->gz && now.member == at.member && now.within <= at.within &&
                 at.within - now.within <= near;
    if (!ahead) {
        ws_close(&rd->other);
        rd->other_open = ws_open(&rd->other, rd->src, rd->gz, at, &rd->cps, false) == 0;
        if (!rd->other_open) return 0;
    }
    const unsigned char *p;
    while (ws_tell(&rd->other).within < at.within && ws_take(&rd->other, &p, at.within - ws_tell(&rd->other).within)) {
    }
    return warc_read_record(&rd->other, &rd->hop, &rd->line, WARC_EVERY_BODY) == 1;
}

/* Ends a deferred site whose chain stops at a redirect not followed. */
static int unfollowed(warc_reader *rd, deferred *d, const char *why) {
    warn(rd, d->site_at, why, false);
    d->done = true;
    return finish(rd, rd->text.data + d->name, d->name_len, NULL, d->status, rd->text.data + d->uri, d->uri_len, d->hops);
}

/* One step of every deferred site's chain, the records they lead to read in
 * file order. Returns how many still wait, or -1 (memory, or visit failed). */
static long deferred_step(warc_reader *rd, buf *wants) {
    deferred *ds = (deferred *)(void *)rd->deferred.data;
    size_t n = rd->deferred.len / sizeof *ds;
    wants->len = 0;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (ds[i].done) continue;
        const warc_capture *c = warc_index_find(&rd->index, ds[i].target);
        wanted w = {c ? c->at : (warc_at){0, 0}, c ? c->ordinal : 0, i};
        if (!c) rc = unfollowed(rd, &ds[i], "a redirect that leads out of this file: full allow, as a 404");
        else if (buf_add(wants, &w, sizeof w)) return -1;
    }
    wanted *ws = (wanted *)(void *)wants->data;
    size_t nw = wants->len / sizeof *ws;
    if (nw) qsort(ws, nw, sizeof *ws, by_place);
    long waiting = 0;
    bool read = false;
    for (size_t k = 0; k < nw && rc == 0; k++) {
        deferred *d = &ds[ws[k].which];
        if (k == 0 || ws[k].ordinal != ws[k - 1].ordinal) read = read_at(rd, ws[k].at);
        if (!read) { /* (the file changed since it was read) */
            rc = unfollowed(rd, d, "a redirect whose target record cannot be read again: full allow, as a 404");
            continue;
        }
        d->hops++;
        const warc_record *h = &rd->hop;
        if (!is_redirect(h->status) || d->hops == ROBOTS_MAX_REDIRECTS) {
            d->done = true;
            rc = finish(rd, rd->text.data + d->name, d->name_len, h, 0, NULL, 0, d->hops);
            continue;
        }
        d->status = h->status;
        if (h->location.len == 0) {
            d->uri = keep(rd, h->uri.data, h->uri.len);
            d->uri_len = h->uri.len;
            if (d->uri == (size_t)-1) return -1;
            rc = unfollowed(rd, d, "a redirect without Location: full allow, as a 404");
            continue;
        }
        if (resolve(&rd->target, &h->uri, &h->location)) return -1;
        d->uri = keep(rd, h->uri.data, h->uri.len);
        d->target = warc_index_key(&rd->index, rd->target.data, rd->target.len);
        if (d->uri == (size_t)-1) return -1;
        d->uri_len = h->uri.len;
        waiting++;
    }
    return rc ? -1 : waiting;
}

/* The sites that waited, answered now that the file is read: at most five
 * steps (each ends a site or follows one more of its hops, of five at most),
 * each reading the file at most once. */
static int answer_deferred(warc_reader *rd) {
    buf wants = {NULL, 0, 0};
    long waiting = 1;
    while (waiting > 0) waiting = deferred_step(rd, &wants);
    buf_free(&wants);
    ws_close(&rd->other);
    rd->other_open = false;
    return waiting < 0 ? -1 : 0;
}

/* A damaged gzip member: the records read from it and still in hand (not yet
 * answered) are no sites and no hops; each is a warning. */
static void drop_damaged(warc_reader *rd, uint64_t member) {
    uint64_t answered = rd->responses > LOOKAHEAD ? rd->responses - LOOKAHEAD : 0;
    for (uint64_t o = answered + 1; o <= rd->responses; o++) {
        held *h = &rd->ring[o % RING];
        if (h->ordinal != o || h->rec.at.member != member) continue;
        h->damaged = true;
        if (h->rec.robots_txt) warn(rd, h->rec.at, "a robots.txt capture inside a damaged gzip member: not a site", true);
    }
}

/* A record that is not one, or a stream that failed: a warning, one input
 * skipped; when the file was not read to its end, or read wrong (a damaged gzip
 * member, whose records were lost or may be wrong), why. */
static void problem(void *ctx, warc_at at, const char *why, bool incomplete) {
    warc_reader *rd = ctx;
    census_read *read = &rd->counts->read;
    read->records += !rd->main.error; /* (a damaged gzip member is no record) */
    warn(rd, at, why, true);
    if (rd->main.damaged) {
        drop_damaged(rd, at.member);
        read->incomplete = "a gzip member is damaged: its records not yet answered were dropped, those answered may be "
                           "wrong, and those in the bytes passed over to the next member are lost";
    }
    if (incomplete) read->incomplete = rd->main.error ? why : "the file ends inside a record: it is cut short";
    /* (A gzipped file of another kind, lines say, is no web archive: never read as one, in silence.) */
    if (read->records == 1 && read->skipped == 1 && !rd->main.error && !strncmp(why, "not a WARC record", 17))
        read->incomplete = "its first record is no WARC record: not a WARC file (a gzipped file of another kind?)";
}

/* The file read, record after record; the sites of the records in hand answered
 * as the lookahead fills. 0 at its end (*scanned: every byte was read), or the
 * first failure. */
static int read_all(warc_reader *rd, bool *scanned) {
    census_read *read = &rd->counts->read;
    int got;
    while ((got = warc_next_record(&rd->main, &rd->rec, &rd->line, WARC_ROBOTS_TXT_BODIES, problem, rd, scanned)) > 0) {
        if (interrupt_signal()) return -1; /* between two records: a crawl's archive holds few robots.txt among them */
        read->records++;
        read->types[rd->rec.type]++;
        int rc = got == 1 ? take_response(rd) : 0;
        if (rc) return rc;
    }
    return got;
}

static void reader_free(warc_reader *rd) {
    ws_close(&rd->main);
    ws_close(&rd->other); /* (closing a stream closed or never opened does nothing) */
    warc_record_free(&rd->rec);
    warc_record_free(&rd->hop);
    for (size_t i = 0; i < RING; i++) warc_record_free(&rd->ring[i].rec);
    warc_checkpoints_free(&rd->cps);
    warc_index_free(&rd->index);
    buf_free(&rd->line);
    buf_free(&rd->target);
    buf_free(&rd->site);
    buf_free(&rd->text);
    buf_free(&rd->deferred);
}

int census_each_warc(const warc_source *src, const char *name, census_visit visit, void *ctx, census_counts *counts) {
    static warc_reader rd;
    memset(&rd, 0, sizeof rd);
    rd.src = src;
    rd.name = name;
    rd.counts = counts;
    rd.visit = visit;
    rd.ctx = ctx;
    rd.gz = warc_source_is_gzip(src);
    warc_index_init(&rd.index);
    census_read *read = &counts->read;
    read->kind = rd.gz ? "warc-gzip" : "warc";
    read->bytes = src->size;
    bool scanned = false;
    /* (A stream that cannot open, a gzipped file without zlib, fails its first read.) */
    ws_open(&rd.main, src, rd.gz, (warc_at){0, 0}, &rd.cps, true);
    int rc = read_all(&rd, &scanned);
    rd.at_end = true;
    /* The last sites, whose lookahead the file's end cut short; then those that waited. */
    for (uint64_t o = rd.responses > LOOKAHEAD ? rd.responses - LOOKAHEAD + 1 : 1; rc == 0 && o <= rd.responses; o++)
        rc = answer(&rd, o);
    if (rc == 0) rc = answer_deferred(&rd);
    read->bytes_read = scanned ? src->size : ws_consumed(&rd.main);
    /* (A signal's stop is said by the caller: census_input.c.) */
    if (!interrupt_signal() && !read->incomplete && read->bytes_read < src->size) {
        read->incomplete = "the reader stopped before the file's end";
        census_skip(counts, read->incomplete);
    }
    if (rc == -1) errno = ENOMEM; /* (when visit failed, it said why already) */
    reader_free(&rd);
    return rc;
}
