/* query.c - seeds of fuzz/targets/query.c: "P" AGENT "\n" URL "\n" ROBOTS for every
 * allow check, under each profile (P "g": google, "r": rfc9309). */
#include "seed_sink.h"

void seeds_query(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind != KIND_ALLOW) continue;
        emit_parts(s, "g", 1, k->agent, k->url, &c->robots);
        emit_parts(s, "r", 1, k->agent, k->url, &c->robots);
    }
}

/* The profile byte first, as these seeds write it ('g' or 'r'; the target takes
 * any byte), then the agent line: an agent line of its own would lose its first
 * byte to the profile. */
const char *layout_query(const unsigned char *d, size_t n, const seed_facts *f) {
    if (n == 0 || (d[0] != 'g' && d[0] != 'r')) return "no profile byte ('g' or 'r') first";
    return layout_query_fields(d + 1, n - 1, f);
}
