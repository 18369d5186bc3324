/*
 * site_search.c - the home page's search (site_search.h): search-index.js holds
 * every case (id, title, area, the rule its note states, its robots.txt's lines)
 * and every question of the front door; search.js matches what the reader types
 * against them in the page, so the search works from file:// as from a server.
 */
#include "site_search.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "explain.h"
#include "site_glossary.h"
#include "site_html.h"
#include "site_matters.h"
#include "site_questions.h"

/* How much of a case's robots.txt the index keeps: the rules a reader searches
 * for are in the first lines; a 500 KiB file would weigh down every search. */
#define ROBOTS_KEPT 2048


/* The robots.txt's printable ASCII and line breaks, up to ROBOTS_KEPT bytes: what
 * a reader could type; other bytes become spaces. NULL when memory ran out. */
static char *searchable_robots(const robots_body *b) {
    size_t n = b->present ? (b->len < ROBOTS_KEPT ? b->len : ROBOTS_KEPT) : 0;
    char *out = malloc(n + 1);
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = b->data[i];
        out[i] = c == '\n' || (c >= 0x20 && c < 0x7f) ? (char)c : ' ';
    }
    out[n] = '\0';
    return out;
}

/* One entry: what it is called, where it is, and the words it is found by. */
static bool add_entry(cJSON *list, const char *id, const char *title, const char *where, const char *page,
                      const char *text) {
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(list, o)) {
        cJSON_Delete(o);
        return false;
    }
    return cJSON_AddStringToObject(o, "i", id) && cJSON_AddStringToObject(o, "t", title) &&
           cJSON_AddStringToObject(o, "a", where) && cJSON_AddStringToObject(o, "u", page) &&
           cJSON_AddStringToObject(o, "x", text);
}

/* The entries of a page that lists its own (matters.html, glossary.html): each
 * given by `at` as its anchor, its title and its text. */
typedef void (*entry_at)(size_t i, const char **id, const char **title, const char **text);
static bool add_page_entries(cJSON *list, size_t n, entry_at at, const char *file, const char *where) {
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        const char *id, *title, *text;
        at(i, &id, &title, &text);
        char page[128];
        snprintf(page, sizeof page, "%s#%s", file, id);
        ok = add_entry(list, "", title, where, page, text);
    }
    return ok;
}

static bool add_case(cJSON *list, const tcase *c) {
    char page[256], *rules = searchable_robots(&c->robots);
    size_t lead = c->note ? explain_note_lead(c->note) : 0; /* the rule, not the remarks */
    char *text = malloc(lead + (rules ? strlen(rules) : 0) + 2);
    bool ok = rules && text;
    if (ok) {
        snprintf(text, lead + strlen(rules) + 2, "%.*s\n%s", (int)lead, c->note ? c->note : "", rules);
        site_area_page(page, sizeof page, c->table->area);
        size_t used = strlen(page);
        snprintf(page + used, sizeof page - used, "#%s", c->id);
        ok = add_entry(list, c->id, c->title, c->table->title, page, text);
    }
    free(rules);
    free(text);
    return ok;
}

static char *index_text(const suite *s) {
    cJSON *list = cJSON_CreateArray();
    bool ok = list != NULL;
    for (size_t i = 0; ok && i < site_question_count(); i++) {
        const char *id, *question, *said;
        site_question_at(i, &id, &question, &said);
        char page[128];
        snprintf(page, sizeof page, "index.html#%s", id);
        ok = add_entry(list, "", question, "Questions site owners ask", page, said);
    }
    /* What matters on real files and the glossary: the pages a site owner's words
     * (crawl-delay, noindex, a byte) are answered on. */
    ok = ok && add_page_entries(list, site_matters_count(), site_matters_at, "matters.html", "What matters for your site") &&
         add_page_entries(list, site_glossary_count(), site_glossary_at, "glossary.html", "Glossary");
    for (size_t t = 0; ok && t < s->ntables; t++)
        for (size_t i = 0; ok && i < s->tables[t].ncases; i++) ok = add_case(list, &s->tables[t].cases[i]);
    char *text = ok ? cJSON_PrintUnformatted(list) : NULL;
    cJSON_Delete(list);
    return text;
}

/* search.js: every word typed (two letters or more in all) must be in an entry's
 * id, title, area or text; titles that hold them come first. At most 30 shown. */
static const char search_script[] =
    "// search.js - the home page's search over the cases and the questions\n"
    "// (search-index.js), in the page: it works from file:// as from a server.\n"
    "'use strict';\n"
    "(function () {\n"
    "  var input = document.getElementById('search');\n"
    "  var list = document.getElementById('search-results');\n"
    "  var count = document.getElementById('search-count');\n"
    "  var entries = window.ROBOTS_SEARCH;\n"
    "  if (!input || !list || !count || !entries) return;\n"
    "  var SHOWN = 30;\n"
    "  // Words are matched at their start (\"ai\" finds \"AI\", not \"contains\"): each haystack is\n"
    "  // its text with a space before every word.\n"
    "  function spaced(s) { return ' ' + s.toLowerCase().replace(/[^a-z0-9$%?=&:_-]+/g, ' '); }\n"
    "  var haystacks = entries.map(function (e) { return spaced(e.i + ' ' + e.t + ' ' + e.a + ' ' + e.x); });\n"
    "  function show() {\n"
    "    var query = input.value.trim().toLowerCase();\n"
    "    list.textContent = '';\n"
    "    if (query.length < 2) { count.textContent = ''; return; }\n"
    "    var words = spaced(query).trim().split(' ');\n"
    "    var found = [];\n"
    "    for (var k = 0; k < entries.length; k++) {\n"
    "      var all = true;\n"
    "      for (var w = 0; w < words.length && all; w++) all = haystacks[k].indexOf(' ' + words[w]) >= 0;\n"
    "      if (!all) continue;\n"
    "      var title = spaced(entries[k].i + ' ' + entries[k].t);\n"
    "      var inTitle = words.every(function (word) { return title.indexOf(' ' + word) >= 0; });\n"
    "      found.push({ e: entries[k], rank: inTitle ? 0 : 1, order: k });\n"
    "    }\n"
    "    found.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });\n"
    "    count.textContent = found.length === 0 ? 'Nothing found.' :\n"
    "      found.length + (found.length === 1 ? ' result' : ' results') + (found.length > SHOWN ? ', the first ' + SHOWN + ' shown.' : '.');\n"
    "    found.slice(0, SHOWN).forEach(function (f) {\n"
    "      var li = document.createElement('li');\n"
    "      var a = document.createElement('a');\n"
    "      a.href = f.e.u;\n"
    "      a.textContent = (f.e.i ? f.e.i + ': ' : '') + f.e.t;\n"
    "      li.appendChild(a);\n"
    "      var where = document.createElement('span');\n"
    "      where.className = 'where';\n"
    "      where.textContent = ' (' + f.e.a + ')';\n"
    "      li.appendChild(where);\n"
    "      list.appendChild(li);\n"
    "    });\n"
    "  }\n"
    "  input.addEventListener('input', show);\n"
    "  input.form.addEventListener('submit', function (e) { e.preventDefault(); show(); });\n"
    "  show();\n"
    "})();\n";

static int write_file_text(const char *dir, const char *name, const char *head, const char *text, const char *tail,
                           char *error, size_t cap) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(error, cap, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    fputs(head, f);
    fputs(text, f);
    fputs(tail, f);
    int failed = ferror(f) | (fclose(f) != 0);
    if (failed) snprintf(error, cap, "%s: cannot write", path);
    return failed ? -1 : 0;
}

int site_search_files(const char *dir, const suite *s, char *error, size_t cap) {
    char *text = index_text(s);
    if (!text) {
        snprintf(error, cap, "out of memory");
        return -1;
    }
    int rc = write_file_text(dir, "search-index.js",
                             "// search-index.js - what the home page's search looks through (search.js), made by\n"
                             "// robots-conform --site from the tables: id, title, area, page, text.\n"
                             "var ROBOTS_SEARCH = ",
                             text, ";\n", error, cap);
    cJSON_free(text);
    if (!rc) rc = write_file_text(dir, "search.js", "", search_script, "", error, cap);
    return rc;
}

void site_search_box(FILE *f) {
    fprintf(f, "<form class=\"search\" id=\"search-form\" role=\"search\" action=\"#\">\n"
               "<label for=\"search\">Search the cases, their rules and the questions</label>\n"
               "<input id=\"search\" type=\"search\" autocomplete=\"off\" placeholder=\"e.g. Disallow: /*.pdf$, "
               "googlebot, 503, www\">\n"
               "<p id=\"search-count\" aria-live=\"polite\"></p>\n<ul id=\"search-results\"></ul>\n</form>\n"
               "<noscript><p>The search needs JavaScript; the areas below list every case.</p></noscript>\n"
               "<script src=\"search-index.js\"></script>\n<script src=\"search.js\"></script>\n");
}
