/* explain.c - a failure, explained (explain.h). */
#include "explain.h"

#include <stdlib.h>
#include <string.h>

#include "check_text.h"
#include "clean_text.h"
#include "lesson.h"

/* Bytes of the robots.txt as every report shows them (lesson_glyphs_plain: a
 * control byte as \x00, a byte order mark as <BOM>, an invalid byte as \xFF,
 * a long line elided), into out; "" when memory runs out. */
static void bytes_plain(const unsigned char *s, size_t n, char *out, size_t cap) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    out[0] = '\0';
    if (!f) return;
    lesson_glyphs_plain(f, s, n, true);
    if (fclose(f) == 0 && text) snprintf(out, cap, "%s", text);
    free(text);
}

/* usage, signal: the reference's preference, its line and why. */
static void explain_usage(const result *x, const robots_rules *rules, explanation *out) {
    robots_usage_verdict v;
    robots_usage_vocab vocab = x->k->kind == KIND_SIGNAL ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE;
    robots_usage_check(rules, vocab, x->k->agent, strlen(x->k->agent), x->k->url, strlen(x->k->url), x->k->category,
                       strlen(x->k->category), &v, NULL); /* everything is set: it cannot fail */
    out->reference_line = (long)v.line;
    snprintf(out->reference_rule, sizeof out->reference_rule, "%s: %s", robots_usage_answer_name(v.answer),
             robots_usage_reason(&v));
}

void explain_result(const result *x, explanation *out) {
    out->reference_line = -1;
    out->reference_rule[0] = '\0';
    snprintf(out->lesson, sizeof out->lesson, "robots-conform --explain %s", x->c->id);
    if (!kind_is_allow(x->k->kind) && x->k->kind != KIND_USAGE && x->k->kind != KIND_SIGNAL) return;
    const robots_body *b = &x->c->robots;
    robots_options o;
    robots_options_init(&o);
    o.profile = x->profile;
    robots_rules *rules = NULL;
    size_t len = b->len > ROBOTS_DEFAULT_MAX_BYTES ? ROBOTS_DEFAULT_MAX_BYTES : b->len;
    if (robots_parse(b->data, len, &o, &rules, NULL) != 0) return; /* memory ran out: no line shown */
    if (x->k->kind == KIND_USAGE || x->k->kind == KIND_SIGNAL) {
        explain_usage(x, rules, out);
        robots_free(rules);
        return;
    }
    robots_verdict v;
    if (x->k->kind == KIND_ALLOW_AGENTS)
        robots_check_agents(rules, (const char *const *)x->k->agents, NULL, x->k->nagents, x->k->url, strlen(x->k->url),
                            &v, NULL);
    else if (x->k->kind == KIND_ALLOW_CRAWLER)
        robots_check_crawler(rules, (const char *const *)x->k->agents, NULL, x->k->nagents,
                             x->k->ignores_star ? ROBOTS_CRAWLER_IGNORES_STAR : 0u, x->k->url, strlen(x->k->url), &v,
                             NULL, NULL);
    else robots_check(rules, x->k->agent, strlen(x->k->agent), x->k->url, strlen(x->k->url), &v, NULL);
    if (v.rule == ROBOTS_RULE_NONE) {
        out->reference_line = 0;
        snprintf(out->reference_rule, sizeof out->reference_rule, "no rule decides (group: %s): %s",
                 robots_group_kind_name(v.group), v.allowed ? "allowed" : "disallowed");
    } else {
        char escaped[300];
        bytes_plain((const unsigned char *)v.pattern, v.pattern_len, escaped, sizeof escaped);
        out->reference_line = (long)v.line;
        snprintf(out->reference_rule, sizeof out->reference_rule, "%s %s", robots_rule_kind_name(v.rule), escaped);
    }
    robots_free(rules);
}

/* Line `number` (1-based) of the body: its start and length, or false past the end. */
typedef struct line_walk {
    const unsigned char *p, *end;
    size_t number;
} line_walk;

static bool next_line(line_walk *w, const unsigned char **start, size_t *len) {
    if (w->p >= w->end) return false;
    *start = w->p;
    while (w->p < w->end && *w->p != '\n' && *w->p != '\r') w->p++;
    *len = (size_t)(w->p - *start);
    if (w->p < w->end && *w->p == '\r') w->p++;
    if (w->p < w->end && *w->p == '\n' && (w->p == *start + *len || w->p[-1] == '\r')) w->p++;
    w->number++;
    return true;
}

static size_t count_lines(const robots_body *b) {
    line_walk w = {b->data, b->data + b->len, 0};
    const unsigned char *s;
    size_t n;
    while (next_line(&w, &s, &n)) {
    }
    return w.number;
}

static bool near(size_t line, long mark, size_t radius) {
    return mark > 0 && line + radius >= (size_t)mark && line <= (size_t)mark + radius;
}

void explain_excerpt(FILE *f, const result *x, const explanation *e, const char *indent, size_t whole, size_t radius) {
    const robots_body *b = &x->c->robots;
    if (!b->present || !kind_reads_robots(x->k->kind)) return;
    size_t total = count_lines(b);
    if (total == 0) {
        fprintf(f, "%s(the robots.txt is empty)\n", indent);
        return;
    }
    long target_line = x->line > 0 && x->line != e->reference_line ? x->line : -1;
    bool all = total <= whole, gap = false;
    line_walk w = {b->data, b->data + b->len, 0};
    const unsigned char *s;
    size_t n;
    while (next_line(&w, &s, &n)) {
        bool shown = all || near(w.number, e->reference_line, radius) || near(w.number, target_line, radius) ||
                     (e->reference_line <= 0 && target_line <= 0 && w.number <= 2 * radius + 1);
        if (!shown) {
            gap = true;
            continue;
        }
        if (gap) fprintf(f, "%s        ...\n", indent);
        gap = false;
        char line[1200];
        bytes_plain(s, n, line, sizeof line);
        const char *mark = (long)w.number == e->reference_line ? "->" : (long)w.number == target_line ? "=>" : "  ";
        fprintf(f, "%s%s %5zu | %s\n", indent, mark, w.number, line);
    }
    if (gap) fprintf(f, "%s        ... (%zu lines in all)\n", indent, total);
}

/* What a memory stream holds once closed (open_memstream sets *text then), or
 * NULL when memory ran out. */
static char *stream_text(FILE *f, char **text) {
    if (fclose(f) == 0) return *text;
    free(*text);
    return NULL;
}

char *explain_excerpt_text(const result *x, const explanation *e, size_t whole, size_t radius) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return NULL;
    explain_excerpt(f, x, e, "", whole, radius);
    return stream_text(f, &text);
}

void explain_question(const result *x, char *out, size_t cap) {
    char what[1200];
    check_describe(x->k, what, sizeof what);
    if (x->k->kind == KIND_ALLOW) {
        char agent[600], url[1200];
        clean_text_escape_controls(x->k->agent, agent, sizeof agent);
        clean_text_escape_controls(x->k->url, url, sizeof url);
        snprintf(out, cap, "may agent \"%s\" fetch %s? (profile %s)", agent, url, robots_profile_name(x->profile));
    } else {
        snprintf(out, cap, "%s (profile %s)", what, robots_profile_name(x->profile));
    }
}

size_t explain_note_lead(const char *note) {
    static const char *const marks[] = {" Audit:", " Audit (", " History:"};
    size_t lead = strlen(note);
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        const char *at = strstr(note, marks[i]);
        if (at && (size_t)(at - note) < lead) lead = (size_t)(at - note);
    }
    return lead;
}

const char *explain_note(const result *x, char *out, size_t cap) {
    if (x->k->note && x->k->note[0]) return x->k->note;
    if (!x->c->note || !x->c->note[0]) return NULL;
    size_t lead = explain_note_lead(x->c->note);
    snprintf(out, cap, "%.*s", (int)lead, x->c->note);
    return out[0] ? out : NULL;
}

void explain_json(cJSON *o, const result *x) {
    explanation e;
    explain_result(x, &e);
    if (x->k->kind == KIND_ALLOW) {
        cJSON_AddStringToObject(o, "agent", x->k->agent);
        cJSON_AddStringToObject(o, "url", x->k->url);
    } else if (x->k->kind == KIND_ALLOW_AGENTS || x->k->kind == KIND_ALLOW_CRAWLER) {
        cJSON *agents = cJSON_AddArrayToObject(o, "agents");
        for (size_t i = 0; i < x->k->nagents; i++) cJSON_AddItemToArray(agents, cJSON_CreateString(x->k->agents[i]));
        if (x->k->kind == KIND_ALLOW_CRAWLER) cJSON_AddBoolToObject(o, "ignores_star", x->k->ignores_star);
        cJSON_AddStringToObject(o, "url", x->k->url);
    } else if (x->k->url) {
        cJSON_AddStringToObject(o, "url", x->k->url);
    }
    if (x->line >= 0) cJSON_AddNumberToObject(o, "line", (double)x->line);
    if (e.reference_line >= 0) {
        cJSON_AddNumberToObject(o, "reference_line", (double)e.reference_line);
        cJSON_AddStringToObject(o, "reference_rule", e.reference_rule);
    }
    char *excerpt = explain_excerpt_text(x, &e, 40, 8);
    if (excerpt && excerpt[0]) cJSON_AddStringToObject(o, "robots_excerpt", excerpt);
    free(excerpt);
    char lead[NOTE_MAX];
    const char *note = explain_note(x, lead, sizeof lead);
    if (note) cJSON_AddStringToObject(o, "note", note);
    cJSON_AddStringToObject(o, "lesson", e.lesson);
}

void explain_reference(const explanation *e, char *out, size_t cap) {
    if (e->reference_line > 0) snprintf(out, cap, "line %ld decides (%s)", e->reference_line, e->reference_rule);
    else snprintf(out, cap, "%s", e->reference_rule);
}

void explain_write(FILE *f, const result *x, const char *indent, bool brief) {
    explanation e;
    explain_result(x, &e);
    char question[2400];
    explain_question(x, question, sizeof question);
    fprintf(f, "%s%s\n", indent, question);
    if (!brief) {
        fprintf(f, "%sexpected %s, got %s\n", indent, x->k->expect[x->profile], x->got ? x->got : "no answer");
        if (x->reason) fprintf(f, "%sreason: %s\n", indent, x->reason);
    }
    if (e.reference_line >= 0 || x->line >= 0) {
        char reference[400];
        explain_reference(&e, reference, sizeof reference);
        fprintf(f, "%s", indent);
        if (e.reference_line >= 0) fprintf(f, "the reference: %s%s", reference, x->line >= 0 ? "; " : "");
        if (x->line > 0) fprintf(f, "the target: line %ld", x->line);
        else if (x->line == 0) fprintf(f, "the target: no line decides");
        fprintf(f, "\n");
    }
    bool shown = x->c->robots.present && kind_reads_robots(x->k->kind);
    if (shown && !brief) fprintf(f, "%srobots.txt:\n", indent);
    if (shown) {
        char inner[64];
        snprintf(inner, sizeof inner, "%s%s", indent, brief ? "" : "  ");
        explain_excerpt(f, x, &e, inner, brief ? 7 : 40, brief ? 2 : 8);
    }
    char lead[NOTE_MAX];
    const char *note = explain_note(x, lead, sizeof lead);
    if (note) fprintf(f, "%swhy: %s\n", indent, note); /* whole: the rule is never cut */
    fprintf(f, "%slesson: %s\n", indent, e.lesson);
}

char *explain_long_text(const result *x) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return NULL;
    explain_write(f, x, "", false);
    return stream_text(f, &text);
}

void explain_stderr(FILE *f, const char *tail, const char *indent) {
    fprintf(f, "%sthe target's stderr ended with:\n", indent);
    for (const char *line = tail; *line;) {
        size_t n = strcspn(line, "\n");
        fprintf(f, "%s  | %.*s\n", indent, (int)n, line);
        line += n + (line[n] == '\n');
    }
}
