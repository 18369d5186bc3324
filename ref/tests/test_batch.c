/* test_batch.c - `robots --batch`: the JSON Lines protocol, including malformed input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "cli_support.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static proc_result batch(const char *input, const char *const *args) {
    return run_robots(input, strlen(input), args);
}

static void answers_in_order(void) {
    const char *in =
        "{\"id\": 1, \"robots\": \"user-agent: *\\ndisallow: /x\", \"agent\": \"a\", \"url\": \"http://e.com/x\"}\n"
        "{\"id\": \"two\", \"robots\": \"\", \"agent\": \"a\", \"url\": \"/\"}\n"
        "{\"robots\": \"user-agent: a\\nallow: /x/index.html\\ndisallow: /\", \"agent\": \"A\", \"url\": \"/x/\", \"id\": {\"k\": [1, 2]}}\n"
        "{\"url\": \"/y\", \"agent\": \"b\", \"id\": null, \"robots\": \"user-agent: *\\ndisallow: /\\nuser-agent: b\\nallow: /y\"}";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
                    "{\"id\":1,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/x\",\"group\":\"global\"}\n"
                    "{\"id\":\"two\",\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"
                    "{\"id\":{\"k\": [1, 2]},\"allowed\":true,\"rule\":\"allow\",\"line\":2,\"pattern\":\"/x/$\",\"group\":\"specific\"}\n"
                    "{\"id\":null,\"allowed\":true,\"rule\":\"allow\",\"line\":4,\"pattern\":\"/y\",\"group\":\"specific\"}\n"));
    CHECK(output_is(&r.err, ""));
    proc_result_free(&r);
}

/* robots_base64 carries exact bytes: a BOM prefix and a NUL survive. */
static void base64_exact_bytes(void) {
    /* "\xEF\xBBuser-agent: *\ndisallow: /a\0b" */
    const char *in = "{\"id\":1,\"robots_base64\":\"77t1c2VyLWFnZW50OiAqCmRpc2FsbG93OiAvYQBi\",\"agent\":\"x\",\"url\":\"/a\"}\n"
                     "{\"id\":2,\"robots_base64\":\"77t1c2VyLWFnZW50OiAqCmRpc2FsbG93OiAvYQBi\",\"agent\":\"x\",\"url\":\"/a\",\"profile\":\"rfc9309\"}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK(output_is(&r.out,
                    "{\"id\":1,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/a\",\"group\":\"global\"}\n"
                    "{\"id\":2,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"));
    proc_result_free(&r);
}

/* Every malformed request gets an error reply and the stream goes on. */
static void malformed_requests(void) {
    const char *in =
        "garbage\n"
        "{\"id\": 5, \"robots\": \"\", \"agent\": \"a\"}\n"
        "{\"id\": 6, \"robots\": \"\", \"url\": \"/\"}\n"
        "{\"id\": 7, \"agent\": \"a\", \"url\": \"/\"}\n"
        "{\"id\": 8, \"robots\": \"\", \"robots_base64\": \"\", \"agent\": \"a\", \"url\": \"/\"}\n"
        "{\"id\": 9, \"robots\": 3, \"agent\": \"a\", \"url\": \"/\"}\n"
        "{\"id\": 10, \"robots\": \"\", \"agent\": \"a\", \"agent\": \"b\", \"url\": \"/\"}\n"
        "{\"id\": 11, \"robots_base64\": \"!!\", \"agent\": \"a\", \"url\": \"/\"}\n"
        "{\"id\": 12, \"robots\": \"\", \"agent\": \"a\", \"url\": \"/\", \"profile\": \"bing\"}\n"
        "{\"id\": 13, \"robots\": \"\", \"agent\": \"a\", \"url\": \"/\", \"max_bytes\": -1}\n"
        "{\"id\": 14, \"robots\": \"\", \"agent\": \"a\", \"url\": \"/\", \"x\": [1,}\n"
        "{\"id\": 15, \"robots\": \"\xFF\", \"agent\": \"a\", \"url\": \"/\"}\n"
        "[1, 2]\n"
        "{\"id\": 16, \"robots\": \"\", \"agent\": \"a\", \"url\": \"/\", \"unknown\": true}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
                    "{\"id\":null,\"error\":\"invalid JSON at byte 1: expected a JSON object\"}\n"
                    "{\"id\":5,\"error\":\"missing field \\\"url\\\"\"}\n"
                    "{\"id\":6,\"error\":\"missing field \\\"agent\\\"\"}\n"
                    "{\"id\":7,\"error\":\"missing field \\\"robots\\\" (or \\\"robots_base64\\\")\"}\n"
                    "{\"id\":8,\"error\":\"give \\\"robots\\\" or \\\"robots_base64\\\", not both\"}\n"
                    "{\"id\":9,\"error\":\"field \\\"robots\\\": must be a string\"}\n"
                    "{\"id\":10,\"error\":\"field \\\"agent\\\": given twice\"}\n"
                    "{\"id\":11,\"error\":\"field \\\"robots_base64\\\": invalid base64 character\"}\n"
                    "{\"id\":12,\"error\":\"field \\\"profile\\\": must be \\\"google\\\" or \\\"rfc9309\\\"\"}\n"
                    "{\"id\":13,\"error\":\"field \\\"max_bytes\\\": must be a non-negative integer\"}\n"
                    "{\"id\":14,\"error\":\"invalid JSON at byte 60: expected a value\"}\n"
                    "{\"id\":15,\"error\":\"invalid JSON at byte 23: invalid UTF-8 in string\"}\n"
                    "{\"id\":null,\"error\":\"invalid JSON at byte 1: expected a JSON object\"}\n"
                    "{\"id\":16,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"));
    proc_result_free(&r);
}

/* Blank lines are skipped; CR LF line ends work; per-request max_bytes and profile. */
static void blank_lines_and_overrides(void) {
    const char *in = "\n   \n{\"id\":1,\"robots\":\"user-agent: *\\n#\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\",\"max_bytes\":16}\r\n"
                     "\t\r\n{\"id\":2,\"robots\":\"user-agent: *\\n#\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\"}\n"
                     "{\"id\":3,\"robots\":\"useragent: a\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\"}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK(output_is(&r.out,
                    "{\"id\":1,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"global\"}\n"
                    "{\"id\":2,\"allowed\":false,\"rule\":\"disallow\",\"line\":3,\"pattern\":\"/\",\"group\":\"global\"}\n"
                    "{\"id\":3,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/\",\"group\":\"specific\"}\n"));
    proc_result_free(&r);
    /* The command line profile is the default for every request. */
    r = batch(in, ARGS("--batch", "--profile", "rfc9309", "--max-bytes", "16"));
    CHECK(output_is(&r.out,
                    "{\"id\":1,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"global\"}\n"
                    "{\"id\":2,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"global\"}\n"
                    "{\"id\":3,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"));
    proc_result_free(&r);
}

/* The same robots.txt under another profile is parsed again, not served from the
 * previous parse. */
static void cache_respects_profile(void) {
    const char *in = "{\"id\":1,\"robots\":\"useragent: a\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\"}\n"
                     "{\"id\":2,\"robots\":\"useragent: a\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\",\"profile\":\"rfc9309\"}\n"
                     "{\"id\":3,\"robots\":\"useragent: a\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\"}\n"
                     "{\"id\":4,\"robots\":\"useragent: a\\ndisallow: /x\",\"agent\":\"a\",\"url\":\"/\"}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK(output_is(&r.out,
                    "{\"id\":1,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/\",\"group\":\"specific\"}\n"
                    "{\"id\":2,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"
                    "{\"id\":3,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/\",\"group\":\"specific\"}\n"
                    "{\"id\":4,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"specific\"}\n"));
    proc_result_free(&r);
}

/* A request line over 64 MiB gets an error and the next line is answered: a line
 * found whole but too long, one dropped while it is still arriving (more than 64
 * MiB without a newline), and one that ends the input without a newline. */
static void over_long_line(void) {
    static const size_t sizes[] = {((size_t)64 << 20) + 1000, ((size_t)65 << 20)};
    static const char refused[] = "{\"id\":null,\"error\":\"request line too long (the limit is 64 MiB)\"}\n";
    static const char answer[] = "{\"id\":2,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n";
    const char *tail = "\n{\"id\":2,\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\"}\n";
    for (size_t i = 0; i < 2; i++) {
        size_t big = sizes[i];
        char *in = malloc(big + strlen(tail) + 1);
        memset(in, ' ', big);
        memcpy(in, "{\"id\":1,\"robots\":\"", 18);
        strcpy(in + big, tail);
        proc_result r = run_robots(in, big + strlen(tail), ARGS("--batch"));
        char want[256];
        snprintf(want, sizeof want, "%s%s", refused, answer);
        CHECK(output_is(&r.out, want));
        proc_result_free(&r);
        /* The same line last, without its newline. */
        r = run_robots(in, big, ARGS("--batch"));
        CHECK(output_is(&r.out, refused));
        proc_result_free(&r);
        free(in);
    }
}

/* Megabytes of small requests in one stream (the reader moves the unread rest of its
 * buffer to the front as it goes): every one is answered, in order. */
static void many_requests(void) {
    enum { COUNT = 50000 };
    size_t cap = (size_t)COUNT * 96;
    char *in = malloc(cap);
    size_t at = 0;
    for (int i = 0; i < COUNT; i++)
        at += (size_t)snprintf(in + at, cap - at, "{\"id\":%d,\"robots\":\"disallow: /%d\",\"agent\":\"a\",\"url\":\"/%d\"}\n",
                               i, i % 7, i % 5);
    proc_result r = run_robots(in, at, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    size_t lines = 0;
    const char *p = r.out.data;
    int in_order = 1;
    while (p && *p) {
        char want[32];
        snprintf(want, sizeof want, "{\"id\":%zu,", lines);
        in_order = in_order && strncmp(p, want, strlen(want)) == 0;
        const char *nl = strchr(p, '\n');
        lines++;
        p = nl ? nl + 1 : NULL;
    }
    CHECK(at > ((size_t)2 << 20));
    CHECK_EQ(lines, COUNT);
    CHECK(in_order);
    proc_result_free(&r);
    free(in);
}

/* A large robots.txt in one request, with escapes, NUL and a \u escape of a BOM. */
static void large_request(void) {
    size_t n = 1 << 20;
    char *in = malloc(n + 256);
    strcpy(in, "{\"id\":1,\"robots\":\"\\ufeffuser-agent: *\\u0000\\ndisallow: /z\\n");
    size_t at = strlen(in);
    for (; at < n; at += 2) memcpy(in + at, "\\n", 2);
    strcpy(in + at, "disallow: /y\",\"agent\":\"a\",\"url\":\"/y\",\"max_bytes\":0}\n");
    proc_result r = run_robots(in, strlen(in), ARGS("--batch"));
    CHECK(r.out.len > 0 && strstr(r.out.data, "\"allowed\":false,\"rule\":\"disallow\""));
    CHECK(r.out.len > 0 && strstr(r.out.data, "\"pattern\":\"/y\""));
    proc_result_free(&r);
    free(in);
}

/* End of input without any request: no output, exit 0. */
static void empty_input(void) {
    proc_result r = batch("", ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out, ""));
    proc_result_free(&r);
}

/* The other kinds of question, and their malformed forms. */
static void other_kinds(void) {
    const char *in =
        "{\"id\":1,\"kind\":\"robots-url\",\"url\":\"HTTP://Example.COM:80/a?b\"}\n"
        "{\"id\":2,\"kind\":\"robots-url\",\"url\":\"example.com\"}\n"
        "{\"id\":3,\"kind\":\"scope\",\"robots_url\":\"http://e.com/robots.txt\",\"url\":\"http://e.com:80/x\"}\n"
        "{\"id\":4,\"kind\":\"scope\",\"robots_url\":\"http://e.com/x/robots.txt\",\"url\":\"http://e.com/\"}\n"
        "{\"id\":5,\"kind\":\"scope\",\"robots_url\":\"http://[/robots.txt\",\"url\":\"http://e.com/\"}\n"
        "{\"id\":6,\"kind\":\"status\",\"status\":503,\"unreachable_days\":31,\"cached\":true}\n"
        "{\"id\":7,\"kind\":\"status\",\"status\":\"network-error\",\"profile\":\"rfc9309\"}\n"
        "{\"id\":8,\"kind\":\"status\",\"status\":301,\"redirects\":5}\n"
        "{\"id\":9,\"kind\":\"sitemaps\",\"robots\":\"sitemap: http://a/s.xml\\nsite-map: b\"}\n"
        "{\"id\":10,\"kind\":\"sitemaps\",\"robots\":\"site-map: b\",\"profile\":\"rfc9309\"}\n"
        "{\"id\":11,\"kind\":\"cache-lifetime\",\"cache_control\":\"max-age=99999\",\"profile\":\"rfc9309\"}\n"
        "{\"id\":12,\"kind\":\"cache-lifetime\"}\n"
        "{\"id\":13,\"kind\":\"allow\",\"robots\":\"user-agent: *\\ndisallow: /\",\"agent\":\"a\",\"url\":\"/\"}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
        "{\"id\":1,\"robots_url\":\"http://example.com/robots.txt\"}\n"
        "{\"id\":2,\"robots_url\":null,\"reason\":\"no scheme (such as http:) at the start\"}\n"
        "{\"id\":3,\"scope\":\"applies\"}\n"
        "{\"id\":4,\"scope\":\"not-a-robots-url\"}\n"
        "{\"id\":5,\"scope\":\"invalid\",\"reason\":\"'[' without ']' in the host\"}\n"
        "{\"id\":6,\"decision\":\"use-cached\",\"why\":\"unreachable for more than 30 days: the last cached copy decides\"}\n"
        "{\"id\":7,\"decision\":\"full-disallow\",\"why\":\"unreachable (network error): the crawler must assume complete disallow (2.3.1.4)\"}\n"
        "{\"id\":8,\"decision\":\"full-allow\",\"why\":\"3xx after five redirects: Google stops following and treats the file as a 404: full allow\"}\n"
        "{\"id\":9,\"sitemaps\":[\"http://a/s.xml\",\"b\"]}\n"
        "{\"id\":10,\"sitemaps\":[]}\n"
        "{\"id\":11,\"seconds\":86400,\"why\":\"at most 24 hours while the file is reachable (RFC 9309 2.4), whatever max-age says\"}\n"
        "{\"id\":12,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n"
        "{\"id\":13,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/\",\"group\":\"global\"}\n"));
    proc_result_free(&r);
    const char *bad =
        "{\"id\":1,\"kind\":\"check\"}\n"
        "{\"id\":2,\"kind\":7}\n"
        "{\"id\":3,\"kind\":\"scope\",\"url\":\"http://e.com/\"}\n"
        "{\"id\":4,\"kind\":\"status\"}\n"
        "{\"id\":5,\"kind\":\"status\",\"status\":600}\n"
        "{\"id\":6,\"kind\":\"status\",\"status\":\"timeout\"}\n"
        "{\"id\":7,\"kind\":\"status\",\"status\":200,\"cached\":1}\n"
        "{\"id\":8,\"kind\":\"status\",\"status\":200,\"redirects\":-2}\n"
        "{\"id\":9,\"kind\":\"sitemaps\"}\n"
        "{\"id\":10,\"kind\":\"robots-url\"}\n"
        "{\"id\":11,\"kind\":\"cache-lifetime\",\"cache_control\":5}\n"
        "{\"id\":12,\"kind\":\"status\",\"status\":20.5}\n";
    r = batch(bad, ARGS("--batch"));
    CHECK(output_is(&r.out,
        "{\"id\":1,\"error\":\"field \\\"kind\\\": must be allow, allow-agents, allow-crawler, robots-url, scope, status, sitemaps, cache-lifetime, usage or signal\"}\n"
        "{\"id\":2,\"error\":\"field \\\"kind\\\": must be a string\"}\n"
        "{\"id\":3,\"error\":\"missing field \\\"robots_url\\\"\"}\n"
        "{\"id\":4,\"error\":\"missing field \\\"status\\\"\"}\n"
        "{\"id\":5,\"error\":\"field \\\"status\\\": must be an HTTP status (100-599) or \\\"network-error\\\"\"}\n"
        "{\"id\":6,\"error\":\"field \\\"status\\\": must be an HTTP status (100-599) or \\\"network-error\\\"\"}\n"
        "{\"id\":7,\"error\":\"field \\\"cached\\\": must be true or false\"}\n"
        "{\"id\":8,\"error\":\"field \\\"redirects\\\": must be a non-negative integer\"}\n"
        "{\"id\":9,\"error\":\"missing field \\\"robots\\\" (or \\\"robots_base64\\\")\"}\n"
        "{\"id\":10,\"error\":\"missing field \\\"url\\\"\"}\n"
        "{\"id\":11,\"error\":\"field \\\"cache_control\\\": must be a string\"}\n"
        "{\"id\":12,\"error\":\"field \\\"status\\\": must be an HTTP status (100-599) or \\\"network-error\\\"\"}\n"));
    proc_result_free(&r);
}

/* usage and signal: the preference, its line and the reason; category required. */
static void usage_kinds(void) {
    const char *in =
        "{\"id\":1,\"kind\":\"usage\",\"robots\":\"user-agent: *\\ndisallow: /x\\ncontent-usage: train-ai=n\\n"
        "content-signal: ai-train=yes\",\"agent\":\"GPTBot\",\"url\":\"https://e.com/a\",\"category\":\"train-ai\"}\n"
        "{\"id\":2,\"kind\":\"signal\",\"robots\":\"user-agent: *\\ndisallow: /x\\ncontent-usage: train-ai=n\\n"
        "content-signal: ai-train=yes\",\"agent\":\"GPTBot\",\"url\":\"https://e.com/a\",\"category\":\"ai-train\"}\n"
        "{\"id\":3,\"kind\":\"usage\",\"robots\":\"user-agent: *\\ndisallow: /x\\ncontent-usage: train-ai=n\\n"
        "content-signal: ai-train=yes\",\"agent\":\"GPTBot\",\"url\":\"https://e.com/x\",\"category\":\"train-ai\"}\n"
        "{\"id\":4,\"kind\":\"usage\",\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\"}\n"
        "{\"id\":5,\"kind\":\"signal\",\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\",\"category\":1}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
        "{\"id\":1,\"usage\":\"n\",\"line\":3,\"reason\":\"the line with the longest matching path states it\"}\n"
        "{\"id\":2,\"usage\":\"y\",\"line\":4,\"reason\":\"the line with the longest matching path states it\"}\n"
        "{\"id\":3,\"usage\":\"unknown\",\"line\":0,\"reason\":\"the crawl rules disallow this URL, and preferences "
        "apply only to what may be crawled\"}\n"
        "{\"id\":4,\"error\":\"missing field \\\"category\\\"\"}\n"
        "{\"id\":5,\"error\":\"field \\\"category\\\": must be a string\"}\n"));
    proc_result_free(&r);
}

/* Field values at the edges of what they accept, answered in process. */
static void field_edges(void) {
    static const char kind_error[] =
        "must be allow, allow-agents, allow-crawler, robots-url, scope, status, sitemaps, cache-lifetime, usage or signal";
    static const char status_error[] = "must be an HTTP status (100-599) or \\\"network-error\\\"";
    static const char count_error[] = "must be a non-negative integer";
    static const struct { const char *request, *field, *error; } c[] = {
        {"{\"id\":1,\"profile\":\"\",\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\"}", "profile",
         "must be \\\"google\\\" or \\\"rfc9309\\\""},
        {"{\"id\":1,\"profile\":\"google\\u0000\",\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\"}", "profile",
         "must be \\\"google\\\" or \\\"rfc9309\\\""},
        {"{\"id\":1,\"kind\":\"\"}", "kind", kind_error},
        {"{\"id\":1,\"kind\":\"status\\u0000\"}", "kind", kind_error},
        {"{\"id\":1,\"kind\":\"cache-lifetime-cache-lifetime-cache-lifetime\"}", "kind", kind_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":\"network-errors\"}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":\"\"}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":-200}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":200.0}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":99}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":600}", "status", status_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":200,\"redirects\":1e3}", "redirects", count_error},
        {"{\"id\":1,\"kind\":\"status\",\"status\":200,\"unreachable_days\":1000000001}", "unreachable_days",
         count_error},
        {"{\"id\":1,\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\",\"max_bytes\":18446744073709551616}",
         "max_bytes", count_error},
    };
    cli_options o;
    memset(&o, 0, sizeof o);
    batch_session session;
    batch_begin(&session, &o);
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char want[256];
        snprintf(want, sizeof want, "{\"id\":1,\"error\":\"field \\\"%s\\\": %s\"}\n", c[i].field, c[i].error);
        const char *reply;
        size_t n = batch_answer(&session, c[i].request, strlen(c[i].request), &reply);
        CHECK_STR(reply, n, want);
    }
    /* The largest values that are accepted. */
    static const char *const fine[] = {
        "{\"id\":2,\"kind\":\"status\",\"status\":599,\"redirects\":1000000000,\"unreachable_days\":0}",
        "{\"id\":2,\"kind\":\"status\",\"status\":100}",
        "{\"id\":2,\"robots\":\"\",\"agent\":\"a\",\"url\":\"/\",\"max_bytes\":18446744073709551615}",
    };
    for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++) {
        const char *reply;
        size_t n = batch_answer(&session, fine[i], strlen(fine[i]), &reply);
        char text[512];
        snprintf(text, sizeof text, "%.*s", (int)n, reply);
        CHECK(strncmp(text, "{\"id\":2,", 8) == 0 && !strstr(text, "\"error\""));
    }
    batch_end(&session);
}

/* A CR alone ends a request as LF and CRLF do: two requests are never merged into
 * one line (and one reply). */
static void cr_line_ends(void) {
    const char *in = "{\"id\":1,\"kind\":\"cache-lifetime\"}\r"
                     "{\"id\":2,\"kind\":\"cache-lifetime\"}\r\n"
                     "{\"id\":3,\"kind\":\"cache-lifetime\"}\n\r"
                     "{\"id\":4,\"kind\":\"cache-lifetime\"}";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    const char *want_one = "\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n";
    char want[512];
    snprintf(want, sizeof want, "{\"id\":1,%s{\"id\":2,%s{\"id\":3,%s{\"id\":4,%s", want_one, want_one,
             want_one, want_one);
    CHECK(output_is(&r.out, want));
    proc_result_free(&r);
}

/* Replies that cannot be written (standard output a full disk): the stream stops
 * reading requests once a write fails, and robots --batch exits 2 saying why,
 * whether its one reply waited in the buffer to the end or many filled it. A
 * line of blanks a caller hands batch_answer itself, a CR among them, has no
 * reply. */
static void replies_to_a_full_disk(void) {
    const char *bin = getenv("ROBOTS_BIN");
    static char many[200000];
    char *p = many;
    for (int i = 0; i < 3000; i++) p += sprintf(p, "{\"id\":%d,\"kind\":\"cache-lifetime\"}\n", i);
    const char *inputs[] = {"{\"id\":1,\"kind\":\"cache-lifetime\"}\n", many};
    for (int i = 0; i < 2; i++) {
        char *argv[] = {"/bin/sh", "-c", "\"$0\" --batch > /dev/full", (char *)(bin ? bin : "build/bin/robots"), NULL};
        proc_result r;
        CHECK_EQ(proc_run(argv, inputs[i], strlen(inputs[i]), 30.0, 1 << 16, &r), 0);
        CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "cannot write the output"));
        proc_result_free(&r);
    }
    batch_session session;
    cli_options o;
    memset(&o, 0, sizeof o);
    batch_begin(&session, &o);
    const char *reply = NULL;
    CHECK_EQ(batch_answer(&session, " \t\r ", 4, &reply), 0);
    batch_end(&session);
}

/* JSON has no leading zeros: {"id": 01} is invalid, answered with id null (not 0,
 * an id it did not send); -0, 0.5 and 10 are numbers and are echoed as written. */
static void leading_zero_ids(void) {
    const char *in = "{\"id\": 01, \"kind\": \"cache-lifetime\"}\n"
                     "{\"id\": -01, \"kind\": \"cache-lifetime\"}\n"
                     "{\"id\": -0, \"kind\": \"cache-lifetime\"}\n"
                     "{\"id\": 0.5e01, \"kind\": \"cache-lifetime\"}\n"
                     "{\"id\": 10, \"kind\": \"cache-lifetime\"}\n";
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
                    "{\"id\":null,\"error\":\"invalid JSON at byte 9: a number with a leading zero\"}\n"
                    "{\"id\":null,\"error\":\"invalid JSON at byte 10: a number with a leading zero\"}\n"
                    "{\"id\":-0,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n"
                    "{\"id\":0.5e01,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n"
                    "{\"id\":10,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n"));
    proc_result_free(&r);
}

/* allow-agents: a crawler with several tokens (UA-1). googlebot-image has no group,
 * so its googlebot token's group applies, not '*'; agents are exact bytes (a NUL
 * inside one is kept); every malformed "agents" gets its own error. */
static void several_agents(void) {
    char many[2048] = "";
    size_t n = 0;
    for (int i = 0; i < 100; i++) n += (size_t)snprintf(many + n, sizeof many - n, "\"bot%d\",", i);
    char in[8192];
    const char *ua1 = "\"robots\":\"user-agent: googlebot-news\\ndisallow: /group-1\\n\\nuser-agent: *\\n"
                      "disallow: /group-2\\n\\nuser-agent: googlebot\\ndisallow: /group-3\\n\"";
    snprintf(in, sizeof in,
             "{\"id\":1,\"kind\":\"allow-agents\",%s,\"agents\":[\"googlebot-image\",\"googlebot\"],\"url\":\"/group-3\"}\n"
             "{\"id\":2,\"kind\":\"allow-agents\",%s,\"agents\":[\"googlebot-image\"],\"url\":\"/group-2\"}\n"
             "{\"id\":3,\"kind\":\"allow-agents\",%s,\"agents\":[\"googlebot-image\",\"googlebot\"],\"url\":\"/group-2\"}\n"
             "{\"id\":4,\"kind\":\"allow-agents\",%s,\"agents\":[%s\"googlebot\"],\"url\":\"/group-3\"}\n"
             "{\"id\":5,\"kind\":\"allow-agents\",%s,\"agents\":[\"googlebot\\u0000x\"],\"url\":\"/group-3\"}\n"
             "{\"id\":6,\"kind\":\"allow-agents\",%s,\"agents\":\"googlebot\",\"url\":\"/\"}\n"
             "{\"id\":7,\"kind\":\"allow-agents\",%s,\"agents\":[],\"url\":\"/\"}\n"
             "{\"id\":8,\"kind\":\"allow-agents\",%s,\"agents\":[\"a\",1],\"url\":\"/\"}\n"
             "{\"id\":9,\"kind\":\"allow-agents\",%s,\"url\":\"/\"}\n"
             "{\"id\":10,\"kind\":\"allow-agents\",\"agents\":[\"a\"],\"url\":\"/\"}\n",
             ua1, ua1, ua1, ua1, many, ua1, ua1, ua1, ua1, ua1);
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
        "{\"id\":1,\"allowed\":false,\"rule\":\"disallow\",\"line\":8,\"pattern\":\"/group-3\",\"group\":\"specific\"}\n"
        "{\"id\":2,\"allowed\":false,\"rule\":\"disallow\",\"line\":5,\"pattern\":\"/group-2\",\"group\":\"global\"}\n"
        "{\"id\":3,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"specific\"}\n"
        "{\"id\":4,\"allowed\":false,\"rule\":\"disallow\",\"line\":8,\"pattern\":\"/group-3\",\"group\":\"specific\"}\n"
        "{\"id\":5,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"global\"}\n"
        "{\"id\":6,\"error\":\"field \\\"agents\\\": must be an array of strings\"}\n"
        "{\"id\":7,\"error\":\"field \\\"agents\\\": must name at least one agent\"}\n"
        "{\"id\":8,\"error\":\"field \\\"agents\\\": must be an array of strings\"}\n"
        "{\"id\":9,\"error\":\"missing field \\\"agents\\\"\"}\n"
        "{\"id\":10,\"error\":\"missing field \\\"robots\\\" (or \\\"robots_base64\\\")\"}\n"));
    CHECK(output_is(&r.err, ""));
    proc_result_free(&r);
}

/* allow-crawler: a crawler as its operator documents it (robots_check_crawler).
 * With '*' disallowing everything, AdsBot (ignores_star) is allowed where a crawler
 * that follows '*' is not (ADSBOT-1); a group naming its token still binds it
 * (ADSBOT-2), and "token" says whose group decided; the first token a group names
 * decides alone, where allow-agents merges (UA-1's googlebot-news group and the
 * googlebot group); ignores_star is required and must be a boolean. */
static void crawler_kind(void) {
    char in[8192];
    const char *star = "\"robots\":\"user-agent: *\\ndisallow: /\\n\\nuser-agent: adsbot-google\\ndisallow: /checkout\"";
    const char *two = "\"robots\":\"user-agent: googlebot-news\\ndisallow: /news\\n\\nuser-agent: googlebot\\n"
                      "disallow: /web\"";
    snprintf(in, sizeof in,
             "{\"id\":1,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google-mobile\"],\"ignores_star\":true,\"url\":\"/checkout\"}\n"
             "{\"id\":2,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google-mobile\"],\"ignores_star\":false,\"url\":\"/checkout\"}\n"
             "{\"id\":3,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google\"],\"ignores_star\":true,\"url\":\"/checkout/a\"}\n"
             "{\"id\":4,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google\"],\"ignores_star\":true,\"url\":\"/landing\"}\n"
             "{\"id\":5,\"kind\":\"allow-crawler\",%s,\"agents\":[\"googlebot-news\",\"googlebot\"],\"ignores_star\":false,\"url\":\"/web\"}\n"
             "{\"id\":6,\"kind\":\"allow-agents\",%s,\"agents\":[\"googlebot-news\",\"googlebot\"],\"url\":\"/web\"}\n"
             "{\"id\":7,\"kind\":\"allow-crawler\",%s,\"agents\":[\"googlebot-image\",\"googlebot\"],\"ignores_star\":true,\"url\":\"/web\"}\n"
             "{\"id\":8,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google\"],\"url\":\"/\"}\n"
             "{\"id\":9,\"kind\":\"allow-crawler\",%s,\"agents\":[\"adsbot-google\"],\"ignores_star\":\"true\",\"url\":\"/\"}\n"
             "{\"id\":10,\"kind\":\"allow-crawler\",%s,\"agents\":[],\"ignores_star\":true,\"url\":\"/\"}\n"
             "{\"id\":11,\"kind\":\"allow-crawler\",\"agents\":[\"a\"],\"ignores_star\":true,\"url\":\"/\"}\n",
             star, star, star, star, two, two, two, star, star, star);
    proc_result r = batch(in, ARGS("--batch"));
    CHECK_EQ(r.status, 0);
    CHECK(output_is(&r.out,
        "{\"id\":1,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"none\"}\n"
        "{\"id\":2,\"allowed\":false,\"rule\":\"disallow\",\"line\":2,\"pattern\":\"/\",\"group\":\"global\"}\n"
        "{\"id\":3,\"allowed\":false,\"rule\":\"disallow\",\"line\":5,\"pattern\":\"/checkout\",\"group\":\"specific\","
        "\"token\":\"adsbot-google\"}\n"
        "{\"id\":4,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"specific\",\"token\":\"adsbot-google\"}\n"
        "{\"id\":5,\"allowed\":true,\"rule\":\"none\",\"line\":0,\"group\":\"specific\",\"token\":\"googlebot-news\"}\n"
        "{\"id\":6,\"allowed\":false,\"rule\":\"disallow\",\"line\":5,\"pattern\":\"/web\",\"group\":\"specific\"}\n"
        "{\"id\":7,\"allowed\":false,\"rule\":\"disallow\",\"line\":5,\"pattern\":\"/web\",\"group\":\"specific\","
        "\"token\":\"googlebot\"}\n"
        "{\"id\":8,\"error\":\"missing field \\\"ignores_star\\\"\"}\n"
        "{\"id\":9,\"error\":\"field \\\"ignores_star\\\": must be true or false\"}\n"
        "{\"id\":10,\"error\":\"field \\\"agents\\\": must name at least one agent\"}\n"
        "{\"id\":11,\"error\":\"missing field \\\"robots\\\" (or \\\"robots_base64\\\")\"}\n"));
    CHECK(output_is(&r.err, ""));
    proc_result_free(&r);
}

const test_suite suite_batch = {"batch", (const test_case[]){
    {"allow-agents: a crawler with several tokens", several_agents},
    {"allow-crawler: a crawler as its operator documents it, '*' ignored or not", crawler_kind},
    {"a CR alone ends a request", cr_line_ends},
    {"an id with a leading zero is refused", leading_zero_ids},
    {"answers in order, ids echoed", answers_in_order},
    {"robots_base64 carries exact bytes", base64_exact_bytes},
    {"malformed requests get errors; the stream goes on", malformed_requests},
    {"blank lines, CR LF, per-request overrides", blank_lines_and_overrides},
    {"the parse cache respects the profile", cache_respects_profile},
    {"an over-long line is refused", over_long_line},
    {"field values at their edges", field_edges},
    {"megabytes of requests are all answered in order", many_requests},
    {"a large request", large_request},
    {"empty input", empty_input},
    {"other kinds: robots-url, scope, status, sitemaps, cache-lifetime", other_kinds},
    {"usage and signal kinds", usage_kinds},
    {"replies to a full disk", replies_to_a_full_disk},
    {NULL, NULL}}};
