/* url.c - seeds of fuzz/targets/url.c: ROBOTS_URL "\n" URL: each scope check as it
 * is, and every other check's URL twice. */
#include "seed_sink.h"

void seeds_url(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind == KIND_SCOPE) emit_parts(s, "", 0, k->robots_url, k->url, NULL);
        else if (k->url) emit_parts(s, "", 0, k->url, k->url, NULL);
    }
}
