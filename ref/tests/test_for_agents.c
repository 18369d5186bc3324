/*
 * test_for_agents.c - robots_options.agents: a rule set parsed for given agents
 * keeps only the rules of the groups that can apply to them, unsorted, answers
 * every query those groups decide exactly as the whole rule set does, and refuses
 * the others.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

static robots_rules *parse_for(robots_profile_id p, const char *text, const char *const *agents, size_t count) {
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    o.agents = agents;
    o.agent_count = count;
    return parse_or_null(text, strlen(text), &o);
}

/* Do two verdicts say the same, to the deciding pattern's text? */
static bool same_verdict(const robots_verdict *a, const robots_verdict *b) {
    return a->allowed == b->allowed && a->group == b->group && a->groups == b->groups && a->rule == b->rule &&
           a->line == b->line && a->why == b->why && a->pattern_len == b->pattern_len &&
           (a->pattern_len == 0 || memcmp(a->pattern, b->pattern, a->pattern_len) == 0);
}

/* Lines a generated file is made of: agents the queries name and do not, '*',
 * literal and wildcard rules sharing prefixes (so that groups hold lists longer
 * than the walk checks directly), escapes, index.html, '$', and lines that are not
 * rules. */
static const char *const agent_lines[] = {
    "User-agent: googlebot\n", "User-agent: GoogleBot/2.1\n", "user-agent: bingbot\n", "User-agent: *\n",
    "User-agent: * crawlers\n", "User-agent: otherbot\n", "User-agent: /x\n", "useragent: bingbot\n",
};
static const char *const rule_lines[] = {
    "Disallow: /\n", "Allow: /a\n", "Disallow: /a/b\n", "Disallow: /a/b/c\n", "Allow: /a/b/c/d.html\n",
    "Disallow: /a*\n", "Disallow: /*.pdf$\n", "Allow: /a/*/c\n", "Disallow: /a/%62\n", "Allow: /a/index.html\n",
    "Disallow: /b$\n", "Disallow: /ab\n", "Allow: /abc\n", "Disallow: /a/b/c/d\n", "Disallow: *x\n",
    "Disallow:\n", "Allow: /%E4%B8%AD\n", "Disallow: /\xE4\xB8\xAD/x\n", "Disallow /nocolon\n",
    "Crawl-delay: 5\n", "# a comment\n", "\n",
};
static const char *const query_agents[] = {"googlebot", "GoogleBot/2.1", "bingbot", "otherbot", "", "nobody"};
static const char *const urls[] = {
    "/", "/a", "/a/b", "/a/b/c", "/a/b/c/d.html", "/a/x/c", "/a/b/x.pdf", "/a/index.html", "/a/",
    "/b", "/ab", "/abc", "/x", "/nocolon", "/%E4%B8%AD", "/\xE4\xB8\xAD/x", "/robots.txt", "http://e.com/a/b?q",
};
#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* A file of a few groups, each of one to three user-agent lines and up to 40
 * rules: 40 rules over 20 kinds of line make lists of more than DIRECT_CHECK. */
static size_t generate(char *out, size_t cap) {
    size_t n = 0;
    for (unsigned g = 0, groups = 1 + test_random(4); g < groups; g++) {
        for (unsigned a = 0, agents = 1 + test_random(3); a < agents; a++)
            n += (size_t)snprintf(out + n, cap - n, "%s", agent_lines[test_random(COUNT(agent_lines))]);
        for (unsigned k = 0, rules = test_random(41); k < rules; k++)
            n += (size_t)snprintf(out + n, cap - n, "%s", rule_lines[test_random(COUNT(rule_lines))]);
    }
    return n;
}

/* Every query for the agents a rule set was parsed for gets the whole rule set's
 * verdict, in both profiles, for one agent and for two. */
static void parsed_for_agents_agree(void) {
    test_seed(9309);
    char text[8192];
    size_t differ = 0, refused = 0, queries = 0, long_lists = 0;
    for (int round = 0; round < 400; round++) {
        generate(text, sizeof text);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            robots_rules *whole = parse_text((robots_profile_id)p, text);
            for (size_t a = 0; a < COUNT(query_agents); a++) {
                const char *pair[2] = {query_agents[a], query_agents[(a + 1 + (size_t)round) % COUNT(query_agents)]};
                robots_rules *one = parse_for((robots_profile_id)p, text, pair, 1);
                robots_rules *two = parse_for((robots_profile_id)p, text, pair, 2);
                for (size_t g = 0; g < robots_group_count(one); g++) {
                    robots_group_info info;
                    robots_get_group(one, g, &info);
                    long_lists += info.rules > 12;
                }
                for (size_t u = 0; u < COUNT(urls); u++, queries++) {
                    robots_verdict want, got, want2, got2;
                    const char *error = NULL;
                    robots_check(whole, pair[0], strlen(pair[0]), urls[u], strlen(urls[u]), &want, NULL);
                    int rc = robots_check(one, pair[0], strlen(pair[0]), urls[u], strlen(urls[u]), &got, &error);
                    robots_check_agents(whole, pair, NULL, 2, urls[u], strlen(urls[u]), &want2, NULL);
                    int rc2 = robots_check_agents(two, pair, NULL, 2, urls[u], strlen(urls[u]), &got2, NULL);
                    refused += rc != 0 || rc2 != 0;
                    if (rc != 0 || rc2 != 0 || !same_verdict(&want, &got) || !same_verdict(&want2, &got2)) {
                        if (differ++ < 5)
                            printf("    %s for %s, %s: %s\n%s", robots_profile_name((robots_profile_id)p), pair[0],
                                   urls[u], error ? error : "a different verdict", text);
                    }
                }
                robots_free(one);
                robots_free(two);
            }
            robots_free(whole);
        }
    }
    CHECK_EQ(differ, 0);
    CHECK_EQ(refused, 0);
    CHECK(queries > 50000);
    CHECK(long_lists > 100); /* groups whose lists the index would have sorted */
}

/* A query that needs a group whose rules were left out fails with a reason and a
 * zeroed verdict; one that needs only groups kept is answered. */
static void left_out_rules_refuse_the_query(void) {
    const char *t = "User-agent: googlebot\nDisallow: /g\n"
                    "User-agent: bingbot\nDisallow: /b\nAllow: /b/open\n"
                    "User-agent: *\nDisallow: /all\n"
                    "User-agent: quietbot\n";
    const char *const for_google[1] = {"googlebot"};
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_for((robots_profile_id)p, t, for_google, 1);
        CHECK(r != NULL);
        robots_verdict v;
        const char *error = NULL;
        CHECK_EQ(robots_check(r, "googlebot", 9, "/g", 2, &v, &error), 0);
        CHECK_EQ(v.allowed, 0);
        CHECK_EQ(v.line, 2);
        /* Named nowhere: the '*' group, kept. */
        CHECK_EQ(robots_check(r, "otherbot", 8, "/all", 4, &v, &error), 0);
        CHECK_EQ(v.allowed, 0);
        CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
        /* A group of no rules leaves none out. */
        CHECK_EQ(robots_check(r, "quietbot", 8, "/all", 4, &v, &error), 0);
        CHECK_EQ(v.allowed, 1);
        CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
        error = NULL;
        v.allowed = 1;
        v.line = 7;
        CHECK_EQ(robots_check(r, "bingbot", 7, "/b", 2, &v, &error), -1);
        CHECK(error && strstr(error, "robots_options.agents"));
        CHECK_EQ(v.allowed, 0);
        CHECK_EQ(v.line, 0);
        CHECK(v.pattern == NULL);
        /* Also when the path needs no rule (rfc9309's /robots.txt): the groups
         * decide, and one of them is incomplete. */
        CHECK_EQ(robots_check(r, "bingbot", 7, "/robots.txt", 11, &v, NULL), -1);
        const char *both[2] = {"googlebot", "bingbot"};
        CHECK_EQ(robots_check_agents(r, both, NULL, 2, "/g", 2, &v, NULL), -1);
        /* The counts: groups, agents and lines whole, rules as kept. */
        robots_parse_info info;
        robots_get_parse_info(r, &info);
        CHECK_EQ(info.groups, 4);
        CHECK_EQ(info.lines, 9);
        CHECK_EQ(info.rules, 2);
        CHECK_EQ(robots_rule_count(r), 2);
        CHECK_EQ(robots_agent_count(r), 4);
        robots_group_info g;
        CHECK_EQ(robots_get_group(r, 1, &g), 0);
        CHECK_EQ(g.rules, 0);
        CHECK_EQ(g.rules_left_out, 2);
        CHECK_EQ(robots_get_group(r, 0, &g), 0);
        CHECK_EQ(g.rules, 1);
        CHECK_EQ(g.rules_left_out, 0);
        robots_free(r);
    }
    /* Without agents nothing is left out. */
    robots_rules *r = parse_text(GOOGLE, t);
    robots_group_info g;
    CHECK_EQ(robots_get_group(r, 1, &g), 0);
    CHECK_EQ(g.rules, 2);
    CHECK_EQ(g.rules_left_out, 0);
    robots_free(r);
}

/* The agents are compared with the file's tokens as a query compares them:
 * google the whole string, rfc9309 its product token; case never matters. */
static void agents_compare_as_queries_do(void) {
    const char *t = "User-agent: googlebot\nDisallow: /g\nUser-agent: *\nDisallow: /all\n";
    const char *const versioned[1] = {"Googlebot/2.1"}, *const upper[1] = {"GOOGLEBOT"};
    robots_rules *rfc = parse_for(RFC, t, versioned, 1), *google = parse_for(GOOGLE, t, versioned, 1);
    CHECK_EQ(check_answer(rfc, "Googlebot/2.1", 13, "/g", 2, NULL), 0);
    CHECK_EQ(check_answer(rfc, "googlebot", 9, "/g", 2, NULL), 0);
    /* google: no group names "Googlebot/2.1", so '*' decides; googlebot's group
     * was left out. */
    CHECK_EQ(check_answer(google, "Googlebot/2.1", 13, "/all", 4, NULL), 0);
    CHECK_EQ(check_answer(google, "Googlebot/2.1", 13, "/g", 2, NULL), 1);
    CHECK_EQ(check_answer(google, "googlebot", 9, "/g", 2, NULL), -1);
    robots_free(rfc);
    robots_free(google);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_for((robots_profile_id)p, t, upper, 1);
        CHECK_EQ(check_answer(r, "googlebot", 9, "/g", 2, NULL), 0);
        robots_free(r);
    }
    /* A line without a token ("/x") names the empty agent for google only. */
    const char *tokenless = "User-agent: /x\nDisallow: /t\nUser-agent: *\nDisallow: /all\n";
    const char *const empty[1] = {""};
    robots_rules *g = parse_for(GOOGLE, tokenless, empty, 1), *f = parse_for(RFC, tokenless, empty, 1);
    CHECK_EQ(check_answer(g, "", 0, "/t", 2, NULL), 0);
    CHECK_EQ(check_answer(g, "", 0, "/all", 4, NULL), 1);
    CHECK_EQ(check_answer(f, "", 0, "/t", 2, NULL), 1);
    CHECK_EQ(check_answer(f, "", 0, "/all", 4, NULL), 0);
    robots_free(g);
    robots_free(f);
    /* Lengths given: the names need no terminator. */
    robots_options o;
    robots_options_init(&o);
    const char *const cut[1] = {"bingbotXYZ"};
    size_t len = 7;
    o.agents = cut;
    o.agent_lens = &len;
    o.agent_count = 1;
    const char *b = "User-agent: bingbot\nDisallow: /b\n";
    robots_rules *r = parse_or_null(b, strlen(b), &o);
    CHECK_EQ(check_answer(r, "bingbot", 7, "/b", 2, NULL), 0);
    robots_free(r);
}

/* Agents that cannot be read are refused, and out is NULL. */
static void bad_agents_refused(void) {
    robots_options o;
    robots_options_init(&o);
    CHECK(o.agents == NULL && o.agent_lens == NULL && o.agent_count == 0);
    o.agent_count = 2;
    robots_rules *r = (robots_rules *)&o;
    const char *error = NULL;
    CHECK_EQ(robots_parse("", 0, &o, &r, &error), -1);
    CHECK(r == NULL);
    CHECK(error && strstr(error, "agents are NULL"));
    const char *const names[2] = {"a", NULL};
    size_t lens[2] = {1, 3};
    o.agents = names;
    o.agent_lens = lens;
    error = NULL;
    CHECK_EQ(robots_parse("", 0, &o, &r, &error), -1);
    CHECK(error && strstr(error, "agent of the options is NULL"));
    /* A NULL agent of length 0 is the empty agent. */
    lens[1] = 0;
    CHECK_EQ(robots_parse("", 0, &o, &r, &error), 0);
    robots_free(r);
}

const test_suite suite_for_agents = {"for_agents", (const test_case[]){
    {"parsed for agents: every verdict as parsed whole", parsed_for_agents_agree},
    {"a query needing rules left out fails", left_out_rules_refuse_the_query},
    {"agents compare as queries compare them", agents_compare_as_queries_do},
    {"unreadable agents are refused", bad_agents_refused},
    {NULL, NULL}}};
