/*
 * manual.c - fuzz target: a document of the manual as the site's page
 * (conformance/src/site/markdown.c): cmark-gfm reads and writes the Markdown, and
 * what is the site's own must hold whatever the text. The HTML
 * - carries no markup of the input's: every '<' opens or closes an element
 *   cmark-gfm writes for Markdown (raw HTML is shown as text), every '&' starts one
 *   of the entities it writes, and no control byte but newline and tab gets through;
 * - nests: every element it opens is closed, in order (img, hr and br are empty);
 * - puts in href and src only what the site's link function gave (here: "pN.html"
 *   for a target of even length N, nothing for the others: such a link is text),
 *   and in an id only the characters of a heading's anchor;
 * and the title it finds is one line. The input is capped at 2 KiB (INPUT_CAP).
 */
#include <stdio.h>

#include "../common.h"
#include "markdown.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(link_not_from_link_function)
DEFINE_FINDING(id_holds_bad_byte)
DEFINE_FINDING(attribute_value_unescaped)
DEFINE_FINDING(out_of_memory)
DEFINE_FINDING(control_byte_in_html)
DEFINE_FINDING(stray_ampersand)
DEFINE_FINDING(stray_greater_than)
DEFINE_FINDING(stray_less_than)
DEFINE_FINDING(closing_tag_not_ended)
DEFINE_FINDING(closing_tag_unmatched)
DEFINE_FINDING(malformed_attribute)
DEFINE_FINDING(attribute_value_unended)
DEFINE_FINDING(tag_not_ended)
DEFINE_FINDING(element_not_closed)
DEFINE_FINDING(title_has_line_break)
DEFINE_FINDING(html_stream_failed)
DEFINE_FINDING(html_stream_not_closed)
DEFINE_FINDING(html_writer_failed)

/* GFM fills every short row of a table up to its header's columns, so n bytes make
 * up to n^2/32 cells (n/8 columns, n/4 one-cell rows), each written by cmark-gfm and
 * read again here: 0.8 s at 1 KiB under ASan+UBSan, 1.6 to 2.0 s at 2 KiB, 8.8 s at 4 KiB
 * (make fuzz-budget, issue 63: no input within the cap may pass 5 s). */
#define INPUT_CAP 2048

static int href(void *ctx, const char *target, size_t n, char *out, size_t cap) {
    (void)ctx;
    (void)target;
    if (n % 2) return 0;
    snprintf(out, cap, "p%zu.html", n);
    return 1;
}

static const char *const elements[] = {"h1", "h2",  "h3",    "h4",     "h5",    "h6",     "p",     "ul",
                                       "ol", "li",  "pre",   "code",   "em",    "strong", "a",     "img",
                                       "hr", "br",  "table", "thead",  "tbody", "tr",     "th",    "td",
                                       "del", "blockquote"};
static const char *const empty[] = {"img", "hr", "br"};

static bool one_of(const char *const *names, size_t count, const char *name, size_t n) {
    for (size_t i = 0; i < count; i++)
        if (strlen(names[i]) == n && !memcmp(names[i], name, n)) return true;
    return false;
}

static bool known_element(const char *name, size_t n) {
    return one_of(elements, sizeof elements / sizeof elements[0], name, n);
}

/* An attribute's value is one the reader may write there. */
static void check_value(const char *attr, size_t an, const char *v, size_t vn, const char *html, size_t len) {
    if ((an == 4 && !memcmp(attr, "href", 4)) || (an == 3 && !memcmp(attr, "src", 3))) {
        size_t k = 1;
        bool ok = vn > 6 && v[0] == 'p';
        while (ok && k < vn && v[k] >= '0' && v[k] <= '9') k++;
        if (!ok || k == 1 || vn - k != 5 || memcmp(v + k, ".html", 5)) {
            print_bytes("html", html, len);
            FINDING(link_not_from_link_function,
                    "%.*s=\"%.*s\" is not an address the link function gave", (int)an, attr, (int)vn, v);
        }
    } else if (an == 2 && !memcmp(attr, "id", 2)) {
        for (size_t k = 0; k < vn; k++) {
            unsigned char c = (unsigned char)v[k];
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c >= 0x80))
                FINDING(id_holds_bad_byte, "the id \"%.*s\" holds 0x%02X", (int)vn, v, c);
        }
    }
    for (size_t k = 0; k < vn; k++)
        if (v[k] == '<' || v[k] == '"') FINDING(attribute_value_unescaped, "an attribute value holds '%c'", v[k]);
}

/* The HTML is cmark-gfm's markup around escaped text. */
static void check_html(const char *html, size_t len) {
    /* Open elements: no more than one for every two bytes of HTML. */
    const char **stack = malloc((len / 2 + 1) * sizeof *stack);
    size_t *lens = malloc((len / 2 + 1) * sizeof *lens), depth = 0;
    REQUIRE(out_of_memory, stack && lens);
    static const char *const entities[] = {"&amp;", "&lt;", "&gt;", "&quot;"};
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)html[i];
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F)
            FINDING(control_byte_in_html, "a control byte 0x%02X in the HTML", c);
        if (c == '&') {
            size_t k = 0;
            while (k < sizeof entities / sizeof entities[0] &&
                   (len - i < strlen(entities[k]) || memcmp(html + i, entities[k], strlen(entities[k]))))
                k++;
            if (k == sizeof entities / sizeof entities[0]) {
                print_bytes("html", html, len);
                FINDING(stray_ampersand, "a '&' at %zu starts no entity the reader writes", i);
            }
            i += strlen(entities[k]);
            continue;
        }
        if (c == '>') FINDING(stray_greater_than, "a '>' outside a tag at %zu", i);
        if (c != '<') {
            i++;
            continue;
        }
        bool closing = i + 1 < len && html[i + 1] == '/';
        size_t at = i + 1 + closing, n = 0;
        while (at + n < len && ((html[at + n] >= 'a' && html[at + n] <= 'z') || (html[at + n] >= '0' && html[at + n] <= '9')))
            n++;
        if (!known_element(html + at, n)) {
            print_bytes("html", html, len);
            FINDING(stray_less_than, "a '<' at %zu opens no element the reader writes", i);
        }
        size_t end = at + n;
        if (closing) {
            if (end >= len || html[end] != '>')
                FINDING(closing_tag_not_ended, "a closing tag at %zu does not end at once", i);
            if (!depth || lens[depth - 1] != n || memcmp(stack[depth - 1], html + at, n)) {
                print_bytes("html", html, len);
                FINDING(closing_tag_unmatched, "</%.*s> at %zu closes what is not open", (int)n, html + at, i);
            }
            depth--;
            i = end + 1;
            continue;
        }
        /* Attributes: NAME="VALUE" separated by one space; an empty element may
         * end with " />". */
        bool is_empty = one_of(empty, sizeof empty / sizeof empty[0], html + at, n);
        while (end + 1 < len && html[end] == ' ' && html[end + 1] != '/') {
            size_t a = end + 1, an = 0;
            while (a + an < len && html[a + an] >= 'a' && html[a + an] <= 'z') an++;
            if (!an || a + an + 1 >= len || html[a + an] != '=' || html[a + an + 1] != '"')
                FINDING(malformed_attribute, "a malformed attribute at %zu", end);
            const char *v = html + a + an + 2;
            const char *q = memchr(v, '"', len - (size_t)(v - html));
            if (!q) FINDING(attribute_value_unended, "an attribute value at %zu never ends", end);
            check_value(html + a, an, v, (size_t)(q - v), html, len);
            end = (size_t)(q - html) + 1;
        }
        if (is_empty && end + 2 < len && !memcmp(html + end, " />", 3)) end += 2;
        if (end >= len || html[end] != '>') FINDING(tag_not_ended, "a tag at %zu does not end", i);
        if (!is_empty) {
            stack[depth] = html + at;
            lens[depth++] = n;
        }
        i = end + 1;
    }
    if (depth) FINDING(element_not_closed, "<%.*s> is never closed", (int)lens[depth - 1], stack[depth - 1]);
    free(stack);
    free(lens);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > INPUT_CAP) return 0;
    char title[1100];
    markdown_title((const char *)data, size, title, sizeof title);
    REQUIRE(title_has_line_break, !strchr(title, '\n'));
    char *html = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&html, &len);
    REQUIRE(html_stream_failed, f != NULL);
    markdown_links links = {href, NULL};
    int rc = markdown_html(f, (const char *)data, size, &links);
    REQUIRE(html_stream_not_closed, fclose(f) == 0);
    REQUIRE(html_writer_failed, rc == 0);
    check_html(html, len);
    free(html);
    return 0;
}
