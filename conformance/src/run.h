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
    RESULT_UNDEFINED  /* the profile leaves it open: the answer is reported, not judged */
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
} result;

typedef struct selection {
    unsigned profiles;   /* bit per robots_profile_id */
    unsigned basis_in;   /* --basis: keep checks resting on any of these classes (0: all) */
    unsigned basis_out;  /* --basis -CLASS: drop checks resting on any of these */
    const char *areas;   /* comma-separated, or NULL for all */
    const char *ids;     /* comma-separated ids or id prefixes (MATCH-3 takes MATCH-3.2) */
} selection;

typedef struct results {
    result *items;
    size_t n;
    bool out_of_memory; /* the run stopped early: memory ran out */
} results;

bool case_selected(const selection *sel, const tcase *c);
/* Is the check, under this profile, selected by its classes? */
bool check_selected(const selection *sel, const check *k, robots_profile_id p);
void run_suite(const suite *s, target *t, const selection *sel, results *out);
void results_free(results *r);

/* Does expected/got pass? "undefined" never fails. */
result_status judge_answer(const char *expected, const answer *a);

#endif
