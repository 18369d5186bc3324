/*
 * site_pages.c - robots-conform --site and the lessons behind it and the atlas:
 * the pages are written and say what the tables say (every case whose
 * expectations differ by profile is on the differences page, under a cause; the
 * deciding line of a check reads the same in the site and in ATLAS.md), and a
 * directory that cannot be written or a scorecard that is not one is an error
 * that names it. The browser test (make test-site) reads the same pages rendered.
 */
#include <limits.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "file.h"
#include "selftest.h"

char *page(const char *dir, const char *name) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    buf b = {0};
    int more = 0;
    if (read_file(path, 0, &b, &more) != 0 || buf_addc(&b, '\0') != 0) {
        buf_free(&b);
        printf("  cannot read %s\n", path);
        return calloc(1, 1);
    }
    return b.data;
}

/* The ids of every case with a check whose expectations differ by profile, from
 * --list --format json, joined by spaces. */
/* What the reference answered a check under rfc9309 (the runner's "got"), or "". */
static const char *rfc9309_answer(const cJSON *results, const char *id, int number) {
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(results, "results")) {
        const char *xid = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "id"));
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(x, "check");
        const char *got = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "got"));
        if (xid && !strcmp(xid, id) && cJSON_IsNumber(n) && n->valueint == number) return got ? got : "";
    }
    return "";
}

/* The cases with a check whose expectations differ by profile, and apart, in
 * may_only, those whose only such checks are statuses RFC 9309 leaves open (MAY:
 * undefined) where the reference's rfc9309 answer is Google's expectation: these
 * agree in practice and are no difference (lesson.h's may_agree), found here from
 * the runner's own answers. */
static void differing_cases(char *out, size_t cap, char *may_only, size_t may_cap) {
    out[0] = '\0';
    may_only[0] = '\0';
    proc_result r = conform_run(ARGS("--list", "--format", "json"), 60);
    proc_result answers = conform_run(ARGS("--profile", "rfc9309", "--format", "json"), 120);
    cJSON *list = r.out.data ? cJSON_Parse(r.out.data) : NULL;
    cJSON *results = answers.out.data ? cJSON_Parse(answers.out.data) : NULL;
    CHECK(results != NULL);
    const cJSON *checks = cJSON_GetObjectItemCaseSensitive(list, "checks");
    CHECK(cJSON_IsArray(checks));
    const cJSON *k;
    const char *last = "", *may_last = "";
    cJSON_ArrayForEach(k, checks) {
        const cJSON *expect = cJSON_GetObjectItemCaseSensitive(k, "expect");
        char *google = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(expect, "google"));
        char *rfc = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(expect, "rfc9309"));
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(k, "id"));
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(k, "kind"));
        const cJSON *number = cJSON_GetObjectItemCaseSensitive(k, "check");
        const char *g = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(expect, "google"));
        bool may = google && rfc && id && kind && !strcmp(kind, "status") && !strcmp(rfc, "\"undefined\"") && g &&
                   strcmp(g, "undefined") && cJSON_IsNumber(number) &&
                   !strcmp(rfc9309_answer(results, id, number->valueint), g);
        if (may && strcmp(id, may_last)) {
            snprintf(may_only + strlen(may_only), may_cap - strlen(may_only), "%s ", id);
            may_last = id;
        }
        if (google && rfc && id && strcmp(google, rfc) && !may && strcmp(id, last)) {
            snprintf(out + strlen(out), cap - strlen(out), "%s ", id);
            last = id;
        }
        cJSON_free(google);
        cJSON_free(rfc);
    }
    cJSON_Delete(list);
    cJSON_Delete(results);
    proc_result_free(&r);
    proc_result_free(&answers);
}

void site_pages_are_written(void) {
    snprintf(scratch, sizeof scratch, "/tmp/robots-conform-site-XXXXXX");
    CHECK(mkdtemp(scratch) != NULL);
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/a/b/site", scratch); /* parents are made */
    proc_result r = conform_run(ARGS("--site", dir), 60);
    CHECK(r.status == 0);
    CHECK(r.out.data && strstr(r.out.data, "/index.html\n"));
    proc_result_free(&r);

    char *index = page(dir, "index.html");
    CHECK(strstr(index, "<html lang=\"en\">") && strstr(index, "Start here"));
    CHECK(strstr(index, "href=\"area-match.html\"") && strstr(index, "<a href=\"area-match.html#MATCH-3\">MATCH-3</a>"));
    /* Nothing from elsewhere, and no script but the site's own files: site.js
     * labels table cells for a phone's stacked rows, search.js and its index
     * search in the page. */
    CHECK(!strstr(index, "src=\"http") && !strstr(index, "href=\"http"));
    static const char *const mine[] = {"<script src=\"site.js\" defer></script>",
                                       "<script src=\"search-index.js\"></script>", "<script src=\"search.js\"></script>"};
    int scripts = 0, own = 0;
    for (const char *p = strstr(index, "<script"); p; p = strstr(p + 1, "<script")) {
        scripts++;
        for (size_t i = 0; i < sizeof mine / sizeof mine[0]; i++) own += !strncmp(p, mine[i], strlen(mine[i]));
    }
    CHECK(scripts == 3 && own == 3);
    free(index);

    /* MATCH-3: line 2 numbered and marked, and each profile's deciding line links to it. */
    char *match = page(dir, "area-match.html");
    CHECK(strstr(match, "<tr id=\"MATCH-3-L2\" class=\"deciding\"><th scope=\"row\">2</th><td><code>disallow: /fish"));
    CHECK(strstr(match, "checks 1, 2, 3, 4, 5, 6 (google, rfc9309)"));
    CHECK(strstr(match, "<a href=\"#MATCH-3-L2\">line 2: disallow: <code>/fish</code></a>"));
    CHECK(strstr(match, "the '*' group (line 1)"));
    /* Each case says who passes it: the parsers and the crawlers of the scorecard. */
    CHECK(strstr(match, "<div class=\"who\"><p>Who passes it"));
    CHECK(strstr(match, "<li>Parsers, google profile: passed by "));
    CHECK(strstr(match, "<li>Crawlers, google profile: passed by "));
    CHECK(strstr(match, "reference-crawler"));
    free(match);

    /* Invisible bytes made visible: NUL-1's NUL, by name. */
    char *format = page(dir, "area-format.html");
    CHECK(strstr(format, "disallow: /a<abbr class=\"byte\" title=\"control byte 0x00\">NUL</abbr>b"));
    free(format);

    /* Every case whose expectations differ by profile is listed, under a cause. */
    char ids[8192], may_only[2048];
    differing_cases(ids, sizeof ids, may_only, sizeof may_only);
    CHECK(strlen(ids) > 100);
    char *differences = page(dir, "differences.html");
    char *atlas_md = page("conformance", "ATLAS.md");
    /* A case whose only differences are statuses RFC 9309 leaves open, answered
     * as Google does, is not among the differences, and its checks say they agree. */
    CHECK(strstr(may_only, "STATUS-6 ") != NULL);
    for (char *id = strtok(may_only, " "); id; id = strtok(NULL, " ")) {
        char want[128];
        snprintf(want, sizeof want, " %s ", id);
        char padded[8200];
        snprintf(padded, sizeof padded, " %s", ids);
        if (strstr(padded, want)) continue; /* it has a real difference too (STATUS-4's 429) */
        snprintf(want, sizeof want, "#%s\">%s</a>", id, id);
        if (strstr(differences, want)) printf("  %s is on differences.html, though it differs only by a MAY\n", id);
        CHECK(strstr(differences, want) == NULL);
        snprintf(want, sizeof want, "- [%s](#", id);
        CHECK(strstr(atlas_md, want) == NULL);
    }
    CHECK(strstr(atlas_md, "Google and RFC 9309 agree in practice: RFC 9309 leaves it to the crawler (MAY)"));
    for (char *id = strtok(ids, " "); id; id = strtok(NULL, " ")) {
        char want[128];
        snprintf(want, sizeof want, "#%s\">%s</a>", id, id);
        if (!strstr(differences, want)) printf("  %s is not on differences.html\n", id);
        CHECK(strstr(differences, want) != NULL);
        snprintf(want, sizeof want, "- [%s](#", id);
        CHECK(strstr(atlas_md, want) != NULL);
    }
    CHECK(strstr(differences, "id=\"cause-percent-decode\""));
    CHECK(strstr(differences, "A switch of the profiles, on in rfc9309 and off in google: when on, %HH and the byte"));
    /* The same model in ATLAS.md: numbered lines, the deciding line, the group. */
    CHECK(strstr(atlas_md, "   2 | disallow: /fish\n"));
    CHECK(strstr(atlas_md, "disallowed<br>line 2: disallow: <code>/fish</code><br>the '\\*' group (line 1)"));
    CHECK(strstr(atlas_md, "## Where Google and RFC 9309 differ"));
    free(atlas_md);
    free(differences);

    /* The scorecard: totals and a matrix per profile, marks in text. */
    char *summary = page(dir, "scorecard.html");
    CHECK(strstr(summary, "<th scope=\"row\">always-allowed</th>"));
    free(summary);
    char *matrix = page(dir, "scorecard-rfc9309.html");
    CHECK(strstr(matrix, "<span class=\"vh\"> failed</span>") && strstr(matrix, "<span class=\"vh\"> passed</span>"));
    CHECK(strstr(matrix, "<a href=\"area-match.html#MATCH-3-c1\">MATCH-3 #1</a>"));
    free(matrix);
    char *sources = page(dir, "sources.html");
    CHECK(strstr(sources, "https://www.rfc-editor.org/rfc/rfc9309.html#section-2.2.2"));
    free(sources);
    remove_tree(scratch);
}

void site_rejects_what_it_cannot_use(void) {
    snprintf(scratch, sizeof scratch, "/tmp/robots-conform-site-XXXXXX");
    CHECK(mkdtemp(scratch) != NULL);
    char file[PATH_MAX], under[PATH_MAX + 8], score[PATH_MAX], site[PATH_MAX];
    snprintf(file, sizeof file, "%s/plain-file", scratch);
    write_file(file, "x");
    snprintf(site, sizeof site, "%s/site", scratch);

    /* A directory below a regular file cannot be made. */
    snprintf(under, sizeof under, "%s/site", file);
    proc_result r = conform_run(ARGS("--site", under), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "plain-file/site: cannot create the directory: Not a directory"));
    proc_result_free(&r);

    static const struct {
        const char *text, *error;
    } bad[] = {
        {"{\"implementations\": [", ":1:"},
        {"[]", "not a scorecard"},
        {"{\"implementations\": [{\"name\": \"p\", \"profiles\": {}}], \"checks\": []}",
         "implementations[0].profiles.google.total.passed: not a number"},
        {"{\"implementations\": [], \"checks\": [{\"id\": \"NO-SUCH-1\", \"check\": 1, \"profile\": \"google\", "
         "\"area\": \"match\", \"results\": {}}]}",
         "checks[0]: names a case the tables do not have (a stale scorecard: run make scorecard)"},
        {"{\"implementations\": [{\"name\": \"p\", \"profiles\": {\"google\": {\"total\": {\"passed\": 1, \"failed\": 0, "
         "\"skipped\": 0, \"undefined\": 0}}, \"rfc9309\": {\"total\": {\"passed\": 1, \"failed\": 0, \"skipped\": 0, "
         "\"undefined\": 0}}}}], \"checks\": [{\"id\": \"MATCH-3\", \"check\": 1, \"profile\": \"google\", "
         "\"area\": \"match\", \"results\": {\"p\": \"maybe\"}}]}",
         "checks[0]: an implementation has no result, or one other than pass, FAIL, skip, undefined"},
        {"{\"crawl\": {\"crawlers\": [{}]}, \"implementations\": [], \"checks\": []}", "crawl.crawlers[0]: no name"},
        {"{\"crawl\": {\"crawlers\": [{\"name\": \"c\"}]}, \"implementations\": [], \"checks\": [{\"id\": "
         "\"MATCH-3\", \"check\": 1, \"profile\": \"google\", \"area\": \"match\", \"results\": {}, "
         "\"crawlers\": {\"c\": \"maybe\"}}]}",
         "checks[0]: a crawler has no mark, or one other than pass, FAIL, undefined, n/o, -"},
    };
    snprintf(score, sizeof score, "%s/scorecard.json", scratch);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(score, bad[i].text);
        r = conform_run(ARGS("--site", site, "--scorecard", score), 60);
        if (!(r.status == 2 && r.err.data && strstr(r.err.data, bad[i].error)))
            printf("  scorecard %zu: status %d, %s", i, r.status, r.err.data ? r.err.data : "(nothing)\n");
        CHECK(r.status == 2 && r.err.data && strstr(r.err.data, score) && strstr(r.err.data, bad[i].error));
        proc_result_free(&r);
    }
    /* A missing scorecard given by name is an error; other tables without one get a
     * page that says so. */
    snprintf(score, sizeof score, "%s/none.json", scratch);
    r = conform_run(ARGS("--site", site, "--scorecard", score), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "none.json: cannot read"));
    proc_result_free(&r);
    r = conform_run(ARGS("--site", site, "--cases", "conformance/cases"), 60);
    CHECK(r.status == 0);
    proc_result_free(&r);
    char *summary = page(site, "scorecard.html");
    CHECK(strstr(summary, "No scorecard was given"));
    free(summary);
    remove_tree(scratch);
}
