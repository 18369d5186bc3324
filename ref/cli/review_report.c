/*
 * review_report.c - robots review's report (review_data.h) as text, Markdown (to
 * post on a pull request) or JSON: the counts, each crawler's, each purpose's,
 * the causes largest first with their lines before and after, and the warnings
 * introduced.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "lint.h"
#include "review_data.h"

/* The case that teaches why a verdict is what it is. */
static const char *lesson_of(const robots_verdict *v) {
    if (v->rule == ROBOTS_RULE_NONE) return v->group == ROBOTS_GROUP_NONE ? "UA-2" : "RULE-1";
    if (v->why & ROBOTS_WHY_TIE) return "PREC-2";
    if (v->pattern_len && (memchr(v->pattern, '*', v->pattern_len) || v->pattern[v->pattern_len - 1] == '$'))
        return "MATCH-11";
    return "LONGEST-1";
}

static const char *crawler_purposes(const census_crawler *cr, char *out, size_t cap) {
    out[0] = '\0';
    if (!cr->entry) return out;
    size_t at = 0;
    const char *p = cr->entry->purpose_text.data;
    for (size_t i = 0; i < cr->entry->npurposes && p; i++, p += strlen(p) + 1)
        at += (size_t)snprintf(out + (at < cap ? at : cap), at < cap ? cap - at : 0, "%s%s", i ? ", " : "", p);
    return out;
}

/* What one purpose's crawlers lost and gained: the sums of their counts. */
typedef struct purpose_sum {
    size_t blocked, opened;
} purpose_sum;

static bool purpose_moved(const purpose_sum *s) { return s->blocked || s->opened; }

/* The sums of every purpose the schema names (catalog_purposes), in its order, so
 * a fixed array holds them and the order is the same in every report. A crawler
 * with two purposes counts in both, as --fail-on blocked-PURPOSE counts it; one
 * the catalog does not know has no purpose and counts in none (its own line shows
 * it). Returns how many purposes moved an answer. */
static size_t purpose_sums(const review *r, purpose_sum sums[CATALOG_PURPOSES]) {
    size_t moved = 0;
    for (size_t p = 0; p < CATALOG_PURPOSES; p++) {
        sums[p] = (purpose_sum){0, 0};
        for (size_t k = 0; k < r->crawlers.n; k++) {
            const census_crawler *cr = &r->crawlers.list[k];
            if (!cr->entry || !catalog_entry_has_purpose(cr->entry, catalog_purposes[p])) continue;
            sums[p].blocked += r->blocked[k];
            sums[p].opened += r->opened[k];
        }
        moved += purpose_moved(&sums[p]);
    }
    return moved;
}

static void put_json_text(const char *s, size_t n, bool *lost) {
    buf b = {NULL, 0, 0};
    if (json_append_string(&b, s, n) != 0) *lost = true;
    else fwrite(b.data, 1, b.len, stdout);
    buf_free(&b);
}

/* "line 4: disallow: /products/" of a version, or "no rule (allowed by default)". */
static void print_side(enum review_format f, const version *v, const robots_verdict *d) {
    size_t n;
    const char *text = review_line(v, d->line, &n);
    if (!d->line) {
        /* Which groups: when a group naming the crawler replaced the '*' one, the
         * '*' group's rules, still in the file, no longer count for it (UA-2). */
        printf("no rule (%s)", d->group == ROBOTS_GROUP_NONE     ? "no group applies"
                               : d->group == ROBOTS_GROUP_GLOBAL ? "nothing matches in the '*' group"
                                                                 : "nothing matches in the crawler's own group, "
                                                                   "which replaces the '*' group");
        return;
    }
    printf("line %zu ", d->line);
    if (f == REVIEW_MARKDOWN) {
        printf("\"");
        markdown_text(text, n);
        printf("\"");
    } else {
        printf("\"");
        put_visible(text, n);
        printf("\"");
    }
}

static void print_text(const review *r, const lint_list *ln, const bool *fresh, size_t nfresh) {
    printf("robots review: %s -> %s: %zu of %zu answers change (%zu URLs x %zu crawlers)\n", r->old.name,
           r->now.name, r->changed, r->answers, r->urls.n, r->asked_crawlers);
    printf("  --fail-on %s: %s\n", r->policy, r->fails ? "FAILS (exit 1)" : "passes");
    if (r->urls.warnings)
        printf("  %zu warning%s reading the URLs (said above): pages may be missing from this review\n",
               r->urls.warnings, r->urls.warnings == 1 ? "" : "s");
    for (size_t k = 0; k < r->crawlers.n; k++) {
        const census_crawler *cr = &r->crawlers.list[k];
        if (!r->blocked[k] && !r->opened[k]) continue;
        char purposes[256];
        printf("  %-28s %-28s %zu blocked now, %zu allowed now\n", cr->name,
               crawler_purposes(cr, purposes, sizeof purposes), r->blocked[k], r->opened[k]);
    }
    /* The counts line up with the crawlers' above (column 61). */
    purpose_sum sums[CATALOG_PURPOSES];
    if (purpose_sums(r, sums)) printf("  Per purpose:\n");
    for (size_t p = 0; p < CATALOG_PURPOSES; p++)
        if (purpose_moved(&sums[p]))
            printf("    %-55s %zu blocked now, %zu allowed now\n", catalog_purposes[p], sums[p].blocked,
                   sums[p].opened);
    for (size_t i = 0; i < r->ncauses; i++) {
        const cause *c = &r->causes[i];
        printf("\n%zu. %s: %zu answer%s\n   before: ", i + 1, c->blocks ? "blocked now" : "allowed now", c->answers,
               c->answers == 1 ? "" : "s");
        print_side(REVIEW_TEXT, &r->old, &c->before);
        printf(" in %s\n   after:  ", r->old.name);
        print_side(REVIEW_TEXT, &r->now, &c->after);
        printf(" in %s (lesson %s)\n   crawlers:", r->now.name, lesson_of(&c->after));
        for (size_t k = 0, first = 1; k < r->crawlers.n; k++)
            if (c->per_crawler[k])
                printf("%s %s %zu", first ? "" : ",", r->crawlers.list[k].name, c->per_crawler[k]), first = 0;
        printf("\n   URLs:");
        for (size_t s = 0; s < c->nsamples; s++) {
            printf(" ");
            const char *u = url_at(&r->urls, c->samples[s]);
            put_visible(u, strlen(u));
        }
        if (c->urls > c->nsamples) printf(" ... (%zu URLs in all)", c->urls);
        printf("\n");
    }
    if (nfresh) printf("\nWarnings the change introduced (robots lint):\n");
    for (size_t i = 0; i < ln->n; i++) {
        if (!fresh[i]) continue;
        size_t n;
        const char *t = review_line(&r->now, ln->w[i].line, &n);
        printf("  %s:%zu: %s: %s (%s)\n", r->now.name, ln->w[i].line, robots_lint_name(ln->w[i].kind),
               robots_lint_advice(ln->w[i].kind), robots_lint_case(ln->w[i].kind));
        if (ln->w[i].line) {
            printf("      | ");
            put_visible(t, n);
            printf("\n");
        }
    }
}

static void print_markdown(const review *r, const lint_list *ln, const bool *fresh, size_t nfresh) {
    printf("## robots.txt review\n\n**%zu of %zu answers change** (%zu URLs × %zu crawlers) from ", r->changed,
           r->answers, r->urls.n, r->asked_crawlers);
    markdown_text(r->old.name, strlen(r->old.name));
    printf(" to ");
    markdown_text(r->now.name, strlen(r->now.name));
    printf(".\n\n%s `--fail-on %s`.\n\n", r->fails ? "**Fails**" : "Passes", r->policy);
    if (r->urls.warnings)
        printf("> **%zu warning%s reading the URLs** (among the run's warnings: standard error, or the CI job's "
               "log): pages may be missing from this review.\n\n",
               r->urls.warnings, r->urls.warnings == 1 ? "" : "s");
    if (r->changed) {
        printf("| Crawler | Purpose | Blocked now | Allowed now |\n| --- | --- | ---: | ---: |\n");
        for (size_t k = 0; k < r->crawlers.n; k++) {
            const census_crawler *cr = &r->crawlers.list[k];
            if (!r->blocked[k] && !r->opened[k]) continue;
            char purposes[256];
            printf("| ");
            markdown_text(cr->name, strlen(cr->name));
            printf(" | %s | %zu | %zu |\n", crawler_purposes(cr, purposes, sizeof purposes), r->blocked[k],
                   r->opened[k]);
        }
        /* A table of its own: a blank line ends the crawlers'. The purposes are
         * the schema's words, which need no escaping. */
        purpose_sum sums[CATALOG_PURPOSES];
        if (purpose_sums(r, sums)) printf("\n| Purpose | Blocked now | Allowed now |\n| --- | ---: | ---: |\n");
        for (size_t p = 0; p < CATALOG_PURPOSES; p++)
            if (purpose_moved(&sums[p]))
                printf("| %s | %zu | %zu |\n", catalog_purposes[p], sums[p].blocked, sums[p].opened);
        printf("\n### Causes, largest first\n");
    }
    for (size_t i = 0; i < r->ncauses; i++) {
        const cause *c = &r->causes[i];
        printf("\n%zu. **%s: %zu answer%s**\n   - before: ", i + 1, c->blocks ? "Blocked now" : "Allowed now",
               c->answers, c->answers == 1 ? "" : "s");
        print_side(REVIEW_MARKDOWN, &r->old, &c->before);
        printf("\n   - after: ");
        print_side(REVIEW_MARKDOWN, &r->now, &c->after);
        printf(" (lesson %s)\n   - crawlers:", lesson_of(&c->after));
        for (size_t k = 0, first = 1; k < r->crawlers.n; k++)
            if (c->per_crawler[k]) {
                printf("%s ", first ? "" : ",");
                markdown_text(r->crawlers.list[k].name, strlen(r->crawlers.list[k].name));
                printf(" %zu", c->per_crawler[k]);
                first = 0;
            }
        printf("\n   - URLs:");
        for (size_t s = 0; s < c->nsamples; s++) {
            const char *u = url_at(&r->urls, c->samples[s]);
            printf("%s ", s ? "," : "");
            markdown_text(u, strlen(u));
        }
        if (c->urls > c->nsamples) printf(", … (%zu URLs in all)", c->urls);
        printf("\n");
    }
    if (!nfresh) return;
    printf("\n### Warnings the change introduced\n\n| Line | Warning | The line | What to write instead | Lesson |\n"
           "| ---: | --- | --- | --- | --- |\n");
    for (size_t i = 0; i < ln->n; i++) {
        if (!fresh[i]) continue;
        size_t n;
        const char *t = review_line(&r->now, ln->w[i].line, &n);
        printf("| %zu | `%s` | ", ln->w[i].line, robots_lint_name(ln->w[i].kind));
        markdown_text(t, n);
        printf(" | ");
        const char *advice = robots_lint_advice(ln->w[i].kind);
        markdown_text(advice, strlen(advice));
        printf(" | %s |\n", robots_lint_case(ln->w[i].kind));
    }
}

static void json_side(const char *key, const version *v, const robots_verdict *d, bool *lost) {
    size_t n;
    const char *t = review_line(v, d->line, &n);
    printf("\"%s\": {\"allowed\": %s, \"line\": %zu, \"text\": ", key, d->allowed ? "true" : "false", d->line);
    put_json_text(t, n, lost);
    printf("}");
}

static void print_json(const review *r, const lint_list *ln, const bool *fresh, bool *lost) {
    printf("{\"old\": ");
    put_json_text(r->old.name, strlen(r->old.name), lost);
    printf(", \"new\": ");
    put_json_text(r->now.name, strlen(r->now.name), lost);
    printf(", \"urls\": %zu, \"crawlers\": %zu, \"answers\": %zu, \"changed\": %zu, \"policy\": \"%s\", \"fails\": %s, "
           "\"url_warnings\": %zu,\n \"per_crawler\": [",
           r->urls.n, r->asked_crawlers, r->answers, r->changed, r->policy, r->fails ? "true" : "false",
           r->urls.warnings);
    for (size_t k = 0, first = 1; k < r->crawlers.n; k++) {
        const census_crawler *cr = &r->crawlers.list[k];
        if (!cr->ntokens) continue;
        char purposes[256];
        printf("%s\n  {\"crawler\": ", first ? "" : ",");
        put_json_text(cr->name, strlen(cr->name), lost);
        const char *p = crawler_purposes(cr, purposes, sizeof purposes);
        printf(", \"purposes\": ");
        put_json_text(p, strlen(p), lost);
        printf(", \"blocked\": %zu, \"allowed\": %zu}", r->blocked[k], r->opened[k]);
        first = 0;
    }
    /* A key of its own between per_crawler and causes: the keys scripts already
     * read keep their names and values. */
    purpose_sum sums[CATALOG_PURPOSES];
    purpose_sums(r, sums);
    printf("],\n \"purposes\": [");
    for (size_t p = 0, first = 1; p < CATALOG_PURPOSES; p++)
        if (purpose_moved(&sums[p])) {
            printf("%s\n  {\"purpose\": \"%s\", \"blocked\": %zu, \"allowed\": %zu}", first ? "" : ",",
                   catalog_purposes[p], sums[p].blocked, sums[p].opened);
            first = 0;
        }
    printf("],\n \"causes\": [");
    for (size_t i = 0; i < r->ncauses; i++) {
        const cause *c = &r->causes[i];
        printf("%s\n  {\"change\": \"%s\", \"answers\": %zu, ", i ? "," : "", c->blocks ? "blocked" : "allowed",
               c->answers);
        json_side("before", &r->old, &c->before, lost);
        printf(", ");
        json_side("after", &r->now, &c->after, lost);
        printf(", \"lesson\": \"%s\", \"crawlers\": {", lesson_of(&c->after));
        for (size_t k = 0, first = 1; k < r->crawlers.n; k++)
            if (c->per_crawler[k]) {
                printf("%s", first ? "" : ", ");
                put_json_text(r->crawlers.list[k].name, strlen(r->crawlers.list[k].name), lost);
                printf(": %zu", c->per_crawler[k]);
                first = 0;
            }
        printf("}, \"url_count\": %zu, \"urls\": [", c->urls);
        for (size_t s = 0; s < c->nsamples; s++) {
            const char *u = url_at(&r->urls, c->samples[s]);
            printf("%s", s ? ", " : "");
            put_json_text(u, strlen(u), lost);
        }
        printf("]}");
    }
    printf("],\n \"warnings_introduced\": [");
    for (size_t i = 0, first = 1; i < ln->n; i++) {
        if (!fresh[i]) continue;
        size_t n;
        const char *t = review_line(&r->now, ln->w[i].line, &n);
        printf("%s\n  {\"line\": %zu, \"id\": \"%s\", \"text\": ", first ? "" : ",", ln->w[i].line,
               robots_lint_name(ln->w[i].kind));
        put_json_text(t, n, lost);
        printf(", \"case\": \"%s\"}", robots_lint_case(ln->w[i].kind));
        first = 0;
    }
    printf("]}\n");
}

void review_report(enum review_format f, const review *r, const lint_list *ln, const bool *fresh, size_t nfresh,
                   bool *lost) {
    if (f == REVIEW_TEXT) print_text(r, ln, fresh, nfresh);
    else if (f == REVIEW_MARKDOWN) print_markdown(r, ln, fresh, nfresh);
    else print_json(r, ln, fresh, lost);
}
