/*
 * warc_stream.c - the bytes of a WARC file, plain or gzipped (warc_stream.h).
 *
 * A gzipped WARC is a run of gzip members, one a record as archives write them
 * (ISO 28500 annex D): a record's place is the offset of its member and the
 * offset within the member's bytes, so a reader can go back to any record by
 * seeking to its member, without inflating the file from its start. zlib inflates
 * (built with ROBOTS_CENSUS_ZLIB, the default of the Makefile; without it a
 * gzipped file is an error the census reports, and a plain one reads as well).
 */
#include "warc_stream.h"

#include <string.h>
#include <sys/types.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
_Static_assert(sizeof(z_stream) <= sizeof(((warc_stream *)0)->z), "warc_stream.z holds a z_stream");
#define ZS(s) ((z_stream *)(void *)(s)->z)
#endif

bool warc_is_gzip(FILE *f) {
    unsigned char magic[2] = {0, 0};
    rewind(f);
    size_t n = fread(magic, 1, 2, f);
    rewind(f);
    return n == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

static int stream_fail(warc_stream *s, const char *why) {
    s->error = why;
    return -1;
}

/* More of the file's own bytes into s->in; false at its end or on an error. */
static bool refill(warc_stream *s) {
    if (s->in_pos < s->in_len) return true;
    s->in_offset += s->in_len;
    /* Another stream may have moved the FILE (a redirect's target was read): seek first. */
    s->in_len = fseeko(s->f, (off_t)s->in_offset, SEEK_SET) == 0 ? fread(s->in, 1, sizeof s->in, s->f) : 0;
    s->in_pos = 0;
    if (s->in_len == 0 && ferror(s->f)) s->error = "the file cannot be read";
    return s->in_len > 0;
}

#ifdef ROBOTS_CENSUS_ZLIB
/* More of the member's bytes into s->out: 0, or -1 with s->error set. */
static int inflate_more(warc_stream *s) {
    z_stream *z = ZS(s);
    if (!refill(s)) return stream_fail(s, s->error ? s->error : "a gzip member ends short: the file is truncated");
    z->next_in = s->in + s->in_pos;
    z->avail_in = (uInt)(s->in_len - s->in_pos);
    z->next_out = s->out;
    z->avail_out = (uInt)sizeof s->out;
    int rc = inflate(z, Z_NO_FLUSH);
    s->in_pos = s->in_len - z->avail_in;
    s->out_pos = 0;
    s->out_len = sizeof s->out - z->avail_out;
    if (rc == Z_STREAM_END) {
        s->member_ended = true;
        s->next_member = s->in_offset + s->in_pos;
    } else if (rc != Z_OK) {
        return stream_fail(s, rc == Z_MEM_ERROR ? "out of memory" : "not gzip data: a damaged member");
    }
    return 0;
}

/* Once a member's last byte is read, the place is the next member's start. */
static void next_member(warc_stream *s) {
    if (!s->member_ended || s->out_pos < s->out_len || !refill(s)) return;
    inflateReset(ZS(s));
    s->member_ended = false;
    s->at.member = s->next_member;
    s->at.within = 0;
}
#endif

int ws_open(warc_stream *s, FILE *f, bool gz, warc_at at) {
    memset(s, 0, offsetof(warc_stream, in));
    s->f = f;
    s->gz = gz;
    s->in_len = s->in_pos = s->out_len = s->out_pos = 0;
    s->member_ended = false;
    s->in_offset = gz ? at.member : at.within;
    s->at = gz ? (warc_at){at.member, 0} : at;
    /* A redirect goes back to its target: the file must be one a reader can seek in. */
    if (fseeko(f, (off_t)s->in_offset, SEEK_SET) != 0) return stream_fail(s, "not a file one can seek in (a pipe?)");
    if (!gz) return 0;
#ifdef ROBOTS_CENSUS_ZLIB
    memset(s->z, 0, sizeof s->z);
    if (inflateInit2(ZS(s), 16 + MAX_WBITS) != Z_OK) return stream_fail(s, "out of memory");
    s->z_live = true;
    while (s->at.member == at.member && s->at.within < at.within && ws_getc(s) >= 0) {
    }
    return s->error ? -1 : 0;
#else
    return stream_fail(s, "a gzipped WARC file, and this robots was built without zlib (CENSUS_ZLIB=1)");
#endif
}

int ws_getc(warc_stream *s) {
    if (!s->gz) {
        if (!refill(s)) return -1;
        s->at.within++;
        return s->last = s->in[s->in_pos++];
    }
#ifdef ROBOTS_CENSUS_ZLIB
    while (s->out_pos == s->out_len) {
        if (s->member_ended) return -1; /* next_member found no more */
        if (inflate_more(s)) return -1;
    }
    s->at.within++;
    s->last = s->out[s->out_pos++];
    next_member(s);
    return s->last;
#else
    return -1;
#endif
}

size_t ws_take(warc_stream *s, const unsigned char **p, uint64_t most) {
    if (most == 0 || ws_getc(s) < 0) return 0; /* (ws_getc refills or inflates when the buffer is empty) */
    unsigned char *data = s->gz ? s->out : s->in;
    size_t *pos = s->gz ? &s->out_pos : &s->in_pos, len = s->gz ? s->out_len : s->in_len;
    size_t n = len - *pos < most - 1 ? len - *pos : (size_t)(most - 1);
    *p = data + *pos - 1;
    *pos += n;
    s->at.within += n;
    s->last = (*p)[n];
#ifdef ROBOTS_CENSUS_ZLIB
    if (s->gz) next_member(s);
#endif
    return n + 1;
}

warc_at ws_tell(const warc_stream *s) { return s->at; }

void ws_close(warc_stream *s) {
#ifdef ROBOTS_CENSUS_ZLIB
    if (s->z_live) inflateEnd(ZS(s));
#endif
    s->z_live = false;
}
