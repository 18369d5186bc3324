/* file.c - read a whole file, or its first `limit` bytes. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Reads fd to its end or to limit (0: none) into out; *more says whether bytes
 * were left past the limit. The size fstat gave (hint) sizes the buffer once.
 * Returns 0, or -1 with errno. (A regular file's read is not interrupted by a
 * signal: no EINTR to retry.) */
static int read_fd(int fd, size_t hint, size_t limit, buf *out, int *more) {
    ssize_t got = 1;
    while (got > 0 && (!limit || out->len < limit)) {
        size_t want = hint + 1 > 65536 ? hint + 1 : 65536; /* one more: the end shows at once */
        if (limit && limit - out->len < want) want = limit - out->len;
        if (buf_reserve(out, want)) return errno = ENOMEM, -1;
        got = read(fd, out->data + out->len, want);
        out->len += got > 0 ? (size_t)got : 0;
        hint = 0;
    }
    char one; /* at the cap: one more byte tells whether anything was cut off */
    if (got > 0) *more = (got = read(fd, &one, 1)) > 0;
    return got < 0 ? -1 : 0;
}

int read_file_at(int dirfd, const char *name, int regular, size_t limit, buf *out, int *more) {
    struct stat st;
    out->len = 0;
    *more = 0;
    /* What cannot be seen (a dangling link) is not a regular file either. */
    if (!regular && (fstatat(dirfd, name, &st, 0) != 0 || !S_ISREG(st.st_mode))) return 1;
    /* Non-blocking: should the entry have become a FIFO since, opening it does not wait. */
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return -1;
    int rc = fstat(fd, &st) != 0 ? -1 : S_ISREG(st.st_mode) ? 0 : 1;
    size_t hint = rc == 0 && st.st_size > 0 ? (size_t)st.st_size : 0;
    if (rc == 0) rc = read_fd(fd, limit && hint > limit ? limit : hint, limit, out, more);
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}
