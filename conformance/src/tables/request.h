/* request.h - the batch-protocol requests the runner and robots-diff send. */
#ifndef ROBOTS_CONFORM_REQUEST_H
#define ROBOTS_CONFORM_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "robots.h"
#include "tables.h"

/* Is it UTF-8 without NUL (sent as "robots"), or not (sent as "robots_base64")? */
bool request_is_text(const void *data, size_t len);

/* Appends ,"robots":"..." when the bytes are UTF-8 without NUL, else
 * ,"robots_base64":"..." (exact bytes). Returns 0, or -1 when memory runs out. */
int request_add_robots(buf *b, const void *data, size_t len);

/* Appends the request line for check k of case c (without its newline), the
 * robots.txt cut to robots_len bytes: 0, or -1 when memory runs out. */
int request_batch_line(buf *b, long id, size_t robots_len, const tcase *c, const check *k, robots_profile_id p);

#endif
