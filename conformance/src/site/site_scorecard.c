/*
 * site_scorecard.c - the scorecard on the website: scorecard.html (every
 * implementation's totals per profile) and a matrix page per profile
 * (implementations x checks), each cell a mark that says its result in text as well
 * as colour and links to the check in its case. Reads conformance/scorecard.json
 * (scripts/scorecard writes it); a file that is not a scorecard of these tables is
 * rejected with the place that is wrong.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "site.h"
#include "site_html.h"

#define SCORECARD_IMPLEMENTATIONS_MAX 64

struct scorecard {
    const char *file;
    cJSON *root;
    const cJSON *impls[SCORECARD_IMPLEMENTATIONS_MAX];
    size_t nimpls;
    const char *crawlers[SCORECARD_IMPLEMENTATIONS_MAX]; /* names of crawl.crawlers, when make scorecard crawled */
    size_t ncrawlers;
    const cJSON *checks;
};

static const char *string_of(const cJSON *parent, const char *name) {
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(parent, name));
}

/* A scorecard result: its name in scorecard.json, its mark in a matrix cell and
 * the words a screen reader and the legend give it. */
static const struct {
    const char *name, *mark, *words;
} results_shown[] = {
    {.name = "pass", .mark = "\xE2\x9C\x93", .words = "passed"},  /* ✓ */
    {.name = "FAIL", .mark = "\xE2\x9C\x97", .words = "failed"},  /* ✗ */
    {.name = "skip", .mark = "\xE2\x80\x93", .words = "skipped"}, /* – */
    {.name = "undefined", .mark = "?", .words = "undefined: shown, not judged"},
};
#define NRESULTS_SHOWN (sizeof results_shown / sizeof results_shown[0])

static int result_index(const char *r) {
    for (size_t i = 0; i < NRESULTS_SHOWN; i++)
        if (r && !strcmp(r, results_shown[i].name)) return (int)i;
    return -1;
}

/* A crawler's mark (conformance/crawl/scorecard_crawlers.py): its results, then
 * n/o (the control crawl did not reach the scenario) and - (no crawl can show it). */
static const char *const crawl_marks[] = {"pass", "FAIL", "undefined", "n/o", "-"};

static int crawl_mark_index(const char *r) {
    for (int i = 0; i < 5; i++)
        if (r && !strcmp(r, crawl_marks[i])) return i;
    return -1;
}

/* crawl.crawlers[].name, when the scorecard has them. */
static int read_crawlers(scorecard *sc, char *error, size_t cap) {
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(sc->root, "crawl"),
                                                         "crawlers");
    if (!list) return 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, list) {
        if (sc->ncrawlers == SCORECARD_IMPLEMENTATIONS_MAX || !string_of(c, "name")) {
            snprintf(error, cap, "%s: crawl.crawlers[%zu]: %s", sc->file, sc->ncrawlers,
                     sc->ncrawlers == SCORECARD_IMPLEMENTATIONS_MAX ? "too many crawlers" : "no name");
            return -1;
        }
        sc->crawlers[sc->ncrawlers++] = string_of(c, "name");
    }
    return 0;
}


/* Checks the parts the pages use: implementations with names and totals, checks
 * naming a case of the tables, a check number and profile, and a known result for
 * every implementation. */
static int validate(scorecard *sc, const suite *s, char *error, size_t cap) {
    if (read_crawlers(sc, error, cap)) return -1;
    const cJSON *impls = cJSON_GetObjectItemCaseSensitive(sc->root, "implementations");
    sc->checks = cJSON_GetObjectItemCaseSensitive(sc->root, "checks");
    if (!cJSON_IsArray(impls) || !cJSON_IsArray(sc->checks)) {
        snprintf(error, cap, "%s: not a scorecard (no implementations and checks arrays)", sc->file);
        return -1;
    }
    const cJSON *impl;
    cJSON_ArrayForEach(impl, impls) {
        if (sc->nimpls == SCORECARD_IMPLEMENTATIONS_MAX) {
            snprintf(error, cap, "%s: implementations: more than %d", sc->file, SCORECARD_IMPLEMENTATIONS_MAX);
            return -1;
        }
        size_t i = sc->nimpls;
        if (!string_of(impl, "name")) {
            snprintf(error, cap, "%s: implementations[%zu]: no name", sc->file, i);
            return -1;
        }
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            const cJSON *prof = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(impl, "profiles"),
                                                                 robots_profile_name((robots_profile_id)p));
            const cJSON *total = cJSON_GetObjectItemCaseSensitive(prof, "total");
            for (int r = 0; r < 4; r++) {
                static const char *const counts[] = {"passed", "failed", "skipped", "undefined"};
                if (!cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(total, counts[r]))) {
                    snprintf(error, cap, "%s: implementations[%zu].profiles.%s.total.%s: not a number", sc->file, i,
                             robots_profile_name((robots_profile_id)p), counts[r]);
                    return -1;
                }
            }
        }
        sc->impls[sc->nimpls++] = impl;
    }
    size_t n = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, sc->checks) {
        const char *id = string_of(c, "id"), *profile = string_of(c, "profile");
        const cJSON *number = cJSON_GetObjectItemCaseSensitive(c, "check");
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(c, "results");
        robots_profile_id p;
        const char *wrong = !id ? "no id" : !cJSON_IsNumber(number) ? "no check number"
                          : !profile || robots_profile_from_name(profile, &p, NULL) ? "no known profile"
                          : !string_of(c, "area") ? "no area" : !cJSON_IsObject(res) ? "no results" : NULL;
        if (!wrong && !suite_case(s, id)) wrong = "names a case the tables do not have (a stale scorecard: run make scorecard)";
        for (size_t i = 0; !wrong && i < sc->nimpls; i++)
            if (result_index(string_of(res, string_of(sc->impls[i], "name"))) < 0)
                wrong = "an implementation has no result, or one other than pass, FAIL, skip, undefined";
        const cJSON *crawled = cJSON_GetObjectItemCaseSensitive(c, "crawlers");
        for (size_t i = 0; !wrong && i < sc->ncrawlers; i++)
            if (crawl_mark_index(string_of(crawled, sc->crawlers[i])) < 0)
                wrong = "a crawler has no mark, or one other than pass, FAIL, undefined, n/o, -";
        if (wrong) {
            snprintf(error, cap, "%s: checks[%zu]: %s", sc->file, n, wrong);
            return -1;
        }
        n++;
    }
    return 0;
}

static void count_cell(FILE *f, const cJSON *impl, const char *profile, const char *count) {
    const cJSON *total = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(impl, "profiles"), profile), "total");
    fprintf(f, "<td>%.0f</td>", cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(total, count)));
}

static int summary_page(const char *dir, const scorecard *sc, char *error, size_t cap) {
    FILE *f = site_page_open(dir, "scorecard.html", "Scorecard", PAGE_SCORECARD, error, cap);
    if (!f) return -1;
    if (!sc) {
        fprintf(f, "<p>No scorecard was given: <code>make scorecard</code> writes conformance/scorecard.json, "
                   "and <code>robots-conform --site DIR --scorecard FILE</code> shows one.</p>\n");
        return site_page_close(f, dir, "scorecard.html", error, cap);
    }
    const char *date = string_of(sc->root, "date");
    fprintf(f, "<p>Third-party robots.txt parsers run against every check");
    if (date) {
        fprintf(f, " on ");
        site_html_text(f, date);
    }
    fprintf(f, " (<code>make scorecard</code>), judged by each profile's expectations. The two baselines answer "
               "every allow check the same way: a parser should beat both. A check a parser cannot be asked "
               "(a fetcher check, a kind its adapter does not answer) is skipped.</p>\n"
               "<p>The matrices show every check: <a href=\"scorecard-google.html\">judged by the google "
               "profile</a> and <a href=\"scorecard-rfc9309.html\">judged by the rfc9309 profile</a>. Marks: ");
    for (size_t r = 0; r < NRESULTS_SHOWN; r++)
        fprintf(f, "%s%s %s", r ? ", " : "", results_shown[r].mark, results_shown[r].words);
    fprintf(f, ".</p>\n<table class=\"summary\">\n<caption>Checks passed, failed, skipped and undefined, per "
               "implementation and profile</caption>\n<thead><tr><th scope=\"col\" rowspan=\"2\">implementation"
               "</th><th scope=\"col\" rowspan=\"2\">language</th><th scope=\"col\" rowspan=\"2\">version</th>");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        fprintf(f, "<th scope=\"colgroup\" colspan=\"4\">%s</th>", robots_profile_name((robots_profile_id)p));
    fprintf(f, "</tr>\n<tr>");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        fprintf(f, "<th scope=\"col\">passed</th><th scope=\"col\">failed</th><th scope=\"col\">skipped</th>"
                   "<th scope=\"col\">undefined</th>");
    fprintf(f, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < sc->nimpls; i++) {
        const cJSON *impl = sc->impls[i];
        fprintf(f, "<tr><th scope=\"row\">");
        site_html_text(f, string_of(impl, "name"));
        fprintf(f, "</th><td>");
        site_html_text(f, string_of(impl, "language") ? string_of(impl, "language") : "");
        fprintf(f, "</td><td>");
        site_html_text(f, string_of(impl, "version") ? string_of(impl, "version") : "");
        fprintf(f, "</td>");
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            const char *name = robots_profile_name((robots_profile_id)p);
            count_cell(f, impl, name, "passed");
            count_cell(f, impl, name, "failed");
            count_cell(f, impl, name, "skipped");
            count_cell(f, impl, name, "undefined");
        }
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</tbody>\n</table>\n");
    return site_page_close(f, dir, "scorecard.html", error, cap);
}

static void matrix_head(FILE *f, const scorecard *sc, const char *area) {
    /* A wide table scrolls in a region of its own, which the keyboard can reach. */
    fprintf(f, "<div class=\"wide\" role=\"region\" tabindex=\"0\" aria-label=\"Area ");
    site_html_text(f, area);
    fprintf(f, ", scrollable\">\n<table class=\"matrix\">\n<caption>Area ");
    site_html_text(f, area);
    fprintf(f, "</caption>\n<thead><tr><th scope=\"col\">check</th><th scope=\"col\">expected</th>");
    for (size_t i = 0; i < sc->nimpls; i++) {
        fprintf(f, "<th scope=\"col\">");
        site_html_text(f, string_of(sc->impls[i], "name"));
        fprintf(f, "</th>");
    }
    fprintf(f, "</tr></thead>\n<tbody>\n");
}

static int matrix_page(const char *dir, const scorecard *sc, robots_profile_id p, char *error, size_t cap) {
    const char *profile = robots_profile_name(p);
    char name[64], title[128];
    snprintf(name, sizeof name, "scorecard-%s.html", profile);
    snprintf(title, sizeof title, "Scorecard matrix: judged by the %s profile", profile);
    FILE *f = site_page_open(dir, name, title, PAGE_OTHER, error, cap);
    if (!f) return -1;
    fprintf(f, "<p>Every check by every implementation, judged by the %s profile's expectations. Each mark links "
               "to its check. Marks: ",
            profile);
    for (size_t r = 0; r < NRESULTS_SHOWN; r++)
        fprintf(f, "%s%s %s", r ? ", " : "", results_shown[r].mark, results_shown[r].words);
    fprintf(f, ". <a href=\"scorecard.html\">The totals</a>.</p>\n");
    const char *area = NULL;
    const cJSON *c;
    cJSON_ArrayForEach(c, sc->checks) {
        if (strcmp(string_of(c, "profile"), profile)) continue;
        const char *id = string_of(c, "id"), *this_area = string_of(c, "area");
        if (!area || strcmp(area, this_area)) {
            if (area) fprintf(f, "</tbody>\n</table>\n</div>\n");
            fprintf(f, "<h2 id=\"area-");
            site_html_id(f, this_area);
            fprintf(f, "\">");
            site_html_text(f, this_area);
            fprintf(f, "</h2>\n");
            matrix_head(f, sc, this_area);
            area = this_area;
        }
        char page[160];
        site_area_page(page, sizeof page, this_area);
        int number = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "check"));
        fprintf(f, "<tr><th scope=\"row\"><a href=\"%s#", page);
        site_html_id(f, id);
        fprintf(f, "-c%d\">", number);
        site_html_text(f, id);
        fprintf(f, " #%d</a></th><td class=\"expected\">", number);
        const cJSON *expected = cJSON_GetObjectItemCaseSensitive(c, "expected");
        if (cJSON_IsString(expected)) {
            site_html_text(f, cJSON_GetStringValue(expected));
        } else {
            char *text = cJSON_PrintUnformatted(expected);
            site_html_text(f, text ? text : "");
            cJSON_free(text);
        }
        fprintf(f, "</td>");
        const cJSON *res = cJSON_GetObjectItemCaseSensitive(c, "results");
        for (size_t i = 0; i < sc->nimpls; i++) {
            int r = result_index(string_of(res, string_of(sc->impls[i], "name")));
            fprintf(f, "<td class=\"r-%s\"><a href=\"%s#", results_shown[r].name, page);
            site_html_id(f, id);
            fprintf(f, "-c%d\" title=\"", number);
            site_html_text(f, string_of(sc->impls[i], "name"));
            fprintf(f, ": %s\">%s<span class=\"vh\"> %s</span></a></td>", results_shown[r].words, results_shown[r].mark,
                    results_shown[r].words);
        }
        fprintf(f, "</tr>\n");
    }
    if (area) fprintf(f, "</tbody>\n</table>\n</div>\n");
    return site_page_close(f, dir, name, error, cap);
}

int site_scorecard_load(const char *file, const suite *s, scorecard **out, char *error, size_t cap) {
    *out = NULL;
    if (!file) return 0;
    scorecard *sc = calloc(1, sizeof *sc);
    if (!sc) {
        snprintf(error, cap, "%s: out of memory", file);
        return -1;
    }
    sc->file = file;
    if (json_file_read(file, &sc->root, error, cap) || validate(sc, s, error, cap)) {
        site_scorecard_free(sc);
        return -1;
    }
    *out = sc;
    return 0;
}

void site_scorecard_free(scorecard *sc) {
    if (!sc) return;
    cJSON_Delete(sc->root);
    free(sc);
}

/* One implementation's results on one case under one profile: a list of who
 * passed every judged check, who failed some (with their numbers), in words. */
typedef struct case_tally {
    char failed[256]; /* "1, 3" */
    int passed, judged_not;
} case_tally;

static void tally_add(case_tally *t, const char *mark, int number) {
    if (mark && !strcmp(mark, "FAIL")) {
        size_t used = strlen(t->failed);
        snprintf(t->failed + used, sizeof t->failed - used, "%s%d", used ? ", " : "", number);
    } else if (mark && !strcmp(mark, "pass")) {
        t->passed++;
    } else {
        t->judged_not++;
    }
}

/* "passed by a, b; failed by c (checks 1, 3); not judged for d" for names[0..n). */
static void tally_line(FILE *f, const char *what, const char *const *names, const case_tally *t, size_t n) {
    fprintf(f, "<li>%s: ", what);
    static const char *const heads[] = {"passed by ", "failed by ", "not judged for "};
    bool any = false;
    for (int group = 0; group < 3; group++) {
        bool first = true;
        for (size_t i = 0; i < n; i++) {
            int g = t[i].failed[0] ? 1 : t[i].passed ? 0 : 2;
            if (g != group) continue;
            fprintf(f, "%s", first ? (any ? "; " : "") : ", ");
            if (first) fprintf(f, "%s", heads[group]);
            first = false;
            any = true;
            site_html_text(f, names[i]);
            if (group == 1) {
                fprintf(f, " (checks ");
                site_html_text(f, t[i].failed);
                fprintf(f, ")");
            }
        }
    }
    fprintf(f, "%s</li>\n", any ? "." : "none.");
}

void site_scorecard_case(FILE *f, const scorecard *sc, const char *case_id) {
    if (!sc) return;
    const char *names[SCORECARD_IMPLEMENTATIONS_MAX];
    for (size_t i = 0; i < sc->nimpls; i++) names[i] = string_of(sc->impls[i], "name");
    fprintf(f, "<div class=\"who\"><p>Who passes it (<a href=\"scorecard.html\">the scorecard</a>; not judged: "
               "skipped, undefined, or not observed by a crawl):</p>\n<ul>\n");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        const char *profile = robots_profile_name((robots_profile_id)p);
        case_tally parsers[SCORECARD_IMPLEMENTATIONS_MAX] = {{{0}, 0, 0}};
        case_tally crawlers[SCORECARD_IMPLEMENTATIONS_MAX] = {{{0}, 0, 0}};
        const cJSON *c;
        cJSON_ArrayForEach(c, sc->checks) {
            if (strcmp(string_of(c, "id"), case_id) || strcmp(string_of(c, "profile"), profile)) continue;
            int number = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "check"));
            const cJSON *res = cJSON_GetObjectItemCaseSensitive(c, "results");
            const cJSON *crawled = cJSON_GetObjectItemCaseSensitive(c, "crawlers");
            for (size_t i = 0; i < sc->nimpls; i++) tally_add(&parsers[i], string_of(res, names[i]), number);
            for (size_t i = 0; i < sc->ncrawlers; i++)
                tally_add(&crawlers[i], string_of(crawled, sc->crawlers[i]), number);
        }
        char what[64];
        snprintf(what, sizeof what, "Parsers, %s profile", profile);
        tally_line(f, what, names, parsers, sc->nimpls);
        if (sc->ncrawlers) {
            snprintf(what, sizeof what, "Crawlers, %s profile", profile);
            tally_line(f, what, sc->crawlers, crawlers, sc->ncrawlers);
        }
    }
    fprintf(f, "</ul></div>\n");
}

int site_scorecard(const char *dir, const scorecard *sc, char *error, size_t cap) {
    int rc = summary_page(dir, sc, error, cap);
    for (int p = 0; sc && !rc && p < ROBOTS_PROFILE_COUNT; p++)
        rc = matrix_page(dir, sc, (robots_profile_id)p, error, cap);
    return rc;
}
