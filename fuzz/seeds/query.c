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
