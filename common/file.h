/* file.h - reading a file whole or up to a limit (robots.txt files, case tables). */
#ifndef ROBOTS_COMMON_FILE_H
#define ROBOTS_COMMON_FILE_H

#include <stddef.h>

#include "buf.h"

/* Reads `path` ("-" is standard input) into out. With limit > 0 at most limit bytes
 * are kept and *more tells whether the file has more; memory stays bounded by the
 * limit. Returns 0, or -1 with errno set. */
int read_file(const char *path, size_t limit, buf *out, int *more);

#endif
