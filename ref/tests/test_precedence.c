/* test_precedence.c - PREC-1..6: the longest match wins, allow wins ties, empty patterns. */
#include "test.h"

static void check_rules(const char *rules, const char *url, int want) {
    char t[256];
    snprintf(t, sizeof t, "user-agent: FooBot\n%s", rules);
    CHECK_BOTH(t, "FooBot", url, want);
}

static void prec_examples(void) {
    check_rules("allow: /p\ndisallow: /\n", "http://example.com/page", ALLOWED);              /* PREC-1 */
    check_rules("allow: /folder/\ndisallow: /folder\n", "http://example.com/folder/page", ALLOWED); /* PREC-2 old */
    check_rules("allow: /folder\ndisallow: /folder\n", "http://example.com/folder/page", ALLOWED); /* PREC-2 2019 */
    check_rules("allow: /$\ndisallow: /\n", "http://example.com/", ALLOWED);                  /* PREC-4 */
    check_rules("allow: /$\ndisallow: /\n", "http://example.com/page.htm", DISALLOWED);      /* PREC-5 */
}

/* PREC-3: the spec calls it undefined; both profiles compare octets, and the
 * disallow pattern (6 octets) is longer than "/page" (5). */
static void prec_3_undefined_resolved_by_length(void) {
    check_rules("allow: /page\ndisallow: /*.htm\n", "http://example.com/page.htm", DISALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, "user-agent: *\nallow: /page\ndisallow: /*.htm\n", "x", "/page.htm", &v, pat);
    CHECK_STR(v.pattern, v.pattern_len, "/*.htm");
    CHECK_EQ(v.pattern_len, 6);
}

/* Cases from Google's test suite for the longest match. */
static void longest_match(void) {
    check_rules("allow: /x/page.html\ndisallow: /x/\n", "http://foo.bar/x/page.html", ALLOWED);
    check_rules("allow: /x/page.html\ndisallow: /x/\n", "http://foo.bar/x/", DISALLOWED);
    check_rules("allow: /x/\ndisallow: /x/page.html\n", "http://foo.bar/x/page.html", DISALLOWED);
    check_rules("allow: /x/\ndisallow: /x/page.html\n", "http://foo.bar/x/", ALLOWED);
    check_rules("disallow: \nallow: \n", "http://foo.bar/x/page.html", ALLOWED);
    check_rules("disallow: /\nallow: /\n", "http://foo.bar/x/page.html", ALLOWED);
    check_rules("disallow: /x\nallow: /x/\n", "http://foo.bar/x", DISALLOWED);
    check_rules("disallow: /x\nallow: /x/\n", "http://foo.bar/x/", ALLOWED);
    check_rules("disallow: /x/page.html\nallow: /x/page.html\n", "http://foo.bar/x/page.html", ALLOWED);
    check_rules("allow: /page\ndisallow: /*.html\n", "http://foo.bar/page.html", DISALLOWED);
    check_rules("allow: /page\ndisallow: /*.html\n", "http://foo.bar/page", ALLOWED);
    check_rules("allow: /x/page.\ndisallow: /*.html\n", "http://foo.bar/x/page.html", ALLOWED);
}

/* Ties: allow wins, and the verdict says so; the earliest line of the longest kind
 * is the one reported. */
static void ties(void) {
    robots_verdict v;
    char pat[256];
    const char *t = "user-agent: *\ndisallow: /a\nallow: /b\nallow: /a\nallow: /*\n";
    verdict_of(GOOGLE, t, "x", "/a", &v, pat);
    CHECK_EQ(v.allowed, 1);
    CHECK_EQ(v.rule, ROBOTS_RULE_ALLOW);
    CHECK_EQ(v.line, 4);
    CHECK(v.why & ROBOTS_WHY_TIE);
    verdict_of(RFC, "user-agent: *\ndisallow: /a\ndisallow: /*\n", "x", "/a", &v, pat);
    CHECK_EQ(v.line, 2); /* both 2 octets: the first line */
    CHECK(!(v.why & ROBOTS_WHY_TIE));
}

/* RULE-1: an empty pattern matches nothing useful: it never decides. */
static void empty_patterns_never_decide(void) {
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, "user-agent: *\ndisallow:\n", "x", "/", &v, pat);
    CHECK_EQ(v.allowed, 1);
    CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
    CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
    verdict_of(RFC, "user-agent: *\nallow:\ndisallow: /\n", "x", "/", &v, pat);
    CHECK_EQ(v.allowed, 0);
    CHECK_EQ(v.line, 3);
}

/* Length is counted after normalisation: "/ä" written as UTF-8 is 3 octets but 7
 * once escaped, as long as "/%c3%a4": the two tie and allow wins. */
static void length_after_normalisation(void) {
    check_rules("disallow: /\xC3\xA4\nallow: /%c3%a4\n", "/%C3%A4", ALLOWED);
    check_rules("disallow: /\xC3\xA4x\nallow: /%c3%a4\n", "/%C3%A4x", DISALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, "user-agent: *\ndisallow: /\xC3\xA4\n", "x", "/%C3%A4", &v, pat);
    CHECK_STR(v.pattern, v.pattern_len, "/%C3%A4");
    CHECK_EQ(v.pattern_len, 7);
}

const test_suite suite_precedence = {"precedence", (const test_case[]){
    {"PREC-1, 2, 4, 5", prec_examples},
    {"PREC-3: undefined; both profiles say disallow", prec_3_undefined_resolved_by_length},
    {"the longest match wins", longest_match},
    {"allow wins ties; the first line explains", ties},
    {"empty patterns never decide", empty_patterns_never_decide},
    {"length is counted after normalisation", length_after_normalisation},
    {NULL, NULL}}};
