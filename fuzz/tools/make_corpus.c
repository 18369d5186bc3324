/*
 * make_corpus.c - the seed corpora of the fuzz targets, made from the conformance
 * tables, so that fuzzing starts from every case the suite knows.
 *
 *   robots-corpus [--out DIR] [--cases DIR] [--schema FILE] [--quiet] TARGET...
 *
 * Each seed is named by the FNV-1a hash of its bytes, so the output is the same on
 * every run and a duplicate is written once. DIR/TARGET/ is emptied first. Seeds
 * larger than SEED_MAX are left out: fuzzers work best from small inputs. What a
 * target's seeds look like is beside its name: fuzz/seeds/TARGET.c.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "seed_sink.h"
#include "tables.h"
#include "target_table.h"

/* A target's seed layout, fuzz/seeds/TARGET.c (target_table.h), or NULL. */
static seed_layout *layout_of(const char *name) {
    const seed_target *t = seed_target_named(name);
    return t ? t->seeds : NULL;
}

static bool quiet;

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

static int usage(FILE *to, int rc) {
    fprintf(to, "usage: robots-corpus [--out DIR] [--cases DIR] [--schema FILE] [--quiet] TARGET...\n"
                "Writes the seed corpus of each fuzz target into DIR/TARGET/ (default DIR: corpus),\n"
                "made from the conformance case tables. Targets:");
    for (size_t i = 0; i < seed_target_count; i++) fprintf(to, " %s", seed_targets[i].name);
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
        if (!layout_of(argv[i])) {
            fprintf(stderr, "robots-corpus: unknown target '%s'\n", argv[i]);
            return usage(stderr, 2);
        }
    }
    suite su;
    char error[2048];
    suite_files files = {cases, schema, "conformance/spec-examples.json", "conformance/spec-examples.schema.json", NULL,
                         NULL};
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
        seed_layout *seeds = layout_of(argv[i]);
        for (size_t t = 0; t < su.ntables; t++)
            for (size_t c = 0; c < su.tables[t].ncases; c++) seeds(&s, &su.tables[t].cases[c]);
        if (s.failed) rc = 1;
        else if (!quiet) printf("%s: %zu seeds\n", s.dir, s.written);
    }
    suite_free(&su);
    return rc;
}
