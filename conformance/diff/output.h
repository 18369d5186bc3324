/*
 * output.h - what a campaign leaves in --out DIR: report.md (the clusters by
 * count, each with its minimal robots.txt, crawler, URL, both answers, the
 * reference's explanation and the nearest case of the suite) and cases/diff.json,
 * a case table in the suite's schema with one case per cluster, expecting the
 * reference's answers, so that robots-conform --cases DIR/cases replays them.
 */
#ifndef ROBOTS_DIFF_OUTPUT_H
#define ROBOTS_DIFF_OUTPUT_H

#include "cluster.h"
#include "tables.h"

typedef struct campaign {
    const char *target;   /* the command, in words */
    const char *option;   /* how robots-conform is given it: --batch-cmd or --command */
    robots_profile_id profile;
    unsigned long long seed;
    size_t checks, disagreements, failures, minimised, unminimised, minimise_max;
    size_t minimise_questions; /* checks asked while minimising, beyond `checks` */
    double seconds;
    char failure_example[256];
    const input *broken;  /* the first input the target broke on (hung, crashed), or NULL */
    char broken_why[256];
    const char *interrupted; /* the signal that stopped the run ("SIGTERM"), or NULL: it ran to its end */
    char stopped[200];       /* then "interrupted by SIGTERM after N of M checks" */
} campaign;

/* Makes DIR and DIR/cases and puts a placeholder (report_placeholder.h) at each
 * of the three paths write_outputs writes, before the campaign starts: no report
 * of an earlier run stays there to be read as this one's. Returns 0, or -1 with
 * error. */
int prepare_outputs(const char *dir, char *error, size_t cap);

/* Writes DIR/report.md, DIR/cases/diff.json and DIR/clusters.json (the figures
 * and each cluster's id, cause and count, for tools), each whole (report_file.h).
 * An interrupted run's say so: report.md's first line, clusters.json's "stopped"
 * and "interrupted", diff.json's description (its schema allows no other key; it
 * still replays). Returns 0, or -1 with error. */
int write_outputs(const char *dir, const campaign *run, const clusters *c, const suite *s, char *error, size_t cap);

#endif
