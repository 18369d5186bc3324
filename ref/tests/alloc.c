/* alloc.c - a size-tracking allocator with failure injection, for the tests. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* Each block starts with its size, so frees and resizes know what they release. */
typedef union header {
    size_t size;
    max_align_t align;
} header;

static void *counting_realloc(void *ctx, void *p, size_t n) {
    counting *c = ctx;
    c->calls++;
    if (c->fail_at && c->calls == c->fail_at) return NULL;
    header *old = p ? (header *)p - 1 : NULL;
    size_t old_size = old ? old->size : 0;
    header *h = realloc(old, sizeof(header) + n);
    if (!h) return NULL;
    h->size = n;
    c->current = c->current - old_size + n;
    if (c->current > c->peak) c->peak = c->current;
    return h + 1;
}

static void counting_free(void *ctx, void *p) {
    counting *c = ctx;
    if (!p) return;
    header *h = (header *)p - 1;
    c->current -= h->size;
    free(h);
}

robots_allocator counting_allocator(counting *c) {
    robots_allocator a = {counting_realloc, counting_free, c};
    return a;
}
