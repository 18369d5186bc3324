/*
 * query.c - the verdict for (agent, URL) on a parsed rule set.
 *
 * 1. The groups that apply: every group naming the crawler's token, merged (UA-2,
 *    UA-4); if none names it, every '*' group, merged; else none (allowed).
 * 2. Among their rules, the longest matching pattern of each kind (PREC-1..6).
 * 3. Disallowed when the best disallow is longer than the best allow. Equal length:
 *    allow wins (PREC-2). Length 0 (an empty pattern) never decides. No match:
 *    allowed.
 * The path is a view into the caller's URL. A query allocates only when it has
 * more wildcard matching to do than SWEEP_BUDGET allows (see decide_in_one_pass).
 */
#include <string.h>

#include "internal.h"

/* The longest path decoded into a buffer on the stack (rfc9309, see fill_verdict). */
#define DECODED_PATH_MAX 4096

/* The octets a query may read matching wildcard rules one at a time (about a
 * millisecond's work); past it they are all decided in one pass over the path
 * (sweep.c), whose setup costs more but whose cost does not multiply the number of
 * rules by the length of the path. */
#define SWEEP_BUDGET ((size_t)1 << 20)

typedef struct query {
    const robots_rules *r;
    const path_view *path;
    const rule *allow;    /* the best of each kind so far */
    const rule *disallow;
    size_t floor;         /* the longest match so far, of either kind */
    size_t budget;        /* octets the one-at-a-time matcher may still read */
    bool over_budget;     /* a wildcard rule was left undecided for want of budget */
    sweep *sweep;         /* set: wildcard rules are collected there, not matched */
    const index_entry *list; /* the list being walked: a group's literal or wildcard rules */
    bool literal;            /* it is the literal one */
    const entry_clue *clues; /* the clues of its entries, or NULL (too few wildcard rules) */
    bool left_out;           /* a group that applies had rules left out (robots_options.agents) */
    bool clues_ready;        /* the two sets below are filled in */
    uint64_t octets[256 / 64];     /* octets of the path */
    uint64_t pairs[PAIR_BITS / 64]; /* hashes of adjacent octet pairs of the path */
} query;

static void add_clue(query *q, unsigned char prev, unsigned char c, bool pair) {
    q->octets[c >> 6] |= (uint64_t)1 << (c & 63);
    if (pair) {
        unsigned h = pair_hash(prev, c);
        q->pairs[h >> 6] |= (uint64_t)1 << (h & 63);
    }
}

/* Fills the octet and pair sets from the path, the first time a clue is needed. */
static void gather_clues(query *q) {
    memset(q->octets, 0, sizeof q->octets);
    memset(q->pairs, 0, sizeof q->pairs);
    const path_view *v = q->path;
    if (!v->decode) {
        /* Octets are the raw bytes, after the implicit '/' if there is one. */
        unsigned char prev = '/';
        if (v->lead) add_clue(q, 0, '/', false);
        for (size_t i = 0; i < v->len; i++) {
            add_clue(q, prev, v->s[i], i > 0 || v->lead);
            prev = v->s[i];
        }
    } else {
        size_t pos = 0, end = view_end(v);
        unsigned char prev = 0, c;
        for (bool first = true; pos < end; first = false, prev = c) {
            pos = view_next(v, pos, &c);
            add_clue(q, prev, c, !first);
        }
    }
    q->clues_ready = true;
}

static bool clue_present(query *q, const entry_clue *c) {
    if (c->kind == CLUE_NONE) return true;
    if (!q->clues_ready) gather_clues(q);
    /* Every octet of the rule's later segments must be in the path. */
    uint64_t path = q->octets[0] | q->octets[1] | q->octets[2] | q->octets[3];
    if (c->octets & ~path) return false;
    const uint64_t *set = c->kind == CLUE_PAIR ? q->pairs : q->octets;
    return (set[c->clue >> 6] >> (c->clue & 63)) & 1;
}

/* Keeps rl if it beats the best match of its kind so far. Longer wins; between
 * equally long rules of one kind, the first line explains. */
static void keep_best(query *q, const rule *rl) {
    const rule **best = rl->kind == ROBOTS_RULE_ALLOW ? &q->allow : &q->disallow;
    if (!*best || rl->text_len > (*best)->text_len ||
        (rl->text_len == (*best)->text_len && rl->line < (*best)->line))
        *best = rl;
    if (rl->text_len > q->floor) q->floor = rl->text_len;
}

static void keep_match(void *q, const rule *rl) { keep_best(q, rl); }

/* Only the longest match of each kind can decide, so a rule shorter than the best
 * match so far is not worth matching (an equal one is: it may tie, or explain from
 * an earlier line). Literal rules cost nothing to confirm, so they are walked first
 * (each group indexes them apart), and then only wildcard rules long enough to
 * count are matched, one at a time while the octets they may read fit in the
 * budget; past it, every remaining one is left for the one pass. */
static void consider(query *q, const index_entry *e, size_t pos) {
    if (e->length < q->floor) return;
    const rule *rl = entry_rule(q->r, e);
    if (!q->literal) {
        if (q->clues && !clue_present(q, &q->clues[e - q->list])) return;
        if (q->sweep) {
            sweep_add(q->sweep, rl, pos); /* a failure is kept by the sweep */
            return;
        }
        size_t cost = view_end(q->path) - pos; /* the most a match reads */
        if (q->over_budget || cost > q->budget) {
            q->over_budget = true;
            return;
        }
        q->budget -= cost;
        if (!rule_matches_from(q->r, rl, q->path, pos)) return;
    }
    keep_best(q, rl);
}

/* Checks each of the entries [lo, hi), in any order: their prefixes start with the
 * path's first `depth` octets, which end at pos. */
static void check_each(query *q, const index_entry *e, size_t lo, size_t hi, size_t depth, size_t pos) {
    const unsigned char *bytes = bytes_at(q->r, 0);
    for (size_t k = lo; k < hi; k++) {
        size_t after;
        if (view_match_at(q->path, pos, bytes + e[k].prefix_off + depth, e[k].prefix_len - depth, &after))
            consider(q, &e[k], after);
    }
}

/* Walks the path through the group's sorted prefixes. Invariant: the entries in
 * [lo, hi) are exactly those whose prefix starts with the first `depth` octets of
 * the path, and pos is where those octets end. Entries whose whole prefix is that
 * long sort first in the range: they are the candidates at this depth. All entries
 * between two sorted strings share the strings' common prefix, so the walk jumps
 * over it in one comparison and narrows by binary search only where they differ. */
static void walk(query *q, size_t from, size_t count) {
    if (count == 0) return;
    const index_entry *e = (const index_entry *)q->r->index.data + from;
    q->list = e;
    /* Parsed for given agents (robots_options.agents), the lists are not sorted. */
    if (q->r->unsorted) {
        check_each(q, e, 0, count, 0, 0);
        return;
    }
    const unsigned char *bytes = bytes_at(q->r, 0); /* where the prefixes are */
    const path_view *v = q->path;
    size_t lo = 0, hi = count, depth = 0, pos = 0, end = view_end(v);
    while (lo < hi) {
        while (lo < hi && e[lo].prefix_len == depth) consider(q, &e[lo++], pos);
        if (lo == hi) return;
        if (hi - lo <= DIRECT_CHECK) { /* in any order: index.c sorts no range this small */
            check_each(q, e, lo, hi, depth, pos);
            return;
        }
        const unsigned char *first = bytes + e[lo].prefix_off, *last = bytes + e[hi - 1].prefix_off;
        size_t common = depth;
        size_t shorter = e[lo].prefix_len < e[hi - 1].prefix_len ? e[lo].prefix_len : e[hi - 1].prefix_len;
        while (common < shorter && first[common] == last[common]) common++;
        if (common > depth) {
            if (!view_match_at(v, pos, first + depth, common - depth, &pos)) return;
            depth = common;
            continue;
        }
        if (pos >= end) return;
        unsigned char c;
        pos = view_next(v, pos, &c);
        size_t a = lo, b = hi;
        while (a < b) { /* first entry with prefix[depth] >= c */
            size_t mid = a + (b - a) / 2;
            if (bytes[e[mid].prefix_off + depth] < c) a = mid + 1;
            else b = mid;
        }
        lo = a;
        b = hi;
        while (a < b) { /* first entry with prefix[depth] > c */
            size_t mid = a + (b - a) / 2;
            if (bytes[e[mid].prefix_off + depth] <= c) a = mid + 1;
            else b = mid;
        }
        hi = a;
        depth++;
    }
}

/* RFC-6 (rfc9309): the robots.txt file itself is always allowed. */
static bool is_robots_txt(const path_view *v) {
    static const char name[] = "/robots.txt";
    size_t after;
    return view_match_at(v, 0, (const unsigned char *)name, sizeof name - 1, &after) &&
           after == view_end(v);
}

static void fill_rule(robots_verdict *v, const robots_rules *r, const rule *rl,
                      robots_rule_kind kind) {
    v->rule = kind;
    v->line = rl->line;
    v->pattern = (const char *)bytes_at(r, rl->text_off);
    v->pattern_len = rl->text_len;
}

/* The ranges of agent_keys of this many agents are looked up once per query and
 * kept (each lookup is a binary search with case-insensitive compares, and the
 * query needs a range up to three times); a crawler rarely has more tokens. */
#define AGENTS_KEPT 8

/* The crawler's tokens as the caller gave them (robots_check_agents). */
typedef struct agent_set {
    const char *const *names;
    const size_t *lens; /* NULL: NUL-terminated names */
    size_t count;
    size_t first[AGENTS_KEPT], hits[AGENTS_KEPT]; /* the kept ranges of agents 0.. */
} agent_set;

/* Looks up the range of agent_keys naming agent i of the set. Google compares the
 * caller's whole agent string; RFC 9309 its product token (RFC-1), and an empty
 * token names no group. */
static void lookup_agent(const robots_rules *r, const agent_set *set, size_t i, size_t *first,
                         size_t *count) {
    size_t len;
    const unsigned char *a = listed_agent(set->names, set->lens, i, &len);
    *first = *count = 0;
    if (caller_agent_key(r->profile, a, &len)) agent_lookup(r, a, len, first, count);
}

/* The range of agent i: kept, or looked up again past AGENTS_KEPT. */
static void agent_range(const robots_rules *r, const agent_set *set, size_t i, size_t *first,
                        size_t *count) {
    if (i < AGENTS_KEPT) {
        *first = set->first[i];
        *count = set->hits[i];
    } else {
        lookup_agent(r, set, i, first, count);
    }
}

/* The first of the keys [first, first + n) naming a group >= g, or first + n. The
 * keys of one token are sorted by group, so this is a binary search. */
static size_t first_key_from(const agent_key *keys, size_t first, size_t n, size_t g) {
    size_t lo = first, hi = first + n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (keys[mid].group < g) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Does one of the agents before agent i name group g? Then g has been walked. */
static bool named_earlier(const robots_rules *r, const agent_set *set, size_t i, size_t g) {
    const agent_key *keys = r->agent_keys.data;
    for (size_t j = 0; j < i; j++) {
        size_t first, n;
        agent_range(r, set, j, &first, &n);
        size_t k = first_key_from(keys, first, n, g);
        if (k < first + n && keys[k].group == g) return true;
    }
    return false;
}

/* Walks one group's literal rules (pass 0) or wildcard rules (pass 1). */
static void walk_group(query *q, size_t g, int pass) {
    const group *gr = (const group *)q->r->groups.data + g;
    q->literal = pass == 0;
    if (pass == 0) {
        q->clues = NULL;
        walk(q, gr->literal_first, gr->literals);
    } else {
        q->clues = group_has_clues(gr) ? (const entry_clue *)q->r->clues.data + gr->clue_first : NULL;
        walk(q, gr->wildcard_first, gr->wildcards);
    }
}

/* Walks group g in this pass, unless count_only; in pass 0 notes whether its rules
 * were all kept and returns 1, to count it. */
static size_t take_group(query *q, size_t g, int pass, bool count_only) {
    if (!count_only) walk_group(q, g, pass);
    if (pass != 0) return 0;
    if (((const group *)q->r->groups.data + g)->left_out) q->left_out = true;
    return 1;
}

/* Walks the literal rules of every group that applies, then their wildcard rules
 * (a longer literal match makes shorter wildcard rules cheap to set aside); returns
 * how many groups apply. With count_only nothing is walked. */
static size_t walk_applying(query *q, const agent_set *set, bool specific, bool count_only) {
    const robots_rules *r = q->r;
    const agent_key *keys = r->agent_keys.data;
    const size_t *globals = r->globals.data;
    size_t groups = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (!specific) {
            for (size_t i = 0; i < r->globals.len; i++) {
                groups += take_group(q, globals[i], pass, count_only);
            }
            continue;
        }
        for (size_t a = 0; a < set->count; a++) {
            size_t first, count;
            agent_range(r, set, a, &first, &count);
            for (size_t k = first; k < first + count; k++) {
                size_t g = keys[k].group;
                /* A group naming the agent on several lines is one group. */
                if (k > first && keys[k - 1].group == g) continue;
                if (a > 0 && named_earlier(r, set, a, g)) continue;
                groups += take_group(q, g, pass, count_only);
            }
        }
    }
    return groups;
}

static void reset_query(query *q, const path_view *path, size_t budget) {
    q->path = path;
    q->allow = q->disallow = NULL;
    q->floor = 0;
    q->budget = budget;
    q->over_budget = false;
    q->sweep = NULL;
    q->clues = NULL;
    q->clues_ready = false;
    q->left_out = false;
}

/* The wildcard rules to match were more than SWEEP_BUDGET allows for this path:
 * the walk is done again, every candidate wildcard rule collected and all decided
 * in one pass over the path (sweep.c), which reads plain octets (a path that
 * decodes is decoded into a block of its own first). If memory runs out, the rules
 * are matched one at a time after all: slower, the same answer. */
static void decide_in_one_pass(query *q, const agent_set *set, bool specific) {
    const robots_rules *r = q->r;
    const path_view *given = q->path;
    path_view plain = *given;
    unsigned char *decoded = NULL;
    sweep *s = sweep_new(r);
    if (s && given->decode) {
        size_t end = view_end(given), n = 0;
        decoded = r->alloc.realloc_fn(r->alloc.ctx, NULL, end);
        for (size_t pos = 0; decoded && pos < end; n++) pos = view_next(given, pos, &decoded[n]);
        plain = (path_view){decoded, n, 0, false};
    }
    bool decided = false;
    if (s && (decoded || !given->decode)) {
        reset_query(q, &plain, 0);
        q->sweep = s;
        walk_applying(q, set, specific, false);
        q->sweep = NULL;
        decided = sweep_run(s, &plain, keep_match, q);
    }
    if (!decided) {
        reset_query(q, given, SIZE_MAX);
        walk_applying(q, set, specific, false);
    }
    if (decoded) r->alloc.free_fn(r->alloc.ctx, decoded);
    sweep_free(s);
    q->path = given;
}

/* Which groups apply: every group naming one of the crawler's agents (UA-2,
 * UA-4), else the '*' ones (UA-1). Looks each agent up (keeping the first
 * AGENTS_KEPT ranges) and says whether some group names one of them. */
static bool names_some_group(const robots_rules *r, agent_set *set) {
    bool specific = false;
    /* No group names a crawler (the files of 63% of the real-world workload's
     * checks): nothing to fold or look up. */
    if (r->agent_keys.len == 0) {
        for (size_t i = 0; i < set->count && i < AGENTS_KEPT; i++) set->first[i] = set->hits[i] = 0;
        return false;
    }
    for (size_t i = 0; i < set->count; i++) {
        size_t first, count;
        lookup_agent(r, set, i, &first, &count);
        if (i < AGENTS_KEPT) set->first[i] = first, set->hits[i] = count;
        specific = specific || count > 0;
        if (specific && i >= AGENTS_KEPT) break; /* the rest are looked up when walked */
    }
    return specific;
}

static const char left_out_rules[] =
    "the rules were parsed for other agents (robots_options.agents) and left out those of a group that applies to this one";

/* Decides the check; returns NULL, or why there is no verdict (left_out_rules). */
static const char *fill_verdict(const robots_rules *r, agent_set *set, const char *url, size_t url_len,
                                robots_verdict *out) {
    robots_verdict v = {1, ROBOTS_GROUP_NONE, 0, ROBOTS_RULE_NONE, 0, NULL, 0, 0};
    bool specific = names_some_group(r, set);
    if (!specific && r->globals.len == 0) goto done;
    v.group = specific ? ROBOTS_GROUP_SPECIFIC : ROBOTS_GROUP_GLOBAL;

    const profile *p = r->profile;
    path_view view = url_path_view(p, url, url_len);
    /* Every walk over a decoding view starts at position 0 and moves octet by octet,
     * so it meets the octets of one decoding of the whole path: decoded once here
     * (when some group applies), matching reads plain octets (about 4x faster than
     * decoding as it goes). A longer path is decoded as it is read. */
    unsigned char decoded[DECODED_PATH_MAX];
    if (view.decode && view_end(&view) <= sizeof decoded) {
        size_t n = 0;
        for (size_t pos = 0, end = view_end(&view); pos < end; n++) pos = view_next(&view, pos, &decoded[n]);
        view = (path_view){decoded, n, 0, false};
    }

    if (p->robots_txt_allowed && is_robots_txt(&view)) v.why |= ROBOTS_WHY_ROBOTS_TXT;
    /* Not zero-initialised: the clue sets (544 bytes) are cleared only when a walk
     * first needs them (gather_clues); clearing them for every query cost 5% of it. */
    query q;
    q.r = r;
    reset_query(&q, &view, SWEEP_BUDGET);
    v.groups = walk_applying(&q, set, specific, (v.why & ROBOTS_WHY_ROBOTS_TXT) != 0);
    if (q.left_out) return left_out_rules;
    if (q.over_budget) decide_in_one_pass(&q, set, specific);

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
    *out = v;
    return NULL;
}

/* Asks for the first `lines` cache lines of an array, only within its storage
 * (none when it has none). */
static ALWAYS_INLINE void prefetch_lines(const vec *v, size_t elem, size_t lines) {
    const char *p = v->data;
    size_t bytes = v->cap * elem;
    for (size_t k = 0; k < lines && k * CACHE_LINE < bytes; k++) prefetch_line(p + CACHE_LINE * k);
}

/* A query's first look at a rule set is cache misses, and most come in a chain,
 * each load waiting for the one before: the groups that apply, their entries, the
 * prefixes and the rules these name. The arrays sit in one block (parse.c's
 * plan), and all a small file's query needs of each is in its first lines: asked
 * for at once, before the chain starts, the misses overlap (the real-world
 * workload's queries, each the first or one of the first on its file, 5-7% faster;
 * prefetching further, along a binary search or a group's other list, cost more
 * than it saved). */
static ALWAYS_INLINE void prefetch_first_lines(const robots_rules *r) {
    prefetch_lines(&r->agent_keys, sizeof(agent_key), 1);
    prefetch_lines(&r->globals, sizeof(size_t), 1);
    prefetch_lines(&r->groups, sizeof(group), 1);
    prefetch_lines(&r->segments, sizeof(segment), 1);
    prefetch_lines(&r->index, sizeof(index_entry), 3);
    prefetch_lines(&r->bytes, 1, 3);
    prefetch_lines(&r->rules, sizeof(rule), 2);
}

/* Why the arguments of a check (or of robots_applying_groups, with no URL) give
 * no answer, or NULL. */
static const char *check_arguments_wrong(const robots_rules *r, const char *const *agents,
                                         const size_t *lens, size_t count, const char *url, size_t url_len) {
    if (!r) return "no rules (NULL): robots_parse failed, so there is no answer";
    if (!agents && count) return "the agents are NULL but their count is not 0";
    if (!url && url_len) return "the URL is NULL but its length is not 0";
    for (size_t i = 0; lens && i < count; i++)
        if (!agents[i] && lens[i]) return "an agent is NULL but its length is not 0";
    return NULL;
}

int robots_check_agents(const robots_rules *r, const char *const *agents, const size_t *lens,
                        size_t count, const char *url, size_t url_len, robots_verdict *out,
                        const char **error) {
    if (!out) return fail(error, "no verdict to fill in (verdict is NULL)");
    const char *wrong = check_arguments_wrong(r, agents, lens, count, url, url_len);
    if (wrong) {
        memset(out, 0, sizeof *out);
        return fail(error, wrong);
    }
    prefetch_first_lines(r);
    /* The kept ranges are filled by names_some_group before they are read:
     * not zeroed here (128 bytes per query). */
    agent_set set;
    set.names = agents;
    set.lens = lens;
    set.count = count;
    const char *why = fill_verdict(r, &set, url, url_len, out);
    if (why) {
        memset(out, 0, sizeof *out);
        return fail(error, why);
    }
    return 0;
}

/* The groups in file order: each round takes the smallest group above the last
 * one taken that some agent names (a merge of the agents' sorted key ranges). */
size_t robots_applying_groups(const robots_rules *r, const char *const *agents, const size_t *lens,
                              size_t count, size_t *out, size_t cap) {
    if (check_arguments_wrong(r, agents, lens, count, NULL, 0)) return 0;
    agent_set set = {.names = agents, .lens = lens, .count = count};
    if (!out) cap = 0;
    if (!names_some_group(r, &set)) {
        const size_t *globals = r->globals.data;
        for (size_t i = 0; i < r->globals.len && i < cap; i++) out[i] = globals[i];
        return r->globals.len;
    }
    const agent_key *keys = r->agent_keys.data;
    size_t n = 0;
    for (size_t from = 0;; n++) {
        size_t next = SIZE_MAX;
        for (size_t a = 0; a < set.count; a++) {
            size_t first, hits;
            agent_range(r, &set, a, &first, &hits);
            size_t k = first_key_from(keys, first, hits, from);
            if (k < first + hits && keys[k].group < next) next = keys[k].group;
        }
        if (next == SIZE_MAX) return n;
        if (n < cap) out[n] = next;
        from = next + 1;
    }
}

int robots_check(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                 size_t url_len, robots_verdict *out, const char **error) {
    const char *agents[1] = {agent};
    size_t lens[1] = {agent_len};
    return robots_check_agents(r, agents, lens, 1, url, url_len, out, error);
}
