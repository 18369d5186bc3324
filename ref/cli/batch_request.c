/*
 * batch_request.c - reading a batch request: which fields each kind needs, and a
 * clear error for anything else (the stream goes on after it).
 */
#include "batch_request.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base64.h"
#include "json.h"

enum field {
    F_ID, F_KIND, F_ROBOTS, F_BASE64, F_AGENT, F_AGENTS, F_URL, F_ROBOTS_URL, F_PROFILE, F_MAX_BYTES,
    F_STATUS, F_REDIRECTS, F_DAYS, F_CACHED, F_CACHE_CONTROL, F_CATEGORY, F_IGNORES_STAR, F_COUNT
};
#define BIT(f) (1u << (f))

static const char *const field_names[F_COUNT] = {
    [F_ID] = "id",           [F_KIND] = "kind",         [F_ROBOTS] = "robots",
    [F_BASE64] = "robots_base64", [F_AGENT] = "agent",  [F_AGENTS] = "agents",
    [F_URL] = "url",         [F_ROBOTS_URL] = "robots_url", [F_PROFILE] = "profile",
    [F_MAX_BYTES] = "max_bytes", [F_STATUS] = "status", [F_REDIRECTS] = "redirects",
    [F_DAYS] = "unreachable_days", [F_CACHED] = "cached", [F_CACHE_CONTROL] = "cache_control",
    [F_CATEGORY] = "category", [F_IGNORES_STAR] = "ignores_star"};

static const struct {
    const char *name;
    unsigned needs; /* every field here is required */
    unsigned robots; /* needs robots or robots_base64 */
} kinds[] = {
    [REQUEST_CHECK] = {"allow", BIT(F_AGENT) | BIT(F_URL), 1},
    [REQUEST_CHECK_AGENTS] = {"allow-agents", BIT(F_AGENTS) | BIT(F_URL), 1},
    /* ignores_star is required: a crawler that follows '*' and one that does not
     * answer differently, and neither is a default to fall into by omission. */
    [REQUEST_CHECK_CRAWLER] = {"allow-crawler", BIT(F_AGENTS) | BIT(F_IGNORES_STAR) | BIT(F_URL), 1},
    [REQUEST_ROBOTS_URL] = {"robots-url", BIT(F_URL), 0},
    [REQUEST_SCOPE] = {"scope", BIT(F_ROBOTS_URL) | BIT(F_URL), 0},
    [REQUEST_STATUS] = {"status", BIT(F_STATUS), 0},
    [REQUEST_SITEMAPS] = {"sitemaps", 0, 1},
    [REQUEST_CACHE_LIFETIME] = {"cache-lifetime", 0, 0},
    [REQUEST_USAGE] = {"usage", BIT(F_AGENT) | BIT(F_URL) | BIT(F_CATEGORY), 1},
    [REQUEST_SIGNAL] = {"signal", BIT(F_AGENT) | BIT(F_URL) | BIT(F_CATEGORY), 1},
};

/* Keeps the first problem: "field \"NAME\": WHAT", or WHAT alone. */
static void request_error(request *q, const char *field, const char *what) {
    if (q->error) return;
    if (field) snprintf(q->error_text, sizeof q->error_text, "field \"%s\": %s", field, what);
    else snprintf(q->error_text, sizeof q->error_text, "%s", what);
    q->error = q->error_text;
}

/* A JSON number that is a count, up to 2^64-1 on every platform (the same answer
 * where size_t has 32 bits); -1 for anything else. */
static int read_u64(const json_member *m, uint64_t *out) {
    if (m->type != JSON_NUMBER || m->raw_len == 0) return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < m->raw_len; i++) {
        char c = m->raw[i];
        if (c < '0' || c > '9') return -1;
        uint64_t d = (uint64_t)(c - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

static int read_count(const json_member *m, size_t limit, size_t *out) {
    uint64_t v;
    if (read_u64(m, &v) || v > limit) return -1;
    *out = (size_t)v;
    return 0;
}

/* max_bytes: past SIZE_MAX (a 32-bit size_t) it caps nothing a file could hold,
 * so it reads as SIZE_MAX. */
static int read_cap(const json_member *m, size_t *out) {
    uint64_t v;
    if (read_u64(m, &v)) return -1;
    *out = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return 0;
}

/* A string field into `into`; a non-string is an error. */
static int read_text(request *q, const json_member *m, const char *name, buf *into) {
    if (m->type != JSON_STRING) {
        request_error(q, name, "must be a string");
        return -1;
    }
    into->len = 0;
    if (json_decode_string(m->raw, m->raw_len, into)) {
        request_error(q, name, "out of memory");
        return -1;
    }
    return 0;
}

static void read_word(request *q, const json_member *m, enum field f) {
    buf word = {NULL, 0, 0};
    const char *name = field_names[f];
    if (read_text(q, m, name, &word) == 0) {
        char text[32] = "";
        if (word.len < sizeof text) memcpy(text, word.data ? word.data : "", word.len);
        bool clean = word.len < sizeof text && !memchr(text, 0, word.len);
        if (f == F_PROFILE) {
            if (!clean || robots_profile_from_name(text, &q->profile, NULL))
                request_error(q, name, "must be \"google\" or \"rfc9309\"");
        } else if (f == F_KIND) {
            size_t k = 0;
            while (k < sizeof kinds / sizeof kinds[0] && (!clean || strcmp(text, kinds[k].name))) k++;
            if (k == sizeof kinds / sizeof kinds[0])
                request_error(q, name,
                              "must be allow, allow-agents, allow-crawler, robots-url, scope, status, sitemaps, "
                              "cache-lifetime, usage or signal");
            else q->kind = (request_kind)k;
        } else if (!clean || strcmp(text, "network-error")) {
            request_error(q, name, "must be an HTTP status (100-599) or \"network-error\"");
        } else {
            q->fetch.network_error = 1;
        }
    }
    buf_free(&word);
}

/* One element of "agents": a string, appended with its length. */
static int on_agent(void *ctx, const json_member *m) {
    request *q = ctx;
    if (m->type != JSON_STRING) {
        request_error(q, "agents", "must be an array of strings");
        return 1;
    }
    size_t before = q->agents.len;
    if (json_decode_string(m->raw, m->raw_len, &q->agents)) {
        request_error(q, "agents", "out of memory");
        return 1;
    }
    size_t len = q->agents.len - before;
    if (buf_add(&q->agent_lens, (const char *)&len, sizeof len)) {
        request_error(q, "agents", "out of memory");
        return 1;
    }
    q->nagents++;
    return 0;
}

static void read_agents(request *q, const json_member *m) {
    json_error err;
    /* The line was read as JSON already, so the array parses: on_agent says what is
     * wrong with an element (and stops the parse). */
    if (m->type != JSON_ARRAY) request_error(q, "agents", "must be an array of strings");
    else if (json_parse_array(m->raw, m->raw_len, on_agent, q, &err) == 0 && q->nagents == 0)
        request_error(q, "agents", "must name at least one agent");
}

static int on_member(void *ctx, const json_member *m) {
    request *q = ctx;
    int f = 0;
    while (f < F_COUNT && (strlen(field_names[f]) != m->key_len || memcmp(field_names[f], m->key, m->key_len))) f++;
    if (f == F_COUNT) return 0; /* unknown fields are ignored, for forward compatibility */
    const char *name = field_names[f];
    if (q->seen & BIT(f)) {
        request_error(q, name, "given twice");
        return 0;
    }
    q->seen |= BIT(f);
    size_t n;
    switch ((enum field)f) {
    case F_ID:
        q->id = m->raw;
        q->id_len = m->raw_len;
        break;
    case F_ROBOTS: read_text(q, m, name, &q->robots); break;
    case F_AGENT: read_text(q, m, name, &q->agent); break;
    case F_AGENTS: read_agents(q, m); break;
    case F_URL: read_text(q, m, name, &q->url); break;
    case F_ROBOTS_URL: read_text(q, m, name, &q->robots_url); break;
    case F_CACHE_CONTROL: read_text(q, m, name, &q->cache_control); break;
    case F_CATEGORY: read_text(q, m, name, &q->category); break;
    case F_BASE64: {
        buf text = {NULL, 0, 0};
        const char *err;
        if (read_text(q, m, name, &text) == 0 &&
            base64_decode(text.data ? text.data : "", text.len, &q->robots, &err))
            request_error(q, name, err);
        buf_free(&text);
        break;
    }
    case F_KIND:
    case F_PROFILE:
        read_word(q, m, (enum field)f);
        break;
    case F_STATUS:
        if (m->type == JSON_STRING) read_word(q, m, F_STATUS);
        else if (read_count(m, 599, &n) || n < 100)
            request_error(q, name, "must be an HTTP status (100-599) or \"network-error\"");
        else q->fetch.status = (int)n;
        break;
    case F_MAX_BYTES:
        if (read_cap(m, &q->max_bytes)) request_error(q, name, "must be a non-negative integer");
        break;
    case F_REDIRECTS:
    case F_DAYS:
        if (read_count(m, 1000000000u, &n)) request_error(q, name, "must be a non-negative integer");
        else *(f == F_REDIRECTS ? &q->fetch.redirects : &q->fetch.unreachable_days) = (unsigned)n;
        break;
    case F_IGNORES_STAR:
        if (m->type != JSON_BOOL) request_error(q, name, "must be true or false");
        else q->ignores_star = m->raw[0] == 't';
        break;
    default: /* F_CACHED */
        if (m->type != JSON_BOOL) request_error(q, name, "must be true or false");
        else q->fetch.cached = m->raw[0] == 't';
        break;
    }
    return 0;
}

int request_read(const char *line, size_t len, robots_profile_id profile, size_t max_bytes, request *q) {
    memset(q, 0, sizeof *q);
    q->profile = profile;
    q->max_bytes = max_bytes;
    json_error err;
    if (json_parse_object(line, len, on_member, q, &err) != 0) {
        if (err.message == json_out_of_memory)
            snprintf(q->error_text, sizeof q->error_text, "%s", json_out_of_memory);
        else
            snprintf(q->error_text, sizeof q->error_text, "invalid JSON at byte %zu: %s", err.offset + 1, err.message);
        q->error = q->error_text;
        return -1;
    }
    unsigned needs = kinds[q->kind].needs;
    for (int f = 0; f < F_COUNT && !q->error; f++) {
        if ((needs & BIT(f)) && !(q->seen & BIT(f))) {
            char what[64];
            snprintf(what, sizeof what, "missing field \"%s\"", field_names[f]);
            request_error(q, NULL, what);
        }
    }
    unsigned robots = q->seen & (BIT(F_ROBOTS) | BIT(F_BASE64));
    if (kinds[q->kind].robots && !robots) request_error(q, NULL, "missing field \"robots\" (or \"robots_base64\")");
    if (robots == (BIT(F_ROBOTS) | BIT(F_BASE64)))
        request_error(q, NULL, "give \"robots\" or \"robots_base64\", not both");
    return q->error ? -1 : 0;
}

void request_free(request *q) {
    buf_free(&q->robots);
    buf_free(&q->agent);
    buf_free(&q->agents);
    buf_free(&q->agent_lens);
    buf_free(&q->url);
    buf_free(&q->robots_url);
    buf_free(&q->cache_control);
    buf_free(&q->category);
}
