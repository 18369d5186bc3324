/*
 * census_folder.c - the sites of a folder (census.h): every regular file, in name
 * order, is a site's robots.txt served with status 200, the site its name. An
 * entry that is not a regular file (a subfolder, a FIFO, a dangling link) and a
 * hidden one (a name starting with '.') is passed over, counted, and named in a
 * warning; a file that cannot be read is a warning and leaves the folder
 * incomplete.
 */
/* readdir's entry types (DT_REG): a regular file is opened without a lookup of its type first. */
#define _DEFAULT_SOURCE 1
#include "census.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"
#include "read_buffer.h"

#define NAMED_MAX 10 /* entries passed over that the warning names */

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The names of the open directory's entries, sorted: their text in `text` (each
 * NUL-terminated, after a byte saying whether readdir knew it for a regular
 * file) and pointers to the names in `list`, both through the command's
 * allocator. Returns how many, or -1 with errno. */
static long entry_names(DIR *d, buf *text, buf *list) {
    long n = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
#ifdef DT_REG
        char regular = e->d_type == DT_REG;
#else
        char regular = 0;
#endif
        rc = buf_addc(text, regular) | buf_add(text, e->d_name, strlen(e->d_name) + 1);
        n++;
    }
    for (size_t at = 1; rc == 0 && at < text->len; at += strlen(text->data + at) + 2) {
        const char *name = text->data + at;
        rc = buf_add(list, &name, sizeof name);
    }
    if (rc) {
        errno = ENOMEM;
        return -1;
    }
    if (n) qsort(list->data, (size_t)n, sizeof(char *), by_name);
    return n;
}

/* The regular file `name` of the open directory, its first `limit` bytes, read
 * ROBOTS_READ_BUFFER bytes at a time; *more says whether it has more. `regular`:
 * readdir said it is a regular file, so it is opened at once; otherwise its type
 * is asked first, so that nothing else is ever opened. Returns 0; 1 when it is
 * not a regular file, or cannot be seen (a dangling link); -1 with errno. */
static int read_entry(int dirfd, const char *name, bool regular, size_t limit, buf *out, bool *more) {
    struct stat st;
    out->len = 0;
    *more = false;
    if (!regular && (fstatat(dirfd, name, &st, 0) != 0 || !S_ISREG(st.st_mode))) return 1;
    /* Non-blocking: should the entry have become a FIFO since, opening it does not wait. */
    int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return -1;
    ssize_t got = 0;
    for (;;) {
        size_t want = limit - out->len < ROBOTS_READ_BUFFER ? limit - out->len : ROBOTS_READ_BUFFER;
        char one;
        if (want == 0) { /* at the cap: one more byte says whether anything was cut off */
            got = read(fd, &one, 1);
            *more = got > 0;
            break;
        }
        if (buf_reserve(out, want)) {
            close(fd);
            errno = ENOMEM;
            return -1;
        }
        got = read(fd, out->data + out->len, want);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        out->len += (size_t)got;
    }
    int saved = errno;
    close(fd);
    errno = saved;
    return got < 0 ? -1 : 0;
}

int census_each_file(const char *dir, census_visit visit, void *ctx, census_counts *counts) {
    census_read *read = &counts->read;
    read->kind = "folder";
    DIR *d = opendir(dir);
    if (!d) {
        read->incomplete = "the folder cannot be opened any more";
        census_skip(counts, read->incomplete);
        census_warn(counts, "%s: %s", dir, strerror(errno));
        return 0;
    }
    buf text = {NULL, 0, 0}, list = {NULL, 0, 0}, passed = {NULL, 0, 0};
    long count = entry_names(d, &text, &list);
    int rc = count < 0 ? -1 : 0;
    size_t n = count < 0 ? 0 : (size_t)count, hidden = 0;
    char **names = (char **)(void *)list.data;
    census_site s = {.status = 200};
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (interrupt_signal()) { /* no more sites once interrupted */
            rc = -1;
            break;
        }
        read->records++;
        s.name.len = 0;
        s.problem = NULL;
        bool more = false;
        /* A hidden file is nobody's robots.txt (.htaccess, .DS_Store): passed over, and said so. */
        int got = names[i][0] == '.' ? 1
                  /* The fetcher's cap: only the first 500 KiB is read, as crawlers read it. */
                                     : read_entry(dirfd(d), names[i], names[i][-1], ROBOTS_DEFAULT_MAX_BYTES, &s.body, &more);
        if (got == 1) {
            hidden += names[i][0] == '.';
            read->not_regular += names[i][0] != '.';
            if (read->not_regular + hidden <= NAMED_MAX)
                rc = buf_add(&passed, passed.len ? ", " : "", passed.len ? 2 : 0) | buf_add(&passed, names[i], strlen(names[i]));
            continue;
        }
        if (got != 0 || buf_add(&s.name, names[i], strlen(names[i]))) {
            if (got == 0 || errno == ENOMEM) {
                rc = -1;
                break;
            }
            /* A file that is there and cannot be read: a site lost, so the folder was not read whole. */
            s.problem = strerror(errno);
            census_skip(counts, "a file that cannot be read");
            read->incomplete = "a file of the folder cannot be read";
            census_warn(counts, "%s/%s: %s", dir, names[i], s.problem);
            continue;
        }
        s.truncated = more;
        read->sites++;
        counts->sites++;
        rc = visit(ctx, &s);
    }
    if (rc == 0 && read->not_regular + hidden)
        census_warn(counts, "%s: %zu entries passed over: %zu not regular files (folders, links to nothing, "
                            "FIFOs, devices), %zu hidden (named .*): %.*s%s",
                dir, read->not_regular + hidden, read->not_regular, hidden, (int)passed.len, passed.data ? passed.data : "",
                read->not_regular + hidden > NAMED_MAX ? ", ..." : "");
    if (rc == -1) errno = ENOMEM;
    closedir(d);
    buf_free(&text);
    buf_free(&list);
    buf_free(&passed);
    buf_free(&s.name);
    buf_free(&s.body);
    return rc;
}
