/* seed_sink.c - writing seeds (see seed_sink.h). */
#include "seed_sink.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
