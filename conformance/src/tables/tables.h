/* tables.h - the case tables in memory (format: conformance/case-table.schema.json). */
#ifndef ROBOTS_CONFORM_TABLES_H
#define ROBOTS_CONFORM_TABLES_H

#include <stddef.h>

#include "robots.h"
#include "catalog.h"
#include "spec_index.h"

typedef enum check_kind {
    KIND_ALLOW,
    KIND_ALLOW_AGENTS, /* allow, for a crawler with several tokens */
    KIND_ALLOW_CRAWLER, /* allow, as a real crawler asks: its tokens, and whether it ignores '*' */
    KIND_ROBOTS_URL,
    KIND_SCOPE,
    KIND_STATUS,
    KIND_SITEMAPS,
    KIND_CACHE_LIFETIME,
    KIND_USAGE,        /* a Content-Usage preference: agent, url, category */
    KIND_SIGNAL,       /* a Content-Signal preference: agent, url, category */
    KIND_COUNT
} check_kind;

const char *suite_kind_name(check_kind kind);

/* The kinds asked about a case's robots.txt (the others ask about a URL or a
 * response): those need the case to give one, and reports show it. */
static inline int kind_reads_robots(check_kind kind) {
    return kind == KIND_ALLOW || kind == KIND_ALLOW_AGENTS || kind == KIND_ALLOW_CRAWLER || kind == KIND_SITEMAPS ||
           kind == KIND_USAGE || kind == KIND_SIGNAL;
}

/* The kinds that ask "may this crawler fetch this URL?", answered allowed or
 * disallowed. */
static inline int kind_is_allow(check_kind kind) {
    return kind == KIND_ALLOW || kind == KIND_ALLOW_AGENTS || kind == KIND_ALLOW_CRAWLER;
}

/* What a verdict rests on (case-table.schema.json, $defs/class). A check's basis is
 * a set of these per profile, held as bits (1u << class). */
typedef enum basis_class {
    CLASS_SPEC,          /* the specification's documents state it */
    CLASS_RFC,           /* RFC 9309 states it explicitly */
    CLASS_GOOGLE_PARSER, /* Google's parser does it; no document says so */
    CLASS_FETCHER,       /* what a crawler does around its parser */
    CLASS_URL_INPUT,     /* the URL is not valid RFC 3986 */
    CLASS_DRAFT,         /* an AI preferences text states it (the aipref drafts, the Content Signals Policy) */
    CLASS_COUNT
} basis_class;

const char *suite_class_name(basis_class c);
/* Returns 0 and sets *out, or -1 for an unknown name. */
int suite_class_from_name(const char *name, size_t len, basis_class *out);

/* Every answer and expectation is a string: "allowed", "disallowed", a URL, a word
 ("y", "n", "unknown" for usage and signal),
 * a decimal number, or a JSON array of strings (sitemaps). "undefined" marks what a
 * profile leaves open: reported, not judged. */
#define UNDEFINED "undefined"

typedef struct check {
    check_kind kind;
    int number;          /* 1-based within its case */
    char *agent, *url;   /* allow; url also allow-agents, allow-crawler, robots-url and scope */
    char **agents;       /* allow-agents, allow-crawler: the crawler's tokens, in order */
    size_t nagents;
    int ignores_star;    /* allow-crawler: only groups naming a token apply (Google's AdsBot) */
    char *robots_url;    /* scope */
    int status;          /* status: 100-599, or 0 for a network error */
    unsigned redirects, unreachable_days;
    int cached;
    char *cache_control; /* cache-lifetime; NULL when absent */
    char *category;      /* usage, signal: train-ai, search, ai-input, ai-train, ... */
    char *expect[ROBOTS_PROFILE_COUNT];
    unsigned basis[ROBOTS_PROFILE_COUNT]; /* bits of basis_class, never 0 */
    char *spec;          /* what the documents say, for readers; NULL when absent */
    char *note;
} check;

typedef struct robots_body {
    int present;
    unsigned char *data;
    size_t len;
    char *text;          /* robots_text as written */
    char *base64;        /* robots_base64 as written */
} robots_body;

typedef struct table table;

typedef struct tcase {
    char *id, *title, *note;
    char **sources;
    source_ref *refs;    /* each source resolved through the index */
    size_t nsources;
    robots_body robots;
    check *checks;
    size_t nchecks;
    const table *table;
} tcase;

struct table {
    char *file;  /* path as loaded */
    char *area, *title, *description;
    char *version; /* the suite version the table names (CHANGELOG.md), or NULL */
    tcase *cases;
    size_t ncases;
};

typedef struct suite {
    table *tables;
    size_t ntables;
    spec_index index;
    crawler_catalog catalog; /* empty when suite_files.catalog is NULL */
} suite;

/* The most a case's robots.txt may hold once expanded ({"repeat", "times"} lines
 * make a short table describe a long file), and all cases' together: enough for
 * the fetch limits under test (500 KiB), small enough that a hostile table costs
 * little memory. Beyond either, the table is rejected. */
#define CASE_ROBOTS_MAX ((size_t)4 << 20)
#define SUITE_ROBOTS_MAX ((size_t)64 << 20)

/* Where the tables, their schema, the index, the crawler catalog and their
 * schemas are (catalog NULL: no catalog is loaded). */
typedef struct suite_files {
    const char *cases, *schema, *index, *index_schema, *catalog, *catalog_schema;
} suite_files;

/* Loads the index and the crawler catalog, then every *.json of the cases directory in reading order,
 * validating each against the schema, resolving every source through the index
 * and checking that an allow-crawler check asking as a catalog crawler (its first
 * token) carries that crawler's tokens and '*' handling. Returns 0, or -1 with error set to "FILE: JSON-PATH: what is wrong" (or
 * "FILE:LINE:COLUMN: ..." for JSON that does not parse). */
int suite_load(const suite_files *files, suite *out, char *error, size_t cap);
void suite_free(suite *s);

/* The suite version every table names, or NULL when none names one; a table that
 * names another (or none, beside one that does) is *odd, the first such (NULL when
 * all agree). */
const char *suite_tables_version(const suite *s, const table **odd);

/* Counts. */
size_t suite_checks(const suite *s);
/* The case with this id, or NULL. */
const tcase *suite_case(const suite *s, const char *id);

#endif
