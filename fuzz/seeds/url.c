/* url.c - seeds of fuzz/targets/url.c: ROBOTS_URL "\n" URL: each scope check as it
 * is, and every other check's URL twice. */
#include <string.h>

#include "seed_sink.h"

void seeds_url(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind == KIND_SCOPE) emit_parts(s, "", 0, k->robots_url, k->url, NULL);
        else if (k->url) emit_parts(s, "", 0, k->url, k->url, NULL);
    }
}

/* Two lines: a robots.txt URL and a URL (the second a check's). */
const char *layout_url(const unsigned char *d, size_t n, const seed_facts *f) {
    const unsigned char *nl = memchr(d, '\n', n);
    if (!nl) return "no second URL line";
    if (f && memchr(nl + 1, '\n', (size_t)(d + n - nl - 1))) return "more than two lines";
    if (f && !fact_known(&f->urls, nl + 1, (size_t)(d + n - nl - 1))) return "the second line is no check's URL";
    return NULL;
}
