/*
 * site_playground.c - the site's playground page (playground.html), where a reader
 * tries their own robots.txt against the reference compiled to WebAssembly, and
 * the "try it" link of every case that opens it with the case loaded. The page's
 * script (conformance/playground/engine.js, playground.js) and the reference
 * (robots-wasm.js) are copied beside it by make site.
 */
#include "site_playground.h"

#include <string.h>

#include "json.h"
#include "site_html.h"

int site_playground(const char *dir, char *error, size_t cap) {
    FILE *f = site_page_open(dir, "playground.html", "Playground: try your robots.txt", PAGE_PLAYGROUND, error, cap);
    if (!f) return -1;
    fprintf(f,
            "<p>Paste a robots.txt (or drop a file on it, or choose one), the crawler's user-agent tokens and the "
            "URLs to ask about, a line each. For every URL and agent, under both profiles, the reference answers "
            "as it does in the atlas: the verdict, the line and the group that decided, and why. Everything runs "
            "in this page: the reference is compiled to WebAssembly, nothing is sent anywhere and nothing is "
            "kept. The page's address holds what you typed, so a link to it shows the same.</p>\n"
            "<p id=\"status\" role=\"status\">Loading the reference&hellip;</p>\n"
            "<form class=\"playground\" onsubmit=\"return false\">\n"
            "<p><label for=\"robots\">robots.txt</label><br>\n"
            "<textarea id=\"robots\" rows=\"12\" cols=\"80\" spellcheck=\"false\">user-agent: *\n"
            "disallow: /private/\nallow: /private/public.html\n</textarea></p>\n"
            "<p><label for=\"file\">or a file</label> <input type=\"file\" id=\"file\"></p>\n"
            "<p><label for=\"agents\">User-agent tokens, a line each</label><br>\n"
            "<textarea id=\"agents\" rows=\"3\" cols=\"40\" spellcheck=\"false\">FooBot</textarea></p>\n"
            "<p><label for=\"urls\">URLs, a line each</label><br>\n"
            "<textarea id=\"urls\" rows=\"4\" cols=\"80\" spellcheck=\"false\">https://example.com/private/page.html\n"
            "https://example.com/private/public.html\nhttps://example.com/</textarea></p>\n"
            "<p><button id=\"evaluate\" type=\"button\">Evaluate</button> <span id=\"timing\"></span></p>\n"
            "</form>\n"
            "<h2>Results</h2>\n<p id=\"cap\"></p>\n<ul id=\"scope\"></ul>\n<div id=\"results\" class=\"wide\"></div>\n"
            "<h2>The file as the parser read it</h2>\n"
            "<p>Each line numbered; the deciding line of the result chosen (click a result) is marked, the groups "
            "that applied start at the lines underlined, and lines read in a surprising way say how.</p>\n"
            "<ol id=\"lines\" class=\"lines\"></ol>\n"
            "<h2>For tools</h2>\n<p>Each result is an element with <code>data-url</code>, <code>data-agent</code>, "
            "<code>data-profile</code> (<code>google</code> or <code>rfc9309</code>), <code>data-verdict</code> "
            "(<code>allowed</code> or <code>disallowed</code>) and <code>data-line</code> (the deciding line, 0 when "
            "no line decides). The address's fragment is <code>robots=&hellip;&amp;agents=&hellip;&amp;urls=&hellip;"
            "</code> in <code>application/x-www-form-urlencoded</code> form, agents and URLs newline-separated.</p>\n"
            "<script src=\"robots-wasm.js\"></script>\n<script src=\"engine.js\"></script>\n"
            "<script src=\"playground.js\"></script>\n");
    return site_page_close(f, dir, "playground.html", error, cap);
}

/* Text as application/x-www-form-urlencoded writes it: space as '+', the
 * unreserved characters as they are, every other octet %XX. */
static void form_encode(FILE *f, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ') fputc('+', f);
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || memchr("*-._", c, 4))
            fputc(c, f);
        else fprintf(f, "%%%02X", c);
    }
}

/* Each distinct value of the case's allow checks, newline-separated. */
static void distinct(FILE *f, const tcase *c, bool agents) {
    bool any = false;
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (k->kind != KIND_ALLOW) continue;
        const char *v = agents ? k->agent : k->url;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = c->checks[j].kind == KIND_ALLOW && !strcmp(agents ? c->checks[j].agent : c->checks[j].url, v);
        if (seen) continue;
        if (any) form_encode(f, "\n", 1);
        form_encode(f, v, strlen(v));
        any = true;
    }
}

void site_playground_link(FILE *f, const tcase *c) {
    bool allow = false;
    for (size_t i = 0; i < c->nchecks; i++) allow |= c->checks[i].kind == KIND_ALLOW;
    if (!allow) return; /* the playground asks allow questions only */
    /* Bytes that are not UTF-8 cannot travel in the form (the page reads text; a
     * NUL can), and a very long file would make a link no browser keeps. */
    const robots_body *b = &c->robots;
    bool text = b->present;
    for (size_t i = 0; text && i < b->len;) {
        size_t n = utf8_sequence(b->data + i, b->len - i);
        text = n > 0;
        i += n;
    }
    if (!text || b->len > PLAYGROUND_LINK_MAX) {
        fprintf(f, "<p class=\"try-it-none\">Not in the playground: %s.</p>\n",
                !text ? "its robots.txt holds bytes that are not UTF-8 text, which a page's text box cannot"
                      : "its robots.txt is too long for a link; paste it there");
        return;
    }
    fprintf(f, "<p><a class=\"try-it\" href=\"playground.html#robots=");
    form_encode(f, (const char *)b->data, b->len);
    fprintf(f, "&amp;agents=");
    distinct(f, c, true);
    fprintf(f, "&amp;urls=");
    distinct(f, c, false);
    fprintf(f, "\">Try it in the playground</a>: change the file, the agents or the URLs and see what "
               "changes.</p>\n");
}
