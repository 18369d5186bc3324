/*
 * make_corpus.c - the seed corpora of the fuzz targets, made from the conformance
 * tables, so that fuzzing starts from every case the suite knows.
 *
 *   robots-corpus [--out DIR] [--cases DIR] [--schema FILE] [--quiet] TARGET...
 *
 * Each seed is named by the FNV-1a hash of its bytes, so the output is the same on
 * every run and a duplicate is written once. DIR/TARGET/ is emptied first. Seeds
 * larger than SEED_MAX are left out: fuzzers work best from small inputs.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "json.h"
#include "request.h"
#include "tables.h"

#define SEED_MAX 16384
#define REGEX_RULES_PER_CASE 8

static bool quiet;

typedef struct sink {
    char dir[4096];
    size_t written;
    int failed;
} sink;

static unsigned long long fnv1a(const void *data, size_t n) {
    const unsigned char *p = data;
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

static void emit(sink *s, const void *data, size_t n) {
    if (n > SEED_MAX || s->failed) return;
    char path[4200];
    snprintf(path, sizeof path, "%s/%016llx", s->dir, fnv1a(data, n));
    if (access(path, F_OK) == 0) return;
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0) {
        fprintf(stderr, "robots-corpus: cannot write %s: %s\n", path, strerror(errno));
        s->failed = 1;
        return;
    }
    s->written++;
}

/* Emits PREFIX A "\n" B, then "\n" and the robots.txt when there is one: the
 * layout of the query-like targets ("AGENT\nURL\nROBOTS") and of the url target
 * ("ROBOTS_URL\nURL"). */
static void emit_parts(sink *s, const char *prefix, size_t prefix_len, const char *a, const char *b,
                       const robots_body *body) {
    buf out = {0};
    int rc = buf_add(&out, prefix, prefix_len) | buf_add(&out, a, strlen(a)) | buf_addc(&out, '\n') |
             buf_add(&out, b, strlen(b));
    if (body && body->present) rc |= buf_addc(&out, '\n') | buf_add(&out, body->data, body->len);
    if (rc == 0) emit(s, out.data, out.len);
    else s->failed = 1;
    buf_free(&out);
}

/* The host of a URL as written (between "//" and the path; without userinfo,
 * port or brackets), for the punycode target. */
static size_t host_of(const char *url, const char **host) {
    const char *p = strstr(url, "//");
    if (!p) return 0;
    p += 2;
    size_t n = strcspn(p, "/?#");
    const char *at = memchr(p, '@', n);
    if (at) n -= (size_t)(at + 1 - p), p = at + 1;
    if (n && p[0] == '[') return 0;
    const char *colon = memchr(p, ':', n);
    if (colon) n = (size_t)(colon - p);
    *host = p;
    return n;
}

/* One seed per rule of the case's robots.txt with the check's path: the regex
 * target's "PATTERN\nPATH". */
static void regex_seeds(sink *s, const tcase *c, const check *k) {
    robots_rules *r;
    if (robots_parse(c->robots.data, c->robots.len, NULL, &r, NULL) != 0) {
        s->failed = 1;
        return;
    }
    char path[2048];
    size_t pl = robots_url_path(k->url, strlen(k->url), path, sizeof path);
    for (size_t i = 0; i < robots_rule_count(r) && i < REGEX_RULES_PER_CASE && pl < sizeof path; i++) {
        robots_rule_info ri;
        if (robots_get_rule(r, i, &ri) != 0 || ri.pattern_len == 0) continue;
        buf out = {0};
        if (buf_add(&out, ri.pattern, ri.pattern_len) | buf_addc(&out, '\n') | buf_add(&out, path, pl)) s->failed = 1;
        else emit(s, out.data, out.len);
        buf_free(&out);
    }
    robots_free(r);
}

/* The parse target gets no seed shorter than this. Files that small are the most
 * common robots.txt files there are (empty; "User-agent: *" with an empty or a "/"
 * Disallow), which the project does not carry copies of; the fuzzer reaches them
 * in its first second from the dictionary and the longer seeds. */
#define PARSE_SEED_MIN 32

/* The batch target's seed: the check as the request line the runner would send
 * (conformance/PROTOCOL.md), for the kinds whose fields the table holds. */
static void batch_seed(sink *s, const tcase *c, const check *k, size_t index) {
    static const char *const kinds[] = {"allow", "robots-url", "scope", "status", "sitemaps", "cache-lifetime"};
    buf b = {NULL, 0, 0};
    char head[96];
    snprintf(head, sizeof head, "{\"id\":%zu,\"kind\":\"%s\"", index + 1, kinds[k->kind]);
    int rc = buf_add(&b, head, strlen(head));
    if (c->robots.present && (k->kind == KIND_ALLOW || k->kind == KIND_SITEMAPS))
        rc = rc || request_add_robots(&b, c->robots.data, c->robots.len);
    const char *names[3] = {"agent", "url", "robots_url"};
    const char *values[3] = {k->kind == KIND_ALLOW ? k->agent : NULL, k->url, k->robots_url};
    for (int i = 0; i < 3; i++) {
        if (!values[i]) continue;
        char key[24];
        snprintf(key, sizeof key, ",\"%s\":", names[i]);
        rc = rc || buf_add(&b, key, strlen(key)) || json_append_string(&b, values[i], strlen(values[i]));
    }
    if (k->kind == KIND_STATUS) {
        char st[64];
        if (k->status) snprintf(st, sizeof st, ",\"status\":%d", k->status);
        else snprintf(st, sizeof st, ",\"status\":\"network-error\"");
        rc = rc || buf_add(&b, st, strlen(st));
    }
    rc = rc || buf_add(&b, "}\n", 2);
    if (rc) s->failed = 1;
    else emit(s, b.data, b.len);
    buf_free(&b);
}

static void seeds_for_check(sink *s, const char *target, const tcase *c, size_t index) {
    const check *k = &c->checks[index];
    bool has_robots = c->robots.present;
    if (!strcmp(target, "batch")) {
        batch_seed(s, c, k, index);
    } else if (!strcmp(target, "query")) {
        /* Under each profile. */
        if (k->kind == KIND_ALLOW) {
            emit_parts(s, "g", 1, k->agent, k->url, &c->robots);
            emit_parts(s, "r", 1, k->agent, k->url, &c->robots);
        }
    } else if (!strcmp(target, "model")) {
        if (k->kind == KIND_ALLOW) emit_parts(s, "", 0, k->agent, k->url, &c->robots);
    } else if (!strcmp(target, "metamorphic")) {
        /* A case's checks take the transformations in turn, from a point set by
         * the case's id: every transformation gets seeds, and adding a case
         * leaves the other cases' seeds as they were. */
        char t = (char)((fnv1a(c->id, strlen(c->id)) + index) % 8);
        if (k->kind == KIND_ALLOW) emit_parts(s, &t, 1, k->agent, k->url, &c->robots);
    } else if (!strcmp(target, "regex")) {
        if (k->kind == KIND_ALLOW && has_robots) regex_seeds(s, c, k);
    } else if (!strcmp(target, "url")) {
        if (k->kind == KIND_SCOPE) emit_parts(s, "", 0, k->robots_url, k->url, NULL);
        else if (k->url) emit_parts(s, "", 0, k->url, k->url, NULL);
    } else if (!strcmp(target, "curl_url")) {
        if (k->url) emit(s, k->url, strlen(k->url));
        if (k->robots_url) emit(s, k->robots_url, strlen(k->robots_url));
    } else if (!strcmp(target, "punycode")) {
        const char *urls[2] = {k->url, k->robots_url};
        for (int i = 0; i < 2; i++) {
            const char *host;
            size_t n = urls[i] ? host_of(urls[i], &host) : 0;
            if (n) emit(s, host, n);
            /* Each label too, and each label's Punycode part. */
            for (size_t at = 0; at < n;) {
                size_t len = strcspn(host + at, ".");
                if (len > n - at) len = n - at;
                if (len) emit(s, host + at, len);
                if (len > 4 && !strncmp(host + at, "xn--", 4)) emit(s, host + at + 4, len - 4);
                at += len + 1;
            }
        }
    }
}

static int clear_dir(const char *dir) {
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) return -1;
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0) rc = -1;
    }
    closedir(d);
    return rc;
}

static const char *const targets[] = {"parse", "query", "url", "punycode", "model", "regex", "curl_url", "metamorphic",
                                      "batch"};

static int usage(FILE *to, int rc) {
    fprintf(to, "usage: robots-corpus [--out DIR] [--cases DIR] [--schema FILE] [--quiet] TARGET...\n"
                "Writes the seed corpus of each fuzz target into DIR/TARGET/ (default DIR: corpus),\n"
                "made from the conformance case tables. Targets:");
    for (size_t i = 0; i < sizeof targets / sizeof *targets; i++) fprintf(to, " %s", targets[i]);
    fprintf(to, "\n");
    return rc;
}

int main(int argc, char **argv) {
    const char *out = "corpus", *cases = "conformance/cases", *schema = "conformance/case-table.schema.json";
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--help")) return usage(stdout, 0);
        if (!strcmp(a, "--quiet")) {
            quiet = true;
            continue;
        }
        if (first + 1 >= argc) return usage(stderr, 2);
        if (!strcmp(a, "--out")) out = argv[++first];
        else if (!strcmp(a, "--cases")) cases = argv[++first];
        else if (!strcmp(a, "--schema")) schema = argv[++first];
        else return usage(stderr, 2);
    }
    if (first == argc) return usage(stderr, 2);
    for (int i = first; i < argc; i++) {
        bool known = false;
        for (size_t t = 0; t < sizeof targets / sizeof *targets; t++) known = known || !strcmp(argv[i], targets[t]);
        if (!known) {
            fprintf(stderr, "robots-corpus: unknown target '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    suite su;
    char error[2048];
    suite_files files = {cases, schema, "conformance/spec-examples.json", "conformance/spec-examples.schema.json"};
    if (suite_load(&files, &su, error, sizeof error) != 0) {
        fprintf(stderr, "robots-corpus: malformed case table: %s\n", error);
        return 2;
    }
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "robots-corpus: cannot create %s: %s\n", out, strerror(errno));
        suite_free(&su);
        return 1;
    }
    int rc = 0;
    for (int i = first; i < argc && rc == 0; i++) {
        sink s = {.written = 0, .failed = 0};
        snprintf(s.dir, sizeof s.dir, "%s/%s", out, argv[i]);
        if (clear_dir(s.dir) != 0) {
            fprintf(stderr, "robots-corpus: cannot prepare %s: %s\n", s.dir, strerror(errno));
            rc = 1;
            break;
        }
        for (size_t t = 0; t < su.ntables; t++)
            for (size_t c = 0; c < su.tables[t].ncases; c++) {
                const tcase *tc = &su.tables[t].cases[c];
                if (!strcmp(argv[i], "parse") && tc->robots.present && tc->robots.len >= PARSE_SEED_MIN)
                    emit(&s, tc->robots.data, tc->robots.len);
                for (size_t k = 0; k < tc->nchecks; k++) seeds_for_check(&s, argv[i], tc, k);
            }
        if (s.failed) rc = 1;
        else if (!quiet) printf("%s: %zu seeds\n", s.dir, s.written);
    }
    suite_free(&su);
    return rc;
}
