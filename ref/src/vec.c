/*
 * vec.c - growable arrays. Every byte a rule set owns is allocated here, through
 * the caller's allocator, so one failure path covers all of them: the first
 * failed allocation marks the rule set failed and robots_parse returns NULL.
 */
#include <string.h>

#include "internal.h"

bool vec_reserve(robots_rules *r, vec *v, size_t elem, size_t extra) {
    if (r->failed) return false;
    if (extra <= v->cap - v->len) return true;
    size_t need = v->len + extra;
    if (need < v->len || need > SIZE_MAX / elem) goto fail;
    /* Doubling keeps appends amortised O(1); 16 avoids many tiny steps. */
    size_t cap = v->cap ? v->cap : 16;
    while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (cap > SIZE_MAX / elem) cap = need;
    void *p = r->alloc.realloc_fn(r->alloc.ctx, v->data, cap * elem);
    if (!p) goto fail;
    v->data = p;
    v->cap = cap;
    return true;
fail:
    r->failed = true;
    return false;
}

void *vec_push_slow(robots_rules *r, vec *v, size_t elem) {
    if (!vec_reserve(r, v, elem, 1)) return NULL;
    void *slot = (char *)v->data + v->len * elem;
    memset(slot, 0, elem);
    v->len++;
    return slot;
}

void vec_release(robots_rules *r, vec *v) {
    if (v->data) r->alloc.free_fn(r->alloc.ctx, v->data);
    v->data = NULL;
    v->len = v->cap = 0;
}

size_t bytes_append(robots_rules *r, const void *data, size_t len) {
    size_t off = r->bytes.len;
    if (!vec_reserve(r, &r->bytes, 1, len)) return 0;
    if (len) memcpy((unsigned char *)r->bytes.data + off, data, len);
    r->bytes.len += len;
    return off;
}

size_t bytes_append_stored(robots_rules *r, size_t off, size_t len) {
    size_t at = r->bytes.len;
    if (!vec_reserve(r, &r->bytes, 1, len)) return 0;
    unsigned char *base = r->bytes.data;
    memmove(base + at, base + off, len);
    r->bytes.len += len;
    return at;
}
