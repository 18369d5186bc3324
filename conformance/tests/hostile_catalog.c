/*
 * hostile_catalog.c - crawler catalogs (--catalog) that break its rules: a fact
 * without a source, a source that is none, a source no fact names, two crawlers
 * with one id or one first token, facts that contradict one another. Each is a
 * usage error (exit 2) naming the file and the JSON path; the catalog of the
 * project loads, and one that keeps the rules runs.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "selftest.h"

/* One source and one crawler, with the crawler's fields and its sources given. */
#define SOURCE "{\"id\": \"s\", \"url\": \"https://example.com/bots\", \"title\": \"Our bots\", \"read\": \"2026-11-28\"}"
#define CITES_ALL "\"sources\": {\"tokens\": [\"s\"], \"user_agent\": [\"s\"], \"purposes\": [\"s\"], \"robots\": [\"s\"]}"
#define CRAWLER(fields, cites)                                                                             \
    "{\"id\": \"a-bot\", \"name\": \"A-Bot\", \"operator\": \"A\", \"purposes\": [\"search\"], "         \
    "\"usage_lines\": [], " fields ", " cites "}"
#define PLAIN "\"tokens\": [\"a-bot\"], \"user_agent\": [\"A-Bot/\"], \"robots\": \"follows\""
#define CATALOG(sources, crawlers) "{\"description\": \"d\", \"sources\": [" sources "], \"crawlers\": [" crawlers "]}"

/* Runs robots-conform --catalog FILE (holding text) on one case; the exit status
 * and stderr. */
static proc_result with_catalog(const char *file, const char *text) {
    write_file(file, text);
    return conform_run(ARGS("--catalog", file, "--id", "SCOPE-1"), 60);
}

static void catalog_rejected(const char *file, const char *text, const char *error) {
    proc_result r = with_catalog(file, text);
    char want[PATH_MAX + 512];
    snprintf(want, sizeof want, "%s: %s", file, error);
    bool ok = !r.signaled && !r.timed_out && r.status == 2 && r.out.len == 0 && r.err.data && strstr(r.err.data, want);
    if (!ok)
        printf("  exit %d, stderr: %.500s\n    wanted: %s\n", r.status, r.err.data ? r.err.data : "", want);
    CHECK(ok);
    proc_result_free(&r);
}

void hostile_catalogs_are_rejected(void) {
    char dir[] = "/tmp/robots-conform-catalog-XXXXXX";
    if (!mkdtemp(dir)) {
        check(false, "a scratch directory can be made", __FILE__, __LINE__);
        return;
    }
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s/catalog.json", dir);

    /* The project's own catalog, found by default, and a small one that keeps
     * every rule: both run. */
    proc_result r = conform_run(ARGS("--id", "SCOPE-1"), 60);
    CHECK(r.status == 0);
    proc_result_free(&r);
    r = with_catalog(file, CATALOG(SOURCE, CRAWLER(PLAIN, CITES_ALL)));
    CHECK(r.status == 0);
    if (r.status != 0) printf("  the valid catalog: exit %d, %.300s\n", r.status, r.err.data ? r.err.data : "");
    proc_result_free(&r);

    /* A fact without a source (the schema's part). */
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER(PLAIN, "\"sources\": {\"tokens\": [\"s\"], \"user_agent\": [\"s\"], "
                                                    "\"purposes\": [\"s\"]}")),
                     "$.crawlers[0].sources: missing the required property \"robots\"");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER(PLAIN, "\"sources\": {\"tokens\": [\"s\"], \"user_agent\": [\"s\"], "
                                                    "\"purposes\": [\"s\"], \"robots\": []}")),
                     "$.crawlers[0].sources.robots: ");
    /* A source that is none, and one that no fact names. */
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER(PLAIN, "\"sources\": {\"tokens\": [\"s\"], \"user_agent\": [\"s\"], "
                                                    "\"purposes\": [\"s\"], \"robots\": [\"blog\"]}")),
                     "$.crawlers[0].sources.robots[0]: \"blog\" is no source of the catalog");
    catalog_rejected(file,
                     CATALOG(SOURCE ", {\"id\": \"t\", \"url\": \"https://example.com/t\", \"title\": \"T\", "
                                    "\"read\": \"2026-11-28\"}",
                             CRAWLER(PLAIN, CITES_ALL)),
                     "$.sources[1]: \"t\" is named by no fact (a source must state one)");
    catalog_rejected(file, CATALOG(SOURCE ", " SOURCE, CRAWLER(PLAIN, CITES_ALL)),
                     "$.sources[1].id: \"s\" is the id of an earlier source");
    /* Two crawlers with one id, or one first token. */
    catalog_rejected(file, CATALOG(SOURCE, CRAWLER(PLAIN, CITES_ALL) ", " CRAWLER(PLAIN, CITES_ALL)),
                     "$.crawlers[1].id: \"a-bot\" is the id of an earlier crawler");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER(PLAIN, CITES_ALL) ", {\"id\": \"b-bot\", \"name\": \"B\", \"operator\": "
                                     "\"B\", \"purposes\": [\"ads\"], \"usage_lines\": [], " PLAIN ", " CITES_ALL "}"),
                     "$.crawlers[1].tokens[0]: \"a-bot\" is the first token of a-bot too");
    /* Facts that contradict one another. */
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER("\"tokens\": [], \"user_agent\": [\"A-Bot/\"], \"robots\": \"follows\"",
                                             CITES_ALL)),
                     "$.crawlers[0].tokens: a crawler with no token follows no robots.txt");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER("\"tokens\": [\"a-bot\"], \"user_agent\": [\"A-Bot/\"], "
                                             "\"robots\": \"usage-token\"",
                                             CITES_ALL)),
                     "$.crawlers[0].user_agent: a usage token is carried by no request");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER(PLAIN, "\"sources\": {\"tokens\": [\"s\"], \"purposes\": [\"s\"], "
                                                    "\"robots\": [\"s\"]}")),
                     "$.crawlers[0].sources: user_agent names no source");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER("\"tokens\": [\"a1\", \"a2\", \"a3\", \"a4\", \"a5\", \"a6\", \"a7\", "
                                             "\"a8\", \"a9\"], \"user_agent\": [], \"robots\": \"follows\"",
                                             CITES_ALL)),
                     "$.crawlers[0].tokens: at most 8");
    /* The shape: a purpose the schema does not know, a token in capitals. */
    catalog_rejected(file,
                     CATALOG(SOURCE, "{\"id\": \"a-bot\", \"name\": \"A-Bot\", \"operator\": \"A\", \"purposes\": "
                                     "[\"fun\"], \"usage_lines\": [], " PLAIN ", " CITES_ALL "}"),
                     "$.crawlers[0].purposes[0]: ");
    catalog_rejected(file,
                     CATALOG(SOURCE, CRAWLER("\"tokens\": [\"A-Bot\"], \"user_agent\": [], \"robots\": \"follows\"",
                                             CITES_ALL)),
                     "$.crawlers[0].tokens[0]: ");
    unlink(file);
    rmdir(dir);
}
