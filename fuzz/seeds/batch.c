/* batch.c - seeds of fuzz/targets/batch.c: every check as the request line the
 * runner sends (conformance/request.c, conformance/PROTOCOL.md), google profile. */
#include <string.h>

#include "buf.h"
#include "request.h"
#include "seed_sink.h"

void seeds_batch(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        buf b = {NULL, 0, 0};
        if (request_batch_line(&b, (long)i + 1, c->robots.len, c, &c->checks[i], ROBOTS_PROFILE_GOOGLE) ||
            buf_addc(&b, '\n'))
            s->failed = 1;
        else emit(s, b.data, b.len);
        buf_free(&b);
    }
}

/* Request lines of the batch protocol: each a JSON object. */
const char *layout_batch(const unsigned char *d, size_t n, const seed_facts *f) {
    (void)f;
    for (size_t i = 0; i < n;) {
        const unsigned char *nl = memchr(d + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - d) : n;
        if (end > i && (d[i] != '{' || d[end - 1] != '}')) return "a line that is no JSON object";
        i = end + 1;
    }
    return NULL;
}
