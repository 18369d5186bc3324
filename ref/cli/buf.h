/* buf.h - a growable byte buffer for the command line tool. */
#ifndef ROBOTS_CLI_BUF_H
#define ROBOTS_CLI_BUF_H

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

#endif
