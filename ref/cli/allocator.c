/* allocator.c - one allocator for everything the robots command allocates: the
 * library's parses (robots_options.allocator) and common/'s buffers. The two
 * layers declare the same shape separately, since common/ sits below the library
 * and does not include robots.h; this is the one place that knows both. */
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
