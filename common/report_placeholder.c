/* report_placeholder.c - a report saying the run is in progress (report_placeholder.h). */
#include "report_placeholder.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report_file.h"

int report_placeholder(const char *path, report_kind kind, const char *program) {
    /* The start time and the pid tell this run's placeholder from an earlier one's. */
    char when[32] = "?";
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc)) strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
    char words[512];
#ifdef __wasi__
    snprintf(words, sizeof words, "in progress: %s started %s; if this stays, the run ended before it wrote its report",
             program, when);
#else
    snprintf(words, sizeof words,
             "in progress: %s pid %ld started %s; if this stays, the run ended before it wrote its report", program,
             (long)getpid(), when);
#endif
    char text[640];
    int n = kind == REPORT_JSON ? snprintf(text, sizeof text, "{\"stopped\": \"%s\", \"in_progress\": true}\n", words)
                                : snprintf(text, sizeof text, "IN PROGRESS: %s\n", words + strlen("in progress: "));
    return report_file_write_whole(path, text, (size_t)n);
}
