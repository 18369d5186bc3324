/*
 * conform.c - robots-conform: runs the conformance tables against the reference (by
 * default, under every profile), or against another implementation through the
 * batch protocol or a command template, and reports the results.
 *
 * Exit status: 0 when nothing failed (known failures aside), 1 when a check failed
 * (or, with --strict, a known failure was fixed), 2 for a usage error, a target
 * that cannot be started or is broken, a malformed table or known-failures file
 * (reported with its file and place), or output that could not be written.
 */
#include "conform.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clean_text.h"
#include "compare.h"
#include "explain.h"
#include "interrupt.h"
#include "known.h"
#include "lesson.h"
#include "options.h"
#include "outputs.h"
#include "paths.h"
#include "process.h"
#include "report.h"
#include "report_matrix.h"
#include "site.h"

/* Every item of a comma-separated --area or --id list names something in the
 * tables (an --id item may be an id prefix: MATCH-3 names MATCH-3.2; "-X" drops X,
 * which must exist too). Returns the first item that names nothing, or NULL. */
static const char *unknown_item(const suite *s, const char *list, bool ids, char *item, size_t cap) {
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        bool drop = *p == '-';
        snprintf(item, cap, "%.*s", (int)(len - drop), p + drop);
        len -= drop;
        bool found = false;
        for (size_t t = 0; t < s->ntables && !found; t++) {
            if (!ids) {
                found = !strcmp(s->tables[t].area, item);
                continue;
            }
            for (size_t i = 0; i < s->tables[t].ncases && !found; i++) {
                const char *id = s->tables[t].cases[i].id;
                found = !strcmp(id, item) || (!strncmp(id, item, len) && id[len] == '.');
            }
        }
        if (!found) return item;
        p += len + drop;
        if (*p == ',') p++;
    }
    return NULL;
}

/* "scope, status, ..." : the areas of the tables, for a usage error. */
static void area_list(const suite *s, char *out, size_t cap) {
    out[0] = '\0';
    for (size_t t = 0; t < s->ntables; t++) {
        size_t used = strlen(out);
        snprintf(out + used, cap - used, "%s%s", t ? ", " : "", s->tables[t].area);
    }
}

/* A report that could not be written is no report (/dev/full, a closed pipe):
 * exit 2, whatever the run found. */
static int finish(const cli *io, int rc, int failed_write) {
    int write_error = fflush(io->out) != 0 ? errno : failed_write;
    if (write_error || ferror(io->out)) {
        fprintf(io->err, "%s: cannot write the output: %s\n", io->prog, strerror(write_error ? write_error : EIO));
        return 2;
    }
    return rc;
}

/* errno after output that failed (stdio keeps only the error flag), else 0. */
static int output_errno(const cli *io) { return ferror(io->out) ? errno : 0; }

/* Tables of another version than the runner's still run (their format is the
 * schema's), but the reader is told: their cases, expectations and classes may be
 * another version's (CHANGELOG.md). Tables that name no version are the user's. */
static void warn_of_versions(const cli *io, const suite *s) {
    const table *odd;
    const char *version = suite_tables_version(s, &odd);
    if (odd)
        fprintf(io->err, "%s: warning: %s names version %s, %s names %s: tables of two versions\n", io->prog,
                s->tables[0].file, version ? version : "none", odd->file, odd->version ? odd->version : "none");
    else if (version && strcmp(version, ROBOTS_VERSION))
        fprintf(io->err,
                "%s: warning: the tables are version %s, this is robots-conform %s: expectations may differ "
                "(CHANGELOG.md)\n",
                io->prog, version, ROBOTS_VERSION);
}

/* The lessons: --atlas, --explain ID, --site DIR. Returns the exit status (2 when
 * memory ran out or the site could not be written; *failed_write for the output). */
static int teach(const cli *io, const suite *s, const conform_options *o, int *failed_write) {
    lesson_refs refs;
    if (lesson_refs_open(&refs)) {
        fprintf(io->err, "%s: out of memory\n", io->prog);
        return 2;
    }
    int rc = 0;
    if (o->atlas) {
        if (atlas_write(io->out, s, &refs)) *failed_write = ENOMEM;
        else *failed_write = output_errno(io);
    } else if (o->explain_id) {
        const tcase *found = suite_case(s, o->explain_id);
        lesson l;
        if (!found) {
            rc = options_usage_error(io, "no case has the id", o->explain_id);
        } else if (lesson_make(found, &refs, &l)) {
            *failed_write = ENOMEM;
        } else {
            lesson_text(io->out, &l);
            lesson_free(&l);
            *failed_write = output_errno(io);
        }
    } else {
        char error[1024];
        char manual_room[PATH_MAX];
        const char *manual = o->manual_dir ? o->manual_dir : paths_default_manual(manual_room, sizeof manual_room);
        if (site_write(o->site_dir, s, &refs, o->scorecard_file, o->figures_file, manual, error, sizeof error)) {
            fprintf(io->err, "%s: %s\n", io->prog, error);
            rc = 2;
        } else {
            fprintf(io->out, "%s/index.html\n", o->site_dir);
            *failed_write = output_errno(io);
        }
    }
    lesson_refs_close(&refs);
    return rc;
}

/* A broken target: what its first checks showed, the likely fix and what it wrote
 * on stderr, kept in info for every report and said on stderr. Returns -1 when
 * memory ran out. */
static int say_broken(const cli *io, const char *name, const results *r, report_info *info) {
    const result *first = &r->items[0];
    for (size_t i = 0; i < r->n && first->status == RESULT_SKIP; i++) first = &r->items[i];
    char stopped[1400];
    snprintf(stopped, sizeof stopped, "stopped after the first %d checks it had to answer: each failed the same way: %s",
             BROKEN_CHECKS, first->reason ? first->reason : "no answer");
    fprintf(io->err, "%s: %s%s%s\n", io->prog, name ? name : "", name ? ": " : "", stopped);
    const char *fix = r->broken_fix ? r->broken_fix : run_broken_advice(r->broken);
    fprintf(io->err, "  likely fix: %s\n", fix);
    if (first->stderr_tail) explain_stderr(io->err, first->stderr_tail, "  ");
    fprintf(io->err, "  (--keep-going runs every check anyway)\n");
    free((char *)info->stopped);
    info->stopped = strdup(stopped);
    info->stopped_fix = fix; /* r's or static: it outlives the reports */
    info->stopped_stderr = first->stderr_tail ? strdup(first->stderr_tail) : NULL;
    return info->stopped && (!first->stderr_tail || info->stopped_stderr) ? 0 : -1;
}

/* A target that could not be started: its run has no results and says why, so
 * every report is still written (a CI step that uploads one finds it). */
static int cannot_start(const target_spec *spec, const char *error, const char *description, const char *profiles,
                        target_run *out) {
    char stopped[2400];
    snprintf(stopped, sizeof stopped, "the target could not be started: %s", error);
    report_info *info = &out->info;
    info->seconds = spec->name ? 0 : -1;
    info->target = clean_text_copy(description, strlen(description));
    info->profiles = profiles;
    info->stopped = clean_text_copy(stopped, strlen(stopped));
    info->stopped_fix = run_broken_advice(FAULT_START);
    info->name = spec->name;
    info->language = spec->language;
    info->version = spec->version;
    out->r.stopped = STOP_BROKEN;
    out->r.broken = FAULT_START;
    return info->target && info->stopped ? 0 : -1;
}

/* What a target is, in words, for the reports. */
static void describe_target(const target_spec *spec, char *out, size_t cap) {
    if (spec->batch) snprintf(out, cap, "batch protocol: %s", spec->batch);
    else if (spec->command) snprintf(out, cap, "command: %s", spec->command);
    else if (!strcmp(spec->builtin, "reference")) snprintf(out, cap, "the reference implementation (in-process)");
    else snprintf(out, cap, "baseline: %s", spec->builtin);
}

/* A target a signal came before: its run says it was not run. */
static int not_run(const target_spec *spec, const char *profiles, target_run *out) {
    char stopped[200], description[4200];
    snprintf(stopped, sizeof stopped, "interrupted by %s before this target was run", interrupt_name(interrupt_signal()));
    describe_target(spec, description, sizeof description);
    report_info *info = &out->info;
    info->seconds = -1;
    info->target = clean_text_copy(description, strlen(description));
    info->profiles = profiles;
    info->stopped = strdup(stopped);
    info->interrupted = interrupt_signal();
    info->name = spec->name;
    info->language = spec->language;
    info->version = spec->version;
    out->r.stopped = STOP_INTERRUPTED;
    return info->target && info->stopped ? 0 : -1;
}

/* Runs one target: opens it, asks every selected check, closes it. Returns 0,
 * or -1 after saying why on stderr (it could not be started: a usage error; or
 * memory ran out). A broken target returns 0 with r.stopped set. */
static int run_target(const cli *io, const target_spec *spec, conform_options *o, const suite *s, const char *profiles,
                      target_run *out) {
    char error[2048], description[4200];
    describe_target(spec, description, sizeof description);
    target *t = targets_open(spec, &o->cmd, o->timeout, error, sizeof error);
    if (!t) {
        /* Not a usage error (the options are right; the program is not there):
         * said once, and the reports say it too. */
        fprintf(io->err, "%s: %s%s%s%s\n", io->prog, spec->name ? "target " : "", spec->name ? spec->name : "",
                spec->name ? ": " : "", error);
        if (cannot_start(spec, error, description, profiles, out) == 0) return 0;
        fprintf(io->err, "%s: out of memory\n", io->prog);
        return -1;
    }
    t->fetch_limit = o->fetch_limit;
    double start = proc_now();
    run_suite(s, t, &o->sel, &o->limits, &out->r);
    char notes[400] = "", stopped[200] = "";
    if (t->stray_lines)
        snprintf(notes, sizeof notes,
                 "the target printed %zu line%s that %s not a reply; skipped (stdout is for replies only, "
                 "diagnostics go to stderr). The first: %s",
                 t->stray_lines, t->stray_lines == 1 ? "" : "s", t->stray_lines == 1 ? "is" : "are", t->stray_example);
    if (out->r.stopped == STOP_MAX_FAILURES)
        snprintf(stopped, sizeof stopped, "--max-failures %zu was reached after %zu checks", o->limits.max_failures,
                 out->r.n);
    if (out->r.stopped == STOP_INTERRUPTED) {
        snprintf(stopped, sizeof stopped, "interrupted by %s after %zu of %zu checks", interrupt_name(interrupt_signal()),
                 out->r.n, run_count_selected(s, &o->sel));
        out->info.interrupted = interrupt_signal();
    }
    t->close(t); /* nothing of the target runs while we report */
    report_info *info = &out->info;
    info->seconds = spec->name ? proc_now() - start : -1;
    info->target = clean_text_copy(description, strlen(description));
    info->profiles = profiles;
    info->notes = notes[0] ? clean_text_copy(notes, strlen(notes)) : NULL;
    info->stopped = stopped[0] ? strdup(stopped) : NULL;
    info->strict = o->strict;
    info->name = spec->name;
    info->language = spec->language;
    info->version = spec->version;
    if (out->r.stopped == STOP_BROKEN && say_broken(io, spec->name, &out->r, info)) out->r.out_of_memory = true;
    if (!info->target || out->r.out_of_memory) {
        fprintf(io->err, "%s: out of memory after %zu checks\n", io->prog, out->r.n);
        return -1;
    }
    return 0;
}

static void run_free(target_run *run) {
    free((char *)run->info.target);
    free((char *)run->info.notes);
    free((char *)run->info.stopped);
    free((char *)run->info.stopped_stderr);
    run_results_free(&run->r);
}

/* A misspelt area or id is a usage error, not an empty run. */
static int check_selection(const cli *io, const suite *s, const selection *sel) {
    char unknown[256], valid[1024];
    const char *what = NULL;
    if (unknown_item(s, sel->areas, false, unknown, sizeof unknown)) {
        what = "--area: no table has the area";
        snprintf(valid, sizeof valid, "areas: ");
        area_list(s, valid + strlen(valid), sizeof valid - strlen(valid));
    } else if (unknown_item(s, sel->ids, true, unknown, sizeof unknown)) {
        what = "--id: no case has the id";
        snprintf(valid, sizeof valid, "--list shows every case");
    }
    if (!what) return 0;
    fprintf(io->err, "%s: %s '%s' (%s)\nTry '%s --help'.\n", io->prog, what, unknown, valid, io->prog);
    return 2;
}

/* After a run with known failures: the fixed entries, on stderr for the formats
 * that do not list them (text and markdown do). Returns how many. */
static size_t say_fixed(const cli *io, const known_list *k, const char *format) {
    size_t fixed = known_fixed_count(k);
    bool listed = !strcmp(format, "text") || !strcmp(format, "markdown");
    for (size_t i = 0; known_can_fix(k) && i < k->n && !listed; i++)
        if (known_fixed(&k->items[i]))
            fprintf(io->err, "%s: fixed: %s (%s line %d) passes now: remove it from %s\n", io->prog, k->items[i].id,
                    k->file, k->items[i].line, k->file);
    return fixed;
}

/* The report of the runs in a format; -1 when memory ran out. */
static int write_report(FILE *f, const char *format, const conform_options *o, const suite *s, const target_run *runs,
                        size_t n) {
    return o->named.n || !strcmp(format, "csv") || !strcmp(format, "scorecard")
               ? report_many(f, format, s, runs, n, o->sel.profiles)
               : report_write(f, format, s, &runs[0].r, &runs[0].info);
}

/* write_report for outputs_write. */
typedef struct report_job {
    const conform_options *o;
    const suite *s;
    const target_run *runs;
    size_t n;
} report_job;

static int write_job(FILE *f, const char *format, void *ctx) {
    const report_job *j = ctx;
    return write_report(f, format, j->o, j->s, j->runs, j->n);
}

/* The profiles judged, as the reports name them: "google, rfc9309". */
static void profiles_text(unsigned profiles, char *out, size_t cap) {
    out[0] = '\0';
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        if (profiles & (1u << p))
            snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? ", " : "",
                     robots_profile_name((robots_profile_id)p));
}

/* Asks every target in turn. A target that cannot be started or is broken has a
 * run that says so (every report is still written) and makes the exit status 2;
 * the others run. Stops only when memory runs out: *rc is then -1. Returns how
 * many runs were started (each to be freed). */
static size_t run_targets(const cli *io, const target_spec *specs, size_t n, conform_options *o, const suite *s,
                          const char *profiles, target_run *runs, int *rc) {
    size_t done = 0;
    for (; done < n && *rc != -1; done++) {
        if (interrupt_signal()) {
            if (not_run(&specs[done], profiles, &runs[done])) *rc = -1;
            continue;
        }
        if (run_target(io, &specs[done], o, s, profiles, &runs[done])) *rc = -1;
        else if (runs[done].r.stopped == STOP_BROKEN) *rc = 2;
        runs[done].info.known = o->limits.known;
    }
    return done;
}

/* Writes the reports of finished runs and says what they mean on stderr; returns
 * the exit status. */
static int report_runs(const cli *io, conform_options *o, const suite *s, target_run *runs, size_t n,
                       known_list *known, int *failed_write) {
    int rc = 0;
    /* The tests' moment "while the reports are written" (interrupt.h). */
    interrupt_test_pause("reports");
    /* The files first: what a CI screen reads is written even when standard
     * output blocks (a reader that stopped reading). Every output is written,
     * even after one that could not be. */
    bool unwritten = false;
    report_job job = {o, s, runs, n};
    for (size_t i = 0; i < o->noutputs; i++) unwritten |= outputs_write(io, o, i, write_job, &job) != 0;
    int printed = write_report(io->out, o->format, o, s, runs, n);
    *failed_write = printed ? ENOMEM : output_errno(io); /* the format is known: memory ran out */
    for (size_t k = 0; k < n; k++) {
        if (runs[k].info.notes)
            fprintf(io->err, "%s: note on %s: %s\n", io->prog, report_run_name(&runs[k]), runs[k].info.notes);
        if (runs[k].info.stopped && runs[k].r.stopped != STOP_BROKEN) /* a broken one was said as it stopped */
            fprintf(io->err, "%s: stopped early: %s\n", io->prog, runs[k].info.stopped);
        for (size_t i = 0; i < runs[k].r.n; i++)
            if (runs[k].r.items[i].status == RESULT_FAIL) rc = 1;
    }
    if (runs[0].r.n == 0 && !runs[0].info.stopped) {
        fprintf(io->err, "%s: no check was selected\n", io->prog);
        rc = 2;
    }
    if (unwritten) rc = 2;
    bool stopped = false;
    for (size_t k = 0; k < n; k++) stopped = stopped || runs[k].info.stopped;
    size_t fixed = o->known_file && !stopped ? say_fixed(io, known, o->format) : 0;
    bool unjudged = o->known_file && !stopped && known_unjudged(known);
    if (unjudged && (!o->strict || rc != 0)) {
        char why[800];
        known_unjudged_why(known, why, sizeof why);
        fprintf(io->err, "%s: known failures not judged: %s\n", io->prog, why);
    }
    /* Under --strict the last line says why the run failed. */
    if (o->strict && rc == 0 && (fixed || unjudged)) {
        rc = 1;
        char why[800];
        if (fixed) snprintf(why, sizeof why, "%zu entr%s of %s pass%s now: remove %s", fixed, fixed == 1 ? "y" : "ies",
                            known->file, fixed == 1 ? "es" : "", fixed == 1 ? "it" : "them");
        else known_unjudged_why(known, why, sizeof why);
        fprintf(io->err, "%s: --strict fails the run: %s\n", io->prog, why);
    }
    bool broken = false;
    for (size_t k = 0; k < n; k++) broken = broken || runs[k].r.stopped == STOP_BROKEN;
    bool interrupted = false;
    for (size_t k = 0; k < n; k++) interrupted = interrupted || runs[k].info.interrupted;
    if (o->write_known_file && interrupted)
        fprintf(io->err, "%s: %s not written: the run was interrupted before every check was asked\n", io->prog,
                o->write_known_file);
    else if (o->write_known_file && rc != 2 && !broken) {
        char error[2048];
        if (known_write(o->write_known_file, &runs[0].r, runs[0].info.target, o->sel.profiles, error, sizeof error)) {
            fprintf(io->err, "%s: %s\n", io->prog, error);
            rc = 2;
        } else {
            fprintf(io->err, "%s: wrote the failures to %s: give it to --known-failures\n", io->prog,
                    o->write_known_file);
        }
    }
    return rc;
}

/* What is said on stderr before the run starts, held so that a usage error can be
 * written into the reports asked for as well (issue 60, item 6). */
typedef struct held_words {
    FILE *real; /* stderr */
    FILE *mem;  /* where the messages go meanwhile; NULL when none could be opened */
    char *text;
    size_t len;
} held_words;

static void hold_words(cli *io, held_words *h) {
    h->real = io->err;
    h->text = NULL;
    h->len = 0;
    h->mem = open_memstream(&h->text, &h->len);
    if (h->mem) io->err = h->mem;
}

/* Says what was held on stderr; from now on messages go there. */
static void release_words(cli *io, held_words *h) {
    if (h->mem) {
        fclose(h->mem);
        h->mem = NULL;
        if (h->text) fwrite(h->text, 1, h->len, h->real);
    }
    io->err = h->real;
}

/* The run cannot start: what was said goes to stderr and into every report the
 * command line asks for. Returns 2. */
static int usage_failed(cli *io, held_words *h, int argc, char **argv) {
    release_words(io, h);
    outputs_usage_error(io, argc, argv, h->text);
    return 2;
}

/* The run: every target asked, the report written. Returns the exit status. */
static int run_and_report(cli *io, const suite *s, conform_options *o, held_words *held, int argc, char **argv,
                          int *failed_write) {
    known_list known = {.file = NULL};
    char error[2048];
    if (o->known_file) {
        if (known_load(o->known_file, s, &known, error, sizeof error)) {
            fprintf(io->err, "%s: --known-failures: %s\n", io->prog, error);
            return usage_failed(io, held, argc, argv);
        }
        o->limits.known = &known;
    }
    release_words(io, held); /* the run starts: what it says is said as it happens */
    if (outputs_prepare(io, o)) {
        known_free(&known);
        return 2;
    }
    /* One target (the reference, --batch-cmd, --command) or several named ones. */
    target_spec single = {.batch = (char *)o->batch_cmd,
                          .command = (char *)o->cmd.template_text,
                          .builtin = o->batch_cmd || o->cmd.template_text ? NULL : "reference"};
    const target_spec *specs = o->named.n ? o->named.items : &single;
    size_t n = o->named.n ? o->named.n : 1;
    selection *sel = &o->sel;
    if (!sel->profiles)
        sel->profiles = !o->named.n && single.builtin ? (1u << ROBOTS_PROFILE_COUNT) - 1 : 1u << ROBOTS_PROFILE_GOOGLE;
    known.judged = sel->profiles;
    char profiles[64];
    profiles_text(sel->profiles, profiles, sizeof profiles);
    int rc = 0;
    target_run *runs = calloc(n, sizeof *runs);
    size_t done = runs ? run_targets(io, specs, n, o, s, profiles, runs, &rc) : 0;
    if (!runs || rc == -1) {
        if (!runs) fprintf(io->err, "%s: out of memory\n", io->prog);
        rc = 2;
    } else {
        int reported = report_runs(io, o, s, runs, n, &known, failed_write);
        rc = rc == 2 ? 2 : reported; /* a target that could not run or broke: 2, whatever the others found */
    }
    for (size_t k = 0; k < done; k++) run_free(&runs[k]);
    free(runs);
    known_free(&known);
    /* Interrupted (while asking, or while the reports were written): 128 + the
     * signal, whatever the run found, as a shell says of a program a signal ended. */
    return interrupt_signal() ? interrupt_exit_status() : rc;
}

int conform_main(int argc, char **argv, FILE *out, FILE *err) {
    cli io = {argc > 0 && argv[0] ? argv[0] : "robots-conform", out, err};
    held_words held;
    hold_words(&io, &held);
    conform_options o;
    int rc = options_parse(&io, argc, argv, &o);
    if (o.help) options_usage(out, io.prog);
    else if (o.version) fprintf(out, "robots-conform %s\n", ROBOTS_VERSION);
    if (rc >= 0) {
        options_free(&o);
        if (rc != 0) rc = usage_failed(&io, &held, argc, argv);
        release_words(&io, &held);
        free(held.text);
        return rc == 0 ? finish(&io, 0, output_errno(&io)) : rc;
    }
    /* Two reports compared: nothing is run. */
    if (o.compare_old) {
        release_words(&io, &held);
        free(held.text);
        options_free(&o);
        char why[1024];
        compare_detail detail = o.verbose ? COMPARE_LIST_UNCOMPARED : COMPARE_COUNT_UNCOMPARED;
        int found = compare_reports(o.compare_old, o.compare_new, detail, out, why, sizeof why);
        if (found < 0) {
            fprintf(err, "%s: --compare: %s\n", io.prog, why);
            return 2;
        }
        return finish(&io, found, output_errno(&io));
    }
    static suite_paths room;
    suite_files files;
    char error[2048];
    suite s;
    if (paths_find_suite_files(o.cases_dir, o.schema, o.index, o.catalog, &room, &files, error, sizeof error) ||
        suite_load(&files, &s, error, sizeof error) != 0) {
        fprintf(io.err, "%s: %s\n", io.prog, error);
        rc = usage_failed(&io, &held, argc, argv);
        free(held.text);
        options_free(&o);
        return rc;
    }
    if (check_selection(&io, &s, &o.sel)) {
        rc = usage_failed(&io, &held, argc, argv);
        free(held.text);
        suite_free(&s);
        options_free(&o);
        return rc;
    }
    warn_of_versions(&io, &s);
    /* The site shows the committed scorecard, unless told otherwise or given other tables. */
    char scorecard_room[PATH_MAX];
    char figures_room[PATH_MAX];
    if (o.site_dir && !o.scorecard_file && !o.cases_dir)
        o.scorecard_file = paths_default("scorecard.json", scorecard_room, sizeof scorecard_room);
    if (o.site_dir && !o.cases_dir)
        o.figures_file = paths_default("measure/real-world.json", figures_room, sizeof figures_room);
    int failed_write = 0;
    rc = 0;
    if (o.list || o.atlas || o.explain_id || o.site_dir) release_words(&io, &held);
    if (o.list) {
        if (!strcmp(o.format, "json") ? report_list_checks_json(out, &s, &o.sel) : (lesson_list_cases(out, &s, &o.sel), 0))
            failed_write = ENOMEM;
        else failed_write = output_errno(&io);
    } else if (o.atlas || o.explain_id || o.site_dir) {
        rc = teach(&io, &s, &o, &failed_write);
    } else {
        rc = run_and_report(&io, &s, &o, &held, argc, argv, &failed_write);
    }
    release_words(&io, &held); /* when the run did not get there */
    free(held.text);
    options_free(&o);
    suite_free(&s);
    return finish(&io, rc, failed_write);
}
