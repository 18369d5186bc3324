/*
 * model.c - the differential model.
 *
 * Where the reference parses once into indexed groups, the model re-reads the file
 * for every question, byte by byte into a fixed line buffer as Google's parser
 * does, and feeds each line to a literal copy of the state machine of Google's
 * matcher: "have we seen this group's user-agent lines name us, or '*'; have we
 * seen a rule since". Patterns are matched by memoised backtracking over decoded
 * token arrays, where the reference places segments greedily. Path extraction and
 * escaping are written again from their descriptions. None of the reference's code
 * is used, so a disagreement means one of the two is wrong.
 */
#include "model.h"
#include "sfdict_model.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GOOGLE_LINE_BUFFER (2083 * 8) /* kMaxLineLen; one byte holds the terminator */

static bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}
static bool is_hex(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int hex(unsigned char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }
static unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c; }
static bool token_byte(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
}

typedef struct span {
    const unsigned char *p;
    size_t n;
} span;

static bool starts_nocase(span s, const char *word) {
    size_t n = strlen(word);
    if (s.n < n) return false;
    for (size_t i = 0; i < n; i++)
        if (lower(s.p[i]) != (unsigned char)word[i]) return false;
    return true;
}
static bool equals_nocase(span s, const char *word) { return s.n == strlen(word) && starts_nocase(s, word); }

static span strip(span s) {
    while (s.n && is_space(s.p[0])) s.p++, s.n--;
    while (s.n && is_space(s.p[s.n - 1])) s.n--;
    return s;
}

/* ---- The question -------------------------------------------------------------- */

typedef struct token {
    int kind; /* 0 octet, 1 wildcard, 2 end anchor */
    unsigned char octet;
} token;

typedef struct question {
    int rfc;
    span agent;          /* what group tokens are compared with */
    bool agent_matchable; /* rfc: an empty token names nobody */
    unsigned char *path; /* the path as matched (decoded for rfc) */
    size_t path_len;
    size_t *cells_left; /* the call's MODEL_CELL_BUDGET, shared by its readings */
    bool too_big;       /* a rule would have passed it: the call gives no answer */
    /* Google's RobotsMatcher state */
    bool seen_global, seen_specific, ever_seen_specific, seen_separator, any_global;
    int allow_specific, disallow_specific, allow_global, disallow_global; /* priorities, -1 none */
    size_t allow_specific_line, disallow_specific_line, allow_global_line, disallow_global_line;
    /* model_usage: the usage lines of one kind are the rules recorded, allow and
     * disallow lines only separate groups. */
    bool usage;
    int signal;
    span category;
    struct usage_best {
        int prio;         /* the longest matching path so far, -1 none */
        size_t first[3];  /* the first line of that length answering 'n', 'y', unknown */
    } usage_specific, usage_global;
} question;

/* Google's GetPathParamsQuery, written out again: where the path starts, whether
 * a '/' goes in front, where a fragment cuts it. */
static size_t find_any(const unsigned char *u, size_t n, size_t from, const char *set) {
    for (size_t i = from; i < n; i++)
        if (strchr(set, u[i]) && u[i]) return i;
    return SIZE_MAX;
}

static void path_of(const unsigned char *u, size_t n, unsigned char **out, size_t *out_len) {
    size_t begin = n >= 2 && u[0] == '/' && u[1] == '/' ? 2 : 0;
    size_t early = find_any(u, n, begin, "/?;");
    size_t scheme = SIZE_MAX;
    for (size_t i = begin; i + 2 < n; i++) {
        if (u[i] == ':' && u[i + 1] == '/' && u[i + 2] == '/') {
            scheme = i;
            break;
        }
    }
    size_t after = (scheme != SIZE_MAX && !(early < scheme)) ? scheme + 3 : begin;
    size_t start = find_any(u, n, after, "/?;");
    size_t hash = find_any(u, n, begin, "#");
    unsigned char *p = malloc(n + 2);
    size_t len = 0;
    if (start == SIZE_MAX || hash < start) {
        p[len++] = '/';
    } else {
        size_t stop = hash == SIZE_MAX ? n : hash;
        if (u[start] != '/') p[len++] = '/';
        memcpy(p + len, u + start, stop - start);
        len += stop - start;
    }
    *out = p;
    *out_len = len;
}

/* Google's escaping of allow/disallow values; returns a new string. */
static unsigned char *escape_pattern(span v, size_t *len) {
    static const char digits[] = "0123456789ABCDEF";
    unsigned char *out = malloc(v.n * 3 + 1);
    size_t o = 0;
    for (size_t i = 0; i < v.n; i++) {
        unsigned char c = v.p[i];
        if (c == '%' && i + 2 < v.n && is_hex(v.p[i + 1]) && is_hex(v.p[i + 2])) {
            out[o++] = '%';
            out[o++] = (unsigned char)(v.p[i + 1] >= 'a' ? v.p[i + 1] - 32 : v.p[i + 1]);
            out[o++] = (unsigned char)(v.p[i + 2] >= 'a' ? v.p[i + 2] - 32 : v.p[i + 2]);
            i += 2;
        } else if (c & 0x80) {
            out[o++] = '%';
            out[o++] = (unsigned char)digits[c >> 4];
            out[o++] = (unsigned char)digits[c & 15];
        } else {
            out[o++] = c;
        }
    }
    *len = o;
    return out;
}

/* The rule's tokens: '*' a wildcard, a last '$' the end; rfc decodes %HH. */
static token *tokens_of(const question *q, const unsigned char *pat, size_t n, size_t *count) {
    token *t = malloc((n + 1) * sizeof *t);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (pat[i] == '*') {
            t[k++] = (token){1, 0};
        } else if (pat[i] == '$' && i + 1 == n) {
            t[k++] = (token){2, 0};
        } else if (q->rfc && pat[i] == '%' && i + 2 < n && is_hex(pat[i + 1]) && is_hex(pat[i + 2])) {
            t[k++] = (token){0, (unsigned char)(hex(pat[i + 1]) * 16 + hex(pat[i + 2]))};
            i += 2;
        } else {
            t[k++] = (token){0, pat[i]};
        }
    }
    *count = k;
    return t;
}

/* Does the token run match a prefix of the path? Memoised backtracking. */
static bool match_from(const token *t, size_t nt, size_t ti, const unsigned char *s, size_t ns, size_t si,
                       signed char *memo) {
    signed char *m = &memo[ti * (ns + 1) + si];
    if (*m >= 0) return *m;
    bool r;
    if (ti == nt) r = true;
    else if (t[ti].kind == 2) r = si == ns;
    else if (t[ti].kind == 1) r = match_from(t, nt, ti + 1, s, ns, si, memo) || (si < ns && match_from(t, nt, ti, s, ns, si + 1, memo));
    else r = si < ns && s[si] == t[ti].octet && match_from(t, nt, ti + 1, s, ns, si + 1, memo);
    *m = r;
    return r;
}

/* The priority of a pattern for the path: its length, or -1 when it does not
 * match (an empty pattern matches with priority 0, as in Google's matcher). */
static int priority(question *q, const unsigned char *pat, size_t n) {
    if (q->too_big) return -1; /* past the budget: the answer is dropped anyway */
    size_t nt;
    token *t = tokens_of(q, pat, n, &nt);
    /* The table's cells are charged before it is made; compared by division, as
     * the product can pass SIZE_MAX where size_t has 32 bits. */
    if (nt + 1 > *q->cells_left / (q->path_len + 1)) {
        q->too_big = true;
        free(t);
        return -1;
    }
    size_t cells = (nt + 1) * (q->path_len + 1);
    *q->cells_left -= cells;
    signed char *memo = malloc(cells);
    memset(memo, -1, cells);
    bool ok = match_from(t, nt, 0, q->path, q->path_len, 0, memo);
    free(memo);
    free(t);
    return ok ? (int)n : -1;
}

static void record(question *q, bool allow, int prio, size_t line) {
    int *slot;
    size_t *at;
    if (q->seen_specific) {
        slot = allow ? &q->allow_specific : &q->disallow_specific;
        at = allow ? &q->allow_specific_line : &q->disallow_specific_line;
    } else {
        slot = allow ? &q->allow_global : &q->disallow_global;
        at = allow ? &q->allow_global_line : &q->disallow_global_line;
    }
    if (*slot < prio) {
        *slot = prio;
        *at = line;
    }
}

/* HandleAllow / HandleDisallow. */
static void handle_rule(question *q, bool allow, const unsigned char *pat, size_t n, size_t line) {
    if (!q->seen_global && !q->seen_specific) return;
    q->seen_separator = true;
    int prio = priority(q, pat, n);
    if (prio >= 0) {
        record(q, allow, prio, line);
        return;
    }
    if (!allow || q->rfc) return;
    /* Google: an allow of .../index.htm... also allows the directory. */
    size_t slash = n;
    while (slash > 0 && pat[slash - 1] != '/') slash--;
    if (slash == 0 || n - slash < 9 || memcmp(pat + slash, "index.htm", 9) != 0) return;
    unsigned char *dir = malloc(slash + 1);
    memcpy(dir, pat, slash);
    dir[slash] = '$';
    handle_rule(q, true, dir, slash + 1, line);
    free(dir);
}

/* A usage line's statement for the asked category: 0 'n', 1 'y', 2 unknown. */
static int statement_answer(const question *q, span statement) {
    sfdict_model_value v;
    if (sfdict_model_get(statement.p, statement.n, (const char *)q->category.p, q->category.n, &v) != 1) return 2;
    if (strcmp(v.type, "token") != 0) return 2;
    const char *no = q->signal ? "no" : "n", *yes = q->signal ? "yes" : "y";
    if (v.token_len == strlen(no) && !memcmp(v.token, no, v.token_len)) return 0;
    if (v.token_len == strlen(yes) && !memcmp(v.token, yes, v.token_len)) return 1;
    return 2;
}

/* A Content-Usage or Content-Signal line, in usage mode: a rule of its group;
 * recorded when it is of the asked kind and its path matches. */
static void handle_usage(question *q, bool signal, span value, size_t line) {
    if (!q->seen_global && !q->seen_specific) return;
    q->seen_separator = true;
    if (signal != (q->signal != 0)) return;
    span path = {value.p, 0};
    if (value.n && value.p[0] == '/')
        while (path.n < value.n && value.p[path.n] != ' ' && value.p[path.n] != '\t') path.n++;
    span statement = {value.p + path.n, value.n - path.n};
    while (statement.n && (statement.p[0] == ' ' || statement.p[0] == '\t')) statement.p++, statement.n--;
    size_t len;
    unsigned char *pat = escape_pattern(path, &len);
    int prio = priority(q, pat, len);
    free(pat);
    if (prio < 0) return;
    struct usage_best *b = q->seen_specific ? &q->usage_specific : &q->usage_global;
    if (prio > b->prio) *b = (struct usage_best){prio, {0, 0, 0}};
    else if (prio < b->prio) return;
    int a = statement_answer(q, statement);
    if (!b->first[a]) b->first[a] = line;
}

/* HandleUserAgent. */
static void handle_agent(question *q, span v) {
    if (q->seen_separator) q->seen_specific = q->seen_global = q->seen_separator = false;
    bool global = q->rfc ? (v.n == 1 && v.p[0] == '*')
                         : (v.n >= 1 && v.p[0] == '*' && (v.n == 1 || is_space(v.p[1])));
    if (global) {
        q->seen_global = q->any_global = true;
        return;
    }
    span tok = {v.p, 0};
    while (tok.n < v.n && token_byte(v.p[tok.n])) tok.n++;
    if (q->rfc && (tok.n == 0 || !q->agent_matchable)) return;
    if (tok.n != q->agent.n) return;
    for (size_t i = 0; i < tok.n; i++)
        if (lower(tok.p[i]) != lower(q->agent.p[i])) return;
    q->seen_specific = q->ever_seen_specific = true;
}

static const char *const ua_typos[] = {"useragent", "user agent"};
static const char *const disallow_typos[] = {"dissallow", "dissalow", "disalow", "diasllow", "disallaw"};

/* ParseAndEmitLine: one line (NUL-free for google) to a key and value. */
static void handle_line(question *q, const unsigned char *line, size_t n, size_t number) {
    span s = {line, n};
    const unsigned char *hash = memchr(line, '#', n);
    if (hash) s.n = (size_t)(hash - line);
    s = strip(s);
    if (s.n == 0) return;
    const unsigned char *colon = memchr(s.p, ':', s.n);
    span key, value;
    if (colon) {
        key = (span){s.p, (size_t)(colon - s.p)};
        value = (span){colon + 1, s.n - (size_t)(colon - s.p) - 1};
    } else {
        if (q->rfc) return;
        size_t w = 0;
        while (w < s.n && s.p[w] != ' ' && s.p[w] != '\t') w++;
        if (w == s.n) return;
        size_t v = w;
        while (v < s.n && (s.p[v] == ' ' || s.p[v] == '\t')) v++;
        for (size_t i = v; i < s.n; i++)
            if (s.p[i] == ' ' || s.p[i] == '\t') return;
        key = (span){s.p, w};
        value = (span){s.p + w + 1, s.n - w - 1};
    }
    key = strip(key);
    value = strip(value);
    if (key.n == 0) return;
    bool (*is)(span, const char *) = q->rfc ? equals_nocase : starts_nocase;
    bool ua = is(key, "user-agent"), al = false, dis = false;
    for (size_t i = 0; !q->rfc && !ua && i < 2; i++) ua = starts_nocase(key, ua_typos[i]);
    if (!ua) al = is(key, "allow");
    if (!ua && !al) dis = is(key, "disallow");
    for (size_t i = 0; !q->rfc && !ua && !al && !dis && i < 5; i++) dis = starts_nocase(key, disallow_typos[i]);
    if (ua) {
        handle_agent(q, value);
    } else if (q->usage && (al || dis)) {
        if (q->seen_global || q->seen_specific) q->seen_separator = true;
    } else if (q->usage && colon && (equals_nocase(key, "content-usage") || equals_nocase(key, "content-signal"))) {
        handle_usage(q, key.n == 14, value, number);
    } else if (al || dis) {
        size_t len;
        unsigned char *pat = escape_pattern(value, &len);
        handle_rule(q, al, pat, len, number);
        free(pat);
    }
}

/* ParseRobotsTxt: a BOM (google: any prefix of it), then lines at LF, CR or CR LF. */
static void read_file(question *q, const unsigned char *body, size_t n) {
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t start = 0;
    if (q->rfc) {
        if (n >= 3 && !memcmp(body, bom, 3)) start = 3;
    } else {
        while (start < 3 && start < n && body[start] == bom[start]) start++;
    }
    size_t cap = q->rfc ? n + 1 : GOOGLE_LINE_BUFFER - 1;
    unsigned char *line = malloc(cap + 1);
    size_t len = 0, number = 0;
    bool last_cr = false;
    for (size_t i = start; i < n; i++) {
        unsigned char ch = body[i];
        if (ch != '\n' && ch != '\r') {
            if (len < cap) line[len++] = ch;
            continue;
        }
        bool crlf_tail = len == 0 && last_cr && ch == '\n';
        if (!crlf_tail) {
            size_t content = q->rfc ? len : strnlen((const char *)line, len);
            handle_line(q, line, content, ++number);
        }
        len = 0;
        last_cr = ch == '\r';
    }
    handle_line(q, line, q->rfc ? len : strnlen((const char *)line, len), ++number);
    free(line);
}

/* A fresh question: its agent and path as the profile compares them. */
static void ask(question *q, int rfc, const char *agent, size_t agent_len, const char *url, size_t url_len,
                size_t *cells_left) {
    memset(q, 0, sizeof *q);
    q->rfc = rfc;
    q->cells_left = cells_left;
    q->allow_specific = q->disallow_specific = q->allow_global = q->disallow_global = -1;
    q->usage_specific.prio = q->usage_global.prio = -1;
    q->agent = (span){(const unsigned char *)agent, agent_len};
    q->agent_matchable = true;
    if (rfc) {
        /* RFC 9309: a crawler matches by its product token. */
        size_t t = 0;
        while (t < agent_len && token_byte((unsigned char)agent[t])) t++;
        q->agent.n = t;
        q->agent_matchable = t > 0;
    }
    unsigned char *raw;
    size_t raw_len;
    path_of((const unsigned char *)url, url_len, &raw, &raw_len);
    if (rfc) {
        /* Compare decoded octets. */
        q->path = malloc(raw_len + 1);
        for (size_t i = 0; i < raw_len; i++) {
            if (raw[i] == '%' && i + 2 < raw_len && is_hex(raw[i + 1]) && is_hex(raw[i + 2])) {
                q->path[q->path_len++] = (unsigned char)(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
                i += 2;
            } else {
                q->path[q->path_len++] = raw[i];
            }
        }
        free(raw);
    } else {
        /* Google keeps the path in a C string. */
        q->path = raw;
        q->path_len = strnlen((const char *)raw, raw_len);
    }
}

/* model_check, spending from the caller's budget. */
static int crawl_check(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                       size_t agent_len, const char *url, size_t url_len, size_t *cells_left, model_answer *out) {
    question q;
    ask(&q, rfc, agent, agent_len, url, url_len, cells_left);
    if (max_bytes && len > max_bytes) len = max_bytes;
    read_file(&q, robots, len);
    /* RFC 9309 2.2.2: the robots.txt file itself is always allowed. */
    bool exempt = rfc && q.path_len == 11 && !memcmp(q.path, "/robots.txt", 11);
    free(q.path);
    if (q.too_big) return -1;
    out->group = q.ever_seen_specific ? 2 : q.any_global ? 1 : 0;
    if (exempt && out->group) {
        out->allowed = 1;
        out->line = 0;
        return 0;
    }
    int a = q.ever_seen_specific ? q.allow_specific : q.allow_global;
    int d = q.ever_seen_specific ? q.disallow_specific : q.disallow_global;
    size_t al = q.ever_seen_specific ? q.allow_specific_line : q.allow_global_line;
    size_t dl = q.ever_seen_specific ? q.disallow_specific_line : q.disallow_global_line;
    /* RobotsMatcher::disallow(): only positive priorities decide. */
    bool disallowed = (a > 0 || d > 0) && d > a;
    out->allowed = !disallowed;
    out->line = disallowed ? dl : a > 0 ? al : 0;
    return 0;
}

int model_check(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                size_t agent_len, const char *url, size_t url_len, model_answer *out) {
    size_t cells_left = MODEL_CELL_BUDGET;
    return crawl_check(rfc, robots, len, max_bytes, agent, agent_len, url, url_len, &cells_left, out);
}

int model_usage(int rfc, const unsigned char *robots, size_t len, size_t max_bytes, const char *agent,
                size_t agent_len, const char *url, size_t url_len, int signal, const char *category,
                size_t category_len, char *answer, size_t *line) {
    size_t cells_left = MODEL_CELL_BUDGET;
    model_answer crawl;
    if (crawl_check(rfc, robots, len, max_bytes, agent, agent_len, url, url_len, &cells_left, &crawl) != 0)
        return -1;
    *answer = 'u';
    *line = 0;
    if (!crawl.allowed) return 0; /* attach-05 3.1: no preference for a disallowed path */
    question q;
    ask(&q, rfc, agent, agent_len, url, url_len, &cells_left);
    q.usage = true;
    q.signal = signal;
    q.category = (span){(const unsigned char *)category, category_len};
    if (max_bytes && len > max_bytes) len = max_bytes;
    read_file(&q, robots, len);
    free(q.path);
    if (q.too_big) return -1;
    const struct usage_best *b = q.ever_seen_specific ? &q.usage_specific : &q.usage_global;
    if (b->prio < 0) return 0;
    /* vocab-07 5.1: any n, then any y, else unknown. */
    int a = b->first[0] ? 0 : b->first[1] ? 1 : 2;
    *answer = "nyu"[a];
    *line = b->first[a];
    return 0;
}
