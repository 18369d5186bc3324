/* census.h - robots census: the reference over a corpus of robots.txt files, every
 * site x agent x path answered, with a summary per agent (docs/census.md). */
#ifndef ROBOTS_CLI_CENSUS_H
#define ROBOTS_CLI_CENSUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "robots.h"

/* One site of the input, as the input reader hands it over (valid during the
 * visit only). */
typedef struct census_site {
    buf name;        /* the site: a file's name, or a line's "site" */
    buf body;        /* its robots.txt, at most its first 500 KiB */
    bool truncated;  /* the file was longer */
    int status;      /* the HTTP status of the robots.txt (200 for a directory's files; 0: network error) */
    unsigned redirects;
    const char *problem; /* why the line is not a site (when the reader skips it) */
} census_site;

typedef struct census_counts {
    size_t sites, bad; /* sites answered, inputs skipped with a warning */
    FILE *warnings;    /* where the WARC reader warns: stderr when NULL */
} census_counts;

/* What every site is asked about, besides the root: --paths FILE and
 * --paths-from-rules N (census_paths.c). */
#define CENSUS_PATHS_MAX 4096
#define CENSUS_PATH_BYTES 2048
typedef struct census_asked {
    buf paths;         /* --paths, each starting with '/', NUL-terminated, in turn */
    size_t npaths;
    size_t from_rules; /* --paths-from-rules N */
} census_asked;

/* --paths FILE: one path a line, each starting with '/'; '#' lines and blank ones
 * skipped. Returns 0, or EXIT_USAGE after saying why on stderr. */
int census_read_paths(census_asked *c, const char *file);

/* The paths a site is asked about (the root, --paths, then the paths made from
 * its rules; rules NULL when the status decided), each once, into out (at most
 * cap, CENSUS_PATHS_MAX + 64 holds them all). Returns how many. */
size_t census_site_paths(const census_asked *c, const robots_rules *rules, char (*out)[CENSUS_PATH_BYTES], size_t cap);

/* The AI usage preferences counted per agent (census_usage.c): Content-Usage
 * train-ai and search, Content-Signal search, ai-input and ai-train, in that
 * order; for each, the sites answering n at the root, y at the root, n at some
 * path asked (the root included), y at some path asked. */
#define CENSUS_PREFERENCES 5
typedef struct census_usage_tally {
    size_t counts[CENSUS_PREFERENCES][4];
} census_usage_tally;

/* "content-usage train-ai", ... */
const char *census_preference_name(size_t preference);

/* Adds one site's answers for the agent over its np paths (paths[0] the root) to
 * *t. rules NULL (the status decided) states nothing. Allocates nothing that can
 * fail it. */
void census_usage_site(const robots_rules *rules, const char *agent, size_t agent_len,
                       const char (*paths)[CENSUS_PATH_BYTES], const size_t *lens, size_t np, census_usage_tally *t);

/* What a census counts for each agent (census.c), and what its summary shows. */
typedef struct census_agent_tally {
    size_t sites, root_allowed, whole_disallowed, checks, allowed;
    census_usage_tally usage;
} census_agent_tally;

/* Everything the summary shows (census_summary.c). */
typedef struct census_totals {
    robots_profile_id profile;
    const census_counts *counts;
    const char *const *agents;
    const census_agent_tally *tally; /* nagents of them, in --agents order */
    size_t nagents;
} census_totals;

/* The summary on standard error, as `robots census` ends (after "\r" when a
 * progress line was shown). */
void census_print_summary(const census_totals *totals, bool progress);

/* --summary FILE: the summary as JSON, for a script that merges shards
 * (scripts/census-dask) or a paper's table. Returns 0, or -1 with errno. */
int census_write_summary(const census_totals *totals, const char *file);

typedef int (*census_visit)(void *ctx, const census_site *site);

/* Hands every site of INPUT (a directory, a JSON Lines file, "-" for standard
 * input) to visit, in order; a line or file that is not a site is a warning on
 * stderr (counts->bad) and the census goes on. Returns 0, visit's non-zero value,
 * or -1 with errno when INPUT cannot be read. */
int census_each(const char *input, census_visit visit, void *ctx, census_counts *counts);

/* Hands every response record of a WARC file (plain, or gzip members) to visit,
 * as census_each does; `name` is the file's name in warnings. Returns 0, visit's
 * non-zero value, or -1 when memory runs out. */
int census_each_warc(FILE *f, const char *name, census_visit visit, void *ctx, census_counts *counts);

/* robots census [OPTIONS] INPUT...: argv[0] is "census". Returns the exit status.
 * With --compare-with ADAPTER it runs robots-census-diff, found beside this
 * program, with the same arguments (docs/census.md). */
int run_census(int argc, char **argv);

#endif
