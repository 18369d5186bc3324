/* google_diff.c - seeds of fuzz/google/google_diff.c: AGENT "\n" URL "\n" ROBOTS for
 * every allow check, the layout the target reads (common.h's split_query), with no
 * profile byte first: google_diff asks only the google profile. These are the
 * query target's seeds with their profile byte dropped (both profiles' seeds of a
 * check become one); until issue 63 corpus/google_diff was the query corpus itself,
 * so every seed asked for an agent "gFooBot" or "rFooBot". */
#include <string.h>

#include "seed_sink.h"

void seeds_google_diff(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++)
        if (c->checks[i].kind == KIND_ALLOW) emit_parts(s, "", 0, c->checks[i].agent, c->checks[i].url, &c->robots);
}

/* The first line is an agent, not a profile byte and an agent. */
const char *layout_google_diff(const unsigned char *d, size_t n, const seed_facts *f) {
    return layout_query_fields(d, n, f);
}
