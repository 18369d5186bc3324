/* test_subcommands.c - robots url, scope, status and cache-lifetime: one word on
 * stdout, exit codes, and malformed input exiting 2 with a reason. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_support.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Runs the command; checks its exit status and that stdout is exactly `out`. */
static void expect(const char *const *args, int status, const char *out) {
    proc_result r = run_robots(NULL, 0, args);
    CHECK_EQ(r.status, status);
    CHECK(output_is(&r.out, out));
    proc_result_free(&r);
}

/* Checks exit status 2, nothing on stdout and the reason on stderr. */
static void expect_error(const char *const *args, const char *reason) {
    proc_result r = run_robots(NULL, 0, args);
    CHECK_EQ(r.status, 2);
    CHECK(output_is(&r.out, ""));
    int said = r.err.len && strstr(r.err.data, reason);
    if (!said) printf("    stderr was: \"%.300s\"\n    wanted:     \"%s\"\n", r.err.data ? r.err.data : "", reason);
    CHECK(said);
    proc_result_free(&r);
}

static void url_command(void) {
    expect(ARGS("url", "http://www.m\xC3\xBC" "ller.eu/page?q#f"), 0, "http://www.xn--mller-kva.eu/robots.txt\n");
    expect(ARGS("url", "HTTPS://user@Example.COM:443/x"), 0, "https://example.com/robots.txt\n");
    expect(ARGS("url", "http://example.com:8181/x"), 0, "http://example.com:8181/robots.txt\n");
    expect(ARGS("url", "ftp://example.com:21/pub/"), 0, "ftp://example.com/robots.txt\n");
    expect(ARGS("url", "http://[::1]:80/"), 0, "http://[::1]/robots.txt\n");
    expect_error(ARGS("url", "example.com/page"), "malformed URL 'example.com/page': no scheme");
    expect_error(ARGS("url", "http://a:99999/"), "out of range");
    expect_error(ARGS("url", "http://[::1/"), "'[' without ']'");
    expect_error(ARGS("url", "http://a%zz/"), "bad percent-escape");
    expect_error(ARGS("url", "http://"), "empty host");
    expect_error(ARGS("url"), "usage");
    expect_error(ARGS("url", "a", "b"), "usage");
    expect_error(ARGS("url", "--explain", "http://e.com/"), "does not apply");
}

static void scope_command(void) {
    expect(ARGS("scope", "http://example.com/robots.txt", "http://example.com/folder/file"), 0, "applies\n");
    expect(ARGS("scope", "http://example.com:80/robots.txt", "http://example.com/"), 0, "applies\n");
    expect(ARGS("scope", "http://www.m\xC3\xBC" "ller.eu/robots.txt", "http://www.xn--mller-kva.eu/"), 0, "applies\n");
    expect(ARGS("scope", "http://example.com/robots.txt", "https://example.com/"), 1, "does-not-apply\n");
    expect(ARGS("scope", "http://example.com/robots.txt", "http://example.com:8181/"), 1, "does-not-apply\n");
    expect(ARGS("scope", "http://example.com/folder/robots.txt", "http://example.com/"), 1, "not-a-robots-url\n");
    expect(ARGS("scope", "http://example.com/ROBOTS.TXT", "http://example.com/"), 1, "not-a-robots-url\n");
    expect(ARGS("scope", "--explain", "http://example.com/robots.txt", "http://example.com:8181/"), 1,
           "does-not-apply\n"
           "explain: robots.txt: scheme http, host example.com, port 80 (the default)\n"
           "explain: url: scheme http, host example.com, port 8181\n"
           "explain: why: a robots.txt governs only its own scheme, host and port\n");
    expect(ARGS("scope", "gopher://h/robots.txt", "gopher://h/x", "--explain"), 0,
           "applies\n"
           "explain: robots.txt: scheme gopher, host h, no port\n"
           "explain: url: scheme gopher, host h, no port\n"
           "explain: why: same scheme, host and port\n");
    expect_error(ARGS("scope", "http://[x/robots.txt", "http://e.com/"), "malformed URL 'http://[x/robots.txt'");
    expect_error(ARGS("scope", "http://e.com/robots.txt", "e.com"), "malformed URL 'e.com': no scheme");
    expect_error(ARGS("scope", "http://e.com/robots.txt"), "usage");
}

static void status_command(void) {
    expect(ARGS("status", "200"), 0, "conditional\n");
    expect(ARGS("status", "301"), 0, "conditional\n");
    expect(ARGS("status", "301", "--redirects", "4"), 0, "conditional\n");
    expect(ARGS("status", "301", "--redirects", "5"), 0, "full-allow\n");
    expect(ARGS("status", "403"), 0, "full-allow\n");
    expect(ARGS("status", "503"), 0, "full-disallow\n");
    expect(ARGS("status", "429"), 0, "full-disallow\n");
    expect(ARGS("status", "429", "--profile", "rfc9309"), 0, "full-allow\n");
    expect(ARGS("status", "429", "--explain"), 0,
           "full-disallow\nexplain: why: 429 (too many requests): since 2023 Google treats it as a server error: "
           "full disallow, and the request is retried\n");
    expect(ARGS("status", "network-error"), 0, "full-disallow\n");
    expect(ARGS("status", "503", "--unreachable-days", "31", "--cached"), 0, "use-cached\n");
    expect(ARGS("status", "network-error", "--unreachable-days=31"), 0, "full-allow\n");
    expect(ARGS("status", "--profile", "rfc9309", "500", "--unreachable-days", "30"), 0, "full-disallow\n");
    expect(ARGS("status", "404", "--explain"), 0,
           "full-allow\nexplain: why: 4xx other than 429 (401 and 403 included): there is no valid robots.txt: full allow\n");
    expect(ARGS("status", "404", "--explain", "--profile=rfc9309"), 0,
           "full-allow\nexplain: why: unavailable (4xx): the crawler may access any resource (2.3.1.3)\n");
    expect_error(ARGS("status", "600"), "invalid status '600': an HTTP status is a number from 100 to 599");
    expect_error(ARGS("status", "20x"), "invalid status '20x'");
    expect_error(ARGS("status", "2000"), "invalid status '2000'");
    expect_error(ARGS("status", ""), "invalid status ''");
    expect_error(ARGS("status", "200", "--redirects", "x"), "--redirects needs a number");
    expect_error(ARGS("status", "200", "--unreachable-days", "-1"), "--unreachable-days needs a number");
    expect_error(ARGS("status"), "usage");
    expect_error(ARGS("status", "200", "--max-bytes", "5"), "does not apply");
    expect_error(ARGS("status", "200", "--cache-control", "max-age=5"), "does not apply");
}

static void cache_lifetime_command(void) {
    expect(ARGS("cache-lifetime"), 0, "86400\n");
    expect(ARGS("cache-lifetime", "--cache-control", "public, max-age=172800"), 0, "172800\n");
    expect(ARGS("cache-lifetime", "--cache-control", "max-age=172800", "--profile", "rfc9309"), 0, "86400\n");
    expect(ARGS("cache-lifetime", "--cache-control=max-age=60", "--explain"), 0,
           "60\nexplain: why: Cache-Control max-age sets the lifetime (Google may lengthen or shorten it by max-age)\n");
    expect_error(ARGS("cache-lifetime", "x"), "usage");
    expect_error(ARGS("cache-lifetime", "--cached"), "does not apply");
}

/* Sub-commands are recognised only as the first word; FILE AGENT URL still works
 * for a file named like one when written as a path. */
static void subcommand_names_and_files(void) {
    static const char t[] = "user-agent: *\ndisallow: /\n";
    const char *f = scratch_file(6, t, strlen(t));
    expect(ARGS(f, "status", "/x"), 1, "user-agent 'status' with URI '/x': DISALLOWED\n");
    expect_error(ARGS("--batch", "url", "x"), "--batch takes no FILE AGENT URL");
    expect_error(ARGS("--redirects", "1", f, "a", "/"), "does not apply");
}

/* Output that cannot be written (a full disk: /dev/full) is exit 2 with a message
 * on stderr, for every sub-command, the check and --batch; never a silent 0. */
static void write_errors(void) {
    const char *bin = getenv("ROBOTS_BIN");
    const char *f = scratch_file(3, "user-agent: *\ndisallow: /x\n", 27);
    static const char *const commands[] = {
        "\"$0\" url http://e.com/a > /dev/full",
        "\"$0\" scope http://e.com/robots.txt http://e.com/a > /dev/full",
        "\"$0\" status 503 > /dev/full",
        "\"$0\" cache-lifetime > /dev/full",
        "\"$0\" lint \"$1\" > /dev/full",
        "\"$0\" review \"$1\" \"$1\" > /dev/full",
        "\"$0\" \"$1\" a http://e.com/x > /dev/full",
        "\"$0\" --explain \"$1\" a http://e.com/y > /dev/full",
        "\"$0\" --help > /dev/full",
        "echo '{\"id\":1,\"kind\":\"cache-lifetime\"}' | \"$0\" --batch > /dev/full",
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char *argv[] = {"/bin/sh", "-c", (char *)commands[i], (char *)(bin ? bin : "build/bin/robots"),
                        (char *)f, NULL};
        proc_result r;
        CHECK_EQ(proc_run(argv, NULL, 0, 30.0, 1 << 16, &r), 0);
        CHECK_EQ(r.status, 2);
        CHECK(r.err.data && strstr(r.err.data, "cannot write the output"));
        if (r.status != 2) printf("    (%s: exit %d)\n", commands[i], r.status);
        proc_result_free(&r);
    }
}

/* robots usage: every category, one category's exit status, --explain. */
static void usage_command(void) {
    const char *text = "User-Agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\n"
                                    "Content-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n"
                                    "User-Agent: Other\nContent-Usage: search=y, train-ai=y, train-ai=\"n\"\n";
    const char *f = scratch_file(0, text, strlen(text));
    expect(ARGS("usage", f, "GPTBot", "http://e.com/ai-ok/x"), 0,
           "content-usage train-ai: y (line 4)\ncontent-usage search: unknown (line 4)\n"
           "content-signal search: y (line 5)\ncontent-signal ai-input: unknown (line 5)\n"
           "content-signal ai-train: n (line 5)\n");
    expect(ARGS("usage", "--signal", f, "GPTBot", "http://e.com/x"), 0,
           "content-signal search: y (line 5)\ncontent-signal ai-input: unknown (line 5)\n"
           "content-signal ai-train: n (line 5)\n");
    expect(ARGS("usage", f, "GPTBot", "http://e.com/x", "train-ai"), 1, "content-usage train-ai: n (line 3)\n");
    expect(ARGS("usage", f, "GPTBot", "http://e.com/ai-ok/", "train-ai"), 0, "content-usage train-ai: y (line 4)\n");
    expect(ARGS("usage", "--explain", f, "GPTBot", "http://e.com/never/x", "train-ai"), 3,
           "content-usage train-ai: unknown\n"
           "explain:   crawl: disallowed by line 2\n"
           "explain:   why: the crawl rules disallow this URL, and preferences apply only to what may be crawled\n");
    expect(ARGS("usage", "--explain", "--profile", "rfc9309", f, "other", "http://e.com/x", "train-ai"), 3,
           "content-usage train-ai: unknown (line 7)\n"
           "explain:   crawl: allowed\n"
           "explain:   group: specific\n"
           "explain:   line 7: content-usage: search=y, train-ai=y, train-ai=\"n\" (path length 0)\n"
           "explain:   why: the deciding line gives this category a value other than the vocabulary's two tokens\n");
    expect(ARGS("usage", "--explain", "--max-bytes", "30", f, "a", "/x", "search"), 3,
           "content-usage search: unknown\n"
           "explain:   crawl: allowed\n"
           "explain:   group: global\n"
           "explain:   why: no line of this kind in the agent's group(s) matches this path\n"
           "explain: note: only the first 30 bytes of the file were parsed (--max-bytes)\n");
    const char *outside = scratch_file(1, "content-usage: train-ai=n\nuser-agent: *\n", 40);
    expect(ARGS("usage", "--explain", outside, "a", "/", "train-ai"), 3,
           "content-usage train-ai: unknown\n"
           "explain:   crawl: allowed\n"
           "explain:   group: global\n"
           "explain:   why: no line of this kind in the agent's group(s) matches this path\n"
           "explain:   note: lines of this kind before the first user-agent line apply to nobody\n");
    /* A Content-Signal category asked of Content-Usage lines: answered, with a warning. */
    proc_result w = run_robots(NULL, 0, ARGS("usage", f, "GPTBot", "http://e.com/x", "ai-train"));
    CHECK_EQ(w.status, 3);
    CHECK(output_is(&w.out, "content-usage ai-train: unknown (line 3)\n"));
    CHECK(w.err.data && strstr(w.err.data, "warning: 'ai-train' is not a Content-Usage category (train-ai, search); "
                                           "it is Content-Signal's: add --signal"));
    proc_result_free(&w);
    w = run_robots(NULL, 0, ARGS("usage", "--signal", f, "GPTBot", "http://e.com/x", "train-ai"));
    CHECK(w.err.data && strstr(w.err.data, "'train-ai' is not a Content-Signal category (search, ai-input, "
                                           "ai-train); it is Content-Usage's: leave out --signal"));
    proc_result_free(&w);
    w = run_robots(NULL, 0, ARGS("usage", f, "GPTBot", "http://e.com/x", "bogus"));
    CHECK(w.status == 3 && w.err.data && strstr(w.err.data, "'bogus' is not a Content-Usage category (train-ai, "
                                                             "search)\n"));
    proc_result_free(&w);
    expect_error(ARGS("usage", f, "a"), "usage");
    expect_error(ARGS("usage", f, "a", "/", "train-ai", "x"), "too many arguments");
    expect_error(ARGS("usage", "/nonexistent/robots.txt", "a", "/"), "failed to read file");
    expect_error(ARGS("--signal", f, "a", "/"), "does not apply");
}

/* robots --crawler: the catalog's crawlers asked as their operators document them
 * (the project's catalog, found from the working directory as make runs the
 * tests), and catalogs that cannot be read. */
static void crawler_command(void) {
    const char *ua1 = scratch_file(0, "user-agent: googlebot-news\ndisallow: /group-1\n\n"
                                      "user-agent: *\ndisallow: /group-2\n\n"
                                      "user-agent: googlebot\ndisallow: /group-3\n", 122);
    /* UA-1: Googlebot-Image follows the googlebot group, Googlebot-News its own alone. */
    expect(ARGS("--crawler", "Googlebot-Image", ua1, "http://example.com/group-3"), 1,
           "crawler 'Googlebot-Image' (googlebot-image, googlebot) with URI 'http://example.com/group-3': DISALLOWED\n"
           "decided by: the group of googlebot, line 8 (disallow)\n");
    expect(ARGS("--crawler", "googlebot-news", ua1, "http://example.com/group-3"), 0,
           "crawler 'Googlebot-News' (googlebot-news, googlebot) with URI 'http://example.com/group-3': ALLOWED\n"
           "decided by: the group of googlebot-news: no rule matches\n");
    /* AdsBot, named by a whole User-Agent header, ignores the '*' group. */
    const char *star = scratch_file(1, "User-agent: *\nDisallow: /\n", 26);
    expect(ARGS("--crawler", "Mozilla/5.0 (compatible; AdsBot-Google; +http://www.google.com/adsbot.html)", star,
                "http://example.com/landing"),
           0,
           "crawler 'AdsBot' (adsbot-google) with URI 'http://example.com/landing': ALLOWED\n"
           "decided by: no group (none names it, and it ignores the '*' group): everything is allowed\n");
    expect(ARGS("--crawler", "GPTBot", star, "http://example.com/landing"), 1,
           "crawler 'GPTBot' (gptbot) with URI 'http://example.com/landing': DISALLOWED\n"
           "decided by: the '*' group (no group names it), line 2 (disallow)\n");
    /* A fetcher for users' requests, and a usage token: the answer, and a note. */
    proc_result r = run_robots(NULL, 0, ARGS("--crawler", "Perplexity-User", star, "http://example.com/"));
    CHECK(r.status == 1 && r.out.data && strstr(r.out.data, "note: it fetches on a user's request"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--crawler", "google-extended", star, "http://example.com/"));
    CHECK(r.status == 1 && r.out.data && strstr(r.out.data, "note: no crawler fetches with this token"));
    proc_result_free(&r);
    /* A name the catalog does not know: asked as written, and said so. */
    r = run_robots(NULL, 0, ARGS("--crawler", "FooBot", ua1, "http://example.com/group-2"));
    CHECK(r.status == 1 && r.err.data && strstr(r.err.data, "'FooBot' is no crawler of the catalog"));
    CHECK(output_is(&r.out, "crawler 'FooBot' (FooBot) with URI 'http://example.com/group-2': DISALLOWED\n"
                            "decided by: the '*' group (no group names it), line 5 (disallow)\n"));
    proc_result_free(&r);
    /* Catalogs that cannot be read, and the command line's mistakes. */
    expect_error(ARGS("--crawler", "a", "--catalog", "/nonexistent/catalog.json", ua1, "/"), "cannot read");
    expect_error(ARGS("--crawler", "a", "--catalog", ua1, ua1, "/"), "byte 0: expected a JSON object");
    const char *wrong = scratch_file(2, "{\"crawlers\": [{\"id\": 7}]}", 25);
    expect_error(ARGS("--crawler", "a", "--catalog", wrong, ua1, "/"), "not a crawler catalog");
    expect_error(ARGS("--catalog", wrong, ua1, "a", "/"), "--catalog goes with");
    expect_error(ARGS("--crawler", "a", ua1), "--crawler NAME expects FILE URL");
    expect_error(ARGS("--crawler", "a", "/nonexistent/robots.txt", "/"), "failed to read file");
    /* A fetcher with no token, one that follows robots.txt in part, one that
     * ignores it (a catalog of its own), and a file with no group for it. */
    r = run_robots(NULL, 0, ARGS("--crawler", "Google-CWS", star, "http://example.com/"));
    CHECK(r.status == 0 && r.out.data &&
          strstr(r.out.data, "crawler 'Chrome Web Store' () with URI 'http://example.com/': ALLOWED\n"
                             "decided by: nothing: it has no token, so no group of a robots.txt names it\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("--crawler", "ia_archiver", star, "http://example.com/"));
    CHECK(r.out.data && strstr(r.out.data, "note: its operator says it does not follow robots.txt for some sites"));
    proc_result_free(&r);
    const char *own = scratch_file(3, "{\"crawlers\": [{\"id\": \"x\", \"name\": \"X\", \"robots\": \"ignores\", "
                                      "\"tokens\": [\"x\"], \"id\": \"x-bot\"}]}", 93);
    r = run_robots(NULL, 0, ARGS("--crawler", "x-bot", "--catalog", own, star, "http://example.com/"));
    CHECK(r.out.data && strstr(r.out.data, "note: its operator says it does not follow robots.txt\n"));
    proc_result_free(&r);
    const char *other = scratch_file(4, "user-agent: otherbot\ndisallow: /\n", 33);
    expect(ARGS("--crawler", "GPTBot", other, "http://example.com/"), 0,
           "crawler 'GPTBot' (gptbot) with URI 'http://example.com/': ALLOWED\n"
           "decided by: no group (none names it, and there is no '*' group): everything is allowed\n");
    /* What the reader refuses: each a catalog it cannot use. */
    static const char *const shapes[] = {
        "{\"crawlers\": 1}", "{\"crawlers\": [1]}", "{\"crawlers\": [{\"id\": \"a\", \"tokens\": \"a\"}]}",
        "{\"crawlers\": [{\"id\": \"a\", \"tokens\": [1]}]}", "{\"crawlers\": [{\"id\": \"a\"}]}",
        ("{\"crawlers\": [{\"id\": \"a\", \"name\": \"A\", \"robots\": \"follows\", \"tokens\": "
         "[\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\"]}]}")};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const char *bad = scratch_file(5, shapes[i], strlen(shapes[i]));
        expect_error(ARGS("--crawler", "a", "--catalog", bad, ua1, "/"), "not a crawler catalog");
    }
    /* Larger than any catalog: refused, not read to the end of memory. */
    size_t big = ((size_t)8 << 20) + 2;
    char *huge = malloc(big);
    CHECK(huge != NULL);
    if (huge) {
        memset(huge, ' ', big);
        huge[0] = '{';
        huge[big - 1] = '}';
        expect_error(ARGS("--crawler", "a", "--catalog", scratch_file(6, huge, big), ua1, "/"),
                     "larger than 8388608 bytes: not a crawler catalog");
        free(huge);
    }
}

/* The catalog found beside the program when the working directory has none, and
 * a usage error when it is found nowhere. */
static void crawler_catalog_found(void) {
    const char *bin = getenv("ROBOTS_BIN") ? getenv("ROBOTS_BIN") : "build/bin/robots";
    char program[8300], here[4096], cmd[20000];
    CHECK(getcwd(here, sizeof here) != NULL);
    snprintf(program, sizeof program, "%s%s%s", bin[0] == '/' ? "" : here, bin[0] == '/' ? "" : "/", bin);
    const char *star = scratch_file(7, "User-agent: *\nDisallow: /\n", 26);
    char abs_star[8300];
    snprintf(abs_star, sizeof abs_star, "%s%s%s", star[0] == '/' ? "" : here, star[0] == '/' ? "" : "/", star);
    /* From /: ../../conformance beside build/bin/robots. */
    snprintf(cmd, sizeof cmd, "cd / && '%s' --crawler adsbot-google '%s' http://example.com/", program, abs_star);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    proc_result r;
    CHECK(proc_run(argv, NULL, 0, 30, 1 << 16, &r) == 0);
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "crawler 'AdsBot' (adsbot-google)"));
    proc_result_free(&r);
    /* A copy of the program in a folder of its own, run from there: nowhere. (A
     * platform's wrapper script, scripts/test-platforms, runs the program where
     * it was built, wherever the copy is: there it is still found beside it.) */
    FILE *f = fopen(program, "rb");
    char head[2] = {0, 0};
    CHECK(f != NULL && fread(head, 1, 2, f) == 2);
    if (f) fclose(f);
    bool wrapper = head[0] == '#' && head[1] == '!';
    char dir[] = "/tmp/robots-crawler-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s/robots' && cd '%s' && ./robots --crawler a '%s' /; s=$?; rm -rf '%s'; exit $s",
             program, dir, dir, abs_star, dir);
    CHECK(proc_run(argv, NULL, 0, 30, 1 << 16, &r) == 0);
    if (wrapper)
        CHECK(r.status == 1 && r.out.data && strstr(r.out.data, "crawler 'a' (a)"));
    else
        CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "cannot find the crawler catalog") &&
              strstr(r.err.data, "give --catalog FILE"));
    proc_result_free(&r);
}

const test_suite suite_subcommands = {"subcommands", (const test_case[]){
    {"write errors exit 2", write_errors},
    {"robots url", url_command},
    {"robots scope", scope_command},
    {"robots status", status_command},
    {"robots cache-lifetime", cache_lifetime_command},
    {"sub-command names and files", subcommand_names_and_files},
    {"robots usage", usage_command},
    {"robots --crawler", crawler_command},
    {"robots --crawler finds the catalog beside itself, or says it cannot", crawler_catalog_found},
    {NULL, NULL}}};
