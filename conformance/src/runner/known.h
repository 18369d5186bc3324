/*
 * known.h - known failures (--known-failures FILE): the checks a target is known to
 * fail, so that its CI fails only on a new failure.
 *
 * The file lists check ids, one a line: "RFC-5" names every check of the case
 * RFC-5, "RFC-5.2" its check 2 (an id that is a case's own, as "RFC-3.1", names
 * that case). Blank lines and everything from '#' on are ignored. An id that names
 * nothing in the tables is an error, with the file and line: a misspelt entry
 * would otherwise hide nothing and say nothing.
 *
 * An entry may pin the answer the check failed with: "STATUS-4.2 = full-disallow"
 * ("= error" for an error reply; a JSON string when the answer has spaces, '#' or
 * quotes), and the profile it failed under: "MATCH-3.2 [rfc9309] = allowed". A
 * pinned check that fails with another answer is a failure of its own ("known
 * failure, answer changed: was X, now Y"): a known failure that changes is news.
 * An entry without an answer takes any answer, as before (issue 60, item 4).
 */
#ifndef ROBOTS_CONFORM_KNOWN_H
#define ROBOTS_CONFORM_KNOWN_H

#include <stdbool.h>
#include <stdio.h>

#include "run.h"

typedef struct known_entry {
    char *id;
    int line;           /* in the file */
    const tcase *c;     /* the case it names */
    int check;          /* the check number it names; 0: every check of the case */
    int profile;        /* the robots_profile_id it is for ("[rfc9309]"); -1: every profile */
    char *answer;       /* the answer it fails with ("= ..."; "error" for an error reply), or NULL: any */
    size_t failing, passing; /* results of this run it names, by outcome */
} known_entry;

/* The answer an entry pins for an error reply (no answer, and no fault of the
 * target's: it declined). */
#define KNOWN_ERROR_ANSWER "error"

typedef struct known_list {
    const char *file;
    known_entry *items;
    size_t n;
    /* The profiles the file was written under (its "# Profiles judged: ..." line,
     * a bit per robots_profile_id; 0 when it does not say), and those this run
     * judges (set by the caller). An entry can be fixed only when the run judges
     * every profile the file was written under: one still failing under a profile
     * not judged is not fixed. */
    unsigned written_under, judged;
} known_list;

/* The comment line --write-known-failures writes with the profiles of its run. */
#define KNOWN_PROFILES_LINE "# Profiles judged: "

/* Reads and resolves FILE against the tables. Returns 0, or -1 with error
 * ("FILE:LINE: ..."; out of memory; cannot read). */
int known_load(const char *file, const suite *s, known_list *out, char *error, size_t cap);
void known_free(known_list *k);

/* What the list says of a result. */
typedef enum known_verdict {
    KNOWN_UNLISTED, /* no entry names it (or it got no answer at all: a crash, a timeout) */
    KNOWN_ACCEPTED, /* an entry names it and takes this answer: a known failure */
    KNOWN_CHANGED   /* entries name it, each pinned to another answer: *was is the first */
} known_verdict;

/* Judges the result of check ck of c under profile: its status, and `now` the
 * answer it failed with (KNOWN_ERROR_ANSWER for an error reply; NULL when it got
 * none). Counts the status (a failure or a pass) under each entry naming it, for
 * known_fixed. Only a failure is judged: anything else is KNOWN_UNLISTED. */
known_verdict known_judge(known_list *k, const tcase *c, const check *ck, robots_profile_id profile,
                          result_status status, const char *now, const char **was);

/* An entry is fixed when this run asked checks it names and none of them failed
 * (and the run judged every profile the file was written under: known_can_fix). */
static inline bool known_fixed(const known_entry *e) { return e->passing > 0 && e->failing == 0; }
static inline bool known_can_fix(const known_list *k) { return k && !(k->written_under & ~k->judged); }
/* The fixed entries; 0 when known_can_fix says none can be. */
size_t known_fixed_count(const known_list *k);

/* Was the file written under a profile this run does not judge? Then no entry
 * can be said fixed, and --strict cannot do its work (the run fails). */
static inline bool known_unjudged(const known_list *k) { return k && !known_can_fix(k); }

/* The entries whose checks all passed in this run, which would be fixed if the
 * run judged every profile of the file: "MATCH-3, RFC-5.2" (cut at cap), and how
 * many. */
size_t known_unjudged_entries(const known_list *k, char *out, size_t cap);

/* Why nothing could be judged: "FILE was written under google, rfc9309; this run
 * judged google". */
void known_unjudged_why(const known_list *k, char *out, size_t cap);

/* Writes every failure of the results (known ones too) as a known-failures file:
 * one check id a line pinned to the answer it failed with ("= error" for an error
 * reply; one line per profile when the profiles' answers differ), with what was
 * expected as a comment, after a KNOWN_PROFILES_LINE naming the profiles judged
 * (bits). A run given the file passes. A failure without an answer (a crash, a
 * timeout, a broken reply) cannot be listed so: the file is not written and error
 * names the check. Returns 0, or -1 with error. */
int known_write(const char *file, const results *r, const char *what, unsigned profiles, char *error, size_t cap);

#endif
