/*
 * atlas.c - every lesson as Markdown: conformance/ATLAS.md (robots-conform
 * --atlas). The same model as the website (lesson.h), in GitHub's Markdown: the
 * numbered robots.txt, a table of checks with each profile's verdict, deciding
 * line and group, and an index of the cases where the profiles differ, by cause.
 */
#include <stdlib.h>
#include <string.h>

#include "lesson.h"

static void md_text(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '|') fputs("\\|", f);
        else if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '*' || *s == '_' || *s == '`' || *s == '[' || *s == ']' || *s == '\\' || *s == '$') {
            fputc('\\', f);
            fputc(*s, f);
        } else fputc(*s, f);
    }
}

/* Inline code that may hold backquotes or pipes, for table cells. */
static void md_code_glyph(void *ctx, const glyph *g) {
    FILE *f = ctx;
    if (g->kind == GLYPH_ELIDED) {
        fprintf(f, " [... %u bytes in all ...] ", (unsigned)g->code);
        return;
    }
    if (g->kind != GLYPH_TEXT && g->kind != GLYPH_NON_ASCII) {
        for (size_t i = 0; i < g->len; i++) fprintf(f, "\\x%02X", g->s[i]);
        return;
    }
    for (size_t i = 0; i < g->len; i++) {
        unsigned char b = g->s[i];
        if (b == '<') fputs("&lt;", f);
        else if (b == '>') fputs("&gt;", f);
        else if (b == '&') fputs("&amp;", f);
        else if (b == '|') fputs("&#124;", f);
        else fputc(b, f);
    }
}

static void md_code_bytes(FILE *f, const char *s, size_t n) {
    fputs("<code>", f);
    lesson_glyphs((const unsigned char *)s, n, true, md_code_glyph, f);
    fputs("</code>", f);
}

static void md_code(FILE *f, const char *s) {
    md_code_bytes(f, s, strlen(s));
}

static void md_piece(void *ctx, bool value, const char *text) {
    if (value) md_code(ctx, text);
    else md_text(ctx, text);
}

/* One profile's cell: the verdict, then for allow checks the deciding line and the
 * group on lines of their own. */
static void verdict_cell(FILE *f, check_kind kind, const lesson_view *v) {
    char words[1200];
    lesson_expected_words(v, words, sizeof words);
    md_text(f, words);
    if (lesson_usage_words(kind, v, words, sizeof words)) { /* usage, signal: the line and why */
        fprintf(f, "<br>");
        md_text(f, words);
    }
    if (!v->has_verdict) return;
    lesson_deciding_words(v, words, sizeof words);
    fprintf(f, "<br>");
    md_text(f, words);
    if (v->verdict.rule != ROBOTS_RULE_NONE) md_code_bytes(f, v->pattern, v->verdict.pattern_len);
    md_text(f, lesson_why_words(v->verdict.why));
    lesson_group_words(v, words, sizeof words);
    fprintf(f, "<br>");
    md_text(f, words);
}

/* An anchor of our own before each case heading: GitHub's own anchors are made
 * from the whole heading and change with its title. */
static void case_anchor(char *out, size_t cap, const char *id) {
    size_t o = 0;
    for (const char *p = id; *p && o + 1 < cap; p++) out[o++] = (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
    out[o] = '\0';
}

/* GitHub's anchor of an area heading. */
static void heading_anchor(char *out, size_t cap, const char *text) {
    size_t o = 0;
    for (const char *p = text; *p && o + 1 < cap; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-') out[o++] = *p;
        else if (*p >= 'A' && *p <= 'Z') out[o++] = (char)(*p - 'A' + 'a');
        else if (*p == ' ') out[o++] = '-';
    }
    out[o] = '\0';
}

/* The checks as a table: a row each, a column per profile. */
static void checks_markdown(FILE *f, const lesson *l) {
    fprintf(f, "| # | check |");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) fprintf(f, " %s |", robots_profile_name((robots_profile_id)p));
    fprintf(f, " basis |\n| --- | --- |");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) fprintf(f, " --- |");
    fprintf(f, " --- |\n");
    for (size_t i = 0; i < l->nchecks; i++) {
        const lesson_check *x = &l->checks[i];
        fprintf(f, "| %d | ", x->k->number);
        lesson_check_pieces(x, md_piece, f);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            fprintf(f, " | ");
            verdict_cell(f, x->k->kind, &x->view[p]);
        }
        fprintf(f, " | ");
        md_text(f, x->basis);
        fprintf(f, " |\n");
    }
    fprintf(f, "\n");
}

/* A line per check that has something to add: why the profiles differ, what the
 * documents say, its note. */
static void check_notes_markdown(FILE *f, const lesson *l) {
    for (size_t i = 0; i < l->nchecks; i++) {
        const lesson_check *x = &l->checks[i];
        const check *k = x->k;
        if (!k->note && !k->spec && x->same_expectation) continue;
        fprintf(f, "- Check %d: ", k->number);
        if (x->may_agree) {
            fprintf(f, "Google and RFC 9309 agree in practice: RFC 9309 leaves it to the crawler (MAY), and "
                       "Google's answer is one it allows%s", k->spec || k->note ? ". " : ".");
        } else if (!x->same_expectation) {
            fprintf(f, "the profiles differ by **");
            md_text(f, lesson_cause_name(x->cause));
            fprintf(f, "** (");
            md_text(f, lesson_cause_meaning(x->cause));
            fprintf(f, ")%s", k->spec || k->note ? ". " : ".");
        }
        if (k->spec) {
            fprintf(f, "the documents say ");
            md_text(f, k->spec);
            fprintf(f, k->note ? ". " : ".");
        }
        if (k->note) md_text(f, k->note);
        fprintf(f, "\n");
    }
}

static void lesson_markdown(FILE *f, const lesson *l) {
    const tcase *c = l->c;
    char a[128];
    case_anchor(a, sizeof a, c->id);
    fprintf(f, "\n<a id=\"%s\"></a>\n\n### %s: ", a, c->id);
    md_text(f, c->title);
    fprintf(f, "\n\n");
    if (c->robots.present) {
        fprintf(f, "```%s\n", c->robots.base64 ? " exact bytes, non-printable ones as \\xHH" : "");
        for (size_t i = 0; i < l->nlines; i++) lesson_line_plain(f, &l->lines[i]);
        fprintf(f, "```\n\n");
    }
    checks_markdown(f, l);
    check_notes_markdown(f, l);
    fprintf(f, "\n");
    md_text(f, c->note);
    fprintf(f, "\n\nSources:\n\n");
    for (size_t k = 0; k < l->nsources; k++) {
        fprintf(f, "- ");
        md_text(f, l->sources[k].text);
        if (l->sources[k].gloss[0]) {
            fprintf(f, " (");
            md_text(f, l->sources[k].gloss);
            fprintf(f, ")");
        }
        fprintf(f, "\n");
    }
}

static void introduction(FILE *f, const suite *s, size_t cases, size_t checks) {
    const table *odd;
    const char *version = suite_tables_version(s, &odd);
    fprintf(f, "# Atlas of robots.txt edge cases\n\n");
    fprintf(f, "Generated by `make atlas` from `conformance/cases/*.json`");
    if (version && !odd) fprintf(f, ", version %s of the tables (CHANGELOG.md)", version);
    fprintf(f, ": do not edit by hand.\n");
    fprintf(f, "%zu cases, %zu checks. Each case shows its robots.txt with numbered lines, its checks with the\n"
               "answer each profile expects (google: Google's parser; rfc9309: RFC 9309), the line that decides\n"
               "each allow check and the group that applied, why, and where the rule is written. Where a\n"
               "profile leaves a check open (undefined), the reference's answer is shown.\n"
               "`robots-conform --explain ID` prints any case with the reference's reasons; `make site` builds\n"
               "the same as a website (build/site/index.html).\n\n",
            cases, checks);
    fprintf(f, "## How to read a score\n\n"
               "Every check says what its verdict rests on (the basis column; `--basis` selects by it):\n\n"
               "- **spec**: the specification's documents state it (where the old and 2019 editions differ, the\n"
               "  check says which); **rfc**: RFC 9309 states it explicitly. A parser that follows the documents\n"
               "  should pass every check resting on spec or rfc, under the profile it claims: "
               "`--basis spec,rfc,-fetcher,-url-input`.\n"
               "- **google-parser**: what Google's open-source parser does and no document says (a NUL ends a\n"
               "  line, 16,663-byte lines, key prefixes such as `Disallowed:`, `* text` as the global agent, escape\n"
               "  normalisation, the index.html rule). Only Google-exactness needs these; a parser that fails them\n"
               "  reads robots.txt the way the documents allow, not the way Google does.\n"
               "- **fetcher**: what a crawler does around its parser: the 500 KiB size cap, HTTP status,\n"
               "  redirects, caching, the robots.txt URL and its scope. The runner plays the fetcher's part for the\n"
               "  size cap (it hands a target at most 512,000 bytes), so a parser is not failed for reading\n"
               "  what it is given; the other fetcher checks are asked only of targets that answer those kinds.\n"
               "- **url-input**: the URL handed over is not valid RFC 3986 (a raw space, raw non-ASCII, a bare\n"
               "  `%%`, a relative reference): how a parser treats input a caller should not give.\n\n"
               "Where RFC 9309 leaves a verdict open, the rfc9309 expectation is undefined: answers are shown,\n"
               "not judged. Sources name documents of `conformance/spec-examples.json`, the specification's\n"
               "index: the five seeds (translations of Google's specification, old and 2019 editions) with\n"
               "their headings as written and an English gloss, RFC 9309 by section, and Google's parser by\n"
               "file and function.\n\n");
}

/* The cases where the profiles expect different answers, by cause: a switch of the
 * profiles (ref/src/profile.c), the fetch policy, or RFC 9309 leaving it open. */
static void differences(FILE *f, const lesson *all, size_t n) {
    fprintf(f, "## Where Google and RFC 9309 differ\n\n"
               "Each difference has one cause. Most are a switch of the profiles (ref/src/profile.c): toggling it\n"
               "alone turns the google profile's answer into the rfc9309 one's. The cases are listed under each\n"
               "cause of their checks.\n");
    for (int cause = 0; cause < CAUSE_COUNT; cause++) {
        bool any = false;
        for (size_t i = 0; i < n; i++) {
            const lesson *l = &all[i];
            char checks[256] = "";
            for (size_t k = 0; k < l->nchecks; k++)
                if (l->checks[k].cause == cause)
                    snprintf(checks + strlen(checks), sizeof checks - strlen(checks), "%s%d", checks[0] ? ", " : "",
                             l->checks[k].k->number);
            if (!checks[0]) continue;
            if (!any) {
                char words[512];
                lesson_cause_paragraph(cause, words, sizeof words);
                fprintf(f, "\n### %s\n\n", lesson_cause_name(cause));
                md_text(f, words);
                fprintf(f, "\n\n");
                any = true;
            }
            char a[128];
            case_anchor(a, sizeof a, l->c->id);
            fprintf(f, "- [%s](#%s): ", l->c->id, a);
            md_text(f, l->c->title);
            fprintf(f, " (check%s %s)\n", strchr(checks, ',') ? "s" : "", checks);
        }
    }
}

int atlas_write(FILE *f, const suite *s, lesson_refs *refs) {
    lesson *all;
    size_t n;
    if (lessons_make_all(s, refs, &all, &n)) return -1;
    introduction(f, s, n, suite_checks(s));
    for (size_t t = 0; t < s->ntables; t++) {
        char a[256], head[512];
        snprintf(head, sizeof head, "%s: %s", s->tables[t].area, s->tables[t].title);
        heading_anchor(a, sizeof a, head);
        size_t checks = 0;
        for (size_t i = 0; i < s->tables[t].ncases; i++) checks += s->tables[t].cases[i].nchecks;
        fprintf(f, "- [%s](#%s): %zu case%s, %zu check%s\n", head, a, s->tables[t].ncases,
                s->tables[t].ncases == 1 ? "" : "s", checks, checks == 1 ? "" : "s");
    }
    fprintf(f, "- [Where Google and RFC 9309 differ](#where-google-and-rfc-9309-differ)\n\n");
    differences(f, all, n);
    size_t at = 0;
    for (size_t t = 0; t < s->ntables; t++) {
        const table *tb = &s->tables[t];
        fprintf(f, "\n## %s: %s\n\n", tb->area, tb->title);
        if (tb->description) fprintf(f, "%s\n", tb->description);
        for (size_t i = 0; i < tb->ncases; i++) lesson_markdown(f, &all[at++]);
    }
    lessons_free_all(all, n);
    return 0;
}
