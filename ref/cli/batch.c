/*
 * batch.c - `robots --batch`: the JSON Lines protocol of ARCHITECTURE.md.
 *
 * One request object per line on stdin, one reply per line on stdout, in order:
 *   {"id": 7, "robots": "user-agent: *\ndisallow: /x", "agent": "FooBot",
 *    "url": "http://example.com/x"}
 *   -> {"id":7,"allowed":false,"rule":"disallow","line":2,"pattern":"/x","group":"global"}
 * "kind" asks other questions: robots-url, scope, status, sitemaps, cache-lifetime
 * (batch_request.c lists their fields). A request that cannot be answered gets
 * {"id": ..., "error": "..."} (id null when unknown) and the stream goes on. Blank
 * lines are skipped. Replies are flushed whenever the tool would otherwise wait for
 * input, so a driver can go one request at a time.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch_request.h"
#include "buf.h"
#include "cli.h"
#include "json.h"

/* A request line longer than this gets an error reply instead of unbounded memory. */
#define BATCH_MAX_LINE ((size_t)64 << 20)

/* The parsed rules of the previous request, reused while the robots.txt is the same:
 * drivers send many checks against one file in a row. */
typedef struct rules_cache {
    buf text;
    robots_profile_id profile;
    size_t max_bytes;
    robots_rules *rules;
} rules_cache;

static robots_rules *cached_rules(rules_cache *c, const request *q) {
    if (c->rules && c->profile == q->profile && c->max_bytes == q->max_bytes &&
        c->text.len == q->robots.len && (q->robots.len == 0 || !memcmp(c->text.data, q->robots.data, q->robots.len)))
        return c->rules;
    robots_free(c->rules);
    c->rules = NULL;
    c->text.len = 0;
    if (buf_add(&c->text, q->robots.data, q->robots.len)) return NULL;
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = q->profile;
    opt.max_bytes = q->max_bytes;
    c->rules = robots_parse(c->text.data, c->text.len, &opt);
    c->profile = q->profile;
    c->max_bytes = q->max_bytes;
    return c->rules;
}

static int add_text(buf *out, const char *s) { return buf_add(out, s, strlen(s)); }

static void add_string_field(buf *out, const char *name, const char *value, size_t len) {
    buf_addc(out, ',');
    json_append_string(out, name, strlen(name));
    buf_addc(out, ':');
    json_append_string(out, value, len);
}

static void add_id(buf *out, const request *q) {
    add_text(out, "{\"id\":");
    if (q->id) buf_add(out, q->id, q->id_len);
    else add_text(out, "null");
}

static void error_reply(buf *out, const request *q, const char *message) {
    add_id(out, q);
    add_string_field(out, "error", message, strlen(message));
    add_text(out, "}");
}

static void answer_check(buf *out, const request *q, robots_rules *rules) {
    robots_verdict v;
    robots_check(rules, q->agent.data, q->agent.len, q->url.data, q->url.len, &v);
    char num[64];
    add_text(out, v.allowed ? ",\"allowed\":true" : ",\"allowed\":false");
    add_string_field(out, "rule", rule_kind_name(v.rule), strlen(rule_kind_name(v.rule)));
    snprintf(num, sizeof num, ",\"line\":%zu", v.line);
    add_text(out, num);
    if (v.rule != ROBOTS_RULE_NONE) add_string_field(out, "pattern", v.pattern, v.pattern_len);
    add_string_field(out, "group", group_kind_name(v.group), strlen(group_kind_name(v.group)));
}

static void answer_sitemaps(buf *out, robots_rules *rules) {
    add_text(out, ",\"sitemaps\":[");
    for (size_t i = 0; i < robots_sitemap_count(rules); i++) {
        robots_record s;
        robots_get_sitemap(rules, i, &s);
        if (i) buf_addc(out, ',');
        json_append_string(out, s.value, s.value_len);
    }
    buf_addc(out, ']');
}

static void answer(buf *out, request *q, rules_cache *cache) {
    robots_rules *rules = NULL;
    if (q->kind == REQUEST_CHECK || q->kind == REQUEST_SITEMAPS) {
        rules = cached_rules(cache, q);
        if (!rules) {
            error_reply(out, q, "out of memory parsing the robots.txt");
            return;
        }
    }
    const char *why = NULL;
    add_id(out, q);
    switch (q->kind) {
    case REQUEST_CHECK:
        answer_check(out, q, rules);
        break;
    case REQUEST_SITEMAPS:
        answer_sitemaps(out, rules);
        break;
    case REQUEST_ROBOTS_URL: {
        char url[ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32];
        size_t n = robots_robots_txt_url(q->url.data, q->url.len, url, sizeof url, &why);
        if (n) {
            add_string_field(out, "robots_url", url, n);
        } else {
            add_text(out, ",\"robots_url\":null");
            add_string_field(out, "reason", why, strlen(why));
        }
        break;
    }
    case REQUEST_SCOPE: {
        static const char *const words[] = {"applies", "does-not-apply", "not-a-robots-url", "invalid"};
        robots_scope s = robots_scope_check(q->robots_url.data, q->robots_url.len, q->url.data, q->url.len, &why);
        add_string_field(out, "scope", words[s], strlen(words[s]));
        if (s == ROBOTS_SCOPE_ERROR) add_string_field(out, "reason", why, strlen(why));
        break;
    }
    case REQUEST_STATUS: {
        /* The status was checked to be 100-599 or a network error. */
        const char *d = robots_fetch_decision_name((robots_fetch_decision)robots_fetch_policy(q->profile, &q->fetch, &why));
        add_string_field(out, "decision", d, strlen(d));
        add_string_field(out, "why", why, strlen(why));
        break;
    }
    default: {
        char num[64];
        long seconds = robots_cache_lifetime(q->profile, q->cache_control.data, q->cache_control.len, &why);
        snprintf(num, sizeof num, ",\"seconds\":%ld", seconds);
        add_text(out, num);
        add_string_field(out, "why", why, strlen(why));
        break;
    }
    }
    add_text(out, "}");
}

static void handle_line(const cli_options *o, const char *line, size_t n, buf *out, rules_cache *cache) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) i++;
    if (i == n) return; /* blank line */
    request q;
    out->len = 0;
    if (request_read(line, n, o->profile, o->max_bytes, &q) != 0) error_reply(out, &q, q.error);
    else answer(out, &q, cache);
    request_free(&q);
    buf_addc(out, '\n');
    fwrite(out->data, 1, out->len, stdout);
}

/* Reads standard input in large blocks; flushes replies before it may block. */
typedef struct reader {
    buf data;
    size_t start; /* where the next line begins */
    size_t scan;  /* no '\n' before this */
    int eof;
    int skipping; /* discarding the rest of an over-long line */
} reader;

/* Returns 1 with a line, 2 for an over-long line (discarded), 0 at the end. */
static int next_line(reader *rd, const char **line, size_t *len) {
    for (;;) {
        char *nl = rd->data.len > rd->scan ? memchr(rd->data.data + rd->scan, '\n', rd->data.len - rd->scan) : NULL;
        if (nl || (rd->eof && rd->start < rd->data.len)) {
            size_t end = nl ? (size_t)(nl - rd->data.data) : rd->data.len;
            *line = rd->data.data + rd->start;
            *len = end - rd->start;
            rd->start = rd->scan = nl ? end + 1 : end;
            if (rd->skipping || *len > BATCH_MAX_LINE) {
                rd->skipping = 0;
                return 2;
            }
            return 1;
        }
        if (rd->eof) return rd->skipping ? (rd->skipping = 0, 2) : 0;
        rd->scan = rd->data.len;
        if (rd->data.len - rd->start > BATCH_MAX_LINE) {
            rd->skipping = 1;
            rd->data.len = rd->start; /* drop what we have of this line */
            rd->scan = rd->data.len;
        }
        if (rd->start > 0 && rd->start == rd->data.len) {
            rd->data.len = rd->start = rd->scan = 0;
        } else if (rd->start > (1u << 20)) {
            /* Keep the buffer compact: move the partial line to the front. */
            memmove(rd->data.data, rd->data.data + rd->start, rd->data.len - rd->start);
            rd->data.len -= rd->start;
            rd->scan -= rd->start;
            rd->start = 0;
        }
        fflush(stdout);
        if (buf_reserve(&rd->data, 65536)) return 0;
        ssize_t got;
        do got = read(0, rd->data.data + rd->data.len, 65536);
        while (got < 0 && errno == EINTR);
        if (got <= 0) rd->eof = 1;
        else rd->data.len += (size_t)got;
    }
}

int run_batch(const cli_options *o) {
    static char out_buffer[1 << 16];
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rules_cache cache;
    memset(&cache, 0, sizeof cache);
    buf out = {NULL, 0, 0};
    const char *line;
    size_t len;
    int kind;
    while ((kind = next_line(&rd, &line, &len)) != 0) {
        if (kind == 2) {
            request none;
            memset(&none, 0, sizeof none);
            out.len = 0;
            error_reply(&out, &none, "request line too long (the limit is 64 MiB)");
            buf_addc(&out, '\n');
            fwrite(out.data, 1, out.len, stdout);
            continue;
        }
        handle_line(o, line, len, &out, &cache);
    }
    robots_free(cache.rules);
    buf_free(&cache.text);
    buf_free(&rd.data);
    buf_free(&out);
    return fflush(stdout) == 0 ? 0 : EXIT_USAGE;
}
