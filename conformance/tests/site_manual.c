/*
 * site_manual.c - the site's manual (robots-conform --site, site_docs.c and
 * markdown.c): every page of the documentation is a page of the site with the
 * atlas's header; nothing of it is lost on the way (every heading, code span and
 * line of code of the Markdown is on its page); every link of the whole site leads
 * to a file and an id that exist; the Markdown the documentation is written in
 * renders as GitHub renders it, hostile text included; and what is not the
 * documentation is refused with the file.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "selftest.h"

/* ---- Helpers ------------------------------------------------------------------------ */

/* s with & < > " escaped as the pages escape text, into b (NUL-terminated). */
static void escaped(buf *b, const char *s, size_t n) {
    b->len = 0;
    for (size_t i = 0; i < n; i++) {
        const char *e = s[i] == '&' ? "&amp;" : s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : s[i] == '"' ? "&quot;" : NULL;
        if (e) buf_add(b, e, strlen(e));
        else buf_addc(b, s[i]);
    }
    buf_addc(b, '\0');
}

static bool exists(const char *dir, const char *name) {
    char path[PATH_MAX + 4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Every `attr="..."` of a page that points into the site: the file exists, and an
 * anchor is an id of that page (playground.html's fragment is its data, not an
 * anchor). Returns how many do not. */
static int broken_refs(const char *dir, const char *name, const char *text, const char *attr) {
    int broken = 0;
    size_t attr_n = strlen(attr);
    for (const char *p = strstr(text, attr); p; p = strstr(p + attr_n, attr)) {
        const char *v = p + attr_n, *end = strchr(v, '"');
        if (!end) break;
        char value[4096];
        snprintf(value, sizeof value, "%.*s", (int)(end - v), v);
        bool web = false;
        for (const char *c = value; *c && *c != '/' && *c != '#'; c++)
            if (*c == ':') web = true;
        if (web) continue;
        char *hash = strchr(value, '#');
        if (hash) *hash++ = '\0';
        const char *file = *value ? value : name;
        if (!exists(dir, file)) {
            printf("  %s: %s%s leads to no file\n", name, attr, value);
            broken++;
        } else if (hash && strcmp(file, "playground.html") && strstr(file, ".html")) {
            /* Most anchors are the page's own: it is read, not read again per link. */
            char *other = strcmp(file, name) ? page(dir, file) : NULL;
            const char *target = other ? other : text;
            char id[4200];
            snprintf(id, sizeof id, "id=\"%s\"", hash);
            if (!strstr(target, id)) {
                printf("  %s: %s%s#%s: %s has no such id\n", name, attr, value, hash, file);
                broken++;
            }
            free(other);
        }
    }
    return broken;
}

/* Every link and source of every page of the site. */
static int broken_links(const char *dir) {
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    if (!d) return 1;
    int broken = 0, pages = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".html")) continue;
        char *text = page(dir, e->d_name);
        /* Scripts aside: make site copies the playground's beside the pages. */
        broken += broken_refs(dir, e->d_name, text, "href=\"") + broken_refs(dir, e->d_name, text, "<img src=\"");
        free(text);
        pages++;
    }
    closedir(d);
    CHECK(pages > 30);
    return broken;
}

/* The code spans of a paragraph (its lines joined, each without its indentation),
 * as the page shows them: a newline as a space, one space each side dropped when
 * both are there, and in a table "\|" as '|'. Returns how many are not in html. */
static int lost_spans(const char *source, const char *text, bool table, const char *html) {
    int lost = 0;
    buf want = {0}, span = {0};
    for (const char *p = text; (p = strchr(p, '`'));) {
        size_t r = strspn(p, "`");
        const char *close = p + r;
        while ((close = strchr(close, '`')) && strspn(close, "`") != r) close += strspn(close, "`");
        if (!close) break;
        const char *a = p + r, *b = close;
        if (b - a >= 2 && a[0] == ' ' && b[-1] == ' ') a++, b--;
        span.len = 0;
        for (const char *c = a; c < b; c++) {
            if (table && c[0] == '\\' && c + 1 < b && c[1] == '|') continue;
            buf_addc(&span, *c == '\n' ? ' ' : *c);
        }
        escaped(&want, span.data ? span.data : "", span.len);
        buf_add(&span, "", 0);
        char *code = malloc(want.len + 16);
        sprintf(code, "<code>%s</code>", want.data);
        if (span.len && !strstr(html, code)) {
            printf("  %s: the code span %s is not on its page\n", source, code);
            lost++;
        }
        free(code);
        p = close + r;
    }
    buf_free(&want);
    buf_free(&span);
    return lost;
}

/* Nothing of SOURCE is lost on its page: every code span of its paragraphs, list
 * items and tables, and every line of every fenced block is there, escaped.
 * Returns how many are missing. */
static int lost_facts(const char *source, const char *html) {
    char *md = page(".", source);
    int lost = 0;
    bool fenced = false, table = false;
    buf want = {0}, para = {0};
    for (char *line = md, *next;; line = next) {
        bool end = !*line;
        next = end ? line : strchr(line, '\n');
        next = end ? line : next ? next + 1 : line + strlen(line);
        size_t n = end ? 0 : (size_t)(next - line) - (next[-1] == '\n');
        while (n && *line == ' ') line++, n--; /* inside a list item, as dedented */
        bool fence = n >= 3 && !strncmp(line, "```", 3);
        if ((end || fence || !n) && para.len) { /* the paragraph so far */
            buf_addc(&para, '\0');
            lost += lost_spans(source, para.data, table, html);
            para.len = 0;
        }
        if (end) break;
        if (fence) {
            fenced = !fenced;
        } else if (fenced) {
            escaped(&want, line, n);
            if (!strstr(html, want.data)) {
                printf("  %s: the code line \"%s\" is not on its page\n", source, want.data);
                lost++;
            }
        } else if (n) {
            if (!para.len) table = *line == '|';
            if (para.len) buf_addc(&para, '\n');
            buf_add(&para, line, n);
        }
    }
    buf_free(&want);
    buf_free(&para);
    free(md);
    return lost;
}

/* How many of the texts DIR/NAME does not hold, each of them printed. */
static int page_lacks(const char *dir, const char *name, const char *const *texts, size_t n) {
    char *html = page(dir, name);
    int missing = 0;
    for (size_t i = 0; i < n; i++) {
        if (strstr(html, texts[i])) continue;
        printf("  %s lacks: %s\n", name, texts[i]);
        missing++;
    }
    free(html);
    return missing;
}
#define PAGE_LACKS(dir, name, ...)                                                                           \
    page_lacks(dir, name, (const char *const[]){__VA_ARGS__},                                               \
               sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

/* ---- The project's documentation ---------------------------------------------------- */

/* The <header> of a page with the mark of the current page taken out. */
static void header_of(const char *html, char *out, size_t cap) {
    const char *a = strstr(html, "<header>"), *b = a ? strstr(a, "</header>") : NULL;
    out[0] = '\0';
    if (!a || !b) return;
    size_t o = 0;
    static const char mark[] = " aria-current=\"page\"";
    for (const char *p = a; p < b && o + 1 < cap;) {
        if (!strncmp(p, mark, sizeof mark - 1)) p += sizeof mark - 1;
        else out[o++] = *p++;
    }
    out[o] = '\0';
}

void site_manual_is_the_documentation(void) {
    snprintf(scratch, sizeof scratch, "/tmp/robots-conform-manual-XXXXXX");
    CHECK(mkdtemp(scratch) != NULL);
    char dir[256];
    snprintf(dir, sizeof dir, "%s/site", scratch);
    proc_result r = conform_run(ARGS("--site", dir), 60);
    CHECK(r.status == 0);
    proc_result_free(&r);

    /* The same header as the atlas, with Manual in it and marked on the manual. */
    char *index = page(dir, "index.html"), *manual = page(dir, "manual.html");
    char atlas_header[4096], manual_header[4096];
    header_of(index, atlas_header, sizeof atlas_header);
    header_of(manual, manual_header, sizeof manual_header);
    CHECK(atlas_header[0] && !strcmp(atlas_header, manual_header));
    free(index);
    free(manual);
    CHECK(PAGE_LACKS(dir, "index.html", "<li><a href=\"manual.html\">Manual</a></li>") == 0);
    /* docs/README.md's table of pages, its links rewritten to the site's pages. */
    CHECK(PAGE_LACKS(dir, "manual.html", "<li><a href=\"manual.html\" aria-current=\"page\">Manual</a></li>",
                     "<h1>Documentation</h1>", "<a href=\"manual-runner.html\">runner.md</a>",
                     "<a href=\"protocol.html\">conformance/PROTOCOL.md</a>",
                     "<a href=\"project.html\">the README</a>") == 0);

    /* Every page of docs/, and the documents beside it, each from its source. */
    static const struct {
        const char *source, *page, *title;
    } pages[] = {
        {"README.md", "project.html", "<h1>robots.txt reference and conformance suite</h1>"},
        {"docs/README.md", "manual.html", "<h1>Documentation</h1>"},
        {"CHANGELOG.md", "changelog.html", "<h1>Changelog</h1>"},
        {"conformance/PROTOCOL.md", "protocol.html", "<h1>"},
        {"conformance/adapters/README.md", "adapters.html", "<h1>"},
        {"conformance/crawl/README.md", "crawlers.html", "<h1>Crawlers under test: robots-crawl</h1>"},
        {"docs/census.md", "manual-census.html", "<h1>robots census: the reference over a corpus</h1>"},
        {"docs/coverage.md", "manual-coverage.html", "<h1>Coverage</h1>"},
        {"docs/crawlers.md", "manual-crawlers.html", "<h1>The crawler catalog</h1>"},
        {"docs/fuzzing.md", "manual-fuzzing.html", "<h1>"},
        {"docs/layout.md", "manual-layout.html", "<h1>Layout and design</h1>"},
        {"docs/library.md", "manual-library.html", "<h1>"},
        {"docs/profiles.md", "manual-profiles.html", "<h1>"},
        {"docs/robots-command.md", "manual-robots-command.html", "<h1>The robots command</h1>"},
        {"docs/review.md", "manual-review.html", "<h1>Review a robots.txt change before it ships</h1>"},
        {"docs/runner.md", "manual-runner.html", "<h1>Checking a parser with robots-conform</h1>"},
        {"docs/scope-and-status.md", "manual-scope-and-status.html", "<h1>"},
        {"docs/site.md", "manual-site.html", "<h1>"},
        {"docs/speed.md", "manual-speed.html", "<h1>Speed</h1>"},
        {"docs/tables.md", "manual-tables.html", "<h1>The case tables</h1>"},
        {"docs/tests.md", "manual-tests.html", "<h1>The test suite</h1>"},
        {"docs/usage-preferences.md", "manual-usage-preferences.html",
         "<h1>AI usage preferences: Content-Usage and Content-Signal</h1>"},
    };
    int docs = 0;
    DIR *d = opendir("docs");
    for (struct dirent *e; d && (e = readdir(d));) docs += strstr(e->d_name, ".md") != NULL;
    if (d) closedir(d);
    int listed = 0;
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) listed += !strncmp(pages[i].source, "docs/", 5);
    CHECK(docs == listed); /* a new page of docs/ is added here too */
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        char *html = page(dir, pages[i].page);
        char footer[256];
        snprintf(footer, sizeof footer, "from <code>%s</code>, a page of the project's documentation", pages[i].source);
        if (!strstr(html, pages[i].title) || !strstr(html, footer)) printf("  %s: no title or footer\n", pages[i].page);
        CHECK(strstr(html, pages[i].title) && strstr(html, footer));
        CHECK(strstr(html, "<nav aria-label=\"Site\">"));
        CHECK(lost_facts(pages[i].source, html) == 0);
        /* Every link to a Markdown file became a link to its page. */
        CHECK(!strstr(html, ".md\"") && !strstr(html, ".md#"));
        free(html);
    }
    /* A source file the site does not carry: its path, as code. */
    CHECK(PAGE_LACKS(dir, "manual-runner.html", "<a href=\"manual.html\">All documentation</a>",
                     "href=\"protocol.html\"", "(<code>../action.yml</code>)") == 0);
    CHECK(PAGE_LACKS(dir, "project.html", "<a href=\"manual-runner.html\">checking a parser</a>",
                     "<a href=\"scorecard.html\">conformance/SCORECARD.md</a>",
                     "<h2 id=\"two-commands\">Two commands</h2>", "<img src=\"images/atlas-case.png\"") == 0);

    CHECK(broken_links(dir) == 0);
    remove_tree(scratch);
}

/* ---- The Markdown ---------------------------------------------------------------------- */

static void write_doc(const char *root, const char *name, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, name);
    write_file(path, text);
}

static const char fixture_index[] =
    "# Fixture manual\n"
    "\n"
    "[Front](../README.md), [edge](edge.md#second-part), [source](../src/thing.c),\n"
    "[`tool.c`](../src/tool.c), [web](https://example.org/x?a=1&b=2), [here](#fixture-manual),\n"
    "[out](../../etc/passwd), [ftp](ftp://example.org/).\n"
    "\n"
    "![the picture](images/shot.png)\n";

static const char fixture_edge[] =
    "# Edge cases\n"
    "\n"
    "## Second part\n"
    "## Second part\n"
    "### `--flag`: options & more\n"
    "\n"
    "1. one\n"
    "2. two\n"
    "   - nested *em* and **strong** and `code <x>`\n"
    "   - deeper\n"
    "     1. three\n"
    "\n"
    "Then:\n"
    "\n"
    "7. seven\n"
    "\n"
    "| a | b |\n"
    "| :-- | --: |\n"
    "| `x \\| y` | <script>alert(1)</script> |\n"
    "\n"
    "```sh\n"
    "echo \"<b>\" && true\n"
    "```\n"
    "\n"
    "Text with \\*escaped\\* stars, snake_case_words and a control \x01 byte.\n"
    "\n"
    "```\n"
    "unclosed fence <i>\n";

/* A scratch directory with ROOT/docs/ for a manual and DIR for its site. */
static void scratch_manual(char *root, char *dir, size_t cap) {
    make_scratch();
    char docs[200];
    snprintf(root, cap, "%s/root", scratch);
    snprintf(dir, cap, "%s/site", scratch);
    snprintf(docs, sizeof docs, "%s/docs", root);
    CHECK(mkdir(root, 0777) == 0 && mkdir(docs, 0777) == 0);
}

void site_manual_renders_markdown(void) {
    char root[128], dir[128], sub[160];
    scratch_manual(root, dir, sizeof root);
    snprintf(sub, sizeof sub, "%s/docs/images", root);
    mkdir(sub, 0777);
    write_doc(root, "README.md", "# The fixture\n\nSee [the manual](docs/README.md).\n");
    write_doc(root, "docs/README.md", fixture_index);
    write_doc(root, "docs/edge.md", fixture_edge);
    write_doc(root, "docs/images/shot.png", "not really a PNG");

    /* Hostile text: long runs of every delimiter, deep nesting, many
     * headings of one name. The run's timeout bounds its cost. */
    buf hostile = {0};
    buf_add(&hostile, "# Hostile\n\n", 11);
    for (int i = 0; i < 200000; i++) buf_addc(&hostile, '*');
    buf_addc(&hostile, '\n');
    for (int i = 0; i < 100000; i++) buf_add(&hostile, "[`_", 3);
    buf_add(&hostile, "](\n\n", 4);
    for (int i = 0; i < 40; i++) {
        for (int k = 0; k < i * 2; k++) buf_addc(&hostile, ' ');
        buf_add(&hostile, "- level\n", 8);
    }
    for (int i = 0; i < 3000; i++) buf_add(&hostile, "\n## again\n", 10);
    buf_addc(&hostile, '\0');
    write_doc(root, "docs/hostile.md", hostile.data);
    buf_free(&hostile);

    proc_result r = conform_run(ARGS("--site", dir, "--manual", root), 60);
    CHECK(r.status == 0 && !r.timed_out);
    proc_result_free(&r);

    /* Links to pages, to the web and to anchors; out of the project, or another
     * scheme: not a link. */
    CHECK(PAGE_LACKS(dir, "manual.html", "<title>Fixture manual - robots.txt atlas</title>",
                     "<a href=\"project.html\">Front</a>", "<a href=\"manual-edge.html#second-part\">edge</a>",
                     "source (<code>../src/thing.c</code>)", "<code>tool.c</code> (<code>../src/tool.c</code>)",
                     "<a href=\"https://example.org/x?a=1&amp;b=2\">web</a>", "<a href=\"#fixture-manual\">here</a>",
                     "out (<code>../../etc/passwd</code>)", "ftp (<code>ftp://example.org/</code>)",
                     "<img src=\"images/shot.png\" alt=\"the picture\" />") == 0);
    char *shot = page(dir, "images/shot.png");
    CHECK(!strcmp(shot, "not really a PNG"));
    free(shot);
    CHECK(PAGE_LACKS(dir, "project.html", "<h1>The fixture</h1>", "<a href=\"manual.html\">the manual</a>") == 0);

    /* As GitHub renders them (cmark-gfm), with GitHub's heading ids. */
    static const char *const want[] = {
        "<h2 id=\"second-part\">Second part</h2>",
        "<h2 id=\"second-part-1\">Second part</h2>",
        "<h3 id=\"--flag-options--more\"><code>--flag</code>: options &amp; more</h3>",
        ("<ol>\n<li>one</li>\n<li>two\n<ul>\n<li>nested <em>em</em> and <strong>strong</strong> and "
         "<code>code &lt;x&gt;</code></li>\n<li>deeper\n<ol>\n<li>three</li>\n</ol>\n</li>\n</ul>\n</li>\n</ol>"),
        "<p>Then:</p>\n<ol start=\"7\">\n<li>seven</li>\n</ol>",
        "<thead>\n<tr>\n<th align=\"left\">a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>",
        "<td align=\"left\"><code>x | y</code></td>\n<td align=\"right\">&lt;script&gt;alert(1)&lt;/script&gt;</td>",
        "<pre><code class=\"language-sh\">echo &quot;&lt;b&gt;&quot; &amp;&amp; true\n</code></pre>",
        "<p>Text with *escaped* stars, snake_case_words and a control \xEF\xBF\xBD byte.</p>",
        "<pre><code>unclosed fence &lt;i&gt;\n</code></pre>",
    };
    CHECK(page_lacks(dir, "manual-edge.html", want, sizeof want / sizeof want[0]) == 0);
    char *edge = page(dir, "manual-edge.html");
    CHECK(!strstr(edge, "<script>"));
    free(edge);
    /* A run of stars is a thematic break, forty levels of list are forty lists, and
     * the 3,000th repeat of a heading gets its id: all within the run's timeout. */
    CHECK(PAGE_LACKS(dir, "manual-hostile.html", "<h2 id=\"again-2999\">again</h2>", "<hr />") == 0);
    char *hostile_page = page(dir, "manual-hostile.html");
    size_t levels = 0;
    for (const char *p = hostile_page; (p = strstr(p, "<li>level")); p++) levels++;
    CHECK(levels == 40);
    free(hostile_page);
    remove_tree(scratch);
}

/* ---- Refusals -------------------------------------------------------------------------- */

void site_manual_refuses_what_is_not_documentation(void) {
    char root[128], dir[128], sub[160];
    scratch_manual(root, dir, sizeof root);

    /* No docs/README.md: not the documentation. */
    proc_result r = conform_run(ARGS("--site", dir, "--manual", root), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "/root: no docs/README.md"));
    proc_result_free(&r);

    /* A page past the cap: refused with its name. */
    write_doc(root, "docs/README.md", "# Small\n");
    char *big = malloc(((size_t)1 << 20) + 2);
    memset(big, 'a', ((size_t)1 << 20) + 1);
    big[((size_t)1 << 20) + 1] = '\0';
    write_doc(root, "docs/big.md", big);
    free(big);
    r = conform_run(ARGS("--site", dir, "--manual", root), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "docs/big.md: larger than 1048576 bytes"));
    proc_result_free(&r);
    snprintf(sub, sizeof sub, "%s/docs/big.md", root);
    unlink(sub);

    /* Two pages whose names differ only where a page's name cannot: refused, not
     * one written over the other. */
    write_doc(root, "docs/a b.md", "# A\n");
    write_doc(root, "docs/a_b.md", "# B\n");
    r = conform_run(ARGS("--site", dir, "--manual", root), 60);
    CHECK(r.status == 2 && r.err.data && strstr(r.err.data, "docs/a b.md and ") &&
          strstr(r.err.data, "docs/a_b.md would both be manual-a_b.html: rename one"));
    proc_result_free(&r);

    /* Found nowhere (the program elsewhere, run from elsewhere): the site is made,
     * and its manual page says how to give the documentation. */
    char copy[300], here[PATH_MAX], cmd[PATH_MAX * 5 + 2048];
    snprintf(sub, sizeof sub, "%s/bin", scratch);
    mkdir(sub, 0777);
    snprintf(copy, sizeof copy, "%s/robots-conform", sub);
    CHECK(getcwd(here, sizeof here) != NULL);
    snprintf(cmd, sizeof cmd,
             "cp '%s' '%s' && cd '%s' && '%s' --site site --cases '%s/conformance/cases' "
             "--schema '%s/conformance/case-table.schema.json' --index '%s/conformance/spec-examples.json' "
             "--catalog '%s/conformance/crawler-catalog.json'",
             conform, copy, scratch, copy, here, here, here, here);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    CHECK(proc_run(argv, NULL, 0, 60, 1 << 20, &r) == 0 && r.status == 0);
    proc_result_free(&r);
    char *manual = page(dir, "manual.html");
    CHECK(strstr(manual, "Give the directory that holds <code>README.md</code> and <code>docs/</code> with "
                         "<code>--manual DIR</code>"));
    free(manual);
    remove_tree(scratch);
}
