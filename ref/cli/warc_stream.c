/*
 * warc_stream.c - the bytes of a WARC file, plain or gzipped (warc_stream.h).
 *
 * A gzipped WARC is a run of gzip members, one a record as archives write them
 * (ISO 28500 annex D), or one for the whole file as `gzip` makes it. A place is
 * the offset of its member and the offset within the member's inflated bytes, so
 * a reader goes back to a record of the first kind by opening its member; inside
 * a large member it starts from the nearest checkpoint before the place (zlib's
 * state at the end of a deflate block, recorded as the file is first read), so
 * that going back costs at most ROBOTS_CHECKPOINT_SPACING inflated bytes, never
 * the member from its start.
 *
 * A member may end in a read of its own: its last bytes (the trailer) come
 * alone, inflate gives no byte and says the member ended, and the next member
 * follows. Only the end of the file's bytes ends the stream.
 *
 * Every member's CRC-32 and length are checked, from a checkpoint too (the
 * checkpoint keeps the CRC of the bytes before it): a member whose deflate data
 * was damaged may inflate to other bytes without an error, and only its check
 * tells (a file gzipped whole, 64 bytes zeroed in its middle: no error until its
 * end). A damaged member is an error the reader reports (s->damaged).
 *
 * zlib inflates (built with ROBOTS_CENSUS_ZLIB, the default of the Makefile;
 * without it a gzipped file is an error the census reports, and a plain one
 * reads as well).
 */
#include "warc_stream.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
_Static_assert(sizeof(z_stream) <= sizeof(((warc_stream *)0)->z), "warc_stream.z holds a z_stream");
#define ZS(s) ((z_stream *)(void *)(s)->z)
#endif

long long warc_source_read(const warc_source *src, uint64_t offset, void *to, size_t n) {
    if (src->fd < 0) {
        if (offset >= src->size) return 0;
        size_t left = (size_t)(src->size - offset), k = n < left ? n : left;
        memcpy(to, src->data + offset, k);
        return (long long)k;
    }
    ssize_t got;
    do got = pread(src->fd, to, n, (off_t)offset);
    while (got < 0 && errno == EINTR);
    return got;
}

bool warc_source_is_gzip(const warc_source *src) {
    unsigned char magic[2];
    return warc_source_read(src, 0, magic, 2) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

static int stream_fail(warc_stream *s, const char *why) {
    s->error = why;
    return -1;
}

/* A failure no next gzip member can help: the file cut short or unreadable. */
static int stream_stop(warc_stream *s, const char *why) {
    s->fatal = true;
    return stream_fail(s, why);
}

/* More of the file's own bytes into s->in when it has none left: false at the
 * file's end, or on an error (s->error set). */
static bool refill(warc_stream *s) {
    if (s->in_pos < s->in_len) return true;
    s->in_offset += s->in_len;
    s->in_pos = s->in_len = 0;
    size_t most = s->src->most && s->src->most < sizeof s->in ? s->src->most : sizeof s->in;
    long long got = warc_source_read(s->src, s->in_offset, s->in, most);
    if (got < 0) return stream_stop(s, "the file cannot be read") == 0;
    s->in_len = (size_t)got;
    return got > 0;
}

uint64_t ws_consumed(const warc_stream *s) { return s->in_offset + s->in_pos; }

#ifdef ROBOTS_CENSUS_ZLIB
static int by_place(const warc_checkpoint *c, warc_at at) {
    if (c->member != at.member) return c->member < at.member ? -1 : 1;
    return c->within < at.within ? -1 : c->within > at.within;
}

/* The checkpoint of at's member nearest before it, or NULL. */
static const warc_checkpoint *checkpoint_before(const warc_checkpoints *cps, warc_at at) {
    if (!cps) return NULL;
    const warc_checkpoint *list = (const warc_checkpoint *)(void *)cps->list.data;
    size_t lo = 0, hi = cps->list.len / sizeof *list; /* the first after at is list[lo] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (by_place(&list[mid], at) <= 0) lo = mid + 1;
        else hi = mid;
    }
    return lo && list[lo - 1].member == at.member ? &list[lo - 1] : NULL;
}

/* Past WARC_CHECKPOINTS_MAX: every other one dropped, the spacing doubled. */
static void thin(warc_checkpoints *cps) {
    warc_checkpoint *list = (warc_checkpoint *)(void *)cps->list.data;
    size_t n = cps->list.len / sizeof *list, kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 2) buf_free(&list[i].window);
        else list[kept++] = list[i];
    }
    cps->list.len = kept * sizeof *list;
    cps->spacing *= 2;
}

/* Inflating just ended a deflate block: a checkpoint here, when the last is far
 * enough behind. One that cannot be kept (memory) is only a slower seek later. */
static void checkpoint(warc_stream *s) {
    warc_checkpoints *cps = s->cps;
    if (cps->spacing == 0) cps->spacing = s->src->spacing ? s->src->spacing : ROBOTS_CHECKPOINT_SPACING;
    if (s->since_checkpoint < cps->spacing) return;
    z_stream *z = ZS(s);
    warc_checkpoint c = {s->at.member, s->at.within + (s->out_len - s->out_pos), ws_consumed(s),
                         (unsigned)z->data_type & 7, s->raw ? s->crc : z->adler, {NULL, 0, 0}};
    size_t n = cps->list.len / sizeof c;
    /* In file order only: a stream opened again behind its furthest place passes old ones. */
    if (n && by_place(&((warc_checkpoint *)(void *)cps->list.data)[n - 1], (warc_at){c.member, c.within}) >= 0) return;
    uInt len = 0;
    if (buf_reserve(&c.window, 32768) || inflateGetDictionary(z, (Bytef *)c.window.data, &len) != Z_OK) {
        buf_free(&c.window);
        return;
    }
    c.window.len = len;
    if (buf_add(&cps->list, &c, sizeof c)) {
        buf_free(&c.window);
        return;
    }
    s->since_checkpoint = 0;
    if (n + 1 > WARC_CHECKPOINTS_MAX) thin(cps);
}

/* Does the trailer read by hand (raw) hold the member's CRC-32 and length? */
static bool checks(const warc_stream *s) {
    unsigned long crc = 0, length = 0;
    for (int i = 3; i >= 0; i--) {
        crc = crc << 8 | s->check[i];
        length = length << 8 | s->check[4 + i];
    }
    return crc == (s->crc & 0xffffffffu) && length == ((s->at.within + (s->out_len - s->out_pos)) & 0xffffffffu);
}

static int damaged(warc_stream *s, const char *why) {
    s->damaged = true;
    return stream_fail(s, why);
}

/* The file ended inside a member. */
static int truncated(warc_stream *s) {
    s->truncated = true;
    return stream_stop(s, "a gzip member ends short: the file is truncated");
}

/* More inflated bytes into s->out, or the member's end (s->member_ended): 0, or
 * -1 with s->error set. */
static int inflate_more(warc_stream *s) {
    z_stream *z = ZS(s);
    if (s->failing) return stream_fail(s, s->failing);
    s->out_pos = s->out_len = 0;
    while (s->out_len == 0 && !s->member_ended) {
        /* At the file's end inflate is asked once more with no input: a match
         * it was copying into a small room has bytes still to give (with a
         * room of 1 byte, the last bytes of a cut member came one call late). */
        bool more = refill(s);
        if (s->error) return stream_stop(s, s->error);
        if (!more && s->trailer) return truncated(s);
        if (s->trailer) { /* started from a checkpoint: raw deflate, so the CRC and length are read here */
            size_t n = s->in_len - s->in_pos < s->trailer ? s->in_len - s->in_pos : s->trailer;
            memcpy(s->check + 8 - s->trailer, s->in + s->in_pos, n);
            s->in_pos += n;
            s->trailer -= (unsigned)n;
            s->member_ended = s->trailer == 0;
            if (s->member_ended && !checks(s)) return damaged(s, "a gzip member fails its check (CRC-32 or length): damaged");
            continue;
        }
        size_t before = s->in_pos, room = s->src->most && s->src->most < sizeof s->out ? s->src->most : sizeof s->out;
        z->next_in = s->in + s->in_pos;
        z->avail_in = (uInt)(s->in_len - s->in_pos);
        z->next_out = s->out;
        z->avail_out = (uInt)room;
        int rc = inflate(z, s->records ? Z_BLOCK : Z_NO_FLUSH);
        s->in_pos = s->in_len - z->avail_in;
        s->out_len = room - z->avail_out;
        s->since_checkpoint += s->out_len;
        if (s->raw) s->crc = crc32(s->crc, s->out, (uInt)s->out_len);
        if (!more && s->out_len == 0 && (rc == Z_OK || rc == Z_BUF_ERROR)) return truncated(s);
        if (rc == Z_STREAM_END) { /* raw: its 8 bytes of trailer are still to read, and check */
            s->trailer = s->raw ? 8 : 0;
            s->member_ended = !s->raw;
        } else if ((rc != Z_OK && rc != Z_BUF_ERROR) || (s->in_pos == before && s->out_len == 0)) {
            /* The bytes inflated before the damage are read first, as a smaller
             * read would have given them: the reading does not depend on the
             * buffer's size. */
            s->failing = rc == Z_MEM_ERROR                                ? "out of memory"
                         : z->msg && !strncmp(z->msg, "incorrect data check", 20) ? "a gzip member fails its check (CRC-32): damaged"
                         : z->msg && !strncmp(z->msg, "incorrect length", 16)     ? "a gzip member fails its check (length): damaged"
                                                                                   : "not gzip data: a damaged member";
            s->damaged = rc != Z_MEM_ERROR;
            return s->out_len ? 0 : stream_fail(s, s->failing);
        } else if (s->records && (z->data_type & 128) && !(z->data_type & 64)) {
            checkpoint(s);
        }
    }
    return 0;
}

/* After a member's end: the next member, when the file has more bytes. */
static bool next_member(warc_stream *s) {
    uint64_t next = ws_consumed(s);
    if (!refill(s)) return false;
    inflateReset2(ZS(s), 16 + MAX_WBITS);
    s->raw = s->member_ended = false;
    s->at = (warc_at){next, 0};
    s->since_checkpoint = 0;
    return true;
}

/* Starts inflating at the checkpoint nearest before `at` in its member, or at
 * the member's start. */
static int start_inflating(warc_stream *s, warc_at at) {
    const warc_checkpoint *c = checkpoint_before(s->cps, at);
    memset(s->z, 0, sizeof s->z);
    if (inflateInit2(ZS(s), c ? -MAX_WBITS : 16 + MAX_WBITS) != Z_OK) return stream_fail(s, "out of memory");
    s->z_live = true;
    if (!c) {
        s->in_offset = at.member;
        s->at = (warc_at){at.member, 0};
        return 0;
    }
    s->raw = true;
    s->crc = c->crc;
    s->in_offset = c->in;
    s->at = (warc_at){c->member, c->within};
    unsigned char before = 0;
    if (c->bits && warc_source_read(s->src, c->in - 1, &before, 1) != 1) return stream_stop(s, "the file cannot be read");
    /* (These fail only for a stream not made, or more than 16 bits primed: never here.) */
    if (c->bits) inflatePrime(ZS(s), (int)c->bits, before >> (8 - c->bits));
    inflateSetDictionary(ZS(s), (const Bytef *)c->window.data, (uInt)c->window.len);
    return 0;
}
#endif

int ws_open(warc_stream *s, const warc_source *src, bool gz, warc_at at, warc_checkpoints *cps, bool records) {
    memset(s, 0, offsetof(warc_stream, in));
    s->src = src;
    s->gz = gz;
    s->cps = cps;
    s->records = records && cps;
    s->last = -1;
    s->in_len = s->in_pos = s->out_len = s->out_pos = 0;
    s->member_ended = s->raw = false;
    s->trailer = 0;
    s->since_checkpoint = 0;
    s->z_live = false;
    if (!gz) {
        s->in_offset = at.within;
        s->at = (warc_at){0, at.within};
        return 0;
    }
#ifdef ROBOTS_CENSUS_ZLIB
    if (start_inflating(s, at)) return -1;
    const unsigned char *p;
    while (s->at.member == at.member && s->at.within < at.within && ws_take(s, &p, at.within - s->at.within)) {
    }
    return s->error ? -1 : 0;
#else
    return stream_stop(s, "a gzipped WARC file, and this robots was built without zlib (CENSUS_ZLIB=1)");
#endif
}

int ws_peek(warc_stream *s) {
    if (s->error) return -1;
    if (!s->gz) return refill(s) ? s->in[s->in_pos] : -1;
#ifdef ROBOTS_CENSUS_ZLIB
    while (s->out_pos == s->out_len) {
        if (s->member_ended ? !next_member(s) : inflate_more(s) != 0) return -1;
    }
    return s->out[s->out_pos];
#else
    return -1;
#endif
}

size_t ws_take(warc_stream *s, const unsigned char **p, uint64_t most) {
    if (most == 0 || ws_peek(s) < 0) return 0;
    unsigned char *data = s->gz ? s->out : s->in;
    size_t *pos = s->gz ? &s->out_pos : &s->in_pos, len = s->gz ? s->out_len : s->in_len;
    size_t n = len - *pos < most ? len - *pos : (size_t)most;
    *p = data + *pos;
    *pos += n;
    s->at.within += n;
    s->last = data[*pos - 1];
    return n;
}

size_t ws_take_line(warc_stream *s, const unsigned char **p, uint64_t most) {
    if (most == 0 || ws_peek(s) < 0) return 0;
    const unsigned char *data = s->gz ? s->out + s->out_pos : s->in + s->in_pos;
    size_t held = s->gz ? s->out_len - s->out_pos : s->in_len - s->in_pos;
    const unsigned char *nl = memchr(data, '\n', held < most ? held : (size_t)most);
    return ws_take(s, p, nl ? (uint64_t)(nl - data + 1) : most);
}

int ws_getc(warc_stream *s) {
    const unsigned char *p;
    return ws_take(s, &p, 1) ? *p : -1;
}

warc_at ws_tell(const warc_stream *s) { return s->at; }

void ws_close(warc_stream *s) {
#ifdef ROBOTS_CENSUS_ZLIB
    if (s->z_live) inflateEnd(ZS(s));
#endif
    s->z_live = false;
}

void warc_checkpoints_free(warc_checkpoints *c) {
    warc_checkpoint *list = (warc_checkpoint *)(void *)c->list.data;
    for (size_t i = 0; i < c->list.len / sizeof *list; i++) buf_free(&list[i].window);
    buf_free(&c->list);
    c->spacing = 0;
}
