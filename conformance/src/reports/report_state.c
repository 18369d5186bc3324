/* report_state.c - the run's state as a report of its own (report_state.h). */
#include "report_state.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "clean_text.h"
#include "json_file.h"
#include "report.h"

static const char *state_title(report_state state) {
    return state == REPORT_IN_PROGRESS ? "the run is in progress" : "usage error: the run did not start";
}

static void junit(FILE *f, report_state state, const char *words) {
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<testsuites name=\"robots-conform\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
               "  <testsuite name=\"robots-conform\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
               "    <testcase classname=\"robots-conform\" name=\"%s\"><error message=\"", state_title(state));
    /* The message is the first line; the body all of it. */
    char *first = strdup(words);
    if (first) first[strcspn(first, "\n")] = '\0';
    report_xml_text(f, first ? first : state_title(state));
    free(first);
    fprintf(f, "\">");
    report_xml_text(f, words);
    fprintf(f, "</error></testcase>\n  </testsuite>\n</testsuites>\n");
}

static int json(FILE *f, report_state state, const char *words) {
    cJSON *root = cJSON_CreateObject();
    if (!root) return -1;
    cJSON_AddStringToObject(root, "suite_version", ROBOTS_VERSION);
    cJSON_AddStringToObject(root, "stopped", words);
    cJSON_AddBoolToObject(root, state == REPORT_IN_PROGRESS ? "in_progress" : "usage_error", 1);
    return json_file_print(f, root);
}

/* Each line of words after a prefix (TAP's "# ", Markdown's "    "). */
static void lines(FILE *f, const char *prefix, const char *words) {
    for (const char *p = words; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(f, "%s%.*s\n", prefix, (int)n, p);
        p += n + (p[n] == '\n');
    }
}

int report_state_write(FILE *f, const char *format, report_state state, const char *given) {
    char *words = clean_text_copy(given, strlen(given));
    if (!words) return -1;
    size_t n = strlen(words);
    while (n && (words[n - 1] == '\n' || words[n - 1] == ' ')) words[--n] = '\0';
    const char *shout = state == REPORT_IN_PROGRESS ? "IN PROGRESS" : "USAGE ERROR";
    int rc = 0;
    if (!strcmp(format, "junit")) {
        junit(f, state, words);
    } else if (!strcmp(format, "json") || !strcmp(format, "scorecard")) {
        rc = json(f, state, words);
    } else if (!strcmp(format, "tap")) {
        /* "Bail out!" takes one line: the first; the rest as comments. */
        size_t first = strcspn(words, "\n");
        /* A plan of none, then the bail-out: the in-progress words say what they
         * are, a usage error's are stderr's. */
        fprintf(f, "TAP version 13\n1..0\nBail out! %s%.*s\n", state == REPORT_USAGE_ERROR ? "usage error: the run did not start: " : "",
                (int)first, words);
        if (words[first]) lines(f, "# ", words + first + 1);
    } else if (!strcmp(format, "text")) {
        fprintf(f, "%s: %s\n", shout, words);
    } else if (!strcmp(format, "markdown")) {
        fprintf(f, "# robots-conform: %s\n\n", state_title(state));
        lines(f, "    ", words);
    } else if (!strcmp(format, "csv")) {
        /* No column holds a state: a table of one row that is it. */
        fprintf(f, "state,message\r\n%s,\"", state == REPORT_IN_PROGRESS ? "in progress" : "usage error");
        for (const char *p = words; *p; p++) {
            if (*p == '"') fputc('"', f);
            fputc(*p, f);
        }
        fprintf(f, "\"\r\n");
    } else {
        rc = -1;
    }
    free(words);
    return rc;
}

void report_interrupted_line(FILE *f, const char *format, const char *stopped) {
    if (!strcmp(format, "text")) fprintf(f, "INTERRUPTED: %s; this report is partial.\n", stopped);
    else if (!strcmp(format, "markdown")) fprintf(f, "**INTERRUPTED**: %s; this report is partial.\n\n", stopped);
}
