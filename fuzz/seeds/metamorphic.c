/* metamorphic.c - seeds of fuzz/targets/metamorphic.c: T AGENT "\n" URL "\n" ROBOTS
 * for every allow check, T the transformation (0-7). */
#include <string.h>

#include "seed_sink.h"

void seeds_metamorphic(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind != KIND_ALLOW) continue;
        /* A case's checks take the transformations in turn, from a point set by the
         * case's id: every transformation gets seeds, and adding a case leaves the
         * other cases' seeds as they were. */
        char t = (char)((fnv1a(c->id, strlen(c->id)) + i) % 8);
        emit_parts(s, &t, 1, k->agent, k->url, &c->robots);
    }
}

/* The transformation's byte first (0-7 as these seeds write it), then the agent
 * line. */
const char *layout_metamorphic(const unsigned char *d, size_t n, const seed_facts *f) {
    if (n == 0 || (f && d[0] > 7)) return "no transformation byte (0-7) first";
    return layout_query_fields(d + 1, n - 1, f);
}
