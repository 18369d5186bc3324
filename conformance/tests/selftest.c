/*
 * selftest.c - tests of robots-conform, run as a user runs it: the tables cover the
 * specification, the reference passes through every kind of target, deliberately
 * wrong implementations are caught by the checks that should catch them, broken
 * targets become failed checks with reasons, temporary files go away, and malformed
 * tables are rejected with their file and JSON path.
 *
 * Binaries are found in the directory of this program (build/bin or build/asan/bin).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "command_line.h"
#include "process.h"
#include "selftest.h"

static int passed, failed, current_failed;
static const char *current;

void check(bool ok, const char *what, const char *file, int line) {
    if (ok) return;
    if (!current_failed) printf("FAIL %s\n", current);
    current_failed = 1;
    printf("  %s:%d: %s\n", file, line, what);
}

char bin_dir[1024];
char conform[1100], wrong[1100], robots[1100], differ[1100];

/* Runs robots-conform with the arguments (NULL-terminated). */
proc_result conform_run(const char *const *args, double timeout) {
    char *argv[32];
    int n = 0;
    argv[n++] = conform;
    for (; *args && n < 31; args++) argv[n++] = (char *)*args;
    argv[n] = NULL;
    proc_result r;
    if (proc_run(argv, NULL, 0, timeout, (size_t)256 << 20, &r) != 0) memset(&r, 0, sizeof r);
    return r;
}

run json_run(const char *const *args, double timeout) {
    run out = {NULL, -1, 0, 0, 0, 0};
    proc_result r = conform_run(args, timeout);
    out.status = r.exec_failed || r.signaled || r.timed_out ? -1 : r.status;
    out.json = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    cJSON *summary = cJSON_GetObjectItemCaseSensitive(out.json, "summary");
    out.passed = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "passed"));
    out.failed = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "failed"));
    out.skipped = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "skipped"));
    out.undefined = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "undefined"));
    if (!out.json) printf("  (no JSON from robots-conform; stderr: %.300s)\n", r.err.data ? r.err.data : "");
    proc_result_free(&r);
    return out;
}

/* The result for one check under one profile, or NULL. */
cJSON *result_of(const run *r, const char *id, int number, const char *profile) {
    cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r->json, "results")) {
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "id")), id) &&
            (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(x, "check")) == number &&
            !strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "profile")), profile))
            return x;
    }
    return NULL;
}

const char *status_of(const run *r, const char *id, int number, const char *profile) {
    cJSON *x = result_of(r, id, number, profile);
    return x ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status")) : "missing";
}

/* ---- Coverage of the specification ---------------------------------------------- */

/* The specification's index, conformance/spec-examples.json, found from the working
 * directory (make runs the tests from the project's root) or from this program's
 * (build/bin or build/asan/bin). */
static cJSON *read_index(void) {
    static const char *const up[] = {NULL, "/../..", "/../../.."};
    for (size_t i = 0; i < sizeof up / sizeof up[0]; i++) {
        char path[2200];
        if (up[i]) snprintf(path, sizeof path, "%s%s/conformance/spec-examples.json", bin_dir, up[i]);
        else snprintf(path, sizeof path, "conformance/spec-examples.json");
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        static char text[1 << 20];
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = '\0';
        return cJSON_Parse(text);
    }
    return NULL;
}

/* Every example id the index lists has a case (the id itself or a variant of it). */
static void every_example_has_a_case(void) {
    cJSON *index = read_index();
    CHECK(index != NULL);
    const cJSON *examples = cJSON_GetObjectItemCaseSensitive(index, "examples");
    CHECK(cJSON_GetArraySize(examples) >= 68); /* the specification's examples, as of this writing */
    proc_result r = conform_run(ARGS("--list"), 60);
    CHECK(r.status == 0 && r.out.len > 0);
    const char *list = r.out.data ? r.out.data : "";
    const cJSON *e;
    cJSON_ArrayForEach(e, examples) {
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "id"));
        /* An id line starts with the id, alone or followed by ".variant". */
        char exact[64], variant[64];
        snprintf(exact, sizeof exact, "\n%s ", id);
        snprintf(variant, sizeof variant, "\n%s.", id);
        size_t n = strlen(id);
        bool first = !strncmp(list, id, n) && (list[n] == ' ' || list[n] == '.');
        bool found = first || strstr(list, exact) || strstr(list, variant);
        if (!found) printf("  no case for %s\n", id);
        CHECK(found);
    }
    proc_result_free(&r);
    cJSON_Delete(index);
}

static void at_least_600_checks_all_passing(void) {
    run r = json_run(ARGS("--format", "json"), 120);
    int total = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r.json, "results"));
    CHECK(total / 2 >= 600); /* each check, under both profiles */
    CHECK(r.status == 0);
    CHECK(r.failed == 0 && r.skipped == 0);
    CHECK(r.passed + r.undefined == total);
    cJSON_Delete(r.json);
}

/* ---- The reference through every kind of target --------------------------------- */

static void reference_through_batch(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s --batch", robots);
    run r = json_run(ARGS("--batch-cmd", cmd, "--profile", "google", "--profile", "rfc9309", "--format", "json"), 300);
    int total = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r.json, "results"));
    CHECK(r.status == 0);
    CHECK(total / 2 >= 600);
    CHECK(r.failed == 0);
    CHECK(r.skipped == 0); /* the reference answers every kind */
    cJSON_Delete(r.json);
}

static void reference_through_command(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %%robots%% %%user-agent%% %%url%%", robots);
    run r = json_run(ARGS("--command", cmd, "--format", "json"), 600);
    CHECK(r.status == 0);
    CHECK(r.failed == 0);
    CHECK(r.skipped > 0); /* scope, status, sitemaps: not through a plain command */
    CHECK(r.passed > 300);
    /* The same, judged by output instead of exit status. */
    run p = json_run(ARGS("--command", cmd, "--allowed-pattern", ": ALLOWED$", "--disallowed-pattern",
                          ": DISALLOWED$", "--area", "match,prec", "--format", "json"), 600);
    CHECK(p.status == 0 && p.failed == 0 && p.passed > 100);
    cJSON_Delete(r.json);
    cJSON_Delete(p.json);
}

/* ---- Wrong implementations are caught ------------------------------------------- */

typedef struct catcher {
    const char *id;
    int check;
} catcher;

typedef struct flawed {
    const char *flaw;
    catcher catches[5];
    bool batch_only; /* its checks are of a kind only the batch protocol asks (allow-crawler) */
} flawed;

static const flawed flaws[] = {
    {"always-allow", {{"MATCH-1", 1}, {"MATCH-3", 1}, {"PREC-5", 1}, {"RFC-5", 1}, {NULL, 0}}, false},
    {"first-match-wins", {{"LONGEST-1", 1}, {"RFC-5", 2}, {"REAL-1", 3}, {"LONGEST-2", 1}, {NULL, 0}}, false},
    {"case-insensitive-paths", {{"MATCH-3", 7}, {"MATCH-7", 7}, {"RULE-2", 2}, {"MATCH-8", 6}, {NULL, 0}}, false},
    {"no-percent-normalisation", {{"MATCH-10", 1}, {"MATCH-10", 3}, {"RFC-3.3", 1}, {"ENC-1", 1}, {NULL, 0}}, false},
    /* AdsBot kept out by a '*' group it does not read (ADSBOT-1, the catalog's
     * ignores-star): a command per check cannot ask as a crawler, so only batch */
    {"star-for-every-crawler", {{"ADSBOT-1", 1}, {"ADSBOT-1", 2}, {NULL, 0}}, true},
};

/* The ids the flaws' catching checks belong to, for --id. */
static void catching_ids(char *out, size_t cap) {
    out[0] = '\0';
    for (size_t f = 0; f < sizeof flaws / sizeof flaws[0]; f++)
        for (const catcher *c = flaws[f].catches; c->id; c++)
            if (!strstr(out, c->id)) snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? "," : "", c->id);
}

static void flaws_are_caught(bool batch) {
    char ids[512];
    catching_ids(ids, sizeof ids);
    for (int f = -1; f < (int)(sizeof flaws / sizeof flaws[0]); f++) {
        if (f >= 0 && flaws[f].batch_only && !batch) continue;
        const char *flaw = f < 0 ? "none" : flaws[f].flaw;
        char cmd[2048];
        if (batch) snprintf(cmd, sizeof cmd, "%s --flaw %s --batch", wrong, flaw);
        else snprintf(cmd, sizeof cmd, "%s --flaw %s %%robots%% %%user-agent%% %%url%%", wrong, flaw);
        run r = json_run(ARGS(batch ? "--batch-cmd" : "--command", cmd, "--id", ids, "--format", "json"), 300);
        CHECK(r.json != NULL);
        for (size_t g = 0; g < sizeof flaws / sizeof flaws[0]; g++) {
            for (const catcher *c = flaws[g].catches; c->id; c++) {
                const char *s = status_of(&r, c->id, c->check, "google");
                /* a command cannot ask a batch-only flaw's checks: they are skipped, never passed */
                if (flaws[g].batch_only && !batch) {
                    if (strcmp(s, "skip")) printf("  %s via command: %s check %d is %s, not skip\n", flaw, c->id, c->check, s);
                    CHECK(!strcmp(s, "skip"));
                    continue;
                }
                /* The baseline passes every catching check; a flaw fails its own. */
                bool should_fail = f >= 0 && (int)g == f;
                bool ok = should_fail ? !strcmp(s, "fail") : f < 0 ? !strcmp(s, "pass") : true;
                if (!ok) printf("  %s via %s: %s check %d is %s\n", flaw, batch ? "batch" : "command", c->id, c->check, s);
                CHECK(ok);
            }
        }
        CHECK(f < 0 ? r.status == 0 : r.status == 1);
        cJSON_Delete(r.json);
    }
}

static void flaws_caught_through_batch(void) { flaws_are_caught(true); }
static void flaws_caught_through_command(void) { flaws_are_caught(false); }

/* ---- Broken targets: crash, hang, garbage ---------------------------------------- */

/* Every failure of the run has a reason containing `reason`; passes exist when
 * `some_pass` (the run went on after the breakage). */
void expect_breakage(const run *r, const char *reason, bool some_pass) {
    int failures = 0, with_reason = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r->json, "results")) {
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status")), "fail")) continue;
        failures++;
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "reason"));
        if (why && strstr(why, reason)) with_reason++;
    }
    CHECK(r->status == 1);
    CHECK(failures > 0);
    if (with_reason == 0) printf("  no failure mentions \"%s\"\n", reason);
    CHECK(with_reason > 0);
    if (some_pass) CHECK(r->passed > 0);
}

static void broken_batch_targets(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s --flaw crash --batch", wrong);
    run r = json_run(ARGS("--keep-going", "--batch-cmd", cmd, "--area", "match", "--format", "json"), 120);
    expect_breakage(&r, "signal", true);
    cJSON_Delete(r.json);
    snprintf(cmd, sizeof cmd, "%s --flaw hang --batch", wrong);
    r = json_run(ARGS("--keep-going", "--batch-cmd", cmd, "--id", "MATCH-3", "--timeout", "0.3", "--format", "json"), 120);
    expect_breakage(&r, "no reply within", true);
    cJSON_Delete(r.json);
    /* Output that is never a reply: each check waits for its timeout. */
    snprintf(cmd, sizeof cmd, "%s --flaw garbage --batch", wrong);
    r = json_run(ARGS("--keep-going", "--batch-cmd", cmd, "--id", "MATCH-3", "--timeout", "0.2", "--format", "json"), 120);
    expect_breakage(&r, "printed 1 line that is not a JSON reply (the first: ", false);
    expect_breakage(&r, "), and no reply: no reply within 0.2 s", false);
    cJSON_Delete(r.json);
    /* A program that cannot be started: said at once, and the report still
     * written (a CI step uploading it finds it), saying why. */
    proc_result u = conform_run(ARGS("--keep-going", "--batch-cmd", "/nonexistent/robots --batch", "--id", "MATCH-1"), 60);
    CHECK(u.status == 2 && u.err.data &&
          strstr(u.err.data, "--batch-cmd: cannot run '/nonexistent/robots': No such file or directory"));
    CHECK(u.out.data && strstr(u.out.data, "Stopped early: the target could not be started: --batch-cmd: cannot run") &&
          strstr(u.out.data, "\n0 passed, 0 failed; stopped early\n"));
    proc_result_free(&u);
    /* A target that exits at once. */
    r = json_run(ARGS("--keep-going", "--batch-cmd", "true", "--id", "MATCH-1", "--format", "json"), 60);
    expect_breakage(&r, "ended without replying", false);
    cJSON_Delete(r.json);
}

static void broken_command_targets(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s --flaw crash %%robots%% %%user-agent%% %%url%%", wrong);
    run r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--format", "json"), 120);
    expect_breakage(&r, "killed by signal", false);
    cJSON_Delete(r.json);
    snprintf(cmd, sizeof cmd, "%s --flaw hang %%robots%% %%user-agent%% %%url%%", wrong);
    r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--timeout", "0.3", "--format", "json"), 120);
    expect_breakage(&r, "timed out", false);
    cJSON_Delete(r.json);
    snprintf(cmd, sizeof cmd, "%s --flaw garbage %%robots%% %%user-agent%% %%url%%", wrong);
    r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--format", "json"), 120);
    expect_breakage(&r, "exit status 3", false);
    cJSON_Delete(r.json);
    r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--allowed-pattern", "ALLOWED", "--disallowed-pattern",
                      "DISALLOWED", "--format", "json"), 120);
    expect_breakage(&r, "matches neither", false);
    cJSON_Delete(r.json);
    proc_result u = conform_run(ARGS("--keep-going", "--command", "/nonexistent/parser %robots%", "--id", "MATCH-1"), 60);
    CHECK(u.status == 2 && u.err.data &&
          strstr(u.err.data, "--command: cannot run '/nonexistent/parser': No such file or directory"));
    CHECK(u.out.data && strstr(u.out.data, "Stopped early: the target could not be started: --command: cannot run"));
    proc_result_free(&u);
    u = conform_run(ARGS("--keep-going", "--command", "/dev/null/x %robots%", "--id", "MATCH-1"), 60);
    CHECK(u.status == 2 && u.err.data && strstr(u.err.data, "--command: cannot run '/dev/null/x': Not a directory"));
    proc_result_free(&u);
}

/* ---- Temporary files ------------------------------------------------------------- */

int files_in(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    if (d) closedir(d);
    return n;
}

static void temporary_files_are_removed(void) {
    char dir[] = "/tmp/robots-conform-selftest-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("TMPDIR", dir, 1);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %%robots%% %%user-agent%% %%url%%", robots);
    run r = json_run(ARGS("--command", cmd, "--area", "group", "--format", "json"), 300);
    CHECK(r.status == 0);
    CHECK(files_in(dir) == 0);
    cJSON_Delete(r.json);
    /* Interrupted while a check hangs: the file still goes. */
    snprintf(cmd, sizeof cmd, "%s --flaw hang %%robots%% %%user-agent%% %%url%%", wrong);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", 1);
        dup2(null, 1);
        dup2(null, 2);
        execl(conform, conform, "--command", cmd, "--id", "MATCH-1", "--timeout", "60", (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 200 && files_in(dir) == 0; i++) {
        struct timespec nap = {0, 10000000};
        nanosleep(&nap, NULL);
    }
    CHECK(files_in(dir) == 1); /* the robots.txt of the hanging check */
    kill(pid, SIGINT);
    int status;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT); /* stopped, reported (interrupt.h) */
    CHECK(files_in(dir) == 0);
    unsetenv("TMPDIR");
    rmdir(dir);
}

/* A cleanup hook runs when a signal ends the program even before any child was
 * started: the runner writes its first temporary file before its first check,
 * and an interrupt in between once left the file behind (found by the test
 * above, which sends the signal as soon as the file appears). */
static int hook_pipe = -1;
static void hook_writes(void) {
    if (write(hook_pipe, "x", 1) != 1) _exit(3);
}

static char self_path[4096];

/* A fresh process (this program again, with the argument below), since this one
 * has started children and has its handlers already. */
static void hooks_run_before_any_child(void) {
    int fds[2];
    CHECK(pipe(fds) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl(self_path, self_path, "--hook-then-sigterm", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    int status;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    char c = 0;
    CHECK(read(fds[0], &c, 1) == 1 && c == 'x');
    close(fds[0]);
}

/* ---- Malformed tables -------------------------------------------------------------- */

typedef struct bad_table {
    const char *name; /* file name in the case directory */
    const char *text;
    const char *error; /* what stderr must contain after "FILE: " */
} bad_table;

static const bad_table bad_tables[] = {
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [}", ":1:43: not valid JSON"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\"}", ": $: missing the required property \"cases\""},
    {"match.json", "{\"area\": \"other\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}",
     ": $.area: must be \"match\", the file's name"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"x-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}",
     ": $.cases[0].id: does not match the pattern"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"maybe\"}]}]}",
     ": $.cases[0].checks[0].expect: must be one of \"allowed\", \"disallowed\", \"undefined\""},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\", \"extra\": 1}]}]}",
     ": $.cases[0].checks[0].extra: unknown property"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"robots_text\": \"\", \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}",
     ": $.cases[0]: gives more than one of robots, robots_text and robots_base64"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}",
     ": $.cases[0].checks[0]: a allow check needs the case to give robots"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"checks\": [{\"kind\": \"status\", \"status\": 700, \"expect\": \"full-allow\"}]}]}",
     ": $.cases[0].checks[0].status"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"checks\": [{\"kind\": \"scope\", \"url\": \"/\", \"expect\": \"applies\"}]}]}",
     ": $.cases[0].checks[0]: missing the required property \"robots_url\""},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"area\": \"match\", \"cases\": []}", ": $: the property \"area\" appears twice"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots_base64\": \"!!!!\", \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}",
     ": $.cases[0].robots_base64: does not match the pattern"},
    /* Every check rests on a basis, from the vocabulary, each class once. */
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"this project\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].checks[0]: no basis: give \"basis\" on the check or on its case"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"this project\"], \"basis\": [\"folklore\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].basis"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"this project\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\", \"basis\": [\"rfc\", \"rfc\"]}]}]}", ": $.cases[0].checks[0].basis"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"this project\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\", \"basis\": {\"google\": [\"spec\"]}}]}]}", ": $.cases[0].checks[0].basis"},
    /* Every source names a document of the index, and its sections. */
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"RFC 9309 §2.2.2\", \"my blog\"], \"basis\": [\"rfc\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].source[1]: names no document of "},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"RFC 9309 §2.3.5\"], \"basis\": [\"rfc\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].source[0]: \"§2.3.5\" starts with no section of RFC 9309"},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"seed 002 §Format file\"], \"basis\": [\"spec\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].source[0]: must name the seed with its language and edition: \"seed 002 (id, 2019)\""},
    {"match.json", "{\"area\": \"match\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"note\": \"n\", \"robots\": [], \"source\": [\"seed 002 (id, 2019) §Format file; see also\"], \"basis\": [\"spec\"], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}", ": $.cases[0].source[0]: \"§Format file; see also\" starts with no section of seed 002"},
};

void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) return;
    fputs(text, f);
    fclose(f);
}

static void malformed_tables_are_rejected(void) {
    char dir[] = "/tmp/robots-conform-tables-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char file[PATH_MAX];
    for (size_t i = 0; i < sizeof bad_tables / sizeof bad_tables[0]; i++) {
        snprintf(file, sizeof file, "%s/%s", dir, bad_tables[i].name);
        write_file(file, bad_tables[i].text);
        proc_result r = conform_run(ARGS("--cases", dir), 60);
        char want[8192];
        snprintf(want, sizeof want, "%s%s", file, bad_tables[i].error);
        bool ok = r.status == 2 && r.err.data && strstr(r.err.data, want);
        if (!ok) printf("  table %zu: exit %d, stderr: %s    wanted: %s\n", i, r.status, r.err.data ? r.err.data : "", want);
        CHECK(ok);
        CHECK(r.out.len == 0);
        proc_result_free(&r);
        unlink(file);
    }
    /* The same id in two files. */
#define SAME_ID_TABLE(area)                                                                                 \
    "{\"area\": \"" area "\", \"title\": \"t\", \"cases\": [{\"id\": \"X-1\", \"title\": \"t\", \"source\": [\"this project\"], \"basis\": [\"rfc\"], " \
    "\"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": \"a\", \"url\": \"/\", \"expect\": \"allowed\"}]}]}"
    char file2[PATH_MAX];
    snprintf(file, sizeof file, "%s/a.json", dir);
    write_file(file, SAME_ID_TABLE("a"));
    snprintf(file2, sizeof file2, "%s/b.json", dir);
    write_file(file2, SAME_ID_TABLE("b"));
    proc_result r = conform_run(ARGS("--cases", dir), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "b.json: $.cases[0].id: \"X-1\" is already the id of a case in"));
    proc_result_free(&r);
    unlink(file);
    unlink(file2);
    r = conform_run(ARGS("--cases", dir), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "no *.json case tables here"));
    proc_result_free(&r);
    rmdir(dir);
    r = conform_run(ARGS("--cases", "/nonexistent-dir"), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "/nonexistent-dir: cannot open the case directory"));
    proc_result_free(&r);
}

/* The committed tables name the runner's version; reports name both; tables of
 * another version, or of two, still run, with a warning that says which. */
static void tables_name_their_version(void) {
    proc_result v = conform_run(ARGS("--version"), 30);
    char want[128];
    CHECK(v.out.data && sscanf(v.out.data, "robots-conform %100s", want) == 1);
    proc_result_free(&v);
    run r = json_run(ARGS("--format", "json", "--id", "MATCH-3"), 60);
    const char *suite_version = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r.json, "suite_version"));
    const char *tables_version = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r.json, "tables_version"));
    CHECK(suite_version && !strcmp(suite_version, want));
    CHECK(tables_version && !strcmp(tables_version, want)); /* every committed table is this version's */
    cJSON_Delete(r.json);

    char dir[] = "/tmp/robots-conform-versions-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char a[PATH_MAX], b[PATH_MAX];
    snprintf(a, sizeof a, "%s/a.json", dir);
    snprintf(b, sizeof b, "%s/b.json", dir);
#define VERSIONED_TABLE(version, area, id)                                                                 \
    "{" version "\"area\": \"" area "\", \"title\": \"t\", \"cases\": [{\"id\": \"" id "\", \"title\": \"t\", "     \
    "\"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [], \"checks\": [{\"agent\": " \
    "\"a\", \"url\": \"http://e.com/\", \"expect\": \"allowed\"}]}]}"
    write_file(a, VERSIONED_TABLE("\"version\": \"0.9.0\", ", "a", "X-1"));
    proc_result p = conform_run(ARGS("--cases", dir), 60);
    CHECK(p.status == 0 && p.err.data &&
          strstr(p.err.data, "warning: the tables are version 0.9.0, this is robots-conform ") &&
          strstr(p.err.data, "(CHANGELOG.md)"));
    proc_result_free(&p);
    write_file(b, VERSIONED_TABLE("", "b", "X-2"));
    p = conform_run(ARGS("--cases", dir, "--format", "json"), 60);
    CHECK(p.status == 0 && p.err.data && strstr(p.err.data, "a.json names version 0.9.0") &&
          strstr(p.err.data, "b.json names none: tables of two versions"));
    CHECK(p.out.data && strstr(p.out.data, "\"tables_version\":\tnull"));
    proc_result_free(&p);
    /* Tables that name no version are the user's own: no warning. */
    write_file(a, VERSIONED_TABLE("", "a", "X-1"));
    p = conform_run(ARGS("--cases", dir), 60);
    CHECK(p.status == 0 && !(p.err.data && strstr(p.err.data, "warning")));
    proc_result_free(&p);
    /* A version that is not one is a malformed table. */
    write_file(a, VERSIONED_TABLE("\"version\": \"2.0\", ", "a", "X-1"));
    p = conform_run(ARGS("--cases", dir), 60);
    CHECK(p.status == 2 && p.err.data && strstr(p.err.data, "a.json: $.version"));
    proc_result_free(&p);
    unlink(a);
    unlink(b);
    rmdir(dir);
}

/* ---- Output formats and the command line ----------------------------------------------- */

static void formats(void) {
    proc_result r = conform_run(ARGS("--id", "MATCH-3,RFC-6", "--format", "tap"), 60);
    CHECK(r.status == 0 && r.out.data && !strncmp(r.out.data, "TAP version 13\n1..26\n", 21));
    CHECK(r.out.data && strstr(r.out.data, "ok 1 - [google] MATCH-3 check 1: FooBot http://example.com/fish (basis: spec, rfc)\n"));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "MATCH-3", "--format", "junit"), 60);
    CHECK(r.out.data && strstr(r.out.data, "<testsuites name=\"robots-conform\" tests=\"18\" failures=\"0\""));
    CHECK(r.out.data && strstr(r.out.data, "<testsuite name=\"match\""));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "FORMAT-8", "--format", "markdown"), 60);
    CHECK(r.out.data && strstr(r.out.data, "| case | check | profile | basis | expected | got | result |"));
    CHECK(r.out.data && strstr(r.out.data, "| FORMAT-8 | 3: FooBot http://example.com/late | rfc9309 | rfc, fetcher | undefined | allowed | undefined |"));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "MATCH-3"), 60);
    CHECK(r.out.data && strstr(r.out.data, "18 passed, 0 failed\n"));
    proc_result_free(&r);
    char wrong_cmd[PATH_MAX + 64];
    snprintf(wrong_cmd, sizeof wrong_cmd, "%s --flaw always-allow --batch", wrong);
    r = conform_run(ARGS("--batch-cmd", wrong_cmd, "--id", "MATCH-3,SCOPE-1"), 60);
    CHECK(r.status == 1);
    CHECK(r.out.data && strstr(r.out.data, "MATCH-3 check 1 [google] FooBot http://example.com/fish  (basis: spec, rfc)\n      expected disallowed, got allowed"));
    CHECK(r.out.data && strstr(r.out.data, "3 passed, 6 failed, 6 skipped\n"));
    proc_result_free(&r);
    /* A control character of a URL is escaped in every human-readable format: PATH-2's
     * TAB neither splits a text line nor a TAP or Markdown row. */
    static const char *const human[] = {"text", "tap", "markdown", "junit"};
    for (size_t i = 0; i < sizeof human / sizeof human[0]; i++) {
        r = conform_run(ARGS("--batch-cmd", wrong_cmd, "--id", "PATH-2", "--format", human[i]), 60);
        CHECK(r.out.data && strstr(r.out.data, "http://example.com/tab\\x09here") && !strstr(r.out.data, "tab\there"));
        proc_result_free(&r);
    }
}

static void command_line(void) {
    const char *const *const bad[] = {
        ARGS("--bogus"), ARGS("--format", "yaml"), ARGS("--profile", "bing"), ARGS("--timeout", "-1"),
        ARGS("--batch-cmd", "x", "--command", "y %robots%"), ARGS("--command", "parser %url%"),
        ARGS("--command", "parser %robots%", "--allowed-pattern", "A"), ARGS("--explain", "NO-SUCH-1"),
        ARGS("--id", "NO-SUCH-1"), ARGS("--allowed-exit", "1"), ARGS("--batch-cmd", "'unclosed"), ARGS("--area")};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        proc_result r = conform_run(bad[i], 60);
        if (r.status != 2) printf("  bad command line %zu exits %d\n", i, r.status);
        CHECK(r.status == 2);
        CHECK(r.err.len > 0);
        proc_result_free(&r);
    }
    proc_result r = conform_run(ARGS("--help"), 60);
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "--batch-cmd"));
    proc_result_free(&r);
    r = conform_run(ARGS("--explain", "MATCH-3"), 60);
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "MATCH-3: /fish matches every path that starts with /fish"));
    CHECK(r.out.data && strstr(r.out.data, "     2 | disallow: /fish\n"));
    CHECK(r.out.data && strstr(r.out.data, "google: the reference answers disallowed: line 2: disallow: /fish; the '*' group (line 1)"));
    CHECK(r.out.data && strstr(r.out.data, "\nWhy:\n"));
    proc_result_free(&r);
    r = conform_run(ARGS("--atlas"), 60);
    CHECK(r.status == 0 && r.out.data && !strncmp(r.out.data, "# Atlas of robots.txt edge cases", 32));
    proc_result_free(&r);
    /* A misspelt area, class or id is refused with what would have been valid. */
    const struct {
        const char *const *args;
        const char *says;
    } helped[] = {
        {ARGS("--area", "matching"), "--area: no table has the area 'matching' (areas: scope, status, format,"},
        {ARGS("--basis", "google"), "(classes: spec, rfc, google-parser, fetcher, url-input, draft; -CLASS drops one)"},
        {ARGS("--id", "-NO-SUCH-1"), "--id: no case has the id 'NO-SUCH-1' (--list shows every case)"},
        {ARGS("--command", "parser %robots% %useragent% %url%"),
         "--command: unknown placeholder '%useragent%': did you mean %user-agent%? (the placeholders: %robots%, "
         "%user-agent%, %url%)"},
        {ARGS("--command", "parser %robots% %user-agent% %URL%"), "'%URL%': did you mean %url%?"},
        {ARGS("--batchcmd", "x"), "unknown option '--batchcmd': did you mean --batch-cmd?"},
        {ARGS("--formt=json"), "unknown option '--formt=json': did you mean --format?"},
        /* Each pattern named; the first, compiled, freed with the rest (under ASan a
         * leak would change the exit status). */
        {ARGS("--command", "parser %robots%", "--allowed-pattern", "A", "--disallowed-pattern", "("),
         "--disallowed-pattern is not a POSIX extended regular expression"},
        {ARGS("--command", "parser %robots%", "--allowed-pattern", "(", "--disallowed-pattern", "B"),
         "--allowed-pattern is not a POSIX extended regular expression"},
    };
    for (size_t i = 0; i < sizeof helped / sizeof helped[0]; i++) {
        r = conform_run(helped[i].args, 60);
        CHECK(r.status == 2 && r.err.data && strstr(r.err.data, helped[i].says));
        proc_result_free(&r);
    }
}

/* --compare OLD NEW: what a change broke (exit 1), fixed and changed, check by check. */
static void reports_compared(void) {
    char before[64] = "/tmp/robots-conform-compare-XXXXXX", old_file[128], new_file[128], bad_file[128], cmd[PATH_MAX + 64];
    CHECK(mkdtemp(before) != NULL);
    snprintf(old_file, sizeof old_file, "%s/old.json", before);
    snprintf(new_file, sizeof new_file, "%s/new.json", before);
    snprintf(bad_file, sizeof bad_file, "%s/bad.json", before);
    snprintf(cmd, sizeof cmd, "%s --batch", robots);
    proc_result r = conform_run(ARGS("--batch-cmd", cmd, "--id", "MATCH-3,EMPTY-1", "--format", "json"), 60);
    write_file(old_file, r.out.data ? r.out.data : "");
    proc_result_free(&r);
    snprintf(cmd, sizeof cmd, "%s --flaw always-allow --batch", wrong);
    r = conform_run(ARGS("--batch-cmd", cmd, "--id", "MATCH-3,EMPTY-1,PREC-1", "--format", "json"), 60);
    write_file(new_file, r.out.data ? r.out.data : "");
    /* The reference passes every check of the old report: each failure of the new
     * one among its cases is new. */
    cJSON *now = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    int newly = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(now, "results")) {
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "id"));
        newly += strcmp(id, "PREC-1") && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status")), "fail");
    }
    cJSON_Delete(now);
    CHECK(newly > 0);
    char counted[64], fixed[64];
    snprintf(counted, sizeof counted, "\n%d failing now, not before; 0 fixed;", newly);
    snprintf(fixed, sizeof fixed, "\n0 failing now, not before; %d fixed;", newly);
    proc_result_free(&r);
    r = conform_run(ARGS("--compare", old_file, new_file), 60);
    CHECK(r.status == 1 && r.out.data && !strncmp(r.out.data, "Failing now, not before:\n", 25));
    CHECK(r.out.data && strstr(r.out.data, "  MATCH-3 check 1 [google] FooBot http://example.com/fish\n"
                                           "      was pass (disallowed), now fail (allowed); expected disallowed\n"));
    /* PREC-1, which only the new run asked, is counted, not listed. */
    CHECK(r.out.data && !strstr(r.out.data, "Only in the new report:") &&
          strstr(r.out.data, "\n0 checks only in the old report and ") &&
          strstr(r.out.data, " only in the new were not compared (different selections); --verbose lists them\n"));
    CHECK(r.out.data && strstr(r.out.data, counted));
    proc_result_free(&r);
    /* The other way round the failures are fixes, and nothing newly fails. */
    r = conform_run(ARGS("--compare", new_file, old_file), 60);
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "Fixed: failing before, not now:\n") &&
          strstr(r.out.data, fixed));
    proc_result_free(&r);
    write_file(bad_file, "{\"targets\": []}");
    r = conform_run(ARGS("--compare", bad_file, old_file), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "bad.json: not a report of one target"));
    proc_result_free(&r);
    r = conform_run(ARGS("--compare", old_file), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "--compare needs two reports"));
    proc_result_free(&r);
    unlink(old_file);
    unlink(new_file);
    unlink(bad_file);
    rmdir(before);
}

/* The results of a JSON report of the area, as it names them. */
static size_t results_in_area(const char *report, const char *area) {
    cJSON *root = cJSON_Parse(report ? report : "");
    size_t n = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(root, "results"))
        n += !strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "area")), area);
    cJSON_Delete(root);
    return n;
}

/* The lines of a --compare section, from its heading to the blank line after it
 * (0 when it is not there). */
static size_t section_lines(const char *out, const char *heading) {
    const char *p = out ? strstr(out, heading) : NULL;
    size_t n = 0;
    for (p = p ? strchr(p, '\n') : NULL; p && p[1] && p[1] != '\n'; p = strchr(p + 1, '\n')) n++;
    return n;
}

/* --compare of runs with other selections (--area match,prec against prec,group):
 * the checks only one has are counted, not listed, unless --verbose; the prec
 * checks both asked are compared. */
static void compare_counts_other_selections(void) {
    char dir[64] = "/tmp/robots-conform-selections-XXXXXX", old_file[128], new_file[128];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(old_file, sizeof old_file, "%s/old.json", dir);
    snprintf(new_file, sizeof new_file, "%s/new.json", dir);
    proc_result a = conform_run(ARGS("--area", "match,prec", "--profile", "google", "--format", "json"), 60);
    proc_result b = conform_run(ARGS("--area", "prec,group", "--profile", "google", "--format", "json"), 60);
    write_file(old_file, a.out.data ? a.out.data : "");
    write_file(new_file, b.out.data ? b.out.data : "");
    size_t only_old = results_in_area(a.out.data, "match"), only_new = results_in_area(b.out.data, "group"),
           both = results_in_area(b.out.data, "prec");
    CHECK(only_old > 50 && only_new > 20 && both > 20 && both == results_in_area(a.out.data, "prec"));
    proc_result_free(&a);
    proc_result_free(&b);
    char counted[200], compared[200];
    snprintf(counted, sizeof counted,
             "%zu checks only in the old report and %zu only in the new were not compared (different selections)",
             only_old, only_new);
    snprintf(compared, sizeof compared,
             "0 failing now, not before; 0 fixed; 0 answers changed; 0 moved between known and new failures; "
             "%zu checks compared\n", both);
    proc_result r = conform_run(ARGS("--compare", old_file, new_file), 60);
    /* Two lines: the count of what was not compared, and the summary. */
    char brief[600];
    snprintf(brief, sizeof brief, "%s; --verbose lists them\n%s", counted, compared);
    CHECK(r.status == 0 && r.out.data && !strcmp(r.out.data, brief));
    if (!r.out.data || strcmp(r.out.data, brief)) printf("  --compare printed: %.600s\n", r.out.data ? r.out.data : "");
    proc_result_free(&r);
    r = conform_run(ARGS("--compare", old_file, new_file, "--verbose"), 60);
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "Only in the old report:\n  MATCH-") &&
          strstr(r.out.data, "Only in the new report:\n  GROUP-") && strstr(r.out.data, counted) &&
          strstr(r.out.data, ": listed above\n") && strstr(r.out.data, compared));
    CHECK(section_lines(r.out.data, "Only in the old report:\n") == only_old &&
          section_lines(r.out.data, "Only in the new report:\n") == only_new);
    proc_result_free(&r);
    r = conform_run(ARGS("--verbose", "--id", "MATCH-3"), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "--verbose goes with --compare"));
    proc_result_free(&r);
    unlink(old_file);
    unlink(new_file);
    rmdir(dir);
}

/* A template's other %words% (a date format, a percentage) are no placeholders. */
static void templates_keep_other_words(void) {
    proc_result r = conform_run(ARGS("--command", "sh -c 'date +%Y%m%d% >/dev/null; echo 50%done%' %robots%", "--id",
                                     "MATCH-3", "--profile", "google"),
                                60);
    CHECK(r.status == 1 && r.out.data && strstr(r.out.data, " passed, "));
    proc_result_free(&r);
}

/* --id -ID drops a case and --area -AREA an area, as --basis -CLASS drops a class. */
static void lists_drop_items(void) {
    run all = json_run(ARGS("--format", "json"), 120);
    run less = json_run(ARGS("--format", "json", "--id", "-EMPTY-1,-MATCH-3"), 120);
    CHECK(result_of(&all, "EMPTY-1", 1, "google") && result_of(&all, "MATCH-3", 1, "google"));
    CHECK(!result_of(&less, "EMPTY-1", 1, "google") && !result_of(&less, "MATCH-3", 1, "google"));
    CHECK(result_of(&less, "MATCH-1", 1, "google") != NULL);
    int dropped = 0;
    for (int n = 1; n < 100; n++)
        for (int p = 0; p < 2; p++)
            dropped += (result_of(&all, "EMPTY-1", n, p ? "rfc9309" : "google") != NULL) +
                       (result_of(&all, "MATCH-3", n, p ? "rfc9309" : "google") != NULL);
    CHECK(dropped > 10 && less.passed + less.undefined + dropped == all.passed + all.undefined);
    cJSON_Delete(all.json);
    cJSON_Delete(less.json);
    /* Dropping all a list keeps selects nothing: a usage error, not an empty run. */
    proc_result r = conform_run(ARGS("--area", "match,-match"), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "no check was selected"));
    proc_result_free(&r);
    run areas = json_run(ARGS("--format", "json", "--area", "-status,-scope", "--id", "-MATCH-3"), 120);
    CHECK(areas.status == 0 && !result_of(&areas, "STATUS-1", 1, "google") && !result_of(&areas, "SCOPE-1", 1, "google"));
    CHECK(!result_of(&areas, "MATCH-3", 1, "google") && result_of(&areas, "MATCH-1", 1, "google"));
    cJSON_Delete(areas.json);
}

/* ---- Classes: what each verdict rests on ---------------------------------------- */

static bool has_class(const cJSON *list, const char *cls) {
    const cJSON *e;
    cJSON_ArrayForEach(e, list)
        if (!strcmp(cJSON_GetStringValue(e), cls)) return true;
    return false;
}

/* --list --format json gives every check with a non-empty basis per profile, from the
 * vocabulary, and an expectation per profile. */
static void every_check_has_a_basis(void) {
    static const char *const vocabulary[] = {"spec", "rfc", "google-parser", "fetcher", "url-input", "draft"};
    proc_result r = conform_run(ARGS("--list", "--format", "json"), 60);
    cJSON *json = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(json, "checks");
    CHECK(r.status == 0 && cJSON_GetArraySize(checks) >= 600);
    int google_only = 0, fetcher = 0, url_input = 0, bad = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, checks) {
        for (int p = 0; p < 2; p++) {
            const char *profile = p ? "rfc9309" : "google";
            const cJSON *basis = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(c, "basis"), profile);
            const cJSON *expect = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(c, "expect"), profile);
            bool ok = cJSON_GetArraySize(basis) > 0 && cJSON_IsString(expect);
            const cJSON *e;
            cJSON_ArrayForEach(e, basis) {
                bool known = false;
                for (size_t v = 0; v < sizeof vocabulary / sizeof vocabulary[0]; v++)
                    known = known || !strcmp(cJSON_GetStringValue(e), vocabulary[v]);
                ok = ok && known;
            }
            if (!ok && bad++ < 5) printf("  %s check %d: no valid basis for %s\n",
                                         cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "id")),
                                         (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "check")), profile);
            if (!p && has_class(basis, "google-parser")) google_only++;
            if (has_class(basis, "fetcher")) fetcher++;
            if (has_class(basis, "url-input")) url_input++;
        }
    }
    CHECK(bad == 0);
    CHECK(google_only > 30 && fetcher > 50 && url_input > 10);
    cJSON_Delete(json);
    proc_result_free(&r);
}

/* --basis keeps the checks resting on a listed class and drops those resting on a
 * class written -CLASS; the JSON summary counts every class a result rests on. */
static void basis_selects_checks(void) {
    run all = json_run(ARGS("--profile", "google", "--format", "json"), 120);
    run only = json_run(ARGS("--profile", "google", "--basis", "google-parser", "--format", "json"), 120);
    run docs = json_run(ARGS("--profile", "google", "--basis", "spec,rfc,-fetcher,-url-input", "--format", "json"), 120);
    int n_all = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(all.json, "results"));
    int n_only = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(only.json, "results"));
    int n_docs = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(docs.json, "results"));
    CHECK(n_only > 30 && n_docs > 300 && n_only + n_docs < n_all);
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(only.json, "results"))
        CHECK(has_class(cJSON_GetObjectItemCaseSensitive(x, "basis"), "google-parser"));
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(docs.json, "results")) {
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(x, "basis");
        CHECK(has_class(b, "spec") || has_class(b, "rfc"));
        CHECK(!has_class(b, "fetcher") && !has_class(b, "url-input"));
    }
    /* The summary by class counts exactly the results that rest on each class. */
    const cJSON *by_class = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(all.json, "summary"), "by_class");
    const cJSON *gp = cJSON_GetObjectItemCaseSensitive(by_class, "google-parser");
    int counted = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(gp, "passed")) +
                  (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(gp, "failed")) +
                  (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(gp, "skipped")) +
                  (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(gp, "undefined"));
    CHECK(counted == n_only);
    CHECK(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(all.json, "summary"), "by_area") != NULL);
    CHECK(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(all.json, "summary"), "by_kind") != NULL);
    cJSON_Delete(all.json);
    cJSON_Delete(only.json);
    cJSON_Delete(docs.json);
    /* An unknown class is a usage error. */
    proc_result r = conform_run(ARGS("--basis", "spec,folklore"), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "--basis: unknown class at 'folklore'"));
    proc_result_free(&r);
}

/* Every format breaks the results down by class. */
static void reports_by_class(void) {
    proc_result r = conform_run(ARGS("--id", "FORMAT-8"), 60);
    CHECK(r.out.data && strstr(r.out.data, "  basis             passed  failed   known  skipped  undefined   total"));
    CHECK(r.out.data && strstr(r.out.data, "  fetcher                3       0       0        0          1       4\n"));
    /* The undefined check's answer, reported as the final line says. */
    CHECK(r.out.data && strstr(r.out.data, "\nUndefined (the profile leaves these open; the answers are not judged):\n"
                                           "  FORMAT-8 check 3 [rfc9309] FooBot http://example.com/late: answered allowed\n"));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "FORMAT-8", "--format", "tap"), 60);
    CHECK(r.out.data && strstr(r.out.data, "\n# basis fetcher: 3 passed, 0 failed, 0 skipped, 1 undefined\n"));
    CHECK(r.out.data && strstr(r.out.data, "\n# area format: 5 passed, 0 failed, 0 skipped, 1 undefined\n"));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "FORMAT-8", "--format", "junit"), 60);
    CHECK(r.out.data && strstr(r.out.data, "<property name=\"basis.fetcher\" value=\"3 passed, 0 failed, 0 skipped, 1 undefined\"/>"));
    CHECK(r.out.data && strstr(r.out.data, "check 3: FooBot http://example.com/late (allow; basis: spec, fetcher)\""));
    proc_result_free(&r);
    r = conform_run(ARGS("--id", "FORMAT-8", "--format", "markdown"), 60);
    CHECK(r.out.data && strstr(r.out.data, "| fetcher | 3 | 0 | 0 | 0 | 1 |\n"));
    proc_result_free(&r);
}

/* A parser that reads every byte it is given, as Google's does, passes the size-cap
 * checks: the runner hands it what a fetcher would. Handed the whole file, it fails
 * exactly the checks that rest on the fetcher's cap. */
static void fetcher_cap_is_the_runners(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s --flaw none %%robots%% %%user-agent%% %%url%%", wrong);
    run r = json_run(ARGS("--command", cmd, "--id", "FORMAT-8,RFC-8", "--format", "json"), 120);
    CHECK(r.status == 0 && r.failed == 0 && r.passed == 6);
    cJSON_Delete(r.json);
    r = json_run(ARGS("--command", cmd, "--id", "FORMAT-8,RFC-8", "--fetch-limit", "0", "--format", "json"), 120);
    CHECK(r.status == 1 && r.failed == 2);
    CHECK(!strcmp(status_of(&r, "FORMAT-8", 3, "google"), "fail") && !strcmp(status_of(&r, "RFC-8", 2, "google"), "fail"));
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r.json, "results"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status")), "fail"))
            CHECK(has_class(cJSON_GetObjectItemCaseSensitive(x, "basis"), "fetcher"));
    cJSON_Delete(r.json);
    proc_result p = conform_run(ARGS("--fetch-limit", "-1"), 60);
    CHECK(p.status == 2);
    proc_result_free(&p);
}

/* A malformed index is rejected with its file and JSON path, like a table. */
static void malformed_index_is_rejected(void) {
    char dir[] = "/tmp/robots-conform-index-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    static const struct {
        const char *text, *error;
    } bad[] = {
        {"{\"title\": \"t\", \"documents\": [{\"name\": \"RFC 9309\", \"title\": \"t\", \"sections\": []}], \"examples\": "
         "[{\"id\": \"X-1\", \"title\": \"t\", \"document\": \"RFC 9999\", \"section\": {\"heading\": \"1\", \"gloss\": \"g\"}}]}",
         ": $.examples[0].document: \"RFC 9999\" names no document"},
        {"{\"title\": \"t\", \"documents\": [{\"name\": \"RFC 9309\", \"title\": \"t\", \"sections\": [{\"heading\": \"1\", \"gloss\": \"g\"}]}], "
         "\"examples\": [{\"id\": \"X-1\", \"title\": \"t\", \"document\": \"RFC 9309\", \"section\": {\"heading\": \"2\", \"gloss\": \"g\"}}]}",
         ": $.examples[0].section: not a section of RFC 9309"},
        {"{\"title\": \"t\", \"documents\": [{\"name\": \"seed 1\", \"language\": \"xx\", \"title\": \"t\", \"sections\": []}], \"examples\": []}",
         ": $.examples: needs at least 1 item(s)"},
    };
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s/index.json", dir);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(file, bad[i].text);
        proc_result r = conform_run(ARGS("--index", file, "--list"), 60);
        char want[PATH_MAX + 200];
        snprintf(want, sizeof want, "%s%s", file, bad[i].error);
        bool ok = r.status == 2 && r.err.data && strstr(r.err.data, want);
        if (!ok) printf("  index %zu: exit %d, stderr: %s    wanted: %s\n", i, r.status, r.err.data ? r.err.data : "", want);
        CHECK(ok);
        proc_result_free(&r);
    }
    unlink(file);
    rmdir(dir);
}

/* ---- Splitting command templates -------------------------------------------------- */

static void templates_split_without_a_shell(void) {
    char **argv;
    const char *error;
    CHECK(split_command("a 'b c' \"d e\" f\\ g '' \"$HOME\" x\\\"y", &argv, &error) == 7);
    CHECK(!strcmp(argv[0], "a") && !strcmp(argv[1], "b c") && !strcmp(argv[2], "d e") && !strcmp(argv[3], "f g"));
    CHECK(!strcmp(argv[4], "") && !strcmp(argv[5], "$HOME") && !strcmp(argv[6], "x\"y") && argv[7] == NULL);
    free_argv(argv);
    CHECK(split_command("  ", &argv, &error) == 0);
    free_argv(argv);
    CHECK(split_command("a 'b", &argv, &error) == -1 && !strcmp(error, "a quote is not closed"));
    free_argv(argv);
}

int main(int argc, char **argv) {
    if (strlen(argv[0]) >= sizeof bin_dir) {
        fprintf(stderr, "selftest: the path of this program is too long\n");
        return 2;
    }
    snprintf(bin_dir, sizeof bin_dir, "%s", argv[0]);
    snprintf(self_path, sizeof self_path, "%s", argv[0]);
    if (argc == 2 && !strcmp(argv[1], "--hook-then-sigterm")) { /* hooks_run_before_any_child */
        hook_pipe = 1;
        proc_at_signal(hook_writes);
        raise(SIGTERM);
        return 0;
    }
    char *slash = strrchr(bin_dir, '/');
    if (slash) *slash = '\0';
    else snprintf(bin_dir, sizeof bin_dir, ".");
    snprintf(conform, sizeof conform, "%s/robots-conform", bin_dir);
    snprintf(wrong, sizeof wrong, "%s/robots-wrong", bin_dir);
    snprintf(robots, sizeof robots, "%s/robots", bin_dir);
    snprintf(differ, sizeof differ, "%s/robots-diff", bin_dir);
    static const struct {
        const char *name;
        void (*run)(void);
    } tests[] = {
        {"every example of the specification has a case", every_example_has_a_case},
        {"at least 600 checks, all passed by the reference in-process", at_least_600_checks_all_passing},
        {"the reference passes through the batch protocol", reference_through_batch},
        {"the reference passes through a command template", reference_through_command},
        {"wrong implementations are caught through --batch-cmd", flaws_caught_through_batch},
        {"wrong implementations are caught through --command", flaws_caught_through_command},
        {"crashing, hanging and garbage batch targets fail checks", broken_batch_targets},
        {"crashing, hanging and garbage commands fail checks", broken_command_targets},
        {"temporary files are removed, also when interrupted", temporary_files_are_removed},
        {"a cleanup hook runs at a signal before any child started", hooks_run_before_any_child},
        {"malformed tables are rejected with file and JSON path", malformed_tables_are_rejected},
        {"the tables name their version; reports name it; another version is warned of", tables_name_their_version},
        {"output formats", formats},
        {"every check has a basis under every profile", every_check_has_a_basis},
        {"--basis selects checks by class", basis_selects_checks},
        {"every report breaks the results down by class", reports_by_class},
        {"the fetcher's size cap is the runner's, not the parser's", fetcher_cap_is_the_runners},
        {"a malformed index is rejected with file and JSON path", malformed_index_is_rejected},
        {"the command line", command_line},
        {"--id -ID and --area -AREA drop what they name", lists_drop_items},
        {"a template's other %words% are no placeholders", templates_keep_other_words},
        {"--compare: two reports, check by check", reports_compared},
        {"--compare: checks of other selections counted, listed with --verbose", compare_counts_other_selections},
        {"command templates split without a shell", templates_split_without_a_shell},
        HOSTILE_TARGET_TESTS,
        INTERRUPTED_RUN_TESTS,
        KNOWN_ANSWER_TESTS,
        HOSTILE_TABLE_TESTS,
        EXAMPLE_ADAPTER_TESTS,
        MANY_TARGET_TESTS,
        PARSER_CI_TESTS,
        DIFF_TESTS,
        SITE_TESTS,
    };
    /* An argument runs only the tests whose names contain it (the fast loop). */
    const char *only = argc == 2 ? argv[1] : NULL;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        if (only && !strstr(tests[i].name, only)) continue;
        current = tests[i].name;
        current_failed = 0;
        tests[i].run();
        if (current_failed) failed++;
        else passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
