/*
 * target_batch.c - a long-lived process speaking the batch protocol: one JSON request
 * per line, one JSON reply per line, in order (README, "--batch").
 *
 * Requests go one at a time, so a reply that never comes, or a crash, is pinned on
 * the check that caused it; the process is then restarted for the next check. An
 * error reply to a check kind other than allow means the target does not answer
 * that kind: the check is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "json.h"
#include "process.h"
#include "target.h"

typedef struct batch {
    char **argv;
    double timeout;
    proc_session session;
    int running;
    long next_id;
} batch;

static void add_field(buf *b, const char *name, const char *value, size_t len) {
    buf_addc(b, ',');
    json_append_string(b, name, strlen(name));
    buf_addc(b, ':');
    json_append_string(b, value, len);
}

static void add_number(buf *b, const char *name, long value) {
    char text[64];
    snprintf(text, sizeof text, ",\"%s\":%ld", name, value);
    buf_add(b, text, strlen(text));
}

/* UTF-8 text without NUL travels as "robots"; anything else as exact bytes. */
static void add_robots(buf *b, const robots_body *r, size_t len) {
    const unsigned char *s = r->data;
    bool text = true;
    for (size_t i = 0; i < len && text;) {
        size_t n = s[i] ? utf8_sequence(s + i, len - i) : 0;
        text = n > 0;
        i += n;
    }
    if (text) {
        add_field(b, "robots", (const char *)s, len);
        return;
    }
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    buf_add(b, ",\"robots_base64\":\"", 18);
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)s[i] << 16 | (i + 1 < len ? (unsigned)s[i + 1] << 8 : 0) | (i + 2 < len ? s[i + 2] : 0);
        char q[4] = {alphabet[v >> 18], alphabet[v >> 12 & 63], i + 1 < len ? alphabet[v >> 6 & 63] : '=',
                     i + 2 < len ? alphabet[v & 63] : '='};
        buf_add(b, q, 4);
    }
    buf_addc(b, '"');
}

static void build_request(buf *b, long id, size_t robots_len, const tcase *c, const check *k, robots_profile_id p) {
    /* Allow checks are the protocol's default kind: a minimal implementation need
     * not know about kinds at all. */
    char head[96];
    snprintf(head, sizeof head, "{\"id\":%ld,\"profile\":\"%s\"", id, robots_profile_name(p));
    buf_add(b, head, strlen(head));
    if (k->kind != KIND_ALLOW) {
        snprintf(head, sizeof head, ",\"kind\":\"%s\"", kind_name(k->kind));
        buf_add(b, head, strlen(head));
    }
    switch (k->kind) {
    case KIND_ALLOW:
        add_robots(b, &c->robots, robots_len);
        add_field(b, "agent", k->agent, strlen(k->agent));
        add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_ROBOTS_URL:
        add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_SCOPE:
        add_field(b, "robots_url", k->robots_url, strlen(k->robots_url));
        add_field(b, "url", k->url, strlen(k->url));
        break;
    case KIND_STATUS:
        if (k->status) add_number(b, "status", k->status);
        else add_field(b, "status", "network-error", 13);
        add_number(b, "redirects", (long)k->redirects);
        add_number(b, "unreachable_days", (long)k->unreachable_days);
        buf_add(b, k->cached ? ",\"cached\":true" : ",\"cached\":false", k->cached ? 14 : 15);
        break;
    case KIND_SITEMAPS:
        add_robots(b, &c->robots, robots_len);
        break;
    default:
        if (k->cache_control) add_field(b, "cache_control", k->cache_control, strlen(k->cache_control));
        break;
    }
    buf_addc(b, '}');
}

/* The reply field that answers each kind. */
static const char *const answer_field[KIND_COUNT] = {"allowed", "robots_url", "scope", "decision",
                                                     "sitemaps", "seconds"};

static void read_reply(const char *line, long id, const check *k, answer *a) {
    cJSON *reply = cJSON_Parse(line);
    a->status = ANSWER_FAILED;
    if (!cJSON_IsObject(reply)) {
        snprintf(a->detail, sizeof a->detail, "the reply is not a JSON object: %.200s", line);
        goto done;
    }
    const cJSON *rid = cJSON_GetObjectItemCaseSensitive(reply, "id");
    if (!cJSON_IsNumber(rid) || rid->valuedouble != (double)id) {
        snprintf(a->detail, sizeof a->detail, "the reply has the wrong id (expected %ld): %.200s", id, line);
        goto done;
    }
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(reply, "error");
    if (error) {
        const char *text = cJSON_IsString(error) ? error->valuestring : "(no message)";
        if (k->kind != KIND_ALLOW) a->status = ANSWER_SKIPPED;
        snprintf(a->detail, sizeof a->detail, "the target replied with an error: %.300s", text);
        goto done;
    }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(reply, answer_field[k->kind]);
    bool ok;
    switch (k->kind) {
    case KIND_ALLOW:
        ok = cJSON_IsBool(v);
        if (ok) snprintf(a->text, sizeof a->text, "%s", cJSON_IsTrue(v) ? "allowed" : "disallowed");
        break;
    case KIND_ROBOTS_URL:
        ok = cJSON_IsString(v) || cJSON_IsNull(v);
        if (ok) snprintf(a->text, sizeof a->text, "%s", cJSON_IsNull(v) ? "none" : v->valuestring);
        break;
    case KIND_SCOPE:
    case KIND_STATUS:
        ok = cJSON_IsString(v);
        if (ok) snprintf(a->text, sizeof a->text, "%s", v->valuestring);
        break;
    case KIND_SITEMAPS: {
        ok = cJSON_IsArray(v);
        const cJSON *e;
        cJSON_ArrayForEach(e, v) ok = ok && cJSON_IsString(e);
        if (ok) {
            char *text = cJSON_PrintUnformatted(v);
            snprintf(a->text, sizeof a->text, "%s", text);
            cJSON_free(text);
        }
        break;
    }
    default:
        ok = cJSON_IsNumber(v);
        if (ok) snprintf(a->text, sizeof a->text, "%.0f", v->valuedouble);
        break;
    }
    if (!ok) {
        snprintf(a->detail, sizeof a->detail, "the reply has no valid \"%s\": %.200s", answer_field[k->kind], line);
        goto done;
    }
    a->status = ANSWER_GIVEN;
done:
    cJSON_Delete(reply);
}

static void ask(target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    batch *bt = t->state;
    a->detail[0] = '\0';
    if (!bt->running) {
        if (session_start(bt->argv, &bt->session) != 0) {
            a->status = ANSWER_FAILED;
            snprintf(a->detail, sizeof a->detail, "cannot start the target");
            return;
        }
        bt->running = 1;
    }
    buf request = {NULL, 0, 0};
    long id = ++bt->next_id;
    build_request(&request, id, handed_length(t, &c->robots), c, k, p);
    char *reply;
    char why[400];
    if (session_request(&bt->session, request.data, request.len, bt->timeout, &reply, why, sizeof why) != 0) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "%s", why);
        /* Whatever state it is in, the next check gets a fresh process. */
        session_stop(&bt->session, 0.5);
        bt->running = 0;
    } else {
        read_reply(reply, id, k, a);
    }
    buf_free(&request);
}

static void close_batch(target *t) {
    batch *bt = t->state;
    if (bt->running) session_stop(&bt->session, bt->timeout);
    free_argv(bt->argv);
    free(bt);
    free(t);
}

target *target_batch(const char *command, double timeout, char *error, size_t cap) {
    char **argv;
    const char *why;
    if (split_command(command, &argv, &why) <= 0) {
        snprintf(error, cap, "--batch-cmd: %s", why ? why : "no command given");
        if (argv) free_argv(argv);
        return NULL;
    }
    target *t = calloc(1, sizeof *t);
    batch *bt = calloc(1, sizeof *bt);
    bt->argv = argv;
    bt->timeout = timeout;
    t->name = "batch";
    t->ask = ask;
    t->close = close_batch;
    t->state = bt;
    t->fetch_limit = FETCH_LIMIT_DEFAULT;
    return t;
}
