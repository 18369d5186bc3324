/*
 * census.c - robots census (census.h, docs/census.md): for every robots.txt of a
 * corpus, every agent of --agents x every path (the root, --paths, and up to
 * --paths-from-rules N made from the file's own rules), allowed or not and the
 * line that decided, one row each; per agent, whether the root is allowed and
 * whether the whole site is disallowed (--sites FILE: a row each); then a summary
 * per agent (census_summary.c).
 *
 * A site's HTTP status decides first, as the robots command's status policy does
 * (robots_fetch_policy): a 4xx allows everything, a 5xx disallows everything, for
 * the profile. Each file is parsed once, and every agent and path is asked of
 * that one parse.
 */
#include "census.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "census_crawlers.h"
#include "cli.h"
#include "interrupt.h"
#include "json.h"
#include "report_file.h"
#include "report_placeholder.h"

#define AGENTS_MAX CENSUS_AGENTS_MAX

enum { OUT_OF_MEMORY = 1, WRITE_FAILED = 2, SITES_WRITE_FAILED = 3 };

typedef enum census_format { FORMAT_JSONL, FORMAT_TSV, FORMAT_CSV } census_format;

/* One check's answer, and where the rest of its row is (census.rest_fields). */
typedef struct answer {
    bool allowed;
    size_t line;
    size_t rest, rest_len;
} answer;

typedef struct census {
    robots_profile_id profile;
    census_format format;
    const char *agents[AGENTS_MAX];
    size_t nagents;
    census_asked asked;     /* --paths, --paths-from-rules */
    census_agent_tally tally[AGENTS_MAX];
    census_counts counts;
    bool progress;          /* a progress line on stderr (a terminal, or --progress always) */
    size_t agent_len[AGENTS_MAX];
    /* A row is put together from pieces rendered once (write_row): */
    buf agent_fields;       /* each agent as its format writes it and what follows it, in turn */
    size_t agent_at[AGENTS_MAX + 1];
    buf site_field;         /* the site in hand's row up to its agent */
    buf path_fields;        /* each of its paths and what follows, up to allowed */
    buf tail_field;         /* what ends each of its rows after the line (the status and decision, if they decided) */
    buf rest_fields;        /* the rest of a row after its agent, for each set of answers (answers_for) */
    size_t path_at[CENSUS_PATHS_MAX + 65];
    buf groups[AGENTS_MAX]; /* the groups each agent follows in the site in hand (agent_groups) */
    size_t same[AGENTS_MAX]; /* the first agent following the same groups (answers_for) */
    bool whole[AGENTS_MAX];  /* whole site disallowed, for each first agent of its groups */
    buf out;                /* rows not yet written */
    FILE *sites;            /* --sites FILE, or NULL */
    buf agent_site_fields;  /* each agent as its format writes it and what follows it in a --sites row */
    size_t agent_site_at[AGENTS_MAX + 1];
    buf site_rows;          /* --sites rows not yet written */
    buf inputs_json;        /* what was read of each input, for --summary */
    /* --crawlers: the agents are these crawlers (their names), each asked with its
     * tokens; the rows and --sites rows say which token's group decided. */
    census_crawlers *crawlers; /* &crawler_set, or NULL */
    census_crawlers crawler_set;
    buf token_fields;       /* each crawler's deciding token in the site in hand, as its format writes it, in turn */
    size_t token_at[AGENTS_MAX + 1];
    const char *usage_agent[AGENTS_MAX]; /* the token its usage preferences are asked with, or NULL */
    census_reach reach[AGENTS_MAX]; /* what the site lets it do, for each first crawler of its groups */
    int failed;             /* 0; OUT_OF_MEMORY; WRITE_FAILED, SITES_WRITE_FAILED: the rows, --sites could not be written */
} census;

/* The usage, after what is wrong: on stderr, exit 2 (on stdout for --help). */
static int usage_to(FILE *f, const char *what, const char *value) {
    fprintf(f, "robots census: %s%s%s%s\n", what, value ? " '" : "", value ? value : "", value ? "'" : "");
    fprintf(f, "usage: robots census [--agents A,B,... | --crawlers LIST [--catalog FILE]]\n"
                    "                     [--paths FILE] [--paths-from-rules N]\n"
                    "                     [--format jsonl|tsv|csv] [--profile google|rfc9309] [--summary FILE]\n"
                    "                     [--sites FILE] [--progress auto|always|never]\n"
                    "                     [--compare-with ADAPTER [--out DIR] [--adapter-version CMD]] INPUT...\n"
                    "INPUT: a directory of robots.txt files (the site is the file's name), a JSON Lines\n"
                    "file of {\"site\", \"status\", \"redirects\", \"robots\" | \"robots_base64\"} (- for stdin),\n"
                    "or a WARC file, plain or gzipped (every response to a robots.txt a site; docs/census.md).\n"
                    "--sites FILE: a row per site and agent, whether the root is allowed and the whole\n"
                    "site disallowed, in the rows' format.\n"
                    "--crawlers LIST: crawlers of the catalog (--catalog FILE; default conformance/\n"
                    "crawler-catalog.json), each asked as it asks: all its tokens, most specific first,\n"
                    "and without the '*' group when it ignores it. LIST is comma-separated: ids, names,\n"
                    "first tokens or User-Agent headers, @PURPOSE (@ai-training, @search, ...) or @all;\n"
                    "a name the catalog does not know is asked as a token. The rows say which token's\n"
                    "group decided; the summary adds sums per purpose and per operator.\n");
    return EXIT_USAGE;
}

static int usage(const char *what, const char *value) { return usage_to(stderr, what, value); }

static int by_index(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* The groups the agent follows (robots_applying_groups), in file order, into
 * *out (emptied first). The buffer kept from earlier sites usually holds them, so
 * they are asked for once; asked again only when it must grow. Returns how many,
 * or -1 when memory runs out (a file of thousands of groups naming the agent). */
static long agent_groups(const robots_rules *rules, const char *agent, buf *out) {
    out->len = 0;
    if (buf_reserve(out, 16 * sizeof(size_t))) return -1;
    size_t cap = out->cap / sizeof(size_t);
    size_t ng = robots_applying_groups(rules, &agent, NULL, 1, (size_t *)(void *)out->data, cap);
    if (ng > cap) {
        if (buf_reserve(out, ng * sizeof(size_t))) return -1;
        robots_applying_groups(rules, &agent, NULL, 1, (size_t *)(void *)out->data, ng);
    }
    out->len = ng * sizeof(size_t);
    return (long)ng;
}

/* Whole site disallowed for the groups an agent follows (agent_groups), as this
 * census decides it: they hold a disallow whose pattern matches every path (a '/'
 * at most, first, then only '*': "/", "*", "/" followed by stars), and no allow
 * with a pattern, which could win for some path by the longest match. */
static bool whole_site_disallowed(const robots_rules *rules, const buf *group_list) {
    const size_t *groups = (const size_t *)(void *)group_list->data;
    size_t ng = group_list->len / sizeof(size_t);
    bool everything = false, allow = false;
    for (size_t i = 0; ng && !allow && i < robots_rule_count(rules); i++) {
        robots_rule_info r;
        robots_get_rule(rules, i, &r); /* i is in range: it cannot fail */
        /* The groups come in file order: a binary search keeps this linear in the rules. */
        if (r.pattern_len == 0 || !bsearch(&r.group, groups, ng, sizeof *groups, by_index)) continue;
        allow = r.kind == ROBOTS_RULE_ALLOW;
        size_t k = r.pattern[0] == '/' ? 1 : 0;
        while (k < r.pattern_len && r.pattern[k] == '*') k++;
        everything = everything || k == r.pattern_len;
    }
    return everything && !allow;
}

/* Nothing of the site disallowed for the groups an agent follows: they hold no
 * disallow with a pattern (one that can match some path). */
static bool disallows_nothing(const robots_rules *rules, const buf *group_list) {
    const size_t *groups = (const size_t *)(void *)group_list->data;
    size_t ng = group_list->len / sizeof(size_t);
    for (size_t i = 0; ng && i < robots_rule_count(rules); i++) {
        robots_rule_info r;
        robots_get_rule(rules, i, &r); /* i is in range: it cannot fail */
        if (r.kind == ROBOTS_RULE_DISALLOW && r.pattern_len && bsearch(&r.group, groups, ng, sizeof *groups, by_index))
            return false;
    }
    return true;
}

/* The groups a crawler follows, as robots_check_crawler chooses them (those of
 * its first token a group names; else the '*' groups, unless it ignores them),
 * into *out, and the token whose groups they are: "*" for the '*' groups, NULL
 * for none. Which token decides does not depend on the URL (whether a group
 * names it), so the root is asked. Returns how many, or -1 (agent_groups). */
static long crawler_groups(const robots_rules *rules, const census_crawler *cr, buf *out, const char **token) {
    robots_verdict v;
    size_t decided;
    /* Whole rules and a verdict: it cannot fail. */
    robots_check_crawler(rules, cr->tokens, NULL, cr->ntokens, cr->flags, "http://site/", 12, &v, &decided, NULL);
    *token = decided < cr->ntokens ? cr->tokens[decided] : v.group == ROBOTS_GROUP_GLOBAL ? "*" : NULL;
    if (!*token) {
        out->len = 0;
        return 0;
    }
    return agent_groups(rules, cr->tokens[decided < cr->ntokens ? decided : 0], out);
}

/* A value as its format writes it, into b: a JSON string, or a TSV or CSV field
 * (TSV turns tabs and line breaks into spaces; CSV quotes a field that holds a
 * comma, a quote or a line break, RFC 4180). Each site, agent and path is written
 * so once, and its rows are put together from the pieces. */
static int render(const census *c, buf *b, const char *s, size_t n) {
    if (c->format == FORMAT_JSONL) return json_append_string(b, s, n);
    int rc = 0;
    bool quote = c->format == FORMAT_CSV && (memchr(s, ',', n) || memchr(s, '"', n) || memchr(s, '\n', n) || memchr(s, '\r', n));
    if (quote) rc |= buf_addc(b, '"');
    for (size_t i = 0; i < n; i++) {
        char ch = c->format == FORMAT_TSV && (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') ? ' ' : s[i];
        rc |= quote && ch == '"' ? buf_add(b, "\"\"", 2) : buf_addc(b, ch);
    }
    return quote ? rc | buf_addc(b, '"') : rc;
}

static int add_number(buf *b, size_t v) {
    char digits[24];
    size_t at = sizeof digits;
    do digits[--at] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    return buf_add(b, digits + at, sizeof digits - at);
}

static int add_bool(buf *b, bool v) { return v ? buf_add(b, "true", 4) : buf_add(b, "false", 5); }

/* The rows so far in b to f once they pass at_least bytes (1 MiB; 0 at the end):
 * a failure sets c->failed to why. */
static void flush_rows(census *c, buf *b, FILE *f, size_t at_least, int why) {
    if (b->len < at_least) return;
    if (fwrite(b->data, 1, b->len, f) != b->len) c->failed = why;
    b->len = 0;
}

/* The separator of TSV or CSV fields. */
static char separator(const census *c) { return c->format == FORMAT_CSV ? ',' : '\t'; }

/* Copies n bytes to w and returns the end. */
static char *put(char *w, const char *s, size_t n) {
    memcpy(w, s, n);
    return w + n;
}

/* With --crawlers, crawler a's deciding token in the site in hand as its format
 * writes it (render_token), and its length: "" for an empty CSV or TSV field. */
static const char *token_field(const census *c, size_t a, size_t *len) {
    *len = c->token_at[a + 1] - c->token_at[a];
    return *len ? c->token_fields.data + c->token_at[a] : "";
}

/* One row: the site's piece (up to the agent), the agent's, and the rest (the
 * path's piece, allowed, the line and the site's tail), all rendered before.
 * Rows are most of what a census writes: their room is reserved once and three
 * pieces copied in (adding each field and separator, each with its own check of
 * the buffer, was a tenth of a census), and agents that share their answers
 * share the rest of their rows. */
static void write_row(census *c, size_t agent, const char *rest, size_t rest_len) {
    buf *o = &c->out;
    const char *af = c->agent_fields.data + c->agent_at[agent];
    size_t an = c->agent_at[agent + 1] - c->agent_at[agent];
    /* --crawlers: the crawler's piece ends before its deciding token, then the path's key. */
    static const char path_key[] = ",\"path\":";
    size_t tn = 0;
    const char *token = c->crawlers ? token_field(c, agent, &tn) : NULL;
    size_t kn = !c->crawlers ? 0 : c->format == FORMAT_JSONL ? sizeof path_key - 1 : 1;
    if (buf_reserve(o, c->site_field.len + an + tn + kn + rest_len)) {
        c->failed = OUT_OF_MEMORY;
        return;
    }
    char *w = put(o->data + o->len, c->site_field.data, c->site_field.len);
    w = put(w, af, an);
    if (c->crawlers) {
        w = put(w, token, tn);
        w = kn == 1 ? put(w, c->format == FORMAT_CSV ? "," : "\t", 1) : put(w, path_key, kn);
    }
    w = put(w, rest, rest_len);
    o->len = (size_t)(w - o->data);
    flush_rows(c, o, stdout, (size_t)1 << 20, WRITE_FAILED);
}

/* No answer: JSON's null, or an empty TSV or CSV field (a crawler that follows no robots.txt). */
static int add_none(const census *c, buf *b) { return c->format == FORMAT_JSONL ? buf_add(b, "null", 4) : 0; }

/* One row of --sites: the site's piece (up to the agent), the agent's (with
 * --crawlers, its deciding token), whether the root is allowed and the whole
 * site disallowed (neither for a crawler that follows no robots.txt), and the
 * site's tail. */
static void write_site_row(census *c, size_t agent, bool root, bool whole, bool none) {
    bool json = c->format == FORMAT_JSONL;
    buf *o = &c->site_rows;
    const char *af = c->agent_site_fields.data + c->agent_site_at[agent];
    size_t an = c->agent_site_at[agent + 1] - c->agent_site_at[agent];
    static const char whole_key[] = ",\"whole_site_disallowed\":", root_key[] = ",\"root_allowed\":";
    int rc = buf_add(o, c->site_field.data, c->site_field.len) | buf_add(o, af, an);
    if (c->crawlers) {
        size_t tn;
        const char *token = token_field(c, agent, &tn);
        rc |= buf_add(o, token, tn);
        rc |= json ? buf_add(o, root_key, sizeof root_key - 1) : buf_addc(o, separator(c));
    }
    rc |= (none ? add_none(c, o) : add_bool(o, root)) |
          (json ? buf_add(o, whole_key, sizeof whole_key - 1) : buf_addc(o, separator(c)));
    rc |= (none ? add_none(c, o) : add_bool(o, whole)) | buf_add(o, c->tail_field.data, c->tail_field.len);
    if (rc) c->failed = OUT_OF_MEMORY;
    flush_rows(c, o, c->sites, (size_t)1 << 20, SITES_WRITE_FAILED);
}

/* The rest of each row of a set of answers (write_row): the path's piece, allowed
 * (none: no answer, for a crawler that follows no robots.txt), the line and the
 * site's tail, into c->rest_fields; where each is, into the answers. */
static void render_rests(census *c, answer *got, size_t np, bool none) {
    static const char line_key[] = ",\"line\":";
    buf *r = &c->rest_fields;
    int rc = 0;
    for (size_t p = 0; p < np; p++) {
        got[p].rest = r->len;
        rc |= buf_add(r, c->path_fields.data + c->path_at[p], c->path_at[p + 1] - c->path_at[p]);
        rc |= none ? add_none(c, r) : add_bool(r, got[p].allowed);
        rc |= c->format == FORMAT_JSONL ? buf_add(r, line_key, sizeof line_key - 1) : buf_addc(r, separator(c));
        rc |= add_number(r, got[p].line) | buf_add(r, c->tail_field.data, c->tail_field.len);
        got[p].rest_len = r->len - got[p].rest;
    }
    if (rc) c->failed = OUT_OF_MEMORY;
}

/* The site's pieces of its rows (write_row): its own, each path's (and their
 * lengths, into lens) and the tail, with the status and the decision when the
 * status decided. */
static void render_site(census *c, const census_site *s, char (*paths)[CENSUS_PATH_BYTES], size_t *lens, size_t np,
                        const char *decision) {
    bool json = c->format == FORMAT_JSONL;
    char sep = separator(c);
    c->site_field.len = c->path_fields.len = c->tail_field.len = 0;
    int rc = json ? buf_add(&c->site_field, "{\"site\":", 8) : 0;
    rc |= render(c, &c->site_field, s->name.data, s->name.len);
    rc |= json ? buf_add(&c->site_field, ",\"agent\":", 9) : buf_addc(&c->site_field, sep);
    for (size_t p = 0; p < np; p++) {
        lens[p] = strlen(paths[p]);
        c->path_at[p] = c->path_fields.len;
        rc |= render(c, &c->path_fields, paths[p], lens[p]);
        rc |= json ? buf_add(&c->path_fields, ",\"allowed\":", 11) : buf_addc(&c->path_fields, sep);
    }
    c->path_at[np] = c->path_fields.len;
    buf *t = &c->tail_field;
    if (decision) {
        static const char network[] = "network-error";
        rc |= json ? buf_add(t, ",\"status\":", 10) : buf_addc(t, sep);
        if (s->status) rc |= add_number(t, (size_t)s->status);
        else rc |= json ? json_append_string(t, network, sizeof network - 1) : buf_add(t, network, sizeof network - 1);
        rc |= json ? buf_add(t, ",\"decision\":", 12) | json_append_string(t, decision, strlen(decision))
                   : buf_addc(t, sep) | buf_add(t, decision, strlen(decision));
    } else if (!json) {
        rc |= buf_addc(t, sep) | buf_addc(t, sep);
    }
    /* How the answer came about: the redirects followed, the URI the chain ended
     * at (when the input says it), whether the file was cut at 500 KiB. */
    rc |= json ? buf_add(t, ",\"redirects\":", 13) : buf_addc(t, sep);
    rc |= add_number(t, s->redirects);
    if (json && s->final_uri.len)
        rc |= buf_add(t, ",\"final_uri\":", 13) | render(c, t, s->final_uri.data, s->final_uri.len);
    if (!json) rc |= buf_addc(t, sep) | render(c, t, s->final_uri.data ? s->final_uri.data : "", s->final_uri.len);
    rc |= json ? buf_add(t, ",\"truncated\":", 13) : buf_addc(t, sep);
    rc |= add_bool(t, s->truncated);
    rc |= json ? buf_add(t, "}\n", 2) : buf_addc(t, '\n');
    if (rc) c->failed = OUT_OF_MEMORY;
}

/* The crawler asked as agent a (--crawlers), or NULL. */
static const census_crawler *crawler_of(const census *c, size_t a) {
    return c->crawlers ? &c->crawlers->list[a] : NULL;
}

/* Agent a is a crawler that follows no robots.txt: it has no token. */
static bool follows_none(const census *c, size_t a) { return c->crawlers && !c->crawlers->list[a].ntokens; }

/* With --crawlers, crawler a's deciding token in the site in hand (NULL: no
 * group decided), as its format writes it, into c->token_fields; and the token
 * its usage preferences are asked with. */
static void render_token(census *c, size_t a, const census_crawler *cr, const char *token) {
    buf *t = &c->token_fields;
    c->token_at[a] = t->len;
    if ((token ? render(c, t, token, strlen(token)) : add_none(c, t)) != 0) c->failed = OUT_OF_MEMORY;
    c->token_at[a + 1] = t->len;
    /* The '*' groups decide when no group names a token: they are asked with its first. */
    c->usage_agent[a] = !token ? NULL : strcmp(token, "*") ? token : cr->tokens[0];
}

/* The answers of the agent's checks (allowed, the deciding line) over the np
 * paths: those of an earlier agent that follows the same groups, or asked now. A
 * verdict depends on the agent only through the groups it follows (query.c), and
 * most files have groups for few of the agents asked, so most agents share the
 * answers of the first. When the status decided (rules NULL), every agent shares
 * its one answer. A crawler that follows no robots.txt has answers of its own,
 * none (--crawlers). Sets c->same[a] and, for a new set, c->whole[a] (and
 * c->reach[a]) and the rest of its rows. Returns the answers, or NULL when memory
 * ran out (c->failed is set). */
static const answer *answers_for(census *c, const robots_rules *rules, robots_fetch_decision d, size_t a,
                                 char (*paths)[CENSUS_PATH_BYTES], const size_t *lens, size_t np) {
    static answer answers[AGENTS_MAX][CENSUS_PATHS_MAX + 64];
    const census_crawler *cr = crawler_of(c, a);
    bool none = follows_none(c, a);
    const char *token = NULL;
    long ng = 0;
    if (none) c->groups[a].len = 0;
    else if (rules && cr) ng = crawler_groups(rules, cr, &c->groups[a], &token);
    else if (rules) ng = agent_groups(rules, c->agents[a], &c->groups[a]);
    if (ng < 0) {
        c->failed = OUT_OF_MEMORY;
        return NULL;
    }
    if (cr) render_token(c, a, cr, token);
    const buf *mine = &c->groups[a];
    for (size_t j = 0; j < a && !none; j++) {
        const buf *theirs = &c->groups[j];
        if (c->same[j] == j && !follows_none(c, j) &&
            (!rules || (theirs->len == mine->len && (!mine->len || !memcmp(theirs->data, mine->data, mine->len))))) {
            c->same[a] = j;
            return c->failed ? NULL : answers[j];
        }
    }
    c->same[a] = a;
    c->whole[a] = !none && (rules ? whole_site_disallowed(rules, mine) : d == ROBOTS_FETCH_FULL_DISALLOW);
    if (cr)
        c->reach[a] = none            ? CENSUS_NO_ROBOTS
                      : c->whole[a]   ? CENSUS_BLOCKS_ALL
                      : !rules || disallows_nothing(rules, mine) ? CENSUS_ALLOWS_ALL
                                                                 : CENSUS_BLOCKS_PART;
    /* The path is all a rule matches: any host will do. */
    static char url[CENSUS_PATH_BYTES + 16] = "http://site";
    for (size_t p = 0; p < np; p++) {
        robots_verdict v = {.allowed = d == ROBOTS_FETCH_FULL_ALLOW && !none, .line = 0};
        if (rules && !none) {
            memcpy(url + 11, paths[p], lens[p] + 1);
            int rc = cr ? robots_check_crawler(rules, cr->tokens, NULL, cr->ntokens, cr->flags, url, 11 + lens[p], &v,
                                               NULL, NULL)
                        : robots_check(rules, c->agents[a], c->agent_len[a], url, 11 + lens[p], &v, NULL);
            v.allowed = rc == 0 && v.allowed;
        }
        answers[a][p].allowed = v.allowed;
        answers[a][p].line = v.line;
    }
    render_rests(c, answers[a], np, none);
    return c->failed ? NULL : answers[a];
}

static int visit(void *ctx, const census_site *s) {
    census *c = ctx;
    robots_fetch fetch = census_site_fetch(s);
    robots_fetch_decision d;
    if (robots_fetch_policy(c->profile, &fetch, &d, NULL)) d = ROBOTS_FETCH_FULL_ALLOW; /* not reached: checked */
    robots_rules *rules = NULL;
    if (d == ROBOTS_FETCH_CONDITIONAL || d == ROBOTS_FETCH_USE_CACHED) {
        robots_options o;
        robots_options_init(&o);
        o.profile = c->profile;
        o.allocator = cli_allocator();
        if (robots_parse(s->body.data ? s->body.data : "", s->body.len, &o, &rules, NULL)) {
            c->failed = OUT_OF_MEMORY; /* the only way a parse fails here: memory ran out */
            return -1;
        }
    }
    static char paths[CENSUS_PATHS_MAX + 64][CENSUS_PATH_BYTES];
    static size_t lens[CENSUS_PATHS_MAX + 64];
    size_t np = census_site_paths(&c->asked, rules, paths, sizeof paths / sizeof paths[0]);
    render_site(c, s, paths, lens, np, rules ? NULL : robots_fetch_decision_name(d));
    c->rest_fields.len = 0;
    c->token_fields.len = 0;
    census_reach reach[AGENTS_MAX];
    for (size_t a = 0; a < c->nagents && !c->failed; a++) {
        census_agent_tally *t = &c->tally[a];
        const answer *got = answers_for(c, rules, d, a, paths, lens, np);
        bool none = follows_none(c, a);
        for (size_t p = 0; got && p < np; p++) {
            write_row(c, a, c->rest_fields.data + got[p].rest, got[p].rest_len);
            t->allowed += got[p].allowed;
        }
        t->sites++;
        t->checks += none ? 0 : np;
        t->root_allowed += got && got[0].allowed;
        t->whole_disallowed += c->whole[c->same[a]];
        if (c->sites && got) write_site_row(c, a, got[0].allowed, c->whole[c->same[a]], none);
        if (c->crawlers) {
            reach[a] = c->reach[c->same[a]];
            t->allowing += reach[a] == CENSUS_ALLOWS_ALL;
            t->blocking += reach[a] == CENSUS_BLOCKS_ALL;
            t->in_part += reach[a] == CENSUS_BLOCKS_PART;
            if (c->usage_agent[a])
                census_usage_site(rules, c->usage_agent[a], strlen(c->usage_agent[a]),
                                  (const char (*)[CENSUS_PATH_BYTES])paths, lens, np, &t->usage);
        } else {
            census_usage_site(rules, c->agents[a], c->agent_len[a], (const char (*)[CENSUS_PATH_BYTES])paths, lens, np,
                              &t->usage);
        }
    }
    if (c->crawlers && !c->failed) census_crawlers_count(c->crawlers, reach);
    robots_free(rules);
    if (c->progress && c->counts.sites % 1000 == 0) {
        fprintf(stderr, "\rrobots census: %zu sites", c->counts.sites);
        c->counts.progress_shown = true;
    }
    /* The tests' moment "a site was answered": a signal then comes mid-input,
     * whatever the reader (interrupt.h; the first site only). */
    interrupt_test_pause("site");
    return c->failed ? -1 : 0;
}

/* --compare-with ADAPTER: the differential lives in robots-census-diff (conformance/
 * census-diff/), beside this program, so that the command links none of the
 * conformance code; it takes the same arguments. Returns only when it cannot run. */
static int compare_with(char **argv) {
    static char program[4096];
    ssize_t n = readlink("/proc/self/exe", program, sizeof program - 64);
    program[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(program, '/');
    snprintf(slash ? slash + 1 : program, 64, "robots-census-diff");
    argv[0] = program;
#ifdef __wasi__
    errno = ENOSYS; /* WASI starts no programs */
#else
    execv(program, argv);
#endif
    fprintf(stderr, "robots census --compare-with: cannot run %s: %s (make builds it beside robots, make "
                    "install-conform installs it)\n", program, strerror(errno));
    return EXIT_USAGE;
}

/* What the command line asks besides what the census keeps. */
typedef struct census_options {
    const char *agents, *paths_file, *summary_file, *sites_file, *progress;
    int first_input;
    const char *crawlers, *catalog; /* --crawlers LIST, --catalog FILE */
    bool agents_given;
} census_options;

/* The options before the first INPUT into c and o: -1 when they are good, else
 * the exit status (0 for --help, after the usage). */
static int read_options(census *c, census_options *o, int argc, char **argv) {
    *o = (census_options){"Googlebot", NULL, NULL, NULL, "auto", argc, NULL, NULL, false};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' || !strcmp(a, "-")) {
            o->first_input = i;
            break;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage_to(stdout, "every site x agent x path of a corpus, rows on stdout, a summary per agent on stderr", NULL);
            return 0;
        }
        if (!v) return usage("this option needs a value:", a);
        i++;
        if (!strcmp(a, "--agents")) o->agents = v, o->agents_given = true;
        else if (!strcmp(a, "--crawlers")) o->crawlers = v;
        else if (!strcmp(a, "--catalog")) o->catalog = v;
        else if (!strcmp(a, "--paths")) o->paths_file = v;
        else if (!strcmp(a, "--summary")) o->summary_file = v;
        else if (!strcmp(a, "--sites")) o->sites_file = v;
        else if (!strcmp(a, "--progress")) {
            if (strcmp(v, "auto") && strcmp(v, "always") && strcmp(v, "never"))
                return usage("--progress is auto, always or never, not", v);
            o->progress = v;
        } else if (!strcmp(a, "--paths-from-rules")) {
            char *end;
            unsigned long n = strtoul(v, &end, 10);
            if (!*v || *end || n > 1000) return usage("--paths-from-rules takes 0 to 1000, not", v);
            c->asked.from_rules = n;
        } else if (!strcmp(a, "--format")) {
            if (!strcmp(v, "jsonl")) c->format = FORMAT_JSONL;
            else if (!strcmp(v, "tsv")) c->format = FORMAT_TSV;
            else if (!strcmp(v, "csv")) c->format = FORMAT_CSV;
            else return usage("--format is jsonl, tsv or csv, not", v);
        } else if (!strcmp(a, "--profile")) {
            if (robots_profile_from_name(v, &c->profile, NULL)) return usage("--profile is google or rfc9309, not", v);
        } else {
            return usage("unknown option", a);
        }
    }
    /* A name --crawlers does not find in the catalog is asked as a token, as
     * --agents asks it: one of the two says it all. */
    if (o->crawlers && o->agents_given) return usage("--agents and --crawlers do not go together (--crawlers asks a "
                                                     "name the catalog does not know as a token)", NULL);
    if (o->catalog && !o->crawlers) return usage("--catalog goes with --crawlers", NULL);
    return o->first_input == argc ? usage("no INPUT", NULL) : -1;
}

/* With --crawlers, crawler a's piece of its rows and --sites rows, after its
 * name: what its operator says it does with robots.txt (the catalog's "robots";
 * none for a name the catalog does not know), up to its deciding token. */
static int render_crawler(census *c, buf *f, size_t a) {
    static const char robots_member[] = ",\"robots\":", token_key[] = ",\"token\":";
    bool json = c->format == FORMAT_JSONL;
    const catalog_entry *e = c->crawlers->list[a].entry;
    int rc = json ? buf_add(f, robots_member, sizeof robots_member - 1) : buf_addc(f, separator(c));
    rc |= e ? render(c, f, e->robots.data, strlen(e->robots.data)) : add_none(c, f);
    return rc | (json ? buf_add(f, token_key, sizeof token_key - 1) : buf_addc(f, separator(c)));
}

/* --agents A,B,... (or the crawlers of --crawlers) into c, each rendered once in
 * the output's format: -1 when good, else the exit status. */
static int read_agents(census *c, const char *agents) {
    static char agent_list[4096];
    snprintf(agent_list, sizeof agent_list, "%s", agents);
    for (size_t a = 0; c->crawlers && a < c->crawlers->n; a++) c->agents[c->nagents++] = c->crawlers->list[a].name;
    for (char *p = c->crawlers ? NULL : strtok(agent_list, ","); p; p = strtok(NULL, ",")) {
        if (c->nagents == AGENTS_MAX) return usage("--agents names more than 64 agents", NULL);
        c->agents[c->nagents++] = p;
    }
    if (c->nagents == 0) return usage("--agents names no agent", NULL);
    int rc = 0;
    for (size_t a = 0; a < c->nagents; a++) {
        c->agent_len[a] = strlen(c->agents[a]);
        c->agent_at[a] = c->agent_fields.len;
        rc |= render(c, &c->agent_fields, c->agents[a], c->agent_len[a]);
        buf *f = &c->agent_fields;
        if (c->crawlers) rc |= render_crawler(c, f, a);
        else rc |= c->format == FORMAT_JSONL ? buf_add(f, ",\"path\":", 8) : buf_addc(f, separator(c));
        static const char root_key[] = ",\"root_allowed\":";
        f = &c->agent_site_fields;
        c->agent_site_at[a] = f->len;
        rc |= render(c, f, c->agents[a], c->agent_len[a]);
        if (c->crawlers) rc |= render_crawler(c, f, a);
        else rc |= c->format == FORMAT_JSONL ? buf_add(f, root_key, sizeof root_key - 1) : buf_addc(f, separator(c));
    }
    c->agent_at[c->nagents] = c->agent_fields.len;
    c->agent_site_at[c->nagents] = c->agent_site_fields.len;
    if (rc) c->failed = OUT_OF_MEMORY;
    return -1;
}

/* --summary FILE or --sites FILE: the placeholder at its path, then its temporary
 * file open (report_file.h). Returns 0, or EXIT_USAGE after saying why. */
static int open_report(report_file *r, const char *option, const char *path, report_kind kind) {
    if (report_placeholder(path, kind, "robots census") == 0 && report_file_open(r, path) == 0) return 0;
    fprintf(stderr, "robots census: %s %s: %s\n", option, path, strerror(errno));
    return EXIT_USAGE;
}

/* How far an interrupted census got: the sites answered, and the input it was
 * in (not read to its end), or the inputs read whole. */
static void stopped_text(const census *c, const char *name, size_t started, size_t ninputs, char *out, size_t cap) {
    const char *sig = interrupt_name(interrupt_signal());
    if (c->counts.read.interrupted)
        snprintf(out, cap, "interrupted by %s after %zu sites, in input %zu of %zu (%.300s), not read to its end", sig,
                 c->counts.sites, started, ninputs, name);
    else
        snprintf(out, cap, "interrupted by %s after %zu sites, %zu of %zu inputs read", sig, c->counts.sites, started,
                 ninputs);
}

int run_census(int argc, char **argv) {
    static census c;
    memset(&c, 0, sizeof c);
    c.profile = ROBOTS_PROFILE_GOOGLE;
    bool crawlers = false;
    for (int i = 1; i + 1 < argc; i++) crawlers = crawlers || !strcmp(argv[i], "--crawlers");
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--compare-with")) continue;
        /* robots-census-diff asks other implementations agents, not crawlers. */
        if (crawlers) return usage("--crawlers does not go with --compare-with (give --agents)", NULL);
        return compare_with(argv);
    }
    census_options o;
    int rc = read_options(&c, &o, argc, argv);
    if (rc < 0 && o.crawlers) {
        c.crawlers = &c.crawler_set;
        rc = census_crawlers_read(c.crawlers, o.crawlers, o.catalog);
    }
    if (rc < 0) rc = read_agents(&c, o.agents);
    if (rc >= 0) {
        buf_free(&c.agent_fields);
        buf_free(&c.agent_site_fields);
        census_crawlers_free(&c.crawler_set);
        return rc;
    }
    /* A terminal shows how far the census is; a file or a pipe gets the summary alone. */
    c.progress = !strcmp(o.progress, "always") || (!strcmp(o.progress, "auto") && isatty(STDERR_FILENO));
    rc = o.paths_file ? census_read_paths(&c.asked, o.paths_file) : 0;
    /* From here a signal stops the census between two sites (or a wait for
     * standard input's first bytes), and what was read is reported as interrupted
     * (docs/census.md). */
    interrupt_catch();
    /* Every INPUT is checked before the first row is written: one that cannot be
     * read ends the census with no row, rather than after some. */
    size_t ninputs = (size_t)(argc - o.first_input);
    buf input_list = {NULL, 0, 0};
    if (rc == 0 && buf_reserve(&input_list, ninputs * sizeof(census_input))) {
        fprintf(stderr, "robots census: out of memory\n");
        rc = EXIT_USAGE;
    }
    census_input *inputs = (census_input *)(void *)input_list.data;
    for (size_t k = 0; inputs && k < ninputs; k++) {
        const char *why;
        if (census_open_input(argv[o.first_input + (int)k], &inputs[k], &why) == 0) continue;
        fprintf(stderr, "robots census: %s: %s\n", argv[o.first_input + (int)k], why);
        rc = EXIT_USAGE;
    }
    /* Each report FILE says the census is in progress until it is written whole. */
    static report_file summary, sites;
    bool has_summary = false, has_sites = false;
    if (rc == 0 && o.summary_file) rc = open_report(&summary, "--summary", o.summary_file, REPORT_JSON);
    has_summary = rc == 0 && o.summary_file;
    if (rc == 0 && o.sites_file)
        rc = open_report(&sites, "--sites", o.sites_file, c.format == FORMAT_JSONL ? REPORT_JSON : REPORT_TEXT);
    has_sites = rc == 0 && o.sites_file;
    if (has_sites) c.sites = sites.f;
    if (has_summary && rc != 0) { /* --sites could not be made */
        report_file_abandon(&summary);
        has_summary = false;
    }
    /* The header lines: --crawlers adds robots and token after the agent. */
    const char *const sep = c.format == FORMAT_CSV ? "," : "\t", *const crawler_columns[] = {"robots", "token"};
    if (rc == 0 && c.format != FORMAT_JSONL) {
        printf("site%sagent%s", sep, sep);
        for (size_t i = 0; c.crawlers && i < 2; i++) printf("%s%s", crawler_columns[i], sep);
        printf(c.format == FORMAT_CSV ? "path,allowed,line,status,decision,redirects,final_uri,truncated\n"
                                      : "path\tallowed\tline\tstatus\tdecision\tredirects\tfinal_uri\ttruncated\n");
    }
    if (c.sites && c.format != FORMAT_JSONL) {
        fprintf(c.sites, "site%sagent%s", sep, sep);
        for (size_t i = 0; c.crawlers && i < 2; i++) fprintf(c.sites, "%s%s", crawler_columns[i], sep);
        fprintf(c.sites, c.format == FORMAT_CSV
                             ? "root_allowed,whole_site_disallowed,status,decision,redirects,final_uri,truncated\n"
                             : "root_allowed\twhole_site_disallowed\tstatus\tdecision\tredirects\tfinal_uri\ttruncated\n");
    }
    size_t started = 0;
    const char *last = NULL;
    for (size_t k = 0; rc == 0 && !c.failed && !interrupt_signal() && k < ninputs; k++) {
        census_input *in = &inputs[k];
        started = k + 1;
        last = in->name;
        if (census_each(in, visit, &c, &c.counts) != 0) {
            if (!c.failed) fprintf(stderr, "robots census: %s: %s\n", in->name, strerror(errno));
            rc = EXIT_USAGE;
            break;
        }
        /* What was read of it, said as it ends: what a reader passed over, or could not read, is never silent. */
        census_report_input(in->name, &c.counts.read, c.counts.progress_shown);
        c.counts.progress_shown = false;
        if (o.summary_file && census_input_json(&c.inputs_json, in->name, &c.counts.read)) c.failed = OUT_OF_MEMORY;
    }
    /* Said before the reports are written: a signal that comes while they are
     * leaves them whole (every input had been read), and only the exit says it. */
    char stopped[512] = "";
    if (interrupt_signal()) stopped_text(&c, last ? last : "", started, ninputs, stopped, sizeof stopped);
    census_totals totals = {c.profile, &c.counts, c.agents, c.tally, c.nagents, &c.inputs_json,
                            interrupt_signal() ? interrupt_name(interrupt_signal()) : NULL, stopped, c.crawlers};
    for (size_t k = 0; inputs && k < ninputs; k++) census_close_input(&inputs[k]);
    buf_free(&input_list);
    interrupt_test_pause("reports");
    flush_rows(&c, &c.out, stdout, 0, WRITE_FAILED);
    if (fflush(stdout) != 0) c.failed = WRITE_FAILED;
    if (c.sites) {
        flush_rows(&c, &c.site_rows, c.sites, 0, SITES_WRITE_FAILED);
        if (c.failed) report_file_abandon(&sites); /* the placeholder stays: it says the run ended before */
        else if (report_file_commit(&sites) != 0) c.failed = SITES_WRITE_FAILED;
        c.sites = NULL;
    }
    if (c.failed == SITES_WRITE_FAILED) fprintf(stderr, "robots census: --sites %s: cannot write it\n", o.sites_file);
    else if (c.failed)
        fprintf(stderr, "robots census: %s\n", c.failed == WRITE_FAILED ? "cannot write the output" : "out of memory");
    if (c.failed) rc = EXIT_USAGE;
    if (rc == 0) census_print_summary(&totals, c.progress);
    if (has_summary && rc == 0 && census_write_summary(&totals, summary.f) != 0) {
        int e = errno;
        report_file_abandon(&summary);
        errno = e;
        rc = -1;
    } else if (has_summary && rc == 0) {
        rc = report_file_commit(&summary) ? -1 : 0;
    } else if (has_summary) {
        report_file_abandon(&summary);
    }
    if (rc == -1) {
        fprintf(stderr, "robots census: --summary %s: %s\n", o.summary_file, strerror(errno));
        rc = EXIT_USAGE;
    }
    /* Interrupted: the exit says by which signal (the summary said how far). Else
     * some input not read to its end: the rows are right for what was read, and
     * the exit says they are not all. */
    if (rc == 0 && interrupt_signal()) rc = interrupt_exit_status();
    else if (rc == 0 && c.counts.incomplete) rc = EXIT_INCOMPLETE;
    buf_free(&c.inputs_json);
    buf_free(&c.asked.paths);
    buf_free(&c.agent_fields);
    buf_free(&c.agent_site_fields);
    buf_free(&c.site_rows);
    buf_free(&c.site_field);
    buf_free(&c.path_fields);
    buf_free(&c.tail_field);
    buf_free(&c.rest_fields);
    buf_free(&c.out);
    buf_free(&c.token_fields);
    census_crawlers_free(&c.crawler_set);
    for (size_t a = 0; a < c.nagents; a++) buf_free(&c.groups[a]);
    return rc;
}
