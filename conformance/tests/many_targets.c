/*
 * many_targets.c - several implementations in one run: named targets from the
 * command line and from a targets file, side by side in one report, each with its
 * own results, time, language and version; the baselines answer what a parser
 * that reads nothing would.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "selftest.h"

/* The run of the named target in a --format json report of several targets. */
static cJSON *target_named(cJSON *report, const char *name) {
    cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(report, "targets")) {
        const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "name"));
        if (n && !strcmp(n, name)) return t;
    }
    return NULL;
}

static int summary_of(cJSON *t, const char *what) {
    return (int)cJSON_GetNumberValue(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(t, "summary"), what));
}

void several_targets_in_one_run(void) {
    char batch[PATH_MAX + 32];
    snprintf(batch, sizeof batch, "reference=%s --batch", robots);
    proc_result r = conform_run(ARGS("--target", "yes=builtin:always-allowed", "--target", "no=builtin:always-disallowed",
                                     "--target", batch, "--area", "match", "--format", "json"), 120);
    cJSON *report = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    CHECK(r.status == 1 && cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(report, "targets")) == 3);
    cJSON *yes = target_named(report, "yes"), *no = target_named(report, "no"), *ref = target_named(report, "reference");
    CHECK(yes && no && ref);
    /* The reference passes; each baseline passes exactly the checks the other fails. */
    CHECK(summary_of(ref, "failed") == 0 && summary_of(ref, "passed") > 0);
    CHECK(summary_of(yes, "passed") == summary_of(no, "failed") && summary_of(no, "passed") == summary_of(yes, "failed"));
    CHECK(summary_of(yes, "passed") + summary_of(no, "passed") == summary_of(ref, "passed"));
    CHECK(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(ref, "seconds")));
    cJSON_Delete(report);
    proc_result_free(&r);

    /* The check-by-target matrix: a header, then one row per check and profile. */
    r = conform_run(ARGS("--target", "yes=builtin:always-allowed", "--target", batch, "--id", "MATCH-3", "--format",
                         "csv"), 120);
    CHECK(r.out.data && !strncmp(r.out.data, "id,check,profile,kind,basis,expected,yes,reference\r\n", 51));
    CHECK(r.out.data && strstr(r.out.data, "\r\nMATCH-3,1,google,allow,spec rfc,disallowed,FAIL,pass\r\n"));
    int rows = 0;
    for (const char *p = r.out.data; p && (p = strchr(p, '\n')); p++) rows++;
    CHECK(rows == 1 + 9);
    proc_result_free(&r);

    /* The scorecard's JSON: per implementation and profile, counts by kind, area and
     * class; every check with each implementation's result. */
    r = conform_run(ARGS("--target", "yes=builtin:always-allowed", "--target", batch, "--id", "MATCH-3", "--profile",
                         "google", "--profile", "rfc9309", "--format", "scorecard"), 120);
    report = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    cJSON *impl = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(report, "implementations"), 0);
    cJSON *google = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(impl, "profiles"), "google");
    cJSON *match = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(google, "areas"), "match");
    CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(impl, "name")), "yes"));
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(match, "passed")) == 3 &&
          cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(match, "failed")) == 6);
    CHECK(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(google, "classes"), "spec") &&
          cJSON_GetObjectItemCaseSensitive(google, "allow"));
    cJSON *checks = cJSON_GetObjectItemCaseSensitive(report, "checks");
    cJSON *first = cJSON_GetArrayItem(checks, 0);
    CHECK(cJSON_GetArraySize(checks) == 18 &&
          !strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
                      cJSON_GetObjectItemCaseSensitive(first, "results"), "reference")), "pass"));
    cJSON_Delete(report);
    proc_result_free(&r);

    /* A targets file: languages and versions, a version from a command. */
    char dir[] = "/tmp/robots-conform-targets-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char file[PATH_MAX], text[2 * PATH_MAX];
    snprintf(file, sizeof file, "%s/targets.json", dir);
    snprintf(text, sizeof text,
             "{\"targets\": [{\"name\": \"ours\", \"language\": \"C\", \"version_command\": \"%s --version\","
             " \"batch\": \"%s --batch\"}, {\"name\": \"base\", \"language\": \"baseline\", \"version\": \"-\","
             " \"builtin\": \"always-allowed\"}]}", robots, robots);
    write_file(file, text);
    r = conform_run(ARGS("--targets", file, "--id", "MATCH-3", "--format", "markdown"), 120);
    CHECK(r.out.data && strstr(r.out.data, "| target | language | version | passed | failed | skipped | undefined | seconds |"));
    CHECK(r.out.data && strstr(r.out.data, "| ours | C | robots "));
    CHECK(r.out.data && strstr(r.out.data, "| base | baseline | - | 3 | 6 | 0 | 0 |"));
    CHECK(r.out.data && strstr(r.out.data, "| MATCH-3 | 1 | google | disallowed | pass | **FAIL** |"));
    proc_result_free(&r);
    /* Mistakes in it are usage errors with the place. */
    write_file(file, "{\"targets\": [{\"name\": \"x\", \"batch\": \"a\", \"builtin\": \"reference\"}]}");
    r = conform_run(ARGS("--targets", file), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "$.targets[0]: give exactly one of \"batch\", \"command\" and \"builtin\""));
    proc_result_free(&r);
    write_file(file, "{\"targets\": [{\"name\": \"x\", \"builtin\": \"reference\", \"colour\": \"red\"}]}");
    r = conform_run(ARGS("--targets", file), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "$.targets[0].colour: unknown property"));
    proc_result_free(&r);
    unlink(file);
    rmdir(dir);
    /* TAP and JUnit report one target; a missing program names its target. */
    r = conform_run(ARGS("--target", "a=builtin:reference", "--format", "tap"), 60);
    /* A usage error: the TAP report asked for on stdout says so (issue 60). */
    CHECK(r.status == 2 && r.out.data && strstr(r.out.data, "Bail out! usage error: the run did not start: ") &&
          strstr(r.out.data, "not 'tap'"));
    proc_result_free(&r);
    r = conform_run(ARGS("--target", "a=builtin:reference", "--target", "b=/nonexistent/adapter"), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "target b: --batch-cmd: cannot run"));
    /* The other target ran, and the report shows both. */
    CHECK(r.out.data && strstr(r.out.data, "\nb stopped early: the target could not be started: --batch-cmd: cannot run") &&
          strstr(r.out.data, "\n  a                    -          -                "));
    proc_result_free(&r);
}

/* Every output format with every kind of target gives a report (exit 0 or 1, with
 * output) or a usage error (exit 2, with a message), never a signal. The csv
 * format once crashed (SIGSEGV) for any run without --target names: the reference
 * alone, one batch adapter, one command. */
void every_format_with_every_target(void) {
    char batch[PATH_MAX + 16], command[PATH_MAX + 64], named[PATH_MAX + 32];
    snprintf(batch, sizeof batch, "%s --batch", robots);
    snprintf(command, sizeof command, "%s %%robots%% %%user-agent%% %%url%%", robots);
    snprintf(named, sizeof named, "ref=%s --batch", robots);
    /* A failing target with known failures, one of them fixed (its check passes). */
    char flawed[PATH_MAX + 64], known[] = "/tmp/robots-conform-known-XXXXXX";
    snprintf(flawed, sizeof flawed, "%s --flaw first-match-wins %%robots%% %%user-agent%% %%url%%", wrong);
    int fd = mkstemp(known);
    if (fd >= 0) close(fd);
    write_file(known, "LONGEST-1.1\nLONGEST-1.2\n");
    static const char *const formats[] = {"text", "tap", "junit", "json", "markdown", "csv", "scorecard"};
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        const char *const *const targets[] = {
            ARGS("--id", "MATCH-3", "--format", formats[f]),
            ARGS("--id", "MATCH-3", "--format", formats[f], "--batch-cmd", batch),
            ARGS("--id", "MATCH-3", "--format", formats[f], "--command", command),
            ARGS("--id", "MATCH-3", "--format", formats[f], "--target", named, "--target", "none=builtin:always-allowed"),
            ARGS("--id", "LONGEST-1", "--format", formats[f], "--command", flawed, "--known-failures", known,
                 "--output", "junit=/dev/null", "--output", "csv=/dev/null"),
        };
        for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
            proc_result r = conform_run(targets[t], 60);
            bool report = (r.status == 0 || r.status == 1) && r.out.data && r.out.len > 20;
            bool usage = r.status == 2 && r.err.data && strstr(r.err.data, formats[f]) && strstr(r.err.data, "Try");
            if (!report && !usage)
                printf("  --format %s, target kind %zu: status %d, stderr %s\n", formats[f], t, r.status,
                       r.err.data ? r.err.data : "(nothing)");
            CHECK(report || usage);
            /* A run of one target is one column named for what it is. */
            if (!strcmp(formats[f], "csv") && t < 3)
                CHECK(report && !strncmp(r.out.data, "id,check,profile,kind,basis,expected,", 37) &&
                      strstr(r.out.data, "\r\nMATCH-3,1,"));
            /* Known failures in every format: the new failure fails the run. */
            if (t == 4) CHECK(r.status == 1 && strstr(r.out.data ? r.out.data : "", "known"));
            proc_result_free(&r);
        }
    }
    remove(known);
}
