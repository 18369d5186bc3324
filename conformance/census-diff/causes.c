/*
 * causes.c - the scorecard's named causes on a census's minimal examples
 * (causes.h).
 *
 * A cause is attributed to a minimal example when the target shows the cause
 * evidently (below) and the example has the cause's feature, read from the file as
 * the reference parses it. The feature is what the cause's sentence is about, and
 * where the sentence is about a rule, that the rule matters: 'longest' needs two
 * rules that match the URL, the first of them in file order not the one that
 * decides; 'wildcard' a rule with '*' that matches the URL (a '*' rule kept only to
 * separate two groups says nothing of wildcards); 'bom' a file starting with a
 * BOM; and so on (the table `features` below). A minimal example keeps only what
 * the disagreement needs, so a feature present in it is one the disagreement
 * depends on. When several causes fit, the first of the table wins: the particular
 * before the general (an anchored rule before the order of rules, a misspelt key
 * before a rule without a leading slash).
 *
 * Evident: a probe answered otherwise shows its cause, unless the probe also has
 * the feature of another cause that the target shows through a probe of its own
 * without this one's feature (then that cause explains the answer). The query probe's rule is a '*' and a '?': a target
 * without wildcards answers it otherwise whether or not it sees the query; naming
 * urllib.robotparser's blank-line and first-match disagreements on URLs with a
 * query 'query' was wrong. Likewise a target whose blank lines end groups answers
 * the blank-between-agents probe otherwise for that one reason: its
 * disagreements go to blank-line-ends-group, one cause, not two.
 */
#include "causes.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "file.h"
#include "lines.h"

/* What a minimal example holds, as the reference reads it. */
typedef enum trait {
    T_BOM = 1u << 0, T_DOUBLE_BOM = 1u << 1, T_NUL = 1u << 2, T_CR_ONLY = 1u << 3, T_VT = 1u << 4,
    T_TYPO = 1u << 5, T_NO_COLON = 1u << 6, T_TOO_LONG = 1u << 7, T_COMMENT = 1u << 8,
    T_STAR = 1u << 9, T_DOLLAR_END = 1u << 10, T_DOLLAR_INSIDE = 1u << 11, T_RULE_NON_ASCII = 1u << 12,
    T_ESCAPE_LOWER = 1u << 13, T_ESCAPE_UNRESERVED = 1u << 14, T_ESCAPED_STAR = 1u << 15,
    T_ESCAPED_DOLLAR = 1u << 16, T_RULE_QUERY = 1u << 17, T_URL_ESCAPE_LOWER = 1u << 18, T_URL_FRAGMENT = 1u << 19,
    T_URL_NON_ASCII = 1u << 20, T_TIE = 1u << 21, T_INDEX_HTML = 1u << 22, T_MERGED = 1u << 23,
    T_FIRST_MATCH_LOSES = 1u << 24, T_AGENT_EXTRA = 1u << 25, T_AGENT_CASE = 1u << 26, T_AGENT_PART = 1u << 27,
    T_AGENT_NON_ASCII = 1u << 28, T_AGENT_EMPTY = 1u << 29, T_BLANK_BETWEEN_AGENTS = 1u << 30
} trait;

/* Traits that do not fit in the first word. */
typedef enum trait2 {
    T2_RULES_BEFORE_AGENT = 1u << 0, T2_STAR_START = 1u << 1, T2_NO_SLASH = 1u << 2, T2_NO_DIRECTIVE = 1u << 3,
    T2_EMPTY_GROUP = 1u << 4, T2_OTHER_IN_GROUP = 1u << 5,
    T2_BLANK_LINE = 1u << 6,        /* a blank line inside a group: after its user-agent lines, not before the next group */
    T2_EMPTY_QUERY = 1u << 7,
    T2_EMPTY_QUERY_RULE = 1u << 8,  /* a rule ending in '?' misses the URL, and matches it without the '?' */
    T2_EMPTY_RULE_FIRST = 1u << 9,  /* an empty rule of the crawler's groups before the rule that decides */
    T2_QUERY_DECIDES = 1u << 10,    /* the reference answers otherwise on the URL without its query */
    T2_DOUBLE_SLASH = 1u << 11      /* a rule starting with '//' */
} trait2;

typedef struct feature {
    const char *cause; /* probes.json's name */
    unsigned traits, traits2; /* any of them shows it */
} feature;

/* Most particular first (see the comment at the top). */
static const feature features[] = {
    {"double-bom", T_DOUBLE_BOM, 0},
    {"bom", T_BOM, 0},
    {"nul", T_NUL, 0},
    {"cr-only", T_CR_ONLY, 0},
    {"vt-trim", T_VT, 0},
    {"long-line", T_TOO_LONG, 0},
    {"typo-keys", T_TYPO, 0},
    {"no-colon", T_NO_COLON, 0},
    {"empty-file", 0, T2_NO_DIRECTIVE},
    {"escaped-star", T_ESCAPED_STAR, 0},
    {"escaped-dollar", T_ESCAPED_DOLLAR, 0},
    {"long-rule-escape", T_ESCAPE_UNRESERVED, 0},
    {"escape-case", T_ESCAPE_LOWER, 0},
    {"url-escape-case", T_URL_ESCAPE_LOWER, 0},
    {"utf8-rule", T_RULE_NON_ASCII, 0},
    {"url-raw-non-ascii", T_URL_NON_ASCII, 0},
    {"fragment-anchor", T_URL_FRAGMENT, 0},
    {"fragment", T_URL_FRAGMENT, 0},
    {"empty-query-rule", 0, T2_EMPTY_QUERY_RULE},
    {"double-slash-rule", 0, T2_DOUBLE_SLASH},
    {"dollar-inside", T_DOLLAR_INSIDE, 0},
    {"anchor", T_DOLLAR_END, 0},
    {"rule-star-only", 0, T2_STAR_START},
    {"wildcard", T_STAR, 0},
    {"empty-query-anchor", 0, T2_EMPTY_QUERY},
    {"query-prefix", T_RULE_QUERY, 0},
    {"query", 0, T2_QUERY_DECIDES},
    {"index-html", T_INDEX_HTML, 0},
    {"tie-allow", T_TIE, 0},
    {"non-ascii-agent", T_AGENT_NON_ASCII, 0},
    {"empty-agent", T_AGENT_EMPTY, 0},
    {"group-version", T_AGENT_EXTRA, 0},
    {"substring-agent", T_AGENT_PART, 0},
    {"part-of-agent-name", T_AGENT_PART, 0},
    {"agent-case", T_AGENT_CASE, 0},
    {"rules-before-agent", 0, T2_RULES_BEFORE_AGENT},
    {"empty-group", 0, T2_EMPTY_GROUP},
    {"empty-rule-allows", 0, T2_EMPTY_RULE_FIRST},
    {"sitemap-inside", 0, T2_OTHER_IN_GROUP},
    {"nonrule-between-agents", 0, T2_OTHER_IN_GROUP},
    {"blank-between-agents", T_BLANK_BETWEEN_AGENTS, 0},
    {"blank-line-ends-group", 0, T2_BLANK_LINE},
    {"merge-star", T_MERGED, 0},
    {"comment", T_COMMENT, 0},
    {"no-leading-slash", 0, T2_NO_SLASH},
    {"longest", T_FIRST_MATCH_LOSES, 0},
};

#define FEATURES (sizeof features / sizeof features[0])
_Static_assert(FEATURES <= 64, "a feature mask has 64 bits");

static bool hex(int c) { return isxdigit(c) != 0; }

/* Does the pattern alone match the URL, as the reference matches? */
static bool matches(const char *pattern, size_t n, const input *in, robots_profile_id profile) {
    char text[URL_MAX + 64];
    int len = snprintf(text, sizeof text, "user-agent: *\ndisallow: %.*s\n", (int)(n < URL_MAX ? n : URL_MAX), pattern);
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *rules;
    if (len < 0 || robots_parse(text, (size_t)len, &o, &rules, NULL)) return false;
    robots_verdict v;
    bool hit = robots_check(rules, "x", 1, in->url, strlen(in->url), &v, NULL) == 0 && !v.allowed;
    robots_free(rules);
    return hit;
}

/* Traits of a rule's value as written. */
static unsigned rule_traits(const char *v, size_t n, const input *in, robots_profile_id profile, unsigned *t2) {
    unsigned t = 0;
    bool star = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c == '*') star = true;
        if (c == '$') t |= i + 1 == n ? T_DOLLAR_END : T_DOLLAR_INSIDE;
        if (c >= 0x80) t |= T_RULE_NON_ASCII;
        if (c == '?') t |= T_RULE_QUERY;
        if (c != '%' || i + 2 >= n || !hex(v[i + 1]) || !hex(v[i + 2])) continue;
        if (islower((unsigned char)v[i + 1]) || islower((unsigned char)v[i + 2])) t |= T_ESCAPE_LOWER;
        char pair[3] = {(char)toupper((unsigned char)v[i + 1]), (char)toupper((unsigned char)v[i + 2]), 0};
        if (!strcmp(pair, "2A")) t |= T_ESCAPED_STAR;
        if (!strcmp(pair, "24")) t |= T_ESCAPED_DOLLAR;
        unsigned code = (unsigned)strtoul(pair, NULL, 16);
        if (isalnum((int)code) || code == '-' || code == '.' || code == '_' || code == '~') t |= T_ESCAPE_UNRESERVED;
    }
    /* A '*' read as text matches (almost) nothing, so it matters only where the
     * reference's wildcard matches the URL. */
    bool hit = star && matches(v, n, in, profile);
    if (hit) t |= T_STAR;
    if (n > 0 && v[0] == '*') *t2 |= hit ? T2_STAR_START : 0;
    else if (n > 0 && v[0] != '/') *t2 |= T2_NO_SLASH;
    /* 'disallow: //' read as an empty path matches every URL: it matters where the
     * reference's '//' does not match. */
    if (n > 1 && v[0] == '/' && v[1] == '/' && !matches(v, n, in, profile)) *t2 |= T2_DOUBLE_SLASH;
    /* 'disallow: /?' read as 'disallow: /' (urllib.robotparser's urlunparse drops
     * an empty query): the rule misses the URL, its value without the '?' hits it. */
    if (n > 1 && v[n - 1] == '?' && !matches(v, n, in, profile) && matches(v, n - 1, in, profile))
        *t2 |= T2_EMPTY_QUERY_RULE;
    return t;
}

/* Traits of a user-agent value against the crawler's name. */
static unsigned agent_traits(const char *v, size_t n, const char *agent) {
    unsigned t = 0;
    size_t token = 0, len = strlen(agent);
    while (token < n && (isalpha((unsigned char)v[token]) || v[token] == '-' || v[token] == '_')) token++;
    if (n == 0) return T_AGENT_EMPTY;
    if (n == 1 && v[0] == '*') return 0;
    for (size_t i = 0; i < n; i++) t |= (unsigned char)v[i] >= 0x80 ? T_AGENT_NON_ASCII : 0;
    if (token != n) t |= T_AGENT_EXTRA;
    if (token == len && !strncasecmp(v, agent, len) && strncmp(v, agent, len)) t |= T_AGENT_CASE;
    for (size_t i = 0; token && token < len && i + token <= len; i++)
        if (!strncasecmp(agent + i, v, token)) t |= T_AGENT_PART;
    return t;
}

/* The rules of the crawler's groups in file order, against the rule that decides:
 * the first of them that matches the URL is not the one that decides (a parser
 * taking the first match answers otherwise: T_FIRST_MATCH_LOSES); an empty rule
 * comes before the one that decides (a parser reading it as "everything" and
 * taking the first match answers otherwise: T2_EMPTY_RULE_FIRST). */
static void rule_order_traits(const robots_rules *rules, const input *in, const robots_verdict *why,
                              robots_profile_id profile, unsigned *t1, unsigned *t2) {
    size_t groups[64];
    const char *agent = in->agent;
    size_t ng = robots_applying_groups(rules, &agent, NULL, 1, groups, 64);
    bool first_seen = false;
    for (size_t i = 0; i < robots_rule_count(rules); i++) {
        robots_rule_info r;
        robots_get_rule(rules, i, &r); /* i is in range */
        bool mine = false;
        for (size_t g = 0; g < ng && g < 64 && !mine; g++) mine = groups[g] == r.group;
        if (!mine) continue;
        if (r.pattern_len == 0) {
            if (why->line && r.line < why->line) *t2 |= T2_EMPTY_RULE_FIRST;
            continue;
        }
        if (first_seen || !matches(r.pattern, r.pattern_len, in, profile)) continue;
        first_seen = true;
        /* allow: /d/index.html decides /d/ without matching it: not the order */
        if (r.line != why->line && !(why->why & ROBOTS_WHY_INDEX_HTML)) *t1 |= T_FIRST_MATCH_LOSES;
    }
}

/* What the URL holds: a query (an empty one too) that decides, a fragment,
 * non-ASCII, a lower-case escape. */
static unsigned url_traits(const robots_rules *rules, const input *in, const robots_verdict *why, unsigned *t2) {
    unsigned t = 0;
    const char *url = in->url, *query = strchr(url, '?');
    if (query && (query[1] == '\0' || query[1] == '#')) *t2 |= T2_EMPTY_QUERY; /* "/exact?" */
    robots_verdict cut;
    if (query && robots_check(rules, in->agent, strlen(in->agent), url, (size_t)(query - url), &cut, NULL) == 0 &&
        cut.allowed != why->allowed)
        *t2 |= T2_QUERY_DECIDES;
    if (strchr(url, '#')) t |= T_URL_FRAGMENT;
    for (const char *p = url; *p; p++) {
        t |= (unsigned char)*p >= 0x80 ? T_URL_NON_ASCII : 0;
        if (*p == '%' && hex(p[1]) && hex(p[2]) && (islower((unsigned char)p[1]) || islower((unsigned char)p[2])))
            t |= T_URL_ESCAPE_LOWER;
    }
    return t;
}

static int look(const input *in, robots_profile_id profile, unsigned *t1, unsigned *t2) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *rules;
    const buf *b = &in->robots;
    if (robots_parse(b->data ? b->data : "", b->len, &o, &rules, NULL)) return -1;
    robots_verdict why;
    robots_check(rules, in->agent, strlen(in->agent), in->url, strlen(in->url), &why, NULL);
    unsigned t = 0, u = 0;
    const unsigned char *d = (const unsigned char *)(b->data ? b->data : "");
    if (b->len >= 3 && !memcmp(d, "\xEF\xBB\xBF", 3)) t |= b->len >= 6 && !memcmp(d + 3, "\xEF\xBB\xBF", 3) ? T_DOUBLE_BOM | T_BOM : T_BOM;
    for (size_t i = 0; i < b->len; i++) {
        if (d[i] == 0) t |= T_NUL;
        if (d[i] == '\r' && (i + 1 == b->len || d[i + 1] != '\n')) t |= T_CR_ONLY;
        if (d[i] == '\v' || d[i] == '\f') t |= T_VT;
    }
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    bool agent_seen = false, rule_seen = false, blank_since_agent = false, blank = false, directive = false;
    for (size_t line = 1; line <= info.lines; line++) {
        robots_line_info li = robots_get_line(rules, line);
        if (li.flags & ROBOTS_LINE_TYPO) t |= T_TYPO;
        if (li.flags & ROBOTS_LINE_MISSING_COLON) t |= T_NO_COLON;
        if (li.flags & ROBOTS_LINE_TOO_LONG) t |= T_TOO_LONG;
        if ((li.flags & ROBOTS_LINE_EMPTY) && agent_seen) blank = true;
        if ((li.flags & (ROBOTS_LINE_EMPTY | ROBOTS_LINE_COMMENT)) && agent_seen && !rule_seen) blank_since_agent = true;
        size_t from, end, v, vend;
        if (!(li.flags & ROBOTS_LINE_DIRECTIVE) || line_span(b, line, &from, &end)) continue;
        directive = true;
        /* A blank line before the next group's user-agent line ends nothing. */
        if (blank && !(li.key == ROBOTS_KEY_USER_AGENT && rule_seen)) u |= T2_BLANK_LINE;
        blank = false;
        if (li.flags & ROBOTS_LINE_HAS_COMMENT) t |= T_COMMENT;
        directive_value(b->data, from, end, li.flags, &v, &vend);
        if (li.key == ROBOTS_KEY_USER_AGENT) {
            if (blank_since_agent) t |= T_BLANK_BETWEEN_AGENTS;
            if (rule_seen) blank_since_agent = false;
            t |= agent_traits(b->data + v, vend - v, in->agent);
            agent_seen = true;
            rule_seen = false;
        } else if (li.key == ROBOTS_KEY_ALLOW || li.key == ROBOTS_KEY_DISALLOW) {
            if (!agent_seen) u |= T2_RULES_BEFORE_AGENT;
            t |= rule_traits(b->data + v, vend - v, in, profile, &u);
            rule_seen = true;
        } else if (agent_seen) {
            u |= T2_OTHER_IN_GROUP;
        }
    }
    if (!directive) u |= T2_NO_DIRECTIVE;
    robots_group_info g;
    for (size_t i = 0; i < robots_group_count(rules); i++)
        if (robots_get_group(rules, i, &g) == 0 && g.rules == 0) u |= T2_EMPTY_GROUP;
    t |= url_traits(rules, in, &why, &u);
    if (why.why & ROBOTS_WHY_TIE) t |= T_TIE;
    if (why.why & ROBOTS_WHY_INDEX_HTML) t |= T_INDEX_HTML;
    if (why.groups > 1) t |= T_MERGED;
    rule_order_traits(rules, in, &why, profile, &t, &u);
    robots_free(rules);
    *t1 = t;
    *t2 = u;
    return 0;
}

/* The rows of `features` the input shows, a bit each (0 when it cannot be parsed). */
static uint64_t feature_mask(const input *in, robots_profile_id profile) {
    unsigned t1, t2;
    if (look(in, profile, &t1, &t2)) return 0;
    uint64_t m = 0;
    for (size_t f = 0; f < FEATURES; f++)
        if ((features[f].traits & t1) || (features[f].traits2 & t2)) m |= (uint64_t)1 << f;
    return m;
}

/* The rows of `features` that are the cause's. */
static uint64_t features_of(const char *cause) {
    uint64_t m = 0;
    for (size_t f = 0; f < FEATURES; f++)
        if (!strcmp(features[f].cause, cause)) m |= (uint64_t)1 << f;
    return m;
}

static const named_cause *cause_by_name(const named_causes *c, const char *name) {
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->items[i].name, name)) return &c->items[i];
    return NULL;
}

const named_cause *causes_attribute(const named_causes *c, const input *example, robots_profile_id profile) {
    uint64_t m = feature_mask(example, profile);
    for (size_t f = 0; f < FEATURES; f++) {
        const named_cause *x = m >> f & 1 ? cause_by_name(c, features[f].cause) : NULL;
        if (x && x->evident) return x;
    }
    return NULL;
}

static named_cause *cause_named(named_causes *c, const char *name, const cJSON *says) {
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->items[i].name, name)) return &c->items[i];
    if (c->n == NAMED_MAX) return NULL;
    named_cause *x = &c->items[c->n++];
    memset(x, 0, sizeof *x);
    snprintf(x->name, sizeof x->name, "%s", name);
    snprintf(x->says, sizeof x->says, "%s", cJSON_IsString(says) ? says->valuestring : name);
    return x;
}

/* One probe as an input; false when it is not one. */
static bool probe_input(const cJSON *p, input *in) {
    const cJSON *robots = cJSON_GetObjectItemCaseSensitive(p, "robots");
    const cJSON *agent = cJSON_GetObjectItemCaseSensitive(p, "agent");
    const cJSON *url = cJSON_GetObjectItemCaseSensitive(p, "url");
    if (!cJSON_IsString(robots) || !cJSON_IsString(agent) || !cJSON_IsString(url) ||
        strlen(agent->valuestring) >= AGENT_MAX || strlen(url->valuestring) >= URL_MAX)
        return false;
    in->robots.len = 0;
    snprintf(in->agent, sizeof in->agent, "%s", agent->valuestring);
    snprintf(in->url, sizeof in->url, "%s", url->valuestring);
    return buf_add(&in->robots, robots->valuestring, strlen(robots->valuestring)) == 0;
}

int causes_probe(named_causes *out, const char *probes_file, asker *impl, robots_profile_id profile, char *error,
                 size_t cap) {
    memset(out, 0, sizeof *out);
    buf text = {NULL, 0, 0};
    int more = 0;
    if (read_file(probes_file, 0, &text, &more)) {
        snprintf(error, cap, "%s: cannot read it", probes_file);
        return -1;
    }
    cJSON *doc = cJSON_ParseWithLength(text.data ? text.data : "", text.len);
    buf_free(&text);
    const cJSON *probes = cJSON_GetObjectItemCaseSensitive(doc, "probes");
    const cJSON *said = cJSON_GetObjectItemCaseSensitive(doc, "causes");
    if (!cJSON_IsArray(probes) || !cJSON_IsObject(said)) {
        snprintf(error, cap, "%s: not the probes' format ({\"probes\": [...], \"causes\": {...}})", probes_file);
        cJSON_Delete(doc);
        return -1;
    }
    static input asked[NAMED_MAX * 2];
    named_cause *of[NAMED_MAX * 2];
    size_t n = 0;
    const cJSON *p;
    cJSON_ArrayForEach(p, probes) {
        const cJSON *cause = cJSON_GetObjectItemCaseSensitive(p, "cause");
        if (!cJSON_IsString(cause) || n == NAMED_MAX * 2) continue;
        const cJSON *says = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(said, cause->valuestring), "says");
        named_cause *x = cause_named(out, cause->valuestring, says);
        if (!x || !probe_input(p, &asked[n])) continue;
        of[n++] = x;
        x->probes++;
    }
    cJSON_Delete(doc);
    int theirs[NAMED_MAX * 2];
    uint64_t mask[NAMED_MAX * 2]; /* the features of each probe answered otherwise (else 0) */
    bool differs[NAMED_MAX * 2];
    ask_target(impl, asked, n, theirs);
    for (size_t i = 0; i < n; i++) {
        int mine = ask_reference(&asked[i], profile, NULL);
        differs[i] = theirs[i] != VERDICT_FAILED && mine != VERDICT_FAILED && mine != theirs[i];
        if (theirs[i] == VERDICT_FAILED) of[i]->failed++;
        else if (differs[i]) of[i]->shown++;
        mask[i] = differs[i] ? feature_mask(&asked[i], profile) : 0;
        input_free(&asked[i]);
    }
    /* Probe i is confounded by probe j of another cause when i has j's cause's
     * feature and j has not i's: j's cause explains i's answer, i's cannot explain
     * j's. Two causes whose probes have each other's features stay both. */
    for (size_t i = 0; i < n; i++) {
        if (!differs[i]) continue;
        const named_cause *by = NULL;
        for (size_t j = 0; j < n && !by; j++)
            if (differs[j] && of[j] != of[i] && (mask[i] & features_of(of[j]->name)) &&
                !(mask[j] & features_of(of[i]->name)))
                by = of[j];
        if (!by) of[i]->evident = true;
        else if (!of[i]->confounded_by[0]) snprintf(of[i]->confounded_by, sizeof of[i]->confounded_by, "%s", by->name);
    }
    out->probes = n;
    return 0;
}
