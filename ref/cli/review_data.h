/*
 * review_data.h - what robots review (review.c) gathers and its report
 * (review_report.c) prints: the two versions, the URLs, the causes.
 */
#ifndef ROBOTS_CLI_REVIEW_DATA_H
#define ROBOTS_CLI_REVIEW_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "census_crawlers.h"
#include "robots.h"

#define SAMPLES 5 /* URLs shown per cause */

enum review_format { REVIEW_TEXT, REVIEW_MARKDOWN, REVIEW_JSON };

/* One version of the file: its bytes, rules and where each line starts. */
typedef struct version {
    const char *name;
    buf body;
    robots_rules *rules;
    size_t *line_at; /* line n (1-based) starts at line_at[n - 1]; line_at[lines] = the end */
    size_t lines;
} version;

/* Line n's text without its end (1 <= n <= lines); "" for 0 (no line). */
const char *review_line(const version *v, size_t n, size_t *len);

/* The URLs asked: NUL-terminated one after another; at[i] is each one's offset. */
typedef struct url_set {
    buf text;
    size_t *at, n, cap;
    size_t *slot, slots; /* a hash of the URLs: 1 + index, 0 when free; each URL once */
    size_t warnings;     /* what was wrong in the files they came from (each said on stderr) */
} url_set;

static inline const char *url_at(const url_set *u, size_t i) { return u->text.data + u->at[i]; }

/* A cause: the line that decided before and the one after (0: none), and what
 * it did to the answers. */
typedef struct cause {
    size_t old_line, new_line;
    bool blocks;           /* allowed before, disallowed now (else the reverse) */
    size_t answers;
    size_t *per_crawler;   /* answers per crawler */
    size_t urls;           /* the URLs among them: a URL asked for two crawlers counts once */
    size_t last_url;       /* 1 + the last URL counted (URLs are asked in order) */
    size_t samples[SAMPLES], nsamples;
    robots_verdict before, after;
} cause;

typedef struct review {
    version old, now;
    url_set urls;
    census_crawlers crawlers;
    size_t asked_crawlers;    /* the crawlers that have a token */
    size_t *lens;             /* the token lengths of every crawler, CATALOG_MAX_TOKENS each */
    cause *causes;
    size_t ncauses, cap_causes;
    size_t *slot, slots;      /* hash of (old line, new line) to 1 + cause index */
    size_t *blocked, *opened; /* per crawler */
    size_t answers, changed;
    const char *policy; /* --fail-on */
    bool fails;         /* the change does what the policy forbids: exit 1 */
} review;

typedef struct lint_list {
    robots_lint_warning *w;
    size_t n;
} lint_list;

/* The URLs asked (review_urls.c), each added once; each returns 0, or EXIT_USAGE
 * (or -1 for default_urls) after saying why on stderr. --urls FILE: one a line;
 * --sitemap FILE...: the URLs of sitemaps, an index's entries not given named;
 * --log FILE...: the targets of an access log, and the catalog's crawlers seen
 * in it added to cs; without any: the root and both versions' rules' paths. */
int review_read_urls(url_set *u, const char *file);
int review_read_sitemaps(url_set *u, const char *const *files, size_t n);
int review_read_logs(url_set *u, census_crawlers *cs, const char *const *files, size_t n);
int review_default_urls(url_set *u, const version *old, const version *now);

/* The report in format f: the lint warnings of NEW (ln) marked in fresh when the
 * change introduced them (nfresh of them). *lost when memory ran out. */
void review_report(enum review_format f, const review *r, const lint_list *ln, const bool *fresh, size_t nfresh,
                   bool *lost);

#endif
