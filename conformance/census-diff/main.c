/*
 * main.c - robots-census-diff (robots census --compare-with ADAPTER): the census's
 * rows answered by another implementation over the batch protocol, over the
 * corpus as it is, and the disagreements clustered by cause (docs/census.md,
 * "Comparing with another implementation").
 *
 * Every site of the inputs (census_each: folders, JSON Lines, WARC) is asked what
 * robots census asks it (the same agents, the same paths, the same profile); a
 * site whose HTTP status decides (a 4xx, a 5xx, a network error) is not asked of
 * the adapter, whose subject is the parser. The adapter gets the same bytes the
 * reference parsed (the first 500 KiB), one pipelined batch at a time. For each
 * site, each disagreement with a reference deciding line and answers not yet
 * minimised on that site is minimised (robots-diff's ddmin and rewrites, asking
 * the adapter; the crawler's name kept) and attributed a cause (causes.c: the
 * scorecard's causes the adapter shows on the probes, else robots-diff's
 * features); the site's other disagreements with the same deciding line and
 * answers fall under the same cause.
 *
 * Exit status: 0 the adapter agreed on every check, 1 it disagreed or failed
 * checks, 2 a usage error, an adapter that cannot start or answers no probe, an
 * input that cannot be read, 128 + N when signal N (SIGINT, SIGTERM, SIGHUP)
 * interrupted it: the adapter is killed, the site in hand dropped, and the
 * reports say how far the run got (interrupt.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ask.h"
#include "census.h"
#include "cluster.h"
#include "diff.h"
#include "interrupt.h"
#include "lines.h"
#include "minimize.h"
#include "report_file.h"
#include "report_placeholder.h"
#include "simplify.h"

#define CHUNK 256                  /* checks per write to the adapter */
#define CHUNK_BYTES (8u << 20)     /* ... and at most about so many bytes of robots.txt */
#define MINIMISE_BUDGET 1000       /* questions per minimisation */
#define MINIMISE_WINDOW 64         /* candidates per question */
#define SIMPLIFY_BUDGET 100
#define MEMO_MAX 4096              /* deciding lines remembered with their cause */
#define VERSION_TIMEOUT 10         /* seconds for --adapter-version's command */
#define CHECKS_MAX (DIFF_AGENTS_MAX * (CENSUS_PATHS_MAX + 64))

static const char *prog = "robots-census-diff";

static int usage(FILE *f, int status) {
    fprintf(f,
            "usage: robots census --compare-with \"CMD ARGS\" [--agents A,B,...] [--paths FILE]\n"
            "           [--paths-from-rules N] [--profile google|rfc9309] [--out DIR] [--timeout SECONDS]\n"
            "           [--minimise N] [--per-site N] [--per-cause K] [--probes FILE] [--adapter-version CMD]\n"
            "           [--progress auto|always|never]\n"
            "           INPUT...\n"
            "       (or robots-census-diff with the same arguments)\n"
            "Asks the implementation CMD (the batch protocol, conformance/PROTOCOL.md) every check robots\n"
            "census asks of INPUT, counts the disagreements per agent and clusters them by cause, each\n"
            "with a minimal example made from a real file. The report goes to standard output as\n"
            "Markdown; with --out DIR, to DIR/report.md and DIR/report.json.\n"
            "  --timeout SECONDS  per batch of at most %d checks (default 30)\n"
            "  --minimise N       minimisations in all (default 10000); --per-site N: on one site\n"
            "                     (default 16); --per-cause K: a deciding line\n"
            "                     seen before is filed without minimising once its cause has K examples\n"
            "                     (default 20)\n"
            "  --probes FILE      the scorecard's probes (default: conformance/adapters/probes.json)\n"
            "  --adapter-version CMD  run once (no shell, at most %d s): the first line it prints is the\n"
            "                     adapter's version in the report (default: only the adapter's command)\n"
            "Exit status: 0 every check agreed, 1 some disagreed or failed, 2 usage or a broken adapter,\n"
            "3 an input not read to its end, 128 + N: interrupted by signal N (SIGINT, SIGTERM, SIGHUP);\n"
            "the report says so. DIR's reports say the run is in progress until it writes them.\n",
            CHUNK, VERSION_TIMEOUT);
    return status;
}

static int usage_error(const char *what, const char *value) {
    fprintf(stderr, "%s: %s%s%s%s\n", prog, what, value ? " '" : "", value ? value : "", value ? "'" : "");
    return usage(stderr, 2);
}

/* One check of a site: the reference's answer, then the adapter's. */
typedef struct site_check {
    unsigned agent, path;
    int reference, target;
    size_t reference_line;
    long target_line;
} site_check;

/* A deciding line (its text and the reference's answer) and the cluster it fell in. */
typedef struct memo {
    char text[160];
    int reference;
    size_t cluster;
} memo;

typedef struct state {
    diff_run run;
    census_asked asked;
    census_counts counts;
    asker target;
    bool progress;
    int keep_answer;          /* while minimising: the reference's answer and the kind of */
    robots_rule_kind keep_rule; /* rule that decided, which a smaller example must keep */
    unsigned keep_why;          /* ... and its ROBOTS_WHY_* flags (no tie made by cutting) */
    buf keep_pattern;           /* ... and its pattern (no other rule deciding instead) */
    buf pattern;                /* the pattern of the answer in hand */
    memo memos[MEMO_MAX];
    size_t nmemos;
    int failed; /* out of memory */
} state;

static void still_disagree(const input *in, size_t n, int *disagree, void *ctx) {
    state *st = ctx;
    int theirs[MINIMISE_WINDOW];
    for (size_t from = 0; from < n; from += MINIMISE_WINDOW) {
        size_t k = n - from < MINIMISE_WINDOW ? n - from : MINIMISE_WINDOW;
        ask_target(&st->target, in + from, k, theirs);
        for (size_t i = 0; i < k; i++) {
            /* The reference must keep its answer and what decided it, so that
             * deleting characters does not trade the disagreement for another
             * ('user-agent: *' cut to 'user-agent:' names nobody; 'allow: /public/'
             * cut to 'allow: /' ties with 'disallow: /'; cutting the lines between
             * two groups makes another group's 'disallow: /' decide instead of
             * the wildcard rule that did). */
            robots_verdict why;
            int mine = ask_reference_pattern(&in[from + i], st->run.profile, &why, &st->pattern);
            bool same = mine == st->keep_answer && why.rule == st->keep_rule && why.why == st->keep_why &&
                        st->pattern.len == st->keep_pattern.len &&
                        (!st->pattern.len || !memcmp(st->pattern.data, st->keep_pattern.data, st->pattern.len));
            disagree[from + i] = same && theirs[i] != VERDICT_FAILED && mine != theirs[i];
        }
    }
}

/* The cluster named key (a new one when there is room; else the last). A key no
 * named cause gives is robots-diff's description, under UNEXPLAINED. */
static size_t cluster_for(diff_run *r, const char *key, const named_cause *named) {
    size_t parent = 0;
    if (!named && strcmp(key, NOT_MINIMISED) && strcmp(key, UNEXPLAINED)) parent = cluster_for(r, UNEXPLAINED, NULL) + 1;
    for (size_t i = 0; i < r->nclusters; i++)
        if (!strcmp(r->clusters[i].key, key)) return i;
    if (r->nclusters == DIFF_CLUSTERS_MAX) return DIFF_CLUSTERS_MAX - 1;
    cause_cluster *c = &r->clusters[r->nclusters];
    memset(c, 0, sizeof *c);
    snprintf(c->key, sizeof c->key, "%s", key);
    c->named = named;
    c->parent = parent;
    return r->nclusters++;
}

/* Counts `checks` disagreements of the site in hand (the last disagreeing one)
 * under cluster `at` and the cluster it is a description under. Returns 0, or -1
 * when memory ran out. */
static int count_in(diff_run *r, size_t at, size_t checks) {
    size_t site = r->sites_disagreeing - 1;
    for (;;) {
        cause_cluster *c = &r->clusters[at];
        c->checks += checks;
        size_t n = cluster_sites(c);
        if ((n == 0 || cluster_site(c, n - 1) != site) && buf_add(&c->sites, &site, sizeof site)) return -1;
        if (!c->parent) return 0;
        at = c->parent - 1;
    }
}

static size_t example_size(const input *in) { return in->robots.len + strlen(in->url); }

/* The LFs of a text: the lines the minimiser cuts by. */
static size_t line_ends(const buf *b) {
    size_t n = 0;
    for (size_t i = 0; i < b->len; i++) n += b->data[i] == '\n';
    return n;
}

/* Minimises the disagreement of check k of site s, finds its cause and keeps the
 * example when it is its cluster's smallest. Returns the cluster, or -1 when
 * memory ran out. */
static long minimise(state *st, const census_site *s, const input *original) {
    diff_run *r = &st->run;
    input small = {{NULL, 0, 0}, "", ""};
    if (input_copy(&small, original)) return -1;
    robots_verdict first;
    st->keep_answer = ask_reference_pattern(original, r->profile, &first, &st->keep_pattern);
    st->keep_rule = first.rule;
    st->keep_why = first.why;
    /* Whole lines only, and the URL as asked: cutting characters would make
     * disagreements of its own ("Disallow" cut to "Disalow", a typo the file does
     * not have; "Allow: /m/$" to "Allow /m"), and the example must show the file's
     * own lines and the URL that disagreed. */
    long asked = minimize_parts(&small, still_disagree, st, MINIMISE_BUDGET, MINIMISE_WINDOW, MINIMIZE_LINES);
    size_t lines = line_ends(&small.robots);
    if (asked >= 0) asked = simplify(&small, r->profile, still_disagree, st, SIMPLIFY_BUDGET);
    /* Simplifying can make lines of what was one: a file whose lines end in CR
     * alone is one line to the minimiser until it is rewritten with LF. */
    if (asked >= 0 && line_ends(&small.robots) > lines)
        asked = minimize_parts(&small, still_disagree, st, MINIMISE_BUDGET, MINIMISE_WINDOW, MINIMIZE_LINES);
    if (asked >= 0 && interrupt_signal()) {
        /* Minimised against an adapter the signal killed: no example. */
        input_free(&small);
        return (long)cluster_for(r, NOT_MINIMISED, NULL);
    }
    robots_verdict why;
    int mine = ask_reference(&small, r->profile, &why), theirs;
    long their_line;
    ask_target_lines(&st->target, &small, 1, &theirs, &their_line);
    const named_cause *named = causes_attribute(&r->causes, &small, r->profile);
    char key[CAUSE_MAX];
    if (named) snprintf(key, sizeof key, "%s", named->name);
    else if (cause_of(&small, r->profile, mine, &why, key, sizeof key)) asked = -1;
    if (asked < 0) {
        input_free(&small);
        return -1;
    }
    size_t at = cluster_for(r, key, named);
    cause_cluster *c = &r->clusters[at];
    c->minimised++;
    if (c->parent) r->clusters[c->parent - 1].minimised++;
    r->minimised++;
    if (!c->has_example || example_size(&small) < example_size(&c->example)) {
        if (input_copy(&c->example, &small)) at = (size_t)-1;
        c->has_example = true;
        snprintf(c->site, sizeof c->site, "%.*s", (int)(s->name.len < 255 ? s->name.len : 255), s->name.data);
        c->reference = mine;
        c->target = theirs;
        c->reference_line = (long)why.line;
        c->target_line = theirs == VERDICT_FAILED ? -1 : their_line;
    }
    input_free(&small);
    return (long)at;
}

/* The text of line `line` of the body, blanks around it dropped and the key's
 * case folded, to know the line again on another site. */
static void line_text(const buf *body, size_t line, char *out, size_t cap) {
    size_t from, end;
    out[0] = '\0';
    if (line == 0 || line_span(body, line, &from, &end)) return;
    while (from < end && (body->data[from] == ' ' || body->data[from] == '\t')) from++;
    while (end > from && (body->data[end - 1] == ' ' || body->data[end - 1] == '\t')) end--;
    size_t n = end - from < cap - 1 ? end - from : cap - 1;
    bool key = true;
    for (size_t i = 0; i < n; i++) {
        char ch = body->data[from + i];
        if (ch == ':') key = false;
        out[i] = key && ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
    }
    out[n] = '\0';
}

/* Files the disagreements of a site with one deciding line and answers (count
 * checks, the first of them `first`) under their cause. Returns 0, or -1 when
 * memory ran out. */
static int attribute(state *st, const census_site *s, const site_check *first, const input *asked, size_t count,
                     size_t *minimised_here) {
    diff_run *r = &st->run;
    char text[160];
    line_text(&s->body, first->reference_line, text, sizeof text);
    long at = -1;
    for (size_t i = 0; text[0] && i < st->nmemos && at < 0; i++)
        if (st->memos[i].reference == first->reference && !strcmp(st->memos[i].text, text) &&
            r->clusters[st->memos[i].cluster].minimised >= r->per_cause)
            at = (long)st->memos[i].cluster;
    if (at < 0 && !interrupt_signal() && r->minimised < r->minimise_max && *minimised_here < r->per_site) {
        (*minimised_here)++;
        at = minimise(st, s, asked);
        if (at < 0) return -1;
        if (text[0] && st->nmemos < MEMO_MAX && !interrupt_signal()) {
            memo *m = &st->memos[st->nmemos++];
            snprintf(m->text, sizeof m->text, "%s", text);
            m->reference = first->reference;
            m->cluster = (size_t)at;
        }
    }
    if (at < 0) at = (long)cluster_for(r, NOT_MINIMISED, NULL);
    return count_in(r, (size_t)at, count);
}

/* The checks of a site, as inputs for the adapter. */
static int as_input(const census_site *s, const char *agent, const char *path, input *in) {
    in->robots.len = 0;
    snprintf(in->agent, sizeof in->agent, "%s", agent);
    snprintf(in->url, sizeof in->url, "http://site%s", path);
    return buf_add(&in->robots, s->body.data ? s->body.data : "", s->body.len);
}

/* Asks the adapter every check of the site, in chunks. */
static int ask_site(state *st, const census_site *s, site_check *k, size_t n, char (*paths)[CENSUS_PATH_BYTES]) {
    static input chunk[CHUNK];
    static int verdicts[CHUNK];
    static long lines[CHUNK];
    for (size_t from = 0; from < n;) {
        size_t m = 0, bytes = 0;
        for (; from + m < n && m < CHUNK && (m == 0 || bytes + s->body.len <= CHUNK_BYTES); m++, bytes += s->body.len)
            if (as_input(s, st->run.agents[k[from + m].agent].agent, paths[k[from + m].path], &chunk[m])) return -1;
        ask_target_lines(&st->target, chunk, m, verdicts, lines);
        for (size_t i = 0; i < m; i++) {
            k[from + i].target = verdicts[i];
            k[from + i].target_line = lines[i];
            if (verdicts[i] == VERDICT_FAILED)
                snprintf(st->run.failure_example, sizeof st->run.failure_example, "%s", st->target.last_failure);
        }
        from += m;
    }
    return 0;
}

/* Counts a site's answers per agent and files its disagreements. */
static int compare_site(state *st, const census_site *s, site_check *k, size_t n, char (*paths)[CENSUS_PATH_BYTES]) {
    diff_run *r = &st->run;
    bool answered[DIFF_AGENTS_MAX] = {false}, disagreed[DIFF_AGENTS_MAX] = {false}, any = false;
    for (size_t i = 0; i < n; i++) {
        agent_tally *t = &r->agents[k[i].agent];
        if (k[i].target == VERDICT_FAILED) {
            t->failed++;
            continue;
        }
        t->checks++;
        answered[k[i].agent] = true;
        if (k[i].target == k[i].reference) continue;
        t->disagreeing++;
        disagreed[k[i].agent] = any = true;
    }
    for (size_t a = 0; a < r->nagents; a++) {
        r->agents[a].sites += answered[a];
        r->agents[a].sites_disagreeing += disagreed[a];
    }
    r->compared++;
    if (!any) return 0;
    size_t at = r->names.len;
    if (buf_add(&r->name_at, &at, sizeof at) || buf_add(&r->names, s->name.data, s->name.len) ||
        buf_addc(&r->names, '\0'))
        return -1;
    r->sites_disagreeing++;
    /* Each deciding line and answer of the site once. */
    size_t minimised_here = 0;
    static bool done[CHECKS_MAX];
    memset(done, 0, n * sizeof done[0]);
    input one = {{NULL, 0, 0}, "", ""};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (done[i] || k[i].target == VERDICT_FAILED || k[i].target == k[i].reference) continue;
        size_t count = 0;
        for (size_t j = i; j < n; j++) {
            if (done[j] || k[j].target == VERDICT_FAILED || k[j].target == k[j].reference ||
                k[j].reference_line != k[i].reference_line || k[j].reference != k[i].reference)
                continue;
            done[j] = true;
            count++;
        }
        rc = as_input(s, r->agents[k[i].agent].agent, paths[k[i].path], &one) ? -1
             : attribute(st, s, &k[i], &one, count, &minimised_here);
    }
    input_free(&one);
    return rc;
}

static int visit(void *ctx, const census_site *s) {
    state *st = ctx;
    diff_run *r = &st->run;
    r->sites++;
    fingerprint_site(&r->corpus, s->name.data, s->name.len, s->status, s->redirects, s->truncated, s->body.data,
                     s->body.len);
    robots_fetch fetch = census_site_fetch(s);
    robots_fetch_decision d;
    if (robots_fetch_policy(r->profile, &fetch, &d, NULL) ||
        (d != ROBOTS_FETCH_CONDITIONAL && d != ROBOTS_FETCH_USE_CACHED)) {
        r->status_decided++;
        return 0;
    }
    robots_options o;
    robots_options_init(&o);
    o.profile = r->profile;
    robots_rules *rules;
    if (robots_parse(s->body.data ? s->body.data : "", s->body.len, &o, &rules, NULL)) return st->failed = -1;
    static char paths[CENSUS_PATHS_MAX + 64][CENSUS_PATH_BYTES];
    static site_check k[CHECKS_MAX];
    size_t np = census_site_paths(&st->asked, rules, paths, sizeof paths / sizeof paths[0]), n = 0;
    for (size_t a = 0; a < r->nagents; a++)
        for (size_t p = 0; p < np; p++) {
            char url[CENSUS_PATH_BYTES + 32];
            int len = snprintf(url, sizeof url, "http://site%s", paths[p]);
            if (len >= URL_MAX) {
                r->too_long++;
                continue;
            }
            robots_verdict v;
            const char *agent = r->agents[a].agent;
            robots_check(rules, agent, strlen(agent), url, (size_t)len, &v, NULL);
            k[n++] = (site_check){(unsigned)a, (unsigned)p, v.allowed ? VERDICT_ALLOWED : VERDICT_DISALLOWED,
                                  VERDICT_FAILED, v.line, -1};
        }
    robots_free(rules);
    char last_failure[sizeof r->failure_example];
    memcpy(last_failure, r->failure_example, sizeof last_failure);
    if (ask_site(st, s, k, n, paths)) return st->failed = -1;
    /* The first signal killed the adapter under this site: its checks are
     * dropped, not counted as the adapter's failures (the reader stops), and
     * the failure the kill made is not the report's example of one. */
    if (interrupt_signal()) {
        memcpy(r->failure_example, last_failure, sizeof last_failure);
        return -1;
    }
    if (compare_site(st, s, k, n, paths)) return st->failed = -1;
    if (st->progress)
        fprintf(stderr, "\r%s: %zu sites, %zu disagreeing, %zu minimised   ", prog, r->sites, r->sites_disagreeing,
                r->minimised);
    return 0;
}

/* The probes: --probes, else beside the program in the source tree or installed. */
static const char *find_probes(const char *given) {
    if (given) return given;
    static char path[4200];
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) *slash = '\0';
    static const char *const where[] = {"../../conformance/adapters/probes.json",
                                        "../share/robots-conform/adapters/probes.json"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", self, where[i]);
        if (access(path, R_OK) == 0) return path;
    }
    return "conformance/adapters/probes.json";
}

/* With --out DIR, before the run: DIR made, and a placeholder at each report's
 * path (report_placeholder.h), so that no earlier run's report stays there to be
 * read as this one's. Returns 0, or -1 with errno. */
static int prepare_reports(const char *out) {
    if (!out) return 0;
    if (mkdir(out, 0777) && errno != EEXIST) return -1;
    char path[4200];
    for (int json = 0; json < 2; json++) {
        snprintf(path, sizeof path, "%s/report.%s", out, json ? "json" : "md");
        if (report_placeholder(path, json ? REPORT_JSON : REPORT_TEXT, prog)) return -1;
    }
    return 0;
}

/* Writes the reports: Markdown on stdout, or DIR/report.md and DIR/report.json,
 * each whole (report_file.h). */
static int write_reports(const diff_run *r, const char *out) {
    if (!out) return report_markdown(r, stdout) || fflush(stdout) ? -1 : 0;
    char path[4200];
    for (int json = 0; json < 2; json++) {
        snprintf(path, sizeof path, "%s/report.%s", out, json ? "json" : "md");
        report_file f;
        if (report_file_open(&f, path)) return -1;
        if (json ? report_json(r, f.f) : report_markdown(r, f.f)) {
            report_file_abandon(&f);
            errno = EIO;
            return -1;
        }
        if (report_file_commit(&f)) return -1;
    }
    return 0;
}

/* How far an interrupted run got: the sites done, and the input it was in (not
 * read to its end), or the inputs read whole. */
static void stopped_text(state *st, const char *name, size_t started, size_t ninputs) {
    diff_run *r = &st->run;
    const char *sig = interrupt_name(interrupt_signal());
    size_t done = r->compared + r->status_decided;
    if (st->counts.read.interrupted)
        snprintf(r->stopped, sizeof r->stopped,
                 "interrupted by %s after %zu sites, in input %zu of %zu (%.300s), not read to its end", sig, done,
                 started, ninputs, name);
    else
        snprintf(r->stopped, sizeof r->stopped, "interrupted by %s after %zu sites, %zu of %zu inputs read", sig, done,
                 started, ninputs);
    r->interrupted = sig;
}

static int parse_count(const char *v, size_t max, size_t *out) {
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (!*v || *end || *v == '-' || n > max) return -1;
    *out = n;
    return 0;
}

/* What the command line asks besides what the run keeps. */
typedef struct options {
    const char *agents, *paths_file, *out, *probes, *progress;
    double timeout;
    int first; /* the first INPUT */
} options;

/* The options before the first INPUT into st and o: -1 when they are good, else
 * the exit status (0 for --help). */
static int read_options(state *st, options *o, int argc, char **argv) {
    diff_run *r = &st->run;
    *o = (options){"Googlebot", NULL, NULL, NULL, "auto", 30, argc};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' || !strcmp(a, "-")) {
            o->first = i;
            break;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return usage(stdout, 0);
        if (!v) return usage_error("this option needs a value:", a);
        i++;
        if (!strcmp(a, "--compare-with")) r->command = v;
        else if (!strcmp(a, "--agents")) o->agents = v;
        else if (!strcmp(a, "--paths")) o->paths_file = v;
        else if (!strcmp(a, "--out")) o->out = v;
        else if (!strcmp(a, "--probes")) o->probes = v;
        else if (!strcmp(a, "--adapter-version")) r->version_command = v;
        else if (!strcmp(a, "--progress")) o->progress = v;
        else if (!strcmp(a, "--paths-from-rules")) {
            if (parse_count(v, 1000, &st->asked.from_rules)) return usage_error("--paths-from-rules takes 0 to 1000, not", v);
        } else if (!strcmp(a, "--minimise")) {
            if (parse_count(v, 1000000, &r->minimise_max)) return usage_error("--minimise takes 0 to 1000000, not", v);
        } else if (!strcmp(a, "--per-site")) {
            if (parse_count(v, 1000, &r->per_site)) return usage_error("--per-site takes 0 to 1000, not", v);
        } else if (!strcmp(a, "--per-cause")) {
            if (parse_count(v, 1000000, &r->per_cause) || r->per_cause == 0)
                return usage_error("--per-cause takes 1 to 1000000, not", v);
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            o->timeout = strtod(v, &end);
            if (!*v || *end || !isfinite(o->timeout) || o->timeout <= 0 || o->timeout > 1e6)
                return usage_error("--timeout takes seconds, not", v);
        } else if (!strcmp(a, "--profile")) {
            if (robots_profile_from_name(v, &r->profile, NULL)) return usage_error("--profile is google or rfc9309, not", v);
        } else if (!strcmp(a, "--format") || !strcmp(a, "--summary")) {
            return usage_error("with --compare-with the output is the report (--out DIR), not rows:", a);
        } else {
            return usage_error("unknown option", a);
        }
    }
    if (!r->command) return usage_error("give the implementation: --compare-with \"CMD ARGS\"", NULL);
    if (o->first == argc) return usage_error("no INPUT", NULL);
    if (strcmp(o->progress, "auto") && strcmp(o->progress, "always") && strcmp(o->progress, "never"))
        return usage_error("--progress is auto, always or never, not", o->progress);
    st->progress = !strcmp(o->progress, "always") || (!strcmp(o->progress, "auto") && isatty(STDERR_FILENO));
    static char agent_list[4096];
    snprintf(agent_list, sizeof agent_list, "%s", o->agents);
    for (char *p = strtok(agent_list, ","); p; p = strtok(NULL, ",")) {
        if (r->nagents == DIFF_AGENTS_MAX) return usage_error("--agents names more than 64 agents", NULL);
        if (strlen(p) >= AGENT_MAX) return usage_error("an agent of at most 63 bytes, not", p);
        r->agents[r->nagents++].agent = p;
    }
    if (r->nagents == 0) return usage_error("--agents names no agent", NULL);
    return o->paths_file && census_read_paths(&st->asked, o->paths_file) ? 2 : -1;
}

int main(int argc, char **argv) {
    static state st;
    diff_run *r = &st.run;
    r->profile = ROBOTS_PROFILE_GOOGLE;
    r->minimise_max = 10000;
    r->per_cause = 20;
    r->per_site = 16;
    r->argc = argc;
    r->argv = argv;
    time_t now = time(NULL);
    struct tm utc;
    strftime(r->date, sizeof r->date, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &utc));
    fingerprint_init(&r->corpus);
    options o;
    int status = read_options(&st, &o, argc, argv);
    if (status >= 0) return status;
    if (r->version_command) {
        int v = adapter_version(r->version_command, VERSION_TIMEOUT, r->adapter_version, sizeof r->adapter_version,
                                r->version_error, sizeof r->version_error);
        if (v < 0) {
            fprintf(stderr, "%s: %s\n", prog, r->version_error);
            buf_free(&st.asked.paths);
            return 2;
        }
        if (v > 0) fprintf(stderr, "%s: %s; the report says so\n", prog, r->version_error);
    }

    /* From here a signal stops the run and the report says how far it got. */
    interrupt_catch();
    char error[2048];
    if (prepare_reports(o.out)) {
        fprintf(stderr, "%s: --out %s: %s\n", prog, o.out, strerror(errno));
        buf_free(&st.asked.paths);
        return 2;
    }
    if (asker_open(&st.target, r->command, NULL, r->profile, o.timeout, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", prog, error);
        buf_free(&st.asked.paths);
        return 2;
    }
    int rc = causes_probe(&r->causes, find_probes(o.probes), &st.target, r->profile, error, sizeof error);
    size_t answered = 0;
    for (size_t i = 0; i < r->causes.n; i++) answered += r->causes.items[i].probes - r->causes.items[i].failed;
    if (rc == 0 && answered == 0 && !interrupt_signal()) {
        snprintf(error, sizeof error, "the adapter answers none of the %zu probes: %s", r->causes.probes,
                 st.target.last_failure);
        rc = -1;
    }
    double start = proc_now();
    size_t started = 0;
    for (int i = o.first; rc == 0 && !interrupt_signal() && i < argc; i++) {
        started = (size_t)(i - o.first) + 1;
        census_input in;
        const char *why;
        if (census_open_input(argv[i], &in, &why)) {
            snprintf(error, sizeof error, "%s: %s", argv[i], why);
            rc = -1;
            break;
        }
        int got = census_each(&in, visit, &st, &st.counts);
        census_close_input(&in);
        if (got == 0) {
            census_report_input(argv[i], &st.counts.read, st.progress);
            continue;
        }
        if (st.failed) snprintf(error, sizeof error, "out of memory");
        else snprintf(error, sizeof error, "%s: %s", argv[i], strerror(errno));
        rc = -1;
    }
    r->skipped = st.counts.bad;
    r->incomplete = st.counts.incomplete;
    r->seconds = proc_now() - start;
    asker_close(&st.target);
    if (st.progress) fprintf(stderr, "\n");
    /* Said before the reports are written: a signal that comes while they are
     * leaves them whole (every site had been compared), and only the exit says it. */
    if (interrupt_signal()) {
        stopped_text(&st, started ? argv[o.first + (int)started - 1] : "", started, (size_t)(argc - o.first));
        fprintf(stderr, "%s: %s; the report says so\n", prog, r->stopped);
    }
    interrupt_test_pause("reports");
    if (rc == 0 && write_reports(r, o.out)) {
        snprintf(error, sizeof error, "cannot write the report%s%s: %s", o.out ? " to " : "", o.out ? o.out : "",
                 strerror(errno));
        rc = -1;
    }
    if (rc) fprintf(stderr, "%s: %s\n", prog, error);
    else
        fprintf(stderr, "%s: %zu sites, %zu compared, %zu disagreeing, %zu causes, %zu minimised, %.1f s\n", prog,
                r->sites, r->compared, r->sites_disagreeing, r->nclusters, r->minimised, r->seconds);
    for (size_t i = 0; i < r->nclusters; i++) {
        input_free(&r->clusters[i].example);
        buf_free(&r->clusters[i].sites);
    }
    buf_free(&r->names);
    buf_free(&r->name_at);
    buf_free(&st.asked.paths);
    buf_free(&st.keep_pattern);
    buf_free(&st.pattern);
    if (rc) return 2;
    if (interrupt_signal()) return interrupt_exit_status();
    if (st.counts.incomplete) return EXIT_INCOMPLETE; /* the report is of what was read: census_report_input said what was not */
    size_t bad = 0;
    for (size_t a = 0; a < r->nagents; a++) bad += r->agents[a].disagreeing + r->agents[a].failed;
    return bad ? 1 : 0;
}
