/*
 * report_state.h - a report of the run's state when it has no results to show, and
 * the line that says an interrupted run's report is partial.
 *
 * A CI screen reads whatever is at a report's path. While the run goes on, the
 * path holds a report saying so (not the previous run's); when the command line
 * is wrong, the run never starts and the report says why. Each is valid in its
 * format and fails in it (JUnit an <error>, TAP "Bail out!", JSON "stopped"), so
 * no reader takes it for a passing run (issue 60).
 */
#ifndef ROBOTS_CONFORM_REPORT_STATE_H
#define ROBOTS_CONFORM_REPORT_STATE_H

#include <stdio.h>

typedef enum report_state {
    REPORT_IN_PROGRESS, /* the placeholder at an --output path until the report replaces it */
    REPORT_USAGE_ERROR  /* the run did not start: words say the mistake and the fix */
} report_state;

/* Writes the state in the format (text, tap, junit, json, markdown, csv,
 * scorecard), `words` being what to say: any bytes (made valid UTF-8 here).
 * Returns 0, or -1 for an unknown format or when memory ran out. */
int report_state_write(FILE *f, const char *format, report_state state, const char *words);

/* An interrupted run's first line in text ("INTERRUPTED: ...") and Markdown; none
 * in the other formats, whose "stopped" says it. `stopped` is the reason. */
void report_interrupted_line(FILE *f, const char *format, const char *stopped);

#endif
