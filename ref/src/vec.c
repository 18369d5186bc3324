/*
 * vec.c - growable arrays. Every byte a rule set owns is allocated here, through
 * the caller's allocator, so one failure path covers all of them: the first
 * failed allocation marks the rule set failed and robots_parse returns NULL.
 */
#include <stddef.h>
#include <string.h>

#include "internal.h"

/* Arena pieces keep the alignment of any element type. */
#define ARENA_ALIGN (_Alignof(max_align_t))

static void *arena_take(robots_rules *r, size_t bytes) {
    size_t rounded = (bytes + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
    if (rounded < bytes || rounded > r->arena_left) return NULL;
    void *p = r->arena;
    r->arena += rounded;
    r->arena_left -= rounded;
    return p;
}

bool vec_grow(robots_rules *r, vec *v, size_t elem, size_t extra) {
    size_t most = SIZE_MAX / elem; /* the most elements whose size a size_t holds */
    if (extra > most - v->len) goto fail;
    size_t need = v->len + extra;
    /* Doubling keeps appends amortised O(1); a first push makes room for 16, which
     * avoids many tiny steps. A reservation of more gets what it asks for. */
    size_t cap = v->cap <= most / 2 ? v->cap * 2 : most;
    if (extra == 1 && cap < 16) cap = 16;
    if (cap < need) cap = need;
    void *p = v->data ? NULL : arena_take(r, cap * elem);
    if (p) {
        v->data = p;
        v->cap = cap;
        return true;
    }
    if (v->own) {
        p = r->alloc.realloc_fn(r->alloc.ctx, v->data, cap * elem);
    } else {
        /* Out of the arena: the elements so far move to a block of their own. */
        p = r->alloc.realloc_fn(r->alloc.ctx, NULL, cap * elem);
        if (p && v->len) memcpy(p, v->data, v->len * elem);
    }
    if (!p) goto fail;
    v->data = p;
    v->cap = cap;
    v->own = true;
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
