/*
 * main.c - robots-conform: runs the conformance tables against the reference (by
 * default, under every profile), or against another implementation through the
 * batch protocol or a command template, and reports the results.
 *
 * Exit status: 0 when nothing failed, 1 when a check failed, 2 for a usage error,
 * a target that cannot be started, a malformed table (reported with its file and
 * JSON path), or output that could not be written.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clean_text.h"
#include "lesson.h"
#include "compare.h"
#include "distance.h"
#include "paths.h"
#include "process.h"
#include "report.h"
#include "report_matrix.h"
#include "run.h"
#include "site.h"
#include "target.h"
#include "targets.h"

/* Where the default of NAME is found (paths.c), or words saying none was. */
static const char *found(char *room, const char *name) {
    return default_path(name, room, PATH_MAX) ? room : "none found: give it";
}

static void usage(FILE *f, const char *prog) {
    char cases[PATH_MAX], schema[PATH_MAX], index[PATH_MAX];
    fprintf(f,
            "Usage: %s [OPTIONS]\n"
            "\n"
            "Runs the robots.txt conformance tables (conformance/cases/*.json) against the\n"
            "reference implementation, or against yours, and reports what passed.\n"
            "\n"
            "What to test (default: the reference, in this process, under every profile):\n"
            "  --batch-cmd \"CMD ARGS\"     a program speaking the batch protocol (JSON Lines;\n"
            "                             conformance/PROTOCOL.md says what to send back)\n"
            "  --command \"TEMPLATE\"       one run per check; %%robots%% (a temporary file with the\n"
            "                             robots.txt), %%user-agent%% and %%url%% are substituted;\n"
            "                             no shell is used\n"
            "  --allowed-exit N           with --command: exit status for allowed (default 0)\n"
            "  --disallowed-exit N        with --command: exit status for disallowed (default 1)\n"
            "  --allowed-pattern RE       with --command: judge by stdout instead of exit status;\n"
            "  --disallowed-pattern RE    POSIX extended regular expressions, both required\n"
            "  --target NAME=CMD          one of several targets in one run (repeatable): a batch\n"
            "                             command, command:TEMPLATE (as --command), or\n"
            "                             builtin:reference, builtin:always-allowed,\n"
            "                             builtin:always-disallowed (the baselines)\n"
            "  --targets FILE             several targets from a file (conformance/adapters/targets.json\n"
            "                             is the scorecard's); reported side by side\n"
            "  --timeout SECONDS          per check (default 10)\n"
            "  --fetch-limit BYTES        hand a target at most this much of a robots.txt, as a\n"
            "                             crawler's fetcher would (default 512000, Google's\n"
            "                             500 KiB and RFC 9309's minimum; 0: the whole file)\n"
            "\n"
            "Which expectations, which cases:\n"
            "  --profile google|rfc9309   judge by this profile's expectations (repeatable;\n"
            "                             default: every profile for the reference, google\n"
            "                             for other targets)\n"
            "  --area LIST                only these areas (comma-separated: match,group,...);\n"
            "                             -AREA drops an area\n"
            "  --id LIST                  only these cases; MATCH-3 also selects MATCH-3.2;\n"
            "                             -ID drops a case (-RFC-5.2 one variant)\n"
            "  --basis LIST               only checks whose verdict rests on one of these classes;\n"
            "                             -CLASS drops those resting on CLASS (spec, rfc,\n"
            "                             google-parser, fetcher, url-input; README: Classes)\n"
            "\n"
            "Output:\n"
            "  --format text|tap|junit|json|markdown|csv|scorecard   (default text; csv: the\n"
            "                             matrix of checks by targets; scorecard: the JSON of\n"
            "                             conformance/scorecard.json; several targets: not tap\n"
            "                             or junit)\n"
            "  --list                     list the cases instead of running them (with --format\n"
            "                             json: every check, its kind, basis and expectations)\n"
            "  --explain ID               print one case as a lesson, with the reference's answers\n"
            "  --compare OLD.json NEW.json  two --format json reports of one target: the checks\n"
            "                             failing now and not before, fixed, answered otherwise;\n"
            "                             exit 1 when one fails now that did not\n"
            "  --atlas                    print the atlas of every case as Markdown\n"
            "  --site DIR                 write the atlas as a website into DIR (index.html,\n"
            "                             a page per area, the differences, the scorecard)\n"
            "  --scorecard FILE           the scorecard the site shows (default: scorecard.json\n"
            "                             beside the cases directory, when there is one)\n"
            "\n",
            prog);
    fprintf(f,
            "Tables (the defaults: where this %s finds them, from here):\n"
            "  --cases DIR                the case tables (default %s)\n"
            "  --schema FILE              their schema (default %s)\n"
            "  --index FILE               the specification's index that sources name\n"
            "                             (default %s)\n"
            "\n"
            "Exit status: 0 when nothing failed, 1 when something failed, 2 on a usage error\n"
            "or a malformed table.\n"
            "\n"
            "Examples:\n"
            "  %s\n"
            "  %s --batch-cmd \"build/bin/robots --batch\" --profile google\n"
            "  %s --command \"./my-parser %%robots%% %%user-agent%% %%url%%\"\n",
            prog, found(cases, "cases"), found(schema, "case-table.schema.json"),
            found(index, "spec-examples.json"), prog, prog, prog);
}

/* An option the runner does not know, with the nearest one it does (two edits at
 * most: --batchcmd is --batch-cmd). */
static int unknown_option(const char *prog, const char *arg) {
    static const char *const options[] = {
        "--allowed-exit", "--allowed-pattern", "--area", "--atlas", "--basis", "--batch-cmd", "--cases",
        "--command", "--compare", "--disallowed-exit", "--disallowed-pattern", "--explain", "--fetch-limit", "--format", "--help",
        "--id", "--index", "--list", "--profile", "--schema", "--scorecard", "--site", "--target", "--targets",
        "--timeout", "--version"};
    const char *nearest = NULL;
    size_t best = 3, n = strcspn(arg, "=");
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        size_t d = word_distance(arg, n, options[i], strlen(options[i]));
        if (d < best) {
            best = d;
            nearest = options[i];
        }
    }
    if (nearest) fprintf(stderr, "%s: unknown option '%s': did you mean %s?\nTry '%s --help'.\n", prog, arg, nearest, prog);
    else fprintf(stderr, "%s: unknown option '%s'\nTry '%s --help'.\n", prog, arg, prog);
    return 2;
}

static int usage_error(const char *prog, const char *what, const char *arg) {
    fprintf(stderr, "%s: %s%s%s%s\nTry '%s --help'.\n", prog, what, arg ? " '" : "", arg ? arg : "",
            arg ? "'" : "", prog);
    return 2;
}

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

/* --basis LIST: "spec,rfc" keeps checks resting on spec or rfc; "-fetcher" drops
 * those resting on fetcher. Returns -1 with *bad at an unknown class. */
static int parse_basis(const char *list, selection *sel, const char **bad) {
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        bool drop = *p == '-';
        basis_class c;
        if (class_from_name(p + drop, len - drop, &c)) {
            *bad = p;
            return -1;
        }
        if (drop) sel->basis_out |= 1u << c;
        else sel->basis_in |= 1u << c;
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

static int parse_number(const char *s, double *out) {
    char *end;
    double v = strtod(s, &end);
    /* isfinite: "nan" and "inf" parse, and would disable the timeout. */
    if (!*s || *end || !isfinite(v) || v < 0 || v > 1e6) return -1;
    *out = v;
    return 0;
}

/* A report that could not be written is no report (/dev/full, a closed pipe):
 * exit 2, whatever the run found. */
static int finish(const char *prog, int rc, int failed_write) {
    int write_error = fflush(stdout) != 0 ? errno : failed_write;
    if (write_error || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the output: %s\n", prog, strerror(write_error ? write_error : EIO));
        return 2;
    }
    return rc;
}

/* errno after output that failed (stdio keeps only the error flag), else 0. */
static int output_errno(void) { return ferror(stdout) ? errno : 0; }

/* The lessons: --atlas, --explain ID, --site DIR. Returns the exit status (2 when
 * memory ran out or the site could not be written; *failed_write for stdout). */
static int teach(const char *prog, const suite *s, int want_atlas, const char *explain_id, const char *site_dir,
                 const char *scorecard_file, int *failed_write) {
    lesson_refs refs;
    if (lesson_refs_open(&refs)) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 2;
    }
    int rc = 0;
    if (want_atlas) {
        if (atlas(stdout, s, &refs)) *failed_write = ENOMEM;
        else *failed_write = output_errno();
    } else if (explain_id) {
        const tcase *found = NULL;
        for (size_t t = 0; t < s->ntables && !found; t++)
            for (size_t i = 0; i < s->tables[t].ncases && !found; i++)
                if (!strcmp(s->tables[t].cases[i].id, explain_id)) found = &s->tables[t].cases[i];
        lesson l;
        if (!found) {
            rc = usage_error(prog, "no case has the id", explain_id);
        } else if (lesson_make(found, &refs, &l)) {
            *failed_write = ENOMEM;
        } else {
            lesson_text(stdout, &l);
            lesson_free(&l);
            *failed_write = output_errno();
        }
    } else {
        char error[1024];
        if (site_write(site_dir, s, &refs, scorecard_file, error, sizeof error)) {
            fprintf(stderr, "%s: %s\n", prog, error);
            rc = 2;
        } else {
            printf("%s/index.html\n", site_dir);
            *failed_write = output_errno();
        }
    }
    lesson_refs_close(&refs);
    return rc;
}

/* Runs one target: opens it, asks every selected check, closes it. Returns 0,
 * or -1 after saying why on stderr (it could not be started: a usage error; or
 * memory ran out). */
static int run_target(const char *prog, const target_spec *spec, const command_options *cmd, double timeout,
                      size_t fetch_limit, const suite *s, const selection *sel, const char *profiles,
                      target_run *out) {
    char error[2048], description[4200];
    if (spec->batch) snprintf(description, sizeof description, "batch protocol: %s", spec->batch);
    else if (spec->command) snprintf(description, sizeof description, "command: %s", spec->command);
    else if (!strcmp(spec->builtin, "reference")) snprintf(description, sizeof description, "the reference implementation (in-process)");
    else snprintf(description, sizeof description, "baseline: %s", spec->builtin);
    target *t = targets_open(spec, cmd, timeout, error, sizeof error);
    if (!t) {
        if (spec->name) fprintf(stderr, "%s: target %s: %s\nTry '%s --help'.\n", prog, spec->name, error, prog);
        else usage_error(prog, error, NULL);
        return -1;
    }
    t->fetch_limit = fetch_limit;
    double start = proc_now();
    run_suite(s, t, sel, &out->r);
    char notes[400] = "";
    if (t->stray_lines)
        snprintf(notes, sizeof notes,
                 "the target printed %zu line%s that %s not a reply; skipped (stdout is for replies only, "
                 "diagnostics go to stderr). The first: %s",
                 t->stray_lines, t->stray_lines == 1 ? "" : "s", t->stray_lines == 1 ? "is" : "are", t->stray_example);
    t->close(t); /* nothing of the target runs while we report */
    report_info *info = &out->info;
    info->seconds = spec->name ? proc_now() - start : -1;
    info->target = clean_copy(description, strlen(description));
    info->profiles = profiles;
    info->notes = notes[0] ? clean_copy(notes, strlen(notes)) : NULL;
    info->name = spec->name;
    info->language = spec->language;
    info->version = spec->version;
    if (!info->target || out->r.out_of_memory) {
        fprintf(stderr, "%s: out of memory after %zu checks\n", prog, out->r.n);
        return -1;
    }
    return 0;
}

static void run_free(target_run *run) {
    free((char *)run->info.target);
    free((char *)run->info.notes);
    results_free(&run->r);
}

int main(int argc, char **argv) {
    const char *prog = argc > 0 ? argv[0] : "robots-conform";
    const char *cases_dir = NULL, *schema = NULL, *index = NULL, *format = "text", *explain_id = NULL;
    const char *compare_old = NULL, *compare_new = NULL;
    const char *batch_cmd = NULL, *site_dir = NULL, *scorecard_file = NULL;
    target_list named = {NULL, 0}; /* --target, --targets */
    char error[2048];
    command_options cmd = {NULL, 10.0, 0, 1, NULL, NULL};
    double timeout = 10.0;
    selection sel = {0, 0, 0, NULL, NULL};
    size_t fetch_limit = FETCH_LIMIT_DEFAULT;
    int list = 0, want_atlas = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define VALUE()                                                              \
    do {                                                                     \
        if (!v) return usage_error(prog, "missing value for option", a);    \
        i++;                                                                 \
    } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout, prog);
            return finish(prog, 0, output_errno());
        } else if (!strcmp(a, "--version")) {
            printf("robots-conform %s\n", ROBOTS_VERSION);
            return finish(prog, 0, output_errno());
        } else if (!strcmp(a, "--list")) {
            list = 1;
        } else if (!strcmp(a, "--atlas")) {
            want_atlas = 1;
        } else if (!strcmp(a, "--site")) {
            VALUE();
            site_dir = v;
        } else if (!strcmp(a, "--scorecard")) {
            VALUE();
            scorecard_file = v;
        } else if (!strcmp(a, "--compare")) {
            VALUE();
            compare_old = v;
            if (++i >= argc) return usage_error(prog, "--compare needs two reports: OLD.json NEW.json", NULL);
            compare_new = argv[i];
        } else if (!strcmp(a, "--explain")) {
            VALUE();
            explain_id = v;
        } else if (!strcmp(a, "--cases")) {
            VALUE();
            cases_dir = v;
        } else if (!strcmp(a, "--schema")) {
            VALUE();
            schema = v;
        } else if (!strcmp(a, "--index")) {
            VALUE();
            index = v;
        } else if (!strcmp(a, "--basis")) {
            VALUE();
            const char *bad;
            if (parse_basis(v, &sel, &bad)) {
                char classes[128] = "";
                for (int c = 0; c < CLASS_COUNT; c++)
                    snprintf(classes + strlen(classes), sizeof classes - strlen(classes), "%s%s", c ? ", " : "",
                             class_name((basis_class)c));
                fprintf(stderr, "%s: --basis: unknown class at '%s' (classes: %s; -CLASS drops one)\nTry '%s --help'.\n",
                        prog, bad, classes, prog);
                return 2;
            }
        } else if (!strcmp(a, "--fetch-limit")) {
            VALUE();
            char *end;
            unsigned long long n = strtoull(v, &end, 10);
            if (!*v || *end || *v == '-' || n > (unsigned long long)SIZE_MAX / 2)
                return usage_error(prog, "--fetch-limit needs a number of bytes, not", v);
            fetch_limit = (size_t)n;
        } else if (!strcmp(a, "--format")) {
            VALUE();
            format = v;
        } else if (!strcmp(a, "--area")) {
            VALUE();
            sel.areas = v;
        } else if (!strcmp(a, "--id")) {
            VALUE();
            sel.ids = v;
        } else if (!strcmp(a, "--profile")) {
            VALUE();
            robots_profile_id p;
            if (robots_profile_from_name(v, &p, NULL)) return usage_error(prog, "unknown profile", v);
            sel.profiles |= 1u << p;
        } else if (!strcmp(a, "--batch-cmd")) {
            VALUE();
            batch_cmd = v;
        } else if (!strcmp(a, "--target")) {
            VALUE();
            if (targets_add_option(&named, v, error, sizeof error)) {
                targets_free(&named);
                return usage_error(prog, error, NULL);
            }
        } else if (!strcmp(a, "--targets")) {
            VALUE();
            if (targets_add_file(&named, v, error, sizeof error)) {
                targets_free(&named);
                return usage_error(prog, error, NULL);
            }
        } else if (!strcmp(a, "--command")) {
            VALUE();
            cmd.template_text = v;
        } else if (!strcmp(a, "--allowed-pattern")) {
            VALUE();
            cmd.allowed_pattern = v;
        } else if (!strcmp(a, "--disallowed-pattern")) {
            VALUE();
            cmd.disallowed_pattern = v;
        } else if (!strcmp(a, "--allowed-exit") || !strcmp(a, "--disallowed-exit")) {
            VALUE();
            double n;
            if (parse_number(v, &n) || n > 255 || n != (int)n) return usage_error(prog, "an exit status is 0-255, not", v);
            *(a[2] == 'a' ? &cmd.allowed_exit : &cmd.disallowed_exit) = (int)n;
        } else if (!strcmp(a, "--timeout")) {
            VALUE();
            if (parse_number(v, &timeout) || timeout <= 0) return usage_error(prog, "--timeout needs seconds, not", v);
            cmd.timeout = timeout;
        } else {
            return unknown_option(prog, a);
        }
#undef VALUE
    }
    /* Two reports compared: nothing is run. */
    if (compare_old) {
        targets_free(&named);
        char why[1024];
        int found = compare_reports(compare_old, compare_new, stdout, why, sizeof why);
        if (found < 0) {
            fprintf(stderr, "%s: --compare: %s\n", prog, why);
            return 2;
        }
        return finish(prog, found, output_errno());
    }
    if (batch_cmd && cmd.template_text) return usage_error(prog, "give --batch-cmd or --command, not both", NULL);
    if (named.n && (batch_cmd || cmd.template_text)) {
        targets_free(&named);
        return usage_error(prog, "give --target/--targets, or --batch-cmd/--command, not both", NULL);
    }
    if (named.n && (!strcmp(format, "tap") || !strcmp(format, "junit"))) {
        targets_free(&named);
        return usage_error(prog, "several targets are reported as text, json, markdown or csv, not", format);
    }
    if (cmd.allowed_exit == cmd.disallowed_exit)
        return usage_error(prog, "--allowed-exit and --disallowed-exit must differ", NULL);
    if (strcmp(format, "text") && strcmp(format, "tap") && strcmp(format, "junit") && strcmp(format, "json") &&
        strcmp(format, "markdown") && strcmp(format, "csv") && strcmp(format, "scorecard")) {
        targets_free(&named);
        return usage_error(prog, "--format must be text, tap, junit, json, markdown, csv or scorecard, not", format);
    }

    static suite_paths room;
    suite_files files;
    if (find_suite_files(cases_dir, schema, index, &room, &files, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        return 2;
    }
    suite s;
    if (suite_load(&files, &s, error, sizeof error) != 0) {
        fprintf(stderr, "%s: %s\n", prog, error);
        return 2;
    }
    /* A misspelt area or id is a usage error, not an empty run. */
    char unknown[256], valid[1024];
    const char *what = NULL;
    if (unknown_item(&s, sel.areas, false, unknown, sizeof unknown)) {
        what = "--area: no table has the area";
        snprintf(valid, sizeof valid, "areas: ");
        area_list(&s, valid + strlen(valid), sizeof valid - strlen(valid));
    } else if (unknown_item(&s, sel.ids, true, unknown, sizeof unknown)) {
        what = "--id: no case has the id";
        snprintf(valid, sizeof valid, "--list shows every case");
    }
    if (what) {
        suite_free(&s);
        fprintf(stderr, "%s: %s '%s' (%s)\nTry '%s --help'.\n", prog, what, unknown, valid, prog);
        return 2;
    }

    /* The site shows the committed scorecard, unless told otherwise or given other tables. */
    char scorecard_room[PATH_MAX];
    if (site_dir && !scorecard_file && !cases_dir) scorecard_file = default_path("scorecard.json", scorecard_room, sizeof scorecard_room);

    int rc = 0, failed_write = 0;
    if (list) {
        if (!strcmp(format, "json") ? list_checks_json(stdout, &s, &sel) : (list_cases(stdout, &s, &sel), 0))
            failed_write = ENOMEM;
        else failed_write = output_errno();
    } else if (want_atlas || explain_id || site_dir) {
        rc = teach(prog, &s, want_atlas, explain_id, site_dir, scorecard_file, &failed_write);
    } else {
        /* One target (the reference, --batch-cmd, --command) or several named ones. */
        target_spec single = {NULL, NULL, NULL, (char *)batch_cmd, (char *)cmd.template_text,
                              batch_cmd || cmd.template_text ? NULL : "reference"};
        const target_spec *specs = named.n ? named.items : &single;
        size_t n = named.n ? named.n : 1;
        if (!sel.profiles)
            sel.profiles = !named.n && single.builtin ? (1u << ROBOTS_PROFILE_COUNT) - 1 : 1u << ROBOTS_PROFILE_GOOGLE;
        char profiles[64] = "";
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
            if (sel.profiles & (1u << p))
                snprintf(profiles + strlen(profiles), sizeof profiles - strlen(profiles), "%s%s",
                         profiles[0] ? ", " : "", robots_profile_name((robots_profile_id)p));
        target_run *runs = calloc(n, sizeof *runs);
        size_t done = 0;
        for (; runs && done < n && rc != 2; done++) {
            if (run_target(prog, &specs[done], &cmd, timeout, fetch_limit, &s, &sel, profiles, &runs[done]))
                rc = 2;
        }
        if (!runs) {
            fprintf(stderr, "%s: out of memory\n", prog);
            rc = 2;
        } else if (rc != 2) {
            int printed = named.n || !strcmp(format, "csv") || !strcmp(format, "scorecard")
                              ? report_many(stdout, format, &s, runs, n, sel.profiles)
                              : report(stdout, format, &s, &runs[0].r, &runs[0].info);
            failed_write = printed ? ENOMEM : output_errno(); /* the format is known: memory ran out */
            for (size_t k = 0; k < n; k++) {
                if (runs[k].info.notes)
                    fprintf(stderr, "%s: note on %s: %s\n", prog, run_name(&runs[k]), runs[k].info.notes);
                for (size_t i = 0; i < runs[k].r.n; i++)
                    if (runs[k].r.items[i].status == RESULT_FAIL) rc = 1;
            }
            if (runs[0].r.n == 0) {
                fprintf(stderr, "%s: no check was selected\n", prog);
                rc = 2;
            }
        }
        for (size_t k = 0; runs && k < done; k++) run_free(&runs[k]);
        free(runs);
    }
    targets_free(&named);
    suite_free(&s);
    return finish(prog, rc, failed_write);
}
