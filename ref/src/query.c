/*
 * query.c - the verdict for (agent, URL) on a parsed rule set.
 *
 * 1. The groups that apply: every group naming the crawler's token, merged (UA-2,
 *    UA-4); if none names it, every '*' group, merged; else none (allowed).
 * 2. Among their rules, the longest matching pattern of each kind (PREC-1..6).
 * 3. Disallowed when the best disallow is longer than the best allow. Equal length:
 *    allow wins (PREC-2). Length 0 (an empty pattern) never decides. No match:
 *    allowed.
 * Nothing here allocates: the path is a view into the caller's URL.
 */
#include <string.h>

#include "internal.h"

typedef struct query {
    const robots_rules *r;
    const path_view *path;
    const rule *allow;    /* the best of each kind so far */
    const rule *disallow;
} query;

/* Longer wins; between equally long rules of one kind, the first line explains. */
static void consider(query *q, const rule *rl, size_t pos) {
    if (!(rl->flags & RULE_LITERAL) && !rule_matches_from(q->r, rl, q->path, pos)) return;
    const rule **best = rl->kind == ROBOTS_RULE_ALLOW ? &q->allow : &q->disallow;
    if (!*best || rl->text_len > (*best)->text_len ||
        (rl->text_len == (*best)->text_len && rl->line < (*best)->line))
        *best = rl;
}

/* Does the path at pos continue with prefix[depth..]? Sets *after. */
static bool prefix_continues(const path_view *v, size_t pos, const index_entry *e, size_t depth,
                             size_t *after) {
    size_t end = view_end(v);
    for (size_t k = depth; k < e->prefix_len; k++) {
        unsigned char c;
        if (pos >= end) return false;
        pos = view_next(v, pos, &c);
        if (c != e->prefix[k]) return false;
    }
    *after = pos;
    return true;
}

/* Walks the path through the group's sorted prefixes. Invariant: the entries in
 * [lo, hi) are exactly those whose prefix starts with the first `depth` octets of
 * the path, and pos is where those octets end. Entries whose whole prefix is that
 * long sort first in the range: they are the candidates at this depth. */
static void walk_group(query *q, const group *g) {
    if (g->index_count == 0) return;
    const index_entry *e = (const index_entry *)q->r->index.data + g->index_first;
    const path_view *v = q->path;
    size_t lo = 0, hi = g->index_count, depth = 0, pos = 0, end = view_end(v);
    while (lo < hi) {
        while (lo < hi && e[lo].prefix_len == depth) consider(q, e[lo++].rule, pos);
        if (lo == hi || pos >= end) return;
        if (hi - lo == 1) {
            size_t after;
            if (prefix_continues(v, pos, &e[lo], depth, &after)) consider(q, e[lo].rule, after);
            return;
        }
        unsigned char c;
        pos = view_next(v, pos, &c);
        size_t a = lo, b = hi;
        while (a < b) { /* first entry with prefix[depth] >= c */
            size_t mid = a + (b - a) / 2;
            if (e[mid].prefix[depth] < c) a = mid + 1;
            else b = mid;
        }
        lo = a;
        b = hi;
        while (a < b) { /* first entry with prefix[depth] > c */
            size_t mid = a + (b - a) / 2;
            if (e[mid].prefix[depth] <= c) a = mid + 1;
            else b = mid;
        }
        hi = a;
        depth++;
    }
}

/* RFC-6 (rfc9309): the robots.txt file itself is always allowed. */
static bool is_robots_txt(const path_view *v) {
    static const char name[] = "/robots.txt";
    size_t pos = 0, end = view_end(v);
    for (size_t k = 0; k < sizeof name - 1; k++) {
        unsigned char c;
        if (pos >= end) return false;
        pos = view_next(v, pos, &c);
        if (c != (unsigned char)name[k]) return false;
    }
    return pos == end;
}

static void fill_rule(robots_verdict *v, const robots_rules *r, const rule *rl,
                      robots_rule_kind kind) {
    v->rule = kind;
    v->line = rl->line;
    v->pattern = (const char *)bytes_at(r, rl->text_off);
    v->pattern_len = rl->text_len;
}

int robots_check(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                 size_t url_len, robots_verdict *out) {
    robots_verdict v = {1, ROBOTS_GROUP_NONE, 0, ROBOTS_RULE_NONE, 0, NULL, 0, 0};
    if (!agent) agent_len = 0;
    if (!url) url_len = 0;
    const unsigned char *u = (const unsigned char *)(url ? url : "");
    const unsigned char *a = (const unsigned char *)(agent ? agent : "");
    if (!r) goto done;

    const profile *p = r->profile;
    size_t start, len;
    int lead;
    url_path_span(u, url_len, &start, &len, &lead);
    path_view view = {u + start, len, (unsigned)lead, false};
    view.decode = p->percent_decode && len && memchr(view.s, '%', len) != NULL;

    /* Which groups: the crawler's own, else the '*' ones. Google compares the
     * caller's whole agent string; RFC 9309 its product token (RFC-1). */
    size_t first = 0, count = 0;
    if (p->caller_agent_token) agent_len = token_length(a, agent_len);
    if (agent_len || !p->caller_agent_token) agent_lookup(r, a, agent_len, &first, &count);
    const agent_key *keys = count ? (const agent_key *)r->agent_keys.data + first : NULL;
    const size_t *globals = r->globals.data;
    size_t groups = count ? count : r->globals.len;
    if (groups == 0) goto done;
    v.group = count ? ROBOTS_GROUP_SPECIFIC : ROBOTS_GROUP_GLOBAL;

    if (p->robots_txt_allowed && is_robots_txt(&view)) v.why |= ROBOTS_WHY_ROBOTS_TXT;
    query q = {r, &view, NULL, NULL};
    for (size_t i = 0; i < groups; i++) {
        size_t g = count ? keys[i].group : globals[i];
        /* A group naming the agent on several lines is one group. */
        if (count && i && keys[i - 1].group == g) continue;
        v.groups++;
        if (!(v.why & ROBOTS_WHY_ROBOTS_TXT)) walk_group(&q, (const group *)r->groups.data + g);
    }

    size_t allow_len = q.allow ? q.allow->text_len : 0;
    size_t disallow_len = q.disallow ? q.disallow->text_len : 0;
    if (disallow_len > allow_len) {
        v.allowed = 0;
        fill_rule(&v, r, q.disallow, ROBOTS_RULE_DISALLOW);
    } else if (allow_len > 0) {
        fill_rule(&v, r, q.allow, ROBOTS_RULE_ALLOW);
        if (allow_len == disallow_len) v.why |= ROBOTS_WHY_TIE;
        if (q.allow->flags & RULE_ALT) v.why |= ROBOTS_WHY_INDEX_HTML;
    }
done:
    if (out) *out = v;
    return v.allowed;
}
