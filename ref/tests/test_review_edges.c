/* test_review_edges.c - robots review at its edges: every option and its errors,
 * the limits on how many files, more causes than the first table holds, a token
 * too long to class, and what is wrong in --urls, --sitemap and --log files
 * (docs/review.md): each a warning or exit 2, never a short report said as whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "cli_support.h"
#include "review.h"
#include "review_data.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char old_file[] = "User-agent: *\nAllow: /\n";
static const char new_file[] = "User-agent: *\nDisallow: /p\n";

static int has(const proc_output *o, const char *s) { return o->data && strstr(o->data, s) != NULL; }

/* The path of scratch file `slot`, copied (scratch_file's storage is per slot). */
static const char *keep(char *out, size_t cap, int slot, const char *text, size_t len) {
    snprintf(out, cap, "%s", scratch_file(slot, text, len));
    return out;
}

/* -h, --help, a missing value, a wrong profile, format or policy, labels, OLD on
 * standard input, and both on it. */
static void options(void) {
    char o[512], n[512];
    keep(o, sizeof o, 0, old_file, sizeof old_file - 1);
    keep(n, sizeof n, 1, new_file, sizeof new_file - 1);
    static const char *const help[] = {"-h", "--help"};
    for (int i = 0; i < 2; i++) {
        proc_result r = run_robots(NULL, 0, ARGS("review", help[i]));
        CHECK(r.status == 0 && has(&r.out, "--fail-on POLICY") && has(&r.out, "no URL left to review"));
        proc_result_free(&r);
    }
    proc_result r = run_robots(NULL, 0, ARGS("review", o, n, "--urls"));
    CHECK(r.status == 2 && has(&r.err, "missing value for option") && has(&r.err, "--urls"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--profile", "bing", o, n));
    CHECK(r.status == 2 && has(&r.err, "--profile must be google or rfc9309, not") && has(&r.err, "bing"));
    proc_result_free(&r);
    static const char *const policies[] = {"blocked-nothing", "sometimes"};
    for (int i = 0; i < 2; i++) {
        r = run_robots(NULL, 0, ARGS("review", "--fail-on", policies[i], o, n));
        CHECK(r.status == 2 && has(&r.err, policies[i]) && has(&r.err, "(search, "));
        proc_result_free(&r);
    }
    /* rfc9309, labels, and OLD read from standard input. */
    r = run_robots(old_file, sizeof old_file - 1,
                   ARGS("review", "--profile", "rfc9309", "--crawlers", "Googlebot", "--old-label", "main",
                        "--new-label", "pull request", "-", n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "robots review: main -> pull request: ") && has(&r.out, "before: line 2 \"Allow: /\" in main"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review"));
    CHECK(r.status == 2 && has(&r.err, "two files are needed, OLD and NEW; none is given"));
    proc_result_free(&r);
    r = run_robots(old_file, sizeof old_file - 1, ARGS("review", "-", "-"));
    CHECK(r.status == 2 && has(&r.err, "-"));
    proc_result_free(&r);
}

/* More files of a kind than the command takes: exit 2, naming the one too many. */
static int review_argv(void *ctx) {
    char **argv = ctx;
    int argc = 0;
    while (argv[argc]) argc++;
    return run_review(argc, argv);
}

static void too_many_files(void) {
    static const char *const options[] = {"--urls", "--sitemap", "--log"};
    static const int limits[] = {64, 1024, 1024};
    for (int k = 0; k < 3; k++) {
        size_t n = 1 + 2 * (size_t)(limits[k] + 1) + 2;
        char **argv = calloc(n + 1, sizeof *argv);
        CHECK(argv != NULL);
        if (!argv) return;
        size_t at = 0;
        argv[at++] = "review";
        for (int i = 0; i <= limits[k]; i++) argv[at++] = (char *)options[k], argv[at++] = "/nonexistent";
        argv[at++] = "old";
        argv[at++] = "new";
        CHECK_EQ(run_quietly(review_argv, argv), 2);
        /* One fewer gets past the options (and stops at the missing files). */
        argv[2 * limits[k] + 1] = "old", argv[2 * limits[k] + 2] = "new", argv[2 * limits[k] + 3] = NULL;
        CHECK_EQ(run_quietly(review_argv, argv), 2);
        free(argv);
    }
}

/* 140 causes: past the 64 the first table holds and the 128 the first hash
 * takes; each a line of its own, and every answer counted once. */
static void many_causes(void) {
    enum { N = 140 };
    char *before = malloc(N * 32 + 32), *after = malloc(N * 32 + 32), *urls = malloc(N * 32);
    CHECK(before && after && urls);
    if (!before || !after || !urls) return;
    size_t b = (size_t)sprintf(before, "User-agent: *\n"), a = (size_t)sprintf(after, "User-agent: *\n"), u = 0;
    for (int i = 0; i < N; i++) {
        b += (size_t)sprintf(before + b, "Allow: /p%d$\n", i);
        a += (size_t)sprintf(after + a, "Disallow: /p%d$\n", i);
        u += (size_t)sprintf(urls + u, "/p%d\n", i);
    }
    char o[512], n[512], l[512];
    keep(o, sizeof o, 2, before, b);
    keep(n, sizeof n, 3, after, a);
    keep(l, sizeof l, 4, urls, u);
    free(before), free(after), free(urls);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--urls", l, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "140 of 140 answers change (140 URLs x 1 crawlers)"));
    CHECK(has(&r.out, "\n140. blocked now: 1 answer\n"));
    CHECK(has(&r.out, "line 141 \"Disallow: /p139$\" in") && has(&r.out, "(lesson MATCH-11)"));
    proc_result_free(&r);
}

/* The lesson of a tie (PREC-2), a crawler whose token is too long to class with
 * others, and crawlers the catalog does not know under a purpose's policy. */
static void lessons_and_crawlers(void) {
    char o[512], n[512];
    static const char shut[] = "User-agent: *\nDisallow: /p\n", tie[] = "User-agent: *\nDisallow: /p\nAllow: /p\n";
    keep(o, sizeof o, 5, shut, sizeof shut - 1);
    keep(n, sizeof n, 6, tie, sizeof tie - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--fail-on", "none", o, n));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "after:  line 3 \"Allow: /p\" in") && has(&r.out, "(lesson PREC-2)"));
    proc_result_free(&r);
    char token[200], text[300], list[300];
    memset(token, 'L', sizeof token - 1);
    token[sizeof token - 1] = '\0';
    int len = snprintf(text, sizeof text, "User-agent: %s\nDisallow: /p\n", token);
    keep(n, sizeof n, 7, text, (size_t)len);
    keep(o, sizeof o, 5, old_file, sizeof old_file - 1);
    snprintf(list, sizeof list, "%s,FooBot", token);
    const char *u = scratch_file(8, "/p\n/q\n", 6);
    /* ROBOTS_REVIEW_NAIVE set but empty is off: the classes are made. */
    setenv("ROBOTS_REVIEW_NAIVE", "", 1);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", list, "--urls", u, o, n));
    unsetenv("ROBOTS_REVIEW_NAIVE");
    CHECK_EQ(r.status, 0); /* neither is a search crawler the catalog knows */
    CHECK(has(&r.out, "1 of 4 answers change"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", list, "--urls", u, "--fail-on", "blocked-any", o, n));
    CHECK_EQ(r.status, 1);
    proc_result_free(&r);
    /* A group for Googlebot replaces the '*' one: the '*' group's rule, still in
     * the file, no longer counts for it, and the report says which group. */
    static const char star[] = "User-agent: *\nDisallow: /cart/\n";
    static const char own[] = "User-agent: *\nDisallow: /cart/\n\nUser-agent: Googlebot\nDisallow: /products\n";
    static const char paths[] = "/cart/x\n/products/a\n";
    keep(o, sizeof o, 5, star, sizeof star - 1);
    keep(n, sizeof n, 7, own, sizeof own - 1);
    u = scratch_file(8, paths, sizeof paths - 1);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--urls", u, o, n));
    CHECK(has(&r.out, "before: no rule (nothing matches in the '*' group) in "));
    CHECK(has(&r.out, "after:  no rule (nothing matches in the crawler's own group, which replaces the '*' group)"));
    proc_result_free(&r);
    /* A slip of the keyboard in a crawler's name: asked as written, with the name
     * it was probably meant to be; a name far from all gets no guess. */
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlbot,FooBot,MyBot", "--urls", u, o, n));
    CHECK(has(&r.err, "asked as the product token 'Googlbot' (did you mean Googlebot?)\n"));
    CHECK(has(&r.err, "asked as the product token 'FooBot'\n"));
    CHECK(has(&r.err, "asked as the product token 'MyBot'\n")); /* two edits from CCBot: too far for a guess */
    proc_result_free(&r);
}

/* Warnings of the same kind on lines of other text are introduced; on a line of
 * the same text, wherever it moved, they are not. */
static void warnings_introduced(void) {
    char o[512], n[512];
    static const char two[] = "User-agent: *\nNoindex: /a\nCrawl-delay: 5\nDisallow: /x\n";
    keep(o, sizeof o, 8, two, sizeof two - 1);
    static const char *const news[] = {"User-agent: *\nCrawl-delay: 10\nDisallow: /x\n",
                                       "User-agent: *\nCrawl-delay: 6\nDisallow: /x\n",
                                       "User-agent: *\nDisallow: /x\nNoindex: /a\n"};
    for (int i = 0; i < 3; i++) {
        keep(n, sizeof n, 9, news[i], strlen(news[i]));
        proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", o, n));
        CHECK_EQ(r.status, 0);
        CHECK(has(&r.out, "Warnings the change introduced") == (i < 2));
        proc_result_free(&r);
    }
}

/* No answer changes, and warnings introduced: one on the file as a whole (line
 * 0, no text) and two on lines, in every format. */
static void warnings_without_changes(void) {
    char o[512], n[512];
    keep(o, sizeof o, 24, old_file, sizeof old_file - 1);
    static const char utf16_bom[] = "\xFF\xFE\nUser-agent: *\nCrawl-delay: 5\nNoindex: /z\n";
    keep(n, sizeof n, 25, utf16_bom, sizeof utf16_bom - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", o, n));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, ": 0 of ") && has(&r.out, ": utf-16: ") && has(&r.out, ":3: crawl-delay: "));
    CHECK(has(&r.out, "      | Noindex: /z\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--crawlers", "Googlebot", o, n));
    CHECK(r.status == 0 && !has(&r.out, "| Crawler | Purpose |") && has(&r.out, "| 0 | `utf-16` |  | "));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "json", "--crawlers", "Googlebot", o, n));
    CHECK(r.status == 0 && has(&r.out, "\"warnings_introduced\": [\n  {\"line\": 0, \"id\": \"utf-16\", \"text\": \"\""));
    CHECK(has(&r.out, "},\n  {\"line\": 3, \"id\": \"crawl-delay\", \"text\": \"Crawl-delay: 5\""));
    proc_result_free(&r);
}

/* Line n of a version, without its end, an empty one included. */
static void line_text(void) {
    char body[] = "a\r\n\nb\r";
    size_t at[] = {0, 3, 4, 6, 6};
    version v = {.name = "v", .body = {body, 6, 7}, .line_at = at, .lines = 4};
    size_t len = 9;
    CHECK(review_line(&v, 0, &len)[0] == '\0' && len == 0);
    const char *s = review_line(&v, 1, &len);
    CHECK_STR(s, len, "a");
    review_line(&v, 2, &len);
    CHECK_EQ(len, 0);
    s = review_line(&v, 3, &len);
    CHECK_STR(s, len, "b");
}

/* --urls: blanks and tabs around a URL, CR LF, a last line with no line end, a
 * NUL, and a file that ends in a lone CR (FORMAT-1 counts its lines alike). */
static void url_lists(void) {
    char o[512], n[512];
    keep(o, sizeof o, 10, old_file, sizeof old_file - 1);
    static const char cr[] = "User-agent: *\rDisallow: /p\r";
    keep(n, sizeof n, 11, cr, sizeof cr - 1);
    /* A URL and its path are one page: the file answers both alike. */
    static const char list[] = " \t/p1 \t\r\n\t/p2\n/p\0x\nhttps://example.com/p1\nhttps://example.com\n/\n/p3";
    const char *u = scratch_file(12, list, sizeof list - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--urls", u, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "3 of 4 answers change (4 URLs") && has(&r.out, "URLs: /p1 /p2 /p3\n"));
    CHECK(has(&r.err, ":3: not a URL or a path, skipped"));
    CHECK(has(&r.out, "after:  line 2 \"Disallow: /p\""));
    /* The verdict of the policy, and the warnings, in the report itself: a CI
     * summary shows no standard error. */
    CHECK(has(&r.out, "\n  --fail-on blocked-search: FAILS (exit 1)\n"));
    CHECK(has(&r.out, "\n  1 warning reading the URLs (said above): pages may be missing from this review\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0,
                   ARGS("review", "--format", "markdown", "--fail-on", "none", "--crawlers", "Googlebot", "--urls", u,
                        o, n));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "\n\nPasses `--fail-on none`.\n\n> **1 warning reading the URLs** (among the run's warnings"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "json", "--crawlers", "Googlebot", "--urls", u, o, n));
    CHECK(has(&r.out, "\"changed\": 3, \"policy\": \"blocked-search\", \"fails\": true, \"url_warnings\": 1,"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--crawlers", "Googlebot", o, n));
    CHECK(has(&r.out, "\n\n**Fails** `--fail-on blocked-search`.\n\n| Crawler"));
    proc_result_free(&r);
}

#ifdef ROBOTS_REVIEW_EXPAT
/* --sitemap: a long <loc> that is no URL (cut in the warning), an index whose
 * entries are among the files given (by name) or are not (a name of the same
 * length), a directory (a read error), and gzip data that is broken. */
static void sitemap_edges(void) {
    char o[512], n[512], s[512], x[512];
    keep(o, sizeof o, 13, old_file, sizeof old_file - 1);
    keep(n, sizeof n, 14, new_file, sizeof new_file - 1);
    char text[600];
    char junk[301];
    memset(junk, 'j', 300);
    junk[300] = '\0';
    int len = snprintf(text, sizeof text, "<urlset><url><loc>/p1</loc></url><url><loc>%s</loc></url></urlset>", junk);
    keep(s, sizeof s, 15, text, (size_t)len);
    const char *name = strrchr(s, '/') + 1; /* "f15" */
    len = snprintf(text, sizeof text,
                   "<sitemapindex><sitemap><loc>https://example.com/%s</loc></sitemap>"
                   "<sitemap><loc>https://example.com/g15?x=1</loc></sitemap></sitemapindex>",
                   name);
    keep(x, sizeof x, 16, text, (size_t)len);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", x, "--sitemap", s, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "1 of 1 answers change"));
    char cut[256];
    snprintf(cut, sizeof cut, "<loc> %.200s is not a URL, skipped\n", junk);
    CHECK(has(&r.err, cut));
    CHECK(!has(&r.err, "names https://example.com/f15,") && has(&r.err, "names https://example.com/g15?x=1,"));
    proc_result_free(&r);
    const char *dir = scratch_directory();
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", dir, "--sitemap", s, o, n));
    CHECK(has(&r.err, "a read error: the rest is not read") && has(&r.out, "1 of 1 answers change"));
    proc_result_free(&r);
#ifdef ROBOTS_CENSUS_ZLIB
    /* A gzip header, then deflate data no inflater reads (a reserved block type). */
    static const unsigned char broken[] = {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0};
    const char *g = scratch_file(17, broken, sizeof broken);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", g, "--sitemap", s, o, n));
    CHECK(has(&r.err, "the gzip stream is broken (") && has(&r.out, "1 of 1 answers change"));
    proc_result_free(&r);
    /* A bomb: a MiB of blanks gzipped, 1,025 times over (members one after another
     * are one file), inflates past the 1 GiB a file may: said, and the URLs of the
     * file before the limit kept. */
    static char mib[1 << 20];
    memset(mib, ' ', sizeof mib);
    static unsigned char member[1 << 16];
    z_stream z;
    memset(&z, 0, sizeof z);
    CHECK(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    z.next_in = (unsigned char *)mib, z.avail_in = sizeof mib;
    z.next_out = member, z.avail_out = sizeof member;
    CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
    size_t member_len = sizeof member - z.avail_out;
    deflateEnd(&z);
    char bomb[600];
    snprintf(bomb, sizeof bomb, "%s/bomb.xml.gz", scratch_directory());
    gzFile head = gzopen(bomb, "wb");
    CHECK(head != NULL);
    if (!head) return;
    gzputs(head, "<urlset><url><loc>/p1</loc></url>");
    gzclose(head);
    FILE *f = fopen(bomb, "ab");
    CHECK(f != NULL);
    if (!f) return;
    for (int i = 0; i < 1025; i++) fwrite(member, 1, member_len, f);
    fclose(f);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", bomb, o, n));
    CHECK(has(&r.err, "more than 1 GiB of XML inflated: the rest is not read") && has(&r.out, "1 of 1 answers change"));
    proc_result_free(&r);
#endif
}
#else
static void sitemap_edges(void) {}
#endif

/* --log: blank lines, a line that starts with a NUL (once skipped unsaid), a NUL in a target, a
 * User-Agent past 4 KiB, a last line with no line end, eleven lines too long (ten
 * said, then a count), a log with no request, a broken gzip log, and a crawler
 * seen past the 64 a review asks. */
static void log_edges(void) {
    char o[512], n[512];
    keep(o, sizeof o, 18, old_file, sizeof old_file - 1);
    keep(n, sizeof n, 19, new_file, sizeof new_file - 1);
    size_t cap = 11 * 66000 + 16384, len = 0;
    char *log = malloc(cap);
    CHECK(log != NULL);
    if (!log) return;
    len += (size_t)sprintf(log + len, "\n\r\n\n");
    log[len++] = '\0';
    len += (size_t)sprintf(log + len, "x\nh - - [d] \"GET /p\1");
    log[len - 1] = '\0';
    len += (size_t)sprintf(log + len, "a HTTP/1.1\" 200 1\nh - - [d] \"GET /p1 HTTP/1.1\" 200 1 \"-\" \"");
    memset(log + len, 'u', 5000), len += 5000;
    len += (size_t)sprintf(log + len, "\"\n");
    for (int i = 0; i < 11; i++) {
        memset(log + len, 'z', 65999), len += 65999;
        log[len++] = '\n';
    }
    len += (size_t)sprintf(log + len, "h - - [d] \"GET /p2 HTTP/1.1\" 200 1");
    const char *l = scratch_file(20, log, len);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--log", l, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "2 of 2 answers change") && has(&r.out, "URLs: /p1 /p2\n"));
    CHECK(!has(&r.err, ":2: ")); /* a blank line, CR LF or not, is no warning */
    CHECK(has(&r.err, ":4: not a line of the Common or Combined Log Format")); /* a NUL first */
    CHECK(has(&r.err, ":5: not a line of the Common or Combined Log Format")); /* a NUL in the target */
    CHECK(has(&r.err, "lines skipped in all"));
    proc_result_free(&r);
    const char *none = scratch_file(21, "nothing here\n", 13);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--log", none, o, n));
    CHECK(r.status == 2 && has(&r.err, ": no request read") && has(&r.err, "no URL to review"));
    proc_result_free(&r);
    /* 64 crawlers asked already: one more seen in the log is one too many. */
    len = 0;
    for (int i = 0; i < 64; i++) len += (size_t)sprintf(log + len, "%sBot%d", i ? "," : "", i);
    const char *seen = "h - - [d] \"GET /p HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1)\"\n";
    l = scratch_file(22, seen, strlen(seen));
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", log, "--log", l, o, n));
    CHECK_EQ(r.status, 2);
    proc_result_free(&r);
    free(log);
#ifdef ROBOTS_CENSUS_ZLIB
    static const unsigned char broken[] = {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0};
    l = scratch_file(23, broken, sizeof broken);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--log", l, o, n));
    CHECK(has(&r.err, ": invalid block type: the rest of the log is not read"));
    proc_result_free(&r);
    /* Cut short: the requests before the cut are reviewed, and the cut is said
     * (zlib calls it Z_BUF_ERROR, which once passed for a whole file). */
    char gz[600];
    snprintf(gz, sizeof gz, "%s/cut-log.gz", scratch_directory());
    gzFile z = gzopen(gz, "wb");
    CHECK(z != NULL);
    if (!z) return;
    for (int i = 0; i < 2000; i++) gzprintf(z, "h - - [d] \"GET /p%d HTTP/1.1\" 200 1\n", i);
    gzclose(z);
    FILE *f = fopen(gz, "rb");
    static char bytes[65536];
    size_t got = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f) fclose(f);
    CHECK(got > 200);
    l = scratch_file(23, bytes, got / 2);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--log", l, o, n));
    CHECK(has(&r.err, ": unexpected end of file: the rest of the log is not read"));
    CHECK(has(&r.out, "answers change (") && !has(&r.out, "(0 URLs"));
    proc_result_free(&r);
#endif
}

const test_suite suite_review_edges = {"review-edges", (const test_case[]){
    {"options and their errors", options},
    {"more files of a kind than it takes", too_many_files},
    {"140 causes", many_causes},
    {"lessons, a long token, unknown crawlers", lessons_and_crawlers},
    {"warnings introduced or kept", warnings_introduced},
    {"warnings introduced, no answer changed", warnings_without_changes},
    {"a line's text", line_text},
    {"--urls lists", url_lists},
    {"--sitemap edges", sitemap_edges},
    {"--log edges", log_edges},
    {NULL, NULL}}};
