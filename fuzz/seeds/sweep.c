/* sweep.c - seeds of fuzz/targets/sweep.c: "g" or "r" (the profile), the path of an
 * allow check's URL, "\n", the case's robots.txt: for every allow check, under both
 * profiles. */
#include <string.h>

#include "buf.h"
#include "seed_sink.h"

void seeds_sweep(sink *s, const tcase *c) {
    if (!c->robots.present) return;
    for (size_t i = 0; i < c->nchecks; i++) {
        if (c->checks[i].kind != KIND_ALLOW) continue;
        char path[2048];
        const char *url = c->checks[i].url;
        size_t pl = robots_url_path(url, strlen(url), path, sizeof path);
        for (int p = 0; p < 2 && pl < sizeof path; p++) {
            buf out = {0};
            if (buf_addc(&out, "gr"[p]) | buf_add(&out, path, pl) | buf_addc(&out, '\n') |
                buf_add(&out, c->robots.data, c->robots.len))
                s->failed = 1;
            else emit(s, out.data, out.len);
            buf_free(&out);
        }
    }
}

/* The profile byte, then a path line (a URL's path: '/' first, or empty). */
const char *layout_sweep(const unsigned char *d, size_t n, const seed_facts *f) {
    if (n == 0 || (d[0] != 'g' && d[0] != 'r')) return "no profile byte ('g' or 'r') first";
    if (f && n > 1 && d[1] != '/' && d[1] != '\n') return "the path line after the profile byte is no path";
    return NULL;
}
