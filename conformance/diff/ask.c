/* ask.c - the reference in process, the target through the runner's target code (ask.h). */
#include "ask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "command_line.h"
#include "interrupt.h"
#include "request.h"

int ask_reference_pattern(const input *in, robots_profile_id profile, robots_verdict *why, buf *pattern) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *rules;
    if (pattern) pattern->len = 0;
    if (robots_parse(in->robots.data, in->robots.len, &o, &rules, NULL) != 0) return VERDICT_FAILED;
    robots_verdict v;
    robots_check(rules, in->agent, strlen(in->agent), in->url, strlen(in->url), &v, NULL); /* rules and v are set */
    int allowed = v.allowed ? VERDICT_ALLOWED : VERDICT_DISALLOWED;
    if (pattern && v.pattern && buf_add(pattern, v.pattern, v.pattern_len)) allowed = VERDICT_FAILED;
    if (why) {
        *why = v;
        why->pattern = NULL; /* owned by the rules, freed below */
    }
    robots_free(rules);
    return allowed;
}

int ask_reference(const input *in, robots_profile_id profile, robots_verdict *why) {
    return ask_reference_pattern(in, profile, why, NULL);
}

int asker_open(asker *a, const char *batch_command, const command_options *command, robots_profile_id profile,
               double timeout, char *error, size_t cap) {
    memset(a, 0, sizeof *a);
    a->profile = profile;
    a->timeout = timeout;
    if (!batch_command) {
        command_options o = *command;
        o.timeout = timeout;
        a->per_check = target_command(&o, error, cap);
        return a->per_check ? 0 : -1;
    }
    if (target_batch_start_command(batch_command, &a->argv, &a->session, error, cap)) return -1;
    a->running = 1;
    return 0;
}

/* An input as the runner's tables hold a check: a case with its robots.txt and
 * one allow check. */
static void as_check(const input *in, tcase *c, check *k) {
    memset(c, 0, sizeof *c);
    c->id = "robots-diff";
    c->robots.present = 1;
    c->robots.data = (unsigned char *)in->robots.data;
    c->robots.len = in->robots.len;
    memset(k, 0, sizeof *k);
    k->kind = KIND_ALLOW;
    k->number = 1;
    k->agent = (char *)in->agent;
    k->url = (char *)in->url;
}

/* --command: one process per check. */
static void ask_one_by_one(asker *a, const input *in, size_t n, int *verdicts, long *lines) {
    for (size_t i = 0; i < n; i++) {
        if (interrupt_signal()) { /* no process started once the run is interrupted: it would run to its timeout */
            for (; i < n; i++) {
                verdicts[i] = VERDICT_FAILED;
                if (lines) lines[i] = -1;
            }
            snprintf(a->last_failure, sizeof a->last_failure, "%s", INTERRUPTED_WHY);
            return;
        }
        tcase c;
        check k;
        answer got;
        as_check(&in[i], &c, &k);
        a->per_check->ask(a->per_check, &c, &k, a->profile, &got);
        a->per_check->end_case(a->per_check, &c);
        if (lines) lines[i] = got.status == ANSWER_GIVEN ? got.line : -1;
        if (got.status == ANSWER_GIVEN) {
            verdicts[i] = !strcmp(got.text, "allowed") ? VERDICT_ALLOWED : VERDICT_DISALLOWED;
        } else {
            verdicts[i] = VERDICT_FAILED;
            snprintf(a->last_failure, sizeof a->last_failure, "%.250s", got.detail);
            if (a->broke_at < 0) {
                a->broke_at = (long)i;
                snprintf(a->broke_why, sizeof a->broke_why, "%.250s", got.detail);
            }
        }
    }
}

static void fail_all(asker *a, size_t n, int *verdicts, size_t from, const char *why) {
    for (size_t i = from; i < n; i++) verdicts[i] = VERDICT_FAILED;
    snprintf(a->last_failure, sizeof a->last_failure, "%s", why);
    session_stop(&a->session, 0);
    a->running = 0;
}

/* One pipelined batch. Returns n when every check got a reply, else the first
 * check without one (where the target hung or died: replies come in order); the
 * process is then stopped, and every check without a reply failed. */
static size_t ask_batch(asker *a, const input *in, size_t n, int *verdicts, long *lines) {
    for (size_t i = 0; lines && i < n; i++) lines[i] = -1;
    if (!a->running) {
        /* Not restarted once the run is interrupted: the first signal killed it. */
        if (interrupt_signal()) {
            for (size_t i = 0; i < n; i++) verdicts[i] = VERDICT_FAILED;
            snprintf(a->last_failure, sizeof a->last_failure, "%s", INTERRUPTED_WHY);
            return 0;
        }
        if (session_start(a->argv, &a->session) != 0) {
            fail_all(a, n, verdicts, 0, "cannot start the target");
            return 0;
        }
        a->running = 1;
        a->restarts++;
        /* A signal that came as it started found no child to kill. */
        if (interrupt_signal()) {
            fail_all(a, n, verdicts, 0, INTERRUPTED_WHY);
            return 0;
        }
    }
    /* Every request in one write; the replies come back in order, matched by id. */
    buf req = {NULL, 0, 0};
    long first = a->next_id + 1;
    int bad = 0;
    for (size_t i = 0; i < n && !bad; i++) {
        tcase c;
        check k;
        as_check(&in[i], &c, &k);
        bad = (i && buf_addc(&req, '\n')) || request_batch_line(&req, ++a->next_id, in[i].robots.len, &c, &k, a->profile);
    }
    if (bad) {
        buf_free(&req);
        fail_all(a, n, verdicts, 0, "out of memory building the requests");
        return n; /* no fault of the target's */
    }
    enum { UNANSWERED = -2 };
    for (size_t i = 0; i < n; i++) verdicts[i] = UNANSWERED;
    char *line, why[256];
    size_t got = 0;
    int rc = session_request(&a->session, req.data, req.len, a->timeout, &line, why, sizeof why);
    buf_free(&req);
    while (rc == 0) {
        cJSON *reply = cJSON_Parse(line);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(reply, "id");
        const cJSON *allowed = cJSON_GetObjectItemCaseSensitive(reply, "allowed");
        if (cJSON_IsNumber(id) && id->valuedouble >= (double)first && id->valuedouble < (double)(first + (long)n)) {
            size_t i = (size_t)(id->valuedouble - (double)first);
            verdicts[i] = cJSON_IsBool(allowed) ? (cJSON_IsTrue(allowed) ? VERDICT_ALLOWED : VERDICT_DISALLOWED)
                                                : VERDICT_FAILED;
            if (!cJSON_IsBool(allowed)) snprintf(a->last_failure, sizeof a->last_failure, "no \"allowed\": %.200s", line);
            /* "line": the deciding line, when the target says (PROTOCOL.md). */
            const cJSON *decided = cJSON_GetObjectItemCaseSensitive(reply, "line");
            if (lines && cJSON_IsNumber(decided) && decided->valuedouble >= 0 && decided->valuedouble < 1e9)
                lines[i] = (long)decided->valuedouble;
            got++;
        }
        cJSON_Delete(reply);
        if (got == n) return n;
        rc = session_read_line(&a->session, &line, why, sizeof why); /* the batch's deadline */
    }
    /* The answered keep their verdicts. */
    size_t broke = n;
    for (size_t i = 0; i < n; i++) {
        if (verdicts[i] != UNANSWERED) continue;
        if (broke == n) broke = i;
        verdicts[i] = VERDICT_FAILED;
    }
    fail_all(a, n, verdicts, n, why);
    snprintf(a->broke_why, sizeof a->broke_why, "%s", why);
    return broke;
}

void ask_target(asker *a, const input *in, size_t n, int *verdicts) { ask_target_lines(a, in, n, verdicts, NULL); }

void ask_target_lines(asker *a, const input *in, size_t n, int *verdicts, long *lines) {
    a->broke_at = -1;
    if (a->per_check) {
        ask_one_by_one(a, in, n, verdicts, lines);
        return;
    }
    size_t broke = ask_batch(a, in, n, verdicts, lines);
    if (broke == n) return;
    a->broke_at = (long)broke;
    /* The checks after the one it broke on are asked once more of a fresh process,
     * so that one input that hangs the target costs one check, not the batch. */
    char why[sizeof a->broke_why];
    memcpy(why, a->broke_why, sizeof why);
    if (broke + 1 < n) ask_batch(a, in + broke + 1, n - broke - 1, verdicts + broke + 1, lines ? lines + broke + 1 : NULL);
    memcpy(a->broke_why, why, sizeof why);
}

void asker_close(asker *a) {
    if (a->per_check) a->per_check->close(a->per_check);
    a->per_check = NULL;
    if (a->running) session_stop(&a->session, a->timeout);
    a->running = 0;
    if (a->argv) free_argv(a->argv);
    a->argv = NULL;
}
