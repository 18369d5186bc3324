/*
 * sweep.c - fuzz target: "P" PATH "\n" ROBOTS, the byte P choosing the profile.
 * Every wildcard rule of the file whose literal prefix (segment 0) the path has is
 * decided two ways: all at once in one pass over the path (ref/src/sweep.c) and
 * one at a time (ref/src/match.c, itself checked against regexec by the regex
 * target and against a separate matcher by the model target). They must agree on
 * every rule. A query turns to the one pass only past a budget that small inputs
 * never reach, so this target calls both directly, through the library's internal
 * header.
 */
#include "../common.h"
#include "internal.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(rule_reported_twice)
DEFINE_FINDING(sweep_add_failed)
DEFINE_FINDING(one_pass_differs)
DEFINE_FINDING(sweep_out_of_memory)
DEFINE_FINDING(sweep_run_failed)

#define PATH_MAX_OCTETS 4096

typedef struct decided {
    const rule *rules, *alts; /* where the rule arrays start */
    unsigned char *matched;   /* per rule, then per alternative */
    size_t nrules;
} decided;

static void mark(void *ctx, const rule *rl) {
    decided *d = ctx;
    size_t i = rl >= d->rules && rl < d->rules + d->nrules ? (size_t)(rl - d->rules) : d->nrules + (size_t)(rl - d->alts);
    REQUIRE(rule_reported_twice, !d->matched[i]); /* each rule is reported once */
    d->matched[i] = 1;
}

/* Adds every wildcard rule of `list` whose segment 0 is at the start of the path. */
static void add_candidates(const robots_rules *r, sweep *s, const vec *list, const path_view *v, size_t *starts) {
    const rule *rl = list->data;
    const segment *segs = r->segments.data;
    for (size_t i = 0; i < list->len; i++) {
        starts[i] = SIZE_MAX;
        if ((rl[i].flags & RULE_LITERAL) || rl[i].text_len == 0) continue;
        const segment *s0 = &segs[rl[i].seg_first];
        if (!view_match_at(v, 0, bytes_at(r, s0->off), s0->len, &starts[i])) continue;
        REQUIRE(sweep_add_failed, sweep_add(s, &rl[i], starts[i]));
    }
}

static void compare(const robots_rules *r, const vec *list, const path_view *v, const size_t *starts,
                    const unsigned char *matched) {
    const rule *rl = list->data;
    for (size_t i = 0; i < list->len; i++) {
        if (starts[i] == SIZE_MAX) continue;
        bool one = rule_matches_from(r, &rl[i], v, starts[i]);
        if (one != (matched[i] != 0)) {
            print_bytes("pattern", bytes_at(r, rl[i].text_off), rl[i].text_len);
            print_bytes("path", v->s, v->len);
            FINDING(one_pass_differs,
                    "one pass says %s, one rule at a time says %s (%s)", matched[i] ? "match" : "no match",
                    one ? "match" : "no match", r->profile->name);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    robots_profile_id p = take_profile(&data, &size);
    size_t path_len;
    const uint8_t *robots = next_line(data, size, &path_len);
    if (path_len > PATH_MAX_OCTETS) return 0;
    robots_rules *r = parse_profile(robots, (size_t)(data + size - robots), p, ROBOTS_DEFAULT_MAX_BYTES);
    /* The path as a query hands it to the sweep: decoded octets (rfc9309), with a
     * virtual leading '/' when it has none. */
    path_view given = {data, path_len, path_len == 0 || data[0] != '/', r->profile->percent_decode};
    unsigned char octets[PATH_MAX_OCTETS + 1];
    size_t n = 0;
    for (size_t pos = 0; pos < view_end(&given); n++) pos = view_next(&given, pos, &octets[n]);
    path_view v = {octets, n, 0, false};

    size_t total = r->rules.len + r->alts.len;
    size_t *starts = malloc((total ? total : 1) * sizeof *starts);
    unsigned char *matched = calloc(total ? total : 1, 1);
    sweep *s = sweep_new(r);
    REQUIRE(sweep_out_of_memory, starts && matched && s);
    add_candidates(r, s, &r->rules, &v, starts);
    add_candidates(r, s, &r->alts, &v, starts + r->rules.len);
    decided d = {r->rules.data, r->alts.data, matched, r->rules.len};
    REQUIRE(sweep_run_failed, sweep_run(s, &v, mark, &d));
    compare(r, &r->rules, &v, starts, matched);
    compare(r, &r->alts, &v, starts + r->rules.len, matched + r->rules.len);
    sweep_free(s);
    free(starts);
    free(matched);
    robots_free(r);
    return 0;
}
