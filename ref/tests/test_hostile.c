/*
 * test_hostile.c - input an attacker chooses: NUL bytes, invalid UTF-8, 10 MB, a
 * million lines, 100 KB lines, deep wildcards. Each gets a defined verdict, the same
 * when the rules are parsed for the agent alone (robots_options.agents), and the
 * memory a rule set holds stays within a fixed multiple of the bytes parsed.
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "test.h"

/* The most a rule set may hold per parsed byte (the worst case is a file of
 * minimal rule lines, each costing a rule, a segment and an index entry), plus a
 * constant for the small structures every rule set has. */
#define BYTES_PER_INPUT_BYTE 40
#define FIXED_BYTES 4096

typedef struct outcome {
    int parsed;      /* robots_parse returned a rule set */
    size_t peak;     /* bytes held at most */
    size_t parsed_bytes;
    int verdict;     /* of (agent, url) */
} outcome;

/* Parses (for the agent alone with for_agent: robots_options.agents) and checks. */
static outcome run_parsed(robots_profile_id p, const void *data, size_t len, size_t max_bytes,
                          const char *agent, const char *url, size_t url_len, int for_agent) {
    counting c = {0, 0, 0, 0};
    robots_allocator a = counting_allocator(&c);
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    o.max_bytes = max_bytes;
    o.allocator = &a;
    if (for_agent) {
        o.agents = &agent;
        o.agent_count = 1;
    }
    outcome out = {0, 0, 0, -1};
    robots_rules *r = parse_or_null(data, len, &o);
    if (!r) return out;
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    out.parsed = 1;
    out.parsed_bytes = info.parsed_bytes;
    out.verdict = check_answer(r, agent, strlen(agent), url, url_len, NULL);
    robots_free(r);
    out.peak = c.peak;
    CHECK_EQ(c.current, 0); /* everything was released */
    return out;
}

/* The outcome of the whole rule set; parsed for the agent, the verdict is the same
 * and the memory held at most as much. */
static outcome run(robots_profile_id p, const void *data, size_t len, size_t max_bytes,
                   const char *agent, const char *url, size_t url_len) {
    outcome whole = run_parsed(p, data, len, max_bytes, agent, url, url_len, 0);
    outcome mine = run_parsed(p, data, len, max_bytes, agent, url, url_len, 1);
    CHECK_EQ(mine.parsed, whole.parsed);
    CHECK_EQ(mine.verdict, whole.verdict);
    CHECK(mine.peak <= whole.peak);
    return whole;
}

static void check_bounded(const outcome *o) {
    CHECK(o->parsed);
    CHECK(o->peak <= o->parsed_bytes * BYTES_PER_INPUT_BYTE + FIXED_BYTES);
}

/* Random bytes drawn from robots.txt's alphabet plus NUL and high bytes: never a
 * crash, always a verdict, in both profiles. */
static void random_bytes(void) {
    static const char alphabet[] = "ua:/*$#%\n\r\t -?=;aAzZ09\xEF\xBB\xBF\x80\xFF";
    test_seed(42);
    char buf[4096];
    for (int round = 0; round < 300; round++) {
        size_t n = test_random(sizeof buf);
        for (size_t i = 0; i < n; i++) {
            unsigned k = test_random(sizeof alphabet + 8);
            buf[i] = k < sizeof alphabet ? alphabet[k] : (char)test_random(256);
        }
        /* Make groups likely. */
        if (n > 40) memcpy(buf, "user-agent: *\ndisallow: /a*\n", 28);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            outcome o = run((robots_profile_id)p, buf, n, ROBOTS_DEFAULT_MAX_BYTES, "a", buf, n < 200 ? n : 200);
            check_bounded(&o);
            CHECK(o.verdict == 0 || o.verdict == 1);
        }
    }
}

/* NUL bytes and invalid UTF-8 in every position of a line. */
static void nul_and_invalid_utf8(void) {
    static const char t[] = "user-agent: \xFF\xFE bot\0x\ndis\0allow: /a\ndisallow: /\xC0\xAF\0\n"
                            "allow: /\x80\x80\xED\xA0\x80\n\0\0\0\n";
    size_t n = sizeof t - 1;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        outcome o = run((robots_profile_id)p, t, n, 0, "x", "/%C0%AF", 7);
        check_bounded(&o);
        /* The token of "\xFF\xFE bot" is empty: no group names x, none is global. */
        CHECK_EQ(o.verdict, ALLOWED);
    }
    /* With an empty agent Google matches the empty token: "/\xC0\xAF" is escaped and
     * the URL is compared as written. */
    outcome g = run(GOOGLE, t, n, 0, "", "/%C0%AF", 7);
    CHECK_EQ(g.verdict, DISALLOWED);
    outcome r = run(RFC, t, n, 0, "", "/%C0%AF", 7);
    CHECK_EQ(r.verdict, ALLOWED);
    /* Invalid UTF-8 in the URL is just octets. */
    CHECK_BOTH("user-agent: *\ndisallow: /\xFF\n", "x", "/%FF", DISALLOWED);
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /\xFF\n", "x", "/\xFF"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\ndisallow: /\xFF\n", "x", "/\xFF"), ALLOWED);
}

/* 10 MB of rules with the cap off: parsed whole, memory proportional. */
static void ten_megabytes(void) {
    static const char line[] = "disallow: /a*b*c/d$\n";
    size_t ll = sizeof line - 1;
    size_t n = 14 + ((10u << 20) - 14) / ll * ll; /* whole lines only */
    char *t = malloc(n);
    memcpy(t, "user-agent: *\n", 14);
    for (size_t at = 14; at < n; at += ll) memcpy(t + at, line, n - at < ll ? n - at : ll);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        outcome o = run((robots_profile_id)p, t, n, 0, "x", "/axbxc/d", 8);
        check_bounded(&o);
        CHECK_EQ(o.parsed_bytes, n);
        CHECK_EQ(o.verdict, DISALLOWED);
        /* The cap cuts the last line to "disall": no rule, so /a*b*c/d$ decides. */
        o = run((robots_profile_id)p, t, n, ROBOTS_DEFAULT_MAX_BYTES, "x", "/axbxc/e", 8);
        CHECK_EQ(o.parsed_bytes, ROBOTS_DEFAULT_MAX_BYTES);
        CHECK_EQ(o.verdict, ALLOWED);
    }
    free(t);
}

/* A million lines: empty lines, then a million user-agent/rule pairs. */
static void million_lines(void) {
    size_t lines = 1000000;
    char *t = malloc(lines * 16 + 32);
    memset(t, '\n', lines);
    strcpy(t + lines, "user-agent: a\ndisallow: /x\n");
    size_t n = lines + 27;
    outcome o = run(GOOGLE, t, n, 0, "a", "/x", 2);
    check_bounded(&o);
    CHECK_EQ(o.verdict, DISALLOWED);
    /* Pairs: every group names "a"; the last disallows /z. */
    size_t at = 0;
    for (size_t i = 0; i < lines / 2; i++) {
        memcpy(t + at, "user-agent:a\nallow:/y\n", 22);
        at += 22;
    }
    memcpy(t + at, "user-agent:a\ndisallow:/z\n", 25);
    at += 25;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        o = run((robots_profile_id)p, t, at, 0, "a", "/z", 2);
        check_bounded(&o);
        CHECK_EQ(o.verdict, DISALLOWED);
        o = run((robots_profile_id)p, t, at, 0, "A", "/z", 2);
        CHECK_EQ(o.verdict, DISALLOWED);
    }
    free(t);
}

/* 100 KB lines: a pattern, a user-agent and a comment of 100 KB each. */
static void hundred_kilobyte_lines(void) {
    size_t k = 100 * 1024;
    char *t = malloc(3 * k + 256);
    size_t at = 0;
    memcpy(t + at, "user-agent: ", 12), at += 12;
    memset(t + at, 'b', k), at += k;
    memcpy(t + at, "\n#", 2), at += 2;
    memset(t + at, 'c', k), at += k;
    memcpy(t + at, "\ndisallow: /", 12), at += 12;
    memset(t + at, 'p', k), at += k;
    t[at++] = '\n';
    char *url = malloc(k + 2);
    url[0] = '/';
    memset(url + 1, 'p', k);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        /* Google cuts the user-agent line at 16,663 bytes, so the agent is 16,651 b's;
         * rfc9309 keeps all 100 KB of them. */
        size_t agent_len = p == GOOGLE ? 2083 * 8 - 1 - 12 : k;
        char *agent = malloc(agent_len + 1);
        memset(agent, 'b', agent_len);
        agent[agent_len] = '\0';
        outcome o = run((robots_profile_id)p, t, at, 0, agent, url, k + 1);
        check_bounded(&o);
        CHECK_EQ(o.verdict, DISALLOWED);
        free(agent);
    }
    free(t);
    free(url);
}

/* Deep wildcards: 500 KiB of the rule in `line` (six "*a" then "*b") against a
 * 2,000-byte path of a's, and one pattern of 4,000 "a*". Both answer. */
static void deep_wildcards(void) {
    static const char line[] = "disallow: /*a*a*a*a*a*a*b\n";
    size_t ll = sizeof line - 1;
    size_t n = 14 + (ROBOTS_DEFAULT_MAX_BYTES - 14) / ll * ll; /* whole lines only */
    char *t = malloc(n);
    memcpy(t, "user-agent: *\n", 14);
    for (size_t at = 14; at < n; at += ll) memcpy(t + at, line, n - at < ll ? n - at : ll);
    char url[2002];
    url[0] = '/';
    memset(url + 1, 'a', 2000);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        outcome o = run((robots_profile_id)p, t, n, 0, "x", url, 2001);
        check_bounded(&o);
        CHECK_EQ(o.verdict, ALLOWED);
        url[2000] = 'b';
        o = run((robots_profile_id)p, t, n, 0, "x", url, 2001);
        CHECK_EQ(o.verdict, DISALLOWED);
        url[2000] = 'a';
    }
    size_t stars = 8000;
    char *s = malloc(2 * stars + 64);
    size_t at = 0;
    memcpy(s, "user-agent: *\ndisallow: /", 25), at = 25;
    for (size_t i = 0; i < stars; i++) s[at++] = i % 2 ? '*' : 'a';
    s[at++] = '$';
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        outcome o = run((robots_profile_id)p, s, at, 0, "x", url, 2001);
        CHECK_EQ(o.verdict, ALLOWED); /* 4,000 a's in order need 4,000 a's: there are 2,000 */
    }
    free(t);
    free(s);
}

/* An ordinary query does not allocate (only many wildcard rules on a long path do,
 * see test_sweep.c): a rule set answers with the allocator gone quiet. */
static void queries_do_not_allocate(void) {
    counting c = {0, 0, 0, 0};
    robots_allocator a = counting_allocator(&c);
    robots_options o;
    robots_options_init(&o);
    o.allocator = &a;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        o.profile = (robots_profile_id)p;
        const char *text = "user-agent: *\nallow: /a/index.html\ndisallow: /*%41$\n";
        robots_rules *r = parse_or_null(text, strlen(text), &o);
        size_t before = c.calls;
        for (int i = 0; i < 100; i++) check_answer(r, "bot", 3, "http://e.com/x%41?%41", 21, NULL);
        CHECK_EQ(c.calls, before);
        robots_free(r);
    }
}

const test_suite suite_hostile = {"hostile", (const test_case[]){
    {"random bytes", random_bytes},
    {"NUL bytes and invalid UTF-8", nul_and_invalid_utf8},
    {"10 MB input", ten_megabytes},
    {"a million lines", million_lines},
    {"100 KB lines", hundred_kilobyte_lines},
    {"deep wildcards", deep_wildcards},
    {"ordinary queries do not allocate", queries_do_not_allocate},
    {NULL, NULL}}};
