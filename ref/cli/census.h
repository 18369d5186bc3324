/* census.h - robots census: the reference over a corpus of robots.txt files, every
 * site x agent x path answered, with a summary per agent (docs/census.md). */
#ifndef ROBOTS_CLI_CENSUS_H
#define ROBOTS_CLI_CENSUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "buf.h"
#include "robots.h"
#include "warc_records.h"

/* One site of the input, as the input reader hands it over (valid during the
 * visit only). */
typedef struct census_site {
    buf name;        /* the site: a file's name, or a line's "site" */
    buf body;        /* its robots.txt, at most its first 500 KiB (decoded) */
    bool truncated;  /* the file was longer */
    int status;      /* the HTTP status of the robots.txt (200 for a directory's files; 0: network error) */
    unsigned redirects; /* the redirects followed to it */
    bool unfollowed; /* the chain ended at a redirect whose target the input does not hold */
    buf final_uri;   /* the URI the chain ended at, when the input says (a WARC record's; a line's "final_uri") */
    const char *problem; /* why the line is not a site (when the reader skips it) */
} census_site;

/* What the status policy is asked of a site: a redirect not followed ends the
 * chain as one past the fifth does (STATUS-2: as a 404). */
robots_fetch census_site_fetch(const census_site *s);

/* Exit status of a census some input of which was not read to its end: the rows
 * written are right for what was read (docs/census.md). */
#define EXIT_INCOMPLETE 3

/* What a census read of one input, stated as the input ends (census_summary.c)
 * and in --summary. */
#define CENSUS_REASONS 32
typedef struct census_reason {
    const char *why; /* a warning's text (the reasons are the readers' own strings) */
    size_t n;
} census_reason;

typedef struct census_read {
    const char *kind;        /* "folder", "json-lines", "warc", "warc-gzip": set by every census_each */
    size_t records;          /* WARC records, JSON Lines lines, a folder's entries */
    size_t types[WARC_TYPES]; /* WARC records read, by type */
    size_t responses;        /* robots.txt responses of a WARC file */
    size_t sites;            /* handed to the census */
    size_t skipped;          /* records, lines or files that are not sites, each a warning */
    census_reason reasons[CENSUS_REASONS]; /* the skipped by reason, first seen first */
    size_t nreasons, other_reasons; /* reasons kept; skipped for a reason past them */
    size_t not_regular;      /* a folder's entries that are not regular files */
    uint64_t bytes_read;     /* the file's own bytes read (compressed, for a gzipped WARC) */
    uint64_t bytes;          /* the file's size (0: standard input, a folder) */
    const char *incomplete;  /* why it was not read to its end, or NULL */
    int interrupted;         /* the signal that stopped its reading (interrupt.h), or 0 */
} census_read;

typedef struct census_counts {
    size_t sites, bad;       /* over every input: sites answered; records, lines or files skipped, each a warning */
    size_t incomplete;       /* inputs not read to their end */
    FILE *warnings;          /* where the readers warn: stderr when NULL */
    bool progress_shown;     /* a progress line ends standard error: a warning starts a line of its own */
    census_read read;        /* the input in hand */
} census_counts;

/* A warning of a reader, "robots census: " and the text, on a line of its own. */
void census_warn(census_counts *counts, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* One more record, line or file skipped (a warning said why). */
void census_skip(census_counts *counts, const char *why);

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

/* The most agents (--agents) or crawlers (--crawlers) a census asks about. */
#define CENSUS_AGENTS_MAX 64

/* What a census counts for each agent (census.c), and what its summary shows;
 * with --crawlers, also the sites that allow it all, block it from all, block it
 * in part (census_crawlers.h). */
typedef struct census_agent_tally {
    size_t sites, root_allowed, whole_disallowed, checks, allowed;
    census_usage_tally usage;
    size_t allowing, blocking, in_part;
} census_agent_tally;

/* Everything the summary shows (census_summary.c). */
typedef struct census_totals {
    robots_profile_id profile;
    const census_counts *counts;
    const char *const *agents;
    const census_agent_tally *tally; /* nagents of them, in --agents order */
    size_t nagents;
    const buf *inputs;               /* census_input_json's objects, one after the other */
    const char *interrupted;         /* the signal that stopped the census ("SIGTERM"), or NULL */
    const char *stopped;             /* then "interrupted by SIGTERM after N sites, ..." */
    const struct census_crawlers *crawlers; /* --crawlers: the agents are these crawlers; else NULL */
} census_totals;

/* What was read of an input, on standard error as it ends (after "\r" when a
 * progress line was shown): its records, sites, the skipped by reason, its
 * bytes read against its size, and, when it was not read to its end, why. */
void census_report_input(const char *name, const census_read *r, bool progress);

/* The same as a JSON object (with a comma before it when `out` holds one
 * already), for --summary's "inputs". Returns 0, or -1 when memory runs out. */
int census_input_json(buf *out, const char *name, const census_read *r);

/* The summary on standard error, as `robots census` ends (after "\r" when a
 * progress line was shown); an interrupted census's starts with a line that says
 * so, and its --summary has "stopped" and "interrupted" last. */
void census_print_summary(const census_totals *totals, bool progress);

/* --summary FILE: the summary as JSON, for a script that merges shards
 * (scripts/census-dask) or a paper's table, into f (the temporary file of
 * report_file.h, opened before the census began, so that a FILE that cannot be
 * made is known before the first row). Returns 0, or -1 with errno. */
int census_write_summary(const census_totals *totals, FILE *f);

typedef int (*census_visit)(void *ctx, const census_site *site);

/* An INPUT of the census: a folder, a JSON Lines file ("-": standard input), or
 * a WARC file given by its name. */
typedef enum census_kind {
    CENSUS_FOLDER,
    CENSUS_JSON_LINES,
    CENSUS_WARC,
    CENSUS_NOT_WARC, /* named as a WARC file (.warc, .warc.gz), and not one: an error for the input */
} census_kind;
typedef struct census_input {
    const char *name;
    census_kind kind;
    int fd;                  /* kept open from the check on (standard input, a pipe), or -1 */
    unsigned char head[64];  /* what the check read of fd, read again as its first bytes */
    size_t head_len;
} census_input;

/* Checks that INPUT can be read as a census input, before the first row is
 * written: it exists, a folder can be listed, a file opened, and a WARC file is
 * one census can seek in (not standard input, not a pipe). 0, or -1 with *why. */
int census_open_input(const char *name, census_input *in, const char **why);
void census_close_input(census_input *in);

/* Hands every site of the input to visit, in order, and states in counts->read
 * what it read; a line, file or record that is not a site is a warning on stderr
 * (census_skip) and the census goes on. Returns 0 (counts->read.incomplete says
 * whether the input was read to its end), visit's non-zero value, or -1 with
 * errno when memory runs out.
 *
 * Once the run is interrupted (interrupt.h), the readers hand over no more sites
 * (a read from a pipe that waits ends at the signal) and stop as when visit
 * fails; census_each then returns 0 with counts->read.interrupted set and
 * counts->read.incomplete "interrupted by SIGTERM" (or the signal's name). A
 * visit that stops at the signal, the site in hand left unanswered, returns -1. */
int census_each(census_input *in, census_visit visit, void *ctx, census_counts *counts);

/* Hands every robots.txt response record of a WARC file (plain, or gzip members)
 * to visit, its redirects followed, as census_each does; `name` is the file's
 * name in warnings. Returns 0, visit's non-zero value, or -1 when memory runs out. */
int census_each_warc(const warc_source *src, const char *name, census_visit visit, void *ctx, census_counts *counts);

/* A folder's sites (census_folder.c) and a JSON Lines file's (census_jsonl.c),
 * as census_each hands them over. */
int census_each_file(const char *dir, census_visit visit, void *ctx, census_counts *counts);
/* `head`: bytes already taken from fd (standard input's first, which the
 * pre-check read), read as the file's first. */
int census_each_line(int fd, const char *name, const unsigned char *head, size_t head_len, census_visit visit, void *ctx,
                     census_counts *counts);

/* robots census [OPTIONS] INPUT...: argv[0] is "census". Returns the exit status.
 * With --compare-with ADAPTER it runs robots-census-diff, found beside this
 * program, with the same arguments (docs/census.md). */
int run_census(int argc, char **argv);

#endif
