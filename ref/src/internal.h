/*
 * internal.h - what the reference's source files share: the profile switches, the
 * layout of a parsed rule set and the helpers between parse, index and query.
 */
#ifndef ROBOTS_INTERNAL_H
#define ROBOTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "robots.h"

/* The library's internal functions and tables are global symbols of librobots.a;
 * they carry its prefix so they cannot collide with a program's own names (the
 * test `make test-symbols` fails on any global symbol without it). The sources use
 * the short names. */
#define agent_lookup        robots_internal_agent_lookup
#define ascii_class_table   robots_internal_ascii_class_table
#define ascii_lower_table   robots_internal_ascii_lower_table
#define bytes_append        robots_internal_bytes_append
#define bytes_append_stored robots_internal_bytes_append_stored
#define compile_segments    robots_internal_compile_segments
#define equals_nocase       robots_internal_equals_nocase
#define host_normalise      robots_internal_host_normalise
#define index_build         robots_internal_index_build
#define normalise_copying   robots_internal_normalise_copying
#define profile_toggled     robots_internal_profile_toggled
#define rule_matches_from   robots_internal_rule_matches_from
#define same_nocase         robots_internal_same_nocase
#define segment_prepare     robots_internal_segment_prepare
#define starts_with_nocase  robots_internal_starts_with_nocase
#define sweep_add           robots_internal_sweep_add
#define sweep_free          robots_internal_sweep_free
#define sweep_new           robots_internal_sweep_new
#define sweep_run           robots_internal_sweep_run
#define token_length        robots_internal_token_length
#define url_path_span       robots_internal_url_path_span
#define usage_key           robots_internal_usage_key
#define usage_line_add      robots_internal_usage_line_add
#define vec_grow            robots_internal_vec_grow
#define vec_push_slow       robots_internal_vec_push_slow
#define view_match_decoding robots_internal_view_match_decoding

/* A profile is data: every behavioural difference between Google's parser and
 * RFC 9309 is one switch here, read by the single code path. */
typedef struct profile {
    const char *name;
    bool bom_prefix;            /* skip any leading prefix of EF BB BF, not only all of it */
    size_t max_line_bytes;      /* bytes kept per line, 0 = unlimited */
    bool c_strings;             /* lines and the URL's path end at a NUL byte */
    bool key_prefix;            /* keys match by case-insensitive prefix */
    bool key_typos;             /* useragent, dissallow, site-map, ... */
    bool missing_colon;         /* "Disallow /x" accepted as key + value */
    bool star_space_global;     /* "* anything" is the global agent, not only "*" */
    bool caller_agent_token;    /* the caller's agent is reduced to its product token */
    bool index_html;            /* Allow: /d/index.htm... also allows /d/ */
    bool percent_decode;        /* %HH and the octet HH compare equal */
    bool robots_txt_allowed;    /* /robots.txt is always allowed */
    bool escape_other_values;   /* unknown keys' values are %-normalised like patterns */
    /* The fetch policy (status.c), not a parse switch: */
    bool rate_limit_unreachable; /* a 429 answer counts as a server error, not a 4xx */
} profile;

/* The profile with the switches of `toggle` (robots_options.toggle) set the other
 * way. */
void profile_toggled(robots_profile_id id, unsigned toggle, profile *out);

/* The one failure path of the public functions (robots.h's error convention). */
static inline int fail(const char **error, const char *why) {
    if (error) *error = why;
    return -1;
}

/* Offsets, lengths, counts and line numbers inside a rule set are 32-bit: every
 * one is below ten times the parsed input, which robots_parse keeps under
 * ROBOTS_MAX_PARSED_BYTES. Halving the structs a rule line fills (rule, segment,
 * index entry: 152 bytes on 64-bit machines with size_t, 84 with these) halves
 * the memory a parse writes, and with it the page faults of fresh blocks and the
 * cache lines a query reads. */
typedef uint32_t u32;

/* A literal run of a pattern between wildcards, in the rule set's byte store. */
typedef struct segment {
    u32 off;
    u32 len;
    u32 fail_off; /* later segments of 2+ octets: their KMP table in r->fails */
} segment;

/* Rule flags. */
#define RULE_ANCHORED 0x01  /* the pattern ends with '$' */
#define RULE_LITERAL 0x02   /* no '*' and no '$': a prefix match decides */
#define RULE_ALT 0x04       /* the index.html alternative of the Allow before it */

typedef struct rule {
    u32 line;
    u32 group;
    u32 text_off;  /* normalised pattern text, for explanations */
    u32 text_len;  /* its length: the rule's precedence */
    u32 seg_first; /* literal segments, split at '*' (decoded for rfc9309) */
    u32 seg_count; /* at least 1; segment 0 is the anchored prefix */
    u32 tail_octets; /* octets of segments 1..: the least the path must still hold */
    uint8_t kind;  /* robots_rule_kind */
    uint8_t flags;
} rule;

typedef struct group {
    u32 first_line;
    u32 agents;
    u32 rule_first, rule_count; /* its rules: contiguous in file order */
    u32 alt_first, alt_count;   /* its index.html alternatives */
    u32 literal_first, literals;   /* its literal rules in the prefix index */
    u32 wildcard_first, wildcards; /* its other rules in the prefix index */
    u32 clue_first;                /* their clues in r->clues (wildcards > CLUE_THRESHOLD) */
    u32 left_out;                  /* its rules not kept (robots_options.agents) */
    bool global;
} group;

typedef struct agent {
    u32 tok_off; /* product token as written */
    u32 tok_len;
    u32 value_len; /* the value from the token on (robots_agent_info.value_len) */
    u32 group;
    u32 line;
    u32 ugroup; /* its group as the usage lines see them (usage.c) */
    bool global;
} agent_line;

typedef struct record {
    u32 key_off, key_len;
    u32 val_off, val_len;
    u32 line;
} record;

/* A Content-Usage or Content-Signal line (usage.c). Its groups are RFC 9309's
 * when these lines count as rules: `group` numbers them (agent_line.ugroup), and
 * differs from the crawl rules' groups only where such a line stands between two
 * user-agent lines. */
#define USAGE_NO_GROUP UINT32_MAX /* before the first user-agent line */
typedef struct usage_rule {
    rule path;          /* the path, compiled as an Allow's; text_len 0 when absent */
    u32 stmt_off, stmt_len; /* the statement of preference, raw, in the byte store */
    u32 group;
    uint8_t vocab;      /* robots_usage_vocab */
} usage_rule;

/* The prefix index of a group: its matchable rules sorted by segment 0, so a query
 * walks the path once and meets exactly the rules whose literal prefix it has. An
 * entry is four 32-bit numbers, four to a cache line: a query's first look at a
 * rule set is cache misses, many of them on the entries its binary searches
 * touch (with pointers and the clues inline an entry took 40 bytes; at 16 the
 * workload's queries miss the last-level cache 13% less often, and parsing writes
 * 24 bytes less per rule). Whether the rule is literal is known from the list
 * being walked (each group keeps its literal and its other rules apart), and the
 * clues of wildcard rules are kept beside the list, in r->clues. */
typedef struct index_entry {
    u32 prefix_off; /* segment 0 in the byte store */
    u32 prefix_len;
    u32 length;     /* the rule's precedence, kept here so pruning needs no lookup */
    u32 rule;       /* index into r->rules, or ENTRY_ALT | index into r->alts */
} index_entry;

/* Rule counts stay far below 2^31 (a rule takes a line of input, and the input is
 * under ROBOTS_MAX_PARSED_BYTES): the top bit tells the two arrays apart. */
#define ENTRY_ALT 0x80000000u

/* What a wildcard rule needs the path to contain (see CLUE_*), for groups of more
 * than CLUE_THRESHOLD wildcard rules: one per entry of the group's wildcard list. */
typedef struct entry_clue {
    uint64_t octets;   /* bit (o & 63) for every octet o of segments 1..: all must occur */
    uint16_t clue;     /* an octet, or the hash of two adjacent octets */
    uint8_t kind;      /* CLUE_* */
} entry_clue;

/* Below this many entries, the walk (query.c) checks each one directly, in any
 * order, rather than narrowing further: index.c leaves a group's list this short
 * unsorted. */
#define DIRECT_CHECK 6

/* index.c sorts groups of up to this many rules and alternatives with scratch on
 * the stack; a file with a larger group allocates it once. */
#define INDEX_STACK_ITEMS 64

/* A necessary condition for a wildcard rule: an octet, or a pair of adjacent octets,
 * taken from its longest later segment, must occur in the path. */
#define CLUE_NONE 0
#define CLUE_OCTET 1
#define CLUE_PAIR 2
#define PAIR_BITS 4096
/* Filling a query's clue sets costs about as much as matching a few wildcard
 * rules, so clues are used (and index.c sets them) only for groups with more than
 * this many. */
#define CLUE_THRESHOLD 8
/* Whether index.c keeps clues for the group's wildcard rules (and the query reads
 * them): the one statement of CLUE_THRESHOLD's use. */
static inline bool group_has_clues(const group *g) { return g->wildcards > CLUE_THRESHOLD; }
static inline unsigned pair_hash(unsigned char a, unsigned char b) {
    return ((unsigned)a * 131u + (unsigned)b * 7u + ((unsigned)a >> 4)) & (PAIR_BITS - 1);
}

/* Lookup of named agents: sorted by token ignoring case, each pointing at its
 * group. fold and fold2 are the token's first and next 8 octets lower-cased, as
 * big-endian integers: most comparisons, sorting and looking up, end there. */
typedef struct agent_key {
    const unsigned char *token;
    u32 len;
    u32 group;
    uint64_t fold, fold2;
} agent_key;

/* A growable array; all memory of a rule set goes through vec_reserve. Its first
 * storage comes from the rule set's arena when there is room (own is false), so a
 * typical file is parsed with a single allocation; growing past it moves the
 * array to a block of its own. */
typedef struct vec {
    void *data;
    size_t len; /* elements */
    size_t cap; /* elements */
    bool own;   /* data is a block of its own, to resize and free */
} vec;

struct robots_rules {
    const profile *profile; /* points at the profile below */
    profile own_profile;    /* the options' profile, with their toggles */
    robots_profile_id profile_id;
    robots_allocator alloc;
    size_t input_bytes, parsed_bytes;
    vec bytes;      /* unsigned char: a copy of the parsed input, then the strings that differ from it */
    vec lines;      /* uint16_t: per-line flags (low byte) and key (high byte) */
    vec rules;      /* rule: allow/disallow lines inside groups, file order */
    vec alts;       /* rule: index.html alternatives (google) */
    vec segments;   /* segment */
    vec fails;      /* u32: the KMP tables of later segments (match.c) */
    vec groups;     /* group */
    vec agents;     /* agent_line, file order */
    vec sitemaps;   /* record */
    vec records;    /* record */
    vec index;      /* index_entry, grouped by group */
    vec clues;      /* entry_clue, for the groups of many wildcard rules */
    vec agent_keys; /* agent_key, sorted */
    vec globals;    /* size_t: groups that name '*' */
    vec usages;     /* usage_rule, file order */
    bool unsorted;  /* parsed for given agents: the lists are in file order, not indexed */
    bool failed;    /* an allocation failed */
    unsigned char *arena; /* the unused rest of the block allocated with the rule set */
    size_t arena_left;
};

/* ---- usage.c ---- */
/* Is the key "content-usage" or "content-signal" (any case; no typos, no
 * prefixes: attach 3.2)? Sets *vocab. */
bool usage_key(const unsigned char *k, size_t n, robots_usage_vocab *vocab);
/* Records a usage line whose value is the `len` stored bytes at `off`, in usage
 * group `group` (USAGE_NO_GROUP before any user-agent line). */
void usage_line_add(robots_rules *r, robots_usage_vocab vocab, size_t line, u32 ugroup, size_t off,
                    size_t len);

/* ---- vec.c ---- */
bool vec_grow(robots_rules *r, vec *v, size_t elem, size_t extra);
/* Room for at least `extra` more elements; false (and r->failed) when memory ran out. */
static inline bool vec_reserve(robots_rules *r, vec *v, size_t elem, size_t extra) {
    return extra <= v->cap - v->len || vec_grow(r, v, elem, extra);
}
void *vec_push_slow(robots_rules *r, vec *v, size_t elem);
/* A zeroed new last element, or NULL when memory ran out. */
static inline void *vec_push(robots_rules *r, vec *v, size_t elem) {
    if (v->len == v->cap) return vec_push_slow(r, v, elem);
    void *slot = (char *)v->data + v->len++ * elem;
    memset(slot, 0, elem);
    return slot;
}
size_t bytes_append(robots_rules *r, const void *data, size_t len);
/* Appends a copy of len stored bytes at off (the store may move while growing). */
size_t bytes_append_stored(robots_rules *r, size_t off, size_t len);
static inline const unsigned char *bytes_at(const robots_rules *r, size_t off) {
    return (const unsigned char *)r->bytes.data + off;
}

/* The rule an index entry names. */
static inline const rule *entry_rule(const robots_rules *r, const index_entry *e) {
    if (e->rule & ENTRY_ALT) return (const rule *)r->alts.data + (e->rule & ~ENTRY_ALT);
    return (const rule *)r->rules.data + e->rule;
}

/* ---- Inlining ---- */
/* A function of a hot loop that the compiler's heuristics keep out of line
 * (because it is called from two places, or large): inlined where the compiler
 * takes the hint (GCC, clang). */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* ---- Prefetching ---- */
/* The cache line of the machines the reference is tuned on (x86-64, most ARM). */
#define CACHE_LINE 64
/* Asks the cache for the line at p, where the compiler can (GCC, clang). Always
 * inlined: GCC finds a function of prefetches alone free of effects and drops the
 * calls to it. */
static ALWAYS_INLINE void prefetch_line(const void *p) {
#if defined(__GNUC__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/* ---- Eight octets at a time ---- */
/* Eight copies of an octet. */
#define BYTES8(c) (0x0101010101010101u * (uint64_t)(c))
/* Eight octets as read from memory (memcpy into w), as the integer whose most
 * significant octet is the first: such integers compare as the octets do. */
static inline uint64_t big_endian(uint64_t w) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return __builtin_bswap64(w);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return w;
#else
    unsigned char b[8];
    memcpy(b, &w, 8);
    uint64_t k = 0;
    for (int i = 0; i < 8; i++) k = k << 8 | b[i];
    return k;
#endif
}

/* ---- SIMD ---- */
/* Where SSE2 is available (every x86-64) the scans of lines (parse.c) and URLs
 * (path.c) compare sixteen octets at once; ROBOTS_NO_SIMD selects the loops over
 * single octets, which are the definition (`make test` runs every test on both). */
#if defined(__SSE2__) && !defined(ROBOTS_NO_SIMD)
#include <emmintrin.h>
#define ROBOTS_SSE2 1
#endif

/* ---- ascii.c ---- */
/* Character classes, by table (see ascii.c). */
#define ASCII_SPACE 0x01 /* the whitespace trimmed around keys and values: ' ', \t-\r */
#define ASCII_HEX 0x02   /* 0-9, a-f, A-F */
#define ASCII_TOKEN 0x04 /* [A-Za-z_-]: a product token */
extern const unsigned char ascii_class_table[256];
extern const unsigned char ascii_lower_table[256];
static inline bool ascii_space(unsigned char c) { return ascii_class_table[c] & ASCII_SPACE; }
static inline bool ascii_hex(unsigned char c) { return ascii_class_table[c] & ASCII_HEX; }
static inline bool token_char(unsigned char c) { return ascii_class_table[c] & ASCII_TOKEN; }
static inline unsigned char ascii_lower(unsigned char c) { return ascii_lower_table[c]; }
/* The value of a hex digit (inline: the matcher decodes %HH for every octet). */
static inline unsigned hex_value(unsigned char c) {
    return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}
bool starts_with_nocase(const unsigned char *s, size_t n, const char *prefix);
bool equals_nocase(const unsigned char *s, size_t n, const char *word);
bool same_nocase(const unsigned char *a, const unsigned char *b, size_t n);
size_t token_length(const unsigned char *s, size_t n);

/* Agent i of a caller's list (robots_check_agents, robots_options.agents): a NULL
 * name is "", and NULL lens means the names are NUL-terminated. */
static inline const unsigned char *listed_agent(const char *const *names, const size_t *lens, size_t i,
                                                size_t *len) {
    *len = !names[i] ? 0 : lens ? lens[i] : strlen(names[i]);
    return (const unsigned char *)(names[i] ? names[i] : "");
}

/* What of a caller's agent is compared with the product tokens of the file's
 * user-agent lines, ignoring case: all of it (google), or its own product token
 * (RFC-1, rfc9309), *len cut to it. False when it names no group: an empty token
 * (rfc9309). One statement for the queries and for robots_options.agents. */
static inline bool caller_agent_key(const profile *p, const unsigned char *agent, size_t *len) {
    if (!p->caller_agent_token) return true;
    *len = token_length(agent, *len);
    return *len > 0;
}

/* ---- pattern.c ---- */
/* Google's normalisation of a pattern: %hh -> %HH, octets >= 0x80 -> %HH, of the
 * n stored bytes at off (a value in the copy of the input). Returns the offset of
 * the result and sets *out_len: off itself when nothing changes (with `maybe`
 * false the caller has seen neither '%' nor an octet >= 0x80 in it), else a
 * normalised copy appended to the store. */
size_t normalise_copying(robots_rules *r, size_t off, size_t n, u32 *out_len);
static inline size_t pattern_normalise(robots_rules *r, size_t off, size_t n, u32 *out_len, bool maybe) {
    if (!maybe) { /* most values, inline: the call cost more than this */
        *out_len = (u32)n;
        return off;
    }
    return normalise_copying(r, off, n, out_len);
}

/* Splits a normalised pattern into literal segments at '*', with a final '$' as
 * anchor; decodes %HH into octets when the profile compares decoded. Fills the
 * rule's segment fields and flags. `stars` false: the caller has seen no '*' in
 * the pattern. */
void compile_segments(robots_rules *r, rule *rl, bool stars);
static inline void pattern_compile(robots_rules *r, rule *rl, bool stars) {
    const unsigned char *t = bytes_at(r, rl->text_off);
    /* Most patterns (google): no '*', no final '$', nothing to decode. Their one
     * segment is the whole text, made here: the general split cost 60
     * instructions a rule, 3% of parsing a file of rules. */
    if (!stars && !r->profile->percent_decode && (rl->text_len == 0 || t[rl->text_len - 1] != '$')) {
        segment *sg = vec_push(r, &r->segments, sizeof *sg);
        if (!sg) return;
        sg->off = rl->text_off;
        sg->len = rl->text_len;
        rl->seg_first = (u32)(r->segments.len - 1);
        rl->seg_count = 1;
        rl->flags |= RULE_LITERAL;
        return;
    }
    compile_segments(r, rl, stars);
}

/* ---- path.c ---- */
/* Locates the path of a URL per Google's GetPathParamsQuery: *lead is 1 when a '/'
 * must be put in front of the returned span. */
void url_path_span(const unsigned char *url, size_t n, size_t *start, size_t *len, int *lead);

/* ---- match.c ---- */
/* The path as the matcher sees it: an optional virtual leading '/', then raw
 * octets, where %HH counts as the one octet HH when `decode` is set. A position is
 * a raw offset (0 .. lead + len). */
typedef struct path_view {
    const unsigned char *s;
    size_t len;
    unsigned lead;
    bool decode;
} path_view;

static inline size_t view_end(const path_view *v) { return v->lead + v->len; }

/* The path of a URL as the profile matches it: located as url_path_span does,
 * cut at a NUL where lines are C strings, decoding %HH where the profile compares
 * decoded octets (and the path holds a '%'). One statement for the crawl rules'
 * queries (query.c) and the usage lines' (usage.c). */
static inline path_view url_path_view(const profile *p, const char *url, size_t url_len) {
    const unsigned char *u = (const unsigned char *)(url ? url : "");
    size_t start, len;
    int lead;
    url_path_span(u, url_len, &start, &len, &lead);
    if (p->c_strings && len) {
        const unsigned char *nul = memchr(u + start, '\0', len);
        if (nul) len = (size_t)(nul - (u + start));
    }
    path_view view = {u + start, len, (unsigned)lead, false};
    view.decode = p->percent_decode && len && memchr(view.s, '%', len) != NULL;
    return view;
}

/* The octet at position pos (< view_end) and the position after it. */
static inline size_t view_next(const path_view *v, size_t pos, unsigned char *octet) {
    if (pos < v->lead) {
        *octet = '/';
        return pos + 1;
    }
    size_t i = pos - v->lead;
    if (v->decode && v->s[i] == '%' && i + 2 < v->len && ascii_hex(v->s[i + 1]) &&
        ascii_hex(v->s[i + 2])) {
        *octet = (unsigned char)(hex_value(v->s[i + 1]) << 4 | hex_value(v->s[i + 2]));
        return pos + 3;
    }
    *octet = v->s[i];
    return pos + 1;
}

/* view_match_at where the view decodes or p is at the virtual '/'. */
bool view_match_decoding(const path_view *v, size_t p, const unsigned char *seg, size_t n, size_t *after);
/* Do the n octets of seg occur at position p? Sets *after to the position after
 * them. Raw bytes are compared in place here, inline: the prefix walk asks this
 * at every step, and the call was a tenth of a query. */
static inline bool view_match_at(const path_view *v, size_t p, const unsigned char *seg, size_t n,
                                 size_t *after) {
    if (v->decode || p < v->lead) return view_match_decoding(v, p, seg, n, after);
    size_t i = p - v->lead;
    if (v->len - i < n || (n && memcmp(v->s + i, seg, n) != 0)) return false;
    *after = p + n;
    return true;
}

/* Fills the KMP table of a later segment (see match.c) into r->fails. */
void segment_prepare(robots_rules *r, segment *sg);

/* Does the rest of rule `rl` (segments 1..) match the path from position pos, the
 * end of segment 0? */
bool rule_matches_from(const robots_rules *r, const rule *rl, const path_view *v, size_t pos);

/* ---- sweep.c ---- */
/* Many wildcard rules decided in one pass over the path (see sweep.c): add each
 * candidate with the position where its segment 0 ended, then run over a view that
 * does not decode (decode it first); `matched` is called for every rule that
 * matches. Returns false when scratch memory ran out (nothing decided). */
typedef struct sweep sweep;
sweep *sweep_new(const robots_rules *r);
bool sweep_add(sweep *s, const rule *rl, size_t pos);
bool sweep_run(sweep *s, const path_view *v, void (*matched)(void *ctx, const rule *rl), void *ctx);
void sweep_free(sweep *s);

/* ---- host.c ---- */
/* The host of an authority ("[v6]" with its brackets, or a reg-name/IPv4 as
 * written) in the form scoping compares. Returns 0, or -1 with *error set. */
int host_normalise(const unsigned char *h, size_t n, char out[ROBOTS_HOST_MAX + 1],
                   robots_host_type *type, const char **error);

/* ---- index.c ---- */
void index_build(robots_rules *r);
/* The range of agent_keys naming `token` (compared ignoring case). */
void agent_lookup(const robots_rules *r, const unsigned char *token, size_t len,
                  size_t *first, size_t *count);

#endif
