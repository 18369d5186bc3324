/* test_census_readers.c - robots census's readers at their edges (issue 59):
 * bodies in every Content-Encoding, fed a byte at a time and whole; a WARC file
 * gzipped whole read back from thousands of checkpoints; redirects whose targets
 * are read once the file is; a file that changes or vanishes while it is read;
 * JSON Lines values past every bound; what each input states it read. Each
 * reader's other edges are in test_census.c, and every boundary of its buffer in
 * make test-census-buffers. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif
#ifdef ROBOTS_CENSUS_BROTLI
#include <brotli/encode.h>
#endif

#include "alloc.h"
#include "census.h"
#include "cli.h"
#include "cli_support.h"
#include "content_coding.h"
#include "test.h"
#include "warc_records.h"
#include "warc_stream.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static void add(buf *b, const char *text) { CHECK(buf_add(b, text, strlen(text)) == 0); }

static bool has(const proc_output *o, const char *text) { return o->data && strstr(o->data, text); }

/* A WARC record of `type` for `uri`, whose block is n bytes at `block`. */
static void record_of(buf *b, const char *type, const char *uri, const void *block, size_t n) {
    char head[400];
    int len = snprintf(head, sizeof head, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nContent-Length: %zu\r\n\r\n",
                       type, uri, n);
    CHECK(buf_add(b, head, (size_t)len) == 0 && buf_add(b, block, n) == 0 && buf_add(b, "\r\n\r\n", 4) == 0);
}

/* A response record for `uri`: an HTTP status line, headers, a body. */
static void response(buf *b, const char *uri, const char *status, const char *headers, const char *body) {
    buf block = {NULL, 0, 0};
    add(&block, "HTTP/1.1 ");
    add(&block, status);
    add(&block, "\r\n");
    add(&block, headers);
    add(&block, "\r\n");
    add(&block, body);
    record_of(b, "response", uri, block.data, block.len);
    buf_free(&block);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* Text no compressor shrinks much: so that a body's size is a member's. */
static void add_noise(buf *b, size_t n, unsigned *seed) {
    for (size_t i = 0; i < n; i++) {
        *seed = *seed * 1103515245u + 12345u;
        CHECK(buf_addc(b, (char)('a' + (*seed >> 16) % 26)) == 0);
    }
}
#endif

/* ---- Content-Encoding ------------------------------------------------------ */

/* The decoded bytes of n encoded ones, fed `step` at a time (0: all at once);
 * the decoder's answer (0, or -1 with *why) and whether it was truncated. */
static int decode(content_coding coding, const void *data, size_t n, size_t step, size_t cap, buf *out, bool *truncated,
                  const char **why) {
    content_decoder d;
    out->len = 0;
    *why = NULL;
    int rc = content_decoder_start(&d, coding, cap, why);
    const unsigned char *p = data;
    for (size_t at = 0; rc == 0 && at < n;) {
        size_t k = step && n - at > step ? step : n - at;
        rc = content_decoder_feed(&d, p + at, k, out, why);
        at += k;
    }
    if (rc == 0) rc = content_decoder_finish(&d, why);
    *truncated = d.truncated;
    content_decoder_end(&d);
    return rc;
}

static void codings_are_named_as_servers_send_them(void) {
    static const struct {
        const char *value;
        content_coding want;
    } cases[] = {
        {"gzip", CODING_GZIP},         {"X-GZIP", CODING_GZIP},       {" gzip ", CODING_GZIP},
        {"deflate", CODING_DEFLATE},   {"Deflate", CODING_DEFLATE},   {"br", CODING_BR},
        {"identity", CODING_IDENTITY}, {"", CODING_IDENTITY},         {"identity, gzip", CODING_GZIP},
        {"compress", CODING_UNKNOWN},  {"gzip, br", CODING_UNKNOWN},  {"zstd", CODING_UNKNOWN},
        {"gzip,,identity", CODING_GZIP}, {"\tgzip ,\tidentity", CODING_GZIP}, {"gzap", CODING_UNKNOWN},
        {"x-gzap", CODING_UNKNOWN},    {"deflatx", CODING_UNKNOWN},   {"bx", CODING_UNKNOWN},
        {"gzip\t,identity", CODING_GZIP}, /* a name ended by a tab */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ(content_coding_of(cases[i].value, strlen(cases[i].value)), cases[i].want);
    content_decoder d;
    const char *why = NULL;
    CHECK_EQ(content_decoder_start(&d, CODING_UNKNOWN, 100, &why), -1);
    CHECK(why && strstr(why, "not gzip, deflate or br"));
    content_decoder_end(&d);
    /* identity: the bytes as they are, to the cap. */
    buf out = {NULL, 0, 0};
    bool cut;
    CHECK_EQ(decode(CODING_IDENTITY, "user-agent: *\n", 14, 5, 10, &out, &cut, &why), 0);
    CHECK(out.len == 10 && cut && !memcmp(out.data, "user-agent", 10));
#ifndef ROBOTS_CENSUS_ZLIB
    CHECK_EQ(decode(CODING_GZIP, "x", 1, 0, 10, &out, &cut, &why), -1);
    CHECK(why && strstr(why, "built without"));
#endif
#ifndef ROBOTS_CENSUS_BROTLI
    CHECK_EQ(decode(CODING_BR, "x", 1, 0, 10, &out, &cut, &why), -1);
    CHECK(why && strstr(why, "built without brotli"));
#endif
    buf_free(&out);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* text deflated at `level` in zlib's window format `bits` (15 zlib, -15 raw, 31
 * gzip) with `mem_level` (1: blocks of about 128 symbols), added to out. */
static void deflate_as(buf *out, const void *text, size_t n, int level, int bits, int mem_level) {
    z_stream z;
    memset(&z, 0, sizeof z);
    CHECK_EQ(deflateInit2(&z, level, Z_DEFLATED, bits, mem_level, Z_DEFAULT_STRATEGY), Z_OK);
    CHECK(buf_reserve(out, deflateBound(&z, n) + 4096) == 0);
    z.next_in = (Bytef *)(uintptr_t)text;
    z.avail_in = (uInt)n;
    z.next_out = (Bytef *)out->data + out->len;
    z.avail_out = (uInt)(out->cap - out->len);
    CHECK_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out->len += z.total_out;
    deflateEnd(&z);
}

static void deflate_into(buf *out, const void *text, size_t n, int bits) { deflate_as(out, text, n, 6, bits, 8); }

/* gzip (one member and two), deflate (zlib's and raw), each whole and a byte at
 * a time, to the cap and past it; damaged and cut short bodies refused. */
static void gzip_and_deflate_bodies_decode(void) {
    static const char text[] = "user-agent: *\ndisallow: /private\n";
    buf enc = {NULL, 0, 0}, out = {NULL, 0, 0};
    bool cut;
    const char *why;
    static const struct {
        content_coding coding;
        int bits;
    } forms[] = {{CODING_GZIP, 31}, {CODING_DEFLATE, 15}, {CODING_DEFLATE, -15}};
    for (size_t f = 0; f < 3; f++) {
        enc.len = 0;
        deflate_into(&enc, text, sizeof text - 1, forms[f].bits);
        for (size_t step = 0; step <= 1; step++) {
            CHECK_EQ(decode(forms[f].coding, enc.data, enc.len, step, 1000, &out, &cut, &why), 0);
            CHECK(out.len == sizeof text - 1 && !memcmp(out.data, text, out.len) && !cut);
        }
        /* Cut short: the stream never ends. */
        CHECK_EQ(decode(forms[f].coding, enc.data, enc.len - 3, 1, 1000, &out, &cut, &why), -1);
        CHECK(why && strstr(why, "cut short"));
    }
    /* Two gzip members are one body (RFC 1952); bytes after a deflate stream are none. */
    enc.len = 0;
    deflate_into(&enc, text, sizeof text - 1, 31);
    deflate_into(&enc, text, sizeof text - 1, 31);
    CHECK_EQ(decode(CODING_GZIP, enc.data, enc.len, 7, 1000, &out, &cut, &why), 0);
    CHECK_EQ(out.len, 2 * (sizeof text - 1));
    enc.len = 0;
    deflate_into(&enc, text, sizeof text - 1, 15);
    add(&enc, "trailing");
    CHECK_EQ(decode(CODING_DEFLATE, enc.data, enc.len, 0, 1000, &out, &cut, &why), 0);
    CHECK_EQ(out.len, sizeof text - 1);
    /* Fed after the stream's end, or nothing: nothing more. */
    content_decoder d;
    out.len = 0;
    CHECK_EQ(content_decoder_start(&d, CODING_DEFLATE, 1000, &why), 0);
    CHECK(content_decoder_feed(&d, (const unsigned char *)enc.data, enc.len - 8, &out, &why) == 0 &&
          content_decoder_feed(&d, (const unsigned char *)enc.data + enc.len - 8, 8, &out, &why) == 0 &&
          content_decoder_feed(&d, (const unsigned char *)"", 0, &out, &why) == 0 && content_decoder_finish(&d, &why) == 0);
    CHECK_EQ(out.len, sizeof text - 1);
    content_decoder_end(&d);
    /* Garbage, and a one-byte deflate body, and none at all. */
    CHECK_EQ(decode(CODING_GZIP, "\x1f\x8b\x08\x00\xff\xff\xff\xff\xff\xff\xff\xff", 12, 0, 1000, &out, &cut, &why), -1);
    CHECK(why && strstr(why, "does not decode"));
    CHECK_EQ(decode(CODING_DEFLATE, "x", 1, 0, 1000, &out, &cut, &why), -1);
    CHECK_EQ(decode(CODING_GZIP, "", 0, 0, 1000, &out, &cut, &why), 0);
    CHECK_EQ(out.len, 0);
    /* Past the cap: the first `cap` bytes, and truncated, whatever came after. */
    buf big = {NULL, 0, 0};
    for (int i = 0; i < 40000; i++) add(&big, "disallow: /x\n");
    for (int bits = 15; bits <= 31; bits += 16) {
        enc.len = 0;
        deflate_into(&enc, big.data, big.len, bits);
        add(&enc, "junk past the cap is never read");
        CHECK_EQ(decode(bits == 31 ? CODING_GZIP : CODING_DEFLATE, enc.data, enc.len, 0, 512000, &out, &cut, &why), 0);
        CHECK(out.len == 512000 && cut && !memcmp(out.data, big.data, 512000));
    }
    /* Exactly the cap: all of it, not truncated. */
    enc.len = 0;
    deflate_into(&enc, big.data, 1000, 31);
    CHECK_EQ(decode(CODING_GZIP, enc.data, enc.len, 3, 1000, &out, &cut, &why), 0);
    CHECK(out.len == 1000 && !cut);
    buf_free(&big);
    buf_free(&enc);
    buf_free(&out);
}
#endif

#ifdef ROBOTS_CENSUS_BROTLI
static void br_bodies_decode(void) {
    static const char text[] = "user-agent: GPTBot\ndisallow: /\n";
    uint8_t enc[256];
    size_t n = sizeof enc;
    CHECK(BrotliEncoderCompress(5, 22, BROTLI_MODE_TEXT, sizeof text - 1, (const uint8_t *)text, &n, enc));
    buf out = {NULL, 0, 0};
    bool cut;
    const char *why;
    for (size_t step = 0; step <= 1; step++) {
        CHECK_EQ(decode(CODING_BR, enc, n, step, 1000, &out, &cut, &why), 0);
        CHECK(out.len == sizeof text - 1 && !memcmp(out.data, text, out.len));
    }
    CHECK_EQ(decode(CODING_BR, enc, n, 0, 5, &out, &cut, &why), 0);
    CHECK(out.len == 5 && cut);
    CHECK_EQ(decode(CODING_BR, enc, n - 2, 0, 1000, &out, &cut, &why), -1);
    CHECK(why && strstr(why, "cut short"));
    CHECK_EQ(decode(CODING_BR, "\xff\xff\xff\xff", 4, 0, 1000, &out, &cut, &why), -1);
    uint8_t after[300];
    memcpy(after, enc, n);
    memcpy(after + n, "more", 4);
    CHECK_EQ(decode(CODING_BR, after, n + 4, 0, 1000, &out, &cut, &why), 0); /* what follows the stream is no body */
    CHECK_EQ(out.len, sizeof text - 1);
    buf_free(&out);
}
#endif

/* ---- WARC files read in memory, with the tests' knobs ---------------------- */

/* What a reading handed over: each site's name, status and body, and the
 * visits; `shrink`, once the first site is handed over, cuts the source to
 * that many bytes (a file that changes under the census). */
typedef struct seen {
    buf text;
    size_t sites;
    warc_source *src;
    uint64_t shrink;      /* the source's size once `shrink_after` sites were handed over (0: kept) */
    size_t shrink_after;
} seen;

static int see(void *ctx, const census_site *s) {
    seen *x = ctx;
    char head[64];
    snprintf(head, sizeof head, "|%d/%u/%d/", s->status, s->redirects, s->truncated);
    CHECK(buf_add(&x->text, s->name.data, s->name.len) == 0 && buf_add(&x->text, head, strlen(head)) == 0);
    CHECK(buf_add(&x->text, s->body.data, s->body.len) == 0 && buf_add(&x->text, "\n", 2) == 0);
    x->text.len--; /* (kept a C string, for strstr) */
    x->sites++;
    if (x->shrink && x->sites == x->shrink_after) x->src->size = x->shrink;
    return 0;
}

/* census_each_warc over memory; the warnings into *warnings. */
static census_read read_memory(warc_source *src, seen *x, buf *warnings) {
    char *w = NULL;
    size_t wn = 0;
    FILE *f = open_memstream(&w, &wn);
    CHECK(f != NULL);
    census_counts counts = {.warnings = f};
    x->src = src;
    CHECK_EQ(census_each_warc(src, "memory.warc", see, x, &counts), 0);
    if (f) fclose(f);
    warnings->len = 0;
    CHECK(buf_add(warnings, w ? w : "", wn) == 0 && buf_addc(warnings, '\0') == 0);
    warnings->len--; /* (kept a C string, for strstr) */
    free(w);
    return counts.read;
}

/* Counts the sites handed over. */
static int count(void *ctx, const census_site *s) {
    (void)s;
    (*(size_t *)ctx)++;
    return 0;
}

#ifdef ROBOTS_CENSUS_ZLIB
/* A file of n sites with 2 KB bodies each; site k redirects, the ones named in
 * `to` (pairs: from, to; -1 for a 301 without Location) far ahead or behind. */
static void far_redirects(buf *all, size_t n, const int (*to)[2], size_t nto) {
    unsigned seed = 5;
    for (size_t k = 0; k < n; k++) {
        char uri[64], loc[96];
        snprintf(uri, sizeof uri, "http://f%zu.test/robots.txt", k);
        int target = -2;
        for (size_t j = 0; j < nto; j++)
            if (to[j][0] == (int)k) target = to[j][1];
        if (target == -1) {
            response(all, uri, "301 Moved", "", "");
        } else if (target >= 0) {
            snprintf(loc, sizeof loc, "Location: http://f%d.test/robots.txt\r\n", target);
            response(all, uri, "301 Moved", loc, "");
        } else {
            buf body = {NULL, 0, 0};
            char rule[64];
            snprintf(rule, sizeof rule, "user-agent: *\ndisallow: /f%zu\n# ", k);
            add(&body, rule);
            add_noise(&body, 2000, &seed);
            CHECK(buf_addc(&body, '\0') == 0);
            response(all, uri, "200 OK", "", body.data);
            buf_free(&body);
        }
    }
}

/* A file gzipped whole, several megabytes, its checkpoints every 64 bytes (past
 * WARC_CHECKPOINTS_MAX many times over: kept thinned), redirects far ahead and
 * behind, through redirects and to the last record: the sites are those of the
 * plain file, read a few bytes at a time or many. */
/* text gzipped whole into out, in deflate blocks of about 128 symbols: a block's
 * end is where a checkpoint can be, so thousands of them. */
static void gzip_small_blocks(buf *out, const buf *text) {
    out->len = 0;
    deflate_as(out, text->data, text->len, 6, 31, 1);
}

static void whole_files_thin_their_checkpoints(void) {
    static const int to[][2] = {{0, 1500}, {3, 2}, {1600, 10}, {1601, 10}, {1700, 1701}, {1701, 1999}, {1800, 1900},
                                {1900, -1}, {20, 1999}, {21, 1998}, {22, 1950}, {1950, 5}, {30, 330}, {330, 630},
                                {630, 930}, {930, 1230}, {1230, 1530}, {1530, 1830}, {40, 9999}};
    buf all = {NULL, 0, 0}, one = {NULL, 0, 0}, w = {NULL, 0, 0};
    far_redirects(&all, 2000, to, sizeof to / sizeof to[0]);
    gzip_small_blocks(&one, &all);
    seen plain = {{NULL, 0, 0}, 0, NULL, 0, 0}, gz = {{NULL, 0, 0}, 0, NULL, 0, 0}, small = {{NULL, 0, 0}, 0, NULL, 0, 0};
    warc_source a = {.fd = -1, .data = (const unsigned char *)all.data, .size = all.len};
    warc_source b = {.fd = -1, .data = (const unsigned char *)one.data, .size = one.len, .spacing = 64};
    warc_source c = {.fd = -1, .data = (const unsigned char *)one.data, .size = one.len, .spacing = 4096, .most = 3};
    census_read ra = read_memory(&a, &plain, &w), rb = read_memory(&b, &gz, &w), rc = read_memory(&c, &small, &w);
    CHECK(ra.sites == 2000 && rb.sites == 2000 && rc.sites == 2000 && !rb.incomplete && rb.bytes_read == one.len);
    CHECK(plain.text.len == gz.text.len && !memcmp(plain.text.data, gz.text.data, gz.text.len));
    CHECK(plain.text.len == small.text.len && !memcmp(plain.text.data, small.text.data, small.text.len));
    /* Far ahead, through a redirect to the last record; one without Location. */
    CHECK(strstr(gz.text.data, "http://f1700.test|200/2/0/user-agent: *\ndisallow: /f1999\n"));
    CHECK(strstr(gz.text.data, "http://f1800.test|301/1/0/\n") && strstr(w.data, "a redirect without Location"));
    CHECK(strstr(gz.text.data, "http://f1601.test|200/1/0/user-agent: *\ndisallow: /f10\n"));
    CHECK(strstr(gz.text.data, "http://f22.test|200/2/0/user-agent: *\ndisallow: /f5\n")); /* two hops, both far */
    CHECK(strstr(gz.text.data, "http://f30.test|301/5/0/\n")); /* five hops, every one far: still redirecting, a 404 */
    CHECK(strstr(gz.text.data, "http://f40.test|301/0/0/\n") && strstr(w.data, "a redirect that leads out of this file"));
    buf_free(&all);
    buf_free(&one);
    buf_free(&w);
    buf_free(&plain.text);
    buf_free(&gz.text);
    buf_free(&small.text);
}

/* A file that changes while the census reads it: a redirect's target, read
 * again once the file is, is no longer there. The site ends as a redirect not
 * followed (a warning; full allow, as a 404), never as another record's. */
static void a_file_that_changes_is_said_to(void) {
    static const int to[][2] = {{0, 1500}, {1501, 3}, {1502, 1700}};
    buf all = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0};
    far_redirects(&all, 1800, to, sizeof to / sizeof to[0]);
    for (int layout = 0; layout < 2; layout++) {
        const buf *file = &all;
        if (layout) {
            z_stream z;
            memset(&z, 0, sizeof z);
            CHECK_EQ(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);
            CHECK(buf_reserve(&gz, deflateBound(&z, all.len)) == 0);
            z.next_in = (Bytef *)all.data;
            z.avail_in = (uInt)all.len;
            z.next_out = (Bytef *)gz.data;
            z.avail_out = (uInt)gz.cap;
            CHECK_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
            gz.len = z.total_out;
            deflateEnd(&z);
            file = &gz;
        }
        /* (The source the census reads is the test's: it shrinks it once the file
         * is read, after the last site not waiting for a target far away.) */
        warc_source src = {.fd = -1, .data = (const unsigned char *)file->data, .size = file->len, .spacing = 256};
        seen x = {{NULL, 0, 0}, 0, NULL, 1000, 1800 - 3};
        census_read r = read_memory(&src, &x, &w);
        /* The three that waited: each a redirect not followed, and said so; the file itself was read whole. */
        CHECK(x.text.data && strstr(x.text.data, "http://f0.test|301/0/0/\n") && strstr(x.text.data, "http://f1501.test|301/0/0/\n"));
        CHECK(x.text.data && strstr(x.text.data, "http://f1502.test|301/0/0/\n"));
        size_t said = 0;
        for (const char *p = w.data; p && (p = strstr(p, "a redirect whose target record cannot be read again: full allow, as a 404")); p++) said++;
        CHECK_EQ(said, 3);
        CHECK(r.incomplete == NULL && r.sites == 1800);
        buf_free(&x.text);
    }
    buf_free(&all);
    buf_free(&gz);
    buf_free(&w);
}
/* Two WARC files gzipped whole, one after the other, the first with a record
 * whose length lies: the reader goes back to the liar's block from a checkpoint
 * (raw deflate), reads on past the first member's end (its trailer skipped by
 * hand) and reads the second file whole. */
static void a_liar_in_a_file_gzipped_whole(void) {
    static const int none[][2] = {{-5, -5}};
    buf first = {NULL, 0, 0}, second = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0}, part = {NULL, 0, 0};
    far_redirects(&first, 200, none, 1);
    char liar[200];
    snprintf(liar, sizeof liar, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://liar.test/robots.txt\r\n"
                                "Content-Length: 900\r\n\r\n");
    add(&first, liar);
    add(&first, "HTTP/1.1 200 OK\r\n\r\nuser-agent: *\r\n\r\n\r\n");
    response(&first, "http://after-liar.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /after\n");
    far_redirects(&second, 300, none, 1);
    gzip_small_blocks(&part, &first);
    CHECK(buf_add(&gz, part.data, part.len) == 0);
    gzip_small_blocks(&part, &second);
    CHECK(buf_add(&gz, part.data, part.len) == 0);
    warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len, .spacing = 64};
    seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read r = read_memory(&src, &x, &w);
    CHECK(w.data && strstr(w.data, "its Content-Length does not end where the record does"));
    CHECK(x.text.data && strstr(x.text.data, "http://after-liar.test|200/0/0/"));
    CHECK(r.sites == 200 + 1 + 300 && r.incomplete == NULL && r.bytes_read == gz.len);
    buf_free(&first);
    buf_free(&second);
    buf_free(&gz);
    buf_free(&w);
    buf_free(&part);
    buf_free(&x.text);
}

/* Each allocation failing in turn while a file gzipped whole is read back from
 * its checkpoints: the reading ends (out of memory) or goes on without the
 * checkpoint it could not keep, and frees all it took. */
static void checkpoints_when_memory_runs_out(void) {
    static const int to[][2] = {{0, 150}, {120, 3}};
    buf all = {NULL, 0, 0}, gz = {NULL, 0, 0};
    far_redirects(&all, 160, to, 2);
    gzip_small_blocks(&gz, &all);
    size_t total = 0, ended = 0;
    for (size_t k = 0; k == 0 || k <= total; k++) {
        counting c = {0, 0, 0, k};
        robots_allocator a = counting_allocator(&c);
        cli_use_allocator(&a);
        warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len, .spacing = 64};
        FILE *quiet = fopen("/dev/null", "w");
        census_counts counts = {.warnings = quiet};
        size_t sites = 0;
        int rc = census_each_warc(&src, "memory.warc", count, &sites, &counts);
        if (quiet) fclose(quiet);
        cli_use_allocator(NULL);
        CHECK(rc == 0 || rc == -1);
        CHECK_EQ(c.current, 0);
        if (k == 0) {
            total = c.calls;
            CHECK(rc == 0 && sites == 160);
        }
        ended += rc == -1;
    }
    CHECK(total > 100 && ended > 0);
    buf_free(&all);
    buf_free(&gz);
}

/* text as one gzip member, its deflate data stored (level 0) in blocks of a few
 * hundred bytes (checkpoints between them): a byte changed in it inflates without
 * an error, and only the member's CRC-32 tells. */
static void gzip_stored(buf *out, const void *text, size_t n) { deflate_as(out, text, n, 0, 31, 1); }

/* A damaged gzip member is never read as if whole. A member a record whose
 * bytes changed: its record dropped (a warning), the input not read right
 * (exit 3). A file gzipped whole with a byte changed: not read right, also when
 * a record whose length lies sent the reader back from a checkpoint (raw
 * deflate, whose CRC-32 the reader checks itself: it once went unchecked, and
 * the census read a damaged file as whole, exit 0). */
static void damaged_members_are_said_so(void) {
    static const int none[][2] = {{-5, -5}};
    buf all = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0};
    far_redirects(&all, 60, none, 1);
    /* A member a record, the 10th's bytes changed. */
    size_t tenth = 0;
    for (size_t at = 0, k = 0; at < all.len; k++) {
        size_t end = at + 1;
        while (end < all.len && (end + 10 > all.len || memcmp(all.data + end, "WARC/1.1\r\n", 10))) end++;
        if (k == 10) tenth = gz.len;
        gzip_stored(&gz, all.data + at, end - at);
        at = end;
    }
    gz.data[tenth + 200] ^= 0x20;
    warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len};
    seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read r = read_memory(&src, &x, &w);
    CHECK(w.data && strstr(w.data, "a gzip member fails its check (CRC-32): damaged"));
    CHECK(w.data && strstr(w.data, "a robots.txt capture inside a damaged gzip member: not a site"));
    CHECK(r.sites == 59 && x.text.data && !strstr(x.text.data, "http://f10.test|") && r.incomplete && strstr(r.incomplete, "damaged"));
    buf_free(&x.text);
    /* Gzipped whole, a byte changed near its end; then the same with a liar first. */
    for (int liar = 0; liar < 2; liar++) {
        /* (the liar half way: its block's start after checkpoints, so the reader goes back from one) */
        buf file = {NULL, 0, 0};
        CHECK(buf_add(&file, all.data, all.len / 2) == 0);
        size_t half = all.len / 2;
        while (half < all.len && memcmp(all.data + half, "WARC/1.1\r\n", 10)) CHECK(buf_addc(&file, all.data[half++]) == 0);
        if (liar)
            add(&file, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://liar.test/robots.txt\r\n"
                       "Content-Length: 900\r\n\r\nHTTP/1.1 200 OK\r\n\r\nuser-agent: *\r\n\r\n\r\n");
        CHECK(buf_add(&file, all.data + half, all.len - half) == 0);
        gz.len = 0;
        gzip_stored(&gz, file.data, file.len);
        gz.data[gz.len - 500] ^= 0x01;
        warc_source whole = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len, .spacing = 64};
        seen y = {{NULL, 0, 0}, 0, NULL, 0, 0};
        r = read_memory(&whole, &y, &w);
        CHECK(w.data && strstr(w.data, "fails its check"));
        CHECK(!liar || strstr(w.data, "its Content-Length does not end where the record does"));
        CHECK(r.incomplete && strstr(r.incomplete, "damaged"));
        buf_free(&y.text);
        buf_free(&file);
    }
    buf_free(&all);
    buf_free(&gz);
    buf_free(&w);
}

/* A body decoded while memory runs out: out of memory, said so. */
static void a_body_decoded_without_memory(void) {
    buf enc = {NULL, 0, 0}, out = {NULL, 0, 0};
    deflate_into(&enc, "user-agent: *\n", 14, 31);
    counting c = {0, 0, 0, 1};
    robots_allocator a = counting_allocator(&c);
    cli_use_allocator(&a);
    bool cut;
    const char *why;
    CHECK_EQ(decode(CODING_GZIP, enc.data, enc.len, 0, 1000, &out, &cut, &why), -1);
    buf_free(&out);
    cli_use_allocator(NULL);
    CHECK(why && !strcmp(why, "out of memory"));
    buf_free(&enc);
}
#endif

#ifdef ROBOTS_CENSUS_ZLIB
/* Deflate bodies at their edges: raw deflate whose first byte looks like zlib's
 * header (method 8) and whose two bytes are no zlib header (not a multiple of
 * 31) is read as raw deflate; two first bytes that are no deflate at all are
 * refused as soon as they come; fed once the cap is reached, or after the
 * stream's end and what followed it, the decoder takes nothing more. */
static void deflate_bodies_at_their_edges(void) {
    /* A stored block of "ab" (not final: the byte 0x08, its padding bit set), then an empty final fixed block. */
    static const unsigned char raw[] = {0x08, 0x02, 0x00, 0xfd, 0xff, 'a', 'b', 0x03, 0x00};
    buf out = {NULL, 0, 0};
    bool cut;
    const char *why;
    for (size_t step = 0; step <= 1; step++) {
        CHECK_EQ(decode(CODING_DEFLATE, raw, sizeof raw, step, 100, &out, &cut, &why), 0);
        CHECK(out.len == 2 && !memcmp(out.data, "ab", 2) && !cut);
    }
    /* Block type 3 (reserved): the first two bytes do not decode. */
    CHECK_EQ(decode(CODING_DEFLATE, "\x07\x00\x00\x00", 4, 0, 100, &out, &cut, &why), -1);
    CHECK(why && strstr(why, "does not decode"));
    /* Past the cap: more bytes are taken as nothing. */
    buf enc = {NULL, 0, 0};
    deflate_into(&enc, "user-agent: *\ndisallow: /\n", 26, 15);
    content_decoder d;
    out.len = 0;
    CHECK_EQ(content_decoder_start(&d, CODING_DEFLATE, 4, &why), 0);
    CHECK_EQ(content_decoder_feed(&d, (const unsigned char *)enc.data, enc.len - 2, &out, &why), 0);
    CHECK(out.len == 4 && d.truncated && d.done);
    CHECK_EQ(content_decoder_feed(&d, (const unsigned char *)enc.data + enc.len - 2, 2, &out, &why), 0);
    CHECK(out.len == 4 && content_decoder_finish(&d, &why) == 0);
    content_decoder_end(&d);
    /* After the stream and bytes that are no body: more bytes are no body either. */
    out.len = 0;
    CHECK_EQ(content_decoder_start(&d, CODING_DEFLATE, 100, &why), 0);
    CHECK_EQ(content_decoder_feed(&d, (const unsigned char *)enc.data, enc.len, &out, &why), 0);
    CHECK_EQ(content_decoder_feed(&d, (const unsigned char *)"\r\n", 2, &out, &why), 0);
    CHECK(d.after && out.len == 26);
    CHECK_EQ(content_decoder_feed(&d, (const unsigned char *)"more", 4, &out, &why), 0);
    CHECK(out.len == 26 && content_decoder_finish(&d, &why) == 0 && !d.truncated);
    content_decoder_end(&d);
    buf_free(&enc);
    buf_free(&out);
}
#endif

#ifdef ROBOTS_CENSUS_BROTLI
/* A br body decoded while memory runs out: out of memory, said so. */
static void a_br_body_decoded_without_memory(void) {
    static const char text[] = "user-agent: *\n";
    uint8_t enc[64];
    size_t n = sizeof enc;
    CHECK(BrotliEncoderCompress(5, 22, BROTLI_MODE_TEXT, sizeof text - 1, (const uint8_t *)text, &n, enc));
    buf out = {NULL, 0, 0};
    counting c = {0, 0, 0, 1};
    robots_allocator a = counting_allocator(&c);
    cli_use_allocator(&a);
    bool cut;
    const char *why;
    CHECK_EQ(decode(CODING_BR, enc, n, 0, 1000, &out, &cut, &why), -1);
    buf_free(&out);
    cli_use_allocator(NULL);
    CHECK(why && !strcmp(why, "out of memory"));
    CHECK_EQ(c.current, 0);
}
#endif

/* Response records a census had not met: the first of the file without
 * WARC-Target-URI; status lines that are not ("HTTP/1.1200OK", without a space;
 * a '!' among the digits; none at all in an empty block); a chunked body with no chunk; a
 * 101 (Switching Protocols, the last answer there is); and a file that ends
 * inside a header line. Each that is no site is a warning, passed over, and the
 * file cut short is said to be. */
static void response_records_at_their_edges(void) {
    buf b = {NULL, 0, 0}, w = {NULL, 0, 0};
    add(&b, "WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 19\r\n\r\nHTTP/1.1 200 OK\r\n\r\n\r\n\r\n");
    record_of(&b, "response", "http://nospace.test/robots.txt", "HTTP/1.1200OK\r\n\r\n", 17);
    record_of(&b, "response", "http://letter.test/robots.txt", "HTTP/1.1 2!0 OK\r\n\r\n", 19);
    record_of(&b, "response", "http://empty.test/robots.txt", "", 0);
    response(&b, "http://chunked.test/robots.txt", "200 OK", "Transfer-Encoding: chunked\r\n", "");
    response(&b, "http://switching.test/robots.txt", "101 Switching Protocols", "", "user-agent: *\ndisallow: /\n");
    response(&b, "http://fine.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /fine\n");
    add(&b, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://cut.test/rob");
    warc_source src = {.fd = -1, .data = (const unsigned char *)b.data, .size = b.len};
    seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read r = read_memory(&src, &x, &w);
    static const char *const said[] = {
        "record at 0: a response record without WARC-Target-URI",
        ": a response record that is not HTTP", /* three of them */
        ": a chunked body that is not",
        ": cut short: the file ends in its headers",
    };
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++)
        if (!strstr(w.data, said[i])) CHECK_STR(said[i], strlen(said[i]), "a warning of the census");
    size_t not_http = 0;
    for (const char *p = w.data; (p = strstr(p, "not HTTP")) != NULL; p++) not_http++;
    CHECK_EQ(not_http, 3);
    CHECK(x.text.data && strstr(x.text.data, "http://switching.test|101/0/0/\n"));
    CHECK(x.text.data && strstr(x.text.data, "http://fine.test|200/0/0/user-agent: *\ndisallow: /fine\n"));
    CHECK(r.sites == 2 && r.skipped == 6 && r.incomplete && strstr(r.incomplete, "cut short"));
    /* No body asked for: a 200's is not kept. */
    warc_stream *s = malloc(sizeof *s);
    buf line = {NULL, 0, 0};
    warc_record rec = {0};
    bool scanned;
    CHECK(s != NULL);
    b.len = 0;
    response(&b, "http://fine.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /fine\n");
    src = (warc_source){.fd = -1, .data = (const unsigned char *)b.data, .size = b.len};
    if (s) {
        CHECK_EQ(ws_open(s, &src, false, (warc_at){0, 0}, NULL, false), 0);
        CHECK_EQ(warc_next_record(s, &rec, &line, WARC_NO_BODY, NULL, NULL, &scanned), 1);
        CHECK(rec.robots_txt && rec.status == 200 && rec.body.len == 0);
        ws_close(s);
    }
    free(s);
    warc_record_free(&rec);
    buf_free(&line);
    buf_free(&x.text);
    buf_free(&b);
    buf_free(&w);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* The same file read with reads larger than the stream's buffers (they are
 * capped at the buffers' size) gives the same sites; a file that starts with
 * 1f but not 8b is no gzip; a gzip member read without checkpoints (none
 * kept) reads as one with them; and a file that cannot be read (a descriptor
 * open for writing only) stops the gzip stream with why. */
static void streams_at_their_edges(void) {
    buf plain = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0};
    response(&plain, "http://a.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /a\n");
    response(&plain, "http://b.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /b\n");
    deflate_into(&gz, plain.data, plain.len, 31);
    const buf *files[] = {&plain, &gz};
    for (int i = 0; i < 2; i++) {
        warc_source usual = {.fd = -1, .data = (const unsigned char *)files[i]->data, .size = files[i]->len};
        warc_source large = usual;
        large.most = (size_t)1 << 24;
        seen x = {{NULL, 0, 0}, 0, NULL, 0, 0}, y = {{NULL, 0, 0}, 0, NULL, 0, 0};
        census_read rx = read_memory(&usual, &x, &w), ry = read_memory(&large, &y, &w);
        CHECK(rx.sites == 2 && ry.sites == 2 && x.text.len == y.text.len && !memcmp(x.text.data, y.text.data, x.text.len));
        CHECK(strstr(x.text.data, "http://b.test|200/0/0/user-agent: *\ndisallow: /b\n"));
        buf_free(&x.text);
        buf_free(&y.text);
    }
    warc_source one = {.fd = -1, .data = (const unsigned char *)"\x1f\x00WARC/1.1", .size = 11};
    CHECK(!warc_source_is_gzip(&one));
    one.data = (const unsigned char *)gz.data;
    one.size = gz.len;
    CHECK(warc_source_is_gzip(&one));
    static warc_stream s;
    warc_record rec = {0};
    buf line = {NULL, 0, 0};
    bool scanned;
    CHECK_EQ(ws_open(&s, &one, true, (warc_at){0, 0}, NULL, true), 0);
    CHECK_EQ(warc_next_record(&s, &rec, &line, WARC_ROBOTS_TXT_BODIES, NULL, NULL, &scanned), 1);
    CHECK(rec.body.len == 27 && !memcmp(rec.body.data, "user-agent: *\ndisallow: /a\n", 27));
    ws_close(&s);
    const char *file = scratch_file(8, gz.data, gz.len);
    warc_source wo = {.fd = open(file, O_WRONLY), .size = gz.len};
    CHECK(wo.fd >= 0);
    CHECK_EQ(ws_open(&s, &wo, true, (warc_at){0, 0}, NULL, false), 0);
    CHECK(ws_peek(&s) == -1 && s.error && !strcmp(s.error, "the file cannot be read") && s.fatal && !s.truncated);
    ws_close(&s);
    if (wo.fd >= 0) close(wo.fd);
    warc_record_free(&rec);
    buf_free(&line);
    buf_free(&plain);
    buf_free(&gz);
    buf_free(&w);
}

/* Gzip members at their edges, one a record: bytes between two members that
 * only begin as one does (1f not followed by 8b, 1f 8b not followed by 08) are
 * a damaged member, passed over to the next real one; the last member cut in
 * half is the file cut short, the record in it lost. */
static void members_at_their_edges(void) {
    buf all = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0}, rec = {NULL, 0, 0};
    for (int k = 0; k < 4; k++) {
        char uri[64], body[64];
        snprintf(uri, sizeof uri, "http://m%d.test/robots.txt", k);
        snprintf(body, sizeof body, "user-agent: *\ndisallow: /m%d\n", k);
        rec.len = 0;
        response(&rec, uri, "200 OK", "", body);
        if (k == 2) add(&gz, "\x1f\x41\x1f\x8b\x41");
        size_t before = gz.len;
        deflate_into(&gz, rec.data, rec.len, 31);
        if (k == 3) gz.len = before + (gz.len - before) / 2;
    }
    warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len};
    seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read r = read_memory(&src, &x, &w);
    CHECK(w.data && strstr(w.data, ": not gzip data: a damaged member"));
    CHECK(w.data && strstr(w.data, ": a gzip member ends short: the file is truncated"));
    CHECK(x.text.data && strstr(x.text.data, "http://m1.test|200/0/0/") && strstr(x.text.data, "http://m2.test|200/0/0/"));
    CHECK(x.text.data && !strstr(x.text.data, "http://m3.test|"));
    CHECK(r.sites == 3 && r.incomplete != NULL);
    buf_free(&x.text);
    buf_free(&all);
    buf_free(&gz);
    buf_free(&w);
    buf_free(&rec);
}

/* Where a member cut short stops, read to its last byte: `most` bytes a read. */
static uint64_t bytes_before_the_cut(const buf *gz, size_t cut, size_t most, bool *truncated) {
    static warc_stream s;
    warc_source src = {.fd = -1, .data = (const unsigned char *)gz->data, .size = cut, .most = most};
    CHECK_EQ(ws_open(&s, &src, true, (warc_at){0, 0}, NULL, false), 0);
    while (ws_getc(&s) >= 0) {
    }
    *truncated = s.truncated;
    ws_close(&s);
    return ws_tell(&s).within;
}

/* A member cut anywhere gives the same bytes before the cut whatever the size
 * of a read: cut inside a match (a run repeated), inflate still holds bytes of
 * it when the file's bytes run out, and they come out at the end (the warc
 * fuzz target: read 1 byte a step, the cut was placed a byte early). */
static void a_member_cut_anywhere(void) {
    buf text = {NULL, 0, 0}, gz = {NULL, 0, 0};
    for (int k = 0; k < 40; k++) add(&text, k % 3 ? "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" : "user-agent: *\ndisallow: /");
    deflate_into(&gz, text.data, text.len, 31);
    size_t differ = 0;
    for (size_t cut = 11; cut + 8 < gz.len; cut++) {
        bool whole_cut, small_cut;
        uint64_t whole = bytes_before_the_cut(&gz, cut, 0, &whole_cut);
        CHECK(whole_cut && whole <= text.len);
        for (size_t most = 1; most <= 16; most++) {
            uint64_t small = bytes_before_the_cut(&gz, cut, most, &small_cut);
            differ += small != whole || !small_cut;
        }
    }
    CHECK_EQ(differ, 0);
    buf_free(&text);
    buf_free(&gz);
}

/* One gzip member a record: two sites whose redirects lead far ahead, the
 * first's target after the second's (read in file order, each from its own
 * member), and a damaged member holding a page, not a robots.txt (its records
 * dropped without a warning of a lost site, the input said to be damaged). */
static void far_targets_in_members(void) {
    buf rec = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0};
    for (int k = 0; k < 46; k++) {
        char uri[64];
        rec.len = 0;
        if (k == 0) response(&rec, "http://a.test/robots.txt", "301 Moved", "Location: http://far2.test/robots.txt\r\n", "");
        else if (k == 1) response(&rec, "http://b.test/robots.txt", "301 Moved", "Location: http://far1.test/robots.txt\r\n", "");
        else if (k == 42) response(&rec, "http://far1.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /one\n");
        else if (k == 43) response(&rec, "http://page.test/a.html", "200 OK", "", "<html>a page</html>");
        else if (k == 44) response(&rec, "http://far2.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /two\n");
        else {
            snprintf(uri, sizeof uri, "http://p%d.test/robots.txt", k);
            response(&rec, uri, "404 Not Found", "", "");
        }
        if (k == 43) {
            size_t at = gz.len;
            gzip_stored(&gz, rec.data, rec.len);
            for (size_t i = at; i + 6 <= gz.len; i++)
                if (!memcmp(gz.data + i, "a page", 6)) gz.data[i] ^= 0x20; /* "A page": only the member's CRC-32 tells */
        } else {
            deflate_into(&gz, rec.data, rec.len, 31);
        }
    }
    warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len};
    seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read r = read_memory(&src, &x, &w);
    CHECK(x.text.data && strstr(x.text.data, "http://a.test|200/1/0/user-agent: *\ndisallow: /two\n"));
    CHECK(x.text.data && strstr(x.text.data, "http://b.test|200/1/0/user-agent: *\ndisallow: /one\n"));
    CHECK(w.data && strstr(w.data, "fails its check") && !strstr(w.data, "a robots.txt capture inside a damaged gzip member"));
    CHECK(r.incomplete && strstr(r.incomplete, "damaged"));
    buf_free(&x.text);
    buf_free(&rec);
    buf_free(&gz);
    buf_free(&w);
}

/* A file gzipped whole whose trailer states a wrong length (its CRC-32 right),
 * with a record whose length lies, so that the reader goes back from a
 * checkpoint and checks the trailer by hand, three bytes a read: the member
 * is damaged, and said so, both when zlib checks it (the file read once,
 * without the liar) and when the reader does. */
static void a_trailer_whose_length_lies(void) {
    static const int none[][2] = {{-5, -5}};
    buf first = {NULL, 0, 0}, gz = {NULL, 0, 0}, w = {NULL, 0, 0};
    far_redirects(&first, 100, none, 1);
    add(&first, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://liar.test/robots.txt\r\n"
                "Content-Length: 900\r\n\r\nHTTP/1.1 200 OK\r\n\r\nuser-agent: *\r\n\r\n\r\n");
    far_redirects(&first, 30, none, 1);
    /* Without the liar first: zlib reads the trailer, and says which check failed. */
    buf plain = {NULL, 0, 0};
    far_redirects(&plain, 50, none, 1);
    gzip_small_blocks(&gz, &plain);
    gz.data[gz.len - 4] ^= 0x01; /* ISIZE, the member's length */
    warc_source whole = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len};
    seen y = {{NULL, 0, 0}, 0, NULL, 0, 0};
    census_read rw = read_memory(&whole, &y, &w);
    CHECK(w.data && strstr(w.data, "a gzip member fails its check (length): damaged"));
    CHECK(rw.sites < 50 && rw.incomplete && strstr(rw.incomplete, "damaged"));
    buf_free(&y.text);
    buf_free(&plain);
    gzip_small_blocks(&gz, &first);
    gz.data[gz.len - 4] ^= 0x01;
    for (size_t most = 0; most <= 3; most += 3) {
        warc_source src = {.fd = -1, .data = (const unsigned char *)gz.data, .size = gz.len, .spacing = 64, .most = most};
        seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
        census_read r = read_memory(&src, &x, &w);
        CHECK(w.data && strstr(w.data, "its Content-Length does not end where the record does"));
        CHECK(w.data && strstr(w.data, "a gzip member fails its check (CRC-32 or length): damaged"));
        CHECK(r.incomplete && strstr(r.incomplete, "damaged"));
        buf_free(&x.text);
    }
    buf_free(&first);
    buf_free(&gz);
    buf_free(&w);
}
#endif

/* What was read of a WARC file of several record types, on standard error and
 * in --summary's inputs: each type counted, in both. */
static void record_types_stated(void) {
    buf b = {NULL, 0, 0};
    record_of(&b, "warcinfo", "", "software: test\r\n", 16);
    response(&b, "http://a.test/robots.txt", "200 OK", "", "user-agent: *\n");
    response(&b, "http://b.test/robots.txt", "404 Not Found", "", "");
    const char *file = scratch_file(9, b.data, b.len), *summary = scratch_file(10, "", 0);
    char warc[600];
    snprintf(warc, sizeof warc, "%s.warc", file);
    CHECK_EQ(rename(file, warc), 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--summary", summary, warc));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.err, "(warc): 3 records (1 warcinfo, 2 response), 2 robots.txt responses, 2 sites"));
    proc_result_free(&r);
    FILE *f = fopen(summary, "r");
    char text[4096] = "";
    if (f) {
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = '\0';
        fclose(f);
    }
    CHECK(strstr(text, "\"kind\":\"warc\",\"records\":3,\"sites\":2,\"skipped\":0,\"robots_txt_responses\":2,"
                       "\"types\":{\"warcinfo\":1,\"response\":2},"));
    unlink(warc);
    buf_free(&b);
}

/* Records as no census met them before: a type it does not know, a robots.txt
 * capture whose URI has no host, two sites whose redirects lead to one record
 * far ahead. */
static void odd_records_and_shared_targets(void) {
    buf b = {NULL, 0, 0}, w = {NULL, 0, 0};
    record_of(&b, "bogus-type", "http://t.test/robots.txt", "x", 1);
    response(&b, "http:///robots.txt", "200 OK", "", "user-agent: *\ndisallow: /\n");
    response(&b, "http://one.test/robots.txt", "302 Found", "Location: http://far.test/robots.txt\r\n", "");
    response(&b, "http://two.test/robots.txt", "302 Found", "Location: http://far.test/robots.txt\r\n", "");
    for (int i = 0; i < 80; i++) {
        char uri[64];
        snprintf(uri, sizeof uri, "http://p%d.test/robots.txt", i);
        response(&b, uri, "404 Not Found", "", "");
    }
    response(&b, "http://far.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /far\n");
    response(&b, "http://three.test/robots.txt", "302 Found", "Location: http://p2.test/robots.txt\r\n", "");
    response(&b, "http://last.test/robots.txt", "200 OK", "Transfer-Encoding: deflate\r\n", "user-agent: *\n");
    b.len -= 4; /* the file ends with the last block: no CR LF CR LF after it */
    for (int layout = 0; layout < 2; layout++) {
        buf members = {NULL, 0, 0};
#ifdef ROBOTS_CENSUS_ZLIB
        /* One gzip member a record: the targets read again, each from its member. */
        for (size_t at = 0; layout && at < b.len;) {
            size_t end = at + 1;
            while (end < b.len && (end + 10 > b.len || memcmp(b.data + end, "WARC/1.1\r\n", 10))) end++;
            deflate_into(&members, b.data + at, end - at, 31);
            at = end;
        }
#endif
        if (layout && !members.len) break;
        const buf *file = layout ? &members : &b;
        warc_source src = {.fd = -1, .data = (const unsigned char *)file->data, .size = file->len};
        seen x = {{NULL, 0, 0}, 0, NULL, 0, 0};
        census_read r = read_memory(&src, &x, &w);
        CHECK_EQ(r.types[WARC_OTHER], 1);
        CHECK_EQ(r.skipped, 1);
        CHECK(r.incomplete == NULL);
        CHECK(w.data && strstr(w.data, "a robots.txt capture whose URI has no host: not a site"));
        CHECK(x.text.data && strstr(x.text.data, "http://one.test|200/1/0/user-agent: *\ndisallow: /far\n"));
        CHECK(x.text.data && strstr(x.text.data, "http://two.test|200/1/0/user-agent: *\ndisallow: /far\n"));
        CHECK(x.text.data && strstr(x.text.data, "http://three.test|404/1/0/\n") && strstr(x.text.data, "http://last.test|200/0/0/"));
        buf_free(&x.text);
        buf_free(&members);
    }
    buf_free(&b);
    buf_free(&w);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* Archives as a researcher met them: an interim 100 Continue before the answer
 * (passed over); a 404 whose page is labelled gzip and is not (its status
 * decides: its body is never read); a gzip body and a line end a server added
 * after it (passed over, as browsers do); a gzip body the crawler cut
 * (WARC-Truncated: what it decodes to is kept, truncated); a file whose first
 * record follows a blank line. */
static void archives_as_crawlers_left_them(void) {
    buf b = {NULL, 0, 0}, gz = {NULL, 0, 0}, block = {NULL, 0, 0};
    add(&b, "\r\n");
    response(&b, "http://continue.test/robots.txt", "100 Continue", "", "HTTP/1.1 200 OK\r\n\r\nuser-agent: *\ndisallow: /c\n");
    response(&b, "http://gone.test/robots.txt", "404 Not Found", "Content-Encoding: gzip\r\n", "<html>not gzip</html>");
    deflate_into(&gz, "user-agent: *\ndisallow: /g\n", 27, 31);
    add(&block, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n");
    CHECK(buf_add(&block, gz.data, gz.len) == 0);
    add(&block, "\n");
    record_of(&b, "response", "http://newline.test/robots.txt", block.data, block.len);
    block.len -= 1 + gz.len / 2; /* cut in the middle of its gzip */
    char head[300];
    int n = snprintf(head, sizeof head, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://cut.test/robots.txt\r\n"
                     "WARC-Truncated: length\r\nContent-Length: %zu\r\n\r\n", block.len);
    CHECK(buf_add(&b, head, (size_t)n) == 0 && buf_add(&b, block.data, block.len) == 0);
    add(&b, "\r\n\r\n");
    const char *file = scratch_file(5, b.data, b.len);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths-from-rules", "1", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "http://continue.test\tGooglebot\t/c\tfalse\t2\t"));
    CHECK(has(&r.out, "http://gone.test\tGooglebot\t/\ttrue\t0\t404\tfull-allow\t"));
    CHECK(has(&r.out, "http://newline.test\tGooglebot\t/g\tfalse\t2\t"));
    CHECK(has(&r.out, "http://cut.test\tGooglebot\t/\ttrue\t0\t\t\t0\thttp://cut.test/robots.txt\ttrue\n"));
    CHECK(has(&r.err, "4 sites (0 skipped)"));
    proc_result_free(&r);
    buf_free(&b);
    buf_free(&gz);
    buf_free(&block);
}
#endif

/* Files that are no web archives, though named or made as one: an empty
 * .warc.gz (a download that failed), an error page saved as one, a gzipped
 * JSON Lines file. Each is an input not read (exit 3), never 0 sites in silence. */
static void files_that_only_look_like_archives(void) {
    const char *dir = scratch_file(6, "", 0);
    char empty[600], page[600], lines[600];
    snprintf(empty, sizeof empty, "%s.empty.warc.gz", dir);
    snprintf(page, sizeof page, "%s.page.warc", dir);
    snprintf(lines, sizeof lines, "%s.lines.jsonl.gz", dir);
    FILE *f = fopen(empty, "w");
    if (f) fclose(f);
    f = fopen(page, "w");
    if (f) {
        fputs("<?xml version=\"1.0\"?><Error><Code>AccessDenied</Code></Error>\n", f);
        fclose(f);
    }
    f = fopen(lines, "w");
    if (f) {
#ifdef ROBOTS_CENSUS_ZLIB
        buf gz = {NULL, 0, 0};
        deflate_into(&gz, "{\"site\":\"a\",\"robots\":\"\"}\n", 26, 31);
        fwrite(gz.data, 1, gz.len, f);
        buf_free(&gz);
#else
        fputs("\x1f\x8b", f);
#endif
        fclose(f);
    }
    const char *const inputs[] = {empty, page, lines};
    for (int i = 0; i < 3; i++) {
        proc_result r = run_robots(NULL, 0, ARGS("census", inputs[i]));
        CHECK_EQ(r.status, 3);
        CHECK(has(&r.err, "NOT READ TO ITS END: "));
        CHECK(i == 2 || has(&r.err, "named as a WARC file, it does not start as one"));
        proc_result_free(&r);
        unlink(inputs[i]);
    }
    /* A --summary that cannot be written is known before the first row. */
    proc_result r = run_robots(NULL, 0, ARGS("census", "--summary", "/nonexistent/s.json", "ref/tests/census/sites"));
    CHECK(r.status == 2 && r.out.len == 0 && has(&r.err, "--summary /nonexistent/s.json"));
    proc_result_free(&r);
}

/* A warning after a progress line starts a line of its own. */
static void warnings_after_progress_start_a_line(void) {
    buf lines = {NULL, 0, 0};
    for (int i = 0; i < 1000; i++) add(&lines, "{\"site\":\"s\",\"status\":404}\n");
    add(&lines, "not json\n");
    const char *file = scratch_file(7, lines.data, lines.len);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--progress", "always", file));
    CHECK(r.status == 0 && has(&r.err, "\rrobots census: 1000 sites\nrobots census: ") && has(&r.err, ":1001: "));
    proc_result_free(&r);
    buf_free(&lines);
}

/* The bodies a reader keeps: a census, a 2xx's; the differential against
 * another WARC reader, every robots.txt response's. */
static void bodies_kept_by_status(void) {
    buf b = {NULL, 0, 0}, line = {NULL, 0, 0};
    response(&b, "http://gone.test/robots.txt", "404 Not Found", "", "<html>gone</html>");
    response(&b, "http://page.test/a.html", "404 Not Found", "", "<html>gone</html>");
    static const struct {
        warc_bodies bodies;
        size_t robots, page;
    } want[] = {{WARC_ROBOTS_TXT_BODIES, 0, 0}, {WARC_EVERY_BODY, 0, 0}, {WARC_ROBOTS_TXT_ANY_STATUS, 17, 0}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        warc_source src = {.fd = -1, .data = (const unsigned char *)b.data, .size = b.len};
        static warc_stream s;
        warc_record r = {0};
        bool scanned;
        CHECK_EQ(ws_open(&s, &src, false, (warc_at){0, 0}, NULL, false), 0);
        CHECK_EQ(warc_next_record(&s, &r, &line, want[i].bodies, NULL, NULL, &scanned), 1);
        CHECK(r.robots_txt && r.status == 404 && r.body.len == want[i].robots);
        CHECK_EQ(warc_next_record(&s, &r, &line, want[i].bodies, NULL, NULL, &scanned), 1);
        CHECK(!r.robots_txt && r.body.len == want[i].page);
        CHECK(warc_next_record(&s, &r, &line, want[i].bodies, NULL, NULL, &scanned) == 0 && scanned);
        ws_close(&s);
        warc_record_free(&r);
    }
    buf_free(&b);
    buf_free(&line);
}

/* ---- Inputs that vanish, or cannot be read ---------------------------------- */

/* An input checked, then gone before its turn: not read to its end, said so. */
static void inputs_that_vanish_are_incomplete(void) {
    const char *jsonl = scratch_file(0, "{\"site\":\"a\",\"robots\":\"\"}\n", 25);
    const char *warc = scratch_file(1, "WARC/1.1\r\n", 10);
    char dir[600];
    snprintf(dir, sizeof dir, "%s.dir", jsonl);
    CHECK_EQ(mkdir(dir, 0700), 0);
    const char *names[] = {jsonl, warc, dir};
    for (int i = 0; i < 3; i++) {
        census_input in;
        const char *why = NULL;
        CHECK_EQ(census_open_input(names[i], &in, &why), 0);
        CHECK(i == 2 ? rmdir(names[i]) == 0 : unlink(names[i]) == 0);
        census_counts counts = {0};
        size_t sites = 0;
        int saved = dup(2), null = open("/dev/null", O_WRONLY);
        dup2(null, 2); /* (the folder says why on standard error) */
        CHECK_EQ(census_each(&in, count, &sites, &counts), 0);
        dup2(saved, 2);
        close(saved);
        close(null);
        census_close_input(&in);
        CHECK_EQ(sites, 0);
        CHECK(counts.read.incomplete != NULL);
        CHECK_EQ(counts.incomplete, 1);
        CHECK_EQ(counts.read.skipped, 1);
    }
}

/* Inputs as a census may be given them: a file named .warc whose first record
 * follows spaces and a tab (the reader passes over blank lines, CR and LF, before
 * a record, not spaces: refused as not starting as a WARC file does, never read
 * as one whose first line it then calls "a gzipped file of another kind"); a
 * file that starts with 1f but not
 * 8b (no gzip: read as JSON Lines, its line refused); standard input
 * redirected from a regular file, and /dev/stdin a pipe (each read once, as
 * JSON Lines); and a socket, which is there but cannot be opened (refused
 * before the first row, exit 2, with why). */
static void inputs_as_they_are_given(void) {
    buf b = {NULL, 0, 0};
    add(&b, " \t\r\n");
    response(&b, "http://spaced.test/robots.txt", "200 OK", "", "user-agent: *\ndisallow: /\n");
    char spaced[600];
    snprintf(spaced, sizeof spaced, "%s.warc", scratch_file(11, b.data, b.len));
    CHECK_EQ(rename(scratch_file(11, b.data, b.len), spaced), 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", spaced));
    CHECK(r.status == 3 && has(&r.err, "named as a WARC file, it does not start as one") && !has(&r.err, "another kind?"));
    proc_result_free(&r);
    unlink(spaced);
    const char *odd = scratch_file(11, "\x1f\x41{}\n", 5);
    r = run_robots(NULL, 0, ARGS("census", odd));
    CHECK(r.status == 0 && has(&r.err, "(json-lines): 1 lines, 0 sites, 1 skipped"));
    proc_result_free(&r);
    static const char line[] = "{\"site\":\"piped\",\"status\":404}\n";
    const char *regular = scratch_file(11, line, sizeof line - 1);
    const char *bin = getenv("ROBOTS_BIN");
    char *argv[] = {"/bin/sh", "-c", "\"$0\" census --format tsv - < \"$1\"", (char *)(bin ? bin : "build/bin/robots"),
                    (char *)regular, NULL};
    CHECK_EQ(proc_run(argv, NULL, 0, 30.0, 1 << 16, &r), 0);
    CHECK(r.status == 0 && has(&r.out, "piped\tGooglebot\t/\ttrue\t0\t404\t") && has(&r.err, "- (json-lines): 1 lines, 1 sites"));
    proc_result_free(&r);
    r = run_robots(line, sizeof line - 1, ARGS("census", "--format", "tsv", "/dev/stdin"));
    CHECK(r.status == 0 && has(&r.out, "piped\tGooglebot\t/\ttrue\t0\t404\t"));
    proc_result_free(&r);
    char sock[600];
    snprintf(sock, sizeof sock, "%s.sock", regular);
    unlink(sock);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(sock) < sizeof addr.sun_path) {
        strcpy(addr.sun_path, sock);
        CHECK(fd >= 0 && bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0);
        r = run_robots(NULL, 0, ARGS("census", sock));
        CHECK(r.status == 2 && r.out.len == 0 && has(&r.err, ".sock: No such device or address"));
        proc_result_free(&r);
        unlink(sock);
    }
    if (fd >= 0) close(fd);
    buf_free(&b);
}

/* A folder holding a file that cannot be read (a link to /proc/self/mem: its
 * first page is never mapped) and one past 500 KiB: the first a warning and the
 * folder not read whole (exit 3), the second read to the cap. */
static void a_folder_file_that_cannot_be_read(void) {
    const char *one = scratch_file(2, "", 0);
    char dir[600], path[700];
    snprintf(dir, sizeof dir, "%s.folder", one);
    CHECK_EQ(mkdir(dir, 0700), 0);
    snprintf(path, sizeof path, "%s/unreadable.example", dir);
    CHECK_EQ(symlink("/proc/self/mem", path), 0);
    snprintf(path, sizeof path, "%s/big.example", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("user-agent: *\ndisallow: /x\n", f);
        for (int i = 0; i < 600000; i++) fputc('#', f);
        fputs("\ndisallow: /\n", f);
        fclose(f);
    }
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", dir));
    CHECK_EQ(r.status, 3);
    CHECK(has(&r.err, "/unreadable.example: ") && has(&r.err, "NOT READ TO ITS END: a file of the folder cannot be read"));
    CHECK(has(&r.out, "big.example\tGooglebot\t/\ttrue\t0\t\t\t0\t\ttrue\n"));
    proc_result_free(&r);
    unlink(path);
    snprintf(path, sizeof path, "%s/unreadable.example", dir);
    unlink(path);
    CHECK_EQ(rmdir(dir), 0);
}

/* A JSON Lines file whose reading fails (a folder's descriptor: EISDIR). */
static void a_json_lines_read_that_fails(void) {
    int fd = open(".", O_RDONLY | O_DIRECTORY);
    CHECK(fd >= 0);
    census_counts counts = {0};
    size_t sites = 0;
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    CHECK_EQ(census_each_line(fd, ".", NULL, 0, count, &sites, &counts), 0);
    dup2(saved, 2);
    close(saved);
    close(null);
    close(fd);
    CHECK(counts.read.incomplete && strstr(counts.read.incomplete, "cannot be read"));
}

/* robots values past every bound: escapes of every kind (a surrogate pair
 * among them), multi-byte UTF-8, more than 4 MB of them: the first 500 KiB
 * kept, cut between characters, truncated; base64 the same; a final_uri that is
 * not a string refused. */
static void json_lines_values_past_their_bounds(void) {
    buf lines = {NULL, 0, 0};
    add(&lines, "{\"site\":\"escaped\",\"final_uri\":\"http://e.test/robots.txt\",\"robots\":\"user-agent: *\\ndisallow: /\\u00e9\\ud83d\\ude00");
    for (int i = 0; i < 1000000; i++) add(&lines, i % 3 ? "\\u0041" : "\xc3\xa9");
    add(&lines, "\"}\n{\"site\":\"b64\",\"robots_base64\":\"");
    for (int i = 0; i < 240000; i++) add(&lines, "QUJD");
    add(&lines, "\"}\n{\"site\":\"bad\",\"final_uri\":5,\"robots\":\"\"}\n");
    const char *file = scratch_file(3, lines.data, lines.len);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "escaped\tGooglebot\t/\ttrue\t0\t\t\t0\thttp://e.test/robots.txt\ttrue\n"));
    CHECK(has(&r.out, "b64\tGooglebot\t/\ttrue\t0\t\t\t0\t\ttrue\n"));
    CHECK(has(&r.err, ":3: \"final_uri\" must be a string"));
    proc_result_free(&r);
    buf_free(&lines);
}

/* Lines of every shape a JSON Lines writer makes: keys longer than any the reader
 * knows, robots named inside nested values (not the site's), escapes in both
 * cases, UTF-8 of every length; and the values it refuses, each with why. */
static void json_lines_of_every_shape(void) {
    static const char lines[] =
        "{\"site\":\"long-key\",\"a_key_longer_than_sixteen_bytes\":\"x\",\"robots\":\"user-agent: *\\ndisallow: /k\"}\n"
        "{\"site\":\"nested\",\"other\":[{\"robots\":\"not this\"},\"s\",{\"a\":{\"robots\":\"x\"}}],\"robots\":\"user-agent: *\\ndisallow: /n\"}\n"
        "{\"site\":\"hex\",\"robots\":\"user-agent: *\\ndisallow: /\\u00E9\\u00e9\\u00Ff\"}\n"
        "{\"site\":\"utf8\",\"robots\":\"user-agent: *\\ndisallow: /\xf0\x9d\x84\x9e\xc3\xa9\xe4\xb8\xad\"}\n"
        "{\"site\":\"s1\",\"status\":12345678901}\n"
        "{\"site\":\"s2\",\"status\":\"200\"}\n"
        "{\"site\":\"s3\",\"status\":700}\n"
        "{\"site\":\"s4\",\"status\":-5}\n"
        "{\"site\":\"lone\",\"robots\":\"\\ud800\"}\n"
        "{\"site\":\"lone64\",\"robots_base64\":\"\\ud800\"}\n"
        "{\"site\":\"bad64\",\"robots_base64\":\"!!!!\"}\n"
        "{\"site\":\"r\",\"redirects\":\"2\"}\n";
    const char *file = scratch_file(4, lines, sizeof lines - 1);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths-from-rules", "1", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "long-key\tGooglebot\t/k\tfalse") && has(&r.out, "nested\tGooglebot\t/n\tfalse"));
    /* (the paths made from the rules, percent-encoded as the library writes them) */
    CHECK(has(&r.out, "hex\tGooglebot\t/%C3%A9%C3%A9%C3%BF\tfalse"));
    CHECK(has(&r.out, "utf8\tGooglebot\t/%F0%9D%84%9E%C3%A9%E4%B8%AD\tfalse"));
    static const char *const refused[] = {
        ":5: \"status\" must be", ":6: \"status\" must be", ":7: \"status\" must be", ":8: \"status\" must be",
        ":9: \"robots\" is no JSON string (an escape that is none, or half a surrogate pair)",
        ":10: \"robots_base64\" is no JSON string", ":11: ", ":12: \"redirects\" must be"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (!has(&r.err, refused[i])) CHECK_STR(refused[i], strlen(refused[i]), "a warning of the census");
    CHECK(has(&r.err, "4 sites (8 skipped)"));
    proc_result_free(&r);
}

/* Keys and values that only look like those the reader knows: keys of the
 * lengths of "site", "final_uri", "robots" and "robots_base64" that are other
 * keys (passed over); a status string as long as "network-error" that is not
 * it, and a status in exponent form (refused); \u escapes in robots whose
 * digits are not hex (refused, as no JSON string); an empty robots_base64 (an
 * empty file, allowed); and a robots_base64 past the bytes kept of it (its
 * first 500 KiB decoded, truncated). */
static void json_lines_that_only_look_alike(void) {
    buf lines = {NULL, 0, 0};
    add(&lines, "{\"site\":\"lookalikes\",\"note\":\"x\",\"something\":1,\"robotz\":\"x\",\"robots_base65\":\"x\","
                "\"robots\":\"user-agent: *\\ndisallow: /l\"}\n");
    add(&lines, "{\"site\":\"s1\",\"status\":\"network-errox\"}\n");
    add(&lines, "{\"site\":\"s2\",\"status\":2e2}\n");
    add(&lines, "{\"site\":\"h1\",\"robots\":\"\\u00zz\"}\n");
    add(&lines, "{\"site\":\"h2\",\"robots\":\"\\u00!!\"}\n");
    add(&lines, "{\"site\":\"empty64\",\"robots_base64\":\"\"}\n");
    add(&lines, "{\"site\":\"big64\",\"robots_base64\":\"");
    for (int i = 0; i < 1100000; i++) add(&lines, "QUJD");
    add(&lines, "\"}\n");
    const char *file = scratch_file(3, lines.data, lines.len);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths-from-rules", "1", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "lookalikes\tGooglebot\t/l\tfalse\t2\t"));
    CHECK(has(&r.out, "empty64\tGooglebot\t/\ttrue\t0\t\t\t0\t\tfalse\n"));
    CHECK(has(&r.out, "big64\tGooglebot\t/\ttrue\t0\t\t\t0\t\ttrue\n"));
    CHECK(has(&r.err, ":2: \"status\" must be an HTTP status") && has(&r.err, ":3: \"status\" must be an HTTP status"));
    CHECK(has(&r.err, ":4: \"robots\" is no JSON string") && has(&r.err, ":5: \"robots\" is no JSON string"));
    CHECK(has(&r.err, "3 sites (4 skipped)"));
    proc_result_free(&r);
    buf_free(&lines);
}

/* ---- What was read -------------------------------------------------------- */

/* More reasons than kept: the rest counted as other reasons; each kind's JSON. */
static void reasons_past_those_kept(void) {
    census_counts counts = {0};
    static char reasons[40][32];
    for (int i = 0; i < 40; i++) {
        snprintf(reasons[i], sizeof reasons[i], "reason %d", i);
        census_skip(&counts, reasons[i]);
    }
    census_skip(&counts, "reason 3");
    CHECK_EQ(counts.read.nreasons, CENSUS_REASONS);
    CHECK_EQ(counts.read.other_reasons, 40 - CENSUS_REASONS);
    CHECK_EQ(counts.read.reasons[3].n, 2);
    counts.read.kind = "folder";
    counts.read.not_regular = 2;
    buf json = {NULL, 0, 0};
    CHECK_EQ(census_input_json(&json, "dir", &counts.read), 0);
    counts.read.kind = "warc-gzip";
    counts.read.types[WARC_RESPONSE] = 4;
    counts.read.incomplete = "cut";
    CHECK_EQ(census_input_json(&json, "w.warc.gz", &counts.read), 0);
    CHECK_EQ(buf_addc(&json, '\0'), 0);
    CHECK(strstr(json.data, "{\"input\":\"dir\",\"kind\":\"folder\",\"records\":0,\"sites\":0,\"skipped\":41,\"not_regular\":2,"
                            "\"skipped_by_reason\":[{\"reason\":\"reason 0\",\"count\":1},"));
    CHECK(strstr(json.data, "],\"other_reasons\":8,\"bytes_read\":0,\"bytes\":0,\"complete\":true},{\"input\":\"w.warc.gz\""));
    CHECK(strstr(json.data, "\"robots_txt_responses\":0,\"types\":{\"response\":4},"));
    CHECK(strstr(json.data, "\"complete\":false,\"incomplete\":\"cut\"}"));
    buf_free(&json);
}

const test_suite suite_census_readers = {"census-readers", (const test_case[]){
    {"codings are named as servers send them", codings_are_named_as_servers_send_them},
#ifdef ROBOTS_CENSUS_ZLIB
    {"gzip and deflate bodies decode, to the cap", gzip_and_deflate_bodies_decode},
    {"a WARC gzipped whole thins its checkpoints", whole_files_thin_their_checkpoints},
    {"a file that changes under the census is said to", a_file_that_changes_is_said_to},
    {"a liar in a file gzipped whole, another file after it", a_liar_in_a_file_gzipped_whole},
    {"checkpoints when memory runs out", checkpoints_when_memory_runs_out},
    {"damaged gzip members are said so", damaged_members_are_said_so},
    {"a body decoded without memory", a_body_decoded_without_memory},
#endif
#ifdef ROBOTS_CENSUS_BROTLI
    {"br bodies decode, to the cap", br_bodies_decode},
#endif
    {"odd records, and two redirects to one record", odd_records_and_shared_targets},
    {"response records at their edges", response_records_at_their_edges},
    {"record types stated", record_types_stated},
#ifdef ROBOTS_CENSUS_ZLIB
    {"deflate bodies at their edges", deflate_bodies_at_their_edges},
    {"streams at their edges", streams_at_their_edges},
    {"gzip members at their edges", members_at_their_edges},
    {"a member cut anywhere reads alike at every read size", a_member_cut_anywhere},
    {"a trailer whose length lies", a_trailer_whose_length_lies},
    {"far targets in members of their own", far_targets_in_members},
#endif
#ifdef ROBOTS_CENSUS_BROTLI
    {"a br body decoded without memory", a_br_body_decoded_without_memory},
#endif
#ifdef ROBOTS_CENSUS_ZLIB
    {"archives as crawlers left them", archives_as_crawlers_left_them},
#endif
    {"files that only look like archives", files_that_only_look_like_archives},
    {"bodies kept by status", bodies_kept_by_status},
    {"warnings after a progress line start a line", warnings_after_progress_start_a_line},
    {"inputs that vanish are not read to their end", inputs_that_vanish_are_incomplete},
    {"inputs as they are given", inputs_as_they_are_given},
    {"a folder's file that cannot be read", a_folder_file_that_cannot_be_read},
    {"a JSON Lines read that fails", a_json_lines_read_that_fails},
    {"JSON Lines values past their bounds", json_lines_values_past_their_bounds},
    {"JSON Lines of every shape", json_lines_of_every_shape},
    {"JSON Lines that only look alike", json_lines_that_only_look_alike},
    {"reasons past those kept", reasons_past_those_kept},
    {NULL, NULL}}};
