/*
 * loaders_oom.c - every loader of the runner reports running out of memory cleanly.
 *
 * Linked with -Wl,--wrap for malloc, calloc, realloc, strdup and strndup (cJSON's
 * allocations come through the runner's own hooks, json_file.c), so that the n-th
 * allocation can be made to fail. For each loader (the case tables with their
 * schema and index, a targets file, a known-failures file, two reports compared,
 * the scorecard the site reads) it counts the allocations of a run that succeeds,
 * then fails each of them in turn and requires either an error that says "out of
 * memory" or a result identical to the one memory did not run out for (a
 * fingerprint of everything loaded): never a crash, never a partial result
 * presented as complete. Under AddressSanitizer (make test-asan) every failed run
 * must also free what it had taken.
 *
 *   robots-conform-oom [PROJECT-ROOT]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare.h"
#include "conform.h"
#include "known.h"
#include "paths.h"
#include "site.h"
#include "tables.h"
#include "targets.h"

/* ---- The failing allocator ------------------------------------------------------- */

static long fail_at = -1; /* the allocation to fail (0-based), -1: none */
static long calls;        /* allocations since the count was reset */

static bool failing(void) { return calls++ == fail_at; }

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

void *__wrap_malloc(size_t n) { return failing() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return failing() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return failing() ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return failing() ? NULL : __real_strdup(s); }
char *__wrap_strndup(const char *s, size_t n) { return failing() ? NULL : __real_strndup(s, n); }

/* ---- Fingerprints: everything a loader gave, hashed --------------------------------- */

static uint64_t mix(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
    return (h ^ 0xFF) * 1099511628211ull; /* a separator: "ab","c" differs from "a","bc" */
}

static uint64_t text(uint64_t h, const char *s) { return s ? mix(h, s, strlen(s) + 1) : mix(h, "", 0); }

static uint64_t suite_print(const suite *s) {
    uint64_t h = 14695981039346656037ull;
    for (size_t t = 0; t < s->ntables; t++) {
        const table *tb = &s->tables[t];
        h = text(text(text(text(h, tb->area), tb->title), tb->description), tb->version);
        for (size_t i = 0; i < tb->ncases; i++) {
            const tcase *c = &tb->cases[i];
            h = text(text(text(h, c->id), c->title), c->note);
            for (size_t k = 0; k < c->nsources; k++) h = text(h, c->sources[k]);
            h = mix(h, c->robots.data ? (const char *)c->robots.data : "", c->robots.len);
            for (size_t k = 0; k < c->nchecks; k++) {
                const check *ck = &c->checks[k];
                h = text(text(text(text(text(h, ck->agent), ck->url), ck->robots_url), ck->note), ck->spec);
                for (size_t a = 0; a < ck->nagents; a++) h = text(h, ck->agents[a]);
                for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) h = text(mix(h, &ck->basis[p], sizeof ck->basis[p]), ck->expect[p]);
            }
        }
    }
    for (size_t d = 0; d < s->index.ndocuments; d++) h = text(text(h, s->index.documents[d].name), s->index.documents[d].title);
    for (size_t e = 0; e < s->index.nexamples; e++) h = text(text(h, s->index.examples[e].id), s->index.examples[e].title);
    return h;
}

/* ---- The loaders, each as one call: 0 with a fingerprint, or -1 with an error ---- */

typedef int loader(uint64_t *print, char *error, size_t cap);

static suite_files files;
static char targets_file[4096], known_file[4096], old_report[4096], new_report[4096], scorecard_file[4096];
static suite loaded; /* the tables, for the loaders that need them (loaded without failing) */

static int load_suite(uint64_t *print, char *error, size_t cap) {
    suite s;
    if (suite_load(&files, &s, error, cap)) return -1;
    *print = suite_print(&s);
    suite_free(&s);
    return 0;
}

static int load_targets(uint64_t *print, char *error, size_t cap) {
    target_list list = {NULL, 0};
    int rc = targets_add_file(&list, targets_file, error, cap);
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; rc == 0 && i < list.n; i++)
        h = text(text(text(text(text(text(h, list.items[i].name), list.items[i].language), list.items[i].version),
                                  list.items[i].batch), list.items[i].command), list.items[i].builtin);
    *print = h;
    targets_free(&list);
    return rc;
}

static int load_known(uint64_t *print, char *error, size_t cap) {
    known_list k;
    if (known_load(known_file, &loaded, &k, error, cap)) return -1;
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < k.n; i++) h = mix(text(text(h, k.items[i].id), k.items[i].c->id), &k.items[i].check, sizeof(int));
    *print = h;
    known_free(&k);
    return 0;
}

/* Reads both reports and prints the comparison into memory: the text is the print. */
static int load_compare(uint64_t *print, char *error, size_t cap) {
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    if (!f) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    int rc = compare_reports(old_report, new_report, COMPARE_LIST_UNCOMPARED, f, error, cap);
    bool written = fclose(f) == 0;
    *print = mix(14695981039346656037ull, out ? out : "", len);
    free(out);
    if (rc >= 0 && !written) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    return rc < 0 ? -1 : 0;
}

static int load_scorecard(uint64_t *print, char *error, size_t cap) {
    scorecard *sc;
    if (site_scorecard_load(scorecard_file, &loaded, &sc, error, cap)) return -1;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    for (size_t t = 0; f && t < loaded.ntables; t++)
        for (size_t i = 0; i < loaded.tables[t].ncases; i++) site_scorecard_case(f, sc, loaded.tables[t].cases[i].id);
    if (f) fclose(f);
    *print = mix(14695981039346656037ull, out ? out : "", len);
    free(out);
    site_scorecard_free(sc);
    return 0;
}

/* ---- The test ---------------------------------------------------------------------- */

static int failures;

/* Fails every allocation of the loader in turn. */
static void every_allocation(const char *name, loader *load) {
    char error[4096];
    uint64_t want = 0, got = 0;
    fail_at = -1;
    calls = 0;
    if (load(&want, error, sizeof error)) {
        printf("FAIL %s: does not load without failures: %s\n", name, error);
        failures++;
        return;
    }
    long total = calls, clean = 0, same = 0;
    for (long n = 0; n < total; n++) {
        fail_at = n;
        calls = 0;
        error[0] = '\0';
        int rc = load(&got, error, sizeof error);
        fail_at = -1;
        if (rc != 0 && strstr(error, "out of memory")) clean++;
        else if (rc == 0 && got == want) same++;
        else {
            if (failures++ < 20)
                printf("FAIL %s: allocation %ld of %ld failed: %s\n", name, n, total,
                       rc ? error : "the result differs from a run with memory, and says nothing");
        }
    }
    printf("%-12s %6ld allocations: each failed in turn: %ld said out of memory, %ld gave the whole result\n", name,
           total, clean, same);
}

static void write_text(const char *path, const char *text_) {
    FILE *f = fopen(path, "w");
    if (!f || fputs(text_, f) < 0 || fclose(f) != 0) {
        printf("FAIL cannot write %s\n", path);
        exit(1);
    }
}

int main(int argc, char **argv) {
    const char *root = argc > 1 ? argv[1] : ".";
    char dir[] = "/tmp/robots-conform-oom-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    static char cases[4200], schema[4200], index[4200], index_schema[4200], catalog[4200], catalog_schema[4200];
    snprintf(cases, sizeof cases, "%s/cases", dir);
    mkdir(cases, 0700);
    /* Two small tables (with variants, sources and bases) are enough to reach every
     * path of the loaders; the real schema, index and crawler catalog. */
    static const char *const tables[] = {"rfc.json", "apply.json"};
    for (size_t i = 0; i < 2; i++) {
        char from[4200], to[4300], cmd[9000];
        snprintf(from, sizeof from, "%s/conformance/cases/%s", root, tables[i]);
        snprintf(to, sizeof to, "%s/%s", cases, tables[i]);
        snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
        if (system(cmd) != 0) return 1;
    }
    snprintf(schema, sizeof schema, "%s/conformance/case-table.schema.json", root);
    snprintf(index, sizeof index, "%s/conformance/spec-examples.json", root);
    snprintf(index_schema, sizeof index_schema, "%s/conformance/spec-examples.schema.json", root);
    snprintf(catalog, sizeof catalog, "%s/conformance/crawler-catalog.json", root);
    snprintf(catalog_schema, sizeof catalog_schema, "%s/conformance/crawler-catalog.schema.json", root);
    files = (suite_files){cases, schema, index, index_schema, catalog, catalog_schema};
    char error[4096];
    if (suite_load(&files, &loaded, error, sizeof error)) {
        printf("FAIL the tables do not load: %s\n", error);
        return 1;
    }
    snprintf(targets_file, sizeof targets_file, "%s/targets.json", dir);
    write_text(targets_file, "{\"targets\": [{\"name\": \"a\", \"language\": \"C\", \"version\": \"1\", \"builtin\": \"reference\"},"
                             " {\"name\": \"b\", \"batch\": \"x --batch\"}, {\"name\": \"c\", \"command\": \"x %robots%\"}]}");
    snprintf(known_file, sizeof known_file, "%s/known.txt", dir);
    write_text(known_file, "# known\nRFC-5\nRFC-5.2  # one check\nRFC-6.1\n");
    /* Two reports of the built-in targets (written without failures). */
    snprintf(old_report, sizeof old_report, "%s/old.json", dir);
    snprintf(new_report, sizeof new_report, "%s/new.json", dir);
    write_text(old_report, "{\"target\": \"t\", \"profiles\": \"google\", \"summary\": {\"passed\": 1, \"failed\": 1,"
                           " \"skipped\": 0, \"undefined\": 0}, \"results\": [{\"id\": \"RFC-5\", \"check\": 1, \"profile\":"
                           " \"google\", \"status\": \"pass\", \"expected\": \"allowed\", \"got\": \"allowed\"},"
                           " {\"id\": \"RFC-5\", \"check\": 2, \"profile\": \"google\", \"status\": \"fail\", \"expected\":"
                           " \"disallowed\", \"got\": \"allowed\"}]}");
    write_text(new_report, "{\"target\": \"t\", \"profiles\": \"google\", \"summary\": {\"passed\": 1, \"failed\": 1,"
                           " \"skipped\": 0, \"undefined\": 0}, \"results\": [{\"id\": \"RFC-5\", \"check\": 1, \"profile\":"
                           " \"google\", \"status\": \"fail\", \"expected\": \"allowed\", \"got\": \"disallowed\"},"
                           " {\"id\": \"RFC-5\", \"check\": 2, \"profile\": \"google\", \"status\": \"pass\", \"expected\":"
                           " \"disallowed\", \"got\": \"disallowed\"}]}");
    /* A scorecard of these tables: two built-in targets, as make scorecard writes it. */
    snprintf(scorecard_file, sizeof scorecard_file, "%s/scorecard.json", dir);
    FILE *sc = fopen(scorecard_file, "w"), *null = fopen("/dev/null", "w");
    char *args[] = {"robots-conform", "--cases", cases, "--schema", schema, "--index", index, "--target",
                    "reference=builtin:reference", "--target", "allowed=builtin:always-allowed", "--format",
                    "scorecard", "--profile", "google", "--profile", "rfc9309", NULL};
    if (!sc || !null || conform_main((int)(sizeof args / sizeof args[0]) - 1, args, sc, null) != 1) {
        printf("FAIL cannot write a scorecard\n");
        return 1;
    }
    fclose(sc);
    fclose(null);

    every_allocation("tables", load_suite);
    every_allocation("targets", load_targets);
    every_allocation("known", load_known);
    every_allocation("compare", load_compare);
    every_allocation("scorecard", load_scorecard);

    suite_free(&loaded);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) failures++;
    printf("%s\n", failures ? "loaders under memory failure: FAILED" : "loaders under memory failure: all clean");
    return failures ? 1 : 0;
}
