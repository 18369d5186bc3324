/*
 * runner.c - fuzz target: robots-conform's command line and report writers
 * (conformance/src/command, through conform_main). The input is
 *
 *   ARG "\n" ARG "\n" ... [ "\0" TABLE [ "\0" KNOWN-FAILURES ] ]
 *
 * the arguments, one a line; a case table (JSON) to run them against, or, when
 * absent or empty, the rfc table built in; and the text of a known-failures file.
 * Whatever the arguments, the runner must end with 0, 1 or 2: never a signal, a
 * leak or an exit status of its own making.
 *
 * Arguments that would reach outside the fuzzer are redirected, never dropped, so
 * the option parser still sees them: a batch command, a command template or a
 * targets file becomes a built-in target (no process is started); every path
 * (cases, schema, index, site, scorecard, the reports --compare reads, the
 * known-failures files, the manual, the files --output writes) points into the
 * target's own temporary directory. Everything the runner reads is built in and
 * written there (the fuzzer reads nothing of the source tree, wherever it runs);
 * what an input writes is removed before the next (no state between inputs); and
 * the directory is removed when the process ends, however it ends (a watchdog).
 * The directory and the reports are made once, in LLVMFuzzerInitialize.
 */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../common.h"
#include "conform.h"
#include "runner_files.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(file_not_opened)
DEFINE_FINDING(file_not_written)
DEFINE_FINDING(file_not_built_in)
DEFINE_FINDING(pipe_failed)
DEFINE_FINDING(watchdog_not_started)
DEFINE_FINDING(temporary_dir_not_made)
DEFINE_FINDING(null_device_not_opened)
DEFINE_FINDING(report_not_opened)
DEFINE_FINDING(builtin_table_exit_wrong)
DEFINE_FINDING(exit_status_out_of_range)
DEFINE_FINDING(not_initialized)

#define MAX_ARGS 24
#define INPUT_CAP 65536

/* The directory (a TMPDIR of up to half a path's length) and what is in it. */
static char dir[PATH_MAX / 2];
static char cases[sizeof dir + 16], table[PATH_MAX], schema[PATH_MAX], index_file[PATH_MAX], known[PATH_MAX];
static char written[PATH_MAX], site[PATH_MAX], old_report[PATH_MAX], new_report[PATH_MAX], no_file[PATH_MAX];
static char manual[PATH_MAX], index_schema[PATH_MAX], output[PATH_MAX], catalog[PATH_MAX], catalog_schema[PATH_MAX];
static FILE *sink_out;

static void write_bytes(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) FINDING(file_not_opened, "cannot write %s", path);
    if (n && fwrite(data, 1, n, f) != n) FINDING(file_not_written, "cannot write %s", path);
    fclose(f);
}

static const struct embedded_file *embedded(const char *name) {
    for (size_t i = 0; i < sizeof embedded_files / sizeof embedded_files[0]; i++)
        if (!strcmp(embedded_files[i].name, name)) return &embedded_files[i];
    FINDING(file_not_built_in, "%s is not built in", name);
    return NULL;
}

/* A table is read only from a file named for its area: the name the input's
 * "area" gives (letters, digits, '-' and '_'), else "fuzz". */
static void table_path(const uint8_t *data, size_t n, char *out, size_t cap) {
    char area[40] = "fuzz";
    const uint8_t *key = NULL;
    for (size_t i = 0; i + 6 <= n && !key; i++)
        if (!memcmp(data + i, "\"area\"", 6)) key = data + i;
    if (key) {
        const uint8_t *end = data + n, *p = key + 6;
        while (p < end && (*p == ' ' || *p == ':' || *p == '\n' || *p == '\t')) p++;
        size_t len = 0;
        if (p < end && *p == '"')
            for (p++; p < end && len + 1 < sizeof area && (isalnum(*p) || *p == '-' || *p == '_'); p++) area[len++] = (char)*p;
        if (len) area[len] = '\0';
    }
    snprintf(out, cap, "%s/%s.json", cases, area);
}

/* What an input wrote (a site, the files --output names), gone before the next;
 * symbolic links are removed, never followed. */
static void remove_tree(const char *path, int depth) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    DIR *d = S_ISDIR(st.st_mode) && depth < 8 ? opendir(path) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        char child[PATH_MAX];
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            snprintf(child, sizeof child, "%s/%s", path, e->d_name) < (int)sizeof child)
            remove_tree(child, depth + 1);
    }
    if (d) closedir(d);
    remove(path);
}

/* The directory (under tmp) is made by a watchdog, which removes it when this
 * process ends, however it ends (an exit, a sanitizer's report, a signal,
 * SIGKILL, even at once): it reads a pipe whose writing end only this process
 * holds, and at its end of file removes what it made. It runs in a session of its
 * own (the terminal's interrupt does not reach it), and is a shell started at
 * once: nothing runs between fork and exec in a process that may have threads.
 * The directory's name comes back on a second pipe. */
static void make_watched_dir(const char *tmp) {
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) FINDING(pipe_failed, "cannot make a pipe");
    pid_t pid = fork();
    if (pid < 0) FINDING(watchdog_not_started, "cannot start the watchdog of a directory in %s", tmp);
    if (pid == 0) {
        setsid();
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2);
        execl("/bin/sh", "sh", "-c",
              "dir=$(mktemp -d \"$0/robots-fuzz-runner-XXXXXX\") || exit 1; echo \"$dir\"; exec >/dev/null; "
              "cat >/dev/null; rm -rf \"$dir\"",
              tmp, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    fcntl(to[1], F_SETFD, FD_CLOEXEC);
    size_t n = 0;
    for (char c; n + 1 < sizeof dir && read(from[0], &c, 1) == 1 && c != '\n';) dir[n++] = c;
    dir[n] = '\0';
    close(from[0]);
    if (!n) FINDING(temporary_dir_not_made, "cannot make a temporary directory in %s", tmp);
}

/* The temporary directory (under $TMPDIR, else /tmp) with the schemas, the index,
 * a manual and two reports of the built-in table for --compare. */
static void setup(void) {
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strlen(tmp) > sizeof dir - 32) tmp = "/tmp";
    make_watched_dir(tmp);
    snprintf(cases, sizeof cases, "%s/cases", dir);
    mkdir(cases, 0700);
    snprintf(table, sizeof table, "%s/cases/rfc.json", dir);
    snprintf(schema, sizeof schema, "%s/case-table.schema.json", dir);
    snprintf(index_file, sizeof index_file, "%s/spec-examples.json", dir);
    /* The index's schema beside the index, where the runner looks for it. */
    snprintf(index_schema, sizeof index_schema, "%s/spec-examples.schema.json", dir);
    /* The crawler catalog, its schema beside it. */
    snprintf(catalog, sizeof catalog, "%s/crawler-catalog.json", dir);
    snprintf(catalog_schema, sizeof catalog_schema, "%s/crawler-catalog.schema.json", dir);
    snprintf(output, sizeof output, "%s/output", dir);
    snprintf(known, sizeof known, "%s/known.txt", dir);
    snprintf(written, sizeof written, "%s/written.txt", dir);
    snprintf(site, sizeof site, "%s/site", dir);
    snprintf(old_report, sizeof old_report, "%s/old.json", dir);
    snprintf(new_report, sizeof new_report, "%s/new.json", dir);
    snprintf(no_file, sizeof no_file, "%s/none", dir);
    /* A manual of two short pages, so that --site reads the fuzzer's own. */
    snprintf(manual, sizeof manual, "%s/manual", dir);
    char docs[PATH_MAX + 16], page[PATH_MAX + 32];
    snprintf(docs, sizeof docs, "%s/docs", manual);
    mkdir(manual, 0700);
    mkdir(docs, 0700);
    static const char index_page[] = "# Manual\n\n- [a page](page.md#one), [the front](../README.md)\n";
    static const char page_text[] = "# Page\n\n## One\n\n| a | b |\n| - | -: |\n| `x` | **y** |\n";
    snprintf(page, sizeof page, "%s/README.md", docs);
    write_bytes(page, index_page, sizeof index_page - 1);
    snprintf(page, sizeof page, "%s/page.md", docs);
    write_bytes(page, page_text, sizeof page_text - 1);
    snprintf(page, sizeof page, "%s/README.md", manual);
    write_bytes(page, "# Front\n", 8);
    const struct embedded_file *f = embedded("case-table.schema.json");
    write_bytes(schema, f->data, f->len);
    f = embedded("spec-examples.json");
    write_bytes(index_file, f->data, f->len);
    f = embedded("spec-examples.schema.json");
    write_bytes(index_schema, f->data, f->len);
    f = embedded("rfc.json");
    write_bytes(table, f->data, f->len);
    f = embedded("crawler-catalog.json");
    write_bytes(catalog, f->data, f->len);
    f = embedded("crawler-catalog.schema.json");
    write_bytes(catalog_schema, f->data, f->len);
    sink_out = fopen("/dev/null", "w");
    if (!sink_out) FINDING(null_device_not_opened, "cannot open /dev/null");
    /* Two reports: the reference, and a baseline that fails some checks. */
    const char *const profiles[2] = {"builtin:reference", "builtin:always-allowed"};
    const char *const reports[2] = {old_report, new_report};
    for (int i = 0; i < 2; i++) {
        FILE *out = fopen(reports[i], "w");
        char target[64];
        snprintf(target, sizeof target, "t=%s", profiles[i]);
        char *argv[] = {"robots-conform", "--cases", cases, "--schema", schema, "--index", index_file,
                        "--catalog", catalog, "--target", target, "--format", "json", NULL};
        if (!out) FINDING(report_not_opened, "cannot write %s", reports[i]);
        int rc = conform_main((int)(sizeof argv / sizeof argv[0]) - 1, argv, out, sink_out);
        fclose(out);
        /* The harness itself: the reference passes the built-in table, the
         * baseline does not. */
        if (rc != i)
            FINDING(builtin_table_exit_wrong,
                    "robots-conform on the built-in table with %s ended with %d", profiles[i], rc);
    }
}

/* The value that replaces an argument reaching outside, or NULL to keep it. */
static const char *redirect(const char *option, int which) {
    static const struct {
        const char *option, *value;
    } paths[] = {{"--cases", cases},          {"--schema", schema},   {"--index", index_file},
                 {"--catalog", catalog},
                 {"--site", site},            {"--scorecard", no_file}, {"--known-failures", known},
                 {"--write-known-failures", written}, {"--manual", manual}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (!strcmp(option, paths[i].option)) return paths[i].value;
    if (!strcmp(option, "--compare")) return which == 0 ? old_report : new_report;
    return NULL;
}

/* The set-up (the directory, its watchdog, the two reports --compare reads), once a
 * process, before the first input: libFuzzer, AFL++'s driver and the replay driver
 * (fuzz/replay.c) call LLVMFuzzerInitialize first. AFL++'s driver calls it before it
 * starts its fork server, so the children it forks share what it made; set up in the
 * first input instead, every child started a watchdog and ran both reports again
 * (issue 63, item 6). */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    setup();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A driver that skips LLVMFuzzerInitialize would fuzz with no directory. */
    if (!dir[0]) FINDING(not_initialized, "LLVMFuzzerInitialize was not called before the first input");
    if (size > INPUT_CAP) return 0;
    const uint8_t *end = data + size, *nul = memchr(data, '\0', size);
    const uint8_t *args_end = nul ? nul : end;
    /* The table and the known failures. */
    const uint8_t *table_start = nul ? nul + 1 : end, *table_end = table_start < end ? memchr(table_start, '\0', (size_t)(end - table_start)) : NULL;
    if (!table_end) table_end = end;
    remove(table);
    if (table_end > table_start) {
        table_path(table_start, (size_t)(table_end - table_start), table, sizeof table);
        write_bytes(table, table_start, (size_t)(table_end - table_start));
    } else {
        const struct embedded_file *f = embedded("rfc.json");
        snprintf(table, sizeof table, "%s/rfc.json", cases);
        write_bytes(table, f->data, f->len);
    }
    write_bytes(known, table_end < end ? table_end + 1 : end, table_end < end ? (size_t)(end - table_end - 1) : 0);
    remove(written);
    remove_tree(site, 0);
    remove_tree(output, 0);

    char *copy = malloc((size_t)(args_end - data) + 1);
    if (!copy) return 0;
    memcpy(copy, data, (size_t)(args_end - data));
    copy[args_end - data] = '\0';
    /* The tables are the fuzzer's first; an input naming its own places is
     * redirected to the same. */
    char *argv[MAX_ARGS + 12] = {"robots-conform", "--cases",    cases, "--schema", schema,
                                 "--index",        index_file, "--manual", manual, "--catalog", catalog};
    int argc = 11;
    for (char *p = copy; *p && argc < MAX_ARGS;) {
        size_t n = strcspn(p, "\n");
        bool last = p[n] == '\0';
        p[n] = '\0';
        argv[argc++] = p;
        p += n + !last;
    }
    /* Redirect what would reach outside; the values keep their positions. */
    for (int i = 9; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--batch-cmd") || !strcmp(a, "--command") || !strcmp(a, "--targets")) {
            argv[i] = "--target";
            if (i + 1 < argc) argv[++i] = "fuzz=builtin:always-disallowed";
        } else if (!strcmp(a, "--target") && i + 1 < argc) {
            const char *eq = strchr(argv[i + 1], '=');
            if (!eq || strncmp(eq + 1, "builtin:", 8)) argv[i + 1] = "fuzz=builtin:always-allowed";
            i++;
        } else if (!strcmp(a, "--output") && i + 1 < argc) {
            /* FORMAT=FILE: the format kept, the file the fuzzer's own. */
            static char outputs[MAX_ARGS][PATH_MAX + 64];
            const char *eq = strchr(argv[i + 1], '=');
            if (eq) {
                snprintf(outputs[i], sizeof outputs[i], "%.*s=%s", (int)(eq - argv[i + 1] < 32 ? eq - argv[i + 1] : 32),
                         argv[i + 1], output);
                argv[i + 1] = outputs[i];
            }
            i++;
        } else if (redirect(a, 0)) {
            int values = !strcmp(a, "--compare") ? 2 : 1;
            for (int k = 0; k < values && i + 1 < argc; k++) argv[++i] = (char *)redirect(a, k);
        }
    }
    argv[argc] = NULL;
    int rc = conform_main(argc, argv, sink_out, sink_out);
    REQUIRE(exit_status_out_of_range, rc == 0 || rc == 1 || rc == 2);
    free(copy);
    return 0;
}
