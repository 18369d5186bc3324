/* report.c - a census differential's report, as Markdown and as JSON (diff.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "ask.h"
#include "diff.h"
#include "lines.h"

#define MD_SITES 10 /* sites a cluster names in the Markdown (the JSON has them all) */

/* The clusters (top-level ones, or the descriptions under cluster `parent` - 1)
 * by sites, then checks, most first: their order in both reports. Returns how many. */
static size_t order(const diff_run *r, size_t parent, size_t *idx) {
    size_t n = 0;
    for (size_t i = 0; i < r->nclusters; i++)
        if (r->clusters[i].parent == parent) idx[n++] = i;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0; j--) {
            const cause_cluster *a = &r->clusters[idx[j - 1]], *b = &r->clusters[idx[j]];
            if (cluster_sites(a) > cluster_sites(b) || (cluster_sites(a) == cluster_sites(b) && a->checks >= b->checks))
                break;
            size_t t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    return n;
}

/* The run's totals over its agents. */
typedef struct totals {
    size_t checks, disagreeing, failed;
} totals;

static totals total(const diff_run *r) {
    totals t = {0, 0, 0};
    for (size_t a = 0; a < r->nagents; a++) {
        t.checks += r->agents[a].checks;
        t.disagreeing += r->agents[a].disagreeing;
        t.failed += r->agents[a].failed;
    }
    return t;
}

static double share(size_t part, size_t whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

/* A cluster's shares, in percent: of the sites that disagree, of the sites
 * compared, of the checks compared. */
typedef struct shares {
    double disagreeing, sites, checks;
} shares;

static shares shares_of(const diff_run *r, const cause_cluster *c) {
    return (shares){share(cluster_sites(c), r->sites_disagreeing), share(cluster_sites(c), r->compared),
                    share(c->checks, total(r).checks)};
}

/* Sites under a named cause, unexplained, not minimised: how much is explained. */
typedef struct residue {
    size_t named, unexplained, not_minimised;
} residue;

static residue residue_of(const diff_run *r) {
    residue x = {0, 0, 0};
    /* A site may fall under several named causes: counted once. Each cluster's
     * sites are in order, so one cursor a cluster walks them all together. */
    size_t at[DIFF_CLUSTERS_MAX] = {0};
    for (size_t site = 0; site < r->sites_disagreeing; site++) {
        bool named = false;
        for (size_t i = 0; i < r->nclusters; i++) {
            const cause_cluster *c = &r->clusters[i];
            if (!c->named || at[i] == cluster_sites(c) || cluster_site(c, at[i]) != site) continue;
            at[i]++;
            named = true;
        }
        x.named += named;
    }
    for (size_t i = 0; i < r->nclusters; i++) {
        const cause_cluster *c = &r->clusters[i];
        if (!strcmp(c->key, UNEXPLAINED)) x.unexplained = cluster_sites(c);
        if (!strcmp(c->key, NOT_MINIMISED)) x.not_minimised = cluster_sites(c);
    }
    return x;
}

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

static const char *cause_name(const cause_cluster *c) { return c->named ? c->named->name : c->key; }

static const char *cause_sentence(const cause_cluster *c) {
    if (c->named) return c->named->says;
    if (!strcmp(c->key, NOT_MINIMISED))
        return "Not minimised: the site had more deciding lines than are minimised per site, or the --minimise "
               "budget was spent";
    if (!strcmp(c->key, UNEXPLAINED))
        return "Unexplained: no cause the adapter shows on the probes fits the minimal example; robots-diff's "
               "descriptions of the examples follow";
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

/* A cluster's counts, shares, first sites and example, after its heading. */
static void md_cluster_body(FILE *f, const diff_run *r, const cause_cluster *c) {
    shares s = shares_of(r, c);
    size_t n = cluster_sites(c);
    fprintf(f, "%s%s. %zu sites (%.1f%% of the disagreeing, %.1f%% of all compared), %zu checks (%.2f%% of all "
               "compared).\n\nSites: ",
            c->named ? "The scorecard's cause: " : "", cause_sentence(c), n, s.disagreeing, s.sites, c->checks,
            s.checks);
    for (size_t k = 0; k < n && k < MD_SITES; k++)
        fprintf(f, "%s`%s`", k ? ", " : "", diff_site_name(r, cluster_site(c, k)));
    if (n > MD_SITES) fprintf(f, " and %zu more", n - MD_SITES);
    fprintf(f, " (report.json lists every one).\n");
    if (c->has_example) md_example(f, c);
}

static void md_command(FILE *f, const diff_run *r) {
    fprintf(f, "```sh\nrobots census");
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
    fprintf(f, "\n```\n");
}

/* How the report was made, for whoever cites it. */
static void md_provenance(FILE *f, const diff_run *r) {
    char print[48];
    fingerprint_text(&r->corpus, print);
    fprintf(f, "## How it was made\n\n- %s (UTC), by the reference of robots-conformance %s, commit `%s`, its `%s` "
               "profile, with:\n\n",
            r->date, ROBOTS_VERSION, provenance_commit(), robots_profile_name(r->profile));
    md_command(f, r);
    fprintf(f, "\n- The adapter: `%s`; its version: ", r->command);
    if (r->adapter_version[0]) fprintf(f, "`%s` (the first line of `%s`).\n", r->adapter_version, r->version_command);
    else if (r->version_command) fprintf(f, "not recorded (%s).\n", r->version_error);
    else fprintf(f, "not recorded (`--adapter-version CMD` records the first line CMD prints).\n");
    fprintf(f, "- The corpus: %zu sites read, fingerprint `%s` (FNV-1a, 128 bits, over each site's name, status, "
               "redirects, truncation, length and bytes as read, in order: docs/census.md, \"How the run is "
               "recorded\").\n\n",
            r->corpus.sites, print);
}

static void md_causes_shown(FILE *f, const diff_run *r) {
    fprintf(f, "\n## The scorecard's causes the adapter shows\n\nFrom %zu probes (conformance/adapters/probes.json), "
               "each answered by the adapter and the reference. A cause names clusters when a probe shows it that "
               "no other cause the adapter shows explains.\n\n| cause | probes answered otherwise | probes | names "
               "clusters |\n| --- | ---: | ---: | --- |\n",
            r->causes.probes);
    for (size_t i = 0; i < r->causes.n; i++) {
        const named_cause *c = &r->causes.items[i];
        if (!c->shown) continue;
        fprintf(f, "| %s: %s | %zu | %zu | ", c->name, c->says, c->shown, c->probes);
        if (c->evident) fprintf(f, "yes |\n");
        else fprintf(f, "no: its probes also show %s |\n", c->confounded_by);
    }
}

int report_markdown(const diff_run *r, FILE *f) {
    totals t = total(r);
    if (r->interrupted) fprintf(f, "INTERRUPTED%s: this report is partial.\n\n", r->stopped + strlen("interrupted"));
    fprintf(f, "# Census differential: the reference against `%s`\n\n", r->command);
    md_provenance(f, r);
    fprintf(f, "## What was compared\n\nProfile %s. %zu sites read (%zu skipped: records, lines or files that are no site); %zu decided by their HTTP "
               "status, not asked of the adapter; %zu compared, %zu of them with at least one disagreement "
               "(%.1f%%). %zu checks compared, %zu of them disagreeing (%.2f%%); %zu checks failed (no answer)%s%s. "
               "%zu checks were left out: their path is too long for the request (512 bytes).\n\n",
            robots_profile_name(r->profile), r->sites, r->skipped, r->status_decided, r->compared, r->sites_disagreeing,
            share(r->sites_disagreeing, r->compared), t.checks, t.disagreeing, share(t.disagreeing, t.checks),
            t.failed, r->failure_example[0] ? "; the last: " : "", r->failure_example, r->too_long);
    if (r->incomplete)
        fprintf(f, "**%zu input%s NOT READ TO ITS END** (robots census said which and why): the figures are of what was "
                   "read, and the run exits 3.\n\n", r->incomplete, r->incomplete == 1 ? " was" : "s were");
    fprintf(f, "## Per agent\n\n| agent | sites compared | sites disagreeing | share | checks | checks disagreeing | "
               "share | failed |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (size_t a = 0; a < r->nagents; a++) {
        const agent_tally *x = &r->agents[a];
        fprintf(f, "| %s | %zu | %zu | %.1f%% | %zu | %zu | %.2f%% | %zu |\n", x->agent, x->sites, x->sites_disagreeing,
                share(x->sites_disagreeing, x->sites), x->checks, x->disagreeing, share(x->disagreeing, x->checks),
                x->failed);
    }
    size_t idx[DIFF_CLUSTERS_MAX], n = order(r, 0, idx);
    residue x = residue_of(r);
    fprintf(f, "\n## Disagreements by cause\n\nOne cluster a cause; a site may fall under several. Shares of the %zu "
               "sites with a disagreement, of the %zu sites compared and of the %zu checks compared. %zu "
               "disagreements minimised. %zu of the disagreeing sites (%.1f%%) fall under a named cause, %zu "
               "under unexplained, %zu under not-minimised (a site may be in several).\n\n| # | cause | sites | of disagreeing sites | of all sites | "
               "checks | of all checks | minimised |\n| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
            r->sites_disagreeing, r->compared, t.checks, r->minimised, x.named, share(x.named, r->sites_disagreeing),
            x.unexplained, x.not_minimised);
    for (size_t i = 0; i < n; i++) {
        const cause_cluster *c = &r->clusters[idx[i]];
        shares s = shares_of(r, c);
        fprintf(f, "| %zu | %s%s%s | %zu | %.1f%% | %.1f%% | %zu | %.2f%% | %zu |\n", i + 1, c->named ? "**" : "",
                cause_name(c), c->named ? "**" : "", cluster_sites(c), s.disagreeing, s.sites, c->checks, s.checks,
                c->minimised);
    }
    for (size_t i = 0; i < n; i++) {
        const cause_cluster *c = &r->clusters[idx[i]];
        fprintf(f, "\n### %zu. %s\n\n", i + 1, cause_name(c));
        md_cluster_body(f, r, c);
        size_t sub[DIFF_CLUSTERS_MAX], m = order(r, idx[i] + 1, sub);
        for (size_t k = 0; k < m; k++) {
            fprintf(f, "\n#### %zu.%zu\n\n", i + 1, k + 1);
            md_cluster_body(f, r, &r->clusters[sub[k]]);
        }
    }
    md_causes_shown(f, r);
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
    shares s = shares_of(r, c);
    cJSON_AddStringToObject(o, "cause", c->parent ? UNEXPLAINED : cause_name(c));
    cJSON_AddStringToObject(o, "says", cause_sentence(c));
    cJSON_AddBoolToObject(o, "named", c->named != NULL);
    cJSON_AddNumberToObject(o, "sites", (double)cluster_sites(c));
    cJSON_AddNumberToObject(o, "share_of_disagreeing_sites", s.disagreeing / 100.0);
    cJSON_AddNumberToObject(o, "share_of_sites", s.sites / 100.0);
    cJSON_AddNumberToObject(o, "checks", (double)c->checks);
    cJSON_AddNumberToObject(o, "share_of_checks", s.checks / 100.0);
    cJSON_AddNumberToObject(o, "minimised", (double)c->minimised);
    cJSON *names = cJSON_AddArrayToObject(o, "site_names");
    for (size_t k = 0; k < cluster_sites(c); k++)
        cJSON_AddItemToArray(names, cJSON_CreateString(diff_site_name(r, cluster_site(c, k))));
    size_t sub[DIFF_CLUSTERS_MAX], m = order(r, (size_t)(c - r->clusters) + 1, sub);
    if (m) {
        cJSON *d = cJSON_AddArrayToObject(o, "descriptions");
        for (size_t k = 0; k < m; k++) cJSON_AddItemToArray(d, json_cluster(r, &r->clusters[sub[k]]));
    }
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

static void json_run(const diff_run *r, cJSON *o) {
    cJSON *run = cJSON_AddObjectToObject(o, "run");
    cJSON_AddStringToObject(run, "date", r->date);
    cJSON_AddStringToObject(run, "robots_version", ROBOTS_VERSION);
    cJSON_AddStringToObject(run, "commit", provenance_commit());
    cJSON *args = cJSON_AddArrayToObject(run, "arguments");
    for (int i = 1; i < r->argc; i++) cJSON_AddItemToArray(args, cJSON_CreateString(r->argv[i]));
    char print[48];
    fingerprint_text(&r->corpus, print);
    cJSON *corpus = cJSON_AddObjectToObject(run, "corpus");
    cJSON_AddStringToObject(corpus, "fingerprint", print);
    cJSON_AddNumberToObject(corpus, "sites", (double)r->corpus.sites);
    cJSON_AddStringToObject(corpus, "covers",
                            "FNV-1a (128 bits) over every site read, in order: \"NAME\\tSTATUS\\tREDIRECTS\\t"
                            "TRUNCATED\\tLENGTH\\n\" then the LENGTH bytes of its body as read (docs/census.md)");
    cJSON *adapter = cJSON_AddObjectToObject(run, "adapter");
    cJSON_AddStringToObject(adapter, "command", r->command);
    if (r->version_command) cJSON_AddStringToObject(adapter, "version_command", r->version_command);
    else cJSON_AddNullToObject(adapter, "version_command");
    if (r->adapter_version[0]) cJSON_AddStringToObject(adapter, "version", r->adapter_version);
    else cJSON_AddNullToObject(adapter, "version");
    if (r->version_error[0]) cJSON_AddStringToObject(adapter, "version_error", r->version_error);
}

int report_json(const diff_run *r, FILE *f) {
    totals t = total(r);
    residue x = residue_of(r);
    cJSON *o = cJSON_CreateObject();
    if (r->interrupted) {
        cJSON_AddStringToObject(o, "stopped", r->stopped);
        cJSON_AddStringToObject(o, "interrupted", r->interrupted);
    }
    cJSON_AddStringToObject(o, "target", r->command);
    json_run(r, o);
    cJSON_AddStringToObject(o, "profile", robots_profile_name(r->profile));
    cJSON_AddNumberToObject(o, "sites", (double)r->sites);
    cJSON_AddNumberToObject(o, "skipped", (double)r->skipped);
    cJSON_AddNumberToObject(o, "incomplete_inputs", (double)r->incomplete);
    cJSON_AddNumberToObject(o, "status_decided", (double)r->status_decided);
    cJSON_AddNumberToObject(o, "compared", (double)r->compared);
    cJSON_AddNumberToObject(o, "sites_disagreeing", (double)r->sites_disagreeing);
    cJSON_AddNumberToObject(o, "checks", (double)t.checks);
    cJSON_AddNumberToObject(o, "checks_disagreeing", (double)t.disagreeing);
    cJSON_AddNumberToObject(o, "checks_failed", (double)t.failed);
    cJSON_AddNumberToObject(o, "paths_too_long", (double)r->too_long);
    cJSON_AddNumberToObject(o, "minimised", (double)r->minimised);
    cJSON_AddNumberToObject(o, "sites_named", (double)x.named);
    cJSON_AddNumberToObject(o, "sites_unexplained", (double)x.unexplained);
    cJSON_AddNumberToObject(o, "sites_not_minimised", (double)x.not_minimised);
    cJSON_AddStringToObject(o, "failure_example", r->failure_example);
    cJSON *agents = cJSON_AddArrayToObject(o, "agents");
    for (size_t a = 0; a < r->nagents; a++) {
        const agent_tally *y = &r->agents[a];
        cJSON *z = cJSON_CreateObject();
        cJSON_AddStringToObject(z, "agent", y->agent);
        cJSON_AddNumberToObject(z, "sites", (double)y->sites);
        cJSON_AddNumberToObject(z, "sites_disagreeing", (double)y->sites_disagreeing);
        cJSON_AddNumberToObject(z, "checks", (double)y->checks);
        cJSON_AddNumberToObject(z, "checks_disagreeing", (double)y->disagreeing);
        cJSON_AddNumberToObject(z, "failed", (double)y->failed);
        cJSON_AddItemToArray(agents, z);
    }
    size_t idx[DIFF_CLUSTERS_MAX], n = order(r, 0, idx);
    cJSON *clusters = cJSON_AddArrayToObject(o, "clusters");
    for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(clusters, json_cluster(r, &r->clusters[idx[i]]));
    cJSON *shown = cJSON_AddArrayToObject(o, "causes_shown");
    for (size_t i = 0; i < r->causes.n; i++) {
        const named_cause *c = &r->causes.items[i];
        if (!c->shown) continue;
        cJSON *z = cJSON_CreateObject();
        cJSON_AddStringToObject(z, "cause", c->name);
        cJSON_AddStringToObject(z, "says", c->says);
        cJSON_AddNumberToObject(z, "probes_shown", (double)c->shown);
        cJSON_AddNumberToObject(z, "probes", (double)c->probes);
        cJSON_AddBoolToObject(z, "names_clusters", c->evident);
        if (!c->evident) cJSON_AddStringToObject(z, "confounded_by", c->confounded_by);
        cJSON_AddItemToArray(shown, z);
    }
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    int rc = text && fprintf(f, "%s\n", text) > 0 ? 0 : -1;
    free(text);
    return rc || ferror(f) ? -1 : 0;
}
