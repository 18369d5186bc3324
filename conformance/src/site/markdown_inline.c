/* markdown_inline.c - inline markup as HTML (markdown_inline.h). Read left to
 * right; every search for a closing delimiter remembers where it failed, so that a
 * later opener of the same kind does not search again: each position is scanned a
 * bounded number of times per nesting level. */
#include "markdown_inline.h"

#include <stdint.h>
#include <string.h>

static bool punct(char c) { return c > 0x20 && c < 0x7F && !md_alnum(c); }

void md_text(const md_out *o, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&': fputs("&amp;", o->f); break;
        case '<': fputs("&lt;", o->f); break;
        case '>': fputs("&gt;", o->f); break;
        case '"': fputs("&quot;", o->f); break;
        case '\t':
        case '\n': fputc(c, o->f); break;
        default:
            if (c < 0x20 || c == 0x7F) fputs("&#xFFFD;", o->f);
            else fputc(c, o->f);
        }
    }
}

/* Where searches from a position on are known to fail, per kind of closer. */
enum { CLOSE_STRONG_STAR, CLOSE_EM_STAR, CLOSE_STRONG_UNDER, CLOSE_EM_UNDER, CLOSE_KINDS };
#define MAX_TICKS 16

typedef struct scan {
    const char *s;
    size_t n;
    size_t fail[CLOSE_KINDS];
    size_t tick_fail[MAX_TICKS + 1];
    size_t next_bracket, next_paren; /* the next ']' and ')' at or after where asked; n: none */
    size_t bracket_from, paren_from; /* where those were looked for */
    size_t bad_close;                /* a ']' whose "(target)" is not one: n when none */
} scan;

/* The next c at or after `from` (n when none), remembered: positions asked for only grow. */
static size_t next_of(const scan *x, char c, size_t from, size_t *cached, size_t *asked) {
    if (*asked != SIZE_MAX && from >= *asked && from <= *cached) return *cached;
    const char *p = from < x->n ? memchr(x->s + from, c, x->n - from) : NULL;
    *asked = from;
    *cached = p ? (size_t)(p - x->s) : x->n;
    return *cached;
}

/* The closing run of exactly r backticks after `from`, or n. */
static size_t closing_ticks(scan *x, size_t from, size_t r) {
    if (from >= x->tick_fail[r]) return x->n;
    for (size_t q = from; q < x->n;) {
        if (x->s[q] != '`') {
            q++;
            continue;
        }
        size_t k = 0;
        while (q + k < x->n && x->s[q + k] == '`') k++;
        if (k == r) return q;
        q += k;
    }
    x->tick_fail[r] = from;
    return x->n;
}

/* The closer of an emphasis of `len` (1 or 2) characters c opened before `from`,
 * or n: a run of exactly len times c, not after white space (for '_', not followed
 * by a letter or digit). */
static size_t closing_emphasis(scan *x, size_t from, char c, size_t len) {
    int kind = c == '*' ? (len == 2 ? CLOSE_STRONG_STAR : CLOSE_EM_STAR) : (len == 2 ? CLOSE_STRONG_UNDER : CLOSE_EM_UNDER);
    if (from >= x->fail[kind]) return x->n;
    for (size_t q = from; q + len <= x->n; q++) {
        if (x->s[q] != c) continue;
        size_t k = 0;
        while (q + k < x->n && x->s[q + k] == c) k++;
        if (k == len && !md_white(x->s[q - 1]) && (c != '_' || q + k == x->n || !md_alnum(x->s[q + k]))) return q;
        q += k - 1;
    }
    x->fail[kind] = from;
    return x->n;
}

/* The target of a link: whether the site has a page for it (out set). */
static int resolve(const md_out *o, const char *t, size_t n, char *out, size_t cap) {
    return o->links && o->links->href ? o->links->href(o->links->ctx, t, n, out, cap) : 0;
}

/* A target the site does not carry, after the link's text: " (`target`)" unless the
 * text already says it. */
static void unlinked_target(const md_out *o, const char *text, size_t tn, const char *t, size_t n) {
    size_t a = 0, b = tn;
    while (a < b && text[a] == '`') a++;
    while (b > a && text[b - 1] == '`') b--;
    if (b - a == n && !memcmp(text + a, t, n)) return;
    fputs(" (<code>", o->f);
    md_text(o, t, n);
    fputs("</code>)", o->f);
}

/* [text](target) or ![alt](target) at s[i] ('[' or '!'): the length consumed, or 0. */
static size_t link_at(const md_out *o, scan *x, size_t i, int depth, bool in_link) {
    bool image = x->s[i] == '!';
    size_t open = i + image;
    size_t close = next_of(x, ']', open + 1, &x->next_bracket, &x->bracket_from);
    if (close + 1 >= x->n || x->s[close + 1] != '(' || close == x->bad_close) return 0;
    size_t end = next_of(x, ')', close + 2, &x->next_paren, &x->paren_from);
    const char *t = x->s + close + 2;
    size_t tn = end < x->n ? end - close - 2 : 0;
    for (size_t k = 0; k < tn; k++)
        if (md_white(t[k])) tn = 0;
    if (!tn) { /* every later '[' before it would find the same ']' */
        x->bad_close = close;
        return 0;
    }
    const char *text = x->s + open + 1;
    size_t text_n = close - open - 1;
    char href[2048];
    int linked = resolve(o, t, tn, href, sizeof href);
    if (image) {
        if (linked) {
            fputs("<img src=\"", o->f);
            md_text(o, href, strlen(href));
            fputs("\" alt=\"", o->f);
            md_text(o, text, text_n);
            fputs("\">", o->f);
        } else {
            md_text(o, text, text_n);
            unlinked_target(o, text, text_n, t, tn);
        }
    } else if (linked && !in_link) {
        fputs("<a href=\"", o->f);
        md_text(o, href, strlen(href));
        fputs("\">", o->f);
        md_inline(o, text, text_n, depth + 1, true);
        fputs("</a>", o->f);
    } else {
        md_inline(o, text, text_n, depth + 1, in_link);
        if (!in_link) unlinked_target(o, text, text_n, t, tn);
    }
    return end + 1 - i;
}

void md_inline(const md_out *o, const char *s, size_t n, int depth, bool in_link) {
    if (depth > MARKDOWN_MAX_DEPTH) {
        md_text(o, s, n);
        return;
    }
    scan x = {s, n, {0}, {0}, n, n, SIZE_MAX, SIZE_MAX, n};
    for (size_t k = 0; k < CLOSE_KINDS; k++) x.fail[k] = SIZE_MAX;
    for (size_t k = 0; k <= MAX_TICKS; k++) x.tick_fail[k] = SIZE_MAX;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '\\' && i + 1 < n && punct(s[i + 1])) {
            md_text(o, s + i + 1, 1);
            i += 2;
            continue;
        }
        if (c == '`') {
            size_t r = 0;
            while (i + r < n && s[i + r] == '`') r++;
            size_t close = r <= MAX_TICKS ? closing_ticks(&x, i + r, r) : n;
            if (close == n) {
                md_text(o, s + i, r);
                i += r;
                continue;
            }
            size_t a = i + r, b = close;
            /* One space each side goes when both are there (so ` `` ` shows ``). */
            if (b - a >= 2 && s[a] == ' ' && s[b - 1] == ' ') a++, b--;
            fputs("<code>", o->f);
            for (size_t k = a; k < b; k++) md_text(o, s[k] == '\n' ? " " : s + k, 1);
            fputs("</code>", o->f);
            i = close + r;
            continue;
        }
        if ((c == '[' || (c == '!' && i + 1 < n && s[i + 1] == '[')) && depth < MARKDOWN_MAX_DEPTH) {
            size_t used = link_at(o, &x, i, depth, in_link);
            if (used) {
                i += used;
                continue;
            }
        }
        if ((c == '*' || c == '_') && !(c == '_' && i > 0 && md_alnum(s[i - 1]))) {
            size_t run = 0;
            while (i + run < n && s[i + run] == c) run++;
            if (run > 2) { /* *** and longer: text */
                md_text(o, s + i, run);
                i += run;
                continue;
            }
            size_t len = run;
            for (; len >= 1; len--) {
                if (i + len >= n || md_white(s[i + len])) continue;
                size_t close = closing_emphasis(&x, i + len + 1, c, len);
                if (close == n) continue;
                fputs(len == 2 ? "<strong>" : "<em>", o->f);
                md_inline(o, s + i + len, close - i - len, depth + 1, in_link);
                fputs(len == 2 ? "</strong>" : "</em>", o->f);
                i = close + len;
                break;
            }
            if (len >= 1) continue;
        }
        md_text(o, s + i, 1);
        i++;
    }
}
