/*
 * site_crawlers.c - crawler-catalog.html (site_crawlers.h): the crawler catalog
 * (conformance/crawler-catalog.json) for a site owner: every crawler by what it
 * is for, the tokens it answers to in the order it asks with them, what its
 * operator says it does with robots.txt, and the documents each fact comes
 * from; and crawler-catalog.js, the same catalog for the playground's "who can
 * crawl this site", with the words both use, so the page and the playground
 * never say a crawler's facts two ways.
 */
#include "site_crawlers.h"

#include <errno.h>
#include <string.h>

#include "buf.h"
#include "json.h"
#include "site_html.h"

/* What each purpose is called on the site, in catalog_purpose_names' order. */
static const char *const purpose_words[CRAWLER_PURPOSES] = {
    "Search engines", "Advertising", "AI training", "AI search and answers", "Fetches on a user's request",
    "Archiving", "Link previews", "SEO tools", "Other"};

/* What the operator documents about robots.txt, in a site owner's words, in
 * catalog_robots_names' order. */
static const char *const robots_words[CRAWLER_IGNORES + 1] = {
    "follows robots.txt: its own group (that of the first of its tokens a group names), else the '*' group",
    "obeys only groups that name it: the '*' group does not apply to it, so a rule for it must name it "
    "(Google's special-case crawlers)",
    "fetches because a person asked it to, and its operator says it may not follow robots.txt for those fetches",
    "a token, not a crawler: no request carries it; it says whether the operator may use what its other crawlers "
    "fetch, not whether a page is fetched",
    "its operator says it does not follow robots.txt for some sites",
    "its operator says it does not follow robots.txt"};

/* The first purpose of a crawler: the section it is listed under. */
static size_t first_purpose(const catalog_crawler *c) {
    for (size_t p = 0; p < CRAWLER_PURPOSES; p++)
        if (c->purposes & (1u << p)) return p;
    return CRAWLER_PURPOSES - 1;
}

/* The sources of one fact, as links to the list at the end of the page. */
static void cited(FILE *f, const crawler_catalog *cat, const catalog_cited *c) {
    if (!c->n) return;
    fputs(" <small>(", f);
    for (size_t i = 0; i < c->n; i++) {
        const catalog_source *s = &cat->sources[c->at[i]];
        fprintf(f, "%s<a href=\"#source-", i ? ", " : "");
        site_html_id(f, s->id);
        fputs("\">", f);
        site_html_text(f, s->title);
        fputs("</a>", f);
    }
    fputs(")</small>", f);
}

static void crawler_entry(FILE *f, const crawler_catalog *cat, const catalog_crawler *c) {
    fputs("<section class=\"crawler\" id=\"crawler-", f);
    site_html_id(f, c->id);
    fputs("\">\n<h3>", f);
    site_html_text(f, c->name);
    fputs(" <small>", f);
    site_html_text(f, c->operator_name);
    fputs("</small></h3>\n<dl>\n<dt>Tokens it asks with</dt><dd>", f);
    if (!c->ntokens) fputs("none: no group of a robots.txt names it", f);
    for (size_t i = 0; i < c->ntokens; i++) {
        fputs(i ? ", then <code>" : "<code>", f);
        site_html_text(f, c->tokens[i]);
        fputs("</code>", f);
    }
    if (c->ntokens > 1) fputs(": the first a group names decides, alone", f);
    cited(f, cat, &c->cites_tokens);
    fputs("</dd>\n<dt>What it is for</dt><dd>", f);
    bool any = false;
    for (size_t p = 0; p < CRAWLER_PURPOSES; p++) {
        if (!(c->purposes & (1u << p))) continue;
        fprintf(f, "%s%s", any ? "; " : "", purpose_words[p]);
        any = true;
    }
    cited(f, cat, &c->cites_purposes);
    fputs("</dd>\n<dt>robots.txt</dt><dd>", f);
    site_html_text(f, robots_words[c->robots]);
    cited(f, cat, &c->cites_robots);
    fputs("</dd>\n", f);
    if (c->nuser_agent) {
        fputs("<dt>In its User-Agent header</dt><dd>", f);
        for (size_t i = 0; i < c->nuser_agent; i++) {
            fputs(i ? ", <code>" : "<code>", f);
            site_html_text(f, c->user_agent[i]);
            fputs("</code>", f);
        }
        cited(f, cat, &c->cites_user_agent);
        fputs("</dd>\n", f);
    }
    if (c->note) {
        fputs("<dt>Note</dt><dd>", f);
        site_html_text(f, c->note);
        fputs("</dd>\n", f);
    }
    fputs("</dl>\n", f);
    if (c->ntokens) {
        fputs("<p><a href=\"playground.html#agents=", f);
        site_html_id(f, c->id);
        fputs("\">Open the playground with this crawler</a>, then paste your robots.txt there</p>\n", f);
    }
    fputs("</section>\n", f);
}

static int crawlers_page(const char *dir, const crawler_catalog *cat, char *error, size_t cap) {
    FILE *f = site_page_open(dir, "crawler-catalog.html", "Crawlers, and the tokens they obey", PAGE_CRAWLERS, error, cap);
    if (!f) return -1;
    fprintf(f, "<p>The crawlers a site owner meets most, as their operators document them: the tokens each answers "
               "to, what it is for, and what it does with robots.txt. Every fact names the operator's page it was "
               "read on, and when. A fact no operator's page states is left out, not guessed. "
               "<a href=\"playground.html\">The playground</a> shows, for your file, which of them it lets in.</p>\n"
               "<p>A crawler with two tokens, such as Googlebot-Image (<code>googlebot-image</code>, then "
               "<code>googlebot</code>), follows the group of its first token when your file has one, else the "
               "group of the next, and only when none names either, the <code>*</code> group "
               "(<a href=\"area-ua.html#UA-1\">UA-1</a>). Google's special-case crawlers, AdsBot among them, skip "
               "the <code>*</code> group altogether: to keep them out, name them.</p>\n");
    if (!cat->ncrawlers) fprintf(f, "<p>No catalog was given to robots-conform, so there is none to show.</p>\n");
    for (size_t p = 0; p < CRAWLER_PURPOSES; p++) {
        bool heading = false;
        for (size_t i = 0; i < cat->ncrawlers; i++) {
            if (first_purpose(&cat->crawlers[i]) != p) continue;
            if (!heading) {
                fprintf(f, "<h2 id=\"purpose-%s\">%s</h2>\n", catalog_purpose_names[p], purpose_words[p]);
                heading = true;
            }
            crawler_entry(f, cat, &cat->crawlers[i]);
        }
    }
    if (cat->nsources) fprintf(f, "<h2 id=\"sources\">Where each fact comes from</h2>\n<ol class=\"sources\">\n");
    for (size_t i = 0; i < cat->nsources; i++) {
        const catalog_source *s = &cat->sources[i];
        fputs("<li id=\"source-", f);
        site_html_id(f, s->id);
        fputs("\"><a href=\"", f);
        site_html_text(f, s->url);
        fputs("\">", f);
        site_html_text(f, s->title);
        fputs("</a>, read on ", f);
        site_html_text(f, s->read);
        if (s->copy) {
            fputs(" (from a stored copy: <code>", f);
            site_html_text(f, s->copy);
            fputs("</code>)", f);
        }
        fputs("</li>\n", f);
    }
    if (cat->nsources) fputs("</ol>\n", f);
    return site_page_close(f, dir, "crawler-catalog.html", error, cap);
}

/* ---- crawler-catalog.js -------------------------------------------------------- */

static void js_string(buf *b, bool *lost, const char *s) { *lost |= json_append_string(b, s, strlen(s)) != 0; }
static void js_raw(buf *b, bool *lost, const char *s) { *lost |= buf_add(b, s, strlen(s)) != 0; }

static void js_strings(buf *b, bool *lost, const char *const *v, size_t n) {
    js_raw(b, lost, "[");
    for (size_t i = 0; i < n; i++) {
        if (i) js_raw(b, lost, ",");
        js_string(b, lost, v[i]);
    }
    js_raw(b, lost, "]");
}

static void js_words(buf *b, bool *lost, const char *const *names, const char *const *words, size_t n) {
    js_raw(b, lost, "{");
    for (size_t i = 0; i < n; i++) {
        if (i) js_raw(b, lost, ",");
        js_string(b, lost, names[i]);
        js_raw(b, lost, ":");
        js_string(b, lost, words[i]);
    }
    js_raw(b, lost, "}");
}

/* var ROBOTS_CATALOG = {purposes: {name: words}, robots: {name: words}, crawlers:
 * [{id, name, operator, tokens, user_agent, purposes, robots, note}]}: the order
 * of purposes is the catalog's. */
static int catalog_script(const char *dir, const crawler_catalog *cat, char *error, size_t cap) {
    buf b = {NULL, 0, 0};
    bool lost = false;
    js_raw(&b, &lost, "// The crawler catalog (conformance/crawler-catalog.json) for the playground; written by "
                      "robots-conform --site.\nvar ROBOTS_CATALOG = {\"purposes\":");
    js_words(&b, &lost, catalog_purpose_names, purpose_words, CRAWLER_PURPOSES);
    js_raw(&b, &lost, ",\"robots\":");
    js_words(&b, &lost, catalog_robots_names, robots_words, CRAWLER_IGNORES + 1);
    js_raw(&b, &lost, ",\"crawlers\":[");
    for (size_t i = 0; i < cat->ncrawlers; i++) {
        const catalog_crawler *c = &cat->crawlers[i];
        js_raw(&b, &lost, i ? ",\n{\"id\":" : "\n{\"id\":");
        js_string(&b, &lost, c->id);
        js_raw(&b, &lost, ",\"name\":");
        js_string(&b, &lost, c->name);
        js_raw(&b, &lost, ",\"operator\":");
        js_string(&b, &lost, c->operator_name);
        js_raw(&b, &lost, ",\"tokens\":");
        js_strings(&b, &lost, c->tokens, c->ntokens);
        js_raw(&b, &lost, ",\"user_agent\":");
        js_strings(&b, &lost, c->user_agent, c->nuser_agent);
        const char *purposes[CRAWLER_PURPOSES];
        size_t np = 0;
        for (size_t p = 0; p < CRAWLER_PURPOSES; p++)
            if (c->purposes & (1u << p)) purposes[np++] = catalog_purpose_names[p];
        js_raw(&b, &lost, ",\"purposes\":");
        js_strings(&b, &lost, purposes, np);
        js_raw(&b, &lost, ",\"robots\":");
        js_string(&b, &lost, catalog_robots_names[c->robots]);
        if (c->note) {
            js_raw(&b, &lost, ",\"note\":");
            js_string(&b, &lost, c->note);
        }
        js_raw(&b, &lost, "}");
    }
    js_raw(&b, &lost, "]};\n");
    if (lost) {
        buf_free(&b);
        snprintf(error, cap, "%s/crawler-catalog.js: out of memory", dir);
        return -1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/crawler-catalog.js", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        buf_free(&b);
        snprintf(error, cap, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    int failed = fwrite(b.data, 1, b.len, f) != b.len;
    failed |= fclose(f) != 0;
    buf_free(&b);
    if (failed) snprintf(error, cap, "%s: cannot write", path);
    return failed ? -1 : 0;
}

int site_crawlers(const char *dir, const crawler_catalog *cat, char *error, size_t cap) {
    if (crawlers_page(dir, cat, error, cap)) return -1;
    return catalog_script(dir, cat, error, cap);
}
