/*
 * crawler.c - `robots --crawler NAME FILE URL`: the answer for a real crawler as
 * its operator documents it (the crawler catalog): asked with all its tokens, the
 * first one a group names deciding (UA-1), a special-case crawler without the '*'
 * group, and the line that says which token's group decided.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "crawler_catalog.h"

/* What the operator documents beyond the answer, for the robots values that need
 * a word; NULL for the others. */
static const char *robots_note(const char *robots) {
    if (!strcmp(robots, "user-request"))
        return "it fetches on a user's request, and its operator says it may not follow robots.txt for those";
    if (!strcmp(robots, "usage-token"))
        return "no crawler fetches with this token: it says whether the operator may use what its other crawlers "
               "fetch (for AI training, say), not whether a page is fetched";
    if (!strcmp(robots, "partly"))
        return "its operator says it does not follow robots.txt for some sites";
    if (!strcmp(robots, "ignores")) return "its operator says it does not follow robots.txt";
    return NULL;
}

static void print_decided(const catalog_entry *e, const char *const *tokens, size_t count, size_t decided,
                          const robots_verdict *v) {
    printf("decided by: ");
    if (decided < count) printf("the group of %s", tokens[decided]);
    else if (v->group == ROBOTS_GROUP_GLOBAL) printf("the '*' group (no group names %s)", count > 1 ? "its tokens" : "it");
    if (v->group == ROBOTS_GROUP_NONE) {
        printf("no group (none names it, and %s): everything is allowed\n",
               e && !strcmp(e->robots.data, "ignores-star") ? "it ignores the '*' group" : "there is no '*' group");
        return;
    }
    if (v->rule != ROBOTS_RULE_NONE) printf(", line %zu (%s)\n", v->line, robots_rule_kind_name(v->rule));
    else printf(": no rule matches\n");
}

int run_crawler_check(const cli_options *o, const char *file, const char *url) {
    char room[4096];
    const char *path = o->catalog ? o->catalog : crawler_catalog_default(room, sizeof room);
    if (!path) {
        fprintf(stderr, "robots: --crawler: cannot find the crawler catalog: looked in ./conformance, in "
                        "../share/robots-conform beside this program (make install puts it there) and in the "
                        "checkout above it; give --catalog FILE\n");
        return EXIT_USAGE;
    }
    crawler_list list;
    char error[600];
    if (crawler_catalog_read(path, &list, error, sizeof error)) {
        fprintf(stderr, "robots: --crawler: %s\n", error);
        return EXIT_USAGE;
    }
    const catalog_entry *e = crawler_catalog_find(&list, o->crawler);
    const char *const *tokens = e ? e->tokens : &o->crawler;
    size_t count = e ? e->ntokens : 1;
    if (!e)
        fprintf(stderr, "robots: '%s' is no crawler of the catalog (%s): asked as the product token '%s'\n",
                o->crawler, path, o->crawler);
    robots_rules *rules;
    size_t len;
    int more = 0, rc = EXIT_USAGE;
    if (load_rules(o, file, NULL, &rules, &len, &more) == 0) {
        robots_verdict v;
        size_t decided;
        /* Whole rules and a verdict: it cannot fail. */
        robots_check_crawler(rules, tokens, NULL, count,
                             e && !strcmp(e->robots.data, "ignores-star") ? ROBOTS_CRAWLER_IGNORES_STAR : 0u, url,
                             strlen(url), &v, &decided, NULL);
        /* A fetcher with no token follows no robots.txt: no line of the file
         * keeps it out. */
        if (!count) v = (robots_verdict){.allowed = 1};
        printf("crawler '%s' (", e ? e->name.data : o->crawler);
        for (size_t i = 0; i < count; i++) printf("%s%s", i ? ", " : "", tokens[i]);
        printf(") with URI '%s': %s\n", url, v.allowed ? "ALLOWED" : "DISALLOWED");
        if (count) print_decided(e, tokens, count, decided, &v);
        else printf("decided by: nothing: it has no token, so no group of a robots.txt names it\n");
        const char *note = e ? robots_note(e->robots.data) : NULL;
        if (note) printf("note: %s\n", note);
        if (o->explain) explain_verdict(o, rules, url, &v, more);
        robots_free(rules);
        rc = v.allowed ? EXIT_ALLOWED : EXIT_DISALLOWED;
    }
    crawler_catalog_free(&list);
    return rc;
}
