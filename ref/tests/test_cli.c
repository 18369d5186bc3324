/* test_cli.c - the `robots FILE AGENT URL` contract (Google's robots_main) and its
 * extensions. */
#include <string.h>

#include "cli_support.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char fish[] = "user-agent: FooBot\ndisallow: /fish\nallow: /fish/salmon\n";

static void allowed_and_disallowed(void) {
    const char *f = scratch_file(0, fish, strlen(fish));
    proc_result r = run_robots(NULL, 0, ARGS(f, "FooBot", "http://example.com/fish.html"));
    CHECK_EQ(r.status, 1);
    CHECK(output_is(&r.out, "user-agent 'FooBot' with URI 'http://example.com/fish.html': DISALLOWED\n"));
    CHECK(output_is(&r.err, ""));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS(f, "FooBot", "http://example.com/fish/salmon.html"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "user-agent 'FooBot' with URI 'http://example.com/fish/salmon.html': ALLOWED\n"));
    proc_result_free(&r);
    /* Agent and URL are printed exactly as given. */
    r = run_robots(NULL, 0, ARGS(f, "Foo Bot's", "/a b'c"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "user-agent 'Foo Bot's' with URI '/a b'c': ALLOWED\n"));
    proc_result_free(&r);
}

static void empty_file_notice(void) {
    const char *f = scratch_file(1, "", 0);
    proc_result r = run_robots(NULL, 0, ARGS(f, "FooBot", "http://example.com/"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "user-agent 'FooBot' with URI 'http://example.com/': ALLOWED\n"
                            "notice: robots file is empty so all user-agents are allowed\n"));
    proc_result_free(&r);
    /* A file of one newline is not empty. */
    f = scratch_file(1, "\n", 1);
    r = run_robots(NULL, 0, ARGS(f, "FooBot", "http://example.com/"));
    CHECK(output_is(&r.out, "user-agent 'FooBot' with URI 'http://example.com/': ALLOWED\n"));
    proc_result_free(&r);
}

static void usage_errors_exit_2(void) {
    proc_result r = run_robots(NULL, 0, ARGS("/nonexistent/robots.txt", "a", "/"));
    CHECK_EQ(r.status, 2);
    CHECK(r.err.len && strstr(r.err.data, "failed to read file \"/nonexistent/robots.txt\""));
    CHECK(output_is(&r.out, ""));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("/tmp", "a", "/"));
    CHECK_EQ(r.status, 2);
    CHECK(r.err.len && strstr(r.err.data, "failed to read file"));
    proc_result_free(&r);
    const char *f = scratch_file(0, fish, strlen(fish));
    const char *const *const bad[] = {
        ARGS(f), ARGS(f, "a"), ARGS(f, "a", "/", "extra"), ARGS("--bogus", f, "a", "/"),
        ARGS("--profile", "nope", f, "a", "/"), ARGS("--max-bytes", "12k", f, "a", "/"),
        ARGS("--max-bytes", "", f, "a", "/"), ARGS(f, "a", "/", "--profile"),
        ARGS("--batch", f), ARGS("--max-bytes=99999999999999999999999", f, "a", "/"),
        ARGS(f, "a", "/", "x", "y"), ARGS("--explain=yes", f, "a", "/"),
        ARGS("status", "200", "--redirects", "1000000001"), ARGS("url", "--unreachable-days=-1", "http://a/"),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = run_robots(NULL, 0, bad[i]);
        CHECK_EQ(r.status, 2);
        CHECK(r.err.len > 0);
        CHECK(output_is(&r.out, ""));
        proc_result_free(&r);
    }
    /* No arguments at all: the help on stderr, exit 2, as Google's tool does. */
    r = run_robots(NULL, 0, (const char *const[]){NULL});
    CHECK_EQ(r.status, 2);
    CHECK(r.err.len && strstr(r.err.data, "Usage:"));
    proc_result_free(&r);
}

static void help_and_version(void) {
    const char *const *const forms[] = {ARGS("--help"), ARGS("-h"), ARGS("-help"),
                                               ARGS("x", "--help")};
    for (size_t i = 0; i < 4; i++) {
        proc_result r = run_robots(NULL, 0, forms[i]);
        CHECK_EQ(r.status, 0);
        CHECK(r.out.len && strstr(r.out.data, "Usage:") && strstr(r.out.data, "--profile"));
        proc_result_free(&r);
    }
    proc_result r = run_robots(NULL, 0, ARGS("--version"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "robots " ROBOTS_VERSION "\n"));
    proc_result_free(&r);
}

static void profile_option(void) {
    static const char typo[] = "useragent: FooBot\ndisallow: /\n";
    const char *f = scratch_file(2, typo, strlen(typo));
    proc_result r = run_robots(NULL, 0, ARGS(f, "FooBot", "/x"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--profile", "rfc9309", f, "FooBot", "/x"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS(f, "FooBot", "/x", "--profile=rfc9309"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--profile=google", f, "FooBot", "/x"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
}

static void max_bytes_option(void) {
    static const char t[] = "user-agent: *\n#pad\ndisallow: /x\n";
    const char *f = scratch_file(3, t, strlen(t));
    proc_result r = run_robots(NULL, 0, ARGS("--max-bytes", "19", f, "a", "/x"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--max-bytes", "0", f, "a", "/x"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--max-bytes=31", f, "a", "/x"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--explain", "--max-bytes", "19", f, "a", "/x"));
    CHECK(r.out.len && strstr(r.out.data, "explain: note: only the first 19 bytes of the file were parsed"));
    proc_result_free(&r);
}

/* --explain shows a DEL byte as \x7F, as it shows other control bytes, in the
 * path and in the rule; a path past the 256 bytes it shows ends in "...". */
static void explain_shows_what_cannot_be_seen(void) {
    static const char t[] = "user-agent: *\ndisallow: /a\x7f" "b\n";
    const char *f = scratch_file(5, t, strlen(t));
    proc_result r = run_robots(NULL, 0, ARGS("--explain", f, "a", "http://x/a\x7f" "b"));
    CHECK_EQ(r.status, 1);
    CHECK(r.out.data && strstr(r.out.data, "explain: path: /a\\x7Fb\n"));
    CHECK(r.out.data && strstr(r.out.data, "explain: rule: line 2: disallow: /a\\x7Fb (4 octets)\n"));
    proc_result_free(&r);
    char url[400] = "http://x/";
    memset(url + 9, 'p', 300);
    url[309] = '\0';
    r = run_robots(NULL, 0, ARGS("--explain", f, "a", url));
    CHECK_EQ(r.status, 0);
    char want[300] = "explain: path: /";
    memset(want + 16, 'p', 255);
    strcpy(want + 16 + 255, "...\n");
    CHECK(r.out.data && strstr(r.out.data, want));
    proc_result_free(&r);
}

static void explain_output(void) {
    const char *f = scratch_file(0, fish, strlen(fish));
    proc_result r = run_robots(NULL, 0, ARGS("--explain", f, "FooBot", "http://example.com/fish.html?a#b"));
    CHECK_EQ(r.status, 1);
    CHECK(output_is(&r.out,
                    "user-agent 'FooBot' with URI 'http://example.com/fish.html?a#b': DISALLOWED\n"
                    "explain: profile: google\n"
                    "explain: path: /fish.html?a\n"
                    "explain: group: specific (1 group)\n"
                    "explain: rule: line 2: disallow: /fish (5 octets)\n"
                    "explain: why: the longest matching pattern is a disallow; no allow pattern as long matches\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS(f, "OtherBot", "/fish", "--explain"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
                    "user-agent 'OtherBot' with URI '/fish': ALLOWED\n"
                    "explain: profile: google\n"
                    "explain: path: /fish\n"
                    "explain: group: none\n"
                    "explain: rule: none\n"
                    "explain: why: no group names this agent and there is no '*' group, so everything is allowed\n"));
    proc_result_free(&r);
    static const char idx[] = "user-agent: *\nuser-agent: b\nallow: /d/index.html\ndisallow: /d/\n"
                              "user-agent: *\nallow: /e\ndisallow: /e\n";
    f = scratch_file(4, idx, strlen(idx));
    r = run_robots(NULL, 0, ARGS("--explain", f, "a", "/d/"));
    CHECK(output_is(&r.out,
                    "user-agent 'a' with URI '/d/': ALLOWED\n"
                    "explain: profile: google\n"
                    "explain: path: /d/\n"
                    "explain: group: global (2 groups merged)\n"
                    "explain: rule: line 3: allow: /d/$ (4 octets) [the directory form of an index.htm allow]\n"
                    "explain: why: the longest matching pattern is an allow\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--explain", f, "a", "/e"));
    CHECK(r.out.len && strstr(r.out.data, "explain: why: an allow and a disallow pattern of the same length match; allow wins the tie\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--explain", f, "b", "/q"));
    CHECK(r.out.len && strstr(r.out.data, "explain: why: no rule of the applicable group(s) matches this path, so it is allowed\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--explain", "--profile", "rfc9309", f, "a", "/robots.txt"));
    CHECK(r.out.len && strstr(r.out.data, "explain: profile: rfc9309\n"));
    CHECK(r.out.len && strstr(r.out.data, "explain: why: /robots.txt itself is always allowed"));
    proc_result_free(&r);
    /* Control characters in the path are shown escaped, on one line. */
    r = run_robots(NULL, 0, ARGS("--explain", f, "a", "/x\ty"));
    CHECK(r.out.len && strstr(r.out.data, "explain: path: /x\\x09y\n"));
    proc_result_free(&r);
}

static void stdin_and_double_dash(void) {
    proc_result r = run_robots(fish, strlen(fish), ARGS("-", "FooBot", "/fish"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    const char *f = scratch_file(0, fish, strlen(fish));
    r = run_robots(NULL, 0, ARGS("--", f, "FooBot", "/fish"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    /* After "--" an argument that looks like an option is positional. */
    r = run_robots(NULL, 0, ARGS(f, "--", "--FooBot", "/fish"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, "user-agent '--FooBot' with URI '/fish': ALLOWED\n"));
    proc_result_free(&r);
}

/* The default cap applies to the command too: a 600 KB file is read only that far. */
static void default_cap(void) {
    static char big[600001];
    memset(big, '#', sizeof big - 1);
    memcpy(big, "user-agent: *\n", 14);
    big[13] = '\n';
    big[20] = '\n';
    memcpy(big + 550000, "\ndisallow: /\n", 13);
    const char *f = scratch_file(5, big, sizeof big - 1);
    proc_result r = run_robots(NULL, 0, ARGS(f, "a", "/"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--max-bytes", "0", f, "a", "/"));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
}

const test_suite suite_cli = {"cli", (const test_case[]){
    {"ALLOWED exits 0, DISALLOWED exits 1", allowed_and_disallowed},
    {"an empty file prints the notice", empty_file_notice},
    {"usage errors and unreadable files exit 2", usage_errors_exit_2},
    {"--help and --version", help_and_version},
    {"--profile", profile_option},
    {"--max-bytes", max_bytes_option},
    {"--explain", explain_output},
    {"--explain shows what cannot be seen", explain_shows_what_cannot_be_seen},
    {"'-' reads stdin; '--' ends options", stdin_and_double_dash},
    {"the default cap applies", default_cap},
    {NULL, NULL}}};
