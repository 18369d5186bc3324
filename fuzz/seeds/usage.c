/* usage.c - seeds of fuzz/targets/usage.c: CATEGORY "\n" AGENT "\n" URL "\n"
 * ROBOTS for every usage and signal check. */
#include <string.h>

#include "seed_sink.h"

void seeds_usage(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind != KIND_USAGE && k->kind != KIND_SIGNAL) continue;
        char prefix[256];
        size_t n = strlen(k->category);
        if (n >= sizeof prefix) continue;
        memcpy(prefix, k->category, n);
        prefix[n++] = '\n';
        emit_parts(s, prefix, n, k->agent, k->url, &c->robots);
    }
}

/* The category line, then the agent line. */
const char *layout_usage(const unsigned char *d, size_t n, const seed_facts *f) {
    const unsigned char *nl = memchr(d, '\n', n);
    if (!nl) return "no agent line after the category line";
    if (f && !fact_known(&f->categories, d, (size_t)(nl - d))) return "the first line is no check's category";
    return layout_query_fields(nl + 1, (size_t)(d + n - nl - 1), f);
}
