/*
 * selftest.h - what the runner's self-test files share: the check macro, the
 * binaries under test, and running robots-conform as a user does.
 */
#ifndef ROBOTS_CONFORM_SELFTEST_H
#define ROBOTS_CONFORM_SELFTEST_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "process.h"

/* Records a failed assertion of the current test. */
void check(bool ok, const char *what, const char *file, int line);
#define CHECK(x) check((x), #x, __FILE__, __LINE__)

/* Where the binaries are (build/bin or build/asan/bin), and the binaries. */
extern char bin_dir[1024];
extern char conform[1100], wrong[1100], robots[1100], differ[1100];

/* Runs robots-conform with the arguments (NULL-terminated). */
proc_result conform_run(const char *const *args, double timeout);
#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The results of a --format json run. */
typedef struct run {
    cJSON *json;
    int status;
    int passed, failed, skipped, undefined;
} run;

run json_run(const char *const *args, double timeout);
/* The result for one check under one profile, or NULL; its status word. */
cJSON *result_of(const run *r, const char *id, int number, const char *profile);
const char *status_of(const run *r, const char *id, int number, const char *profile);
/* Every failure has a reason containing `reason`; passes exist when some_pass. */
void expect_breakage(const run *r, const char *reason, bool some_pass);

int files_in(const char *dir);
void write_file(const char *path, const char *text);

/* hostile_targets.c, and the helpers its tests share with parser_ci.c: */
/* A scratch directory (made by make_scratch) for scripts and the pids they record. */
extern char scratch[64];
void make_scratch(void);
void remove_tree(const char *dir);
/* Writes SCRATCH/name as an executable /bin/sh script; returns its path. */
const char *script(const char *name, const char *body);
/* Every pid listed in the file (one per line) is gone; returns how many there were. */
int all_gone(const char *file);
/* How many results of a run have a reason containing `text`. */
int reasons_with(const run *r, const char *text);
void stray_lines_cost_no_check(void);
void null_error_is_no_error(void);
void declined_undefined_is_not_judged(void);
void descriptors_do_not_leak(void);
void no_process_survives(void);
void signals_leave_nothing_behind(void);
void reports_parse_whatever_targets_print(void);
void stderr_explains_failures(void);
#define HOSTILE_TARGET_TESTS                                                                   \
    {"a stray line of output costs no check", stray_lines_cost_no_check},                     \
    {"\"error\": null is no error", null_error_is_no_error},                                  \
    {"an error reply to an undefined check is not judged", declined_undefined_is_not_judged}, \
    {"targets inherit no descriptor but stdin, stdout and stderr", descriptors_do_not_leak}, \
    {"no process started by the runner survives a run", no_process_survives},               \
    {"any fatal signal leaves no process and no file behind", signals_leave_nothing_behind}, \
    {"XML, JSON and TAP readers accept every report", reports_parse_whatever_targets_print}, \
    {"a target's stderr explains its failures", stderr_explains_failures}

/* interrupted_runs.c */
void interrupted_runs_write_their_reports(void);
void a_second_signal_ends_at_once(void);
void usage_errors_write_the_reports(void);
#define INTERRUPTED_RUN_TESTS                                                                                     \
    {"SIGINT, SIGTERM and SIGHUP: every report written, marked interrupted; exit 128 + the signal",              \
     interrupted_runs_write_their_reports},                                                                      \
    {"a second signal ends the run at once; a report path never holds a stale report", a_second_signal_ends_at_once}, \
    {"a usage error is written into every report asked for", usage_errors_write_the_reports}

/* known_answers.c */
void known_failures_pin_their_answers(void);
void strict_says_when_it_cannot_judge(void);
void the_action_judges_and_reports_to_the_end(void);
#define KNOWN_ANSWER_TESTS                                                                                 \
    {"known failures pinned by answer: a changed answer fails, the file just written passes",             \
     known_failures_pin_their_answers},                                                                   \
    {"--strict says which entries it cannot judge, and fails", strict_says_when_it_cannot_judge},        \
    {"the Action judges the file's profiles and reports a cancelled job", the_action_judges_and_reports_to_the_end}

/* hostile_tables.c */
void hostile_tables_are_rejected(void);
void the_command_line_rejects_bad_values(void);
void write_errors_fail_the_run(void);
/* hostile_catalog.c */
void hostile_catalogs_are_rejected(void);
#define HOSTILE_TABLE_TESTS                                                                        \
    {"hostile tables are rejected with file and JSON path, quickly", hostile_tables_are_rejected}, \
    {"crawler catalogs that break its rules are rejected with file and JSON path",                 \
     hostile_catalogs_are_rejected},                                                               \
    {"bad option values are usage errors that name them", the_command_line_rejects_bad_values},  \
    {"a report that cannot be written fails the run", write_errors_fail_the_run}

/* example_adapters.c */
void example_adapters_speak_the_protocol(void);
/* A file of the project (RELATIVE to its root) from the working directory (make
 * runs the tests from the project's root) or from this program's. */
const char *project_file(const char *relative, char *out, size_t cap);
/* conformance/adapters/examples/NAME from the working directory (make runs the
 * tests from the project's root) or from this program's. */
const char *example_adapter(const char *name, char *out, size_t cap);
#define EXAMPLE_ADAPTER_TESTS \
    {"the example adapters of PROTOCOL.md speak the protocol", example_adapters_speak_the_protocol}

/* many_targets.c */
void several_targets_in_one_run(void);
void every_format_with_every_target(void);
#define MANY_TARGET_TESTS                                                     \
    {"several targets in one run, side by side", several_targets_in_one_run}, \
    {"every format with every kind of target: a report or a usage error", every_format_with_every_target}

/* parser_ci.c */
void broken_targets_stop_early(void);
void max_failures_stops_the_run(void);
void known_failures_count_only_new_ones(void);
void failures_explain_themselves(void);
void github_action_runs_the_suite(void);
void compare_reads_answers_not_statuses(void);
void diagnosis_names_the_fault(void);
void dying_after_n_requests_names_the_request(void);
#define PARSER_CI_TESTS                                                                              \
    {"a broken target stops the run at once, with the likely fix", broken_targets_stop_early},     \
    {"--max-failures stops the run", max_failures_stops_the_run},                                  \
    {"known failures: written, read, fixed; only new failures fail", known_failures_count_only_new_ones}, \
    {"failures explain themselves in every format", failures_explain_themselves},                 \
    {"the GitHub Action's step runs the suite as the workflow would", github_action_runs_the_suite},               \
    {"--compare compares answers: known and new failures with one answer are the same", compare_reads_answers_not_statuses}, \
    {"the diagnosis names the fault: replies before an end, a usage error before warnings", diagnosis_names_the_fault}, \
    {"a target dying after N requests: the fix names request N + 1 and replays it", dying_after_n_requests_names_the_request}

/* diff_campaigns.c */
void campaigns_find_and_minimise_flaws(void);
void campaign_against_a_scorecard_adapter(void);
#define DIFF_TESTS                                                                            \
    {"robots-diff finds, minimises and replays a flawed parser's disagreements",                \
     campaigns_find_and_minimise_flaws},                                                        \
    {"robots-diff against a scorecard adapter writes cases the reference passes and it fails", \
     campaign_against_a_scorecard_adapter}

/* site_pages.c */
/* DIR/NAME's text (NUL-terminated; empty when it cannot be read), freed by the caller. */
char *page(const char *dir, const char *name);
void site_pages_are_written(void);
void site_rejects_what_it_cannot_use(void);
/* site_manual.c */
void site_manual_is_the_documentation(void);
void site_manual_renders_markdown(void);
void site_manual_refuses_what_is_not_documentation(void);
#define SITE_TESTS                                                                                    \
    {"--site writes the atlas as pages that say what the tables say", site_pages_are_written},     \
    {"--site rejects a directory it cannot make and a scorecard that is not one",                 \
     site_rejects_what_it_cannot_use},                                                            \
    {"--site carries the documentation as its manual, every link of the site leading somewhere", \
     site_manual_is_the_documentation},                                                           \
    {"the manual's Markdown: every construct the documentation uses, hostile text bounded",      \
     site_manual_renders_markdown},                                                               \
    {"--manual refuses what is not the documentation, with the file", site_manual_refuses_what_is_not_documentation}

#endif
