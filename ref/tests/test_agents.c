/* test_agents.c - UA-1, UA-3, RFC-1: product tokens, '*' variants, case, the caller's agent. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "test.h"

/* UA-1: googlebot-news (1), * (2), googlebot (3). */
static void ua_1_example(void) {
    const char *t = "user-agent: googlebot-news\ndisallow: /1\n"
                    "user-agent: *\ndisallow: /2\n"
                    "user-agent: googlebot\ndisallow: /3\n";
    struct { const char *agent; const char *url; } c[] = {
        {"googlebot-news", "/1"}, /* Googlebot News -> group 1 */
        {"googlebot", "/3"},      /* Googlebot (web) -> group 3 */
        {"otherbot", "/2"},       /* Otherbot -> group 2 */
    };
    for (size_t i = 0; i < 3; i++) {
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            robots_verdict v;
            char pat[256];
            verdict_of((robots_profile_id)p, t, c[i].agent, c[i].url, &v, pat);
            CHECK_EQ(v.allowed, 0);
            CHECK_STR(v.pattern, v.pattern_len, c[i].url);
        }
    }
    /* Googlebot Images crawls as googlebot-images: no such group; it obeys the crawler
     * whose name it also carries only when asked with that name. */
    CHECK_BOTH(t, "googlebot-images", "/2", DISALLOWED);
    CHECK_BOTH(t, "googlebot-images", "/3", ALLOWED);
}

/* UA-3: matching ignores case; text after the token is ignored. */
static void ua_3_token_and_case(void) {
    static const char *const values[] = {"googlebot/1.2", "googlebot*", "GoogleBot",
                                         "googlebot 2", "GOOGLEBOT;x", "googlebot\t*"};
    char t[96];
    for (size_t i = 0; i < 6; i++) {
        snprintf(t, sizeof t, "user-agent: %s\ndisallow: /\n", values[i]);
        CHECK_BOTH(t, "googlebot", "/x", DISALLOWED);
        CHECK_BOTH(t, "GoogleBot", "/x", DISALLOWED);
    }
    const char *foo = "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n";
    CHECK_BOTH(foo, "Foo", "http://foo.bar/x/y", ALLOWED);
    CHECK_BOTH(foo, "Foo", "http://foo.bar/a/b", DISALLOWED);
    CHECK_BOTH(foo, "foo", "http://foo.bar/a/b", DISALLOWED);
}

/* A value with no leading token names nobody. */
static void tokenless_values_name_nobody(void) {
    const char *t = "user-agent: *bot\nuser-agent: /x\nuser-agent: 123\ndisallow: /\n";
    CHECK_BOTH(t, "bot", "/y", ALLOWED);
    CHECK_BOTH(t, "x", "/y", ALLOWED);
    CHECK_BOTH(t, "123", "/y", ALLOWED);
    robots_rules *r = parse_text(GOOGLE, t);
    robots_agent_info a;
    CHECK_EQ(robots_get_agent(r, 0, &a), 0);
    CHECK_EQ(a.token_len, 0);
    CHECK_EQ(a.global, 0);
    CHECK_EQ(robots_get_agent(r, 3, &a), -1);
    robots_free(r);
}

/* Google: the caller's agent is compared whole; an empty agent therefore equals an
 * empty token. rfc9309 reduces the caller's agent to its product token first, and
 * an empty token names nobody. */
static void caller_agent_whole_or_token(void) {
    const char *t = "user-agent: *\ndisallow: /\nuser-agent: Foo Bar\nallow: /x/\ndisallow: /\n";
    CHECK_EQ(allowed(GOOGLE, t, "Foo", "http://foo.bar/x/y"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, t, "Foo Bar", "http://foo.bar/x/y"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "Foo Bar", "http://foo.bar/x/y"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, t, "Foo/1.0", "http://foo.bar/x/y"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "Foo/1.0", "http://foo.bar/x/y"), ALLOWED);
    const char *e = "user-agent: *\nallow: /\nuser-agent: /weird\ndisallow: /\n";
    CHECK_EQ(allowed(GOOGLE, e, "", "/x"), DISALLOWED);
    CHECK_EQ(allowed(RFC, e, "", "/x"), ALLOWED);
    CHECK_EQ(allowed(RFC, e, "/x", "/x"), ALLOWED);
}

/* RFC-1: a crawler's product token is a substring of its User-Agent header; the
 * rfc9309 profile takes the leading token of what the caller passes. */
static void rfc_1_product_token(void) {
    const char *t = "user-agent: ExampleBot\ndisallow: /\n";
    CHECK_BOTH(t, "ExampleBot", "https://www.example.com/", DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "ExampleBot/0.1", "/"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, t, "ExampleBot/0.1", "/"), ALLOWED);
    /* A full header does not start with the token: no profile guesses. */
    const char *ua = "Mozilla/5.0 (compatible; ExampleBot/0.1; https://www.example.com/bot.html)";
    CHECK_BOTH(t, ua, "/", ALLOWED);
}

/* '*' variants: Google treats '*' followed by whitespace as global; RFC 9309 only
 * the token "*". "**" and "*bot" are never global. */
static void star_variants(void) {
    const char *sp = "user-agent: * foo\ndisallow: /\n";
    CHECK_EQ(allowed(GOOGLE, sp, "AnyBot", "/x"), DISALLOWED);
    CHECK_EQ(allowed(RFC, sp, "AnyBot", "/x"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\tfoo\ndisallow: /\n", "AnyBot", "/x"), DISALLOWED);
    CHECK_BOTH("user-agent: **\ndisallow: /\n", "AnyBot", "/x", ALLOWED);
    CHECK_BOTH("user-agent: *bot\ndisallow: /\n", "AnyBot", "/x", ALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /\n", "AnyBot", "/x", DISALLOWED);
    CHECK_BOTH("user-agent: *  \ndisallow: /\n", "AnyBot", "/x", DISALLOWED);
    /* "* foo" does not name foo either. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: * foo\ndisallow: /\nuser-agent: bar\nallow: /\n", "foo", "/x"),
             DISALLOWED);
    robots_rules *r = parse_text(GOOGLE, sp);
    robots_agent_info a;
    robots_get_agent(r, 0, &a);
    CHECK_EQ(a.global, 1);
    robots_group_info g;
    robots_get_group(r, 0, &g);
    CHECK_EQ(g.global, 1);
    robots_free(r);
}

/* The agent string is matched as octets: no token character is ignored or folded
 * beyond ASCII case. */
static void tokens_are_ascii(void) {
    CHECK_BOTH("user-agent: Foo_Bar-Baz\ndisallow: /\n", "foo_bar-baz", "/", DISALLOWED);
    CHECK_BOTH("user-agent: FooBot\ndisallow: /\n", "FooBo", "/", ALLOWED);
    CHECK_BOTH("user-agent: FooBot\ndisallow: /\n", "FooBotX", "/", ALLOWED);
    /* A token stops at non-ASCII: "Fooü" names Foo. */
    CHECK_BOTH("user-agent: Foo\xC3\xBC\ndisallow: /\n", "Foo", "/", DISALLOWED);
}

/* Only A-Z fold: random tokens of 1 to 20 octets (the lookup folds eight at a
 * time, so every tail length is met), asked for with their letters' case flipped
 * or with one octet changed to any other value, including the neighbours of A-Z
 * ('@', '[', '`', '{') and the octets >= 0x80 whose low bits are a letter. The
 * groups named are those whose token equals the caller's agent, ASCII case aside. */
static bool same_ignoring_ascii_case(const char *a, const char *b) {
    for (; *a && *b; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x + 32);
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y + 32);
        if (x != y) return false;
    }
    return *a == *b;
}

static void only_ascii_letters_fold(void) {
    enum { GROUPS = 24, ASKS = 3000 };
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";
    static const unsigned char odd[] = {'@', '[', '`', '{', 0xC1, 0xDA, 0xE1, 0xFA, 0x80, 0xFF, '0'};
    test_seed(7);
    char tokens[GROUPS][24];
    static char text[GROUPS * 48];
    size_t at = 0;
    for (int g = 0; g < GROUPS; g++) {
        size_t len = 1 + test_random(20);
        for (size_t i = 0; i < len; i++) tokens[g][i] = alphabet[test_random(sizeof alphabet - 1)];
        tokens[g][len] = 0;
        at += (size_t)snprintf(text + at, sizeof text - at, "user-agent: %s\ndisallow: /\n", tokens[g]);
    }
    robots_rules *r = parse_or_null(text, at, NULL);
    CHECK(r != NULL);
    if (!r) return;
    int wrong = 0;
    for (int k = 0; k < ASKS; k++) {
        char ask[24];
        strcpy(ask, tokens[test_random(GROUPS)]);
        size_t len = strlen(ask);
        for (size_t i = 0; i < len; i++)
            if (test_random(2) && ask[i] != '_' && ask[i] != '-') ask[i] ^= 0x20;
        if (test_random(2)) {
            size_t i = test_random((unsigned)len);
            ask[i] = (char)(test_random(3) ? odd[test_random(sizeof odd)] : 1 + test_random(255));
        }
        size_t want[GROUPS], nwant = 0;
        for (int g = 0; g < GROUPS; g++)
            if (same_ignoring_ascii_case(tokens[g], ask)) want[nwant++] = (size_t)g;
        const char *agents[1] = {ask};
        size_t got[GROUPS], n = robots_applying_groups(r, agents, NULL, 1, got, GROUPS);
        bool same = n == nwant; /* none named: the '*' groups, of which there are none */
        for (size_t i = 0; same && i < nwant; i++) same = got[i] == want[i];
        if (!same && wrong++ < 5) printf("    agent %s: %zu groups, %zu expected\n", ask, n, nwant);
    }
    CHECK_EQ(wrong, 0);
    robots_free(r);
}

const test_suite suite_agents = {"agents", (const test_case[]){
    {"UA-1: the most specific group", ua_1_example},
    {"UA-3: case and text after the token are ignored", ua_3_token_and_case},
    {"values without a token name nobody", tokenless_values_name_nobody},
    {"google compares the caller's whole agent; rfc9309 its token", caller_agent_whole_or_token},
    {"RFC-1: the product token", rfc_1_product_token},
    {"'*' variants", star_variants},
    {"tokens are ASCII", tokens_are_ascii},
    {"UA-3: only ASCII letters fold, at every length", only_ascii_letters_fold},
    {NULL, NULL}}};
