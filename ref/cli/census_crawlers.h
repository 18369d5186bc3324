/* census_crawlers.h - robots census --crawlers LIST (docs/census.md): crawlers of
 * the catalog (crawler_catalog.h), each asked as it asks, and the summary's sums
 * per purpose and per operator. census.c asks; this file resolves the list and
 * keeps and writes the sums. */
#ifndef ROBOTS_CLI_CENSUS_CRAWLERS_H
#define ROBOTS_CLI_CENSUS_CRAWLERS_H

#include <stdbool.h>
#include <stddef.h>

#include "census.h"
#include "crawler_catalog.h"

/* One crawler a census asks about. */
typedef struct census_crawler {
    const char *name;           /* the catalog's name for it, or the token as written */
    const catalog_entry *entry; /* NULL: no crawler of the catalog, asked as the token written */
    const char *const *tokens;  /* its tokens, most specific first */
    size_t ntokens;             /* 0: it follows no robots.txt (a fetcher on a user's request) */
    unsigned flags;             /* ROBOTS_CRAWLER_IGNORES_STAR */
} census_crawler;

/* What a site lets one crawler do. */
typedef enum census_reach {
    CENSUS_ALLOWS_ALL,  /* nothing disallowed: the groups it follows have no disallow rule, or the status allows all */
    CENSUS_BLOCKS_ALL,  /* the whole site disallowed, as census.c decides it */
    CENSUS_BLOCKS_PART, /* the rest: some of the site disallowed */
    CENSUS_NO_ROBOTS,   /* it has no token: no robots.txt governs it */
} census_reach;

/* A purpose or an operator: its crawlers among those asked, and the sites that
 * let them in. A site counts once: allowing when it allows all of itself to every
 * crawler of the group that has a token, blocking when it blocks all of itself to
 * every one, in part otherwise; a group whose crawlers all lack a token counts
 * no site. */
typedef struct census_group {
    const char *name;
    bool member[CENSUS_AGENTS_MAX];
    size_t crawlers, no_robots;
    size_t allowing, blocking, in_part;
} census_group;

typedef struct census_crawlers {
    crawler_list catalog;
    census_crawler list[CENSUS_AGENTS_MAX];
    size_t n;
    char text[4096]; /* LIST, its items cut apart: the names of crawlers asked as tokens */
    census_group purposes[CATALOG_PURPOSES], operators[CENSUS_AGENTS_MAX];
    size_t npurposes, noperators;
} census_crawlers;

/* --crawlers LIST, with the catalog FILE (NULL: crawler_catalog_default), into
 * *cs: LIST is comma-separated (a comma inside parentheses, as a User-Agent
 * header's "(KHTML, like Gecko)", does not split it); each item a crawler's id,
 * name or first token in any case, or a User-Agent header (crawler_catalog_find),
 * @PURPOSE (every crawler of the catalog with that purpose) or @all; a name the
 * catalog does not know is asked as the token written, with a warning. Each
 * crawler once, in the order named. Returns -1 when good, else EXIT_USAGE after
 * saying why on stderr. census_crawlers_free frees it either way. */
int census_crawlers_read(census_crawlers *cs, const char *list, const char *catalog);
/* Adds a crawler of cs->catalog after those read (once): -1, or EXIT_USAGE past
 * CENSUS_AGENTS_MAX after saying so. */
int census_crawlers_add(census_crawlers *cs, const catalog_entry *e);
/* The program its messages name ("robots census"; robots review sets its own). */
extern const char *census_crawlers_program;
void census_crawlers_free(census_crawlers *cs);

/* Adds one site to the sums, given what it lets each crawler do (in list order). */
void census_crawlers_count(census_crawlers *cs, const census_reach *reach);

/* The sums per purpose and per operator: two tables on standard error. */
void census_crawlers_print(const census_crawlers *cs);

/* The same as --summary's "purposes" and "operators" (with a comma before them),
 * appended to j; and a crawler's own keys of its "agents" object. 0, or -1 when
 * memory runs out. */
int census_crawlers_json(const census_crawlers *cs, buf *j);
int census_crawler_json(const census_crawler *cr, const census_agent_tally *t, buf *j);

#endif
