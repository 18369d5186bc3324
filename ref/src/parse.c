/*
 * parse.c - robots.txt bytes to an immutable rule set.
 *
 * The walk mirrors Google's ParseRobotsTxt: skip a BOM, cut the input into lines at
 * LF, CR or CR LF, split each line into key and value, recognise the key and build
 * groups. Where a profile switch decides, the switch is named.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NO_GROUP SIZE_MAX

typedef struct parser {
    robots_rules *r;
    const profile *p;
    size_t group;     /* the group user-agent lines and rules go to, NO_GROUP before any */
    bool group_rules; /* that group has had an allow/disallow line */
} parser;

/* ---- Lines ------------------------------------------------------------------ */

/* FORMAT-4: an optional BOM is ignored. Google skips whatever prefix of EF BB BF
 * the input starts with, stopping at the first byte that does not continue it. */
static size_t bom_length(const parser *ps, const unsigned char *s, size_t n) {
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t i = 0;
    while (i < 3 && i < n && s[i] == bom[i]) i++;
    if (ps->p->bom_prefix) return i;
    return i == 3 ? 3 : 0;
}

static void trim(const unsigned char **text, size_t *len) {
    const unsigned char *s = *text;
    size_t n = *len;
    while (n && ascii_space(s[0])) s++, n--;
    while (n && ascii_space(s[n - 1])) n--;
    *text = s;
    *len = n;
}

static void push_line(parser *ps, unsigned flags, robots_key key) {
    uint16_t *slot = vec_push(ps->r, &ps->r->lines, sizeof *slot);
    if (slot) *slot = (uint16_t)(flags | (unsigned)key << 8);
}

/* ---- Keys ------------------------------------------------------------------- */

/* The keys, in the order Google's ParsedRobotsKey::Parse tries them; a typo entry
 * is only used where the profile accepts typos (FORMAT-7). */
static const struct {
    const char *word;
    robots_key key;
    bool typo;
} key_words[] = {
    {"user-agent", ROBOTS_KEY_USER_AGENT, false},
    {"useragent", ROBOTS_KEY_USER_AGENT, true},
    {"user agent", ROBOTS_KEY_USER_AGENT, true},
    {"allow", ROBOTS_KEY_ALLOW, false}, /* no typo is accepted for allow */
    {"disallow", ROBOTS_KEY_DISALLOW, false},
    {"dissallow", ROBOTS_KEY_DISALLOW, true},
    {"dissalow", ROBOTS_KEY_DISALLOW, true},
    {"disalow", ROBOTS_KEY_DISALLOW, true},
    {"diasllow", ROBOTS_KEY_DISALLOW, true},
    {"disallaw", ROBOTS_KEY_DISALLOW, true},
    {"sitemap", ROBOTS_KEY_SITEMAP, false},
    {"site-map", ROBOTS_KEY_SITEMAP, true},
};

static robots_key classify_key(const profile *p, const unsigned char *k, size_t n, bool *typo) {
    unsigned char first = ascii_lower(k[0]);
    for (size_t i = 0; i < sizeof key_words / sizeof key_words[0]; i++) {
        /* Every word differs from the key at once unless the first letters agree. */
        if ((unsigned char)key_words[i].word[0] != first) continue;
        if (key_words[i].typo && !p->key_typos) continue;
        bool hit = p->key_prefix ? starts_with_nocase(k, n, key_words[i].word)
                                 : equals_nocase(k, n, key_words[i].word);
        if (hit) {
            *typo = key_words[i].typo;
            return key_words[i].key;
        }
    }
    *typo = false;
    return ROBOTS_KEY_OTHER;
}

/* FORMAT-5: "<field>:<value>". Google also accepts a missing colon when the line is
 * exactly two words separated by spaces or tabs ("Disallow /x"). Returns false when
 * the line holds no key/value pair. */
static bool split_key_value(const parser *ps, const unsigned char *l, size_t n,
                            const unsigned char **key, size_t *key_len,
                            const unsigned char **val, size_t *val_len, unsigned *flags) {
    const unsigned char *colon = memchr(l, ':', n);
    size_t sep;
    if (colon) {
        sep = (size_t)(colon - l);
    } else {
        if (!ps->p->missing_colon) return false;
        sep = 0;
        while (sep < n && l[sep] != ' ' && l[sep] != '\t') sep++;
        if (sep == n) return false;
        size_t v = sep;
        while (v < n && (l[v] == ' ' || l[v] == '\t')) v++;
        /* A third word: not "key value", so not a directive. */
        for (size_t i = v; i < n; i++)
            if (l[i] == ' ' || l[i] == '\t') return false;
        *flags |= ROBOTS_LINE_MISSING_COLON;
    }
    *key = l;
    *key_len = sep;
    trim(key, key_len);
    /* Only ":value" can leave the key empty: a whitespace separator follows a word. */
    if (*key_len == 0) return false;
    *val = l + sep + 1;
    *val_len = n - sep - 1;
    trim(val, val_len);
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
}

/* GROUP-1/2/5: consecutive user-agent lines share the rules after them; a
 * user-agent line after a rule starts the next group. */
static void handle_user_agent(parser *ps, size_t line, const unsigned char *v, size_t n) {
    robots_rules *r = ps->r;
    if (ps->group == NO_GROUP || ps->group_rules) start_group(ps, line);
    if (r->failed) return;
    agent_line *a = vec_push(r, &r->agents, sizeof *a);
    if (!a) return;
    a->line = line;
    a->group = ps->group;
    /* Google: '*' alone or followed by whitespace is the global agent; RFC 9309:
     * the product token "*" exactly. */
    a->global = n >= 1 && v[0] == '*' &&
                (n == 1 || (ps->p->star_space_global && ascii_space(v[1])));
    /* UA-3: the product token is the leading [A-Za-z_-] run; "Googlebot/2.1" and
     * "googlebot*" name googlebot, "*bot" names nobody. */
    size_t tok = a->global ? 0 : token_length(v, n);
    a->tok_off = bytes_append(r, v, tok);
    a->tok_len = tok;
    group *g = (group *)r->groups.data + ps->group;
    g->agents++;
    if (a->global) g->global = true;
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
    pattern_compile(r, alt);
}

static void handle_rule(parser *ps, robots_key key, size_t line, const unsigned char *v, size_t n) {
    robots_rules *r = ps->r;
    /* GROUP-3: rules before the first user-agent line belong to no group. */
    if (ps->group == NO_GROUP) return;
    ps->group_rules = true;
    rule *rl = vec_push(r, &r->rules, sizeof *rl);
    if (!rl) return;
    rl->kind = key == ROBOTS_KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW;
    rl->line = line;
    rl->group = ps->group;
    rl->text_off = pattern_normalise(r, v, n, &rl->text_len);
    pattern_compile(r, rl);
    if (ps->p->index_html && rl->kind == ROBOTS_RULE_ALLOW && !r->failed) {
        rule copy = *rl; /* the push below may move the rules */
        add_index_html_alternative(ps, &copy);
    }
}

static void handle_record(parser *ps, vec *into, size_t line, const unsigned char *k, size_t kn,
                          const unsigned char *v, size_t vn, bool escape) {
    robots_rules *r = ps->r;
    record *rec = vec_push(r, into, sizeof *rec);
    if (!rec) return;
    rec->line = line;
    rec->key_off = bytes_append(r, k, kn);
    rec->key_len = kn;
    if (escape) {
        rec->val_off = pattern_normalise(r, v, vn, &rec->val_len);
    } else {
        rec->val_off = bytes_append(r, v, vn);
        rec->val_len = vn;
    }
}

/* Parses one line of n bytes (already cut at the line cap and, for google, at the
 * first NUL). */
static void parse_line(parser *ps, size_t line, const unsigned char *l, size_t n, bool too_long) {
    unsigned flags = too_long ? ROBOTS_LINE_TOO_LONG : 0;
    /* FORMAT-5: '#' starts a comment anywhere, also inside a value. */
    const unsigned char *hash = memchr(l, '#', n);
    if (hash) {
        flags |= ROBOTS_LINE_HAS_COMMENT;
        n = (size_t)(hash - l);
    }
    trim(&l, &n);
    if (n == 0) {
        push_line(ps, flags | (hash ? ROBOTS_LINE_COMMENT : ROBOTS_LINE_EMPTY), ROBOTS_KEY_NONE);
        return;
    }
    const unsigned char *k, *v;
    size_t kn, vn;
    if (!split_key_value(ps, l, n, &k, &kn, &v, &vn, &flags)) {
        /* FORMAT-2: anything else is ignored. */
        push_line(ps, flags, ROBOTS_KEY_NONE);
        return;
    }
    bool typo;
    robots_key key = classify_key(ps->p, k, kn, &typo);
    flags |= ROBOTS_LINE_DIRECTIVE | (typo ? ROBOTS_LINE_TYPO : 0);
    switch (key) {
    case ROBOTS_KEY_USER_AGENT:
        handle_user_agent(ps, line, v, vn);
        break;
    case ROBOTS_KEY_ALLOW:
    case ROBOTS_KEY_DISALLOW:
        handle_rule(ps, key, line, v, vn);
        break;
    case ROBOTS_KEY_SITEMAP:
        /* SITEMAP-1 / GROUP-4: outside all groups; the URL is kept as written. */
        handle_record(ps, &ps->r->sitemaps, line, k, kn, v, vn, false);
        break;
    default:
        handle_record(ps, &ps->r->records, line, k, kn, v, vn, ps->p->escape_other_values);
        break;
    }
    push_line(ps, flags, key);
}

/* The next CR or LF at or after `from`. memchr finds each kind fast; the position
 * found for each is kept until the walk passes it, so a file of CR-only lines costs
 * one pass, not one pass per line. */
typedef struct line_ends {
    const unsigned char *s;
    size_t n;
    size_t next_lf, next_cr, next_nul; /* n when there is none */
} line_ends;

static size_t find_from(const unsigned char *s, size_t n, size_t from, unsigned char c) {
    const unsigned char *hit = from < n ? memchr(s + from, c, n - from) : NULL;
    return hit ? (size_t)(hit - s) : n;
}

static size_t next_line_end(line_ends *le, size_t from) {
    if (le->next_lf < from) le->next_lf = find_from(le->s, le->n, from, '\n');
    if (le->next_cr < from) le->next_cr = find_from(le->s, le->n, from, '\r');
    return le->next_lf < le->next_cr ? le->next_lf : le->next_cr;
}

/* FORMAT-1: lines end at LF, CR or CR LF. Google keeps at most max_line_bytes of a
 * line; the final line counts even when empty, as in Google's parser. */
static void parse_lines(parser *ps, const unsigned char *s, size_t n) {
    size_t at = bom_length(ps, s, n);
    size_t line = 0;
    size_t cap = ps->p->max_line_bytes;
    line_ends le = {s, n, 0, 0, 0};
    le.next_lf = find_from(s, n, at, '\n');
    le.next_cr = find_from(s, n, at, '\r');
    le.next_nul = ps->p->c_strings ? find_from(s, n, at, '\0') : n;
    for (;;) {
        size_t end = next_line_end(&le, at);
        size_t len = end - at;
        bool too_long = cap && len > cap;
        if (too_long) len = cap;
        /* Google's parser works on C strings: a NUL ends the line's content. */
        if (le.next_nul < at) le.next_nul = find_from(s, n, at, '\0');
        if (le.next_nul < at + len) len = le.next_nul - at;
        parse_line(ps, ++line, s + at, len, too_long);
        if (end >= n || ps->r->failed) break;
        if (s[end] == '\r' && end + 1 < n && s[end + 1] == '\n') end++;
        at = end + 1;
    }
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
    o->profile = ROBOTS_PROFILE_GOOGLE;
    o->max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    o->allocator = NULL;
}

robots_rules *robots_parse(const void *data, size_t len, const robots_options *options) {
    robots_options defaults;
    if (!options) {
        robots_options_init(&defaults);
        options = &defaults;
    }
    if ((unsigned)options->profile >= ROBOTS_PROFILE_COUNT) return NULL;
    if (!data && len) return NULL;
    robots_allocator alloc = {default_realloc, default_free, NULL};
    if (options->allocator) alloc = *options->allocator;
    robots_rules *r = alloc.realloc_fn(alloc.ctx, NULL, sizeof *r);
    if (!r) return NULL;
    memset(r, 0, sizeof *r);
    r->alloc = alloc;
    r->profile_id = options->profile;
    r->profile = profile_get(options->profile);
    r->input_bytes = len;
    /* FORMAT-8: content past the cap is ignored. */
    r->parsed_bytes = options->max_bytes && len > options->max_bytes ? options->max_bytes : len;

    /* The byte store is never NULL, so offsets into it are always valid pointers;
     * most files need about their own size in it. */
    vec_reserve(r, &r->bytes, 1, r->parsed_bytes + 64);
    parser ps = {r, r->profile, NO_GROUP, false};
    parse_lines(&ps, data ? data : (const void *)"", r->parsed_bytes);
    if (!r->failed) index_build(r);
    if (r->failed) {
        robots_free(r);
        return NULL;
    }
    return r;
}
