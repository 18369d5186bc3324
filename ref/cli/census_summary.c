/*
 * census_summary.c - the summary of a census (census.h): per agent, the sites, how
 * many allow the root, how many disallow the whole site, the checks and how many
 * were allowed, and the AI usage preferences; as text on standard error and, with
 * --summary FILE, as JSON (docs/census.md; scripts/census-dask reads both). With
 * --crawlers, each crawler's own keys and the sums per purpose and per operator
 * (census_crawlers.c).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "census.h"
#include "census_crawlers.h"
#include "json.h"

/* The AI usage preferences: a line per agent and preference some site states,
 * or one line saying that none does. */
static void usage_summary(const census_totals *c) {
    bool any = false;
    for (size_t a = 0; a < c->nagents; a++)
        for (size_t k = 0; k < CENSUS_PREFERENCES; k++)
            for (size_t i = 0; i < 4; i++) any = any || c->tally[a].usage.counts[k][i];
    if (!any) {
        fprintf(stderr, "  AI usage preferences: no site states one for these agents\n");
        return;
    }
    fprintf(stderr, "  AI usage preferences (sites; \"any\": the root or a path asked):\n");
    fprintf(stderr, "  %-24s %-24s %8s %8s %8s %8s\n", "agent", "preference", "root n", "root y", "any n", "any y");
    for (size_t a = 0; a < c->nagents; a++) {
        const census_usage_tally *u = &c->tally[a].usage;
        for (size_t k = 0; k < CENSUS_PREFERENCES; k++)
            fprintf(stderr, "  %-24s %-24s %8zu %8zu %8zu %8zu\n", c->agents[a], census_preference_name(k),
                    u->counts[k][0], u->counts[k][1], u->counts[k][2], u->counts[k][3]);
    }
}

void census_print_summary(const census_totals *c, bool progress) {
    if (progress) fprintf(stderr, "\r");
    if (c->interrupted)
        fprintf(stderr, "robots census: INTERRUPTED%s: this summary is partial.\n", c->stopped + strlen("interrupted"));
    fprintf(stderr, "robots census: %zu sites (%zu skipped), profile %s\n", c->counts->sites, c->counts->bad,
            robots_profile_name(c->profile));
    if (c->counts->incomplete)
        fprintf(stderr, "robots census: %zu input%s NOT READ TO ITS END (above): the figures are of what was read\n",
                c->counts->incomplete, c->counts->incomplete == 1 ? "" : "s");
    fprintf(stderr, "  %-24s %8s %14s %22s %10s %10s\n", c->crawlers ? "crawler" : "agent", "sites", "root allowed",
            "whole site disallowed", "checks", "allowed");
    for (size_t a = 0; a < c->nagents; a++) {
        const census_agent_tally *t = &c->tally[a];
        if (c->crawlers && !c->crawlers->list[a].ntokens)
            fprintf(stderr, "  %-24s %8zu   follows no robots.txt: it has no token\n", c->agents[a], t->sites);
        else
            fprintf(stderr, "  %-24s %8zu %14zu %22zu %10zu %10zu\n", c->agents[a], t->sites, t->root_allowed,
                    t->whole_disallowed, t->checks, t->allowed);
    }
    if (c->crawlers) census_crawlers_print(c->crawlers);
    usage_summary(c);
}

int census_write_summary(const census_totals *c, FILE *f) {
    buf j = {NULL, 0, 0};
    char number[160];
    snprintf(number, sizeof number, "{\"profile\":\"%s\",\"sites\":%zu,\"skipped\":%zu,\"incomplete_inputs\":%zu,\"agents\":[",
             robots_profile_name(c->profile), c->counts->sites, c->counts->bad, c->counts->incomplete);
    int rc = buf_add(&j, number, strlen(number));
    for (size_t a = 0; a < c->nagents; a++) {
        const census_agent_tally *t = &c->tally[a];
        rc |= buf_add(&j, a ? ",{\"agent\":" : "{\"agent\":", a ? 10 : 9);
        rc |= json_append_string(&j, c->agents[a], strlen(c->agents[a]));
        snprintf(number, sizeof number,
                 ",\"sites\":%zu,\"root_allowed\":%zu,\"whole_site_disallowed\":%zu,\"checks\":%zu,\"allowed\":%zu,"
                 "\"usage\":[",
                 t->sites, t->root_allowed, t->whole_disallowed, t->checks, t->allowed);
        rc |= buf_add(&j, number, strlen(number));
        /* census.h's order: per preference, root n, root y, any n, any y. */
        for (size_t k = 0; k < CENSUS_PREFERENCES; k++)
            for (size_t i = 0; i < 4; i++) {
                snprintf(number, sizeof number, "%s%zu", k || i ? "," : "", t->usage.counts[k][i]);
                rc |= buf_add(&j, number, strlen(number));
            }
        rc |= buf_addc(&j, ']');
        if (c->crawlers) rc |= census_crawler_json(&c->crawlers->list[a], t, &j);
        rc |= buf_addc(&j, '}');
    }
    rc |= buf_addc(&j, ']');
    if (c->crawlers) rc |= census_crawlers_json(c->crawlers, &j);
    rc |= buf_add(&j, ",\"inputs\":[", 11);
    if (c->inputs) rc |= buf_add(&j, c->inputs->data, c->inputs->len);
    rc |= buf_addc(&j, ']');
    if (c->interrupted) { /* last: a reader of the keys before (scripts/census-dask) reads them as they were */
        rc |= buf_add(&j, ",\"stopped\":", 11) | json_append_string(&j, c->stopped, strlen(c->stopped));
        rc |= buf_add(&j, ",\"interrupted\":", 15) | json_append_string(&j, c->interrupted, strlen(c->interrupted));
    }
    rc |= buf_add(&j, "}\n", 2);
    int failed = rc ? ENOMEM : 0;
    if (!rc && fwrite(j.data, 1, j.len, f) != j.len) failed = errno ? errno : EIO;
    buf_free(&j);
    errno = failed;
    return failed ? -1 : 0;
}
