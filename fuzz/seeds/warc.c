/* warc.c - seeds of fuzz/targets/warc.c: each case's robots.txt as a WARC file,
 * plain: a warcinfo record, the file as a 200 response, and a 301 to it from
 * another URI of the site; then the same file chunked. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "seed_sink.h"

/* One record of type `type` whose block is `head` then `body`. */
static int record(buf *b, const char *type, const char *uri, const char *head, const void *body, size_t n) {
    char h[512];
    size_t hn = strlen(head);
    int len = snprintf(h, sizeof h, "WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nContent-Length: %zu\r\n\r\n",
                       type, uri, hn + n);
    return buf_add(b, h, (size_t)len) | buf_add(b, head, hn) | buf_add(b, body, n) | buf_add(b, "\r\n\r\n", 4);
}

void seeds_warc(sink *s, const tcase *c) {
    if (!c->robots.present) return;
    const unsigned char *body = c->robots.data;
    size_t n = c->robots.len;
    buf b = {NULL, 0, 0};
    int rc = record(&b, "warcinfo", "urn:seed", "software: robots-corpus\r\n", "", 0);
    rc |= record(&b, "response", "http://seed.test/robots.txt", "HTTP/1.1 301 Moved\r\nLocation: https://seed.test/robots.txt\r\n\r\n", "", 0);
    rc |= record(&b, "response", "https://seed.test/robots.txt", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n", body, n);
    char size[32];
    snprintf(size, sizeof size, "%zx\r\n", n);
    buf chunked = {NULL, 0, 0};
    rc |= buf_add(&chunked, size, strlen(size)) | buf_add(&chunked, body, n) | buf_add(&chunked, "\r\n0\r\n\r\n", 7);
    rc |= record(&b, "response", "http://chunked.test/robots.txt", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
                 chunked.data, chunked.len);
    if (rc) s->failed = 1;
    else emit(s, b.data, b.len);
    buf_free(&chunked);
    buf_free(&b);
}

/* A WARC file: its first record's version line first. */
const char *layout_warc(const unsigned char *d, size_t n, const seed_facts *f) {
    if (f && (n < 7 || memcmp(d, "WARC/1.", 7) != 0)) return "no WARC version line first";
    return NULL;
}
