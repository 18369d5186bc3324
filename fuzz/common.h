/*
 * common.h - what the fuzz targets share: the libFuzzer entry point, the input
 * layout of the query-like targets, and how a finding is reported (print both
 * sides, then abort, which every fuzzer and the replay driver treat as a crash).
 */
#ifndef ROBOTS_FUZZ_COMMON_H
#define ROBOTS_FUZZ_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "robots.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* A target's set-up, where it has one (the runner's): every driver calls it once,
 * before the first input. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* "AGENT\nURL\nROBOTS...": the first line is the crawler's name, the second the
 * URL, the rest the robots.txt. Missing lines are empty. */
typedef struct query_input {
    const char *agent;
    size_t agent_len;
    const char *url;
    size_t url_len;
    const unsigned char *robots;
    size_t robots_len;
} query_input;

static inline const uint8_t *next_line(const uint8_t *d, size_t n, size_t *len) {
    const uint8_t *nl = memchr(d, '\n', n);
    *len = nl ? (size_t)(nl - d) : n;
    return nl ? nl + 1 : d + n;
}

static inline void split_query(const uint8_t *d, size_t n, query_input *q) {
    const uint8_t *end = d + n;
    const uint8_t *p = next_line(d, n, &q->agent_len);
    q->agent = (const char *)d;
    q->url = (const char *)p;
    p = next_line(p, (size_t)(end - p), &q->url_len);
    q->robots = p;
    q->robots_len = (size_t)(end - p);
}

/* Prints bytes so that any of them can be read back: printable ASCII as is, the
 * rest as \xHH. */
static inline void print_bytes(const char *label, const void *data, size_t n) {
    const unsigned char *s = data;
    fprintf(stderr, "%s (%zu bytes): \"", label, n);
    for (size_t i = 0; i < n && i < 4096; i++) {
        if (s[i] >= 0x20 && s[i] < 0x7F && s[i] != '\\' && s[i] != '"') fputc(s[i], stderr);
        else fprintf(stderr, "\\x%02X", s[i]);
    }
    fprintf(stderr, "%s\"\n", n > 4096 ? "..." : "");
}

/* How a finding is reported: each invariant fails through a function of its
 * own, finding_NAME, which prints "FINDING: ", the message and the invariant's
 * name, then aborts. ClusterFuzz files a crash by its crash state, the top three
 * frames below abort() and the libc and sanitizer frames: were every finding to
 * abort from one helper (or inline in LLVMFuzzerTestOneInput), distinct invariants
 * of a target would share one state and so one issue. Here the frame below abort
 * is finding_NAME, so each invariant is an issue of its own (issue 63, item 4;
 * make test-crash-state shows two planted findings give two top frames).
 *
 * DEFINE_FINDING(NAME), at file scope, defines finding_NAME: noinline, so that it
 * stays a frame; noreturn, as abort(); unused, as a header's may be; and its body
 * holds its own name, so no two are the same code and the linker's identical-code
 * folding cannot merge them. FINDING(NAME, FORMAT, ...) calls it (a name with no
 * DEFINE_FINDING does not compile); REQUIRE(NAME, COND) calls it when COND fails. */
#define DEFINE_FINDING(name)                                                                             \
    __attribute__((noinline, noreturn, unused, format(printf, 1, 2))) static void finding_##name(         \
        const char *format, ...) {                                                                       \
        va_list ap;                                                                                      \
        va_start(ap, format);                                                                            \
        fputs("\nFINDING: ", stderr);                                                                    \
        vfprintf(stderr, format, ap);                                                                    \
        va_end(ap);                                                                                      \
        fputs("\n(invariant: " #name ")\n", stderr);                                                     \
        abort();                                                                                         \
    }

#define FINDING(name, ...) finding_##name(__VA_ARGS__)

#define REQUIRE(name, cond)                                                                    \
    do {                                                                                       \
        if (!(cond)) finding_##name("%s:%d: %s does not hold", __FILE__, __LINE__, #cond);     \
    } while (0)

/* The invariants of the helpers below. */
DEFINE_FINDING(parse_failed)
DEFINE_FINDING(check_failed)
DEFINE_FINDING(verdict_answer)
DEFINE_FINDING(verdict_disallow_allowed)
DEFINE_FINDING(verdict_denied_without_disallow)
DEFINE_FINDING(verdict_line_and_rule_disagree)
DEFINE_FINDING(verdict_line_past_end)
DEFINE_FINDING(verdict_rule_without_pattern)
DEFINE_FINDING(verdict_rule_without_group)
DEFINE_FINDING(verdict_group_count_zero)
DEFINE_FINDING(verdict_group_count_past_end)
DEFINE_FINDING(verdict_tie_not_allow)

/* A leading byte that chooses the profile: odd ('g') google, even ('r') rfc9309.
 * Every byte value picks one, so mutations move inputs between the profiles. */
static inline robots_profile_id take_profile(const uint8_t **d, size_t *n) {
    if (*n == 0) return ROBOTS_PROFILE_GOOGLE;
    robots_profile_id p = (**d & 1) ? ROBOTS_PROFILE_GOOGLE : ROBOTS_PROFILE_RFC9309;
    (*d)++;
    (*n)--;
    return p;
}

/* The rules of d, parsed whole, or for the one agent when agent is not NULL
 * (robots_options.agents): robots_parse cannot fail on them. */
static inline robots_rules *parse_rules(const uint8_t *d, size_t n, robots_profile_id p, size_t max_bytes,
                                        const char *agent, size_t agent_len) {
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    o.max_bytes = max_bytes;
    if (agent) {
        o.agents = &agent;
        o.agent_lens = &agent_len;
        o.agent_count = 1;
    }
    robots_rules *r = NULL;
    REQUIRE(parse_failed, robots_parse(d, n, &o, &r, NULL) == 0 && r != NULL);
    return r;
}

static inline robots_rules *parse_profile(const uint8_t *d, size_t n, robots_profile_id p, size_t max_bytes) {
    return parse_rules(d, n, p, max_bytes, NULL, 0);
}

/* Do two verdicts say the same, to the deciding pattern's text? */
static inline int same_verdict(const robots_verdict *a, const robots_verdict *b) {
    return a->allowed == b->allowed && a->group == b->group && a->groups == b->groups && a->rule == b->rule &&
           a->line == b->line && a->why == b->why && a->pattern_len == b->pattern_len &&
           (a->pattern_len == 0 || memcmp(a->pattern, b->pattern, a->pattern_len) == 0);
}

/* robots_check, which cannot fail on rules robots_parse made: the answer. */
static inline int check_rules(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                              size_t url_len, robots_verdict *v) {
    robots_verdict own;
    if (!v) v = &own;
    REQUIRE(check_failed, robots_check(r, agent, agent_len, url, url_len, v, NULL) == 0);
    return v->allowed;
}

/* The invariants of every verdict's explanation. */
static inline void check_verdict(const robots_rules *r, const robots_verdict *v, int allowed) {
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    REQUIRE(verdict_answer, v->allowed == allowed);
    REQUIRE(verdict_disallow_allowed, v->rule != ROBOTS_RULE_DISALLOW || !v->allowed);
    REQUIRE(verdict_denied_without_disallow, v->allowed || v->rule == ROBOTS_RULE_DISALLOW);
    REQUIRE(verdict_line_and_rule_disagree, (v->rule == ROBOTS_RULE_NONE) == (v->line == 0));
    REQUIRE(verdict_line_past_end, v->line <= info.lines);
    REQUIRE(verdict_rule_without_pattern, v->rule == ROBOTS_RULE_NONE || (v->pattern != NULL && v->pattern_len > 0));
    REQUIRE(verdict_rule_without_group,
            v->group != ROBOTS_GROUP_NONE || (v->rule == ROBOTS_RULE_NONE && v->groups == 0));
    REQUIRE(verdict_group_count_zero, v->group == ROBOTS_GROUP_NONE || v->groups >= 1);
    REQUIRE(verdict_group_count_past_end, v->groups <= info.groups);
    REQUIRE(verdict_tie_not_allow, !(v->why & ROBOTS_WHY_TIE) || v->rule == ROBOTS_RULE_ALLOW);
}

#endif
