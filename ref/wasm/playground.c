/*
 * playground.c - the reference's interface for the playground page (the site's
 * playground.html, conformance/playground/playground.js), compiled to WebAssembly
 * with clang's wasm32-wasi target. The page hands it a robots.txt, agents, URLs
 * and the file's location and gets back, as JSON: which robots.txt governs each
 * URL and whether this file is it; for every URL it governs x agent x profile the
 * verdict, the line and group that decided and why in words; and what the parser
 * made of each notable line. It adds no rule of its own: every answer is the
 * reference's (ref/src), read through robots.h.
 *
 * The page may also hand it crawlers of the catalog (conformance/crawler-catalog.json),
 * each with its tokens: those are asked as the crawler asks (robots_check_crawler),
 * and each gets its reach, what its groups keep it from (the page's "who can crawl
 * this site").
 *
 * Exports: pg_alloc(n) and pg_free(p) for the page's buffers; pg_evaluate(...) ->
 * a NUL-terminated JSON text the page frees with pg_free, or 0 when memory ran out.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "robots.h"

#define EXPORT(name) __attribute__((export_name(name)))

EXPORT("pg_alloc") void *pg_alloc(size_t n) { return malloc(n ? n : 1); }
EXPORT("pg_free") void pg_free(void *p) { free(p); }

/* Room for a robots.txt URL: "scheme://host:port/robots.txt" and its NUL. */
#define ROBOTS_TXT_URL_CAP (ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32)

typedef struct out {
    buf b;
    bool lost; /* memory ran out somewhere */
} out;

static void raw(out *o, const char *s) { o->lost |= buf_add(&o->b, s, strlen(s)) != 0; }

static void str(out *o, const char *s, size_t n) { o->lost |= json_append_string(&o->b, s, n) != 0; }

static void key_str(out *o, const char *key, const char *s, size_t n) {
    raw(o, "\"");
    raw(o, key);
    raw(o, "\":");
    str(o, s, n);
}

static void key_text(out *o, const char *key, const char *s) { key_str(o, key, s, strlen(s)); }

static void key_num(out *o, const char *key, uint64_t v) {
    char text[64];
    snprintf(text, sizeof text, "\"%s\":%llu", key, (unsigned long long)v);
    raw(o, text);
}

static void key_bool(out *o, const char *key, bool v) {
    raw(o, "\"");
    raw(o, key);
    raw(o, v ? "\":true" : "\":false");
}

/* The lines of a newline-separated list, each without its CR. */
typedef struct lines_walk {
    const char *p, *end;
} lines_walk;

static bool next_item(lines_walk *w, const char **s, size_t *n) {
    while (w->p < w->end) {
        const char *start = w->p;
        const char *nl = memchr(start, '\n', (size_t)(w->end - start));
        const char *stop = nl ? nl : w->end;
        w->p = nl ? nl + 1 : w->end;
        size_t len = (size_t)(stop - start);
        if (len && start[len - 1] == '\r') len--;
        if (len == 0) continue; /* blank lines name nothing */
        *s = start;
        *n = len;
        return true;
    }
    return false;
}

/* ---- Where the file lives, and what it governs -------------------------------- */

typedef enum location_state {
    LOCATION_OK,              /* url holds the file's robots.txt URL, normalised */
    LOCATION_NONE,            /* none given, and no URL to derive one from */
    LOCATION_NOT_A_URL,       /* given, and robots_url_parse refuses it (why) */
    LOCATION_NOT_A_ROBOTS_URL /* given, a URL, but not /robots.txt at a host's root:
                                 a file there governs nothing (SCOPE-3); url holds the
                                 host's robots.txt URL, as a suggestion */
} location_state;

typedef struct location {
    location_state state;
    bool given;
    char url[ROBOTS_TXT_URL_CAP];
    const char *why;
} location;

/* The location as given, or, when none is, the robots.txt URL of the first URL
 * that has one. */
static location find_location(const char *given, size_t given_len, const char *urls, size_t urls_len) {
    location loc = {LOCATION_NONE, given_len > 0, "", NULL};
    if (loc.given) {
        robots_scope scope;
        const char *why = NULL;
        if (robots_robots_txt_url(given, given_len, loc.url, sizeof loc.url, NULL, &why) != 0) {
            loc.state = LOCATION_NOT_A_URL;
            loc.why = why ? why : "not a URL";
            loc.url[0] = '\0';
        } else if (robots_scope_check(given, given_len, given, given_len, &scope, NULL) == 0 &&
                   scope == ROBOTS_SCOPE_NOT_ROBOTS_URL) {
            loc.state = LOCATION_NOT_A_ROBOTS_URL;
        } else {
            loc.state = LOCATION_OK;
        }
        return loc;
    }
    lines_walk w = {urls, urls + urls_len};
    const char *u;
    size_t ul;
    while (next_item(&w, &u, &ul))
        if (robots_robots_txt_url(u, ul, loc.url, sizeof loc.url, NULL, NULL) == 0) {
            loc.state = LOCATION_OK;
            return loc;
        }
    loc.url[0] = '\0';
    return loc;
}

static const char *location_state_name(location_state s) {
    switch (s) {
    case LOCATION_OK: return "ok";
    case LOCATION_NONE: return "none";
    case LOCATION_NOT_A_URL: return "not-a-url";
    case LOCATION_NOT_A_ROBOTS_URL: return "not-a-robots-url";
    }
    return "none";
}

typedef enum url_scope {
    URL_APPLIES,   /* same scheme, host and port as the file: it has a verdict */
    URL_PATH,      /* a bare path ("/x"): on the file's own site, it has a verdict */
    URL_ELSEWHERE, /* another robots.txt governs it: no verdict from this file */
    URL_NOT_A_URL, /* neither a URL the reference reads nor a path: no verdict */
    URL_UNKNOWN    /* the location is not a URL: no verdict for anything */
} url_scope;

static const char *url_scope_name(url_scope s) {
    switch (s) {
    case URL_APPLIES: return "applies";
    case URL_PATH: return "path";
    case URL_ELSEWHERE: return "does-not-apply";
    case URL_NOT_A_URL: return "not-a-url";
    case URL_UNKNOWN: return "unknown";
    }
    return "unknown";
}

#define DIFFERS_SCHEME 1u
#define DIFFERS_HOST 2u
#define DIFFERS_PORT 4u

typedef struct url_info {
    url_scope scope;
    char governing[ROBOTS_TXT_URL_CAP]; /* the robots.txt URL governing it, or "" */
    const char *why;                    /* URL_NOT_A_URL: why */
    unsigned differs;                   /* URL_ELSEWHERE: DIFFERS_* against the location */
    bool resolved;                      /* a scheme-relative URL read with the location's scheme */
    bool lost;                          /* memory ran out */
} url_info;

/* What the file at loc says of u: whether it governs it and, if not, which file does. */
static url_info classify(const location *loc, const char *u, size_t ul) {
    url_info info = {URL_UNKNOWN, "", NULL, 0, false, false};
    if (loc->state == LOCATION_NOT_A_URL) return info;
    if (ul >= 1 && u[0] == '/' && (ul == 1 || u[1] != '/')) {
        /* A path names a resource of the file's own site, as PATH-1 reads it; a
         * file that is not at /robots.txt governs nothing at all (SCOPE-3). */
        info.scope = loc->state == LOCATION_NOT_A_ROBOTS_URL ? URL_ELSEWHERE : URL_PATH;
        return info;
    }
    char *resolved = NULL;
    const char *target = u;
    size_t target_len = ul;
    if (ul >= 2 && u[0] == '/' && u[1] == '/') {
        /* Scheme-relative: it takes the scheme of the document it is found in,
         * here the file's. */
        const char *colon = strchr(loc->url, ':');
        if (!colon || loc->state == LOCATION_NONE) {
            info.scope = URL_NOT_A_URL;
            info.why = "a URL without a scheme (//host/...), and no location for the robots.txt to take one from";
            return info;
        }
        size_t scheme_len = (size_t)(colon - loc->url) + 1;
        resolved = malloc(scheme_len + ul);
        if (!resolved) {
            info.lost = true;
            return info;
        }
        memcpy(resolved, loc->url, scheme_len);
        memcpy(resolved + scheme_len, u, ul);
        target = resolved;
        target_len = scheme_len + ul;
        info.resolved = true;
    }
    const char *why = NULL;
    if (robots_robots_txt_url(target, target_len, info.governing, sizeof info.governing, NULL, &why) != 0) {
        info.scope = URL_NOT_A_URL;
        info.why = why ? why : "not a URL";
        info.governing[0] = '\0';
    } else if (loc->state != LOCATION_OK) {
        info.scope = URL_ELSEWHERE; /* LOCATION_NOT_A_ROBOTS_URL: the file governs nothing */
    } else {
        robots_scope scope = ROBOTS_SCOPE_DOES_NOT_APPLY;
        robots_url a, b;
        if (robots_scope_check(loc->url, strlen(loc->url), target, target_len, &scope, NULL) == 0 &&
            scope == ROBOTS_SCOPE_APPLIES) {
            info.scope = URL_APPLIES;
        } else {
            info.scope = URL_ELSEWHERE;
            if (robots_url_parse(loc->url, strlen(loc->url), &a, NULL) == 0 &&
                robots_url_parse(target, target_len, &b, NULL) == 0) {
                if (strcmp(a.scheme, b.scheme) != 0) info.differs |= DIFFERS_SCHEME;
                if (strcmp(a.host, b.host) != 0) info.differs |= DIFFERS_HOST;
                /* http and https each on its default port differ by scheme alone */
                if (a.port != b.port && !(a.port_is_default && b.port_is_default)) info.differs |= DIFFERS_PORT;
            }
        }
    }
    free(resolved);
    return info;
}

static bool has_verdict(url_scope s) { return s == URL_APPLIES || s == URL_PATH; }

static void location_json(out *o, const location *loc) {
    raw(o, "\"location\":{");
    key_bool(o, "given", loc->given);
    raw(o, ",");
    key_text(o, "state", location_state_name(loc->state));
    raw(o, ",");
    /* ok: the file's robots.txt URL; not-a-robots-url: the one of that host */
    key_text(o, loc->state == LOCATION_NOT_A_ROBOTS_URL ? "suggest" : "url", loc->url);
    if (loc->why) {
        raw(o, ",");
        key_text(o, "why", loc->why);
    }
    raw(o, "}");
}

static void url_json(out *o, const location *loc, const char *u, size_t ul) {
    url_info info = classify(loc, u, ul);
    o->lost |= info.lost;
    raw(o, "{");
    key_str(o, "url", u, ul);
    raw(o, ",");
    key_text(o, "scope", url_scope_name(info.scope));
    if (info.governing[0]) {
        raw(o, ",");
        key_text(o, "robots_url", info.governing);
    }
    if (info.why) {
        raw(o, ",");
        key_text(o, "why", info.why);
    }
    if (info.resolved) raw(o, ",\"scheme_relative\":true");
    if (info.scope == URL_ELSEWHERE) {
        raw(o, ",\"differs\":[");
        const char *sep = "";
        static const struct {
            unsigned bit;
            const char *name;
        } parts[] = {{DIFFERS_SCHEME, "scheme"}, {DIFFERS_HOST, "host"}, {DIFFERS_PORT, "port"}};
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            if (!(info.differs & parts[i].bit)) continue;
            raw(o, sep);
            str(o, parts[i].name, strlen(parts[i].name));
            sep = ",";
        }
        raw(o, "]");
    }
    raw(o, "}");
}

/* ---- Who is asked: an agent as written, or a crawler of the catalog ------------- */

/* The most tokens a crawler of the catalog has (its schema's maxItems). */
#define CRAWLER_TOKENS_MAX 8

/* What one verdict is asked for. An agent is one token (or string) asked alone;
 * a crawler (a line of the page's crawler list: "label TAB tokens TAB flags", the
 * tokens space-separated, most specific first, the flags "ignores-star" or none)
 * is asked as robots_check_crawler asks: the first of its tokens a group names
 * decides alone (UA-1, UA-2), and '*' groups count only for one that follows them
 * (Google's special-case crawlers do not). */
typedef struct asked {
    const char *label;
    size_t label_len;
    const char *tokens[CRAWLER_TOKENS_MAX];
    size_t lens[CRAWLER_TOKENS_MAX];
    size_t ntokens;
    bool crawler;
    bool ignores_star;
} asked;

static asked agent_asked(const char *agent, size_t agent_len) {
    asked a = {agent, agent_len, {agent}, {agent_len}, 1, false, false};
    return a;
}

/* The next field of a crawler line, up to a tab or its end. */
static const char *field(const char **p, const char *end, size_t *n) {
    const char *start = *p;
    const char *tab = memchr(start, '\t', (size_t)(end - start));
    *n = (size_t)((tab ? tab : end) - start);
    *p = tab ? tab + 1 : end;
    return start;
}

/* A crawler line read; tokens past CRAWLER_TOKENS_MAX are not asked (the page
 * sends none: the catalog allows no more). */
static asked crawler_asked(const char *s, size_t n) {
    asked a = {NULL, 0, {NULL}, {0}, 0, true, false};
    const char *p = s, *end = s + n;
    a.label = field(&p, end, &a.label_len);
    size_t tokens_len, flags_len;
    const char *tokens = field(&p, end, &tokens_len);
    const char *flags = field(&p, end, &flags_len);
    a.ignores_star = flags_len == 12 && memcmp(flags, "ignores-star", 12) == 0;
    for (const char *t = tokens, *stop = tokens + tokens_len; t < stop && a.ntokens < CRAWLER_TOKENS_MAX;) {
        const char *space = memchr(t, ' ', (size_t)(stop - t));
        const char *e = space ? space : stop;
        if (e > t) {
            a.tokens[a.ntokens] = t;
            a.lens[a.ntokens++] = (size_t)(e - t);
        }
        t = e + 1;
    }
    return a;
}

/* The verdict for who is asked; *decided as robots_check_crawler sets it. */
static int check_asked(const robots_rules *rules, const asked *a, const char *url, size_t url_len, robots_verdict *v,
                       size_t *decided, const char **error) {
    *decided = a->ntokens;
    if (!a->crawler) return robots_check(rules, a->tokens[0], a->lens[0], url, url_len, v, error);
    return robots_check_crawler(rules, a->tokens, a->lens, a->ntokens, a->ignores_star ? ROBOTS_CRAWLER_IGNORES_STAR : 0u,
                                url, url_len, v, decided, error);
}

/* The groups that decided for who is asked: the decided token's, or, when no group
 * names a token, the '*' groups (none for a crawler that ignores them). Writes
 * the first `cap` group indexes and returns how many there are. */
static size_t groups_asked(const robots_rules *rules, const asked *a, size_t decided, size_t *found, size_t cap) {
    if (decided < a->ntokens) return robots_applying_groups(rules, &a->tokens[decided], &a->lens[decided], 1, found, cap);
    if (a->crawler && a->ignores_star) return 0;
    if (a->crawler) return robots_applying_groups(rules, NULL, NULL, 0, found, cap);
    return robots_applying_groups(rules, a->tokens, a->lens, 1, found, cap);
}

/* ---- Verdicts -------------------------------------------------------------------- */

/* "1 character", "8 characters"; bytes when the pattern is not all ASCII (the
 * reference counts a pattern's length in bytes: its precedence). */
static void pattern_length(const robots_verdict *v, char *text, size_t cap) {
    bool ascii = true;
    for (size_t i = 0; i < v->pattern_len && ascii; i++) ascii = (unsigned char)v->pattern[i] < 0x80;
    snprintf(text, cap, "%zu %s%s", v->pattern_len, ascii ? "character" : "byte", v->pattern_len == 1 ? "" : "s");
}

/* Why a verdict is what it is, in words (the deciding line is given apart). */
static void why_words(const robots_verdict *v, char *text, size_t cap) {
    char length[48];
    pattern_length(v, length, sizeof length);
    if (v->why & ROBOTS_WHY_ROBOTS_TXT) {
        snprintf(text, cap, "/robots.txt itself is always allowed (RFC 9309, 2.2.2)");
    } else if (v->rule == ROBOTS_RULE_NONE && v->group == ROBOTS_GROUP_NONE) {
        snprintf(text, cap, "no group applies: no group names this agent and there is no * group, so everything "
                            "is allowed");
    } else if (v->rule == ROBOTS_RULE_NONE) {
        snprintf(text, cap, "no rule of the %s group%s matches the path, so it is allowed",
                 v->group == ROBOTS_GROUP_GLOBAL ? "*" : "agent's", v->groups > 1 ? "s" : "");
    } else if (v->why & ROBOTS_WHY_TIE) {
        snprintf(text, cap, "an allow and a disallow of the same length (%s) match: the allow wins the tie", length);
    } else if (v->why & ROBOTS_WHY_INDEX_HTML) {
        snprintf(text, cap, "an allow ending in index.htm or index.html also allows its directory (Google)");
    } else {
        snprintf(text, cap, "the longest matching rule decides: %s, %s long%s", robots_rule_kind_name(v->rule), length,
                 v->pattern_len == 0 ? " (an empty pattern matches every path)" : "");
    }
}

/* When a rule ending in '$' would decide the URL without its query but does not
 * with it (MATCH-8, EDGE-4: '$' is the end of the path and query), the member
 * "without_query": {line, rule, pattern} says so. */
static void query_defeats(out *o, const robots_rules *rules, const asked *a, const char *url, size_t url_len,
                          const robots_verdict *with) {
    const char *hash = memchr(url, '#', url_len);
    size_t end = hash ? (size_t)(hash - url) : url_len;
    const char *query = memchr(url, '?', end);
    if (!query) return;
    size_t q = (size_t)(query - url);
    char *bare = malloc(url_len - (end - q) + 1);
    if (!bare) {
        o->lost = true;
        return;
    }
    memcpy(bare, url, q);
    memcpy(bare + q, url + end, url_len - end);
    robots_verdict v;
    size_t token;
    bool decided = check_asked(rules, a, bare, url_len - (end - q), &v, &token, NULL) == 0 &&
                   v.rule != ROBOTS_RULE_NONE && v.pattern_len > 0 && v.pattern[v.pattern_len - 1] == '$' &&
                   (with->rule == ROBOTS_RULE_NONE || v.line != with->line);
    free(bare);
    if (!decided) return;
    raw(o, ",\"without_query\":{");
    key_num(o, "line", v.line);
    raw(o, ",");
    key_text(o, "rule", robots_rule_kind_name(v.rule));
    raw(o, ",");
    key_str(o, "pattern", v.pattern, v.pattern_len);
    raw(o, "}");
}

/* The AI usage preferences of the file for this URL and agent (Content-Usage and
 * Content-Signal lines, docs/usage-preferences.md): "usage": [{kind, category,
 * answer, line, why}] for every category of both kinds, when the file has such a
 * line. */
static void usage_json(out *o, const robots_rules *rules, const char *agent, size_t agent_len, const char *url,
                       size_t url_len) {
    if (robots_usage_line_count(rules) == 0) return;
    raw(o, ",\"usage\":[");
    bool first = true;
    for (int k = ROBOTS_CONTENT_USAGE; k <= ROBOTS_CONTENT_SIGNAL; k++) {
        robots_usage_vocab vocab = (robots_usage_vocab)k;
        for (const char *const *c = robots_usage_categories(vocab); *c; c++) {
            robots_usage_verdict v;
            if (robots_usage_check(rules, vocab, agent, agent_len, url, url_len, *c, strlen(*c), &v, NULL) != 0)
                continue; /* no answer: as for the crawl verdict, which says so */
            raw(o, first ? "{" : ",{");
            first = false;
            key_text(o, "kind", robots_usage_vocab_name(vocab));
            raw(o, ",");
            key_text(o, "category", *c);
            raw(o, ",");
            key_text(o, "answer", robots_usage_answer_name(v.answer));
            raw(o, ",");
            key_num(o, "line", v.line);
            raw(o, ",");
            key_text(o, "why", robots_usage_reason(&v));
            raw(o, "}");
        }
    }
    raw(o, "]");
}

/* The file with every letter in lower case, parsed when a verdict first needs it:
 * a URL whose verdict it changes is one a rule would decide if paths were
 * case-insensitive, which they are not (MATCH-3). */
typedef struct folded {
    const char *robots;
    size_t len;
    robots_profile_id profile;
    const robots_rules *as_is; /* the file's rules, parsed as it is */
    robots_rules *rules;       /* NULL until parsed, or when that failed */
    bool tried, same;          /* same: no rule's pattern has a capital, so as_is serves */
} folded;

/* Does a kept rule's pattern hold a capital letter? Only then can the file in
 * lower case answer otherwise: keys and user-agent values already compare without
 * regard to case (FORMAT-6, UA-3), and the other lines decide no verdict. Capitals are
 * nearly always in keys ("User-agent", "Disallow"), so most files are asked as
 * they are, with the URL in lower case, and never parsed twice. */
static bool patterns_have_capitals(const robots_rules *rules) {
    size_t n = robots_rule_count(rules);
    for (size_t r = 0; r < n; r++) {
        robots_rule_info info;
        if (robots_get_rule(rules, r, &info) != 0) return true; /* cannot tell: fold to be sure */
        for (size_t i = 0; i < info.pattern_len; i++)
            if (info.pattern[i] >= 'A' && info.pattern[i] <= 'Z') return true;
    }
    return false;
}

static const robots_rules *folded_rules(folded *f, out *o) {
    if (f->tried) return f->same ? f->as_is : f->rules;
    f->tried = true;
    f->same = !patterns_have_capitals(f->as_is);
    if (f->same) return f->as_is;
    char *lower = malloc(f->len ? f->len : 1);
    if (!lower) {
        o->lost = true;
        return NULL;
    }
    for (size_t i = 0; i < f->len; i++) lower[i] = (char)(f->robots[i] >= 'A' && f->robots[i] <= 'Z' ? f->robots[i] + 32 : f->robots[i]);
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = f->profile;
    if (robots_parse(lower, f->len, &opt, &f->rules, NULL) != 0) f->rules = NULL;
    free(lower);
    return f->rules;
}

/* "case_folded": {line, rule}: the rule that would decide, the other way,
 * were the path and the rules read without regard to case. */
static void case_folded(out *o, folded *f, const asked *a, const char *url, size_t url_len, const robots_verdict *with) {
    const robots_rules *rules = folded_rules(f, o);
    if (!rules) return;
    bool capitals = false;
    for (size_t i = 0; i < url_len && !capitals; i++) capitals = url[i] >= 'A' && url[i] <= 'Z';
    if (f->same && !capitals) return; /* nothing to fold: the same question */
    char *lower = malloc(url_len ? url_len : 1);
    if (!lower) {
        o->lost = true;
        return;
    }
    for (size_t i = 0; i < url_len; i++) lower[i] = (char)(url[i] >= 'A' && url[i] <= 'Z' ? url[i] + 32 : url[i]);
    robots_verdict v;
    size_t decided;
    bool differs = check_asked(rules, a, lower, url_len, &v, &decided, NULL) == 0 && v.allowed != with->allowed &&
                   v.rule != ROBOTS_RULE_NONE;
    free(lower);
    if (!differs) return;
    raw(o, ",\"case_folded\":{");
    key_num(o, "line", v.line);
    raw(o, ",");
    key_text(o, "rule", robots_rule_kind_name(v.rule));
    raw(o, "}");
}

/* One verdict as a JSON object. */
static void verdict(out *o, const robots_rules *rules, folded *fold, const asked *a, const char *url, size_t url_len) {
    robots_profile_id p = fold->profile;
    robots_verdict v;
    const char *error = NULL;
    const char *agent = a->tokens[0];
    size_t agent_len = a->lens[0], decided;
    raw(o, "{");
    key_str(o, "url", url, url_len);
    raw(o, ",");
    key_str(o, "agent", a->label, a->label_len);
    raw(o, ",");
    key_text(o, "profile", robots_profile_name(p));
    raw(o, ",");
    if (a->crawler && a->ntokens == 0) {
        /* A fetcher with no token: no group of any file names it. */
        key_text(o, "error", "no token: it follows no robots.txt");
        raw(o, "}");
        return;
    }
    if (check_asked(rules, a, url, url_len, &v, &decided, &error) != 0) {
        key_text(o, "error", error ? error : "no answer");
        raw(o, "}");
        return;
    }
    key_str(o, "verdict", v.allowed ? "allowed" : "disallowed", v.allowed ? 7 : 10);
    raw(o, ",");
    key_num(o, "line", v.rule == ROBOTS_RULE_NONE ? 0 : v.line);
    raw(o, ",");
    key_text(o, "rule", robots_rule_kind_name(v.rule));
    raw(o, ",");
    key_str(o, "pattern", v.pattern ? v.pattern : "", v.pattern ? v.pattern_len : 0);
    raw(o, ",");
    key_text(o, "group", robots_group_kind_name(v.group));
    if (a->crawler) {
        /* which token's groups decided: null when the '*' groups or none did */
        raw(o, ",\"decided\":");
        if (decided < a->ntokens) str(o, a->tokens[decided], a->lens[decided]);
        else raw(o, "null");
        /* a crawler that ignores '*' groups, in a file that has some for it */
        bool skipped = a->ignores_star && decided == a->ntokens && robots_applying_groups(rules, NULL, NULL, 0, NULL, 0);
        raw(o, ",");
        key_bool(o, "star_ignored", skipped);
    }
    raw(o, ",\"group_lines\":[");
    size_t found[16], group_rules = 0;
    size_t n = groups_asked(rules, a, decided, found, 16);
    for (size_t i = 0; i < n && i < 16; i++) {
        robots_group_info g;
        if (robots_get_group(rules, found[i], &g) == 0) {
            char text[32];
            snprintf(text, sizeof text, "%s%zu", i ? "," : "", g.first_line);
            raw(o, text);
            group_rules += g.rules;
        }
    }
    raw(o, "],");
    /* The rules of the groups that applied (of the first 16): none means an empty
     * group, which allows everything (EMPTY-1). */
    key_num(o, "group_rules", group_rules);
    raw(o, ",\"why_flags\":{");
    char text[96];
    snprintf(text, sizeof text, "\"tie\":%s,\"index_html\":%s,\"robots_txt\":%s", v.why & ROBOTS_WHY_TIE ? "true" : "false",
             v.why & ROBOTS_WHY_INDEX_HTML ? "true" : "false", v.why & ROBOTS_WHY_ROBOTS_TXT ? "true" : "false");
    raw(o, text);
    raw(o, "},");
    char words[256];
    why_words(&v, words, sizeof words);
    if (a->crawler && a->ignores_star && v.group == ROBOTS_GROUP_NONE && !(v.why & ROBOTS_WHY_ROBOTS_TXT))
        snprintf(words, sizeof words, "no group names its tokens, and it ignores the * group (Google's special-case "
                                      "crawlers), so everything is allowed");
    key_text(o, "why", words);
    query_defeats(o, rules, a, url, url_len, &v);
    case_folded(o, fold, a, url, url_len, &v);
    /* A crawler's usage preferences are those of the token whose groups it follows;
     * one that ignores the '*' group and is named by none follows no group, so no
     * line states a preference for it. */
    if (a->crawler && decided < a->ntokens) {
        agent = a->tokens[decided];
        agent_len = a->lens[decided];
    }
    if (!(a->crawler && a->ignores_star && decided == a->ntokens)) usage_json(o, rules, agent, agent_len, url, url_len);
    raw(o, "}");
}

/* ---- What the parser made of each line ---------------------------------------- */

/* What the parser's own metadata does not say of a line, found from its groups and
 * rules. */
#define MARK_NO_GROUP 1u      /* a rule before any user-agent line (GROUP-3) */
#define MARK_NEVER_MATCHES 2u /* a pattern that starts with neither '/' nor '*' (RULE-3) */
#define MARK_NO_TOKEN 4u      /* a user-agent value without a product token (TOKEN-1) */
#define MARK_USAGE 8u         /* a Content-Usage or Content-Signal line (AIPREF-2) */
#define MARK_USAGE_NO_GROUP 16u /* ... before any user-agent line (USAGE-9) */
#define MARK_JOINS 32u        /* a user-agent line a non-rule line kept in the group above (GROUP-4) */
#define MARK_USAGE_HIDDEN 64u /* a usage line of a '*' group where other groups name crawlers (USAGE-1) */
#define MARK_JOINS_USAGE 128u /* MARK_JOINS, by a usage line: the crawl rules join, the preferences do not */

/* The line above user-agent line `at` that joined it to the group above (the
 * first line after the previous user-agent line that is no rule): is it a usage
 * line? */
static bool joined_by_usage(const robots_rules *rules, size_t at, const unsigned char *marks) {
    size_t first = 0;
    for (size_t k = at; k-- > 1;) {
        robots_line_info li = robots_get_line(rules, k);
        if (li.key == ROBOTS_KEY_USER_AGENT) break;
        if (li.flags & ROBOTS_LINE_DIRECTIVE) first = k;
    }
    return first && (marks[first] & MARK_USAGE);
}

/* marks[1..lines], or NULL when memory ran out. The traps are robots_lint's (the
 * same warnings as `robots lint`); the usage lines are marked here, for their
 * note. */
static unsigned char *line_marks(const robots_rules *rules, size_t lines) {
    unsigned char *marks = calloc(lines + 1, 1);
    size_t n = 0;
    if (!marks || robots_lint(rules, NULL, 0, NULL, 0, &n) != 0) return free(marks), NULL;
    robots_lint_warning *w = malloc((n ? n : 1) * sizeof *w);
    if (!w || robots_lint(rules, NULL, 0, w, n, &n) != 0) return free(w), free(marks), NULL;
    for (size_t i = 0, u = robots_usage_line_count(rules); i < u; i++) {
        robots_usage_line line;
        if (robots_get_usage_line(rules, i, &line) == 0 && line.line <= lines) marks[line.line] |= MARK_USAGE;
    }
    for (size_t i = 0; i < n; i++) {
        size_t at = w[i].line;
        if (at == 0 || at > lines) continue;
        switch (w[i].kind) {
        case ROBOTS_LINT_RULE_OUTSIDE_GROUP: marks[at] |= MARK_NO_GROUP; break;
        case ROBOTS_LINT_PATH_WITHOUT_SLASH: marks[at] |= MARK_NEVER_MATCHES; break;
        case ROBOTS_LINT_AGENT_NO_TOKEN: marks[at] |= MARK_NO_TOKEN; break;
        case ROBOTS_LINT_USAGE_NO_GROUP: marks[at] |= MARK_USAGE_NO_GROUP; break;
        case ROBOTS_LINT_USAGE_HIDDEN: marks[at] |= MARK_USAGE_HIDDEN; break;
        case ROBOTS_LINT_JOINS_GROUP:
            /* a usage line ends a group of preferences (USAGE-1), not of rules */
            marks[at] |= joined_by_usage(rules, at, marks) ? MARK_JOINS_USAGE : MARK_JOINS;
            break;
        default: break; /* the rest are the parser's own line notes, or not shown here */
        }
    }
    free(w);
    return marks;
}

typedef struct note {
    const char *kind; /* the page links each kind to the case that teaches it */
    const char *text;
} note;

#define NOTES_MAX 12

static size_t notes_of(robots_line_info li, unsigned mark, bool bom, note *notes) {
    size_t k = 0;
    if (bom) notes[k++] = (note){"bom", "begins with a byte order mark, which is skipped"};
    if (li.flags & ROBOTS_LINE_TYPO) notes[k++] = (note){"typo", "a misspelt key, accepted as the key it resembles"};
    if (li.flags & ROBOTS_LINE_MISSING_COLON)
        notes[k++] = (note){"no-colon", "no colon: the key and value are read across the space"};
    if (li.flags & ROBOTS_LINE_TOO_LONG) notes[k++] = (note){"too-long", "too long: only its first part is read"};
    if (mark & MARK_USAGE)
        notes[k++] = (note){"usage", "an AI usage preference, not a crawl rule: what it says of each URL and crawler "
                                     "is under \"AI usage\" in the results"};
    else if (li.key == ROBOTS_KEY_OTHER)
        notes[k++] = (note){"other-key", "not a rule: this key has no effect on what may be crawled"};
    if (mark & MARK_USAGE_NO_GROUP)
        notes[k++] = (note){"usage-no-group", "belongs to no group: no user-agent line comes before it, so it states "
                                              "no preference for any crawler; write it under a user-agent line"};
    if (mark & MARK_USAGE_HIDDEN)
        notes[k++] = (note){"usage-hidden", "a preference of the '*' group only: a crawler that a user-agent line of "
                                            "another group names reads that group's lines instead, not this one; "
                                            "repeat this line in every group it should apply to"};
    if (mark & MARK_JOINS)
        notes[k++] = (note){"joins-group", "joins the group above: the line between them is no rule, so it does not "
                                           "end that group, and every rule below binds the crawlers named above too; "
                                           "to keep the groups apart, give the group above a rule of its own "
                                           "(allow: / lets it fetch everything)"};
    if (mark & MARK_JOINS_USAGE)
        notes[k++] = (note){"joins-group", "joins the group above for its rules: a Content-Usage or Content-Signal "
                                           "line is no rule to Google's parser, so it does not end that group, and "
                                           "every rule below binds the crawlers named above too (the preferences "
                                           "above stay theirs alone); to keep the groups apart, give the group above "
                                           "a rule of its own (allow: / lets it fetch everything)"};
    if (mark & MARK_NO_GROUP)
        notes[k++] =
            (note){"no-group", "belongs to no group: no user-agent line comes before it, so it binds no crawler"};
    if (mark & MARK_NEVER_MATCHES)
        notes[k++] = (note){"never-matches", "never matches: every path starts with '/', and this pattern starts with "
                                             "neither '/' nor '*' (a rule is a path, not a full URL)"};
    if (mark & MARK_NO_TOKEN)
        notes[k++] = (note){"no-token", "names no crawler: the value has no product token (letters, '-' and '_')"};
    bool directive = (li.flags & ROBOTS_LINE_DIRECTIVE) != 0;
    if (!directive && !(li.flags & (ROBOTS_LINE_EMPTY | ROBOTS_LINE_COMMENT)))
        notes[k++] = (note){"ignored", "ignored: not a key and value the parser knows"};
    return k;
}

/* What the parser made of each notable line, under one profile. */
static void line_notes(out *o, const robots_rules *rules, const unsigned char *robots, size_t len) {
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    unsigned char *marks = line_marks(rules, info.lines);
    o->lost |= marks == NULL;
    raw(o, "\"lines\":[");
    bool first = true;
    for (size_t n = 1; n <= info.lines; n++) {
        note notes[NOTES_MAX];
        bool bom = n == 1 && len >= 3 && robots[0] == 0xEF && robots[1] == 0xBB && robots[2] == 0xBF;
        size_t k = notes_of(robots_get_line(rules, n), marks ? marks[n] : 0, bom, notes);
        if (!k) continue;
        raw(o, first ? "{" : ",{");
        first = false;
        key_num(o, "n", n);
        raw(o, ",");
        key_text(o, "key", robots_key_name(robots_get_line(rules, n).key));
        raw(o, ",\"notes\":[");
        for (size_t i = 0; i < k; i++) {
            raw(o, i ? ",{" : "{");
            key_text(o, "kind", notes[i].kind);
            raw(o, ",");
            key_text(o, "text", notes[i].text);
            raw(o, "}");
        }
        raw(o, "]}");
    }
    free(marks);
    bool global = false;
    for (size_t i = 0, g = robots_group_count(rules); i < g && !global; i++) {
        robots_group_info gi;
        global = robots_get_group(rules, i, &gi) == 0 && gi.global;
    }
    raw(o, "],");
    key_num(o, "parsed_bytes", info.parsed_bytes);
    raw(o, ",");
    key_num(o, "line_count", info.lines);
    raw(o, ",");
    key_num(o, "groups", info.groups);
    raw(o, ",");
    key_num(o, "rules", info.rules);
    raw(o, ",");
    key_bool(o, "global", global); /* there is a * group */
}

/* ---- Who may crawl the site: each crawler's reach -------------------------------- */

/* Does a pattern match every path? A slash and stars or stars alone ("/", "*"), a
 * final '$' after a star too. */
static bool matches_everything(const char *p, size_t n) {
    if (n >= 2 && p[n - 1] == '$' && p[n - 2] == '*') n--;
    size_t i = n && p[0] == '/' ? 1 : 0;
    if (i == 0 && n == 0) return false;
    for (; i < n; i++)
        if (p[i] != '*') return false;
    return true;
}

/* How much of the site the rules of the groups that decide for this crawler keep
 * from it, read from the rules themselves (each URL's verdict is exact; this is
 * the summary a site owner scans): "allowed" when no disallow rule of those groups
 * can match a path (RULE-3: one starting with neither '/' nor '*' matches none);
 * "blocked" when one matches every path and no allow rule is as long (the longest
 * rule wins, an allow wins a tie: LONGEST-1, PREC-2); else "partly". NULL when
 * memory ran out. */
static const char *reach(const robots_rules *rules, const asked *a, size_t decided) {
    size_t count = groups_asked(rules, a, decided, NULL, 0);
    if (count == 0) return "allowed";
    /* Which groups are the crawler's, by index: one look per rule, however many
     * groups merge (a file of thousands of '*' groups). */
    size_t groups = robots_group_count(rules);
    size_t *found = malloc(count * sizeof *found);
    unsigned char *mine_group = calloc(groups ? groups : 1, 1);
    if (!found || !mine_group) {
        free(found);
        free(mine_group);
        return NULL;
    }
    groups_asked(rules, a, decided, found, count);
    for (size_t k = 0; k < count; k++)
        if (found[k] < groups) mine_group[found[k]] = 1;
    free(found);
    bool any_disallow = false, all = false;
    size_t longest_all = 0, longest_allow = 0;
    for (size_t i = 0, n = robots_rule_count(rules); i < n; i++) {
        robots_rule_info r;
        if (robots_get_rule(rules, i, &r) != 0 || r.pattern_len == 0) continue;
        if (r.pattern[0] != '/' && r.pattern[0] != '*') continue;
        if (r.group >= groups || !mine_group[r.group]) continue;
        if (r.kind == ROBOTS_RULE_ALLOW) {
            if (r.pattern_len > longest_allow) longest_allow = r.pattern_len;
        } else if (r.kind == ROBOTS_RULE_DISALLOW) {
            any_disallow = true;
            if (matches_everything(r.pattern, r.pattern_len) && r.pattern_len > longest_all) {
                all = true;
                longest_all = r.pattern_len;
            }
        }
    }
    free(mine_group);
    if (!any_disallow) return "allowed";
    return all && longest_allow < longest_all ? "blocked" : "partly";
}

/* Each crawler of the page's list, once per profile: the token whose groups decide
 * and its reach. */
static void crawler_summary(out *o, const robots_rules *rules, const asked *a) {
    raw(o, "{");
    key_str(o, "agent", a->label, a->label_len);
    if (a->ntokens == 0) {
        raw(o, ",\"reach\":\"no-token\"}");
        return;
    }
    robots_verdict v;
    size_t decided;
    if (check_asked(rules, a, "/", 1, &v, &decided, NULL) != 0) {
        raw(o, ",\"reach\":\"unknown\"}");
        return;
    }
    raw(o, ",\"decided\":");
    if (decided < a->ntokens) str(o, a->tokens[decided], a->lens[decided]);
    else raw(o, "null");
    raw(o, ",");
    key_bool(o, "star_ignored",
             a->ignores_star && decided == a->ntokens && robots_applying_groups(rules, NULL, NULL, 0, NULL, 0));
    raw(o, ",\"group_lines\":[");
    size_t found[16];
    size_t n = groups_asked(rules, a, decided, found, 16);
    for (size_t i = 0; i < n && i < 16; i++) {
        robots_group_info g;
        if (robots_get_group(rules, found[i], &g) != 0) continue;
        char text[32];
        snprintf(text, sizeof text, "%s%zu", i ? "," : "", g.first_line);
        raw(o, text);
    }
    raw(o, "],");
    const char *r = reach(rules, a, decided);
    o->lost |= r == NULL;
    key_text(o, "reach", r ? r : "unknown");
    raw(o, "}");
}

/* ---- The whole answer ------------------------------------------------------------ */

/* The verdicts of every URL this file governs x every item of a list: agents
 * (one a line) or crawlers (crawler lines). */
static void results_json(out *o, const robots_rules *rules, folded *fold, const location *loc, const char *list,
                         size_t list_len, bool crawlers, const char *urls, size_t urls_len) {
    lines_walk w = {urls, urls + urls_len};
    const char *u;
    size_t ul;
    bool first = true;
    while (next_item(&w, &u, &ul)) {
        url_info info = classify(loc, u, ul);
        o->lost |= info.lost;
        if (!has_verdict(info.scope)) continue; /* this file says nothing of it */
        lines_walk aw = {list, list + list_len};
        const char *a;
        size_t al;
        while (next_item(&aw, &a, &al)) {
            if (!first) raw(o, ",");
            first = false;
            asked who = crawlers ? crawler_asked(a, al) : agent_asked(a, al);
            verdict(o, rules, fold, &who, u, ul);
        }
    }
}

static void profile_json(out *o, robots_profile_id p, const location *loc, const char *robots, size_t robots_len,
                         const char *agents, size_t agents_len, const char *crawlers, size_t crawlers_len,
                         const char *urls, size_t urls_len) {
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = p;
    robots_rules *rules = NULL;
    const char *error = NULL;
    raw(o, "{");
    key_text(o, "profile", robots_profile_name(p));
    raw(o, ",");
    if (robots_parse(robots, robots_len, &opt, &rules, &error) != 0) {
        key_text(o, "error", error ? error : "the file could not be parsed");
        raw(o, "}");
        return;
    }
    line_notes(o, rules, (const unsigned char *)robots, robots_len);
    folded fold = {robots, robots_len, p, rules, NULL, false, false};
    raw(o, ",\"results\":[");
    results_json(o, rules, &fold, loc, agents, agents_len, false, urls, urls_len);
    raw(o, "],\"crawler_results\":[");
    results_json(o, rules, &fold, loc, crawlers, crawlers_len, true, urls, urls_len);
    robots_free(fold.rules);
    raw(o, "],\"crawlers\":[");
    lines_walk cw = {crawlers, crawlers + crawlers_len};
    const char *c;
    size_t cl;
    for (bool first = true; next_item(&cw, &c, &cl); first = false) {
        if (!first) raw(o, ",");
        asked who = crawler_asked(c, cl);
        crawler_summary(o, rules, &who);
    }
    raw(o, "]}");
    robots_free(rules);
}

EXPORT("pg_evaluate")
char *pg_evaluate(const char *robots, size_t robots_len, const char *agents, size_t agents_len, const char *urls,
                  size_t urls_len, const char *where, size_t where_len, const char *crawlers, size_t crawlers_len) {
    out o = {{NULL, 0, 0}, false};
    location loc = find_location(where, where_len, urls, urls_len);
    raw(&o, "{");
    key_num(&o, "bytes", robots_len);
    raw(&o, ",");
    key_num(&o, "cap", ROBOTS_DEFAULT_MAX_BYTES);
    raw(&o, ",");
    location_json(&o, &loc);
    raw(&o, ",\"urls\":[");
    lines_walk uw = {urls, urls + urls_len};
    const char *u;
    size_t ul;
    for (bool first = true; next_item(&uw, &u, &ul); first = false) {
        if (!first) raw(&o, ",");
        url_json(&o, &loc, u, ul);
    }
    raw(&o, "],\"profiles\":[");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        if (p) raw(&o, ",");
        profile_json(&o, (robots_profile_id)p, &loc, robots, robots_len, agents, agents_len, crawlers, crawlers_len,
                     urls, urls_len);
    }
    raw(&o, "]}");
    o.lost |= buf_addc(&o.b, '\0') != 0;
    if (o.lost) {
        buf_free(&o.b);
        return NULL;
    }
    return o.b.data;
}
