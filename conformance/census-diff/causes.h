/*
 * causes.h - the scorecard's named causes, for a census differential: which of
 * them the target shows (it answers a probe of conformance/adapters/probes.json
 * otherwise than the reference), which of those are evident (not explained by
 * another cause it shows: a probe with a '*' rule says nothing of the query when
 * the target has no wildcards), and whether a minimal example made from a real
 * file shows a cause's feature (causes.c says, cause by cause, what that is).
 */
#ifndef ROBOTS_CENSUS_DIFF_CAUSES_H
#define ROBOTS_CENSUS_DIFF_CAUSES_H

#include <stdbool.h>
#include <stddef.h>

#include "ask.h"
#include "input.h"
#include "robots.h"

#define NAMED_MAX 96

typedef struct named_cause {
    char name[64];   /* as probes.json names it: "longest", "wildcard", ... */
    char says[400];  /* its sentence, as the scorecard prints it */
    size_t probes;   /* probes of it */
    size_t shown;    /* probes of it the target answers otherwise than the reference */
    size_t failed;   /* probes of it the target did not answer */
    bool evident;    /* a probe shows it that no other cause the target shows explains:
                        only an evident cause names a minimal example */
    char confounded_by[64]; /* shown, not evident: the cause whose feature each of its
                               probes answered otherwise also has */
} named_cause;

typedef struct named_causes {
    named_cause items[NAMED_MAX];
    size_t n;
    size_t probes; /* probes asked */
} named_causes;

/* Reads probes_file and asks every probe that names a cause of the target (and of
 * the reference, under the profile). Returns 0, or -1 with error (a file that
 * cannot be read or is not the probes' format). */
int causes_probe(named_causes *out, const char *probes_file, asker *impl, robots_profile_id profile, char *error,
                 size_t cap);

/* The first cause (in causes.c's order, most particular first) that is evident
 * in the target and the minimal example shows the feature of, or NULL. */
const named_cause *causes_attribute(const named_causes *c, const input *example, robots_profile_id profile);

#endif
