/* test_lint.c - robots_lint: each mistake and trap on the line it is on, and not
 * where the file is right; the order, the cap, and memory running out. */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "test.h"

#define MAX_WARNINGS 64

typedef struct linted {
    robots_lint_warning w[MAX_WARNINGS];
    size_t n;
} linted;

static linted lint_bytes(robots_profile_id profile, const void *data, size_t len) {
    linted l = {.n = 0};
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    o.max_bytes = 0; /* the whole file, so that too-big is read off the input's size */
    robots_rules *r = parse_or_null(data, len, &o);
    CHECK(r != NULL);
    if (!r) return l;
    CHECK_EQ(robots_lint(r, data, len, l.w, MAX_WARNINGS, &l.n), 0);
    CHECK(l.n <= MAX_WARNINGS);
    robots_free(r);
    return l;
}

static linted lint_text(const char *text) { return lint_bytes(GOOGLE, text, strlen(text)); }

/* Does the file carry warning `kind` on `line`? */
static int has(const linted *l, robots_lint_kind kind, size_t line) {
    for (size_t i = 0; i < l->n && i < MAX_WARNINGS; i++)
        if (l->w[i].kind == kind && l->w[i].line == line) return 1;
    return 0;
}

/* The one warning of a file, as kind and line. */
#define CHECK_ONLY(l, k, at)                                                                                         \
    do {                                                                                                           \
        CHECK_EQ((l).n, 1);                                                                                        \
        CHECK(has(&(l), (k), (at)));                                                                               \
    } while (0)

static void clean_file_has_none(void) {
    linted l = lint_text("# a good file\nUser-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\n"
                         "Allow: /\nDisallow: /tmp/\n\nSitemap: https://example.com/sitemap.xml\n");
    CHECK_EQ(l.n, 0);
}

/* The mistakes the site's What matters page ranks. */
static void mistakes_on_their_lines(void) {
    linted l = lint_text("User-agent: *\nCrawl-delay: 10\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_CRAWL_DELAY, 2);
    l = lint_text("User-agent: *\nDisallow: /a\nNoindex: /b\n");
    CHECK_ONLY(l, ROBOTS_LINT_NOINDEX, 3);
    l = lint_text("User-agent: *\nDisallow: private/\n");
    CHECK_ONLY(l, ROBOTS_LINT_PATH_WITHOUT_SLASH, 2);
    l = lint_text("User-agent: *\nDisallow: https://example.com/a\n");
    CHECK_ONLY(l, ROBOTS_LINT_PATH_WITHOUT_SLASH, 2);
    l = lint_text("Disallow: /a\nUser-agent: *\nDisallow: /b\n");
    CHECK_ONLY(l, ROBOTS_LINT_RULE_OUTSIDE_GROUP, 1);
    l = lint_text("User-agent: Googlebot/2.1\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_AGENT_WITH_VERSION, 1);
    l = lint_text("User-agent: *bot\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_AGENT_NO_TOKEN, 1);
    l = lint_text("Useragent: *\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_KEY_TYPO, 1);
    l = lint_text("User-agent: *\nDisallow /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_MISSING_COLON, 2);
    l = lint_text("<html>\nUser-agent: *\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_NOT_A_LINE, 1);
    /* A word and a value with no ':' and no key anyone knows: an HTML page's first
     * line, not a key whose colon was forgotten. */
    l = lint_text("<!DOCTYPE html>\nUser-agent: *\nDisallow: /a\n");
    CHECK_ONLY(l, ROBOTS_LINT_NOT_A_LINE, 1);
    /* RFC 9309 reads no typos: the key is unknown, so the rule after it is in no group. */
    const char *typo = "Useragent: *\nDisallow: /a\n";
    l = lint_bytes(RFC, typo, strlen(typo));
    CHECK_ONLY(l, ROBOTS_LINT_RULE_OUTSIDE_GROUP, 2);
}

/* GROUP-4: a non-rule line between two user-agent lines joins their groups. */
static void joins_group(void) {
    linted l = lint_text("User-agent: *\nSitemap: https://example.com/s.xml\n\nUser-agent: GPTBot\nDisallow: /\n");
    /* ... so the '*' group's rule is GPTBot's "Disallow: /": every crawler is out. */
    CHECK_EQ(l.n, 2);
    CHECK(has(&l, ROBOTS_LINT_JOINS_GROUP, 4) && has(&l, ROBOTS_LINT_DISALLOW_ALL, 5));
    /* The trap: a Content-Signal line is no rule to Google's parser. */
    l = lint_text("User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n");
    CHECK(has(&l, ROBOTS_LINT_JOINS_GROUP, 4));
    /* A rule of its own keeps the groups apart. */
    l = lint_text("User-agent: *\nAllow: /\nContent-Signal: search=yes\n\nUser-agent: GPTBot\nDisallow: /\n");
    CHECK(!has(&l, ROBOTS_LINT_JOINS_GROUP, 5));
    /* Consecutive user-agent lines are one group on purpose (GROUP-2). */
    l = lint_text("User-agent: a\nUser-agent: b\nDisallow: /x\n");
    CHECK_EQ(l.n, 0);
}

/* USAGE-1 and USAGE-9. */
static void usage_lines(void) {
    linted l = lint_text("User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n\nUser-agent: GPTBot\nAllow: /\n");
    CHECK_ONLY(l, ROBOTS_LINT_USAGE_HIDDEN, 3);
    l = lint_text("User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n");
    CHECK_EQ(l.n, 0);
    l = lint_text("Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n");
    CHECK_ONLY(l, ROBOTS_LINT_USAGE_NO_GROUP, 1);
    /* A usage line in a named crawler's own group is read by it. */
    l = lint_text("User-agent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /x\n\nUser-agent: *\nAllow: /\n");
    CHECK_EQ(l.n, 0);
    /* A '*' group's usage line with a crawler named on a user-agent line below it. */
    l = lint_text("User-agent: *\nContent-Usage: train-ai=n\nUser-agent: GPTBot\nAllow: /\n");
    CHECK(has(&l, ROBOTS_LINT_USAGE_HIDDEN, 2));
}

/* MATCH-1: the staging file deployed. */
static void disallow_all(void) {
    linted l = lint_text("User-agent: *\nDisallow: /\n");
    CHECK_ONLY(l, ROBOTS_LINT_DISALLOW_ALL, 2);
    l = lint_text("User-agent: *\nDisallow: /*$\n");
    CHECK_ONLY(l, ROBOTS_LINT_DISALLOW_ALL, 2);
    l = lint_text("User-agent: *\nDisallow: /\nAllow: /public/\n");
    CHECK_EQ(l.n, 0);
    l = lint_text("User-agent: BadBot\nDisallow: /\n");
    CHECK_EQ(l.n, 0);
    l = lint_text("User-agent: *\nDisallow: /$\nDisallow: /a*\n");
    CHECK_EQ(l.n, 0);
    /* The first of two whole-site rules is the one named; '*' patterns too. */
    l = lint_text("User-agent: *\nDisallow: *\nDisallow: /\nDisallow:\n");
    CHECK_ONLY(l, ROBOTS_LINT_DISALLOW_ALL, 2);
    l = lint_text("User-agent: *\nDisallow: /**$\n");
    CHECK_ONLY(l, ROBOTS_LINT_DISALLOW_ALL, 2);
    l = lint_text("User-agent: *\nDisallow: /a$\nDisallow: *.pdf\n");
    CHECK_EQ(l.n, 0);
}

/* The file as a whole: its size and its encoding. */
static void whole_file(void) {
    size_t big = ROBOTS_DEFAULT_MAX_BYTES + 100;
    char *text = malloc(big);
    CHECK(text != NULL);
    if (!text) return;
    memset(text, '#', big);
    memcpy(text, "User-agent: *\nDisallow: /a\n", 27);
    text[big - 1] = '\n';
    linted l = lint_bytes(GOOGLE, text, big);
    CHECK(has(&l, ROBOTS_LINT_TOO_BIG, 0));
    CHECK(l.n >= 1 && l.w[0].line == 0); /* the file's own warnings come first */
    l = lint_bytes(GOOGLE, text, ROBOTS_DEFAULT_MAX_BYTES);
    CHECK(!has(&l, ROBOTS_LINT_TOO_BIG, 0));
    free(text);

    static const unsigned char bom[] = "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n";
    l = lint_bytes(GOOGLE, bom, sizeof bom - 1);
    CHECK_ONLY(l, ROBOTS_LINT_BOM, 1);
    static const unsigned char part[] = "\xEF\xBBUser-agent: *\nDisallow: /a\n";
    l = lint_bytes(GOOGLE, part, sizeof part - 1);
    CHECK(has(&l, ROBOTS_LINT_BOM, 1));
    static const unsigned char utf16[] =
        "\xFF\xFEU\0s\0e\0r\0-\0a\0g\0e\0n\0t\0:\0 \0*\0\n\0D\0i\0s\0a\0l\0l\0o\0w\0:\0 "
        "\0/\0\n\0";
    l = lint_bytes(GOOGLE, utf16, sizeof utf16 - 1);
    CHECK_ONLY(l, ROBOTS_LINT_UTF16, 0); /* one warning, not one a line */
    static const unsigned char be[] = "\0U\0s\0e\0r\0-\0a\0g\0e\0n\0t\0:\0 \0*\0\n";
    l = lint_bytes(GOOGLE, be, sizeof be - 1);
    CHECK(has(&l, ROBOTS_LINT_UTF16, 0));
    static const unsigned char fe_ff[] = "\xFE\xFF\0U\0s";
    l = lint_bytes(GOOGLE, fe_ff, sizeof fe_ff - 1);
    CHECK(has(&l, ROBOTS_LINT_UTF16, 0));
    /* Bytes that only begin like UTF-16 or a byte order mark. */
    static const char *const not_utf16[] = {"\xFF\x01\n", "\xFE\x01\n", "\xEF\x01\n", "\xEF", "Us\0s\n", "U\0s\n"};
    for (size_t i = 0; i < sizeof not_utf16 / sizeof not_utf16[0]; i++) {
        l = lint_text(not_utf16[i]);
        CHECK(!has(&l, ROBOTS_LINT_UTF16, 0));
        CHECK(has(&l, ROBOTS_LINT_BOM, 1) == (i == 3));
    }
    l = lint_bytes(GOOGLE, "U\0\0s\0\n", 6);
    CHECK(!has(&l, ROBOTS_LINT_UTF16, 0));
    l = lint_bytes(GOOGLE, "\0U\0\0\n", 5);
    CHECK(!has(&l, ROBOTS_LINT_UTF16, 0));
}

/* Line order, the whole file first; on a line, the kinds' order; the cap; the
 * names, advice and cases of every kind. */
static void order_cap_and_texts(void) {
    const char *text = "Disallow: /a\nUser-agent: Googlebot/2.1\nCrawl-delay: 5\nDisallow: x\n";
    robots_rules *r = parse_text(GOOGLE, text);
    CHECK(r != NULL);
    if (!r) return;
    robots_lint_warning w[8];
    size_t n = 0;
    CHECK_EQ(robots_lint(r, text, strlen(text), w, 8, &n), 0);
    CHECK_EQ(n, 4);
    CHECK(w[0].line == 1 && w[0].kind == ROBOTS_LINT_RULE_OUTSIDE_GROUP);
    CHECK(w[1].line == 2 && w[1].kind == ROBOTS_LINT_AGENT_WITH_VERSION);
    CHECK(w[2].line == 3 && w[2].kind == ROBOTS_LINT_CRAWL_DELAY);
    CHECK(w[3].line == 4 && w[3].kind == ROBOTS_LINT_PATH_WITHOUT_SLASH);
    robots_lint_warning two[2] = {{ROBOTS_LINT_KIND_COUNT, 99}, {ROBOTS_LINT_KIND_COUNT, 99}};
    CHECK_EQ(robots_lint(r, text, strlen(text), two, 1, &n), 0);
    CHECK_EQ(n, 4); /* the count is every warning's, whatever the cap */
    CHECK(two[0].line == 1 && two[1].line == 99);
    CHECK_EQ(robots_lint(r, text, strlen(text), NULL, 0, &n), 0);
    CHECK_EQ(n, 4);
    CHECK_EQ(robots_lint(NULL, text, strlen(text), w, 8, &n), -1);
    CHECK_EQ(robots_lint(r, text, strlen(text), w, 8, NULL), -1);
    CHECK_EQ(robots_lint(r, NULL, 3, w, 8, &n), -1);
    CHECK_EQ(robots_lint(r, text, strlen(text), NULL, 8, &n), -1);
    CHECK_EQ(robots_lint(r, NULL, 0, NULL, 0, &n), 0); /* no bytes: no byte order mark to read */
    robots_free(r);
    for (int k = 0; k < ROBOTS_LINT_KIND_COUNT; k++) {
        const char *name = robots_lint_name((robots_lint_kind)k), *lesson = robots_lint_case((robots_lint_kind)k);
        CHECK(name && *name && robots_lint_advice((robots_lint_kind)k) && lesson && strchr(lesson, '-'));
        for (int j = 0; j < k && name; j++) CHECK(strcmp(name, robots_lint_name((robots_lint_kind)j)) != 0);
    }
    CHECK(robots_lint_name(ROBOTS_LINT_KIND_COUNT) == NULL && robots_lint_advice((robots_lint_kind)-1) == NULL);
    CHECK(robots_lint_case(ROBOTS_LINT_KIND_COUNT) == NULL);
}

/* Memory running out while linting is an error, never a short list. */
static void memory_runs_out(void) {
    const char *text = "User-agent: *\nCrawl-delay: 5\n";
    counting c = {0};
    robots_allocator a = counting_allocator(&c);
    robots_options o;
    robots_options_init(&o);
    o.allocator = &a;
    robots_rules *r = parse_or_null(text, strlen(text), &o);
    CHECK(r != NULL);
    if (!r) return;
    size_t n = 7;
    c.fail_at = c.calls + 1;
    CHECK_EQ(robots_lint(r, text, strlen(text), NULL, 0, &n), -1);
    CHECK_EQ(n, 0);
    c.fail_at = 0;
    CHECK_EQ(robots_lint(r, text, strlen(text), NULL, 0, &n), 0);
    CHECK_EQ(n, 1);
    robots_free(r);
    CHECK_EQ(c.current, 0);
}

const test_suite suite_lint = {"lint", (const test_case[]){
    {"a clean file has no warning", clean_file_has_none},
    {"the ranked mistakes, each on its line", mistakes_on_their_lines},
    {"GROUP-4: a non-rule line joins two groups", joins_group},
    {"USAGE-1, USAGE-9: usage lines nobody reads", usage_lines},
    {"MATCH-1: the '*' group disallows everything", disallow_all},
    {"the file's size and encoding", whole_file},
    {"order, cap, names, advice and cases", order_cap_and_texts},
    {"memory running out", memory_runs_out},
    {NULL, NULL}}};
