/* report_matrix.h - reports of several targets' runs side by side. */
#ifndef ROBOTS_CONFORM_REPORT_MATRIX_H
#define ROBOTS_CONFORM_REPORT_MATRIX_H

#include <stdio.h>

#include "report.h"

/* One target's run: what it is (info: name, language, version, seconds, notes)
 * and its results. */
typedef struct target_run {
    report_info info;
    results r;
} target_run;

/* Writes the runs in a format: text, json, markdown, csv (the check-by-target
 * matrix) or scorecard (conformance/scorecard.json: counts per implementation,
 * profile, kind, area and class, and every check's results; `profiles` are the
 * bits of the profiles run). Returns -1 for a format that cannot show several
 * targets (tap, junit), or when memory ran out for a JSON one (nothing is
 * printed). */
int report_many(FILE *f, const char *format, const suite *s, const target_run *runs, size_t n, unsigned profiles);

/* What the reports call a run: its --target name, or, for the one target of a run
 * without names (the reference, --batch-cmd, --command), what it is in words. */
const char *report_run_name(const target_run *run);

#endif
