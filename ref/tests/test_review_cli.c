/* test_review_cli.c - `robots review OLD NEW`: the answers a change moves, by
 * cause, per crawler; --fail-on; the warnings introduced; the formats; bad input
 * (docs/review.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "access_log.h"
#include "cli_support.h"
#include "sitemap.h"
#include "test.h"

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char old_file[] = "User-agent: *\nAllow: /\nDisallow: /tmp/\n";
/* The pull request that should fail: Googlebot loses the product pages. */
static const char new_file[] =
    "User-agent: *\nAllow: /\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /products/\n";
static const char urls[] = "/\n/products/a\n# a comment\n\n/products/b\nhttps://example.com/products/c\n/about\n";

static int has(const proc_output *o, const char *s) { return o->data && strstr(o->data, s) != NULL; }

/* The text report names the line, the pages and the crawler; exit 1 by default. */
static void blocks_googlebot(void) {
    const char *o = scratch_file(0, old_file, sizeof old_file - 1);
    const char *n = scratch_file(1, new_file, sizeof new_file - 1);
    const char *u = scratch_file(2, urls, sizeof urls - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--urls", u, "--crawlers", "Googlebot,GPTBot", o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "3 of 10 answers change (5 URLs x 2 crawlers)"));
    CHECK(has(&r.out, "1. blocked now: 3 answers\n   before: line 2 \"Allow: /\" in "));
    CHECK(has(&r.out, "   after:  line 6 \"Disallow: /products/\" in ") && has(&r.out, "(lesson LONGEST-1)"));
    CHECK(has(&r.out, "   crawlers: Googlebot 3\n   URLs: /products/a /products/b https://example.com/products/c\n"));
    CHECK(!has(&r.out, "GPTBot ")); /* GPTBot's answers do not change */
    proc_result_free(&r);
    /* The policies: only a search crawler lost pages. */
    static const char *const pass[] = {"none", "blocked-ai-training", NULL};
    static const char *const fail[] = {"blocked-search", "blocked-any", "any-change", NULL};
    for (const char *const *p = pass; *p; p++) {
        r = run_robots(NULL, 0, ARGS("review", "--fail-on", *p, "--urls", u, "--crawlers", "Googlebot,GPTBot", o, n));
        CHECK_EQ(r.status, 0);
        proc_result_free(&r);
    }
    for (const char *const *p = fail; *p; p++) {
        r = run_robots(NULL, 0, ARGS("review", "--fail-on", *p, "--urls", u, "--crawlers", "Googlebot,GPTBot", o, n));
        CHECK_EQ(r.status, 1);
        proc_result_free(&r);
    }
    /* The change undone opens the pages again: allowed now, which blocks nothing. */
    r = run_robots(NULL, 0, ARGS("review", "--urls", u, "--crawlers", "Googlebot", n, o));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "1. allowed now: 3 answers\n   before: line 6 \"Disallow: /products/\""));
    CHECK(has(&r.out, "   after:  no rule (nothing matches)") == 0 && has(&r.out, "after:  line 2 \"Allow: /\""));
    proc_result_free(&r);
    /* No change at all. */
    r = run_robots(NULL, 0, ARGS("review", "--urls", u, o, o));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, ": 0 of "));
    proc_result_free(&r);
}

/* The staging file deployed: every crawler of the default list loses the site,
 * and the warning the change introduced says why. Without --urls, the root and
 * the rules' paths are asked. */
static void staging_file(void) {
    const char *o = scratch_file(3, old_file, sizeof old_file - 1);
    static const char staging[] = "User-agent: *\nDisallow: /\n";
    const char *n = scratch_file(4, staging, sizeof staging - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "after:  line 2 \"Disallow: /\""));
    CHECK(has(&r.out, "Warnings the change introduced (robots lint):\n  ") && has(&r.out, ":2: disallow-all: "));
    CHECK(has(&r.out, "Googlebot ") && has(&r.out, "GPTBot "));
    proc_result_free(&r);
}

static void markdown_and_json(void) {
    const char *o = scratch_file(5, old_file, sizeof old_file - 1);
    const char *n = scratch_file(6, new_file, sizeof new_file - 1);
    const char *u = scratch_file(7, urls, sizeof urls - 1);
    proc_result r =
        run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--urls", u, "--crawlers", "Googlebot", o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "## robots.txt review\n\n**3 of 5 answers change** (5 URLs × 1 crawlers)"));
    CHECK(has(&r.out, "| Googlebot | search | 3 | 0 |"));
    CHECK(has(&r.out, "1. **Blocked now: 3 answers**\n   - before: line 2 \"Allow: /\"\n   - after: line 6 \"Disallow: "
                      "/products/\""));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "json", "--urls", u, "--crawlers", "Googlebot", o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "\"urls\": 5, \"crawlers\": 1, \"answers\": 5, \"changed\": 3"));
    CHECK(has(&r.out,
              "{\"change\": \"blocked\", \"answers\": 3, \"before\": {\"allowed\": true, \"line\": 2, \"text\": "
              "\"Allow: /\"}, \"after\": {\"allowed\": false, \"line\": 6, \"text\": \"Disallow: /products/\"}"));
    CHECK(has(&r.out, "\"crawlers\": {\"Googlebot\": 3}, \"url_count\": 3, \"urls\": [\"/products/a\", "
                      "\"/products/b\", \"https://example.com/products/c\"]}"));
    proc_result_free(&r);
    /* Three crawlers lose the same three URLs: nine answers, three URLs, all shown
     * and none hinted at past them. */
    r = run_robots(NULL, 0,
                   ARGS("review", "--format", "markdown", "--urls", u, "--crawlers",
                        "Googlebot,Googlebot-Image,Googlebot-News", o, n));
    CHECK(has(&r.out, "1. **Blocked now: 9 answers**"));
    CHECK(has(&r.out, "   - URLs: /products/a, /products/b, https://example.com/products/c\n"));
    proc_result_free(&r);
}

/* Lines of --urls that are no URL: a warning each with file and line, then a
 * count, and the rest reviewed. */
static void bad_urls(void) {
    const char *o = scratch_file(8, old_file, sizeof old_file - 1);
    const char *n = scratch_file(9, new_file, sizeof new_file - 1);
    char list[2048] = "/products/a\n";
    for (int i = 0; i < 12; i++) strcat(list, "not a url\n");
    strcat(list, "/products/b\n");
    const char *u = scratch_file(10, list, strlen(list));
    proc_result r = run_robots(NULL, 0, ARGS("review", "--urls", u, "--crawlers", "Googlebot", o, n));
    CHECK_EQ(r.status, 1);
    char want[512];
    snprintf(want, sizeof want, "robots review: %s:2: not a URL or a path, skipped", u);
    CHECK(has(&r.err, want));
    snprintf(want, sizeof want, "%s:11: not a URL", u);
    CHECK(has(&r.err, want));
    snprintf(want, sizeof want, "%s:12: not a URL", u);
    CHECK(!has(&r.err, want));
    snprintf(want, sizeof want, "%s: 12 lines that are not URLs skipped in all", u);
    CHECK(has(&r.err, want));
    CHECK(has(&r.out, "2 of 2 answers change"));
    proc_result_free(&r);
}

#ifdef ROBOTS_REVIEW_EXPAT
static const char sitemap[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                              "  <url><loc>https://example.com/</loc></url>\n"
                              "  <url><loc> https://example.com/products/a </loc><lastmod>2026-01-01</lastmod></url>\n"
                              "  <url><loc>https://example.com/products/b?x=1&amp;y=2</loc></url>\n"
                              "  <url><loc>not a url</loc></url>\n"
                              "</urlset>\n";

/* A path in the scratch directory beside scratch file `slot`. */
static const char *beside(int slot, const char *name, char *out, size_t cap) {
    const char *f = scratch_file(slot, "", 0);
    const char *slash = strrchr(f, '/');
    snprintf(out, cap, "%.*s/%s", (int)(slash ? slash - f : 1), slash ? f : ".", name);
    return out;
}

/* --sitemap: the URLs of a sitemap, its <loc> trimmed and its entities decoded; a
 * <loc> that is no URL, broken XML and an index's entries not given are warnings,
 * and the rest is reviewed. */
static void sitemaps(void) {
    const char *o = scratch_file(12, old_file, sizeof old_file - 1);
    const char *n = scratch_file(13, new_file, sizeof new_file - 1);
    char sm[4096], idx[4096], broken[4096];
    const char *s = scratch_file(14, sitemap, sizeof sitemap - 1);
    snprintf(sm, sizeof sm, "%s", s);
    static const char index[] =
        "<?xml version=\"1.0\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        "<sitemap><loc>https://example.com/a/sitemap-blog.xml.gz</loc></sitemap>\n</sitemapindex>\n";
    snprintf(idx, sizeof idx, "%s", scratch_file(15, index, sizeof index - 1));
    static const char cut[] = "<urlset><url><loc>https://example.com/products/c</loc></url>\n<url><loc>https://e";
    snprintf(broken, sizeof broken, "%s", scratch_file(4, cut, sizeof cut - 1));
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", idx, "--sitemap", sm,
                                             "--sitemap", broken, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "3 of 4 answers change (4 URLs x 1 crawlers)"));
    CHECK(has(&r.out, "URLs: https://example.com/products/a https://example.com/products/b?x=1&y=2 "
                      "https://example.com/products/c\n"));
    CHECK(has(&r.err, ": <loc> not a url is not a URL, skipped"));
    CHECK(has(&r.err, ":2:") && has(&r.err, "not XML (") && has(&r.err, "the URLs before it are kept"));
    CHECK(has(&r.err, "the sitemap index names https://example.com/a/sitemap-blog.xml.gz, which is not among the "
                      "--sitemap files given"));
    proc_result_free(&r);
    /* Not a sitemap at all: its root says so, and nothing of it is asked. */
    static const char html[] = "<html><body><a href=\"/x\">x</a></body></html>\n";
    char page[4096];
    snprintf(page, sizeof page, "%s", scratch_file(5, html, sizeof html - 1));
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", page, "--sitemap", sm, o, n));
    CHECK(has(&r.err, "not a sitemap: its root element is <html>") && has(&r.out, "(3 URLs x 1 crawlers)"));
    CHECK(!has(&r.err, "not XML")); /* one warning for the page, not a second for its HTML */
    proc_result_free(&r);
    /* Entities that multiply (a billion laughs) are refused by expat, quickly. */
    static const char laughs[] =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\">"
        "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">"
        "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">"
        "<!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\"><!ENTITY g \"&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;\">"
        "<!ENTITY h \"&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;\">]>\n<urlset><url><loc>&h;</loc></url></urlset>\n";
    char bomb[4096];
    snprintf(bomb, sizeof bomb, "%s", scratch_file(6, laughs, sizeof laughs - 1));
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", bomb, o, n));
    /* Nothing left to review is no pass: a review of no URL would pass any change. */
    CHECK_EQ(r.status, 2);
    CHECK(has(&r.err, "not XML (") && has(&r.err, "no URL to review") && r.out.len == 0);
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--sitemap", "/nonexistent/sitemap.xml", o, n));
    CHECK(r.status == 2 && has(&r.err, "--sitemap \"/nonexistent/sitemap.xml\""));
    proc_result_free(&r);
#ifdef ROBOTS_CENSUS_ZLIB
    /* Gzipped, in two members (a file of gzip members one after another is one
     * file, RFC 1952 2.2), with a buffer boundary anywhere. */
    char gz[4096];
    beside(14, "sitemap.xml.gz", gz, sizeof gz);
    gzFile z = gzopen(gz, "wb");
    CHECK(z != NULL);
    if (!z) return;
    size_t half = sizeof sitemap / 2;
    CHECK(gzwrite(z, sitemap, (unsigned)half) == (int)half);
    gzclose(z);
    z = gzopen(gz, "ab");
    CHECK(z != NULL);
    if (!z) return;
    CHECK(gzwrite(z, sitemap + half, (unsigned)(sizeof sitemap - 1 - half)) == (int)(sizeof sitemap - 1 - half));
    gzclose(z);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", gz, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "2 of 3 answers change (3 URLs x 1 crawlers)"));
    CHECK(!has(&r.err, "gzip"));
    proc_result_free(&r);
    /* Cut short: said, and the URLs before the cut reviewed. */
    FILE *f = fopen(gz, "rb");
    char bytes[8192];
    size_t got = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f) fclose(f);
    CHECK(got > 40);
    char cut_gz[4096];
    beside(14, "cut.xml.gz", cut_gz, sizeof cut_gz);
    f = fopen(cut_gz, "wb");
    CHECK(f != NULL);
    if (!f) return;
    fwrite(bytes, 1, got - 30, f);
    fclose(f);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", cut_gz, o, n));
    CHECK(has(&r.err, "cut.xml.gz: the gzip stream ends early") ||
          has(&r.err, "cut.xml.gz: the gzip stream is broken"));
    proc_result_free(&r);
#endif
}

/* What sitemap_read_buffer reported: each <loc> on a line of its own, and how
 * many it took before a callback stopped it (stop_at, 0: never). */
typedef struct locs_seen {
    char text[4096];
    size_t len, urls, entries, stop_at;
} locs_seen;

static int see_loc(locs_seen *seen, const char *loc, size_t len) {
    if (seen->len + len + 1 < sizeof seen->text) {
        memcpy(seen->text + seen->len, loc, len);
        seen->len += len;
        seen->text[seen->len++] = '\n';
        seen->text[seen->len] = '\0';
    }
    return seen->stop_at && seen->urls + seen->entries == seen->stop_at ? 7 : 0;
}
static int see_url(void *ctx, const char *loc, size_t len) {
    locs_seen *seen = ctx;
    seen->urls++;
    return see_loc(seen, loc, len);
}
static int see_entry(void *ctx, const char *loc, size_t len) {
    locs_seen *seen = ctx;
    seen->entries++;
    return see_loc(seen, loc, len);
}

/* sitemap_read_buffer, the fuzz target's entry (fuzz/targets/sitemap.c): the
 * reading a file gets, from bytes in memory: plain, gzipped, an index, broken
 * XML, many buffers long, and stopped by its callback. */
static void sitemap_buffers(void) {
    locs_seen seen = {0};
    sitemap_counts c;
    CHECK_EQ(sitemap_read_buffer(sitemap, sizeof sitemap - 1, "plain", see_url, see_entry, &seen, &c), 0);
    CHECK(!strcmp(seen.text, "https://example.com/\nhttps://example.com/products/a\n"
                             "https://example.com/products/b?x=1&y=2\nnot a url\n"));
    CHECK(c.urls == 4 && c.entries == 0 && !c.index && !c.broken && c.skipped == 0);
    static const char index[] = "<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap>"
                                "<sitemap><loc> </loc></sitemap></sitemapindex>";
    seen = (locs_seen){0};
    CHECK_EQ(sitemap_read_buffer(index, sizeof index - 1, "index", see_url, see_entry, &seen, &c), 0);
    CHECK(seen.entries == 1 && seen.urls == 0 && !strcmp(seen.text, "https://e.com/s1.xml\n"));
    CHECK(c.index && c.entries == 1 && c.skipped == 1 && !c.broken);
    static const char cut[] = "<urlset><url><loc>https://e.com/a</loc></url><url><loc>https://e.com/b</lo";
    seen = (locs_seen){0};
    CHECK_EQ(sitemap_read_buffer(cut, sizeof cut - 1, "cut", see_url, see_entry, &seen, &c), 0);
    CHECK(c.broken && c.urls == 1 && !strcmp(seen.text, "https://e.com/a\n"));
    seen = (locs_seen){0};
    CHECK_EQ(sitemap_read_buffer("", 0, "empty", see_url, see_entry, &seen, &c), 0);
    CHECK(c.broken && c.urls == 0 && seen.len == 0);
    /* Stopped after two: the callback's value returned, nothing reported after it. */
    seen = (locs_seen){.stop_at = 2};
    CHECK_EQ(sitemap_read_buffer(sitemap, sizeof sitemap - 1, "stopped", see_url, see_entry, &seen, &c), 7);
    CHECK(seen.urls == 2 && c.urls == 1);
    /* Longer than a read buffer (ROBOTS_READ_BUFFER): read in chunks, all of it. */
    size_t cap = 200000, len = 0;
    char *big = malloc(cap);
    CHECK(big != NULL);
    if (!big) return;
    len += (size_t)snprintf(big, cap, "<urlset>");
    for (int i = 0; i < 4000; i++) len += (size_t)snprintf(big + len, cap - len, "<url><loc>/p%d</loc></url>", i);
    len += (size_t)snprintf(big + len, cap - len, "</urlset>");
    seen = (locs_seen){0};
    CHECK_EQ(sitemap_read_buffer(big, len, "big", see_url, see_entry, &seen, &c), 0);
    CHECK(c.urls == 4000 && !c.broken);
    free(big);
#ifdef ROBOTS_CENSUS_ZLIB
    /* Gzipped in memory: the same URLs as the plain bytes. */
    unsigned char gz[2048];
    z_stream z;
    memset(&z, 0, sizeof z);
    CHECK(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    z.next_in = (unsigned char *)sitemap;
    z.avail_in = sizeof sitemap - 1;
    z.next_out = gz;
    z.avail_out = sizeof gz;
    CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
    size_t gz_len = sizeof gz - z.avail_out;
    deflateEnd(&z);
    locs_seen plain = seen = (locs_seen){0};
    CHECK_EQ(sitemap_read_buffer((const char *)gz, gz_len, "gz", see_url, see_entry, &seen, &c), 0);
    CHECK_EQ(sitemap_read_buffer(sitemap, sizeof sitemap - 1, "plain", see_url, see_entry, &plain, &c), 0);
    CHECK(c.urls == 4 && !c.broken && seen.urls == 4 && !strcmp(seen.text, plain.text));
    /* A gzip header, then no deflate block (type 3 does not exist): broken. */
    static const char bad_gz[] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xff\xff";
    CHECK_EQ(sitemap_read_buffer(bad_gz, sizeof bad_gz - 1, "bad.gz", see_url, see_entry, &seen, &c), 0);
    CHECK(c.broken && c.urls == 0);
#endif
    /* A file that opens and cannot be read (a folder): a read error, said. */
    CHECK_EQ(sitemap_read(".", see_url, see_entry, &seen, &c), 0);
    CHECK(c.broken && c.urls == 0);
}
#else
/* Built without expat (REVIEW_EXPAT=, as test-platforms' cross builds are):
 * --sitemap says so and exits 2. */
static void sitemaps(void) {
    const char *o = scratch_file(12, old_file, sizeof old_file - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--sitemap", o, o, o));
    CHECK(r.status == 2 && has(&r.err, "this robots was built without expat"));
    proc_result_free(&r);
}
#endif

/* Crawlers whose groups decide alike in both versions are asked once
 * (review.c, crawler_classes): the report must be the one asking each crawler
 * gives, byte for byte, for every crawler of the catalog, on files where the
 * token that decides differs between crawlers and between versions. */
static void classes_change_no_answer(void) {
    static const char *const files[] = {
        "User-agent: *\nDisallow: /a/\n",
        "User-agent: GOOGLEBOT\nDisallow: /b/\n\nUser-agent: *\nAllow: /\nDisallow: /a/\n",
        "User-agent: googlebot-image\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /a/\n",
        "User-agent: AdsBot-Google\nDisallow: /a/\n\nUser-agent: *\nDisallow: /\n",
        "User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /*.pdf$\n",
        "",
    };
    static const char paths[] = "/\n/a/x\n/b/y.pdf\n/c\n/a/\n/b/\n";
    const char *u = scratch_file(7, paths, sizeof paths - 1);
    size_t n = sizeof files / sizeof files[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            if (i == j) continue;
            const char *o = scratch_file(8, files[i], strlen(files[i]));
            const char *w = scratch_file(9, files[j], strlen(files[j]));
            unsetenv("ROBOTS_REVIEW_NAIVE");
            proc_result a =
                run_robots(NULL, 0, ARGS("review", "--format", "json", "--crawlers", "@all", "--urls", u, o, w));
            setenv("ROBOTS_REVIEW_NAIVE", "1", 1);
            proc_result b =
                run_robots(NULL, 0, ARGS("review", "--format", "json", "--crawlers", "@all", "--urls", u, o, w));
            unsetenv("ROBOTS_REVIEW_NAIVE");
            CHECK(a.status == b.status && a.out.len == b.out.len && a.out.len > 0 &&
                  !memcmp(a.out.data, b.out.data, a.out.len));
            if (a.out.len != b.out.len || (a.out.len && memcmp(a.out.data, b.out.data, a.out.len)))
                printf("    files %zu -> %zu: the classes change the report\n", i, j);
            proc_result_free(&a);
            proc_result_free(&b);
        }
}

/* A line of an access log: its target and User-Agent, in both formats, with
 * escaped quotes; what is not a line of either. */
static void access_log_lines(void) {
    access_log_entry e;
    const char *combined = "66.249.66.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /a?b=1 HTTP/1.1\" 200 512 "
                           "\"https://e.com/\" \"Mozilla/5.0 (compatible; Googlebot/2.1)\"\r\n";
    CHECK(access_log_line(combined, strlen(combined), &e));
    CHECK_STR(e.target, e.target_len, "/a?b=1");
    CHECK_STR(e.agent, e.agent_len, "Mozilla/5.0 (compatible; Googlebot/2.1)");
    const char *common = "10.0.0.3 - frank [28/Nov/2026:10:00:03 +0000] \"HEAD /tmp/x HTTP/1.0\" 404 -";
    CHECK(access_log_line(common, strlen(common), &e) && e.agent == NULL);
    CHECK_STR(e.target, e.target_len, "/tmp/x");
    const char *escaped = "h - - [d] \"GET /q?x=\\\"1\\\" HTTP/1.1\" 200 5 \"-\" \"a \\\"quoted\\\" agent\"";
    CHECK(access_log_line(escaped, strlen(escaped), &e));
    CHECK_STR(e.agent, e.agent_len, "a \\\"quoted\\\" agent");
    const char *absolute = "h - - [d] \"GET http://e.com/p HTTP/1.1\" 301 0";
    CHECK(access_log_line(absolute, strlen(absolute), &e));
    CHECK_STR(e.target, e.target_len, "http://e.com/p");
    /* HTTP/0.9's request has no protocol; tabs separate fields as spaces do. */
    const char *old = "h - - [d]\t\"GET /old\"\t200\t5\t\"-\"\t\"agent\"";
    CHECK(access_log_line(old, strlen(old), &e));
    CHECK_STR(e.target, e.target_len, "/old");
    CHECK_STR(e.agent, e.agent_len, "agent");
    static const char *const bad[] = {
        "",
        "garbage line",
        "h - - [d \"GET /a HTTP/1.1\" 200 5",             /* no ] */
        "h - - [d] GET /a HTTP/1.1 200 5",                 /* no quotes */
        "h - - [d] \"GET /a HTTP/1.1 200 5",               /* the request does not close */
        "h - - [d] \"GET\" 200 5",                         /* no target */
        "h - - [d] \"GET a HTTP/1.1\" 200 5",             /* a target that is neither a path nor a URL */
        "h - - [d] \"GET /a HTTP/1.1\" OK 5",             /* no status */
        "h - - [d] \"GET /a HTTP/1.1\" 200 5 \"-\"",       /* a referer and no User-Agent */
        "h - - [d] \"GET /a HTTP/1.1\" 200 5 \"-\" \"agent", /* the User-Agent does not close */
        "h - - [d]",                                       /* nothing after the date */
        "h - - [d] \"GET /a\\",                            /* a backslash, then the end */
        "h - - [d] \"GET  /a HTTP/1.1\" 200 5",            /* an empty target */
        "h - - [d] \"GET /a HTTP/1.1\" 20",               /* statuses of every wrong shape */
        "h - - [d] \"GET /a HTTP/1.1\" 099 5",
        "h - - [d] \"GET /a HTTP/1.1\" 600 5",
        "h - - [d] \"GET /a HTTP/1.1\" 2/0 5",
        "h - - [d] \"GET /a HTTP/1.1\" 2a0 5",
        "h - - [d] \"GET /a HTTP/1.1\" 20/ 5",
        "h - - [d] \"GET /a HTTP/1.1\" 20a 5",
        "h - - [d] \"GET /a HTTP/1.1\" 200",              /* no byte count */
        "h - - [d] \"GET /a HTTP/1.1\" 200 x",            /* a byte count that is none */
        "h - - [d] \"GET /a HTTP/1.1\" 200 5 x",          /* no quoted referer */
        "h - - [d] \"GET /a HTTP/1.1\" 200 5 \"-\" x",    /* no quoted User-Agent */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(!access_log_line(bad[i], strlen(bad[i]), &e));
        if (access_log_line(bad[i], strlen(bad[i]), &e)) printf("    read as a log line: %s\n", bad[i]);
    }
}

/* --log: the paths asked for, each once, and the crawlers seen, asked too; a
 * gzipped log; lines of neither format are warnings. */
static void logs(void) {
    const char *o = scratch_file(12, old_file, sizeof old_file - 1);
    const char *n = scratch_file(13, new_file, sizeof new_file - 1);
    static const char log[] =
        "66.249.66.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /products/a HTTP/1.1\" 200 512 \"-\" "
        "\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"
        "10.0.0.1 - - [28/Nov/2026:10:00:01 +0000] \"GET /products/a HTTP/1.1\" 200 512 \"-\" \"Mozilla/5.0 (X11)\"\n"
        "garbage line\n"
        "10.0.0.3 - - [28/Nov/2026:10:00:03 +0000] \"GET /products/b HTTP/1.0\" 404 -\n";
    const char *l = scratch_file(14, log, sizeof log - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--crawlers", "GPTBot", "--log", l, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "2 of 4 answers change (2 URLs x 2 crawlers)")); /* GPTBot, and Googlebot seen */
    CHECK(has(&r.out, "crawlers: Googlebot 2\n   URLs: /products/a /products/b\n"));
    CHECK(has(&r.err, ":3: not a line of the Common or Combined Log Format, skipped"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--log", "/nonexistent/access.log", o, n));
    CHECK(r.status == 2 && has(&r.err, "--log \"/nonexistent/access.log\""));
    proc_result_free(&r);
#ifdef ROBOTS_CENSUS_ZLIB
    char gz[4096];
    const char *f = scratch_file(15, "", 0);
    const char *slash = strrchr(f, '/');
    snprintf(gz, sizeof gz, "%.*s/access.log.gz", (int)(slash - f), f);
    gzFile z = gzopen(gz, "wb");
    CHECK(z != NULL);
    if (!z) return;
    CHECK(gzwrite(z, log, (unsigned)(sizeof log - 1)) == (int)(sizeof log - 1));
    gzclose(z);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "GPTBot", "--log", gz, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "2 of 4 answers change (2 URLs x 2 crawlers)"));
    proc_result_free(&r);
#endif
}

/* What the other tests leave out: a warning both versions have (not introduced),
 * the Markdown table of warnings, a crawler no group applies to any more, "--",
 * --catalog, more URLs than the first hash holds, a <loc> and a log line too long,
 * and many bad lines, each counted. */
static void corners(void) {
    static const char old_delay[] = "User-agent: *\nCrawl-delay: 5\nDisallow: /x\n";
    static const char new_delay[] = "User-agent: *\nCrawl-delay: 5\nDisallow: /\n";
    const char *o = scratch_file(12, old_delay, sizeof old_delay - 1);
    const char *n = scratch_file(13, new_delay, sizeof new_delay - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--crawlers", "Googlebot",
                                             "--catalog", "conformance/crawler-catalog.json", "--", o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "### Warnings the change introduced") && has(&r.out, "| 3 | `disallow-all` | Disallow: / |"));
    CHECK(!has(&r.out, "`crawl-delay`")); /* both versions have it: not the change's */
    proc_result_free(&r);
    /* A group for another crawler only: Googlebot is in no group after. */
    static const char named[] = "User-agent: FooBot\nDisallow: /\n";
    const char *w = scratch_file(14, named, sizeof named - 1);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--fail-on", "any-change", o, w));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "after:  no rule (no group applies)"));
    proc_result_free(&r);
    /* 5,000 URLs (the URL hash grows), 12 that are none, a line past 64 KiB in a log. */
    size_t cap = 5000 * 24 + 70000 + 4096, len = 0;
    char *big = malloc(cap);
    CHECK(big != NULL);
    if (!big) return;
    for (int i = 0; i < 5000; i++) len += (size_t)snprintf(big + len, cap - len, "/x/page-%d\n", i);
    for (int i = 0; i < 12; i++) len += (size_t)snprintf(big + len, cap - len, "no url %d\n", i);
    const char *u = scratch_file(15, big, len);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--urls", u, o, n));
    CHECK(has(&r.out, "(5000 URLs x 1 crawlers)") && has(&r.err, "12 lines that are not URLs skipped in all"));
    proc_result_free(&r);
    /* Five URLs of a cause are shown, and how many there are in all. */
    static const char open_x[] = "User-agent: *\nAllow: /\n", shut_x[] = "User-agent: *\nDisallow: /x/\n";
    char before[512];
    snprintf(before, sizeof before, "%s", scratch_file(16, open_x, sizeof open_x - 1));
    const char *after = scratch_file(17, shut_x, sizeof shut_x - 1);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--urls", u, before, after));
    CHECK(has(&r.out, "URLs: /x/page-0 /x/page-1 /x/page-2 /x/page-3 /x/page-4 ... (5000 URLs in all)\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0,
                   ARGS("review", "--format", "markdown", "--crawlers", "Googlebot", "--urls", u, before, after));
    CHECK(has(&r.out, "   - URLs: /x/page-0, /x/page-1, /x/page-2, /x/page-3, /x/page-4, … (5000 URLs in all)\n"));
    proc_result_free(&r);
    len = 0;
    len += (size_t)snprintf(big + len, cap - len, "h - - [d] \"GET /");
    memset(big + len, 'a', 66000);
    len += 66000;
    for (int i = 0; i < 12; i++) len += (size_t)snprintf(big + len, cap - len, "%sbad %d", i ? "\n" : " HTTP/1.1\" 200 1\n", i);
    len += (size_t)snprintf(big + len, cap - len, "\nh - - [d] \"GET /x/1 HTTP/1.1\" 200 1\n");
    const char *l = scratch_file(4, big, len);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--log", l, o, n));
    CHECK(has(&r.err, ":1: a line longer than 65535 bytes, skipped") && has(&r.err, "lines skipped in all"));
    CHECK(has(&r.out, "(1 URLs x 1 crawlers)"));
    proc_result_free(&r);
#ifdef ROBOTS_REVIEW_EXPAT
    /* A <loc> past 16 KiB, 12 that are no URL, and an index of 12 entries not given. */
    len = (size_t)snprintf(big, cap, "<urlset><url><loc>https://e.com/");
    memset(big + len, 'a', 17000);
    len += 17000;
    len += (size_t)snprintf(big + len, cap - len, "</loc></url>");
    for (int i = 0; i < 12; i++) len += (size_t)snprintf(big + len, cap - len, "<url><loc>nope %d</loc></url>", i);
    len += (size_t)snprintf(big + len, cap - len, "<url><loc>https://e.com/x/1</loc></url></urlset>");
    const char *sm = scratch_file(5, big, len);
    len = (size_t)snprintf(big, cap, "<sitemapindex>");
    for (int i = 0; i < 12; i++)
        len += (size_t)snprintf(big + len, cap - len, "<sitemap><loc>https://e.com/s%d.xml</loc></sitemap>", i);
    len += (size_t)snprintf(big + len, cap - len, "</sitemapindex>");
    const char *ix = scratch_file(6, big, len);
    r = run_robots(NULL, 0, ARGS("review", "--crawlers", "Googlebot", "--sitemap", sm, "--sitemap", ix, o, n));
    CHECK(has(&r.err, "a <loc> longer than 16384 bytes, skipped") && has(&r.err, "12 <loc> that are not URLs"));
    CHECK(has(&r.err, "12 entries of the sitemap index in all are not among the files given"));
    CHECK(has(&r.out, "(1 URLs x 1 crawlers)"));
    proc_result_free(&r);
#endif
    free(big);
    /* lint: "--" before a file named like an option, and a bad profile. */
    r = run_robots(NULL, 0, ARGS("lint", "--profile", "bing", o));
    CHECK(r.status == 2 && has(&r.err, "--profile must be google or rfc9309, not 'bing'"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("lint", "--", o));
    CHECK(r.status == 1 && has(&r.out, ": crawl-delay: "));
    proc_result_free(&r);
}

static void bad_use(void) {
    const char *o = scratch_file(11, old_file, sizeof old_file - 1);
    struct {
        const char *const *args;
        const char *reason;
    } bad[] = {
        {ARGS("review", o), "two files are needed, OLD and NEW; only one is given"},
        {ARGS("review", o, o, o), "too many arguments, starting at"},
        {ARGS("review", "--format", "yaml", o, o), "--format must be text, markdown or json, not 'yaml'"},
        {ARGS("review", "--fail-on", "blocked-everything", o, o), "--fail-on must be"},
        {ARGS("review", "--bogus", o, o), "unknown option '--bogus'"},
        {ARGS("review", "/nonexistent/a.txt", o), "cannot read \"/nonexistent/a.txt\""},
        {ARGS("review", "--urls", "/nonexistent/u.txt", o, o), "--urls \"/nonexistent/u.txt\""},
        {ARGS("review", "--crawlers", "@nothing", o, o), "robots review: --crawlers"},
        {ARGS("review", "-", "-"), "only one of OLD and NEW can be standard input"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        proc_result r = run_robots(NULL, 0, bad[i].args);
        CHECK_EQ(r.status, 2);
        CHECK(has(&r.err, bad[i].reason));
        if (!has(&r.err, bad[i].reason))
            printf("    wanted \"%s\" in: %.300s\n", bad[i].reason, r.err.data ? r.err.data : "");
        proc_result_free(&r);
    }
}

/* The sums per purpose (issue 64, item 1): Amazonbot (ai-search and ai-training)
 * counts in both, GPTBot adds to ai-training, CCBot (archiving) only gains, and
 * FooBot, which the catalog does not know, counts in no purpose. Each format's
 * block is matched whole, from the line before it to the line after. */
static const char purpose_old[] = "User-agent: *\nDisallow: /shop\n";
static const char purpose_new[] = "User-agent: Googlebot\nUser-agent: Amazonbot\nUser-agent: FooBot\n"
                                  "Disallow: /private/\n\nUser-agent: *\nAllow: /\n";
static const char purpose_urls[] = "/\n/private/a\n/private/b\n/shop\n";

static void sums_per_purpose(void) {
    const char *o = scratch_file(0, purpose_old, sizeof purpose_old - 1);
    const char *n = scratch_file(1, purpose_new, sizeof purpose_new - 1);
    const char *u = scratch_file(2, purpose_urls, sizeof purpose_urls - 1);
    const char *crawlers = "Googlebot,GPTBot,Amazonbot,CCBot,FooBot";
    proc_result r = run_robots(NULL, 0, ARGS("review", "--urls", u, "--crawlers", crawlers, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "  FooBot                                                    2 blocked now, 1 allowed now\n"
                      "  Per purpose:\n"
                      "    search                                                  2 blocked now, 1 allowed now\n"
                      "    ai-training                                             2 blocked now, 2 allowed now\n"
                      "    ai-search                                               2 blocked now, 1 allowed now\n"
                      "    archiving                                               0 blocked now, 1 allowed now\n"
                      "\n1. blocked now: 6 answers\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--urls", u, "--crawlers", crawlers, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "| FooBot |  | 2 | 1 |\n\n"
                      "| Purpose | Blocked now | Allowed now |\n| --- | ---: | ---: |\n"
                      "| search | 2 | 1 |\n| ai-training | 2 | 2 |\n| ai-search | 2 | 1 |\n| archiving | 0 | 1 |\n"
                      "\n### Causes, largest first\n"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "json", "--urls", u, "--crawlers", crawlers, o, n));
    CHECK_EQ(r.status, 1);
    CHECK(has(&r.out, "{\"crawler\": \"FooBot\", \"purposes\": \"\", \"blocked\": 2, \"allowed\": 1}],\n"
                      " \"purposes\": [\n"
                      "  {\"purpose\": \"search\", \"blocked\": 2, \"allowed\": 1},\n"
                      "  {\"purpose\": \"ai-training\", \"blocked\": 2, \"allowed\": 2},\n"
                      "  {\"purpose\": \"ai-search\", \"blocked\": 2, \"allowed\": 1},\n"
                      "  {\"purpose\": \"archiving\", \"blocked\": 0, \"allowed\": 1}],\n"
                      " \"causes\": [\n"));
    proc_result_free(&r);
}

/* Only FooBot's answers change: no purpose moved, so no block, no table and an
 * empty array, though the change is there. */
static void no_purpose_moved(void) {
    const char *o = scratch_file(0, purpose_old, sizeof purpose_old - 1);
    const char *n = scratch_file(1, purpose_new, sizeof purpose_new - 1);
    const char *u = scratch_file(2, purpose_urls, sizeof purpose_urls - 1);
    proc_result r = run_robots(NULL, 0, ARGS("review", "--urls", u, "--crawlers", "FooBot", o, n));
    CHECK_EQ(r.status, 0);
    CHECK(has(&r.out, "  FooBot                                                    2 blocked now, 1 allowed now\n\n1. "));
    CHECK(!has(&r.out, "Per purpose"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "markdown", "--urls", u, "--crawlers", "FooBot", o, n));
    CHECK(has(&r.out, "| FooBot |  | 2 | 1 |\n\n### Causes, largest first\n") && !has(&r.out, "\n| Purpose |"));
    proc_result_free(&r);
    r = run_robots(NULL, 0, ARGS("review", "--format", "json", "--urls", u, "--crawlers", "FooBot", o, n));
    CHECK(has(&r.out, "\"allowed\": 1}],\n \"purposes\": [],\n \"causes\": [\n"));
    proc_result_free(&r);
}

const test_suite suite_review_cli = {"review-command", (const test_case[]){
    {"a change that blocks Googlebot from product pages fails, naming line, pages and crawler", blocks_googlebot},
    {"the staging file: every crawler, and the warning introduced", staging_file},
    {"markdown and json", markdown_and_json},
    {"crawlers asked once per class give every crawler's own answers", classes_change_no_answer},
    {"bad lines of --urls", bad_urls},
    {"corners: shared warnings, no group, many URLs, long lines, counts", corners},
    {"a line of an access log", access_log_lines},
    {"--log: paths once each, the crawlers seen, gzipped", logs},
    {"--sitemap: plain, gzipped in two members, broken, an index, a bomb", sitemaps},
#ifdef ROBOTS_REVIEW_EXPAT
    {"sitemap_read_buffer: plain, gzipped, an index, broken, long, stopped", sitemap_buffers},
#endif
    {"bad use exits 2", bad_use},
    {"sums per purpose: a crawler with two purposes in both, an unknown one in none", sums_per_purpose},
    {"no purpose moved: no block, no table, an empty array", no_purpose_moved},
    {NULL, NULL}}};
