/* run.c - the run: every selected case, check and profile, asked of the target. */
#include "run.h"

#include "clean_text.h"
#include "interrupt.h"
#include "known.h"
#include "replay.h"

#include <stdlib.h>
#include <string.h>

/* What the target said, kept for the report: valid UTF-8 whatever it printed;
 * NULL for nothing. */
static char *kept(const char *s) { return s[0] ? clean_text_copy(s, strlen(s)) : NULL; }

/* Does one list entry (without its '-') name item? With prefix set, "MATCH-3" also
 * names "MATCH-3.2" (but not "MATCH-30"). */
static bool names(const char *entry, size_t len, const char *item, size_t n, bool prefix) {
    if (len == n && !strncmp(entry, item, n)) return true;
    return prefix && len < n && !strncmp(entry, item, len) && item[len] == '.';
}

/* Is `item` selected by the comma-separated list? An entry "-X" drops what X
 * names, as --basis -CLASS drops a class; the others keep what they name, and a
 * list of drops alone keeps everything else. */
static bool listed(const char *list, const char *item, bool prefix) {
    if (!list) return true;
    size_t n = strlen(item);
    bool kept = false, any_kept = false;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        bool drop = *p == '-';
        if (drop && names(p + 1, len - 1, item, n, prefix)) return false;
        if (!drop) {
            any_kept = true;
            kept |= names(p, len, item, n, prefix);
        }
        p += len;
        if (*p == ',') p++;
    }
    return kept || !any_kept;
}

bool run_case_selected(const selection *sel, const tcase *c) {
    return listed(sel->areas, c->table->area, false) && listed(sel->ids, c->id, true);
}

bool run_check_selected(const selection *sel, const check *k, robots_profile_id p) {
    unsigned classes = k->basis[p];
    if (sel->basis_in && !(classes & sel->basis_in)) return false;
    return !(classes & sel->basis_out);
}

result_status run_judge_answer(const char *expected, const answer *a) {
    if (a->status == ANSWER_SKIPPED) return RESULT_SKIP;
    /* A target that broke (crashed, hung, garbled) fails any check; one that
     * declined to answer (an error reply) fails only a check that is judged. */
    if (a->status == ANSWER_FAILED)
        return a->fault == FAULT_NONE && !strcmp(expected, UNDEFINED) ? RESULT_UNDEFINED : RESULT_FAIL;
    if (!strcmp(expected, UNDEFINED)) return RESULT_UNDEFINED;
    return strcmp(expected, a->text) == 0 ? RESULT_PASS : RESULT_FAIL;
}

bool run_counted(const size_t n[RESULT_COUNT]) {
    size_t all = 0;
    for (int i = 0; i < RESULT_COUNT; i++) all += n[i];
    return all > 0;
}

const char *run_broken_advice(target_fault cause) {
    switch (cause) {
    case FAULT_EXIT: /* before its first reply: after some, replay.c names the request */
        return "the target ends without replying: run it by hand with one request line (conformance/PROTOCOL.md) "
               "and read what it prints on stderr; a missing module or a wrong path is the usual cause";
    case FAULT_CRASH:
        return "the target is killed by a signal before it answers: run it by hand with one request and read its stderr";
    case FAULT_NO_REPLY:
        return "no reply: does the adapter flush stdout after each line? (Python: print(..., flush=True); "
               "C: fflush(stdout)); does it wait for a whole line and answer each one at once?";
    case FAULT_BAD_REPLY:
        return "the replies are not what the protocol asks for: each reply is one JSON object with the request's "
               "\"id\" and the answer field (\"allowed\": true or false; \"usage\": \"y\", \"n\" or \"unknown\" for "
               "usage and signal checks, yes and no written as y and n), or the output matches neither pattern";
    case FAULT_NOT_REPLIES:
        return "the target writes lines that are not replies and no reply: each reply is one JSON object on a line "
               "of its own with the request's \"id\" (conformance/PROTOCOL.md); logs and banners go to stderr";
    case FAULT_START:
        return "run the target's command by hand from the same directory: the program or a file it needs is missing";
    case FAULT_EXIT_CODE:
        return "the command's exit status is neither --allowed-exit nor --disallowed-exit: check the template's "
               "arguments (run it by hand) or set those options, or judge by output with --allowed-pattern";
    default:
        return "";
    }
}

/* Adds one result; false when memory ran out. */
static bool add_result(results *out, size_t *cap, const tcase *c, const check *ck, robots_profile_id p, const answer *a) {
    if (out->n == *cap) {
        size_t more = *cap ? *cap * 2 : 256;
        result *grown = realloc(out->items, more * sizeof(result));
        if (!grown) return false;
        out->items = grown;
        *cap = more;
    }
    result *r = &out->items[out->n++];
    r->c = c;
    r->k = ck;
    r->profile = p;
    r->status = run_judge_answer(ck->expect[p], a);
    r->got = a->status == ANSWER_GIVEN ? kept(a->text) : NULL;
    r->reason = kept(a->detail);
    r->stderr_tail = a->status == ANSWER_FAILED ? kept(a->stderr_tail) : NULL;
    r->line = a->status == ANSWER_GIVEN ? a->line : -1;
    r->answered = a->status == ANSWER_GIVEN;
    r->declined = a->status == ANSWER_FAILED && a->fault == FAULT_NONE;
    r->answer_changed = false;
    return true;
}

/* A failure a --known-failures entry names is known when the entry takes its
 * answer (any answer, or the one it pins); when every entry naming it pins
 * another, the failure stays and says so. A check the target gave no answer to
 * (it crashed, hung, broke the protocol) is a new failure all the same; an error
 * reply is an answer only to an entry that pins it ("= error"). False when memory
 * ran out. */
static bool judge_known(known_list *k, result *r) {
    const char *now = r->declined ? KNOWN_ERROR_ANSWER : !r->answered ? NULL : r->got ? r->got : "";
    const char *was = NULL;
    known_verdict v = known_judge(k, r->c, r->k, r->profile, r->status, now, &was);
    if (v == KNOWN_ACCEPTED) r->status = RESULT_KNOWN;
    if (v != KNOWN_CHANGED) return true;
    char head[600];
    snprintf(head, sizeof head, "known failure, answer changed: was %s, now %s", was, now);
    size_t n = strlen(head) + (r->reason ? strlen(r->reason) + 2 : 0) + 1;
    char *reason = malloc(n);
    if (!reason) return false;
    snprintf(reason, n, "%s%s%s", head, r->reason ? ": " : "", r->reason ? r->reason : "");
    free(r->reason);
    r->reason = reason;
    r->answer_changed = true;
    return true;
}

/* Where a run stands, for stopping it early. */
typedef struct stop_watch {
    size_t asked;      /* checks the target was asked and did not skip */
    size_t failures;   /* failures, known ones aside */
    target_fault fault; /* the fault all asked checks so far failed with, or FAULT_NONE */
} stop_watch;

/* Should the run stop after this answer? A broken target: the first BROKEN_CHECKS
 * checks it had to answer all failed for one target-side fault. A skipped check
 * does not count, whether it was skipped unasked (a command target skips whole
 * areas) or by the target's error reply for a kind it does not answer: an
 * allow-only adapter that answers every scope check so and dies on every allow
 * check is broken (how many replies it gave first, the failure's reason says). */
static run_stop stop_after(results *out, const answer *a, const run_limits *limits, stop_watch *w) {
    const result *r = &out->items[out->n - 1];
    if (a->status != ANSWER_SKIPPED && w->asked < BROKEN_CHECKS) {
        target_fault fault = a->status == ANSWER_FAILED ? a->fault : FAULT_NONE;
        w->fault = w->asked == 0 || fault == w->fault ? fault : FAULT_NONE;
        if (++w->asked == BROKEN_CHECKS && w->fault != FAULT_NONE && !limits->keep_going) {
            out->broken = w->fault;
            return STOP_BROKEN;
        }
    }
    if (r->status == RESULT_FAIL && limits->max_failures && ++w->failures >= limits->max_failures) return STOP_MAX_FAILURES;
    return STOP_NONE;
}

void run_suite(const suite *s, target *t, const selection *sel, const run_limits *limits, results *out) {
    static const run_limits none = {0, true, NULL};
    if (!limits) limits = &none;
    size_t cap = 0;
    stop_watch watch = {0, 0, FAULT_NONE};
    memset(out, 0, sizeof *out);
    for (size_t ti = 0; ti < s->ntables && !out->stopped; ti++) {
        const table *tb = &s->tables[ti];
        for (size_t ci = 0; ci < tb->ncases && !out->stopped; ci++) {
            const tcase *c = &tb->cases[ci];
            if (!run_case_selected(sel, c)) continue;
            for (int p = 0; p < ROBOTS_PROFILE_COUNT && !out->stopped; p++) {
                if (!(sel->profiles & (1u << p))) continue;
                for (size_t k = 0; k < c->nchecks && !out->stopped; k++) {
                    const check *ck = &c->checks[k];
                    if (!run_check_selected(sel, ck, (robots_profile_id)p)) continue;
                    /* A signal before the question, or during it (the target was
                     * killed: its answer is not the target's). */
                    if (interrupt_signal()) {
                        out->stopped = STOP_INTERRUPTED;
                        return;
                    }
                    answer a;
                    memset(&a, 0, sizeof a);
                    a.line = -1;
                    t->ask(t, c, ck, (robots_profile_id)p, &a);
                    if (interrupt_signal()) {
                        out->stopped = STOP_INTERRUPTED;
                        return;
                    }
                    if (!add_result(out, &cap, c, ck, (robots_profile_id)p, &a)) {
                        out->out_of_memory = true;
                        out->stopped = STOP_MEMORY;
                        return;
                    }
                    if (!judge_known(limits->known, &out->items[out->n - 1])) {
                        out->out_of_memory = true;
                        out->stopped = STOP_MEMORY;
                        return;
                    }
                    out->stopped = stop_after(out, &a, limits, &watch);
                    if (out->stopped == STOP_BROKEN) out->broken_fix = replay_advice(&t->deaths, out->broken);
                }
            }
            if (t->end_case) t->end_case(t, c);
        }
    }
}

size_t run_count_selected(const suite *s, const selection *sel) {
    size_t n = 0;
    for (size_t ti = 0; ti < s->ntables; ti++)
        for (size_t ci = 0; ci < s->tables[ti].ncases; ci++) {
            const tcase *c = &s->tables[ti].cases[ci];
            if (!run_case_selected(sel, c)) continue;
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
                for (size_t k = 0; (sel->profiles & (1u << p)) && k < c->nchecks; k++)
                    n += run_check_selected(sel, &c->checks[k], (robots_profile_id)p);
        }
    return n;
}

void run_results_free(results *r) {
    for (size_t i = 0; i < r->n; i++) {
        free(r->items[i].got);
        free(r->items[i].reason);
        free(r->items[i].stderr_tail);
    }
    free(r->items);
    free(r->broken_fix);
    memset(r, 0, sizeof *r);
}
