/*
 * report.c - results as text (a summary per area and per kind of check, then the
 * failures), TAP, JUnit XML, JSON or Markdown (a matrix per area, like toml-test's).
 */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_text.h"
#include "clean_text.h"
#include "explain.h"
#include "interrupt.h"
#include "known.h"
#include "json_file.h"
#include "report_state.h"

static const char *status_word(result_status s) {
    static const char *const words[RESULT_COUNT] = {
        [RESULT_PASS] = "pass", [RESULT_FAIL] = "fail", [RESULT_SKIP] = "skip",
        [RESULT_UNDEFINED] = "undefined", [RESULT_KNOWN] = "known-failure"};
    return words[s];
}

void report_count(const results *r, result_filter which, size_t out[RESULT_COUNT]) {
    memset(out, 0, RESULT_COUNT * sizeof(size_t));
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (which.profile != COUNT_ANY && (int)x->profile != which.profile) continue;
        if (which.area && strcmp(x->c->table->area, which.area) != 0) continue;
        if (which.kind != COUNT_ANY && (int)x->k->kind != which.kind) continue;
        if (which.cls != COUNT_ANY && !(x->k->basis[x->profile] & (1u << which.cls))) continue;
        out[x->status]++;
    }
}

/* The counts of one area, kind or class (NULL or COUNT_ANY for the others), under
 * every profile. */
static void count_area(const results *r, const char *area, size_t out[RESULT_COUNT]) {
    report_count(r, (result_filter){.profile = COUNT_ANY, .area = area, .kind = COUNT_ANY, .cls = COUNT_ANY}, out);
}
static void count_kind(const results *r, int kind, size_t out[RESULT_COUNT]) {
    report_count(r, (result_filter){.profile = COUNT_ANY, .area = NULL, .kind = kind, .cls = COUNT_ANY}, out);
}
static void count_class(const results *r, const char *area, int cls, size_t out[RESULT_COUNT]) {
    report_count(r, (result_filter){.profile = COUNT_ANY, .area = area, .kind = COUNT_ANY, .cls = cls}, out);
}

/* The three summaries every format gives, in order: by area, by kind of check and
 * by class of basis (a check counts under each class it rests on). visit() is told
 * where each group starts (name NULL), then gets each member that counted a check. */
typedef enum summary_by { BY_AREA, BY_KIND, BY_CLASS } summary_by;
typedef void (*summary_visit)(void *ctx, summary_by by, const char *name, const size_t n[RESULT_COUNT]);

static void summaries(const suite *s, const results *r, summary_visit visit, void *ctx) {
    size_t n[RESULT_COUNT] = {0};
    visit(ctx, BY_AREA, NULL, n);
    for (size_t t = 0; t < s->ntables; t++) {
        count_area(r, s->tables[t].area, n);
        if (run_counted(n)) visit(ctx, BY_AREA, s->tables[t].area, n);
    }
    visit(ctx, BY_KIND, NULL, n);
    for (int k = 0; k < KIND_COUNT; k++) {
        count_kind(r, k, n);
        if (run_counted(n)) visit(ctx, BY_KIND, suite_kind_name((check_kind)k), n);
    }
    visit(ctx, BY_CLASS, NULL, n);
    for (int c = 0; c < CLASS_COUNT; c++) {
        count_class(r, NULL, c, n);
        if (run_counted(n)) visit(ctx, BY_CLASS, suite_class_name((basis_class)c), n);
    }
}

static cJSON *basis_json(unsigned classes) {
    cJSON *list = cJSON_CreateArray();
    for (int c = 0; c < CLASS_COUNT; c++)
        if (classes & (1u << c)) cJSON_AddItemToArray(list, cJSON_CreateString(suite_class_name((basis_class)c)));
    return list;
}

/* How many --known-failures entries pass now; none when the run stopped early
 * (not every check they name was asked). */
static size_t fixed_count(const report_info *info) {
    return info->known && !info->stopped ? known_fixed_count(info->known) : 0;
}

/* The sentence for a fixed entry: "fixed: remove RFC-5.2 from known.txt". */
static void fixed_words(const struct known_list *k, const known_entry *e, char *out, size_t cap) {
    snprintf(out, cap, "fixed: remove %s from %s", e->id, k->file);
}

/* Entries the run cannot judge (the file names a profile it did not judge; none
 * when it stopped early, which says so itself): the sentence, and whether there
 * is one. Under --strict it fails the run (issue 60, item 5). */
static bool unjudged_words(const report_info *info, char *out, size_t cap) {
    if (!known_unjudged(info->known) || info->stopped) return false;
    char entries[600], why[800];
    size_t n = known_unjudged_entries(info->known, entries, sizeof entries);
    known_unjudged_why(info->known, why, sizeof why);
    if (n)
        snprintf(out, cap, "not judged: %zu entr%s pass%s here (%s) but cannot be said fixed: %s", n, n == 1 ? "y" : "ies",
                 n == 1 ? "es" : "", entries, why);
    else snprintf(out, cap, "not judged: no entry can be said fixed: %s", why);
    return true;
}

void report_final_line(FILE *f, const results *r, const report_info *info) {
    size_t n[RESULT_COUNT];
    count_area(r, NULL, n);
    fprintf(f, "%zu passed, %zu failed", n[RESULT_PASS], n[RESULT_FAIL]);
    if (n[RESULT_SKIP]) fprintf(f, ", %zu skipped", n[RESULT_SKIP]);
    if (n[RESULT_UNDEFINED]) fprintf(f, ", %zu undefined (answers reported, not judged)", n[RESULT_UNDEFINED]);
    if (n[RESULT_KNOWN]) fprintf(f, ", %zu known failure%s (still failing)", n[RESULT_KNOWN], n[RESULT_KNOWN] == 1 ? "" : "s");
    size_t fixed = fixed_count(info);
    if (fixed)
        fprintf(f, ", %zu fixed (listed in %s, passing now%s)", fixed, info->known->file,
                info->strict ? ": --strict fails the run" : "");
    if (info->stopped) fprintf(f, "; stopped early");
    char unjudged[1500];
    /* Under --strict the line says why the run failed: a fixed entry says so above. */
    if (info->strict && !fixed && !n[RESULT_FAIL] && unjudged_words(info, unjudged, sizeof unjudged))
        fprintf(f, "; FAILED under --strict: the known failures could not be judged (%s was written under profiles this "
                   "run did not judge)", info->known->file);
    fprintf(f, "\n");
}

/* A row of the text report's tables: every status has a column, so that a row
 * adds up to its total (a known failure is neither passed nor failed). */
static void summary_row(FILE *f, const char *label, const size_t n[RESULT_COUNT]) {
    size_t total = 0;
    for (int i = 0; i < RESULT_COUNT; i++) total += n[i];
    fprintf(f, "  %-16s %7zu %7zu %7zu %8zu %10zu %7zu\n", label, n[RESULT_PASS], n[RESULT_FAIL], n[RESULT_KNOWN],
            n[RESULT_SKIP], n[RESULT_UNDEFINED], total);
}

/* Known failures: how many still fail, and those fixed (to be removed from the file;
 * under --strict they fail the run), each fixed one on a line of its own after
 * the bullet ("" in text, "- " in Markdown). */
static void known_text(FILE *f, const results *r, const known_list *k, const report_info *info, const char *bullet) {
    size_t n[RESULT_COUNT];
    count_area(r, NULL, n);
    if (!k) return;
    bool strict = info->strict;
    if (info->stopped) {
        /* Not every listed check was asked: nothing can be said fixed. */
        fprintf(f, "%sThe run stopped early: the checks listed in %s were not all asked, so none is reported fixed%s.\n",
                bullet[0] ? "" : "\n", k->file, n[RESULT_KNOWN] ? "" : " and none still failing");
        if (n[RESULT_KNOWN])
            fprintf(f, "%s%zu of them still fail (not counted as failed).\n", bullet[0] ? "\n" : "", n[RESULT_KNOWN]);
        return;
    }
    if (n[RESULT_KNOWN])
        fprintf(f, "\nKnown failures: %zu check%s listed in %s still fail%s (not counted as failed).\n", n[RESULT_KNOWN],
                n[RESULT_KNOWN] == 1 ? "" : "s", k->file, n[RESULT_KNOWN] == 1 ? "s" : "");
    else if (bullet[0])
        fprintf(f, "No check listed in %s fails now.\n", k->file);
    char unjudged[1500];
    if (unjudged_words(info, unjudged, sizeof unjudged)) {
        /* A listed check may still fail under a profile this run did not judge. */
        fprintf(f, "%s%sKnown failures %s%s\n", bullet[0] ? "\n" : "", bullet, unjudged,
                strict ? " (--strict: this fails the run)" : "");
        return;
    }
    if (bullet[0] && known_fixed_count(k)) fprintf(f, "\n");
    for (size_t i = 0; i < k->n; i++)
        if (known_fixed(&k->items[i]))
            fprintf(f, "%sFixed: %s (%s line %d) passes now: remove it from %s%s\n", bullet, k->items[i].id, k->file,
                    k->items[i].line, k->file, strict ? " (--strict: this fails the run)" : "");
}

/* Why the run stopped early, the likely fix and the target's last words, a
 * line each after the prefix. */
static void stopped_text(FILE *f, const report_info *info, const char *prefix) {
    if (!info->stopped) return;
    fprintf(f, "%sStopped early: %s\n", prefix, info->stopped);
    if (info->stopped_fix) fprintf(f, "%sLikely fix: %s\n", prefix, info->stopped_fix);
    if (info->stopped_stderr) explain_stderr(f, info->stopped_stderr, prefix[0] ? prefix : "  ");
}

/* The text report's summaries: a table per group, its header first; the table of
 * areas ends with a row for them all (the kinds add up to it too; the classes
 * not: a check counts under each class it rests on). */
typedef struct text_summary_ctx {
    FILE *f;
    const results *r;
} text_summary_ctx;

static void text_summary(void *ctx, summary_by by, const char *name, const size_t n[RESULT_COUNT]) {
    const text_summary_ctx *t = ctx;
    static const char *const titles[] = {[BY_AREA] = "area", [BY_KIND] = "kind of check", [BY_CLASS] = "basis"};
    if (name) {
        summary_row(t->f, name, n);
        return;
    }
    if (by == BY_KIND) {
        size_t all[RESULT_COUNT];
        count_area(t->r, NULL, all);
        summary_row(t->f, "all areas", all);
    }
    fprintf(t->f, "%s  %-16s %7s %7s %7s %8s %10s %7s%s\n", by == BY_AREA ? "" : "\n", titles[by], "passed", "failed",
            "known", "skipped", "undefined", "total", by == BY_CLASS ? "   (a check counts under each class it rests on)" : "");
}

/* The checks a profile leaves open, a line each with the target's answer: reported,
 * not judged (the case's note gives the readings: robots-conform --explain ID). */
static void undefined_text(FILE *f, const results *r) {
    size_t shown = 0;
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (x->status != RESULT_UNDEFINED) continue;
        if (shown++ == 0) fprintf(f, "\nUndefined (the profile leaves these open; the answers are not judged):\n");
        check_words w;
        check_words_of(x, ", ", &w);
        fprintf(f, "  %s check %d [%s] %s: ", x->c->id, x->k->number, robots_profile_name(x->profile), w.what);
        if (x->got) fprintf(f, "answered %s\n", x->got);
        /* Only a target that declines (an error reply) leaves an undefined check unanswered. */
        else fprintf(f, "declined (%s)\n", x->reason && *x->reason ? x->reason : "an error reply");
    }
}

static void report_text(FILE *f, const suite *s, const results *r, const report_info *info) {
    fprintf(f, "robots-conform: %s, profiles %s\n\n", info->target, info->profiles);
    text_summary_ctx tables = {f, r};
    summaries(s, r, text_summary, &tables);
    size_t shown = 0;
    const char *last_tail = NULL;
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (x->status != RESULT_FAIL) continue;
        if (shown++ == 0) fprintf(f, "\nFailures:\n");
        check_words w;
        check_words_of(x, ", ", &w);
        fprintf(f, "  %s check %d [%s] %s  (basis: %s)\n", x->c->id, x->k->number, robots_profile_name(x->profile),
                w.what, w.classes);
        if (x->got) fprintf(f, "      expected %s, got %s", x->k->expect[x->profile], x->got);
        else fprintf(f, "      expected %s, got no answer", x->k->expect[x->profile]);
        fprintf(f, "%s%s\n", x->reason ? ": " : "", x->reason ? x->reason : "");
        explain_write(f, x, "      ", true);
        /* What the target wrote on stderr, with the first failure it explains. */
        if (x->stderr_tail && (!last_tail || strcmp(last_tail, x->stderr_tail))) {
            explain_stderr(f, x->stderr_tail, "      ");
            last_tail = x->stderr_tail;
        }
    }
    undefined_text(f, r);
    known_text(f, r, info->known, info, "");
    fprintf(f, "\n");
    if (info->notes) fprintf(f, "Note: %s\n", info->notes);
    stopped_text(f, info, "");
    report_final_line(f, r, info);
}

static void tap_summary(FILE *f, const char *label, const size_t n[RESULT_COUNT]);

/* TAP's summaries: a comment line per member of each group ("area rfc ..."). */
static void tap_group_summary(void *ctx, summary_by by, const char *name, const size_t n[RESULT_COUNT]) {
    static const char *const words[] = {[BY_AREA] = "area", [BY_KIND] = "kind", [BY_CLASS] = "basis"};
    char label[128];
    if (!name) return;
    snprintf(label, sizeof label, "%s %s", words[by], name);
    tap_summary(ctx, label, n);
}

static void tap_summary(FILE *f, const char *label, const size_t n[RESULT_COUNT]) {
    fprintf(f, "# %s: %zu passed, %zu failed, %zu skipped, %zu undefined", label, n[RESULT_PASS], n[RESULT_FAIL],
            n[RESULT_SKIP], n[RESULT_UNDEFINED]);
    if (n[RESULT_KNOWN]) fprintf(f, ", %zu known failure%s", n[RESULT_KNOWN], n[RESULT_KNOWN] == 1 ? "" : "s");
    fprintf(f, "\n");
}

/* Text on a TAP line: one line, and no '#' (it would start a directive). */
static void tap_text(FILE *f, const char *s) {
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '#') fputc('_', f);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20 || c == 0x7f) fprintf(f, "\\x%02X", c);
        else fputc(c, f);
    }
}

/* A YAML double-quoted scalar, for the diagnostic block under a failure. */
static void yaml_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c < 0x20 || c == 0x7f) fprintf(f, "\\x%02X", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void yaml_field(FILE *f, const char *name, const char *value) {
    fprintf(f, "  %s: ", name);
    yaml_string(f, value);
    fputc('\n', f);
}

/* A TAP line per fixed --known-failures entry, numbered from number: "not ok"
 * under --strict (it fails the run), "ok" otherwise. */
static void tap_fixed(FILE *f, const report_info *info, size_t number) {
    for (size_t i = 0; fixed_count(info) && i < info->known->n; i++) {
        const known_entry *e = &info->known->items[i];
        if (!known_fixed(e)) continue;
        char words[600];
        fixed_words(info->known, e, words, sizeof words);
        fprintf(f, "%s %zu - ", info->strict ? "not ok" : "ok", number++);
        tap_text(f, words);
        fprintf(f, " (line %d: it passes now)\n", e->line);
    }
}

static void report_tap(FILE *f, const suite *s, const results *r, const report_info *info) {
    char unjudged[1500];
    bool not_judged = unjudged_words(info, unjudged, sizeof unjudged);
    fprintf(f, "TAP version 13\n1..%zu\n", r->n + fixed_count(info) + not_judged);
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        check_words w;
        check_words_of(x, ", ", &w);
        bool failed = x->status == RESULT_FAIL || x->status == RESULT_KNOWN;
        fprintf(f, "%s %zu - [%s] ", failed ? "not ok" : "ok", i + 1, robots_profile_name(x->profile));
        tap_text(f, x->c->id);
        fprintf(f, " check %d: ", x->k->number);
        tap_text(f, w.what);
        fprintf(f, " (basis: %s)", w.classes);
        if (x->status == RESULT_SKIP) {
            fprintf(f, " # SKIP ");
            tap_text(f, x->reason);
        }
        if (x->status == RESULT_UNDEFINED) {
            fprintf(f, " # SKIP undefined in this profile; answered ");
            tap_text(f, x->got);
        }
        /* TAP's TODO is an expected failure: it does not fail the run. */
        if (x->status == RESULT_KNOWN) fprintf(f, " # TODO known failure");
        fprintf(f, "\n");
        if (failed) {
            explanation e;
            explain_result(x, &e);
            char question[2400], reference[400];
            explain_question(x, question, sizeof question);
            fprintf(f, "  ---\n");
            yaml_field(f, "question", question);
            yaml_field(f, "expected", x->k->expect[x->profile]);
            yaml_field(f, "got", x->got ? x->got : "");
            if (x->reason) yaml_field(f, "reason", x->reason);
            if (e.reference_line >= 0) {
                explain_reference(&e, reference, sizeof reference);
                yaml_field(f, "reference", reference);
            }
            if (x->line >= 0) fprintf(f, "  line: %ld\n", x->line);
            char *excerpt = explain_excerpt_text(x, &e, 40, 8);
            if (excerpt && excerpt[0]) yaml_field(f, "robots", excerpt);
            free(excerpt);
            char lead[NOTE_MAX];
            const char *note = explain_note(x, lead, sizeof lead);
            if (note) yaml_field(f, "note", note);
            yaml_field(f, "lesson", e.lesson);
            if (x->stderr_tail) yaml_field(f, "stderr", x->stderr_tail);
            fprintf(f, "  ...\n");
        }
    }
    tap_fixed(f, info, r->n + 1);
    if (not_judged) {
        /* Under --strict a failure; otherwise a skipped test that says why. */
        fprintf(f, "%s %zu - known failures ", info->strict ? "not ok" : "ok", r->n + fixed_count(info) + 1);
        tap_text(f, unjudged);
        fprintf(f, "%s\n", info->strict ? "" : " # SKIP not judged");
    }
    if (info->notes) {
        fprintf(f, "# Note: ");
        tap_text(f, info->notes);
        fprintf(f, "\n");
    }
    summaries(s, r, tap_group_summary, f);
    /* An early stop: TAP's emergency exit, which fails the run for every reader. */
    if (info->stopped) {
        fprintf(f, "Bail out! ");
        tap_text(f, info->stopped);
        if (info->stopped_fix) {
            fprintf(f, " Likely fix: ");
            tap_text(f, info->stopped_fix);
        }
        fprintf(f, "\n");
    }
}

/* XML character data or an attribute value. The text is valid UTF-8 (tables are
 * checked when loaded, what targets print is cleaned); the characters XML 1.0
 * forbids (controls but TAB and LF; U+FFFE, U+FFFF) become U+FFFD. */
void report_xml_text(FILE *f, const char *s) {
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == 0xEF && (unsigned char)s[1] == 0xBF && (unsigned char)s[2] >= 0xBE) {
            fputs("&#xFFFD;", f);
            s += 2;
        } else if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '"') fputs("&quot;", f);
        else if (c < 0x20 && c != '\t' && c != '\n') fprintf(f, "&#xFFFD;");
        else fputc(c, f);
    }
}

/* A testsuite's properties: per class, "basis.spec" = "P passed, F failed, ...". */
static void junit_class_properties(FILE *f, const results *r, const char *area) {
    fprintf(f, "    <properties>\n");
    for (int c = 0; c < CLASS_COUNT; c++) {
        size_t m[RESULT_COUNT];
        count_class(r, area, c, m);
        if (!run_counted(m)) continue;
        fprintf(f, "      <property name=\"basis.%s\" value=\"%zu passed, %zu failed, %zu skipped, %zu undefined",
                suite_class_name((basis_class)c), m[RESULT_PASS], m[RESULT_FAIL], m[RESULT_SKIP], m[RESULT_UNDEFINED]);
        if (m[RESULT_KNOWN]) fprintf(f, ", %zu known failure%s", m[RESULT_KNOWN], m[RESULT_KNOWN] == 1 ? "" : "s");
        fprintf(f, "\"/>\n");
    }
    fprintf(f, "    </properties>\n");
}

/* A failure, or a known failure reported as skipped with the same explanation:
 * readers count it apart and it does not fail the job. */
static void junit_failure(FILE *f, const result *x) {
    bool known = x->status == RESULT_KNOWN;
    fprintf(f, known ? "<skipped message=\"known failure: expected " : "<failure message=\"");
    /* The headline most readers show: a known failure's changed answer first. */
    if (x->answer_changed && x->reason) {
        report_xml_text(f, x->reason);
        fprintf(f, "; ");
    }
    if (!known) fprintf(f, "expected ");
    report_xml_text(f, x->k->expect[x->profile]);
    fprintf(f, ", got ");
    report_xml_text(f, x->got ? x->got : "no answer");
    fprintf(f, "\">");
    char *body = explain_long_text(x);
    report_xml_text(f, body ? body : x->reason);
    free(body);
    fprintf(f, known ? "</skipped>" : "</failure>");
    if (x->stderr_tail) {
        fprintf(f, "<system-err>");
        report_xml_text(f, x->stderr_tail);
        fprintf(f, "</system-err>");
    }
}

/* A check's testcase. Its profile, kind and basis are in its name: the common
 * JUnit schema gives a testcase no properties. */
static void junit_testcase(FILE *f, const char *area, const result *x) {
    char what[1200], classes[128], name[1600];
    check_describe(x->k, what, sizeof what);
    check_basis_text(x->k->basis[x->profile], ", ", classes, sizeof classes);
    snprintf(name, sizeof name, "[%s] check %d: %s (%s; basis: %s)", robots_profile_name(x->profile), x->k->number,
             what, suite_kind_name(x->k->kind), classes);
    fprintf(f, "    <testcase classname=\"%s.", area);
    report_xml_text(f, x->c->id);
    fprintf(f, "\" name=\"");
    report_xml_text(f, name);
    fprintf(f, "\">");
    if (x->status == RESULT_FAIL || x->status == RESULT_KNOWN) {
        junit_failure(f, x);
    } else if (x->status == RESULT_SKIP || x->status == RESULT_UNDEFINED) {
        fprintf(f, "<skipped message=\"");
        report_xml_text(f, x->status == RESULT_SKIP ? x->reason : "undefined in this profile");
        fprintf(f, "\"/>");
    }
    fprintf(f, "</testcase>\n");
}

/* JUnit's counts, for a suite or the whole report: each counts testcases, as the
 * schema CI tools read defines them (tests: all; failures, errors, skipped: those
 * with that child). */
typedef struct junit_counts {
    size_t tests, failures, errors, skipped;
} junit_counts;

static junit_counts junit_counts_of(const size_t n[RESULT_COUNT]) {
    junit_counts c = {.failures = n[RESULT_FAIL], .skipped = n[RESULT_SKIP] + n[RESULT_UNDEFINED] + n[RESULT_KNOWN]};
    for (int i = 0; i < RESULT_COUNT; i++) c.tests += n[i];
    return c;
}

static void junit_suite_open(FILE *f, const char *name, junit_counts c) {
    fprintf(f, "  <testsuite name=\"");
    report_xml_text(f, name);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n", c.tests, c.failures, c.errors,
            c.skipped);
}

/* The fixed --known-failures entries, a testcase each: a failure under --strict
 * (it fails the run), a pass that says so otherwise. */
static void junit_fixed_suite(FILE *f, const report_info *info, size_t fixed) {
    junit_suite_open(f, "known-failures", (junit_counts){.tests = fixed, .failures = info->strict ? fixed : 0});
    for (size_t i = 0; i < info->known->n; i++) {
        const known_entry *e = &info->known->items[i];
        if (!known_fixed(e)) continue;
        char words[600], body[800];
        fixed_words(info->known, e, words, sizeof words);
        snprintf(body, sizeof body, "%s (line %d of %s) names checks that all pass now%s", e->id, e->line,
                 info->known->file, info->strict ? "; under --strict a fixed entry fails the run" : "");
        fprintf(f, "    <testcase classname=\"known-failures.");
        report_xml_text(f, e->id);
        fprintf(f, "\" name=\"");
        report_xml_text(f, words);
        fprintf(f, "\">");
        fprintf(f, info->strict ? "<failure message=\"" : "<system-out>");
        if (info->strict) {
            report_xml_text(f, words);
            fprintf(f, "\">");
        }
        report_xml_text(f, body);
        fprintf(f, info->strict ? "</failure>" : "</system-out>");
        fprintf(f, "</testcase>\n");
    }
    fprintf(f, "  </testsuite>\n");
}

/* Known failures that could not be judged: a failure under --strict (it fails the
 * run), skipped otherwise. */
static void junit_unjudged_suite(FILE *f, const report_info *info, const char *words) {
    junit_suite_open(f, "known-failures-not-judged",
                     (junit_counts){.tests = 1, .failures = info->strict, .skipped = !info->strict});
    fprintf(f, "    <testcase classname=\"known-failures\" name=\"known failures not judged\"><%s message=\"",
            info->strict ? "failure" : "skipped");
    report_xml_text(f, words);
    fprintf(f, "\">");
    report_xml_text(f, words);
    if (info->strict) fprintf(f, "\n--strict fails the run: it cannot catch a fixed entry under a profile not judged");
    fprintf(f, "</%s></testcase>\n  </testsuite>\n", info->strict ? "failure" : "skipped");
}

/* An early stop: one testcase in error, with the reason, the likely fix and the
 * target's last lines on stderr. */
static void junit_stopped_suite(FILE *f, const report_info *info) {
    junit_suite_open(f, "robots-conform", (junit_counts){.tests = 1, .errors = 1});
    fprintf(f, "    <testcase classname=\"robots-conform\" name=\"the run stopped early\"><error message=\"");
    report_xml_text(f, info->stopped);
    fprintf(f, "\">");
    report_xml_text(f, info->stopped);
    if (info->stopped_fix) {
        fprintf(f, "\nLikely fix: ");
        report_xml_text(f, info->stopped_fix);
    }
    fprintf(f, "</error>");
    if (info->stopped_stderr) {
        fprintf(f, "<system-err>");
        report_xml_text(f, info->stopped_stderr);
        fprintf(f, "</system-err>");
    }
    fprintf(f, "</testcase>\n  </testsuite>\n");
}

/* What the run noticed about the target (lines that were not replies), in each
 * area's suite: the common schema gives the root no place for text, and a CI
 * screen may show any one suite. */
static void junit_note(FILE *f, const report_info *info) {
    if (!info->notes) return;
    fprintf(f, "    <system-out>Note: ");
    report_xml_text(f, info->notes);
    fprintf(f, "</system-out>\n");
}

static void report_junit(FILE *f, const suite *s, const results *r, const report_info *info) {
    size_t all[RESULT_COUNT];
    count_area(r, NULL, all);
    junit_counts total = junit_counts_of(all);
    size_t fixed = fixed_count(info);
    char unjudged[1500];
    bool not_judged = unjudged_words(info, unjudged, sizeof unjudged);
    total.tests += fixed + (info->stopped != NULL) + not_judged;
    total.failures += (info->strict ? fixed : 0) + (info->strict && not_judged);
    total.skipped += !info->strict && not_judged;
    total.errors += info->stopped != NULL;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"robots-conform\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
            total.tests, total.failures, total.errors, total.skipped);
    for (size_t t = 0; t < s->ntables; t++) {
        size_t n[RESULT_COUNT];
        count_area(r, s->tables[t].area, n);
        if (!run_counted(n)) continue;
        junit_suite_open(f, s->tables[t].area, junit_counts_of(n));
        junit_class_properties(f, r, s->tables[t].area);
        for (size_t i = 0; i < r->n; i++)
            if (r->items[i].c->table == &s->tables[t]) junit_testcase(f, s->tables[t].area, &r->items[i]);
        junit_note(f, info);
        fprintf(f, "  </testsuite>\n");
    }
    if (fixed) junit_fixed_suite(f, info, fixed);
    if (not_judged) junit_unjudged_suite(f, info, unjudged);
    if (info->stopped) junit_stopped_suite(f, info);
    fprintf(f, "</testsuites>\n");
}

cJSON *report_counts_json(const size_t n[RESULT_COUNT]) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "passed", (double)n[RESULT_PASS]);
    cJSON_AddNumberToObject(o, "failed", (double)n[RESULT_FAIL]);
    cJSON_AddNumberToObject(o, "skipped", (double)n[RESULT_SKIP]);
    cJSON_AddNumberToObject(o, "undefined", (double)n[RESULT_UNDEFINED]);
    if (n[RESULT_KNOWN]) cJSON_AddNumberToObject(o, "known_failures", (double)n[RESULT_KNOWN]);
    return o;
}

void report_add_versions(cJSON *root, const suite *s) {
    const table *odd;
    const char *tables = suite_tables_version(s, &odd);
    cJSON_AddStringToObject(root, "suite_version", ROBOTS_VERSION);
    if (tables && !odd) cJSON_AddStringToObject(root, "tables_version", tables);
    else cJSON_AddNullToObject(root, "tables_version");
}

/* JSON's summaries: an object per group ("by_area", ...), a member per name. */
typedef struct json_summary_ctx {
    cJSON *summary, *group;
} json_summary_ctx;

static void json_summary(void *ctx, summary_by by, const char *name, const size_t n[RESULT_COUNT]) {
    json_summary_ctx *j = ctx;
    static const char *const keys[] = {[BY_AREA] = "by_area", [BY_KIND] = "by_kind", [BY_CLASS] = "by_class"};
    if (!name) j->group = cJSON_AddObjectToObject(j->summary, keys[by]);
    else cJSON_AddItemToObject(j->group, name, report_counts_json(n));
}

cJSON *report_json_object(const suite *s, const results *r, const report_info *info) {
    cJSON *root = cJSON_CreateObject();
    report_add_versions(root, s);
    cJSON_AddStringToObject(root, "target", info->target);
    if (info->name) cJSON_AddStringToObject(root, "name", info->name);
    if (info->language) cJSON_AddStringToObject(root, "language", info->language);
    if (info->version) cJSON_AddStringToObject(root, "version", info->version);
    if (info->seconds >= 0) cJSON_AddNumberToObject(root, "seconds", info->seconds);
    cJSON_AddStringToObject(root, "profiles", info->profiles);
    if (info->notes) cJSON_AddStringToObject(root, "note", info->notes);
    size_t n[RESULT_COUNT];
    count_area(r, NULL, n);
    cJSON *summary = cJSON_AddObjectToObject(root, "summary");
    cJSON_AddNumberToObject(summary, "passed", (double)n[RESULT_PASS]);
    cJSON_AddNumberToObject(summary, "failed", (double)n[RESULT_FAIL]);
    cJSON_AddNumberToObject(summary, "skipped", (double)n[RESULT_SKIP]);
    cJSON_AddNumberToObject(summary, "undefined", (double)n[RESULT_UNDEFINED]);
    if (info->known) {
        cJSON_AddNumberToObject(summary, "known_failures", (double)n[RESULT_KNOWN]);
        cJSON *fixed = cJSON_AddArrayToObject(summary, "fixed");
        for (size_t i = 0; fixed_count(info) && i < info->known->n; i++)
            if (known_fixed(&info->known->items[i])) cJSON_AddItemToArray(fixed, cJSON_CreateString(info->known->items[i].id));
        cJSON_AddBoolToObject(summary, "strict", info->strict);
        char unjudged[1500];
        if (unjudged_words(info, unjudged, sizeof unjudged)) {
            cJSON *nj = cJSON_AddObjectToObject(summary, "not_judged");
            cJSON *ids = cJSON_AddArrayToObject(nj, "entries");
            for (size_t i = 0; i < info->known->n; i++)
                if (known_fixed(&info->known->items[i])) cJSON_AddItemToArray(ids, cJSON_CreateString(info->known->items[i].id));
            cJSON_AddStringToObject(nj, "why", unjudged);
        }
    }
    if (info->stopped) {
        cJSON_AddStringToObject(root, "stopped", info->stopped);
        if (info->interrupted) cJSON_AddStringToObject(root, "interrupted", interrupt_name(info->interrupted));
        if (info->stopped_fix) cJSON_AddStringToObject(root, "stopped_fix", info->stopped_fix);
        if (info->stopped_stderr) cJSON_AddStringToObject(root, "stopped_stderr", info->stopped_stderr);
    }
    json_summary_ctx groups = {summary, NULL};
    summaries(s, r, json_summary, &groups);
    cJSON *list = cJSON_AddArrayToObject(root, "results");
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        cJSON *o = cJSON_CreateObject();
        char what[1200];
        check_describe(x->k, what, sizeof what);
        cJSON_AddStringToObject(o, "id", x->c->id);
        cJSON_AddStringToObject(o, "area", x->c->table->area);
        cJSON_AddNumberToObject(o, "check", x->k->number);
        cJSON_AddStringToObject(o, "kind", suite_kind_name(x->k->kind));
        cJSON_AddStringToObject(o, "profile", robots_profile_name(x->profile));
        cJSON_AddItemToObject(o, "basis", basis_json(x->k->basis[x->profile]));
        cJSON_AddStringToObject(o, "status", status_word(x->status));
        cJSON_AddStringToObject(o, "expected", x->k->expect[x->profile]);
        if (x->got) cJSON_AddStringToObject(o, "got", x->got);
        else cJSON_AddNullToObject(o, "got");
        if (x->reason) cJSON_AddStringToObject(o, "reason", x->reason);
        if (x->stderr_tail) cJSON_AddStringToObject(o, "stderr", x->stderr_tail);
        cJSON_AddStringToObject(o, "description", what);
        if (x->status == RESULT_FAIL || x->status == RESULT_KNOWN) explain_json(o, x);
        cJSON_AddItemToArray(list, o);
    }
    return root;
}

static int report_json(FILE *f, const suite *s, const results *r, const report_info *info) {
    return json_file_print(f, report_json_object(s, r, info));
}

void report_md_cell(FILE *f, const char *s) {
    for (; s && *s; s++) {
        if (*s == '|') fputs("\\|", f);
        else if (*s == '\n' || *s == '\r') fputc(' ', f);
        else if (*s == '`') fputc('\'', f);
        else fputc(*s, f);
    }
}

static void markdown_summary_row(FILE *f, const char *label, const size_t n[RESULT_COUNT]) {
    fprintf(f, "| %s | %zu | %zu | %zu | %zu | %zu |\n", label, n[RESULT_PASS], n[RESULT_FAIL], n[RESULT_KNOWN],
            n[RESULT_SKIP], n[RESULT_UNDEFINED]);
}

/* The summary tables: by area, then by class of basis. */
static void markdown_summaries(FILE *f, const suite *s, const results *r) {
    fprintf(f, "\n| area | passed | failed | known | skipped | undefined |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (size_t t = 0; t < s->ntables; t++) {
        size_t n[RESULT_COUNT];
        count_area(r, s->tables[t].area, n);
        if (run_counted(n)) markdown_summary_row(f, s->tables[t].area, n);
    }
    fprintf(f, "\n| basis (a check counts under each class it rests on) | passed | failed | known | skipped | undefined |\n"
               "| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (int c = 0; c < CLASS_COUNT; c++) {
        size_t n[RESULT_COUNT];
        count_class(r, NULL, c, n);
        if (run_counted(n)) markdown_summary_row(f, suite_class_name((basis_class)c), n);
    }
}

static void markdown_check_row(FILE *f, const result *x) {
    static const char *const marks[RESULT_COUNT] = {
        [RESULT_PASS] = "pass", [RESULT_FAIL] = "**FAIL**", [RESULT_SKIP] = "skip",
        [RESULT_UNDEFINED] = "undefined", [RESULT_KNOWN] = "known failure"};
    check_words w;
    check_words_of(x, ", ", &w);
    fprintf(f, "| %s | %d: ", x->c->id, x->k->number);
    report_md_cell(f, w.what);
    fprintf(f, " | %s | %s | ", robots_profile_name(x->profile), w.classes);
    report_md_cell(f, x->k->expect[x->profile]);
    fprintf(f, " | ");
    report_md_cell(f, x->got ? x->got : "-");
    fprintf(f, " | %s", marks[x->status]);
    if (x->status == RESULT_FAIL && x->reason) {
        fprintf(f, ": ");
        report_md_cell(f, x->reason);
    }
    fprintf(f, " |\n");
}

/* Text as a Markdown indented code block: four spaces before each line (no fence
 * that words of a target or a table could close). */
static void markdown_indented(FILE *f, const char *text) {
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        fprintf(f, "    %.*s\n", (int)n, line);
        line += n + (line[n] == '\n');
    }
}

/* Each failure explained, as indented code blocks (no fence a robots.txt could close). */
static void markdown_failures(FILE *f, const results *r) {
    bool heading = false;
    for (size_t i = 0; i < r->n; i++) {
        const result *x = &r->items[i];
        if (x->status != RESULT_FAIL) continue;
        if (!heading) fprintf(f, "\n## Failures explained\n");
        heading = true;
        /* Headed by the id a known-failures file takes (CASE.N). */
        fprintf(f, "\n### %s.%d [%s]: check %d of %s\n\n", x->c->id, x->k->number, robots_profile_name(x->profile),
                x->k->number, x->c->id);
        char *body = explain_long_text(x);
        markdown_indented(f, body ? body : "");
        free(body);
    }
}

/* An early stop, first thing after the headline: the reason, the likely fix and
 * the target's stderr as an indented block (no fence a target's words could close). */
static void markdown_stopped(FILE *f, const report_info *info) {
    if (!info->stopped) return;
    fprintf(f, "\n## Stopped early\n\n");
    report_md_cell(f, info->stopped);
    fprintf(f, "\n");
    if (info->stopped_fix) {
        fprintf(f, "\nLikely fix: ");
        report_md_cell(f, info->stopped_fix);
        fprintf(f, "\n");
    }
    if (info->stopped_stderr) {
        fprintf(f, "\nThe target's stderr ended with:\n\n");
        markdown_indented(f, info->stopped_stderr);
    }
}

static void report_markdown(FILE *f, const suite *s, const results *r, const report_info *info) {
    fprintf(f, "# robots-conform: ");
    report_md_cell(f, info->target);
    fprintf(f, "\n\nProfiles: %s. ", info->profiles);
    report_final_line(f, r, info);
    if (info->notes) {
        fprintf(f, "\nNote: ");
        report_md_cell(f, info->notes);
        fprintf(f, "\n");
    }
    markdown_stopped(f, info);
    if (r->n) markdown_summaries(f, s, r); /* a target that could not start has none */
    /* The known failures before the tables of every check: a job summary keeps
     * every section but those tables (scripts/github-action). */
    if (info->known) {
        fprintf(f, "\n## Known failures\n");
        known_text(f, r, info->known, info, "- ");
    }
    for (size_t t = 0; t < s->ntables; t++) {
        bool header = false;
        for (size_t i = 0; i < r->n; i++) {
            const result *x = &r->items[i];
            if (x->c->table != &s->tables[t]) continue;
            if (!header) {
                fprintf(f, "\n## %s: %s\n\n| case | check | profile | basis | expected | got | result |\n"
                           "| --- | --- | --- | --- | --- | --- | --- |\n", s->tables[t].area, s->tables[t].title);
                header = true;
            }
            markdown_check_row(f, x);
        }
    }
    markdown_failures(f, r);
}

int report_list_checks_json(FILE *f, const suite *s, const selection *sel) {
    unsigned profiles = sel->profiles ? sel->profiles : (1u << ROBOTS_PROFILE_COUNT) - 1;
    cJSON *root = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(root, "checks");
    for (size_t t = 0; t < s->ntables; t++) {
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            const tcase *c = &s->tables[t].cases[i];
            if (!run_case_selected(sel, c)) continue;
            for (size_t k = 0; k < c->nchecks; k++) {
                const check *ck = &c->checks[k];
                cJSON *o = NULL, *basis = NULL, *expect = NULL;
                for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
                    if (!(profiles & (1u << p)) || !run_check_selected(sel, ck, (robots_profile_id)p)) continue;
                    if (!o) {
                        char what[1200];
                        check_describe(ck, what, sizeof what);
                        o = cJSON_CreateObject();
                        cJSON_AddStringToObject(o, "id", c->id);
                        cJSON_AddStringToObject(o, "area", c->table->area);
                        cJSON_AddNumberToObject(o, "check", ck->number);
                        cJSON_AddStringToObject(o, "kind", suite_kind_name(ck->kind));
                        cJSON_AddStringToObject(o, "description", what);
                        basis = cJSON_AddObjectToObject(o, "basis");
                        expect = cJSON_AddObjectToObject(o, "expect");
                        cJSON_AddItemToArray(list, o);
                    }
                    const char *name = robots_profile_name((robots_profile_id)p);
                    cJSON_AddItemToObject(basis, name, basis_json(ck->basis[p]));
                    cJSON_AddStringToObject(expect, name, ck->expect[p]);
                }
            }
        }
    }
    return json_file_print(f, root);
}

int report_write(FILE *f, const char *format, const suite *s, const results *r, const report_info *info) {
    if (info->interrupted) report_interrupted_line(f, format, info->stopped);
    if (!strcmp(format, "text")) report_text(f, s, r, info);
    else if (!strcmp(format, "tap")) report_tap(f, s, r, info);
    else if (!strcmp(format, "junit")) report_junit(f, s, r, info);
    else if (!strcmp(format, "json")) return report_json(f, s, r, info);
    else if (!strcmp(format, "markdown")) report_markdown(f, s, r, info);
    else return -1;
    return 0;
}
