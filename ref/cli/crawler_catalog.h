/*
 * crawler_catalog.h - the crawler catalog (conformance/crawler-catalog.json) as
 * the robots command reads it: each crawler's names, its tokens in order, the
 * parts of its User-Agent header and what it does with robots.txt.
 * robots-conform validates the file and its sources (make check); this reader
 * takes what the command needs and refuses a file it cannot read. Every block it
 * holds is a buf, so the command's allocator (cli_use_allocator) makes them all.
 */
#ifndef ROBOTS_CLI_CRAWLER_CATALOG_H
#define ROBOTS_CLI_CRAWLER_CATALOG_H

#include <stddef.h>

#include "buf.h"

/* The most tokens a crawler of the catalog may have (the schema's maxItems). */
#define CATALOG_MAX_TOKENS 8

typedef struct catalog_entry {
    buf id, name, operator_name, robots; /* NUL-terminated; robots: "follows", ... */
    buf user_agent;                      /* its parts, each NUL-terminated, one after another */
    size_t nuser_agent;
    buf token_text; /* the tokens, each NUL-terminated, one after another */
    const char *tokens[CATALOG_MAX_TOKENS];
    size_t ntokens;
    buf purpose_text; /* its purposes ("search", "ai-training", ...), each NUL-terminated, one after another */
    size_t npurposes;
} catalog_entry;

/* The purposes the schema names (conformance/crawler-catalog.schema.json), in its
 * order: "search", "ads", "ai-training", ... */
#define CATALOG_PURPOSES 9
extern const char *const catalog_purposes[CATALOG_PURPOSES];

/* Does the entry name this purpose? */
int catalog_entry_has_purpose(const catalog_entry *e, const char *purpose);

/* The crawlers: an array of catalog_entry in a buf. */
typedef struct crawler_list {
    buf entries;
    size_t n;
} crawler_list;

/* Where the catalog is by default: conformance/ of the working directory (a
 * checkout), ../share/robots-conform beside this program (make install), or
 * conformance/ of the checkout up to four levels above it (a build tree: build/bin,
 * build/asan/bin). out, or NULL when none has it. */
const char *crawler_catalog_default(char *out, size_t cap);

/* Reads the catalog. Returns 0, or -1 with error set to "FILE: what is wrong"
 * ("FILE: out of memory" when memory ran out). */
int crawler_catalog_read(const char *file, crawler_list *out, char *error, size_t cap);
void crawler_catalog_free(crawler_list *c);

/* The crawler `name` means: its id, its name or its first token, in any case; else
 * a whole User-Agent header holding one of its parts (the longest part found
 * wins). NULL when none. */
const catalog_entry *crawler_catalog_find(const crawler_list *c, const char *name);

#endif
