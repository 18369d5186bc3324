/*
 * parse.c - fuzz target: any bytes as a robots.txt, under both profiles. Walks
 * everything the parser reports (per-line metadata, sitemaps, records, groups,
 * agents, rules) and asks about URLs made from the file's own rules, checking the
 * invariants each answer must keep.
 */
#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(info_summary_wrong)
DEFINE_FINDING(more_lines_than_bytes)
DEFINE_FINDING(directive_flag_differs_from_key)
DEFINE_FINDING(empty_line_with_flags)
DEFINE_FINDING(comment_without_has_comment)
DEFINE_FINDING(typo_on_non_directive)
DEFINE_FINDING(rfc9309_line_leniency)
DEFINE_FINDING(line_past_end_has_flags)
DEFINE_FINDING(sitemap_missing)
DEFINE_FINDING(sitemap_line_out_of_order)
DEFINE_FINDING(sitemap_line_not_sitemap)
DEFINE_FINDING(record_missing)
DEFINE_FINDING(record_line_wrong)
DEFINE_FINDING(record_key_empty)
DEFINE_FINDING(counts_differ)
DEFINE_FINDING(agent_missing)
DEFINE_FINDING(agent_group_or_line_wrong)
DEFINE_FINDING(global_agent_has_token)
DEFINE_FINDING(rule_missing)
DEFINE_FINDING(rule_group_past_end)
DEFINE_FINDING(rule_line_key_differs)
DEFINE_FINDING(rule_pattern_not_ascii)
DEFINE_FINDING(applying_groups_count_differs)
DEFINE_FINDING(applying_groups_not_in_order)

static void walk(const uint8_t *d, size_t n, robots_profile_id p) {
    robots_rules *r = parse_profile(d, n, p, ROBOTS_DEFAULT_MAX_BYTES);
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    REQUIRE(info_summary_wrong,
            info.profile == p && info.input_bytes == n && info.parsed_bytes <= n && info.lines >= 1);
    REQUIRE(more_lines_than_bytes, info.lines <= info.parsed_bytes + 1);
    for (size_t line = 1; line <= info.lines; line++) {
        robots_line_info li = robots_get_line(r, line);
        bool directive = li.flags & ROBOTS_LINE_DIRECTIVE;
        REQUIRE(directive_flag_differs_from_key, directive == (li.key != ROBOTS_KEY_NONE));
        REQUIRE(empty_line_with_flags,
                !(li.flags & ROBOTS_LINE_EMPTY) || li.flags == ROBOTS_LINE_EMPTY || li.flags == (ROBOTS_LINE_EMPTY | ROBOTS_LINE_TOO_LONG));
        REQUIRE(comment_without_has_comment, !(li.flags & ROBOTS_LINE_COMMENT) || (li.flags & ROBOTS_LINE_HAS_COMMENT));
        REQUIRE(typo_on_non_directive, !(li.flags & (ROBOTS_LINE_TYPO | ROBOTS_LINE_MISSING_COLON)) || directive);
        REQUIRE(rfc9309_line_leniency,
                p == ROBOTS_PROFILE_GOOGLE || !(li.flags & (ROBOTS_LINE_TYPO | ROBOTS_LINE_MISSING_COLON | ROBOTS_LINE_TOO_LONG)));
    }
    REQUIRE(line_past_end_has_flags, robots_get_line(r, info.lines + 1).flags == 0);
    size_t sitemap_lines = 0, last = 0;
    for (size_t i = 0; i < robots_sitemap_count(r); i++, sitemap_lines++) {
        robots_record s;
        REQUIRE(sitemap_missing, robots_get_sitemap(r, i, &s) == 0);
        REQUIRE(sitemap_line_out_of_order, s.line > last && s.line <= info.lines);
        REQUIRE(sitemap_line_not_sitemap, robots_get_line(r, s.line).key == ROBOTS_KEY_SITEMAP);
        last = s.line;
    }
    last = 0;
    for (size_t i = 0; i < robots_record_count(r); i++) {
        robots_record s;
        REQUIRE(record_missing, robots_get_record(r, i, &s) == 0);
        REQUIRE(record_line_wrong, s.line > last && robots_get_line(r, s.line).key == ROBOTS_KEY_OTHER);
        REQUIRE(record_key_empty, s.key_len > 0);
        last = s.line;
    }
    REQUIRE(counts_differ, robots_group_count(r) == info.groups && robots_rule_count(r) == info.rules);
    for (size_t i = 0; i < robots_agent_count(r); i++) {
        robots_agent_info a;
        REQUIRE(agent_missing, robots_get_agent(r, i, &a) == 0);
        REQUIRE(agent_group_or_line_wrong,
                a.group < info.groups && robots_get_line(r, a.line).key == ROBOTS_KEY_USER_AGENT);
        REQUIRE(global_agent_has_token, !a.global || a.token_len == 0);
    }
    size_t asked = 0;
    for (size_t i = 0; i < info.rules; i++) {
        robots_rule_info ri;
        REQUIRE(rule_missing, robots_get_rule(r, i, &ri) == 0);
        REQUIRE(rule_group_past_end, ri.group < info.groups);
        robots_key k = robots_get_line(r, ri.line).key;
        REQUIRE(rule_line_key_differs, k == (ri.kind == ROBOTS_RULE_ALLOW ? ROBOTS_KEY_ALLOW : ROBOTS_KEY_DISALLOW));
        for (size_t j = 0; j < ri.pattern_len; j++)
            REQUIRE(rule_pattern_not_ascii, (unsigned char)ri.pattern[j] < 0x80);
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
        REQUIRE(applying_groups_count_differs, applying == v.groups);
        for (size_t g = 0; g < applying && g < 8; g++)
            REQUIRE(applying_groups_not_in_order, groups[g] < info.groups && (g == 0 || groups[g - 1] < groups[g]));
    }
    robots_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    walk(data, size, ROBOTS_PROFILE_GOOGLE);
    walk(data, size, ROBOTS_PROFILE_RFC9309);
    return 0;
}
