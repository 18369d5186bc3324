/*
 * test_sweep.c - deciding many wildcard rules in one pass over the path (sweep.c)
 * gives the answers of matching them one at a time (match.c), and a query that
 * uses it answers as if each rule were asked about alone.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "internal.h"
#include "test.h"

/* A pattern from a small alphabet, so that segments overlap, nest and repeat: '*'
 * often, a final '$' sometimes, %61 (an 'a' in rfc9309) now and then; with_c: a
 * leading '*', and c's. */
static size_t random_pattern(char *out, bool with_c) {
    static const char *const pieces[] = {"a", "a", "b", "ab", "aa", "ba", "*", "*", "/", "%61", "aab", "c", "bc*"};
    size_t kinds = sizeof pieces / sizeof pieces[0] - (with_c ? 0 : 2);
    size_t n = 0;
    out[n++] = '/';
    if (with_c) out[n++] = '*'; /* every rule a candidate of the long path */
    unsigned count = test_random(7), c_at = with_c ? test_random(count + 1) : count + 1;
    for (unsigned k = 0; k <= count; k++) {
        if (k == c_at) out[n++] = 'c'; /* each needs a c: found near the end only */
        if (k == count) break;
        const char *p = pieces[test_random((unsigned)kinds)];
        memcpy(out + n, p, strlen(p));
        n += strlen(p);
    }
    if (test_random(4) == 0) out[n++] = '$';
    out[n] = '\0';
    return n;
}

static size_t random_path(char *out, size_t max) {
    size_t n = 0, len = test_random((unsigned)max);
    out[n++] = '/';
    while (n < len) out[n++] = "aab/"[test_random(4)];
    return n;
}

typedef struct marks {
    const rule *base;
    bool *matched;
} marks;

static void mark(void *ctx, const rule *rl) {
    marks *m = ctx;
    m->matched[rl - m->base] = true;
}

/* Every wildcard rule of random files whose segment 0 the path has: the sweep and
 * rule_matches_from agree on each, in both profiles. */
static void sweep_agrees_with_match(void) {
    test_seed(1);
    char text[4096], path[64];
    bool matched[64];
    size_t disagreements = 0, decided = 0;
    for (int round = 0; round < 3000; round++) {
        size_t n = (size_t)snprintf(text, sizeof text, "user-agent: *\n");
        unsigned rules = 1 + test_random(40);
        for (unsigned i = 0; i < rules; i++) {
            char pat[64];
            random_pattern(pat, false);
            n += (size_t)snprintf(text + n, sizeof text - n, "disallow: %s\n", pat);
        }
        size_t plen = random_path(path, sizeof path);
        robots_profile_id prof = round % 2 ? RFC : GOOGLE;
        robots_rules *r = parse_text(prof, text);
        CHECK(r != NULL);
        if (!r) return;
        /* The sweep reads plain octets: decode for rfc9309 as the query does. */
        path_view given = {(const unsigned char *)path, plen, 0, r->profile->percent_decode};
        unsigned char octets[64];
        size_t no = 0;
        for (size_t pos = 0; pos < view_end(&given); no++) pos = view_next(&given, pos, &octets[no]);
        path_view v = {octets, no, 0, false};

        const rule *rl = r->rules.data;
        CHECK(r->rules.len <= 64);
        memset(matched, 0, sizeof matched);
        marks m = {rl, matched};
        sweep *s = sweep_new(r);
        CHECK(s != NULL);
        size_t starts[64];
        bool candidate[64] = {false};
        const segment *segs = r->segments.data;
        for (size_t i = 0; i < r->rules.len; i++) {
            const segment *s0 = &segs[rl[i].seg_first];
            if ((rl[i].flags & RULE_LITERAL) || rl[i].text_len == 0) continue;
            if (!view_match_at(&v, 0, bytes_at(r, s0->off), s0->len, &starts[i])) continue;
            candidate[i] = true;
            CHECK(sweep_add(s, &rl[i], starts[i]));
        }
        CHECK(sweep_run(s, &v, mark, &m));
        sweep_free(s);
        for (size_t i = 0; i < r->rules.len; i++) {
            if (!candidate[i]) continue;
            decided++;
            bool want = rule_matches_from(r, &rl[i], &v, starts[i]);
            if (want != matched[i] && disagreements++ < 5)
                printf("    %s: pattern %.*s, path %.*s: sweep %d, one at a time %d\n", r->profile->name,
                       (int)rl[i].text_len, (const char *)bytes_at(r, rl[i].text_off), (int)plen, path,
                       matched[i], want);
        }
        robots_free(r);
    }
    CHECK_EQ(disagreements, 0);
    CHECK(decided > 10000); /* the generator does produce candidates */
}

/* Enough wildcard rules that need what only the end of a long path has, so that
 * the query decides them in one pass (shortest first, so that no match sets the
 * rest aside); the answer is the one precedence gives from each rule asked about
 * alone. */
static void query_answers_as_rules_alone(void) {
    test_seed(2);
    enum { RULES = 300, PATH = 20000 };
    static char text[RULES * 80], path[PATH + 8], one[128];
    static char pats[RULES][64];
    static bool kinds[RULES];
    for (int round = 0; round < 6; round++) {
        size_t n = (size_t)snprintf(text, sizeof text, "user-agent: *\n");
        for (unsigned i = 0; i < RULES; i++) { /* inserted in order of length */
            char pat[64];
            size_t len = random_pattern(pat, true), j = i;
            for (; j > 0 && strlen(pats[j - 1]) > len; j--) memcpy(pats[j], pats[j - 1], sizeof pats[j]);
            memcpy(pats[j], pat, len + 1);
        }
        for (unsigned i = 0; i < RULES; i++) {
            kinds[i] = test_random(2);
            n += (size_t)snprintf(text + n, sizeof text - n, "%s: %s\n", kinds[i] ? "allow" : "disallow", pats[i]);
        }
        /* Long, with a c only near the end: rules that need one read it all. */
        size_t plen = random_path(path, PATH);
        while (plen < PATH - 40) path[plen++] = "aab/"[test_random(4)];
        while (plen < PATH) path[plen++] = "aabc/"[test_random(5)];
        robots_profile_id prof = round % 2 ? RFC : GOOGLE;
        counting c = {0, 0, 0, 0};
        robots_allocator a = counting_allocator(&c);
        robots_options o;
        robots_options_init(&o);
        o.profile = prof;
        o.allocator = &a;
        robots_rules *r = parse_or_null(text, n, &o);
        robots_verdict v;
        size_t calls = c.calls;
        CHECK(check_answer(r, "x", 1, path, plen, &v) >= 0);
        CHECK(c.calls > calls); /* it did decide in one pass */
        /* The rule alone: matched or not; then the longest wins, allow on a tie,
         * the first line among equals. */
        size_t best_len[2] = {0, 0}, best_line[2] = {0, 0};
        for (unsigned i = 0; i < RULES; i++) {
            snprintf(one, sizeof one, "user-agent: *\ndisallow: %.60s\n", pats[i]);
            robots_rules *alone = parse_text(prof, one);
            robots_verdict va;
            CHECK(check_answer(alone, "x", 1, path, plen, &va) >= 0);
            if (!va.allowed && va.pattern_len > best_len[kinds[i]]) {
                best_len[kinds[i]] = va.pattern_len;
                best_line[kinds[i]] = i + 2;
            }
            robots_free(alone);
        }
        bool want_allowed = best_len[0] <= best_len[1];
        CHECK_EQ(v.allowed, want_allowed);
        size_t want_line = !want_allowed ? best_line[0] : best_len[1] ? best_line[1] : 0;
        CHECK_EQ(v.line, want_line);
        robots_free(r);
    }
}

/* Memory running out at any allocation of the one-pass decision: the query falls
 * back to one rule at a time, gives the same verdict, and keeps nothing. In both
 * profiles, and with a long %-encoded path (rfc9309 decodes it into scratch first). */
static void sweep_memory_failures(void) {
    enum { RULES = 300, PATH = 6000 };
    static char text[RULES * 80], path[PATH], encoded[3 * PATH];
    /* Near misses: each rule needs "c" and its number after the a's and the b. */
    size_t n = (size_t)snprintf(text, sizeof text, "user-agent: *\nallow: /*ab$\n");
    for (unsigned i = 0; i < RULES; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "disallow: /*%.*sb*c%u\n", (int)(1 + i % 40),
                              "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", i);
    memset(path, 'a', PATH);
    memcpy(path, "/c0123456789", 12);
    path[PATH - 1] = 'b';
    size_t ne = 0; /* the same path with every a written %61 */
    for (size_t i = 0; i < PATH; i++) {
        if (path[i] == 'a') memcpy(encoded + ne, "%61", 3), ne += 3;
        else encoded[ne++] = path[i];
    }
    static const struct {
        robots_profile_id profile;
        bool encoded;
    } runs[] = {{GOOGLE, false}, {RFC, false}, {RFC, true}};
    for (size_t run = 0; run < sizeof runs / sizeof runs[0]; run++) {
        const char *url = runs[run].encoded ? encoded : path;
        size_t url_len = runs[run].encoded ? ne : (size_t)PATH;
        counting c = {0, 0, 0, 0};
        robots_allocator a = counting_allocator(&c);
        robots_options o;
        robots_options_init(&o);
        o.profile = runs[run].profile;
        o.allocator = &a;
        robots_rules *r = parse_or_null(text, n, &o);
        robots_verdict want, got;
        size_t before = c.current, calls = c.calls;
        CHECK(check_answer(r, "x", 1, url, url_len, &want) >= 0);
        size_t used = c.calls - calls;
        CHECK(used >= 5); /* the sweep did allocate */
        CHECK_EQ(c.current, before);
        for (size_t k = 1; k <= used; k++) {
            c.fail_at = c.calls + k;
            CHECK(check_answer(r, "x", 1, url, url_len, &got) >= 0);
            CHECK_EQ(got.allowed, want.allowed);
            CHECK_EQ(got.line, want.line);
            CHECK_EQ(c.current, before);
        }
        c.fail_at = 0;
        CHECK_EQ(want.allowed, 1); /* the path ends in "ab": line 2 matches, no disallow does */
        CHECK_EQ(want.line, 2);
        robots_free(r);
        CHECK_EQ(c.current, 0);
    }
}

const test_suite suite_sweep = {"sweep", (const test_case[]){
    {"one pass and one rule at a time agree on random rules", sweep_agrees_with_match},
    {"a query deciding in one pass answers as each rule alone", query_answers_as_rules_alone},
    {"no memory for the one pass: same verdict, nothing kept", sweep_memory_failures},
    {NULL, NULL}}};
