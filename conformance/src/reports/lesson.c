/*
 * lesson.c - the lesson model (lesson.h): a case's lines, its checks seen under
 * each profile with the deciding line and the groups that applied, the cause of
 * every difference between the profiles, and the words every renderer shares.
 */
#include "lesson.h"

#include <stdlib.h>
#include <string.h>

#include "check_text.h"
#include "report.h"

/* ---- Glyphs ------------------------------------------------------------------- */

static const char *control_name(unsigned char b) {
    static const char *const names[32] = {
        "NUL", "0x01", "0x02", "0x03", "0x04", "0x05", "0x06", "0x07", "0x08", "TAB", "LF",
        "VT",  "FF",   "CR",   "0x0E", "0x0F", "0x10", "0x11", "0x12", "0x13", "0x14", "0x15",
        "0x16", "0x17", "0x18", "0x19", "0x1A", "ESC", "0x1C", "0x1D", "0x1E", "0x1F"};
    return b < 32 ? names[b] : "DEL";
}

/* The length of the valid UTF-8 sequence at s (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF), or 0. */
static size_t utf8_length(const unsigned char *s, size_t n, uint32_t *code) {
    size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] < 0xC2 || s[0] > 0xF4 || len > n) return 0;
    uint32_t c = s[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        c = c << 6 | (s[i] & 0x3F);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *code = c;
    return len;
}

static void emit_bytes(const unsigned char *s, size_t n, glyph_fn fn, void *ctx) {
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && s[run] >= 0x20 && s[run] < 0x7F) run++;
        if (run > i) {
            fn(ctx, &(glyph){GLYPH_TEXT, s + i, run - i, 0, NULL});
            i = run;
            continue;
        }
        uint32_t code = 0;
        size_t len = s[i] >= 0x80 ? utf8_length(s + i, n - i, &code) : 0;
        if (s[i] < 0x20 || s[i] == 0x7F)
            fn(ctx, &(glyph){GLYPH_CONTROL, s + i, 1, s[i], control_name(s[i])});
        else if (len && code == 0xFEFF)
            fn(ctx, &(glyph){GLYPH_BOM, s + i, len, code, "BOM"});
        else if (len)
            fn(ctx, &(glyph){GLYPH_NON_ASCII, s + i, len, code, NULL});
        else
            fn(ctx, &(glyph){GLYPH_BAD_BYTE, s + i, 1, s[i], NULL});
        i += len ? len : 1;
    }
}

void lesson_glyphs(const unsigned char *s, size_t n, bool elide, glyph_fn fn, void *ctx) {
    if (!elide || n <= LONG_LINE_SHOWN) {
        emit_bytes(s, n, fn, ctx);
        return;
    }
    emit_bytes(s, LONG_LINE_HEAD, fn, ctx);
    fn(ctx, &(glyph){GLYPH_ELIDED, NULL, n - LONG_LINE_HEAD - LONG_LINE_TAIL, (uint32_t)n, NULL});
    emit_bytes(s + n - LONG_LINE_TAIL, LONG_LINE_TAIL, fn, ctx);
}

static void plain_glyph(void *ctx, const glyph *g) {
    FILE *f = ctx;
    switch (g->kind) {
    case GLYPH_TEXT:
    case GLYPH_NON_ASCII:
        fwrite(g->s, 1, g->len, f);
        break;
    case GLYPH_ELIDED:
        fprintf(f, " [... %u bytes in all ...] ", (unsigned)g->code);
        break;
    case GLYPH_BOM: /* invisible as it is: named */
        fputs("<BOM>", f);
        break;
    default: /* controls and bad bytes: nothing to see as they are */
        for (size_t i = 0; i < g->len; i++) fprintf(f, "\\x%02X", g->s[i]);
        break;
    }
}

void lesson_glyphs_plain(FILE *f, const unsigned char *s, size_t n, bool elide) {
    lesson_glyphs(s, n, elide, plain_glyph, f);
}

/* ---- Causes --------------------------------------------------------------------- */

const char *lesson_cause_name(int cause) {
    if (cause >= 0 && cause < ROBOTS_SWITCH_COUNT) return robots_switch_name((robots_switch)cause);
    switch (cause) {
    case CAUSE_FETCH_POLICY: return "fetch policy";
    case CAUSE_LEFT_OPEN: return "left open by RFC 9309";
    case CAUSE_SEVERAL: return "no single switch";
    default: return "none";
    }
}

const char *lesson_cause_meaning(int cause) {
    if (cause >= 0 && cause < ROBOTS_SWITCH_COUNT) return robots_switch_meaning((robots_switch)cause);
    switch (cause) {
    case CAUSE_FETCH_POLICY:
        return "not the parser: how a crawler treats HTTP status codes, unreachable servers and caching";
    case CAUSE_LEFT_OPEN:
        return "RFC 9309 does not say; the reference answers as Google does, and a parser may answer either way";
    case CAUSE_SEVERAL:
        return "no one switch alone turns one profile's answer into the other's, or more than one would";
    default: return "the profiles expect the same";
    }
}

void lesson_cause_paragraph(int cause, char *out, size_t cap) {
    const char *meaning = lesson_cause_meaning(cause);
    if (cause >= 0 && cause < ROBOTS_SWITCH_COUNT) {
        int google = robots_switch_on(ROBOTS_PROFILE_GOOGLE, (robots_switch)cause);
        snprintf(out, cap, "A switch of the profiles, on in %s and off in %s: when on, %s.", google ? "google" : "rfc9309",
                 google ? "rfc9309" : "google", meaning);
        return;
    }
    snprintf(out, cap, "%c%s.", meaning[0] >= 'a' && meaning[0] <= 'z' ? meaning[0] - 'a' + 'A' : meaning[0], meaning + 1);
}

/* ---- The model ------------------------------------------------------------------- */

static int split_lines(const robots_body *b, lesson *l) {
    size_t n = 1;
    for (size_t i = 0; i < b->len; i++)
        if (b->data[i] == '\n' || (b->data[i] == '\r' && !(i + 1 < b->len && b->data[i + 1] == '\n'))) n++;
    l->lines = calloc(n, sizeof *l->lines);
    if (!l->lines) return -1;
    const unsigned char *s = b->data;
    size_t start = 0;
    for (size_t line = 0; line < n; line++) {
        size_t end = start;
        while (end < b->len && s[end] != '\n' && s[end] != '\r') end++;
        lesson_line *x = &l->lines[line];
        x->number = line + 1;
        x->s = s + start;
        x->len = end - start;
        x->end = end >= b->len ? "" : s[end] == '\n' ? "LF" : end + 1 < b->len && s[end + 1] == '\n' ? "CR LF" : "CR";
        start = end + (x->end[0] ? strlen(x->end) == 5 ? 2 : 1 : 0);
    }
    /* A file that ends with a line end has no line after it. */
    l->nlines = n > 1 && l->lines[n - 1].len == 0 ? n - 1 : n;
    return 0;
}

/* A check's basis in words: "spec, rfc", or per profile where they differ. */
static void basis_words(const check *k, char *out, size_t cap) {
    bool same = true;
    for (int p = 1; p < ROBOTS_PROFILE_COUNT; p++) same = same && k->basis[p] == k->basis[0];
    if (same) {
        check_basis_text(k->basis[0], ", ", out, cap);
        return;
    }
    out[0] = '\0';
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        char classes[128];
        check_basis_text(k->basis[p], ", ", classes, sizeof classes);
        snprintf(out + strlen(out), cap - strlen(out), "%s%s: %s", p ? "; " : "",
                 robots_profile_name((robots_profile_id)p), classes);
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

/* An allow-crawler check (robots_check_crawler): the verdict, and the tokens whose
 * groups applied: the deciding token alone, or none (the '*' groups then apply,
 * unless the crawler ignores them). */
static void see_crawler(const robots_rules *rules, const check *k, lesson_view *v, const char *const **agents,
                        size_t *count) {
    size_t decided = k->nagents;
    robots_check_crawler(rules, (const char *const *)k->agents, NULL, k->nagents,
                         k->ignores_star ? ROBOTS_CRAWLER_IGNORES_STAR : 0u, k->url, strlen(k->url), &v->verdict,
                         &decided, NULL);
    *agents = decided < k->nagents ? (const char *const *)&k->agents[decided] : NULL;
    *count = decided < k->nagents ? 1 : 0;
    v->token = decided < k->nagents ? k->agents[decided] : NULL;
    v->star_ignored = !v->token && k->ignores_star && robots_applying_groups(rules, NULL, NULL, 0, NULL, 0) > 0;
}

/* The verdict of an allow check on the case's rules under one profile, with its
 * deciding pattern copied and the first lines of the groups that applied; the
 * reference's answer is the verdict's. */
static int see_verdict(const robots_rules *rules, const check *k, lesson_view *v) {
    const char *one[1] = {k->agent};
    const char *const *agents = k->kind == KIND_ALLOW_AGENTS ? (const char *const *)k->agents : one;
    size_t count = k->kind == KIND_ALLOW_AGENTS ? k->nagents : 1;
    if (k->kind == KIND_ALLOW_CRAWLER) see_crawler(rules, k, v, &agents, &count);
    else robots_check_agents(rules, agents, NULL, count, k->url, strlen(k->url), &v->verdict, NULL);
    v->reference.status = ANSWER_GIVEN;
    snprintf(v->reference.text, sizeof v->reference.text, "%s", v->verdict.allowed ? "allowed" : "disallowed");
    size_t index[LESSON_GROUPS_SHOWN];
    size_t n = v->star_ignored ? 0 : robots_applying_groups(rules, agents, NULL, count, index, LESSON_GROUPS_SHOWN);
    for (size_t i = 0; i < n && i < LESSON_GROUPS_SHOWN; i++) {
        robots_group_info g;
        robots_get_group(rules, index[i], &g);
        v->group_lines[i] = g.first_line;
    }
    v->has_verdict = true;
    if (!v->verdict.pattern) return 0;
    v->pattern = malloc(v->verdict.pattern_len + 1);
    if (!v->pattern) return -1;
    memcpy(v->pattern, v->verdict.pattern, v->verdict.pattern_len);
    v->pattern[v->verdict.pattern_len] = '\0';
    v->verdict.pattern = v->pattern;
    return 0;
}

/* A status check that RFC 9309 leaves open (MAY: undefined) where the
 * reference's answer under it is the answer Google's expectation gives: a 401,
 * 403, 404 or 410's full allow, a sixth redirect (STATUS-4, STATUS-6, RFC-7).
 * The two agree in practice; only 429, where RFC 9309 reads it as a 4xx and
 * Google as a 5xx, stays a difference. */
static bool may_agree(const lesson_check *x) {
    const lesson_view *g = &x->view[ROBOTS_PROFILE_GOOGLE], *r = &x->view[ROBOTS_PROFILE_RFC9309];
    return x->k->kind == KIND_STATUS && !x->same_expectation && strcmp(g->expected, UNDEFINED) != 0 &&
           strcmp(r->expected, UNDEFINED) == 0 && r->reference.status == ANSWER_GIVEN &&
           strcmp(r->reference.text, g->expected) == 0;
}

/* The one switch that, toggled alone, turns the google profile's answer into the
 * rfc9309 one's (or, failing that, the rfc9309 profile's into google's). None, or
 * more than one that each would do: no single switch explains the difference. */
static int find_cause(const tcase *c, const lesson_check *x, lesson_refs *refs) {
    const check *k = x->k;
    if (x->same_expectation) return CAUSE_NONE;
    if (k->kind == KIND_STATUS || k->kind == KIND_CACHE_LIFETIME) return CAUSE_FETCH_POLICY;
    const answer *g = &x->view[ROBOTS_PROFILE_GOOGLE].reference, *r = &x->view[ROBOTS_PROFILE_RFC9309].reference;
    if (!strcmp(g->text, r->text)) return CAUSE_LEFT_OPEN;
    for (int from = 0; from < ROBOTS_PROFILE_COUNT; from++) {
        const answer *want = from == ROBOTS_PROFILE_GOOGLE ? r : g;
        int found = CAUSE_NONE, count = 0;
        for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++) {
            answer a;
            memset(&a, 0, sizeof a);
            refs->toggled[s]->ask(refs->toggled[s], c, k, (robots_profile_id)from, &a);
            if (a.status == ANSWER_GIVEN && !strcmp(a.text, want->text)) found = s, count++;
        }
        if (count) return count == 1 ? found : CAUSE_SEVERAL;
    }
    return CAUSE_SEVERAL;
}

int lesson_refs_open(lesson_refs *refs) {
    memset(refs, 0, sizeof *refs);
    refs->plain = target_reference();
    bool ok = refs->plain != NULL;
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++) {
        refs->toggled[s] = target_reference_toggled(1u << s);
        ok = ok && refs->toggled[s];
    }
    if (!ok) lesson_refs_close(refs);
    return ok ? 0 : -1;
}

void lesson_refs_close(lesson_refs *refs) {
    if (refs->plain) refs->plain->close(refs->plain);
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++)
        if (refs->toggled[s]) refs->toggled[s]->close(refs->toggled[s]);
    memset(refs, 0, sizeof *refs);
}

static bool same_for_all(const check *k) {
    for (int p = 1; p < ROBOTS_PROFILE_COUNT; p++)
        if (strcmp(k->expect[p], k->expect[0]) != 0) return false;
    return true;
}

int lesson_make(const tcase *c, lesson_refs *refs, lesson *l) {
    memset(l, 0, sizeof *l);
    l->c = c;
    robots_rules *rules[ROBOTS_PROFILE_COUNT] = {NULL};
    l->checks = calloc(c->nchecks ? c->nchecks : 1, sizeof *l->checks);
    l->sources = calloc(c->nsources ? c->nsources : 1, sizeof *l->sources);
    if (!l->checks || !l->sources || (c->robots.present && split_lines(&c->robots, l))) goto fail;
    /* The robots.txt as the reference target is handed it, parsed once per profile
     * for all the allow checks. */
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_options o;
        robots_options_init(&o);
        o.profile = (robots_profile_id)p;
        if (robots_parse(c->robots.data, target_handed_length(refs->plain, &c->robots), &o, &rules[p], NULL)) goto fail;
    }
    l->nchecks = c->nchecks;
    for (size_t i = 0; i < c->nchecks; i++) {
        lesson_check *x = &l->checks[i];
        const check *k = &c->checks[i];
        x->k = k;
        check_describe(k, x->what, sizeof x->what);
        basis_words(k, x->basis, sizeof x->basis);
        x->same_expectation = same_for_all(k);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            lesson_view *v = &x->view[p];
            v->expected = k->expect[p];
            if (kind_is_allow(k->kind)) {
                if (see_verdict(rules[p], k, v)) goto fail;
            } else {
                refs->plain->ask(refs->plain, c, k, (robots_profile_id)p, &v->reference);
            }
        }
        x->may_agree = may_agree(x);
        x->cause = x->may_agree ? CAUSE_NONE : find_cause(c, x, refs);
    }
    l->nsources = c->nsources;
    for (size_t i = 0; i < c->nsources; i++) {
        l->sources[i].text = c->sources[i];
        l->sources[i].ref = &c->refs[i];
        source_gloss(&c->refs[i], l->sources[i].gloss, sizeof l->sources[i].gloss);
    }
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) robots_free(rules[p]);
    return 0;
fail:
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) robots_free(rules[p]);
    lesson_free(l);
    return -1;
}

void lesson_free(lesson *l) {
    for (size_t i = 0; l->checks && i < l->nchecks; i++)
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) free(l->checks[i].view[p].pattern);
    free(l->checks);
    free(l->lines);
    free(l->sources);
    memset(l, 0, sizeof *l);
}

bool lesson_differs(const lesson *l) {
    for (size_t i = 0; i < l->nchecks; i++)
        if (!l->checks[i].same_expectation && !l->checks[i].may_agree) return true;
    return false;
}

/* ---- Shared words ------------------------------------------------------------------ */

void lesson_line_plain(FILE *f, const lesson_line *x) {
    fprintf(f, "%4zu | ", x->number);
    lesson_glyphs_plain(f, x->s, x->len, true);
    if (strcmp(x->end, "LF") && x->end[0]) fprintf(f, "  <%s>", x->end);
    fprintf(f, "\n");
}

void lesson_check_pieces(const lesson_check *x, piece_fn fn, void *ctx) {
    const check *k = x->k;
    switch (k->kind) {
    case KIND_ALLOW:
        fn(ctx, false, "crawler ");
        fn(ctx, true, k->agent);
        break;
    case KIND_ALLOW_AGENTS:
    case KIND_ALLOW_CRAWLER:
        fn(ctx, false, k->nagents == 1 ? "crawler with the token " : "crawler with the tokens ");
        for (size_t i = 0; i < k->nagents; i++) {
            if (i) fn(ctx, false, " + ");
            fn(ctx, true, k->agents[i]);
        }
        if (k->kind == KIND_ALLOW_CRAWLER)
            fn(ctx, false, k->ignores_star ? ", which ignores the '*' group" : ", which follows the '*' group");
        break;
    case KIND_ROBOTS_URL:
        fn(ctx, false, "the robots.txt URL of ");
        fn(ctx, true, k->url);
        return;
    case KIND_SCOPE:
        fn(ctx, false, "does ");
        fn(ctx, true, k->robots_url);
        fn(ctx, false, " govern ");
        fn(ctx, true, k->url);
        fn(ctx, false, "?");
        return;
    default:
        fn(ctx, false, x->what);
        return;
    }
    fn(ctx, false, ", URL ");
    fn(ctx, true, k->url);
}

void lesson_deciding_words(const lesson_view *v, char *out, size_t cap) {
    const robots_verdict *d = &v->verdict;
    if (d->rule == ROBOTS_RULE_NONE)
        snprintf(out, cap, "%s", d->group == ROBOTS_GROUP_NONE ? "no group applies: allowed"
                                 : d->why & ROBOTS_WHY_ROBOTS_TXT ? "/robots.txt is always allowed"
                                                                  : "no rule matches: allowed by default");
    else
        snprintf(out, cap, "line %zu: %s: ", d->line, robots_rule_kind_name(d->rule));
}

bool lesson_usage_words(check_kind kind, const lesson_view *v, char *out, size_t cap) {
    out[0] = '\0';
    if ((kind != KIND_USAGE && kind != KIND_SIGNAL) || v->reference.status != ANSWER_GIVEN) return false;
    /* target_reference.c's detail: "line N: why" when a line decided, else "why". */
    snprintf(out, cap, "%s", v->reference.detail);
    return out[0] != '\0';
}

void lesson_group_words(const lesson_view *v, char *out, size_t cap) {
    const robots_verdict *d = &v->verdict;
    if (d->group == ROBOTS_GROUP_NONE) {
        snprintf(out, cap, "%s", v->star_ignored ? "no group: none names the crawler, and it ignores the '*' group"
                                                 : "no group: none names the crawler and there is no '*' group");
        return;
    }
    bool one = d->groups == 1;
    if (d->group == ROBOTS_GROUP_GLOBAL)
        snprintf(out, cap, "the %s (line%s ", one ? "'*' group" : "'*' groups", one ? "" : "s");
    else if (v->token) /* allow-crawler: the groups of its first token a group names */
        snprintf(out, cap, "the group%s naming its token %.200s (line%s ", one ? "" : "s", v->token, one ? "" : "s");
    else
        snprintf(out, cap, "the %s (line%s ", one ? "group naming the crawler" : "groups naming the crawler",
                 one ? "" : "s");
    for (size_t i = 0; i < d->groups && i < LESSON_GROUPS_SHOWN; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%zu", i ? ", " : "", v->group_lines[i]);
    if (d->groups > LESSON_GROUPS_SHOWN) snprintf(out + strlen(out), cap - strlen(out), ", ...");
    snprintf(out + strlen(out), cap - strlen(out), ")%s", d->groups > 1 ? ", merged" : "");
}

const char *lesson_why_words(unsigned why) {
    if (why & ROBOTS_WHY_INDEX_HTML) return " (an allow of index.htm... also allows its directory)";
    if (why & ROBOTS_WHY_TIE) return " (an allow and a disallow of equal length: the allow wins)";
    return "";
}

void lesson_expected_words(const lesson_view *v, char *out, size_t cap) {
    if (strcmp(v->expected, UNDEFINED) != 0)
        snprintf(out, cap, "%s", v->expected);
    else
        snprintf(out, cap, "undefined (the reference: %s)",
                 v->reference.status == ANSWER_GIVEN ? v->reference.text : "no answer");
}

/* ---- Every case ------------------------------------------------------------------- */

int lessons_make_all(const suite *s, lesson_refs *refs, lesson **out, size_t *count) {
    size_t n = 0;
    for (size_t t = 0; t < s->ntables; t++) n += s->tables[t].ncases;
    lesson *all = calloc(n ? n : 1, sizeof *all);
    if (!all) return -1;
    size_t made = 0;
    for (size_t t = 0; t < s->ntables; t++) {
        for (size_t i = 0; i < s->tables[t].ncases; i++) {
            if (lesson_make(&s->tables[t].cases[i], refs, &all[made]) != 0) {
                lessons_free_all(all, made);
                return -1;
            }
            made++;
        }
    }
    *out = all;
    *count = made;
    return 0;
}

void lessons_free_all(lesson *all, size_t count) {
    for (size_t i = 0; i < count; i++) lesson_free(&all[i]);
    free(all);
}
