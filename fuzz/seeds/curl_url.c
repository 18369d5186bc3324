/* curl_url.c - seeds of fuzz/targets/curl_url.c: every URL of the checks, alone. */
#include <string.h>

#include "seed_sink.h"

void seeds_curl_url(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->url) emit(s, k->url, strlen(k->url));
        if (k->robots_url) emit(s, k->robots_url, strlen(k->robots_url));
    }
}

/* One URL, a check's. */
const char *layout_curl_url(const unsigned char *d, size_t n, const seed_facts *f) {
    if (memchr(d, '\n', n)) return "more than one line";
    if (f && !fact_known(&f->urls, d, n)) return "no check's URL";
    return NULL;
}
