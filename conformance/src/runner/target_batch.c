/*
 * target_batch.c - a long-lived process speaking the batch protocol: one JSON request
 * per line, one JSON reply per line, in order (conformance/PROTOCOL.md).
 *
 * Requests go one at a time, so a reply that never comes, or a crash, is pinned on
 * the check that caused it; the process is then restarted for the next check.
 * Replies are matched by id: a line that is not a reply is skipped and counted
 * (the report says so), so a stray line costs no check. An error reply to a check
 * kind other than allow means the target does not answer that kind: the check is
 * skipped. The protocol, from the target's side: conformance/PROTOCOL.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "json.h"
#include "process.h"
#include "request.h"
#include "target.h"

typedef struct batch {
    char **argv;
    double timeout;
    proc_session session;
    int running;
    long next_id;
    long replies; /* replies from the process running now */
    long sent;    /* requests sent to it */
    buf sent_lines; /* those requests, a line each, while they fit in SENT_LINES_MAX */
    bool sent_cut;  /* they did not fit: they are not kept */
} batch;

/* The most of a process's requests kept to replay them when it dies: a command
 * line a reader can still copy (the first few requests of most runs). */
#define SENT_LINES_MAX 8192

/* The reply field that answers each kind. */
static const char *const answer_field[KIND_COUNT] = {
    [KIND_ALLOW] = "allowed",       [KIND_ALLOW_AGENTS] = "allowed", [KIND_ALLOW_CRAWLER] = "allowed",
    [KIND_ROBOTS_URL] = "robots_url", [KIND_SCOPE] = "scope",        [KIND_STATUS] = "decision",
    [KIND_SITEMAPS] = "sitemaps",   [KIND_CACHE_LIFETIME] = "seconds", [KIND_USAGE] = "usage",
    [KIND_SIGNAL] = "usage"};

/* What a line of the target's output is, for the request with this id. */
typedef enum line_kind { LINE_REPLY, LINE_STRAY, LINE_STALE, LINE_BAD } line_kind;

/* A reply is a JSON object with an "id". A line that is not a JSON object is stray
 * output (a banner, a log line): skipped, so it costs no check. An object with the
 * id of an earlier request is a late reply: skipped too. An object without an id,
 * or with one not yet asked, answers this request wrongly. */
static line_kind classify(const cJSON *reply, long id, const char *line, answer *a) {
    if (!cJSON_IsObject(reply)) return LINE_STRAY;
    const cJSON *rid = cJSON_GetObjectItemCaseSensitive(reply, "id");
    if (cJSON_IsNumber(rid) && rid->valuedouble == (double)id) return LINE_REPLY;
    if (cJSON_IsNumber(rid) && rid->valuedouble < (double)id && rid->valuedouble >= 1) return LINE_STALE;
    a->status = ANSWER_FAILED;
    a->fault = FAULT_BAD_REPLY;
    if (!rid) snprintf(a->detail, sizeof a->detail, "the reply has no \"id\" (expected %ld): %.200s", id, line);
    else snprintf(a->detail, sizeof a->detail, "the reply has the wrong id (expected %ld): %.200s", id, line);
    return LINE_BAD;
}

static void read_reply(const cJSON *reply, const char *line, const check *k, answer *a) {
    a->status = ANSWER_FAILED;
    /* "error": null is no error (null is absence). */
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(reply, "error");
    if (error && !cJSON_IsNull(error)) {
        const char *text = cJSON_IsString(error) ? error->valuestring : "(no message)";
        if (k->kind != KIND_ALLOW) a->status = ANSWER_SKIPPED;
        snprintf(a->detail, sizeof a->detail, "the target replied with an error: %.300s", text);
        return;
    }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(reply, answer_field[k->kind]);
    bool ok;
    switch (k->kind) {
    case KIND_ALLOW:
    case KIND_ALLOW_AGENTS:
    case KIND_ALLOW_CRAWLER:
        ok = cJSON_IsBool(v);
        if (ok) snprintf(a->text, sizeof a->text, "%s", cJSON_IsTrue(v) ? "allowed" : "disallowed");
        break;
    case KIND_ROBOTS_URL:
        ok = cJSON_IsString(v) || cJSON_IsNull(v);
        if (ok) snprintf(a->text, sizeof a->text, "%s", cJSON_IsNull(v) ? "none" : v->valuestring);
        break;
    case KIND_USAGE:
    case KIND_SIGNAL: /* the three words of PROTOCOL.md, nothing else */
        ok = cJSON_IsString(v) && (!strcmp(v->valuestring, "y") || !strcmp(v->valuestring, "n") ||
                                   !strcmp(v->valuestring, "unknown"));
        if (ok) snprintf(a->text, sizeof a->text, "%s", v->valuestring);
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
            snprintf(a->text, sizeof a->text, "%s", text ? text : "");
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
        a->fault = FAULT_BAD_REPLY;
        snprintf(a->detail, sizeof a->detail, "the reply has no valid \"%s\": %.200s", answer_field[k->kind], line);
        return;
    }
    a->status = ANSWER_GIVEN;
    /* "line": the deciding line, optional (PROTOCOL.md). */
    const cJSON *decided = cJSON_GetObjectItemCaseSensitive(reply, "line");
    if (cJSON_IsNumber(decided) && decided->valuedouble >= 0 && decided->valuedouble < 1e9)
        a->line = (long)decided->valuedouble;
}

static int start(batch *bt) {
    if (session_start(bt->argv, &bt->session) != 0) return -1;
    bt->running = 1;
    bt->replies = 0;
    bt->sent = 0;
    bt->sent_lines.len = 0;
    bt->sent_cut = false;
    return 0;
}

/* Keeps a request sent to the process running now, for a replay. */
static void keep_request(batch *bt, const buf *request) {
    bt->sent++;
    if (bt->sent_cut) return;
    if (bt->sent_lines.len + request->len + 1 > SENT_LINES_MAX || buf_add(&bt->sent_lines, request->data, request->len) ||
        buf_addc(&bt->sent_lines, '\n')) {
        bt->sent_cut = true;
        bt->sent_lines.len = 0;
    }
}

/* The process died without replying to request: counted, and the first death
 * kept whole (what it was sent); later ones only say whether they died after as
 * many requests. Memory running out leaves the advice general (replay.h). */
static void note_death(target *t, const batch *bt, const buf *request) {
    target_deaths *d = &t->deaths;
    if (d->count++ > 0) {
        d->same = d->same && d->sent == bt->sent;
        d->at_once = d->at_once || bt->sent == 1;
        return;
    }
    d->sent = bt->sent;
    d->same = true;
    d->argv = bt->argv;
    d->last = strndup(request->data ? request->data : "", request->len);
    d->requests = bt->sent_cut ? NULL : strndup(bt->sent_lines.data ? bt->sent_lines.data : "", bt->sent_lines.len);
}

static void stop(batch *bt, double timeout) {
    if (bt->running) session_stop(&bt->session, timeout);
    bt->running = 0;
}

/* Notes a skipped line of output, for the report. */
static void note_stray(target *t, const char *line) {
    if (t->stray_lines++ == 0) snprintf(t->stray_example, sizeof t->stray_example, "%.150s", line);
}

/* What went wrong when no reply came, named by its fault: output that is not a
 * reply, no output at all, or an end after some replies or before any. */
static void describe_failure(const batch *bt, const char *why, size_t stray, const char *first_stray, answer *a) {
    const proc_result *end = &bt->session.ended;
    char lines[300] = "";
    if (stray)
        snprintf(lines, sizeof lines, "printed %zu line%s that %s not a JSON reply (the first: %s)", stray,
                 stray == 1 ? "" : "s", stray == 1 ? "is" : "are", first_stray);
    if (end->timed_out) {
        a->fault = stray ? FAULT_NOT_REPLIES : FAULT_NO_REPLY;
        if (stray) snprintf(a->detail, sizeof a->detail, "%s, and no reply: %s", lines, why);
        else snprintf(a->detail, sizeof a->detail, "%s (it printed nothing)", why);
        return;
    }
    a->fault = end->signaled ? FAULT_CRASH : FAULT_EXIT;
    char replies[80] = "";
    if (bt->replies) snprintf(replies, sizeof replies, ", after replying to %ld request%s", bt->replies, bt->replies == 1 ? "" : "s");
    else if (bt->next_id > 1) snprintf(replies, sizeof replies, " (started again for this request)");
    snprintf(a->detail, sizeof a->detail, "%s%s%s%s%s", bt->next_id == 1 && !bt->replies ? "it could not start: " : "",
             why, replies, stray ? "; it " : "", lines);
}

static void ask(target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    batch *bt = t->state;
    a->detail[0] = '\0';
    if (!bt->running && start(bt) != 0) {
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "cannot start the target: %s", strerror(errno));
        return;
    }
    buf request = {NULL, 0, 0};
    long id = ++bt->next_id;
    if (request_batch_line(&request, id, target_handed_length(t, &c->robots), c, k, p)) {
        buf_free(&request);
        a->status = ANSWER_FAILED;
        snprintf(a->detail, sizeof a->detail, "out of memory building the request");
        return;
    }
    size_t stray = 0;
    char *line;
    char why[400];
    keep_request(bt, &request);
    int rc = session_request(&bt->session, request.data, request.len, bt->timeout, &line, why, sizeof why);
    char first_stray[160] = "";
    for (; rc == 0; rc = session_read_line(&bt->session, &line, why, sizeof why)) {
        cJSON *reply = cJSON_Parse(line);
        line_kind kind = classify(reply, id, line, a);
        if (kind == LINE_REPLY) read_reply(reply, line, k, a);
        cJSON_Delete(reply);
        if (kind == LINE_REPLY) bt->replies++;
        if (kind == LINE_REPLY || kind == LINE_BAD) {
            buf_free(&request);
            return;
        }
        note_stray(t, line);
        if (stray++ == 0) snprintf(first_stray, sizeof first_stray, "%.150s", line);
    }
    a->status = ANSWER_FAILED;
    describe_failure(bt, why, stray, first_stray, a);
    if (!bt->session.ended.timed_out) note_death(t, bt, &request);
    buf_free(&request);
    proc_tail(bt->session.err.data ? bt->session.err.data : "", bt->session.err.len, STDERR_LINES, a->stderr_tail, sizeof a->stderr_tail);
    /* Whatever state it is in, the next check gets a fresh process. */
    stop(bt, 0);
}

static void close_batch(target *t) {
    batch *bt = t->state;
    stop(bt, bt->timeout);
    free_argv(bt->argv);
    buf_free(&bt->sent_lines);
    free(t->deaths.last);
    free(t->deaths.requests);
    free(bt);
    free(t);
}

int target_batch_start_command(const char *command, char ***argv, proc_session *s, char *error, size_t cap) {
    const char *why;
    if (split_command(command, argv, &why) <= 0) {
        snprintf(error, cap, "--batch-cmd: %s", why ? why : "no command given");
        if (*argv) free_argv(*argv);
        *argv = NULL;
        return -1;
    }
    /* A program that cannot be started is a usage error, not 600 failed checks. */
    int rc = session_start(*argv, s), code = rc ? errno : s->ended.exec_errno;
    if (rc != 0 || s->ended.exec_failed) {
        snprintf(error, cap, "--batch-cmd: cannot run '%s': %s", (*argv)[0], strerror(code));
        if (rc == 0) session_stop(s, 0);
        free_argv(*argv);
        *argv = NULL;
        return -1;
    }
    return 0;
}

target *target_batch(const char *command, double timeout, char *error, size_t cap) {
    target *t = calloc(1, sizeof *t);
    batch *bt = calloc(1, sizeof *bt);
    if (!t || !bt) {
        snprintf(error, cap, "out of memory");
        free(t);
        free(bt);
        return NULL;
    }
    if (target_batch_start_command(command, &bt->argv, &bt->session, error, cap)) {
        free(bt);
        free(t);
        return NULL;
    }
    bt->running = 1;
    bt->timeout = timeout;
    t->name = "batch";
    t->ask = ask;
    t->close = close_batch;
    t->state = bt;
    t->fetch_limit = ROBOTS_DEFAULT_MAX_BYTES;
    return t;
}
