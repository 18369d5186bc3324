/* model.c - seeds of fuzz/targets/model.c: AGENT "\n" URL "\n" ROBOTS for every
 * allow check. */
#include "seed_sink.h"

void seeds_model(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++)
        if (c->checks[i].kind == KIND_ALLOW) emit_parts(s, "", 0, c->checks[i].agent, c->checks[i].url, &c->robots);
}

const char *layout_model(const unsigned char *d, size_t n, const seed_facts *f) {
    return layout_query_fields(d, n, f);
}
