/*
 * crawler_catalog.h - the crawler catalog (conformance/crawler-catalog.json) as
 * the robots command reads it: each crawler's names, its tokens in order, the
 * parts of its User-Agent header and what it does with robots.txt.
 * robots-conform validates the file and its sources (make check); this reader
 * takes what the command needs and refuses a file it cannot read.
 */
#ifndef ROBOTS_CLI_CRAWLER_CATALOG_H
#define ROBOTS_CLI_CRAWLER_CATALOG_H

#include <stddef.h>

typedef struct strings {
    char **items;
    size_t n;
} strings;

typedef struct catalog_entry {
    char *id, *name, *operator_name, *robots; /* robots: "follows", "ignores-star", ... */
    strings tokens, user_agent, purposes;
} catalog_entry;

typedef struct crawler_list {
    catalog_entry *items;
    size_t n, cap;
} crawler_list;

/* Where the catalog is by default: conformance/ of the working directory (a
 * checkout), ../../conformance beside this program (a build tree) or
 * ../share/robots-conform beside it (make install). out, or NULL when none has it. */
const char *crawler_catalog_default(char *out, size_t cap);

/* Reads the catalog. Returns 0, or -1 with error set to "FILE: what is wrong". */
int crawler_catalog_read(const char *file, crawler_list *out, char *error, size_t cap);
void crawler_catalog_free(crawler_list *c);

/* The crawler `name` means: its id, its name or its first token, in any case; else
 * a whole User-Agent header holding one of its parts (the longest part found
 * wins). NULL when none. */
const catalog_entry *crawler_catalog_find(const crawler_list *c, const char *name);

#endif
