/*
 * diff.h - what a census differential finds (main.c) and how it is reported
 * (report.c): per agent, the sites and checks compared and disagreeing; the
 * disagreements clustered by cause, each with its smallest minimal example.
 */
#ifndef ROBOTS_CENSUS_DIFF_DIFF_H
#define ROBOTS_CENSUS_DIFF_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "causes.h"
#include "input.h"

#define DIFF_AGENTS_MAX 64
#define DIFF_CLUSTERS_MAX 256

typedef struct agent_tally {
    const char *agent;
    size_t sites;             /* sites compared for it (asked, at least one check answered) */
    size_t sites_disagreeing; /* ... where at least one check disagreed */
    size_t checks, disagreeing, failed;
} agent_tally;

/* One cause and what fell under it. */
typedef struct cause_cluster {
    char key[512];       /* the named cause's name, or robots-diff's feature sentence */
    const named_cause *named; /* the scorecard's cause, or NULL */
    size_t sites, checks, minimised;
    size_t last_site;    /* 1 + the number of the last site counted in it */
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
    size_t minimised, minimise_max, per_cause, per_site;
    char failure_example[256];
    cause_cluster clusters[DIFF_CLUSTERS_MAX];
    size_t nclusters;
    size_t sites_disagreeing; /* for any agent */
    named_causes causes;
    double seconds;
} diff_run;

/* Writes the report as Markdown to md and as JSON to json (either may be NULL).
 * Returns 0, or -1 when a write failed. */
int report_markdown(const diff_run *r, FILE *md);
int report_json(const diff_run *r, FILE *json);

#endif
