/*
 * review.c - `robots review OLD NEW`: every answer that changes between two
 * versions of a robots.txt, for a site's URLs and the crawlers that matter,
 * grouped by the pair of lines that decided before and after (one changed line
 * usually moves many URLs), largest first, with counts per crawler and purpose,
 * and the lint warnings the change introduced (docs/review.md). Each version is
 * parsed once and asked many times. Exit 1 when the change does what --fail-on
 * forbids (default: blocks, for a search crawler, a URL that was allowed), 0
 * otherwise, 2 for a usage error, an unreadable file or an unwritable output.
 * This file gathers the answers; review_report.c prints them.
 */
#include "review.h"
#include "review_data.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "buf.h"
#include "census_crawlers.h"
#include "cli.h"
#include "file.h"
#include "lint.h"

#define DEFAULT_CRAWLERS "@search,@ai-training,@ai-search"

static void review_usage(FILE *out) {
    fprintf(out,
            "Usage: robots review [OPTIONS] OLD NEW\n"
            "\n"
            "Every answer that changes between two versions of a robots.txt, OLD and NEW,\n"
            "for the site's URLs and the crawlers that matter: each URL and crawler, before\n"
            "and after, grouped by the lines that decided (one changed line usually moves\n"
            "many URLs), largest first, with counts per crawler and purpose; and the lint\n"
            "warnings (robots lint) that NEW has and OLD had not.\n"
            "\n"
            "Options:\n"
            "  --urls FILE        the URLs to ask, one a line (a path or a whole URL; '#'\n"
            "                     lines and blank ones skipped); may be given many times.\n"
            "                     Without it, --sitemap or --log: the root and the paths of\n"
            "                     both files' rules\n"
            "  --sitemap FILE     the URLs of an XML sitemap, gzipped or not; may be given\n"
            "                     many times. An index's entries are read only when given\n"
            "                     too (nothing is fetched); the others are named\n"
            "  --log FILE         an access log (Common or Combined Log Format, gzipped or\n"
            "                     not): the paths asked for, and the catalog's crawlers\n"
            "                     seen in its User-Agent headers, asked too; many times\n"
            "  --crawlers LIST    crawlers of the catalog, as robots census takes them\n"
            "                     (names, User-Agent headers, @PURPOSE, @all; default\n"
            "                     " DEFAULT_CRAWLERS ")\n"
            "  --catalog FILE     the crawler catalog (default: found as robots --crawler finds it)\n"
            "  --profile P        google (default) or rfc9309\n"
            "  --format F         text (default), markdown (for a pull request), json\n"
            "  --old-label NAME, --new-label NAME\n"
            "                     how the report names OLD and NEW (default: their paths)\n"
            "  --fail-on POLICY   when to exit 1: blocked-search (default: a URL a search\n"
            "                     crawler was allowed is now disallowed), blocked-PURPOSE\n"
            "                     (any purpose of the catalog: blocked-ai-training, ...),\n"
            "                     blocked-any, any-change, none\n"
            "  -h, --help         print this help\n"
            "\n"
            "Exit status: 0 when the change passes --fail-on, 1 when it does not, 2 for a\n"
            "usage error, an unreadable file, no URL left to review (a review of nothing\n"
            "would pass any change) or an output that cannot be written.\n");
}

/* FORMAT-1: LF, CR LF and CR alone each end a line, as the parser counts them.
 * How many lines the body has; with `at`, where each begins. */
static size_t line_starts(const buf *body, size_t *at) {
    size_t ends = 0;
    if (at) at[0] = 0;
    for (size_t i = 0; i < body->len; i++) {
        char c = body->data[i];
        if (c == '\n' || (c == '\r' && (i + 1 == body->len || body->data[i + 1] != '\n'))) {
            ends++;
            if (at) at[ends] = i + 1;
        }
    }
    return ends + 1;
}

static int index_lines(version *v) {
    v->lines = line_starts(&v->body, NULL);
    v->line_at = cli_calloc(v->lines + 1, sizeof *v->line_at);
    if (!v->line_at) return -1;
    line_starts(&v->body, v->line_at);
    v->line_at[v->lines] = v->body.len;
    return 0;
}

/* Line n's text without its end; "" for 0 (no line). */
const char *review_line(const version *v, size_t n, size_t *len) {
    *len = 0;
    if (n == 0) return "";
    size_t a = v->line_at[n - 1], b = v->line_at[n];
    while (b > a && (v->body.data[b - 1] == '\n' || v->body.data[b - 1] == '\r')) b--;
    *len = b - a;
    return v->body.data + a;
}

static int load_version(version *v, const char *file, robots_profile_id profile) {
    v->name = file;
    int more = 0;
    if (read_file(file, ROBOTS_DEFAULT_MAX_BYTES + 1, &v->body, &more) != 0) {
        fprintf(stderr, "robots review: cannot read \"%s\": %s\n", file, strerror(errno));
        return -1;
    }
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    o.allocator = cli_allocator();
    const char *error = NULL;
    if (robots_parse(v->body.data, v->body.len, &o, &v->rules, &error) != 0) {
        fprintf(stderr, "robots review: cannot parse \"%s\": %s\n", file, error);
        return -1;
    }
    if (index_lines(v) != 0) {
        fprintf(stderr, "robots review: memory ran out reading \"%s\"\n", file);
        return -1;
    }
    return 0;
}

static void version_free(version *v) {
    robots_free(v->rules);
    buf_free(&v->body);
    cli_free(v->line_at);
}


static size_t cause_hash(size_t a, size_t b, size_t mask) {
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15u ^ ((uint64_t)b + 0x632BE59BD9B4E019u) * 0xBF58476D1CE4E5B9u;
    return (size_t)(h ^ (h >> 29)) & mask;
}

static int grow_slots(review *r) {
    size_t slots = r->slots ? r->slots * 2 : 256;
    size_t *slot = cli_calloc(slots, sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < r->ncauses; i++) {
        const cause *c = &r->causes[i];
        size_t h = cause_hash(c->old_line, c->new_line, slots - 1);
        while (slot[h]) h = (h + 1) & (slots - 1);
        slot[h] = i + 1;
    }
    cli_free(r->slot);
    r->slot = slot;
    r->slots = slots;
    return 0;
}

/* The cause of one changed answer, made when first met. NULL when memory ran out. */
static cause *cause_of(review *r, const robots_verdict *before, const robots_verdict *after) {
    /* The answers differ, so the one before tells the direction; and the two
     * deciding lines tell the answers (a rule's kind, or allowed where no line
     * decides), so they alone name the cause. */
    bool blocks = before->allowed;
    if (r->ncauses * 2 >= r->slots && grow_slots(r) != 0) return NULL;
    size_t h = cause_hash(before->line, after->line, r->slots - 1);
    for (; r->slot[h]; h = (h + 1) & (r->slots - 1)) {
        cause *c = &r->causes[r->slot[h] - 1];
        if (c->old_line == before->line && c->new_line == after->line) return c;
    }
    if (r->ncauses == r->cap_causes) {
        size_t cap = r->cap_causes ? r->cap_causes * 2 : 64;
        cause *c = cli_realloc(r->causes, cap * sizeof *c);
        if (!c) return NULL;
        r->causes = c;
        r->cap_causes = cap;
    }
    cause *c = &r->causes[r->ncauses];
    *c = (cause){.old_line = before->line,
                 .new_line = after->line,
                 .blocks = blocks,
                 .per_crawler = cli_calloc(r->crawlers.n, sizeof(size_t)),
                 .before = *before,
                 .after = *after};
    if (!c->per_crawler) return NULL;
    r->slot[h] = ++r->ncauses;
    return c;
}

/* Which groups decide for a crawler in one version, as a key: the token whose
 * groups decide (robots_check_crawler's `decided`: that token's groups alone), or
 * the '*' groups, or none (a crawler that ignores them). Which groups decide does
 * not depend on the URL, so crawlers with the same keys in both versions get the
 * same answer for every URL. */
static void decider_key(const robots_rules *rules, const census_crawler *cr, const size_t *lens, size_t k, char *key,
                        size_t cap) {
    robots_verdict v;
    size_t decided = cr->ntokens;
    robots_check_crawler(rules, cr->tokens, lens, cr->ntokens, cr->flags, "/", 1, &v, &decided, NULL);
    if (decided >= cr->ntokens) {
        snprintf(key, cap, "%s", cr->flags & ROBOTS_CRAWLER_IGNORES_STAR ? "-none" : "-star");
    } else if (lens[decided] + 3 > cap) {
        snprintf(key, cap, "#%zu", k); /* too long to compare here: a class of its own */
    } else {
        size_t n = lens[decided];
        key[0] = 't';
        for (size_t i = 0; i < n; i++) {
            char c = cr->tokens[decided][i];
            key[i + 1] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c); /* tokens compare without case (UA-3) */
        }
        key[n + 1] = '\0';
    }
}

/* rep[k]: the first crawler whose groups decide as crawler k's do in both
 * versions, asked for both (ROBOTS_REVIEW_NAIVE=1 asks every crawler: the test
 * that the classes change no answer compares the two). */
static void crawler_classes(const review *r, size_t *rep) {
    enum { KEY = 160 };
    char keys[CENSUS_AGENTS_MAX][2][KEY];
    const char *naive = getenv("ROBOTS_REVIEW_NAIVE");
    for (size_t k = 0; k < r->crawlers.n; k++) {
        const census_crawler *cr = &r->crawlers.list[k];
        rep[k] = k;
        if (!cr->ntokens || (naive && *naive)) continue;
        const size_t *lens = r->lens + k * CATALOG_MAX_TOKENS;
        decider_key(r->old.rules, cr, lens, k, keys[k][0], KEY);
        decider_key(r->now.rules, cr, lens, k, keys[k][1], KEY);
        for (size_t j = 0; j < k && rep[k] == k; j++)
            if (rep[j] == j && r->crawlers.list[j].ntokens && !strcmp(keys[j][0], keys[k][0]) &&
                !strcmp(keys[j][1], keys[k][1]))
                rep[k] = j;
    }
}

/* Asks every URL of every crawler with a token of both versions. -1 when memory
 * ran out. */
static int ask_all(review *r) {
    size_t rep[CENSUS_AGENTS_MAX];
    robots_verdict was[CENSUS_AGENTS_MAX], is[CENSUS_AGENTS_MAX];
    crawler_classes(r, rep);
    for (size_t u = 0; u < r->urls.n; u++) {
        const char *url = url_at(&r->urls, u);
        size_t url_len = strlen(url);
        for (size_t k = 0; k < r->crawlers.n; k++) {
            const census_crawler *cr = &r->crawlers.list[k];
            if (!cr->ntokens) continue; /* follows no robots.txt */
            if (rep[k] == k) {
                const size_t *lens = r->lens + k * CATALOG_MAX_TOKENS;
                robots_check_crawler(r->old.rules, cr->tokens, lens, cr->ntokens, cr->flags, url, url_len, &was[k],
                                     NULL, NULL);
                robots_check_crawler(r->now.rules, cr->tokens, lens, cr->ntokens, cr->flags, url, url_len, &is[k],
                                     NULL, NULL);
            }
            const robots_verdict before = was[rep[k]], after = is[rep[k]];
            r->answers++;
            if (before.allowed == after.allowed) continue;
            r->changed++;
            cause *c = cause_of(r, &before, &after);
            if (!c) return -1;
            c->answers++;
            c->per_crawler[k]++;
            if (c->last_url != u + 1) {
                c->last_url = u + 1;
                c->urls++;
                if (c->nsamples < SAMPLES) c->samples[c->nsamples++] = u;
            }
            if (c->blocks) r->blocked[k]++;
            else r->opened[k]++;
        }
    }
    return 0;
}

static int by_answers(const void *a, const void *b) {
    const cause *x = a, *y = b;
    if (x->answers != y->answers) return x->answers < y->answers ? 1 : -1;
    if (x->blocks != y->blocks) return x->blocks ? -1 : 1;
    return x->new_line < y->new_line ? -1 : x->new_line > y->new_line;
}


static bool has_purpose(const census_crawler *cr, const char *purpose) {
    return cr->entry && catalog_entry_has_purpose(cr->entry, purpose);
}

/* ---- Lint: the warnings NEW has that OLD had not (the same kind on a line of the
 * same text, wherever it moved). */


static int lint_of(const version *v, lint_list *l) {
    if (robots_lint(v->rules, v->body.data, v->body.len, NULL, 0, &l->n) != 0) return -1;
    l->w = cli_calloc(l->n + 1, sizeof *l->w);
    if (!l->w || robots_lint(v->rules, v->body.data, v->body.len, l->w, l->n, &l->n) != 0) return -1;
    return 0;
}

static bool same_warning(const version *a, const robots_lint_warning *x, const version *b,
                         const robots_lint_warning *y) {
    if (x->kind != y->kind) return false; /* a kind is on a line, or on the file (line 0), never both */
    size_t la, lb;
    const char *ta = review_line(a, x->line, &la), *tb = review_line(b, y->line, &lb);
    return la == lb && memcmp(ta, tb, la) == 0;
}

/* Marks in `fresh` the warnings of `now` that `old` has not. */
static void introduced(const version *old, const lint_list *lo, const version *now, const lint_list *ln, bool *fresh) {
    for (size_t i = 0; i < ln->n; i++) {
        fresh[i] = true;
        for (size_t k = 0; k < lo->n && fresh[i]; k++)
            if (same_warning(now, &ln->w[i], old, &lo->w[k])) fresh[i] = false;
    }
}


/* ---- The policy ---- */

/* Does the change do what --fail-on forbids? */
static bool fails(const review *r, const char *policy) {
    if (!strcmp(policy, "none")) return false;
    if (!strcmp(policy, "any-change")) return r->changed > 0;
    const char *purpose = policy + strlen("blocked-");
    for (size_t k = 0; k < r->crawlers.n; k++)
        if (r->blocked[k] && (!strcmp(purpose, "any") || has_purpose(&r->crawlers.list[k], purpose))) return true;
    return false;
}

static bool known_policy(const char *p) {
    if (!strcmp(p, "none") || !strcmp(p, "any-change") || !strcmp(p, "blocked-any")) return true;
    if (strncmp(p, "blocked-", 8) != 0) return false;
    for (size_t i = 0; i < CATALOG_PURPOSES; i++)
        if (!strcmp(p + 8, catalog_purposes[i])) return true;
    return false;
}

static void review_free(review *r) {
    version_free(&r->old);
    version_free(&r->now);
    buf_free(&r->urls.text);
    cli_free(r->urls.at);
    cli_free(r->urls.slot);
    census_crawlers_free(&r->crawlers);
    cli_free(r->lens);
    for (size_t i = 0; i < r->ncauses; i++) cli_free(r->causes[i].per_crawler);
    cli_free(r->causes);
    cli_free(r->slot);
    cli_free(r->blocked);
    cli_free(r->opened);
}

int run_review(int argc, char **argv) {
    robots_profile_id profile = ROBOTS_PROFILE_GOOGLE;
    enum review_format format = REVIEW_TEXT;
    const char *crawlers = DEFAULT_CRAWLERS, *catalog = NULL, *policy = "blocked-search";
    const char *files[2] = {NULL, NULL}, *labels[2] = {NULL, NULL};
    const char *urls_files[64], *sitemap_files[1024], *log_files[1024];
    size_t nfiles = 0, nurls_files = 0, nsitemaps = 0, nlogs = 0;
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || a[0] != '-' || !strcmp(a, "-")) {
            if (nfiles == 2)
                return subcommand_usage_error("review", "two files, OLD and NEW; too many arguments, starting at", a);
            files[nfiles++] = a;
            continue;
        }
        if (!strcmp(a, "--")) {
            options_done = true;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            review_usage(stdout);
            return 0;
        }
        static const char *const with_value[] = {"--urls",    "--crawlers",  "--catalog",   "--profile", "--format",
                                                 "--fail-on", "--old-label", "--new-label", "--sitemap", "--log"};
        size_t id = 0;
        while (id < 10 && strcmp(a, with_value[id]) != 0) id++;
        if (id == 10) return subcommand_usage_error("review", "unknown option", a);
        if (i + 1 >= argc) return subcommand_usage_error("review", "missing value for option", a);
        const char *v = argv[++i];
        switch (id) {
        case 0:
            if (nurls_files == 64) return subcommand_usage_error("review", "at most 64 --urls files; one too many:", v);
            urls_files[nurls_files++] = v;
            break;
        case 1: crawlers = v; break;
        case 2: catalog = v; break;
        case 3:
            if (robots_profile_from_name(v, &profile, NULL))
                return subcommand_usage_error("review", "--profile must be google or rfc9309, not", v);
            break;
        case 4:
            if (!strcmp(v, "text")) format = REVIEW_TEXT;
            else if (!strcmp(v, "markdown")) format = REVIEW_MARKDOWN;
            else if (!strcmp(v, "json")) format = REVIEW_JSON;
            else return subcommand_usage_error("review", "--format must be text, markdown or json, not", v);
            break;
        case 9:
            if (nlogs == 1024) return subcommand_usage_error("review", "at most 1024 --log files; one too many:", v);
            log_files[nlogs++] = v;
            break;
        case 8:
            if (nsitemaps == 1024)
                return subcommand_usage_error("review", "at most 1024 --sitemap files; one too many:", v);
            sitemap_files[nsitemaps++] = v;
            break;
        case 6: labels[0] = v; break;
        case 7: labels[1] = v; break;
        default:
            if (!known_policy(v)) {
                fprintf(stderr, "robots review: --fail-on must be blocked-any, any-change, none, or blocked- and a "
                                "purpose of the catalog (");
                for (size_t p = 0; p < CATALOG_PURPOSES; p++)
                    fprintf(stderr, "%s%s", p ? ", " : "", catalog_purposes[p]);
                fprintf(stderr, "), not '%s'\nTry 'robots review --help'.\n", v);
                return EXIT_USAGE;
            }
            policy = v;
            break;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "robots review: two files are needed, OLD and NEW; %s\nTry 'robots review --help'.\n",
                nfiles ? "only one is given" : "none is given");
        return EXIT_USAGE;
    }
    if (!strcmp(files[0], "-") && !strcmp(files[1], "-"))
        return subcommand_usage_error("review", "only one of OLD and NEW can be standard input:", "-");
    review r = {0};
    int rc = EXIT_USAGE;
    census_crawlers_program = "robots review";
    if (load_version(&r.old, files[0], profile) != 0 || load_version(&r.now, files[1], profile) != 0) goto done;
    if (labels[0]) r.old.name = labels[0];
    if (labels[1]) r.now.name = labels[1];
    if (census_crawlers_read(&r.crawlers, crawlers, catalog) != -1) goto done;
    for (size_t i = 0; i < nurls_files; i++)
        if (review_read_urls(&r.urls, urls_files[i]) != 0) goto done;
    if (nsitemaps && review_read_sitemaps(&r.urls, sitemap_files, nsitemaps) != 0) goto done;
    if (nlogs && review_read_logs(&r.urls, &r.crawlers, log_files, nlogs) != 0) goto done;
    if (!nurls_files && !nsitemaps && !nlogs && review_default_urls(&r.urls, &r.old, &r.now) != 0) goto out_of_memory;
    if (r.urls.n == 0) { /* a review of nothing would pass whatever the change: not an answer */
        fprintf(stderr, "robots review: no URL to review: the --urls, --sitemap and --log files gave none\n");
        goto done;
    }
    r.lens = cli_calloc(r.crawlers.n * CATALOG_MAX_TOKENS + 1, sizeof *r.lens);
    r.blocked = cli_calloc(r.crawlers.n + 1, sizeof *r.blocked);
    r.opened = cli_calloc(r.crawlers.n + 1, sizeof *r.opened);
    if (!r.lens || !r.blocked || !r.opened) goto out_of_memory;
    for (size_t k = 0; k < r.crawlers.n; k++) {
        const census_crawler *cr = &r.crawlers.list[k];
        r.asked_crawlers += cr->ntokens > 0;
        for (size_t t = 0; t < cr->ntokens; t++) /* at most CATALOG_MAX_TOKENS: the catalog's reader refuses more */
            r.lens[k * CATALOG_MAX_TOKENS + t] = strlen(cr->tokens[t]);
    }
    if (ask_all(&r) != 0) goto out_of_memory;
    if (r.ncauses) qsort(r.causes, r.ncauses, sizeof *r.causes, by_answers); /* qsort(NULL, 0) is undefined */
    r.policy = policy;
    r.fails = fails(&r, policy);
    lint_list lo = {NULL, 0}, ln = {NULL, 0};
    bool *fresh = NULL;
    size_t nfresh = 0;
    bool lost = false;
    if (lint_of(&r.old, &lo) != 0 || lint_of(&r.now, &ln) != 0 || !(fresh = cli_calloc(ln.n + 1, sizeof *fresh))) {
        lost = true;
    } else {
        introduced(&r.old, &lo, &r.now, &ln, fresh);
        for (size_t i = 0; i < ln.n; i++) nfresh += fresh[i];
        review_report(format, &r, &ln, fresh, nfresh, &lost);
    }
    cli_free(lo.w);
    cli_free(ln.w);
    cli_free(fresh);
    if (lost) goto out_of_memory;
    rc = r.fails ? 1 : 0;
    goto done;
out_of_memory:
    fprintf(stderr, "robots review: memory ran out\n");
    rc = EXIT_USAGE;
done:
    review_free(&r);
    return rc;
}
