/* buf.h - a growable byte buffer, shared by the robots command and the runner. */
#ifndef ROBOTS_COMMON_BUF_H
#define ROBOTS_COMMON_BUF_H

#include <stddef.h>

typedef struct buf {
    char *data;
    size_t len;
    size_t cap;
} buf;

/* Each returns 0, or -1 when memory runs out (the buffer is then unchanged). */
int buf_reserve(buf *b, size_t extra);
int buf_add(buf *b, const void *data, size_t len);
int buf_addc(buf *b, char c);
void buf_free(buf *b);

/* The allocator of every buffer: realloc and free, unless a test installs one that
 * fails on demand, to check that running out of memory always gets a defined
 * answer. realloc_fn(ctx, NULL, n) allocates and returns NULL on failure. The
 * shape is robots_allocator's (robots.h), declared again here because common/ sits
 * below the library and includes none of it; the robots command hands one
 * allocator to both (ref/cli/allocator.c). NULL restores realloc and free. Set it
 * only while no buffer is allocated. */
typedef struct buf_allocator {
    void *(*realloc_fn)(void *ctx, void *ptr, size_t size);
    void (*free_fn)(void *ctx, void *ptr);
    void *ctx;
} buf_allocator;
void buf_use_allocator(const buf_allocator *a);

#endif
