/* batch.c - seeds of fuzz/targets/batch.c: every check as the request line the
 * runner would send (conformance/PROTOCOL.md). */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "request.h"
#include "seed_sink.h"

static void request_seed(sink *s, const tcase *c, const check *k, size_t index) {
    buf b = {NULL, 0, 0};
    char head[96];
    snprintf(head, sizeof head, "{\"id\":%zu,\"kind\":\"%s\"", index + 1, kind_name(k->kind));
    int rc = buf_add(&b, head, strlen(head));
    if (c->robots.present && (k->kind == KIND_ALLOW || k->kind == KIND_ALLOW_AGENTS || k->kind == KIND_SITEMAPS))
        rc = rc || request_add_robots(&b, c->robots.data, c->robots.len);
    for (size_t i = 0; i < k->nagents; i++) {
        rc = rc || buf_add(&b, i ? "," : ",\"agents\":[", i ? 1 : 11) ||
             json_append_string(&b, k->agents[i], strlen(k->agents[i]));
        if (i + 1 == k->nagents) rc = rc || buf_addc(&b, ']');
    }
    const char *names[3] = {"agent", "url", "robots_url"};
    const char *values[3] = {k->kind == KIND_ALLOW ? k->agent : NULL, k->url, k->robots_url};
    for (int i = 0; i < 3; i++) {
        if (!values[i]) continue;
        char key[24];
        snprintf(key, sizeof key, ",\"%s\":", names[i]);
        rc = rc || buf_add(&b, key, strlen(key)) || json_append_string(&b, values[i], strlen(values[i]));
    }
    if (k->kind == KIND_STATUS) {
        char st[64];
        if (k->status) snprintf(st, sizeof st, ",\"status\":%d", k->status);
        else snprintf(st, sizeof st, ",\"status\":\"network-error\"");
        rc = rc || buf_add(&b, st, strlen(st));
    }
    rc = rc || buf_add(&b, "}\n", 2);
    if (rc) s->failed = 1;
    else emit(s, b.data, b.len);
    buf_free(&b);
}

void seeds_batch(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) request_seed(s, c, &c->checks[i], i);
}
