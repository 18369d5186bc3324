/*
 * hostile_tables.c - tables, options and outputs meant to break the runner: a
 * short table that expands to gigabytes, NUL in a string, a schema that checks
 * nothing, a table that is a device or too large, bytes that are not UTF-8, many
 * cases, values that are not numbers, and an output that cannot be written. Each
 * is a usage error (exit 2) that names the file and the place, never a crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "selftest.h"

/* A case around one robots value and one string field, in the suite's format. */
#define CASE_WITH(title, robots)                                                                       \
    "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": " title ","      \
    " \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": " robots "," \
    " \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}"

/* Runs robots-conform on a directory holding match.json with this text; checks
 * that it exits 2 with "DIR/match.json<error>" on stderr and prints nothing. */
static void rejected(const char *dir, const char *text, const char *const *more, const char *error) {
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s/match.json", dir);
    if (text) write_file(file, text);
    const char *args[16] = {"--cases", dir};
    int n = 2;
    for (; more && *more && n < 15; more++) args[n++] = *more;
    args[n] = NULL;
    proc_result r = conform_run(args, 60);
    char want[PATH_MAX + 512];
    snprintf(want, sizeof want, "%s%s", file, error);
    bool ok = !r.signaled && !r.timed_out && r.status == 2 && r.out.len == 0 && r.err.data && strstr(r.err.data, want);
    if (!ok)
        printf("  exit %d%s, stderr: %.500s\n    wanted: %s\n", r.status, r.signaled ? " (signal)" : "",
               r.err.data ? r.err.data : "", want);
    CHECK(ok);
    proc_result_free(&r);
    unlink(file);
}

/* A table of n cases, ... (the last named X-1 again when repeat_first),
 * each with this robots value and one check. */
static void many_cases(const char *file, int n, const char *robots_value, bool repeat_first) {
    FILE *f = fopen(file, "w");
    if (!f) return;
    fprintf(f, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [");
    for (int i = 0; i < n; i++)
        fprintf(f, "%s{\"id\": \"X-%d\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], "
                   "\"note\": \"n\", \"robots\": %s, \"checks\": [{\"agent\": \"a\", \"url\": \"/\", "
                   "\"expect\": \"allowed\"}]}",
                i ? "," : "", repeat_first && i == n - 1 ? 1 : i + 1, robots_value);
    fprintf(f, "]}");
    fclose(f);
}

void hostile_tables_are_rejected(void) {
    char dir[] = "/tmp/robots-conform-tables-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    /* 100,000 characters ten million times: refused before any of it is built. */
    size_t big = 100000;
    char *text = malloc(big + 1024);
    int head = snprintf(text, 1024, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": "
                                    "\"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", "
                                    "\"robots\": [{\"repeat\": \"");
    memset(text + head, 'a', big);
    snprintf(text + head + big, 1024, "\", \"times\": 10000000}], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", "
                                      "\"expect\": \"allowed\"}]}]}");
    rejected(dir, text, NULL,
             ": $.cases[0].robots[0]: the robots.txt grows beyond 4194304 bytes: a case's robots.txt may hold at "
             "most 4194304 bytes once expanded");
    free(text);
    /* Many cases of 4 MiB each: the suite's total is bounded too. */
    {
        char file[PATH_MAX];
        snprintf(file, sizeof file, "%s/match.json", dir);
        many_cases(file, 20, "[{\"repeat\": \"abcd\", \"times\": 1000000}]", false);
        /* 16 cases take 64,000,000 of the 67,108,864 bytes; the 17th does not fit. */
        rejected(dir, NULL, NULL, ": $.cases[16].robots[0]: the robots.txt grows beyond 3108864 bytes");
    }
    /* NUL cannot live in a C string: refused with the path of the string. */
    rejected(dir, CASE_WITH("\"before\\u0000after\"", "[]"), NULL,
             ": $.cases[0].title: a string holds \\u0000 (line 1, column 73)");
    /* An escaped backslash before u0000 is no NUL. */
    {
        char file[PATH_MAX];
        snprintf(file, sizeof file, "%s/match.json", dir);
        write_file(file, CASE_WITH("\"a\\\\u0000\"", "[]"));
        proc_result r = conform_run(ARGS("--cases", dir), 60);
        CHECK(r.status == 0);
        proc_result_free(&r);
        unlink(file);
    }
    /* Not UTF-8. */
    rejected(dir, CASE_WITH("\"caf\xE9\"", "[]"), NULL, ":1:70: not UTF-8");
    /* A schema that checks nothing: the loader still refuses what it cannot use. */
    char schema[PATH_MAX];
    snprintf(schema, sizeof schema, "%s/empty.schema", dir);
    write_file(schema, "{}");
    const char *const with_empty_schema[] = {"--schema", schema, NULL};
    rejected(dir, "{\"title\": \"t\", \"cases\": []}", with_empty_schema, ": $.area: missing, or not a string");
    rejected(dir, CASE_WITH("\"t\"", "[{\"times\": 3}]"), with_empty_schema,
             ": $.cases[0].robots[0]: a line is a string or {repeat, times}");
    rejected(dir, CASE_WITH("7", "[]"), with_empty_schema, ": $.cases[0].title: missing, or not of its type");
    rejected(dir, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [],"
                  " \"basis\": [\"rfc\"], \"checks\": [{\"url\": \"/\", \"expect\": \"allowed\"}]}]}",
             with_empty_schema, ": $.cases[0].checks[0].agent: missing, or not of its type");
    rejected(dir, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [],"
                  " \"basis\": [\"rfc\"], \"checks\": [{\"kind\": \"scope\", \"url\": \"/\", \"expect\": \"applies\"}]}]}",
             with_empty_schema, ": $.cases[0].checks[0].robots_url: missing, or not of its type");
    rejected(dir, "[1, 2]", with_empty_schema, ": $.area: missing, or not a string");
    /* Numbers past what a C integer holds (converting them would be undefined). */
    rejected(dir, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [],"
                  " \"basis\": [\"rfc\"], \"checks\": [{\"kind\": \"status\", \"status\": 200, \"redirects\": 1e300,"
                  " \"expect\": \"conditional\"}]}]}",
             with_empty_schema, ": $.cases[0].checks[0].redirects: missing, or not of its type");
    rejected(dir, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [],"
                  " \"basis\": [\"rfc\"], \"checks\": [{\"kind\": \"status\", \"status\": 200, \"unreachable_days\": -1,"
                  " \"expect\": \"conditional\"}]}]}",
             with_empty_schema, ": $.cases[0].checks[0].unreachable_days: missing, or not of its type");
    rejected(dir, "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [],"
                  " \"basis\": [\"rfc\"], \"checks\": [{\"kind\": \"status\", \"status\": 99999999999,"
                  " \"expect\": \"conditional\"}]}]}",
             with_empty_schema, ": $.cases[0].checks[0].status: missing, or not of its type");
    /* A table that is a device, or larger than a table may be. */
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s/match.json", dir);
    CHECK(symlink("/dev/zero", file) == 0);
    rejected(dir, NULL, NULL, ": cannot read: not a regular file");
    int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && ftruncate(fd, (off_t)40 << 20) == 0);
    if (fd >= 0) close(fd);
    rejected(dir, NULL, NULL, ": larger than 32 MiB, the most a table, schema or index may be");
    /* 60,000 cases, the last with the first one's id: found, and named. */
    {
        many_cases(file, 60000, "[]", true);
        char want[PATH_MAX + 128];
        snprintf(want, sizeof want, ": $.cases[59999].id: \"X-1\" is already the id of a case in %s", file);
        rejected(dir, NULL, NULL, want);
    }
    unlink(schema);
    rmdir(dir);
}

void the_command_line_rejects_bad_values(void) {
    const struct {
        const char *const *args;
        const char *error;
    } bad[] = {
        {ARGS("--timeout", "nan"), "--timeout needs seconds, not 'nan'"},
        {ARGS("--timeout", "inf"), "--timeout needs seconds, not 'inf'"},
        {ARGS("--timeout", "-inf"), "--timeout needs seconds, not '-inf'"},
        {ARGS("--timeout", "1e400"), "--timeout needs seconds, not '1e400'"},
        {ARGS("--fetch-limit", "ten"), "--fetch-limit needs a number of bytes, not 'ten'"},
        {ARGS("--area", "match,mtach"), "--area: no table has the area 'mtach'"},
        {ARGS("--area", "mtach", "--list"), "--area: no table has the area 'mtach'"},
        {ARGS("--id", "MATCH-3,MATCH-99"), "--id: no case has the id 'MATCH-99'"},
        {ARGS("--id", "MATCH-99", "--list", "--format", "json"), "--id: no case has the id 'MATCH-99'"},
        {ARGS("--id", "MATCH-"), "--id: no case has the id 'MATCH-'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        proc_result r = conform_run(bad[i].args, 60);
        bool ok = r.status == 2 && r.out.len == 0 && r.err.data && strstr(r.err.data, bad[i].error);
        if (!ok) printf("  case %zu: exit %d, stderr: %s\n", i, r.status, r.err.data ? r.err.data : "");
        CHECK(ok);
        proc_result_free(&r);
    }
    /* An id prefix that names cases is fine: MATCH-3 names MATCH-3 (and MATCH-3.x). */
    proc_result r = conform_run(ARGS("--id", "MATCH-3", "--list"), 60);
    CHECK(r.status == 0 && r.out.len > 0);
    proc_result_free(&r);
}

/* Runs robots-conform with its standard output on /dev/full; returns the exit
 * status (or -1) and checks the message. */
static int to_full_device(const char *const *args) {
    int err[2];
    if (pipe(err)) return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int full = open("/dev/full", O_WRONLY);
        dup2(full, 1);
        dup2(err[1], 2);
        close(err[0]);
        char *argv[16] = {conform};
        int n = 1;
        for (; *args && n < 15; args++) argv[n++] = (char *)*args;
        argv[n] = NULL;
        execv(conform, argv);
        _exit(127);
    }
    close(err[1]);
    char text[4096];
    size_t got = 0;
    ssize_t k;
    while (got < sizeof text - 1 && (k = read(err[0], text + got, sizeof text - 1 - got)) > 0) got += (size_t)k;
    text[got] = '\0';
    close(err[0]);
    int status;
    waitpid(pid, &status, 0);
    CHECK(strstr(text, "cannot write the output: No space left on device") != NULL);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void write_errors_fail_the_run(void) {
    CHECK(to_full_device(ARGS("--area", "match")) == 2);
    CHECK(to_full_device(ARGS("--area", "match", "--format", "json")) == 2);
    CHECK(to_full_device(ARGS("--list")) == 2);
    CHECK(to_full_device(ARGS("--atlas")) == 2);
    CHECK(to_full_device(ARGS("--explain", "MATCH-3")) == 2);
    CHECK(to_full_device(ARGS("--help")) == 2);
}
