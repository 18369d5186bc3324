/* ask.c - the reference in process, the target through pipelined batches (ask.h). */
#include "ask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "command_line.h"
#include "json.h"
#include "request.h"

int ask_reference(const input *in, robots_profile_id profile, robots_verdict *why) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *rules = robots_parse(in->robots.data ? in->robots.data : "", in->robots.len, &o);
    if (!rules) return VERDICT_FAILED;
    robots_verdict v;
    int allowed = robots_check(rules, in->agent, strlen(in->agent), in->url, strlen(in->url), &v);
    if (why) {
        *why = v;
        why->pattern = NULL; /* owned by the rules, freed below */
    }
    robots_free(rules);
    return allowed ? VERDICT_ALLOWED : VERDICT_DISALLOWED;
}

int asker_open(asker *a, const char *command, robots_profile_id profile, double timeout, char *error, size_t cap) {
    memset(a, 0, sizeof *a);
    const char *why;
    if (split_command(command, &a->argv, &why) <= 0) {
        snprintf(error, cap, "--batch-cmd: %s", why ? why : "no command given");
        if (a->argv) free_argv(a->argv);
        a->argv = NULL;
        return -1;
    }
    a->profile = profile;
    a->timeout = timeout;
    if (session_start(a->argv, &a->session) != 0 || a->session.ended.exec_failed) {
        snprintf(error, cap, "--batch-cmd: cannot run '%s'", a->argv[0]);
        session_stop(&a->session, 0);
        free_argv(a->argv);
        a->argv = NULL;
        return -1;
    }
    a->running = 1;
    return 0;
}

static void fail_all(asker *a, size_t n, int *verdicts, size_t from, const char *why) {
    for (size_t i = from; i < n; i++) verdicts[i] = VERDICT_FAILED;
    snprintf(a->last_failure, sizeof a->last_failure, "%s", why);
    session_stop(&a->session, 0);
    a->running = 0;
}

void ask_target(asker *a, const input *in, size_t n, int *verdicts) {
    if (!a->running) {
        if (session_start(a->argv, &a->session) != 0) {
            fail_all(a, n, verdicts, 0, "cannot start the target");
            return;
        }
        a->running = 1;
        a->restarts++;
    }
    /* Every request in one write; the replies come back in order, matched by id. */
    buf req = {NULL, 0, 0};
    long first = a->next_id + 1;
    int bad = 0;
    for (size_t i = 0; i < n && !bad; i++) {
        char head[96];
        snprintf(head, sizeof head, "%s{\"id\":%ld,\"profile\":\"%s\"", i ? "\n" : "", ++a->next_id,
                 robots_profile_name(a->profile));
        bad = buf_add(&req, head, strlen(head)) | request_add_robots(&req, in[i].robots.data, in[i].robots.len) | buf_add(&req, ",\"agent\":", 9) |
              json_append_string(&req, in[i].agent, strlen(in[i].agent)) | buf_add(&req, ",\"url\":", 7) |
              json_append_string(&req, in[i].url, strlen(in[i].url)) | buf_addc(&req, '}');
    }
    if (bad) {
        buf_free(&req);
        fail_all(a, n, verdicts, 0, "out of memory building the requests");
        return;
    }
    for (size_t i = 0; i < n; i++) verdicts[i] = VERDICT_FAILED;
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
            got++;
        }
        cJSON_Delete(reply);
        if (got == n) return;
        rc = session_read_line(&a->session, &line, why, sizeof why); /* the batch's deadline */
    }
    fail_all(a, n, verdicts, n, why); /* the answered keep their verdicts */
}

void asker_close(asker *a) {
    if (a->running) session_stop(&a->session, a->timeout);
    a->running = 0;
    if (a->argv) free_argv(a->argv);
    a->argv = NULL;
}
