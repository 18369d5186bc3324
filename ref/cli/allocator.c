/* allocator.c - one allocator for everything the robots command allocates: the
 * library's parses (robots_options.allocator) and common/'s buffers. The two
 * layers declare the same shape separately, since common/ sits below the library
 * and does not include robots.h; this is the one place that knows both. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"

static const robots_allocator *current; /* NULL: realloc and free */
static buf_allocator for_buffers;

void cli_use_allocator(const robots_allocator *a) {
    current = a;
    if (a) {
        for_buffers = (buf_allocator){a->realloc_fn, a->free_fn, a->ctx};
        buf_use_allocator(&for_buffers);
    } else {
        buf_use_allocator(NULL);
    }
}

const robots_allocator *cli_allocator(void) { return current; }

void *cli_realloc(void *p, size_t n) {
    if (n == 0) n = 1; /* realloc(p, 0) may free p; one byte keeps the answer defined */
    return current ? current->realloc_fn(current->ctx, p, n) : realloc(p, n);
}

void *cli_calloc(size_t n, size_t size) {
    if (size && n > SIZE_MAX / size) return NULL;
    void *p = cli_realloc(NULL, n * size);
    if (p) memset(p, 0, n * size);
    return p;
}

void cli_free(void *p) {
    if (!p) return;
    if (current) current->free_fn(current->ctx, p);
    else free(p);
}
