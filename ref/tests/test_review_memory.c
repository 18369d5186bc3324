/* test_review_memory.c - robots review and robots lint running out of memory.
 * Every allocation they make (their arrays, the parses, the catalog, expat's
 * parser and zlib's inflater: all go through cli_use_allocator) is failed in
 * turn; each failure must end in exit 2, never a short report, and leave nothing
 * allocated. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "alloc.h"
#include "cli.h"
#include "cli_support.h"
#include "lint.h"
#include "review.h"
#include "test.h"

static const char old_file[] = "User-agent: *\nDisallow: /tmp/\ncrawl-delay: 5\n";
static const char new_file[] = "User-agent: *\r\nDisallow: /tmp/\r\ncrawl-delay: 5\r\n"
                               "User-agent: Googlebot\r\nDisallow: /products/\rnoindex: /x\n";
static const char url_list[] = "/\n/products/a\n/tmp/b\n";
static const char sitemap[] = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                              "<url><loc>https://example.com/products/s</loc></url></urlset>\n";
static const char index_file[] = "<sitemapindex><sitemap><loc>https://example.com/other.xml</loc></sitemap>"
                                 "</sitemapindex>\n";
static const char log_file[] =
    "192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /products/l HTTP/1.1\" 200 512 \"-\" "
    "\"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"\n";

typedef struct command {
    int argc;
    char **argv;
    int (*run)(int argc, char **argv);
} command;

static int run_command(void *ctx) {
    command *c = ctx;
    return c->run(c->argc, c->argv);
}

/* Runs the command with enough memory (it must give `ok`), then with each of its
 * allocations failing in turn (exit 2), counting that nothing is left. */
static void each_allocation_fails(command *c, int ok) {
    counting all = {0, 0, 0, 0};
    robots_allocator a = counting_allocator(&all);
    cli_use_allocator(&a);
    CHECK_EQ(run_quietly(run_command, c), ok);
    cli_use_allocator(NULL);
    CHECK_EQ(all.current, 0);
    CHECK(all.calls >= 4);
    size_t wrong = 0;
    for (size_t k = 1; k <= all.calls; k++) {
        counting f = {0, 0, 0, k};
        robots_allocator fa = counting_allocator(&f);
        cli_use_allocator(&fa);
        int rc = run_quietly(run_command, c);
        cli_use_allocator(NULL);
        CHECK_EQ(f.current, 0);
        if (rc != EXIT_USAGE && wrong++ < 3) printf("    allocation %zu of %zu failing: exit %d\n", k, all.calls, rc);
    }
    CHECK_EQ(wrong, 0);
}

/* A gzipped copy of text, beside scratch file `slot`, 100,000 blanks after it so
 * that it inflates in more than one call (zlib allocates its window then); NULL
 * without zlib. */
static const char *gzipped(int slot, const char *text, char *path, size_t cap) {
#ifdef ROBOTS_CENSUS_ZLIB
    snprintf(path, cap, "%s.gz", scratch_file(slot, "", 0));
    gzFile z = gzopen(path, "wb");
    if (!z) return NULL;
    gzwrite(z, text, (unsigned)strlen(text));
    for (int i = 0; i < 1000; i++) gzprintf(z, "%100s", "");
    gzclose(z);
    return path;
#else
    (void)slot, (void)text, (void)path, (void)cap;
    return NULL;
#endif
}

/* robots review with every source of URLs and every format. */
static void review_may_fail(void) {
    char o[512], n[512], u[512], s[512], x[512], l[512], gz[600];
    snprintf(o, sizeof o, "%s", scratch_file(20, old_file, sizeof old_file - 1));
    snprintf(n, sizeof n, "%s", scratch_file(21, new_file, sizeof new_file - 1));
    snprintf(u, sizeof u, "%s", scratch_file(22, url_list, sizeof url_list - 1));
    snprintf(s, sizeof s, "%s", scratch_file(23, sitemap, sizeof sitemap - 1));
    snprintf(x, sizeof x, "%s", scratch_file(24, index_file, sizeof index_file - 1));
    snprintf(l, sizeof l, "%s", scratch_file(25, log_file, sizeof log_file - 1));
    const char *z = gzipped(26, sitemap, gz, sizeof gz);
    static const char *const formats[] = {"text", "markdown", "json"};
    for (int f = 0; f < 3; f++) {
        char *argv[24];
        int argc = 0;
        char *head[] = {"review", "--format", (char *)formats[f], "--crawlers", "Googlebot,Bingbot", "--urls", u,
                        "--log", l};
        for (size_t i = 0; i < sizeof head / sizeof head[0]; i++) argv[argc++] = head[i];
#ifdef ROBOTS_REVIEW_EXPAT /* a build without expat refuses --sitemap (test_review_cli.c) */
        char *sitemaps[] = {"--sitemap", s, "--sitemap", x, "--sitemap", (char *)(z ? z : s)};
        for (size_t i = 0; i < sizeof sitemaps / sizeof sitemaps[0]; i++) argv[argc++] = sitemaps[i];
#else
        (void)s, (void)x, (void)z;
#endif
        argv[argc++] = o;
        argv[argc++] = n;
        argv[argc] = NULL;
        command c = {argc, argv, run_review};
        each_allocation_fails(&c, 1);
    }
    /* No URLs given: the rules' own paths are asked. */
    char *argv[] = {"review", o, n, NULL};
    command c = {3, argv, run_review};
    each_allocation_fails(&c, 1);
}

/* robots lint, in every format. */
static void lint_may_fail(void) {
    char n[512];
    snprintf(n, sizeof n, "%s", scratch_file(21, new_file, sizeof new_file - 1));
    static const char *const formats[] = {"text", "markdown", "json"};
    for (int f = 0; f < 3; f++) {
        char *argv[] = {"lint", "--format", (char *)formats[f], n, NULL};
        command c = {4, argv, run_lint};
        each_allocation_fails(&c, 1);
    }
}

/* The allocator's own edges: a zero size still gives a block to free, and a
 * count times a size past SIZE_MAX gives none. */
static void allocator_edges(void) {
    void *p = cli_realloc(NULL, 0);
    CHECK(p != NULL);
    cli_free(p);
    cli_free(NULL);
    CHECK(cli_calloc(SIZE_MAX / 2, 4) == NULL);
    unsigned char *z = cli_calloc(3, 5);
    CHECK(z != NULL && z[0] == 0 && z[14] == 0);
    cli_free(z);
}

const test_suite suite_review_memory = {"review-memory", (const test_case[]){
    {"robots review: every allocation may fail", review_may_fail},
    {"robots lint: every allocation may fail", lint_may_fail},
    {"the command's allocator: zero sizes and overflow", allocator_edges},
    {NULL, NULL}}};
