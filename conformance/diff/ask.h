/*
 * ask.h - the two sides of a differential check: the reference, in this process,
 * and the implementation under test, through the runner's target code: a
 * batch-protocol process (--batch-cmd) asked many checks per write (pipelined), so
 * a campaign is not bound by a round trip per check, or a command template
 * (--command), one process per check, as robots-conform runs it. A target that
 * crashes or hangs fails the check it was on (the first without a reply: replies
 * come in order); the checks after it are asked once more of a restarted
 * process. Nonsense answers fail their checks, with the reason.
 *
 * Once the run is interrupted (interrupt.h: the first signal killed the target),
 * nothing is started again: every check not yet answered fails at once, with
 * INTERRUPTED_WHY, and the caller drops what was in flight rather than count it
 * as the target's failure.
 */
#ifndef ROBOTS_DIFF_ASK_H
#define ROBOTS_DIFF_ASK_H

#include "input.h"
#include "process.h"
#include "robots.h"
#include "target.h"

#define INTERRUPTED_WHY "not asked: the run was interrupted"

enum { VERDICT_DISALLOWED = 0, VERDICT_ALLOWED = 1, VERDICT_FAILED = -1 };

/* The reference's verdict (allowed or disallowed) and what decided it (why's
 * pattern is NULL: the rules are gone). */
int ask_reference(const input *in, robots_profile_id profile, robots_verdict *why);

/* The same, and the deciding rule's pattern as the reference normalised it into
 * *pattern (emptied first; left empty when no rule decided). VERDICT_FAILED also
 * when memory runs out. */
int ask_reference_pattern(const input *in, robots_profile_id profile, robots_verdict *why, buf *pattern);

typedef struct asker {
    robots_profile_id profile;
    double timeout;           /* per batch (--batch-cmd) or per check (--command) */
    /* --batch-cmd */
    char **argv;
    proc_session session;
    int running;
    long next_id;
    /* --command: the runner's command target */
    target *per_check;
    size_t restarts;
    char last_failure[256];
    /* After ask_target: the first check the target broke on (no reply: it hung,
     * crashed or ended; with --command, any failed check), or -1; and why. */
    long broke_at;
    char broke_why[256];
} asker;

/* Prepares the target: a --batch-cmd command line, or (batch_command NULL) the
 * --command options. Returns 0, or -1 with error (a usage error). */
int asker_open(asker *a, const char *batch_command, const command_options *command, robots_profile_id profile,
               double timeout, char *error, size_t cap);

/* Asks n checks; verdicts[i] is VERDICT_ALLOWED, VERDICT_DISALLOWED or
 * VERDICT_FAILED (a->last_failure says why). */
void ask_target(asker *a, const input *in, size_t n, int *verdicts);
/* The same, and lines[i] the line the target said decided (its reply's "line";
 * 0 none did), or -1 when it did not say or did not answer. */
void ask_target_lines(asker *a, const input *in, size_t n, int *verdicts, long *lines);

void asker_close(asker *a);

#endif
