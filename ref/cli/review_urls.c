/*
 * review_urls.c - the URLs robots review asks (review_data.h): --urls lists,
 * --sitemap files (sitemap.c), --log files (access_log.c, and the catalog's
 * crawlers seen in them), or the root and the rules' paths; each URL once.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "access_log.h"
#include "cli.h"
#include "file.h"
#include "review_data.h"
#include "sitemap.h"

#define URL_WARNINGS_SHOWN 10 /* bad lines said one by one; the rest counted */

static size_t url_hash(const char *s, size_t n) {
    uint64_t h = 0xCBF29CE484222325u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001B3u;
    return (size_t)(h ^ (h >> 32));
}

/* What a URL asks of a robots.txt: its path and query, from the first '/' after
 * "scheme://host" ("/" when there is none), or the whole of a path. A URL and its
 * path ("https://example.com/a" and "/a", from a sitemap and a log) are one page:
 * the file answers both alike. */
static const char *url_key(const char *s, size_t n, size_t *len) {
    size_t i = 0; /* s holds n bytes, not a string: searched within them */
    if (s[0] != '/')
        while (i + 3 <= n && memcmp(s + i, "://", 3) != 0) i++;
    if (s[0] == '/' || i + 3 > n) {
        *len = n;
        return s;
    }
    const char *path = memchr(s + i + 3, '/', n - (i + 3));
    *len = path ? n - (size_t)(path - s) : 1;
    return path ? path : "/";
}

/* The slot of s in the hash: where it is, or the free one it would take. */
static size_t url_slot(const url_set *u, const char *s, size_t n) {
    size_t kn, tn;
    const char *k = url_key(s, n, &kn);
    size_t h = url_hash(k, kn) & (u->slots - 1);
    for (; u->slot[h]; h = (h + 1) & (u->slots - 1)) {
        const char *t = url_at(u, u->slot[h] - 1);
        t = url_key(t, strlen(t), &tn);
        if (tn == kn && !memcmp(t, k, kn)) break;
    }
    return h;
}

/* Adds a URL once: a second time, or its path after the URL (url_key), it is not
 * asked again (a log asks for the same paths over and over). -1 when memory ran
 * out. */
static int url_add(url_set *u, const char *s, size_t n) {
    if (u->n * 2 >= u->slots) {
        size_t slots = u->slots ? u->slots * 2 : 2048;
        size_t *slot = cli_calloc(slots, sizeof *slot);
        if (!slot) return -1;
        cli_free(u->slot);
        u->slot = slot;
        u->slots = slots;
        for (size_t i = 0; i < u->n; i++) {
            const char *t = url_at(u, i);
            u->slot[url_slot(u, t, strlen(t))] = i + 1;
        }
    }
    size_t h = url_slot(u, s, n);
    if (u->slot[h]) return 0;
    if (u->n == u->cap) {
        size_t cap = u->cap ? u->cap * 2 : 1024;
        size_t *at = cli_realloc(u->at, cap * sizeof *at);
        if (!at) return -1;
        u->at = at;
        u->cap = cap;
    }
    u->at[u->n] = u->text.len;
    if (buf_reserve(&u->text, n + 1) != 0) return -1;
    buf_add(&u->text, s, n); /* reserved: neither can fail */
    buf_addc(&u->text, '\0');
    u->slot[h] = ++u->n;
    return 0;
}


/* A URL of a list: a path ('/' first) or an absolute http(s) URL; n > 0 (empty
 * lines and <loc> are skipped before). */
static bool is_url(const char *s, size_t n) {
    if (s[0] == '/') return true;
    robots_url parsed;
    return robots_url_parse(s, n, &parsed, NULL) == 0;
}

/* --urls FILE: one URL a line; a line that is none is a warning with its file and
 * line (the first few; then a count), and the rest is read. */
int review_read_urls(url_set *u, const char *file) {
    buf body = {NULL, 0, 0};
    int more = 0;
    if (read_file(file, 0, &body, &more) != 0) {
        fprintf(stderr, "robots review: --urls \"%s\": %s\n", file, strerror(errno));
        buf_free(&body);
        return EXIT_USAGE;
    }
    size_t number = 0, bad = 0;
    int rc = 0;
    for (size_t at = 0; at < body.len && rc == 0;) {
        const char *s = body.data + at;
        size_t n = 0;
        while (at + n < body.len && s[n] != '\n') n++;
        at += n + 1;
        number++;
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
        while (n && (s[0] == ' ' || s[0] == '\t')) s++, n--;
        if (n == 0 || s[0] == '#') continue;
        if (!is_url(s, n) || memchr(s, '\0', n)) {
            if (bad++ < URL_WARNINGS_SHOWN)
                fprintf(stderr, "robots review: %s:%zu: not a URL or a path, skipped\n", file, number);
            continue;
        }
        if (url_add(u, s, n) != 0) rc = -1;
    }
    if (bad > URL_WARNINGS_SHOWN)
        fprintf(stderr, "robots review: %s: %zu lines that are not URLs skipped in all\n", file, bad);
    u->warnings += bad;
    buf_free(&body);
    if (rc) fprintf(stderr, "robots review: memory ran out reading \"%s\"\n", file);
    return rc ? EXIT_USAGE : 0;
}

/* What reading the sitemaps gathers: the URLs, and the index entries to name
 * when their file is not among those given. */
typedef struct sitemap_reading {
    url_set *urls;
    const char *file;
    size_t bad;
    buf entries; /* the index entries' URLs, NUL-terminated, one after another */
    size_t nentries;
} sitemap_reading;

static int on_sitemap_url(void *ctx, const char *loc, size_t n) {
    sitemap_reading *s = ctx;
    if (!is_url(loc, n)) { /* no NUL: XML has none, and expat refuses &#0; */
        if (s->bad++ < URL_WARNINGS_SHOWN)
            fprintf(stderr, "robots review: %s: <loc> %.*s is not a URL, skipped\n", s->file, (int)(n > 200 ? 200 : n),
                    loc);
        return 0;
    }
    return url_add(s->urls, loc, n);
}

static int on_sitemap_entry(void *ctx, const char *loc, size_t n) {
    sitemap_reading *s = ctx;
    s->nentries++;
    if (buf_reserve(&s->entries, n + 1) != 0) return -1;
    buf_add(&s->entries, loc, n); /* reserved: neither can fail */
    buf_addc(&s->entries, '\0');
    return 0;
}

/* The last segment of a URL's path or of a file's path: "sitemap-1.xml.gz". */
static const char *last_segment(const char *s) {
    size_t n = strcspn(s, "?#");
    const char *at = s;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '/') at = s + i + 1;
    return at;
}

/* --sitemap FILE...: their URLs; an index's entries whose file is not among
 * those given are named in a warning (nothing is fetched). */
int review_read_sitemaps(url_set *u, const char *const *files, size_t n) {
    sitemap_reading s = {u, NULL, 0, {NULL, 0, 0}, 0};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        sitemap_counts counts;
        s.file = files[i];
        size_t before = u->n;
        rc = sitemap_read(files[i], on_sitemap_url, on_sitemap_entry, &s, &counts);
        u->warnings += counts.broken + counts.skipped;
        if (rc == 0 && !counts.index && u->n == before && !counts.broken) {
            fprintf(stderr, "robots review: %s: a sitemap with no URL\n", files[i]);
            u->warnings++;
        }
    }
    if (s.bad > URL_WARNINGS_SHOWN)
        fprintf(stderr, "robots review: --sitemap: %zu <loc> that are not URLs skipped in all\n", s.bad);
    size_t missing = 0;
    for (size_t e = 0, at = 0; rc == 0 && e < s.nentries; e++, at += strlen(s.entries.data + at) + 1) {
        const char *entry = s.entries.data + at, *name = last_segment(entry);
        size_t len = strcspn(name, "?#");
        bool given = false;
        for (size_t i = 0; i < n && !given; i++) {
            const char *f = last_segment(files[i]);
            given = strlen(f) == len && !memcmp(f, name, len);
        }
        if (!given && missing++ < URL_WARNINGS_SHOWN)
            fprintf(stderr, "robots review: the sitemap index names %s, which is not among the --sitemap files "
                            "given: its URLs are not reviewed\n",
                    entry);
    }
    if (missing > URL_WARNINGS_SHOWN)
        fprintf(stderr, "robots review: %zu entries of the sitemap index in all are not among the files given\n",
                missing);
    u->warnings += s.bad + missing;
    buf_free(&s.entries);
    if (rc == -1) fprintf(stderr, "robots review: memory ran out reading the sitemaps\n");
    return rc == 0 ? 0 : EXIT_USAGE;
}

/* A log read a line at a time, gzipped or not (zlib's gz functions read both,
 * and a member after another), or plainly where the command has no zlib. */
typedef struct log_file {
#ifdef ROBOTS_CENSUS_ZLIB
    gzFile gz;
#else
    FILE *f;
#endif
} log_file;

static bool log_open(log_file *l, const char *file) {
#ifdef ROBOTS_CENSUS_ZLIB
    l->gz = gzopen(file, "rb");
    return l->gz != NULL;
#else
    l->f = fopen(file, "rb");
    return l->f != NULL;
#endif
}

/* The next line into line (cap bytes, its line end kept); NULL at the end. */
static char *log_line(log_file *l, char *line, int cap) {
#ifdef ROBOTS_CENSUS_ZLIB
    return gzgets(l->gz, line, cap);
#else
    return fgets(line, cap, l->f);
#endif
}

/* NULL, or why reading stopped early, after the file's name: a broken gzip
 * stream, one cut short (zlib's Z_BUF_ERROR, "unexpected end of file"), a read
 * error. */
static const char *log_close(log_file *l, const char *file) {
    static char why[4096];
#ifdef ROBOTS_CENSUS_ZLIB
    (void)file; /* gzerror names it */
    int err = 0;
    /* gzerror's text ("FILE: reason") is the gzFile's own: copied before gzclose frees it. */
    snprintf(why, sizeof why, "%s", gzerror(l->gz, &err));
    gzclose(l->gz);
    return err != Z_OK ? why : NULL;
#else
    bool bad = ferror(l->f) != 0;
    fclose(l->f);
    snprintf(why, sizeof why, "%s: a read error", file);
    return bad ? why : NULL;
#endif
}

#define LOG_LINE_MAX 65536

/* --log FILE...: the targets asked for (each once), and the catalog's crawlers seen
 * in the User-Agent headers, added to those asked. A line of neither format, or
 * too long, is a warning with its file and line (the first ten; then a count). */
int review_read_logs(url_set *u, census_crawlers *cs, const char *const *files, size_t n) {
    static char line[LOG_LINE_MAX];
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        log_file l;
        if (!log_open(&l, files[i])) {
            fprintf(stderr, "robots review: --log \"%s\": %s\n", files[i], strerror(errno));
            return EXIT_USAGE;
        }
        size_t number = 0, bad = 0, requests = 0;
        bool in_long_line = false;
        while (rc == 0 && log_line(&l, line, sizeof line)) {
            size_t len = strlen(line);
            bool ended = len && line[len - 1] == '\n';
            if (in_long_line) {
                in_long_line = !ended;
                continue;
            }
            number++;
            access_log_entry e;
            if (!ended && len == sizeof line - 1) {
                in_long_line = true;
                if (bad++ < URL_WARNINGS_SHOWN)
                    fprintf(stderr, "robots review: %s:%zu: a line longer than %d bytes, skipped\n", files[i], number,
                            LOG_LINE_MAX - 1);
                continue;
            }
            if (ended && (len == 1 || (len == 2 && line[0] == '\r'))) continue; /* a blank line */
            if (!access_log_line(line, len, &e)) { /* a NUL ends the line here (strlen): no NUL in a target */
                if (bad++ < URL_WARNINGS_SHOWN)
                    fprintf(stderr, "robots review: %s:%zu: not a line of the Common or Combined Log Format, skipped\n",
                            files[i], number);
                continue;
            }
            requests++;
            rc = url_add(u, e.target, e.target_len);
            if (rc == 0 && e.agent && e.agent_len < 4096) {
                char agent[4096];
                memcpy(agent, e.agent, e.agent_len);
                agent[e.agent_len] = '\0';
                const catalog_entry *c = crawler_catalog_find(&cs->catalog, agent);
                if (c && census_crawlers_add(cs, c) != -1) rc = EXIT_USAGE;
            }
        }
        const char *why = log_close(&l, files[i]);
        if (why) fprintf(stderr, "robots review: %s: the rest of the log is not read\n", why);
        if (bad > URL_WARNINGS_SHOWN)
            fprintf(stderr, "robots review: %s: %zu lines skipped in all\n", files[i], bad);
        if (rc == 0 && requests == 0) fprintf(stderr, "robots review: %s: no request read\n", files[i]);
        u->warnings += bad + (why != NULL) + (requests == 0);
    }
    if (rc == -1) fprintf(stderr, "robots review: memory ran out reading the logs\n");
    return rc == 0 ? 0 : EXIT_USAGE;
}

/* Without --urls: the root and the paths of both files' rules, each once. */
int review_default_urls(url_set *u, const version *old, const version *now) {
    census_asked asked = {{NULL, 0, 0}, 0, 1000};
    size_t cap = CENSUS_PATHS_MAX + 64;
    char(*paths)[CENSUS_PATH_BYTES] = cli_calloc(cap, sizeof *paths);
    if (!paths) return -1;
    int rc = 0;
    const version *both[2] = {old, now};
    for (int v = 0; v < 2 && rc == 0; v++) {
        size_t n = census_site_paths(&asked, both[v]->rules, paths, cap);
        for (size_t i = 0; i < n && rc == 0; i++) {
            size_t len = strlen(paths[i]);
            rc = url_add(u, paths[i], len);
        }
    }
    cli_free(paths);
    return rc;
}
