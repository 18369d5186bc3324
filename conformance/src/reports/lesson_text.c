/* lesson_text.c - a lesson as plain text (robots-conform --explain) and the list of
 * cases (--list). */
#include <string.h>

#include "lesson.h"

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

/* "line 2: disallow: /fish; the '*' group (line 1)" */
static void reason_text(FILE *f, const lesson_view *v) {
    char words[256], group[256];
    lesson_deciding_words(v, words, sizeof words);
    lesson_group_words(v, group, sizeof group);
    fprintf(f, "%s", words);
    if (v->verdict.rule != ROBOTS_RULE_NONE) lesson_glyphs_plain(f, (const unsigned char *)v->pattern, v->verdict.pattern_len, true);
    fprintf(f, "%s; %s", lesson_why_words(v->verdict.why), group);
}

void lesson_text(FILE *f, const lesson *l) {
    const tcase *c = l->c;
    fprintf(f, "%s: %s\n", c->id, c->title);
    fprintf(f, "area %s: %s\n\n", c->table->area, c->table->title);
    fprintf(f, "Sources:\n");
    for (size_t i = 0; i < l->nsources; i++) {
        const lesson_source *s = &l->sources[i];
        fprintf(f, "  - %s%s%s%s\n", s->text, s->gloss[0] ? "  [" : "", s->gloss, s->gloss[0] ? "]" : "");
    }
    if (c->robots.present) {
        fprintf(f, "\nrobots.txt (%zu bytes%s):\n", c->robots.len,
                c->robots.base64 ? ", given as exact bytes" : c->robots.text ? ", given as exact text" : "");
        for (size_t i = 0; i < l->nlines; i++) {
            fprintf(f, "  ");
            lesson_line_plain(f, &l->lines[i]);
        }
    }
    fprintf(f, "\nChecks:\n");
    for (size_t i = 0; i < l->nchecks; i++) {
        const lesson_check *x = &l->checks[i];
        const check *k = x->k;
        fprintf(f, "  %d. %s\n", k->number, x->what);
        if (x->same_expectation) {
            fprintf(f, "     expected: %s (every profile)\n", k->expect[0]);
        } else {
            fprintf(f, "     expected:");
            for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
                fprintf(f, "%s %s %s", p ? "," : "", robots_profile_name((robots_profile_id)p), k->expect[p]);
            if (x->may_agree)
                fprintf(f, "\n     Google and RFC 9309 agree in practice: RFC 9309 leaves it to the crawler (MAY), "
                           "and Google's answer is one it allows\n");
            else
                fprintf(f, "\n     the profiles differ by: %s (%s)\n", lesson_cause_name(x->cause),
                        lesson_cause_meaning(x->cause));
        }
        fprintf(f, "     basis: %s\n", x->basis);
        if (k->spec) fprintf(f, "     the documents say: %s\n", k->spec);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            const lesson_view *v = &x->view[p];
            fprintf(f, "     %s: the reference answers %s", robots_profile_name((robots_profile_id)p),
                    v->reference.status == ANSWER_GIVEN ? v->reference.text : "(no answer)");
            if (v->has_verdict) {
                fprintf(f, ": ");
                reason_text(f, v);
            } else if (v->reference.detail[0]) {
                fprintf(f, " (%s)", v->reference.detail);
            }
            fprintf(f, "\n");
        }
        if (k->note) wrapped(f, k->note, "     ", 72);
    }
    fprintf(f, "\nWhy:\n");
    wrapped(f, c->note, "  ", 76);
}

void lesson_list_cases(FILE *f, const suite *s, const selection *sel) {
    for (size_t t = 0; t < s->ntables; t++) {
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            const tcase *c = &s->tables[t].cases[i];
            if (!run_case_selected(sel, c)) continue;
            fprintf(f, "%-22s %-10s %2zu check%s  %s\n", c->id, s->tables[t].area, c->nchecks,
                    c->nchecks == 1 ? " " : "s", c->title);
        }
    }
}
