/*
 * sweep.c - many wildcard rules against one path, in a single pass over the path.
 *
 * match.c decides one rule at a time, reading the path once per rule. When
 * thousands of wildcard rules survive every filter of the query and the path is
 * long, that product is what a query costs (a 500 KiB file of near misses against
 * a 130 KB path: over a second). Here every candidate rule is decided in one read
 * of the path, with the same greedy placement as match.c: each later segment at
 * its leftmost occurrence after the previous one.
 *
 * - The later segments of all candidates (each text once) go into one
 *   Aho-Corasick automaton: reading the path octet by octet, its state is the
 *   longest suffix of what was read that begins some segment, and the segments
 *   ending at this octet are that state and its suffixes among the segments
 *   ("terminals"). Terminals form a tree: the parent of one is its longest proper
 *   suffix that is also a terminal.
 * - A rule waits in the queue of the segment it needs next, with the position p
 *   where that segment may start. An occurrence ending at e releases the waiters
 *   with p <= e - length (a queue is in order of p: rules join as the read moves
 *   on), and each released rule goes on to its next segment from e.
 * - Walking the whole chain of terminals at every octet could cost the number of
 *   nested segments (up to about the square root of twice the file's size) per
 *   octet. Only segments someone waits on ("armed") matter: numbered in pre-order,
 *   a terminal's subtree is an interval, and an interval tree (a segment tree over
 *   the numbers whose nodes list the armed intervals they cover) gives the armed
 *   ancestors of the current terminal in O(log T + their number).
 * - An armed segment ending somewhere without releasing anyone has a waiter that
 *   joined fewer than `length` octets ago: at most `length` such visits per join.
 *
 * A sweep costs O(segment octets + path x log T + joins) whatever the rules and
 * the path. Its scratch memory comes from the rule set's allocator; when that
 * fails the caller decides the rules one at a time instead (same answers).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NONE ((size_t)-1)
#define NO_NODE UINT32_MAX

typedef struct sweep_candidate {
    const rule *rule;
    size_t pos;   /* where its next segment may start */
    size_t seg;   /* its next segment (1 .. seg_count) */
    size_t terms; /* where its segments' terminals start in `seg_term` */
    size_t next;  /* the next waiter in the same queue */
    bool matched;
} sweep_candidate;

/* A later segment's text, to be put in the trie. */
typedef struct entry {
    const unsigned char *text;
    size_t len;
    size_t slot; /* its place in seg_term */
} entry;

/* A trie node. Nodes are numbered breadth first, so a node's children have
 * consecutive numbers (in order of octet) and a suffix comes before the nodes
 * whose failure link it is. 32-bit numbers keep the trie compact. */
typedef struct node {
    uint32_t first_child;
    uint32_t fail;     /* the longest proper suffix that is also a node */
    uint32_t out;      /* the nearest node among itself and its suffixes that is a terminal */
    uint32_t terminal; /* NO_NODE unless a segment ends here */
    uint16_t children;
    unsigned char octet; /* on the edge from its parent */
} node;

/* While the trie is built: the node's entries and its depth (32 bits, as nodes). */
typedef struct span {
    uint32_t lo, hi, depth;
} span;

typedef struct terminal {
    size_t len;
    size_t parent;          /* the nearest terminal among its proper suffixes, or NONE */
    size_t tin, size;       /* its subtree: pre-order numbers tin .. tin + size - 1 */
    size_t head, tail;      /* waiting candidates, in order of position */
    size_t cells, ncells;   /* its cells in the interval tree (NONE until first armed) */
    size_t cursor;          /* while numbering: the next free number in its range */
} terminal;

/* One armed interval's entry in the list of an interval-tree node. */
typedef struct cell {
    size_t prev, next, owner, at;
} cell;

struct sweep {
    const robots_rules *r;
    const robots_allocator *alloc;
    bool failed;
    sweep_candidate *cand;
    size_t ncand, cand_cap;
    size_t *seg_term; /* per candidate and later segment: its terminal, or NONE */
    size_t nseg_term;
    entry *entries;
    size_t nentries, octets; /* the entries and their octets together */
    node *nodes;
    size_t nnodes;
    uint32_t root_step[256]; /* the root's move on each octet */
    terminal *terms;
    size_t nterms;
    cell *cells;
    size_t ncells, cells_cap;
    size_t *heads; /* per interval-tree node: its first cell, or NONE */
    size_t leaves; /* a power of two >= nterms */
    size_t waiting; /* candidates in some queue */
};

/* ---- Scratch memory, all through the rule set's allocator ---------------------- */

static void *scratch_resize(sweep *s, void *p, size_t count, size_t elem) {
    if (s->failed || count > SIZE_MAX / elem) {
        s->failed = true;
        return NULL;
    }
    void *q = s->alloc->realloc_fn(s->alloc->ctx, p, count * elem);
    if (!q) s->failed = true;
    return q;
}

static void scratch_free(sweep *s, void *p) {
    if (p) s->alloc->free_fn(s->alloc->ctx, p);
}

sweep *sweep_new(const robots_rules *r) {
    sweep *s = r->alloc.realloc_fn(r->alloc.ctx, NULL, sizeof *s);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->r = r;
    s->alloc = &r->alloc;
    return s;
}

void sweep_free(sweep *s) {
    if (!s) return;
    void *blocks[] = {s->cand, s->seg_term, s->entries, s->nodes, s->terms, s->cells, s->heads};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) scratch_free(s, blocks[i]);
    s->alloc->free_fn(s->alloc->ctx, s);
}

bool sweep_add(sweep *s, const rule *rl, size_t pos) {
    if (s->ncand == s->cand_cap) {
        size_t cap = s->cand_cap ? s->cand_cap * 2 : 64;
        sweep_candidate *c = cap > s->cand_cap ? scratch_resize(s, s->cand, cap, sizeof *c) : NULL;
        if (!c) return s->failed = true, false;
        s->cand = c;
        s->cand_cap = cap;
    }
    s->cand[s->ncand++] = (sweep_candidate){rl, pos, 1, 0, NONE, false};
    return true;
}

/* ---- The automaton -------------------------------------------------------------- */

/* Lists every candidate's later segments; an empty one, and the last one of a '$'
 * pattern (checked at the end of the path directly), keep NONE in seg_term. */
static bool list_segments(sweep *s) {
    const segment *segs = s->r->segments.data;
    size_t slots = 0;
    for (size_t i = 0; i < s->ncand; i++) slots += s->cand[i].rule->seg_count - 1;
    s->seg_term = scratch_resize(s, NULL, slots ? slots : 1, sizeof *s->seg_term);
    s->entries = scratch_resize(s, NULL, slots ? slots : 1, sizeof *s->entries);
    if (!s->seg_term || !s->entries) return false;
    for (size_t i = 0; i < s->ncand; i++) {
        const rule *rl = s->cand[i].rule;
        s->cand[i].terms = s->nseg_term;
        for (size_t k = 1; k < rl->seg_count; k++) {
            const segment *sg = &segs[rl->seg_first + k];
            bool checked_at_end = (rl->flags & RULE_ANCHORED) && k + 1 == rl->seg_count;
            if (sg->len > 0 && !checked_at_end) {
                s->entries[s->nentries++] = (entry){bytes_at(s->r, sg->off), sg->len, s->nseg_term};
                s->octets += sg->len;
            }
            s->seg_term[s->nseg_term++] = NONE;
        }
    }
    /* A trie has at most one node per octet, plus the root: numbered in 32 bits
     * (past that, over 4 GiB of segments, the rules are matched one at a time). */
    return s->octets < NO_NODE || (s->failed = true, false);
}

/* An entry's key at depth d: 0 when its text ends there, else 1 + its octet. */
static size_t key_at(const entry *e, size_t d) {
    return e->len == d ? 0 : 1 + (size_t)e->text[d];
}

/* Orders entries [lo, hi), which share their first d octets, by key at depth d:
 * the texts that end there first, then by next octet. This is one step of a
 * most-significant-digit radix sort, done as the trie grows; a long range is
 * counted into 257 buckets (through `tmp`), a short one sorted by insertion. */
static void order_by_key(entry *e, entry *tmp, size_t lo, size_t hi, size_t d) {
    if (hi - lo <= 32) {
        for (size_t i = lo + 1; i < hi; i++) {
            entry x = e[i];
            size_t j = i, k = key_at(&x, d);
            for (; j > lo && key_at(&e[j - 1], d) > k; j--) e[j] = e[j - 1];
            e[j] = x;
        }
        return;
    }
    size_t start[258] = {0};
    for (size_t i = lo; i < hi; i++) start[key_at(&e[i], d) + 1]++;
    for (size_t k = 1; k < 258; k++) start[k] += start[k - 1];
    for (size_t i = lo; i < hi; i++) tmp[start[key_at(&e[i], d)]++] = e[i];
    memcpy(e + lo, tmp, (hi - lo) * sizeof *e);
}

/* The child of u on octet c: a binary search among its consecutive children. */
static uint32_t child_of(const sweep *s, uint32_t u, unsigned char c) {
    const node *n = &s->nodes[u];
    size_t lo = n->first_child, hi = lo + n->children;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->nodes[mid].octet < c) lo = mid + 1;
        else hi = mid;
    }
    return lo < (size_t)n->first_child + n->children && s->nodes[lo].octet == c ? (uint32_t)lo : NO_NODE;
}

/* The automaton's move from state u on octet c. */
static uint32_t step(const sweep *s, uint32_t u, unsigned char c) {
    for (;;) {
        if (u == 0) return s->root_step[c];
        uint32_t v = child_of(s, u, c);
        if (v != NO_NODE) return v;
        u = s->nodes[u].fail;
    }
}

/* Builds the trie breadth first: a node's entries share its path from the root;
 * ordered by their next octet, those as long as its depth end there (a terminal),
 * the rest split by that octet into its children. Each node's failure link is set
 * when it is made (its parent's suffixes have all their children by then), its
 * output when it is reached. Then each terminal's parent, size and pre-order
 * number (terminals are numbered breadth first too, so a parent comes first). */
static bool build_trie(sweep *s) {
    s->nodes = scratch_resize(s, NULL, s->octets + 1, sizeof *s->nodes);
    s->terms = scratch_resize(s, NULL, s->nentries ? s->nentries : 1, sizeof *s->terms);
    span *spans = scratch_resize(s, NULL, s->octets + 1, sizeof *spans);
    entry *tmp = scratch_resize(s, NULL, s->nentries ? s->nentries : 1, sizeof *tmp);
    if (!s->nodes || !s->terms || !spans || !tmp) {
        scratch_free(s, spans);
        scratch_free(s, tmp);
        return false;
    }
    s->nodes[0] = (node){1, 0, NO_NODE, NO_NODE, 0, 0};
    spans[0] = (span){0, (uint32_t)s->nentries, 0};
    s->nnodes = 1;
    for (size_t v = 0; v < s->nnodes; v++) {
        node *nv = &s->nodes[v];
        size_t lo = spans[v].lo, hi = spans[v].hi, d = spans[v].depth;
        order_by_key(s->entries, tmp, lo, hi, d);
        if (lo < hi && s->entries[lo].len == d) {
            size_t t = s->nterms++;
            s->terms[t] = (terminal){d, NONE, 0, 1, NONE, NONE, NONE, 0, 0};
            nv->terminal = (uint32_t)t;
            for (; lo < hi && s->entries[lo].len == d; lo++) s->seg_term[s->entries[lo].slot] = t;
        }
        uint32_t up = v == 0 ? NO_NODE : s->nodes[nv->fail].out;
        nv->out = nv->terminal != NO_NODE ? (uint32_t)v : up;
        if (nv->terminal != NO_NODE) s->terms[nv->terminal].parent = up == NO_NODE ? NONE : s->nodes[up].terminal;
        nv->first_child = (uint32_t)s->nnodes;
        while (lo < hi) {
            unsigned char c = s->entries[lo].text[d];
            size_t run = lo;
            while (run < hi && s->entries[run].text[d] == c) run++;
            size_t w = s->nnodes++;
            uint32_t fail = v == 0 ? 0 : step(s, nv->fail, c);
            s->nodes[w] = (node){0, fail, NO_NODE, NO_NODE, 0, c};
            spans[w] = (span){(uint32_t)lo, (uint32_t)run, (uint32_t)(d + 1)};
            nv->children++;
            lo = run;
        }
        if (v == 0)
            for (unsigned c = 0; c < 256; c++) {
                uint32_t w = child_of(s, 0, (unsigned char)c);
                s->root_step[c] = w == NO_NODE ? 0 : w;
            }
    }
    scratch_free(s, spans);
    scratch_free(s, tmp);
    for (size_t t = s->nterms; t-- > 0;)
        if (s->terms[t].parent != NONE) s->terms[s->terms[t].parent].size += s->terms[t].size;
    size_t top = 0;
    for (size_t t = 0; t < s->nterms; t++) {
        terminal *tm = &s->terms[t];
        size_t *next = tm->parent == NONE ? &top : &s->terms[tm->parent].cursor;
        tm->tin = *next;
        *next += tm->size;
        tm->cursor = tm->tin + 1;
    }
    return true;
}

/* ---- The interval tree ----------------------------------------------------------- */

/* The tree nodes whose ranges make up terminal t's subtree interval; returns how
 * many (at most two per level). */
static size_t cover(const sweep *s, const terminal *t, size_t at[2 * 64]) {
    size_t lo = t->tin + s->leaves, hi = t->tin + t->size + s->leaves, n = 0;
    for (; lo < hi; lo >>= 1, hi >>= 1) {
        if (lo & 1) at[n++] = lo++;
        if (hi & 1) at[n++] = --hi;
    }
    return n;
}

static bool make_tree(sweep *s) {
    s->leaves = 1;
    while (s->leaves < s->nterms) s->leaves *= 2;
    s->heads = scratch_resize(s, NULL, 2 * s->leaves, sizeof *s->heads);
    if (!s->heads) return false;
    for (size_t i = 0; i < 2 * s->leaves; i++) s->heads[i] = NONE;
    return true;
}

/* Lists terminal t in the tree: someone waits on it. */
static void arm(sweep *s, size_t t) {
    terminal *tm = &s->terms[t];
    if (tm->cells == NONE) { /* its first arming: its cells, reused by later ones */
        size_t at[2 * 64], n = cover(s, tm, at);
        if (s->ncells + n > s->cells_cap) {
            size_t cap = s->cells_cap ? s->cells_cap * 2 : 256;
            if (cap < s->ncells + n) cap = s->ncells + n;
            cell *c = scratch_resize(s, s->cells, cap, sizeof *c);
            if (!c) return;
            s->cells = c;
            s->cells_cap = cap;
        }
        tm->cells = s->ncells;
        tm->ncells = n;
        for (size_t i = 0; i < n; i++) s->cells[s->ncells++] = (cell){NONE, NONE, t, at[i]};
    }
    for (size_t c = tm->cells; c < tm->cells + tm->ncells; c++) {
        cell *cl = &s->cells[c];
        cl->prev = NONE;
        cl->next = s->heads[cl->at];
        if (cl->next != NONE) s->cells[cl->next].prev = c;
        s->heads[cl->at] = c;
    }
}

static void disarm(sweep *s, size_t t) {
    terminal *tm = &s->terms[t];
    for (size_t c = tm->cells; c < tm->cells + tm->ncells; c++) {
        cell *cl = &s->cells[c];
        if (cl->prev != NONE) s->cells[cl->prev].next = cl->next;
        else s->heads[cl->at] = cl->next;
        if (cl->next != NONE) s->cells[cl->next].prev = cl->prev;
    }
}

/* ---- The read ------------------------------------------------------------------- */

static void advance(sweep *s, const path_view *v, size_t i, size_t at);

/* Candidate i waits on terminal t from its position. */
static void enqueue(sweep *s, size_t t, size_t i) {
    terminal *tm = &s->terms[t];
    s->cand[i].next = NONE;
    if (tm->tail == NONE) {
        tm->head = tm->tail = i;
        arm(s, t);
    } else {
        s->cand[tm->tail].next = i;
        tm->tail = i;
    }
    s->waiting++;
}

/* Candidate i has placed its segments before `seg` and may place the next from
 * position at: decides it, or puts it in the queue of that segment. */
static void advance(sweep *s, const path_view *v, size_t i, size_t at) {
    sweep_candidate *c = &s->cand[i];
    const rule *rl = c->rule;
    const segment *segs = (const segment *)s->r->segments.data + rl->seg_first;
    bool anchored = (rl->flags & RULE_ANCHORED) != 0;
    size_t end = view_end(v);
    for (;; c->seg++) {
        size_t k = c->seg;
        if (k == rl->seg_count) {
            c->matched = !anchored || at == end;
            return;
        }
        if (anchored && k + 1 == rl->seg_count) { /* the last segment ends the path */
            size_t n = segs[k].len, after;
            c->matched = end - at >= n && view_match_at(v, end - n, bytes_at(s->r, segs[k].off), n, &after);
            return;
        }
        size_t t = s->seg_term[c->terms + k - 1];
        if (t == NONE) continue; /* an empty segment: placed where we are */
        c->pos = at;
        enqueue(s, t, i);
        return;
    }
}

/* Terminal t ends at position at_end: releases the waiters it may start after. */
static void release(sweep *s, const path_view *v, size_t t, size_t at_end) {
    terminal *tm = &s->terms[t];
    size_t start = at_end - tm->len, first = tm->head, last = NONE;
    for (size_t i = first; i != NONE && s->cand[i].pos <= start; i = s->cand[i].next) last = i;
    if (last == NONE) return;
    tm->head = s->cand[last].next;
    s->cand[last].next = NONE;
    if (tm->head == NONE) {
        tm->tail = NONE;
        disarm(s, t);
    }
    for (size_t i = first, next; i != NONE; i = next) {
        next = s->cand[i].next;
        s->waiting--;
        s->cand[i].seg++;
        advance(s, v, i, at_end);
    }
}

/* Every armed terminal whose subtree holds number tin ends at at_end. A release
 * only adds cells at the front of lists (arming) or removes the released
 * terminal's own, so the next cell of the list being read stays valid. */
static void stab(sweep *s, const path_view *v, size_t tin, size_t at_end) {
    for (size_t i = tin + s->leaves; i >= 1; i >>= 1) {
        for (size_t c = s->heads[i], next; c != NONE; c = next) {
            next = s->cells[c].next;
            release(s, v, s->cells[c].owner, at_end);
        }
    }
}

static int by_position(const void *a, const void *b) {
    const sweep_candidate *x = a, *y = b;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

bool sweep_run(sweep *s, const path_view *v, void (*matched)(void *ctx, const rule *rl), void *ctx) {
    if (s->failed || v->decode) return false;
    /* Candidates join in order of position, which keeps every queue in that order. */
    if (s->ncand > 1) qsort(s->cand, s->ncand, sizeof *s->cand, by_position);
    if (!list_segments(s) || !build_trie(s) || !make_tree(s)) return false;
    size_t end = view_end(v), next = 0;
    uint32_t u = 0;
    for (size_t e = 0;; e++) {
        if (s->waiting == 0 && next < s->ncand) {
            /* Nobody waits: go to the next candidate's start with a fresh state
             * (what came before cannot be part of a segment placed after it). */
            e = s->cand[next].pos;
            u = 0;
        }
        while (next < s->ncand && s->cand[next].pos == e) advance(s, v, next++, e);
        if (s->failed) return false;
        if (e == end || (s->waiting == 0 && next == s->ncand)) break;
        unsigned char c;
        view_next(v, e, &c);
        u = step(s, u, c);
        uint32_t x = s->nodes[u].out;
        if (x != NO_NODE) stab(s, v, s->terms[s->nodes[x].terminal].tin, e + 1);
        if (s->failed) return false;
    }
    for (size_t i = 0; i < s->ncand; i++)
        if (s->cand[i].matched) matched(ctx, s->cand[i].rule);
    return true;
}
