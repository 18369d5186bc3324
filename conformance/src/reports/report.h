/* report.h - presenting results: text, tap, junit, json, markdown. */
#ifndef ROBOTS_CONFORM_REPORT_H
#define ROBOTS_CONFORM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "run.h"

typedef struct report_info {
    const char *target;   /* what was tested, in words */
    const char *profiles; /* whose expectations judged it */
    const char *notes;    /* what the run noticed about the target (stray output), or NULL */
    const char *name, *language, *version; /* of a named target (--target), or NULL */
    double seconds;       /* how long the run took; negative when not reported */
    const struct known_list *known; /* --known-failures, or NULL */
    bool strict;          /* --strict: a fixed known failure fails the run */
    const char *stopped;  /* why the run stopped before its end, or NULL */
    const char *stopped_fix;    /* with stopped: the likely fix, or NULL */
    const char *stopped_stderr; /* with stopped: the target's last lines on stderr, or NULL */
    int interrupted;            /* the signal that stopped the run (stopped says after how many checks), or 0 */
} report_info;

/* Writes the results in the format; returns -1 for an unknown format, or when
 * memory ran out for the JSON report (nothing is printed). */
int report_write(FILE *f, const char *format, const suite *s, const results *r, const report_info *info);

/* The JSON report of one target's run, as an object (the caller deletes it). */
cJSON *report_json_object(const suite *s, const results *r, const report_info *info);

/* "N passed, M failed" (", K skipped", ", U undefined ...", ", F known failures",
 * ", X fixed ..." when there are any). */
void report_final_line(FILE *f, const results *r, const report_info *info);

/* --list --format json: every selected check with its kind, basis and expectation
 * per profile. Returns 0, or -1 when memory ran out (nothing is printed). */
int report_list_checks_json(FILE *f, const suite *s, const selection *sel);

/* Which results a count takes: each field narrows it, or is COUNT_ANY (for the
 * area, NULL). Written with every field named, so that no field is 0 by accident
 * (0 is a profile, a kind and a class). */
#define COUNT_ANY (-1)
typedef struct result_filter {
    int profile;      /* a robots_profile_id */
    const char *area; /* a table's area */
    int kind;         /* a check_kind */
    int cls;          /* a basis_class the check rests on */
} result_filter;

/* How many of the results the filter takes, by status. A check resting on several
 * classes counts under each. */
void report_count(const results *r, result_filter which, size_t out[RESULT_COUNT]);

/* Counts as {"passed", "failed", "skipped", "undefined"}. */
cJSON *report_counts_json(const size_t n[RESULT_COUNT]);
/* "suite_version" (the runner's, ROBOTS_VERSION) and "tables_version" (the version
 * every table names; null when they name none or disagree) into a JSON report. */
void report_add_versions(cJSON *root, const suite *s);

/* Text in XML (valid UTF-8 without control characters but LF and TAB, as
 * clean_text.h makes it): the five escapes, U+FFFE and U+FFFF replaced. */
void report_xml_text(FILE *f, const char *s);

/* Text in a Markdown table cell: '|' and line breaks would break the table. */
void report_md_cell(FILE *f, const char *s);

#endif
