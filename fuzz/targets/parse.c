/*
 * parse.c - fuzz target: any bytes as a robots.txt, under both profiles. Walks
 * everything the parser reports (per-line metadata, sitemaps, records, groups,
 * agents, rules) and asks about URLs made from the file's own rules, checking the
 * invariants each answer must keep.
 */
#include "../common.h"

static void walk(const uint8_t *d, size_t n, robots_profile_id p) {
    robots_rules *r = parse_profile(d, n, p, ROBOTS_DEFAULT_MAX_BYTES);
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    REQUIRE(info.profile == p && info.input_bytes == n && info.parsed_bytes <= n && info.lines >= 1);
    REQUIRE(info.lines <= info.parsed_bytes + 1);
    for (size_t line = 1; line <= info.lines; line++) {
        robots_line_info li = robots_get_line(r, line);
        bool directive = li.flags & ROBOTS_LINE_DIRECTIVE;
        REQUIRE(directive == (li.key != ROBOTS_KEY_NONE));
        REQUIRE(!(li.flags & ROBOTS_LINE_EMPTY) || li.flags == ROBOTS_LINE_EMPTY || li.flags == (ROBOTS_LINE_EMPTY | ROBOTS_LINE_TOO_LONG));
        REQUIRE(!(li.flags & ROBOTS_LINE_COMMENT) || (li.flags & ROBOTS_LINE_HAS_COMMENT));
        REQUIRE(!(li.flags & (ROBOTS_LINE_TYPO | ROBOTS_LINE_MISSING_COLON)) || directive);
        REQUIRE(p == ROBOTS_PROFILE_GOOGLE || !(li.flags & (ROBOTS_LINE_TYPO | ROBOTS_LINE_MISSING_COLON | ROBOTS_LINE_TOO_LONG)));
    }
    REQUIRE(robots_get_line(r, info.lines + 1).flags == 0);
    size_t sitemap_lines = 0, last = 0;
    for (size_t i = 0; i < robots_sitemap_count(r); i++, sitemap_lines++) {
        robots_record s;
        REQUIRE(robots_get_sitemap(r, i, &s) == 0);
        REQUIRE(s.line > last && s.line <= info.lines);
        REQUIRE(robots_get_line(r, s.line).key == ROBOTS_KEY_SITEMAP);
        last = s.line;
    }
    last = 0;
    for (size_t i = 0; i < robots_record_count(r); i++) {
        robots_record s;
        REQUIRE(robots_get_record(r, i, &s) == 0);
        REQUIRE(s.line > last && robots_get_line(r, s.line).key == ROBOTS_KEY_OTHER);
        REQUIRE(s.key_len > 0);
        last = s.line;
    }
    REQUIRE(robots_group_count(r) == info.groups && robots_rule_count(r) == info.rules);
    for (size_t i = 0; i < robots_agent_count(r); i++) {
        robots_agent_info a;
        REQUIRE(robots_get_agent(r, i, &a) == 0);
        REQUIRE(a.group < info.groups && robots_get_line(r, a.line).key == ROBOTS_KEY_USER_AGENT);
        REQUIRE(!a.global || a.token_len == 0);
    }
    size_t asked = 0;
    for (size_t i = 0; i < info.rules; i++) {
        robots_rule_info ri;
        REQUIRE(robots_get_rule(r, i, &ri) == 0);
        REQUIRE(ri.group < info.groups);
        robots_key k = robots_get_line(r, ri.line).key;
        REQUIRE(k == (ri.kind == ROBOTS_RULE_ALLOW ? ROBOTS_KEY_ALLOW : ROBOTS_KEY_DISALLOW));
        for (size_t j = 0; j < ri.pattern_len; j++) REQUIRE((unsigned char)ri.pattern[j] < 0x80);
        if (asked++ >= 16 || ri.pattern_len == 0) continue;
        /* Ask about a URL the rule was written for ('*' as nothing, '$' dropped). */
        char url[512];
        size_t u = 0;
        for (size_t j = 0; j < ri.pattern_len && u < sizeof url; j++)
            if (ri.pattern[j] != '*' && !(ri.pattern[j] == '$' && j + 1 == ri.pattern_len)) url[u++] = ri.pattern[j];
        robots_agent_info a;
        const char *agent = "FuzzBot";
        size_t agent_len = 7;
        for (size_t j = 0; j < robots_agent_count(r); j++) {
            robots_get_agent(r, j, &a);
            if (a.group == ri.group && !a.global) {
                agent = a.token;
                agent_len = a.token_len;
                break;
            }
        }
        robots_verdict v;
        int ok = check_rules(r, agent, agent_len, url, u, &v);
        check_verdict(r, &v, ok);
        /* The groups the crawler follows: as many as the verdict counts, in file
         * order, each a group of the file. */
        size_t groups[8];
        const char *agents[1] = {agent};
        size_t applying = robots_applying_groups(r, agents, &agent_len, 1, groups, 8);
        REQUIRE(applying == v.groups);
        for (size_t g = 0; g < applying && g < 8; g++) REQUIRE(groups[g] < info.groups && (g == 0 || groups[g - 1] < groups[g]));
    }
    robots_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    walk(data, size, ROBOTS_PROFILE_GOOGLE);
    walk(data, size, ROBOTS_PROFILE_RFC9309);
    return 0;
}
