/* file.c - read a whole file, or its first `limit` bytes. */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int read_file(const char *path, size_t limit, buf *out, int *more) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return -1;
    *more = 0;
    int rc = 0;
    for (;;) {
        size_t want = 65536;
        if (limit && out->len >= limit) {
            /* At the cap: one more byte tells whether anything was cut off. */
            int c = fgetc(f);
            *more = c != EOF;
            break;
        }
        if (limit && limit - out->len < want) want = limit - out->len;
        if (buf_reserve(out, want)) {
            errno = ENOMEM;
            rc = -1;
            break;
        }
        size_t got = fread(out->data + out->len, 1, want, f);
        out->len += got;
        if (got < want) break;
    }
    if (rc == 0 && ferror(f)) rc = -1; /* e.g. EISDIR: a directory is not a file */
    int saved = errno;
    if (f != stdin) fclose(f);
    errno = saved;
    return rc;
}
