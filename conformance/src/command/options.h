/*
 * options.h - robots-conform's command line: what it asks for, parsed and checked
 * before anything is loaded or run. Every mistake is a usage error that says what
 * is wrong and what would be right (the valid values, the nearest option).
 */
#ifndef ROBOTS_CONFORM_OPTIONS_H
#define ROBOTS_CONFORM_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "run.h"
#include "target.h"
#include "targets.h"

/* Where messages go and whose name they carry. */
typedef struct cli {
    const char *prog;
    FILE *out, *err;
} cli;

#define OUTPUTS_MAX 8

typedef struct conform_options {
    const char *cases_dir, *schema, *index, *catalog, *format;
    const char *explain_id, *compare_old, *compare_new;
    const char *batch_cmd, *site_dir, *scorecard_file, *manual_dir;
    const char *figures_file; /* the site's real-world figures (conformance/measure/), or NULL */
    const char *known_file, *write_known_file;
    struct {
        const char *format, *file;
    } outputs[OUTPUTS_MAX]; /* --output FORMAT=FILE: the report also in other formats */
    size_t noutputs;
    bool list, atlas, help, version, strict;
    bool verbose; /* --compare: list the checks only one report has */
    target_list named; /* --target, --targets */
    command_options cmd;
    double timeout;
    selection sel;
    size_t fetch_limit;
    run_limits limits;
} conform_options;

/* Parses argv into *o. Returns -1 when the run goes on, or the exit status to end
 * with (2 after a usage error, said on cli->err; 0 after --help or --version,
 * which the caller prints: o->help, o->version). *o is to be freed with
 * options_free either way. */
int options_parse(const cli *io, int argc, char **argv, conform_options *o);
void options_free(conform_options *o);

/* Is format one of --format's (text, tap, junit, json, markdown, csv, scorecard)? */
bool options_known_format(const char *format);

/* The help text. */
void options_usage(FILE *f, const char *prog);

/* "PROG: WHAT 'ARG'" and "Try 'PROG --help'." on stderr; returns 2. */
int options_usage_error(const cli *io, const char *what, const char *arg);

#endif
