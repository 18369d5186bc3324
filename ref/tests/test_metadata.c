/* test_metadata.c - what the parser reports: per-line metadata, sitemaps, records,
 * groups, agents and rules in file order. */
#include <string.h>

#include "test.h"

/* Line numbers as Google's reporting parser counts them, with mixed line ends. */
static void line_numbers_and_flags(void) {
    const char *t = "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\n"
                    "Disallow: / # all\n#only a comment\n   \nfoo bar baz\nSitemap: http://e.com/s.xml";
    robots_rules *r = parse_text(GOOGLE, t);
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.lines, 10);
    CHECK_EQ(info.groups, 2); /* "User-Agent: bar" follows a rule */
    CHECK_EQ(info.rules, 2);
    CHECK_EQ(info.profile, ROBOTS_PROFILE_GOOGLE);
    static const struct { unsigned flags; robots_key key; } want[] = {
        {ROBOTS_LINE_DIRECTIVE, ROBOTS_KEY_USER_AGENT},
        {ROBOTS_LINE_DIRECTIVE, ROBOTS_KEY_ALLOW},
        {ROBOTS_LINE_DIRECTIVE, ROBOTS_KEY_USER_AGENT},
        {ROBOTS_LINE_EMPTY, ROBOTS_KEY_NONE},
        {ROBOTS_LINE_EMPTY, ROBOTS_KEY_NONE},
        {ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_HAS_COMMENT, ROBOTS_KEY_DISALLOW},
        {ROBOTS_LINE_COMMENT | ROBOTS_LINE_HAS_COMMENT, ROBOTS_KEY_NONE},
        {ROBOTS_LINE_EMPTY, ROBOTS_KEY_NONE},
        {0, ROBOTS_KEY_NONE},
        {ROBOTS_LINE_DIRECTIVE, ROBOTS_KEY_SITEMAP},
    };
    for (size_t i = 0; i < 10; i++) {
        robots_line_info li = robots_get_line(r, i + 1);
        CHECK_EQ(li.flags, want[i].flags);
        CHECK_EQ(li.key, want[i].key);
    }
    CHECK_EQ(robots_get_line(r, 0).key, ROBOTS_KEY_NONE);
    CHECK_EQ(robots_get_line(r, 11).flags, 0);
    CHECK_EQ(robots_get_line(NULL, 1).flags, 0);
    robots_free(r);
}

/* SITEMAP-1: several sitemaps, anywhere, any host, kept as written. */
static void sitemaps(void) {
    const char *t = "Sitemap: http://foo.bar/sitemap.xml\nuser-agent: a\ndisallow: /\n"
                    "sitemap:https://other.example/s%41.xml # c\nsitemap:\n";
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_text((robots_profile_id)p, t);
        robots_record s;
        /* SITEMAP-3: the empty 'sitemap:' on line 5 names no sitemap. */
        CHECK_EQ(robots_sitemap_count(r), 2);
        CHECK_EQ(robots_get_sitemap(r, 0, &s), 0);
        CHECK_STR(s.value, s.value_len, "http://foo.bar/sitemap.xml");
        CHECK_STR(s.key, s.key_len, "Sitemap");
        CHECK_EQ(s.line, 1);
        CHECK_EQ(robots_get_sitemap(r, 1, &s), 0);
        CHECK_STR(s.value, s.value_len, "https://other.example/s%41.xml");
        CHECK_EQ(robots_get_sitemap(r, 2, &s), -1);
        CHECK_EQ(robots_get_line(r, 5).key, ROBOTS_KEY_SITEMAP);
        /* The sitemap lines do not disturb the group. */
        CHECK_EQ(check_answer(r, "a", 1, "/x", 2, NULL), DISALLOWED);
        robots_free(r);
    }
}

/* Groups, agents and rules in file order; alternatives are not rules. */
static void enumeration(void) {
    const char *t = "disallow: /ignored\nuser-agent: a\nuser-agent: *\nallow: /a/index.html\n"
                    "disallow: /x\nuser-agent: b/2\ndisallow:\n";
    robots_rules *r = parse_text(GOOGLE, t);
    CHECK_EQ(robots_group_count(r), 2);
    CHECK_EQ(robots_agent_count(r), 3);
    CHECK_EQ(robots_rule_count(r), 3);
    robots_agent_info a;
    robots_get_agent(r, 0, &a);
    CHECK_STR(a.token, a.token_len, "a");
    CHECK_EQ(a.line, 2);
    CHECK_EQ(a.group, 0);
    robots_get_agent(r, 1, &a);
    CHECK_EQ(a.global, 1);
    CHECK_EQ(a.token_len, 0);
    robots_get_agent(r, 2, &a);
    CHECK_STR(a.token, a.token_len, "b");
    CHECK_EQ(a.group, 1);
    robots_rule_info ri;
    robots_get_rule(r, 0, &ri);
    CHECK_EQ(ri.kind, ROBOTS_RULE_ALLOW);
    CHECK_STR(ri.pattern, ri.pattern_len, "/a/index.html");
    CHECK_EQ(ri.line, 4);
    robots_get_rule(r, 1, &ri);
    CHECK_EQ(ri.kind, ROBOTS_RULE_DISALLOW);
    CHECK_EQ(ri.group, 0);
    robots_get_rule(r, 2, &ri);
    CHECK_EQ(ri.pattern_len, 0);
    CHECK_EQ(ri.group, 1);
    CHECK_EQ(ri.line, 7);
    robots_group_info g;
    robots_get_group(r, 0, &g);
    CHECK_EQ(g.global, 1);
    CHECK_EQ(g.agents, 2);
    CHECK_EQ(g.rules, 2);
    CHECK_EQ(robots_get_rule(r, 3, &ri), -1);
    CHECK_EQ(robots_get_agent(r, 3, &a), -1);
    robots_free(r);
}

/* A NULL rule set reads as an empty one and allows everything. */
static void null_rules(void) {
    robots_parse_info info;
    robots_get_parse_info(NULL, &info);
    CHECK_EQ(info.lines, 0);
    CHECK_EQ(robots_sitemap_count(NULL) + robots_record_count(NULL) + robots_group_count(NULL) +
                 robots_agent_count(NULL) + robots_rule_count(NULL), 0);
    robots_record rec;
    robots_group_info g;
    robots_agent_info a;
    robots_rule_info ri;
    CHECK_EQ(robots_get_sitemap(NULL, 0, &rec), -1);
    CHECK_EQ(robots_get_record(NULL, 0, &rec), -1);
    CHECK_EQ(robots_get_group(NULL, 0, &g), -1);
    CHECK_EQ(robots_get_agent(NULL, 0, &a), -1);
    CHECK_EQ(robots_get_rule(NULL, 0, &ri), -1);
    robots_free(NULL);
    /* A NULL agent or URL with length 0 is an empty string. */
    robots_rules *r = parse_text(GOOGLE, "user-agent: *\ndisallow: /\n");
    CHECK_EQ(check_answer(r, NULL, 0, NULL, 0, NULL), DISALLOWED);
    robots_free(r);
    /* NULL options mean the defaults. */
    r = parse_or_null("user-agent: *\ndisallow: /\n", 26, NULL);
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.profile, ROBOTS_PROFILE_GOOGLE);
    robots_free(r);
}

const test_suite suite_metadata = {"metadata", (const test_case[]){
    {"line numbers and per-line flags", line_numbers_and_flags},
    {"SITEMAP-1: sitemaps", sitemaps},
    {"groups, agents and rules in file order", enumeration},
    {"NULL arguments", null_rules},
    {NULL, NULL}}};
