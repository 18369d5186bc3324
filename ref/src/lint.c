/*
 * lint.c - the mistakes and traps of a file (robots.h, robots_lint): what a site
 * owner writes that does not do what it reads as doing. Each is read off the rule
 * set the parser made (groups, rules, agents, records, per-line metadata) and the
 * file's first bytes, never by parsing again, so that a warning and a verdict
 * cannot disagree about what a line is. Each kind cites the case that teaches it.
 */
#include "internal.h"

typedef struct lint_text {
    const char *name, *advice, *lesson;
} lint_text;

static const lint_text texts[ROBOTS_LINT_KIND_COUNT] = {
    [ROBOTS_LINT_TOO_BIG] = {"too-big",
                             "Keep the file under 500 KiB (512,000 bytes): Google reads no further, so the rules past "
                             "that point do not exist for it.",
                             "FORMAT-8"},
    [ROBOTS_LINT_UTF16] = {"utf-16",
                           "Save the file as UTF-8: it is UTF-16, and a parser reading bytes finds a NUL after every "
                           "letter and no rule at all.",
                           "NUL-1"},
    [ROBOTS_LINT_BOM] = {"byte-order-mark",
                         "Save the file as UTF-8 without a byte order mark: Google skips it, but a parser that does "
                         "not reads it as part of the first line's key and loses that line.",
                         "FORMAT-4"},
    [ROBOTS_LINT_DISALLOW_ALL] = {"disallow-all",
                                  "Every crawler without a group of its own is kept from the whole site. If that is "
                                  "not meant (a staging file deployed), write 'Disallow:' with no path to allow "
                                  "everything.",
                                  "MATCH-1"},
    [ROBOTS_LINT_RULE_OUTSIDE_GROUP] = {"rule-outside-group",
                                        "Move it under a user-agent line: before any, it belongs to no group and "
                                        "binds no crawler.",
                                        "GROUP-3"},
    [ROBOTS_LINT_PATH_WITHOUT_SLASH] = {"path-without-slash",
                                        "Start the path with '/': every URL path starts with '/', so this rule never "
                                        "matches (a rule is a path, not a full URL).",
                                        "MATCH-6"},
    [ROBOTS_LINT_AGENT_WITH_VERSION] = {"agent-with-version",
                                        "Write the crawler's name alone (Googlebot, not Googlebot/2.1): Google reads "
                                        "the name and ignores the rest, RFC 9309 leaves the rest undefined, and "
                                        "simpler parsers compare the whole value.",
                                        "UA-3"},
    [ROBOTS_LINT_AGENT_NO_TOKEN] = {"agent-without-name",
                                    "Write a crawler's name (letters, '-' and '_') or '*': this value names no "
                                    "crawler, so the group binds nobody.",
                                    "TOKEN-1"},
    [ROBOTS_LINT_JOINS_GROUP] = {"joins-group",
                                 "This user-agent line joins the group above: the line between them is no rule, so "
                                 "it does not end that group, and every rule below binds the crawlers named above "
                                 "too. Give the group above a rule of its own ('Allow: /' lets it fetch everything).",
                                 "GROUP-4"},
    [ROBOTS_LINT_USAGE_HIDDEN] = {"usage-hidden",
                                  "Repeat this line in every group it should apply to: a crawler named in a group of "
                                  "its own reads that group's lines, not the '*' group's.",
                                  "USAGE-1"},
    [ROBOTS_LINT_USAGE_NO_GROUP] = {"usage-outside-group",
                                    "Move it under a user-agent line: before any, it states no preference for any "
                                    "crawler.",
                                    "USAGE-9"},
    [ROBOTS_LINT_CRAWL_DELAY] = {"crawl-delay",
                                 "Google ignores crawl-delay (Googlebot slows down by itself when the server answers "
                                 "slowly or with 429, 500 or 503); other crawlers, Bing's among them, may read it.",
                                 "RULE-5"},
    [ROBOTS_LINT_NOINDEX] = {"noindex-line",
                             "Google has ignored noindex in robots.txt since 2019: to keep a page out of search "
                             "results, let it be crawled and answer with a noindex meta tag or X-Robots-Tag header.",
                             "RULE-5"},
    [ROBOTS_LINT_KEY_TYPO] = {"key-typo",
                              "Spell the key exactly (user-agent, allow, disallow, sitemap): Google forgives a few "
                              "typos, RFC 9309 parsers ignore the line.",
                              "FORMAT-7"},
    [ROBOTS_LINT_MISSING_COLON] = {"missing-colon",
                                   "Write the colon after the key: Google reads the line anyway, RFC 9309 parsers "
                                   "ignore it.",
                                   "COLON-1"},
    [ROBOTS_LINT_LINE_TOO_LONG] = {"line-too-long",
                                   "Shorten the line: Google keeps its first 16,663 bytes and drops the rest.",
                                   "LINE-1"},
    [ROBOTS_LINT_NOT_A_LINE] = {"not-a-line",
                                "Every parser ignores this line: it is no key and value (an HTML page served as "
                                "robots.txt looks like this). Write 'key: value' or make it a comment with '#'.",
                                "FORMAT-2"},
};

const char *robots_lint_name(robots_lint_kind k) {
    return (unsigned)k < ROBOTS_LINT_KIND_COUNT ? texts[k].name : NULL;
}
const char *robots_lint_advice(robots_lint_kind k) {
    return (unsigned)k < ROBOTS_LINT_KIND_COUNT ? texts[k].advice : NULL;
}
const char *robots_lint_case(robots_lint_kind k) {
    return (unsigned)k < ROBOTS_LINT_KIND_COUNT ? texts[k].lesson : NULL;
}

/* A bit per kind, per line; kinds fit in 32 bits. */
typedef uint32_t kinds;
#define KIND(k) ((kinds)1u << (k))

/* Is the file UTF-16? Its byte order mark, or ASCII text with a NUL beside each
 * letter: "U\0s\0" (little-endian) or "\0U\0s" (big-endian). */
static bool utf16(const unsigned char *d, size_t n) {
    if (n >= 2 && ((d[0] == 0xFF && d[1] == 0xFE) || (d[0] == 0xFE && d[1] == 0xFF))) return true;
    return n >= 4 && ((d[0] && !d[1] && d[2] && !d[3]) || (!d[0] && d[1] && !d[2] && d[3]));
}

/* Does a pattern match every path? '/' or '*' followed by stars alone, with a '$'
 * only after a final star: "/", "*", "/" then "*", and so on. */
static bool whole_site(const char *p, size_t n) {
    if (n == 0 || (p[0] != '/' && p[0] != '*')) return false;
    size_t stars_end = n;
    if (p[n - 1] == '$') { /* n >= 2 here: p[0] is no '$' */
        if (p[n - 2] != '*') return false;
        stars_end = n - 1;
    }
    for (size_t i = 1; i < stars_end; i++)
        if (p[i] != '*') return false;
    return true;
}

/* A record's key is `word`, in any case. */
static bool key_is(const robots_record *rec, const char *word) {
    return equals_nocase((const unsigned char *)rec->key, rec->key_len, word);
}

/* GROUP-4: a user-agent line that a non-rule line (a sitemap, a usage line, any
 * other key) kept in the group of the user-agent line above it. */
static void mark_joins(const robots_rules *r, kinds *at) {
    robots_agent_info prev = {0};
    bool have = false;
    for (size_t i = 0, n = robots_agent_count(r); i < n; i++) {
        robots_agent_info a;
        robots_get_agent(r, i, &a);
        if (have && a.group == prev.group && a.line > prev.line)
            for (size_t k = prev.line + 1; k < a.line; k++) {
                robots_line_info li = robots_get_line(r, k);
                if ((li.flags & ROBOTS_LINE_DIRECTIVE) && li.key != ROBOTS_KEY_USER_AGENT) {
                    at[a.line] |= KIND(ROBOTS_LINT_JOINS_GROUP);
                    break;
                }
            }
        prev = a;
        have = true;
    }
}

/* USAGE-1, USAGE-9: usage lines before any user-agent line, and those of a '*'
 * group that crawlers named elsewhere never read. A crawler is named apart from
 * the '*' group in a group of its own, or on a user-agent line after a usage
 * line, which starts a group of preferences even where the crawl rules join it
 * to the group above. Usage and user-agent lines both come in file order: one
 * walk finds each usage line's group, that of the last user-agent line above. */
static void mark_usage(const robots_rules *r, kinds *at) {
    bool named = false;
    for (size_t i = 0, g = robots_group_count(r); i < g && !named; i++) {
        robots_group_info gi;
        robots_get_group(r, i, &gi);
        named = !gi.global;
    }
    size_t last_named = 0;
    for (size_t i = 0, n = robots_agent_count(r); i < n; i++) {
        robots_agent_info a;
        robots_get_agent(r, i, &a);
        if (!a.global && a.line > last_named) last_named = a.line;
    }
    size_t agent = 0, agents = robots_agent_count(r), above = SIZE_MAX;
    for (size_t i = 0, n = robots_usage_line_count(r); i < n; i++) {
        robots_usage_line u;
        robots_get_usage_line(r, i, &u);
        if (!u.in_group) {
            at[u.line] |= KIND(ROBOTS_LINT_USAGE_NO_GROUP);
            continue;
        }
        /* In a group, so a user-agent line is above it: `above` is set. */
        for (robots_agent_info a; agent < agents && (robots_get_agent(r, agent, &a), a.line < u.line); agent++)
            above = a.group;
        robots_group_info g;
        robots_get_group(r, above, &g);
        if ((named || last_named > u.line) && g.global) at[u.line] |= KIND(ROBOTS_LINT_USAGE_HIDDEN);
    }
}

/* MATCH-1: a '*' group with a rule that disallows every path and no allow rule
 * to open any of it. */
static void mark_disallow_all(const robots_rules *r, kinds *at) {
    for (size_t g = 0, groups = robots_group_count(r); g < groups; g++) {
        robots_group_info gi;
        robots_get_group(r, g, &gi);
        if (!gi.global) continue;
        size_t whole = 0;
        bool allows = false;
        for (size_t i = 0, n = robots_rule_count(r); i < n; i++) {
            robots_rule_info ri;
            robots_get_rule(r, i, &ri);
            if (ri.group != g) continue;
            if (ri.kind == ROBOTS_RULE_ALLOW) allows = true;
            else if (!whole && whole_site(ri.pattern, ri.pattern_len)) whole = ri.line;
        }
        if (whole && !allows) at[whole] |= KIND(ROBOTS_LINT_DISALLOW_ALL);
    }
}

/* The warnings each line carries. Here and in the mark_* functions above, the
 * robots_get_* calls cannot fail: each index is under its count. */
static void mark_lines(const robots_rules *r, const unsigned char *d, size_t len, size_t lines, kinds *at) {
    bool is_utf16 = utf16(d, len);
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    if (info.input_bytes > ROBOTS_DEFAULT_MAX_BYTES) at[0] |= KIND(ROBOTS_LINT_TOO_BIG);
    if (is_utf16) at[0] |= KIND(ROBOTS_LINT_UTF16);
    /* FORMAT-4, BOM-1, BOM-2: EF BB BF, or the first one or two of its bytes. A
     * file has a line 1 even when empty (the last line counts, as in Google's). */
    if (!is_utf16 && len >= 1 && d[0] == 0xEF && (len == 1 || d[1] == 0xBB))
        at[1] |= KIND(ROBOTS_LINT_BOM);
    mark_disallow_all(r, at);
    size_t first_agent = SIZE_MAX;
    for (size_t i = 0, n = robots_agent_count(r); i < n; i++) {
        robots_agent_info a;
        robots_get_agent(r, i, &a);
        if (a.line < first_agent) first_agent = a.line;
        if (a.global) continue;
        if (a.token_len == 0) at[a.line] |= KIND(ROBOTS_LINT_AGENT_NO_TOKEN);
        else if (a.value_len > a.token_len) at[a.line] |= KIND(ROBOTS_LINT_AGENT_WITH_VERSION);
    }
    for (size_t i = 0, n = robots_rule_count(r); i < n; i++) {
        robots_rule_info ri;
        robots_get_rule(r, i, &ri);
        if (ri.pattern_len == 0) continue;
        if (ri.pattern[0] != '/' && ri.pattern[0] != '*') at[ri.line] |= KIND(ROBOTS_LINT_PATH_WITHOUT_SLASH);
    }
    mark_joins(r, at);
    mark_usage(r, at);
    for (size_t i = 0, n = robots_record_count(r); i < n; i++) {
        robots_record rec;
        robots_get_record(r, i, &rec);
        if (key_is(&rec, "crawl-delay")) at[rec.line] |= KIND(ROBOTS_LINT_CRAWL_DELAY);
        else if (key_is(&rec, "noindex")) at[rec.line] |= KIND(ROBOTS_LINT_NOINDEX);
    }
    for (size_t n = 1; n <= lines; n++) {
        robots_line_info li = robots_get_line(r, n);
        if (n < first_agent && (li.key == ROBOTS_KEY_ALLOW || li.key == ROBOTS_KEY_DISALLOW))
            at[n] |= KIND(ROBOTS_LINT_RULE_OUTSIDE_GROUP);
        if (li.flags & ROBOTS_LINE_TYPO) at[n] |= KIND(ROBOTS_LINT_KEY_TYPO);
        /* COLON-1: a known key without its ':' is read anyway; another word and a
         * value without one ("<!DOCTYPE html>") is nothing any parser reads. */
        bool colonless = li.flags & ROBOTS_LINE_MISSING_COLON;
        if (colonless && li.key != ROBOTS_KEY_OTHER) at[n] |= KIND(ROBOTS_LINT_MISSING_COLON);
        if (colonless && li.key == ROBOTS_KEY_OTHER && !is_utf16) at[n] |= KIND(ROBOTS_LINT_NOT_A_LINE);
        if (li.flags & ROBOTS_LINE_TOO_LONG) at[n] |= KIND(ROBOTS_LINT_LINE_TOO_LONG);
        /* A UTF-16 file is one warning, not one a line. */
        if (!is_utf16 && !(li.flags & (ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_EMPTY | ROBOTS_LINE_COMMENT)))
            at[n] |= KIND(ROBOTS_LINT_NOT_A_LINE);
    }
}

int robots_lint(const robots_rules *r, const void *data, size_t len, robots_lint_warning *out, size_t cap,
                size_t *count) {
    if (count) *count = 0;
    if (!r || !count || (!data && len) || (!out && cap)) return -1;
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    size_t lines = info.lines;
    kinds *at = r->alloc.realloc_fn(r->alloc.ctx, NULL, (lines + 1) * sizeof *at);
    if (!at) return -1;
    memset(at, 0, (lines + 1) * sizeof *at);
    mark_lines(r, (const unsigned char *)data, len, lines, at);
    size_t k = 0;
    for (size_t n = 0; n <= lines; n++)
        for (unsigned kind = 0; at[n] && kind < ROBOTS_LINT_KIND_COUNT; kind++)
            if (at[n] & KIND(kind)) {
                if (k < cap) out[k] = (robots_lint_warning){(robots_lint_kind)kind, n};
                k++;
            }
    r->alloc.free_fn(r->alloc.ctx, at);
    *count = k;
    return 0;
}
