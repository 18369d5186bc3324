/* request.c - batch-protocol requests as the runner, robots-diff and the batch
 * target's seeds write them (request.h). */
#include "request.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base64.h"
#include "json.h"

bool request_is_text(const void *data, size_t len) {
    const unsigned char *s = data;
    bool text = true;
    for (size_t i = 0; i < len && text;) {
        size_t n = s[i] ? utf8_sequence(s + i, len - i) : 0;
        text = n > 0;
        i += n;
    }
    return text;
}

int request_add_robots(buf *b, const void *data, size_t len) {
    if (request_is_text(data, len)) return buf_add(b, ",\"robots\":", 10) | json_append_string(b, len ? data : "", len);
    return buf_add(b, ",\"robots_base64\":\"", 18) | base64_encode(data, len, b) | buf_addc(b, '"');
}

/* Each returns 0, or -1 when memory ran out (the request is then not sent). */
static int add_field(buf *b, const char *name, const char *value, size_t len) {
    return buf_addc(b, ',') | json_append_string(b, name, strlen(name)) | buf_addc(b, ':') |
           json_append_string(b, value, len);
}

static int add_text(buf *b, const char *text) { return buf_add(b, text, strlen(text)); }

static int add_number(buf *b, const char *name, long value) {
    char text[64];
    snprintf(text, sizeof text, ",\"%s\":%ld", name, value);
    return add_text(b, text);
}

int request_batch_line(buf *b, long id, size_t robots_len, const tcase *c, const check *k, robots_profile_id p) {
    /* Allow checks are the protocol's default kind: a minimal implementation need
     * not know about kinds at all. */
    char head[96];
    snprintf(head, sizeof head, "{\"id\":%ld,\"profile\":\"%s\"", id, robots_profile_name(p));
    int bad = add_text(b, head);
    if (k->kind != KIND_ALLOW) {
        snprintf(head, sizeof head, ",\"kind\":\"%s\"", suite_kind_name(k->kind));
        bad |= add_text(b, head);
    }
    switch (k->kind) {
    case KIND_ALLOW:
        bad |= request_add_robots(b, c->robots.data, robots_len);
        bad |= add_field(b, "agent", k->agent, strlen(k->agent));
        bad |= add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_ALLOW_AGENTS:
    case KIND_ALLOW_CRAWLER:
        bad |= request_add_robots(b, c->robots.data, robots_len);
        bad |= add_text(b, ",\"agents\":[");
        for (size_t i = 0; i < k->nagents; i++) {
            if (i) bad |= buf_addc(b, ',');
            bad |= json_append_string(b, k->agents[i], strlen(k->agents[i]));
        }
        bad |= buf_addc(b, ']');
        if (k->kind == KIND_ALLOW_CRAWLER)
            bad |= add_text(b, k->ignores_star ? ",\"ignores_star\":true" : ",\"ignores_star\":false");
        bad |= add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_ROBOTS_URL:
        bad |= add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_SCOPE:
        bad |= add_field(b, "robots_url", k->robots_url, strlen(k->robots_url));
        bad |= add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_STATUS:
        if (k->status) bad |= add_number(b, "status", k->status);
        else bad |= add_field(b, "status", "network-error", 13);
        bad |= add_number(b, "redirects", (long)k->redirects);
        bad |= add_number(b, "unreachable_days", (long)k->unreachable_days);
        bad |= add_text(b, k->cached ? ",\"cached\":true" : ",\"cached\":false");
        break;
    case KIND_SITEMAPS:
        bad |= request_add_robots(b, c->robots.data, robots_len);
        break;
    case KIND_USAGE:
    case KIND_SIGNAL:
        bad |= request_add_robots(b, c->robots.data, robots_len);
        bad |= add_field(b, "agent", k->agent, strlen(k->agent));
        bad |= add_field(b, "url", k->url, strlen(k->url));
        bad |= add_field(b, "category", k->category, strlen(k->category));
        break;
    default:
        if (k->cache_control) bad |= add_field(b, "cache_control", k->cache_control, strlen(k->cache_control));
        break;
    }
    return bad | buf_addc(b, '}');
}
