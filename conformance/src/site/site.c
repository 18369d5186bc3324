/*
 * site.c - the website's index, area pages, differences and sources (site.h). Each
 * case is rendered from its lesson (lesson.h), the same model as ATLAS.md.
 */
#include "site.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "explain.h"
#include "site_crawlers.h"
#include "site_html.h"
#include "site_docs.h"
#include "site_glossary.h"
#include "site_matters.h"
#include "site_playground.h"
#include "site_questions.h"
#include "site_search.h"

/* ---- A case ------------------------------------------------------------------------ */

static void code_html(FILE *f, const char *s) {
    fputs("<code>", f);
    site_html_bytes(f, (const unsigned char *)s, strlen(s), true);
    fputs("</code>", f);
}

static void html_piece(void *ctx, bool value, const char *text) {
    if (value) code_html(ctx, text);
    else site_html_text(ctx, text);
}

static void check_html(FILE *f, const lesson_check *x) {
    lesson_check_pieces(x, html_piece, f);
}

/* What a crawler does for a fetch decision, in a site owner's words. */
static const char *decision_words(const char *decision) {
    static const struct {
        const char *decision, *words;
    } said[] = {
        {"full-allow", "crawl everything"},
        {"full-disallow", "crawl nothing"},
        {"conditional", "obey the file's rules"},
        {"use-cached", "obey the last copy of the file"},
    };
    for (size_t i = 0; i < sizeof said / sizeof said[0]; i++)
        if (!strcmp(decision, said[i].decision)) return said[i].words;
    return NULL;
}

static void verdict_html(FILE *f, const lesson *l, const lesson_view *v, check_kind kind) {
    char words[1200];
    bool undefined = !strcmp(v->expected, UNDEFINED);
    if (undefined && kind == KIND_STATUS && v->reference.status == ANSWER_GIVEN && decision_words(v->reference.text)) {
        /* RFC 9309 leaves a status's handling to the crawler where it says MAY
         * (STATUS-4, STATUS-6, RFC-7): the reference's answer is one it allows. */
        fprintf(f, "<strong class=\"v-");
        site_html_id(f, v->reference.text);
        fprintf(f, "\">");
        site_html_text(f, v->reference.text);
        fprintf(f, "</strong>: %s <span class=\"undefined\">(RFC 9309 allows it, does not require it)</span>",
                decision_words(v->reference.text));
    } else if (undefined) {
        fprintf(f, "<span class=\"undefined\">undefined</span> (the reference: ");
        site_html_text(f, v->reference.status == ANSWER_GIVEN ? v->reference.text : "no answer");
        fprintf(f, ")");
    } else {
        fprintf(f, "<strong class=\"v-");
        site_html_id(f, v->expected);
        fprintf(f, "\">");
        site_html_text(f, v->expected);
        fprintf(f, "</strong>");
        const char *meaning = kind == KIND_STATUS ? decision_words(v->expected) : NULL;
        if (meaning) fprintf(f, ": %s", meaning);
    }
    if (lesson_usage_words(kind, v, words, sizeof words)) { /* usage, signal: the line that decided, and why */
        fprintf(f, "<br><span class=\"decides\">");
        if (v->reference.line > 0) {
            fprintf(f, "<a href=\"#");
            site_html_id(f, l->c->id);
            fprintf(f, "-L%ld\">", v->reference.line);
        }
        site_html_text(f, words);
        if (v->reference.line > 0) fprintf(f, "</a>");
        fprintf(f, "</span>");
    }
    if (!v->has_verdict) return;
    lesson_deciding_words(v, words, sizeof words);
    fprintf(f, "<br><span class=\"decides\">");
    if (v->verdict.rule != ROBOTS_RULE_NONE) {
        fprintf(f, "<a href=\"#");
        site_html_id(f, l->c->id);
        fprintf(f, "-L%zu\">", v->verdict.line);
        site_html_text(f, words);
        fprintf(f, "<code>");
        site_html_bytes(f, (const unsigned char *)v->pattern, v->verdict.pattern_len, true);
        fprintf(f, "</code></a>");
    } else {
        site_html_text(f, words);
    }
    site_html_text(f, lesson_why_words(v->verdict.why));
    fprintf(f, "</span><br><span class=\"group\">");
    lesson_group_words(v, words, sizeof words);
    site_html_text(f, words);
    fprintf(f, "</span>");
}

/* The profiles (bits) under which a line decides check i. */
static unsigned deciding_profiles(const lesson *l, size_t i, size_t line) {
    unsigned set = 0;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        const lesson_view *v = &l->checks[i].view[p];
        if (v->has_verdict && v->verdict.rule != ROBOTS_RULE_NONE && v->verdict.line == line) set |= 1u << p;
        /* usage, signal: the Content-Usage or Content-Signal line that decided */
        if (!v->has_verdict && v->reference.line > 0 && (size_t)v->reference.line == line &&
            (l->checks[i].k->kind == KIND_USAGE || l->checks[i].k->kind == KIND_SIGNAL))
            set |= 1u << p;
    }
    return set;
}

/* The checks this line decides, grouped by the profiles under which it decides
 * them: "checks 1, 2 (google); check 3 (google, rfc9309)", or "". */
static void decided_here(const lesson *l, size_t line, char *out, size_t cap) {
    out[0] = '\0';
    unsigned long done = 0; /* bit s: the profile set s is written */
    for (size_t first = 0; first < l->nchecks; first++) {
        unsigned set = deciding_profiles(l, first, line);
        if (!set || (done >> set & 1u)) continue;
        done |= 1ul << set;
        char numbers[512] = "";
        size_t count = 0;
        for (size_t i = first; i < l->nchecks; i++) {
            if (deciding_profiles(l, i, line) != set) continue;
            snprintf(numbers + strlen(numbers), sizeof numbers - strlen(numbers), "%s%d", count++ ? ", " : "",
                     l->checks[i].k->number);
        }
        snprintf(out + strlen(out), cap - strlen(out), "%scheck%s %s (", out[0] ? "; " : "", count > 1 ? "s" : "",
                 numbers);
        for (int p = 0, n = 0; p < ROBOTS_PROFILE_COUNT; p++)
            if (set & 1u << p)
                snprintf(out + strlen(out), cap - strlen(out), "%s%s", n++ ? ", " : "",
                         robots_profile_name((robots_profile_id)p));
        snprintf(out + strlen(out), cap - strlen(out), ")");
    }
}

static void robots_html(FILE *f, const lesson *l) {
    const tcase *c = l->c;
    fprintf(f, "<table class=\"robots\">\n<caption>robots.txt, %zu byte%s%s</caption>\n", c->robots.len,
            c->robots.len == 1 ? "" : "s", c->robots.base64 ? " (given as exact bytes)" : "");
    fprintf(f, "<thead><tr><th scope=\"col\">line</th><th scope=\"col\">text</th>"
               "<th scope=\"col\">decides</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < l->nlines; i++) {
        const lesson_line *x = &l->lines[i];
        char decided[1024];
        decided_here(l, x->number, decided, sizeof decided);
        fprintf(f, "<tr id=\"");
        site_html_id(f, c->id);
        fprintf(f, "-L%zu\"%s><th scope=\"row\">%zu</th><td><code>", x->number, decided[0] ? " class=\"deciding\"" : "",
                x->number);
        site_html_bytes(f, x->s, x->len, true);
        if (strcmp(x->end, "LF") && x->end[0])
            fprintf(f, " <abbr class=\"byte\" title=\"the line ends with %s\">%s</abbr>", x->end, x->end);
        fprintf(f, "</code></td><td>%s%s</td></tr>\n", decided[0] ? "&#9664; " : "", decided);
    }
    fprintf(f, "</tbody>\n</table>\n");
}

/* Where a source's document and section are described on sources.html. */
static void source_link(FILE *f, const suite *s, const lesson_source *src) {
    size_t d = (size_t)(src->ref->document - s->index.documents);
    fprintf(f, "<a href=\"sources.html#doc-%zu", d);
    if (src->ref->nsections)
        fprintf(f, "-s%zu", (size_t)(src->ref->sections[0] - src->ref->document->sections));
    fprintf(f, "\">");
    site_html_text(f, src->text);
    fprintf(f, "</a>");
}

/* How RFC 9309 reads a status check beside Google: it requires the same, it
 * allows what Google does without requiring it (its expectation is undefined,
 * and the reference's answer under it is Google's), or it parts ways. Only the
 * last is a difference a site owner meets: a 404's "crawl everything" is what
 * Google does and what RFC 9309 allows (STATUS-4). */
typedef enum status_reading { READ_SAME, READ_MAY, READ_DIFFERENT } status_reading;

static status_reading read_status(const lesson_check *x) {
    const lesson_view *g = &x->view[ROBOTS_PROFILE_GOOGLE], *r = &x->view[ROBOTS_PROFILE_RFC9309];
    if (!strcmp(g->expected, UNDEFINED)) return READ_DIFFERENT;
    if (strcmp(r->expected, UNDEFINED)) return strcmp(r->expected, g->expected) ? READ_DIFFERENT : READ_SAME;
    return x->may_agree ? READ_MAY : READ_DIFFERENT; /* the lesson's reading (lesson.h) */
}

/* A check's verdicts, a cell per profile; one cell across them, "Google and RFC
 * 9309 agree", when every profile's verdict reads the same (the case pages are
 * half as long on a phone). */
static void verdict_cells(FILE *f, const lesson *l, const lesson_check *x) {
    char *text[ROBOTS_PROFILE_COUNT] = {NULL};
    size_t len[ROBOTS_PROFILE_COUNT];
    bool same = true;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        FILE *m = open_memstream(&text[p], &len[p]);
        if (m) {
            verdict_html(m, l, &x->view[p], x->k->kind);
            if (fclose(m) != 0) {
                free(text[p]);
                text[p] = NULL;
            }
        }
        same = same && text[p] && (p == 0 || !strcmp(text[p], text[0]));
    }
    /* Google's parser ignores the usage lines: the profiles read them alike, and
     * saying Google agrees would suggest it honours them. */
    bool usage = x->k->kind == KIND_USAGE || x->k->kind == KIND_SIGNAL;
    /* A status RFC 9309 leaves to the crawler where Google's answer is one it
     * allows (a 404's full allow, STATUS-4) agrees, with its "may" said. */
    bool may = x->k->kind == KIND_STATUS && read_status(x) == READ_MAY;
    if (same || (may && text[ROBOTS_PROFILE_GOOGLE])) {
        fprintf(f, "<td colspan=\"%d\" class=\"agree\"><span class=\"agree\">%s</span> %s%s</td>", ROBOTS_PROFILE_COUNT,
                usage ? "Read alike under both profiles:" : "Google and RFC 9309 agree:",
                same ? text[0] : text[ROBOTS_PROFILE_GOOGLE], same ? "" : " (RFC 9309 allows it, does not require it)");
    } else {
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            fprintf(f, "<td>");
            if (text[p]) fputs(text[p], f);
            else verdict_html(f, l, &x->view[p], x->k->kind); /* memory ran short: written directly */
            fprintf(f, "</td>");
        }
    }
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) free(text[p]);
}

/* A profile as a reader knows it: whose answer it is. */
static const char *profile_label(robots_profile_id p) {
    switch (p) {
    case ROBOTS_PROFILE_GOOGLE: return "Google";
    case ROBOTS_PROFILE_RFC9309: return "RFC 9309";
    default: return robots_profile_name(p);
    }
}

/* A case's checks: each profile's verdict, its deciding line and the group. */
static void checks_table(FILE *f, const lesson *l) {
    const tcase *c = l->c;
    /* The caption says what the checks of this kind ask: a crawler's fetch, what
     * it does with a server's answer, or (mixed kinds) the verdicts. */
    bool allow = true, status = true;
    for (size_t i = 0; i < l->nchecks; i++) {
        check_kind kind = l->checks[i].k->kind;
        allow = allow && (kind == KIND_ALLOW || kind == KIND_ALLOW_AGENTS || kind == KIND_ALLOW_CRAWLER);
        status = status && kind == KIND_STATUS;
    }
    fprintf(f, "<table class=\"checks\">\n<caption>Checks of ");
    site_html_text(f, c->id);
    fprintf(f, ": %s</caption>\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">%s</th>",
            allow    ? "may the crawler fetch the URL? The line that decides it and the group that applied"
            : status ? "what the server answers for robots.txt, and what a crawler does then"
                     : "the answer each profile expects",
            status ? "the server" : "check");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        fprintf(f, "<th scope=\"col\">%s</th>", profile_label((robots_profile_id)p));
    fprintf(f, "</tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < l->nchecks; i++) {
        const lesson_check *x = &l->checks[i];
        fprintf(f, "<tr id=\"");
        site_html_id(f, c->id);
        fprintf(f, "-c%d\"><th scope=\"row\">%d</th><td>", x->k->number, x->k->number);
        check_html(f, x);
        fprintf(f, "</td>");
        verdict_cells(f, l, x);
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</tbody>\n</table>\n");
}

/* What the checks' notes say: where the profiles differ and why, what the
 * documents say, the case's own note; nothing when no check has any. */
static void check_notes(FILE *f, const lesson *l) {
    bool notes = false;
    for (size_t i = 0; i < l->nchecks; i++) {
        const lesson_check *x = &l->checks[i];
        /* A status RFC 9309 allows Google's answer to (a MAY: STATUS-4, STATUS-6,
         * RFC-7) is no difference a site owner meets: its cell says so, agreeing. */
        bool differs = !x->same_expectation && !(x->k->kind == KIND_STATUS && read_status(x) == READ_MAY);
        if (!x->k->note && !x->k->spec && !differs) continue;
        fprintf(f, "%s<li>Check %d: ", notes ? "" : "<ul class=\"notes\">\n", x->k->number);
        notes = true;
        if (differs) {
            fprintf(f, "the profiles differ by <a href=\"differences.html#cause-");
            site_html_id(f, lesson_cause_name(x->cause));
            fprintf(f, "\">");
            site_html_text(f, lesson_cause_name(x->cause));
            fprintf(f, "</a> (");
            site_html_text(f, lesson_cause_meaning(x->cause));
            fprintf(f, "). ");
        }
        if (x->k->spec) {
            fprintf(f, "The documents say ");
            site_html_text(f, x->k->spec);
            fprintf(f, ". ");
        }
        if (x->k->note) site_html_text(f, x->k->note);
        fprintf(f, "</li>\n");
    }
    if (notes) fprintf(f, "</ul>\n");
}

/* Google's documentation of robots.txt today: what the seeds (its translations,
 * old and 2019 editions) became. */
#define GOOGLE_ROBOTS_DOC "https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt"

/* The documents a case rests on, each with its English gloss; beside a seed, a
 * link to Google's documentation as it reads today. */
static void case_sources(FILE *f, const suite *s, const lesson *l) {
    fprintf(f, "<p class=\"sources\">Sources:</p>\n<ul class=\"sources\">\n");
    for (size_t i = 0; i < l->nsources; i++) {
        fprintf(f, "<li>");
        source_link(f, s, &l->sources[i]);
        if (l->sources[i].gloss[0]) {
            fprintf(f, " (");
            site_html_text(f, l->sources[i].gloss);
            fprintf(f, ")");
        }
        if (l->sources[i].ref->document->language)
            fprintf(f, "; <a class=\"google-doc\" href=\"%s\">Google's documentation today</a>", GOOGLE_ROBOTS_DOC);
        fprintf(f, "</li>\n");
    }
    fprintf(f, "</ul>\n");
}

/* Each check's class: what its verdict rests on, per profile. */
static void check_classes(FILE *f, const lesson *l) {
    fprintf(f, "<p>What each verdict rests on (<a href=\"glossary.html#class\">class</a>):</p>\n<ul class=\"classes\">\n");
    for (size_t i = 0; i < l->nchecks; i++) {
        fprintf(f, "<li>Check %d: ", l->checks[i].k->number);
        site_html_text(f, l->checks[i].basis);
        fprintf(f, "</li>\n");
    }
    fprintf(f, "</ul>\n");
}

/* What a case says to those who write parsers, folded: the remarks of its note
 * (after "Audit:" or "History:"), each check's class, the sources and who passes
 * it. */
static void for_implementers(FILE *f, const suite *s, const scorecard *sc, const lesson *l) {
    const char *note = l->c->note ? l->c->note : "";
    size_t lead = explain_note_lead(note);
    fprintf(f, "<details class=\"implementers\">\n<summary>For implementers: sources, classes%s and who passes "
               "it</summary>\n",
            note[lead] ? ", remarks" : "");
    if (note[lead]) {
        fprintf(f, "<p class=\"remarks\">");
        site_html_text(f, note + lead + 1);
        fprintf(f, "</p>\n");
    }
    check_classes(f, l);
    case_sources(f, s, l);
    site_scorecard_case(f, sc, l->c->id);
    fprintf(f, "</details>\n");
}

/* A case as a section of its area's page: its heading and note, its robots.txt,
 * its checks, their notes, its sources and how the scorecard's parsers did. */
static void case_html(FILE *f, const suite *s, const scorecard *sc, const lesson *l) {
    const tcase *c = l->c;
    fprintf(f, "<section id=\"");
    site_html_id(f, c->id);
    fprintf(f, "\" class=\"case\">\n<h2><a href=\"#");
    site_html_id(f, c->id);
    fprintf(f, "\">");
    site_html_text(f, c->id);
    fprintf(f, "</a>: ");
    site_html_text(f, c->title);
    fprintf(f, "</h2>\n<p class=\"lesson\">");
    /* The lesson first, in plain words: the note's rule; its remarks are for
     * implementers, below. */
    site_html_text_n(f, c->note ? c->note : "", c->note ? explain_note_lead(c->note) : 0);
    fprintf(f, "</p>\n");
    site_playground_link(f, c);
    if (c->robots.present) robots_html(f, l);
    checks_table(f, l);
    check_notes(f, l);
    for_implementers(f, s, sc, l);
    fprintf(f, "</section>\n");
}

/* ---- Pages ---------------------------------------------------------------------------- */

typedef struct site {
    const char *dir;
    const suite *s;
    const scorecard *sc;
    const char *figures; /* conformance/measure/real-world.json, or NULL */
    lesson *all;
    size_t n;
    char *error;
    size_t cap;
} site;

static size_t table_checks(const table *t) {
    size_t n = 0;
    for (size_t i = 0; i < t->ncases; i++) n += t->cases[i].nchecks;
    return n;
}

/* The link to a case: its area's page and its anchor. */
static void case_link(FILE *f, const tcase *c) {
    char page[160];
    site_area_page(page, sizeof page, c->table->area);
    fprintf(f, "<a href=\"%s#", page);
    site_html_id(f, c->id);
    fprintf(f, "\">");
    site_html_text(f, c->id);
    fprintf(f, "</a>");
}

/* ---- The status area in a site owner's words ----------------------------------------- */

/* A row of the plain table rests on checks of the status cases: what Google and
 * RFC 9309 do, and why, comes from the tables' expectations and notes and the
 * reference's answers, never from words written here, so the table follows the
 * tables (owner-test.cjs asks `robots status` the same questions and holds the
 * server's answer written here to the checks' own). `when` sets a check apart
 * from the row's others where their answers differ ("without one"). */
typedef struct status_pin {
    const char *case_id;
    int check;
    const char *when;
} status_pin;

#define STATUS_PINS 2

typedef struct status_row {
    const char *id;     /* its anchor on area-status.html */
    const char *server; /* what the server answers, and for how long */
    status_pin pins[STATUS_PINS];
} status_row;

static const status_row status_rows[] = {
    {.id = "plain-200", .server = "200 OK, with the file", .pins = {{"STATUS-1", 1, NULL}}},
    {.id = "plain-5xx",
     .server = "503 Service Unavailable, or another 5xx error, for a few days (up to 30)",
     .pins = {{"STATUS-5", 3, NULL}, {"STATUS-5", 4, NULL}}},
    {.id = "plain-5xx-long",
     .server = "503, or another 5xx error, for more than 30 days",
     .pins = {{"STATUS-6", 1, "with a copy of the file from before"}, {"STATUS-6", 2, "without one"}}},
    {.id = "plain-429",
     .server = "429 Too Many Requests",
     .pins = {{"STATUS-4", 6, NULL}, {"STATUS-4", 7, "after more than 30 days, without a copy from before"}}},
    {.id = "plain-404", .server = "404 Not Found or 410 Gone", .pins = {{"STATUS-4", 4, NULL}, {"STATUS-4", 5, NULL}}},
    {.id = "plain-401",
     .server = "401 Unauthorized or 403 Forbidden",
     .pins = {{"STATUS-4", 2, NULL}, {"STATUS-4", 3, NULL}}},
    {.id = "plain-redirect",
     .server = "A redirect (3xx), to another host too",
     .pins = {{"RFC-7", 1, "up to the fifth redirect"}, {"RFC-7", 2, "after more than five"}}},
    {.id = "plain-timeout",
     .server = "No answer: a timeout, a refused or reset connection, a DNS failure",
     .pins = {{"STATUS-8", 1, NULL}, {"STATUS-6", 3, "after more than 30 days, with a copy from before"}}},
};

/* A case's lesson, and a check of it by number; NULL when the tables have none
 * (a site made from other tables leaves the row out). */
static const lesson *find_lesson(const site *w, const char *case_id) {
    for (size_t i = 0; i < w->n; i++)
        if (!strcmp(w->all[i].c->id, case_id)) return &w->all[i];
    return NULL;
}

static const lesson_check *find_check(const site *w, const status_pin *pin) {
    const lesson *l = find_lesson(w, pin->case_id);
    for (size_t k = 0; l && k < l->nchecks; k++)
        if (l->checks[k].k->number == pin->check) return &l->checks[k];
    return NULL;
}

/* One thing a cell says: when (or NULL), the decision, and how RFC 9309 holds
 * it ("must ", "may " or "", and " (RFC 9309 allows it, does not require it)" or ""). */
typedef struct status_saying {
    const char *when, *decision, *modal, *tail;
} status_saying;

static bool same_saying(const status_saying *a, const status_saying *b) {
    return !strcmp(a->decision, b->decision) && !strcmp(a->modal, b->modal) && !strcmp(a->tail, b->tail);
}

/* A cell's sayings, those alike in a row said once: "crawl nothing", or "with a
 * copy ...: obey the last copy of the file; without one: crawl everything". -1
 * when a saying that differs from the one before has no `when` to tell it apart. */
static int sayings_html(FILE *f, const status_saying *says, size_t n) {
    size_t groups = 0;
    for (size_t i = 0; i < n; i++) groups += !i || !same_saying(&says[i], &says[i - 1]);
    for (size_t i = 0, shown = 0; i < n; i++) {
        if (i && same_saying(&says[i], &says[i - 1])) continue;
        if (i && !says[i].when) return -1;
        fprintf(f, "%s", shown++ ? "; " : "");
        if (groups > 1 && says[i].when) {
            site_html_text(f, says[i].when);
            fprintf(f, ": ");
        }
        site_html_text(f, says[i].modal);
        fprintf(f, "<strong class=\"v-");
        site_html_id(f, says[i].decision);
        fprintf(f, "\">");
        const char *words = decision_words(says[i].decision);
        site_html_text(f, words ? words : says[i].decision);
        fprintf(f, "</strong>");
        site_html_text(f, says[i].tail);
    }
    return 0;
}

/* The row's checks, found: how many (0 when the tables lack one; the row is left
 * out), and whether RFC 9309 parts ways with Google on any. -1 with error set
 * for a check that is no status check with Google's answer. */
static int status_row_read(const site *w, const status_row *row, const lesson_check **x, bool *differs) {
    int n = 0;
    *differs = false;
    for (; n < STATUS_PINS && row->pins[n].case_id; n++) {
        x[n] = find_check(w, &row->pins[n]);
        if (!x[n]) return 0;
        if (x[n]->k->kind != KIND_STATUS || !strcmp(x[n]->view[ROBOTS_PROFILE_GOOGLE].expected, UNDEFINED)) {
            snprintf(w->error, w->cap, "the status table's row %s: %s check %d is no status check with Google's answer",
                     row->id, row->pins[n].case_id, row->pins[n].check);
            return -1;
        }
        *differs = *differs || read_status(x[n]) == READ_DIFFERENT;
    }
    return n;
}

static bool status_row_differs(const site *w, const status_row *row) {
    const lesson_check *x[STATUS_PINS];
    bool differs;
    return status_row_read(w, row, x, &differs) > 0 && differs;
}

static int status_row_html(FILE *f, const site *w, const status_row *row) {
    const lesson_check *x[STATUS_PINS] = {NULL};
    bool differs;
    int n = status_row_read(w, row, x, &differs);
    if (n <= 0) return n;
    status_saying google[STATUS_PINS], rfc[STATUS_PINS];
    int may = 0;
    for (int i = 0; i < n; i++) may += read_status(x[i]) == READ_MAY;
    for (int i = 0; i < n; i++) {
        const lesson_view *g = &x[i]->view[ROBOTS_PROFILE_GOOGLE], *r = &x[i]->view[ROBOTS_PROFILE_RFC9309];
        bool undefined = !strcmp(r->expected, UNDEFINED);
        /* Agreeing, a check RFC 9309 allows but does not require says so; once
         * for the row when every check is such. */
        bool tail = !differs && may < n && read_status(x[i]) == READ_MAY;
        google[i] = (status_saying){row->pins[i].when, g->expected, "", tail ? " (RFC 9309 allows it, does not require it)" : ""};
        rfc[i] = (status_saying){row->pins[i].when, undefined ? r->reference.text : r->expected,
                                 undefined ? "may " : "must ", ""};
    }
    fprintf(f, "<tr id=\"%s\" data-checks=\"", row->id);
    for (int i = 0; i < n; i++) fprintf(f, "%s%s#%d", i ? " " : "", row->pins[i].case_id, row->pins[i].check);
    fprintf(f, "\"><th scope=\"row\">");
    site_html_text(f, row->server);
    fprintf(f, "</th>");
    int bad = 0;
    if (differs) {
        fprintf(f, "<td class=\"google\">");
        bad |= sayings_html(f, google, (size_t)n);
        fprintf(f, "</td><td class=\"rfc9309\">");
        bad |= sayings_html(f, rfc, (size_t)n);
        fprintf(f, "</td>");
    } else {
        fprintf(f, "<td colspan=\"2\" class=\"agree\"><span class=\"agree\">Google and RFC 9309 agree:</span> ");
        bad |= sayings_html(f, google, (size_t)n);
        if (may == n) fprintf(f, " (RFC 9309 allows it, does not require it)");
        fprintf(f, "</td>");
    }
    if (bad) {
        snprintf(w->error, w->cap, "the status table's row %s: its checks answer otherwise and one has no when", row->id);
        return -1;
    }
    /* Why: the checks' own notes, then the checks themselves. */
    fprintf(f, "<td class=\"why\">");
    for (int i = 0; i < n; i++)
        if (x[i]->k->note) {
            site_html_text(f, x[i]->k->note);
            fprintf(f, " ");
        }
    fprintf(f, "<span class=\"shown-by\">Shown by ");
    for (int i = 0; i < n; i++) {
        char page[160];
        site_area_page(page, sizeof page, find_lesson(w, row->pins[i].case_id)->c->table->area);
        fprintf(f, "%s<a href=\"%s#", i ? (i + 1 == n ? " and " : ", ") : "", page);
        site_html_id(f, row->pins[i].case_id);
        fprintf(f, "-c%d\">", row->pins[i].check);
        site_html_text(f, row->pins[i].case_id);
        fprintf(f, " check %d</a>", row->pins[i].check);
    }
    fprintf(f, ".</span></td></tr>\n");
    return 0;
}

/* The status area opens with what a site owner asks: my server answers this for
 * so long; what does Google do, and what must or may a crawler that follows RFC
 * 9309 do? Nothing when the tables have none of the rows' checks. */
static int status_plain_table(FILE *f, const site *w) {
    bool any = false;
    for (size_t r = 0; r < sizeof status_rows / sizeof status_rows[0] && !any; r++) {
        const lesson_check *x[STATUS_PINS];
        bool differs;
        int n = status_row_read(w, &status_rows[r], x, &differs);
        if (n < 0) return -1;
        any = n > 0;
    }
    if (!any) return 0;
    fprintf(f, "<section id=\"plain\">\n<h2>What your server's answer does</h2>\n<p>What a crawler does when it asks "
               "your server for <code>/robots.txt</code>, by what the server answers. Google's column is what Google's "
               "documentation says its crawlers do; RFC 9309's is what the standard requires of every crawler that "
               "follows it (<em>must</em>) or allows it (<em>may</em>). Where the two agree they are said once. Each "
               "row is read from the checks it names, as the tables expect them and the reference answers them.</p>\n");
    fprintf(f, "<table class=\"plain-status\">\n<caption>Your server's answer for /robots.txt, and what crawlers "
               "do then</caption>\n<thead><tr><th scope=\"col\">your server answers</th><th scope=\"col\">Google</th>"
               "<th scope=\"col\">RFC 9309</th><th scope=\"col\">why</th></tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < sizeof status_rows / sizeof status_rows[0]; r++)
        if (status_row_html(f, w, &status_rows[r])) return -1;
    fprintf(f, "</tbody>\n</table>\n</section>\n<h2 id=\"cases\">The cases</h2>\n");
    return 0;
}

static int area_pages(site *w) {
    size_t at = 0;
    for (size_t t = 0; t < w->s->ntables; t++) {
        const table *tb = &w->s->tables[t];
        char name[160];
        site_area_page(name, sizeof name, tb->area);
        FILE *f = site_page_open(w->dir, name, tb->title, PAGE_OTHER, w->error, w->cap);
        if (!f) return -1;
        /* STATUS-1..9, RFC-7: what a site owner asks first, before the cases. */
        if (!strcmp(tb->area, "status") && status_plain_table(f, w)) {
            fclose(f);
            return -1;
        }
        fprintf(f, "<p class=\"area-name\">Area <code>");
        site_html_text(f, tb->area);
        fprintf(f, "</code> of the tables.</p>\n");
        if (tb->description) {
            fprintf(f, "<p>");
            site_html_text(f, tb->description);
            fprintf(f, "</p>\n");
        }
        fprintf(f, "<p>%zu case%s, %zu checks. Each case shows its robots.txt with numbered lines; a line marked "
                   "&#9664; decides the checks it names. Follow a check's deciding line to see it highlighted.</p>\n",
                tb->ncases, tb->ncases == 1 ? "" : "s", table_checks(tb));
        fprintf(f, "<nav aria-label=\"Cases of this area\">\n<ul class=\"cases\">\n");
        for (size_t i = 0; i < tb->ncases; i++) {
            fprintf(f, "<li><a href=\"#");
            site_html_id(f, tb->cases[i].id);
            fprintf(f, "\">");
            site_html_text(f, tb->cases[i].id);
            fprintf(f, "</a>: ");
            site_html_text(f, tb->cases[i].title);
            fprintf(f, "</li>\n");
        }
        fprintf(f, "</ul>\n</nav>\n");
        for (size_t i = 0; i < tb->ncases; i++) case_html(f, w->s, w->sc, &w->all[at++]);
        if (site_page_close(f, w->dir, name, w->error, w->cap)) return -1;
    }
    return 0;
}

/* A path through the basics, in the order a newcomer needs them; cases the tables
 * do not have are left out. */
static void start_here(FILE *f, const site *w) {
    static const char *const start[] = {"GROUP-1", "UA-1", "MATCH-3", "PREC-1", "ENC-1"};
    fprintf(f, "<h2 id=\"start\">Start here</h2>\n<p>New to robots.txt? These cases, in this order, teach the basics: how "
               "lines form groups, which group a crawler follows, how a rule matches, which rule wins, and "
               "percent-encoding.</p>\n<ol>\n");
    for (size_t i = 0; i < sizeof start / sizeof start[0]; i++) {
        for (size_t c = 0; c < w->n; c++) {
            if (strcmp(w->all[c].c->id, start[i])) continue;
            fprintf(f, "<li>");
            case_link(f, w->all[c].c);
            fprintf(f, ": ");
            site_html_text(f, w->all[c].c->title);
            fprintf(f, "</li>\n");
        }
    }
    fprintf(f, "</ol>\n");
}

/* Every area with its cases and checks, in the specification's order. */
static void areas_table(FILE *f, const site *w) {
    fprintf(f, "<h2 id=\"topics\">Every topic, in the specification's order</h2>\n<table class=\"areas\">\n"
               "<caption>Every topic with its cases and checks</caption>\n<thead><tr><th scope=\"col\">topic</th>"
               "<th scope=\"col\">area</th><th scope=\"col\">cases</th><th scope=\"col\">checks</th>"
               "</tr></thead>\n<tbody>\n");
    for (size_t t = 0; t < w->s->ntables; t++) {
        const table *tb = &w->s->tables[t];
        char page[160];
        site_area_page(page, sizeof page, tb->area);
        fprintf(f, "<tr><th scope=\"row\"><a href=\"%s\">", page);
        site_html_text(f, tb->title);
        fprintf(f, "</a></th><td><code>");
        site_html_text(f, tb->area);
        fprintf(f, "</code></td><td>%zu</td><td>%zu</td></tr>\n", tb->ncases, table_checks(tb));
    }
    fprintf(f, "</tbody>\n</table>\n");
}

/* The patterns area, when the tables have it: files shaped like real ones, each
 * check a question a site owner asks. */
static void common_files(FILE *f, const site *w) {
    for (size_t t = 0; t < w->s->ntables; t++) {
        const table *tb = &w->s->tables[t];
        if (strcmp(tb->area, "patterns")) continue;
        char page[160];
        site_area_page(page, sizeof page, tb->area);
        fprintf(f, "<h2 id=\"common-files\">Files like yours</h2>\n<p><a href=\"%s\">", page);
        site_html_text(f, tb->title);
        fprintf(f, "</a>: %zu files shaped like the ones popular sites serve (a blog, a shop, a staging site, "
                   "AI crawlers blocked by name), each with the questions their owners ask.</p>\n",
                tb->ncases);
    }
}

static int index_page(site *w) {
    FILE *f = site_page_open(w->dir, "index.html", "What does my robots.txt say?", PAGE_INDEX, w->error, w->cap);
    if (!f) return -1;
    size_t cases = 0, differ = 0;
    for (size_t i = 0; i < w->n; i++) differ += lesson_differs(&w->all[i]);
    for (size_t t = 0; t < w->s->ntables; t++) cases += w->s->tables[t].ncases;
    fprintf(f,
            "<p>A website publishes <code>/robots.txt</code> to tell crawlers which of its URLs they may fetch. "
            "This site answers the questions its owners ask, case by case: what Google's crawler does, what "
            "the standard, RFC 9309, says, and where the two differ. To see what your own file says, paste it "
            "in the <a href=\"playground.html\">playground</a>.</p>\n");
    site_search_box(f);
    site_questions(f, w->s);
    fprintf(f, "<h2 id=\"matters\">What matters for your site</h2>\n<p>On real files, the mistakes site owners make "
               "change far more answers than the differences between Google and RFC 9309: "
               "<a href=\"matters.html\">what matters for your site</a>, ranked, each with what to do.</p>\n");
    common_files(f, w);
    start_here(f, w);
    areas_table(f, w);
    fprintf(f, "<p>The topics hold %zu cases and %zu checks. %zu cases expect different answers from Google's "
               "parser and from RFC 9309: <a href=\"differences.html\">where Google and RFC 9309 differ</a>, "
               "grouped by the behaviour behind each difference.</p>\n",
            cases, suite_checks(w->s), differ);
    fprintf(f, "<h2>How to read a case</h2>\n<ul>\n"
               "<li>The robots.txt is shown with <strong>numbered lines</strong>. Bytes you could not see are "
               "made visible as named badges: <abbr class=\"byte\">TAB</abbr>, <abbr class=\"byte\">NUL</abbr>, "
               "a line ending in a carriage return as <abbr class=\"byte\">CR</abbr> or "
               "<abbr class=\"byte\">CR LF</abbr>, a byte order mark as <abbr class=\"byte\">BOM</abbr>, bytes that are not UTF-8 as \\xHH; non-ASCII characters are underlined (their code "
               "point is in the tooltip); the middle of a very long line is left out and counted.</li>\n"
               "<li>Each <strong>check</strong> asks one question: may this crawler fetch this URL, which "
               "robots.txt governs a URL, what a crawler does with an HTTP status.</li>\n"
               "<li>There are two <strong>profiles</strong>: <em>google</em> (what Google's parser answers) "
               "and <em>rfc9309</em> (what RFC 9309 states). Where RFC 9309 leaves a question open the "
               "expectation is <em>undefined</em> and the reference's answer is shown instead.</li>\n"
               "<li>For each allow check and profile the atlas names the <strong>line that decides</strong> "
               "(e.g. <q>line 2: disallow: /fish</q>, a link that highlights the line) and the group the crawler "
               "followed. A line marked &#9664; in the file decides the checks it lists.</li>\n"
               "<li>The <strong>class</strong> says what the verdict rests on: <em>spec</em> (the "
               "specification's documents), <em>rfc</em> (RFC 9309 explicitly), <em>google-parser</em> (Google's "
               "parser, no document), <em>fetcher</em> (what a crawler does around its parser: size cap, HTTP "
               "status, caching, scope) and <em>url-input</em> (the URL given is not valid RFC 3986).</li>\n"
               "</ul>\n"
               "<h2>How to read a score</h2>\n"
               "<p>A parser's score counts the checks it answers as expected. Read it by class: a parser that "
               "follows the documents should pass the checks resting on spec or rfc under the profile it "
               "claims; google-parser checks measure Google-exactness only; fetcher checks are asked only of "
               "programs that answer them (others are skipped). The <a href=\"scorecard.html\">scorecard</a> "
               "shows third-party parsers check by check.</p>\n");
    return site_page_close(f, w->dir, "index.html", w->error, w->cap);
}

/* How many cases have a check that differs by cause. */
static size_t cases_differing_by(const site *w, int cause) {
    size_t cases = 0;
    for (size_t i = 0; i < w->n; i++) {
        bool any = false;
        for (size_t k = 0; k < w->all[i].nchecks; k++) any = any || w->all[i].checks[k].cause == cause;
        cases += any;
    }
    return cases;
}

/* A cause's section opens: its name, what it means, the head of its table. */
static void cause_section_open(FILE *f, int cause) {
    fprintf(f, "<section id=\"cause-");
    site_html_id(f, lesson_cause_name(cause));
    fprintf(f, "\">\n<h3>");
    site_html_text(f, lesson_cause_name(cause));
    char words[512];
    lesson_cause_paragraph(cause, words, sizeof words);
    fprintf(f, "</h3>\n<p>");
    site_html_text(f, words);
    fprintf(f, "</p>\n<table class=\"differences\">\n<caption>Checks that differ by ");
    site_html_text(f, lesson_cause_name(cause));
    fprintf(f, "</caption>\n<thead><tr><th scope=\"col\">case</th><th scope=\"col\">check</th>");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++)
        fprintf(f, "<th scope=\"col\">%s</th>", robots_profile_name((robots_profile_id)p));
    fprintf(f, "</tr></thead>\n<tbody>\n");
}

/* A check that differs: its case, the check, each profile's expected answer. */
static void differing_check_row(FILE *f, const lesson *l, const lesson_check *x) {
    fprintf(f, "<tr><th scope=\"row\">");
    case_link(f, l->c);
    fprintf(f, ": ");
    site_html_text(f, l->c->title);
    fprintf(f, "</th><td>%d. ", x->k->number);
    check_html(f, x);
    fprintf(f, "</td>");
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        char words[1200];
        lesson_expected_words(&x->view[p], words, sizeof words);
        site_html_cell(f, words);
    }
    fprintf(f, "</tr>\n");
}

/* differences.html: what a site owner needs first, in plain words (the
 * differences that change answers on real files, ranked, and the server's
 * answers on which the two part ways), then, for implementers, every check whose
 * expectation differs, under the switch behind it. */
static int differences_page(site *w) {
    FILE *f = site_page_open(w->dir, "differences.html", "Where Google and RFC 9309 differ", PAGE_DIFFERENCES, w->error,
                        w->cap);
    if (!f) return -1;
    fprintf(f, "<p class=\"for-owners\">Google's crawler and a crawler that follows RFC 9309, the standard, read "
               "almost every file alike. On real files, mistakes are far more common than their differences: "
               "<a href=\"matters.html\">what matters for your site</a> ranks both, each with what to do.</p>\n");
    fprintf(f, "<h2 id=\"on-real-files\">What differs on real files</h2>\n");
    if (site_matters_differences(f, w->figures, "#implementers", w->error, w->cap)) {
        fclose(f);
        return -1;
    }
    size_t rows = 0;
    for (size_t r = 0; r < sizeof status_rows / sizeof status_rows[0]; r++) rows += status_row_differs(w, &status_rows[r]);
    if (rows) {
        fprintf(f, "<h2 id=\"server\">When your server does not answer with the file</h2>\n<p>Of the server's answers "
                   "in <a href=\"area-status.html#plain\">what your server's answer does</a>, the two part ways on ");
        for (size_t r = 0, shown = 0; r < sizeof status_rows / sizeof status_rows[0]; r++) {
            if (!status_row_differs(w, &status_rows[r])) continue;
            fprintf(f, "%s<a href=\"area-status.html#%s\">", shown++ ? (shown == rows ? " and " : ", ") : "",
                    status_rows[r].id);
            site_html_text(f, status_rows[r].server);
            fprintf(f, "</a>");
        }
        fprintf(f, " alone; on the others RFC 9309 requires what Google does, or allows it.</p>\n");
    }
    fprintf(f, "<h2 id=\"implementers\">For implementers: every difference, by the switch behind it</h2>\n");
    fprintf(f, "<p>The reference implements both profiles with one code path and a table of switches "
               "(ref/src/profile.c), each a behaviour where Google's parser and RFC 9309 part ways. For every "
               "check whose expectation differs by profile, the switch named here is the one that, toggled "
               "alone, turns the google profile's answer into the rfc9309 one's. A case is listed under the "
               "cause of each of its differing checks; <em>undefined</em> is a check RFC 9309 leaves open, with "
               "the reference's answer.</p>\n");
    fprintf(f, "<nav aria-label=\"Causes\">\n<ul>\n");
    for (int cause = 0; cause < CAUSE_COUNT; cause++) {
        size_t cases = cases_differing_by(w, cause);
        if (!cases) continue;
        fprintf(f, "<li><a href=\"#cause-");
        site_html_id(f, lesson_cause_name(cause));
        fprintf(f, "\">");
        site_html_text(f, lesson_cause_name(cause));
        fprintf(f, "</a>: %zu case%s</li>\n", cases, cases == 1 ? "" : "s");
    }
    fprintf(f, "</ul>\n</nav>\n");
    for (int cause = 0; cause < CAUSE_COUNT; cause++) {
        bool any = false;
        for (size_t i = 0; i < w->n; i++) {
            const lesson *l = &w->all[i];
            for (size_t k = 0; k < l->nchecks; k++) {
                if (l->checks[k].cause != cause) continue;
                if (!any) cause_section_open(f, cause);
                any = true;
                differing_check_row(f, l, &l->checks[k]);
            }
        }
        if (any) fprintf(f, "</tbody>\n</table>\n</section>\n");
    }
    return site_page_close(f, w->dir, "differences.html", w->error, w->cap);
}

/* Where a reader can open a document of the index: RFCs at the RFC Editor, Google's
 * files in google/robotstxt. NULL for the seeds and this project's decisions. */
static const char *document_address(const spec_document *d, char *out, size_t cap) {
    unsigned rfc;
    char rest;
    if (sscanf(d->name, "RFC %u%c", &rfc, &rest) == 1) {
        snprintf(out, cap, "https://www.rfc-editor.org/rfc/rfc%u.html", rfc);
        return out;
    }
    if (!strcmp(d->name, "UTS #46")) return "https://www.unicode.org/reports/tr46/";
    if (!strncmp(d->name, "Google's ", 9)) {
        snprintf(out, cap, "https://github.com/google/robotstxt/blob/master/%s", d->name + 9);
        return out;
    }
    return NULL;
}

/* A section of a document the cases cite: its heading, the English gloss, the RFC
 * 9309 section it matches, and the cases that cite it. */
static void section_row(FILE *f, const site *w, size_t d, size_t i, const spec_section *sec) {
    fprintf(f, "<tr id=\"doc-%zu-s%zu\"><th scope=\"row\">", d, i);
    site_html_text(f, sec->heading);
    fprintf(f, "</th>");
    site_html_cell(f, sec->gloss);
    fprintf(f, "<td>");
    if (sec->rfc9309) {
        fprintf(f, "<a href=\"https://www.rfc-editor.org/rfc/rfc9309.html#section-");
        site_html_text(f, sec->rfc9309);
        fprintf(f, "\">section ");
        site_html_text(f, sec->rfc9309);
        fprintf(f, "</a>");
    }
    fprintf(f, "</td><td>");
    int shown = 0;
    for (size_t c = 0; c < w->n; c++) {
        const lesson *l = &w->all[c];
        bool cites = false;
        for (size_t k = 0; k < l->nsources && !cites; k++)
            for (size_t j = 0; j < l->sources[k].ref->nsections; j++)
                cites = cites || l->sources[k].ref->sections[j] == sec;
        if (!cites) continue;
        fprintf(f, "%s", shown++ ? ", " : "");
        case_link(f, l->c);
    }
    fprintf(f, "</td></tr>\n");
}

static int sources_page(site *w) {
    FILE *f = site_page_open(w->dir, "sources.html", "Sources", PAGE_SOURCES, w->error, w->cap);
    if (!f) return -1;
    const spec_index *x = &w->s->index;
    fprintf(f, "<p>Every case names the documents it rests on. Seeds 000-004 are five translations of Google's "
               "robots.txt specification (the pre-2019 edition and the 2019 edition that became RFC 9309); their "
               "headings are quoted as written, with an English gloss and the RFC 9309 section that corresponds. "
               "RFC sections link to the RFC Editor's copy.</p>\n");
    for (size_t d = 0; d < x->ndocuments; d++) {
        const spec_document *doc = &x->documents[d];
        char address[256];
        const char *at = document_address(doc, address, sizeof address);
        fprintf(f, "<section id=\"doc-%zu\">\n<h2>", d);
        site_html_text(f, doc->name);
        fprintf(f, "</h2>\n<p>");
        site_html_text(f, doc->title);
        if (at) {
            fprintf(f, " <a href=\"");
            site_html_text(f, at);
            fprintf(f, "\">Read it</a>.");
        }
        fprintf(f, "</p>\n");
        if (doc->nsections) {
            fprintf(f, "<table class=\"sections\">\n<caption>Sections of ");
            site_html_text(f, doc->name);
            fprintf(f, " the cases cite</caption>\n<thead><tr><th scope=\"col\">section</th>"
                       "<th scope=\"col\">in English</th><th scope=\"col\">RFC 9309</th>"
                       "<th scope=\"col\">cases</th></tr></thead>\n<tbody>\n");
        }
        for (size_t i = 0; i < doc->nsections; i++) section_row(f, w, d, i, &doc->sections[i]);
        if (doc->nsections) fprintf(f, "</tbody>\n</table>\n");
        fprintf(f, "<p>Cases citing it: ");
        int shown = 0;
        for (size_t c = 0; c < w->n; c++) {
            const lesson *l = &w->all[c];
            bool cites = false;
            for (size_t k = 0; k < l->nsources; k++) cites = cites || l->sources[k].ref->document == doc;
            if (!cites) continue;
            fprintf(f, "%s", shown++ ? ", " : "");
            case_link(f, l->c);
        }
        fprintf(f, "%s.</p>\n</section>\n", shown ? "" : "none");
    }
    return site_page_close(f, w->dir, "sources.html", w->error, w->cap);
}

static const char style[] =
    ":root{--ink:#1b1b1b;--muted:#555;--line:#d0d0d0;--mark:#fff3bf;--accent:#0b57d0;--ok:#0a6b2d;--bad:#a50e0e}\n"
    "body{font:16px/1.5 system-ui,sans-serif;color:var(--ink);margin:0 auto;max-width:72rem;padding:0 1rem}\n"
    "a{color:var(--accent)}\n"
    "a:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}\n"
    ".skip{position:absolute;left:-10000px}.skip:focus{position:static}\n"
    "header nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:1.5rem;padding:0;margin:1rem 0;"
    "border-bottom:1px solid var(--line);padding-bottom:.5rem}\n"
    "header nav a[aria-current=page]{font-weight:bold;text-decoration:none}\n"
    "table{border-collapse:collapse;margin:1rem 0;width:100%}\n"
    "caption{text-align:left;font-weight:bold;padding:.25rem 0}\n"
    "th,td{border:1px solid var(--line);padding:.3rem .5rem;vertical-align:top;text-align:left}\n"
    "thead th{background:#f3f3f3}\n"
    "code{font-family:ui-monospace,monospace;font-size:.95em;overflow-wrap:anywhere}\n"
    "table.robots{width:auto;min-width:50%}\n"
    "table.robots th[scope=row]{text-align:right;color:var(--muted);font-family:ui-monospace,monospace}\n"
    "table.robots td{font-family:ui-monospace,monospace;white-space:pre-wrap}\n"
    "tr.deciding td,tr.deciding th{background:var(--mark)}\n"
    "tr:target th,tr:target td{outline:3px solid var(--accent);background:#dbe7ff}\n"
    "section.case{border-top:2px solid var(--line);margin-top:2rem}\n"
    "abbr.byte{border:1px solid var(--muted);border-radius:3px;padding:0 2px;text-decoration:none;"
    "font-size:.85em}\n"
    "abbr.nonascii{text-decoration:underline dotted}\n"
    ".elided{color:var(--muted);font-style:italic}\n"
    ".v-allowed{color:var(--ok)}.v-disallowed{color:var(--bad)}.undefined{font-style:italic}\n"
    ".decides,.group{font-size:.9em}\n"
    "table.matrix{width:auto;font-size:.85em}\n"
    "table.matrix td{text-align:center;padding:.1rem .3rem}\n"
    "table.matrix th[scope=row],table.matrix td.expected{white-space:nowrap;text-align:left}\n"
    ".wide{overflow-x:auto}\n"
    "table.matrix td a{text-decoration:none;display:block;color:inherit}\n"
    "td.r-pass{background:#e6f4ea}td.r-FAIL{background:#fce8e6;font-weight:bold}"
    "td.r-skip{color:var(--muted)}td.r-undefined{background:#f3f3f3}\n"
    ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}\n"
    "div.who{font-size:.9em;color:var(--muted)}div.who ul{margin-top:0}\n"
    "footer{border-top:1px solid var(--line);margin-top:3rem;color:var(--muted);font-size:.9em}\n"
    "form.playground textarea{width:100%;font-family:ui-monospace,monospace}\n"
    "table.results tr.result{cursor:pointer}tr.result.differs td{background:#fff8e1}\n"
    "tr.result.allowed td:nth-child(4){color:var(--ok)}tr.result.disallowed td:nth-child(4){color:var(--bad)}\n"
    "ol.lines{font-family:ui-monospace,monospace;list-style:none;padding:0}\n"
    "ol.lines li{white-space:pre-wrap}ol.lines span.n{display:inline-block;width:4rem;color:var(--muted)}\n"
    "ol.lines li.decides{background:var(--mark)}ol.lines li.group-start{text-decoration:underline}\n"
    "ol.lines li.decides-usage{outline:2px dashed var(--mark)}.usage{margin-top:.3em}\n"
    ".usage-n{font-weight:bold}.usage-y{font-weight:bold}\n"
    "ol.lines li:target{outline:3px solid var(--accent)}ol.lines span.note{color:var(--bad);margin-left:1rem}\n"
    "ol.lines span.note.info{color:var(--muted)}\n"
    ".warning{color:var(--bad)}\n"
    "pre{background:#f6f6f6;border:1px solid var(--line);padding:.5rem;overflow-x:auto}\n"
    "main img{max-width:100%;height:auto;border:1px solid var(--line)}\n";

/* The home page's search and questions, and the layout for narrow screens. */
static const char style_more[] =
    "form.search label{display:block;font-weight:bold}\n"
    "form.search input{width:100%;box-sizing:border-box;font-size:1rem;padding:.4rem;margin:.25rem 0}\n"
    ".where,.area-name,.shown-by{color:var(--muted)}\n"
    "section.question{border-left:4px solid var(--line);padding-left:1rem;margin:1rem 0}\n"
    "section.question h3{margin:.25rem 0}\n"
    "table.matters td:nth-child(2){white-space:nowrap}span.agree{color:var(--muted)}\n"
    "table.plain-status td.why{font-size:.9em}\n"
    "table.plain-status thead th:nth-child(2),table.plain-status thead th:nth-child(3){width:20%}\n"
    /* No page wider than the screen: long words break, and a table wider than the
     * page scrolls inside itself (the scorecard's matrices on a laptop)... */
    "h1,h2,h3,th,td,caption,li,p,dt,dd{overflow-wrap:anywhere}\n"
    "table.matrix,table.summary,table.differences{display:block;overflow-x:auto;max-width:100%;position:relative}\n"
    /* ...and on a phone every table but a robots.txt's lines and the playground's
     * results stacks its rows: each cell on a line of its own, after its column's
     * heading (site.js copies the headings into data-label). */
    "@media (max-width:40rem){\n"
    "table:not(.robots):not(.results),table:not(.robots):not(.results) tbody,"
    "table:not(.robots):not(.results) tr,table:not(.robots):not(.results) td,"
    "table:not(.robots):not(.results) th[scope=row],table:not(.robots):not(.results) caption{display:block;width:auto}\n"
    "table:not(.robots):not(.results) thead{position:absolute;left:-10000px}\n"
    "table:not(.robots):not(.results) tr{border:1px solid var(--line);margin:.5rem 0}\n"
    "table:not(.robots):not(.results) td,table:not(.robots):not(.results) th[scope=row]{border:none;"
    "text-align:left;white-space:normal}\n"
    "table:not(.robots):not(.results) td[data-label]::before{content:attr(data-label) \": \";font-weight:bold;"
    "color:var(--muted)}\n"
    "table.robots{min-width:0;display:block;overflow-x:auto}\n"
    /* A file's long lines wrap (its spaces kept, a long path broken anywhere): the
     * listing scrolls only down, as the page does. */
    "table.robots td{white-space:pre-wrap;overflow-wrap:anywhere}table.robots th{white-space:nowrap}\n"
    "table.robots td:last-child{white-space:normal;font-family:inherit;font-size:.8em;min-width:6rem}\n"
    /* A cell across the profiles says "Google and RFC 9309 agree:" itself. */
    "table:not(.robots):not(.results) td.agree[data-label]::before{content:none}\n"
    "}\n";

/* site.js: the column headings of each table copied into its cells' data-label,
 * for the stacked rows of a narrow screen (style.css). A heading row may span
 * columns (colspan) and rows (rowspan): a cell's label joins the headings above it. */
static const char script[] =
    "// site.js - each table cell labelled with its column's heading, so that the\n"
    "// stacked rows of a phone's screen (style.css) still say what each value is.\n"
    "'use strict';\n"
    "(function () {\n"
    "  function labels(head) {\n"
    "    var grid = [];\n"
    "    for (var r = 0; r < head.rows.length; r++) {\n"
    "      var col = 0;\n"
    "      grid[r] = grid[r] || [];\n"
    "      for (var c = 0; c < head.rows[r].cells.length; c++) {\n"
    "        var cell = head.rows[r].cells[c];\n"
    "        while (grid[r][col] !== undefined) col++;\n"
    "        for (var dr = 0; dr < cell.rowSpan; dr++)\n"
    "          for (var dc = 0; dc < cell.colSpan; dc++) {\n"
    "            grid[r + dr] = grid[r + dr] || [];\n"
    "            grid[r + dr][col + dc] = dr === 0 ? cell.textContent.trim() : '';\n"
    "          }\n"
    "        col += cell.colSpan;\n"
    "      }\n"
    "    }\n"
    "    var out = [];\n"
    "    for (var i = 0; grid[0] && i < grid[0].length; i++) {\n"
    "      var words = [];\n"
    "      for (var j = 0; j < grid.length; j++) if (grid[j][i]) words.push(grid[j][i]);\n"
    "      out.push(words.join(' '));\n"
    "    }\n"
    "    return out;\n"
    "  }\n"
    "  var tables = document.querySelectorAll('table');\n"
    "  for (var t = 0; t < tables.length; t++) {\n"
    "    var head = tables[t].tHead;\n"
    "    if (!head) continue;\n"
    "    var names = labels(head);\n"
    "    for (var b = 0; b < tables[t].tBodies.length; b++) {\n"
    "      var rows = tables[t].tBodies[b].rows;\n"
    "      for (var r = 0; r < rows.length; r++) {\n"
    "        var col = 0;\n"
    "        for (var c = 0; c < rows[r].cells.length; c++) {\n"
    "          var cell = rows[r].cells[c];\n"
    "          var label = names.slice(col, col + cell.colSpan).filter(Boolean).join(' and ');\n"
    "          if (label && !cell.hasAttribute('data-label')) cell.setAttribute('data-label', label);\n"
    "          col += cell.colSpan;\n"
    "        }\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "})();\n";

/* Writes one of the site's own files (style.css, site.js), in two parts (C
 * strings have a portable length limit). */
static int write_asset(site *w, const char *name, const char *text, const char *more) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", w->dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(w->error, w->cap, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    fputs(text, f);
    fputs(more, f);
    int failed = ferror(f) | (fclose(f) != 0);
    if (failed) snprintf(w->error, w->cap, "%s: cannot write", path);
    return failed ? -1 : 0;
}

/* mkdir -p */
static int make_dir(const char *dir, char *error, size_t cap) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        snprintf(error, cap, "%s: the path is too long", dir);
        return -1;
    }
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p) continue;
        char was = *p;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            snprintf(error, cap, "%s: cannot create the directory: %s", path, strerror(errno));
            return -1;
        }
        *p = was;
        if (!was) break;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(error, cap, "%s: not a directory", dir);
        return -1;
    }
    return 0;
}

int site_write(const char *dir, const suite *s, lesson_refs *refs, const char *scorecard_file, const char *figures,
               const char *manual,
               char *error, size_t cap) {
    scorecard *sc = NULL;
    if (site_scorecard_load(scorecard_file, s, &sc, error, cap)) return -1;
    if (make_dir(dir, error, cap)) {
        site_scorecard_free(sc);
        return -1;
    }
    site w = {.dir = dir, .s = s, .sc = sc, .figures = figures, .error = error, .cap = cap};
    if (lessons_make_all(s, refs, &w.all, &w.n)) {
        site_scorecard_free(sc);
        snprintf(error, cap, "out of memory");
        return -1;
    }
    int rc = write_asset(&w, "style.css", style, style_more) || write_asset(&w, "site.js", script, "") ||
                     site_search_files(w.dir, s, w.error, w.cap)
                 ? -1
                 : 0;
    if (!rc) rc = site_glossary(w.dir, w.error, w.cap);
    if (!rc) rc = site_matters(w.dir, figures, w.error, w.cap);
    if (!rc) rc = index_page(&w);
    if (!rc) rc = area_pages(&w);
    if (!rc) rc = differences_page(&w);
    if (!rc) rc = sources_page(&w);
    if (!rc) rc = site_scorecard(dir, sc, error, cap);
    if (!rc) rc = site_playground(dir, error, cap);
    if (!rc) rc = site_crawlers(dir, &s->catalog, error, cap);
    if (!rc) rc = site_docs(dir, manual, error, cap);
    lessons_free_all(w.all, w.n);
    site_scorecard_free(sc);
    return rc;
}
