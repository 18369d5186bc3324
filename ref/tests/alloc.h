/* alloc.h - test allocators: one that measures, one that fails on demand. */
#ifndef ROBOTS_TEST_ALLOC_H
#define ROBOTS_TEST_ALLOC_H

#include <stddef.h>

#include "robots.h"

typedef struct counting {
    size_t current, peak; /* bytes in use now and at most */
    size_t calls;         /* allocations and resizes so far */
    size_t fail_at;       /* fail the call with this number (1-based); 0 = never */
} counting;

/* An allocator whose ctx is the counting struct. */
robots_allocator counting_allocator(counting *c);

#endif
