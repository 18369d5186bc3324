/*
 * playground.c - the reference's interface for the playground page (the site's
 * playground.html, conformance/playground/playground.js), compiled to WebAssembly
 * with clang's wasm32-wasi target. The page hands it a robots.txt, agents and URLs
 * and gets back, as JSON, for every URL x agent x profile the verdict, the line and
 * group that decided and why in words, the robots.txt URL governing each URL, and
 * what the parser made of each notable line. It adds no rule of its own: every
 * answer is the reference's (ref/src), read through robots.h.
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

static void key_num(out *o, const char *key, uint64_t v) {
    char text[64];
    snprintf(text, sizeof text, "\"%s\":%llu", key, (unsigned long long)v);
    raw(o, text);
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

/* Why a verdict is what it is, in words (the deciding line is given apart). */
static void why_words(const robots_verdict *v, char *text, size_t cap) {
    if (v->why & ROBOTS_WHY_ROBOTS_TXT) {
        snprintf(text, cap, "/robots.txt itself is always allowed (RFC 9309, 2.2.2)");
    } else if (v->rule == ROBOTS_RULE_NONE && v->group == ROBOTS_GROUP_NONE) {
        snprintf(text, cap, "no group applies: no group names this agent and there is no * group, so everything "
                            "is allowed");
    } else if (v->rule == ROBOTS_RULE_NONE) {
        snprintf(text, cap, "no rule of the %s group%s matches the path, so it is allowed",
                 v->group == ROBOTS_GROUP_GLOBAL ? "*" : "agent's", v->groups > 1 ? "s" : "");
    } else if (v->why & ROBOTS_WHY_TIE) {
        snprintf(text, cap, "an allow and a disallow of the same length (%zu octets) match: the allow wins the tie",
                 v->pattern_len);
    } else if (v->why & ROBOTS_WHY_INDEX_HTML) {
        snprintf(text, cap, "an allow ending in index.htm or index.html also allows its directory (Google)");
    } else {
        snprintf(text, cap, "the longest matching rule decides: %s with %zu octets of pattern%s",
                 robots_rule_kind_name(v->rule), v->pattern_len,
                 v->pattern_len == 0 ? " (an empty pattern matches every path)" : "");
    }
}

/* What the parser made of each notable line, under one profile. */
static void line_notes(out *o, const robots_rules *rules, const unsigned char *robots, size_t len) {
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    raw(o, "\"lines\":[");
    bool first = true;
    for (size_t n = 1; n <= info.lines; n++) {
        robots_line_info li = robots_get_line(rules, n);
        const char *notes[4];
        size_t k = 0;
        if (li.flags & ROBOTS_LINE_TYPO) notes[k++] = "a misspelt key, accepted as the key it resembles";
        if (li.flags & ROBOTS_LINE_MISSING_COLON) notes[k++] = "no colon: the key and value are read across the space";
        if (li.flags & ROBOTS_LINE_TOO_LONG) notes[k++] = "too long: only its first part is read";
        if (li.key == ROBOTS_KEY_OTHER) notes[k++] = "not a rule: this key has no effect on what may be crawled";
        if (n == 1 && len >= 3 && robots[0] == 0xEF && robots[1] == 0xBB && robots[2] == 0xBF)
            notes[k < 4 ? k++ : 3] = "begins with a byte order mark, which is skipped";
        bool directive = (li.flags & ROBOTS_LINE_DIRECTIVE) != 0;
        bool unread = !directive && !(li.flags & (ROBOTS_LINE_EMPTY | ROBOTS_LINE_COMMENT));
        if (!k && !unread) continue;
        raw(o, first ? "{" : ",{");
        first = false;
        key_num(o, "n", n);
        raw(o, ",");
        const char *key = robots_key_name(li.key);
        key_str(o, "key", key, strlen(key));
        raw(o, ",\"notes\":[");
        for (size_t i = 0; i < k; i++) {
            if (i) raw(o, ",");
            str(o, notes[i], strlen(notes[i]));
        }
        if (unread) {
            static const char ignored[] = "ignored: not a key and value the parser knows";
            if (k) raw(o, ",");
            str(o, ignored, sizeof ignored - 1);
        }
        raw(o, "]}");
    }
    raw(o, "],");
    key_num(o, "parsed_bytes", info.parsed_bytes);
    raw(o, ",");
    key_num(o, "line_count", info.lines);
}

/* One verdict as a JSON object. */
static void verdict(out *o, const robots_rules *rules, robots_profile_id p, const char *agent, size_t agent_len,
                    const char *url, size_t url_len) {
    robots_verdict v;
    const char *error = NULL;
    raw(o, "{");
    key_str(o, "url", url, url_len);
    raw(o, ",");
    key_str(o, "agent", agent, agent_len);
    raw(o, ",");
    const char *profile = robots_profile_name(p);
    key_str(o, "profile", profile, strlen(profile));
    raw(o, ",");
    if (robots_check(rules, agent, agent_len, url, url_len, &v, &error) != 0) {
        key_str(o, "error", error, strlen(error));
        raw(o, "}");
        return;
    }
    key_str(o, "verdict", v.allowed ? "allowed" : "disallowed", v.allowed ? 7 : 10);
    raw(o, ",");
    key_num(o, "line", v.rule == ROBOTS_RULE_NONE ? 0 : v.line);
    raw(o, ",");
    const char *rule = robots_rule_kind_name(v.rule), *group = robots_group_kind_name(v.group);
    key_str(o, "rule", rule, strlen(rule));
    raw(o, ",");
    key_str(o, "pattern", v.pattern ? v.pattern : "", v.pattern ? v.pattern_len : 0);
    raw(o, ",");
    key_str(o, "group", group, strlen(group));
    raw(o, ",\"group_lines\":[");
    const char *agents[1] = {agent};
    size_t lens[1] = {agent_len}, found[16];
    size_t n = robots_applying_groups(rules, agents, lens, 1, found, 16);
    for (size_t i = 0; i < n && i < 16; i++) {
        robots_group_info g;
        if (robots_get_group(rules, found[i], &g) == 0) {
            char text[32];
            snprintf(text, sizeof text, "%s%zu", i ? "," : "", g.first_line);
            raw(o, text);
        }
    }
    raw(o, "],\"why_flags\":{");
    char text[96];
    snprintf(text, sizeof text, "\"tie\":%s,\"index_html\":%s,\"robots_txt\":%s", v.why & ROBOTS_WHY_TIE ? "true" : "false",
             v.why & ROBOTS_WHY_INDEX_HTML ? "true" : "false", v.why & ROBOTS_WHY_ROBOTS_TXT ? "true" : "false");
    raw(o, text);
    raw(o, "},");
    char words[256];
    why_words(&v, words, sizeof words);
    key_str(o, "why", words, strlen(words));
    raw(o, "}");
}

EXPORT("pg_evaluate")
char *pg_evaluate(const char *robots, size_t robots_len, const char *agents, size_t agents_len, const char *urls,
                  size_t urls_len) {
    out o = {{NULL, 0, 0}, false};
    raw(&o, "{");
    key_num(&o, "bytes", robots_len);
    raw(&o, ",");
    key_num(&o, "cap", ROBOTS_DEFAULT_MAX_BYTES);
    /* The robots.txt URL that governs each URL. */
    raw(&o, ",\"urls\":[");
    lines_walk uw = {urls, urls + urls_len};
    const char *u;
    size_t ul;
    for (bool first = true; next_item(&uw, &u, &ul); first = false) {
        char file[2048];
        size_t file_len = 0;
        const char *why = NULL;
        raw(&o, first ? "{" : ",{");
        key_str(&o, "url", u, ul);
        raw(&o, ",");
        if (robots_robots_txt_url(u, ul, file, sizeof file, &file_len, &why) == 0) key_str(&o, "robots_url", file, file_len);
        else key_str(&o, "robots_url_error", why ? why : "no robots.txt URL", strlen(why ? why : "no robots.txt URL"));
        raw(&o, "}");
    }
    raw(&o, "],\"profiles\":[");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = (robots_profile_id)p;
        robots_rules *rules = NULL;
        const char *error = NULL;
        raw(&o, p ? ",{" : "{");
        const char *name = robots_profile_name((robots_profile_id)p);
        key_str(&o, "profile", name, strlen(name));
        raw(&o, ",");
        if (robots_parse(robots, robots_len, &opt, &rules, &error) != 0) {
            key_str(&o, "error", error, strlen(error));
            raw(&o, "}");
            continue;
        }
        line_notes(&o, rules, (const unsigned char *)robots, robots_len);
        raw(&o, ",\"results\":[");
        lines_walk w = {urls, urls + urls_len};
        bool first = true;
        while (next_item(&w, &u, &ul)) {
            lines_walk aw = {agents, agents + agents_len};
            const char *a;
            size_t al;
            while (next_item(&aw, &a, &al)) {
                if (!first) raw(&o, ",");
                first = false;
                verdict(&o, rules, (robots_profile_id)p, a, al, u, ul);
            }
        }
        raw(&o, "]}");
        robots_free(rules);
    }
    raw(&o, "]}");
    o.lost |= buf_addc(&o.b, '\0') != 0;
    if (o.lost) {
        buf_free(&o.b);
        return NULL;
    }
    return o.b.data;
}
