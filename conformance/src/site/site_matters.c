/*
 * site_matters.c - matters.html (site_matters.h): what matters for a site owner's
 * file, ranked by how often it changes a verdict on real robots.txt files (the
 * figures of conformance/measure/real-world.json, made by robots-differences),
 * each with what to do.
 */
#include "site_matters.h"

#include <string.h>

#include <cjson/cJSON.h>

#include "json_file.h"
#include "site_html.h"

/* What to do about a mistake or a difference, and the case that shows it. */
typedef struct advice {
    const char *name; /* as the figures name it: a mistake's id or a switch's name */
    const char *what; /* what it is, in a sentence */
    const char *todo; /* what to do */
    const char *shown_by;
} advice;

static const advice mistakes[] = {
    {"crawl-delay", "A crawl-delay line.",
     "Google ignores it: Googlebot slows down by itself when the server answers slowly or with 500, 503 or 429. "
     "Other crawlers, Bing's among them, may read it.",
     "area-rule.html#RULE-5"},
    {"agent-with-version", "A user-agent line with a version or more after the name (Googlebot/2.1).",
     "Write the crawler's name alone. Google reads the name before the '/', but RFC 9309 leaves the rest "
     "undefined and simpler parsers compare the whole value.",
     "area-ua.html#UA-3"},
    {"noindex-line", "A noindex line.",
     "Google has ignored noindex in robots.txt since 2019. To keep a page out of search results, let it be "
     "crawled and answer with a noindex meta tag or X-Robots-Tag header.",
     "area-rule.html#RULE-5"},
    {"path-without-slash", "A rule whose path starts with neither '/' nor '*'.",
     "Start every path with '/': 'Disallow: private/' never matches anything, because every URL path starts "
     "with '/'.",
     "area-match.html#MATCH-6"},
    {"rule-outside-group", "An allow or disallow line before the first user-agent line.",
     "Move it under a user-agent line: before any, it belongs to no group and every crawler ignores it.",
     "area-group.html#GROUP-3"},
};

static const advice switches[] = {
    {"robots-txt", "Rules that disallow /robots.txt itself.",
     "Nothing to do for Google; RFC 9309 readers always fetch the file. Do not rely on such a rule.",
     "area-rfc.html#RFC-6"},
    {"index-html", "An allow of a folder's index page (allow: /d/index.html).",
     "Google reads it as allowing the folder's own URL /d/ too; RFC 9309 readers do not. Allow /d/$ as well when "
     "you mean it.",
     "area-google.html#INDEX-1"},
    {"key-typos", "A misspelt key (dissallow, useragent).",
     "Spell the keys exactly: user-agent, allow, disallow, sitemap. Google forgives a few typos; RFC 9309 "
     "readers do not.",
     "area-format.html#FORMAT-7"},
    {"missing-colon", "A line without its colon (Disallow /x).",
     "Write the colon. Google reads the line anyway; RFC 9309 readers ignore it.", "area-format.html#COLON-1"},
    {"percent-decode", "Paths with %-escapes, or characters a URL escapes.",
     "Write a path as your URLs spell it, escapes in upper case (%2F, not %2f): Google compares as written, RFC "
     "9309 readers compare what the escapes mean.",
     "area-encoding.html#ENC-1"},
    {"key-prefix", "A key with more letters after it (Disallowed:).", "Spell the key exactly.",
     "area-format.html#KEY-1"},
    {"star-space", "A user-agent of '*' followed by more text.", "Write '*' alone.", "area-ua.html#STAR-1"},
    {"bom-prefix", "Part of a byte order mark at the start of the file.", "Save the file as UTF-8, with or without a "
     "whole BOM.", "area-format.html#BOM-2"},
    {"line-limit", "A line longer than 16,662 bytes.", "Keep lines short; Google cuts longer ones.",
     "area-format.html#LINE-1"},
    {"nul-ends-line", "A NUL byte inside a line.", "Remove it: Google ends the line there.", "area-format.html#NUL-1"},
    {"product-token", "A crawler that gives its whole User-Agent header.", "Nothing in your file: it is how a "
     "crawler asks.", "area-ua.html#RFC-1"},
    {"escape-values", "%-escapes in a sitemap's address.", "Write sitemap addresses as they are.",
     "area-sitemap.html#SITEMAP-2"},
};

static const advice *advice_for(const advice *list, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name)) return &list[i];
    return NULL;
}

/* A count as a reader reads it: 4,231. */
static void count_text(FILE *f, double v) {
    char digits[32];
    snprintf(digits, sizeof digits, "%.0f", v);
    size_t n = strlen(digits);
    for (size_t i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0) fputc(',', f);
        fputc(digits[i], f);
    }
}

static double number(const cJSON *o, const char *name) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsNumber(v) && v->valuedouble >= 0 ? v->valuedouble : -1;
}

/* The entries of a list of the figures, ranked by the files they change (most
 * first), as a table with the advice; -1 with error set for an entry that is not
 * {name, files} or has no advice. */
static int ranked_table(FILE *f, const cJSON *list, double files, const advice *adv, size_t nadv, const char *caption,
                        const char *where, char *error, size_t cap) {
    size_t n = (size_t)cJSON_GetArraySize(list);
    const cJSON *items[64];
    if (!cJSON_IsArray(list) || n == 0 || n > 64) {
        snprintf(error, cap, "%s: must be a list of 1 to 64 entries", where);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        items[i] = cJSON_GetArrayItem(list, (int)i);
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(items[i], "name"));
        if (!name || number(items[i], "files") < 0 || !advice_for(adv, nadv, name)) {
            snprintf(error, cap, "%s[%zu]: needs a known \"name\" and a count of \"files\"", where, i);
            return -1;
        }
    }
    for (size_t i = 1; i < n; i++) /* most files first; ties in the figures' order */
        for (size_t j = i; j > 0 && number(items[j], "files") > number(items[j - 1], "files"); j--) {
            const cJSON *t = items[j];
            items[j] = items[j - 1];
            items[j - 1] = t;
        }
    fprintf(f, "<table class=\"matters\">\n<caption>");
    site_html_text(f, caption);
    fprintf(f, "</caption>\n<thead><tr><th scope=\"col\">in your file</th><th scope=\"col\">files</th>"
               "<th scope=\"col\">what to do</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const advice *a = advice_for(adv, nadv, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(items[i], "name")));
        double count = number(items[i], "files");
        if (count == 0) continue; /* never seen: not worth a reader's time */
        fprintf(f, "<tr id=\"%s\"><th scope=\"row\">", a->name);
        site_html_text(f, a->what);
        fprintf(f, "</th><td>");
        count_text(f, count);
        fprintf(f, " (%.1f%%)</td><td>", files > 0 ? 100.0 * count / files : 0.0);
        site_html_text(f, a->todo);
        if (a->shown_by) fprintf(f, " <a href=\"%s\">See the case.</a>", a->shown_by);
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</tbody>\n</table>\n");
    return 0;
}

size_t site_matters_count(void) { return sizeof mistakes / sizeof mistakes[0] + sizeof switches / sizeof switches[0]; }

void site_matters_at(size_t i, const char **id, const char **what, const char **todo) {
    const size_t nm = sizeof mistakes / sizeof mistakes[0];
    const advice *a = i < nm ? &mistakes[i] : &switches[i - nm];
    *id = a->name;
    *what = a->what;
    *todo = a->todo;
}

/* The figures' totals, checked: 0, or -1 with error set. */
static int totals(const cJSON *fig, const char *figures_file, double *files, double *checks, double *differ,
                  char *error, size_t cap) {
    *files = number(fig, "files");
    *checks = number(fig, "checks");
    *differ = number(cJSON_GetObjectItemCaseSensitive(fig, "profiles"), "files");
    if (*files > 0 && *checks >= 0 && *differ >= 0) return 0;
    snprintf(error, cap, "%s: needs \"files\", \"checks\" and \"profiles\": {\"files\"}", figures_file);
    return -1;
}

/* The differences between Google and RFC 9309 that change an answer on real
 * files, ranked, each with what to do: a paragraph whose last sentence leads to
 * `every` (every difference, case by case), and the table. */
static int differences_ranked(FILE *f, const cJSON *fig, const char *figures_file, const char *every, char *error,
                              size_t cap) {
    double files, checks, differ;
    if (totals(fig, figures_file, &files, &checks, &differ, error, cap)) return -1;
    fprintf(f, "<p>Google's crawler and a parser that follows RFC 9309 answer otherwise in ");
    count_text(f, differ);
    fprintf(f, " of the ");
    count_text(f, files);
    fprintf(f, " real files measured (%.1f%%). These are the differences behind them, each as if it alone were "
               "changed, most files first; the rest never changed an answer. <a href=\"%s\">Every difference, case "
               "by case.</a></p>\n",
            100.0 * differ / files, every);
    char where[4200];
    snprintf(where, sizeof where, "%s: $.switches", figures_file);
    return ranked_table(f, cJSON_GetObjectItemCaseSensitive(fig, "switches"), files, switches,
                        sizeof switches / sizeof switches[0],
                        "Differences between Google and RFC 9309 that change an answer in real files", where, error, cap);
}

int site_matters_differences(FILE *f, const char *figures_file, const char *every, char *error, size_t cap) {
    cJSON *fig = NULL;
    if (figures_file && json_file_read(figures_file, &fig, error, cap)) return -1;
    if (!fig) {
        fprintf(f, "<p>There are no figures of real files: give <code>robots-conform --site</code> the tables' own "
                   "(conformance/measure/real-world.json).</p>\n");
        return 0;
    }
    int rc = differences_ranked(f, fig, figures_file, every, error, cap);
    cJSON_Delete(fig);
    return rc;
}

int site_matters(const char *dir, const char *figures_file, char *error, size_t cap) {
    cJSON *fig = NULL;
    if (figures_file && json_file_read(figures_file, &fig, error, cap)) return -1;
    FILE *f = site_page_open(dir, "matters.html", "What matters for your site", PAGE_MATTERS, error, cap);
    if (!f) {
        cJSON_Delete(fig);
        return -1;
    }
    if (!fig) {
        fprintf(f, "<p>There are no figures: give <code>robots-conform --site</code> the tables' own "
                   "(conformance/measure/real-world.json).</p>\n");
        return site_page_close(f, dir, "matters.html", error, cap);
    }
    double files, checks, differ;
    int rc = totals(fig, figures_file, &files, &checks, &differ, error, cap);
    if (!rc) {
        fprintf(f, "<p>Measured on ");
        count_text(f, files);
        fprintf(f, " real robots.txt files of popular sites, asked ");
        count_text(f, checks);
        fprintf(f, " questions in all (may Googlebot, Bingbot, GPTBot, ClaudeBot, CCBot or Google-Extended fetch "
                   "the root and the paths the file's own rules name?). The figures say in how many files each thing "
                   "is found, or changes an answer; <a href=\"#how\">how they were measured</a>.</p>\n");
        fprintf(f, "<h2>Mistakes found in real files</h2>\n<p>What site owners write that does not do what they "
                   "meant, most common first.</p>\n");
        char where[4200];
        snprintf(where, sizeof where, "%s: $.mistakes", figures_file);
        rc = ranked_table(f, cJSON_GetObjectItemCaseSensitive(fig, "mistakes"), files, mistakes,
                          sizeof mistakes / sizeof mistakes[0], "Mistakes in real robots.txt files, most common first",
                          where, error, cap);
    }
    if (!rc) {
        fprintf(f, "<h2>Where Google and RFC 9309 differ, on real files</h2>\n");
        rc = differences_ranked(f, fig, figures_file, "differences.html#implementers", error, cap);
    }
    if (!rc) {
        fprintf(f, "<h2 id=\"how\">How they were measured</h2>\n<p>");
        const char *how = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(fig, "how"));
        if (how && how[0] >= 'a' && how[0] <= 'z') fputc(how[0] - 'a' + 'A', f); /* a sentence, capitalised */
        site_html_text(f, how && how[0] >= 'a' && how[0] <= 'z' ? how + 1 : how);
        fprintf(f, ". The files are kept outside this project, and no site is named here; the tool, "
                   "<code>robots-differences</code>, is in conformance/measure/, with how to run it on files of "
                   "your own.</p>\n");
    }
    cJSON_Delete(fig);
    if (rc) {
        fclose(f);
        return -1;
    }
    return site_page_close(f, dir, "matters.html", error, cap);
}
