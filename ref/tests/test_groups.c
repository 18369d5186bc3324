/* test_groups.c - GROUP-1..5, UA-2, UA-4: group formation, merging, the global fallback. */
#include "test.h"

/* GROUP-1 (2019 edition): a, b, e+f and an empty group h. */
static void group_1_example(void) {
    const char *t = "user-agent: a\ndisallow: /c\n\nuser-agent: b\ndisallow: /d\n\n"
                    "user-agent: e\nuser-agent: f\ndisallow: /g\n\nuser-agent: h\n";
    CHECK_BOTH(t, "a", "/c", DISALLOWED);
    CHECK_BOTH(t, "a", "/d", ALLOWED);
    CHECK_BOTH(t, "b", "/d", DISALLOWED);
    CHECK_BOTH(t, "b", "/c", ALLOWED);
    CHECK_BOTH(t, "e", "/g", DISALLOWED);
    CHECK_BOTH(t, "f", "/g", DISALLOWED);
    CHECK_BOTH(t, "h", "/c", ALLOWED);
    CHECK_BOTH(t, "h", "/g", ALLOWED);
    robots_rules *r = parse_text(GOOGLE, t);
    CHECK_EQ(robots_group_count(r), 4);
    robots_group_info g;
    CHECK_EQ(robots_get_group(r, 2, &g), 0);
    CHECK_EQ(g.agents, 2);
    CHECK_EQ(g.rules, 1);
    CHECK_EQ(g.first_line, 7);
    CHECK_EQ(robots_get_group(r, 3, &g), 0);
    CHECK_EQ(g.rules, 0);
    CHECK_EQ(robots_get_group(r, 4, &g), -1);
    robots_free(r);
}

/* Blank lines do not end a group: only a user-agent line after rules does. */
static void groups_from_google_tests(void) {
    const char *t = "allow: /foo/bar/\n"
                    "user-agent: FooBot\ndisallow: /\nallow: /x/\n"
                    "user-agent: BarBot\ndisallow: /\nallow: /y/\n\n\n"
                    "allow: /w/\nuser-agent: BazBot\n\n"
                    "user-agent: FooBot\nallow: /z/\ndisallow: /\n";
    CHECK_BOTH(t, "FooBot", "http://foo.bar/x/b", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/z/d", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/y/c", DISALLOWED);
    CHECK_BOTH(t, "BarBot", "http://foo.bar/y/c", ALLOWED);
    CHECK_BOTH(t, "BarBot", "http://foo.bar/w/a", ALLOWED);
    CHECK_BOTH(t, "BarBot", "http://foo.bar/z/d", DISALLOWED);
    CHECK_BOTH(t, "BazBot", "http://foo.bar/z/d", ALLOWED);
    /* GROUP-3: the allow before any user-agent belongs to nobody. */
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/bar/", DISALLOWED);
    CHECK_BOTH(t, "BarBot", "http://foo.bar/foo/bar/", DISALLOWED);
    CHECK_BOTH(t, "BazBot", "http://foo.bar/foo/bar/", DISALLOWED);
}

/* GROUP-4: sitemap and unknown lines do not end the run of user-agent lines. */
static void other_lines_keep_the_run(void) {
    const char *s = "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n";
    CHECK_BOTH(s, "BarBot", "http://foo.bar/", DISALLOWED);
    CHECK_BOTH(s, "FooBot", "http://foo.bar/", DISALLOWED);
    const char *u = "User-agent: BarBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n";
    CHECK_BOTH(u, "BarBot", "http://foo.bar/", DISALLOWED);
    CHECK_BOTH(u, "FooBot", "http://foo.bar/", DISALLOWED);
    robots_rules *r = parse_text(GOOGLE, u);
    CHECK_EQ(robots_group_count(r), 1);
    robots_free(r);
}

/* An empty pattern still counts as a rule: the next user-agent starts a new group. */
static void empty_rule_ends_the_run(void) {
    const char *t = "user-agent: a\ndisallow:\nuser-agent: b\ndisallow: /x\n";
    CHECK_BOTH(t, "a", "/x", ALLOWED);
    CHECK_BOTH(t, "b", "/x", DISALLOWED);
    /* Google: a pattern without a leading slash is a rule too. */
    CHECK_BOTH("user-agent: a\ndisallow: x\nuser-agent: b\ndisallow: /x\n", "a", "/x", ALLOWED);
}

/* UA-4: groups that name the same agent merge, wherever they are. */
static void same_agent_groups_merge(void) {
    const char *t = "user-agent: googlebot-news\ndisallow: /fish\n"
                    "user-agent: *\ndisallow: /carrots\n"
                    "user-agent: googlebot-news\ndisallow: /shrimp\n";
    CHECK_BOTH(t, "googlebot-news", "/fish", DISALLOWED);
    CHECK_BOTH(t, "googlebot-news", "/shrimp", DISALLOWED);
    CHECK_BOTH(t, "googlebot-news", "/carrots", ALLOWED);
    CHECK_BOTH(t, "otherbot", "/carrots", DISALLOWED);
    CHECK_BOTH(t, "otherbot", "/fish", ALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, t, "googlebot-news", "/shrimp", &v, pat);
    CHECK_EQ(v.groups, 2);
    CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
    CHECK_EQ(v.line, 6);
    /* Several '*' groups merge as well. */
    const char *g = "user-agent: *\ndisallow: /a\nuser-agent: x\ndisallow: /\nuser-agent: *\ndisallow: /b\n";
    CHECK_BOTH(g, "y", "/a", DISALLOWED);
    CHECK_BOTH(g, "y", "/b", DISALLOWED);
    CHECK_BOTH(g, "y", "/c", ALLOWED);
    verdict_of(RFC, g, "y", "/b", &v, pat);
    CHECK_EQ(v.groups, 2);
    CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
}

/* If any group names the crawler, '*' groups are ignored entirely, even when the
 * named group has no matching rule or no rule at all. */
static void specific_group_hides_global(void) {
    const char *t = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n";
    CHECK_BOTH(t, "FooBot", "http://foo.bar/x/y", DISALLOWED);
    CHECK_BOTH(t, "BarBot", "http://foo.bar/x/y", ALLOWED);
    const char *empty = "user-agent: *\ndisallow: /\nuser-agent: FooBot\n";
    CHECK_BOTH(empty, "FooBot", "/x", ALLOWED);
    CHECK_BOTH(empty, "BarBot", "/x", DISALLOWED);
    const char *nomatch = "user-agent: *\ndisallow: /x/\nuser-agent: FooBot\ndisallow: /y/\n";
    CHECK_BOTH(nomatch, "FooBot", "http://foo.bar/x/page", ALLOWED);
    CHECK_BOTH(nomatch, "FooBot", "http://foo.bar/y/page", DISALLOWED);
    /* Only an empty pattern in the named group: still that group, still allowed. */
    const char *blank = "user-agent: *\ndisallow: /\nuser-agent: FooBot\ndisallow:\n";
    CHECK_BOTH(blank, "FooBot", "/x", ALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, blank, "FooBot", "/x", &v, pat);
    CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
    CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
}

/* No named group and no '*' group: allowed. */
static void no_group_applies(void) {
    const char *t = "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\n"
                    "user-agent: BazBot\ndisallow: /\n";
    CHECK_BOTH(t, "QuxBot", "http://foo.bar/x/y", ALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(RFC, t, "QuxBot", "/", &v, pat);
    CHECK_EQ(v.group, ROBOTS_GROUP_NONE);
    CHECK_EQ(v.groups, 0);
}

/* A group naming both '*' and the crawler is the crawler's group. */
static void star_and_name_in_one_group(void) {
    const char *t = "user-agent: *\nuser-agent: FooBot\ndisallow: /x\n"
                    "user-agent: *\ndisallow: /y\n";
    CHECK_BOTH(t, "FooBot", "/x", DISALLOWED);
    CHECK_BOTH(t, "FooBot", "/y", ALLOWED);
    CHECK_BOTH(t, "BarBot", "/x", DISALLOWED);
    CHECK_BOTH(t, "BarBot", "/y", DISALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, t, "FooBot", "/x", &v, pat);
    CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
    verdict_of(GOOGLE, t, "BarBot", "/x", &v, pat);
    CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
    CHECK_EQ(v.groups, 2);
}

/* A group naming the crawler twice is one group; so is a '*' group with two '*'s. */
static void repeated_names_count_once(void) {
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, "user-agent: a\nuser-agent: A\ndisallow: /\n", "a", "/", &v, pat);
    CHECK_EQ(v.groups, 1);
    CHECK_EQ(v.allowed, 0);
    verdict_of(GOOGLE, "user-agent: *\nuser-agent: *\ndisallow: /\n", "a", "/", &v, pat);
    CHECK_EQ(v.groups, 1);
    CHECK_EQ(v.allowed, 0);
}

/* UA-2: the order of groups in the file does not matter. */
static void group_order_does_not_matter(void) {
    const char *a = "user-agent: *\ndisallow: /\nuser-agent: FooBot\nallow: /\n";
    const char *b = "user-agent: FooBot\nallow: /\nuser-agent: *\ndisallow: /\n";
    CHECK_BOTH(a, "FooBot", "/x", ALLOWED);
    CHECK_BOTH(b, "FooBot", "/x", ALLOWED);
    CHECK_BOTH(a, "BarBot", "/x", DISALLOWED);
    CHECK_BOTH(b, "BarBot", "/x", DISALLOWED);
}

const test_suite suite_groups = {"groups", (const test_case[]){
    {"GROUP-1: four groups, the last empty", group_1_example},
    {"blank lines do not end groups; rules before any agent are ignored", groups_from_google_tests},
    {"sitemap and unknown lines keep the run of user-agents", other_lines_keep_the_run},
    {"an empty pattern still ends the run of user-agents", empty_rule_ends_the_run},
    {"UA-4: groups naming the same agent merge", same_agent_groups_merge},
    {"a named group hides every '*' group", specific_group_hides_global},
    {"no group applies: allowed", no_group_applies},
    {"'*' and the crawler in one group: the crawler's group", star_and_name_in_one_group},
    {"a group naming an agent twice counts once", repeated_names_count_once},
    {"UA-2: group order does not matter", group_order_does_not_matter},
    {NULL, NULL}}};
