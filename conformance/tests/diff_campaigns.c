/*
 * diff_campaigns.c - robots-diff against the reference (no disagreement) and
 * against robots-wrong's flaws: each flaw is found, minimised to a small example
 * that shows it, and written as a case table that the reference passes and the
 * flawed parser fails; the same seed gives the same cases.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "selftest.h"

/* Runs a campaign against a --batch-cmd target (or another kind: option); returns
 * its exit status. */
static int campaign_with(const char *option, const char *target, const char *count, const char *out) {
    char *argv[] = {differ, (char *)option, (char *)target, "--count", (char *)count, "--seed", "7", "--out",
                    (char *)out, NULL};
    proc_result r;
    if (proc_run(argv, NULL, 0, 300, 1 << 20, &r) != 0) return -1;
    int status = r.exec_failed || r.signaled || r.timed_out ? -1 : r.status;
    if (status != 0 && status != 1) printf("  robots-diff: exit %d: %.300s\n", status, r.err.data ? r.err.data : "");
    proc_result_free(&r);
    return status;
}

static int campaign(const char *target, const char *count, const char *out) {
    return campaign_with("--batch-cmd", target, count, out);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = malloc(1 << 22);
    size_t n = text ? fread(text, 1, (1 << 22) - 1, f) : 0;
    fclose(f);
    if (text) text[n] = '\0';
    return text;
}

static cJSON *load_json(const char *path) {
    char *text = slurp(path);
    cJSON *json = text ? cJSON_Parse(text) : NULL;
    free(text);
    return json;
}

/* Does some case of the table have this title? */
static bool has_title(const cJSON *table, const char *title) {
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(table, "cases")) {
        const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "title"));
        if (t && !strcmp(t, title)) return true;
    }
    return false;
}

/* The smallest number of lines among the cases whose google expectation is
 * `expect` and whose title contains `cause`, leaving out the causes the table
 * `except` also has (NULL: none left out). */
static int fewest_lines_except(const char *cases_file, const char *expect, const char *cause, const char *except) {
    cJSON *table = load_json(cases_file), *others = except ? load_json(except) : NULL;
    int best = 1000;
    cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(table, "cases")) {
        const char *title = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "title"));
        if (title && others && has_title(others, title)) continue;
        cJSON *check = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(c, "checks"), 0);
        const char *want = cJSON_GetStringValue(
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(check, "expect"), "google"));
        const char *b64 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "robots_base64"));
        if (!title || !want || !b64 || strcmp(want, expect) || !strstr(title, cause)) continue;
        buf body = {NULL, 0, 0};
        const char *why;
        if (base64_decode(b64, strlen(b64), &body, &why) == 0) {
            int lines = 0;
            for (size_t i = 0; i < body.len; i++)
                if (body.data[i] == '\n' || body.data[i] == '\r') lines++;
            if (body.len && body.data[body.len - 1] != '\n' && body.data[body.len - 1] != '\r') lines++;
            if (lines < best) best = lines;
        }
        buf_free(&body);
    }
    cJSON_Delete(table);
    cJSON_Delete(others);
    return best;
}

static int fewest_lines(const char *cases_file, const char *expect, const char *cause) {
    return fewest_lines_except(cases_file, expect, cause, NULL);
}

/* Replays DIR/cases against a target (option --batch-cmd or --command; NULL: the
 * reference); returns the run's summary. */
static run replay_with(const char *dir, const char *option, const char *target) {
    char cases[PATH_MAX + 16];
    snprintf(cases, sizeof cases, "%s/cases", dir);
    if (target) return json_run(ARGS("--cases", cases, option, target, "--format", "json"), 120);
    return json_run(ARGS("--cases", cases, "--format", "json"), 120);
}

/* The cases of DIR/cases: the reference passes every one, the target fails every one. */
static void replays_as_disagreements(const char *dir, const char *option, const char *target) {
    run ref = replay_with(dir, NULL, NULL), other = replay_with(dir, option, target);
    CHECK(ref.status == 0 && ref.failed == 0 && ref.passed > 0);
    CHECK(other.status == 1 && other.passed == 0 && other.failed == ref.passed);
    cJSON_Delete(ref.json);
    cJSON_Delete(other.json);
}

/* A flaw of robots-wrong that changes answers: the campaign finds causes the
 * unflawed robots-wrong (a naive matcher with differences of its own) does not
 * have, the smallest in two lines, and they replay. */
static void flaw_found(const char *dir, const char *name, const char *expect, const char *cause) {
    char out[PATH_MAX], base[PATH_MAX + 32], file[PATH_MAX + 32], cmd[PATH_MAX + 64];
    snprintf(out, sizeof out, "%s/%s", dir, name);
    snprintf(cmd, sizeof cmd, "%s --flaw %s --batch", wrong, name);
    CHECK(campaign(cmd, "3000", out) == 1);
    snprintf(file, sizeof file, "%s/cases/diff.json", out);
    snprintf(base, sizeof base, "%s/none/cases/diff.json", dir);
    int lines = fewest_lines_except(file, expect, cause, base);
    if (lines > 2) printf("  --flaw %s: no new cause '%s' in two lines (%d)\n", name, cause, lines);
    CHECK(lines <= 2);
    replays_as_disagreements(out, "--batch-cmd", cmd);
}

/* A flaw that breaks the protocol (a crash, a hang, garbage for replies): every
 * check fails, the campaign goes on to its end, and the report shows the first
 * input it broke on. */
static void breakage_reported(const char *dir, const char *name, const char *why) {
    char out[PATH_MAX], file[PATH_MAX + 32], cmd[PATH_MAX + 64];
    snprintf(out, sizeof out, "%s/%s", dir, name);
    snprintf(cmd, sizeof cmd, "%s --flaw %s --batch", wrong, name);
    char *argv[] = {differ, "--batch-cmd", cmd, "--count", "300", "--timeout", "0.3", "--out", out, NULL};
    proc_result r;
    CHECK(proc_run(argv, NULL, 0, 120, 1 << 20, &r) == 0 && !r.signaled && !r.timed_out && r.status == 1);
    proc_result_free(&r);
    snprintf(file, sizeof file, "%s/report.md", out);
    char *report = slurp(file);
    char first[256];
    snprintf(first, sizeof first, "The first check it broke on (%s", why);
    if (!report || !strstr(report, first)) printf("  --flaw %s: the report does not say '%s'\n", name, first);
    CHECK(report && strstr(report, first) && strstr(report, "300 checks") && strstr(report, "The target failed"));
    free(report);
    snprintf(file, sizeof file, "%s/clusters.json", out);
    cJSON *summary = load_json(file);
    cJSON *broke = cJSON_GetObjectItemCaseSensitive(summary, "broke_on");
    const cJSON *failures = cJSON_GetObjectItemCaseSensitive(summary, "failures");
    CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(broke, "url")) && cJSON_IsNumber(failures) &&
          failures->valuedouble > 0);
    cJSON_Delete(summary);
}

void campaigns_find_and_minimise_flaws(void) {
    char dir[] = "/tmp/robots-diff-selftest-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char out[PATH_MAX], cmd[PATH_MAX + 64], file[PATH_MAX + 32];
    /* The reference through the protocol agrees with itself. */
    snprintf(out, sizeof out, "%s/reference", dir);
    snprintf(cmd, sizeof cmd, "%s --batch", robots);
    CHECK(campaign(cmd, "20000", out) == 0);
    snprintf(file, sizeof file, "%s/report.md", out);
    char *report = slurp(file);
    CHECK(report && strstr(report, "20000 checks") && strstr(report, " 0 disagreements in 0 clusters"));
    free(report);
    /* Always allowed: found; some cluster is one disallow rule, in at most two lines. */
    snprintf(out, sizeof out, "%s/always-allow", dir);
    snprintf(cmd, sizeof cmd, "%s --flaw always-allow --batch", wrong);
    CHECK(campaign(cmd, "3000", out) == 1);
    snprintf(file, sizeof file, "%s/cases/diff.json", out);
    CHECK(fewest_lines(file, "disallowed", "the target allows") <= 2);
    replays_as_disagreements(out, "--batch-cmd", cmd);
    /* First match wins: found; some cluster is an allow rule that should win over
     * an earlier disallow: a group line and two rules. */
    snprintf(out, sizeof out, "%s/first-match", dir);
    snprintf(cmd, sizeof cmd, "%s --flaw first-match-wins --batch", wrong);
    CHECK(campaign(cmd, "3000", out) == 1);
    snprintf(file, sizeof file, "%s/cases/diff.json", out);
    CHECK(fewest_lines(file, "allowed", "(an allow rule") <= 3);
    /* The same seed, the same cases. */
    char again[PATH_MAX], file2[PATH_MAX + 32];
    snprintf(again, sizeof again, "%s/first-match-again", dir);
    CHECK(campaign(cmd, "3000", again) == 1);
    snprintf(file2, sizeof file2, "%s/cases/diff.json", again);
    char *a = slurp(file), *b = slurp(file2);
    CHECK(a && b && !strcmp(a, b));
    free(a);
    free(b);
    /* The other flaws: wrong answers found and minimised beyond what the naive
     * matcher itself differs in; broken protocols reported. */
    snprintf(out, sizeof out, "%s/none", dir);
    snprintf(cmd, sizeof cmd, "%s --flaw none --batch", wrong);
    CHECK(campaign(cmd, "3000", out) == 1);
    flaw_found(dir, "case-insensitive-paths", "allowed", "the target disallows");
    flaw_found(dir, "no-percent-normalisation", "allowed", "the target disallows");
    breakage_reported(dir, "hang", "no reply within 0.3 s");
    breakage_reported(dir, "crash", "the target ended without replying");
    breakage_reported(dir, "garbage", "no reply within 0.3 s");
    /* A command template, one process per check: the same flaw, found and replayed. */
    snprintf(out, sizeof out, "%s/command", dir);
    snprintf(cmd, sizeof cmd, "%s --flaw always-allow %%robots%% %%user-agent%% %%url%%", wrong);
    CHECK(campaign_with("--command", cmd, "200", out) == 1);
    snprintf(file, sizeof file, "%s/cases/diff.json", out);
    CHECK(fewest_lines(file, "disallowed", "the target allows") <= 2);
    replays_as_disagreements(out, "--command", cmd);
    char *argv[] = {"rm", "-rf", dir, NULL};
    proc_result r;
    if (proc_run(argv, NULL, 0, 30, 4096, &r) == 0) proc_result_free(&r);
}

/* urllib.robotparser, the scorecard's adapter that needs nothing but Python: a
 * campaign finds where it differs, and the cases it writes are ones the reference
 * passes and urllib.robotparser fails. */
void campaign_against_a_scorecard_adapter(void) {
    char dir[] = "/tmp/robots-diff-adapter-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char out[PATH_MAX], path[PATH_MAX], cmd[PATH_MAX + 64];
    snprintf(out, sizeof out, "%s/urllib", dir);
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 %s", example_adapter("urllib_adapter.py", path, sizeof path));
    CHECK(campaign(cmd, "2000", out) == 1);
    replays_as_disagreements(out, "--batch-cmd", cmd);
    char *argv[] = {"rm", "-rf", dir, NULL};
    proc_result r;
    if (proc_run(argv, NULL, 0, 30, 4096, &r) == 0) proc_result_free(&r);
}
