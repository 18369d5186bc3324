/*
 * site_glossary.c - glossary.html (site_glossary.h): the words the site keeps
 * because nothing plainer says the same, each explained in a sentence or two for
 * a site owner, with the case that shows it.
 */
#include "site_glossary.h"

#include "site_html.h"

typedef struct term {
    const char *id;   /* its anchor: glossary.html#ID */
    const char *word;
    const char *meaning;
    const char *shown_by; /* a case that shows it ("area-ua.html#UA-1"), or NULL */
} term;

static const term terms[] = {
    {"crawler", "crawler (robot, bot)",
     "A program that fetches web pages by itself, for a search engine, an archive or an AI company. Before it "
     "fetches pages of a site it reads the site's robots.txt.",
     NULL},
    {"user-agent", "user agent and product token",
     "The name a crawler goes by. Its HTTP requests carry a whole User-Agent header (\"Mozilla/5.0 (compatible; "
     "Googlebot/2.1; ...)\"), but robots.txt groups are matched against its product token, the short name "
     "(\"Googlebot\"), without regard to case.",
     "area-ua.html#UA-1"},
    {"group", "group",
     "One or more user-agent lines and the rules that follow them. A crawler follows the group (or the groups, "
     "merged) that names it, and only when none does, the '*' group.",
     "area-group.html#GROUP-1"},
    {"rule", "rule: allow and disallow",
     "A line that says which paths a crawler may not fetch (disallow) or may fetch after all (allow). A URL no "
     "rule matches may be fetched.",
     "area-rule.html#RULE-1"},
    {"path", "path",
     "The part of a URL after the host: /shop/cart?item=3 in https://example.com/shop/cart?item=3. Rules are "
     "matched against the path with its query, from its first character, and case matters.",
     "area-match.html#MATCH-3"},
    {"wildcard", "wildcards: * and $",
     "In a rule, '*' stands for any run of characters, none included, and a '$' at the very end means the URL "
     "must end there.",
     "area-match.html#MATCH-8"},
    {"longest-match", "longest match",
     "When several rules match a URL, the longest one wins, counted in bytes of the rule as written; when an "
     "allow and a disallow are as long, the allow wins.",
     "area-prec.html#PREC-1"},
    {"percent-encoding", "percent-encoding",
     "How a URL writes characters it may not hold as they are: a space as %20, 'ü' as %C3%BC. Google's parser "
     "and RFC 9309 differ on whether %7E and '~' are the same.",
     "area-encoding.html#ENC-1"},
    {"byte", "byte and character",
     "A file is a run of bytes. A plain letter is one byte; 'ü' is two bytes in UTF-8 and one character. Lengths "
     "that decide which rule wins are counted in bytes.",
     NULL},
    {"utf-8", "UTF-8 and the BOM",
     "The encoding robots.txt must be written in. A BOM (byte order mark) is three invisible bytes some editors "
     "put at the start of a file; crawlers skip it there.",
     "area-format.html#FORMAT-4"},
    {"scope", "scope",
     "Which URLs a robots.txt governs: those with the same scheme, host and port as the file. "
     "https://www.example.com/ needs its own file; https://example.com/robots.txt says nothing about it.",
     "area-scope.html#SCOPE-2"},
    {"status", "HTTP status",
     "The number a server answers a request with: 200 (here it is), 404 (no such file), 503 (try later). What a "
     "crawler does when robots.txt is not a 200 depends on it.",
     "area-status.html#STATUS-5"},
    {"profile", "profile: Google and RFC 9309",
     "The two readings every case is judged by: what Google's crawler does (its open-source parser and its "
     "documentation) and what RFC 9309, the standard of 2022, says.",
     "differences.html"},
    {"ai-usage", "AI usage lines: Content-Usage and Content-Signal",
     "Lines that say how fetched pages may be used rather than whether they may be fetched: "
     "\"Content-Usage: search=y, train-ai=n\" (the IETF's draft) and \"Content-Signal: search=yes, "
     "ai-train=no\" (Cloudflare's Content Signals Policy). A crawler may follow them; nothing enforces them, and "
     "Google's parser ignores both. Like rules, they belong to the group they are written in.",
     "area-aipref.html#AIPREF-2"},
    {"google-extended", "Google-Extended",
     "A product token, not a crawler: Googlebot does the fetching, and a group naming Google-Extended that "
     "disallows a path tells Google not to use those pages for its AI models. Search is not affected.",
     "index.html#q-ai-training"},
    {"undefined", "undefined",
     "A question RFC 9309 does not answer. The case shows what the reference answers instead, and a parser is "
     "not judged on it.",
     NULL},
    {"class", "class",
     "What a verdict rests on, for implementers: spec (the documents the specification was written from), rfc "
     "(RFC 9309 says it), google-parser (Google's parser does it, no document says), fetcher (what a crawler "
     "does around its parser: size cap, HTTP status, caching, scope), url-input (the URL asked about is not "
     "a valid URL) and draft (a text on AI usage lines says it).",
     NULL},
    {"seed", "seed",
     "One of the five translations of Google's robots.txt specification, old or 2019 edition, that the tables "
     "were written from. The case pages cite them for implementers.",
     "sources.html"},
};

size_t site_glossary_count(void) { return sizeof terms / sizeof terms[0]; }

void site_glossary_at(size_t i, const char **id, const char **word, const char **meaning) {
    *id = terms[i].id;
    *word = terms[i].word;
    *meaning = terms[i].meaning;
}

int site_glossary(const char *dir, char *error, size_t cap) {
    FILE *f = site_page_open(dir, "glossary.html", "Glossary", PAGE_GLOSSARY, error, cap);
    if (!f) return -1;
    fprintf(f, "<p>The words this site keeps because nothing plainer says the same, each with a case that "
               "shows it.</p>\n<dl class=\"glossary\">\n");
    for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++) {
        const term *t = &terms[i];
        fprintf(f, "<dt id=\"%s\">", t->id);
        site_html_text(f, t->word);
        fprintf(f, "</dt>\n<dd>");
        site_html_text(f, t->meaning);
        if (t->shown_by) fprintf(f, " <a href=\"%s\">See it in a case.</a>", t->shown_by);
        fprintf(f, "</dd>\n");
    }
    fprintf(f, "</dl>\n");
    return site_page_close(f, dir, "glossary.html", error, cap);
}
