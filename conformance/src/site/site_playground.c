/*
 * site_playground.c - the site's playground page (playground.html), where a reader
 * tries their own robots.txt against the reference compiled to WebAssembly, and
 * the "try it" link of every case that opens it with the case loaded, and the
 * page's layout (playground.css). The page's script (conformance/playground/
 * engine.js, reading.js, playground.js) and the reference (robots-wasm.js) are
 * copied beside it by make site.
 */
#include "site_playground.h"

#include <errno.h>
#include <string.h>

#include "base64.h"
#include "buf.h"
#include "json.h"
#include "site_html.h"

/* playground.css: the page's own layout (the site's style.css gives the rest). The
 * results never scroll sideways: on a wide screen a table whose URL column is never
 * narrower than a URL's scheme and host, on a phone one card per result, each value
 * after its heading. A host wider than the screen itself wraps: playground.js marks
 * it. */
static const char playground_css[] =
    "form.playground input#location{width:100%;box-sizing:border-box;font-family:ui-monospace,monospace}\n"
    /* no box past the margin, and 16px text: a phone does not zoom in on a tap */
    "form.playground textarea,form.playground input{box-sizing:border-box;max-width:100%;font-size:16px}\n"
    "#results h2,h2{overflow-wrap:normal}\n"
    "#location-note,#encoding,#cap,#scope{margin:.25rem 0}\n"
    "#agent-notes:empty{display:none}\n"
    "#agent-notes li{margin:.25rem 0}\n"
    "#results{overflow:visible}\n"
    "table.results{width:100%;table-layout:auto}\n"
    "table.results td{overflow-wrap:break-word;word-break:normal}\n"
    "table.results td.url{min-width:12rem}\n"
    "table.results code.url{overflow-wrap:normal;word-break:normal}\n"
    "table.results code.url .origin{white-space:nowrap}\n"
    /* a host wider than the room there is (playground.js marks it) wraps anywhere */
    "table.results code.url .origin.wrap{white-space:normal;overflow-wrap:anywhere}\n"
    "table.results code.url .rest{overflow-wrap:anywhere}\n"
    "table.results td.why{min-width:14rem}\n"
    "table.results .answer{white-space:nowrap}\n"
    "table.results .learn{display:inline-block;margin-top:.25rem;font-size:.9em}\n"
    "table.results tr.result.differs td{background:#fff8e1}\n"
    "table.results tr.out-of-scope td,table.results tr.not-a-url td{background:#f3f3f3}\n"
    "table.results tr.result td:nth-child(4){color:inherit}\n"
    "ol.lines li{overflow-wrap:anywhere}\n"
    "ol.lines span.note a{margin-left:.25rem}\n"
    "ul.who li{margin:.35rem 0;overflow-wrap:anywhere}\n"
    "table.results th{overflow-wrap:normal;word-break:keep-all}\n"
    "#traps:empty{display:none}\n"
    "ul.who li.blocked strong{color:#a00}\n"
    "ul.who li.partly strong{color:#8a5a00}\n"
    "@media (max-width:40rem){\n"
    "table.results,table.results tbody,table.results tr,table.results td{display:block;width:auto;min-width:0}\n"
    "table.results thead{position:absolute;left:-10000px}\n"
    "table.results tr{border:1px solid var(--line);margin:.5rem 0}\n"
    "table.results td{border:none;padding:.2rem .5rem}\n"
    "table.results td[data-label]::before{content:attr(data-label) \": \";font-weight:bold;color:var(--muted)}\n"
    /* the URL on a line of its own, the whole card's width */
    "table.results td.url[data-label]::before{display:block}\n"
    "ol.lines span.n{width:2.5rem}\n"
    "ol.lines span.note{display:block;margin-left:2.5rem}\n"
    "}\n";

static int write_css(const char *dir, char *error, size_t cap) {
    char path[4096];
    snprintf(path, sizeof path, "%s/playground.css", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(error, cap, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    fputs(playground_css, f);
    int failed = ferror(f) | (fclose(f) != 0);
    if (failed) snprintf(error, cap, "%s: cannot write", path);
    return failed ? -1 : 0;
}

int site_playground(const char *dir, char *error, size_t cap) {
    if (write_css(dir, error, cap)) return -1;
    FILE *f = site_page_open(dir, "playground.html", "Playground: try your robots.txt", PAGE_PLAYGROUND, error, cap);
    if (!f) return -1;
    fprintf(f,
            "<link rel=\"stylesheet\" href=\"playground.css\">\n"
            "<p>Paste your robots.txt, the crawlers and the URLs, a line each: for each URL and crawler the page "
            "says whether Google and RFC 9309 let the crawler fetch it, which line decided, and why. Nothing is "
            "sent anywhere; the page's address keeps what you typed, to share.</p>\n"
            "<p id=\"status\" role=\"status\">Loading the reference&hellip;</p>\n"
            "<form class=\"playground\" onsubmit=\"return false\">\n"
            "<p><label for=\"robots\">robots.txt</label><br>\n"
            "<textarea id=\"robots\" rows=\"12\" cols=\"80\" spellcheck=\"false\">user-agent: *\n"
            "disallow: /private/\nallow: /private/public.html\n</textarea></p>\n"
            "<p><label for=\"file\">or a file</label> <input type=\"file\" id=\"file\"></p>\n"
            "<details id=\"compare-box\">\n<summary>Compare with another version of the file</summary>\n"
            "<p><label for=\"compare\">The other version, say the one you are about to ship: every answer that "
            "changes is listed under &ldquo;What changes&rdquo;, with the line that decides before and "
            "after</label><br>\n"
            "<textarea id=\"compare\" rows=\"8\" cols=\"80\" spellcheck=\"false\"></textarea></p>\n</details>\n"
            "<p><label for=\"location\">Where this robots.txt lives (its URL); empty: the first URL's</label><br>\n"
            "<input id=\"location\" type=\"text\" inputmode=\"url\" spellcheck=\"false\" autocomplete=\"off\" "
            "aria-describedby=\"location-note\"><br>\n"
            "<span id=\"location-note\"></span></p>\n"
            "<p><label for=\"agents\">Crawlers: user-agent tokens (Googlebot) or whole User-Agent headers, a line "
            "each</label><br>\n"
            "<textarea id=\"agents\" rows=\"6\" cols=\"40\" spellcheck=\"false\">FooBot</textarea></p>\n"
            "<p><label for=\"urls\">URLs, a line each</label><br>\n"
            "<textarea id=\"urls\" rows=\"4\" cols=\"80\" spellcheck=\"false\">https://example.com/private/page.html\n"
            "https://example.com/private/public.html\nhttps://example.com/</textarea></p>\n"
            "<p><button id=\"evaluate\" type=\"button\">Evaluate</button> <span id=\"timing\"></span></p>\n"
            "</form>\n");
    /* The results and the notes for tools: a string of its own (C's 4,095 bytes). */
    fputs("<h2>Results</h2>\n<p id=\"cap\"></p>\n<p id=\"encoding\"></p>\n<ul id=\"agent-notes\"></ul>\n"
            "<p id=\"scope\"></p>\n<div id=\"traps\" class=\"warning\"></div>\n<div id=\"changes\"></div>\n"
            "<div id=\"results\"></div>\n"
            "<h2 id=\"who-can-crawl\">Who can crawl this site</h2>\n"
            "<p>Every crawler of the <a href=\"crawler-catalog.html\">crawler catalog</a>, by what it is for: whether this "
            "file lets it in, keeps it out, or keeps it out of some paths, and which group decided.</p>\n"
            "<div id=\"who\"></div>\n"
            "<h2>The file as the parser read it</h2>\n"
            "<p>Each line numbered; the deciding line of the result chosen (click a result) is marked, the groups "
            "that applied start at the lines underlined, and lines read in a surprising way say how, with the "
            "case that shows it. A file that is not UTF-8 is shown byte for byte, as the parser reads it.</p>\n"
            "<ol id=\"lines\" class=\"lines\"></ol>\n"
            "<details class=\"for-tools\">\n<summary>For tools: how the results and the address are "
            "written</summary>\n<p>The answers come from this project's reference parser, compiled to "
            "WebAssembly and run in the page. Each URL and crawler is a row, <code>tr.result</code>, with <code>data-url</code>, "
            "<code>data-agent</code> (the product token asked with), <code>data-verdict</code> (<code>allowed</code>, "
            "<code>disallowed</code>, or <code>differs</code> when the profiles do not agree; "
            "<code>out-of-scope</code> or <code>not-a-url</code>, in one row per URL, when this file gives it no verdict) and, when the "
            "profiles agree, <code>data-line</code>. Inside it, each profile's answer is an element with "
            "<code>data-url</code>, <code>data-agent</code>, <code>data-profile</code> (<code>google</code> or "
            "<code>rfc9309</code>), <code>data-verdict</code> (<code>allowed</code> or <code>disallowed</code>) and "
            "<code>data-line</code> (the deciding line, 0 when no line decides). The address's fragment is "
            "<code>robots=&hellip;&amp;agents=&hellip;&amp;urls=&hellip;&amp;location=&hellip;</code> in "
            "<code>application/x-www-form-urlencoded</code> form, agents and URLs newline-separated, "
            "<code>location</code> left out when empty; a file that is not UTF-8 travels as "
            "<code>robots_base64=&hellip;</code>, its exact bytes, instead of <code>robots</code>. The other version "
            "of a comparison travels as <code>compare=&hellip;</code>; each answer that changes is a row "
            "<code>tr.change</code> of <code>#changes</code> with <code>data-url</code>, <code>data-agent</code>, "
            "<code>data-profile</code>, <code>data-before</code> and <code>data-after</code> (the verdicts) and "
            "<code>data-line-before</code> and <code>data-line-after</code>, and its row of the results has "
            "<code>data-changed</code>.</p>\n</details>\n"
            "<script src=\"robots-wasm.js\"></script>\n<script src=\"engine.js\"></script>\n"
            "<script src=\"reading.js\"></script>\n<script src=\"crawler-catalog.js\"></script>\n"
            "<script src=\"playground.js\"></script>\n",
          f);
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

/* The checks the playground answers: allow, and the AI usage preferences it shows
 * beside each verdict. */
static bool asks_agent_and_url(const check *k) {
    return k->kind == KIND_ALLOW || k->kind == KIND_USAGE || k->kind == KIND_SIGNAL;
}

/* Each distinct value of those checks, newline-separated. An empty one is left
 * out: the page reads a list a line each and skips empty lines, so it cannot ask
 * an empty agent (TOKEN-2). */
static void distinct(FILE *f, const tcase *c, bool agents) {
    bool any = false;
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (!asks_agent_and_url(k)) continue;
        const char *v = agents ? k->agent : k->url;
        if (!*v) continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = asks_agent_and_url(&c->checks[j]) && !strcmp(agents ? c->checks[j].agent : c->checks[j].url, v);
        if (seen) continue;
        if (any) form_encode(f, "\n", 1);
        form_encode(f, v, strlen(v));
        any = true;
    }
}

void site_playground_link(FILE *f, const tcase *c) {
    bool allow = false, named = false;
    for (size_t i = 0; i < c->nchecks; i++) {
        allow |= asks_agent_and_url(&c->checks[i]);
        named |= asks_agent_and_url(&c->checks[i]) && c->checks[i].agent[0] != '\0';
    }
    if (!allow) return; /* the playground asks of agents and URLs only */
    if (!named) {
        fprintf(f, "<p class=\"try-it-none\">Not in the playground: its checks ask with an empty crawler name, "
                   "which the playground, a name a line, cannot ask.</p>\n");
        return;
    }
    /* UTF-8 text travels as the text box's text (a NUL too); other bytes travel
     * whole, in base64, and the page says what their encoding is. A very long file
     * would make a link no browser keeps. */
    const robots_body *b = &c->robots;
    if (!b->present) return;
    bool text = true;
    for (size_t i = 0; text && i < b->len;) {
        size_t n = utf8_sequence(b->data + i, b->len - i);
        text = n > 0;
        i += n;
    }
    if (b->len > PLAYGROUND_LINK_MAX) {
        fprintf(f, "<p class=\"try-it-none\">Not in the playground: its robots.txt is too long for a link; paste it "
                   "there.</p>\n");
        return;
    }
    buf encoded = {NULL, 0, 0};
    if (!text && base64_encode(b->data, b->len, &encoded) != 0) {
        buf_free(&encoded);
        fprintf(f, "<p class=\"try-it-none\">Not in the playground: memory ran out while its link was written.</p>\n");
        return;
    }
    fprintf(f, "<p><a class=\"try-it\" href=\"playground.html#%s=", text ? "robots" : "robots_base64");
    if (text) form_encode(f, (const char *)b->data, b->len);
    else form_encode(f, encoded.data, encoded.len);
    buf_free(&encoded);
    fprintf(f, "&amp;agents=");
    distinct(f, c, true);
    fprintf(f, "&amp;urls=");
    distinct(f, c, false);
    fprintf(f, "\">Try it in the playground</a>: change the file, the agents or the URLs and see what "
               "changes.</p>\n");
}
