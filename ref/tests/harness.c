/* harness.c - runs every suite, reports failures as they happen, then a summary. */
#include <stdio.h>
#include <string.h>

#include "test.h"

/* ROBOTS_TESTS_IN_PROCESS: only the suites that need no other process (a build for
 * a platform without fork, such as wasm32-wasi, leaves out the command-line ones). */
extern const test_suite suite_lines, suite_keys, suite_groups, suite_agents, suite_match,
    suite_precedence, suite_path, suite_encoding, suite_google_quirks, suite_rfc9309,
    suite_metadata, suite_hostile, suite_memory, suite_json, suite_idna, suite_url, suite_status,
    suite_contracts, suite_sweep, suite_switches, suite_for_agents, suite_usage, suite_sfdict, suite_crawler, suite_lint;
#ifndef ROBOTS_TESTS_IN_PROCESS
extern const test_suite suite_cli, suite_batch, suite_subcommands, suite_cli_memory, suite_census, suite_census_readers,
    suite_lint_cli, suite_review_cli, suite_review_memory,
    suite_review_edges;
#endif

static const test_suite *const suites[] = {
    &suite_lines,         &suite_keys,      &suite_groups,   &suite_agents,   &suite_match,
    &suite_precedence,    &suite_path,      &suite_encoding, &suite_google_quirks,
    &suite_rfc9309,       &suite_metadata,  &suite_hostile,  &suite_memory,   &suite_json,
#ifndef ROBOTS_TESTS_IN_PROCESS
    &suite_cli,           &suite_batch,
#endif
    &suite_idna,          &suite_url,       &suite_status,
#ifndef ROBOTS_TESTS_IN_PROCESS
    &suite_subcommands,   &suite_cli_memory, &suite_census, &suite_census_readers, &suite_lint_cli,
    &suite_review_cli, &suite_review_memory, &suite_review_edges,
#endif
    &suite_contracts,     &suite_sweep,     &suite_switches, &suite_for_agents,
    &suite_usage,         &suite_sfdict,   &suite_crawler,  &suite_lint,
};

static int current_failed;
static const char *current_suite, *current_test;

static void report_header(void) {
    if (!current_failed) printf("FAIL %s: %s\n", current_suite, current_test);
    current_failed = 1;
}

void check_true(int ok, const char *expr, const char *file, int line) {
    if (ok) return;
    report_header();
    printf("  %s:%d: %s\n", file, line, expr);
}

void check_equal_long(long long got, long long want, const char *expr, const char *file, int line) {
    if (got == want) return;
    report_header();
    printf("  %s:%d: %s is %lld, want %lld\n", file, line, expr, got, want);
}

void check_equal_str(const char *got, size_t got_len, const char *want, const char *expr,
                     const char *file, int line) {
    if (got && strlen(want) == got_len && memcmp(got, want, got_len) == 0) return;
    report_header();
    printf("  %s:%d: %s is \"%.*s\", want \"%s\"\n", file, line, expr, got ? (int)got_len : 6,
           got ? got : "(null)", want);
}

int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    const char *only = argc > 1 ? argv[1] : NULL; /* run one suite: robots-tests NAME */
    for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
        if (only && strcmp(only, suites[s]->name) != 0) continue;
        current_suite = suites[s]->name;
        for (const test_case *t = suites[s]->cases; t->name; t++) {
            current_test = t->name;
            current_failed = 0;
            t->run();
            if (current_failed) failed++;
            else passed++;
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
