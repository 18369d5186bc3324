/* run.h - asking a target every selected check, under every selected profile. */
#ifndef ROBOTS_CONFORM_RUN_H
#define ROBOTS_CONFORM_RUN_H

#include <stdbool.h>

#include "tables.h"
#include "target.h"

typedef enum result_status {
    RESULT_PASS,
    RESULT_FAIL,
    RESULT_SKIP,      /* the target cannot answer this kind of check */
    RESULT_UNDEFINED, /* the profile leaves it open: the answer is reported, not judged */
    RESULT_KNOWN,     /* failed, and listed as a known failure (--known-failures) */
    RESULT_COUNT
} result_status;

typedef struct result {
    const tcase *c;
    const check *k;
    robots_profile_id profile;
    result_status status;
    char *got;    /* the answer, NULL when none */
    /* got, reason and stderr_tail are valid UTF-8 without control characters
     * but LF and TAB, whatever the target printed (clean_text.h). */
    char *reason; /* why it failed or was skipped, or the target's own explanation */
    char *stderr_tail; /* a failure's last lines of the target's stderr, or NULL */
    long line;    /* the deciding line the target reported, -1 when it reported none */
    bool answered; /* the target gave an answer (got is NULL for an empty one) */
    bool declined; /* no answer: the target replied with an error (no fault of its own) */
    bool answer_changed; /* a known failure's pinned answer is not this one: reason begins so */
} result;

typedef struct selection {
    unsigned profiles;   /* bit per robots_profile_id */
    unsigned basis_in;   /* --basis: keep checks resting on any of these classes (0: all) */
    unsigned basis_out;  /* --basis -CLASS: drop checks resting on any of these */
    const char *areas;   /* comma-separated, or NULL for all */
    const char *ids;     /* comma-separated ids or id prefixes (MATCH-3 takes MATCH-3.2) */
} selection;

/* When a run stops before its end. */
typedef struct run_limits {
    size_t max_failures;       /* stop after this many failures (known ones aside); 0: never */
    bool keep_going;           /* do not stop when the first checks show a broken target */
    struct known_list *known;  /* known failures (their tallies are counted), or NULL */
} run_limits;

/* A target is taken as broken when its first BROKEN_CHECKS answers all fail for one
 * target-side cause (target.h, target_fault). */
#define BROKEN_CHECKS 3

typedef enum run_stop {
    STOP_NONE,
    STOP_MAX_FAILURES, /* --max-failures was reached */
    STOP_BROKEN,       /* the target is broken: results hold the checks that showed it */
    STOP_MEMORY,       /* memory ran out */
    STOP_INTERRUPTED   /* SIGINT, SIGTERM or SIGHUP asked the run to stop (interrupt.h): the check
                        * in flight, whose target was killed, is not among the results */
} run_stop;

typedef struct results {
    result *items;
    size_t n;
    run_stop stopped;
    target_fault broken; /* with STOP_BROKEN */
    char *broken_fix;    /* with STOP_BROKEN: a likely fix of its own (replay.h), or NULL for run_broken_advice's */
    bool out_of_memory; /* the run stopped early: memory ran out */
} results;

bool run_case_selected(const selection *sel, const tcase *c);
/* Is the check, under this profile, selected by its classes? */
bool run_check_selected(const selection *sel, const check *k, robots_profile_id p);
void run_suite(const suite *s, target *t, const selection *sel, const run_limits *limits, results *out);

/* How many results a whole run of the selection has: the M of "after N of M
 * checks". */
size_t run_count_selected(const suite *s, const selection *sel);

/* Counts as run_suite reports them: any result at all? */
bool run_counted(const size_t n[RESULT_COUNT]);

/* Words for a broken target's cause, and the likely fix. */
const char *run_broken_advice(target_fault cause);
void run_results_free(results *r);

/* Does expected/got pass? "undefined" never fails. */
result_status run_judge_answer(const char *expected, const answer *a);

#endif
