/*
 * index.c - lookup structures built once after parsing, so that a query costs
 * neither a re-parse nor a scan of every rule.
 *
 * - Per group, its matchable rules sorted by segment 0, the literal text before the
 *   first '*' (lists of DIRECT_CHECK or fewer stay as written): a query walks the
 *   path once, narrowing the range octet by octet to the rules the path starts with.
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

/* Different keys order two prefixes as their octets do (a shorter prefix pads with
 * zeros and sorts first); equal keys need the full comparison. */
static uint64_t sort_key(const unsigned char *p, size_t n) {
    /* Read in place, not through a zero-padded copy: an 8-byte load of bytes just
     * written one at a time waits for the stores (about 40% of indexing). */
    uint64_t k = 0;
    size_t m = n < 8 ? n : 8;
    for (size_t i = 0; i < m; i++) k |= (uint64_t)p[i] << (56 - 8 * i);
    return k;
}

/* Does entry a sort before entry b? Most pairs differ in their first 16 prefix
 * octets, compared as two integers; the others compare their bytes. Equal prefixes
 * keep file order (the rule pointers ascend in it), so the order is total. */
static inline bool entry_before(const index_entry *a, const index_entry *b) {
    if (a->key != b->key) return a->key < b->key;
    if (a->key2 != b->key2) return a->key2 < b->key2;
    /* Equal keys of prefixes of 16 octets or more: those 16 are equal. */
    size_t skip = a->prefix_len >= 16 && b->prefix_len >= 16 ? 16 : 0;
    int c = compare_bytes(a->prefix + skip, a->prefix_len - skip, b->prefix + skip, b->prefix_len - skip);
    if (c) return c < 0;
    return a->rule < b->rule;
}

/* What a long list sorts: an entry's two keys and where it is, 24 bytes where an
 * entry has 64; the entries move once, at the end. Most comparisons are settled by
 * the keys without reading the entries. */
typedef struct sort_item {
    uint64_t key, key2;
    size_t at;
} sort_item;

static inline bool item_before(const index_entry *e, const sort_item *a, const sort_item *b) {
    if (a->key != b->key) return a->key < b->key;
    if (a->key2 != b->key2) return a->key2 < b->key2;
    return entry_before(&e[a->at], &e[b->at]);
}

/* Sorts a group's n entries (n > SORT_RUN): insertion sort on runs of SORT_RUN,
 * then bottom-up merges, of items; two runs already in order (files often list
 * their rules sorted) are copied without comparisons, so sorted rules cost O(n).
 * Scratch (from the rule set's allocator, freed here) holds 2n items and n entries.
 * The comparison is inlined, where qsort would call through a pointer and copy
 * every entry through a buffer: O(n log n) whatever the rules. */
#define SORT_RUN 16
static void sort_long(robots_rules *r, index_entry *e, size_t n) {
    /* n entries already fill n * 64 bytes: this product cannot overflow. */
    size_t bytes = n * (2 * sizeof(sort_item) + sizeof(index_entry));
    unsigned char *scratch = r->alloc.realloc_fn(r->alloc.ctx, NULL, bytes);
    if (!scratch) {
        r->failed = true;
        return;
    }
    sort_item *from = (sort_item *)(void *)scratch, *to = from + n;
    index_entry *gathered = (index_entry *)(void *)(to + n);
    for (size_t i = 0; i < n; i++) from[i] = (sort_item){e[i].key, e[i].key2, i};
    for (size_t start = 0; start < n; start += SORT_RUN) {
        size_t end = start + SORT_RUN < n ? start + SORT_RUN : n;
        for (size_t i = start + 1; i < end; i++) {
            sort_item x = from[i];
            size_t j = i;
            for (; j > start && item_before(e, &x, &from[j - 1]); j--) from[j] = from[j - 1];
            from[j] = x;
        }
    }
    for (size_t width = SORT_RUN; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            if (mid == hi || !item_before(e, &from[mid], &from[mid - 1])) {
                memcpy(to + lo, from + lo, (hi - lo) * sizeof *to);
                continue;
            }
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) to[k++] = item_before(e, &from[j], &from[i]) ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        sort_item *t = from;
        from = to;
        to = t;
    }
    for (size_t k = 0; k < n; k++) gathered[k] = e[from[k].at];
    memcpy(e, gathered, n * sizeof *e);
    r->alloc.free_fn(r->alloc.ctx, scratch);
}

/* A short list: insertion sort in place. */
static void sort_short(index_entry *e, size_t n) {
    for (size_t i = 1; i < n; i++) {
        index_entry x = e[i];
        size_t j = i;
        for (; j > 0 && entry_before(&x, &e[j - 1]); j--) e[j] = e[j - 1];
        e[j] = x;
    }
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

/* The clues of a wildcard rule: every octet of its segments after the first (folded
 * to 64 bits), and from its longest such segment the first two octets (or the one
 * octet). */
static void set_clue(const robots_rules *r, const rule *rl, index_entry *e) {
    const segment *sg = (const segment *)r->segments.data + rl->seg_first;
    e->octets = 0;
    for (size_t k = 1; k < rl->seg_count; k++) {
        const unsigned char *t = bytes_at(r, sg[k].off);
        for (size_t i = 0; i < sg[k].len; i++) e->octets |= (uint64_t)1 << (t[i] & 63);
    }
    size_t best = 0;
    for (size_t k = 1; k < rl->seg_count; k++)
        if (sg[k].len > sg[best].len || best == 0) best = sg[k].len ? k : best;
    e->clue_kind = CLUE_NONE;
    if (best == 0) return;
    const unsigned char *t = bytes_at(r, sg[best].off);
    if (sg[best].len >= 2) {
        e->clue_kind = CLUE_PAIR;
        e->clue = (uint16_t)pair_hash(t[0], t[1]);
    } else {
        e->clue_kind = CLUE_OCTET;
        e->clue = t[0];
    }
}

/* Appends the group's rules of one sort (literal or not) to the index, sorted.
 * An empty pattern has precedence 0 and never decides (RULE-1): not indexed. */
static void index_rules(robots_rules *r, const group *g, bool literal, size_t *first, size_t *count) {
    *first = r->index.len;
    const vec *sources[2] = {&r->rules, &r->alts};
    size_t starts[2] = {g->rule_first, g->alt_first}, counts[2] = {g->rule_count, g->alt_count};
    const segment *sg = r->segments.data;
    for (int s = 0; s < 2; s++) {
        const rule *rules = sources[s]->data;
        for (size_t i = starts[s]; i < starts[s] + counts[s]; i++) {
            const rule *rl = &rules[i];
            if (rl->text_len == 0 || ((rl->flags & RULE_LITERAL) != 0) != literal) continue;
            index_entry *e = vec_push(r, &r->index, sizeof *e);
            if (!e) return;
            e->prefix = bytes_at(r, sg[rl->seg_first].off);
            e->prefix_len = sg[rl->seg_first].len;
            e->key = sort_key(e->prefix, e->prefix_len);
            e->key2 = e->prefix_len > 8 ? sort_key(e->prefix + 8, e->prefix_len - 8) : 0;
            e->length = rl->text_len;
            e->literal = literal;
            e->rule = rl;
            if (!literal) set_clue(r, rl, e);
        }
    }
    *count = r->index.len - *first;
    /* The walk checks a list this short entry by entry, in any order; most groups'
     * lists are, and sorting them was most of the cost of indexing. */
    if (*count <= DIRECT_CHECK) return;
    index_entry *e = (index_entry *)r->index.data + *first;
    if (*count <= SORT_RUN) sort_short(e, *count);
    else sort_long(r, e, *count);
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
        index_rules(r, &groups[g], true, &groups[g].literal_first, &groups[g].literals);
        index_rules(r, &groups[g], false, &groups[g].wildcard_first, &groups[g].wildcards);
        if (r->failed) return;
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
