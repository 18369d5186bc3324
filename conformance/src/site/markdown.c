/* markdown.c - the documentation's Markdown as HTML (markdown.h), read and written
 * by cmark-gfm, the library GitHub renders Markdown with, with GitHub's table,
 * autolink and strikethrough extensions. What stays the site's own is what cmark
 * does not do: raw HTML shown as text, links rewritten to the site's pages,
 * GitHub's heading anchors, and the title left to the page's frame. */
#include "markdown.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include "buf.h"

/* ---- Memory -------------------------------------------------------------------------- */

/* cmark has no way to report a failed allocation: its own allocator aborts. This
 * one says so and ends the program with the runner's status for an error (2),
 * which is what every other part of robots-conform answers to running out. */
static void *out_of_memory(void) {
    fputs("robots-conform: out of memory (rendering the manual's Markdown)\n", stderr);
    exit(2);
}
static void *md_calloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    return p ? p : out_of_memory();
}
static void *md_realloc(void *p, size_t size) {
    void *q = realloc(p, size);
    return q ? q : out_of_memory();
}
static cmark_mem md_mem = {md_calloc, md_realloc, free};

/* ---- Parsing ------------------------------------------------------------------------- */

/* The text with every control byte but tab, line feed and carriage return as U+FFFD,
 * so that none reaches the page (cmark passes them through). */
static int cleaned(const char *text, size_t len, buf *out) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        int rc = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f ? buf_add(out, "\xEF\xBF\xBD", 3)
                                                                                 : buf_addc(out, (char)c);
        if (rc) return -1;
    }
    return 0;
}

static cmark_node *parse(const char *text, size_t len, cmark_llist **extensions, cmark_parser **parser) {
    cmark_gfm_core_extensions_ensure_registered();
    buf clean = {0};
    if (cleaned(text, len, &clean)) {
        buf_free(&clean);
        return NULL;
    }
    *parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, &md_mem);
    static const char *const names[] = {"table", "autolink", "strikethrough"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        cmark_syntax_extension *e = cmark_find_syntax_extension(names[i]);
        if (e) cmark_parser_attach_syntax_extension(*parser, e);
    }
    cmark_parser_feed(*parser, clean.data ? clean.data : "", clean.len);
    buf_free(&clean);
    *extensions = cmark_parser_get_syntax_extensions(*parser);
    return cmark_parser_finish(*parser);
}

/* A node's text as a reader sees it: its text and code, breaks as spaces. */
static int text_of(cmark_node *node, buf *out) {
    cmark_iter *it = cmark_iter_new(node);
    cmark_event_type ev;
    int rc = 0;
    while (!rc && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *n = cmark_iter_get_node(it);
        if (ev != CMARK_EVENT_ENTER) continue;
        cmark_node_type type = cmark_node_get_type(n);
        if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE) {
            const char *s = cmark_node_get_literal(n);
            rc = s ? buf_add(out, s, strlen(s)) : 0;
        } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
            rc = buf_addc(out, ' ');
        }
    }
    cmark_iter_free(it);
    return rc;
}

/* Every node of the kinds the site changes, in document order (a tree is not
 * changed while it is walked). */
typedef struct nodes {
    cmark_node **at;
    size_t n, cap;
} nodes;

static int collect(cmark_node *root, nodes *out) {
    cmark_iter *it = cmark_iter_new(root);
    cmark_event_type ev;
    int rc = 0;
    while (!rc && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *n = cmark_iter_get_node(it);
        cmark_node_type type = cmark_node_get_type(n);
        if (ev != CMARK_EVENT_ENTER ||
            (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_HTML_INLINE && type != CMARK_NODE_LINK &&
             type != CMARK_NODE_IMAGE && type != CMARK_NODE_HEADING))
            continue;
        if (out->n == out->cap) {
            size_t cap = out->cap ? out->cap * 2 : 64;
            cmark_node **at = realloc(out->at, cap * sizeof *at);
            if (!at) rc = -1;
            else out->at = at, out->cap = cap;
        }
        if (!rc) out->at[out->n++] = n;
    }
    cmark_iter_free(it);
    return rc;
}

/* ---- What the site changes ---------------------------------------------------------- */

static cmark_node *text_node(cmark_node_type type, const char *literal) {
    cmark_node *n = cmark_node_new_with_mem(type, &md_mem);
    cmark_node_set_literal(n, literal);
    return n;
}

/* Raw HTML is shown as the text it is, never passed through: an inline piece as
 * text, a block as a paragraph of its text. */
static void html_as_text(cmark_node *html) {
    const char *literal = cmark_node_get_literal(html);
    char *copy = strdup(literal ? literal : "");
    if (!copy) out_of_memory();
    size_t n = strlen(copy);
    while (n && (copy[n - 1] == '\n' || copy[n - 1] == '\r')) copy[--n] = '\0';
    cmark_node *text = text_node(CMARK_NODE_TEXT, copy);
    free(copy);
    if (cmark_node_get_type(html) == CMARK_NODE_HTML_BLOCK) {
        cmark_node *para = cmark_node_new_with_mem(CMARK_NODE_PARAGRAPH, &md_mem);
        cmark_node_append_child(para, text);
        text = para;
    }
    cmark_node_replace(html, text);
    cmark_node_free(html);
}

/* A link or image leads where the site carries its target; where it carries
 * nothing (a source file), its text stays, unlinked, followed by the target as
 * code unless the text already says it. */
static int rewrite_link(cmark_node *link, const markdown_links *links) {
    const char *url = cmark_node_get_url(link);
    if (!url) url = "";
    char to[2048];
    if (links && links->href && links->href(links->ctx, url, strlen(url), to, sizeof to)) {
        cmark_node_set_url(link, to);
        return 0;
    }
    buf said = {0};
    if (text_of(link, &said) || buf_addc(&said, '\0')) {
        buf_free(&said);
        return -1;
    }
    bool says_it = !strcmp(said.data, url);
    buf_free(&said);
    char *target = strdup(url);
    if (!target) return -1;
    cmark_node *child;
    while ((child = cmark_node_first_child(link))) cmark_node_insert_before(link, child);
    if (!says_it) {
        cmark_node_insert_before(link, text_node(CMARK_NODE_TEXT, " ("));
        cmark_node_insert_before(link, text_node(CMARK_NODE_CODE, target));
        cmark_node_insert_before(link, text_node(CMARK_NODE_TEXT, ")"));
    }
    free(target);
    cmark_node_free(link);
    return 0;
}

/* ---- Heading ids ------------------------------------------------------------------- */

void markdown_slug(const char *heading, size_t len, char *out, size_t cap) {
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < cap; i++) {
        unsigned char c = (unsigned char)heading[i];
        bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
        if (c >= 'A' && c <= 'Z') out[o++] = (char)(c - 'A' + 'a');
        else if (alnum || c == '-' || c == '_' || c >= 0x80) out[o++] = (char)c;
        else if (c == ' ') out[o++] = '-';
    }
    if (cap) out[o] = '\0';
}

/* Ids already given on the page, for GitHub's "-1", "-2" suffixes: an open
 * addressing table of offsets into `names` (each name NUL-terminated). */
typedef struct ids {
    buf names;
    size_t *slot; /* offset + 1; 0: empty */
    unsigned *count;
    size_t cap, used;
} ids;

static size_t hash(const char *s) {
    size_t h = 5381;
    for (; *s; s++) h = h * 33 + (unsigned char)*s;
    return h;
}

/* How many times id was given before (0 the first time); SIZE_MAX when memory ran out. */
static size_t id_seen(ids *t, const char *id) {
    if (t->used * 2 >= t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 64;
        size_t *slot = calloc(cap, sizeof *slot);
        unsigned *count = calloc(cap, sizeof *count);
        if (!slot || !count) {
            free(slot);
            free(count);
            return SIZE_MAX;
        }
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slot[i]) continue;
            size_t j = hash(t->names.data + t->slot[i] - 1) & (cap - 1);
            while (slot[j]) j = (j + 1) & (cap - 1);
            slot[j] = t->slot[i];
            count[j] = t->count[i];
        }
        free(t->slot);
        free(t->count);
        t->slot = slot;
        t->count = count;
        t->cap = cap;
    }
    size_t j = hash(id) & (t->cap - 1);
    while (t->slot[j]) {
        if (!strcmp(t->names.data + t->slot[j] - 1, id)) return t->count[j]++;
        j = (j + 1) & (t->cap - 1);
    }
    size_t at = t->names.len;
    if (buf_add(&t->names, id, strlen(id) + 1)) return SIZE_MAX;
    t->slot[j] = at + 1;
    t->count[j] = 1;
    t->used++;
    return 0;
}

/* A heading's id, as GitHub gives it: its slug, "-N" after the N-th repeat. */
static int heading_id(cmark_node *heading, ids *given, char *out, size_t cap) {
    buf text = {0};
    if (text_of(heading, &text)) {
        buf_free(&text);
        return -1;
    }
    char slug[512];
    markdown_slug(text.data ? text.data : "", text.len, slug, sizeof slug);
    buf_free(&text);
    size_t seen = id_seen(given, slug);
    if (seen == SIZE_MAX) return -1;
    if (seen) snprintf(out, cap, "%s-%zu", slug, seen);
    else snprintf(out, cap, "%s", slug);
    return 0;
}

/* ---- The document ------------------------------------------------------------------- */

/* Is c a control byte no page may hold (all but tab, line feed and carriage
 * return)? The text was cleaned of them before parsing, but a numeric character
 * reference (&#1;) puts one back: cmark decodes it into the text. */
static bool control_byte(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f; }

/* Writes HTML with each such byte as U+FFFD. */
static void put_clean(FILE *f, const char *s) {
    for (; *s; s++) {
        if (control_byte((unsigned char)*s)) fputs("\xEF\xBF\xBD", f);
        else fputc(*s, f);
    }
}

void markdown_title(const char *text, size_t len, char *out, size_t cap) {
    if (cap) out[0] = '\0';
    cmark_parser *parser;
    cmark_llist *extensions;
    cmark_node *doc = parse(text, len, &extensions, &parser);
    for (cmark_node *n = doc ? cmark_node_first_child(doc) : NULL; n; n = cmark_node_next(n)) {
        if (cmark_node_get_type(n) != CMARK_NODE_HEADING || cmark_node_get_heading_level(n) != 1) continue;
        buf title = {0};
        if (!text_of(n, &title)) {
            for (size_t i = 0; i < title.len; i++)
                if (control_byte((unsigned char)title.data[i])) title.data[i] = '?'; /* a byte, where U+FFFD needs three */
            snprintf(out, cap, "%.*s", (int)(title.len < 1024 ? title.len : 1024), title.data);
        }
        buf_free(&title);
        break;
    }
    if (doc) cmark_node_free(doc);
    if (doc) cmark_parser_free(parser);
}

int markdown_html(FILE *f, const char *text, size_t len, const markdown_links *links) {
    cmark_parser *parser;
    cmark_llist *extensions;
    cmark_node *doc = parse(text, len, &extensions, &parser);
    if (!doc) return -1;
    nodes found = {0};
    ids given = {0};
    int rc = collect(doc, &found);
    bool titled = false;
    for (size_t i = 0; !rc && i < found.n; i++) {
        cmark_node *n = found.at[i];
        cmark_node_type type = cmark_node_get_type(n);
        if (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE) html_as_text(n);
        else if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) rc = rewrite_link(n, links);
    }
    /* Each block at the top written on its own, so that a heading gets its id. */
    cmark_node *next;
    for (cmark_node *n = cmark_node_first_child(doc); !rc && n; n = next) {
        next = cmark_node_next(n);
        char id[600] = "";
        if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
            if (!titled && cmark_node_get_heading_level(n) == 1) {
                titled = true; /* the page's frame writes the title */
                continue;
            }
            rc = heading_id(n, &given, id, sizeof id);
        }
        char *html = cmark_render_html_with_mem(n, CMARK_OPT_DEFAULT, extensions, &md_mem);
        if (id[0] && !strncmp(html, "<h", 2) && html[3] == '>') {
            fprintf(f, "<h%c id=\"%s\">", html[2], id);
            put_clean(f, html + 4);
        } else {
            put_clean(f, html);
        }
        md_mem.free(html);
    }
    free(found.at);
    buf_free(&given.names);
    free(given.slot);
    free(given.count);
    cmark_node_free(doc);
    cmark_parser_free(parser);
    return rc;
}
