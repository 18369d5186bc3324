/*
 * parse.c - robots.txt bytes to an immutable rule set.
 *
 * The walk mirrors Google's ParseRobotsTxt: skip a BOM, cut the input into lines at
 * LF, CR or CR LF, split each line into key and value, recognise the key and build
 * groups. Where a profile switch decides, the switch is named.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NO_GROUP SIZE_MAX

typedef struct parser {
    robots_rules *r;
    const profile *p;
    const unsigned char *input; /* the parsed bytes: r->bytes starts with a copy */
    size_t group;     /* the group user-agent lines and rules go to, NO_GROUP before any */
    bool group_rules; /* that group has had an allow/disallow line */
    bool keep;        /* that group's rules are kept: robots_options.agents asks for them, or is empty */
    u32 ugroup;       /* the usage group (usage_rule.group), USAGE_NO_GROUP before any */
    bool ugroup_rules; /* that group has had an allow, disallow or usage line */
    const robots_options *options;
} parser;

/* ---- Lines ------------------------------------------------------------------ */

/* The bytes one pass over a line looks for. Finding them all at once replaces five
 * memchr calls per line (line end, CR, NUL, '#', ':'), which on lines of 20-40
 * bytes cost more than the bytes; it also tells pattern_normalise and
 * pattern_compile whether they need to look for '%', octets >= 0x80 and '*'. */
enum {
    L_END = 0x01,     /* LF or CR: the line ends (FORMAT-1) */
    L_NUL = 0x02,     /* ends a line's content where the profile reads C strings */
    L_HASH = 0x04,    /* starts a comment (FORMAT-5) */
    L_COLON = 0x08,   /* separates key and value */
    L_PERCENT = 0x10, /* the value may need its escapes normalised */
    L_HIGH = 0x20,    /* an octet >= 0x80: the value needs escaping */
    L_STAR = 0x40     /* the pattern has more than one segment */
};
#define H8 L_HIGH, L_HIGH, L_HIGH, L_HIGH, L_HIGH, L_HIGH, L_HIGH, L_HIGH
static const unsigned char line_class[256] = {
    [0] = L_NUL, ['\n'] = L_END, ['\r'] = L_END, ['#'] = L_HASH, [':'] = L_COLON, ['%'] = L_PERCENT,
    ['*'] = L_STAR, [0x80] = H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8, H8,
};
#undef H8

/* FORMAT-4: an optional BOM is ignored. Google skips whatever prefix of EF BB BF
 * the input starts with, stopping at the first byte that does not continue it. */
static size_t bom_length(const parser *ps, const unsigned char *s, size_t n) {
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t i = 0;
    while (i < 3 && i < n && s[i] == bom[i]) i++;
    if (ps->p->bom_prefix) return i;
    return i == 3 ? 3 : 0;
}

/* The first non-space byte of [s, e), or e. */
static const unsigned char *skip_space(const unsigned char *s, const unsigned char *e) {
    while (s < e && ascii_space(s[0])) s++;
    return s;
}

#ifdef ROBOTS_SSE2
/* The octets among the 16 at p that are not ascii_space (' ', \t-\r), as bits. */
static inline unsigned nonspace_mask(const unsigned char *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i from_tab = _mm_sub_epi8(v, _mm_set1_epi8('\t')); /* \t-\r: 0-4 */
    __m128i controls = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
    __m128i space = _mm_or_si128(controls, _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
    return (unsigned)_mm_movemask_epi8(space) ^ 0xFFFFu;
}
#endif

/* skip_space for a line's start, sixteen octets at a time where SSE2 is available
 * and the line has them (else eight spaces at a time): the indentation of HTML
 * served as robots.txt made the loop over single octets a tenth of parsing such
 * files, its exit a branch mispredicted on most lines. (Values follow their colon
 * by a space or two: there the comparison would cost more than it saves.) */
static const unsigned char *skip_indent(const unsigned char *s, const unsigned char *e) {
    if (s == e || s[0] > ' ') return s; /* most lines of robots.txt files */
#ifdef ROBOTS_SSE2
    for (; e - s >= 16; s += 16) {
        unsigned m = nonspace_mask(s);
        if (m) return s + __builtin_ctz(m);
    }
#else
    uint64_t w;
    while (e - s >= 8 && s[0] == ' ' && (memcpy(&w, s, 8), w == BYTES8(' '))) s += 8;
#endif
    return skip_space(s, e);
}

#ifdef ROBOTS_SSE2
/* The spaces and tabs among the 16 octets at p, as bits. */
static inline unsigned blank_mask(const unsigned char *p) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
}
#endif

/* The first space or tab of l from `from` on, or n. Sixteen octets at a time where
 * SSE2 is available: lines without a colon are looked through for their words
 * (split_key_value), and such lines are mostly long ones of HTML or script. The
 * last (fewer than sixteen) octets are compared by one load that ends where they
 * end, when the input has sixteen octets up to there (`input` is its start); the
 * octets before `from` are masked off (octet by octet, the tail was most of the
 * cost). */
static size_t first_blank(const unsigned char *input, const unsigned char *l, size_t from, size_t n) {
#ifdef ROBOTS_SSE2
    for (; n - from >= 16; from += 16) {
        unsigned m = blank_mask(l + from);
        if (m) return from + (size_t)__builtin_ctz(m);
    }
    if (from < n && (size_t)(l + n - input) >= 16) {
        unsigned m = blank_mask(l + n - 16) >> (from + 16 - n); /* bit 0: the octet at from */
        return m ? from + (size_t)__builtin_ctz(m) : n;
    }
#else
    (void)input;
#endif
    while (from < n && l[from] != ' ' && l[from] != '\t') from++;
    return from;
}

/* The end of [s, e) without its trailing spaces. */
static const unsigned char *trim_end(const unsigned char *s, const unsigned char *e) {
    while (e > s && ascii_space(e[-1])) e--;
    return e;
}

/* Keeps a line's flags and key (parse_line's answer). */
static void push_line(parser *ps, unsigned flags_key) {
    uint16_t *slot = vec_push(ps->r, &ps->r->lines, sizeof *slot);
    if (slot) *slot = (uint16_t)flags_key;
}

/* The offset in the byte store of input bytes at p: strings that are kept as
 * written are not copied one by one (a copy per rule, agent and record cost more
 * than copying the input once). */
static size_t in_store(const parser *ps, const unsigned char *p) { return (size_t)(p - ps->input); }

/* ---- Keys ------------------------------------------------------------------- */

/* The keys, in the order Google's ParsedRobotsKey::Parse tries them, grouped by
 * first letter; a typo entry is only used where the profile accepts typos
 * (FORMAT-7). */
typedef struct key_word {
    const char *word;
    size_t len;
    robots_key key;
    bool typo;
    bool spaced; /* holds a space: compared octet by octet (see key_starts_with) */
} key_word;

#define WORD(w, key, typo) {w, sizeof w - 1, key, typo, false}
static const key_word u_words[] = {
    WORD("user-agent", ROBOTS_KEY_USER_AGENT, false),
    WORD("useragent", ROBOTS_KEY_USER_AGENT, true),
    {"user agent", 10, ROBOTS_KEY_USER_AGENT, true, true},
};
static const key_word a_words[] = {
    WORD("allow", ROBOTS_KEY_ALLOW, false), /* no typo is accepted for allow */
};
static const key_word d_words[] = {
    WORD("disallow", ROBOTS_KEY_DISALLOW, false), WORD("dissallow", ROBOTS_KEY_DISALLOW, true),
    WORD("dissalow", ROBOTS_KEY_DISALLOW, true),  WORD("disalow", ROBOTS_KEY_DISALLOW, true),
    WORD("diasllow", ROBOTS_KEY_DISALLOW, true),  WORD("disallaw", ROBOTS_KEY_DISALLOW, true),
};
static const key_word s_words[] = {
    WORD("sitemap", ROBOTS_KEY_SITEMAP, false),
    WORD("site-map", ROBOTS_KEY_SITEMAP, true),
};
#undef WORD

/* Does the key start with the word (in lower case), ignoring case? Eight octets
 * at a time where it can (one octet at a time, the key's first recognition was
 * 5% of re-parsing): OR-ing 0x20 into an octet gives a lower-case letter exactly
 * when the octet is that letter in either case, and leaves '-' equal only to '-'
 * (or CR, which ends the line before it reaches a key). A space would also
 * equal NUL, which a key may hold where lines are not C strings: the spaced typo
 * is compared octet by octet. */
static bool key_starts_with(const unsigned char *k, const key_word *w) {
    size_t i = 0;
    if (!w->spaced) {
        const uint64_t fold = 0x2020202020202020u;
        for (; w->len - i >= 8; i += 8) {
            uint64_t have, want;
            memcpy(&have, k + i, 8);
            memcpy(&want, w->word + i, 8);
            if ((have | fold) != want) return false;
        }
    }
    for (; i < w->len; i++)
        if (ascii_lower(k[i]) != (unsigned char)w->word[i]) return false;
    return true;
}

static robots_key classify_key(const profile *p, const unsigned char *k, size_t n, bool *typo) {
    *typo = false;
    const key_word *words;
    size_t count;
    switch (ascii_lower(k[0])) {
    case 'u': words = u_words, count = sizeof u_words / sizeof *u_words; break;
    case 'a': words = a_words, count = sizeof a_words / sizeof *a_words; break;
    case 'd': words = d_words, count = sizeof d_words / sizeof *d_words; break;
    case 's': words = s_words, count = sizeof s_words / sizeof *s_words; break;
    default: return ROBOTS_KEY_OTHER;
    }
    for (size_t i = 0; i < count; i++) {
        const key_word *w = &words[i];
        if (w->typo && !p->key_typos) continue;
        /* Google matches by prefix ("user-agentx" is user-agent), RFC 9309 whole. */
        bool fits = p->key_prefix ? n >= w->len : n == w->len;
        if (fits && key_starts_with(k, w)) {
            *typo = w->typo;
            return w->key;
        }
    }
    return ROBOTS_KEY_OTHER;
}

/* FORMAT-5: "<field>:<value>", the colon at offset `colon` (SIZE_MAX: none). Google
 * also accepts a missing colon when the line is exactly two words separated by
 * spaces or tabs ("Disallow /x"). Returns false when the line holds no key/value
 * pair. */
static bool split_key_value(const parser *ps, const unsigned char *l, size_t n, size_t colon,
                            const unsigned char **key, size_t *key_len,
                            const unsigned char **val, size_t *val_len, unsigned *flags) {
    size_t sep;
    if (colon != SIZE_MAX) {
        sep = colon;
    } else {
        if (!ps->p->missing_colon) return false;
        sep = first_blank(ps->input, l, 0, n);
        if (sep == n) return false;
        size_t v = sep;
        while (v < n && (l[v] == ' ' || l[v] == '\t')) v++;
        /* A third word: not "key value", so not a directive. */
        if (first_blank(ps->input, l, v, n) < n) return false;
        *flags |= ROBOTS_LINE_MISSING_COLON;
    }
    /* The line is trimmed already: the key can only have spaces at its end, the
     * value only at its start. */
    *key = l;
    *key_len = (size_t)(trim_end(l, l + sep) - l);
    /* Only ":value" can leave the key empty: a whitespace separator follows a word. */
    if (*key_len == 0) return false;
    *val = skip_space(l + sep + 1, l + n);
    *val_len = (size_t)(l + n - *val);
    return true;
}

/* ---- Directives --------------------------------------------------------------- */

static void start_group(parser *ps, size_t line) {
    robots_rules *r = ps->r;
    group *g = vec_push(r, &r->groups, sizeof *g);
    if (!g) return;
    g->first_line = line;
    g->rule_first = r->rules.len;
    g->alt_first = r->alts.len;
    ps->group = r->groups.len - 1;
    ps->group_rules = false;
    ps->keep = ps->options->agent_count == 0;
}

/* Does the product token of a user-agent line name one of the agents the rule set
 * is parsed for (robots_options.agents), as a query would compare them? */
static bool names_wanted_agent(const parser *ps, const unsigned char *token, size_t n) {
    const robots_options *o = ps->options;
    for (size_t i = 0; i < o->agent_count; i++) {
        size_t len;
        const unsigned char *a = listed_agent(o->agents, o->agent_lens, i, &len);
        if (caller_agent_key(ps->p, a, &len) && len == n && same_nocase(a, token, n)) return true;
    }
    return false;
}

/* GROUP-1/2/5: consecutive user-agent lines share the rules after them; a
 * user-agent line after a rule starts the next group. */
static void handle_user_agent(parser *ps, size_t line, const unsigned char *v, size_t n) {
    robots_rules *r = ps->r;
    if (ps->group == NO_GROUP || ps->group_rules) start_group(ps, line);
    /* The usage lines' groups (usage.c): the same, with those lines as rules. */
    if (ps->ugroup == USAGE_NO_GROUP || ps->ugroup_rules) {
        ps->ugroup = ps->ugroup == USAGE_NO_GROUP ? 0 : ps->ugroup + 1;
        ps->ugroup_rules = false;
    }
    if (r->failed) return;
    agent_line *a = vec_push(r, &r->agents, sizeof *a);
    if (!a) return;
    a->line = line;
    a->group = ps->group;
    a->ugroup = ps->ugroup;
    /* Google: '*' alone or followed by whitespace is the global agent; RFC 9309:
     * the product token "*" exactly. */
    a->global = n >= 1 && v[0] == '*' &&
                (n == 1 || (ps->p->star_space_global && ascii_space(v[1])));
    /* UA-3: the product token is the leading [A-Za-z_-] run; "Googlebot/2.1" and
     * "googlebot*" name googlebot, "*bot" names nobody. */
    size_t tok = a->global ? 0 : token_length(v, n);
    a->tok_off = in_store(ps, v);
    a->tok_len = tok;
    a->value_len = n;
    group *g = (group *)r->groups.data + ps->group;
    g->agents++;
    if (a->global) g->global = true;
    /* A group that can apply to the wanted agents keeps its rules: one naming
     * them, or '*', which applies when no group names them. */
    if (!ps->keep && (a->global || names_wanted_agent(ps, v, tok))) ps->keep = true;
}

/* The index.html rule (Google only): an Allow whose last path segment starts with
 * "index.htm" also allows its directory, tried as "<dir>/$". */
static void add_index_html_alternative(parser *ps, const rule *allow) {
    robots_rules *r = ps->r;
    const unsigned char *t = bytes_at(r, allow->text_off);
    size_t slash = allow->text_len;
    while (slash > 0 && t[slash - 1] != '/') slash--;
    if (slash == 0) return;
    static const char tail[] = "index.htm";
    if (allow->text_len - slash < sizeof tail - 1 || memcmp(t + slash, tail, sizeof tail - 1))
        return;
    size_t off = bytes_append_stored(r, allow->text_off, slash);
    bytes_append(r, "$", 1);
    rule *alt = vec_push(r, &r->alts, sizeof *alt);
    if (!alt || r->failed) return;
    alt->kind = ROBOTS_RULE_ALLOW;
    alt->flags = RULE_ALT;
    alt->line = allow->line;
    alt->group = allow->group;
    alt->text_off = off;
    alt->text_len = slash + 1;
    pattern_compile(r, alt, true); /* the directory may hold a '*' */
}

static void handle_rule(parser *ps, robots_key key, size_t line, const unsigned char *v, size_t n, unsigned hints) {
    robots_rules *r = ps->r;
    ps->ugroup_rules = true;
    /* GROUP-3: rules before the first user-agent line belong to no group. */
    if (ps->group == NO_GROUP) return;
    ps->group_rules = true;
    if (!ps->keep) { /* robots_options.agents: no query it allows reads this group */
        ((group *)r->groups.data + ps->group)->left_out++;
        return;
    }
    rule *rl = vec_push(r, &r->rules, sizeof *rl);
    if (!rl) return;
    rl->kind = key == ROBOTS_KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW;
    rl->line = line;
    rl->group = ps->group;
    bool maybe_escaped = hints & (L_PERCENT | L_HIGH);
    rl->text_off = pattern_normalise(r, in_store(ps, v), n, &rl->text_len, maybe_escaped);
    pattern_compile(r, rl, hints & L_STAR);
    if (ps->p->index_html && rl->kind == ROBOTS_RULE_ALLOW && !r->failed) {
        rule copy = *rl; /* the push below may move the rules */
        add_index_html_alternative(ps, &copy);
    }
}

/* A sitemap or other record; `escape`: the profile normalises such values and the
 * scan saw a '%' or an octet >= 0x80 that may need it. */
static void handle_record(parser *ps, vec *into, size_t line, const unsigned char *k, size_t kn,
                          const unsigned char *v, size_t vn, bool escape) {
    robots_rules *r = ps->r;
    record *rec = vec_push(r, into, sizeof *rec);
    if (!rec) return;
    rec->line = line;
    rec->key_off = in_store(ps, k);
    rec->key_len = kn;
    rec->val_off = pattern_normalise(r, in_store(ps, v), vn, &rec->val_len, escape);
}

/* USAGE-8: a Content-Usage or Content-Signal line is also a rule of the usage
 * groups (usage.c). It needs its colon (attach 3.2): Google's "key value" without
 * one is a line of some other kind. It changes nothing of the crawl rules. */
static void handle_usage(parser *ps, size_t line, const unsigned char *k, size_t kn,
                         const unsigned char *v, size_t vn, unsigned flags) {
    robots_usage_vocab vocab;
    if ((flags & ROBOTS_LINE_MISSING_COLON) || !usage_key(k, kn, &vocab)) return;
    ps->ugroup_rules = true;
    usage_line_add(ps->r, vocab, line, ps->ugroup, in_store(ps, v), vn);
}

typedef struct line_scan {
    size_t len;      /* bytes before the line end (LF, CR or the input's end) */
    size_t nul;      /* offset of the first NUL, or SIZE_MAX */
    size_t hash;     /* offset of the first '#', or SIZE_MAX */
    size_t colon;    /* offset of the first ':', or SIZE_MAX */
    unsigned after_colon; /* L_PERCENT, L_HIGH, L_STAR seen after the first colon */
    unsigned all;         /* ... and in the whole line */
} line_scan;

/* The special octets of 64 (or, at the input's end, `len` < 64) at p, as bits;
 * the octets are copied to `copy` on the way (the byte store's copy of the input
 * is made by the scan that reads it: a copy of its own read the input twice and
 * was 7% of parsing). Where SSE2 is available (every x86-64), a whole window is
 * compared with every special octet 16 at a time; the loop over single octets is
 * the definition, and `make test` runs every test on it too (the sanitizer tree
 * is built with ROBOTS_NO_SIMD). */
#ifdef ROBOTS_SSE2
static inline unsigned block_specials(const unsigned char *p, unsigned char *copy, unsigned *ends) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    _mm_storeu_si128((__m128i *)(void *)copy, v);
    __m128i lf = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), cr = _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'));
    __m128i nul = _mm_cmpeq_epi8(v, _mm_setzero_si128()), hash = _mm_cmpeq_epi8(v, _mm_set1_epi8('#'));
    __m128i colon = _mm_cmpeq_epi8(v, _mm_set1_epi8(':')), pct = _mm_cmpeq_epi8(v, _mm_set1_epi8('%'));
    __m128i star = _mm_cmpeq_epi8(v, _mm_set1_epi8('*'));
    __m128i end = _mm_or_si128(lf, cr);
    __m128i hit = _mm_or_si128(_mm_or_si128(end, _mm_or_si128(nul, hash)),
                               _mm_or_si128(_mm_or_si128(colon, pct), star));
    *ends = (unsigned)_mm_movemask_epi8(end);
    /* movemask takes each octet's high bit: of v itself, the octets >= 0x80. */
    return (unsigned)(_mm_movemask_epi8(hit) | _mm_movemask_epi8(v));
}
#endif

/* The index of the lowest set bit of m (not 0). */
static inline size_t lowest_bit(uint64_t m) {
#if defined(__GNUC__)
    return (size_t)__builtin_ctzll(m);
#else
    size_t i = 0;
    for (; !(m & 1); m >>= 1) i++;
    return i;
#endif
}

/* ... and the line ends among them, as bits, in *ends: which special octet ends a
 * line is then known without loading it and its class (the loads that the walk's
 * most frequent branch waited for). */
static inline uint64_t window_specials(const unsigned char *p, size_t len, unsigned char *copy,
                                       uint64_t *ends) {
#ifdef ROBOTS_SSE2
    if (len == 64) {
        unsigned e0, e1, e2, e3;
        uint64_t m = (uint64_t)block_specials(p, copy, &e0) |
                     (uint64_t)block_specials(p + 16, copy + 16, &e1) << 16 |
                     (uint64_t)block_specials(p + 32, copy + 32, &e2) << 32 |
                     (uint64_t)block_specials(p + 48, copy + 48, &e3) << 48;
        *ends = (uint64_t)e0 | (uint64_t)e1 << 16 | (uint64_t)e2 << 32 | (uint64_t)e3 << 48;
        return m;
    }
#endif
    memcpy(copy, p, len);
    uint64_t m = 0, e = 0;
    for (size_t j = 0; j < len; j++) {
        unsigned k = line_class[p[j]];
        if (k) m |= (uint64_t)1 << j;
        if (k & L_END) e |= (uint64_t)1 << j;
    }
    *ends = e;
    return m;
}

/* Parses one line: sc->len bytes at l (already cut at the line cap and, for
 * google, at the first NUL), with what the scan found in them. Returns what
 * r->lines keeps of it: its flags, and its key << 8. */
static unsigned parse_line(parser *ps, size_t line, const unsigned char *l, const line_scan *sc,
                           bool too_long) {
    unsigned flags = too_long ? ROBOTS_LINE_TOO_LONG : 0;
    size_t n = sc->len;
    /* FORMAT-5: '#' starts a comment anywhere, also inside a value. */
    bool hash = sc->hash < n;
    if (hash) {
        flags |= ROBOTS_LINE_HAS_COMMENT;
        n = sc->hash;
    }
    const unsigned char *start = skip_indent(l, l + n);
    size_t lead = (size_t)(start - l);
    n = (size_t)(trim_end(start, l + n) - start);
    if (n == 0) return flags | (hash ? ROBOTS_LINE_COMMENT : ROBOTS_LINE_EMPTY);
    const unsigned char *k, *v;
    size_t kn, vn;
    /* A colon before the comment and the line's end is the separator. */
    size_t colon = sc->colon < lead + n ? sc->colon - lead : SIZE_MAX;
    /* FORMAT-2: anything else is ignored. */
    if (!split_key_value(ps, start, n, colon, &k, &kn, &v, &vn, &flags)) return flags;
    bool typo;
    robots_key key = classify_key(ps->p, k, kn, &typo);
    /* What the scan saw in the value: after the colon when that is the
     * separator (a superset when the line has a comment). */
    unsigned hints = colon != SIZE_MAX ? sc->after_colon : sc->all;
    flags |= ROBOTS_LINE_DIRECTIVE | (typo ? ROBOTS_LINE_TYPO : 0);
    switch (key) {
    case ROBOTS_KEY_USER_AGENT:
        handle_user_agent(ps, line, v, vn);
        break;
    case ROBOTS_KEY_ALLOW:
    case ROBOTS_KEY_DISALLOW:
        handle_rule(ps, key, line, v, vn, hints);
        break;
    case ROBOTS_KEY_SITEMAP:
        /* SITEMAP-1 / GROUP-4: outside all groups; the URL is kept as written.
         * SITEMAP-3: an empty value names no sitemap ("sitemap: [absoluteURL]"),
         * so the line stays a sitemap line but adds nothing to the list. */
        if (vn > 0) handle_record(ps, &ps->r->sitemaps, line, k, kn, v, vn, false);
        break;
    default:
        handle_record(ps, &ps->r->records, line, k, kn, v, vn,
                      ps->p->escape_other_values && (hints & (L_PERCENT | L_HIGH)));
        handle_usage(ps, line, k, kn, v, vn, flags);
        break;
    }
    return flags | (unsigned)key << 8;
}

/* FORMAT-1: lines end at LF, CR or CR LF. Google keeps at most max_line_bytes of a
 * line; the final line counts even when empty, as in Google's parser.
 *
 * The input is read in windows of 64 octets, each turned into a mask of its
 * special octets (window_specials), and the walk goes from one special octet to
 * the next with a bit scan: what a line needs (its end, first ':', '#' and NUL,
 * and whether its value holds '%', '*' or octets >= 0x80) is gathered as they
 * pass, and the line is parsed at its end. Every octet is compared once; finding
 * the next special octet by comparing 16 octets again from each one (':' and the
 * line's end on every line) was a third of parsing. */
typedef struct line_state {
    size_t start;                      /* the line's first octet */
    size_t nul, hash, colon;           /* first of each, from start, or SIZE_MAX */
    unsigned before, after;            /* classes seen before and after the first colon */
} line_state;

static void line_begin(line_state *ls, size_t start) {
    *ls = (line_state){start, SIZE_MAX, SIZE_MAX, SIZE_MAX, 0, 0};
}

/* Parses the line of ls, which ends at offset eol. Inlined into the walk: called
 * once per line, its call (arguments, saved registers, the line_scan built in
 * memory) was 2% of parsing's instructions. */
static ALWAYS_INLINE void line_end(parser *ps, const unsigned char *s, const line_state *ls, size_t eol, size_t line) {
    const unsigned value = L_PERCENT | L_HIGH | L_STAR;
    line_scan sc = {eol - ls->start, ls->nul, ls->hash, ls->colon, ls->after & value,
                    (ls->before | ls->after) & value};
    size_t cap = ps->p->max_line_bytes;
    bool too_long = cap && sc.len > cap;
    if (too_long) sc.len = cap;
    /* Google's parser works on C strings: a NUL ends the line's content. */
    if (ps->p->c_strings && sc.nul < sc.len) sc.len = sc.nul;
    push_line(ps, parse_line(ps, line, s + ls->start, &sc, too_long));
}

/* A robots.txt that is one of many (a crawl's, a benchmark's) is in memory the
 * cache has not seen. Its first INPUT_AHEAD octets are asked for at once, and
 * each window asks for the one INPUT_AHEAD further on, so the misses overlap the
 * parsing instead of each waiting for it: the hardware's own prefetcher starts
 * late on files of a few kilobytes (one parse per file on the real-world
 * workload: 3% faster). */
#define INPUT_AHEAD 4096

static void parse_lines(parser *ps, const unsigned char *s, size_t n) {
    line_state ls;
    line_begin(&ls, bom_length(ps, s, n));
    size_t line = 0;
    for (size_t k = 0; k < n && k < INPUT_AHEAD; k += CACHE_LINE) prefetch_line(s + k);
    /* From 0: a BOM is copied too, and its octets skipped as before the line. */
    for (size_t w = 0; w < n; w += 64) {
        if (n - w > INPUT_AHEAD) prefetch_line(s + w + INPUT_AHEAD); /* a window is a line */
        unsigned char *copy = (unsigned char *)ps->r->bytes.data + w; /* the store may have moved */
        uint64_t ends;
        uint64_t m = window_specials(s + w, n - w < 64 ? n - w : 64, copy, &ends);
        for (; m; m &= m - 1) {
            size_t bit = lowest_bit(m), i = w + bit;
            if (i < ls.start) continue; /* the LF of a CR LF, or in a BOM */
            if (ends >> bit & 1) {
                line_end(ps, s, &ls, i, ++line);
                if (ps->r->failed) return;
                line_begin(&ls, i + 1 + (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n'));
                continue;
            }
            unsigned k = line_class[s[i]];
            size_t at = i - ls.start;
            if (k & L_NUL && ls.nul == SIZE_MAX) ls.nul = at;
            if (k & L_HASH && ls.hash == SIZE_MAX) ls.hash = at;
            if (k & L_COLON && ls.colon == SIZE_MAX) ls.colon = at;
            if (ls.colon == SIZE_MAX) ls.before |= k;
            else ls.after |= k;
        }
    }
    /* The last line: after the last line end, or the whole input (even empty). */
    line_end(ps, s, &ls, n, ++line);
}

/* ---- Memory plan ------------------------------------------------------------- */

/* How many elements of each array a file of n bytes typically needs: about a line
 * per 16 bytes, a rule per 24, an agent per 64, a group per 128, an entry of a
 * KMP table (match.c) per 16. The rule set and
 * these arrays are one allocation; a file that needs more grows them. The plan
 * covers files up to PLAN_BYTES_MAX, above the default fetch cap: growing arrays
 * of a large file by reallocation cost more than parsing it (each larger block
 * freshly mapped, faulted in and copied into; a 150 KB file of 5,600 rules parsed
 * 2.8x faster once planned whole), while planned pages that are never written are
 * never faulted in. Past it the plan stops growing and memory stays proportional
 * to what is used. One allocation instead of a dozen also matters under
 * AddressSanitizer, where the fuzzers run and every allocation is expensive. */
#define PLAN_BYTES_MAX 524288
#define PLAN_SLACK 1024 /* for the arrays not planned (sitemaps, records, ...) */

static size_t arena_round(size_t n) {
    return (n + _Alignof(max_align_t) - 1) / _Alignof(max_align_t) * _Alignof(max_align_t);
}

/* Gives v room for count elements at *at (when laying out) and returns the bytes
 * that takes. */
static size_t place(vec *v, unsigned char **at, size_t elem, size_t count) {
    size_t bytes = arena_round(elem * count);
    if (*at) {
        v->data = *at;
        v->cap = count;
        *at += bytes;
    }
    return bytes;
}

/* The byte store of a file of `parsed` bytes: its copy, and room for the strings
 * that differ from it (normalised patterns, index.html alternatives). A quarter
 * more is plenty for most files; normalising one value may ask for three times its
 * length, and a store that outgrows its plan is copied whole. */
static size_t store_plan(size_t parsed) { return parsed + parsed / 4 + 64; }

/* The planned arrays of a file of `parsed` bytes: laid out from *at, or only
 * measured when *at is NULL. Returns the bytes they take. The byte store is never
 * NULL, so offsets into it are always valid pointers. A file larger than
 * PLAN_BYTES_MAX gets its store of its own (vec_reserve) and the other arrays
 * planned as for PLAN_BYTES_MAX. */
static size_t plan_layout(robots_rules *r, unsigned char **at, size_t parsed) {
    size_t k = parsed < PLAN_BYTES_MAX ? parsed : PLAN_BYTES_MAX;
    size_t total = 0;
    /* What a query reads first comes first, next to the rule set's header: a
     * query's first look at a rule set is cache misses, fewer when the few
     * elements it reads of each array share lines and pages (3-4% of the
     * workload's queries). */
    total += place(&r->globals, at, sizeof(size_t), k / 128 + 2);
    total += place(&r->groups, at, sizeof(group), k / 128 + 2);
    total += place(&r->agent_keys, at, sizeof(agent_key), k / 64 + 2);
    total += place(&r->index, at, sizeof(index_entry), k / 24 + 4);
    total += place(&r->rules, at, sizeof(rule), k / 24 + 4);
    total += place(&r->segments, at, sizeof(segment), k / 24 + 4);
    total += place(&r->fails, at, sizeof(u32), k / 16 + 16);
    if (parsed <= PLAN_BYTES_MAX) total += place(&r->bytes, at, 1, store_plan(parsed));
    total += place(&r->lines, at, sizeof(uint16_t), k / 16 + 8);
    total += place(&r->agents, at, sizeof(agent_line), k / 64 + 2);
    return total;
}

/* ---- Entry points ------------------------------------------------------------ */

static void *default_realloc(void *ctx, void *p, size_t n) {
    (void)ctx;
    return realloc(p, n);
}

static void default_free(void *ctx, void *p) {
    (void)ctx;
    free(p);
}

void robots_options_init(robots_options *o) {
    if (!o) return;
    o->profile = ROBOTS_PROFILE_GOOGLE;
    o->max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    o->allocator = NULL;
    o->toggle = 0;
    o->agents = NULL;
    o->agent_lens = NULL;
    o->agent_count = 0;
}

static const char out_of_memory[] = "out of memory";

int robots_parse(const void *data, size_t len, const robots_options *options, robots_rules **out,
                 const char **error) {
    if (!out) return fail(error, "nowhere to put the rules (out is NULL)");
    *out = NULL;
    robots_options defaults;
    if (!options) {
        robots_options_init(&defaults);
        options = &defaults;
    }
    if ((unsigned)options->profile >= ROBOTS_PROFILE_COUNT)
        return fail(error, "unknown profile in the options");
    if (options->toggle >> ROBOTS_SWITCH_COUNT)
        return fail(error, "unknown switch toggled in the options (a bit past ROBOTS_SWITCH_COUNT)");
    if (!data && len) return fail(error, "the data is NULL but its length is not 0");
    if (!options->agents && options->agent_count)
        return fail(error, "the options' agents are NULL but their count is not 0");
    for (size_t i = 0; options->agent_lens && i < options->agent_count; i++)
        if (!options->agents[i] && options->agent_lens[i])
            return fail(error, "an agent of the options is NULL but its length is not 0");
    robots_allocator alloc = {default_realloc, default_free, NULL};
    if (options->allocator) alloc = *options->allocator;
    /* FORMAT-8: content past the cap is ignored. */
    size_t parsed = options->max_bytes && len > options->max_bytes ? options->max_bytes : len;
    if (parsed > ROBOTS_MAX_PARSED_BYTES)
        return fail(error, "more than ROBOTS_MAX_PARSED_BYTES (256 MiB) to parse: set max_bytes to parse the beginning");
    size_t head = arena_round(sizeof(robots_rules));
    robots_rules sizing;
    unsigned char *at = NULL;
    size_t planned = plan_layout(&sizing, &at, parsed);
    robots_rules *r = alloc.realloc_fn(alloc.ctx, NULL, head + planned + PLAN_SLACK);
    if (!r) return fail(error, out_of_memory);
    memset(r, 0, sizeof *r);
    r->alloc = alloc;
    r->profile_id = options->profile;
    profile_toggled(options->profile, options->toggle, &r->own_profile);
    r->profile = &r->own_profile;
    r->input_bytes = len;
    r->parsed_bytes = parsed;
    r->unsorted = options->agent_count > 0;
    at = (unsigned char *)r + head;
    plan_layout(r, &at, parsed);
    /* The slack after the plan is the arena the other arrays start in (vec_reserve). */
    r->arena = at;
    r->arena_left = PLAN_SLACK;
    const unsigned char *input = data ? data : (const void *)"";
    /* The store starts with the input, copied there as parse_lines reads it. */
    if (vec_reserve(r, &r->bytes, 1, store_plan(parsed))) r->bytes.len = parsed;
    parser ps = {r, r->profile, input, NO_GROUP, false, false, USAGE_NO_GROUP, false, options};
    if (!r->failed) parse_lines(&ps, input, parsed);
    if (!r->failed) index_build(r);
    if (r->failed) {
        robots_free(r);
        return fail(error, out_of_memory);
    }
    *out = r;
    return 0;
}
