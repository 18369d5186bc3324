/*
 * hostile_targets.c - targets that do what real adapters do by mistake or by
 * design: print a banner, answer "error": null, start background helpers, close
 * their output, die from the runner's signals, print bytes no report format can
 * carry, explain their crash on stderr. Nothing they do may break a run, leave a
 * process or a file behind, or make a report that a standard reader rejects.
 *
 * The targets are small shell scripts written into a scratch directory.
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

char scratch[64];

static void nap_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

void make_scratch(void) {
    snprintf(scratch, sizeof scratch, "/tmp/robots-conform-hostile-XXXXXX");
    if (!mkdtemp(scratch)) printf("  cannot make a scratch directory: %s\n", strerror(errno));
}

/* Removes the scratch directory whatever the test found. A process the test
 * ended may still be writing into it as rm walks it (a loaded machine), so rm is
 * tried again for up to 5 s; a directory that stays is a failed check. */
void remove_tree(const char *dir) {
    char *argv[] = {"rm", "-rf", (char *)dir, NULL};
    struct stat st;
    for (int i = 0; i < 50; i++) {
        proc_result r;
        if (proc_run(argv, NULL, 0, 30, 4096, &r) == 0) proc_result_free(&r);
        if (stat(dir, &st) != 0 && errno == ENOENT) return;
        nap_ms(100);
    }
    printf("  the scratch directory %s could not be removed\n", dir);
    check(false, "the scratch directory is removed", __FILE__, __LINE__);
}

const char *script(const char *name, const char *body) {
    static char path[8][PATH_MAX];
    static int next;
    char *p = path[next++ % 8];
    snprintf(p, PATH_MAX, "%s/%s", scratch, name);
    FILE *f = fopen(p, "w");
    if (!f) return p;
    fprintf(f, "#!/bin/sh\n%s\n", body);
    fclose(f);
    chmod(p, 0755);
    return p;
}

/* Whether the process is gone: no such process, or a zombie nobody reaps yet
 * (killed; in a container its new parent may never wait for it). Waits up to 2 s
 * for a kill to take effect. */
static bool gone(long pid) {
    for (int i = 0; i < 200; i++) {
        char path[64], stat[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f) return true;
        size_t n = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[n] = '\0';
        const char *close = strrchr(stat, ')');
        if (close && (close[2] == 'Z' || close[2] == 'X')) return true;
        nap_ms(10);
    }
    return false;
}

int all_gone(const char *file) {
    FILE *f = fopen(file, "r");
    int n = 0;
    long pid;
    while (f && fscanf(f, "%ld", &pid) == 1) {
        n++;
        if (!gone(pid)) printf("  process %ld (listed in %s) still runs\n", pid, file);
        CHECK(gone(pid));
    }
    if (f) fclose(f);
    return n;
}

int reasons_with(const run *r, const char *text) {
    int n = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r->json, "results")) {
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "reason"));
        if (why && strstr(why, text)) n++;
    }
    return n;
}

/* The number of checks of an area under the google profile, in process. */
static int checks_in(const char *area) {
    run r = json_run(ARGS("--area", area, "--profile", "google", "--format", "json"), 120);
    int n = r.passed + r.failed + r.skipped + r.undefined;
    cJSON_Delete(r.json);
    return n;
}

void stray_lines_cost_no_check(void) {
    make_scratch();
    char body[4 * PATH_MAX];
    /* A banner at start-up. */
    snprintf(body, sizeof body, "echo 'my-adapter 1.0 ready'\nexec %s --batch", robots);
    run r = json_run(ARGS("--keep-going", "--batch-cmd", script("banner", body), "--area", "match", "--format", "json"), 120);
    CHECK(r.status == 0 && r.failed == 0 && r.passed + r.undefined == checks_in("match"));
    const char *note = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r.json, "note"));
    CHECK(note && strstr(note, "printed 1 line that is not a reply") && strstr(note, "my-adapter 1.0 ready"));
    cJSON_Delete(r.json);
    /* A log line before every reply, and blank lines. */
    snprintf(body, sizeof body,
             "%s --batch | while IFS= read -r reply; do echo \"log: answering\"; echo; printf '%%s\\n' \"$reply\"; done",
             robots);
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("chatty", body), "--id", "MATCH-3", "--format", "json"), 120);
    CHECK(r.status == 0 && r.failed == 0 && r.passed == 9);
    note = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r.json, "note"));
    CHECK(note && strstr(note, "printed 18 lines that are not a reply"));
    cJSON_Delete(r.json);
    /* An object without an id answers nothing: that check fails at once. */
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("noid", "while read -r line; do echo '{\"allowed\": true}'; done"),
                      "--id", "MATCH-3", "--format", "json"), 120);
    CHECK(r.status == 1 && r.failed == 9 && reasons_with(&r, "the reply has no \"id\"") == 9);
    cJSON_Delete(r.json);
    remove_tree(scratch);
}

void null_error_is_no_error(void) {
    make_scratch();
    char body[4 * PATH_MAX];
    snprintf(body, sizeof body, "%s --batch | sed -u 's/}$/,\"error\":null}/'", robots);
    run r = json_run(ARGS("--keep-going", "--batch-cmd", script("nullerror", body), "--area", "match", "--format", "json"), 120);
    CHECK(r.status == 0 && r.failed == 0 && r.passed + r.undefined == checks_in("match"));
    cJSON_Delete(r.json);
    remove_tree(scratch);
}

/* A target that declines every request (an error reply): usage checks are
 * skipped; an allow check fails where it is judged (google) and is left undefined
 * where its expectation is (rfc9309: USAGE-8 check 4). */
void declined_undefined_is_not_judged(void) {
    make_scratch();
    const char *declines = script("declines", "n=0\nwhile read -r line; do n=$((n+1)); "
                                              "printf '{\"id\":%s,\"error\":\"not supported\"}\\n' $n; done");
    run r = json_run(ARGS("--keep-going", "--batch-cmd", declines, "--id", "USAGE-8", "--profile", "google", "--profile",
                          "rfc9309", "--format", "json"),
                     120);
    CHECK(r.status == 1 && r.failed == 1 && r.undefined == 1 && r.skipped == 6 && r.passed == 0);
    cJSON_Delete(r.json);
    /* The text report lists it as declined. */
    proc_result t = conform_run(ARGS("--keep-going", "--batch-cmd", declines, "--id", "USAGE-8", "--profile", "rfc9309"),
                                120);
    CHECK(t.out.data && strstr(t.out.data, "\nUndefined (the profile leaves these open; the answers are not judged):\n"
                                           "  USAGE-8 check 4 [rfc9309] ") &&
          strstr(t.out.data, "https://example.com/x: declined (the target replied with an error: not supported)"));
    proc_result_free(&t);
    remove_tree(scratch);
}

void descriptors_do_not_leak(void) {
    make_scratch();
    char body[4 * PATH_MAX];
    /* A command that leaves a helper running with its own stdio: answered at once,
     * not timed out (the helper holds no pipe of ours). */
    snprintf(body, sizeof body, "sleep 30 >/dev/null 2>&1 </dev/null &\necho $! >> %s/pids\nexec %s \"$@\"", scratch,
             robots);
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "%s %%robots%% %%user-agent%% %%url%%", script("helper", body));
    run r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--timeout", "20", "--format", "json"), 120);
    CHECK(r.status == 0 && r.passed == 4 && reasons_with(&r, "timed out") == 0);
    cJSON_Delete(r.json);
    char pids[PATH_MAX];
    snprintf(pids, sizeof pids, "%s/pids", scratch);
    CHECK(all_gone(pids) == 4);
    /* A batch target that closes its stdout has ended without replying; it is not
     * waited for until the timeout. */
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("closes", "exec 1>&-\nsleep 30"), "--id", "MATCH-1", "--timeout", "20",
                      "--format", "json"), 120);
    CHECK(r.status == 1 && r.failed == 4 && reasons_with(&r, "ended without replying") == 4);
    cJSON_Delete(r.json);
    /* A target sees only its stdin, stdout and stderr: three pipes, whatever the
     * runner itself inherited (a make jobserver, a terminal's). The shell may keep
     * copies of them and its script open; no other pipe. */
    snprintf(body, sizeof body, "ls -l /proc/$$/fd > %s/fds\nexec %s --batch", scratch, robots);
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("fds", body), "--id", "MATCH-1", "--format", "json"), 120);
    CHECK(r.status == 0);
    cJSON_Delete(r.json);
    char fds[PATH_MAX];
    snprintf(fds, sizeof fds, "%s/fds", scratch);
    FILE *f = fopen(fds, "r");
    char listing[4096] = "";
    size_t n = f ? fread(listing, 1, sizeof listing - 1, f) : 0;
    listing[n] = '\0';
    if (f) fclose(f);
    unsigned long pipes[16];
    int distinct = 0;
    for (const char *p = listing; (p = strstr(p, "pipe:[")); p++) {
        unsigned long inode = strtoul(p + 6, NULL, 10);
        bool seen = false;
        for (int k = 0; k < distinct; k++) seen = seen || pipes[k] == inode;
        if (!seen && distinct < 16) pipes[distinct++] = inode;
    }
    if (distinct != 3) printf("  the target's descriptors:\n%s\n", listing);
    CHECK(distinct == 3);
    remove_tree(scratch);
}

void no_process_survives(void) {
    make_scratch();
    char body[4 * PATH_MAX], pids[PATH_MAX];
    snprintf(pids, sizeof pids, "%s/pids", scratch);
    /* Batch: a background child started beside the target, through a normal run
     * and through a run in which the target is restarted after each crash. */
    snprintf(body, sizeof body, "sleep 300 &\necho $! >> %s\necho $$ >> %s\nexec %s --batch", pids, pids, robots);
    run r = json_run(ARGS("--keep-going", "--batch-cmd", script("bg", body), "--id", "MATCH-1", "--format", "json"), 120);
    CHECK(r.status == 0);
    cJSON_Delete(r.json);
    CHECK(all_gone(pids) == 2);
    unlink(pids);
    snprintf(body, sizeof body, "sleep 300 &\necho $! >> %s\nread -r line\nkill -SEGV $$", pids);
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("bgcrash", body), "--id", "MATCH-1", "--format", "json"), 120);
    CHECK(r.status == 1 && reasons_with(&r, "signal 11") == 4);
    cJSON_Delete(r.json);
    CHECK(all_gone(pids) == 4);
    unlink(pids);
    /* A batch target that hangs with a helper: both killed at the timeout. */
    snprintf(body, sizeof body, "sleep 300 &\necho $! >> %s\necho $$ >> %s\nsleep 300", pids, pids);
    r = json_run(ARGS("--keep-going", "--batch-cmd", script("bghangb", body), "--id", "MATCH-1", "--timeout", "0.3", "--format",
                      "json"), 120);
    CHECK(r.status == 1 && reasons_with(&r, "no reply within 0.3 s") == 4);
    cJSON_Delete(r.json);
    CHECK(all_gone(pids) == 8);
    unlink(pids);
    /* Command: each run's helper, also when the command hangs and is killed. */
    snprintf(body, sizeof body, "sleep 300 &\necho $! >> %s\nsleep 300", pids);
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "%s %%robots%%", script("bghang", body));
    r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--timeout", "0.3", "--format", "json"), 120);
    CHECK(r.status == 1 && reasons_with(&r, "timed out") == 4);
    cJSON_Delete(r.json);
    CHECK(all_gone(pids) == 4);
    remove_tree(scratch);
}

/* Starts robots-conform (with TMPDIR=tmp) on a target that records its pid and its
 * helper's, waits until they run, sends sig, and checks that the runner ended by
 * that signal (or, for INT, TERM and HUP, with 128 + it after its report), leaving
 * no process and no temporary file. */
static void signal_during(bool batch, int sig, const char *tmp) {
    char pids[PATH_MAX], body[4 * PATH_MAX], cmd[PATH_MAX + 64];
    snprintf(pids, sizeof pids, "%s/pids", scratch);
    unlink(pids);
    snprintf(body, sizeof body, "sleep 300 &\necho $! >> %s\necho $$ >> %s\nsleep 300", pids, pids);
    const char *target = script("slow", body);
    if (batch) snprintf(cmd, sizeof cmd, "%s", target);
    else snprintf(cmd, sizeof cmd, "%s %%robots%%", target);
    fflush(NULL); /* what we print is printed once, not again by the child */
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        setenv("TMPDIR", tmp, 1);
        /* As from a shell: the signal's default action, nothing blocked. */
        signal(sig, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execl(conform, conform, batch ? "--batch-cmd" : "--command", cmd, "--id", "MATCH-1", "--timeout", "60",
              (char *)NULL);
        _exit(127);
    }
    /* Until both the target and its helper have written their pids. */
    for (int i = 0; i < 500; i++) {
        FILE *f = fopen(pids, "r");
        long a, b;
        int n = f ? fscanf(f, "%ld %ld", &a, &b) : 0;
        if (f) fclose(f);
        if (n == 2) break;
        nap_ms(10);
    }
    kill(pid, sig);
    int status = 0;
    waitpid(pid, &status, 0);
    /* INT, TERM and HUP ask the run to stop: it reports, then exits 128 + the
     * signal (interrupt.h); the other fatal signals end it by the signal. */
    bool stop = sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
    bool ended = stop ? WIFEXITED(status) && WEXITSTATUS(status) == 128 + sig : WIFSIGNALED(status) && WTERMSIG(status) == sig;
    if (!ended)
        printf("  %s mode, signal %d (%s): the runner ended with status %#x\n", batch ? "batch" : "command", sig,
               strsignal(sig), status);
    CHECK(ended);
    CHECK(all_gone(pids) == 2);
    if (files_in(tmp) != 0) printf("  signal %d left %d files in %s\n", sig, files_in(tmp), tmp);
    CHECK(files_in(tmp) == 0);
}

void signals_leave_nothing_behind(void) {
    make_scratch();
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/tmp", scratch);
    mkdir(tmp, 0700);
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        signal_during(true, signals[i], tmp);
        signal_during(false, signals[i], tmp);
    }
    remove_tree(scratch);
}

/* ---- Reports that standard readers accept ---------------------------------------- */

/* A batch target replying with what reports find hard: raw bytes that are not
 * UTF-8, control characters, newlines that would start TAP lines, a reason whose
 * 300-byte cut falls inside a character, U+FFFE. It answers allow checks with an
 * error, robots-url checks with a broken URL, and prints junk on stderr. */
static const char nasty_body[] =
    "n=0\n"
    "e=$(printf '\\303\\251%.0s' $(seq 200))\n"
    "while IFS= read -r line; do\n"
    "  n=$((n+1))\n"
    "  printf 'stderr \\377\\376 line %s\\001\\n' $n >&2\n"
    "  case \"$line\" in\n"
    "  *robots-url*) printf '{\"id\":%s,\"robots_url\":\"http://e.com/\\377\\\\n\\\\u0001\\\\u001b[31m\"}\\n' $n ;;\n"
    "  *sitemaps*) printf '{\"id\":%s,\"sitemaps\":[\"\\357\\277\\276\", \"a\\\\nok 99 - injected\"]}\\n' $n ;;\n"
    "  *) printf '{\"id\":%s,\"error\":\"x%s\\\\nok 99 - injected\\\\n  ---\\\\n\\377\\300\\200 <&> ]]>\"}\\n' $n \"$e\" ;;\n"
    "  esac\n"
    "done";

/* A table whose own strings are hard too: newlines, '#', control characters and
 * non-ASCII in the agent and the URL. */
static const char nasty_table[] =
    "{\"area\": \"edge\", \"title\": \"hostile strings\", \"cases\": [{\"id\": \"EDGE-99\", \"title\": \"t\\n#\","
    " \"source\": [\"this project\"], \"basis\": [\"rfc\"], \"note\": \"n\", \"robots\": [\"user-agent: *\"],"
    " \"checks\": [{\"agent\": \"Foo\\nok 98 - injected\\u0001\", \"url\": \"http://e.com/#\\u0085\\u00e9\\ud83d\\ude00\","
    " \"expect\": \"allowed\"}, {\"kind\": \"robots-url\", \"url\": \"http://e.com/\", \"expect\": \"http://e.com/robots.txt\"},"
    " {\"kind\": \"sitemaps\", \"expect\": []}]}]}";

/* Feeds text to a reader (a program given as argv); returns its exit status and
 * prints what it said when it rejects the text. */
static int reader_accepts(char *const argv[], const char *text, size_t len, const char *format) {
    proc_result r;
    if (proc_run(argv, text, len, 60, 1 << 20, &r) != 0) return -1;
    int status = r.exec_failed || r.signaled || r.timed_out ? -1 : r.status;
    if (status != 0)
        printf("  the %s reader (%s) rejects the report: %.400s%.400s\n", format, argv[0], r.out.data ? r.out.data : "",
               r.err.data ? r.err.data : "");
    proc_result_free(&r);
    return status;
}

/* Debian's python3 and perl: the standard library's XML and JSON parsers (strict
 * UTF-8 decoding first), and Perl's TAP::Parser, the reference TAP reader. */
static char *const xml_reader[] = {"/usr/bin/python3", "-c",
                                   "import sys, xml.dom.minidom\n"
                                   "xml.dom.minidom.parseString(sys.stdin.buffer.read())\n", NULL};
static char *const json_reader[] = {"/usr/bin/python3", "-c",
                                    "import sys, json\n"
                                    "json.loads(sys.stdin.buffer.read().decode('utf-8', 'strict'))\n", NULL};
static char *const tap_reader[] = {
    "/usr/bin/perl", "-MTAP::Parser", "-e",
    "my $text = do { local $/; <STDIN> };\n"
    "my $p = TAP::Parser->new({ tap => $text });\n"
    "my ($tests, $yaml) = (0, 0);\n"
    "while (my $r = $p->next) { $tests++ if $r->is_test; $yaml++ if $r->is_yaml; }\n"
    "my @errors = $p->parse_errors;\n"
    "die join(\"\\n\", @errors) . \"\\n\" if @errors;\n"
    "die \"plan $p->{tests_planned}, tests $tests\\n\" if $tests != $p->tests_planned;\n"
    "die \"failures without YAML: $yaml of \" . scalar($p->failed) . \"\\n\" if $yaml != scalar($p->failed);\n"
    "die \"an injected test\\n\" if $text =~ /^ok 9[89] /m;\n",
    NULL};

void reports_parse_whatever_targets_print(void) {
    make_scratch();
    char cases[PATH_MAX], table[PATH_MAX + 32];
    snprintf(cases, sizeof cases, "%s/cases", scratch);
    mkdir(cases, 0700);
    snprintf(table, sizeof table, "%s/edge.json", cases);
    write_file(table, nasty_table);
    const char *target = script("nasty", nasty_body);
    struct {
        const char *format;
        char *const *reader;
        const char *const *selection;
    } runs[] = {
        {"junit", xml_reader, ARGS("--id", "MATCH-1,SITEMAP-1,SCOPE-1")},
        {"json", json_reader, ARGS("--id", "MATCH-1,SITEMAP-1,SCOPE-1")},
        {"tap", tap_reader, ARGS("--id", "MATCH-1,SITEMAP-1,SCOPE-1")},
        {"junit", xml_reader, ARGS("--cases", cases)},
        {"json", json_reader, ARGS("--cases", cases)},
        {"tap", tap_reader, ARGS("--cases", cases)},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        const char *args[16];
        int n = 0;
        args[n++] = "--batch-cmd";
        args[n++] = target;
        args[n++] = "--format";
        args[n++] = runs[i].format;
        for (const char *const *a = runs[i].selection; *a; a++) args[n++] = *a;
        args[n] = NULL;
        proc_result r = conform_run(args, 120);
        CHECK(r.status == 1 && r.out.len > 0);
        /* The target's bad bytes were cleaned, not passed on or dropped. */
        CHECK(r.out.data && strstr(r.out.data, "\xEF\xBF\xBD"));
        CHECK(reader_accepts(runs[i].reader, r.out.data ? r.out.data : "", r.out.len, runs[i].format) == 0);
        proc_result_free(&r);
    }
    remove_tree(scratch);
}

void stderr_explains_failures(void) {
    make_scratch();
    /* An adapter with a syntax error: every check fails the same way, and the first
     * failure shows the traceback. */
    const char *broken = script("broken", "echo 'Traceback (most recent call last):' >&2\n"
                                          "echo '  File \"adapter.py\", line 3' >&2\n"
                                          "echo 'SyntaxError: invalid syntax' >&2\nexit 1");
    run r = json_run(ARGS("--keep-going", "--batch-cmd", broken, "--id", "MATCH-1", "--format", "json"), 120);
    CHECK(r.status == 1 && r.failed == 4);
    cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r.json, "results"), 0);
    const char *err = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "stderr"));
    CHECK(err && strstr(err, "Traceback") && strstr(err, "SyntaxError: invalid syntax"));
    cJSON_Delete(r.json);
    proc_result t = conform_run(ARGS("--keep-going", "--batch-cmd", broken, "--id", "MATCH-1"), 120);
    CHECK(t.out.data && strstr(t.out.data, "the target's stderr ended with:\n        | Traceback (most recent call last):\n"));
    /* Shown once, with the first failure it explains. */
    int shown = 0;
    for (const char *p = t.out.data; p && (p = strstr(p, "SyntaxError")); p++) shown++;
    CHECK(shown == 1);
    proc_result_free(&t);
    /* A command's stderr, with an exit status that means nothing. */
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "%s %%robots%%", script("cmd", "echo 'parser: cannot open config' >&2\nexit 7"));
    r = json_run(ARGS("--keep-going", "--command", cmd, "--id", "MATCH-1", "--format", "json"), 120);
    first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r.json, "results"), 0);
    err = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "stderr"));
    CHECK(r.status == 1 && err && !strcmp(err, "parser: cannot open config"));
    cJSON_Delete(r.json);
    /* Node's way: the error line, then more stack frames than the excerpt keeps. The
     * excerpt keeps the error line first, then the last frames. */
    const char *node = script("node", "echo '/adapter.js:3' >&2\necho '  parser.isAllowed(url)' >&2\n"
                                      "echo 'TypeError: parser.isAllowed is not a function' >&2\n"
                                      "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do\n"
                                      "  echo \"    at frame$i (node:internal/x.js:$i:1)\" >&2\ndone\nexit 1");
    r = json_run(ARGS("--keep-going", "--batch-cmd", node, "--id", "MATCH-1", "--format", "json"), 120);
    first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r.json, "results"), 0);
    err = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "stderr"));
    static const char error_first[] = "TypeError: parser.isAllowed is not a function\n...\n";
    CHECK(err && !strncmp(err, error_first, sizeof error_first - 1));
    CHECK(err && strstr(err, "at frame20 (node:internal/x.js:20:1)") && !strstr(err, "at frame2 "));
    cJSON_Delete(r.json);
    remove_tree(scratch);
}
