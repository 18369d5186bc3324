/*
 * interrupted_runs.c - a CI screen never shows a report that is not this run's
 * (issue 60, items 1, 2 and 6): SIGINT, SIGTERM and SIGHUP stop a run that then
 * writes every report marked interrupted and exits 128 + the signal; a second
 * signal ends it at once; a report path never holds the previous run's report
 * once a run started, nor a half-written one; a usage error is written into the
 * reports asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "selftest.h"

static void nap(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* The file's text (NUL-terminated), or NULL. */
static char *text_of(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *s = malloc(1 << 20);
    size_t n = s ? fread(s, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (s) s[n] = '\0';
    return s;
}

static bool file_has(const char *path, const char *text) {
    char *s = text_of(path);
    bool found = s && strstr(s, text);
    free(s);
    return found;
}

static bool starts_with(const char *path, const char *text) {
    char *s = text_of(path);
    bool found = s && !strncmp(s, text, strlen(text));
    free(s);
    return found;
}

/* Lines in the file (0 when it is missing). */
static int lines_of(const char *path) {
    char *s = text_of(path);
    int n = 0;
    for (char *p = s; p && *p; p++) n += *p == '\n';
    free(s);
    return n;
}

/* scripts/check-junit accepts the file (the schema CI readers use). */
static bool junit_valid(const char *path) {
    char *argv[] = {"scripts/check-junit", (char *)path, NULL};
    proc_result r;
    if (proc_run(argv, NULL, 0, 60, 1 << 16, &r) != 0) return false;
    bool ok = !r.exec_failed && !r.signaled && !r.timed_out && r.status == 0;
    if (!ok) printf("  scripts/check-junit %s: %.300s%.300s\n", path, r.out.data ? r.out.data : "", r.err.data ? r.err.data : "");
    proc_result_free(&r);
    return ok;
}

/* The paths of one run: its reports (with a stale file at each first) and where
 * its stdout and stderr go. */
typedef struct run_files {
    char dir[512], xml[PATH_MAX], json[PATH_MAX], tap[PATH_MAX], md[PATH_MAX];
    char out[PATH_MAX], err[PATH_MAX], pids[PATH_MAX], count[PATH_MAX];
} run_files;

static void files_for(run_files *f, const char *name) {
    snprintf(f->dir, sizeof f->dir, "%s/%s", scratch, name);
    mkdir(f->dir, 0700);
    snprintf(f->xml, sizeof f->xml, "%s/report.xml", f->dir);
    snprintf(f->json, sizeof f->json, "%s/report.json", f->dir);
    snprintf(f->tap, sizeof f->tap, "%s/report.tap", f->dir);
    snprintf(f->md, sizeof f->md, "%s/report.md", f->dir);
    snprintf(f->out, sizeof f->out, "%s/%s.out", scratch, name);
    snprintf(f->err, sizeof f->err, "%s/%s.err", scratch, name);
    snprintf(f->pids, sizeof f->pids, "%s/%s.pids", scratch, name);
    snprintf(f->count, sizeof f->count, "%s/%s.count", scratch, name);
    /* Nothing of an earlier run read as this one's (a stale "paused at"). */
    unlink(f->out);
    unlink(f->err);
    unlink(f->pids);
    unlink(f->count);
    const char *reports[] = {f->xml, f->json, f->tap, f->md};
    for (int i = 0; i < 4; i++) write_file(reports[i], "yesterday's report: every check passed\n");
}

/* A batch target that records its pid, answers the first `answers` requests
 * "allowed" (a line in count each), then hangs. */
static const char *counting_target(const run_files *f, int answers) {
    char body[4 * PATH_MAX];
    snprintf(body, sizeof body,
             "echo $$ >> %s\n"
             "n=0\n"
             "while IFS= read -r line; do\n"
             "  n=$((n+1))\n"
             "  echo $n >> %s\n"
             "  if [ $n -gt %d ]; then sleep 300; fi\n"
             "  id=$(printf '%%s' \"$line\" | sed 's/.*\"id\": *\\([0-9]*\\).*/\\1/')\n"
             "  printf '{\"id\": %%s, \"allowed\": true}\\n' \"$id\"\n"
             "done",
             f->pids, f->count, answers);
    return script("counting-target", body);
}

/* Starts robots-conform on the target (batch), the area match, every report
 * asked for; pause: ROBOTS_TEST_PAUSE's moment, or NULL. Returns its pid. */
static pid_t start(const run_files *f, const char *target, const char *pause) {
    char xml[PATH_MAX + 8], json[PATH_MAX + 8], tap[PATH_MAX + 8], md[PATH_MAX + 16];
    snprintf(xml, sizeof xml, "junit=%s", f->xml);
    snprintf(json, sizeof json, "json=%s", f->json);
    snprintf(tap, sizeof tap, "tap=%s", f->tap);
    snprintf(md, sizeof md, "markdown=%s", f->md);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int out = open(f->out, O_WRONLY | O_CREAT | O_TRUNC, 0600), err = open(f->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(out, 1);
        dup2(err, 2);
        if (pause) setenv("ROBOTS_TEST_PAUSE", pause, 1);
        /* As from a shell: default signal actions, nothing blocked. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execl(conform, conform, "--batch-cmd", target, "--area", "match", "--keep-going", "--timeout", "60", "--output",
              xml, "--output", json, "--output", tap, "--output", md, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Waits (at most 20 s) until the file has `lines` lines, or holds `text`. */
static bool wait_for_lines(const char *path, int lines) {
    for (int i = 0; i < 2000; i++) {
        if (lines_of(path) >= lines) return true;
        nap(10);
    }
    return false;
}

static bool wait_for_text(const char *path, const char *text) {
    for (int i = 0; i < 2000; i++) {
        if (file_has(path, text)) return true;
        nap(10);
    }
    return false;
}

static int finish(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

static const char *sig_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP"; }

/* What every interrupted run's reports say: interrupted by sig after `asked` of
 * the selection's checks. */
static void reports_say_interrupted(const run_files *f, int sig, int asked) {
    char words[128];
    snprintf(words, sizeof words, "interrupted by %s after %d of ", sig_name(sig), asked);
    CHECK(junit_valid(f->xml));
    CHECK(file_has(f->xml, "<error message=\"") && file_has(f->xml, words));
    char *json = text_of(f->json);
    cJSON *root = json ? cJSON_Parse(json) : NULL;
    const char *stopped = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "stopped"));
    const char *by = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "interrupted"));
    if (!stopped || !strstr(stopped, words)) printf("  JSON stopped: %s (wanted '%s')\n", stopped ? stopped : "none", words);
    CHECK(stopped && strstr(stopped, words) && by && !strcmp(by, sig_name(sig)));
    cJSON_Delete(root);
    free(json);
    CHECK(file_has(f->tap, "Bail out! ") && file_has(f->tap, words));
    char first[160];
    snprintf(first, sizeof first, "**INTERRUPTED**: %s", words);
    CHECK(starts_with(f->md, first));
    snprintf(first, sizeof first, "INTERRUPTED: %s", words);
    CHECK(starts_with(f->out, first));
}

/* Nothing but the four reports in the report directory: no temporary file. */
static void no_temporary_report(const run_files *f) {
    if (files_in(f->dir) != 4) printf("  %d files in %s, not the 4 reports\n", files_in(f->dir), f->dir);
    CHECK(files_in(f->dir) == 4);
}

static void stopped_by(int status, int sig) {
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 128 + sig;
    if (!ok) printf("  %s: robots-conform ended with status %#x, not exit %d\n", sig_name(sig), status, 128 + sig);
    CHECK(ok);
}

/* Before the first reply: the target hangs on its first request. */
static void interrupt_before_first_reply(int sig) {
    run_files f;
    files_for(&f, "before");
    pid_t pid = start(&f, counting_target(&f, 0), NULL);
    CHECK(wait_for_lines(f.count, 1));
    /* Meanwhile the stale reports were replaced by ones saying the run goes on. */
    CHECK(file_has(f.xml, "the run is in progress") && junit_valid(f.xml) && !file_has(f.xml, "yesterday"));
    CHECK(file_has(f.json, "\"in_progress\":\ttrue"));
    kill(pid, sig);
    stopped_by(finish(pid), sig);
    reports_say_interrupted(&f, sig, 0);
    no_temporary_report(&f);
    CHECK(all_gone(f.pids) == 1);
}

/* Mid-run: five replies given, the sixth request hangs. */
static void interrupt_mid_run(int sig) {
    run_files f;
    files_for(&f, "mid");
    pid_t pid = start(&f, counting_target(&f, 5), NULL);
    CHECK(wait_for_lines(f.count, 6));
    kill(pid, sig);
    stopped_by(finish(pid), sig);
    reports_say_interrupted(&f, sig, 5);
    no_temporary_report(&f);
    CHECK(all_gone(f.pids) == 1);
}

/* While the reports are written: every check was asked, so the reports are
 * complete and not marked; the exit status still says the signal. */
static void interrupt_while_reporting(int sig) {
    run_files f;
    files_for(&f, "reporting");
    char target[PATH_MAX + 16];
    snprintf(target, sizeof target, "%s --batch", robots);
    pid_t pid = start(&f, target, "reports");
    CHECK(wait_for_text(f.err, "paused at reports"));
    kill(pid, sig);
    stopped_by(finish(pid), sig);
    CHECK(junit_valid(f.xml) && file_has(f.xml, "failures=\"0\" errors=\"0\"") && !file_has(f.xml, "interrupted"));
    char *json = text_of(f.json);
    cJSON *root = json ? cJSON_Parse(json) : NULL;
    CHECK(root && !cJSON_GetObjectItemCaseSensitive(root, "stopped"));
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "summary"), "passed")) > 0);
    cJSON_Delete(root);
    free(json);
    CHECK(!file_has(f.tap, "Bail out!") && !starts_with(f.out, "INTERRUPTED"));
    no_temporary_report(&f);
}

void interrupted_runs_write_their_reports(void) {
    make_scratch();
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        interrupt_before_first_reply(signals[i]);
        interrupt_mid_run(signals[i]);
        interrupt_while_reporting(signals[i]);
    }
    remove_tree(scratch);
}

/* A second signal ends the run at once: the first stopped it mid-run, the test
 * pause holds it before its reports, the second ends it by the signal. No report
 * was written: each path holds the in-progress report, never yesterday's or a
 * half-written one, and no temporary file is left. */
void a_second_signal_ends_at_once(void) {
    make_scratch();
    run_files f;
    files_for(&f, "twice");
    pid_t pid = start(&f, counting_target(&f, 2), "reports");
    CHECK(wait_for_lines(f.count, 3));
    kill(pid, SIGTERM);
    CHECK(wait_for_text(f.err, "paused at reports"));
    kill(pid, SIGTERM);
    int status = finish(pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    CHECK(junit_valid(f.xml) && file_has(f.xml, "the run is in progress"));
    CHECK(file_has(f.json, "in progress") && file_has(f.tap, "Bail out! the run is in progress"));
    CHECK(starts_with(f.md, "# robots-conform: the run is in progress"));
    /* --compare says what such a report is, rather than "not a report". */
    proc_result c = conform_run(ARGS("--compare", f.json, f.json), 60);
    CHECK(c.status == 2 && c.err.data && strstr(c.err.data, "the run that was to write it never finished"));
    proc_result_free(&c);
    no_temporary_report(&f);
    CHECK(all_gone(f.pids) == 1);
    /* SIGKILL cannot be caught: what stays is the in-progress report. */
    files_for(&f, "killed");
    pid = start(&f, counting_target(&f, 2), NULL);
    CHECK(wait_for_lines(f.count, 3));
    kill(pid, SIGKILL);
    finish(pid);
    CHECK(junit_valid(f.xml) && file_has(f.xml, "if this stays, the run ended before it wrote its report"));
    CHECK(!file_has(f.json, "yesterday") && !file_has(f.md, "yesterday") && !file_has(f.tap, "yesterday"));
    /* Its target goes with it: the kernel kills it at its parent's death
     * (PR_SET_PDEATHSIG, Linux). What the target started (its sleep) is its
     * own, and stays (PROTOCOL.md): the test ends it by the target's group. */
    CHECK(all_gone(f.pids) == 1);
    FILE *p = fopen(f.pids, "r");
    long target_pid;
    while (p && fscanf(p, "%ld", &target_pid) == 1) kill(-(pid_t)target_pid, SIGKILL);
    if (p) fclose(p);
    remove_tree(scratch);
}

/* A mistake on the command line is written into every report asked for: the
 * JUnit report an <error> that names it and the fix, the JSON one usage_error. */
void usage_errors_write_the_reports(void) {
    make_scratch();
    char bad_known[PATH_MAX];
    snprintf(bad_known, sizeof bad_known, "%s/known.txt", scratch);
    write_file(bad_known, "MATCH-1.1 = \n");
    char batch[PATH_MAX + 16];
    snprintf(batch, sizeof batch, "%s --batch", robots);
    const struct {
        const char *const *args;
        const char *mistake;
    } cases[] = {
        {ARGS("--target", "nosuch"), "--target needs NAME=COMMAND, not 'nosuch'"},
        {ARGS("--batch-cmd", batch, "--area", "mtach"), "--area: no table has the area 'mtach'"},
        {ARGS("--command", "./parser %robot% %url%"), "unknown placeholder '%robot%': did you mean %robots%?"},
        {ARGS("--batch-cmd", batch, "--known-failures", bad_known), "known.txt:1: '=' with no answer after it"},
        {ARGS("--batch-cmd", batch, "--profile", "gogle"), "--profile must be google or rfc9309, not 'gogle'"},
    };
    run_files f;
    files_for(&f, "usage");
    char xml[PATH_MAX + 8], json[PATH_MAX + 8];
    snprintf(xml, sizeof xml, "junit=%s", f.xml);
    snprintf(json, sizeof json, "json=%s", f.json);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_file(f.xml, "yesterday's report\n");
        write_file(f.json, "yesterday's report\n");
        const char *args[16];
        size_t n = 0;
        for (const char *const *a = cases[i].args; *a; a++) args[n++] = *a;
        const char *more[] = {"--output", xml, "--output", json, "--format", "junit", NULL};
        for (const char **m = more; *m; m++) args[n++] = *m;
        args[n] = NULL;
        proc_result r = conform_run(args, 60);
        CHECK(r.status == 2 && r.err.data && strstr(r.err.data, cases[i].mistake));
        bool written = junit_valid(f.xml) && file_has(f.xml, "name=\"usage error: the run did not start\"") &&
                       file_has(f.xml, cases[i].mistake);
        if (!written) printf("  case %zu: the JUnit report does not name '%s'\n", i, cases[i].mistake);
        CHECK(written);
        /* The fix: the valid values, "did you mean", or --help. */
        CHECK(file_has(f.xml, "Try '") || file_has(f.xml, "did you mean") || file_has(f.xml, "CHECK = ANSWER"));
        CHECK(file_has(f.json, "\"usage_error\":\ttrue") && !file_has(f.json, "yesterday"));
        /* The report asked for on stdout too. */
        CHECK(r.out.data && strstr(r.out.data, "<error message=") && strstr(r.out.data, "usage error"));
        proc_result_free(&r);
        no_temporary_report(&f);
    }
    remove_tree(scratch);
}
