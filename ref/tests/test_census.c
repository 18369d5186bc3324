/* test_census.c - robots census: every site x agent x path of a corpus (census.c,
 * census_input.c). The rows and summaries of the fixtures (ref/tests/census/),
 * every input that is not a site, every bad argument, a full output, and every
 * allocation failing in turn. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "alloc.h"
#include "census.h"
#include "cli.h"
#include "cli_support.h"
#include "crawler_catalog.h"
#include "file.h"
#include "json.h"
#include "read_buffer.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define FIXTURES "ref/tests/census"

/* Is the whole of file `path` what out holds? */
static int same_as_file(const proc_output *out, const char *path) {
    buf want = {NULL, 0, 0};
    int more = 0;
    int same = read_file(path, 0, &want, &more) == 0 && out->len == want.len &&
               (want.len == 0 || memcmp(out->data, want.data, want.len) == 0);
    buf_free(&want);
    return same;
}

static void fixtures_give_their_rows(void) {
    proc_result r = run_robots(NULL, 0, ARGS("census", "--agents", "Googlebot,GPTBot", "--paths", FIXTURES "/paths.txt",
                                             "--paths-from-rules", "2", FIXTURES "/sites", FIXTURES "/sites.jsonl"));
    CHECK_EQ(r.status, 0);
    CHECK(same_as_file(&r.out, FIXTURES "/expected.jsonl"));
    CHECK(same_as_file(&r.err, FIXTURES "/expected.stderr"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--agents", "GPTBot", "--format", "csv", FIXTURES "/sites"));
    CHECK(r.status == 0 && same_as_file(&r.out, FIXTURES "/expected.csv"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--profile", "rfc9309", FIXTURES "/sites.jsonl"));
    CHECK(r.status == 0 && same_as_file(&r.out, FIXTURES "/expected.tsv"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--help"));
    CHECK(r.status == 0 && r.out.data && strstr(r.out.data, "usage: robots census"));
    proc_result_free(&r);
}

/* The AI usage preferences per agent: the table on stderr and the "usage" counts
 * of --summary (census.h's order), for files that state them and one that does
 * not; GPTBot's own group states no Content-Usage line, so none applies to it. */
static void usage_preferences_counted(void) {
    const char *summary = scratch_file(3, "", 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--agents", "Googlebot,GPTBot", "--paths", FIXTURES "/paths.txt",
                                             "--summary", summary, FIXTURES "/usage.jsonl"));
    CHECK_EQ(r.status, 0);
    CHECK(same_as_file(&r.err, FIXTURES "/expected-usage.stderr"));
    proc_result_free(&r);
    buf json = {NULL, 0, 0};
    int more = 0;
    CHECK_EQ(read_file(summary, 0, &json, &more), 0);
    CHECK(json.data && strstr(json.data, "\"agent\":\"Googlebot\",\"sites\":3,\"root_allowed\":3,"
                                         "\"whole_site_disallowed\":0,\"checks\":9,\"allowed\":8,"
                                         "\"usage\":[1,0,1,1,0,1,0,1,0,2,0,2,0,0,0,0,2,0,2,0]}"));
    CHECK(json.data && strstr(json.data, "\"usage\":[0,0,0,0,0,0,0,0,0,1,0,1,0,0,0,0,2,0,2,0]}],\"inputs\":[{"));
    buf_free(&json);
}

/* Lines that are sites, each in its way, and lines that are not, each with its
 * warning: read from standard input. */
static void every_line_has_an_answer(void) {
    static char big[1900000];
    char *p = big;
    p += sprintf(p, "{\"site\":\"big,\\\"quoted\\\"\\tsite\",\"robots\":\"user-agent: *\\ndisallow: /x\\n");
    memset(p, '#', 600000);
    p += 600000;
    p += sprintf(p, "\\ndisallow: /\"}\n");
    /* A line past 1 MiB is no site, whatever it holds. */
    memset(p, ' ', 1100000);
    p += 1100000;
    *p++ = '\n';
    p += sprintf(p, "{\"site\":\"down\",\"status\":\"network-error\",\"redirects\":2,\"other\":[1,2]}\n"
                    "{\"site\":\"\",\"status\":200}\n{\"site\":7}\n{\"site\":\"a\",\"status\":99}\n"
                    "{\"site\":\"a\",\"status\":\"gone\"}\n{\"site\":\"a\",\"redirects\":-1}\n"
                    "{\"site\":\"a\",\"robots\":5}\n{\"site\":\"a\",\"robots_base64\":5}\n"
                    "{\"site\":\"a\",\"robots_base64\":\"!!!\"}\n[1]\n\n");
    const char *const formats[] = {"jsonl", "csv", "tsv"};
    for (size_t f = 0; f < 3; f++) {
        proc_result r = run_robots(big, (size_t)(p - big), ARGS("census", "--format", formats[f], "--paths-from-rules", "5",
                                                               "-"));
        CHECK_EQ(r.status, 0);
        const char *out = r.out.data ? r.out.data : "";
        const char *err = r.err.data ? r.err.data : "";
        /* The 500 KiB cap: the last line, "disallow: /", is past it. */
        CHECK(strstr(out, f == 0 ? "\"path\":\"/\",\"allowed\":true" : f == 1 ? "/,true,0" : "/\ttrue\t0"));
        CHECK(strstr(out, f == 0 ? "\"status\":\"network-error\",\"decision\":\"full-disallow\"" : "network-error"));
        if (f == 1) CHECK(strstr(out, "\"big,\"\"quoted\"\"\tsite\",GPTBot") == NULL && strstr(out, "\"big,\"\"quoted\"\"\tsite\","));
        if (f == 2) CHECK(strstr(out, "big,\"quoted\" site\t"));
        CHECK(strstr(err, "-:2: a line whose fields besides \"robots\" pass 1 MiB: not a site"));
        CHECK(strstr(err, "-:4: \"site\" must be a non-empty string") && strstr(err, "-:5: \"site\" must be"));
        CHECK(strstr(err, "-:6: \"status\" must be an HTTP status") && strstr(err, "-:7: \"status\" must be"));
        CHECK(strstr(err, "-:8: \"redirects\" must be") && strstr(err, "-:9: \"robots\" must be a string"));
        CHECK(strstr(err, "-:10: \"robots_base64\" must be a string") && strstr(err, "-:11: "));
        CHECK(strstr(err, "-:12: ") && strstr(err, "2 sites (10 skipped)"));
        proc_result_free(&r);
    }
}

/* A folder holds more than files; a file may name more groups than the census
 * looks at; a path may be past its bound. */
static void folders_and_files_at_their_edges(void) {
    const char *one = scratch_file(0, "x", 1);
    char dir[512];
    snprintf(dir, sizeof dir, "%.*s/census-edges", (int)(strrchr(one, '/') - one), one);
    mkdir(dir, 0700);
    char path[600], sub[600], link[600];
    snprintf(sub, sizeof sub, "%s/a-folder", dir);
    mkdir(sub, 0700);
    snprintf(link, sizeof link, "%s/dangling", dir);
    unlink(link);
    CHECK_EQ(symlink("/nonexistent/robots.txt", link), 0);
    /* A link to a file is read as the file (its type asked, not told by the folder). */
    snprintf(link, sizeof link, "%s/linked.example", dir);
    unlink(link);
    CHECK_EQ(symlink("odd-rules.example", link), 0);
    /* 300 groups naming FooBot, the last disallowing everything. */
    static char many[20000];
    char *p = many;
    for (int i = 0; i < 299; i++) p += sprintf(p, "user-agent: FooBot\nallow: /x%d\n\n", i);
    p += sprintf(p, "user-agent: FooBot\ndisallow: /\nuser-agent: *\ndisallow:\n");
    snprintf(path, sizeof path, "%s/many-groups.example", dir);
    FILE *f = fopen(path, "w");
    CHECK(f && fwrite(many, 1, (size_t)(p - many), f) == (size_t)(p - many));
    if (f) fclose(f);
    /* A rule too long to be a path, one with a control byte, one without '/'. */
    snprintf(path, sizeof path, "%s/odd-rules.example", dir);
    f = fopen(path, "w");
    if (f) {
        fprintf(f, "user-agent: *\ndisallow: ");
        for (int i = 0; i < 3000; i++) fputc('a', f);
        fprintf(f, "\ndisallow: a\x7f" "b*\ndisallow: x/\nallow: /y\n");
        fclose(f);
    }
    proc_result r = run_robots(NULL, 0, ARGS("census", "--agents", "FooBot,BarBot", "--paths-from-rules", "9", dir));
    CHECK_EQ(r.status, 0);
    const char *out = r.out.data ? r.out.data : "";
    /* The rule with a control byte is left out (as scripts/make-workload leaves it);
     * the two others are topped up to 9 with pages beneath them. */
    CHECK(!strstr(out, "bx\"") && strstr(out, "\"agent\":\"BarBot\",\"path\":\"/x/index.html\""));
    CHECK(strstr(out, "\"agent\":\"BarBot\",\"path\":\"/y?page=2\"") != NULL);
    /* 301 rule paths for FooBot's file: 9 spread over them, every 301/9th. */
    CHECK(strstr(out, "\"agent\":\"FooBot\",\"path\":\"/x33\"") && !strstr(out, "\"path\":\"/x1\""));
    CHECK(strstr(out, "\"path\":\"/x/\"") && !strstr(out, "a-folder") && !strstr(out, "dangling"));
    CHECK(strstr(out, "{\"site\":\"linked.example\",\"agent\":\"BarBot\",\"path\":\"/y?page=2\",\"allowed\":true,\"line\":5,"
                      "\"redirects\":0,\"truncated\":false}\n"));
    CHECK(r.err.data && strstr(r.err.data, "3 sites (0 skipped)"));
    /* What is not a regular file is counted and named, never passed over in silence. */
    CHECK(r.err.data && strstr(r.err.data, "census-edges: 2 entries passed over: 2 not regular files (folders, links to "
                                           "nothing, FIFOs, devices), 0 hidden (named .*): a-folder, dangling\n"));
    CHECK(r.err.data && strstr(r.err.data, "census-edges (folder): 5 entries, 3 sites, 2 not regular files passed over, 0 skipped\n"));
    proc_result_free(&r);
    /* Paths files that are not: a path past the bound, one without '/', too many. */
    static char paths[40000]; /* 4,100 lines of at most 6 bytes */
    memset(paths, 'p', 3000);
    paths[0] = '/';
    paths[3000] = '\n';
    const char *long_path = scratch_file(1, paths, 3001);
    const char *no_slash = scratch_file(2, "# ok\n\n/fine\nrelative\n", 22);
    p = paths;
    for (int i = 0; i < 4100; i++) p += sprintf(p, "/%d\n", i);
    const char *too_many = scratch_file(3, paths, (size_t)(p - paths));
    const char *const *bad[] = {
        ARGS("census", "--paths", long_path, dir),       ARGS("census", "--paths", no_slash, dir),
        ARGS("census", "--paths", too_many, dir),        ARGS("census", "--paths", "/nonexistent/p", dir),
        ARGS("census", "--format", "xml", dir),          ARGS("census", "--profile", "gogle", dir),
        ARGS("census", "--paths-from-rules", "x", dir),  ARGS("census", "--agents", ",", dir),
        ARGS("census", "--bogus", "v", dir),             ARGS("census", "--agents"),
        ARGS("census"),                                  ARGS("census", "/nonexistent/corpus"),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = run_robots(NULL, 0, bad[i]);
        CHECK_EQ(r.status, 2);
        CHECK(r.err.len > 0);
        proc_result_free(&r);
    }
    /* 65 agents are one too many. */
    static char agents[1000];
    p = agents;
    for (int i = 0; i < 65; i++) p += sprintf(p, "%sA%d", i ? "," : "", i);
    r = run_robots(NULL, 0, ARGS("census", "--agents", agents, dir));
    CHECK_EQ(r.status, 2);
    proc_result_free(&r);
    /* Nothing of the test is left behind. */
    static const char *const made[] = {"many-groups.example", "odd-rules.example", "dangling", "linked.example"};
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, made[i]);
        unlink(path);
    }
    rmdir(sub);
    CHECK_EQ(rmdir(dir), 0);
}

/* --summary FILE holds the summary as JSON; --progress always shows the count
 * every 1,000 sites; a summary that cannot be written is exit 2. */
static void the_summary_as_json_and_progress(void) {
    static char lines[40000];
    char *p = lines;
    for (int i = 0; i < 1000; i++) p += sprintf(p, "{\"site\":\"s%d\",\"status\":404}\n", i);
    p += sprintf(p, "{\"site\":\"closed\",\"robots\":\"user-agent: *\\ndisallow: /\"}\n");
    const char *input = scratch_file(5, lines, (size_t)(p - lines));
    const char *summary = scratch_file(6, "", 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--summary", summary, "--progress", "always", input));
    CHECK_EQ(r.status, 0);
    CHECK(r.err.data && strstr(r.err.data, "\rrobots census: 1000 sites\r"));
    CHECK(r.err.data && strstr(r.err.data, "\rrobots census: 1001 sites (0 skipped)"));
    /* What was read of the input, on its own line as it ends: */
    CHECK(r.err.data && strstr(r.err.data, " (json-lines): 1001 lines, 1001 sites, 0 skipped; 28946 of 28946 bytes read\n"));
    proc_result_free(&r);
    buf got = {NULL, 0, 0};
    int more = 0;
    CHECK_EQ(read_file(summary, 0, &got, &more), 0);
    static const char want[] = "{\"profile\":\"google\",\"sites\":1001,\"skipped\":0,\"incomplete_inputs\":0,\"agents\":[{\"agent\":"
                               "\"Googlebot\",\"sites\":1001,\"root_allowed\":1000,\"whole_site_disallowed\":1,"
                               "\"checks\":1001,\"allowed\":1000,"
                               "\"usage\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}],\"inputs\":[{\"input\":";
    CHECK(got.len > sizeof want && !memcmp(got.data, want, sizeof want - 1));
    CHECK(got.data && strstr(got.data, "\",\"kind\":\"json-lines\",\"records\":1001,\"sites\":1001,\"skipped\":0,"
                                       "\"skipped_by_reason\":[],\"other_reasons\":0,\"bytes_read\":28946,\"bytes\":28946,"
                                       "\"complete\":true}]}\n"));
    buf_free(&got);
    r = run_robots(NULL, 0, ARGS("census", "--summary", "/nonexistent/dir/s.json", input));
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "--summary /nonexistent/dir/s.json"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--progress", "sometimes", input));
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "--progress is auto, always or never"));
    proc_result_free(&r);
}

/* ---- WARC files ------------------------------------------------------------ */

/* A record of `type` for `uri` (NULL: no WARC-Target-URI) whose block is `block`;
 * `length` is its Content-Length as written (NULL: the block's own). */
static void add_record(buf *b, const char *type, const char *uri, const char *block, const char *length) {
    char head[600], n[32];
    snprintf(n, sizeof n, "%zu", strlen(block));
    int len = snprintf(head, sizeof head, "WARC/1.1\r\nWARC-Type: %s\r\n%s%s%sContent-Length: %s\r\n\r\n", type,
                       uri ? "WARC-Target-URI: " : "", uri ? uri : "", uri ? "\r\n" : "", length ? length : n);
    CHECK(buf_add(b, head, (size_t)len) == 0 && buf_add(b, block, strlen(block)) == 0 && buf_add(b, "\r\n\r\n", 4) == 0);
}

/* An HTTP response: status line, headers (each ending CR LF), body. */
static const char *http(const char *status, const char *headers, const char *body) {
    static char text[8][2048];
    static int turn;
    char *t = text[turn++ % 8];
    snprintf(t, sizeof text[0], "HTTP/1.1 %s\r\n%sContent-Type: text/plain\r\n\r\n%s", status, headers, body);
    return t;
}

/* Adds a string, or n copies of a byte. */
static void add(buf *b, const char *text) { CHECK(buf_add(b, text, strlen(text)) == 0); }
static void add_many(buf *b, char c, size_t n) {
    for (size_t i = 0; i < n; i++) CHECK(buf_addc(b, c) == 0);
}

static const char *warc_file(int slot, const buf *b) { return scratch_file(slot, b->data, b->len); }

/* census over one input with --agents GPTBot: the rows and the warnings. */
static proc_result census_of(const char *input) {
    return run_robots(NULL, 0, ARGS("census", "--agents", "GPTBot", "--format", "tsv", input));
}

static bool has(const proc_output *o, const char *text) { return o->data && strstr(o->data, text); }

static int count_site(void *ctx, const census_site *site) {
    (void)site;
    (*(size_t *)ctx)++;
    return 0;
}

/* Every kind of record, good and bad, in a plain WARC: each answered as a site
 * (redirects followed, ahead and behind) or warned with its place. */
static void every_warc_record_has_an_answer(void) {
    buf b = {NULL, 0, 0};
    add_record(&b, "warcinfo", NULL, "software: robots-tests\r\n", NULL);
    add_record(&b, "response", "http://open.test/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), NULL);
    add_record(&b, "response", "http://a.test/robots.txt", http("301 Moved", "Location: https://a.test/robots.txt\r\n", ""), NULL);
    add_record(&b, "request", "http://a.test/robots.txt", "GET /robots.txt HTTP/1.1\r\n\r\n", NULL);
    add(&b, "garbage between records\r\n");
    add_record(&b, "response", "<https://a.test/robots.txt>", http("200 OK", "", "user-agent: GPTBot\ndisallow: /\n"), NULL);
    add_record(&b, "response", "http://rel.test/robots.txt", http("302 Found", "Location: dir/robots2.txt\r\n", ""), NULL);
    add_record(&b, "response", "http://rel.test/dir/robots2.txt", http("200 OK", "", "\n\nuser-agent: *\ndisallow: /\n"), NULL);
    add_record(&b, "response", "http://proto.test/robots.txt", http("301 Moved", "Location: //a.test/robots.txt\r\n", ""), NULL);
    /* Not sites (their paths are not /robots.txt), but hops of a chain: a URI
     * without a path, one without "://", a page. */
    add_record(&b, "response", "http://hop.test/robots.txt", http("302 Found", "Location: http://bare.test\r\n", ""), NULL);
    add_record(&b, "response", "http://bare.test", http("302 Found", "Location: x.txt\r\n", ""), NULL);
    add_record(&b, "response", "http://urn.test/robots.txt", http("302 Found", "Location: urn:hop\r\n", ""), NULL);
    add_record(&b, "response", "urn:hop", http("302 Found", "Location: /y\r\n", ""), NULL);
    add_record(&b, "response", "http://page.test/index.html", http("200 OK", "", "<html></html>"), NULL);
    add_record(&b, "response", "HTTPS://Upper.TEST:443/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), NULL);
    add_record(&b, "response", "http://noloc.test/robots.txt", http("301 Moved", "", ""), NULL);
    add_record(&b, "response", "http://loop.test/robots.txt", http("302 Found", "Location: /robots.txt\r\n", ""), NULL);
    add_record(&b, "response", "http://busy.test/robots.txt", http("503 Busy", "", ""), NULL);
    add_record(&b, "response", "http://chunk.test/robots.txt",
                http("200 OK", "Transfer-Encoding: chunked\r\n", "11;x=1\r\nuser-agent: *\ndis\r\n9\r\nallow: /\n\r\n0\r\n\r\n"), NULL);
    add_record(&b, "response", "http://badchunk.test/robots.txt", http("200 OK", "Transfer-Encoding: chunked\r\n", "zz\r\n"), NULL);
    add_record(&b, "response", "http://gzip.test/robots.txt", http("200 OK", "Content-Encoding: gzip\r\n", "x"), NULL);
    add_record(&b, "response", "http://compress.test/robots.txt", http("200 OK", "Content-Encoding: compress\r\n", "x"), NULL);
    add_record(&b, "response", "http://two.test/robots.txt", http("200 OK", "Content-Encoding: gzip, br\r\n", "x"), NULL);
    add_record(&b, "response", "http://identity.test/robots.txt",
                http("200 OK", "Content-Encoding: identity\r\n", "user-agent: *\ndisallow: /id\n"), NULL);
    add_record(&b, "response", "http://nothttp.test/robots.txt", "hello\r\n", NULL);
    add_record(&b, "response", NULL, http("200 OK", "", ""), NULL);
    /* A WARC header line past 64 KiB; then WARC headers past 256 KiB in all. */
    add(&b, "WARC/1.1\r\nWARC-Type: response\r\nX-Long: ");
    add_many(&b, 'w', 70000);
    add(&b, "\r\nContent-Length: 0\r\n\r\n\r\n\r\nWARC/1.1\r\n");
    for (int i = 0; i < 5; i++) {
        add(&b, "X-Many: ");
        add_many(&b, 'm', 60000);
        add(&b, "\r\n");
    }
    add(&b, "Content-Length: 0\r\n\r\n\r\n\r\n");
    /* An HTTP header line past 64 KiB; HTTP headers past 256 KiB; a body past 500 KiB. */
    buf block = {NULL, 0, 0};
    add(&block, "HTTP/1.1 200 OK\r\nX-Long: ");
    add_many(&block, 'h', 70000);
    add_many(&block, '\0', 1);
    add_record(&b, "response", "http://longhttp.test/robots.txt", block.data, NULL);
    block.len = 0;
    add(&block, "HTTP/1.1 200 OK\r\n");
    for (int i = 0; i < 5; i++) {
        add(&block, "X-Many: ");
        add_many(&block, 'k', 60000);
        add(&block, "\r\n");
    }
    add_many(&block, '\0', 1);
    add_record(&b, "response", "http://manyhttp.test/robots.txt", block.data, NULL);
    add_record(&b, "response", "http://nolength.test/robots.txt", "", "abc");
    block.len = 0;
    add(&block, http("200 OK", "", "user-agent: *\ndisallow: /\n"));
    add_many(&block, '#', 600000);
    add_many(&block, '\0', 1);
    add_record(&b, "response", "http://big.test/robots.txt", block.data, NULL);
    add_record(&b, "response", "http://liar.test/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), "20");
    add_record(&b, "response", "http://cut.test/robots.txt", http("200 OK", "", "user-agent: *\n"), "1000");
    b.len -= 4; /* no end: the file ends in the block */
    buf_free(&block);
    const char *file = warc_file(7, &b);
    proc_result r = census_of(file);
    CHECK_EQ(r.status, 3); /* the file ends inside its last record: not read to its end */
    /* Each row with how it came about: the redirects followed, the URI the chain ended at, cut at 500 KiB. */
    static const char *const rows[] = {
        "http://open.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://open.test/robots.txt\tfalse\n",
        "http://a.test\tGPTBot\t/\tfalse\t2\t\t\t1\thttps://a.test/robots.txt\tfalse\n", /* a redirect ahead, followed */
        "https://a.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttps://a.test/robots.txt\tfalse\n",
        "http://rel.test\tGPTBot\t/\tfalse\t4\t\t\t1\thttp://rel.test/dir/robots2.txt\tfalse\n", /* dir/robots2.txt beside it */
        "http://proto.test\tGPTBot\t/\tfalse\t2\t\t\t2\thttps://a.test/robots.txt\tfalse\n", /* two hops, back then ahead */
        "http://hop.test\tGPTBot\t/\ttrue\t0\t302\tfull-allow\t1\thttp://bare.test\tfalse\n", /* to http://bare.test/x.txt: none */
        "http://urn.test\tGPTBot\t/\ttrue\t0\t302\tfull-allow\t1\turn:hop\tfalse\n",          /* to urn:hop/y: none */
        /* the origin as the library writes it; the URI as the record does */
        "https://upper.test\tGPTBot\t/\tfalse\t2\t\t\t0\tHTTPS://Upper.TEST:443/robots.txt\tfalse\n",
        "http://noloc.test\tGPTBot\t/\ttrue\t0\t301\tfull-allow\t0\thttp://noloc.test/robots.txt\tfalse\n",
        "http://loop.test\tGPTBot\t/\ttrue\t0\t302\tfull-allow\t5\thttp://loop.test/robots.txt\tfalse\n", /* five hops: a 404 */
        "http://busy.test\tGPTBot\t/\tfalse\t0\t503\tfull-disallow\t0\thttp://busy.test/robots.txt\tfalse\n",
        "http://chunk.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://chunk.test/robots.txt\tfalse\n",
        "http://identity.test\tGPTBot\t/\ttrue\t0\t\t\t0\thttp://identity.test/robots.txt\tfalse\n",
        "http://big.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://big.test/robots.txt\ttrue\n", /* cut at 500 KiB */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!has(&r.out, rows[i])) CHECK_STR(rows[i], strlen(rows[i]), "a row of the census");
    static const char *const warnings[] = {
        "", /* (the offsets of these are checked elsewhere) */
        "not a WARC record", "a redirect that leads out of this file", "a redirect without Location",
        "a chunked body that is not",
#ifdef ROBOTS_CENSUS_ZLIB
        "a body cut short in its Content-Encoding",
#else
        "a body in a Content-Encoding this robots was built without",
#endif
        "a body in a Content-Encoding that is not gzip, deflate or br (or in two): not decoded",
        "a response record that is not HTTP",
        "a response record without WARC-Target-URI", "a WARC header line past 64 KiB", "WARC headers past 256 KiB",
        "an HTTP header line past 64 KiB", "HTTP headers past 256 KiB", "no Content-Length, or not a number",
        "its Content-Length does not end where the record does", "cut short: the file ends before its Content-Length",
    };
    for (size_t i = 1; i < sizeof warnings / sizeof warnings[0]; i++)
        if (!has(&r.err, warnings[i])) CHECK_STR(warnings[i], strlen(warnings[i]), "a warning of the census");
    CHECK(has(&r.err, "robots census: 14 sites (14 skipped)"));
    CHECK(has(&r.err, ": NOT READ TO ITS END: the file ends inside a record: it is cut short;"));
    CHECK(!has(&r.out, "liar.test") && !has(&r.out, "gzip.test") && !has(&r.out, "cut.test"));
    CHECK(!has(&r.out, "compress.test") && !has(&r.out, "two.test"));
    /* Hops of a chain are no sites of their own (a row starts a line). */
    CHECK(!has(&r.out, "\nhttp://bare.test\t") && !has(&r.out, "\nurn:hop\t") && !has(&r.out, "page.test") &&
          !has(&r.out, "\nhttp://rel.test/dir"));
    proc_result_free(&r);
    /* A pipe is no file to go back in: exit 2, not a wrong answer; handed to the
     * reader all the same, it is a warning. */
    r = run_robots(b.data, b.len, ARGS("census", "/dev/stdin"));
    CHECK(r.status == 2 && has(&r.err, "/dev/stdin: a WARC file must be given by its name, not through a pipe"));
    proc_result_free(&r);
    /* "-" is read as JSON Lines: a WARC there (plain or gzipped) is refused as
     * well, not read as thousands of lines that are not sites. */
    r = run_robots(b.data, b.len, ARGS("census", "-"));
    CHECK(r.status == 2 && has(&r.err, "robots census: -: a WARC file must be given by its name, not through a pipe"));
    CHECK(r.out.len == 0);
    proc_result_free(&r);
    static const unsigned char gzipped[] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, '\n'};
    r = run_robots((const char *)gzipped, sizeof gzipped, ARGS("census", "-"));
    CHECK(r.status == 2 && has(&r.err, "robots census: -: a WARC file must be given by its name, not through a pipe"));
    proc_result_free(&r);
    char command[200];
    snprintf(command, sizeof command, "cat %s 2>/dev/null", file);
    FILE *pipe = popen(command, "r"), *w = tmpfile();
    census_counts counts = {.warnings = w};
    size_t sites = 0;
    warc_source through_pipe = {.fd = pipe ? fileno(pipe) : -1};
    CHECK(pipe && w && census_each_warc(&through_pipe, "pipe", count_site, &sites, &counts) == 0);
    CHECK(sites == 0 && counts.bad == 1 && counts.read.incomplete != NULL);
    if (pipe) pclose(pipe);
    if (w) fclose(w);
    /* A Content-Length a little too long: the record is a warning, the next one is
     * still found (inside what the length claimed). */
    b.len = 0;
    add_record(&b, "response", "http://long.test/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), "120");
    add_record(&b, "response", "http://next.test/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), NULL);
    r = census_of(warc_file(7, &b));
    CHECK(r.status == 0 && has(&r.out, "http://next.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://next.test/robots.txt\tfalse\n"));
    CHECK(has(&r.err, "record at 0: its Content-Length does not end") && has(&r.err, "1 sites (1 skipped)"));
    proc_result_free(&r);
    buf_free(&b);
}

/* Past 512 records the index grows; a file cut in a header and one ending in
 * bytes that are no record are warnings with their places. */
static void warc_files_at_their_edges(void) {
    buf b = {NULL, 0, 0};
    add_record(&b, "response", "http://first.test/robots.txt", http("301 Moved", "Location: http://s599.test/robots.txt\r\n", ""), NULL);
    for (int i = 0; i < 600; i++) {
        char uri[64];
        snprintf(uri, sizeof uri, "http://s%d.test/robots.txt", i);
        add_record(&b, "response", uri, http("200 OK", "", i == 599 ? "user-agent: *\ndisallow: /\n" : ""), NULL);
    }
    add_record(&b, "response", "http://last.test/robots.txt", http("301 Moved", "Location: http://s0.test/robots.txt\r\n", ""), NULL);
    add(&b, "WARC/1.1\r\nWARC-Type: response\r\n");
    proc_result r = census_of(warc_file(8, &b));
    CHECK_EQ(r.status, 3); /* cut in its last record's headers */
    /* A redirect 600 records ahead and one 600 back: both followed, once the file
     * is read (their rows come after the others'). */
    const char *first = r.out.data ? strstr(r.out.data, "http://first.test\tGPTBot\t/\tfalse\t2\t\t\t1\thttp://s599.test/robots.txt\tfalse\n") : NULL;
    const char *last = r.out.data ? strstr(r.out.data, "http://last.test\tGPTBot\t/\ttrue\t0\t\t\t1\thttp://s0.test/robots.txt\tfalse\n") : NULL;
    const char *s599 = r.out.data ? strstr(r.out.data, "\nhttp://s599.test\t") : NULL;
    CHECK(first && last && s599 && first > s599 && last > s599);
    CHECK(has(&r.err, "602 sites (1 skipped)") && has(&r.err, "cut short: the file ends in its headers"));
    proc_result_free(&r);
    b.len = 0;
    add_record(&b, "response", "http://x.test/robots.txt", http("503 Busy", "", ""), NULL);
    char where[64];
    snprintf(where, sizeof where, "record at %zu: not a WARC record", b.len);
    add(&b, "and then nothing like a record\n");
    r = census_of(warc_file(9, &b));
    CHECK(r.status == 0 && has(&r.err, where) && has(&r.err, "1 sites (1 skipped)"));
    proc_result_free(&r);
    buf_free(&b);
}

/* Headers and lines as writers and servers vary them: LF alone, tabs, names that
 * only start like one, status lines that are not, chunk sizes that are not, and
 * every form of Location; and the reader called directly, its warnings where the
 * caller wants them. */
static void warc_records_as_writers_vary_them(void) {
    buf b = {NULL, 0, 0};
    static const char lf_block[] = "HTTP/1.1 200\nContent-Encoding:\nTransfer-Encoding: gzip\n\nuser-agent: *\ndisallow: /\n";
    char lf_head[160];
    snprintf(lf_head, sizeof lf_head, "WARC/1.0\nWARC-Type: response\nWARC-Target-URI: http://lf.test/robots.txt\n"
             "Content-Length: %zu\n\n", sizeof lf_block - 1);
    add(&b, lf_head);
    add(&b, lf_block);
    add(&b, "\n\n");
    add(&b, "WARC/1.0\r\nX: y\r\nContent-Lengthy: 5\r\nWARC-Type:\t response \t\r\n"
            "WARC-Target-URI: http://odd.test/robots.txt\r\nContent-Length: 47\r\n\r\n"
            "HTTP/1.1 301 Moved\r\nLocation: \t/r2.txt \t\r\n\r\n\r\n\r\n");
    add_record(&b, "response", "http://odd.test/r2.txt", http("200 OK", "", "user-agent: *\ndisallow: /\n"), NULL);
    static const char *const not_http[] = {"HTTP/1.1 2x0 OK\r\n\r\n", "HTTP/1.1 200OK\r\n\r\n", "HTTP/1.1 2\r\n\r\n",
                                           "HTTP/1.1\r\n\r\n", "HTTP/1.1 600 Nope\r\n\r\n", "HTTP/1.1 099 Nope\r\n\r\n",
                                           "HTTPS/1.1 200 OK\r\n\r\n"};
    for (size_t i = 0; i < sizeof not_http / sizeof not_http[0]; i++)
        add_record(&b, "response", "http://nothttp.test/robots.txt", not_http[i], NULL);
    add_record(&b, "response", "http://space.test/robots.txt",
                http("200 OK", "Transfer-Encoding: chunked\r\n", "1a \r\nuser-agent: *\ndisallow: /\n\r\n0\r\n\r\n"), NULL);
    add_record(&b, "response", "http://longchunk.test/robots.txt",
                http("200 OK", "Transfer-Encoding: chunked\r\n", "000000000000000000001\r\nx\r\n0\r\n\r\n"), NULL);
    add_record(&b, "response", "http://badchunk.test/robots.txt", http("200 OK", "Transfer-Encoding: chunked\r\n", "1x\r\n"), NULL);
    /* A chunk size past 64 bits; spaces and a tab before an extension (RFC 9112's BWS). */
    add_record(&b, "response", "http://hugechunk.test/robots.txt",
               http("200 OK", "Transfer-Encoding: chunked\r\n", "10000000000000000\r\nx\r\n0\r\n\r\n"), NULL);
    add_record(&b, "response", "http://bws.test/robots.txt",
               http("200 OK", "Transfer-Encoding: chunked\r\n", "1a \t;x=1\r\nuser-agent: *\ndisallow: /\n\r\n0\r\n\r\n"), NULL);
    /* Paths that are not /robots.txt, however near: no sites. */
    add_record(&b, "response", "http://upper.test/ROBOTS.TXT", http("200 OK", "", ""), NULL);
    add_record(&b, "response", "http://short.test/robots.tx", http("200 OK", "", ""), NULL);
    add_record(&b, "response", "<abc", http("404 Not Found", "", ""), NULL);
    add_record(&b, "response", "<", http("404 Not Found", "", ""), NULL);
    add_record(&b, "response", "http://empty.test/robots.txt", "", "");
    add_record(&b, "response", "http://huge.test/robots.txt", "", "12345678901234567");
    add_record(&b, "response", "http://longer.test/robots.txt", "", "123456789012345678901");
    add_record(&b, "response", "http://hex.test/robots.txt", "", "1a");
    static const char *const locations[] = {"web+x://a.test/robots.txt", "a1:b", "/", "1abc:x", "//", "//c.test/robots.txt"};
    for (size_t i = 0; i < sizeof locations / sizeof locations[0]; i++) {
        char uri[64], header[80];
        snprintf(uri, sizeof uri, "http://loc%zu.test/robots.txt", i);
        snprintf(header, sizeof header, "Location: %s\r\n", locations[i]);
        add_record(&b, "response", uri, http("307 Temporary", header, ""), NULL);
    }
    proc_result r = census_of(warc_file(7, &b));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "http://lf.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://lf.test/robots.txt\tfalse\n"));
    /* A redirect to a page (not a robots.txt, so its body is read once the file is) */
    CHECK(has(&r.out, "http://odd.test\tGPTBot\t/\tfalse\t2\t\t\t1\thttp://odd.test/r2.txt\tfalse\n"));
    CHECK(has(&r.out, "http://space.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://space.test/robots.txt\tfalse\n"));
    CHECK(!has(&r.out, "<abc") && !has(&r.out, "\n<\t"));
    CHECK(!has(&r.out, "nothttp.test"));
    /* loc2 (Location: /) leads to http://loc2.test/, not in the file; no Location leads back to a record here. */
    CHECK(has(&r.out, "http://loc2.test\tGPTBot\t/\ttrue\t0\t307\tfull-allow\t0\thttp://loc2.test/robots.txt\tfalse\n"));
    /* A chunk size with leading zeros past 20 bytes is one (RFC 9112 7.1). */
    CHECK(has(&r.out, "http://longchunk.test\tGPTBot\t/\ttrue\t0\t\t\t0\thttp://longchunk.test/robots.txt\tfalse\n"));
    CHECK(has(&r.out, "http://bws.test\tGPTBot\t/\tfalse\t2\t") && !has(&r.out, "hugechunk") && !has(&r.out, "ROBOTS"));
    CHECK(!has(&r.out, "short.test") && !has(&r.out, "longer.test"));
    CHECK(has(&r.err, "robots census: 11 sites (13 skipped)"));
    proc_result_free(&r);
    /* Called directly, on the file after a first line that is no record (census
     * takes a file for a WARC only when it starts "WARC/"): the warnings go where
     * counts.warnings says. */
    static const char *const first[] = {"WXYZ/1.0\r\n", "WA\r\n"};
    for (int i = 0; i < 2; i++) {
        buf file = {NULL, 0, 0};
        add(&file, first[i]);
        CHECK(buf_add(&file, b.data, b.len) == 0);
        FILE *f = fopen(warc_file(7, &file), "rb"), *w = tmpfile();
        census_counts counts = {.warnings = w};
        size_t sites = 0;
        warc_source src = {.fd = f ? fileno(f) : -1, .size = file.len};
        CHECK(f && w && census_each_warc(&src, "direct.warc", count_site, &sites, &counts) == 0);
        CHECK_EQ(sites, 11);
        CHECK_EQ(counts.bad, 14);
        CHECK(w && ftell(w) > 0);
        if (f) fclose(f);
        if (w) fclose(w);
        buf_free(&file);
    }
    buf_free(&b);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* `text` as one gzip member, added to out, deflated at `level` (0: stored, its
 * size the text's and a few bytes). */
static void gzip_member_at(buf *out, const buf *text, int level) {
    z_stream z;
    memset(&z, 0, sizeof z);
    CHECK_EQ(deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    CHECK(buf_reserve(out, deflateBound(&z, text->len)) == 0);
    z.next_in = (unsigned char *)text->data;
    z.avail_in = (uInt)text->len;
    z.next_out = (unsigned char *)out->data + out->len;
    z.avail_out = (uInt)(out->cap - out->len);
    CHECK_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out->len += z.total_out;
    deflateEnd(&z);
}

static void gzip_member(buf *out, const buf *text) { gzip_member_at(out, text, 6); }
#endif

/* A gzipped WARC: one member a record (a redirect to a record ahead), or the
 * whole file one member; a damaged member and a cut one are warnings with their
 * places. Built without zlib, a gzipped file is a warning that says so. */
static void gzipped_warc_files(void) {
    static const char *const uris[] = {"http://a.test/robots.txt", "http://b.test/robots.txt", "http://c.test/robots.txt"};
    buf record = {NULL, 0, 0}, all = {NULL, 0, 0}, gz = {NULL, 0, 0}, one = {NULL, 0, 0};
    for (int i = 0; i < 3; i++) {
        record.len = 0;
        add_record(&record, "response", uris[i],
                    i == 0 ? http("301 Moved", "Location: http://c.test/robots.txt\r\n", "")
                           : http("200 OK", "", i == 1 ? "user-agent: *\ndisallow: /\n" : "user-agent: GPTBot\ndisallow: /\n"),
                    NULL);
        CHECK(buf_add(&all, record.data, record.len) == 0);
#ifdef ROBOTS_CENSUS_ZLIB
        gzip_member(&gz, &record);
#else
        CHECK(buf_add(&gz, "\x1f\x8b", 2) == 0);
#endif
    }
#ifdef ROBOTS_CENSUS_ZLIB
    gzip_member(&one, &all);
    const char *const rows[] = {"http://a.test\tGPTBot\t/\tfalse\t2\t\t\t1\thttp://c.test/robots.txt\tfalse\n",
                                "http://b.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://b.test/robots.txt\tfalse\n",
                                "http://c.test\tGPTBot\t/\tfalse\t2\t\t\t0\thttp://c.test/robots.txt\tfalse\n"};
    for (int file = 0; file < 2; file++) {
        proc_result r = census_of(warc_file(10 + file, file ? &one : &gz));
        CHECK(r.status == 0 && has(&r.out, rows[0]) && has(&r.out, rows[1]) && has(&r.out, rows[2]));
        CHECK(has(&r.err, "3 sites (0 skipped)"));
        proc_result_free(&r);
    }
    size_t whole = gz.len;
    CHECK(buf_add(&gz, "not gzip at all", 15) == 0);
    char where[64];
    snprintf(where, sizeof where, "record at %zu+0: not gzip data", whole);
    proc_result r = census_of(warc_file(12, &gz));
    CHECK(r.status == 3 && has(&r.err, where) && has(&r.err, "3 sites (1 skipped)"));
    CHECK(has(&r.err, "NOT READ TO ITS END: a gzip member is damaged"));
    proc_result_free(&r);
    gz.len = whole - 40; /* into c.test's record */
    r = census_of(warc_file(13, &gz));
    CHECK(r.status == 3 && has(&r.err, "a gzip member ends short: the file is truncated"));
    CHECK(has(&r.err, "NOT READ TO ITS END: a gzip member ends short: the file is truncated"));
    CHECK(has(&r.err, "2 sites (1 skipped)") && !has(&r.out, "c.test"));
    proc_result_free(&r);
    /* A damaged member between a.test's and the others: the reader goes on at the
     * next member, and a.test's redirect still finds c.test past the damage. */
    buf damaged = {NULL, 0, 0};
    size_t first = 0;
    while (first + 3 <= whole && !(first > 0 && !memcmp(gz.data + first, "\x1f\x8b\x08", 3))) first++;
    CHECK(buf_add(&damaged, gz.data, first) == 0);
    add(&damaged, "\x1f\x8b\x08");
    add_many(&damaged, '\0', 7);
    add_many(&damaged, '\xff', 20);
    CHECK(buf_add(&damaged, gz.data + first, whole - first) == 0);
    r = census_of(warc_file(13, &damaged));
    snprintf(where, sizeof where, "record at %zu+0: not gzip data", first);
    CHECK(r.status == 3 && has(&r.err, where) && has(&r.err, "3 sites (1 skipped)"));
    CHECK(has(&r.out, rows[0]) && has(&r.out, rows[1]) && has(&r.out, rows[2]));
    proc_result_free(&r);
    buf_free(&damaged);
#else
    proc_result r = census_of(warc_file(12, &gz));
    /* A gzipped file this build cannot read is not read to its end: said so, exit 3. */
    CHECK(r.status == 3 && has(&r.err, "this robots was built without zlib") && has(&r.err, "0 sites (1 skipped)"));
    CHECK(has(&r.err, "NOT READ TO ITS END: a gzipped WARC file, and this robots was built without zlib"));
    proc_result_free(&r);
    (void)one;
#endif
    buf_free(&record);
    buf_free(&all);
    buf_free(&gz);
    buf_free(&one);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* Bytes no compressor shrinks (a linear congruential sequence of letters), so a
 * gzip member's size follows the text's, byte for byte. */
static void add_noise(buf *b, size_t n, unsigned *seed) {
    for (size_t i = 0; i < n; i++) {
        *seed = *seed * 1103515245u + 12345u;
        CHECK(buf_addc(b, (char)('a' + (*seed >> 16) % 26)) == 0);
    }
}

/* The layout of every crawl archive: a warcinfo record, then one gzip member a
 * record; the warcinfo padded so that the first response's member ends `past`
 * bytes after a read of ROBOTS_READ_BUFFER bytes ends, its trailer (CRC and
 * length) alone in the next read. Such a member once ended the whole file
 * (inflate gives no byte and says "stream end"): 340 of 4,231 sites read, exit 0. */
static void straddling_archive(buf *gz, size_t past, size_t sites) {
    buf info = {NULL, 0, 0}, text = {NULL, 0, 0}, record = {NULL, 0, 0}, first = {NULL, 0, 0};
    add_record(&record, "response", "http://s0.test/robots.txt", http("200 OK", "", "user-agent: *\ndisallow: /s0\n"), NULL);
    gzip_member(&first, &record);
    /* Stored, the warcinfo's member grows with its padding byte for byte (and a
     * block header now and then): a few tries find the size wanted. */
    size_t pad = ROBOTS_READ_BUFFER;
    for (int tries = 0; tries < 100; tries++) {
        unsigned seed = 7;
        text.len = info.len = 0;
        add_noise(&text, pad, &seed);
        CHECK(buf_addc(&text, '\0') == 0);
        add_record(&info, "warcinfo", NULL, text.data, NULL);
        gz->len = 0;
        gzip_member_at(gz, &info, 0);
        size_t at = (gz->len + first.len) % ROBOTS_READ_BUFFER, want = past % ROBOTS_READ_BUFFER;
        if (at == want) break;
        /* (a step back when just past it: forward, a block header more would overshoot again) */
        size_t ahead = (want + ROBOTS_READ_BUFFER - at) % ROBOTS_READ_BUFFER;
        pad = ahead > ROBOTS_READ_BUFFER / 2 && pad > ROBOTS_READ_BUFFER - ahead ? pad - (ROBOTS_READ_BUFFER - ahead) : pad + ahead;
    }
    CHECK_EQ((gz->len + first.len) % ROBOTS_READ_BUFFER, past % ROBOTS_READ_BUFFER);
    CHECK(buf_add(gz, first.data, first.len) == 0);
    for (size_t i = 1; i < sites; i++) {
        char uri[64], body[64];
        snprintf(uri, sizeof uri, "http://s%zu.test/robots.txt", i);
        snprintf(body, sizeof body, "user-agent: *\ndisallow: /s%zu\n", i);
        record.len = 0;
        add_record(&record, "response", uri, http("200 OK", "", body), NULL);
        gzip_member(gz, &record);
    }
    buf_free(&info);
    buf_free(&text);
    buf_free(&record);
    buf_free(&first);
}

/* Item 1 of issue 59: a member whose trailer comes in a read of its own ends
 * that member, not the file; for every such place of the trailer (1 to 8 bytes
 * past the read's end), every site is read and the file is read whole. */
static void a_member_ending_past_a_read_ends_the_member(void) {
    for (size_t past = 1; past <= 8; past++) {
        buf gz = {NULL, 0, 0};
        straddling_archive(&gz, past, 40);
        proc_result r = census_of(warc_file(12, &gz));
        char read_whole[160];
        snprintf(read_whole, sizeof read_whole, "(1 warcinfo, 40 response), 40 robots.txt responses, 40 sites, 0 skipped; "
                 "%zu of %zu bytes read\n", gz.len, gz.len);
        CHECK_EQ(r.status, 0);
        CHECK(has(&r.err, "robots census: 40 sites (0 skipped)") && has(&r.err, read_whole));
        CHECK(has(&r.out, "http://s39.test\tGPTBot\t/\ttrue\t0\t\t\t0\thttp://s39.test/robots.txt\tfalse\n"));
        proc_result_free(&r);
        buf_free(&gz);
    }
}

/* A WARC gzipped whole, larger than the checkpoints' spacing: redirects far back
 * and far ahead are read from the nearest checkpoint (and give the rows the same
 * records as a plain file gives), never by inflating the member from its start. */
static void a_warc_gzipped_whole_is_read_from_checkpoints(void) {
    buf all = {NULL, 0, 0}, one = {NULL, 0, 0}, body = {NULL, 0, 0};
    unsigned seed = 11;
    size_t n = 3 * ROBOTS_CHECKPOINT_SPACING / 4096 + 8;
    for (size_t i = 0; i < n; i++) {
        char uri[64];
        snprintf(uri, sizeof uri, "http://w%zu.test/robots.txt", i);
        body.len = 0;
        add(&body, "HTTP/1.1 200 OK\r\n\r\nuser-agent: *\n");
        char rule[40];
        snprintf(rule, sizeof rule, "disallow: /w%zu\n# ", i);
        add(&body, rule);
        add_noise(&body, 4000, &seed);
        CHECK(buf_addc(&body, '\0') == 0);
        if (i == n - 1) add_record(&all, "response", "http://back.test/robots.txt", http("301 Moved", "Location: http://w1.test/robots.txt\r\n", ""), NULL);
        char ahead[80];
        snprintf(ahead, sizeof ahead, "Location: http://w%zu.test/robots.txt\r\n", n - 2);
        if (i == 0) add_record(&all, "response", "http://ahead.test/robots.txt", http("302 Found", ahead, ""), NULL);
        add_record(&all, "response", uri, body.data, NULL);
    }
    gzip_member(&one, &all);
    proc_result plain = census_of(warc_file(10, &all)), whole = census_of(warc_file(11, &one));
    CHECK(plain.status == 0 && whole.status == 0 && plain.out.len == whole.out.len);
    CHECK(plain.out.data && whole.out.data && !memcmp(plain.out.data, whole.out.data, plain.out.len));
    CHECK(has(&whole.out, "http://back.test\tGPTBot\t/\ttrue\t0\t\t\t1\thttp://w1.test/robots.txt\tfalse\n"));
    char ahead_row[120];
    snprintf(ahead_row, sizeof ahead_row, "http://ahead.test\tGPTBot\t/\ttrue\t0\t\t\t1\thttp://w%zu.test/robots.txt\tfalse\n", n - 2);
    CHECK(has(&whole.out, ahead_row));
    proc_result_free(&plain);
    proc_result_free(&whole);
    buf_free(&all);
    buf_free(&one);
    buf_free(&body);
}
#endif

/* A line whose status is a redirect: its target is not in the input, so the
 * chain ends as a 404 (STATUS-2), with a warning unless five hops were followed. */
static void a_redirect_line_ends_as_a_404(void) {
    static const char lines[] = "{\"site\":\"r\",\"status\":301}\n{\"site\":\"s\",\"status\":302,\"redirects\":5}\n";
    proc_result r = run_robots(lines, sizeof lines - 1, ARGS("census", "-"));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "{\"site\":\"r\",\"agent\":\"Googlebot\",\"path\":\"/\",\"allowed\":true,\"line\":0,\"status\":301,"
                      "\"decision\":\"full-allow\",\"redirects\":0,\"truncated\":false}\n"));
    CHECK(has(&r.out, "{\"site\":\"s\",\"agent\":\"Googlebot\",\"path\":\"/\",\"allowed\":true,\"line\":0,\"status\":302,"
                      "\"decision\":\"full-allow\",\"redirects\":5,\"truncated\":false}\n"));
    CHECK(has(&r.err, "-:1: a 301 whose target is not in the input") && !has(&r.err, "-:2:"));
    proc_result_free(&r);
}

/* 300 groups naming one agent, each disallowing everything: the whole site is
 * disallowed for it (past the 256 groups kept on the stack), not for another. */
static const char *many_closed_groups(void) {
    static char line[12000];
    char *p = line + sprintf(line, "{\"site\":\"wide\",\"robots\":\"");
    for (int i = 0; i < 300; i++) p += sprintf(p, "user-agent: WideBot\\ndisallow: /\\n\\n");
    p += sprintf(p, "\"}\n");
    return scratch_file(8, line, (size_t)(p - line));
}

static void whole_site_past_256_groups(void) {
    const char *input = many_closed_groups(), *summary = scratch_file(9, "", 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--agents", "WideBot,OtherBot", "--summary", summary, input));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    buf got = {NULL, 0, 0};
    int more = 0;
    CHECK_EQ(read_file(summary, 0, &got, &more), 0);
    CHECK(got.data && strstr(got.data, "{\"agent\":\"WideBot\",\"sites\":1,\"root_allowed\":0,\"whole_site_disallowed\":1,"));
    CHECK(got.data && strstr(got.data, "{\"agent\":\"OtherBot\",\"sites\":1,\"root_allowed\":1,\"whole_site_disallowed\":0,"));
    buf_free(&got);
}

/* An output that cannot be written ends the census with exit 2. */
static void a_full_output_is_exit_2(void) {
    const char *bin = getenv("ROBOTS_BIN");
    char *argv[] = {"/bin/sh", "-c", "\"$0\" census --agents A,B,C,D,E,F,G,H --paths-from-rules 50 \"$1\" > /dev/full",
                    (char *)(bin ? bin : "build/bin/robots"), FIXTURES "/sites", NULL};
    proc_result r;
    CHECK_EQ(proc_run(argv, NULL, 0, 30.0, 1 << 16, &r), 0);
    CHECK_EQ(r.status, 2);
    CHECK(r.err.data && strstr(r.err.data, "cannot write the output"));
    proc_result_free(&r);
}

/* --sites FILE: a row per site and agent, whether the root is allowed and the
 * whole site disallowed (and the status and decision when they decided), in the
 * rows' format; a file that cannot be made or written is exit 2. */
static void a_row_per_site_and_agent(void) {
    const char *sites = scratch_file(10, "", 0);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--agents", "GPTBot,Googlebot", "--sites", sites,
                                             FIXTURES "/sites", FIXTURES "/sites.jsonl"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    buf text = {NULL, 0, 0};
    int more = 0;
    CHECK_EQ(read_file(sites, 0, &text, &more), 0);
    CHECK_EQ(buf_addc(&text, '\0'), 0);
    const char *t = text.data;
    CHECK(strstr(t, "{\"site\":\"blocks-gptbot.example\",\"agent\":\"GPTBot\",\"root_allowed\":false,"
                    "\"whole_site_disallowed\":true,\"redirects\":0,\"truncated\":false}\n"));
    CHECK(strstr(t, "{\"site\":\"blocks-gptbot.example\",\"agent\":\"Googlebot\",\"root_allowed\":true,"
                    "\"whole_site_disallowed\":false,\"redirects\":0,\"truncated\":false}\n"));
    CHECK(strstr(t, "{\"site\":\"down.example\",\"agent\":\"Googlebot\",\"root_allowed\":false,"
                    "\"whole_site_disallowed\":true,\"status\":503,\"decision\":\"full-disallow\",\"redirects\":0,"
                    "\"truncated\":false}\n"));
    size_t rows = 0;
    for (const char *p = t; (p = strchr(p, '\n')) != NULL; p++) rows++;
    CHECK_EQ(rows, 18); /* 9 sites, 2 agents */
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--sites", sites, FIXTURES "/sites.jsonl"));
    CHECK_EQ(r.status, 0);
    proc_result_free(&r);
    text.len = 0;
    CHECK_EQ(read_file(sites, 0, &text, &more), 0);
    static const char tsv[] = "site\tagent\troot_allowed\twhole_site_disallowed\tstatus\tdecision\tredirects\tfinal_uri\t"
                              "truncated\ndown.example\tGooglebot\tfalse\ttrue\t503\tfull-disallow\t0\t\tfalse\n";
    CHECK(text.len >= sizeof tsv - 1 && !memcmp(text.data, tsv, sizeof tsv - 1));
    buf_free(&text);
    r = run_robots(NULL, 0, ARGS("census", "--sites", "/nonexistent/sites.jsonl", FIXTURES "/sites"));
    CHECK(r.status == 2 && has(&r.err, "--sites /nonexistent/sites.jsonl: No such file or directory"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--sites", "/dev/full", FIXTURES "/sites"));
    CHECK(r.status == 2 && has(&r.err, "--sites /dev/full: cannot write it"));
    proc_result_free(&r);
}

/* run_census with stdout and stderr sent to /dev/null. */
static int census_args(void *ctx) {
    const char *const *args = ctx;
    int argc = 0;
    while (args[argc]) argc++;
    return run_census(argc, (char **)args);
}

static int quiet_census(const char *const *args) { return run_quietly(census_args, (void *)args); }

/* Each allocation failing in turn: the census either gets through (the failure
 * hit nothing it needed) or ends with exit 2; nothing is left allocated. */
static void every_allocation_may_fail(void) {
    const char *lines = scratch_file(4, "{\"site\":\"s\",\"robots_base64\":\"dXNlci1hZ2VudDogKgpkaXNhbGxvdzogLw==\"}\n"
                                        "{\"site\":\"t\",\"status\":503}\n", 90);
    buf w = {NULL, 0, 0};
    add_record(&w, "response", "http://a.test/robots.txt", http("301 Moved", "Location: /r.txt\r\n", ""), NULL);
    add_record(&w, "response", "http://a.test/r.txt",
                http("200 OK", "Transfer-Encoding: chunked\r\n", "1a\r\nuser-agent: *\ndisallow: /\n\r\n0\r\n\r\n"), NULL);
    const char *warc = warc_file(14, &w);
    /* Bodies chunked and encoded, a redirect far ahead (answered once the file is
     * read), a record that is not one; JSON Lines with escapes and base64. */
    w.len = 0;
#ifdef ROBOTS_CENSUS_ZLIB
    buf body = {NULL, 0, 0}, gz = {NULL, 0, 0};
    add(&body, "user-agent: *\ndisallow: /z\n");
    gzip_member(&gz, &body);
    char chunked[200];
    int head = snprintf(chunked, sizeof chunked, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n%zx\r\n", gz.len);
    buf block = {NULL, 0, 0};
    CHECK(buf_add(&block, chunked, (size_t)head) == 0 && buf_add(&block, gz.data, gz.len) == 0);
    add(&block, "\r\n0\r\n\r\n");
    CHECK(buf_addc(&block, '\0') == 0);
    add_record(&w, "response", "http://z.test/robots.txt", block.data, NULL);
    buf_free(&body);
    buf_free(&gz);
    buf_free(&block);
#endif
    add_record(&w, "response", "http://far.test/robots.txt", http("301 Moved", "Location: http://t40.test/robots.txt\r\n", ""), NULL);
    for (int i = 0; i < 41; i++) {
        char uri[64];
        snprintf(uri, sizeof uri, "http://t%d.test/robots.txt", i);
        add_record(&w, "response", uri, http("200 OK", "", "user-agent: *\ndisallow: /t\n"), NULL);
    }
    add(&w, "not a record\r\n");
    const char *warc_more = warc_file(12, &w);
    buf_free(&w);
    static const char more_lines[] = "{\"site\":\"e\",\"final_uri\":\"http://e/robots.txt\",\"robots\":\"user-agent: *\\ndisallow: /\\u00e9\"}\n"
                                     "{\"site\":\"b\",\"robots_base64\":\"dXNlci1hZ2VudDogKgpkaXNhbGxvdzogLw==\"}\n{\"x\":1}\n";
    const char *lines_more = scratch_file(13, more_lines, sizeof more_lines - 1);
    const char *const *runs[] = {
        ARGS("census", "--agents", "Googlebot,GPTBot", "--paths", FIXTURES "/paths.txt", "--paths-from-rules", "3",
             FIXTURES "/sites"),
        ARGS("census", "--format", "csv", "--sites", scratch_file(11, "", 0), lines),
        ARGS("census", "--summary", scratch_file(15, "", 0), warc),
        ARGS("census", "--agents", "WideBot", many_closed_groups()),
        ARGS("census", "--summary", scratch_file(15, "", 0), warc_more, lines_more),
        ARGS("census", "--crawlers", "@all,OtherBot", "--catalog", FIXTURES "/catalog.json", "--paths",
             FIXTURES "/paths.txt", "--sites", scratch_file(11, "", 0), "--summary", scratch_file(15, "", 0),
             FIXTURES "/crawlers.jsonl"),
        ARGS("census", "--crawlers", "@ai-training,Googlebot-Image,OtherBot", "--catalog", FIXTURES "/catalog.json",
             "--format", "tsv", "--sites", scratch_file(11, "", 0), FIXTURES "/crawlers.jsonl"),
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        counting c = {0, 0, 0, 0};
        robots_allocator a = counting_allocator(&c);
        cli_use_allocator(&a);
        CHECK_EQ(quiet_census(runs[i]), 0);
        CHECK_EQ(c.current, 0);
        size_t total = c.calls, refused = 0;
        CHECK(total >= 3);
        for (size_t k = 1; k <= total; k++) {
            counting f = {0, 0, 0, k};
            robots_allocator fa = counting_allocator(&f);
            cli_use_allocator(&fa);
            int rc = quiet_census(runs[i]);
            CHECK(rc == 0 || rc == 2);
            refused += rc == 2;
            CHECK_EQ(f.current, 0);
        }
        CHECK(refused >= 1);
    }
    cli_use_allocator(NULL);
}

/* --compare-with runs robots-census-diff from beside the command (make builds it
 * there): the reference against itself agrees on every check; a copy of the
 * command without it says it cannot run it. */
static void compare_with_runs_the_differential(void) {
    const char *bin = getenv("ROBOTS_BIN") ? getenv("ROBOTS_BIN") : "build/bin/robots";
    char adapter[1024];
    snprintf(adapter, sizeof adapter, "%s --batch", bin);
    /* test-platforms' cross builds make the command and these tests alone: there
     * the differential is not beside it, and the command says so. */
    char beside[1100];
    const char *slash = strrchr(bin, '/');
    snprintf(beside, sizeof beside, "%.*srobots-census-diff", slash ? (int)(slash - bin + 1) : 0, bin);
    bool built = access(beside, X_OK) == 0;
    proc_result r = run_robots(NULL, 0, ARGS("census", "--compare-with", adapter, "--progress", "never", FIXTURES "/sites"));
    if (built) {
        CHECK_EQ(r.status, 0);
        CHECK(has(&r.out, "# Census differential") && has(&r.out, "| Googlebot | 4 | 0 |"));
    } else {
        CHECK(r.status == 2 && has(&r.err, "cannot run") && has(&r.err, "robots-census-diff"));
    }
    proc_result_free(&r);
    buf self = {NULL, 0, 0};
    int more = 0;
    CHECK_EQ(read_file(bin, 0, &self, &more), 0);
    const char *alone = scratch_file(SCRATCH_SLOTS - 1, self.data, self.len);
    buf_free(&self);
    CHECK_EQ(chmod(alone, 0700), 0);
    char *argv[] = {(char *)alone, "census", "--compare-with", "x", FIXTURES "/sites", NULL};
    CHECK_EQ(proc_run(argv, NULL, 0, 60.0, 1 << 20, &r), 0);
    CHECK_EQ(r.status, 2);
    CHECK(has(&r.err, "cannot run") && has(&r.err, "robots-census-diff"));
    proc_result_free(&r);
}

/* robots census over one input, stopped by SIGTERM once its first site is
 * answered (ROBOTS_TEST_PAUSE=site): the input is said not read to its end, the
 * text summary and --summary say interrupted, the exit is 143. Returns the
 * census's stderr (to free). */
static char *census_interrupted_in(const char *input, const char *second) {
    const char *bin = getenv("ROBOTS_BIN") ? getenv("ROBOTS_BIN") : "build/bin/robots";
    const char *err = scratch_file(SCRATCH_SLOTS - 2, "", 0);
    const char *summary = scratch_file(SCRATCH_SLOTS - 3, "yesterday\n", 10);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int out = open("/dev/null", O_WRONLY), fd = open(err, O_WRONLY | O_TRUNC);
        dup2(out, 1);
        dup2(fd, 2);
        setenv("ROBOTS_TEST_PAUSE", "site", 1);
        signal(SIGTERM, SIG_DFL);
        execl(bin, bin, "census", "--progress", "never", "--summary", summary, input, second, (char *)NULL);
        _exit(127);
    }
    buf said = {NULL, 0, 0};
    for (int i = 0; i < 2000; i++) {
        int more = 0;
        buf_free(&said);
        if (read_file(err, 0, &said, &more) == 0 && buf_addc(&said, '\0') == 0 && strstr(said.data, "paused at site")) break;
        nanosleep(&(struct timespec){0, 10000000L}, NULL);
    }
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM);
    buf_free(&said);
    int more = 0;
    CHECK_EQ(read_file(err, 0, &said, &more), 0);
    CHECK_EQ(buf_addc(&said, '\0'), 0);
    buf json = {NULL, 0, 0};
    CHECK(read_file(summary, 0, &json, &more) == 0 && buf_addc(&json, '\0') == 0 &&
          strstr(json.data, "\"interrupted\":\"SIGTERM\"") && strstr(json.data, "\"stopped\":\"interrupted by SIGTERM after 1 sites"));
    buf_free(&json);
    /* Stopped in its one input, that input is said cut; between two, none is. */
    CHECK(said.data && !strstr(said.data, "NOT READ TO ITS END: interrupted by SIGTERM") == (second != NULL) &&
          strstr(said.data, "robots census: INTERRUPTED by SIGTERM after 1 sites"));
    return said.data;
}

/* Each reader stops at the signal between two sites: a folder, JSON Lines longer
 * than a read (the next read is not made), a WARC file (between records). */
static void each_reader_stops_at_a_signal(void) {
    free(census_interrupted_in(FIXTURES "/sites", NULL));
    buf lines = {NULL, 0, 0};
    for (int i = 0; i < 3000; i++) {
        char line[128];
        int n = snprintf(line, sizeof line, "{\"site\": \"s%d.test\", \"robots\": \"user-agent: *\\ndisallow: /private/\"}\n", i);
        CHECK_EQ(buf_add(&lines, line, (size_t)n), 0);
    }
    CHECK(lines.len > 2 * ROBOTS_READ_BUFFER);
    free(census_interrupted_in(scratch_file(SCRATCH_SLOTS - 4, lines.data, lines.len), NULL));
    buf_free(&lines);
    buf b = {NULL, 0, 0};
    for (int i = 0; i < 40; i++) {
        char uri[64];
        snprintf(uri, sizeof uri, "http://w%d.test/robots.txt", i);
        add_record(&b, "response", uri, http("200 OK", "", "user-agent: *\ndisallow: /\n"), NULL);
    }
    char *said = census_interrupted_in(warc_file(SCRATCH_SLOTS - 4, &b), NULL);
    CHECK(said && strstr(said, "in input 1 of 1"));
    free(said);
    buf_free(&b);
    /* Between two inputs: the first (a folder of one file) read whole, the
     * second not begun. */
    char dir[] = "/tmp/robots-census-one-XXXXXX", file[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(file, sizeof file, "%s/one.example", dir);
    FILE *f = fopen(file, "w");
    if (f) {
        fputs("user-agent: *\ndisallow: /x\n", f);
        fclose(f);
    }
    said = census_interrupted_in(dir, FIXTURES "/sites");
    CHECK(said && strstr(said, "after 1 sites, 1 of 2 inputs read"));
    free(said);
    /* A JSON Lines file of one site, the signal after it: every byte was read,
     * so it is whole (not "NOT READ TO ITS END"), and the next is not begun. */
    const char *one = "{\"site\": \"one.test\", \"robots\": \"user-agent: *\\ndisallow: /x\"}\n";
    said = census_interrupted_in(scratch_file(SCRATCH_SLOTS - 4, one, strlen(one)), FIXTURES "/sites");
    CHECK(said && strstr(said, "after 1 sites, 1 of 2 inputs read"));
    free(said);
    unlink(file);
    rmdir(dir);
}

/* Standard input a pipe that waits: a signal during the read ends it (EINTR),
 * and the census does not read again. */
static void a_waiting_pipe_stops_at_a_signal(void) {
    const char *bin = getenv("ROBOTS_BIN") ? getenv("ROBOTS_BIN") : "build/bin/robots";
    const char *err = scratch_file(SCRATCH_SLOTS - 2, "", 0);
    int feed[2];
    CHECK_EQ(pipe(feed), 0);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int out = open("/dev/null", O_WRONLY), fd = open(err, O_WRONLY | O_TRUNC);
        dup2(feed[0], 0);
        close(feed[1]);
        dup2(out, 1);
        dup2(fd, 2);
        signal(SIGTERM, SIG_DFL);
        execl(bin, bin, "census", "--progress", "never", "--format", "jsonl", "-", (char *)NULL);
        _exit(127);
    }
    close(feed[0]);
    /* Lines that are no sites, past the 64 bytes read to know the input's kind:
     * warned of at once; then the census waits for more. */
    for (int i = 0; i < 20; i++) CHECK(write(feed[1], "not json\n", 9) == 9);
    buf said = {NULL, 0, 0};
    for (int i = 0; i < 2000; i++) {
        int more = 0;
        buf_free(&said);
        if (read_file(err, 0, &said, &more) == 0 && buf_addc(&said, '\0') == 0 && strstr(said.data, ":1: ")) break;
        nanosleep(&(struct timespec){0, 10000000L}, NULL);
    }
    nanosleep(&(struct timespec){0, 100000000L}, NULL);
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    close(feed[1]);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM);
    buf_free(&said);
    int more = 0;
    CHECK(read_file(err, 0, &said, &more) == 0 && buf_addc(&said, '\0') == 0 &&
          strstr(said.data, "NOT READ TO ITS END: interrupted by SIGTERM"));
    buf_free(&said);
}

/* --sites that cannot be made with --summary: neither is written, exit 2. */
static void sites_that_cannot_be_made(void) {
    const char *summary = scratch_file(SCRATCH_SLOTS - 3, "before\n", 7);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--summary", summary, "--sites", "/nonexistent/dir/sites.jsonl",
                                             FIXTURES "/sites"));
    CHECK(r.status == 2 && has(&r.err, "--sites /nonexistent/dir/sites.jsonl"));
    proc_result_free(&r);
}

/* `robots census ARGS...` with standard output sent to /dev/full (a disk that is full). */
static proc_result census_into_full(const char *args) {
    const char *bin = getenv("ROBOTS_BIN");
    char script[600];
    snprintf(script, sizeof script, "\"$0\" census %s > /dev/full", args);
    char *argv[] = {"/bin/sh", "-c", script, (char *)(bin ? bin : "build/bin/robots"), NULL};
    proc_result r;
    CHECK_EQ(proc_run(argv, NULL, 0, 30.0, 1 << 16, &r), 0);
    return r;
}

/* Site names that hold a quote, a line feed or a carriage return: CSV quotes
 * the field (a quote doubled, RFC 4180), TSV turns a line break into a space, so
 * that a row is one line and a field one field whatever the name. */
static void site_names_that_need_quoting(void) {
    static const char lines[] = "{\"site\":\"say \\\"hi\\\"\",\"status\":404}\n"
                                "{\"site\":\"two\\nlines\",\"status\":404}\n"
                                "{\"site\":\"carriage\\rreturn\",\"status\":404}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "csv", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "\n\"say \"\"hi\"\"\",Googlebot,/,true,0,404,full-allow,0,,false\n"));
    CHECK(has(&r.out, "\n\"two\nlines\",Googlebot,/,true,"));
    CHECK(has(&r.out, "\n\"carriage\rreturn\",Googlebot,/,true,"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", file));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "\nsay \"hi\"\tGooglebot\t/\ttrue\t") && has(&r.out, "\ntwo lines\tGooglebot\t/\ttrue\t"));
    CHECK(has(&r.out, "\ncarriage return\tGooglebot\t/\ttrue\t"));
    proc_result_free(&r);
}

/* Options at their edges: -h is --help (the usage on standard output, exit 0);
 * --progress never and auto (to a pipe) show no progress line; --paths-from-rules
 * empty, with a trailing letter or past 1000 is refused with its value; three
 * agents, the first two sharing their answers, the third its own. */
static void census_options_at_their_edges(void) {
    proc_result r = run_robots(NULL, 0, ARGS("census", "-h"));
    CHECK(r.status == 0 && has(&r.out, "usage: robots census") && r.err.len == 0);
    proc_result_free(&r);
    static const char lines[] = "{\"site\":\"c-only\",\"robots\":\"user-agent: CBot\\ndisallow: /\\n\"}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1);
    static const char *const progress[] = {"never", "auto"};
    for (int i = 0; i < 2; i++) {
        r = run_robots(NULL, 0, ARGS("census", "--progress", progress[i], "--format", "tsv", "--agents", "ABot,BBot,CBot", file));
        CHECK_EQ(r.status, 0);
        CHECK(r.err.data && !strchr(r.err.data, '\r'));
        CHECK(has(&r.out, "c-only\tABot\t/\ttrue\t0\t") && has(&r.out, "c-only\tBBot\t/\ttrue\t0\t"));
        CHECK(has(&r.out, "c-only\tCBot\t/\tfalse\t2\t"));
        proc_result_free(&r);
    }
    static const char *const counts[] = {"", "5x", "1001"};
    for (int i = 0; i < 3; i++) {
        r = run_robots(NULL, 0, ARGS("census", "--paths-from-rules", counts[i], file));
        char want[80];
        snprintf(want, sizeof want, "--paths-from-rules takes 0 to 1000, not '%s'", counts[i]);
        CHECK(r.status == 2 && has(&r.err, want) && r.out.len == 0);
        proc_result_free(&r);
    }
}

/* Outputs that cannot be written, when what is left is small (the rows still in
 * stdio's buffer at the end, a summary of a few hundred bytes, or of many
 * inputs): exit 2 and why, the rows' failure said before --sites'. */
static void small_outputs_that_cannot_be_written(void) {
    static const char lines[] = "{\"site\":\"s\",\"status\":404}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1), *sites = scratch_file(1, "", 0);
    char args[900];
    snprintf(args, sizeof args, "--format tsv '%s'", file);
    proc_result r = census_into_full(args);
    CHECK(r.status == 2 && has(&r.err, "robots census: cannot write the output\n"));
    proc_result_free(&r);
    snprintf(args, sizeof args, "--sites /dev/full '%s'", file);
    r = census_into_full(args);
    CHECK(r.status == 2 && has(&r.err, "robots census: cannot write the output\n") && !has(&r.err, "--sites"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("census", "--sites", sites, "--summary", "/dev/full", file));
    CHECK(r.status == 2 && has(&r.err, "robots census: --summary /dev/full: No space left on device\n"));
    proc_result_free(&r);
    /* A summary past stdio's buffer (60 agents): its write fails, not only its close. */
    static char agents[1000];
    char *p = agents;
    for (int i = 0; i < 60; i++) p += sprintf(p, "%sAgent%d", i ? "," : "", i);
    r = run_robots(NULL, 0, ARGS("census", "--agents", agents, "--summary", "/dev/full", file));
    CHECK(r.status == 2 && has(&r.err, "robots census: --summary /dev/full: No space left on device\n"));
    proc_result_free(&r);
}

/* Two inputs not read to their end (named as WARC files, empty): the summary
 * says 2 inputs, in the plural, and the census exits 3. */
static void two_inputs_not_read_to_their_end(void) {
    const char *one = scratch_file(0, "", 0);
    char a[600], b[600];
    snprintf(a, sizeof a, "%s.a.warc", one);
    snprintf(b, sizeof b, "%s.b.warc", one);
    FILE *f = fopen(a, "w");
    if (f) fclose(f);
    f = fopen(b, "w");
    if (f) fclose(f);
    proc_result r = run_robots(NULL, 0, ARGS("census", a, b));
    CHECK_EQ(r.status, 3);
    CHECK(has(&r.err, "robots census: 2 inputs NOT READ TO ITS END (above): the figures are of what was read\n"));
    proc_result_free(&r);
    unlink(a);
    unlink(b);
}

/* A folder with more entries passed over than the warning names (10): the first
 * ten named, then "...", every one counted. */
static void a_folder_of_many_hidden_files(void) {
    const char *one = scratch_file(0, "", 0);
    char dir[600], path[700];
    snprintf(dir, sizeof dir, "%s.hidden", one);
    CHECK_EQ(mkdir(dir, 0700), 0);
    for (int i = 0; i < 12; i++) {
        snprintf(path, sizeof path, "%s/.h%02d", dir, i);
        FILE *f = fopen(path, "w");
        if (f) fclose(f);
    }
    snprintf(path, sizeof path, "%s/site.example", dir);
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", dir));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.err, ": 12 entries passed over: 0 not regular files (folders, links to nothing, FIFOs, devices), 12 "
                      "hidden (named .*): .h00, .h01, .h02, .h03, .h04, .h05, .h06, .h07, .h08, .h09, ...\n"));
    CHECK(has(&r.out, "site.example\tGooglebot\t/\ttrue\t"));
    proc_result_free(&r);
    unlink(path);
    for (int i = 0; i < 12; i++) {
        snprintf(path, sizeof path, "%s/.h%02d", dir, i);
        unlink(path);
    }
    CHECK_EQ(rmdir(dir), 0);
}

/* --paths and --paths-from-rules at their bounds: a last line without a line
 * end is a path; a path with a space is refused; a path of 2,048 bytes, which
 * has no room for its NUL, is refused as too long (it was taken, then never
 * asked, in silence); the 4,096 paths of --paths and the root leave room for 63
 * made from the rules; a file of 5,000 rules gives N spread over its first
 * 4,096; a rule path with no room for a page beneath it is asked alone. */
static void paths_at_their_bounds(void) {
    static const char site[] = "{\"site\":\"s\",\"status\":404}\n";
    const char *jsonl = scratch_file(0, site, sizeof site - 1);
    const char *last = scratch_file(1, "/first\n/last", 12);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths", last, jsonl));
    CHECK(r.status == 0 && has(&r.out, "s\tGooglebot\t/first\ttrue\t") && has(&r.out, "s\tGooglebot\t/last\ttrue\t"));
    proc_result_free(&r);
    const char *space = scratch_file(2, "/a b\n", 5);
    r = run_robots(NULL, 0, ARGS("census", "--paths", space, jsonl));
    CHECK(r.status == 2 && has(&r.err, ":1: a path starts with '/' and holds no space, not '/a b'"));
    proc_result_free(&r);
    static char paths[4096 * 8 + 4096];
    memset(paths, 'p', CENSUS_PATH_BYTES);
    paths[0] = '/';
    paths[CENSUS_PATH_BYTES] = '\n';
    const char *full = scratch_file(3, paths, CENSUS_PATH_BYTES + 1);
    r = run_robots(NULL, 0, ARGS("census", "--paths", full, jsonl));
    CHECK(r.status == 2 && has(&r.err, ":1: a path longer than 2047 bytes") && r.out.len == 0);
    proc_result_free(&r);
    paths[1] = '/'; /* 2,047 bytes: asked */
    full = scratch_file(3, paths + 1, CENSUS_PATH_BYTES);
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths", full, jsonl));
    CHECK(r.status == 0 && has(&r.out, "s\tGooglebot\t/ppp"));
    proc_result_free(&r);
    /* 4,096 paths, and a site of 200 rules. */
    char *p = paths;
    for (int i = 0; i < 4096; i++) p += sprintf(p, "/%d\n", i);
    const char *most = scratch_file(4, paths, (size_t)(p - paths));
    buf lines = {NULL, 0, 0};
    CHECK(buf_add(&lines, "{\"site\":\"rules\",\"robots\":\"user-agent: *\\n", 41) == 0);
    for (int i = 0; i < 5000; i++) {
        char rule[40];
        int n = snprintf(rule, sizeof rule, "disallow: /r%d\\n", i);
        CHECK(buf_add(&lines, rule, (size_t)n) == 0);
    }
    CHECK(buf_add(&lines, "\"}\n", 3) == 0);
    const char *rules = scratch_file(5, lines.data, lines.len);
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths", most, "--paths-from-rules", "100", rules));
    CHECK_EQ(r.status, 0);
    size_t rows = 0;
    for (const char *q = r.out.data; q && (q = strchr(q, '\n')) != NULL; q++) rows++;
    CHECK_EQ(rows, 1 + 1 + 4096 + 63); /* the header, the root, --paths, 63 of the rules */
    CHECK(has(&r.out, "rules\tGooglebot\t/r0\tfalse\t") && !has(&r.out, "rules\tGooglebot\t/r4096\t"));
    proc_result_free(&r);
    /* 5,000 rules, 1,000 asked: spread over the first 4,096 (every 4.096th), none past them. */
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths-from-rules", "1000", rules));
    rows = 0;
    for (const char *q = r.out.data; q && (q = strchr(q, '\n')) != NULL; q++) rows++;
    CHECK(r.status == 0 && rows == 1 + 1 + 1000);
    CHECK(has(&r.out, "rules\tGooglebot\t/r4\tfalse\t") && !has(&r.out, "rules\tGooglebot\t/r4095\t"));
    proc_result_free(&r);
    /* One rule path of 2,042 bytes: no room for "/index.html" or "?page=2" beneath it, room for "-old" and ".json". */
    lines.len = 0;
    CHECK(buf_add(&lines, "{\"site\":\"long\",\"robots\":\"user-agent: *\\ndisallow: /", 51) == 0);
    for (int i = 0; i < 2040; i++) CHECK(buf_addc(&lines, 'q') == 0);
    CHECK(buf_add(&lines, "/\"}\n", 4) == 0);
    rules = scratch_file(5, lines.data, lines.len);
    r = run_robots(NULL, 0, ARGS("census", "--format", "tsv", "--paths-from-rules", "3", rules));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "qq/\tfalse\t") && has(&r.out, "qq/-old\tfalse\t") && has(&r.out, "qq/.json\tfalse\t"));
    CHECK(!has(&r.out, "qq/index.html") && !has(&r.out, "qq/?page=2"));
    proc_result_free(&r);
    buf_free(&lines);
}

/* ---- --crawlers: the crawler catalog's crawlers, each asked as it asks ---- */

/* The project's catalog, as the command finds it from the working directory
 * (make runs the tests from the checkout). 0, or -1 after failing the test. */
static int project_catalog(crawler_list *list) {
    char room[4096], error[600];
    const char *file = crawler_catalog_default(room, sizeof room);
    CHECK(file != NULL);
    if (!file || crawler_catalog_read(file, list, error, sizeof error) != 0) {
        CHECK(!"the project's crawler catalog reads");
        return -1;
    }
    return 0;
}

/* The rows of a TSV output, each cut into its fields (in place; at most 16 a row). */
typedef struct tsv_rows {
    char *text;
    char *fields[4096][16];
    size_t n, nfields[4096];
} tsv_rows;

static void cut_tsv(tsv_rows *t, const proc_output *o) {
    t->text = malloc(o->len + 1);
    t->n = 0;
    if (!t->text) return;
    memcpy(t->text, o->data ? o->data : "", o->len);
    t->text[o->len] = '\0';
    for (char *line = t->text, *end; *line && t->n < 4096; line = end + 1) {
        end = strchr(line, '\n');
        if (!end) break;
        *end = '\0';
        size_t k = 0;
        for (char *f = line; k < 16; f++) {
            t->fields[t->n][k++] = f;
            f = strchr(f, '\t');
            if (!f) break;
            *f = '\0';
        }
        t->nfields[t->n++] = k;
    }
}

/* The row of site, agent and path (columns 0, 1 and 4 with --crawlers), or NULL. */
static char **find_row(tsv_rows *t, const char *site, const char *agent, const char *path) {
    for (size_t i = 1; i < t->n; i++)
        if (t->nfields[i] == 12 && !strcmp(t->fields[i][0], site) && !strcmp(t->fields[i][1], agent) &&
            !strcmp(t->fields[i][4], path))
            return t->fields[i];
    return NULL;
}

/* Googlebot-Image asked with its tokens follows a googlebot group when no group
 * names googlebot-image (UA-1); AdsBot, which ignores '*', is not kept out by a
 * '*' group; the row says whose group decided. */
static void crawlers_asked_as_they_ask(void) {
    crawler_list list;
    if (project_catalog(&list)) return;
    const catalog_entry *image = crawler_catalog_find(&list, "googlebot-image");
    const catalog_entry *adsbot = crawler_catalog_find(&list, "adsbot-google");
    CHECK(image && image->ntokens == 2 && !strcmp(image->tokens[1], "googlebot"));
    CHECK(adsbot && !strcmp(adsbot->robots.data, "ignores-star"));
    if (!image || !adsbot) {
        crawler_catalog_free(&list);
        return;
    }
    static const char lines[] =
        "{\"site\":\"googlebot-group\",\"robots\":\"user-agent: googlebot\\ndisallow: /\\n\"}\n"
        "{\"site\":\"star-closed\",\"robots\":\"user-agent: *\\ndisallow: /\\n\"}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--crawlers", "Googlebot-Image,AdsBot-Google", "--format", "tsv",
                                             "--sites", scratch_file(1, "", 0), file));
    CHECK_EQ(r.status, 0);
    tsv_rows *t = malloc(sizeof *t);
    CHECK(t != NULL);
    if (t) {
        cut_tsv(t, &r.out);
        CHECK(t->n == 5 && !strcmp(t->fields[0][2], "robots") && !strcmp(t->fields[0][3], "token"));
        char **row = find_row(t, "googlebot-group", image->name.data, "/");
        CHECK(row && !strcmp(row[2], "follows") && !strcmp(row[3], "googlebot") && !strcmp(row[5], "false") &&
              !strcmp(row[6], "2"));
        row = find_row(t, "star-closed", image->name.data, "/");
        CHECK(row && !strcmp(row[3], "*") && !strcmp(row[5], "false"));
        row = find_row(t, "star-closed", adsbot->name.data, "/");
        CHECK(row && !strcmp(row[2], "ignores-star") && !strcmp(row[3], "") && !strcmp(row[5], "true") &&
              !strcmp(row[6], "0"));
        free(t->text);
        free(t);
    }
    /* Its summary: AdsBot allowed everywhere, Googlebot-Image kept out of both. */
    CHECK(has(&r.err, "  crawler                     sites   root allowed"));
    char want[200];
    snprintf(want, sizeof want, "  %-24s %8d %14d %22d", image->name.data, 2, 0, 2);
    CHECK(has(&r.err, want));
    snprintf(want, sizeof want, "  %-24s %8d %14d %22d", adsbot->name.data, 2, 2, 0);
    CHECK(has(&r.err, want));
    proc_result_free(&r);
    crawler_catalog_free(&list);
}

/* Every crawler of the catalog, on files that name some of them: the census's
 * row says what `robots --crawler` says (its answer, and whose group decided);
 * a crawler with no token has no answer in the census, where --crawler allows
 * it. */
static void census_agrees_with_crawler_command(void) {
    crawler_list list;
    if (project_catalog(&list)) return;
    static const char *const files[] = {
        "user-agent: googlebot\ndisallow: /private/\n\nuser-agent: *\ndisallow: /\n",
        "user-agent: *\ndisallow: /\n\nuser-agent: gptbot\nuser-agent: adsbot-google\nallow: /\ndisallow: /private/\n",
        "user-agent: googlebot-image\ndisallow: /\n\nuser-agent: claudebot\ndisallow: /private\n",
    };
    static const char *const paths[] = {"/", "/private/x"};
    buf lines = {NULL, 0, 0};
    const char *robots[3];
    for (int i = 0; i < 3; i++) {
        robots[i] = scratch_file(2 + i, files[i], strlen(files[i]));
        char head[40];
        snprintf(head, sizeof head, "{\"site\":\"s%d\",\"robots\":", i);
        CHECK(buf_add(&lines, head, strlen(head)) == 0 && json_append_string(&lines, files[i], strlen(files[i])) == 0);
        CHECK(buf_add(&lines, "}\n", 2) == 0);
    }
    const char *jsonl = scratch_file(5, lines.data, lines.len);
    buf_free(&lines);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--crawlers", "@all", "--format", "tsv", "--paths",
                                             scratch_file(6, "/private/x\n", 11), jsonl));
    CHECK_EQ(r.status, 0);
    tsv_rows *t = malloc(sizeof *t);
    CHECK(t != NULL);
    if (!t) return;
    cut_tsv(t, &r.out);
    CHECK_EQ(t->n, 1 + 3 * 2 * list.n);
    const catalog_entry *entries = (const catalog_entry *)(const void *)list.entries.data;
    for (size_t e = 0; e < list.n; e++) {
        for (int i = 0; i < 3; i++)
            for (int p = 0; p < 2; p++) {
                char site[8], url[64];
                snprintf(site, sizeof site, "s%d", i);
                snprintf(url, sizeof url, "http://example.com%s", paths[p]);
                proc_result c = run_robots(NULL, 0, ARGS("--crawler", entries[e].id.data, robots[i], url));
                char **row = find_row(t, site, entries[e].name.data, paths[p]);
                CHECK(row != NULL && (c.status == 0 || c.status == 1));
                if (!row) continue;
                CHECK(!strcmp(row[2], entries[e].robots.data));
                if (!entries[e].ntokens) {
                    CHECK(c.status == 0 && !strcmp(row[5], "") && !strcmp(row[3], ""));
                } else {
                    CHECK(!strcmp(row[5], c.status == 0 ? "true" : "false"));
                    /* "the group of TOKEN", then ", line N" or ": no rule matches". */
                    char said[120], ended[130];
                    if (row[3][0] == '*') snprintf(said, sizeof said, "decided by: the '*' group");
                    else if (row[3][0]) snprintf(said, sizeof said, "decided by: the group of %s", row[3]);
                    else snprintf(said, sizeof said, "decided by: no group");
                    bool named = row[3][0] && row[3][0] != '*';
                    snprintf(ended, sizeof ended, "%s%s", said, named ? ":" : "");
                    if (named && !has(&c.out, ended)) snprintf(ended, sizeof ended, "%s,", said);
                    CHECK(has(&c.out, ended));
                    if (!has(&c.out, ended)) printf("    %s, s%d %s: %s", entries[e].id.data, i, paths[p], c.out.data);
                }
                proc_result_free(&c);
            }
    }
    free(t->text);
    free(t);
    proc_result_free(&r);
    crawler_catalog_free(&list);
}

/* @PURPOSE is every crawler of the catalog with that purpose, in the catalog's
 * order, and @all every crawler: computed here from the catalog. The summary's
 * sums count them per purpose and per operator. */
static void purposes_expand_from_the_catalog(void) {
    crawler_list list;
    if (project_catalog(&list)) return;
    const catalog_entry *entries = (const catalog_entry *)(const void *)list.entries.data;
    static const char lines[] = "{\"site\":\"s\",\"robots\":\"user-agent: *\\ndisallow: /\\n\"}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1);
    const char *summary = scratch_file(1, "", 0);
    for (size_t k = 0; k <= CATALOG_PURPOSES; k++) {
        const char *purpose = k < CATALOG_PURPOSES ? catalog_purposes[k] : NULL;
        char item[40];
        snprintf(item, sizeof item, "@%s", purpose ? purpose : "all");
        buf want = {NULL, 0, 0};
        size_t n = 0, no_token = 0;
        /* The site's '*' group disallows everything: it keeps out each crawler
         * with a token but those that ignore '*'. */
        bool all_kept_out = true, all_let_in = true;
        for (size_t e = 0; e < list.n; e++) {
            if (purpose && !catalog_entry_has_purpose(&entries[e], purpose)) continue;
            n++;
            no_token += !entries[e].ntokens;
            bool ignores_star = !strcmp(entries[e].robots.data, "ignores-star");
            all_kept_out = all_kept_out && (!entries[e].ntokens || !ignores_star);
            all_let_in = all_let_in && (!entries[e].ntokens || ignores_star);
            CHECK(buf_add(&want, entries[e].name.data, strlen(entries[e].name.data)) == 0 && buf_addc(&want, '\n') == 0);
        }
        CHECK(buf_addc(&want, '\0') == 0);
        proc_result r = run_robots(NULL, 0, ARGS("census", "--crawlers", item, "--format", "tsv", "--summary", summary, file));
        if (!n) { /* a purpose no crawler of the catalog has: no crawler to ask */
            CHECK(r.status == 2 && has(&r.err, "has the purpose") && has(&r.err, "it names no crawler"));
            proc_result_free(&r);
            buf_free(&want);
            continue;
        }
        CHECK_EQ(r.status, 0);
        buf got = {NULL, 0, 0};
        tsv_rows *t = malloc(sizeof *t);
        CHECK(t != NULL);
        if (t) {
            cut_tsv(t, &r.out);
            for (size_t i = 1; i < t->n; i++)
                CHECK(buf_add(&got, t->fields[i][1], strlen(t->fields[i][1])) == 0 && buf_addc(&got, '\n') == 0);
            free(t->text);
            free(t);
        }
        CHECK(buf_addc(&got, '\0') == 0);
        CHECK(!strcmp(got.data, want.data));
        if (strcmp(got.data, want.data)) printf("    %s: got\n%s    wanted\n%s", item, got.data, want.data);
        buf_free(&got);
        buf_free(&want);
        proc_result_free(&r);
        /* The summary's sum for the purpose: its crawlers, and where the one site
         * falls (none, when none of them has a token). */
        buf json = {NULL, 0, 0};
        int more = 0;
        CHECK(read_file(summary, 0, &json, &more) == 0 && buf_addc(&json, '\0') == 0);
        if (purpose) {
            char sum[200];
            bool governed = no_token < n;
            snprintf(sum, sizeof sum,
                     "{\"purpose\":\"%s\",\"crawlers\":%zu,\"no_robots_txt\":%zu,\"allowing\":%d,\"blocking\":%d,"
                     "\"blocking_in_part\":%d}", purpose, n, no_token, governed && all_let_in, governed && all_kept_out,
                     governed && !all_let_in && !all_kept_out);
            CHECK(json.data && strstr(json.data, sum));
            if (!json.data || !strstr(json.data, sum)) printf("    wanted %s in %s\n", sum, json.data ? json.data : "");
        }
        /* With @all, each operator's crawlers. */
        for (size_t e = 0; !purpose && e < list.n; e++) {
            size_t of = 0;
            for (size_t f = 0; f < list.n; f++) of += !strcmp(entries[f].operator_name.data, entries[e].operator_name.data);
            char sum[200];
            snprintf(sum, sizeof sum, "{\"operator\":\"%s\",\"crawlers\":%zu,", entries[e].operator_name.data, of);
            CHECK(json.data && strstr(json.data, sum));
        }
        buf_free(&json);
    }
    crawler_catalog_free(&list);
}

/* Names as a person gives them: a whole User-Agent header (its comma inside
 * parentheses does not split the list), a crawler named twice or in a purpose
 * named too (asked once), spaces around items, a name the catalog does not
 * know (asked as a token, with a warning), a purpose in capitals. */
static void crawler_names_as_given(void) {
    crawler_list list;
    if (project_catalog(&list)) return;
    static const char header[] = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; "
                                 "+https://openai.com/gptbot";
    const catalog_entry *gptbot = crawler_catalog_find(&list, header);
    CHECK(gptbot && !strcmp(gptbot->id.data, "gptbot"));
    static const char lines[] = "{\"site\":\"s\",\"status\":404}\n";
    const char *file = scratch_file(0, lines, sizeof lines - 1);
    char given[400];
    snprintf(given, sizeof given, "%s, gptbot ,@AI-Training,NoSuchBot,nosuchbot", header);
    proc_result r = run_robots(NULL, 0, ARGS("census", "--crawlers", given, "--format", "tsv", file));
    CHECK_EQ(r.status, 0);
    char row[200];
    snprintf(row, sizeof row, "\ns\t%s\tfollows\t\t/\ttrue\t0\t404\tfull-allow\t", gptbot ? gptbot->name.data : "?");
    CHECK(has(&r.out, row));
    CHECK(strstr(r.out.data ? r.out.data : "", row) == strstr(r.out.data ? r.out.data : "", "\ns\t")); /* first */
    const char *first = r.out.data ? strstr(r.out.data, row) : NULL;
    CHECK(first && !strstr(first + 1, row)); /* once */
    CHECK(has(&r.out, "\ns\tNoSuchBot\t\t\t/\ttrue\t") && !has(&r.out, "\ns\tnosuchbot\t"));
    CHECK(has(&r.err, "robots census: 'NoSuchBot' is no crawler of the catalog (conformance/crawler-catalog.json): "
                      "asked as the product token 'NoSuchBot'\n"));
    proc_result_free(&r);
    crawler_catalog_free(&list);
}

/* `robots census ARGS` refused with exit 2, no row, and `why` on stderr. */
static void census_refuses(const char *const *args, const char *why) {
    proc_result r = run_robots(NULL, 0, args);
    CHECK(r.status == 2 && r.out.len == 0 && has(&r.err, why));
    if (!has(&r.err, why)) printf("    wanted '%s', got: %s", why, r.err.data ? r.err.data : "");
    proc_result_free(&r);
}

/* What --crawlers refuses: each a clear error, exit 2, before any row. */
static void crawler_lists_refused(void) {
    const char *file = FIXTURES "/crawlers.jsonl", *own = FIXTURES "/catalog.json";
    census_refuses(ARGS("census", "--crawlers", "@nope", file), "no such purpose (the purposes: search, ads,");
    census_refuses(ARGS("census", "--crawlers", "@", file), "no such purpose");
    census_refuses(ARGS("census", "--crawlers", "GPTBot,,ClaudeBot", file), "--crawlers: an empty item");
    census_refuses(ARGS("census", "--crawlers", "", file), "--crawlers: an empty item");
    census_refuses(ARGS("census", "--crawlers", "GPTBot, \t", file), "--crawlers: an empty item");
    census_refuses(ARGS("census", "--crawlers", "GPTBot", "--agents", "GPTBot", file),
                   "--agents and --crawlers do not go together");
    census_refuses(ARGS("census", "--catalog", own, file), "--catalog goes with --crawlers");
    census_refuses(ARGS("census", "--crawlers", "GPTBot", "--compare-with", "x", file),
                   "--crawlers does not go with --compare-with");
    census_refuses(ARGS("census", "--crawlers", "GPTBot", "--catalog", "/nonexistent/catalog.json", file),
                   "--crawlers: /nonexistent/catalog.json: cannot read: No such file or directory");
    census_refuses(ARGS("census", "--crawlers", "GPTBot", "--catalog", file, file), "--crawlers: " FIXTURES "/crawlers.jsonl: byte");
    static const char wrong[] = "{\"crawlers\":[{\"id\":\"x\"}]}";
    census_refuses(ARGS("census", "--crawlers", "GPTBot", "--catalog", scratch_file(0, wrong, sizeof wrong - 1), file),
                   "not a crawler catalog");
    census_refuses(ARGS("census", "--crawlers", "@seo", "--catalog", own, file), "--crawlers: it names no crawler");
    static char many[5000];
    char *p = many;
    for (int i = 0; i < 65; i++) p += sprintf(p, "%sBot%d", i ? "," : "", i);
    census_refuses(ARGS("census", "--crawlers", many, "--catalog", own, file), "--crawlers: it names more than 64 crawlers");
    memset(many, 'a', 4096);
    many[4096] = '\0';
    census_refuses(ARGS("census", "--crawlers", many, "--catalog", own, file), "--crawlers: longer than 4095 bytes");
    /* A purpose no crawler has, beside a crawler: a warning, and the census goes on. */
    proc_result r = run_robots(NULL, 0, ARGS("census", "--crawlers", "@seo,GPTBot", "--catalog", own, file));
    CHECK(r.status == 0 && has(&r.err, "--crawlers: no crawler of the catalog (" FIXTURES "/catalog.json) has the purpose 'seo'"));
    proc_result_free(&r);
}

/* No catalog where the command looks (a copy of it in a folder of its own, run
 * from there): exit 2, saying where it looked and to give --catalog. */
static void no_catalog_found(void) {
    const char *bin = getenv("ROBOTS_BIN") ? getenv("ROBOTS_BIN") : "build/bin/robots";
    char program[8300], here[4096], cmd[20000], lines[8300];
    CHECK(getcwd(here, sizeof here) != NULL);
    snprintf(program, sizeof program, "%s%s%s", bin[0] == '/' ? "" : here, bin[0] == '/' ? "" : "/", bin);
    snprintf(lines, sizeof lines, "%s/" FIXTURES "/crawlers.jsonl", here);
    /* A platform's wrapper script runs the program where it was built (test_subcommands.c). */
    FILE *f = fopen(program, "rb");
    char head[2] = {0, 0};
    CHECK(f != NULL && fread(head, 1, 2, f) == 2);
    if (f) fclose(f);
    if (head[0] == '#' && head[1] == '!') return;
    char dir[] = "/tmp/robots-census-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s/robots' && cd '%s' && ./robots census --crawlers GPTBot '%s'; s=$?; rm -rf '%s'; exit $s",
             program, dir, dir, lines, dir);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    proc_result r;
    CHECK(proc_run(argv, NULL, 0, 30, 1 << 16, &r) == 0);
    CHECK(r.status == 2 && r.out.len == 0 && has(&r.err, "--crawlers: cannot find the crawler catalog") &&
          has(&r.err, "give --catalog FILE"));
    proc_result_free(&r);
}

const test_suite suite_census = {"census", (const test_case[]){
    {"the fixtures give their rows, summaries and warnings", fixtures_give_their_rows},
    {"every line of a JSON Lines input has an answer", every_line_has_an_answer},
    {"folders, files and paths at their edges", folders_and_files_at_their_edges},
    {"an output that cannot be written is exit 2", a_full_output_is_exit_2},
    {"the summary as JSON, and a progress line", the_summary_as_json_and_progress},
    {"every record of a WARC file has an answer", every_warc_record_has_an_answer},
    {"WARC files at their edges", warc_files_at_their_edges},
    {"gzipped WARC files", gzipped_warc_files},
#ifdef ROBOTS_CENSUS_ZLIB
    {"a member ending past a read ends the member, not the file", a_member_ending_past_a_read_ends_the_member},
    {"a WARC gzipped whole is read from checkpoints", a_warc_gzipped_whole_is_read_from_checkpoints},
#endif
    {"WARC records as writers vary them", warc_records_as_writers_vary_them},
    {"a redirect line ends as a 404", a_redirect_line_ends_as_a_404},
    {"the whole site disallowed past 256 groups", whole_site_past_256_groups},
    {"--sites: a row per site and agent", a_row_per_site_and_agent},
    {"every allocation may fail", every_allocation_may_fail},
    {"--compare-with runs robots-census-diff", compare_with_runs_the_differential},
    {"AI usage preferences counted per agent", usage_preferences_counted},
    {"site names that need quoting", site_names_that_need_quoting},
    {"options at their edges", census_options_at_their_edges},
    {"small outputs that cannot be written", small_outputs_that_cannot_be_written},
    {"two inputs not read to their end", two_inputs_not_read_to_their_end},
    {"a folder of many hidden files", a_folder_of_many_hidden_files},
    {"paths at their bounds", paths_at_their_bounds},
    {"each reader stops at a signal", each_reader_stops_at_a_signal},
    {"a waiting pipe stops at a signal", a_waiting_pipe_stops_at_a_signal},
    {"--sites that cannot be made", sites_that_cannot_be_made},
    {"--crawlers: asked as each crawler asks", crawlers_asked_as_they_ask},
    {"--crawlers: the rows say what robots --crawler says", census_agrees_with_crawler_command},
    {"--crawlers: @PURPOSE and @all expand from the catalog", purposes_expand_from_the_catalog},
    {"--crawlers: names as given", crawler_names_as_given},
    {"--crawlers: lists refused", crawler_lists_refused},
    {"--crawlers: no catalog found", no_catalog_found},
    {NULL, NULL}}};
