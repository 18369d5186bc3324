/* cluster.c - grouping disagreements by cause (cluster.h). */
#include "cluster.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "lines.h"

static bool has(const buf *b, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= b->len; i++)
        if (!memcmp(b->data + i, needle, n)) return true;
    return false;
}

static bool has_byte_over_127(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80) return true;
    return false;
}

/* Is the token a part of the crawler's name, but not all of it (case aside)? */
static bool part_of(const char *token, size_t len, const char *agent) {
    size_t n = strlen(agent);
    for (size_t i = 0; len && len < n && i + len <= n; i++)
        if (!strncasecmp(agent + i, token, len)) return true;
    return false;
}

/* What the reference saw in the file: the features that come from parsing it. */
typedef struct seen {
    bool typo, unknown_key, no_colon, unreadable, comment, too_long, empty_group, star, dollar, part_agent;
    bool odd_start;   /* a rule that starts with neither '/' nor '*' */
    bool agent_extra; /* a user-agent value that is more than '*' or a product token */
    bool empty_value; /* a directive with nothing after its colon */
    bool blank_line;  /* an empty line before the file's last line */
} seen;

static int look(const input *in, robots_profile_id profile, seen *out) {
    memset(out, 0, sizeof *out);
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *rules;
    if (robots_parse(in->robots.data, in->robots.len, &o, &rules, NULL) != 0) return -1;
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    for (size_t line = 1; line <= info.lines; line++) {
        robots_line_info li = robots_get_line(rules, line);
        out->typo |= (li.flags & ROBOTS_LINE_TYPO) != 0;
        out->unknown_key |= li.key == ROBOTS_KEY_OTHER;
        out->no_colon |= (li.flags & ROBOTS_LINE_MISSING_COLON) != 0;
        out->unreadable |= !(li.flags & (ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_EMPTY | ROBOTS_LINE_COMMENT));
        out->comment |= (li.flags & (ROBOTS_LINE_COMMENT | ROBOTS_LINE_HAS_COMMENT)) != 0;
        out->too_long |= (li.flags & ROBOTS_LINE_TOO_LONG) != 0;
        out->blank_line |= (li.flags & ROBOTS_LINE_EMPTY) && line < info.lines;
        size_t from, end, v, vend;
        if (!(li.flags & ROBOTS_LINE_DIRECTIVE) || line_span(&in->robots, line, &from, &end)) continue;
        directive_value(in->robots.data, from, end, li.flags, &v, &vend);
        out->empty_value |= v == vend;
        if (li.key == ROBOTS_KEY_USER_AGENT) {
            const char *value = in->robots.data + v;
            size_t n = vend - v, token = 0;
            while (token < n && (isalpha((unsigned char)value[token]) || value[token] == '-' || value[token] == '_'))
                token++;
            out->agent_extra |= n > 0 && !(n == 1 && value[0] == '*') && token != n;
        }
    }
    robots_group_info g;
    for (size_t i = 0; i < robots_group_count(rules); i++)
        if (robots_get_group(rules, i, &g) == 0 && g.rules == 0) out->empty_group = true;
    robots_rule_info r;
    for (size_t i = 0; i < robots_rule_count(rules); i++) {
        if (robots_get_rule(rules, i, &r) != 0) continue;
        out->star |= memchr(r.pattern, '*', r.pattern_len) != NULL;
        out->dollar |= memchr(r.pattern, '$', r.pattern_len) != NULL;
        out->odd_start |= r.pattern_len > 0 && r.pattern[0] != '/' && r.pattern[0] != '*';
    }
    robots_agent_info a;
    for (size_t i = 0; i < robots_agent_count(rules); i++)
        if (robots_get_agent(rules, i, &a) == 0 && !a.global) out->part_agent |= part_of(a.token, a.token_len, in->agent);
    robots_free(rules);
    return 0;
}

int cause_of(const input *in, robots_profile_id profile, int reference, const robots_verdict *why, char *key,
             size_t cap) {
    static const char *const rules[] = {"no rule", "an allow rule", "a disallow rule"};
    static const char *const groups[] = {"no group", "the '*' group", "a group naming the crawler"};
    const buf *b = &in->robots;
    seen v;
    if (look(in, profile, &v)) return -1;
    char features[400] = "";
#define FEATURE(cond, word)                                                                             \
    do {                                                                                                \
        if (cond) snprintf(features + strlen(features), sizeof features - strlen(features), "%s%s",   \
                           features[0] ? ", " : "", word);                                              \
    } while (0)
    FEATURE(v.star, "'*' in a rule");
    FEATURE(v.dollar, "'$' in a rule");
    FEATURE(why->why & ROBOTS_WHY_INDEX_HTML, "an index.html rule");
    FEATURE(why->why & ROBOTS_WHY_TIE, "an allow and a disallow of one length");
    FEATURE(why->groups > 1, "several groups for the crawler");
    FEATURE(v.empty_group, "a group without rules");
    FEATURE(v.part_agent, "a group named by a part of the crawler's name");
    FEATURE(v.agent_extra, "a user-agent value that is not just a product token");
    FEATURE(v.odd_start, "a rule starting with neither '/' nor '*'");
    FEATURE(v.empty_value, "a directive without a value");
    FEATURE(v.blank_line, "a blank line");
    FEATURE(has(b, "%") || strchr(in->url, '%'), "a percent-escape");
    FEATURE(has_byte_over_127(b->data, b->len) || has_byte_over_127(in->url, strlen(in->url)) ||
                has_byte_over_127(in->agent, strlen(in->agent)),
            "non-ASCII");
    FEATURE(b->len >= 1 && (unsigned char)b->data[0] == 0xEF, "a BOM");
    FEATURE(has(b, "\r"), "CR line ends");
    FEATURE(memchr(b->data ? b->data : "", '\0', b->len) != NULL, "NUL");
    FEATURE(v.comment, "a comment");
    FEATURE(v.typo, "a misspelt key");
    FEATURE(v.unknown_key, "an unknown key");
    FEATURE(v.no_colon, "a line without a colon");
    FEATURE(v.unreadable, "a line that is no directive");
    FEATURE(v.too_long, "a line over the length limit");
    FEATURE(strchr(in->url, '?') || strchr(in->url, '#'), "a query or fragment");
    FEATURE(b->len == 0, "an empty file");
#undef FEATURE
    snprintf(key, cap, "the reference %s (%s, %s); the target %s%s%s", reference ? "allows" : "disallows",
             rules[why->rule], groups[why->group], reference ? "disallows" : "allows",
             features[0] ? "; needs " : "", features);
    return 0;
}

static size_t size_of(const input *in) { return in->robots.len + strlen(in->url) + strlen(in->agent); }

int cluster_add(clusters *c, const input *in, robots_profile_id profile, int reference, const robots_verdict *why) {
    char key[CAUSE_MAX];
    if (cause_of(in, profile, reference, why, key, sizeof key)) return -1;
    for (size_t i = 0; i < c->n; i++) {
        cluster *x = &c->items[i];
        if (strcmp(x->key, key)) continue;
        x->count++;
        if (size_of(in) < size_of(&x->example)) {
            if (input_copy(&x->example, in)) return -1;
            x->reference = reference;
            x->why = *why;
        }
        return 0;
    }
    if (c->n == CLUSTERS_MAX) {
        c->dropped++;
        return 0;
    }
    cluster *x = &c->items[c->n];
    memset(x, 0, sizeof *x);
    snprintf(x->key, sizeof x->key, "%s", key);
    if (input_copy(&x->example, in)) return -1;
    x->count = 1;
    x->reference = reference;
    x->why = *why;
    c->n++;
    return 0;
}

void clusters_free(clusters *c) {
    for (size_t i = 0; i < c->n; i++) input_free(&c->items[i].example);
    c->n = 0;
}
