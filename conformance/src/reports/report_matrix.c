/*
 * report_matrix.c - several targets side by side, toml-test style: a summary per
 * target, matrices of area and class by target, and the check-by-target matrix
 * (Markdown, CSV). Every target ran the same selection in the same order, so
 * result i of each run is the same check under the same profile.
 */
#include "report_matrix.h"

#include <string.h>

#include "check_text.h"
#include "interrupt.h"
#include "json_file.h"
#include "report_state.h"

static void tally(const results *r, const char *area, int cls, size_t out[RESULT_COUNT]) {
    report_count(r, (result_filter){.profile = COUNT_ANY, .area = area, .kind = COUNT_ANY, .cls = cls}, out);
}

static const char *or_dash(const char *s) { return s && *s ? s : "-"; }

const char *report_run_name(const target_run *run) { return run->info.name ? run->info.name : run->info.target; }

/* "passed/judged" (judged: passed or failed), or "-" when nothing was judged. */
static void cell(const size_t n[RESULT_COUNT], char *out, size_t cap) {
    size_t judged = n[RESULT_PASS] + n[RESULT_FAIL];
    if (judged) snprintf(out, cap, "%zu/%zu", n[RESULT_PASS], judged);
    else snprintf(out, cap, "-");
}

/* What a matrix's rows are, and how it is written. */
typedef enum matrix_rows { ROWS_AREAS, ROWS_CLASSES } matrix_rows;
typedef enum matrix_form { AS_TEXT, AS_MARKDOWN } matrix_form;

/* One matrix: rows are the areas or the classes, columns the targets. */
static void matrix(FILE *f, const suite *s, const target_run *runs, size_t n, matrix_rows rows_of, matrix_form form) {
    bool markdown = form == AS_MARKDOWN;
    size_t rows = rows_of == ROWS_CLASSES ? CLASS_COUNT : s->ntables;
    const char *corner = rows_of == ROWS_CLASSES ? "basis" : "area";
    if (markdown) {
        fprintf(f, "\n| %s |", corner);
        for (size_t k = 0; k < n; k++) fprintf(f, " %s |", report_run_name(&runs[k]));
        fprintf(f, "\n| --- |");
        for (size_t k = 0; k < n; k++) fprintf(f, " ---: |");
        fprintf(f, "\n");
    } else {
        fprintf(f, "\n  %-16s", corner);
        for (size_t k = 0; k < n; k++) fprintf(f, " %18.18s", report_run_name(&runs[k]));
        fprintf(f, "\n");
    }
    for (size_t row = 0; row < rows; row++) {
        const char *label = rows_of == ROWS_CLASSES ? suite_class_name((basis_class)row) : s->tables[row].area;
        bool any = false;
        char cells[64][32];
        for (size_t k = 0; k < n && k < 64; k++) {
            size_t c[RESULT_COUNT];
            tally(&runs[k].r, rows_of == ROWS_CLASSES ? NULL : label, rows_of == ROWS_CLASSES ? (int)row : COUNT_ANY, c);
            any = any || run_counted(c);
            cell(c, cells[k], sizeof cells[k]);
        }
        if (!any) continue;
        fprintf(f, markdown ? "| %s |" : "  %-16s", label);
        for (size_t k = 0; k < n && k < 64; k++) fprintf(f, markdown ? " %s |" : " %18s", cells[k]);
        fprintf(f, "\n");
    }
}

static void summary(FILE *f, const target_run *runs, size_t n, matrix_form form) {
    bool markdown = form == AS_MARKDOWN;
    if (markdown)
        fprintf(f, "| target | language | version | passed | failed | skipped | undefined | seconds |\n"
                   "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
    else
        fprintf(f, "  %-20s %-10s %-12s %7s %7s %8s %10s %8s\n", "target", "language", "version", "passed", "failed",
                "skipped", "undefined", "seconds");
    for (size_t k = 0; k < n; k++) {
        size_t c[RESULT_COUNT];
        tally(&runs[k].r, NULL, COUNT_ANY, c);
        const report_info *i = &runs[k].info;
        fprintf(f, markdown ? "| %s | %s | %s | %zu | %zu | %zu | %zu | %.1f |\n" : "  %-20s %-10s %-12s %7zu %7zu %8zu %10zu %8.1f\n",
                i->name, or_dash(i->language), or_dash(i->version), c[RESULT_PASS], c[RESULT_FAIL], c[RESULT_SKIP],
                c[RESULT_UNDEFINED], i->seconds);
    }
}

/* What each run noticed, and why one stopped early (with the likely fix). */
static void notes(FILE *f, const target_run *runs, size_t n) {
    for (size_t k = 0; k < n; k++) {
        const report_info *i = &runs[k].info;
        if (i->notes) fprintf(f, "\nNote on %s: %s\n", report_run_name(&runs[k]), i->notes);
        if (i->stopped) fprintf(f, "\n%s stopped early: %s\n", report_run_name(&runs[k]), i->stopped);
        if (i->stopped && i->stopped_fix) fprintf(f, "Likely fix: %s\n", i->stopped_fix);
    }
}

static void text(FILE *f, const suite *s, const target_run *runs, size_t n) {
    fprintf(f, "robots-conform: %zu target%s, profiles %s\n\n", n, n == 1 ? "" : "s", runs[0].info.profiles);
    summary(f, runs, n, AS_TEXT);
    fprintf(f, "\nPassed of judged (passed + failed), per area and per class (a check counts under each class it rests on):\n");
    matrix(f, s, runs, n, ROWS_AREAS, AS_TEXT);
    matrix(f, s, runs, n, ROWS_CLASSES, AS_TEXT);
    notes(f, runs, n);
}

static const char *const marks[RESULT_COUNT] = {[RESULT_PASS] = "pass", [RESULT_FAIL] = "FAIL", [RESULT_SKIP] = "skip",
                                                [RESULT_UNDEFINED] = "undefined", [RESULT_KNOWN] = "known-failure"};

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void csv_field(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void csv(FILE *f, const target_run *runs, size_t n) {
    fprintf(f, "id,check,profile,kind,basis,expected");
    for (size_t k = 0; k < n; k++) {
        fputc(',', f);
        csv_field(f, report_run_name(&runs[k]));
    }
    fprintf(f, "\r\n");
    for (size_t i = 0; i < runs[0].r.n; i++) {
        const result *x = &runs[0].r.items[i];
        char classes[128];
        check_basis_text(x->k->basis[x->profile], " ", classes, sizeof classes);
        csv_field(f, x->c->id);
        fprintf(f, ",%d,%s,%s,%s,", x->k->number, robots_profile_name(x->profile), suite_kind_name(x->k->kind), classes);
        csv_field(f, x->k->expect[x->profile]);
        for (size_t k = 0; k < n; k++) fprintf(f, ",%s", i < runs[k].r.n ? marks[runs[k].r.items[i].status] : "");
        fprintf(f, "\r\n");
    }
}

static void markdown(FILE *f, const suite *s, const target_run *runs, size_t n) {
    fprintf(f, "# robots-conform: %zu target%s\n\nProfiles: %s.\n\n", n, n == 1 ? "" : "s", runs[0].info.profiles);
    summary(f, runs, n, AS_MARKDOWN);
    fprintf(f, "\nPassed of judged (passed + failed), per area and per class:\n");
    matrix(f, s, runs, n, ROWS_AREAS, AS_MARKDOWN);
    matrix(f, s, runs, n, ROWS_CLASSES, AS_MARKDOWN);
    notes(f, runs, n);
    fprintf(f, "\n## Every check\n\n| case | check | profile | expected |");
    for (size_t k = 0; k < n; k++) fprintf(f, " %s |", report_run_name(&runs[k]));
    fprintf(f, "\n| --- | ---: | --- | --- |");
    for (size_t k = 0; k < n; k++) fprintf(f, " --- |");
    fprintf(f, "\n");
    for (size_t i = 0; i < runs[0].r.n; i++) {
        const result *x = &runs[0].r.items[i];
        fprintf(f, "| %s | %d | %s | ", x->c->id, x->k->number, robots_profile_name(x->profile));
        report_md_cell(f, x->k->expect[x->profile]);
        fprintf(f, " |");
        for (size_t k = 0; k < n; k++)
            fprintf(f, " %s |", i < runs[k].r.n ? (runs[k].r.items[i].status == RESULT_FAIL ? "**FAIL**"
                                                    : marks[runs[k].r.items[i].status]) : "");
        fprintf(f, "\n");
    }
}

/* An interrupted run's reason at the top of a JSON report of several targets, so
 * that a reader sees it without opening each target. */
static void json_interrupted(cJSON *root, const target_run *runs, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (runs[k].info.interrupted) {
            cJSON_AddStringToObject(root, "stopped", runs[k].info.stopped);
            cJSON_AddStringToObject(root, "interrupted", interrupt_name(runs[k].info.interrupted));
            return;
        }
}

static int json(FILE *f, const suite *s, const target_run *runs, size_t n) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "profiles", runs[0].info.profiles);
    json_interrupted(root, runs, n);
    cJSON *list = cJSON_AddArrayToObject(root, "targets");
    for (size_t k = 0; k < n; k++) cJSON_AddItemToArray(list, report_json_object(s, &runs[k].r, &runs[k].info));
    return json_file_print(f, root);
}

/* One implementation's counts under one profile: total, allow checks, by kind,
 * by area and by class. */
static void scorecard_counts(cJSON *o, const suite *s, const results *r, int p) {
    size_t c[RESULT_COUNT];
    report_count(r, (result_filter){.profile = p, .area = NULL, .kind = COUNT_ANY, .cls = COUNT_ANY}, c);
    cJSON_AddItemToObject(o, "total", report_counts_json(c));
    report_count(r, (result_filter){.profile = p, .area = NULL, .kind = KIND_ALLOW, .cls = COUNT_ANY}, c);
    cJSON_AddItemToObject(o, "allow", report_counts_json(c));
    cJSON *kinds = cJSON_AddObjectToObject(o, "kinds");
    for (int kind = 0; kind < KIND_COUNT; kind++) {
        report_count(r, (result_filter){.profile = p, .area = NULL, .kind = kind, .cls = COUNT_ANY}, c);
        cJSON_AddItemToObject(kinds, suite_kind_name((check_kind)kind), report_counts_json(c));
    }
    cJSON *areas = cJSON_AddObjectToObject(o, "areas");
    for (size_t t = 0; t < s->ntables; t++) {
        report_count(r, (result_filter){.profile = p, .area = s->tables[t].area, .kind = COUNT_ANY, .cls = COUNT_ANY}, c);
        cJSON_AddItemToObject(areas, s->tables[t].area, report_counts_json(c));
    }
    cJSON *classes = cJSON_AddObjectToObject(o, "classes");
    for (int cls = 0; cls < CLASS_COUNT; cls++) {
        report_count(r, (result_filter){.profile = p, .area = NULL, .kind = COUNT_ANY, .cls = cls}, c);
        cJSON_AddItemToObject(classes, suite_class_name((basis_class)cls), report_counts_json(c));
    }
}

/* The check at i, with each implementation's result. */
static cJSON *scorecard_check(const target_run *runs, size_t n, size_t i) {
    const result *x = &runs[0].r.items[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", x->c->id);
    cJSON_AddNumberToObject(o, "check", x->k->number);
    cJSON_AddStringToObject(o, "profile", robots_profile_name(x->profile));
    cJSON_AddStringToObject(o, "area", x->c->table->area);
    cJSON_AddStringToObject(o, "kind", suite_kind_name(x->k->kind));
    char classes[128];
    check_basis_text(x->k->basis[x->profile], " ", classes, sizeof classes);
    cJSON_AddStringToObject(o, "basis", classes);
    cJSON_AddStringToObject(o, "expected", x->k->expect[x->profile]);
    cJSON *by = cJSON_AddObjectToObject(o, "results");
    for (size_t k = 0; k < n; k++) {
        const result *y = i < runs[k].r.n ? &runs[k].r.items[i] : NULL;
        cJSON_AddStringToObject(by, report_run_name(&runs[k]), y ? marks[y->status] : "");
    }
    return o;
}

/* The scorecard (conformance/scorecard.json): per implementation and profile, the
 * counts of allow checks, of every kind, area and class, and the total; then
 * every check with each implementation's result. Areas and classes are nested
 * ("areas", "classes"), since their names overlap (rfc is both). */
static int scorecard(FILE *f, const suite *s, const target_run *runs, size_t n, unsigned profiles) {
    cJSON *root = cJSON_CreateObject();
    report_add_versions(root, s);
    json_interrupted(root, runs, n);
    cJSON *list = cJSON_AddArrayToObject(root, "implementations");
    for (size_t k = 0; k < n; k++) {
        const report_info *info = &runs[k].info;
        cJSON *impl = cJSON_CreateObject();
        cJSON_AddStringToObject(impl, "name", info->name ? info->name : info->target);
        cJSON_AddStringToObject(impl, "version", or_dash(info->version));
        cJSON_AddStringToObject(impl, "language", or_dash(info->language));
        cJSON *by_profile = cJSON_AddObjectToObject(impl, "profiles");
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
            if (profiles & (1u << p))
                scorecard_counts(cJSON_AddObjectToObject(by_profile, robots_profile_name((robots_profile_id)p)), s,
                                 &runs[k].r, p);
        cJSON_AddItemToArray(list, impl);
    }
    cJSON *checks = cJSON_AddArrayToObject(root, "checks");
    for (size_t i = 0; i < runs[0].r.n; i++) cJSON_AddItemToArray(checks, scorecard_check(runs, n, i));
    return json_file_print(f, root);
}

int report_many(FILE *f, const char *format, const suite *s, const target_run *runs, size_t n, unsigned profiles) {
    if (n == 0) return -1;
    for (size_t k = 0; k < n; k++)
        if (runs[k].info.interrupted) {
            report_interrupted_line(f, format, runs[k].info.stopped);
            break;
        }
    if (!strcmp(format, "scorecard")) return scorecard(f, s, runs, n, profiles);
    if (!strcmp(format, "text")) text(f, s, runs, n);
    else if (!strcmp(format, "json")) return json(f, s, runs, n);
    else if (!strcmp(format, "markdown")) markdown(f, s, runs, n);
    else if (!strcmp(format, "csv")) csv(f, runs, n);
    else return -1;
    return 0;
}
