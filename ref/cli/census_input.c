/*
 * census_input.c - the inputs of a census (census.h): each checked before the
 * first row is written, then read by its reader (census_folder.c, census_jsonl.c,
 * census_warc.c), which states in census_read what it read and what it skipped,
 * and why.
 */
#include "census.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"

robots_fetch census_site_fetch(const census_site *s) {
    return (robots_fetch){.status = s->status,
                          .network_error = s->status == 0,
                          .redirects = s->unfollowed ? ROBOTS_MAX_REDIRECTS : s->redirects};
}

void census_skip(census_counts *counts, const char *why) {
    census_read *r = &counts->read;
    counts->bad++;
    r->skipped++;
    for (size_t i = 0; i < r->nreasons; i++)
        if (r->reasons[i].why == why || !strcmp(r->reasons[i].why, why)) {
            r->reasons[i].n++;
            return;
        }
    if (r->nreasons == CENSUS_REASONS) r->other_reasons++;
    else r->reasons[r->nreasons++] = (census_reason){why, 1};
}

void census_warn(census_counts *counts, const char *format, ...) {
    FILE *w = counts->warnings ? counts->warnings : stderr;
    if (counts->progress_shown) fputc('\n', w);
    counts->progress_shown = false;
    va_list args;
    va_start(args, format);
    fputs("robots census: ", w);
    vfprintf(w, format, args);
    fputc('\n', w);
    va_end(args);
}

/* Does a file that starts with these bytes hold a web archive? "WARC/" after
 * any blank lines (CR and LF: what the reader passes over before a record; a
 * file that started with spaces was once taken for one, and its first line
 * then reported as "not a WARC file (a gzipped file of another kind?)"), or
 * gzip's magic bytes. */
static bool warc_head(const unsigned char *head, size_t n) {
    size_t i = 0;
    while (i < n && (head[i] == '\r' || head[i] == '\n')) i++;
    return (n - i >= 5 && !memcmp(head + i, "WARC/", 5)) || (n >= 2 && head[0] == 0x1f && head[1] == 0x8b);
}

/* Is the file named as a WARC file is? */
static bool warc_name(const char *name) {
    size_t n = strlen(name);
    return (n >= 5 && !strcmp(name + n - 5, ".warc")) || (n >= 8 && !strcmp(name + n - 8, ".warc.gz"));
}

/* Up to `most` of fd's first bytes into head: how many (fewer when the run is
 * interrupted while a pipe waits: it is not read further). */
static size_t read_head(int fd, unsigned char *head, size_t most) {
    size_t n = 0;
    for (ssize_t got; n < most && !interrupt_signal() &&
                      ((got = read(fd, head + n, most - n)) > 0 || (got < 0 && errno == EINTR));)
        n += got > 0 ? (size_t)got : 0;
    return n;
}

int census_open_input(const char *name, census_input *in, const char **why) {
    *in = (census_input){name, CENSUS_JSON_LINES, -1, {0}, 0};
    static const char no_pipe[] = "a WARC file must be given by its name, not through a pipe or standard input "
                                  "(the census goes back to a redirect's target)";
    struct stat st;
    bool is_stdin = !strcmp(name, "-");
    if (!is_stdin && stat(name, &st) != 0) return *why = strerror(errno), -1;
    if (!is_stdin && S_ISDIR(st.st_mode)) {
        int fd = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) return *why = strerror(errno), -1;
        close(fd);
        in->kind = CENSUS_FOLDER;
        return 0;
    }
    int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return *why = strerror(errno), -1;
    struct stat file;
    bool seekable = fstat(fd, &file) == 0 && S_ISREG(file.st_mode); /* (a pipe, a FIFO, a terminal are not) */
    size_t n = read_head(fd, in->head, sizeof in->head);
    in->kind = warc_head(in->head, n) ? CENSUS_WARC : warc_name(name) ? CENSUS_NOT_WARC : CENSUS_JSON_LINES;
    if (in->kind == CENSUS_WARC && (is_stdin || !seekable)) {
        if (!is_stdin) close(fd);
        return *why = no_pipe, -1;
    }
    if (seekable && !is_stdin) { /* read again from its start, by name, when its turn comes */
        close(fd);
        return 0;
    }
    in->fd = fd; /* a pipe cannot give its first bytes twice: kept, with them */
    in->head_len = n;
    return 0;
}

void census_close_input(census_input *in) {
    if (in->fd > STDIN_FILENO) close(in->fd);
    in->fd = -1;
}

/* An input checked before the first row, and gone (or changed) before its turn. */
static int gone(census_counts *counts, const char *kind) {
    counts->read.kind = kind;
    counts->read.incomplete = "the file cannot be opened any more";
    census_skip(counts, counts->read.incomplete);
    return 0;
}

/* A WARC file, read through a descriptor of its own. */
static int each_record(census_input *in, census_visit visit, void *ctx, census_counts *counts) {
    int fd = open(in->name, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        if (fd >= 0) close(fd);
        return gone(counts, "warc");
    }
    warc_source src = {.fd = fd, .size = (uint64_t)st.st_size};
    int rc = census_each_warc(&src, in->name, visit, ctx, counts);
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

int census_each(census_input *in, census_visit visit, void *ctx, census_counts *counts) {
    memset(&counts->read, 0, sizeof counts->read);
    int rc;
    if (in->kind == CENSUS_FOLDER) {
        rc = census_each_file(in->name, visit, ctx, counts);
    } else if (in->kind == CENSUS_NOT_WARC) {
        /* A download that failed (an empty file, an error page), or a file misnamed: never read as lines. */
        counts->read.kind = "warc";
        counts->read.incomplete = "named as a WARC file, it does not start as one (WARC/ or gzip): empty, or another kind of file";
        census_skip(counts, counts->read.incomplete);
        census_warn(counts, "%s: %s", in->name, counts->read.incomplete);
        rc = 0;
    } else if (in->kind == CENSUS_WARC) {
        rc = each_record(in, visit, ctx, counts);
    } else {
        int fd = in->fd >= 0 ? in->fd : open(in->name, O_RDONLY | O_CLOEXEC);
        rc = fd < 0 ? gone(counts, "json-lines") : census_each_line(fd, in->name, in->head, in->head_len, visit, ctx, counts);
        if (fd >= 0 && fd != in->fd) close(fd);
    }
    if (rc != 0 && interrupt_signal()) {
        /* Stopped between two sites by the signal, not by a failure (the caller
         * knows its own out-of-memory). */
        static char why[64];
        snprintf(why, sizeof why, "interrupted by %s", interrupt_name(interrupt_signal()));
        counts->read.incomplete = why;
        counts->read.interrupted = interrupt_signal();
        rc = 0;
    }
    counts->incomplete += counts->read.incomplete != NULL;
    return rc;
}
