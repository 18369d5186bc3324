/*
 * known.h - known failures (--known-failures FILE): the checks a target is known to
 * fail, so that its CI fails only on a new failure.
 *
 * The file lists check ids, one a line: "RFC-5" names every check of the case
 * RFC-5, "RFC-5.2" its check 2 (an id that is a case's own, as "RFC-3.1", names
 * that case). Blank lines and everything from '#' on are ignored. An id that names
 * nothing in the tables is an error, with the file and line: a misspelt entry
 * would otherwise hide nothing and say nothing.
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
    size_t failing, passing; /* results of this run it names, by outcome */
} known_entry;

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

/* Does the list name this check? Counts its status (a failure or a pass) under
 * each entry naming it, for known_fixed. */
bool known_names(known_list *k, const tcase *c, const check *ck, result_status status);

/* An entry is fixed when this run asked checks it names and none of them failed
 * (and the run judged every profile the file was written under: known_can_fix). */
static inline bool known_fixed(const known_entry *e) { return e->passing > 0 && e->failing == 0; }
static inline bool known_can_fix(const known_list *k) { return k && !(k->written_under & ~k->judged); }
/* The fixed entries; 0 when known_can_fix says none can be. */
size_t known_fixed_count(const known_list *k);

/* Writes every failure of the results (known ones too) as a known-failures file:
 * one check id a line, with what was expected and answered as a comment, after a
 * KNOWN_PROFILES_LINE naming the profiles judged (bits). Returns 0, or -1 with
 * error. */
int known_write(const char *file, const results *r, const char *what, unsigned profiles, char *error, size_t cap);

#endif
