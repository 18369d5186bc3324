/* test_lint_cli.c - `robots lint`: each format, the exit status, standard input,
 * a file past 500 KiB, and bad use (docs/robots-command.md, "robots lint"). */
#include <stdlib.h>
#include <string.h>

#include "cli_support.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char trap[] = "Disallow: /a\nUser-agent: *\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\n"
                           "Disallow: /\nCrawl-delay: 5\n";

static int has(const proc_output *o, const char *s) { return o->data && strstr(o->data, s) != NULL; }

/* Text: FILE:LINE: ID: advice (CASE), the line under it, a count; exit 1. */
static void text_format(void) {
    const char *f = scratch_file(0, trap, sizeof trap - 1);
    proc_result r = run_robots(NULL, 0, ARGS("lint", f));
    CHECK_EQ(r.status, 1);
    char want[512];
    snprintf(want, sizeof want, "%s:1: rule-outside-group: ", f);
    CHECK(has(&r.out, want) && has(&r.out, "(GROUP-3)\n      | Disallow: /a\n"));
    snprintf(want, sizeof want, "%s:5: joins-group: ", f);
    CHECK(has(&r.out, want) && has(&r.out, "(GROUP-4)\n      | User-agent: GPTBot\n"));
    snprintf(want, sizeof want, "%s:6: disallow-all: ", f);
    CHECK(has(&r.out, want));
    snprintf(want, sizeof want, "%s:7: crawl-delay: ", f);
    CHECK(has(&r.out, want));
    CHECK(has(&r.out, ":3: usage-hidden: "));
    snprintf(want, sizeof want, "%s: 5 warnings\n", f);
    CHECK(has(&r.out, want));
    proc_result_free(&r);
    /* A clean file, from standard input: nothing to say, exit 0. */
    const char clean[] = "User-agent: *\nDisallow: /private/\n";
    r = run_robots(clean, sizeof clean - 1, ARGS("lint", "-"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "-: 0 warnings\n"));
    proc_result_free(&r);
}

static void json_and_markdown(void) {
    const char *f = scratch_file(1, trap, sizeof trap - 1);
    proc_result r = run_robots(NULL, 0, ARGS("lint", "--format", "json", "--profile", "rfc9309", f));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "\"profile\": \"rfc9309\""));
    CHECK(has(&r.out, "{\"line\": 1, \"id\": \"rule-outside-group\", \"text\": \"Disallow: /a\", \"advice\": "));
    CHECK(has(&r.out, "\"case\": \"GROUP-3\"}"));
    /* RFC 9309 keeps a group going past a line that is no rule too (GROUP-4). */
    CHECK(has(&r.out, "{\"line\": 5, \"id\": \"joins-group\""));
    CHECK(has(&r.out, "\"count\": "));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--format", "markdown", f));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "| Line | Warning | The line | What to write instead | Lesson |\n| ---: |"));
    CHECK(has(&r.out, "| 6 | `disallow-all` | Disallow: / | "));
    /* A line's marks cannot make markup or break the table. */
    const char odd[] = "User-agent: *\nDisallow: x|<b>*y*\n";
    const char *g = scratch_file(2, odd, sizeof odd - 1);
    proc_result m = run_robots(NULL, 0, ARGS("lint", "--format", "markdown", g));
    CHECK(has(&m.out, "| 2 | `path-without-slash` | Disallow: x\\|\\<b\\>\\*y\\* | "));
    proc_result_free(&m);
    proc_result_free(&r);
}

/* A file past Google's 500 KiB is said to be so, once, whatever its size. */
static void too_big(void) {
    size_t n = 600 * 1024;
    char *big = malloc(n);
    CHECK(big != NULL);
    if (!big) return;
    memset(big, '#', n);
    memcpy(big, "User-agent: *\nDisallow: /a\n", 27);
    for (size_t i = 4096; i < n; i += 4096) big[i] = '\n';
    const char *f = scratch_file(3, big, n);
    proc_result r = run_robots(NULL, 0, ARGS("lint", f));
    CHECK_EQ(r.status, 1);
    char want[512];
    snprintf(want, sizeof want, "%s: too-big: ", f);
    CHECK(has(&r.out, want) && has(&r.out, "(FORMAT-8)"));
    snprintf(want, sizeof want, "%s: 1 warning\n", f);
    CHECK(has(&r.out, want));
    proc_result_free(&r);
    free(big);
}

static void bad_use(void) {
    proc_result r = run_robots(NULL, 0, ARGS("lint"));
    CHECK_EQ(r.status, 2);
    CHECK(has(&r.err, "Usage: robots lint"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--format", "yaml", "x"));
    CHECK(r.status == 2 && has(&r.err, "--format must be text, json or markdown, not 'yaml'"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "a", "b"));
    CHECK(r.status == 2 && has(&r.err, "too many arguments, starting at 'b'"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "/nonexistent/robots.txt"));
    CHECK(r.status == 2 && has(&r.err, "cannot read \"/nonexistent/robots.txt\"") && r.out.len == 0);
    proc_result_free(&r);
    static const char *const help[] = {"--help", "-h"};
    for (int i = 0; i < 2; i++) {
        r = run_robots(NULL, 0, ARGS("lint", help[i]));
        CHECK(r.status == 0 && has(&r.out, "Exit status: 0 no warning, 1 warnings, 2"));
        proc_result_free(&r);
    }
    r = run_robots(NULL, 0, ARGS("lint", "x", "--format"));
    CHECK(r.status == 2 && has(&r.err, "missing value for option"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--bogus", "x"));
    CHECK(r.status == 2 && has(&r.err, "unknown option"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--profile", "bing", "x"));
    CHECK(r.status == 2 && has(&r.err, "--profile must be google or rfc9309"));
    proc_result_free(&r);
}

/* Lines as the parser counts them (CR LF, CR alone, LF, none at the end), each
 * warning with its own line's text; control bytes shown, never sent raw. */
static void line_ends_and_control_bytes(void) {
    static const char file[] = "User-agent: *\rCrawl-delay: 5\x01\r\nNoindex: /a\x7F\nDisallow: /x\r\rCrawl-delay: 1\r";
    const char *f = scratch_file(4, file, sizeof file - 1);
    proc_result r = run_robots(NULL, 0, ARGS("lint", "--format", "markdown", f));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "| 2 | `crawl-delay` | Crawl-delay: 5\\\\x01 | "));
    CHECK(has(&r.out, "| 3 | `noindex-line` | Noindex: /a\\\\x7F | "));
    CHECK(has(&r.out, "| 6 | `crawl-delay` | Crawl-delay: 1 | "));
    proc_result_free(&r);
    /* No warning: Markdown says so, JSON has an empty list. */
    static const char clean[] = "User-agent: *\nDisallow: /x\n";
    f = scratch_file(5, clean, sizeof clean - 1);
    r = run_robots(NULL, 0, ARGS("lint", "--format", "markdown", f));
    CHECK(r.status == 0 && has(&r.out, "No warnings.\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--format", "json", f));
    CHECK(r.status == 0 && has(&r.out, "\"warnings\": [], \"count\": 0}\n"));
    proc_result_free(&r);
}

const test_suite suite_lint_cli = {"lint-command", (const test_case[]){
    {"text: every warning on its line, the count, exit 1", text_format},
    {"json and markdown", json_and_markdown},
    {"a file past 500 KiB", too_big},
    {"bad use exits 2", bad_use},
    {"line ends and control bytes", line_ends_and_control_bytes},
    {NULL, NULL}}};
