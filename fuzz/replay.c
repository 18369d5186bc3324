/*
 * replay.c - runs fuzz inputs through a target without a fuzzer: every file named
 * on the command line, and every file in every directory named (in name order).
 * `make test` replays the seed corpora and every regression with it, under
 * AddressSanitizer and UndefinedBehaviorSanitizer. A finding aborts, as in a fuzzer.
 * The target's LLVMFuzzerInitialize, where it has one, runs first, as in a fuzzer.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common.h"

/* The target's set-up, called once before the first input as libFuzzer and AFL++'s
 * driver call it; weak, so that a target without one links (it is then NULL). */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static size_t replayed;

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    unsigned char *data = NULL;
    size_t len = 0, cap = 0, got;
    unsigned char chunk[65536];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + got > cap) {
            cap = (len + got) * 2;
            unsigned char *grown = realloc(data, cap);
            if (!grown) {
                fprintf(stderr, "replay: out of memory reading %s\n", path);
                free(data);
                fclose(f);
                return -1;
            }
            data = grown;
        }
        memcpy(data + len, chunk, got);
        len += got;
    }
    fclose(f);
    /* An exact-size copy, so that reading past the input is caught. */
    unsigned char *exact = malloc(len ? len : 1);
    if (!exact) {
        fprintf(stderr, "replay: out of memory for %s\n", path);
        free(data);
        return -1;
    }
    if (len) memcpy(exact, data, len);
    free(data);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    replayed++;
    return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int replay_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) return replay_file(path);
    DIR *d = opendir(path);
    if (!d) return -1;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char **grown = realloc(names, (n + 1) * sizeof *names);
        char *name = grown ? strdup(e->d_name) : NULL;
        if (!name) {
            fprintf(stderr, "replay: out of memory listing %s\n", path);
            exit(2);
        }
        names = grown;
        names[n++] = name;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, names[i]);
        if (replay_path(full) != 0) rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv) {
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    int rc = 0;
    for (int i = 1; i < argc; i++)
        if (replay_path(argv[i]) != 0) rc = 1;
    printf("%s: replayed %zu inputs\n", argc > 0 ? argv[0] : "replay", replayed);
    return rc;
}
