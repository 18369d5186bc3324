/*
 * diff.h - what a census differential finds (main.c) and how it is reported
 * (report.c): per agent, the sites and checks compared and disagreeing; the
 * disagreements clustered by cause, each with its sites and its smallest minimal
 * example; how the run was made (provenance.h).
 */
#ifndef ROBOTS_CENSUS_DIFF_DIFF_H
#define ROBOTS_CENSUS_DIFF_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "causes.h"
#include "input.h"
#include "provenance.h"

#define DIFF_AGENTS_MAX 64
#define DIFF_CLUSTERS_MAX 256

typedef struct agent_tally {
    const char *agent;
    size_t sites;             /* sites compared for it (asked, at least one check answered) */
    size_t sites_disagreeing; /* ... where at least one check disagreed */
    size_t checks, disagreeing, failed;
} agent_tally;

/* The cluster of the disagreements no named cause explains: each of robots-diff's
 * descriptions of them is a cluster of its own, under this one. */
#define UNEXPLAINED "unexplained"
#define NOT_MINIMISED "not-minimised"

/* One cause and what fell under it. */
typedef struct cause_cluster {
    char key[512];       /* the named cause's name, UNEXPLAINED, NOT_MINIMISED, or
                            (under UNEXPLAINED) robots-diff's description */
    const named_cause *named; /* the scorecard's cause, or NULL */
    size_t parent;       /* 1 + the cluster it is a description under, or 0 */
    size_t checks, minimised;
    buf sites;           /* its sites: size_t numbers of the disagreeing sites (diff_site_name), in order */
    bool has_example;
    input example;       /* the smallest minimal example */
    char site[256];      /* the site it was made from */
    int reference, target;          /* their answers on it (1 allowed) */
    long reference_line, target_line; /* the lines that decided (0 none; -1 the target did not say) */
} cause_cluster;

typedef struct diff_run {
    const char *command;
    int argc;            /* the run's own arguments, for the report to say how it was made */
    char **argv;
    char date[32];       /* when it started, UTC, ISO 8601 */
    robots_profile_id profile;
    agent_tally agents[DIFF_AGENTS_MAX];
    size_t nagents;
    size_t sites, skipped, status_decided, compared, too_long;
    size_t incomplete;   /* inputs not read to their end (robots census's exit 3): the report is of what was read */
    size_t minimised, minimise_max, per_cause, per_site;
    char failure_example[256];
    cause_cluster clusters[DIFF_CLUSTERS_MAX];
    size_t nclusters;
    size_t sites_disagreeing; /* for any agent */
    buf names;           /* the disagreeing sites' names, each NUL-terminated, in order */
    buf name_at;         /* size_t: where each starts in names */
    named_causes causes;
    double seconds;
    fingerprint corpus;  /* over every site read */
    const char *interrupted;      /* the signal that stopped the run ("SIGTERM"), or NULL: it ran to its end */
    char stopped[512];            /* then "interrupted by SIGTERM after N sites, ..." */
    const char *version_command;  /* --adapter-version, or NULL */
    char adapter_version[256];    /* the first line it printed */
    char version_error[512];      /* ... or why there is none */
} diff_run;

/* How many sites a cluster has, and the number of its i-th (as diff_site_name
 * takes it). */
static inline size_t cluster_sites(const cause_cluster *c) { return c->sites.len / sizeof(size_t); }
static inline size_t cluster_site(const cause_cluster *c, size_t i) {
    size_t n;
    memcpy(&n, c->sites.data + i * sizeof n, sizeof n);
    return n;
}

/* The name of disagreeing site number i. */
static inline const char *diff_site_name(const diff_run *r, size_t i) {
    size_t at;
    memcpy(&at, r->name_at.data + i * sizeof at, sizeof at);
    return r->names.data + at;
}

/* Writes the report as Markdown to md and as JSON to json (either may be NULL);
 * an interrupted run's says so first: the Markdown's first line, the JSON's
 * "stopped" and "interrupted". Returns 0, or -1 when a write failed. */
int report_markdown(const diff_run *r, FILE *md);
int report_json(const diff_run *r, FILE *json);

#endif
