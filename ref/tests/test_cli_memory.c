/* test_cli_memory.c - the command running out of memory. Every allocation the batch
 * protocol, the file reader, base64 and `robots FILE AGENT URL` make is failed in
 * turn (cli_use_allocator); each failure must give the defined answer (an "out of
 * memory" reply, an error exit) and leave nothing allocated. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "base64.h"
#include "batch.h"
#include "buf.h"
#include "cli.h"
#include "cli_support.h"
#include "file.h"
#include "test.h"

/* One request of every kind, and ones that take the JSON reader's slow paths (long
 * keys, escapes, \u escapes, UTF-8, base64, errors). */
static const char *const requests[] = {
    ("{\"id\":1,\"robots\":\"user-agent: a\\ndisallow: /x\\u00e9\\ud83d\\ude00\",\"agent\":\"a\","
     "\"url\":\"http://e.com/x\xC3\xA9\"}"),
    "{\"id\":\"two\",\"kind\":\"sitemaps\",\"robots\":\"sitemap: http://e.com/a\\nsitemap: http://e.com/\\\"b\\\"\"}",
    "{\"id\":3,\"kind\":\"robots-url\",\"url\":\"http://www.m\xC3\xBCller.eu/x\"}",
    "{\"id\":4,\"kind\":\"robots-url\",\"url\":\"no scheme\"}",
    "{\"id\":5,\"kind\":\"scope\",\"robots_url\":\"http://e.com/robots.txt\",\"url\":\"http://e.com/a\"}",
    "{\"id\":6,\"kind\":\"status\",\"status\":503,\"redirects\":2}",
    "{\"id\":7,\"kind\":\"cache-lifetime\",\"cache_control\":\"max-age=60\"}",
    "{\"id\":8,\"robots_base64\":\"dXNlci1hZ2VudDogKgpkaXNhbGxvdzogLw==\",\"agent\":\"b\",\"url\":\"/\"}",
    "{\"id\":9,\"a_rather_long_key_that_is_not_part_of_the_protocol_but_must_be_read_whole\":1}",
    "{\"id\":10,\"agent\":\"a\"}",
    "{\"id\":11,\"kind\":\"allow-agents\",\"robots\":\"user-agent: b\\ndisallow: /\",\"agents\":[\"a\",\"b\\u00e9\"],\"url\":\"/\"}",
    ("{\"id\":12,\"kind\":\"allow-crawler\",\"robots\":\"user-agent: *\\ndisallow: /\\nuser-agent: b\\nallow: /\","
     "\"agents\":[\"a\",\"b\\u00e9\",\"b\"],\"ignores_star\":true,\"url\":\"/\"}"),
    "not json",
};

/* Is reply the out-of-memory answer for the request with this id, or with a null
 * id (memory ran out before the id was read)? The reason is "out of memory", or
 * 'field "NAME": out of memory' when it ran out reading that field. */
static int is_out_of_memory_reply(const char *reply, size_t len, const char *id) {
    char text[160];
    snprintf(text, sizeof text, "%.*s", (int)len, reply);
    const char *reason = NULL;
    char head[64];
    snprintf(head, sizeof head, "{\"id\":%s,\"error\":\"", id);
    static const char null_head[] = "{\"id\":null,\"error\":\"";
    if (strncmp(text, head, strlen(head)) == 0) reason = text + strlen(head);
    else if (strncmp(text, null_head, strlen(null_head)) == 0) reason = text + strlen(null_head);
    if (!reason) return 0;
    if (strncmp(reason, "field \\\"", 8) == 0) {
        reason = strstr(reason + 8, "\\\": ");
        if (!reason) return 0;
        reason += 4;
    }
    return strcmp(reason, "out of memory\"}\n") == 0;
}

/* The id's JSON text of a request line, or "null". */
static void id_of(const char *line, char *id, size_t cap) {
    const char *p = strstr(line, "{\"id\":");
    if (!p) {
        snprintf(id, cap, "null");
        return;
    }
    p += 6;
    size_t n = strcspn(p, ",}");
    snprintf(id, cap, "%.*s", (int)n, p);
}

static void batch_every_allocation_may_fail(void) {
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        const char *line = requests[i];
        char id[32];
        id_of(line, id, sizeof id);
        /* The answer with enough memory, and how many allocations it takes. */
        counting c = {0, 0, 0, 0};
        robots_allocator a = counting_allocator(&c);
        cli_use_allocator(&a);
        batch_session s;
        batch_begin(&s, &o);
        const char *reply;
        size_t n = batch_answer(&s, line, strlen(line), &reply);
        char want[1024];
        CHECK(n > 0 && n < sizeof want);
        snprintf(want, sizeof want, "%.*s", (int)n, reply);
        batch_end(&s);
        CHECK_EQ(c.current, 0);
        size_t total = c.calls;
        CHECK(total >= 1);
        /* Fail each allocation in turn: the reply is the full one (when the failure
         * hit nothing the reply needed) or the out-of-memory error; asking again
         * then gives the full reply; nothing is left allocated. */
        size_t refused = 0;
        for (size_t k = 1; k <= total; k++) {
            counting f = {0, 0, 0, k};
            robots_allocator fa = counting_allocator(&f);
            cli_use_allocator(&fa);
            batch_begin(&s, &o);
            n = batch_answer(&s, line, strlen(line), &reply);
            int full = n == strlen(want) && memcmp(reply, want, n) == 0;
            int oom = is_out_of_memory_reply(reply, n, id);
            CHECK(full || oom);
            if (!full && !oom) printf("    request %zu, allocation %zu: %.*s", i, k, (int)n, reply);
            refused += oom;
            n = batch_answer(&s, line, strlen(line), &reply);
            CHECK_STR(reply, n, want);
            batch_end(&s);
            CHECK_EQ(f.current, 0);
        }
        CHECK(refused >= 1);
    }
    cli_use_allocator(NULL);
}

/* The out-of-memory reply keeps the request's id when it fits, null otherwise. */
static void batch_out_of_memory_reply_and_long_ids(void) {
    cli_options o;
    memset(&o, 0, sizeof o);
    char line[600];
    char long_id[300];
    memset(long_id, '7', 250);
    long_id[250] = '\0';
    snprintf(line, sizeof line, "{\"id\":%s,\"kind\":\"status\",\"status\":200}", long_id);
    counting f = {0, 0, 0, 1};
    robots_allocator fa = counting_allocator(&f);
    cli_use_allocator(&fa);
    batch_session s;
    batch_begin(&s, &o);
    const char *reply;
    size_t n = batch_answer(&s, line, strlen(line), &reply);
    CHECK_STR(reply, n, "{\"id\":null,\"error\":\"out of memory\"}\n");
    batch_end(&s);
    cli_use_allocator(NULL);
    CHECK_EQ(f.current, 0);
}

static void reading_a_file_may_fail(void) {
    const char *path = scratch_file(0, "user-agent: *\ndisallow: /\n", 26);
    counting f = {0, 0, 0, 1};
    robots_allocator fa = counting_allocator(&f);
    cli_use_allocator(&fa);
    buf b = {NULL, 0, 0};
    int more = 0;
    errno = 0;
    CHECK_EQ(read_file(path, 0, &b, &more), -1);
    CHECK_EQ(errno, ENOMEM);
    CHECK_EQ(b.len, 0);
    buf_free(&b);
    /* base64 reserves its output first. */
    f.calls = 0;
    const char *error = NULL;
    CHECK_EQ(base64_decode("QUJD", 4, &b, &error), -1);
    CHECK(error && strcmp(error, "out of memory") == 0);
    buf_free(&b);
    cli_use_allocator(NULL);
    CHECK_EQ(f.current, 0);
}

/* Runs run_check with stdout and stderr sent to /dev/null. */
static int check_path(void *ctx) {
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    o.explain = 1;
    return run_check(&o, ctx, "FooBot", "http://e.com/private/x");
}

/* Runs run_usage (every category of both kinds) with stdout and stderr sent to
 * /dev/null. */
static int usage_path(void *ctx) {
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    o.explain = 1;
    return run_usage(&o, ctx, "FooBot", "http://e.com/x", NULL);
}

/* Runs run_crawler_check (the catalog found from the working directory, as make
 * runs the tests) with stdout and stderr sent to /dev/null. */
static int crawler_path(void *ctx) {
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    o.explain = 1;
    o.crawler = "Googlebot-Image";
    return run_crawler_check(&o, ctx, "http://e.com/private/x");
}

/* A sub-command run on a file with every allocation it makes failing in turn:
 * with memory it gives `ok`, without it exit 2, and nothing is left allocated. */
static void each_allocation_fails(int (*quiet)(void *), const char *text, int ok) {
    const char *path = scratch_file(1, text, strlen(text));
    counting c = {0, 0, 0, 0};
    robots_allocator a = counting_allocator(&c);
    cli_use_allocator(&a);
    CHECK_EQ(run_quietly(quiet, (void *)path), ok);
    CHECK_EQ(c.current, 0);
    size_t total = c.calls;
    CHECK(total >= 2); /* the file's buffer and the parse */
    for (size_t k = 1; k <= total; k++) {
        counting f = {0, 0, 0, k};
        robots_allocator fa = counting_allocator(&f);
        cli_use_allocator(&fa);
        CHECK_EQ(run_quietly(quiet, (void *)path), EXIT_USAGE);
        CHECK_EQ(f.current, 0);
    }
    cli_use_allocator(NULL);
}

/* `robots FILE AGENT URL`: reading or parsing without memory is exit 2. */
static void checking_a_file_may_fail(void) {
    each_allocation_fails(check_path, "user-agent: foobot\ndisallow: /private\nsitemap: http://e.com/s.xml\n",
                          EXIT_DISALLOWED);
}

/* `robots usage`: the same. */
static void usage_may_fail(void) {
    each_allocation_fails(usage_path, "user-agent: *\ncontent-usage: train-ai=n\ncontent-signal: /x search=yes\n", 0);
}

/* `robots --crawler NAME FILE URL`: reading the catalog, the file or parsing
 * without memory is exit 2, and nothing is left allocated. */
static void crawler_may_fail(void) {
    each_allocation_fails(crawler_path, "user-agent: googlebot\ndisallow: /private\n", EXIT_DISALLOWED);
}

/* An allocator that refuses any block of 100,000 bytes or more. */
static void *small_realloc(void *ctx, void *p, size_t n) {
    (void)ctx;
    return n >= 100000 ? NULL : realloc(p, n);
}
static void small_free(void *ctx, void *p) {
    (void)ctx;
    free(p);
}

/* A request line there is no memory to hold gets an error reply with id null, and
 * the requests after it are answered: the stream neither ends nor goes silent. */
static void reading_a_line_may_fail(void) {
    static const char small[] = "{\"id\":1,\"kind\":\"cache-lifetime\"}\n";
    size_t big = 300000;
    char *in = malloc(sizeof small * 2 + big + 64);
    size_t n = 0;
    memcpy(in + n, small, sizeof small - 1), n += sizeof small - 1;
    n += (size_t)sprintf(in + n, "{\"id\":2,\"kind\":\"robots-url\",\"url\":\"http://e.com/");
    memset(in + n, 'a', big), n += big;
    n += (size_t)sprintf(in + n, "\"}\n{\"id\":3,\"kind\":\"cache-lifetime\"}\n");
    const char *path = scratch_file(2, in, n);
    free(in);
    int fd = open(path, O_RDONLY);
    FILE *out = tmpfile();
    CHECK(fd >= 0 && out != NULL);
    if (fd < 0 || !out) return;
    robots_allocator a = {small_realloc, small_free, NULL};
    cli_use_allocator(&a);
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    CHECK_EQ(batch_stream(&o, fd, out), 0);
    cli_use_allocator(NULL);
    close(fd);
    char got[1024] = "";
    rewind(out);
    size_t len = fread(got, 1, sizeof got - 1, out);
    got[len] = '\0';
    fclose(out);
    CHECK(strcmp(got, "{\"id\":1,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n"
                      "{\"id\":null,\"error\":\"out of memory reading the request line\"}\n"
                      "{\"id\":3,\"seconds\":86400,\"why\":\"no max-age: 24 hours\"}\n") == 0);
    if (strstr(got, "id\":3") == NULL) printf("    got: %s\n", got);
    /* No memory at all: not even room to read into. One error reply, then the end. */
    counting none = {0, 0, 0, 1};
    robots_allocator fail_all = counting_allocator(&none);
    fd = open(path, O_RDONLY);
    out = tmpfile();
    CHECK(fd >= 0 && out != NULL);
    if (fd < 0 || !out) return;
    cli_use_allocator(&fail_all);
    CHECK_EQ(batch_stream(&o, fd, out), 0);
    cli_use_allocator(NULL);
    close(fd);
    rewind(out);
    len = fread(got, 1, sizeof got - 1, out);
    got[len] = '\0';
    fclose(out);
    CHECK(strcmp(got, "{\"id\":null,\"error\":\"out of memory reading the request line\"}\n") == 0);
    CHECK_EQ(none.current, 0);
}

const test_suite suite_cli_memory = {"cli-memory", (const test_case[]){
    {"batch: a request line too big for memory", reading_a_line_may_fail},
    {"batch: every allocation may fail", batch_every_allocation_may_fail},
    {"batch: the out-of-memory reply and long ids", batch_out_of_memory_reply_and_long_ids},
    {"reading a file and base64 may fail", reading_a_file_may_fail},
    {"robots FILE AGENT URL may fail", checking_a_file_may_fail},
    {"robots usage may fail", usage_may_fail},
    {"robots --crawler may fail", crawler_may_fail},
    {NULL, NULL}}};
