/*
 * content_coding.c - an HTTP body in a Content-Encoding, decoded as it is read
 * (content_coding.h). Decoding stops once the body holds its cap and one more
 * byte would come (the file was longer: truncated), so a body that inflates to
 * gigabytes costs what its first 500 KiB cost.
 *
 * gzip may be several members in a row, as RFC 1952 allows; deflate is zlib's
 * format as RFC 9110 says, or raw deflate, which some servers send instead (told
 * apart by zlib's two-byte header). zlib is built in with ROBOTS_CENSUS_ZLIB,
 * brotli with ROBOTS_CENSUS_BROTLI (both the Makefile's default); a coding not
 * built in is an error that says so.
 */
#include "content_coding.h"

#include <string.h>
#include <strings.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
_Static_assert(sizeof(z_stream) <= sizeof(((content_decoder *)0)->z), "content_decoder.z holds a z_stream");
#define ZS(d) ((z_stream *)(void *)(d)->z)
#endif
#ifdef ROBOTS_CENSUS_BROTLI
#include <brotli/decode.h>
#endif

#define STEP 16384 /* decoded bytes made room for at a time */

static int fail(const char **why, const char *text) {
    *why = text;
    return -1;
}

content_coding content_coding_of(const char *v, size_t n) {
    content_coding found = CODING_IDENTITY;
    for (size_t i = 0; i < n;) {
        while (i < n && (v[i] == ' ' || v[i] == '\t' || v[i] == ',')) i++;
        size_t start = i;
        while (i < n && v[i] != ',' && v[i] != ' ' && v[i] != '\t') i++;
        const char *name = v + start;
        size_t len = i - start;
        content_coding c = len == 0 ? CODING_IDENTITY
                           : (len == 4 && !strncasecmp(name, "gzip", 4)) || (len == 6 && !strncasecmp(name, "x-gzip", 6)) ? CODING_GZIP
                           : len == 7 && !strncasecmp(name, "deflate", 7) ? CODING_DEFLATE
                           : len == 2 && !strncasecmp(name, "br", 2)      ? CODING_BR
                           : len == 8 && !strncasecmp(name, "identity", 8) ? CODING_IDENTITY
                                                                          : CODING_UNKNOWN;
        if (c == CODING_IDENTITY) continue;
        /* Two codings one over the other are rare enough to be left undecoded, and said so. */
        found = found == CODING_IDENTITY ? c : CODING_UNKNOWN;
    }
    return found;
}

int content_decoder_start(content_decoder *d, content_coding coding, size_t cap, const char **why) {
    memset(d, 0, sizeof *d);
    d->coding = coding;
    d->cap = cap;
    switch (coding) {
    case CODING_IDENTITY:
        return 0;
    case CODING_GZIP:
    case CODING_DEFLATE:
#ifdef ROBOTS_CENSUS_ZLIB
        /* deflate waits for its first two bytes to say which format it is (content_decoder_feed). */
        if (coding == CODING_DEFLATE) return 0;
        d->started = true;
        return inflateInit2(ZS(d), 16 + MAX_WBITS) == Z_OK ? 0 : fail(why, "out of memory");
#else
        d->coding = CODING_IDENTITY;
        return fail(why, "a body in a Content-Encoding this robots was built without (zlib: CENSUS_ZLIB=1)");
#endif
    case CODING_BR:
#ifdef ROBOTS_CENSUS_BROTLI
        d->br = BrotliDecoderCreateInstance(NULL, NULL, NULL);
        d->started = d->br != NULL;
        return d->br ? 0 : fail(why, "out of memory");
#else
        d->coding = CODING_IDENTITY;
        return fail(why, "a body in Content-Encoding br, and this robots was built without brotli (CENSUS_BROTLI=1)");
#endif
    default:
        d->coding = CODING_IDENTITY;
        return fail(why, "a body in a Content-Encoding that is not gzip, deflate or br (or in two): not decoded");
    }
}

#if defined(ROBOTS_CENSUS_ZLIB) || defined(ROBOTS_CENSUS_BROTLI)
/* Room for the next decoded bytes: into out while it holds fewer than the cap,
 * else one spare byte, which, filled, says the body is longer (truncated). */
static unsigned char *room(content_decoder *d, buf *out, unsigned char *spare, size_t *n, const char **why) {
    size_t left = d->cap - out->len;
    if (left == 0) {
        *n = 1;
        return spare;
    }
    if (buf_reserve(out, left < STEP ? left : STEP)) {
        *why = "out of memory";
        return NULL;
    }
    *n = out->cap - out->len < left ? out->cap - out->len : left;
    return (unsigned char *)out->data + out->len;
}

/* What one step gave: added to out, or, past the cap, the end of decoding. */
static void took(content_decoder *d, buf *out, const unsigned char *to, const unsigned char *spare, size_t made) {
    if (to == spare) {
        d->truncated = d->done = made > 0;
        return;
    }
    out->len += made;
}
#endif

#ifdef ROBOTS_CENSUS_ZLIB
static int inflate_into(content_decoder *d, const unsigned char *p, size_t n, buf *out, const char **why) {
    z_stream *z = ZS(d);
    z->next_in = (Bytef *)(uintptr_t)p;
    z->avail_in = (uInt)n;
    while (!d->done) {
        if (d->ended) {
            /* Another gzip member may follow (its magic byte first); what follows a
             * deflate stream, or a gzip one and is no member (a line end a server
             * added), is no body, as browsers and crawlers read it. (Once it
             * is, content_decoder_feed takes nothing more: it is never set here
             * before.) */
            d->after = z->avail_in && (d->coding != CODING_GZIP || *z->next_in != 0x1f);
            if (z->avail_in == 0 || d->after) return 0;
            inflateReset(z);
            d->ended = false;
        }
        unsigned char spare;
        size_t space;
        unsigned char *to = room(d, out, &spare, &space, why);
        if (!to) return -1;
        uInt in_before = z->avail_in;
        z->next_out = to;
        z->avail_out = (uInt)space;
        int rc = inflate(z, Z_NO_FLUSH);
        size_t made = space - z->avail_out;
        took(d, out, to, &spare, made);
        if (rc == Z_STREAM_END) {
            d->ended = true;
            continue;
        }
        if (rc == Z_MEM_ERROR) return fail(why, "out of memory");
        if (rc != Z_OK && rc != Z_BUF_ERROR) return fail(why, "a body that does not decode as its Content-Encoding says");
        if (made < space && (z->avail_in == 0 || z->avail_in == in_before)) return 0; /* it needs more */
    }
    return 0;
}
#endif

#ifdef ROBOTS_CENSUS_BROTLI
static int unbrotli_into(content_decoder *d, const unsigned char *p, size_t n, buf *out, const char **why) {
    size_t avail_in = n;
    const uint8_t *next_in = p;
    while (!d->done) {
        unsigned char spare;
        size_t space;
        unsigned char *to = room(d, out, &spare, &space, why);
        if (!to) return -1;
        size_t avail_out = space;
        uint8_t *next_out = to;
        BrotliDecoderResult rc = BrotliDecoderDecompressStream(d->br, &avail_in, &next_in, &avail_out, &next_out, NULL);
        took(d, out, to, &spare, space - avail_out);
        if (rc == BROTLI_DECODER_RESULT_ERROR) return fail(why, "a body that does not decode as its Content-Encoding says");
        d->ended = d->after = rc == BROTLI_DECODER_RESULT_SUCCESS; /* (what follows the stream is no body) */
        if (rc != BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) return 0;
    }
    return 0;
}
#endif

int content_decoder_feed(content_decoder *d, const unsigned char *p, size_t n, buf *out, const char **why) {
    if (d->coding == CODING_IDENTITY) {
        size_t left = d->cap - out->len, keep = n < left ? n : left;
        d->truncated = d->truncated || keep < n;
        return buf_add(out, p, keep) ? fail(why, "out of memory") : 0;
    }
    /* Past the cap nothing more is decoded; past a deflate or br stream's end nothing more is body. */
    if (d->done || n == 0 || d->after) return 0;
    d->fed = true;
#ifdef ROBOTS_CENSUS_ZLIB
    if (d->coding == CODING_DEFLATE && !d->started) {
        while (d->head_len < 2 && n) {
            d->head[d->head_len++] = *p++;
            n--;
        }
        if (d->head_len < 2) return 0;
        /* zlib's header: compression method 8, and the two bytes a multiple of 31. */
        bool zlib = (d->head[0] & 0x0f) == 8 && ((d->head[0] << 8) | d->head[1]) % 31 == 0;
        if (inflateInit2(ZS(d), zlib ? MAX_WBITS : -MAX_WBITS) != Z_OK) return fail(why, "out of memory");
        d->started = true;
        unsigned char head[2] = {d->head[0], d->head[1]};
        if (inflate_into(d, head, 2, out, why)) return -1;
        return n ? inflate_into(d, p, n, out, why) : 0;
    }
    if (d->coding != CODING_BR) return inflate_into(d, p, n, out, why);
#endif
    /* What is left is br: a coding not built in was refused by content_decoder_start. */
#ifdef ROBOTS_CENSUS_BROTLI
    return unbrotli_into(d, p, n, out, why);
#else
    return fail(why, "a body in a Content-Encoding this robots was built without");
#endif
}

int content_decoder_finish(content_decoder *d, const char **why) {
    /* No body at all (a redirect's, say) is an empty one; a stream that began must have ended. */
    if (d->coding == CODING_IDENTITY || d->done || !d->fed || d->ended) return 0;
    return fail(why, "a body cut short in its Content-Encoding");
}

void content_decoder_end(content_decoder *d) {
#ifdef ROBOTS_CENSUS_ZLIB
    if (d->started && (d->coding == CODING_GZIP || d->coding == CODING_DEFLATE)) inflateEnd(ZS(d));
#endif
#ifdef ROBOTS_CENSUS_BROTLI
    if (d->br) BrotliDecoderDestroyInstance(d->br);
#endif
    d->br = NULL;
    d->started = false;
}
