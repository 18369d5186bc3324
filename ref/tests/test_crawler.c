/*
 * test_crawler.c - robots_check_crawler: a crawler asked with its tokens in order
 * (the first a group names decides alone: UA-1, UA-2) and, for a special-case
 * crawler, without the '*' groups (the crawler catalog's AdsBot).
 */
#include <string.h>

#include "test.h"

/* UA-1's file: googlebot-news (1), '*' (2), googlebot (3); each group disallows
 * its own path. */
static const char ua1[] = "user-agent: googlebot-news\ndisallow: /group-1\n\n"
                          "user-agent: *\ndisallow: /group-2\n\n"
                          "user-agent: googlebot\ndisallow: /group-3\n";

/* The answer to url for tokens (NUL-terminated), with *decided and the verdict. */
static int ask(const robots_rules *r, const char *const *tokens, size_t count, unsigned flags, const char *url,
               size_t *decided, robots_verdict *v) {
    const char *error = NULL;
    CHECK_EQ(robots_check_crawler(r, tokens, NULL, count, flags, url, strlen(url), v, decided, &error), 0);
    CHECK(error == NULL);
    return v->allowed;
}

static void tokens_in_order(void) {
    static const char *const image[] = {"googlebot-image", "googlebot"};
    static const char *const news[] = {"googlebot-news", "googlebot"};
    static const char *const other[] = {"otherbot"};
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_text((robots_profile_id)p, ua1);
        robots_verdict v;
        size_t decided = 99;
        /* Googlebot-Image: no group names it, so googlebot's decides (group 3). */
        CHECK_EQ(ask(r, image, 2, 0, "/group-3", &decided, &v), DISALLOWED);
        CHECK_EQ(decided, 1);
        CHECK_EQ(v.group, ROBOTS_GROUP_SPECIFIC);
        CHECK_EQ(v.line, 8);
        CHECK_EQ(ask(r, image, 2, 0, "/group-2", &decided, &v), ALLOWED);
        /* Googlebot-News: its own group alone, not merged with googlebot's. */
        CHECK_EQ(ask(r, news, 2, 0, "/group-1", &decided, &v), DISALLOWED);
        CHECK_EQ(decided, 0);
        CHECK_EQ(ask(r, news, 2, 0, "/group-3", &decided, &v), ALLOWED);
        /* ... where robots_check_agents merges every group naming a token. */
        robots_verdict merged;
        CHECK_EQ(robots_check_agents(r, news, NULL, 2, "/group-3", 8, &merged, NULL), 0);
        CHECK_EQ(merged.allowed, DISALLOWED);
        /* No group names it: the '*' group, and `count` says so. */
        CHECK_EQ(ask(r, other, 1, 0, "/group-2", &decided, &v), DISALLOWED);
        CHECK_EQ(decided, 1);
        CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
        robots_free(r);
    }
}

static void special_case_ignores_star(void) {
    static const char *const adsbot[] = {"adsbot-google"};
    static const char text[] = "user-agent: *\ndisallow: /\n";
    static const char named[] = "user-agent: *\ndisallow: /\n\nuser-agent: AdsBot-Google\ndisallow: /checkout\n";
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_text((robots_profile_id)p, text);
        robots_verdict v;
        size_t decided = 99;
        /* 'User-agent: *' with 'Disallow: /' does not keep AdsBot out ... */
        CHECK_EQ(ask(r, adsbot, 1, ROBOTS_CRAWLER_IGNORES_STAR, "/page", &decided, &v), ALLOWED);
        CHECK_EQ(decided, 1);
        CHECK_EQ(v.group, ROBOTS_GROUP_NONE);
        CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
        CHECK_EQ(v.line, 0);
        /* ... while a crawler that follows '*' is kept out. */
        CHECK_EQ(ask(r, adsbot, 1, 0, "/page", &decided, &v), DISALLOWED);
        robots_free(r);
        /* A group naming it is followed. */
        r = parse_text((robots_profile_id)p, named);
        CHECK_EQ(ask(r, adsbot, 1, ROBOTS_CRAWLER_IGNORES_STAR, "/checkout/pay", &decided, &v), DISALLOWED);
        CHECK_EQ(decided, 0);
        CHECK_EQ(ask(r, adsbot, 1, ROBOTS_CRAWLER_IGNORES_STAR, "/page", &decided, &v), ALLOWED);
        robots_free(r);
    }
    /* rfc9309: /robots.txt stays implicitly allowed, and says so. */
    robots_rules *r = parse_text(RFC, text);
    robots_verdict v;
    CHECK_EQ(ask(r, adsbot, 1, ROBOTS_CRAWLER_IGNORES_STAR, "/robots.txt", NULL, &v), ALLOWED);
    CHECK(v.why & ROBOTS_WHY_ROBOTS_TXT);
    robots_free(r);
}

static void bad_arguments_fail(void) {
    static const char *const one[] = {"a"};
    robots_rules *r = parse_text(GOOGLE, ua1);
    robots_verdict v;
    size_t decided = 99;
    const char *error = NULL;
    /* No tokens at all: the '*' groups, as for a crawler that names none. */
    CHECK_EQ(robots_check_crawler(r, NULL, NULL, 0, 0, "/group-2", 8, &v, &decided, &error), 0);
    CHECK_EQ(v.allowed, DISALLOWED);
    CHECK_EQ(decided, 0);
    CHECK_EQ(robots_check_crawler(r, NULL, NULL, 2, 0, "/", 1, &v, &decided, &error), -1);
    CHECK(error && strstr(error, "agents are NULL"));
    CHECK_EQ(robots_check_crawler(NULL, one, NULL, 1, 0, "/", 1, &v, &decided, &error), -1);
    CHECK_EQ(robots_check_crawler(NULL, NULL, NULL, 0, ROBOTS_CRAWLER_IGNORES_STAR, "/", 1, &v, &decided, &error), -1);
    CHECK_EQ(v.allowed, 0);
    CHECK_EQ(robots_check_crawler(r, one, NULL, 1, 0, NULL, 3, &v, NULL, &error), -1);
    CHECK_EQ(robots_check_crawler(r, one, NULL, 1, 0, "/", 1, NULL, NULL, &error), -1);
    /* Lengths given: a token cut short names the group its prefix names. */
    static const char *const long_token[] = {"googlebot-imagexyz", "googlebotxyz"};
    static const size_t lens[] = {15, 9};
    CHECK_EQ(robots_check_crawler(r, long_token, lens, 2, 0, "/group-3", 8, &v, &decided, &error), 0);
    CHECK_EQ(v.allowed, DISALLOWED);
    CHECK_EQ(decided, 1);
    robots_free(r);
}

const test_suite suite_crawler = {"crawler", (const test_case[]){
    {"a crawler's tokens in order: the first a group names decides alone", tokens_in_order},
    {"a special-case crawler ignores the '*' groups", special_case_ignores_star},
    {"bad arguments fail as robots_check_agents's do", bad_arguments_fail},
    {NULL, NULL}}};
