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

/* Reads the regular file fd to its end or to limit (0: none) into out; *more says
 * whether bytes were left past the limit. A read of a regular file that returns
 * fewer bytes than asked has met the file's end, so a small file is one read.
 * Returns 0, or -1 with errno. (Nor is such a read interrupted by a signal: no
 * EINTR to retry.) */
static int read_fd(int fd, size_t limit, buf *out, int *more) {
    ssize_t got = 1;
    size_t want = 1;
    while ((size_t)got == want && (!limit || out->len < limit)) {
        want = limit && limit - out->len < 65536 ? limit - out->len : 65536;
        if (buf_reserve(out, want)) return errno = ENOMEM, -1;
        got = read(fd, out->data + out->len, want);
        out->len += got > 0 ? (size_t)got : 0;
    }
    char one; /* at the cap: one more byte tells whether anything was cut off */
    if ((size_t)got == want) *more = (got = read(fd, &one, 1)) > 0;
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
    int rc = read_fd(fd, limit, out, more);
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}
