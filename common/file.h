/* file.h - reading a file whole or up to a limit (robots.txt files, case tables). */
#ifndef ROBOTS_COMMON_FILE_H
#define ROBOTS_COMMON_FILE_H

#include <stddef.h>

#include "buf.h"

/* Reads `path` ("-" is standard input) into out. With limit > 0 at most limit bytes
 * are kept and *more tells whether the file has more; memory stays bounded by the
 * limit. Returns 0, or -1 with errno set. */
int read_file(const char *path, size_t limit, buf *out, int *more);

/* The same for the regular file `name` of the open directory dirfd, read with
 * read(2) and no stream (a census reads thousands of small files, and each lookup
 * of a name costs). `regular`: the directory listing said the entry is a regular
 * file (readdir's d_type), so it is opened at once; otherwise its type is asked
 * first (fstatat), so that nothing else is ever opened. out is emptied first.
 * Returns 0; 1 when name is not a regular file, or cannot be seen (a dangling
 * link): nothing read; -1 with errno. */
int read_file_at(int dirfd, const char *name, int regular, size_t limit, buf *out, int *more);

#endif
