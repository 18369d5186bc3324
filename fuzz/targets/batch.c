/*
 * batch.c - fuzz target: the robots command's batch protocol (ref/cli/batch.c and
 * batch_request.c, with the JSON reader and base64 decoder of common/). The input
 * is a stream of request lines. Every line that is not blank gets exactly one reply:
 * one line, a JSON object whose first member is "id", echoing the request's id when
 * the request was valid JSON and null otherwise, and holding either an error or an
 * answer of the request's kind. The reader is the protocol's own parser, so a reply
 * it cannot read is a finding.
 */
#include <string.h>

#include "../common.h"
#include "batch.h"
#include "json.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(reply_presence_wrong)
DEFINE_FINDING(reply_not_one_line_end)
DEFINE_FINDING(reply_has_line_break)
DEFINE_FINDING(reply_not_json_object)
DEFINE_FINDING(reply_without_id_or_answer)

typedef struct reply_seen {
    int members;
    int id_first; /* the first member is "id" */
    int answered; /* an error, or one of the answer fields */
} reply_seen;

static int on_reply_member(void *ctx, const json_member *m) {
    static const char *const answers[] = {"error", "allowed", "robots_url", "scope", "decision",
                                          "sitemaps", "seconds", "usage"};
    reply_seen *r = ctx;
    if (r->members++ == 0) r->id_first = m->key_len == 2 && !memcmp(m->key, "id", 2);
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
        if (m->key_len == strlen(answers[i]) && !memcmp(m->key, answers[i], m->key_len)) r->answered = 1;
    return 0;
}

static void check_reply(const char *line, size_t n, const char *reply, size_t len) {
    /* Blank lines get no reply; every other line gets one. */
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) i++;
    REQUIRE(reply_presence_wrong, (len == 0) == (i == n));
    if (len == 0) return;
    REQUIRE(reply_not_one_line_end, reply[len - 1] == '\n');
    REQUIRE(reply_has_line_break, memchr(reply, '\n', len - 1) == NULL && memchr(reply, '\r', len) == NULL);
    reply_seen seen = {0, 0, 0};
    json_error err;
    REQUIRE(reply_not_json_object, json_parse_object(reply, len - 1, on_reply_member, &seen, &err) == 0);
    REQUIRE(reply_without_id_or_answer, seen.id_first && seen.answered);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cli_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    batch_session s;
    batch_begin(&s, &o);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        /* Lines end at LF or CR, as the command reads them. */
        const char *e = p;
        while (e < end && *e != '\n' && *e != '\r') e++;
        const char *reply;
        size_t len = batch_answer(&s, p, (size_t)(e - p), &reply);
        check_reply(p, (size_t)(e - p), reply, len);
        p = e < end ? e + 1 : e;
    }
    batch_end(&s);
    return 0;
}
