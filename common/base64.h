/* base64.h - RFC 4648 base64 (standard alphabet), for robots_base64. */
#ifndef ROBOTS_COMMON_BASE64_H
#define ROBOTS_COMMON_BASE64_H

#include <stddef.h>

#include "buf.h"

/* Appends the decoded bytes. Padding is optional, but when present it must be
 * complete; whitespace and other characters are errors. Returns 0, or -1 with
 * *error set. */
int base64_decode(const char *s, size_t n, buf *out, const char **error);

/* Appends the encoding of n bytes, with padding. Returns 0, or -1 when memory
 * runs out. */
int base64_encode(const void *data, size_t n, buf *out);

#endif
