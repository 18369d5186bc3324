/*
 * catalog.h - the crawler catalog (conformance/crawler-catalog.json): real
 * crawlers as their operators document them, each fact with the documents that
 * state it. The schema checks the shape; catalog_load checks what a schema
 * cannot: ids are unique, every source a fact names exists, every source is
 * named by some fact, and the facts agree with one another (a crawler with no
 * token follows no robots.txt; a usage token is carried by no request).
 */
#ifndef ROBOTS_CONFORM_CATALOG_H
#define ROBOTS_CONFORM_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

/* What the operator documents about robots.txt (the schema's "robots"). */
typedef enum crawler_robots {
    CRAWLER_FOLLOWS,      /* its groups, else '*' */
    CRAWLER_IGNORES_STAR, /* only groups naming one of its tokens (Google's AdsBot) */
    CRAWLER_USER_REQUEST, /* fetches for a user; may not follow robots.txt */
    CRAWLER_USAGE_TOKEN,  /* governs use of what others fetch; fetches nothing */
    CRAWLER_PARTLY,       /* the operator says it does not follow it for some sites */
    CRAWLER_IGNORES       /* follows no robots.txt */
} crawler_robots;

/* Purposes, as bits of catalog_crawler.purposes, in the schema's order. */
enum { CRAWLER_PURPOSES = 9 };
extern const char *const catalog_purpose_names[CRAWLER_PURPOSES];
extern const char *const catalog_robots_names[CRAWLER_IGNORES + 1];

typedef struct catalog_source {
    const char *id, *url, *title, *read, *copy; /* copy: NULL when read at url */
} catalog_source;

/* A fact's sources: indexes into catalog.sources. */
typedef struct catalog_cited {
    const size_t *at;
    size_t n;
} catalog_cited;

typedef struct catalog_crawler {
    const char *id, *name, *operator_name, *note; /* note: NULL when none */
    const char *const *tokens;                    /* lower case, most specific first */
    size_t ntokens;
    const char *const *user_agent;
    size_t nuser_agent;
    unsigned purposes; /* 1 << index in catalog_purpose_names */
    crawler_robots robots;
    const char *const *usage_lines;
    size_t nusage_lines;
    catalog_cited cites_tokens, cites_user_agent, cites_purposes, cites_robots, cites_usage_lines;
} catalog_crawler;

typedef struct crawler_catalog {
    char *file;
    catalog_source *sources;
    size_t nsources;
    catalog_crawler *crawlers;
    size_t ncrawlers;
    void *owner; /* the parsed file, which the strings above point into */
} crawler_catalog;

/* Loads and checks the catalog. Returns 0, or -1 with error set to "FILE:
 * JSON-PATH: what is wrong" (or json_file_read's errors). */
int catalog_load(const char *file, const char *schema_file, crawler_catalog *out, char *error, size_t cap);
void catalog_free(crawler_catalog *c);

/* The crawler a name means: its id, its name or its first token, in any case;
 * or NULL. */
const catalog_crawler *catalog_find(const crawler_catalog *c, const char *name);

#endif
