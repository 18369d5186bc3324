/*
 * batch.c - `robots --batch`: the JSON Lines protocol of ARCHITECTURE.md.
 *
 * One request object per line on stdin, one reply per line on stdout, in order:
 *   {"id": 7, "robots": "user-agent: *\ndisallow: /x", "agent": "FooBot",
 *    "url": "http://example.com/x"}
 *   -> {"id":7,"allowed":false,"rule":"disallow","line":2,"pattern":"/x","group":"global"}
 * "robots_base64" carries exact bytes instead of "robots"; "profile" and
 * "max_bytes" override the command line for one request. A request that cannot be
 * answered gets {"id": ..., "error": "..."} (id null when unknown) and the stream
 * goes on. Blank lines are skipped. Replies are flushed whenever the tool would
 * otherwise wait for input, so a driver can go one request at a time.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base64.h"
#include "buf.h"
#include "cli.h"
#include "json.h"

/* A request line longer than this gets an error reply instead of unbounded memory. */
#define BATCH_MAX_LINE ((size_t)64 << 20)

typedef struct request {
    const char *id; /* raw JSON text, NULL when absent */
    size_t id_len;
    buf robots, agent, url;
    unsigned seen; /* FIELD_* bits */
    robots_profile_id profile;
    size_t max_bytes;
    const char *error; /* the first problem found */
    char error_text[160];
} request;

enum { FIELD_ID = 1, FIELD_ROBOTS = 2, FIELD_BASE64 = 4, FIELD_AGENT = 8, FIELD_URL = 16,
       FIELD_PROFILE = 32, FIELD_MAX_BYTES = 64 };

static const struct {
    const char *name;
    unsigned bit;
} fields[] = {{"id", FIELD_ID},           {"robots", FIELD_ROBOTS}, {"robots_base64", FIELD_BASE64},
              {"agent", FIELD_AGENT},     {"url", FIELD_URL},       {"profile", FIELD_PROFILE},
              {"max_bytes", FIELD_MAX_BYTES}};

/* Keeps the first problem: "field \"NAME\": WHAT", or WHAT alone. */
static void request_error(request *q, const char *field, const char *what) {
    if (q->error) return;
    if (field) snprintf(q->error_text, sizeof q->error_text, "field \"%s\": %s", field, what);
    else snprintf(q->error_text, sizeof q->error_text, "%s", what);
    q->error = q->error_text;
}

static int read_size(const char *s, size_t n, size_t *out) {
    size_t v = 0;
    if (n == 0) return -1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        size_t d = (size_t)(s[i] - '0');
        if (v > (SIZE_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static int on_member(void *ctx, const json_member *m) {
    request *q = ctx;
    unsigned bit = 0;
    const char *name = NULL;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        if (strlen(fields[i].name) == m->key_len && !memcmp(fields[i].name, m->key, m->key_len)) {
            bit = fields[i].bit;
            name = fields[i].name;
        }
    }
    if (!bit) return 0; /* unknown fields are ignored, for forward compatibility */
    if (q->seen & bit) {
        request_error(q, name, "given twice");
        return 0;
    }
    q->seen |= bit;
    if (bit == FIELD_ID) {
        q->id = m->raw;
        q->id_len = m->raw_len;
        return 0;
    }
    if (bit == FIELD_MAX_BYTES) {
        if (m->type != JSON_NUMBER || read_size(m->raw, m->raw_len, &q->max_bytes))
            request_error(q, name, "must be a non-negative integer");
        return 0;
    }
    if (m->type != JSON_STRING) {
        request_error(q, name, "must be a string");
        return 0;
    }
    buf text = {NULL, 0, 0};
    buf *into = bit == FIELD_AGENT ? &q->agent : bit == FIELD_URL ? &q->url : bit == FIELD_ROBOTS ? &q->robots : &text;
    if (json_decode_string(m->raw, m->raw_len, into)) {
        request_error(q, name, "out of memory");
    } else if (bit == FIELD_BASE64) {
        const char *err;
        if (base64_decode(text.data ? text.data : "", text.len, &q->robots, &err))
            request_error(q, name, err);
    } else if (bit == FIELD_PROFILE) {
        char name_buf[16] = "";
        if (text.len < sizeof name_buf) memcpy(name_buf, text.data ? text.data : "", text.len);
        if (text.len >= sizeof name_buf || memchr(name_buf, 0, text.len) ||
            robots_profile_from_name(name_buf, &q->profile))
            request_error(q, name, "must be \"google\" or \"rfc9309\"");
    }
    buf_free(&text);
    return 0;
}

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

static int add_id(buf *out, const request *q) {
    add_text(out, "{\"id\":");
    return q->id ? buf_add(out, q->id, q->id_len) : add_text(out, "null");
}

static void error_reply(buf *out, const request *q, const char *message) {
    add_id(out, q);
    add_text(out, ",\"error\":");
    json_append_string(out, message, strlen(message));
    add_text(out, "}");
}

static void answer(buf *out, request *q, rules_cache *cache) {
    if (!q->error && !(q->seen & (FIELD_ROBOTS | FIELD_BASE64)))
        request_error(q, NULL, "missing field \"robots\" (or \"robots_base64\")");
    if (!q->error && (q->seen & FIELD_ROBOTS) && (q->seen & FIELD_BASE64))
        request_error(q, NULL, "give \"robots\" or \"robots_base64\", not both");
    if (!q->error && !(q->seen & FIELD_AGENT)) request_error(q, NULL, "missing field \"agent\"");
    if (!q->error && !(q->seen & FIELD_URL)) request_error(q, NULL, "missing field \"url\"");
    robots_rules *rules = q->error ? NULL : cached_rules(cache, q);
    if (!q->error && !rules) request_error(q, NULL, "out of memory parsing the robots.txt");
    if (q->error) {
        error_reply(out, q, q->error);
        return;
    }
    robots_verdict v;
    robots_check(rules, q->agent.data, q->agent.len, q->url.data, q->url.len, &v);
    char num[64];
    add_id(out, q);
    add_text(out, v.allowed ? ",\"allowed\":true,\"rule\":" : ",\"allowed\":false,\"rule\":");
    json_append_string(out, rule_kind_name(v.rule), strlen(rule_kind_name(v.rule)));
    snprintf(num, sizeof num, ",\"line\":%zu", v.line);
    add_text(out, num);
    if (v.rule != ROBOTS_RULE_NONE) {
        add_text(out, ",\"pattern\":");
        json_append_string(out, v.pattern, v.pattern_len);
    }
    add_text(out, ",\"group\":");
    json_append_string(out, group_kind_name(v.group), strlen(group_kind_name(v.group)));
    add_text(out, "}");
}

static void handle_line(const cli_options *o, const char *line, size_t n, buf *out,
                        rules_cache *cache) {
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) i++;
    if (i == n) return; /* blank line */
    request q;
    memset(&q, 0, sizeof q);
    q.profile = o->profile;
    q.max_bytes = o->max_bytes;
    json_error err;
    out->len = 0;
    if (json_parse_object(line, n, on_member, &q, &err) != 0) {
        char msg[160];
        snprintf(msg, sizeof msg, "invalid JSON at byte %zu: %s", err.offset + 1, err.message);
        q.error = NULL;
        error_reply(out, &q, msg);
    } else {
        answer(out, &q, cache);
    }
    buf_free(&q.robots);
    buf_free(&q.agent);
    buf_free(&q.url);
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
