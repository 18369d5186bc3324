/*
 * cluster.h - disagreements grouped by cause: which rule of the reference decides
 * (allow, disallow or none; a specific group, '*' or none), which way the target
 * answers, and which features the minimal input needs (a wildcard, '$', a
 * percent-escape, non-ASCII, a misspelt key, a line without a colon, a group
 * without rules, a BOM, CR line ends, NUL, a comment, a query, ...), most of them
 * as the reference's parser sees the file. Each cluster keeps its count and its
 * smallest example.
 */
#ifndef ROBOTS_DIFF_CLUSTER_H
#define ROBOTS_DIFF_CLUSTER_H

#include "input.h"
#include "robots.h"

#define CLUSTERS_MAX 256
#define CAUSE_MAX 512

typedef struct cluster {
    char key[CAUSE_MAX]; /* the cause, in words */
    size_t count;      /* disagreements in it */
    input example;     /* its smallest minimal input */
    int reference;     /* the reference's verdict on the example (1 allowed) */
    robots_verdict why;
} cluster;

typedef struct clusters {
    cluster items[CLUSTERS_MAX];
    size_t n;
    size_t dropped; /* disagreements whose cluster did not fit */
} clusters;

/* The cause of a minimal disagreement, in words (profile: the reference's).
 * Returns 0, or -1 when memory ran out. */
int cause_of(const input *in, robots_profile_id profile, int reference, const robots_verdict *why, char *key,
             size_t cap);

/* Files a minimal disagreement under its cause. Returns 0, or -1 when memory ran out. */
int cluster_add(clusters *c, const input *in, robots_profile_id profile, int reference, const robots_verdict *why);

void clusters_free(clusters *c);

#endif
