/*
 * outputs.h - the --output FORMAT=FILE reports as files: never stale, never half.
 *
 * Before any check, each report's directory is made and its path given a report
 * saying the run is in progress, so that a run killed before its end leaves that,
 * not the previous run's report, for a CI screen to show. Each report is then
 * written beside its path and renamed over it when complete (report_file.h). A
 * run that never starts (a usage error) writes each report asked for as one
 * error naming the mistake (issue 60, items 2 and 6).
 */
#ifndef ROBOTS_CONFORM_OUTPUTS_H
#define ROBOTS_CONFORM_OUTPUTS_H

#include <stdio.h>

#include "options.h"

/* Makes each --output file's directory and writes the in-progress report there.
 * Returns 0, or 2 after saying which path cannot be written. */
int outputs_prepare(const cli *io, const conform_options *o);

/* Writes --output number i through write(f, ctx) into a temporary file renamed
 * over the path. write returns 0, or -1 when memory ran out. Returns 0, or 2
 * after saying why the file cannot be written. */
int outputs_write(const cli *io, const conform_options *o, size_t i, int (*write)(FILE *f, const char *format, void *ctx),
                  void *ctx);

/* After a usage error: every report the command line asks for (each --output,
 * read from argv as best it can be, and stdout's --format unless text, when a
 * run was asked for) says the run did not start and why (`said`: what was said
 * on stderr). */
void outputs_usage_error(const cli *io, int argc, char **argv, const char *said);

#endif
