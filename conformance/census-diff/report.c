/* report.c - a census differential's report, as Markdown and as JSON (diff.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "ask.h"
#include "diff.h"
#include "lines.h"

/* Clusters by sites, then checks, most first: their order in both reports. */
static void order(const diff_run *r, size_t *idx) {
    for (size_t i = 0; i < r->nclusters; i++) idx[i] = i;
    for (size_t i = 1; i < r->nclusters; i++)
        for (size_t j = i; j > 0; j--) {
            const cause_cluster *a = &r->clusters[idx[j - 1]], *b = &r->clusters[idx[j]];
            if (a->sites > b->sites || (a->sites == b->sites && a->checks >= b->checks)) break;
            size_t t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
}

static size_t total_failed(const diff_run *r) {
    size_t n = 0;
    for (size_t a = 0; a < r->nagents; a++) n += r->agents[a].failed;
    return n;
}

static double share(size_t part, size_t whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static const char *answer_word(int v) {
    return v == VERDICT_ALLOWED ? "allowed" : v == VERDICT_DISALLOWED ? "disallowed" : "no answer";
}

/* Line `line` of the example's robots.txt, printable (other bytes as \xNN). */
static void line_of(const input *in, long line, char *out, size_t cap) {
    size_t from, end, w = 0;
    out[0] = '\0';
    if (line <= 0 || line_span(&in->robots, (size_t)line, &from, &end)) return;
    for (size_t i = from; i < end && w + 5 < cap; i++) {
        unsigned char c = (unsigned char)in->robots.data[i];
        w += (size_t)snprintf(out + w, cap - w, c >= 0x20 && c != 0x7f ? "%c" : "\\x%02X", c);
    }
}

static const char *cause_sentence(const cause_cluster *c) {
    if (c->named) return c->named->says;
    if (!strcmp(c->key, "not-minimised"))
        return "Not minimised: the site had more deciding lines than are minimised per site, or the --minimise "
               "budget was spent";
    return c->key;
}

static void md_side(FILE *f, const char *who, int verdict, long line, const input *ex) {
    char text[600];
    line_of(ex, line, text, sizeof text);
    if (line < 0) fprintf(f, "- %s: %s (it does not say which line decided)\n", who, answer_word(verdict));
    else if (line == 0) fprintf(f, "- %s: %s (no line decided)\n", who, answer_word(verdict));
    else fprintf(f, "- %s: %s by line %ld: `%s`\n", who, answer_word(verdict), line, text);
}

static void md_example(FILE *f, const cause_cluster *c) {
    const input *ex = &c->example;
    fprintf(f, "\nMinimal example, made from the robots.txt of `%s`; crawler `%s`, URL `%s`:\n\n```\n", c->site,
            ex->agent, ex->url);
    size_t from, end;
    for (size_t line = 1; line_span(&ex->robots, line, &from, &end) == 0; line++) {
        char text[600];
        line_of(ex, (long)line, text, sizeof text);
        fprintf(f, "%2zu  %s\n", line, text);
    }
    fprintf(f, "```\n\n");
    md_side(f, "the reference", c->reference, c->reference_line, ex);
    md_side(f, "the adapter", c->target, c->target_line, ex);
}

int report_markdown(const diff_run *r, FILE *f) {
    fprintf(f, "# Census differential: the reference against `%s`\n\n", r->command);
    /* How the report was made, for whoever cites it. */
    fprintf(f, "Made %s by the reference of robots-conformance %s (its `%s` profile) with:\n\n```sh\nrobots census",
            r->date, ROBOTS_VERSION, robots_profile_name(r->profile));
    for (int i = 1; i < r->argc; i++) {
        fputc(' ', f);
        bool plain = r->argv[i][0] && !r->argv[i][strcspn(r->argv[i], " \t\"'\\$`!*?;&|<>()")];
        if (plain) fputs(r->argv[i], f);
        else {
            fputc('\'', f);
            for (const char *p = r->argv[i]; *p; p++) fputs(*p == '\'' ? "'\\''" : (char[2]){*p, '\0'}, f);
            fputc('\'', f);
        }
    }
    fprintf(f, "\n```\n\nThe adapter's own version is the adapter's to say (e.g. `python3 --version`).\n\n");
    fprintf(f, "Profile %s. %zu sites read (%zu inputs skipped); %zu decided by their HTTP status, not asked of "
               "the adapter; %zu compared, %zu of them with at least one disagreement (%.1f%%). %zu checks failed "
               "(no answer)%s%s. %zu checks were left out: their path is too long for the request (512 bytes).\n\n",
            robots_profile_name(r->profile), r->sites, r->skipped, r->status_decided, r->compared, r->sites_disagreeing,
            share(r->sites_disagreeing, r->compared), total_failed(r),
            r->failure_example[0] ? "; the last: " : "", r->failure_example, r->too_long);
    fprintf(f, "## Per agent\n\n| agent | sites compared | sites disagreeing | share | checks | checks disagreeing | "
               "share | failed |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (size_t a = 0; a < r->nagents; a++) {
        const agent_tally *t = &r->agents[a];
        fprintf(f, "| %s | %zu | %zu | %.1f%% | %zu | %zu | %.2f%% | %zu |\n", t->agent, t->sites, t->sites_disagreeing,
                share(t->sites_disagreeing, t->sites), t->checks, t->disagreeing, share(t->disagreeing, t->checks),
                t->failed);
    }
    size_t idx[DIFF_CLUSTERS_MAX];
    order(r, idx);
    fprintf(f, "\n## Disagreements by cause\n\nShare: of the %zu sites with a disagreement (a site may fall under "
               "several causes). %zu disagreements minimised.\n\n| # | cause | sites | share | checks | minimised |\n"
               "| ---: | --- | ---: | ---: | ---: | ---: |\n",
            r->sites_disagreeing, r->minimised);
    for (size_t i = 0; i < r->nclusters; i++) {
        const cause_cluster *c = &r->clusters[idx[i]];
        fprintf(f, "| %zu | %s%s%s | %zu | %.1f%% | %zu | %zu |\n", i + 1, c->named ? "**" : "",
                c->named ? c->named->name : cause_sentence(c), c->named ? "**" : "", c->sites,
                share(c->sites, r->sites_disagreeing), c->checks, c->minimised);
    }
    for (size_t i = 0; i < r->nclusters; i++) {
        const cause_cluster *c = &r->clusters[idx[i]];
        fprintf(f, "\n### %zu. %s\n\n%s%s%s%zu sites (%.1f%% of the disagreeing), %zu checks.\n", i + 1,
                c->named ? c->named->name : "unnamed", c->named ? "The scorecard's cause: " : "",
                cause_sentence(c), c->named ? ". " : ". ", c->sites, share(c->sites, r->sites_disagreeing), c->checks);
        if (c->has_example) md_example(f, c);
    }
    fprintf(f, "\n## The scorecard's causes the adapter shows\n\nFrom %zu probes (conformance/adapters/probes.json), "
               "each answered by the adapter and the reference:\n\n| cause | probes answered otherwise | probes |\n"
               "| --- | ---: | ---: |\n",
            r->causes.probes);
    for (size_t i = 0; i < r->causes.n; i++) {
        const named_cause *c = &r->causes.items[i];
        if (c->shown) fprintf(f, "| %s: %s | %zu | %zu |\n", c->name, c->says, c->shown, c->probes);
    }
    return ferror(f) ? -1 : 0;
}

static cJSON *json_side(int verdict, long line, const input *ex) {
    cJSON *o = cJSON_CreateObject();
    char text[600];
    line_of(ex, line, text, sizeof text);
    cJSON_AddStringToObject(o, "answer", answer_word(verdict));
    if (line >= 0) cJSON_AddNumberToObject(o, "line", (double)line);
    else cJSON_AddNullToObject(o, "line");
    cJSON_AddStringToObject(o, "text", text);
    return o;
}

static cJSON *json_cluster(const diff_run *r, const cause_cluster *c) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "cause", c->named ? c->named->name : strcmp(c->key, "not-minimised") ? "unnamed" : "not-minimised");
    cJSON_AddStringToObject(o, "says", cause_sentence(c));
    cJSON_AddBoolToObject(o, "named", c->named != NULL);
    cJSON_AddNumberToObject(o, "sites", (double)c->sites);
    cJSON_AddNumberToObject(o, "share", share(c->sites, r->sites_disagreeing) / 100.0);
    cJSON_AddNumberToObject(o, "checks", (double)c->checks);
    cJSON_AddNumberToObject(o, "minimised", (double)c->minimised);
    if (!c->has_example) return o;
    cJSON *ex = cJSON_AddObjectToObject(o, "example");
    cJSON_AddStringToObject(ex, "site", c->site);
    buf robots = {NULL, 0, 0};
    if (buf_add(&robots, c->example.robots.data ? c->example.robots.data : "", c->example.robots.len) == 0 &&
        buf_addc(&robots, '\0') == 0)
        cJSON_AddStringToObject(ex, "robots", robots.data); /* a NUL in it ends it here: the lines show it */
    buf_free(&robots);
    cJSON_AddStringToObject(ex, "agent", c->example.agent);
    cJSON_AddStringToObject(ex, "url", c->example.url);
    cJSON_AddItemToObject(ex, "reference", json_side(c->reference, c->reference_line, &c->example));
    cJSON_AddItemToObject(ex, "target", json_side(c->target, c->target_line, &c->example));
    return o;
}

int report_json(const diff_run *r, FILE *f) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "target", r->command);
    cJSON *run = cJSON_AddObjectToObject(o, "run");
    cJSON_AddStringToObject(run, "date", r->date);
    cJSON_AddStringToObject(run, "robots_version", ROBOTS_VERSION);
    cJSON *args = cJSON_AddArrayToObject(run, "arguments");
    for (int i = 1; i < r->argc; i++) cJSON_AddItemToArray(args, cJSON_CreateString(r->argv[i]));
    cJSON_AddStringToObject(o, "profile", robots_profile_name(r->profile));
    cJSON_AddNumberToObject(o, "sites", (double)r->sites);
    cJSON_AddNumberToObject(o, "skipped", (double)r->skipped);
    cJSON_AddNumberToObject(o, "status_decided", (double)r->status_decided);
    cJSON_AddNumberToObject(o, "compared", (double)r->compared);
    cJSON_AddNumberToObject(o, "sites_disagreeing", (double)r->sites_disagreeing);
    cJSON_AddNumberToObject(o, "paths_too_long", (double)r->too_long);
    cJSON_AddNumberToObject(o, "minimised", (double)r->minimised);
    cJSON_AddStringToObject(o, "failure_example", r->failure_example);
    cJSON *agents = cJSON_AddArrayToObject(o, "agents");
    for (size_t a = 0; a < r->nagents; a++) {
        const agent_tally *t = &r->agents[a];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "agent", t->agent);
        cJSON_AddNumberToObject(x, "sites", (double)t->sites);
        cJSON_AddNumberToObject(x, "sites_disagreeing", (double)t->sites_disagreeing);
        cJSON_AddNumberToObject(x, "checks", (double)t->checks);
        cJSON_AddNumberToObject(x, "checks_disagreeing", (double)t->disagreeing);
        cJSON_AddNumberToObject(x, "failed", (double)t->failed);
        cJSON_AddItemToArray(agents, x);
    }
    size_t idx[DIFF_CLUSTERS_MAX];
    order(r, idx);
    cJSON *clusters = cJSON_AddArrayToObject(o, "clusters");
    for (size_t i = 0; i < r->nclusters; i++) cJSON_AddItemToArray(clusters, json_cluster(r, &r->clusters[idx[i]]));
    cJSON *shown = cJSON_AddArrayToObject(o, "causes_shown");
    for (size_t i = 0; i < r->causes.n; i++) {
        const named_cause *c = &r->causes.items[i];
        if (!c->shown) continue;
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "cause", c->name);
        cJSON_AddStringToObject(x, "says", c->says);
        cJSON_AddNumberToObject(x, "probes_shown", (double)c->shown);
        cJSON_AddNumberToObject(x, "probes", (double)c->probes);
        cJSON_AddItemToArray(shown, x);
    }
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    int rc = text && fprintf(f, "%s\n", text) > 0 ? 0 : -1;
    free(text);
    return rc || ferror(f) ? -1 : 0;
}
