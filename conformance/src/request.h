/* request.h - pieces of a batch-protocol request the runner and robots-diff send. */
#ifndef ROBOTS_CONFORM_REQUEST_H
#define ROBOTS_CONFORM_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Is it UTF-8 without NUL (sent as "robots"), or not (sent as "robots_base64")? */
bool request_is_text(const void *data, size_t len);

/* Appends ,"robots":"..." when the bytes are UTF-8 without NUL, else
 * ,"robots_base64":"..." (exact bytes). Returns 0, or -1 when memory runs out. */
int request_add_robots(buf *b, const void *data, size_t len);

#endif
