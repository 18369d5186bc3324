/*
 * lesson.c - a case as a lesson: its robots.txt, each check, the verdict per
 * profile (and what the reference answers), the note and the sources. As text for
 * `robots-conform --explain ID`, as Markdown for conformance/ATLAS.md.
 */
#include "lesson.h"

#include <stdio.h>
#include <string.h>

#include "report.h"

/* Bytes a reader can see: non-printable octets as \xHH. */
static void visible_bytes(FILE *f, const unsigned char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x20 || s[i] == 0x7F) fprintf(f, "\\x%02X", s[i]);
        else fputc(s[i], f);
    }
}

/* A line as a reader can take it in: a very long one shows its start and end. */
static void visible(FILE *f, const unsigned char *s, size_t n) {
    if (n <= 160) {
        visible_bytes(f, s, n);
        return;
    }
    visible_bytes(f, s, 60);
    fprintf(f, " [... %zu bytes in all ...] ", n);
    visible_bytes(f, s + n - 20, 20);
}

/* The robots.txt, one numbered line per line; CR and CR LF ends are named. */
static void robots_lines(FILE *f, const robots_body *b, const char *indent, bool numbered) {
    const unsigned char *s = b->data;
    size_t n = b->len, line = 1;
    for (size_t start = 0;; line++) {
        size_t end = start;
        while (end < n && s[end] != '\n' && s[end] != '\r') end++;
        if (numbered) fprintf(f, "%s%4zu | ", indent, line);
        else fprintf(f, "%s", indent);
        visible(f, s + start, end - start);
        if (end < n && s[end] == '\r') fprintf(f, end + 1 < n && s[end + 1] == '\n' ? "  <CR LF>" : "  <CR>");
        fprintf(f, "\n");
        if (end >= n) break;
        if (s[end] == '\r' && end + 1 < n && s[end + 1] == '\n') end++;
        start = end + 1;
    }
}

static bool same_for_all(const check *k) {
    for (int p = 1; p < ROBOTS_PROFILE_COUNT; p++)
        if (strcmp(k->expect[p], k->expect[0]) != 0) return false;
    return true;
}

/* A check's basis in words: "spec, rfc", or per profile where they differ. */
static void basis_words(const check *k, char *out, size_t cap) {
    bool same = true;
    for (int p = 1; p < ROBOTS_PROFILE_COUNT; p++) same = same && k->basis[p] == k->basis[0];
    if (same) {
        basis_text(k->basis[0], ", ", out, cap);
        return;
    }
    out[0] = '\0';
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        char classes[128];
        basis_text(k->basis[p], ", ", classes, sizeof classes);
        snprintf(out + strlen(out), cap - strlen(out), "%s%s: %s", p ? "; " : "", robots_profile_name((robots_profile_id)p),
                 classes);
    }
}

/* What a resolved source is, for a reader: "Indonesian, 2019 edition: 'URL matching
 * based on path values' (RFC 9309 section 2.2.2)". Empty for documents whose name
 * says it all. */
static void source_gloss(const source_ref *ref, char *out, size_t cap) {
    out[0] = '\0';
    const spec_document *d = ref->document;
    if (d->language_name)
        snprintf(out, cap, "%s, %s edition", d->language_name, !strcmp(d->edition, "old") ? "pre-2019" : "2019");
    for (size_t i = 0; i < ref->nsections; i++) {
        const spec_section *sec = ref->sections[i];
        snprintf(out + strlen(out), cap - strlen(out), "%s\"%s\"", out[0] ? (i ? "; " : ": ") : "", sec->gloss);
        if (sec->rfc9309) snprintf(out + strlen(out), cap - strlen(out), " (RFC 9309 section %s)", sec->rfc9309);
    }
}

/* Prints text wrapped at width, each line after `indent`. */
static void wrapped(FILE *f, const char *text, const char *indent, size_t width) {
    const char *p = text;
    while (*p) {
        size_t len = strlen(p);
        size_t take = len;
        if (len > width) {
            take = width;
            while (take > 0 && p[take] != ' ') take--;
            if (take == 0) take = width;
        }
        fprintf(f, "%s%.*s\n", indent, (int)take, p);
        p += take;
        while (*p == ' ') p++;
    }
}

void lesson_text(FILE *f, const tcase *c, target *reference) {
    fprintf(f, "%s: %s\n", c->id, c->title);
    fprintf(f, "area %s: %s\n\n", c->table->area, c->table->title);
    fprintf(f, "Sources:\n");
    for (size_t i = 0; i < c->nsources; i++) {
        char gloss[1024];
        source_gloss(&c->refs[i], gloss, sizeof gloss);
        fprintf(f, "  - %s%s%s%s\n", c->sources[i], gloss[0] ? "  [" : "", gloss, gloss[0] ? "]" : "");
    }
    if (c->robots.present) {
        fprintf(f, "\nrobots.txt (%zu bytes%s):\n", c->robots.len,
                c->robots.base64 ? ", given as exact bytes" : c->robots.text ? ", given as exact text" : "");
        robots_lines(f, &c->robots, "  ", true);
    }
    fprintf(f, "\nChecks:\n");
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        char what[1200];
        describe_check(k, what, sizeof what);
        fprintf(f, "  %d. %s\n", k->number, what);
        if (same_for_all(k)) {
            fprintf(f, "     expected: %s (every profile)\n", k->expect[0]);
        } else {
            fprintf(f, "     expected:");
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
                fprintf(f, "%s %s %s", p ? "," : "", robots_profile_name((robots_profile_id)p), k->expect[p]);
            fprintf(f, "\n");
        }
        char basis[256];
        basis_words(k, basis, sizeof basis);
        fprintf(f, "     basis: %s\n", basis);
        if (k->spec) fprintf(f, "     the documents say: %s\n", k->spec);
        fprintf(f, "     the reference answers:");
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            answer a;
            memset(&a, 0, sizeof a);
            reference->ask(reference, c, k, (robots_profile_id)p, &a);
            fprintf(f, "%s %s %s", p ? ";" : "", robots_profile_name((robots_profile_id)p),
                    a.status == ANSWER_GIVEN ? a.text : "(no answer)");
            if (a.detail[0] && (k->kind == KIND_ALLOW || k->kind == KIND_ALLOW_AGENTS)) fprintf(f, " (%s)", a.detail);
        }
        fprintf(f, "\n");
        if (k->note) wrapped(f, k->note, "     ", 72);
    }
    fprintf(f, "\nWhy:\n");
    wrapped(f, c->note, "  ", 76);
}

void list_cases(FILE *f, const suite *s, const selection *sel) {
    for (size_t t = 0; t < s->ntables; t++) {
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            const tcase *c = &s->tables[t].cases[i];
            if (!case_selected(sel, c)) continue;
            fprintf(f, "%-22s %-10s %2zu check%s  %s\n", c->id, s->tables[t].area, c->nchecks,
                    c->nchecks == 1 ? " " : "s", c->title);
        }
    }
}

/* ---- The atlas ------------------------------------------------------------------ */

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
static void md_code(FILE *f, const char *s) {
    fputs("<code>", f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '<') fputs("&lt;", f);
        else if (*p == '>') fputs("&gt;", f);
        else if (*p == '&') fputs("&amp;", f);
        else if (*p == '|') fputs("&#124;", f);
        else if (*p < 0x20) fprintf(f, "\\x%02X", *p);
        else fputc(*p, f);
    }
    fputs("</code>", f);
}

static void atlas_check_row(FILE *f, const tcase *c, const check *k, target *reference) {
    fprintf(f, "| %d | ", k->number);
    switch (k->kind) {
    case KIND_ALLOW:
        md_code(f, k->agent);
        fprintf(f, " ");
        md_code(f, k->url);
        break;
    case KIND_ALLOW_AGENTS:
        for (size_t i = 0; i < k->nagents; i++) {
            fprintf(f, "%s", i ? " + " : "");
            md_code(f, k->agents[i]);
        }
        fprintf(f, " ");
        md_code(f, k->url);
        break;
    case KIND_ROBOTS_URL:
        fprintf(f, "robots.txt URL of ");
        md_code(f, k->url);
        break;
    case KIND_SCOPE:
        md_code(f, k->robots_url);
        fprintf(f, " governs ");
        md_code(f, k->url);
        fprintf(f, "?");
        break;
    default: {
        char what[1200];
        describe_check(k, what, sizeof what);
        md_text(f, what);
        break;
    }
    }
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        fprintf(f, " | ");
        if (!strcmp(k->expect[p], UNDEFINED)) {
            answer a;
            memset(&a, 0, sizeof a);
            reference->ask(reference, c, k, (robots_profile_id)p, &a);
            fprintf(f, "undefined (the reference: ");
            md_text(f, a.text);
            fprintf(f, ")");
        } else {
            md_text(f, k->expect[p]);
        }
    }
    char basis[256];
    basis_words(k, basis, sizeof basis);
    fprintf(f, " | ");
    md_text(f, basis);
    fprintf(f, " |\n");
}

static void anchor(char *out, size_t cap, const char *text) {
    size_t o = 0;
    for (const char *p = text; *p && o + 1 < cap; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-') out[o++] = *p;
        else if (*p >= 'A' && *p <= 'Z') out[o++] = (char)(*p - 'A' + 'a');
        else if (*p == ' ') out[o++] = '-';
    }
    out[o] = '\0';
}

void atlas(FILE *f, const suite *s, target *reference) {
    size_t cases = 0, checks = suite_checks(s);
    for (size_t t = 0; t < s->ntables; t++) cases += s->tables[t].ncases;
    fprintf(f, "# Atlas of robots.txt edge cases\n\n");
    fprintf(f, "Generated by `make atlas` from `conformance/cases/*.json`: do not edit by hand.\n");
    fprintf(f, "%zu cases, %zu checks. Each case shows its robots.txt, its checks with the answer each\n"
               "profile expects (google: Google's parser; rfc9309: RFC 9309), why, and where the rule is\n"
               "written. Where a profile leaves a check open (undefined), the reference's answer is shown.\n"
               "`robots-conform --explain ID` prints any case with the reference's reasons.\n\n",
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
    for (size_t t = 0; t < s->ntables; t++) {
        char a[256], head[512];
        snprintf(head, sizeof head, "%s: %s", s->tables[t].area, s->tables[t].title);
        anchor(a, sizeof a, head);
        size_t n = 0;
        for (size_t i = 0; i < s->tables[t].ncases; i++) n += s->tables[t].cases[i].nchecks;
        fprintf(f, "- [%s](#%s): %zu case%s, %zu check%s\n", head, a, s->tables[t].ncases,
                s->tables[t].ncases == 1 ? "" : "s", n, n == 1 ? "" : "s");
    }
    for (size_t t = 0; t < s->ntables; t++) {
        const table *tb = &s->tables[t];
        fprintf(f, "\n## %s: %s\n\n", tb->area, tb->title);
        if (tb->description) fprintf(f, "%s\n", tb->description);
        for (size_t i = 0; i < tb->ncases; i++) {
            const tcase *c = &tb->cases[i];
            fprintf(f, "\n### %s: ", c->id);
            md_text(f, c->title);
            fprintf(f, "\n\n");
            if (c->robots.present) {
                fprintf(f, "```%s\n", c->robots.base64 ? " exact bytes, non-printable ones as \\xHH" : "");
                robots_lines(f, &c->robots, "", false);
                fprintf(f, "```\n\n");
            }
            fprintf(f, "| # | check |");
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) fprintf(f, " %s |", robots_profile_name((robots_profile_id)p));
            fprintf(f, " basis |\n| --- | --- |");
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) fprintf(f, " --- |");
            fprintf(f, " --- |\n");
            for (size_t k = 0; k < c->nchecks; k++) atlas_check_row(f, c, &c->checks[k], reference);
            fprintf(f, "\n");
            for (size_t k = 0; k < c->nchecks; k++) {
                const check *ck = &c->checks[k];
                if (!ck->note && !ck->spec) continue;
                fprintf(f, "- Check %d: ", ck->number);
                if (ck->spec) {
                    fprintf(f, "the documents say ");
                    md_text(f, ck->spec);
                    fprintf(f, ck->note ? ". " : ".");
                }
                if (ck->note) md_text(f, ck->note);
                fprintf(f, "\n");
            }
            fprintf(f, "\n");
            md_text(f, c->note);
            fprintf(f, "\n\nSources:\n\n");
            for (size_t k = 0; k < c->nsources; k++) {
                char gloss[1024];
                source_gloss(&c->refs[k], gloss, sizeof gloss);
                fprintf(f, "- ");
                md_text(f, c->sources[k]);
                if (gloss[0]) {
                    fprintf(f, " (");
                    md_text(f, gloss);
                    fprintf(f, ")");
                }
                fprintf(f, "\n");
            }
        }
    }
}
