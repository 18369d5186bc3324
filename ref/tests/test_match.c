/* test_match.c - MATCH-1..11: anchoring, '*', '$', case, and polynomial matching. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* Checks each URL against "user-agent: *\ndisallow: PATTERN" in both profiles. */
static void expect_pattern(const char *pattern, const char *const *yes, const char *const *no) {
    char t[256];
    snprintf(t, sizeof t, "user-agent: *\ndisallow: %s\n", pattern);
    for (; *yes; yes++) CHECK_BOTH(t, "FooBot", *yes, DISALLOWED);
    for (; *no; no++) CHECK_BOTH(t, "FooBot", *no, ALLOWED);
}

static void match_1_root(void) {
    expect_pattern("/", (const char *const[]){"http://e.com/", "http://e.com/a/b?c", "http://e.com", NULL},
                   (const char *const[]){NULL});
}

static void match_2_root_star(void) {
    expect_pattern("/*", (const char *const[]){"http://e.com/", "http://e.com/a/b?c", NULL},
                   (const char *const[]){NULL});
}

static const char *const fish_yes[] = {"/fish", "/fish.html", "/fish/salmon.html", "/fishheads",
                                       "/fishheads/yummy.html", "/fish.php?id=anything", NULL};
static const char *const fish_no[] = {"/Fish.asp", "/catfish", "/?id=fish", NULL};

static void match_3_prefix(void) { expect_pattern("/fish", fish_yes, fish_no); }
static void match_4_trailing_star(void) { expect_pattern("/fish*", fish_yes, fish_no); }

static void match_5_directory(void) {
    expect_pattern("/fish/", (const char *const[]){"/fish/", "/fish/?id=anything", "/fish/salmon.htm", NULL},
                   (const char *const[]){"/fish", "/fish.html", "/Fish/Salmon.asp", NULL});
}

/* MATCH-6 (old edition) said "fish/" equals "/fish/"; Google keeps the pattern as
 * written and, as every path starts with '/', it never matches. */
static void match_6_no_leading_slash(void) {
    expect_pattern("fish/", (const char *const[]){NULL},
                   (const char *const[]){"/fish/", "/fish/salmon", "/afish/", NULL});
}

static void match_7_star_php(void) {
    expect_pattern("/*.php",
                   (const char *const[]){"/filename.php", "/folder/filename.php",
                                         "/folder/filename.php?parameters", "/folder/any.php.file.html",
                                         "/filename.php/", NULL},
                   (const char *const[]){"/", "/windows.PHP", NULL});
}

static void match_8_end_anchor(void) {
    expect_pattern("/*.php$", (const char *const[]){"/filename.php", "/folder/filename.php", NULL},
                   (const char *const[]){"/filename.php?parameters", "/filename.php/", "/filename.php5",
                                         "/windows.PHP", NULL});
}

static void match_9_inner_star(void) {
    expect_pattern("/fish*.php", (const char *const[]){"/fish.php", "/fishheads/catfish.php?parameters", NULL},
                   (const char *const[]){"/Fish.PHP", NULL});
}

/* '$' anchors only as the last octet; elsewhere it is a literal '$'. */
static void dollar_inside_is_literal(void) {
    expect_pattern("/a$b", (const char *const[]){"/a$b", "/a$bc", NULL},
                   (const char *const[]){"/ab", "/a", NULL});
    expect_pattern("/a$$", (const char *const[]){"/a$", NULL}, (const char *const[]){"/a", "/a$$", "/a$b", NULL});
    expect_pattern("$", (const char *const[]){NULL}, (const char *const[]){"/", "/x", NULL});
    expect_pattern("/$", (const char *const[]){"/", "http://e.com", NULL}, (const char *const[]){"/x", NULL});
    expect_pattern("/*$", (const char *const[]){"/", "/anything", NULL}, (const char *const[]){NULL});
    expect_pattern("/foo/bar$", (const char *const[]){"/foo/bar", NULL},
                   (const char *const[]){"/foo/bar/", "/foo/bar/qux", "/foo/barx", NULL});
}

/* MATCH-11: '*' matches any run of octets, also empty; several in a row are one. */
static void stars(void) {
    expect_pattern("*", (const char *const[]){"/", "/x", NULL}, (const char *const[]){NULL});
    expect_pattern("**", (const char *const[]){"/", NULL}, (const char *const[]){NULL});
    expect_pattern("/a**b", (const char *const[]){"/ab", "/axxb", "/a*b", NULL}, (const char *const[]){"/a", "/ba", NULL});
    expect_pattern("/*/*/c", (const char *const[]){"/a/b/c", "http://e.com//x/c", "/a/b/d/c", NULL},
                   (const char *const[]){"/a/c", "/abc", NULL});
    expect_pattern("/a*a*a$", (const char *const[]){"/aaa", "/abababa", NULL},
                   (const char *const[]){"/aa", "/aaab", NULL});
    expect_pattern("*.gif$", (const char *const[]){"/a.gif", "/x/y.gif", NULL},
                   (const char *const[]){"/a.gifs", "/a.GIF", NULL});
    /* Greedy leftmost placement must still find a later fit for the end anchor. */
    expect_pattern("/*ab$", (const char *const[]){"/abab", "/aab", NULL}, (const char *const[]){"/aba", NULL});
    /* A '*' in the URL is just an octet. */
    expect_pattern("/a*", (const char *const[]){"/a*", NULL}, (const char *const[]){"/b*", NULL});
}

/* Patterns are case-sensitive (RULE-2); so is the path. */
static void case_sensitive_paths(void) {
    CHECK_BOTH("user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", DISALLOWED);
    CHECK_BOTH("user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", ALLOWED);
}

/* Other special characters in patterns from Google's suite. */
static void special_characters(void) {
    const char *t = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n";
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/bar/quz", DISALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/quz", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo//quz", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/bax/quz", ALLOWED);
    const char *d = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n";
    CHECK_BOTH(d, "FooBot", "http://foo.bar/foo/bar", DISALLOWED);
    CHECK_BOTH(d, "FooBot", "http://foo.bar/foo/bar/qux", ALLOWED);
    CHECK_BOTH(d, "FooBot", "http://foo.bar/foo/bar/", ALLOWED);
    CHECK_BOTH(d, "FooBot", "http://foo.bar/foo/bar/baz", ALLOWED);
}

/* The prefix index must find rules among many with shared prefixes. */
static void many_rules_share_prefixes(void) {
    static const char *const pats[] = {"/a", "/ab", "/abc", "/abd", "/b", "/ba*", "/b*z", "/abcd$", "/", "/ab*x"};
    char text[1024] = "user-agent: *\n";
    for (size_t i = 0; i < 10; i++) {
        strcat(text, i % 2 ? "allow: " : "disallow: ");
        strcat(text, pats[i]);
        strcat(text, "\n");
    }
    /* Lines: 2 disallow /a, 3 allow /ab, 4 disallow /abc, 5 allow /abd, 6 disallow /b,
     * 7 allow /ba*, 8 disallow /b*z, 9 allow /abcd$, 10 disallow /, 11 allow /ab*x. */
    struct { const char *url; int allowed; size_t line; } c[] = {
        {"/abcd", 1, 9},  /* allow /abcd$ (6) beats disallow /abc (4) */
        {"/abcde", 0, 4}, /* disallow /abc (4) beats allow /ab (3) */
        {"/abx", 1, 11},  /* allow /ab*x (5) beats disallow /a (2) */
        {"/b", 0, 6},     /* disallow /b (2); /ba* needs an 'a' */
        {"/baz", 1, 7},   /* allow /ba* and disallow /b*z, both 4: allow wins */
        {"/c", 0, 10},    /* only disallow / */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            robots_verdict v;
            char pat[256];
            verdict_of((robots_profile_id)p, text, "x", c[i].url, &v, pat);
            CHECK_EQ(v.allowed, c[i].allowed);
            CHECK_EQ(v.line, c[i].line);
        }
    }
}

/* A group with many wildcard rules is matched with the help of the octets and octet
 * pairs its path holds (a rule needing "k5" is skipped for a path without it); that
 * shortcut must never change a verdict, with raw paths (google), decoded paths
 * (rfc9309: %35 is '5') and the implicit '/' of a URL without a path. */
static void many_wildcard_rules(void) {
    char text[1024] = "user-agent: *\n";
    for (int i = 0; i < 12; i++) {
        char line[64];
        snprintf(line, sizeof line, "disallow: /*k%dz\n", i); /* lines 2..13 */
        strcat(text, line);
    }
    strcat(text, "allow: /*?q*k7z\n"); /* line 14 */
    struct { const char *url; int google, google_line, rfc, rfc_line; } c[] = {
        {"http://e.com/p/k5z", 0, 7, 0, 7},
        {"http://e.com/p/k5y", 1, 0, 1, 0},
        {"http://e.com/p/k%35z", 1, 0, 0, 7},     /* only rfc9309 decodes %35 */
        {"http://e.com/p/%6B11%7A", 1, 0, 0, 13}, /* "/p/k11z" decoded */
        {"http://e.com?k3z", 0, 5, 0, 5},         /* the path is "/?k3z" */
        {"http://e.com?q=k7z", 1, 14, 1, 14},     /* the allow rule is the longer match */
        {"http://e.com", 1, 0, 1, 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        robots_verdict v;
        char pat[256];
        verdict_of(GOOGLE, text, "x", c[i].url, &v, pat);
        CHECK_EQ(v.allowed, c[i].google);
        CHECK_EQ(v.line, c[i].google_line);
        verdict_of(RFC, text, "x", c[i].url, &v, pat);
        CHECK_EQ(v.allowed, c[i].rfc);
        CHECK_EQ(v.line, c[i].rfc_line);
    }
}

/* Deep wildcards stay polynomial: a pattern of many '*a' against a long path of a's
 * with no 'b' finishes (backtracking would take forever). */
static void deep_wildcards_terminate(void) {
    size_t n = 2000;
    char *pattern = malloc(2 * n + 64);
    strcpy(pattern, "user-agent: *\ndisallow: /");
    size_t at = strlen(pattern);
    for (size_t i = 0; i < 200; i++) pattern[at++] = '*', pattern[at++] = 'a';
    strcpy(pattern + at, "*b\nallow: /*a$\n");
    char *url = malloc(n + 2);
    url[0] = '/';
    memset(url + 1, 'a', n);
    url[n + 1] = '\0';
    CHECK_BOTH(pattern, "x", url, ALLOWED);
    url[n] = 'b';
    CHECK_BOTH(pattern, "x", url, DISALLOWED);
    free(pattern);
    free(url);
}

const test_suite suite_match = {"match", (const test_case[]){
    {"MATCH-1: / matches everything", match_1_root},
    {"MATCH-2: /* equals /", match_2_root_star},
    {"MATCH-3: /fish", match_3_prefix},
    {"MATCH-4: /fish* equals /fish", match_4_trailing_star},
    {"MATCH-5: /fish/", match_5_directory},
    {"MATCH-6: fish/ never matches", match_6_no_leading_slash},
    {"MATCH-7: /*.php", match_7_star_php},
    {"MATCH-8: /*.php$", match_8_end_anchor},
    {"MATCH-9: /fish*.php", match_9_inner_star},
    {"'$' is an anchor only at the end", dollar_inside_is_literal},
    {"MATCH-11: '*' is any run of octets", stars},
    {"paths are case-sensitive", case_sensitive_paths},
    {"special characters", special_characters},
    {"many rules with shared prefixes", many_rules_share_prefixes},
    {"many wildcard rules", many_wildcard_rules},
    {"deep wildcards terminate", deep_wildcards_terminate},
    {NULL, NULL}}};
