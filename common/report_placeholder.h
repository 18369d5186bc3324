/*
 * report_placeholder.h - what stands at a report's path while the run that will
 * write it is on (issue 60, "no stale report").
 *
 * A CI screen or a script that reads a report path cannot tell yesterday's report
 * from today's. So at the start of a run, once its options are checked, each
 * report path asked for gets a short report in its own format saying that the run
 * is in progress, written whole (report_file.h); the real report replaces it when
 * complete. If the run is killed before, the placeholder is what stays, and it
 * says how to read it.
 */
#ifndef ROBOTS_COMMON_REPORT_PLACEHOLDER_H
#define ROBOTS_COMMON_REPORT_PLACEHOLDER_H

typedef enum report_kind {
    REPORT_TEXT, /* Markdown, plain text, rows: a first line "IN PROGRESS: ..." */
    REPORT_JSON, /* {"stopped": "in progress: ...", "in_progress": true} */
} report_kind;

/* Writes the placeholder of a report `program` will write at path: "in progress:
 * PROGRAM pid N started YYYY-MM-DDTHH:MM:SSZ; if this stays, the run ended before
 * it wrote its report". `program` is a plain name (no quote, no backslash).
 * Returns 0, or -1 with errno set (nothing is left but what was at path). */
int report_placeholder(const char *path, report_kind kind, const char *program);

#endif
