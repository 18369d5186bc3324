/*
 * test_contracts.c - robots.h's promises to a program that links the library: one
 * error convention (0 or -1, a sentence through a nullable error), failures that
 * cannot pass for answers, names for every enum, several agents in one query, and
 * a worst case that stays linear.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static const char file[] = "user-agent: *\ndisallow: /\n";

/* robots_parse fails for bad arguments, with a reason and NULL rules. */
static void parse_failures(void) {
    robots_rules *r = (robots_rules *)&r; /* not NULL, to see it cleared */
    const char *error = NULL;
    CHECK_EQ(robots_parse(NULL, 3, NULL, &r, &error), -1);
    CHECK(r == NULL);
    CHECK(error && strstr(error, "NULL"));
    robots_options o;
    robots_options_init(&o);
    o.profile = (robots_profile_id)2;
    r = (robots_rules *)&r;
    error = NULL;
    CHECK_EQ(robots_parse(file, sizeof file - 1, &o, &r, &error), -1);
    CHECK(r == NULL);
    CHECK(error && strstr(error, "unknown profile"));
    CHECK_EQ(robots_parse(file, sizeof file - 1, &o, &r, NULL), -1); /* NULL error */
    CHECK_EQ(robots_parse(file, sizeof file - 1, NULL, NULL, &error), -1);
    robots_options_init(NULL); /* does nothing */
    /* NULL data with length 0 is the empty file: success. */
    CHECK_EQ(robots_parse(NULL, 0, NULL, &r, &error), 0);
    CHECK(r != NULL);
    robots_free(r);
}

/* More than ROBOTS_MAX_PARSED_BYTES to parse is refused with a reason, never cut
 * silently (the rule set's offsets are 32-bit); the same input under a cap parses
 * its beginning. The big block is allocated, not touched: the refusal comes
 * before any byte is read. */
static void parse_limit(void) {
    size_t big = ROBOTS_MAX_PARSED_BYTES + 1;
    char *data = malloc(big);
    CHECK(data != NULL);
    if (!data) return;
    static const char head[] = "user-agent: *\ndisallow: /private\n";
    memcpy(data, head, sizeof head - 1);
    memset(data + sizeof head - 1, '#', ROBOTS_DEFAULT_MAX_BYTES - (sizeof head - 1));
    robots_options o;
    robots_options_init(&o);
    o.max_bytes = 0;
    robots_rules *r = (robots_rules *)&r;
    const char *error = NULL;
    CHECK_EQ(robots_parse(data, big, &o, &r, &error), -1);
    CHECK(r == NULL);
    CHECK(error && strstr(error, "ROBOTS_MAX_PARSED_BYTES"));
    o.max_bytes = big; /* a cap above the limit refuses as well */
    CHECK_EQ(robots_parse(data, big, &o, &r, &error), -1);
    o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
    CHECK_EQ(robots_parse(data, big, &o, &r, &error), 0);
    robots_parse_info info;
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.input_bytes, big);
    CHECK_EQ(info.parsed_bytes, ROBOTS_DEFAULT_MAX_BYTES);
    robots_verdict v;
    CHECK_EQ(robots_check(r, "a", 1, "/private/x", 10, &v, NULL), 0);
    CHECK_EQ(v.allowed, 0);
    robots_free(r);
    free(data);
}

/* UA-2: many named groups (more than index.c sorts by insertion), their tokens
 * sharing their first 16 octets and written in mixed case, some named twice: each
 * name, in any case, finds exactly its groups, and a name between two of them,
 * or one of them cut short, finds none. */
static void many_agents(void) {
    static char text[8192];
    size_t at = 0;
    for (int g = 0; g < 40; g++) {
        /* Groups g and g + 20 name crawler-prefix-abcd-<letter g>, cased by
         * parity. */
        char letter = (char)('a' + g % 20);
        at += (size_t)snprintf(text + at, sizeof text - at, "user-agent: %s%c\n",
                               g % 2 ? "CRAWLER-PREFIX-ABCD-" : "crawler-prefix-abcd-", letter);
        at += (size_t)snprintf(text + at, sizeof text - at, "disallow: /g%d\n", g);
    }
    robots_rules *r = parse_or_null(text, at, NULL);
    CHECK(r != NULL);
    if (!r) return;
    for (int k = 0; k < 20; k++) {
        char name[64];
        snprintf(name, sizeof name, "Crawler-Prefix-ABCD-%c", 'A' + k);
        const char *agents[1] = {name};
        size_t groups[4], n = robots_applying_groups(r, agents, NULL, 1, groups, 4);
        CHECK_EQ(n, 2);
        CHECK_EQ(groups[0], (size_t)k);
        CHECK_EQ(groups[1], (size_t)k + 20);
    }
    const char *none[] = {"crawler-prefix-abcd-", "crawler-prefix-abcd-aa", "crawler-prefix-abcd-{", "crawler-prefix-abc"};
    for (size_t k = 0; k < sizeof none / sizeof none[0]; k++) {
        size_t groups[1];
        const char *agents[1] = {none[k]};
        CHECK_EQ(robots_applying_groups(r, agents, NULL, 1, groups, 1), 0);
    }
    robots_free(r);
}

/* Every field of a verdict, against what it should be (`pattern` NULL: none; no
 * "why" flag is expected). */
static void check_every_field(const robots_verdict *v, int allowed, robots_group_kind group, size_t groups,
                              robots_rule_kind rule, size_t line, const char *pattern) {
    CHECK_EQ(v->allowed, allowed);
    CHECK_EQ(v->group, group);
    CHECK_EQ(v->groups, groups);
    CHECK_EQ(v->rule, rule);
    CHECK_EQ(v->line, line);
    if (pattern) {
        CHECK_STR(v->pattern, v->pattern_len, pattern);
    } else {
        CHECK(v->pattern == NULL);
        CHECK_EQ(v->pattern_len, 0);
    }
    CHECK_EQ(v->why, 0);
}

/* A failed parse gives no answer: robots_check on NULL rules fails instead of
 * allowing everything as an empty file would. */
static void check_failures(void) {
    robots_verdict v;
    memset(&v, 0x55, sizeof v);
    const char *error = NULL;
    CHECK_EQ(robots_check(NULL, "a", 1, "/", 1, &v, &error), -1);
    CHECK(error && strstr(error, "robots_parse failed"));
    CHECK_EQ(v.allowed, 0);
    CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
    CHECK(v.pattern == NULL);
    CHECK_EQ(robots_check(NULL, "a", 1, "/", 1, &v, NULL), -1);
    robots_rules *r = parse_or_null(file, sizeof file - 1, NULL);
    CHECK(r != NULL);
    CHECK_EQ(robots_check(r, "a", 1, "/", 1, NULL, &error), -1);
    CHECK(error && strstr(error, "verdict"));
    CHECK_EQ(robots_check(r, NULL, 3, "/", 1, &v, &error), -1);
    CHECK_EQ(robots_check(r, "a", 1, NULL, 9, &v, &error), -1);
    CHECK(error && strstr(error, "URL"));
    /* A successful check sets every field, whatever the verdict held. */
    memset(&v, 0x55, sizeof v);
    CHECK_EQ(robots_check(r, "a", 1, "/", 1, &v, NULL), 0);
    check_every_field(&v, 0, ROBOTS_GROUP_GLOBAL, 1, ROBOTS_RULE_DISALLOW, 2, "/");
    memset(&v, 0x55, sizeof v);
    CHECK_EQ(robots_check(r, "a", 1, "", 0, &v, NULL), 0);
    CHECK_EQ(v.allowed, 0); /* an empty URL's path is "/" */
    robots_free(r);
    r = parse_or_null("", 0, NULL);
    memset(&v, 0x55, sizeof v);
    CHECK_EQ(robots_check(r, "a", 1, "/", 1, &v, NULL), 0);
    check_every_field(&v, 1, ROBOTS_GROUP_NONE, 0, ROBOTS_RULE_NONE, 0, NULL);
    robots_free(r);
}

/* Every out-parameter for an error or reason accepts NULL, on the failing paths. */
static void null_errors(void) {
    robots_url u;
    CHECK_EQ(robots_url_parse("nonsense", 8, &u, NULL), -1);
    CHECK_EQ(robots_url_parse("http://", 7, &u, NULL), -1);
    CHECK_EQ(robots_url_parse("http://e.com/", 13, NULL, NULL), -1);
    char out[64];
    CHECK_EQ(robots_robots_txt_url("http://[x/", 10, out, sizeof out, NULL, NULL), -1);
    robots_scope s;
    CHECK_EQ(robots_scope_check("x", 1, "http://e.com/", 13, &s, NULL), -1);
    CHECK_EQ(robots_host_to_ascii("a..b\xFF", 5, out, sizeof out, NULL, NULL), -1);
    uint32_t points[4];
    size_t n;
    CHECK_EQ(robots_punycode_decode("zz", 2, points, 4, &n, NULL), -1);
    CHECK_EQ(robots_punycode_decode("a", 1, points, 4, NULL, NULL), -1);
    const char *error = NULL;
    CHECK_EQ(robots_punycode_decode("a", 1, points, 4, NULL, &error), -1);
    CHECK(error && strstr(error, "out_len"));
    CHECK_EQ(robots_punycode_encode(points, 1, NULL, 4, &n, &error), -1);
    robots_fetch f = {700, 0, 0, 0, 0};
    robots_fetch_decision d;
    CHECK_EQ(robots_fetch_policy(ROBOTS_PROFILE_GOOGLE, &f, &d, NULL), -1);
    robots_profile_id p;
    CHECK_EQ(robots_profile_from_name("nope", &p, NULL), -1);
    CHECK(robots_cache_lifetime(ROBOTS_PROFILE_GOOGLE, NULL, 0, NULL) == ROBOTS_CACHE_SECONDS);
    robots_parse_info info;
    robots_get_parse_info(NULL, &info);
    CHECK_EQ(info.lines, 0);
}

/* A robots.txt URL that does not fit is a failure with the room needed, never a
 * cut URL. */
static void robots_url_room(void) {
    static const char url[] = "https://example.com:8443/a";
    static const char want[] = "https://example.com:8443/robots.txt";
    char out[64];
    size_t n = 0;
    const char *error = NULL;
    CHECK_EQ(robots_robots_txt_url(url, sizeof url - 1, out, sizeof want - 1, &n, &error), -1);
    CHECK_EQ(n, sizeof want - 1);
    CHECK_EQ(out[0], '\0');
    CHECK(error && strstr(error, "does not fit"));
    CHECK_EQ(robots_robots_txt_url(url, sizeof url - 1, out, sizeof want, &n, &error), 0);
    CHECK_STR(out, n, want);
    CHECK_EQ(robots_robots_txt_url(url, sizeof url - 1, NULL, 0, &n, &error), -1);
    CHECK_EQ(n, sizeof want - 1);
    CHECK_EQ(robots_robots_txt_url(url, sizeof url - 1, NULL, 5, &n, &error), -1);
}

/* RFC 3986 has no backslash in an authority; WHATWG and others disagree on what
 * one means, so the reference refuses it. */
static void backslash_in_authority(void) {
    static const char *const urls[] = {"http://e.com\\@evil.com/", "http://e.com\\evil.com/",
                                       "http://u\\p@e.com/", "https://e.com:80\\/x"};
    for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        robots_url u;
        const char *error = NULL;
        CHECK_EQ(robots_url_parse(urls[i], strlen(urls[i]), &u, &error), -1);
        CHECK(error && strstr(error, "backslash"));
        CHECK_EQ(u.host[0], '\0');
    }
    /* In the path a backslash is an octet like any other. */
    robots_url u;
    CHECK_EQ(robots_url_parse("http://e.com/a\\b", 16, &u, NULL), 0);
    CHECK(strcmp(u.host, "e.com") == 0);
}

static void enum_names(void) {
    CHECK(strcmp(robots_group_kind_name(ROBOTS_GROUP_SPECIFIC), "specific") == 0);
    CHECK(strcmp(robots_group_kind_name(ROBOTS_GROUP_NONE), "none") == 0);
    CHECK(robots_group_kind_name((robots_group_kind)3) == NULL);
    CHECK(strcmp(robots_rule_kind_name(ROBOTS_RULE_DISALLOW), "disallow") == 0);
    CHECK(robots_rule_kind_name((robots_rule_kind)-1) == NULL);
    CHECK(strcmp(robots_key_name(ROBOTS_KEY_USER_AGENT), "user-agent") == 0);
    CHECK(strcmp(robots_key_name(ROBOTS_KEY_OTHER), "other") == 0);
    CHECK(robots_key_name((robots_key)6) == NULL);
    CHECK(strcmp(robots_host_type_name(ROBOTS_HOST_IPV6), "ipv6") == 0);
    CHECK(robots_host_type_name((robots_host_type)3) == NULL);
    CHECK(strcmp(robots_scope_name(ROBOTS_SCOPE_NOT_ROBOTS_URL), "not-a-robots-url") == 0);
    CHECK(robots_scope_name((robots_scope)3) == NULL);
    CHECK(strcmp(robots_fetch_decision_name(ROBOTS_FETCH_USE_CACHED), "use-cached") == 0);
    CHECK(robots_fetch_decision_name((robots_fetch_decision)-1) == NULL);
}

/* Several agents in one query (Google's AllowedByRobots): the groups naming any of
 * them merge; '*' only when none is named (UA-1: Googlebot-Image). */
static int agents_allowed(robots_profile_id p, const char *text, const char *const *agents, size_t n,
                          const char *url, robots_verdict *v) {
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    robots_rules *r = parse_or_null(text, strlen(text), &o);
    if (!r) return -1;
    int rc = robots_check_agents(r, agents, NULL, n, url, strlen(url), v, NULL);
    v->pattern = NULL; /* owned by the rules freed below */
    robots_free(r);
    return rc == 0 ? v->allowed : -1;
}

static void several_agents(void) {
    const char *ua1 = "user-agent: googlebot-news\ndisallow: /group-1\n"
                      "user-agent: *\ndisallow: /group-2\n"
                      "user-agent: googlebot\ndisallow: /group-3\n";
    const char *image[] = {"googlebot-image", "googlebot"};
    robots_verdict v;
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_profile_id id = (robots_profile_id)p;
        /* No googlebot-image group: googlebot's group 3 applies, not '*'. */
        CHECK_EQ(agents_allowed(id, ua1, image, 2, "http://example.com/group-3", &v), DISALLOWED);
        CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
        CHECK_EQ(v.groups, 1);
        CHECK_EQ(v.line, 6);
        CHECK_EQ(agents_allowed(id, ua1, image, 2, "http://example.com/group-2", &v), ALLOWED);
        /* Alone, googlebot-image falls back to '*'. */
        CHECK_EQ(agents_allowed(id, ua1, image, 1, "http://example.com/group-2", &v), DISALLOWED);
        CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
        /* Named groups of both agents merge (as AllowedByRobots does). */
        const char *both[] = {"googlebot-news", "googlebot"};
        CHECK_EQ(agents_allowed(id, ua1, both, 2, "http://example.com/group-1", &v), DISALLOWED);
        CHECK_EQ(agents_allowed(id, ua1, both, 2, "http://example.com/group-3", &v), DISALLOWED);
        CHECK_EQ(v.groups, 2);
        /* A group naming two of the agents counts once. */
        const char *shared = "user-agent: a\nuser-agent: b\ndisallow: /x\nuser-agent: c\nallow: /\n";
        const char *ab[] = {"a", "b", "a"};
        CHECK_EQ(agents_allowed(id, shared, ab, 3, "http://e.com/x", &v), DISALLOWED);
        CHECK_EQ(v.groups, 1);
        /* Past the agents whose lookups a query keeps (8): the same answers. */
        const char *many[] = {"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "googlebot", "googlebot-news"};
        CHECK_EQ(agents_allowed(id, ua1, many, 11, "http://example.com/group-3", &v), DISALLOWED);
        CHECK_EQ(agents_allowed(id, ua1, many, 11, "http://example.com/group-1", &v), DISALLOWED);
        CHECK_EQ(v.groups, 2);
        CHECK_EQ(agents_allowed(id, ua1, many, 9, "http://example.com/group-2", &v), DISALLOWED);
        CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
        /* No agents: the '*' groups, or none. */
        CHECK_EQ(agents_allowed(id, ua1, NULL, 0, "http://example.com/group-2", &v), DISALLOWED);
        CHECK_EQ(agents_allowed(id, shared, NULL, 0, "http://e.com/x", &v), ALLOWED);
        CHECK_EQ(v.group, ROBOTS_GROUP_NONE);
    }
    /* Lengths, when given, are used; a NULL agent with a length is refused. */
    robots_rules *r = parse_text(GOOGLE, ua1);
    const char *cut[] = {"googlebot-newsXYZ", "zzz"};
    size_t lens[] = {14, 0};
    CHECK_EQ(robots_check_agents(r, cut, lens, 2, "/group-1", 8, &v, NULL), 0);
    CHECK_EQ(v.allowed, 0);
    const char *null_agent[] = {NULL};
    size_t one[] = {1};
    CHECK_EQ(robots_check_agents(r, null_agent, one, 1, "/", 1, &v, NULL), -1);
    CHECK_EQ(robots_check_agents(r, NULL, NULL, 2, "/", 1, &v, NULL), -1);
    robots_free(r);
}

/* The query cost is linear in the path for every rule: 500 KiB of rules built to be
 * near misses everywhere on a long path give the same answers as a short file with
 * one such rule, in a bounded number of steps (make bench prints the time). Here
 * the answers: the last rule of each kind matches only at the very end. */
static void near_misses(void) {
    size_t cap = 600000, n = 0;
    char *t = malloc(cap);
    CHECK(t != NULL);
    if (!t) return;
    n += (size_t)snprintf(t, cap, "user-agent: *\n");
    for (unsigned k = 0; n + 100 < ROBOTS_DEFAULT_MAX_BYTES; k++) {
        n += (size_t)snprintf(t + n, cap - n, "disallow: /*");
        for (unsigned i = 0; i < 60 + k % 8; i++) t[n++] = 'a';
        n += (size_t)snprintf(t + n, cap - n, "b*c\n");
    }
    n += (size_t)snprintf(t + n, cap - n, "allow: /*%s$\n", "aab");
    size_t plen = 20000;
    char *url = malloc(plen + 8);
    memcpy(url, "/c", 2);
    memset(url + 2, 'a', plen);
    memcpy(url + 2 + plen, "b", 2);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_options o;
        robots_options_init(&o);
        o.profile = (robots_profile_id)p;
        robots_rules *r = parse_or_null(t, n, &o);
        robots_verdict v;
        /* The path ends "aab": the allow matches; no disallow (nothing follows b). */
        CHECK_EQ(check_answer(r, "x", 1, url, plen + 3, &v), ALLOWED);
        CHECK_EQ(v.rule, ROBOTS_RULE_ALLOW);
        url[plen + 3] = 'c'; /* now every disallow matches, the longest (67 a's) wins */
        CHECK_EQ(check_answer(r, "x", 1, url, plen + 4, &v), DISALLOWED);
        CHECK_EQ(v.pattern_len, 2 + 67 + 3);
        url[plen + 3] = '\0';
        robots_free(r);
    }
    free(url);
    free(t);
}

/* rfc9309 decodes a path of up to 4 KiB once, and a longer one as it reads it: both
 * ways give the same verdicts, for every kind of rule (literal, '*', '$', and enough
 * wildcard rules that the octet clues are used). */
static void long_encoded_paths(void) {
    const char *rules = "user-agent: *\n"
                        "disallow: /*a*b.php$\nallow: /*%61ab.php$\ndisallow: /*q\ndisallow: /*x*y\n"
                        "disallow: /*zz\ndisallow: /*%7A%7A%7A\ndisallow: /*k$\ndisallow: /*kk*k\n"
                        "disallow: /*mm\ndisallow: /*nn*$\nallow: /aaa\ndisallow: /*b.ph\n";
    robots_rules *r = parse_text(RFC, rules);
    static const char *const tails[] = {"b.php", "ab.php", "b.phpx", "zzz", "kk", "q", "", "b.ph"};
    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
        for (size_t as = 100; as <= 2000; as += 1900) { /* 3 x 100 raw octets: short; 3 x 2000: long */
            char plain[2100], encoded[6100];
            size_t np = 0, ne = 0;
            plain[np++] = encoded[ne++] = '/';
            for (size_t i = 0; i < as; i++) {
                plain[np++] = 'a';
                memcpy(encoded + ne, i % 2 ? "%61" : "%41", 3); /* %41 is 'A': not an 'a' */
                ne += 3;
                if (i % 2 == 0) plain[np - 1] = 'A';
            }
            size_t tl = strlen(tails[t]);
            memcpy(plain + np, tails[t], tl), np += tl;
            memcpy(encoded + ne, tails[t], tl), ne += tl;
            robots_verdict vp, ve;
            CHECK(check_answer(r, "x", 1, plain, np, &vp) >= 0);
            CHECK(check_answer(r, "x", 1, encoded, ne, &ve) >= 0);
            CHECK_EQ(ve.allowed, vp.allowed);
            CHECK_EQ(ve.line, vp.line);
            CHECK_EQ(ve.rule, vp.rule);
            if (ve.line != vp.line) printf("    (tail %s, %zu a's)\n", tails[t], as);
        }
    }
    robots_free(r);
}

const test_suite suite_contracts = {"contracts", (const test_case[]){
    {"robots_parse fails for bad arguments, with NULL rules", parse_failures},
    {"more than ROBOTS_MAX_PARSED_BYTES to parse is refused, a cap parses the beginning", parse_limit},
    {"robots_check on no rules fails instead of allowing", check_failures},
    {"every error out-parameter may be NULL", null_errors},
    {"a robots.txt URL that does not fit is a failure", robots_url_room},
    {"a backslash in the authority is refused", backslash_in_authority},
    {"names of every enum", enum_names},
    {"UA-1: several agents in one query", several_agents},
    {"UA-2: forty named groups sharing 16 octets, in mixed case", many_agents},
    {"500 KiB of near-miss rules on a long path", near_misses},
    {"rfc9309: short and long %-encoded paths agree", long_encoded_paths},
    {NULL, NULL}}};
