/*
 * census_input.c - the sites of a census, one at a time (census.h): every regular
 * file of a directory (the site is the file's name), or every line of a JSON
 * Lines file ({"site", "status", "redirects", "robots" | "robots_base64"}), or
 * of a WARC file (census_warc.c).
 * Nothing but the site in hand is held in memory; a file or a line past its bound
 * is a defined warning, never a crash.
 */
/* readdir's entry types (DT_REG): a regular file is opened without a lookup of its type first. */
#define _DEFAULT_SOURCE 1
#include "census.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base64.h"
#include "file.h"
#include "json.h"

/* A JSON Lines line is at most this long: a 500 KiB file in base64 and room. */
#define LINE_MAX_BYTES ((size_t)1 << 20)

typedef struct line_fields {
    census_site *site;
    const char *problem; /* the first, or NULL */
    int seen_robots;
} line_fields;

static int read_string(const json_member *m, buf *out) {
    if (m->type != JSON_STRING) return -1;
    out->len = 0;
    return json_decode_string(m->raw, m->raw_len, out) ? -1 : 0;
}

/* A non-negative integer of at most `limit`, or -1. */
static long read_int(const json_member *m, long limit) {
    if (m->type != JSON_NUMBER || m->raw_len > 10) return -1;
    long v = 0;
    for (size_t i = 0; i < m->raw_len; i++) {
        if (m->raw[i] < '0' || m->raw[i] > '9') return -1;
        v = v * 10 + (m->raw[i] - '0');
    }
    return v <= limit ? v : -1;
}

static int on_field(void *ctx, const json_member *m) {
    line_fields *lf = ctx;
    census_site *s = lf->site;
    if (lf->problem) return 0;
    const char *k = m->key;
    size_t n = m->key_len;
    if (n == 4 && !memcmp(k, "site", 4)) {
        if (read_string(m, &s->name) || s->name.len == 0) lf->problem = "\"site\" must be a non-empty string";
    } else if (n == 6 && !memcmp(k, "status", 6)) {
        long v = read_int(m, 599);
        if (m->type == JSON_STRING && m->raw_len == 15 && !memcmp(m->raw, "\"network-error\"", 15)) s->status = 0;
        else if (v < 100) lf->problem = "\"status\" must be an HTTP status (100-599) or \"network-error\"";
        else s->status = (int)v;
    } else if (n == 9 && !memcmp(k, "redirects", 9)) {
        long v = read_int(m, 1000000);
        if (v < 0) lf->problem = "\"redirects\" must be a non-negative integer";
        else s->redirects = (unsigned)v;
    } else if (n == 6 && !memcmp(k, "robots", 6)) {
        lf->seen_robots++;
        if (read_string(m, &s->body)) lf->problem = "\"robots\" must be a string";
    } else if (n == 13 && !memcmp(k, "robots_base64", 13)) {
        lf->seen_robots++;
        buf text = {NULL, 0, 0};
        const char *why;
        if (read_string(m, &text)) lf->problem = "\"robots_base64\" must be a string";
        else if (base64_decode(text.data ? text.data : "", text.len, &s->body, &why)) lf->problem = why;
        buf_free(&text);
    }
    return 0; /* other fields are the caller's, or for later: ignored */
}

/* One line of a JSON Lines input into s: 0, or -1 with s->problem set. */
static int read_line(const char *line, size_t len, census_site *s) {
    line_fields lf = {s, NULL, 0};
    s->name.len = 0;
    s->body.len = 0;
    s->status = 200;
    s->redirects = 0;
    json_error err = {NULL, 0};
    if (json_parse_object(line, len, on_field, &lf, &err) != 0) lf.problem = err.message ? err.message : "not a JSON object";
    if (!lf.problem && s->name.len == 0) lf.problem = "no \"site\"";
    if (!lf.problem && lf.seen_robots > 1) lf.problem = "give \"robots\" or \"robots_base64\", not both";
    if (!lf.problem && lf.seen_robots == 0 && s->status >= 200 && s->status < 300)
        lf.problem = "a 2xx needs the file: \"robots\" or \"robots_base64\"";
    s->problem = lf.problem;
    return lf.problem ? -1 : 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The names of the open directory's entries (but "." ones), sorted: their text in
 * `text` (each NUL-terminated, after a byte saying whether readdir knew it for a
 * regular file) and pointers to the names in `list`, both through the command's
 * allocator. Returns how many, or -1 with errno. */
static long entry_names(DIR *d, buf *text, buf *list) {
    long n = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
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

/* Every regular file of a directory, in name order, as sites of status 200. Each
 * is opened by its name in the open directory (read_file_at): one lookup of one
 * name, where a stat and an open of its path from the root were a fifth of a
 * census of small files. */
static int each_file(const char *dir, census_visit visit, void *ctx, census_counts *counts) {
    DIR *d = opendir(dir);
    if (!d) return -1;
    buf text = {NULL, 0, 0}, list = {NULL, 0, 0};
    long count = entry_names(d, &text, &list);
    int rc = count < 0 ? -1 : 0;
    size_t n = count < 0 ? 0 : (size_t)count;
    char **names = (char **)(void *)list.data;
    census_site s = {.status = 200};
    for (size_t i = 0; i < n && rc == 0; i++) {
        s.name.len = 0;
        s.problem = NULL;
        int more = 0;
        /* The fetcher's cap: only the first 500 KiB is read, as crawlers read it. */
        int got = read_file_at(dirfd(d), names[i], names[i][-1], ROBOTS_DEFAULT_MAX_BYTES, &s.body, &more);
        if (got == 1) continue; /* not a regular file */
        if (got != 0 || buf_add(&s.name, names[i], strlen(names[i]))) {
            s.problem = got == 0 || errno == ENOMEM ? "out of memory" : strerror(errno);
            counts->bad++;
            fprintf(stderr, "robots census: %s/%s: %s\n", dir, names[i], s.problem);
            continue;
        }
        s.truncated = more != 0;
        rc = visit(ctx, &s);
    }
    closedir(d);
    buf_free(&text);
    buf_free(&list);
    buf_free(&s.name);
    buf_free(&s.body);
    return rc;
}

/* Every line of a JSON Lines file; a line that is not a site is a warning with
 * its line number, and the census goes on. */
static int each_line(const char *file, census_visit visit, void *ctx, census_counts *counts) {
    FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
    if (!f) return -1;
    census_site s = {.status = 200};
    buf line = {NULL, 0, 0};
    int rc = 0, c = 0;
    size_t number = 0;
    while (rc == 0 && c != EOF) {
        line.len = 0;
        bool too_long = false;
        while ((c = getc(f)) != EOF && c != '\n')
            if (line.len < LINE_MAX_BYTES) {
                if (buf_addc(&line, (char)c)) {
                    rc = -1;
                    break;
                }
            } else too_long = true;
        if (rc || (c == EOF && line.len == 0 && !too_long)) break;
        number++;
        /* A web archive read as lines would be thousands of warnings and no site:
         * it is refused, as a pipe is (census_each). */
        if (number == 1 && line.len >= 2 && (!memcmp(line.data, "\x1f\x8b", 2) ||
                                             (line.len >= 5 && !memcmp(line.data, "WARC/", 5)))) {
            errno = ESPIPE;
            rc = -1;
            break;
        }
        if (line.len == 0) continue;
        if (too_long || read_line(line.data, line.len, &s)) {
            counts->bad++;
            fprintf(stderr, "robots census: %s:%zu: %s\n", file, number,
                    too_long ? "a line longer than 1 MiB: not a site" : s.problem);
            continue;
        }
        s.truncated = s.body.len > ROBOTS_DEFAULT_MAX_BYTES;
        if (s.truncated) s.body.len = ROBOTS_DEFAULT_MAX_BYTES;
        if (s.status >= 300 && s.status < 400 && s.redirects < ROBOTS_MAX_REDIRECTS) {
            /* STATUS-2: the chain ended on a redirect whose file is not here; a
             * chain that yields no robots.txt ends as a 404 (as census_warc.c). */
            fprintf(stderr, "robots census: %s:%zu: a %d whose target is not in the input: full allow, as a 404\n",
                    file, number, s.status);
            s.redirects = ROBOTS_MAX_REDIRECTS;
        }
        rc = visit(ctx, &s);
    }
    if (ferror(f) && rc == 0) rc = -1;
    if (f != stdin) fclose(f);
    buf_free(&line);
    buf_free(&s.name);
    buf_free(&s.body);
    return rc;
}

int census_each(const char *input, census_visit visit, void *ctx, census_counts *counts) {
    struct stat st;
    if (strcmp(input, "-") && stat(input, &st) != 0) return -1;
    if (strcmp(input, "-") && S_ISDIR(st.st_mode)) return each_file(input, visit, ctx, counts);
    /* A file that starts "WARC/", or as gzip does, is a web archive. */
    FILE *f = strcmp(input, "-") ? fopen(input, "rb") : NULL;
    char head[5] = {0};
    if (f && fread(head, 1, 5, f) >= 2 && (!memcmp(head, "WARC/", 5) || !memcmp(head, "\x1f\x8b", 2))) {
        /* A redirect goes back or ahead to its target: a pipe will not do. */
        int rc = fseeko(f, 0, SEEK_SET) ? (errno = ESPIPE, -1) : census_each_warc(f, input, visit, ctx, counts);
        fclose(f);
        return rc;
    }
    if (f) fclose(f);
    return each_line(input, visit, ctx, counts);
}
