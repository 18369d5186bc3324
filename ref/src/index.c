/*
 * index.c - lookup structures built once after parsing, so that a query costs
 * neither a re-parse nor a scan of every rule.
 *
 * - Per group, its matchable rules sorted by segment 0, the literal text before the
 *   first '*' (lists of DIRECT_CHECK or fewer stay as written, and every list of a
 *   rule set parsed for given agents): a query walks the path once, narrowing the
 *   range octet by octet to the rules the path starts with.
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

/* index_build keeps this many zero octets after the byte store's end, so that
 * sort_key can load 8 octets at any prefix, and 8 more at its ninth, without
 * reading past the store. */
#define KEY_SLACK 16

/* Different keys order two prefixes as their octets do (a shorter prefix pads with
 * zeros and sorts first); equal keys need the full comparison. One load, put in
 * big-endian order, with the octets past the prefix masked off: a loop of eight
 * single-octet loads and shifts cost 15% of indexing. */
static uint64_t sort_key(const unsigned char *p, size_t n) {
    uint64_t k;
    memcpy(&k, p, sizeof k);
    k = big_endian(k);
    return n >= 8 ? k : k & ~(UINT64_MAX >> (8 * n));
}

/* ---- Sorting by two integer keys ----------------------------------------------
 *
 * Index entries and agent keys both sort by a string: most pairs differ in its
 * first 16 octets, which two 64-bit keys compare in two instructions. What is
 * sorted is items of 24 bytes: the keys, the string's length and where the element
 * is. */
typedef struct sort_item {
    uint64_t key, key2; /* octets 0-7 and 8-15 of the string, zero-padded */
    u32 len;            /* the string's length */
    u32 at;             /* the element; equal strings keep this order */
} sort_item;

/* Elements a and b of `elems` have equal keys, strings of more than 16 octets:
 * does a sort first? */
typedef bool (*tie_before)(const void *elems, size_t a, size_t b);

/* Equal keys where one string has at most 16 octets: the strings are equal up to
 * the shorter one's end, and the longer has only zeros past it (the keys pad with
 * zeros), so the shorter sorts first; of equal length they are equal. Only longer
 * strings ask the element's comparison (which costs a few loads: most ties are
 * rules of one short prefix, such as "/"). */
static inline bool item_before(const void *elems, tie_before tie, const sort_item *a, const sort_item *b) {
    if (a->key != b->key) return a->key < b->key;
    if (a->key2 != b->key2) return a->key2 < b->key2;
    if (a->len <= 16 || b->len <= 16) return a->len != b->len ? a->len < b->len : a->at < b->at;
    return tie(elems, a->at, b->at);
}

/* Merge sort of n items (insertion sort on runs of SORT_RUN, then bottom-up
 * merges); two runs already in order (files often list their rules sorted) are
 * copied without comparisons, so a sorted list costs O(n). `spare` has room for n
 * items. Returns where the sorted items are: `items` or `spare`. The comparison is
 * inlined, where qsort would call through a pointer and copy every element
 * through a buffer: O(n log n) whatever the strings. */
#define SORT_RUN 16
static sort_item *merge_sort(sort_item *items, sort_item *spare, size_t n, const void *elems, tie_before tie) {
    sort_item *from = items, *to = spare;
    for (size_t start = 0; start < n; start += SORT_RUN) {
        size_t end = start + SORT_RUN < n ? start + SORT_RUN : n;
        for (size_t i = start + 1; i < end; i++) {
            sort_item x = from[i];
            size_t j = i;
            for (; j > start && item_before(elems, tie, &x, &from[j - 1]); j--) from[j] = from[j - 1];
            from[j] = x;
        }
    }
    for (size_t width = SORT_RUN; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            if (mid == hi || !item_before(elems, tie, &from[mid], &from[mid - 1])) {
                memcpy(to + lo, from + lo, (hi - lo) * sizeof *to);
                continue;
            }
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = item_before(elems, tie, &from[j], &from[i]) ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        sort_item *t = from;
        from = to;
        to = t;
    }
    return from;
}

static int compare_nocase(const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    for (size_t i = 0; i < n; i++) {
        int d = (int)ascii_lower(a[i]) - (int)ascii_lower(b[i]);
        if (d) return d;
    }
    return an < bn ? -1 : an > bn;
}

/* The first 8 octets of a token from `from` on, lower-cased, as a key: the agent
 * keys sort by these two keys first (agent_key). Eight octets are lower-cased at
 * once (a loop of single octets was a tenth of a query): in each octet below
 * 0x80, adding 0x80 - 'A' sets the high bit from 'A' on, adding 0x80 - 'Z' - 1
 * from past 'Z'; the octets between get 0x20. */
static uint64_t fold_key(const unsigned char *t, size_t n, size_t from) {
    unsigned char octets[8] = {0};
    if (n >= from + 8) memcpy(octets, t + from, 8);
    else for (size_t i = from; i < n; i++) octets[i - from] = t[i];
    uint64_t w;
    memcpy(&w, octets, 8);
    uint64_t low = w & BYTES8(0x7F);
    uint64_t upper = (low + BYTES8(0x80 - 'A')) & ~(low + BYTES8(0x80 - 'Z' - 1)) & ~w & BYTES8(0x80);
    return big_endian(w | upper >> 2);
}

/* The order of agent keys: the token ignoring case, then the group. Keys that
 * differ order their tokens as compare_nocase does (a shorter token pads with
 * zeros: it sorts first, or ties and is compared whole). */
static int agent_order(const agent_key *a, const unsigned char *token, size_t len, uint64_t fold,
                       uint64_t fold2) {
    if (a->fold != fold) return a->fold < fold ? -1 : 1;
    if (a->fold2 != fold2) return a->fold2 < fold2 ? -1 : 1;
    return compare_nocase(a->token, a->len, token, len);
}

static bool agent_keys_tie(const void *elems, size_t i, size_t j) {
    const agent_key *a = (const agent_key *)elems + i, *b = (const agent_key *)elems + j;
    int c = compare_nocase(a->token + 16, a->len - 16, b->token + 16, b->len - 16);
    return c ? c < 0 : i < j;
}

/* Sort scratch of n times `each` bytes from the rule set's allocator; NULL, and the
 * rule set failed, when memory ran out or the size is past a size_t. The caller
 * frees it. */
static void *sort_scratch(robots_rules *r, size_t n, size_t each) {
    void *p = n > SIZE_MAX / each ? NULL : r->alloc.realloc_fn(r->alloc.ctx, NULL, n * each);
    if (!p) r->failed = true;
    return p;
}

/* Sorts the agent keys: items made from their fold keys, merge-sorted, and the
 * keys moved into that order once (qsort was 40% of parsing a file naming 130
 * crawlers). Scratch (2n items and n keys) on the stack for up to SORT_RUN keys,
 * else sort_scratch. */
static void sort_agent_keys(robots_rules *r) {
    agent_key *keys = r->agent_keys.data;
    size_t n = r->agent_keys.len;
    if (n < 2) return;
    sort_item few[2 * SORT_RUN];
    agent_key few_moved[SORT_RUN];
    sort_item *items = few;
    agent_key *moved = few_moved;
    if (n > SORT_RUN) {
        items = sort_scratch(r, n, 2 * sizeof *items + sizeof *moved);
        if (!items) return;
        moved = (agent_key *)(void *)(items + 2 * n);
    }
    for (size_t i = 0; i < n; i++) items[i] = (sort_item){keys[i].fold, keys[i].fold2, keys[i].len, (u32)i};
    const sort_item *sorted = merge_sort(items, items + n, n, keys, agent_keys_tie);
    for (size_t k = 0; k < n; k++) moved[k] = keys[sorted[k].at];
    memcpy(keys, moved, n * sizeof *keys);
    if (items != few) r->alloc.free_fn(r->alloc.ctx, items);
}

/* The clues of a wildcard rule: every octet of its segments after the first (folded
 * to 64 bits), and from its longest such segment the first two octets (or the one
 * octet). */
static void set_clue(const robots_rules *r, const rule *rl, entry_clue *c) {
    const segment *sg = (const segment *)r->segments.data + rl->seg_first;
    c->octets = 0;
    for (size_t k = 1; k < rl->seg_count; k++) {
        const unsigned char *t = bytes_at(r, sg[k].off);
        for (size_t i = 0; i < sg[k].len; i++) c->octets |= (uint64_t)1 << (t[i] & 63);
    }
    size_t best = 0;
    for (size_t k = 1; k < rl->seg_count; k++)
        if (sg[k].len > sg[best].len || best == 0) best = sg[k].len ? k : best;
    c->kind = CLUE_NONE;
    c->clue = 0;
    if (best == 0) return;
    const unsigned char *t = bytes_at(r, sg[best].off);
    if (sg[best].len >= 2) {
        c->kind = CLUE_PAIR;
        c->clue = (uint16_t)pair_hash(t[0], t[1]);
    } else {
        c->kind = CLUE_OCTET;
        c->clue = t[0];
    }
}

/* The rules a group indexes: its rules, then its index.html alternatives. An
 * item's `at` counts through both, so it orders them as the file does. */
typedef struct group_rules {
    const rule *rules, *alts; /* all of the rule set's (alts is NULL while there are none) */
    size_t rule_first, rule_count, alt_first;
} group_rules;

static const rule *rule_at(const group_rules *gr, size_t at) {
    if (at < gr->rule_count) return &gr->rules[gr->rule_first + at];
    return &gr->alts[gr->alt_first + at - gr->rule_count];
}

/* The index entry's name for the rule at `at` (index_entry.rule). */
static u32 rule_ref(const group_rules *gr, size_t at) {
    if (at < gr->rule_count) return (u32)(gr->rule_first + at);
    return ENTRY_ALT | (u32)(gr->alt_first + at - gr->rule_count);
}

/* A rule's prefix: its segment 0. */
static const segment *prefix_of(const robots_rules *r, const rule *rl) {
    return (const segment *)r->segments.data + rl->seg_first;
}

/* Items a and b have equal keys and prefixes of more than 16 octets (item_before):
 * does a sort first? */
typedef struct tie_context {
    const robots_rules *r;
    group_rules gr;
} tie_context;

static bool prefixes_tie(const void *ctx, size_t a, size_t b) {
    const tie_context *t = ctx;
    const segment *pa = prefix_of(t->r, rule_at(&t->gr, a)), *pb = prefix_of(t->r, rule_at(&t->gr, b));
    int c = compare_bytes(bytes_at(t->r, pa->off) + 16, pa->len - 16, bytes_at(t->r, pb->off) + 16,
                          pb->len - 16);
    return c ? c < 0 : a < b;
}

/* Appends the index entries of n items (sorted, or a list short enough to walk in
 * any order) to r->index, which has room for them; with `clues`, their clues to
 * r->clues, which has room too. */
static void emit_entries(robots_rules *r, const group_rules *gr, const sort_item *items, size_t n,
                         bool clues) {
    index_entry *e = (index_entry *)r->index.data + r->index.len;
    entry_clue *c = clues ? (entry_clue *)r->clues.data + r->clues.len : NULL; /* NULL until a group has clues */
    for (size_t i = 0; i < n; i++, e++) {
        const rule *rl = rule_at(gr, items[i].at);
        const segment *sg = prefix_of(r, rl);
        *e = (index_entry){sg->off, sg->len, rl->text_len, rule_ref(gr, items[i].at)};
        if (clues) set_clue(r, rl, c++);
    }
    r->index.len += n;
    if (clues) r->clues.len += n;
}

/* Indexes a group: its literal rules, then its other rules, each list sorted by
 * prefix (lists of DIRECT_CHECK or fewer as they come). One pass over the rules
 * makes the sort items straight from their prefixes, literal ones from the front
 * of `items` and the others from the back; the entries are written once, in
 * sorted order. (Building entries first, sorting items made from them and moving
 * the entries into order was a quarter of parsing.) An empty pattern has
 * precedence 0 and never decides (RULE-1): not indexed. `items` has room for
 * twice the group's rules and alternatives. */
static void index_group(robots_rules *r, group *g, sort_item *items) {
    group_rules gr = {r->rules.data, r->alts.data, g->rule_first, g->rule_count, g->alt_first};
    size_t n = g->rule_count + g->alt_count, lit = 0, wild = n;
    for (size_t at = 0; at < n; at++) {
        const rule *rl = rule_at(&gr, at);
        if (rl->text_len == 0) continue;
        const segment *sg = prefix_of(r, rl);
        const unsigned char *p = bytes_at(r, sg->off);
        uint64_t key2 = sg->len > 8 ? sort_key(p + 8, sg->len - 8) : 0;
        sort_item it = {sort_key(p, sg->len), key2, sg->len, (u32)at};
        if (rl->flags & RULE_LITERAL) items[lit++] = it;
        else items[--wild] = it;
    }
    /* The others came in reverse: put them back in file order, which sorting
     * keeps for equal prefixes (reversed, every rule of prefix "/" was a tie
     * that moved). */
    for (size_t i = wild, j = n; i + 1 < j; i++, j--) {
        sort_item t = items[i];
        items[i] = items[j - 1];
        items[j - 1] = t;
    }
    if (!vec_reserve(r, &r->index, sizeof(index_entry), lit + (n - wild))) return;
    tie_context tie = {r, gr};
    sort_item *spare = items + n;
    /* A rule set for given agents answers a check or two: sorting would cost more
     * than the walk saves (robots_options.agents; query.c checks each entry). */
    size_t sort_above = r->unsorted ? SIZE_MAX : DIRECT_CHECK;
    const sort_item *sorted = lit > sort_above ? merge_sort(items, spare, lit, &tie, prefixes_tie) : items;
    g->literal_first = r->index.len;
    g->literals = lit;
    emit_entries(r, &gr, sorted, lit, false);
    size_t w = n - wild;
    g->wildcard_first = r->index.len;
    g->wildcards = w;
    bool clues = group_has_clues(g);
    if (clues && !vec_reserve(r, &r->clues, sizeof(entry_clue), w)) return;
    sorted = w > sort_above ? merge_sort(items + wild, spare + wild, w, &tie, prefixes_tie) : items + wild;
    g->clue_first = r->clues.len;
    emit_entries(r, &gr, sorted, w, clues);
}

void index_build(robots_rules *r) {
    if (!vec_reserve(r, &r->bytes, 1, KEY_SLACK)) return;
    memset((unsigned char *)r->bytes.data + r->bytes.len, 0, KEY_SLACK);
    group *groups = r->groups.data;
    size_t ng = r->groups.len, most = 0;
    /* Rules and alternatives were appended in group order: each group's share runs
     * up to where the next group's starts. */
    for (size_t g = 0; g < ng; g++) {
        size_t rule_end = g + 1 < ng ? groups[g + 1].rule_first : r->rules.len;
        size_t alt_end = g + 1 < ng ? groups[g + 1].alt_first : r->alts.len;
        groups[g].rule_count = rule_end - groups[g].rule_first;
        groups[g].alt_count = alt_end - groups[g].alt_first;
        size_t n = groups[g].rule_count + groups[g].alt_count;
        if (n > most) most = n;
    }
    /* Sort scratch for the largest group, 2 items per rule: on the stack for most
     * files, else one block (sort_scratch). */
    sort_item few[2 * INDEX_STACK_ITEMS];
    sort_item *items = few;
    if (most > INDEX_STACK_ITEMS) {
        items = sort_scratch(r, most, 2 * sizeof *items);
        if (!items) return;
    }
    for (size_t g = 0; g < ng && !r->failed; g++) index_group(r, &groups[g], items);
    if (items != few) r->alloc.free_fn(r->alloc.ctx, items);
    if (r->failed) return;
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
        k->fold = fold_key(k->token, k->len, 0);
        k->fold2 = fold_key(k->token, k->len, 8);
    }
    sort_agent_keys(r);
}

void agent_lookup(const robots_rules *r, const unsigned char *token, size_t len,
                  size_t *first, size_t *count) {
    const agent_key *k = r->agent_keys.data;
    uint64_t fold = fold_key(token, len, 0), fold2 = fold_key(token, len, 8);
    size_t lo = 0, hi = r->agent_keys.len;
    while (lo < hi) { /* first key >= token */
        size_t mid = lo + (hi - lo) / 2;
        if (agent_order(&k[mid], token, len, fold, fold2) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < r->agent_keys.len && agent_order(&k[end], token, len, fold, fold2) == 0) end++;
    *first = lo;
    *count = end - lo;
}
