/* seed_sink.c - writing seeds (see seed_sink.h). */
#include "seed_sink.h"

#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../common.h"
#include "buf.h"

unsigned long long fnv1a(const void *data, size_t n) {
    const unsigned char *p = data;
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

void emit(sink *s, const void *data, size_t n) {
    if (n > SEED_MAX || s->failed) return;
    char path[4200];
    snprintf(path, sizeof path, "%s/%016llx", s->dir, fnv1a(data, n));
    if (access(path, F_OK) == 0) return;
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0) {
        fprintf(stderr, "robots-corpus: cannot write %s: %s\n", path, strerror(errno));
        s->failed = 1;
        return;
    }
    s->written++;
}

void emit_parts(sink *s, const char *prefix, size_t prefix_len, const char *a, const char *b,
                const robots_body *body) {
    buf out = {0};
    int rc = buf_add(&out, prefix, prefix_len) | buf_add(&out, a, strlen(a)) | buf_addc(&out, '\n') |
             buf_add(&out, b, strlen(b));
    if (body && body->present) rc |= buf_addc(&out, '\n') | buf_add(&out, body->data, body->len);
    if (rc == 0) emit(s, out.data, out.len);
    else s->failed = 1;
    buf_free(&out);
}

int fact_known(const fact_set *set, const void *s, size_t n) {
    size_t lo = 0, hi = set->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *item = set->items[mid];
        size_t len = strlen(item);
        int c = memcmp(item, s, len < n ? len : n);
        if (c == 0) c = len < n ? -1 : len > n ? 1 : 0;
        if (c == 0) return 1;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

const char *layout_query_fields(const unsigned char *d, size_t n, const seed_facts *f) {
    if (!memchr(d, '\n', n)) return "no URL line after the agent line";
    query_input q;
    split_query(d, n, &q);
    if (!f) return NULL;
    if (!fact_known(&f->agents, q.agent, q.agent_len)) {
        /* The mistake issue 63 found: a profile byte before the agent. */
        if (q.agent_len > 1 && (q.agent[0] == 'g' || q.agent[0] == 'r') &&
            fact_known(&f->agents, q.agent + 1, q.agent_len - 1))
            return "the first line is a profile byte and an agent (the query target's layout), not an agent";
        return "the agent line is no check's agent";
    }
    if (!fact_known(&f->urls, q.url, q.url_len)) return "the URL line is no check's URL";
    return NULL;
}
