/* cli_support.c - run the robots command, make scratch files. */
#include "cli_support.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"

proc_result run_robots(const char *input, size_t input_len, const char *const *args) {
    const char *bin = getenv("ROBOTS_BIN");
    char *argv[18];
    argv[0] = (char *)(bin ? bin : "build/bin/robots");
    size_t n = 1;
    for (; args[n - 1] && n < 17; n++) argv[n] = (char *)args[n - 1];
    argv[n] = NULL;
    proc_result r;
    CHECK_EQ(proc_run(argv, input, input_len, 60.0, (size_t)256 << 20, &r), 0);
    CHECK(!r.exec_failed);
    CHECK(!r.timed_out);
    CHECK(!r.signaled);
    return r;
}

static char scratch_dir[64];

/* Every file in the directory goes, the scratch files and those the tests made
 * beside them (a gzipped copy, a cut one), so that the directory goes too. */
static void remove_scratch(void) {
    DIR *d = opendir(scratch_dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", scratch_dir, e->d_name);
        unlink(path);
    }
    if (d) closedir(d);
    rmdir(scratch_dir);
}

/* The scratch directory, made on first use and removed at exit. */
const char *scratch_directory(void) {
    if (!scratch_dir[0]) {
        strcpy(scratch_dir, "/tmp/robots-tests-XXXXXX");
        if (!mkdtemp(scratch_dir)) return "/nonexistent";
        atexit(remove_scratch);
    }
    return scratch_dir;
}

const char *scratch_file(int slot, const void *data, size_t len) {
    static char paths[SCRATCH_SLOTS][128];
    if (slot < 0 || slot >= SCRATCH_SLOTS) {
        fprintf(stderr, "scratch_file: slot %d is not one of 0 to %d\n", slot, SCRATCH_SLOTS - 1);
        abort();
    }
    snprintf(paths[slot], sizeof paths[slot], "%s/f%d", scratch_directory(), slot);
    FILE *f = fopen(paths[slot], "wb");
    if (!f) return "/nonexistent";
    fwrite(data, 1, len, f);
    fclose(f);
    return paths[slot];
}

int output_is(const proc_output *o, const char *want) {
    size_t n = strlen(want);
    if (o->len == n && (n == 0 || memcmp(o->data, want, n) == 0)) return 1;
    printf("    output was: \"%.*s\"\n    wanted:     \"%s\"\n", (int)o->len, o->data ? o->data : "", want);
    return 0;
}

int run_quietly(int (*fn)(void *ctx), void *ctx) {
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    int rc = fn(ctx);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(null);
    return rc;
}
