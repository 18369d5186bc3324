/* buf.c - a growable byte buffer. */
#include "buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const buf_allocator *allocator; /* NULL: realloc and free */

void buf_use_allocator(const buf_allocator *a) { allocator = a; }

int buf_reserve(buf *b, size_t extra) {
    if (extra <= b->cap - b->len) return 0;
    if (extra > SIZE_MAX - b->len) return -1;
    size_t need = b->len + extra;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    char *p = allocator ? allocator->realloc_fn(allocator->ctx, b->data, cap) : realloc(b->data, cap);
    if (!p) return -1;
    b->data = p;
    b->cap = cap;
    return 0;
}

int buf_add(buf *b, const void *data, size_t len) {
    if (buf_reserve(b, len)) return -1;
    if (len) memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

int buf_addc(buf *b, char c) { return buf_add(b, &c, 1); }

void buf_free(buf *b) {
    if (allocator) {
        if (b->data) allocator->free_fn(allocator->ctx, b->data);
    } else {
        free(b->data);
    }
    b->data = NULL;
    b->len = b->cap = 0;
}
