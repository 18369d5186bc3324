/* punycode.c - seeds of fuzz/targets/punycode.c: the hosts of the checks' URLs, each
 * of their labels, and each label's Punycode part. */
#include <string.h>

#include "seed_sink.h"

/* The host of a URL as written (between "//" and the path; without userinfo, port
 * or brackets). */
static size_t host_of(const char *url, const char **host) {
    const char *p = strstr(url, "//");
    if (!p) return 0;
    p += 2;
    size_t n = strcspn(p, "/?#");
    const char *at = memchr(p, '@', n);
    if (at) n -= (size_t)(at + 1 - p), p = at + 1;
    if (n && p[0] == '[') return 0;
    const char *colon = memchr(p, ':', n);
    if (colon) n = (size_t)(colon - p);
    *host = p;
    return n;
}

static void host_seeds(sink *s, const char *url) {
    const char *host;
    size_t n = url ? host_of(url, &host) : 0;
    if (n) emit(s, host, n);
    for (size_t at = 0; at < n;) {
        size_t len = strcspn(host + at, ".");
        if (len > n - at) len = n - at;
        if (len) emit(s, host + at, len);
        if (len > 4 && !strncmp(host + at, "xn--", 4)) emit(s, host + at + 4, len - 4);
        at += len + 1;
    }
}

void seeds_punycode(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        host_seeds(s, c->checks[i].url);
        host_seeds(s, c->checks[i].robots_url);
    }
}

/* One host or label. */
const char *layout_punycode(const unsigned char *d, size_t n, const seed_facts *f) {
    (void)f;
    if (n == 0 || memchr(d, '\n', n)) return "not one host or label";
    return NULL;
}
