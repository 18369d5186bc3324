/* markdown.c - the documentation's Markdown as HTML (markdown.h): the blocks.
 * They are found line by line; a list item's lines are handed, dedented, to the
 * same block reader one level deeper; what a block holds is inline markup
 * (markdown_inline.c). */
#include "markdown.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "markdown_inline.h"

typedef struct span {
    const char *s;
    size_t n;
} span;

/* Ids already given on the page, for GitHub's "-1", "-2" suffixes: an open
 * addressing table of offsets into `names` (each name NUL-terminated). */
typedef struct ids {
    buf names;
    size_t *slot; /* offset + 1; 0: empty */
    unsigned *count;
    size_t cap, used;
} ids;

typedef struct md {
    md_out out;
    ids ids;
    bool titled; /* the first level-1 heading was left out */
    bool nomem;
} md;

static size_t indent_of(span l) {
    size_t i = 0;
    while (i < l.n && md_space(l.s[i])) i++;
    return i;
}

static bool blank(span l) { return indent_of(l) == l.n; }

/* ---- Line kinds -------------------------------------------------------------------- */

/* The number of backticks of a fence line (up to 3 spaces, then ``` or more), or 0. */
static size_t fence_of(span l) {
    size_t i = indent_of(l);
    if (i > 3) return 0;
    size_t k = 0;
    while (i + k < l.n && l.s[i + k] == '`') k++;
    return k >= 3 ? k : 0;
}

/* Whether l closes a fence of `open` backticks: as many or more, then only spaces. */
static bool closes_fence(span l, size_t open) {
    size_t i = indent_of(l), k = 0;
    if (i > 3) return false;
    while (i + k < l.n && l.s[i + k] == '`') k++;
    return k >= open && indent_of((span){l.s + i + k, l.n - i - k}) == l.n - i - k;
}

/* A heading's level (1-6) and text, or 0. */
static int heading_of(span l, span *text) {
    size_t k = 0;
    while (k < l.n && k < 7 && l.s[k] == '#') k++;
    if (k == 0 || k > 6 || (k < l.n && l.s[k] != ' ')) return 0;
    size_t a = k, b = l.n;
    while (a < b && md_space(l.s[a])) a++;
    while (b > a && md_space(l.s[b - 1])) b--;
    size_t hashes = b; /* a closing run of '#' after a space goes */
    while (hashes > a && l.s[hashes - 1] == '#') hashes--;
    if (hashes < b && (hashes == a || md_space(l.s[hashes - 1]))) {
        b = hashes;
        while (b > a && md_space(l.s[b - 1])) b--;
    }
    *text = (span){l.s + a, b - a};
    return (int)k;
}

typedef struct marker {
    bool ordered;
    unsigned long start;
    size_t indent, content; /* the marker's column, its content's */
} marker;

/* A list item's marker: up to 3 spaces, then -, * or +, or 1 to 9 digits and '.'
 * or ')', then a space (or the end of the line). */
static bool marker_of(span l, marker *m) {
    size_t i = indent_of(l), k = i;
    if (i > 3 || i == l.n) return false;
    m->ordered = false;
    m->start = 1;
    if (l.s[k] == '-' || l.s[k] == '*' || l.s[k] == '+') {
        k++;
    } else {
        unsigned long v = 0;
        while (k < l.n && k - i < 9 && l.s[k] >= '0' && l.s[k] <= '9') v = v * 10 + (unsigned long)(l.s[k++] - '0');
        if (k == i || k == l.n || (l.s[k] != '.' && l.s[k] != ')')) return false;
        k++;
        m->ordered = true;
        m->start = v;
    }
    if (k < l.n && !md_space(l.s[k])) return false;
    size_t after = k;
    while (after < l.n && md_space(l.s[after])) after++;
    m->indent = i;
    /* One to four spaces before the content; more, and the content is indented code. */
    m->content = after == l.n || after - k > 4 ? k + 1 : after;
    return true;
}

/* A table's delimiter row: only '|', '-', ':' and spaces, with a '-' and a '|'. */
static bool table_delimiter(span l) {
    bool dash = false, pipe = false;
    for (size_t i = 0; i < l.n; i++) {
        char c = l.s[i];
        if (c == '-') dash = true;
        else if (c == '|') pipe = true;
        else if (c != ':' && !md_space(c)) return false;
    }
    return dash && pipe;
}

static bool has_pipe(span l) { return memchr(l.s, '|', l.n) != NULL; }

/* Whether l ends a paragraph without a blank line before it. */
static bool interrupts(span l, int depth) {
    span t;
    marker mk;
    /* A list interrupts only when it has content and, if ordered, starts at 1. */
    return fence_of(l) || heading_of(l, &t) ||
           (depth < MARKDOWN_MAX_DEPTH && marker_of(l, &mk) && (!mk.ordered || mk.start == 1) && mk.content < l.n);
}

/* ---- Heading ids ----------------------------------------------------------------- */

void markdown_slug(const char *heading, size_t len, char *out, size_t cap) {
    size_t o = 0;
    for (size_t i = 0; i < len && o + 1 < cap; i++) {
        unsigned char c = (unsigned char)heading[i];
        if (c >= 'A' && c <= 'Z') out[o++] = (char)(c - 'A' + 'a');
        else if (md_alnum((char)c) || c == '-' || c == '_' || c >= 0x80) out[o++] = (char)c;
        else if (c == ' ') out[o++] = '-';
    }
    if (cap) out[o] = '\0';
}

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

/* ---- Blocks ------------------------------------------------------------------------- */

static void blocks(md *m, const span *lines, size_t n, int depth, bool tight);

static void code_block(md *m, const span *lines, size_t from, size_t to, span info) {
    fputs("<pre><code", m->out.f);
    if (info.n) {
        fputs(" class=\"language-", m->out.f);
        md_text(&m->out, info.s, info.n);
        fputs("\"", m->out.f);
    }
    fputs(">", m->out.f);
    for (size_t k = from; k < to; k++) {
        md_text(&m->out, lines[k].s, lines[k].n);
        fputc('\n', m->out.f);
    }
    fputs("</code></pre>\n", m->out.f);
}

/* The lines [from, to) joined by '\n', each without its leading and trailing
 * spaces, shown as inline text. */
static void paragraph(md *m, const span *lines, size_t from, size_t to, bool tight) {
    buf b = {0};
    for (size_t k = from; k < to && !m->nomem; k++) {
        span l = lines[k];
        size_t a = indent_of(l), e = l.n;
        while (e > a && md_space(l.s[e - 1])) e--;
        if ((k > from && buf_addc(&b, '\n')) || buf_add(&b, l.s + a, e - a)) m->nomem = true;
    }
    if (!m->nomem) {
        if (!tight) fputs("<p>", m->out.f);
        md_inline(&m->out, b.data ? b.data : "", b.len, 0, false);
        fputs(tight ? "\n" : "</p>\n", m->out.f);
    }
    buf_free(&b);
}

static void heading(md *m, int level, span text) {
    if (level == 1 && !m->titled) {
        m->titled = true;
        return;
    }
    char slug[256];
    markdown_slug(text.s, text.n, slug, sizeof slug - 24); /* room for "-N" */
    size_t seen = id_seen(&m->ids, slug);
    if (seen == SIZE_MAX) {
        m->nomem = true;
        return;
    }
    if (seen) snprintf(slug + strlen(slug), 24, "-%zu", seen);
    fprintf(m->out.f, "<h%d id=\"", level);
    md_text(&m->out, slug, strlen(slug));
    fputs("\">", m->out.f);
    md_inline(&m->out, text.s, text.n, 0, false);
    fprintf(m->out.f, "</h%d>\n", level);
}

/* A table row's cells: their text kept one after another in `text` ("\|" read as
 * '|'), cell c being text[starts[c], starts[c] + lens[c]); at most max cells (the
 * rest of the row goes to the last). Returns how many. */
static size_t row_cells(md *m, span l, buf *text, size_t *starts, size_t *lens, size_t max) {
    size_t a = indent_of(l), b = l.n;
    while (b > a && md_space(l.s[b - 1])) b--;
    if (a < b && l.s[a] == '|') a++;
    if (b > a && l.s[b - 1] == '|' && !(b - 1 > a && l.s[b - 2] == '\\')) b--;
    text->len = 0;
    size_t count = 1;
    starts[0] = 0;
    for (size_t k = a; k < b && !m->nomem; k++) {
        bool escaped_pipe = l.s[k] == '\\' && k + 1 < b && l.s[k + 1] == '|';
        if (l.s[k] == '|' && count < max) {
            lens[count - 1] = text->len - starts[count - 1];
            starts[count++] = text->len;
            continue;
        }
        if (buf_addc(text, escaped_pipe ? '|' : l.s[k])) m->nomem = true;
        k += escaped_pipe;
    }
    lens[count - 1] = text->len - starts[count - 1];
    return count;
}

/* A cell's text without the spaces around it. */
static span trimmed(const buf *text, size_t start, size_t len) {
    const char *s = text->data ? text->data + start : "";
    while (len && md_space(s[len - 1])) len--;
    while (len && md_space(*s)) s++, len--;
    return (span){s, len};
}

#define MAX_COLUMNS 64

/* The table whose header is lines[i]: the index after its last row. */
static size_t table(md *m, const span *lines, size_t i, size_t n) {
    size_t starts[MAX_COLUMNS], lens[MAX_COLUMNS];
    const char *align[MAX_COLUMNS];
    buf text = {0};
    size_t columns = row_cells(m, lines[i + 1], &text, starts, lens, MAX_COLUMNS);
    for (size_t c = 0; c < columns; c++) {
        span t = trimmed(&text, starts[c], lens[c]);
        bool left = t.n && t.s[0] == ':', right = t.n && t.s[t.n - 1] == ':';
        align[c] = left && right ? " style=\"text-align:center\"" : right ? " style=\"text-align:right\"" : "";
    }
    fputs("<div class=\"wide\"><table>\n<thead><tr>", m->out.f);
    size_t k = i;
    for (bool head = true; k < n && !m->nomem; k = head ? k + 2 : k + 1, head = false) {
        if (!head && (blank(lines[k]) || !has_pipe(lines[k]) || fence_of(lines[k]))) break;
        if (!head) fputs("<tr>", m->out.f);
        size_t got = row_cells(m, lines[k], &text, starts, lens, MAX_COLUMNS);
        for (size_t c = 0; c < columns && !m->nomem; c++) {
            span t = c < got ? trimmed(&text, starts[c], lens[c]) : (span){"", 0};
            const char *tag = head ? "th" : "td";
            fprintf(m->out.f, "<%s%s>", tag, align[c]);
            md_inline(&m->out, t.s, t.n, 0, false);
            fprintf(m->out.f, "</%s>", tag);
        }
        fputs(head ? "</tr></thead>\n<tbody>\n" : "</tr>\n", m->out.f);
    }
    fputs("</tbody></table></div>\n", m->out.f);
    buf_free(&text);
    return k;
}

/* The list that starts at lines[i]: the index after its last item. */
static size_t list(md *m, const span *lines, size_t i, size_t n, int depth) {
    marker first;
    marker_of(lines[i], &first);
    /* Loose (paragraphs in <p>) when a blank line separates anything in it. */
    size_t end = i;
    bool loose = false;
    span *item = malloc(n * sizeof *item);
    if (!item) {
        m->nomem = true;
        return n;
    }
    if (first.ordered && first.start != 1) fprintf(m->out.f, "<ol start=\"%lu\">\n", first.start);
    else fputs(first.ordered ? "<ol>\n" : "<ul>\n", m->out.f);
    size_t s = i;
    marker mk = first;
    /* Two passes over the items: the first finds where the list ends and whether
     * it is loose, the second writes it. */
    for (int pass = 0; pass < 2 && !m->nomem; pass++) {
        s = i;
        mk = first;
        for (;;) {
            size_t j = s + 1;
            while (j < n) {
                if (blank(lines[j])) {
                    size_t k = j;
                    while (k < n && blank(lines[k])) k++;
                    if (k < n && indent_of(lines[k]) >= mk.content) {
                        j = k;
                        continue;
                    }
                    break;
                }
                marker other;
                span t;
                if (indent_of(lines[j]) >= mk.content) {
                    j++;
                    continue;
                }
                if (marker_of(lines[j], &other) || fence_of(lines[j]) || heading_of(lines[j], &t) ||
                    blank(lines[j - 1]))
                    break;
                j++; /* a lazy continuation of the item's paragraph */
            }
            if (pass == 0) {
                for (size_t k = s + 1; k < j; k++)
                    if (blank(lines[k])) loose = true;
            } else {
                size_t count = 0;
                item[count++] = mk.content <= lines[s].n ? (span){lines[s].s + mk.content, lines[s].n - mk.content}
                                                         : (span){lines[s].s + lines[s].n, 0};
                for (size_t k = s + 1; k < j; k++) {
                    size_t cut = indent_of(lines[k]);
                    if (cut > mk.content) cut = mk.content;
                    item[count++] = (span){lines[k].s + cut, lines[k].n - cut};
                }
                fputs("<li>", m->out.f);
                if (loose) fputc('\n', m->out.f);
                blocks(m, item, count, depth + 1, !loose);
                fputs("</li>\n", m->out.f);
            }
            end = j;
            size_t k = j;
            while (k < n && blank(lines[k])) k++;
            marker next;
            if (k < n && marker_of(lines[k], &next) && next.ordered == first.ordered && next.indent < mk.content) {
                if (k > j && pass == 0) loose = true;
                s = k;
                mk = next;
                continue;
            }
            break;
        }
    }
    fputs(first.ordered ? "</ol>\n" : "</ul>\n", m->out.f);
    free(item);
    return end;
}

static void blocks(md *m, const span *lines, size_t n, int depth, bool tight) {
    size_t i = 0;
    while (i < n && !m->nomem) {
        span l = lines[i], text;
        marker mk;
        int level;
        size_t ticks;
        if (blank(l)) {
            i++;
        } else if ((ticks = fence_of(l))) {
            /* The info string's first word names the language (```c file=x.c: c). */
            size_t a = indent_of(l) + ticks, b;
            while (a < l.n && md_space(l.s[a])) a++;
            for (b = a; b < l.n && !md_space(l.s[b]);) b++;
            size_t j = i + 1;
            while (j < n && !closes_fence(lines[j], ticks)) j++;
            code_block(m, lines, i + 1, j, (span){l.s + a, b - a});
            i = j < n ? j + 1 : n; /* an unclosed fence runs to the end */
        } else if ((level = heading_of(l, &text))) {
            heading(m, level, text);
            i++;
        } else if (has_pipe(l) && i + 1 < n && table_delimiter(lines[i + 1])) {
            i = table(m, lines, i, n);
        } else if (depth < MARKDOWN_MAX_DEPTH && marker_of(l, &mk)) {
            i = list(m, lines, i, n, depth);
        } else {
            size_t j = i + 1;
            while (j < n && !blank(lines[j]) && !interrupts(lines[j], depth)) j++;
            paragraph(m, lines, i, j, tight);
            i = j;
        }
    }
}

/* ---- The document -------------------------------------------------------------------- */

/* The document's lines, without their ends (LF, or CR LF); *count set. NULL when
 * memory ran out. */
static span *split_lines(const char *text, size_t len, size_t *count) {
    size_t n = 1;
    for (size_t i = 0; i < len; i++) n += text[i] == '\n';
    span *lines = malloc(n * sizeof *lines);
    if (!lines) return NULL;
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '\n') continue;
        size_t e = i;
        if (e > start && text[e - 1] == '\r') e--;
        if (i < len || e > start) lines[k++] = (span){text + start, e - start};
        start = i + 1;
    }
    *count = k;
    return lines;
}

void markdown_title(const char *text, size_t len, char *out, size_t cap) {
    if (cap) out[0] = '\0';
    size_t n;
    span *lines = split_lines(text, len, &n);
    if (!lines) return;
    size_t ticks = 0;
    for (size_t i = 0; i < n; i++) {
        span t;
        if (ticks) {
            if (closes_fence(lines[i], ticks)) ticks = 0;
        } else if ((ticks = fence_of(lines[i]))) {
            continue;
        } else if (heading_of(lines[i], &t) == 1) {
            snprintf(out, cap, "%.*s", (int)(t.n < 1024 ? t.n : 1024), t.s);
            break;
        }
    }
    free(lines);
}

int markdown_html(FILE *f, const char *text, size_t len, const markdown_links *links) {
    size_t n;
    span *lines = split_lines(text, len, &n);
    if (!lines) return -1;
    md m = {{f, links}, {{0}, NULL, NULL, 0, 0}, false, false};
    blocks(&m, lines, n, 0, false);
    free(lines);
    buf_free(&m.ids.names);
    free(m.ids.slot);
    free(m.ids.count);
    return m.nomem ? -1 : 0;
}
