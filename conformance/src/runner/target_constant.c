/*
 * target_constant.c - the scorecard's baselines: a "parser" that allows
 * everything, and one that disallows everything. They answer allow checks only
 * (everything else is skipped), so a reader of a score knows what a parser that
 * reads nothing at all would get: 55% is not good if always-allowed gets 50%.
 */
#include <stdio.h>
#include <stdlib.h>

#include "target.h"

static void ask(target *t, const tcase *c, const check *k, robots_profile_id p, answer *a) {
    (void)c;
    (void)p;
    if (k->kind != KIND_ALLOW) {
        a->status = ANSWER_SKIPPED;
        snprintf(a->detail, sizeof a->detail, "a baseline answers only allow checks");
        return;
    }
    a->status = ANSWER_GIVEN;
    snprintf(a->text, sizeof a->text, "%s", t->state ? "allowed" : "disallowed");
}

static void close_constant(target *t) { free(t); }

target *target_constant(bool allowed) {
    target *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->name = allowed ? "always-allowed" : "always-disallowed";
    t->ask = ask;
    t->close = close_constant;
    t->state = allowed ? (void *)t : NULL; /* any non-NULL pointer means "allowed" */
    t->fetch_limit = ROBOTS_DEFAULT_MAX_BYTES;
    return t;
}
