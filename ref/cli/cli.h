/* cli.h - the parts of the `robots` command. */
#ifndef ROBOTS_CLI_H
#define ROBOTS_CLI_H

#include <stddef.h>

#include "robots.h"

/* Exit codes: Google's robots_main contract. */
#define EXIT_ALLOWED 0
#define EXIT_DISALLOWED 1
#define EXIT_USAGE 2

typedef struct cli_options {
    robots_profile_id profile;
    size_t max_bytes;
    int explain;
    unsigned redirects;        /* status */
    unsigned unreachable_days; /* status */
    int cached;                /* status */
    const char *cache_control; /* cache-lifetime */
    int signal;                /* usage: Content-Signal, not Content-Usage */
    const char *crawler;       /* --crawler NAME: asked as the catalog's crawler */
    const char *catalog;       /* --catalog FILE (NULL: found by default) */
} cli_options;

/* The allocator of every parse and every buffer the command makes: realloc and
 * free, unless the tests install one that fails on demand, to check that running
 * out of memory always gets a defined answer (ref/tests/test_cli_memory.c). NULL
 * restores realloc and free. Set it only while nothing is allocated. */
void cli_use_allocator(const robots_allocator *a);
/* What robots_options.allocator should be (NULL for realloc and free). */
const robots_allocator *cli_allocator(void);
/* The command's own arrays go through the same allocator, so that the tests can
 * fail each of them too. cli_calloc returns zeroed memory, NULL when n * size
 * overflows; cli_free(NULL) does nothing. */
void *cli_realloc(void *p, size_t n);
void *cli_calloc(size_t n, size_t size);
void cli_free(void *p);

/* Reads FILE ('-': stdin) and parses it under the options, for `agent` alone
 * (robots_options.agents) unless it is NULL; *len is the file's length, *more
 * whether it went past --max-bytes. -1, with the reason on stderr, when it cannot
 * be read or parsed. */
int load_rules(const cli_options *o, const char *file, const char *agent, robots_rules **rules,
               size_t *len, int *more);
/* "robots NAME: WHAT 'ARG'" and a pointer to NAME's --help, on stderr: a
 * sub-command's usage error (lint, review). Returns EXIT_USAGE. */
int subcommand_usage_error(const char *name, const char *what, const char *arg);
/* Writes n bytes with non-printable octets as \xHH, so a line stays one line. */
void put_visible(const char *s, size_t n);
/* --explain's lines for a verdict on url (more: the file went past --max-bytes). */
void explain_verdict(const cli_options *o, const robots_rules *rules, const char *url, const robots_verdict *v,
                     int more);

/* robots FILE AGENT URL */
int run_check(const cli_options *o, const char *file, const char *agent, const char *url);
/* robots --crawler NAME FILE URL (crawler.c) */
int run_crawler_check(const cli_options *o, const char *file, const char *url);
/* robots --batch: JSON Lines on stdin and stdout */
int run_batch(const cli_options *o);
/* robots url URL; robots scope ROBOTS_URL URL */
int run_url(const cli_options *o, const char *url);
int run_scope(const cli_options *o, const char *file_url, const char *url);
/* robots status CODE|network-error; robots cache-lifetime */
int run_status(const cli_options *o, const char *code);
int run_cache_lifetime(const cli_options *o);
/* robots usage [--signal] FILE AGENT URL [CATEGORY] (usage.c) */
int run_usage(const cli_options *o, const char *file, const char *agent, const char *url,
              const char *category);

#endif
