/*
 * index.c - lookup structures built once after parsing, so that a query costs
 * neither a re-parse nor a scan of every rule.
 *
 * - Per group, its matchable rules sorted by segment 0 (the literal text before the
 *   first '*'): a query walks the path once and narrows the sorted range octet by
 *   octet, meeting exactly the rules whose prefix the path has.
 * - The named agents, sorted by token ignoring case: a binary search finds every
 *   group that names the crawler (UA-2, UA-4: all such groups merge).
 * - The list of groups that name '*'.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static int compare_bytes(const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    int c = n ? memcmp(a, b, n) : 0;
    if (c) return c;
    return an < bn ? -1 : an > bn;
}

static int compare_entries(const void *pa, const void *pb) {
    const index_entry *a = pa, *b = pb;
    int c = compare_bytes(a->prefix, a->prefix_len, b->prefix, b->prefix_len);
    if (c) return c;
    /* Deterministic order for equal prefixes. */
    return a->rule < b->rule ? -1 : a->rule > b->rule;
}

static int compare_nocase(const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    for (size_t i = 0; i < n; i++) {
        int d = (int)ascii_lower(a[i]) - (int)ascii_lower(b[i]);
        if (d) return d;
    }
    return an < bn ? -1 : an > bn;
}

static int compare_agent_keys(const void *pa, const void *pb) {
    const agent_key *a = pa, *b = pb;
    int c = compare_nocase(a->token, a->len, b->token, b->len);
    if (c) return c;
    return a->group < b->group ? -1 : a->group > b->group;
}

/* An empty pattern has precedence 0 and never decides (RULE-1), so it is not
 * indexed. */
static void index_rules(robots_rules *r, const rule *rules, size_t first, size_t count) {
    const segment *sg = r->segments.data;
    for (size_t i = first; i < first + count; i++) {
        const rule *rl = &rules[i];
        if (rl->text_len == 0) continue;
        index_entry *e = vec_push(r, &r->index, sizeof *e);
        if (!e) return;
        e->prefix = bytes_at(r, sg[rl->seg_first].off);
        e->prefix_len = sg[rl->seg_first].len;
        e->rule = rl;
    }
}

void index_build(robots_rules *r) {
    group *groups = r->groups.data;
    size_t ng = r->groups.len;
    /* Rules and alternatives were appended in group order: each group's share runs
     * up to where the next group's starts. */
    for (size_t g = 0; g < ng; g++) {
        size_t rule_end = g + 1 < ng ? groups[g + 1].rule_first : r->rules.len;
        size_t alt_end = g + 1 < ng ? groups[g + 1].alt_first : r->alts.len;
        groups[g].rule_count = rule_end - groups[g].rule_first;
        groups[g].alt_count = alt_end - groups[g].alt_first;
        groups[g].index_first = r->index.len;
        index_rules(r, r->rules.data, groups[g].rule_first, groups[g].rule_count);
        index_rules(r, r->alts.data, groups[g].alt_first, groups[g].alt_count);
        if (r->failed) return;
        groups[g].index_count = r->index.len - groups[g].index_first;
        if (groups[g].index_count > 1)
            qsort((index_entry *)r->index.data + groups[g].index_first, groups[g].index_count,
                  sizeof(index_entry), compare_entries);
    }
    const agent_line *agents = r->agents.data;
    for (size_t i = 0; i < r->agents.len; i++) {
        if (agents[i].global) {
            /* A group may name '*' on several lines; list it once. */
            size_t *last = r->globals.len ? (size_t *)r->globals.data + r->globals.len - 1 : NULL;
            if (last && *last == agents[i].group) continue;
            size_t *slot = vec_push(r, &r->globals, sizeof *slot);
            if (!slot) return;
            *slot = agents[i].group;
            continue;
        }
        agent_key *k = vec_push(r, &r->agent_keys, sizeof *k);
        if (!k) return;
        k->token = bytes_at(r, agents[i].tok_off);
        k->len = agents[i].tok_len;
        k->group = agents[i].group;
    }
    if (r->agent_keys.len)
        qsort(r->agent_keys.data, r->agent_keys.len, sizeof(agent_key), compare_agent_keys);
}

void agent_lookup(const robots_rules *r, const unsigned char *token, size_t len,
                  size_t *first, size_t *count) {
    const agent_key *k = r->agent_keys.data;
    size_t lo = 0, hi = r->agent_keys.len;
    while (lo < hi) { /* first key >= token */
        size_t mid = lo + (hi - lo) / 2;
        if (compare_nocase(k[mid].token, k[mid].len, token, len) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < r->agent_keys.len && compare_nocase(k[end].token, k[end].len, token, len) == 0)
        end++;
    *first = lo;
    *count = end - lo;
}
