/*
 * report_file.h - a report written whole or not at all, never a stale one.
 *
 * A CI screen shows whatever file is at the report's path. A report written in
 * place can be read half-written, and one a run never got to write leaves the
 * previous run's there, read as this run's (issue 60). So a report is written to a
 * temporary file beside its path (same directory, so rename is atomic) and renamed
 * over the path when complete; a signal that ends the program removes the
 * temporary file (interrupt.h's second signal, process.h's fatal ones). At the
 * start of a run, report_placeholder.h puts a short report saying the run is in
 * progress at the path: if the program is killed before its report, that is what
 * stays. A path that names no regular file (/dev/stdout, /dev/full, a FIFO) is
 * written in place, and gets no placeholder.
 */
#ifndef ROBOTS_COMMON_REPORT_FILE_H
#define ROBOTS_COMMON_REPORT_FILE_H

#include <limits.h>
#include <stdio.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

typedef struct report_file {
    FILE *f;              /* write the report here */
    char path[PATH_MAX];  /* where it goes */
    char temp[PATH_MAX];  /* where it is written meanwhile */
    int slot;             /* in the list the signal handler removes, or -1 */
} report_file;

/* Opens a temporary file beside path ("PATH.tmp-PID" in path's directory). Returns
 * 0, or -1 with errno set (nothing is left). */
int report_file_open(report_file *r, const char *path);

/* Closes the file and renames it over path. Returns 0, or -1 with errno set (the
 * temporary file is removed). */
int report_file_commit(report_file *r);

/* Closes and removes the temporary file: the report is not written. */
void report_file_abandon(report_file *r);

/* Writes `text` to path through a temporary file: the placeholder of a report
 * still to come. Returns 0, or -1 with errno set. */
int report_file_write_whole(const char *path, const char *text, size_t len);

#endif
