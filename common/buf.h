/* buf.h - a growable byte buffer, shared by the robots command and the runner. */
#ifndef ROBOTS_COMMON_BUF_H
#define ROBOTS_COMMON_BUF_H

#include <stddef.h>

#include "robots.h"

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

/* The allocator of every buffer and of every parse the command makes: realloc and
 * free, unless the tests install one that fails on demand, to check that running
 * out of memory always gets a defined answer. NULL restores realloc and free. Set
 * it only while no buffer is allocated. */
void cli_use_allocator(const robots_allocator *a);
/* What robots_options.allocator should be (NULL for realloc and free). */
const robots_allocator *cli_allocator(void);

#endif
