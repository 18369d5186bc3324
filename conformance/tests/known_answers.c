/*
 * known_answers.c - known failures pinned by answer, and --strict that says when
 * it cannot judge (issue 60, items 4 and 5), and the Action's side of both: its
 * profiles from the file, a cancelled job that still reports.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "selftest.h"

static char *text_of(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *s = malloc(4 << 20);
    size_t n = s ? fread(s, 1, (4 << 20) - 1, f) : 0;
    fclose(f);
    if (s) s[n] = '\0';
    return s;
}

static bool has(const char *text, const char *part) { return text && strstr(text, part); }

static int count_of(const char *text, const char *part) {
    int n = 0;
    for (const char *p = text; p && (p = strstr(p, part)); p += strlen(part)) n++;
    return n;
}

/* How many failures of a run have a reason containing text. */
static int failures_with(const run *r, const char *text) {
    int n = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r->json, "results")) {
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status"));
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "reason"));
        if (status && !strcmp(status, "fail") && why && strstr(why, text)) n++;
    }
    return n;
}

/* A planted flawed target whose answers can change: robots-wrong's always-allow
 * (which replies an error to every check that carries the file in base64) behind
 * a proxy that, with DECLINE set, also replies an error to every request for the
 * agent FooBot. */
static const char proxy[] =
    "import json, os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
    "decline = os.environ.get('DECLINE') == '1'\n"
    "for line in sys.stdin:\n"
    "    if decline and 'FooBot' in line:\n"
    "        print(json.dumps({'id': json.loads(line)['id'], 'error': 'FooBot is not answered'}), flush=True)\n"
    "        continue\n"
    "    child.stdin.write(line); child.stdin.flush()\n"
    "    print(child.stdout.readline(), end='', flush=True)\n";

/* The proxied target as a --batch-cmd, declining FooBot or not. */
static void target(char *out, size_t cap, const char *proxy_path, bool decline) {
    snprintf(out, cap, "env DECLINE=%d /usr/bin/python3 %s %s --flaw always-allow --batch", decline, proxy_path, wrong);
}

void known_failures_pin_their_answers(void) {
    make_scratch();
    char proxy_path[PATH_MAX], known[PATH_MAX], bare[PATH_MAX], declining[3 * PATH_MAX], answering[3 * PATH_MAX];
    snprintf(proxy_path, sizeof proxy_path, "%s/proxy.py", scratch);
    snprintf(known, sizeof known, "%s/known.txt", scratch);
    snprintf(bare, sizeof bare, "%s/bare.txt", scratch);
    write_file(proxy_path, proxy);
    target(declining, sizeof declining, proxy_path, true);
    target(answering, sizeof answering, proxy_path, false);

    /* Written with the answers, "= error" for the error replies. */
    proc_result r = conform_run(ARGS("--batch-cmd", answering, "--write-known-failures", known), 300);
    CHECK(r.status == 1);
    proc_result_free(&r);
    char *file = text_of(known);
    CHECK(has(file, "# Profiles judged: google\n"));
    CHECK(count_of(file, "= error ") > 0 && count_of(file, "= allowed ") > 0);
    free(file);

    /* The file just written passes, always: error replies included. */
    r = conform_run(ARGS("--batch-cmd", answering, "--known-failures", known), 300);
    CHECK(r.status == 0 && has(r.out.data, " 0 failed"));
    proc_result_free(&r);

    /* Entries without an answer keep their meaning: any answer but an error
     * reply, which fails as before answers were pinned. */
    char *text = text_of(known);
    FILE *f = fopen(bare, "w");
    for (char *line = text ? strtok(text, "\n") : NULL; f && line; line = strtok(NULL, "\n")) {
        char *eq = line[0] != '#' ? strchr(line, '=') : NULL;
        if (eq) *eq = '\0';
        fprintf(f, "%s\n", line);
    }
    if (f) fclose(f);
    free(text);
    run bare_run = json_run(ARGS("--batch-cmd", answering, "--known-failures", bare, "--format", "json"), 300);
    int declined = failures_with(&bare_run, "the target replied with an error");
    if (declined != bare_run.failed) printf("  bare entries: %d failed, %d of them error replies\n", bare_run.failed, declined);
    CHECK(bare_run.status == 1 && bare_run.failed > 0 && declined == bare_run.failed);
    cJSON_Delete(bare_run.json);

    /* Answers change (FooBot's become error replies): each such known failure is
     * a failure of its own, said in every format. */
    const char *formats[] = {"text", "json", "junit", "tap", "markdown"};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        r = conform_run(ARGS("--batch-cmd", declining, "--known-failures", known, "--format", formats[i]), 300);
        int said = count_of(r.out.data, "known failure, answer changed: was allowed, now error");
        if (said == 0) printf("  --format %s does not say the answer changed\n", formats[i]);
        CHECK(r.status == 1 && said > 0);
        /* JUnit's headline, the message most readers show, says it too. */
        if (!strcmp(formats[i], "junit")) CHECK(has(r.out.data, "<failure message=\"known failure, answer changed: was allowed, now error"));
        proc_result_free(&r);
    }
    run changed = json_run(ARGS("--batch-cmd", declining, "--known-failures", known, "--format", "json"), 300);
    /* Every failure is FooBot's: a known one whose answer changed, or one that
     * passed and is now an error reply. */
    int now_error = failures_with(&changed, "known failure, answer changed: was allowed, now error");
    CHECK(changed.status == 1 && now_error > 0 && failures_with(&changed, "FooBot is not answered") == changed.failed);
    cJSON_Delete(changed.json);

    /* A pinned answer that is not the target's: "was disallowed, now allowed";
     * [PROFILE] pins one profile's, and a JSON string is an answer too. */
    write_file(known, "MATCH-1 = disallowed\nMATCH-1 [rfc9309] = \"allowed\"\n");
    r = conform_run(ARGS("--batch-cmd", answering, "--id", "MATCH-1", "--known-failures", known), 300);
    CHECK(r.status == 1 && has(r.out.data, "known failure, answer changed: was disallowed, now allowed"));
    proc_result_free(&r);
    r = conform_run(ARGS("--batch-cmd", answering, "--id", "MATCH-1", "--profile", "rfc9309", "--known-failures", known), 300);
    CHECK(r.status == 0 && has(r.out.data, "4 known failures"));
    proc_result_free(&r);

    /* A malformed entry is rejected with file and line. */
    write_file(known, "MATCH-1.1 = \"allowed\n");
    r = conform_run(ARGS("--batch-cmd", answering, "--known-failures", known), 60);
    CHECK(r.status == 2 && has(r.err.data, "known.txt:1: the answer's string has no closing quote"));
    proc_result_free(&r);
    /* A misspelt answer is no answer of the check: said with its place. */
    write_file(known, "MATCH-1.1 = dissallowed\n");
    r = conform_run(ARGS("--batch-cmd", answering, "--known-failures", known), 60);
    CHECK(r.status == 2 && has(r.err.data, "known.txt:1: 'dissallowed' is no answer of MATCH-1.1 (allowed, disallowed, error)"));
    proc_result_free(&r);
    write_file(known, "MATCH-1.1 [gogle] = allowed\n");
    r = conform_run(ARGS("--batch-cmd", answering, "--known-failures", known), 60);
    CHECK(r.status == 2 && has(r.err.data, "known.txt:1: '[gogle] = allowed' is not a profile in brackets"));
    proc_result_free(&r);

    /* A crash is never a known failure: the file is not written, and says which. */
    char crashing[PATH_MAX + 64];
    snprintf(crashing, sizeof crashing, "%s --flaw crash --batch", wrong);
    unlink(known);
    r = conform_run(ARGS("--batch-cmd", crashing, "--keep-going", "--id", "MATCH-1", "--write-known-failures", known), 300);
    CHECK(r.status == 2 && has(r.err.data, "not written: MATCH-1 check ") && has(r.err.data, "never a known failure"));
    CHECK(access(known, F_OK) != 0);
    proc_result_free(&r);
    remove_tree(scratch);
}

void strict_says_when_it_cannot_judge(void) {
    make_scratch();
    char known[PATH_MAX], flawed[PATH_MAX + 64];
    snprintf(known, sizeof known, "%s/known.txt", scratch);
    snprintf(flawed, sizeof flawed, "%s --flaw always-allow --batch", wrong);
    proc_result r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--profile", "rfc9309",
                                     "--write-known-failures", known), 300);
    CHECK(r.status == 1);
    proc_result_free(&r);
    /* Judged under google alone: every format says which entries were not judged
     * and why; --strict fails, its last line saying why. */
    const char *formats[] = {"text", "json", "junit", "tap", "markdown"};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--known-failures", known, "--strict", "--format",
                             formats[i]), 300);
        bool said = has(r.out.data, "not judged") && has(r.out.data, "MATCH-10.4") &&
                    has(r.out.data, "may still fail under rfc9309");
        if (!said) printf("  --format %s does not say what was not judged\n", formats[i]);
        CHECK(r.status == 1 && said);
        const char *last = r.err.data ? strrchr(r.err.data, '\n') : NULL;
        while (last && last > r.err.data && last[-1] != '\n') last--;
        CHECK(last && strstr(last, "--strict fails the run: ") && strstr(last, "written under google, rfc9309"));
        proc_result_free(&r);
    }
    r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--known-failures", known, "--strict"), 300);
    const char *end = r.out.data ? r.out.data + strlen(r.out.data) : NULL;
    while (end && end > r.out.data && end[-1] == '\n') end--;
    const char *line = end;
    while (line && line > r.out.data && line[-1] != '\n') line--;
    CHECK(line && strstr(line, "FAILED under --strict: the known failures could not be judged"));
    proc_result_free(&r);
    /* Without --strict: said, and the run passes. */
    r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--known-failures", known), 300);
    CHECK(r.status == 0 && has(r.out.data, "not judged") && has(r.err.data, "known failures not judged"));
    proc_result_free(&r);
    /* Under both profiles the file judges, and --strict passes. */
    r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--profile", "rfc9309", "--known-failures", known,
                         "--strict"), 300);
    CHECK(r.status == 0 && !has(r.out.data, "may still fail under"));
    proc_result_free(&r);
    remove_tree(scratch);
}

/* Starts scripts/github-action as its step does, with inputs NAME=VALUE; its
 * stdout and stderr to out. Returns its pid. */
static pid_t start_action(const char *const *inputs, const char *out) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, 1);
        dup2(fd, 2);
        char runner[PATH_MAX + 32];
        snprintf(runner, sizeof runner, "%s", conform);
        setenv("ROBOTS_CONFORM", runner, 1);
        for (; *inputs; inputs++) {
            char name[64];
            const char *eq = strchr(*inputs, '=');
            snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - *inputs) : 0, *inputs);
            if (eq) setenv(name, eq + 1, 1);
        }
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        execl("/bin/sh", "sh", "scripts/github-action", (char *)NULL);
        _exit(127);
    }
    return pid;
}

static int action_status(const char *const *inputs, const char *out) {
    int status = 0;
    waitpid(start_action(inputs, out), &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void the_action_judges_and_reports_to_the_end(void) {
    make_scratch();
    char known[PATH_MAX], out[PATH_MAX], flawed[PATH_MAX + 64];
    snprintf(known, sizeof known, "%s/known.txt", scratch);
    snprintf(out, sizeof out, "%s/action.log", scratch);
    snprintf(flawed, sizeof flawed, "%s --flaw always-allow --batch", wrong);
    proc_result r = conform_run(ARGS("--batch-cmd", flawed, "--profile", "google", "--profile", "rfc9309",
                                     "--write-known-failures", known), 300);
    proc_result_free(&r);
    static char batch[PATH_MAX + 128], known_input[PATH_MAX + 32], junit[PATH_MAX + 32], summary[PATH_MAX + 32];
    snprintf(batch, sizeof batch, "INPUT_BATCH=%s", flawed);
    snprintf(known_input, sizeof known_input, "INPUT_KNOWN_FAILURES=%s", known);
    snprintf(junit, sizeof junit, "INPUT_JUNIT=%s/report.xml", scratch);
    snprintf(summary, sizeof summary, "GITHUB_STEP_SUMMARY=%s/summary.md", scratch);
    /* No profile input: the file's profiles are judged, so strict can judge. */
    CHECK(action_status(ARGS(batch, known_input, "INPUT_STRICT=true", junit, summary, "INPUT_PROFILE="), out) == 0);
    /* A profile input that judges less: strict says so and fails. */
    CHECK(action_status(ARGS(batch, known_input, "INPUT_STRICT=true", junit, summary, "INPUT_PROFILE=google"), out) == 1);
    char *log = text_of(out);
    CHECK(has(log, "--strict fails the run: ") && has(log, "could not be judged"));
    free(log);

    /* Cancelled mid-run (SIGINT to the step): the step still shows the reports,
     * marked interrupted, and exits as robots-conform did (the signal passed on
     * as SIGTERM). */
    char slow_target[PATH_MAX];
    snprintf(slow_target, sizeof slow_target, "%s/slow", scratch);
    write_file(slow_target, "while IFS= read -r line; do sleep 0.05; "
                            "printf '{\"id\": %s, \"allowed\": true}\\n' \"$(printf '%s' \"$line\" | sed 's/.*\"id\": *\\([0-9]*\\).*/\\1/')\"; done\n");
    static char slow[PATH_MAX + 32];
    snprintf(slow, sizeof slow, "INPUT_BATCH=sh %s", slow_target);
    remove(summary + strlen("GITHUB_STEP_SUMMARY="));
    pid_t pid = start_action(ARGS(slow, "INPUT_AREAS=match", junit, summary, "INPUT_PROFILE="), out);
    /* Until robots-conform has put its in-progress report in place (its own,
     * which names it: the Action's wrapper writes one before it starts, and a
     * cancel then is one before the run, exit 130, as a loaded machine showed). */
    char *xml = NULL;
    for (int i = 0; i < 2000 && !has(xml, "robots-conform (pid "); i++) {
        free(xml);
        struct timespec t = {0, 10000000L};
        nanosleep(&t, NULL);
        xml = text_of(junit + strlen("INPUT_JUNIT="));
    }
    free(xml);
    struct timespec settle = {0, 500000000L};
    nanosleep(&settle, NULL);
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM)) {
        log = text_of(out);
        printf("  the cancelled step ended with status %#x; it said: %.800s\n", status, log ? log : "");
        free(log);
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM);
    xml = text_of(junit + strlen("INPUT_JUNIT="));
    char *md = text_of(summary + strlen("GITHUB_STEP_SUMMARY="));
    log = text_of(out);
    /* After N of M checks (or, on a slow machine, before the first). */
    CHECK(has(xml, "interrupted by SIGTERM ") && !has(xml, "in progress"));
    CHECK(has(md, "**INTERRUPTED**: interrupted by SIGTERM "));
    CHECK(has(log, "robots.txt conformance: interrupted"));
    free(xml);
    free(md);
    free(log);

    /* The step killed outright (SIGKILL to its group): robots-conform, in a
     * session of its own, is told (SIGTERM at its parent's death) and reports
     * an interrupted run, never a complete one for a job that is over. */
    if (access("/usr/bin/setpriv", X_OK) == 0) {
        fflush(NULL);
        pid = fork();
        if (pid == 0) {
            setpgid(0, 0);
            int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            dup2(fd, 1);
            dup2(fd, 2);
            setenv("ROBOTS_CONFORM", conform, 1);
            setenv("INPUT_BATCH", slow + strlen("INPUT_BATCH="), 1);
            setenv("INPUT_AREAS", "match", 1);
            setenv("INPUT_JUNIT", junit + strlen("INPUT_JUNIT="), 1);
            unsetenv("GITHUB_STEP_SUMMARY");
            execl("/bin/sh", "sh", "scripts/github-action", (char *)NULL);
            _exit(127);
        }
        xml = NULL;
        for (int i = 0; i < 2000 && !has(xml, "robots-conform (pid"); i++) {
            free(xml);
            struct timespec t = {0, 10000000L};
            nanosleep(&t, NULL);
            xml = text_of(junit + strlen("INPUT_JUNIT="));
        }
        free(xml);
        kill(-pid, SIGKILL);
        waitpid(pid, &status, 0);
        xml = NULL;
        /* "after N of M checks", or "before this target was run" when the
         * kill came before the first question. */
        for (int i = 0; i < 1000 && !has(xml, "interrupted by SIGTERM "); i++) {
            free(xml);
            struct timespec t = {0, 10000000L};
            nanosleep(&t, NULL);
            xml = text_of(junit + strlen("INPUT_JUNIT="));
        }
        if (!has(xml, "interrupted by SIGTERM ")) printf("  after the step's SIGKILL the report is: %.600s\n", xml ? xml : "none");
        CHECK(has(xml, "interrupted by SIGTERM ") && !has(xml, "in progress"));
        free(xml);
    }
    remove_tree(scratch);
}
