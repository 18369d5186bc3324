/*
 * seed_layout.c - every seed and regression in its target's layout:
 *
 *   robots-seed-layout [--corpus DIR] [--cases DIR] [--schema FILE] TARGET...
 *
 * For each TARGET, every file of DIR/TARGET/ (its seeds: their fields must be the
 * tables' own) and of DIR/regressions/TARGET/ (a fuzzer's inputs: their form only)
 * goes through the target's layout check, layout_TARGET in fuzz/seeds/TARGET.c,
 * which reads it as the target does. google_diff's seeds must also be the query
 * target's with the profile byte dropped. The first failures of each target are
 * named; the exit status is 1 when there is one (issue 63, item 2: google_diff was
 * seeded in the query target's layout, and nothing noticed).
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "seed_sink.h"
#include "tables.h"
#include "target_table.h"

static layout_check *check_of(const char *name) {
    const seed_target *t = seed_target_named(name);
    return t ? t->check : NULL;
}

static int by_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void add_fact(fact_set *set, const char *s) {
    if (!s) return;
    char **grown = realloc(set->items, (set->n + 1) * sizeof *grown);
    char *copy = strdup(s);
    if (!grown || !copy) {
        fprintf(stderr, "robots-seed-layout: out of memory\n");
        exit(2);
    }
    set->items = grown;
    set->items[set->n++] = copy;
}

static void free_facts(fact_set *set) {
    for (size_t i = 0; i < set->n; i++) free(set->items[i]);
    free(set->items);
}

/* The whole file, or NULL (then *n is 0). */
static unsigned char *read_all(const char *path, size_t *n) {
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    size_t cap = 0;
    for (;;) {
        if (*n == cap) {
            cap = cap ? cap * 2 : 65536;
            unsigned char *grown = realloc(data, cap);
            if (!grown) break;
            data = grown;
        }
        size_t got = fread(data + *n, 1, cap - *n, f);
        *n += got;
        if (got == 0) {
            fclose(f);
            return data ? data : malloc(1);
        }
    }
    fclose(f);
    free(data);
    *n = 0;
    return NULL;
}

typedef struct tally {
    size_t checked, failed;
} tally;

static void fail(tally *t, const char *target, const char *path, const char *why) {
    if (t->failed++ < 5) printf("robots-seed-layout: %s: %s: %s\n", target, path, why);
}

/* Every file of dir through the check (f: seeds; NULL: regressions). A missing
 * directory is no input. */
static void check_dir(const char *target, layout_check *layout, const char *dir, const seed_facts *f, tally *t) {
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.md")) continue;
        char path[4600];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        size_t n;
        unsigned char *data = read_all(path, &n);
        const char *why = data ? layout(data, n, f) : "cannot be read";
        t->checked++;
        if (why) fail(t, target, path, why);
        free(data);
    }
    closedir(d);
}

/* Each query seed with its profile byte dropped is a google_diff seed (by the
 * seeds' naming, the FNV-1a hash of the bytes). */
static void check_converted(const char *corpus, tally *t) {
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/query", corpus);
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[4600], want[4600];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t n;
        unsigned char *data = read_all(path, &n);
        if (!data || n == 0) {
            free(data);
            continue;
        }
        snprintf(want, sizeof want, "%s/google_diff/%016llx", corpus, fnv1a(data + 1, n - 1));
        t->checked++;
        struct stat st;
        if (stat(want, &st) != 0) fail(t, "google_diff", path, "this query seed without its profile byte is missing");
        free(data);
    }
    closedir(d);
}

static int usage(FILE *to, int rc) {
    fprintf(to, "usage: robots-seed-layout [--corpus DIR] [--cases DIR] [--schema FILE] TARGET...\n"
                "Checks that every seed in DIR/TARGET/ and DIR/regressions/TARGET/ (default DIR:\n"
                "corpus) is in the layout its target reads. Targets:");
    for (size_t i = 0; i < seed_target_count; i++) fprintf(to, " %s", seed_targets[i].name);
    fprintf(to, "\n");
    return rc;
}

int main(int argc, char **argv) {
    const char *corpus = "corpus", *cases = "conformance/cases", *schema = "conformance/case-table.schema.json";
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--help")) return usage(stdout, 0);
        if (first + 1 >= argc) return usage(stderr, 2);
        if (!strcmp(a, "--corpus")) corpus = argv[++first];
        else if (!strcmp(a, "--cases")) cases = argv[++first];
        else if (!strcmp(a, "--schema")) schema = argv[++first];
        else return usage(stderr, 2);
    }
    if (first == argc) return usage(stderr, 2);
    for (int i = first; i < argc; i++)
        if (!check_of(argv[i])) {
            fprintf(stderr, "robots-seed-layout: unknown target '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    suite su;
    char error[2048];
    suite_files files = {cases, schema, "conformance/spec-examples.json", "conformance/spec-examples.schema.json", NULL,
                         NULL};
    if (suite_load(&files, &su, error, sizeof error) != 0) {
        fprintf(stderr, "robots-seed-layout: malformed case table: %s\n", error);
        return 2;
    }
    seed_facts facts = {{NULL, 0}, {NULL, 0}, {NULL, 0}};
    for (size_t t = 0; t < su.ntables; t++)
        for (size_t c = 0; c < su.tables[t].ncases; c++)
            for (size_t k = 0; k < su.tables[t].cases[c].nchecks; k++) {
                const check *ck = &su.tables[t].cases[c].checks[k];
                add_fact(&facts.agents, ck->agent);
                add_fact(&facts.urls, ck->url);
                add_fact(&facts.urls, ck->robots_url);
                add_fact(&facts.categories, ck->category);
            }
    /* A seed's fields are the tables' own. */
    fact_set *sets[] = {&facts.agents, &facts.urls, &facts.categories};
    for (size_t i = 0; i < 3; i++)
        if (sets[i]->n) qsort(sets[i]->items, sets[i]->n, sizeof *sets[i]->items, by_text);
    int rc = 0;
    size_t total = 0;
    for (int i = first; i < argc; i++) {
        tally t = {0, 0};
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%s", corpus, argv[i]);
        struct stat st;
        if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) fail(&t, argv[i], dir, "no seed directory of its own");
        check_dir(argv[i], check_of(argv[i]), dir, &facts, &t);
        snprintf(dir, sizeof dir, "%s/regressions/%s", corpus, argv[i]);
        check_dir(argv[i], check_of(argv[i]), dir, NULL, &t);
        if (!strcmp(argv[i], "google_diff")) check_converted(corpus, &t);
        if (t.checked == 0) fail(&t, argv[i], corpus, "no seeds");
        if (t.failed) {
            printf("robots-seed-layout: %s: %zu of %zu inputs are not in its layout\n", argv[i], t.failed, t.checked);
            rc = 1;
        }
        total += t.checked;
    }
    if (rc == 0) printf("robots-seed-layout: %zu inputs of %d targets, each in its target's layout\n", total, argc - first);
    for (size_t i = 0; i < 3; i++) free_facts(sets[i]);
    suite_free(&su);
    return rc;
}
