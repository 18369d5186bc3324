/* compare.c - two JSON reports of one target compared (compare.h): what a change
 * to a parser broke, fixed and changed, check by check. */
#include "compare.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"

/* One report: its root and its results array. */
typedef struct report_file {
    const char *file;
    cJSON *root;
    const cJSON *results;
} report_file;

static const char *member(const cJSON *o, const char *name) {
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, name));
}

static int load(const char *file, report_file *r, char *error, size_t cap) {
    r->file = file;
    if (json_file_read(file, &r->root, error, cap)) return -1;
    r->results = cJSON_GetObjectItemCaseSensitive(r->root, "results");
    /* A report that holds only the run's state (report_state.h) has no results
     * to compare: say what it is. */
    const char *stopped = member(r->root, "stopped");
    if (!cJSON_IsArray(r->results) && stopped && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->root, "in_progress"))) {
        snprintf(error, cap, "%s: the run that was to write it never finished (what it holds is the report put there "
                             "while it ran: %.300s)", file, stopped);
        return -1;
    }
    if (!cJSON_IsArray(r->results) && stopped && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r->root, "usage_error"))) {
        snprintf(error, cap, "%s: the run never started (a usage error: %.300s)", file, stopped);
        return -1;
    }
    if (!cJSON_IsArray(r->results)) {
        snprintf(error, cap, "%s: not a report of one target (robots-conform --format json; no \"results\" array)",
                 file);
        return -1;
    }
    size_t i = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, r->results) {
        if (!member(x, "id") || !member(x, "profile") || !member(x, "status") ||
            !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(x, "check"))) {
            snprintf(error, cap, "%s: results[%zu]: no id, check, profile or status", file, i);
            return -1;
        }
        i++;
    }
    return 0;
}

static bool same_check(const cJSON *a, const cJSON *b) {
    return !strcmp(member(a, "id"), member(b, "id")) && !strcmp(member(a, "profile"), member(b, "profile")) &&
           cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(a, "check")) ==
               cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(b, "check"));
}

static const cJSON *find(const report_file *r, const cJSON *like) {
    const cJSON *x;
    cJSON_ArrayForEach(x, r->results) if (same_check(x, like)) return x;
    return NULL;
}

static void name(FILE *f, const cJSON *x) {
    fprintf(f, "  %s check %d [%s]", member(x, "id"),
            (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(x, "check")), member(x, "profile"));
    const char *what = member(x, "description");
    if (what) fprintf(f, " %s", what);
}

static const char *got_of(const cJSON *x) {
    const char *got = member(x, "got");
    return got ? got : "no answer";
}

/* A check fails when its answer was judged wrong, listed as a known failure or
 * not: the reports compare answers, so a known failure and a failure with the
 * same answer are the same. */
static bool failing(const cJSON *x) {
    return !strcmp(member(x, "status"), "fail") || !strcmp(member(x, "status"), "known-failure");
}

static bool known(const cJSON *x) { return !strcmp(member(x, "status"), "known-failure"); }

enum { NEW_FAILURE, FIXED, CHANGED, NOW_KNOWN, NO_LONGER_KNOWN, ONLY_OLD, ONLY_NEW, SECTIONS };

/* Counts one section's checks and prints them when shown is set; returns how
 * many. */
static size_t section(FILE *f, int which, const report_file *old, const report_file *now, bool shown) {
    static const char *const heads[SECTIONS] = {
        [NEW_FAILURE] = "Failing now, not before",
        [FIXED] = "Fixed: failing before, not now",
        [CHANGED] = "The answer changed",
        [NOW_KNOWN] = "Failing in both, listed as a known failure only now",
        [NO_LONGER_KNOWN] = "Failing in both, listed as a known failure only before",
        [ONLY_OLD] = "Only in the old report",
        [ONLY_NEW] = "Only in the new report"};
    size_t n = 0;
    const report_file *from = which == ONLY_OLD ? old : now, *other = which == ONLY_OLD ? now : old;
    const cJSON *x;
    cJSON_ArrayForEach(x, from->results) {
        const cJSON *y = find(other, x);
        bool fails = failing(x);
        bool show = false;
        if (which == ONLY_OLD || which == ONLY_NEW) {
            show = !y;
        } else if (y) {
            bool failed = failing(y);
            const char *a = got_of(y), *b = got_of(x);
            switch (which) {
            case NEW_FAILURE: show = fails && !failed; break;
            case FIXED: show = !fails && failed; break;
            case CHANGED: show = fails == failed && strcmp(a, b); break;
            case NOW_KNOWN: show = fails && failed && known(x) && !known(y); break;
            default: show = fails && failed && !known(x) && known(y); break;
            }
        }
        if (!show) continue;
        if (n++ == 0 && shown) fprintf(f, "%s:\n", heads[which]);
        if (!shown) continue;
        name(f, x);
        if (which == ONLY_OLD || which == ONLY_NEW) fprintf(f, ": %s\n", member(x, "status"));
        else fprintf(f, "\n      was %s (%s), now %s (%s); expected %s\n", member(y, "status"), got_of(y),
                     member(x, "status"), got_of(x), member(x, "expected") ? member(x, "expected") : "-");
    }
    if (n && shown) fprintf(f, "\n");
    return n;
}

/* The checks one report has and the other has not: another --area or --id, or a
 * run that stopped early. Hundreds of them (a whole area) would bury the few
 * lines that matter, so they are counted, and listed only when asked. */
static void uncompared(FILE *f, const size_t counts[SECTIONS], compare_detail detail, bool new_stopped) {
    if (!counts[ONLY_OLD] && !counts[ONLY_NEW]) return;
    fprintf(f, "%zu check%s only in the old report and %zu only in the new were not compared (different selections%s)",
            counts[ONLY_OLD], counts[ONLY_OLD] == 1 ? "" : "s", counts[ONLY_NEW],
            new_stopped ? ", or the new run stopped early" : "");
    fprintf(f, detail == COMPARE_LIST_UNCOMPARED ? ": listed above\n" : "; --verbose lists them\n");
}

int compare_reports(const char *old_file, const char *new_file, compare_detail detail, FILE *f, char *error,
                    size_t cap) {
    report_file old = {0}, now = {0};
    int rc = -1;
    if (!load(old_file, &old, error, cap) && !load(new_file, &now, error, cap)) {
        /* A run that stopped early asked only some checks: its report cannot say
         * that nothing regressed. */
        const char *old_stop = member(old.root, "stopped"), *new_stop = member(now.root, "stopped");
        if (old_stop) fprintf(f, "The old run stopped early: %s\n\n", old_stop);
        if (new_stop) fprintf(f, "The new run stopped early: %s\n\n", new_stop);
        size_t counts[SECTIONS];
        for (int s = 0; s < SECTIONS; s++)
            counts[s] = section(f, s, &old, &now, (s != ONLY_OLD && s != ONLY_NEW) || detail == COMPARE_LIST_UNCOMPARED);
        uncompared(f, counts, detail, new_stop != NULL);
        size_t both = (size_t)cJSON_GetArraySize(now.results) - counts[ONLY_NEW];
        fprintf(f, "%zu failing now, not before; %zu fixed; %zu answers changed; %zu moved between known and new "
                   "failures; %zu check%s compared\n",
                counts[NEW_FAILURE], counts[FIXED], counts[CHANGED], counts[NOW_KNOWN] + counts[NO_LONGER_KNOWN], both,
                both == 1 ? "" : "s");
        rc = counts[NEW_FAILURE] || new_stop ? 1 : 0;
    }
    cJSON_Delete(old.root);
    cJSON_Delete(now.root);
    return rc;
}
