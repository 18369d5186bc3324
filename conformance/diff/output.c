/* output.c - report.md and cases/diff.json of a campaign (output.h). */
#include "output.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "base64.h"
#include "json_file.h"
#include "report_file.h"
#include "report_placeholder.h"
#include "request.h"

/* The three reports, under DIR. */
static const char *const report_names[] = {"report.md", "cases/diff.json", "clusters.json"};

/* One line of the robots.txt as a reader can see it: control bytes, NUL, BOM and
 * bytes above 0x7F as \xNN. */
static void visible(FILE *f, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f || c == '\\') fprintf(f, "\\x%02X", c);
        else fputc(c, f);
    }
}

/* Lines of the file, numbered, with their line ends named. */
static void numbered(FILE *f, const buf *b) {
    size_t line = 1;
    for (size_t i = 0; i < b->len || (i == 0 && b->len == 0);) {
        size_t end = i;
        while (end < b->len && b->data[end] != '\n' && b->data[end] != '\r') end++;
        fprintf(f, "%4zu | ", line++);
        visible(f, b->data + i, end - i);
        if (end < b->len) {
            bool crlf = b->data[end] == '\r' && end + 1 < b->len && b->data[end + 1] == '\n';
            fprintf(f, "%s", crlf ? "  <CR LF>" : b->data[end] == '\r' ? "  <CR>" : "");
            end += crlf ? 2 : 1;
        }
        fputc('\n', f);
        i = end;
        if (b->len == 0) break;
    }
}

/* The suite's case whose robots.txt shares the most lines with the example. */
static const tcase *nearest(const suite *s, const buf *example) {
    const tcase *best = NULL;
    size_t best_score = 0;
    for (size_t t = 0; t < s->ntables; t++) {
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            const tcase *c = &s->tables[t].cases[i];
            if (!c->robots.present) continue;
            size_t score = 0;
            for (size_t a = 0; a < example->len;) {
                size_t end = a;
                while (end < example->len && example->data[end] != '\n') end++;
                size_t n = end - a;
                for (size_t k = 0; n > 2 && k + n <= c->robots.len; k++) {
                    if (!memcmp(c->robots.data + k, example->data + a, n)) {
                        score += n;
                        break;
                    }
                }
                a = end + 1;
            }
            if (score > best_score) {
                best_score = score;
                best = c;
            }
        }
    }
    return best;
}

static int write_report(FILE *f, const char *dir, const campaign *run, const clusters *c, const size_t *order,
                        const suite *s) {
    /* First, so that no reader takes the figures for a whole campaign's. */
    if (run->interrupted) fprintf(f, "INTERRUPTED%s: this report is partial.\n\n", run->stopped + strlen("interrupted"));
    fprintf(f, "# robots-diff: %s\n\n", run->target);
    fprintf(f, "Profile %s, seed %llu: %zu checks in %.1f s (%.0f a second), %zu disagreements in %zu clusters",
            robots_profile_name(run->profile), run->seed, run->checks, run->seconds,
            run->seconds > 0 ? (double)run->checks / run->seconds : 0.0, run->disagreements, c->n);
    if (run->unminimised)
        fprintf(f, " (%zu of them minimised; the other %zu came while no new cluster was turning up, or beyond %zu "
                   "minimisations)",
                run->minimised, run->unminimised, run->minimise_max);
    fprintf(f, ".\nMinimising them asked %zu more checks.\n", run->minimise_questions);
    if (run->failures)
        fprintf(f, "\nThe target failed %zu checks (crashed, hung or answered nonsense); the last: %s\n", run->failures,
                run->failure_example);
    if (run->broken) {
        fprintf(f, "\nThe first check it broke on (%s), not minimised:\n\n```\n", run->broken_why);
        numbered(f, &run->broken->robots);
        fprintf(f, "```\n\n- crawler: `%s`\n- URL: `%s`\n", run->broken->agent, run->broken->url);
    }
    fprintf(f, "\nEach cluster shows its smallest minimised example. This replays them all (cases/diff.json, "
               "case DIFF-N for cluster N):\n\n    robots-conform --cases '%s/cases' %s '%s'\n",
            dir, run->option, run->target);
    for (size_t k = 0; k < c->n; k++) {
        const cluster *x = &c->items[order[k]];
        fprintf(f, "\n## %zu. %s\n\n%zu disagreement%s. ", k + 1, x->key, x->count, x->count == 1 ? "" : "s");
        const tcase *near = nearest(s, &x->example.robots);
        if (near) fprintf(f, "Nearest case: %s (%s).", near->id, near->title);
        fprintf(f, "\n\n```\n");
        numbered(f, &x->example.robots);
        fprintf(f, "```\n\n- crawler: `%s`\n- URL: `%s`\n- the reference (%s): **%s**", x->example.agent,
                x->example.url, robots_profile_name(run->profile), x->reference ? "allowed" : "disallowed");
        if (x->why.line) fprintf(f, ", by line %zu (%s)", x->why.line, x->why.rule == ROBOTS_RULE_ALLOW ? "allow" : "disallow");
        else fprintf(f, ", no rule decided");
        fprintf(f, "\n- the target: **%s**\n", x->reference ? "disallowed" : "allowed");
    }
    return ferror(f) ? -1 : 0;
}

/* Writes the JSON (and frees it). Returns 0, or -1. */
static int write_json(FILE *f, cJSON *root) { return json_file_print(f, root) || ferror(f) ? -1 : 0; }

static int write_cases(FILE *f, const campaign *run, const clusters *c, const size_t *order) {
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "area", "diff");
    cJSON_AddStringToObject(root, "title", "Disagreements found by robots-diff");
    char text[512];
    snprintf(text, sizeof text, "%s%s%sOne case per cluster of a campaign against %.250s (profile %s, seed %llu).",
             run->interrupted ? "INTERRUPTED" : "", run->interrupted ? run->stopped + strlen("interrupted") : "",
             run->interrupted ? ": the campaign is partial. " : "", run->target, robots_profile_name(run->profile),
             run->seed);
    cJSON_AddStringToObject(root, "description", text);
    cJSON *cases = cJSON_AddArrayToObject(root, "cases");
    for (size_t k = 0; k < c->n; k++) {
        const cluster *x = &c->items[order[k]];
        cJSON *o = cJSON_CreateObject();
        snprintf(text, sizeof text, "DIFF-%zu", k + 1);
        cJSON_AddStringToObject(o, "id", text);
        cJSON_AddStringToObject(o, "title", x->key);
        cJSON *source = cJSON_AddArrayToObject(o, "source");
        cJSON_AddItemToArray(source, cJSON_CreateString("this project"));
        cJSON *basis = cJSON_AddArrayToObject(o, "basis");
        cJSON_AddItemToArray(basis, cJSON_CreateString(run->profile == ROBOTS_PROFILE_GOOGLE ? "google-parser" : "rfc"));
        snprintf(text, sizeof text, "Found by robots-diff: %zu disagreement%s; the expectation is the reference's answer.",
                 x->count, x->count == 1 ? "" : "s");
        cJSON_AddStringToObject(o, "note", text);
        buf b64 = {NULL, 0, 0};
        base64_encode(x->example.robots.data, x->example.robots.len, &b64);
        buf_addc(&b64, '\0');
        cJSON_AddStringToObject(o, "robots_base64", b64.data ? b64.data : "");
        buf_free(&b64);
        cJSON *checks = cJSON_AddArrayToObject(o, "checks");
        cJSON *k1 = cJSON_CreateObject();
        cJSON_AddStringToObject(k1, "agent", x->example.agent);
        cJSON_AddStringToObject(k1, "url", x->example.url);
        cJSON *expect = cJSON_AddObjectToObject(k1, "expect");
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
            cJSON_AddStringToObject(expect, robots_profile_name((robots_profile_id)p),
                                    p == (int)run->profile ? (x->reference ? "allowed" : "disallowed") : "undefined");
        cJSON_AddItemToArray(checks, k1);
        cJSON_AddItemToArray(cases, o);
    }
    return write_json(f, root);
}

/* clusters.json: the campaign's figures and its clusters, for tools (the
 * scorecard gathers them per implementation). */
static int write_summary(FILE *f, const campaign *run, const clusters *c, const size_t *order) {
    cJSON *root = cJSON_CreateObject();
    if (run->interrupted) {
        cJSON_AddStringToObject(root, "stopped", run->stopped);
        cJSON_AddStringToObject(root, "interrupted", run->interrupted);
    }
    cJSON_AddStringToObject(root, "target", run->target);
    cJSON_AddStringToObject(root, "profile", robots_profile_name(run->profile));
    cJSON_AddNumberToObject(root, "seed", (double)run->seed);
    cJSON_AddNumberToObject(root, "checks", (double)run->checks);
    cJSON_AddNumberToObject(root, "disagreements", (double)run->disagreements);
    cJSON_AddNumberToObject(root, "minimised", (double)run->minimised);
    cJSON_AddNumberToObject(root, "failures", (double)run->failures);
    if (run->broken) {
        /* The input as the batch protocol carries it: text, or exact bytes in base64. */
        cJSON *b = cJSON_AddObjectToObject(root, "broke_on");
        cJSON_AddStringToObject(b, "why", run->broken_why);
        const buf *robots = &run->broken->robots;
        buf text = {NULL, 0, 0};
        bool plain = request_is_text(robots->data, robots->len);
        if ((plain ? buf_add(&text, robots->data, robots->len) : base64_encode(robots->data, robots->len, &text)) ||
            buf_addc(&text, '\0')) {
            buf_free(&text);
            cJSON_Delete(root);
            return -1;
        }
        cJSON_AddStringToObject(b, plain ? "robots" : "robots_base64", text.data);
        buf_free(&text);
        cJSON_AddStringToObject(b, "agent", run->broken->agent);
        cJSON_AddStringToObject(b, "url", run->broken->url);
    }
    cJSON *list = cJSON_AddArrayToObject(root, "clusters");
    for (size_t k = 0; k < c->n; k++) {
        const cluster *x = &c->items[order[k]];
        cJSON *o = cJSON_CreateObject();
        char id[32];
        snprintf(id, sizeof id, "DIFF-%zu", k + 1);
        cJSON_AddStringToObject(o, "id", id);
        cJSON_AddStringToObject(o, "cause", x->key);
        cJSON_AddNumberToObject(o, "count", (double)x->count);
        cJSON_AddItemToArray(list, o);
    }
    return write_json(f, root);
}

/* mkdir -p: the directory and those above it. Returns 0, or -1 with errno. */
static int make_directories(const char *path) {
    char part[4096];
    size_t n = strlen(path);
    if (n >= sizeof part) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(part, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (part[i] != '/' && part[i] != '\0') continue;
        char keep = part[i];
        part[i] = '\0';
        int rc = mkdir(part, 0777);
        part[i] = keep;
        if (rc && errno != EEXIST) return -1;
    }
    return 0;
}

int write_outputs(const char *dir, const campaign *run, const clusters *c, const suite *s, char *error, size_t cap) {
    /* Clusters by count, the largest first; ties by cause, so a run's report is
     * stable. */
    size_t order[CLUSTERS_MAX];
    for (size_t i = 0; i < c->n; i++) order[i] = i;
    for (size_t i = 1; i < c->n; i++) {
        for (size_t k = i; k > 0; k--) {
            const cluster *a = &c->items[order[k - 1]], *b = &c->items[order[k]];
            if (a->count > b->count || (a->count == b->count && strcmp(a->key, b->key) <= 0)) break;
            size_t t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    }
    char path[4096];
    for (size_t k = 0; k < sizeof report_names / sizeof report_names[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, report_names[k]);
        report_file r;
        if (report_file_open(&r, path)) {
            snprintf(error, cap, "%s: cannot write it: %s", path, strerror(errno));
            return -1;
        }
        int bad = k == 0 ? write_report(r.f, dir, run, c, order, s)
                  : k == 1 ? write_cases(r.f, run, c, order)
                           : write_summary(r.f, run, c, order);
        if (bad) {
            report_file_abandon(&r);
            snprintf(error, cap, "%s: cannot write it", path);
            return -1;
        }
        if (report_file_commit(&r)) {
            snprintf(error, cap, "%s: cannot write it: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

int prepare_outputs(const char *dir, char *error, size_t cap) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cases", dir);
    if (make_directories(path)) {
        snprintf(error, cap, "%s: cannot make the directory: %s", path, strerror(errno));
        return -1;
    }
    for (size_t k = 0; k < sizeof report_names / sizeof report_names[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, report_names[k]);
        if (report_placeholder(path, strstr(report_names[k], ".json") ? REPORT_JSON : REPORT_TEXT, "robots-diff")) {
            snprintf(error, cap, "%s: cannot write it: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}
