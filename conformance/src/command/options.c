/* options.c - robots-conform's command line (options.h). */
#include "options.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "distance.h"
#include "paths.h"

/* Where the default of NAME is found (paths.c), or words saying none was. */
static const char *found(char *room, const char *name) {
    return paths_default(name, room, PATH_MAX) ? room : "none found: give it";
}

void options_usage(FILE *f, const char *prog) {
    char cases[PATH_MAX], schema[PATH_MAX], index[PATH_MAX], catalog[PATH_MAX];
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
            "                             google-parser, fetcher, url-input, draft;\n"
            "                             docs/runner.md: Classes)\n"
            "\n",
            prog);
    fprintf(f,
            "Output:\n"
            "  --format text|tap|junit|json|markdown|csv|scorecard   (default text; csv: the\n"
            "                             matrix of checks by targets; scorecard: the JSON of\n"
            "                             conformance/scorecard.json; several targets: not tap\n"
            "                             or junit)\n"
            "  --list                     list the cases instead of running them (with --format\n"
            "                             json: every check, its kind, basis and expectations)\n"
            "  --explain ID               print one case as a lesson, with the reference's answers\n"
            "  --atlas                    print the atlas of every case as Markdown\n"
            "  --site DIR                 write the atlas as a website into DIR (index.html,\n"
            "                             a page per area, the differences, the scorecard, the\n"
            "                             playground, the manual)\n"
            "  --scorecard FILE           the scorecard the site shows (default: scorecard.json\n"
            "                             beside the cases directory, when there is one)\n"
            "  --manual DIR               the documentation the site carries as its manual: DIR\n"
            "                             holds README.md and docs/ (default: the checkout's, or\n"
            "                             the copy make install-conform makes), its Markdown\n"
            "                             rendered as GitHub renders it (cmark-gfm)\n"
            "\n"
            "In a parser's CI:\n"
            "  --known-failures FILE      checks the target is known to fail, one id a line (RFC-5:\n"
            "                             a case, RFC-5.2: its check 2; '#' comments), with the\n"
            "                             answer it fails with (RFC-5.2 = allowed; = error for an\n"
            "                             error reply): reported, not counted as failed; another\n"
            "                             answer fails (\"answer changed\"); one that passes now is\n"
            "                             listed as fixed\n"
            "  --strict                   with --known-failures: a fixed entry fails the run too,\n"
            "                             and so does a file written under a profile not judged\n"
            "  --write-known-failures FILE  write today's failures with their answers as such a\n"
            "                             file (adoption in one command: a run given it passes),\n"
            "                             then report as usual\n"
            "  --max-failures N           stop after N failures (known ones aside)\n"
            "  --keep-going               do not stop when the first %d checks all fail for one\n"
            "                             target-side cause (cannot start, no reply, crash, bad\n"
            "                             replies); that stop exits 2 with the likely fix\n"
            "  --output FORMAT=FILE       also write the report in FORMAT to FILE (repeatable):\n"
            "                             --output junit=report.xml beside the text in the log;\n"
            "                             it says \"in progress\" until the report replaces it\n"
            "  --compare OLD.json NEW.json  two --format json reports of one target: the checks\n"
            "                             failing now and not before, fixed, answered otherwise;\n"
            "                             exit 1 when one fails now that did not; the checks\n"
            "                             only one report has (another selection) are counted\n"
            "  --verbose                  with --compare: list those checks too\n"
            "\n",
            BROKEN_CHECKS);
    fprintf(f,
            "Tables (the defaults: where this %s finds them, from here):\n"
            "  --cases DIR                the case tables (default %s)\n"
            "  --schema FILE              their schema (default %s)\n"
            "  --index FILE               the specification's index that sources name\n"
            "                             (default %s)\n"
            "  --catalog FILE             the crawler catalog: real crawlers, their tokens and\n"
            "                             what their operators document, each fact sourced\n"
            "                             (default %s; its schema beside it)\n"
            "\n"
            "Exit status: 0 when nothing failed (known failures aside), 1 when something\n"
            "failed (or, with --strict, a known failure is fixed or cannot be judged), 2 on a\n"
            "usage error (also written into the reports asked for), a malformed table or\n"
            "known-failures file, or a target that is broken; 128 + N when signal N (INT,\n"
            "TERM, HUP) stopped the run: the reports are written, marked interrupted (a\n"
            "second signal ends it at once).\n"
            "\n"
            "Examples:\n"
            "  %s\n"
            "  %s --batch-cmd \"build/bin/robots --batch\" --profile google\n"
            "  %s --command \"./my-parser %%robots%% %%user-agent%% %%url%%\"\n",
            prog, found(cases, "cases"), found(schema, "case-table.schema.json"),
            found(index, "spec-examples.json"), found(catalog, "crawler-catalog.json"), prog, prog, prog);
}

/* Every option, and whether it takes a value: the one list the parser and the
 * "did you mean" of an unknown option read. */
typedef struct option_spec {
    const char *name;
    int values; /* how many values follow it */
} option_spec;

static const option_spec options[] = {
    {"--allowed-exit", 1}, {"--allowed-pattern", 1}, {"--area", 1}, {"--atlas", 0}, {"--basis", 1},
    {"--batch-cmd", 1}, {"--cases", 1}, {"--catalog", 1}, {"--command", 1}, {"--compare", 2}, {"--disallowed-exit", 1},
    {"--disallowed-pattern", 1}, {"--explain", 1}, {"--fetch-limit", 1}, {"--format", 1}, {"--help", 0},
    {"-h", 0}, {"--id", 1}, {"--index", 1}, {"--keep-going", 0}, {"--known-failures", 1}, {"--list", 0},
    {"--manual", 1}, {"--max-failures", 1}, {"--output", 1}, {"--profile", 1}, {"--schema", 1},
    {"--scorecard", 1}, {"--site", 1}, {"--strict", 0}, {"--target", 1}, {"--targets", 1}, {"--timeout", 1},
    {"--verbose", 0}, {"--version", 0}, {"--write-known-failures", 1}};
#define OPTION_COUNT (sizeof options / sizeof options[0])

static const option_spec *find_option(const char *arg) {
    for (size_t i = 0; i < OPTION_COUNT; i++)
        if (!strcmp(options[i].name, arg)) return &options[i];
    return NULL;
}

/* An option the runner does not know, with the nearest one it does (two edits at
 * most: --batchcmd is --batch-cmd). */
static int unknown_option(const cli *io, const char *arg) {
    const char *nearest = NULL;
    size_t best = 3, n = strcspn(arg, "=");
    for (size_t i = 0; i < OPTION_COUNT; i++) {
        size_t d = word_distance(arg, n, options[i].name, strlen(options[i].name));
        if (d < best) {
            best = d;
            nearest = options[i].name;
        }
    }
    if (nearest) fprintf(io->err, "%s: unknown option '%s': did you mean %s?\nTry '%s --help'.\n", io->prog, arg, nearest, io->prog);
    else fprintf(io->err, "%s: unknown option '%s'\nTry '%s --help'.\n", io->prog, arg, io->prog);
    return 2;
}

int options_usage_error(const cli *io, const char *what, const char *arg) {
    fprintf(io->err, "%s: %s%s%s%s\nTry '%s --help'.\n", io->prog, what, arg ? " '" : "", arg ? arg : "",
            arg ? "'" : "", io->prog);
    return 2;
}


/* --basis LIST: "spec,rfc" keeps checks resting on spec or rfc; "-fetcher" drops
 * those resting on fetcher. Returns -1 with *bad at an unknown class. */
static int parse_basis(const char *list, selection *sel, const char **bad) {
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        bool drop = *p == '-';
        basis_class c;
        if (suite_class_from_name(p + drop, len - drop, &c)) {
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

static const char *const formats[] = {"text", "tap", "junit", "json", "markdown", "csv", "scorecard"};

bool options_known_format(const char *f) {
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (!strcmp(formats[i], f)) return true;
    return false;
}

/* --basis LIST; returns -1 to go on, or an exit status. */
static int take_basis(const cli *io, const char *v, conform_options *o) {
    const char *bad;
    if (!parse_basis(v, &o->sel, &bad)) return -1;
    char classes[128] = "";
    for (int c = 0; c < CLASS_COUNT; c++)
        snprintf(classes + strlen(classes), sizeof classes - strlen(classes), "%s%s", c ? ", " : "",
                 suite_class_name((basis_class)c));
    fprintf(io->err, "%s: --basis: unknown class at '%s' (classes: %s; -CLASS drops one)\nTry '%s --help'.\n",
            io->prog, bad, classes, io->prog);
    return 2;
}

/* --fetch-limit BYTES and --max-failures N. */
static int take_size(const cli *io, const char *a, const char *v, conform_options *o) {
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    if (!*v || *end || *v == '-' || *v == '+' || n > (unsigned long long)SIZE_MAX / 2)
        return options_usage_error(io, a[2] == 'f' ? "--fetch-limit needs a number of bytes, not"
                                            : "--max-failures needs a number of failures, not", v);
    *(a[2] == 'f' ? &o->fetch_limit : &o->limits.max_failures) = (size_t)n;
    return -1;
}

/* --output FORMAT=FILE. */
static int take_output(const cli *io, const char *v, conform_options *o) {
    const char *eq = strchr(v, '=');
    char format[32];
    snprintf(format, sizeof format, "%.*s", eq ? (int)(eq - v) : 0, v);
    if (!eq || !eq[1] || !options_known_format(format))
        return options_usage_error(io, "--output needs FORMAT=FILE (text, tap, junit, json, markdown, csv, scorecard), not", v);
    if (o->noutputs == OUTPUTS_MAX) return options_usage_error(io, "--output is given more than 8 times", NULL);
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (!strcmp(formats[i], format)) o->outputs[o->noutputs].format = formats[i];
    o->outputs[o->noutputs++].file = eq + 1;
    return -1;
}

/* The options that say what to test: --batch-cmd, --target(s), --command and its
 * exits and patterns, --timeout. Returns -1 to go on, or an exit status. */
static int take_target(const cli *io, const char *a, const char *v, conform_options *o) {
    char error[2048];
    if (!strcmp(a, "--batch-cmd")) o->batch_cmd = v;
    else if (!strcmp(a, "--target")) {
        if (targets_add_option(&o->named, v, error, sizeof error)) return options_usage_error(io, error, NULL);
    } else if (!strcmp(a, "--targets")) {
        if (targets_add_file(&o->named, v, error, sizeof error)) return options_usage_error(io, error, NULL);
    } else if (!strcmp(a, "--command")) o->cmd.template_text = v;
    else if (!strcmp(a, "--allowed-pattern")) o->cmd.allowed_pattern = v;
    else if (!strcmp(a, "--disallowed-pattern")) o->cmd.disallowed_pattern = v;
    else if (!strcmp(a, "--allowed-exit") || !strcmp(a, "--disallowed-exit")) {
        double n;
        if (parse_number(v, &n) || n > 255 || n != (int)n) return options_usage_error(io, "an exit status is 0-255, not", v);
        *(a[2] == 'a' ? &o->cmd.allowed_exit : &o->cmd.disallowed_exit) = (int)n;
    } else if (!strcmp(a, "--timeout")) {
        if (parse_number(v, &o->timeout) || o->timeout <= 0) return options_usage_error(io, "--timeout needs seconds, not", v);
        o->cmd.timeout = o->timeout;
    }
    return -1;
}

/* One option and its value(s); returns -1 to go on, or an exit status. */
static int take(const cli *io, const char *a, const char *v, const char *v2, conform_options *o) {
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) o->help = true;
    else if (!strcmp(a, "--version")) o->version = true;
    else if (!strcmp(a, "--list")) o->list = true;
    else if (!strcmp(a, "--atlas")) o->atlas = true;
    else if (!strcmp(a, "--strict")) o->strict = true;
    else if (!strcmp(a, "--verbose")) o->verbose = true;
    else if (!strcmp(a, "--keep-going")) o->limits.keep_going = true;
    else if (!strcmp(a, "--site")) o->site_dir = v;
    else if (!strcmp(a, "--scorecard")) o->scorecard_file = v;
    else if (!strcmp(a, "--manual")) o->manual_dir = v;
    else if (!strcmp(a, "--compare")) {
        o->compare_old = v;
        o->compare_new = v2;
    } else if (!strcmp(a, "--explain")) o->explain_id = v;
    else if (!strcmp(a, "--cases")) o->cases_dir = v;
    else if (!strcmp(a, "--schema")) o->schema = v;
    else if (!strcmp(a, "--index")) o->index = v;
    else if (!strcmp(a, "--catalog")) o->catalog = v;
    else if (!strcmp(a, "--known-failures")) o->known_file = v;
    else if (!strcmp(a, "--write-known-failures")) o->write_known_file = v;
    else if (!strcmp(a, "--basis")) return take_basis(io, v, o);
    else if (!strcmp(a, "--fetch-limit") || !strcmp(a, "--max-failures")) return take_size(io, a, v, o);
    else if (!strcmp(a, "--format")) {
        if (!options_known_format(v))
            return options_usage_error(io, "--format must be text, tap, junit, json, markdown, csv or scorecard, not", v);
        o->format = v;
    } else if (!strcmp(a, "--output")) return take_output(io, v, o);
    else if (!strcmp(a, "--area")) o->sel.areas = v;
    else if (!strcmp(a, "--id")) o->sel.ids = v;
    else if (!strcmp(a, "--profile")) {
        robots_profile_id p;
        if (robots_profile_from_name(v, &p, NULL)) return options_usage_error(io, "--profile must be google or rfc9309, not", v);
        o->sel.profiles |= 1u << p;
    } else return take_target(io, a, v, o);
    return -1;
}

/* What cannot go together, once every option is read. */
static int consistent(const cli *io, conform_options *o) {
    bool several = o->named.n > 0;
    if (o->batch_cmd && o->cmd.template_text) return options_usage_error(io, "give --batch-cmd or --command, not both", NULL);
    if (several && (o->batch_cmd || o->cmd.template_text))
        return options_usage_error(io, "give --target/--targets, or --batch-cmd/--command, not both", NULL);
    for (size_t i = 0; i <= o->noutputs; i++) {
        const char *format = i < o->noutputs ? o->outputs[i].format : o->format;
        if (several && (!strcmp(format, "tap") || !strcmp(format, "junit")))
            return options_usage_error(io, "several targets are reported as text, json, markdown or csv, not", format);
    }
    if (o->cmd.allowed_exit == o->cmd.disallowed_exit)
        return options_usage_error(io, "--allowed-exit and --disallowed-exit must differ", NULL);
    if ((o->known_file || o->write_known_file) && several)
        return options_usage_error(io, "known failures belong to one target: give --batch-cmd or --command, not --target", NULL);
    if (o->strict && !o->known_file) return options_usage_error(io, "--strict goes with --known-failures", NULL);
    if (o->verbose && !o->compare_old) return options_usage_error(io, "--verbose goes with --compare", NULL);
    if (o->known_file && o->write_known_file && !strcmp(o->known_file, o->write_known_file))
        return options_usage_error(io, "--write-known-failures would overwrite the --known-failures file", o->known_file);
    /* A template that leaves out %url% or %user-agent% gets the same answer for
     * every URL or agent of a case: worth saying, not worth refusing. */
    const char *t = o->cmd.template_text;
    char error[600];
    if (t && target_command_check(t, error, sizeof error)) return options_usage_error(io, error, NULL);
    if (t && !strstr(t, "%url%"))
        fprintf(io->err, "%s: warning: the --command template has no %%url%%: every check of a case gets the same URL\n", io->prog);
    if (t && !strstr(t, "%user-agent%"))
        fprintf(io->err, "%s: warning: the --command template has no %%user-agent%%: every check gets the same agent\n", io->prog);
    return -1;
}

int options_parse(const cli *io, int argc, char **argv, conform_options *o) {
    memset(o, 0, sizeof *o);
    o->format = "text";
    o->cmd = (command_options){NULL, 10.0, 0, 1, NULL, NULL};
    o->timeout = 10.0;
    o->fetch_limit = ROBOTS_DEFAULT_MAX_BYTES;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const option_spec *spec = find_option(a);
        if (!spec) return unknown_option(io, a);
        if (i + spec->values >= argc) {
            if (spec->values == 2) return options_usage_error(io, "--compare needs two reports: OLD.json NEW.json", NULL);
            return options_usage_error(io, "missing value for option", a);
        }
        const char *v = spec->values ? argv[i + 1] : NULL, *v2 = spec->values > 1 ? argv[i + 2] : NULL;
        i += spec->values;
        int rc = take(io, a, v, v2, o);
        if (rc >= 0) return rc;
        if (o->help || o->version) return 0;
    }
    return consistent(io, o);
}

void options_free(conform_options *o) { targets_free(&o->named); }
