/*
 * ask.h - the two sides of a differential check: the reference, in this process,
 * and the implementation under test, a batch-protocol process asked many checks
 * per write (pipelined), so a campaign is not bound by a round trip per check.
 * A target that crashes, hangs or answers nonsense costs the checks in flight:
 * they are marked failed with the reason, and the process is restarted.
 */
#ifndef ROBOTS_DIFF_ASK_H
#define ROBOTS_DIFF_ASK_H

#include "input.h"
#include "process.h"
#include "robots.h"

enum { VERDICT_DISALLOWED = 0, VERDICT_ALLOWED = 1, VERDICT_FAILED = -1 };

/* The reference's verdict (allowed or disallowed) and what decided it. */
int ask_reference(const input *in, robots_profile_id profile, robots_verdict *why);

typedef struct asker {
    char **argv;
    robots_profile_id profile;
    double timeout; /* per batch */
    proc_session session;
    int running;
    long next_id;
    size_t restarts;
    char last_failure[256];
} asker;

/* Prepares a target from a --batch-cmd command line. Returns 0, or -1 with error. */
int asker_open(asker *a, const char *command, robots_profile_id profile, double timeout, char *error, size_t cap);

/* Asks n checks in one go; verdicts[i] is VERDICT_ALLOWED, VERDICT_DISALLOWED or
 * VERDICT_FAILED (a->last_failure says why). */
void ask_target(asker *a, const input *in, size_t n, int *verdicts);

void asker_close(asker *a);

#endif
