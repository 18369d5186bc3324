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

/* The first and the second 8 octets of an entry's prefix as sort keys: many rules
 * of a file share their first 8 ("/catalog"), few their first 16. */
static inline uint64_t first_key(const index_entry *e) { return sort_key(e->prefix, e->prefix_len); }
static inline uint64_t second_key(const index_entry *e) {
    return e->prefix_len > 8 ? sort_key(e->prefix + 8, e->prefix_len - 8) : 0;
}

/* Does entry a sort before entry b, their keys being equal? The keys cover 16
 * octets; longer prefixes compare their bytes. Equal prefixes keep file order (the
 * rule pointers ascend in it), so the order is total. */
static inline bool same_keys_before(const index_entry *a, const index_entry *b) {
    /* Equal keys of prefixes of 16 octets or more: those 16 are equal. */
    size_t skip = a->prefix_len >= 16 && b->prefix_len >= 16 ? 16 : 0;
    int c = compare_bytes(a->prefix + skip, a->prefix_len - skip, b->prefix + skip, b->prefix_len - skip);
    if (c) return c < 0;
    return a->rule < b->rule;
}

/* ---- Sorting by two integer keys ----------------------------------------------
 *
 * Index entries and agent keys both sort by a string: most pairs differ in its
 * first 16 octets, which two 64-bit keys compare in two instructions. What a long
 * list sorts is items of 24 bytes (the keys and where the element is), so the
 * elements move once, at the end; equal keys ask the element's own comparison. */
typedef struct sort_item {
    uint64_t key, key2;
    size_t at;
} sort_item;

/* Elements a and b of `elems` have equal keys: does a sort first? */
typedef bool (*tie_before)(const void *elems, size_t a, size_t b);

static inline bool item_before(const void *elems, tie_before tie, const sort_item *a, const sort_item *b) {
    if (a->key != b->key) return a->key < b->key;
    if (a->key2 != b->key2) return a->key2 < b->key2;
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

/* What sort_elements sorts for element i: its keys and i. */
typedef sort_item (*item_of)(const void *elems, size_t i);

/* Sorts the n elements (of elem bytes, at most SORT_ELEM_MAX) of `elems` by
 * their items: a list of at most SORT_RUN with scratch on the stack, a longer one
 * with scratch from the rule set's allocator (2n items and n elements; n elements
 * already fill n * elem bytes, so the size cannot overflow; a failure marks the
 * rule set failed). The elements move once, at the end. Inlined into each caller
 * (gcc would not on its own), so that the element size is a constant, the moves
 * are not calls to memcpy and `item` is not called through a pointer: as a
 * function it cost 2% more instructions of re-parsing. */
#define SORT_ELEM_MAX 40
#if defined(__GNUC__)
#define SORT_INLINE static inline __attribute__((always_inline))
#else
#define SORT_INLINE static inline
#endif
_Static_assert(sizeof(index_entry) <= SORT_ELEM_MAX && sizeof(agent_key) <= SORT_ELEM_MAX,
               "sort_elements' stack scratch holds SORT_RUN of either element");
SORT_INLINE void sort_elements(robots_rules *r, void *elems, size_t elem, size_t n, item_of item,
                               tie_before tie) {
    if (n < 2) return;
    sort_item few[2 * SORT_RUN];
    _Alignas(max_align_t) unsigned char few_gathered[SORT_RUN * SORT_ELEM_MAX];
    sort_item *items = few;
    unsigned char *gathered = few_gathered;
    if (n > SORT_RUN) {
        items = r->alloc.realloc_fn(r->alloc.ctx, NULL, n * (2 * sizeof(sort_item) + elem));
        if (!items) {
            r->failed = true;
            return;
        }
        gathered = (unsigned char *)(items + 2 * n);
    }
    for (size_t i = 0; i < n; i++) items[i] = item(elems, i);
    sort_item *sorted = merge_sort(items, items + n, n, elems, tie);
    for (size_t k = 0; k < n; k++)
        memcpy(gathered + k * elem, (unsigned char *)elems + sorted[k].at * elem, elem);
    memcpy(elems, gathered, n * elem);
    if (items != few) r->alloc.free_fn(r->alloc.ctx, items);
}

static sort_item entry_item(const void *elems, size_t i) {
    const index_entry *e = (const index_entry *)elems + i;
    return (sort_item){first_key(e), second_key(e), i};
}

static bool entries_tie(const void *elems, size_t a, size_t b) {
    const index_entry *e = elems;
    return same_keys_before(&e[a], &e[b]);
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

static sort_item agent_item(const void *elems, size_t i) {
    const agent_key *k = (const agent_key *)elems + i;
    return (sort_item){k->fold, k->fold2, i};
}

static bool agent_keys_tie(const void *elems, size_t i, size_t j) {
    const agent_key *a = (const agent_key *)elems + i, *b = (const agent_key *)elems + j;
    int c = compare_nocase(a->token, a->len, b->token, b->len);
    return c ? c < 0 : a->group < b->group;
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
static void index_rules(robots_rules *r, const group *g, bool literal, u32 *first, u32 *count) {
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
            e->length = rl->text_len;
            e->literal = literal;
            e->rule = rl;
        }
    }
    *count = r->index.len - *first;
    /* The query reads clues only in groups of more wildcard rules than this. */
    if (!literal && *count > CLUE_THRESHOLD)
        for (size_t i = *first; i < r->index.len; i++) {
            index_entry *e = (index_entry *)r->index.data + i;
            set_clue(r, e->rule, e);
        }
    /* The walk checks a list this short entry by entry, in any order; most groups'
     * lists are, and sorting them was most of the cost of indexing. */
    if (*count <= DIRECT_CHECK) return;
    index_entry *e = (index_entry *)r->index.data + *first;
    sort_elements(r, e, sizeof *e, *count, entry_item, entries_tie);
}

void index_build(robots_rules *r) {
    if (!vec_reserve(r, &r->bytes, 1, KEY_SLACK)) return;
    memset((unsigned char *)r->bytes.data + r->bytes.len, 0, KEY_SLACK);
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
        k->fold = fold_key(k->token, k->len, 0);
        k->fold2 = fold_key(k->token, k->len, 8);
    }
    /* Sorted as the entries are (qsort was 40% of parsing a file naming 130
     * crawlers). */
    sort_elements(r, r->agent_keys.data, sizeof(agent_key), r->agent_keys.len, agent_item, agent_keys_tie);
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
