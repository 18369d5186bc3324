/*
 * batch.c - `robots --batch`: the JSON Lines protocol (docs/robots-command.md, "--batch").
 *
 * One request object per line on stdin, one reply per line on stdout, in order:
 *   {"id": 7, "robots": "user-agent: *\ndisallow: /x", "agent": "FooBot",
 *    "url": "http://example.com/x"}
 *   -> {"id":7,"allowed":false,"rule":"disallow","line":2,"pattern":"/x","group":"global"}
 * "kind" asks other questions: allow-agents and allow-crawler (a crawler with
 * several tokens; allow-crawler also says whether it ignores '*'), robots-url,
 * scope, status, sitemaps, cache-lifetime, usage and signal
 * (batch_request.c lists their fields). A request that cannot be answered gets
 * {"id": ..., "error": "..."} (id null when unknown) and the stream goes on. Blank
 * lines are skipped. Replies are flushed whenever the tool would otherwise wait for
 * input, so a driver can go one request at a time.
 */
#include "batch.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch_request.h"
#include "json.h"

/* A request line longer than this gets an error reply instead of unbounded memory. */
#define BATCH_MAX_LINE ((size_t)64 << 20)

/* The parsed rules of the previous request are reused while the robots.txt is the
 * same: drivers send many checks against one file in a row. */
static robots_rules *cached_rules(batch_session *s, const request *q) {
    if (s->rules && s->profile == q->profile && s->max_bytes == q->max_bytes &&
        s->text.len == q->robots.len && (q->robots.len == 0 || !memcmp(s->text.data, q->robots.data, q->robots.len)))
        return s->rules;
    robots_free(s->rules);
    s->rules = NULL;
    s->text.len = 0;
    if (buf_add(&s->text, q->robots.data, q->robots.len)) return NULL;
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = q->profile;
    opt.max_bytes = q->max_bytes;
    opt.allocator = cli_allocator();
    if (robots_parse(s->text.data, s->text.len, &opt, &s->rules, NULL) != 0) s->rules = NULL;
    s->profile = q->profile;
    s->max_bytes = q->max_bytes;
    return s->rules;
}

/* The reply is built in s->reply; the first addition that runs out of memory marks
 * it failed, later ones do nothing, and the reply becomes an out-of-memory error
 * (reply_out_of_memory) instead of a truncated line. */
static void add(batch_session *s, const void *data, size_t len) {
    if (!s->reply_failed && buf_add(&s->reply, data, len)) s->reply_failed = 1;
}

static void add_text(batch_session *s, const char *text) { add(s, text, strlen(text)); }

static void add_json_string(batch_session *s, const char *value, size_t len) {
    if (!s->reply_failed && json_append_string(&s->reply, value, len)) s->reply_failed = 1;
}

static void add_string_field(batch_session *s, const char *name, const char *value, size_t len) {
    add_text(s, ",\"");
    add_text(s, name);
    add_text(s, "\":");
    add_json_string(s, value, len);
}

static void add_name_field(batch_session *s, const char *name, const char *value) {
    add_string_field(s, name, value, strlen(value));
}

static void add_id(batch_session *s, const request *q) {
    add_text(s, "{\"id\":");
    if (q->id) add(s, q->id, q->id_len);
    else add_text(s, "null");
}

static void error_reply(batch_session *s, const request *q, const char *message) {
    add_id(s, q);
    add_string_field(s, "error", message, strlen(message));
    add_text(s, "}");
}

/* The reply when memory ran out, built in fixed storage: the request's id when it
 * was read and is short enough to fit, else null. */
static size_t reply_out_of_memory(batch_session *s, const request *q, const char **reply) {
    static const char tail[] = ",\"error\":\"out of memory\"}\n";
    size_t id_room = sizeof s->fallback - (sizeof "{\"id\":" - 1) - sizeof tail;
    int with_id = q->id && q->id_len <= id_room;
    int n = snprintf(s->fallback, sizeof s->fallback, "{\"id\":%.*s%s", with_id ? (int)q->id_len : 4,
                     with_id ? q->id : "null", tail);
    *reply = s->fallback;
    return (size_t)n;
}

/* allow-agents, allow-crawler: robots_check_agents or robots_check_crawler over
 * the request's agents, whose lengths were stored as size_t (a buffer's block is
 * aligned for any type) and whose pointers are gathered the same way. *token is
 * the agent whose groups decided (allow-crawler), or NULL. 0, or -1 when memory
 * ran out. */
static int check_agents(const request *q, robots_rules *rules, robots_verdict *v, const char **token,
                        size_t *token_len) {
    buf names = {NULL, 0, 0};
    const size_t *lens = (const size_t *)(const void *)q->agent_lens.data;
    for (size_t i = 0, at = 0; i < q->nagents; at += lens[i++]) {
        const char *name = q->agents.data + at;
        if (buf_add(&names, (const char *)&name, sizeof name)) {
            buf_free(&names);
            return -1;
        }
    }
    const char *const *agents = (const char *const *)(const void *)names.data;
    size_t decided = q->nagents;
    /* Neither can fail: rules, agents and verdict are set. */
    if (q->kind == REQUEST_CHECK_CRAWLER)
        robots_check_crawler(rules, agents, lens, q->nagents, q->ignores_star ? ROBOTS_CRAWLER_IGNORES_STAR : 0u,
                             q->url.data, q->url.len, v, &decided, NULL);
    else robots_check_agents(rules, agents, lens, q->nagents, q->url.data, q->url.len, v, NULL);
    *token = decided < q->nagents ? agents[decided] : NULL; /* points into q->agents */
    *token_len = decided < q->nagents ? lens[decided] : 0;
    buf_free(&names);
    return 0;
}

static void answer_check(batch_session *s, const request *q, robots_rules *rules) {
    robots_verdict v;
    const char *token = NULL;
    size_t token_len = 0;
    if (q->kind == REQUEST_CHECK_AGENTS || q->kind == REQUEST_CHECK_CRAWLER) {
        if (check_agents(q, rules, &v, &token, &token_len)) {
            s->reply_failed = 1;
            return;
        }
    } else {
        robots_check(rules, q->agent.data, q->agent.len, q->url.data, q->url.len, &v, NULL); /* rules and v are set */
    }
    char num[64];
    add_text(s, v.allowed ? ",\"allowed\":true" : ",\"allowed\":false");
    add_name_field(s, "rule", robots_rule_kind_name(v.rule));
    snprintf(num, sizeof num, ",\"line\":%zu", v.line);
    add_text(s, num);
    if (v.rule != ROBOTS_RULE_NONE) add_string_field(s, "pattern", v.pattern, v.pattern_len);
    add_name_field(s, "group", robots_group_kind_name(v.group));
    if (token) add_string_field(s, "token", token, token_len); /* allow-crawler: whose groups decided */
}

static void answer_sitemaps(batch_session *s, robots_rules *rules) {
    add_text(s, ",\"sitemaps\":[");
    for (size_t i = 0; i < robots_sitemap_count(rules); i++) {
        robots_record m;
        robots_get_sitemap(rules, i, &m);
        if (i) add_text(s, ",");
        add_json_string(s, m.value, m.value_len);
    }
    add_text(s, "]");
}

/* usage, signal: {"usage": "y"|"n"|"unknown", "line": N, "reason": "..."}. */
static void answer_usage(batch_session *s, const request *q, robots_rules *rules) {
    robots_usage_verdict v;
    robots_usage_vocab vocab = q->kind == REQUEST_SIGNAL ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE;
    /* Cannot fail: the rules, the category and the verdict are set. */
    robots_usage_check(rules, vocab, q->agent.data, q->agent.len, q->url.data, q->url.len,
                       q->category.data ? q->category.data : "", q->category.len, &v, NULL);
    char num[64];
    add_name_field(s, "usage", robots_usage_answer_name(v.answer));
    snprintf(num, sizeof num, ",\"line\":%zu", v.line);
    add_text(s, num);
    add_name_field(s, "reason", robots_usage_reason(&v));
}

static void answer(batch_session *s, const request *q) {
    robots_rules *rules = NULL;
    if (q->kind == REQUEST_CHECK || q->kind == REQUEST_CHECK_AGENTS || q->kind == REQUEST_CHECK_CRAWLER ||
        q->kind == REQUEST_SITEMAPS || q->kind == REQUEST_USAGE || q->kind == REQUEST_SIGNAL) {
        rules = cached_rules(s, q);
        if (!rules) {
            s->reply_failed = 1;
            return;
        }
    }
    const char *why = NULL;
    add_id(s, q);
    switch (q->kind) {
    case REQUEST_CHECK:
    case REQUEST_CHECK_AGENTS:
    case REQUEST_CHECK_CRAWLER:
        answer_check(s, q, rules);
        break;
    case REQUEST_SITEMAPS:
        answer_sitemaps(s, rules);
        break;
    case REQUEST_USAGE:
    case REQUEST_SIGNAL:
        answer_usage(s, q, rules);
        break;
    case REQUEST_ROBOTS_URL: {
        char url[ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32];
        size_t n;
        if (robots_robots_txt_url(q->url.data, q->url.len, url, sizeof url, &n, &why) == 0) {
            add_string_field(s, "robots_url", url, n);
        } else {
            add_text(s, ",\"robots_url\":null");
            add_name_field(s, "reason", why);
        }
        break;
    }
    case REQUEST_SCOPE: {
        robots_scope sc;
        if (robots_scope_check(q->robots_url.data, q->robots_url.len, q->url.data, q->url.len, &sc, &why) == 0) {
            add_name_field(s, "scope", robots_scope_name(sc));
        } else {
            add_name_field(s, "scope", "invalid");
            add_name_field(s, "reason", why);
        }
        break;
    }
    case REQUEST_STATUS: {
        /* The status was checked to be 100-599 or a network error. */
        robots_fetch_decision d;
        robots_fetch_policy(q->profile, &q->fetch, &d, &why);
        add_name_field(s, "decision", robots_fetch_decision_name(d));
        add_name_field(s, "why", why);
        break;
    }
    default: {
        char num[64];
        int64_t seconds = robots_cache_lifetime(q->profile, q->cache_control.data, q->cache_control.len, &why);
        snprintf(num, sizeof num, ",\"seconds\":%" PRId64, seconds);
        add_text(s, num);
        add_string_field(s, "why", why, strlen(why));
        break;
    }
    }
    add_text(s, "}");
}

void batch_begin(batch_session *s, const cli_options *o) {
    memset(s, 0, sizeof *s);
    s->options = *o;
}

void batch_end(batch_session *s) {
    robots_free(s->rules);
    buf_free(&s->text);
    buf_free(&s->reply);
    memset(s, 0, sizeof *s);
}

size_t batch_answer(batch_session *s, const char *line, size_t n, const char **reply) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) i++;
    if (i == n) return 0; /* blank line */
    request q;
    s->reply.len = 0;
    s->reply_failed = 0;
    if (request_read(line, n, s->options.profile, s->options.max_bytes, &q) != 0) error_reply(s, &q, q.error);
    else answer(s, &q);
    add_text(s, "\n");
    size_t len = s->reply_failed ? reply_out_of_memory(s, &q, reply) : (*reply = s->reply.data, s->reply.len);
    request_free(&q);
    return len;
}

/* Reads standard input in large blocks; flushes replies before it may block. */
typedef struct reader {
    int fd;
    FILE *out;    /* flushed before each read, so replies never wait on requests */
    buf data;
    size_t start; /* where the next line begins */
    size_t scan;  /* no line end before this */
    int eof;
    int skipping; /* discarding the rest of a line: LINE_TOO_LONG or LINE_NO_MEMORY */
} reader;

enum { LINE_END = 0, LINE_OK = 1, LINE_TOO_LONG = 2, LINE_NO_MEMORY = 3 };

/* The first line end at or after from: LF, CR or CRLF (a raw CR is never inside a
 * JSON text, so a CR alone ends a request too instead of merging two). */
static char *line_end(reader *rd, size_t from) {
    for (char *p = rd->data.data + from, *end = rd->data.data + rd->data.len; p < end; p++)
        if (*p == '\n' || *p == '\r') return p;
    return NULL;
}

/* Returns LINE_OK with a line, LINE_TOO_LONG or LINE_NO_MEMORY for a line that was
 * discarded (too long, or no memory to hold it), LINE_END at the end. A CRLF ends
 * its line at the CR and leaves an empty line, which the caller skips. */
static int next_line(reader *rd, const char **line, size_t *len) {
    for (;;) {
        char *nl = rd->data.len > rd->scan ? line_end(rd, rd->scan) : NULL;
        if (nl || (rd->eof && rd->start < rd->data.len)) {
            size_t end = nl ? (size_t)(nl - rd->data.data) : rd->data.len;
            *line = rd->data.data + rd->start;
            *len = end - rd->start;
            rd->start = rd->scan = nl ? end + 1 : end;
            int kind = rd->skipping ? rd->skipping : *len > BATCH_MAX_LINE ? LINE_TOO_LONG : LINE_OK;
            rd->skipping = 0;
            return kind;
        }
        if (rd->eof) {
            int kind = rd->skipping ? rd->skipping : LINE_END;
            rd->skipping = 0;
            return kind;
        }
        rd->scan = rd->data.len;
        if (rd->data.len - rd->start > BATCH_MAX_LINE) {
            rd->skipping = LINE_TOO_LONG;
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
        fflush(rd->out);
        size_t room = 65536;
        if (buf_reserve(&rd->data, room)) {
            /* No memory to hold more of this line: its reply will say so, and the
             * rest of it is read into the room there is, and dropped. Everything
             * from start on is this one line (no line end was found in it). */
            rd->skipping = LINE_NO_MEMORY;
            rd->data.len = rd->start = rd->scan = 0;
            room = rd->data.cap;
            if (room == 0) { /* nothing to read into at all */
                rd->eof = 1;
                continue;
            }
        }
        ssize_t got;
        do got = read(rd->fd, rd->data.data + rd->data.len, room);
        while (got < 0 && errno == EINTR);
        if (got <= 0) rd->eof = 1;
        else rd->data.len += (size_t)got;
    }
}

int batch_stream(const cli_options *o, int in, FILE *out) {
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.fd = in;
    rd.out = out;
    batch_session session;
    batch_begin(&session, o);
    const char *line = NULL, *reply;
    size_t len = 0;
    int kind;
    while ((kind = next_line(&rd, &line, &len)) != LINE_END && !ferror(out)) {
        if (kind == LINE_TOO_LONG) {
            fputs("{\"id\":null,\"error\":\"request line too long (the limit is 64 MiB)\"}\n", out);
        } else if (kind == LINE_NO_MEMORY) {
            fputs("{\"id\":null,\"error\":\"out of memory reading the request line\"}\n", out);
        } else {
            size_t n = batch_answer(&session, line, len, &reply);
            fwrite(reply, 1, n, out);
        }
    }
    batch_end(&session);
    buf_free(&rd.data);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

int run_batch(const cli_options *o) {
    static char out_buffer[1 << 16];
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    return batch_stream(o, 0, stdout) == 0 ? 0 : EXIT_USAGE; /* main says why */
}
