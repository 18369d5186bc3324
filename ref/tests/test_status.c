/* test_status.c - STATUS-1..9 and RFC-7: the fetch outcome policy and the cache lifetime. */
#include <string.h>

#include "test.h"

static robots_fetch_decision policy(robots_profile_id p, int status, int net, unsigned redirects,
                                    unsigned days, int cached) {
    robots_fetch f = {status, net, redirects, days, cached};
    const char *why = NULL;
    robots_fetch_decision d;
    CHECK_EQ(robots_fetch_policy(p, &f, &d, &why), 0);
    CHECK(why != NULL && strlen(why) > 10);
    return d;
}

#define BOTH_POLICY(status, net, redirects, days, cached, want)                  \
    do {                                                                      \
        CHECK_EQ(policy(GOOGLE, status, net, redirects, days, cached), want);  \
        CHECK_EQ(policy(RFC, status, net, redirects, days, cached), want);     \
    } while (0)

static void status_classes(void) {
    BOTH_POLICY(200, 0, 0, 0, 0, ROBOTS_FETCH_CONDITIONAL);    /* STATUS-1 */
    BOTH_POLICY(204, 0, 0, 0, 0, ROBOTS_FETCH_CONDITIONAL);
    BOTH_POLICY(299, 0, 0, 0, 0, ROBOTS_FETCH_CONDITIONAL);
    BOTH_POLICY(400, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);     /* STATUS-4 */
    BOTH_POLICY(401, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(403, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(404, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(410, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    /* 429: a server error for Google since 2023, a 4xx like any other for RFC 9309. */
    CHECK_EQ(policy(GOOGLE, 429, 0, 0, 0, 0), ROBOTS_FETCH_FULL_DISALLOW);
    CHECK_EQ(policy(RFC, 429, 0, 0, 0, 0), ROBOTS_FETCH_FULL_ALLOW);
    CHECK_EQ(policy(GOOGLE, 429, 0, 0, 31, 1), ROBOTS_FETCH_USE_CACHED);
    CHECK_EQ(policy(GOOGLE, 429, 0, 0, 31, 0), ROBOTS_FETCH_FULL_ALLOW);
    CHECK_EQ(policy(GOOGLE, 429, 0, 0, 30, 1), ROBOTS_FETCH_FULL_DISALLOW);
    CHECK_EQ(policy(RFC, 429, 0, 0, 31, 1), ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(428, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(430, 0, 0, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(500, 0, 0, 0, 0, ROBOTS_FETCH_FULL_DISALLOW);  /* STATUS-5 */
    BOTH_POLICY(503, 0, 0, 0, 1, ROBOTS_FETCH_FULL_DISALLOW);
    BOTH_POLICY(599, 0, 0, 30, 1, ROBOTS_FETCH_FULL_DISALLOW);
    BOTH_POLICY(0, 1, 0, 0, 0, ROBOTS_FETCH_FULL_DISALLOW);    /* STATUS-8 */
    BOTH_POLICY(100, 0, 0, 0, 0, ROBOTS_FETCH_FULL_DISALLOW);  /* not a final status */
    BOTH_POLICY(199, 0, 0, 31, 1, ROBOTS_FETCH_USE_CACHED);    /* ... so unreachable */
    BOTH_POLICY(700, 1, 0, 0, 0, ROBOTS_FETCH_FULL_DISALLOW);  /* a network error has no status */
}

/* STATUS-2, RFC-7: five redirects are followed; the sixth gives up (404). */
static void redirects(void) {
    for (unsigned n = 0; n < ROBOTS_MAX_REDIRECTS; n++) {
        BOTH_POLICY(301, 0, n, 0, 0, ROBOTS_FETCH_CONDITIONAL);
        BOTH_POLICY(308, 0, n, 0, 0, ROBOTS_FETCH_CONDITIONAL);
    }
    BOTH_POLICY(301, 0, 5, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(302, 0, 6, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(307, 0, 1000, 0, 1, ROBOTS_FETCH_FULL_ALLOW);
    /* Redirects before a final response do not change it. */
    BOTH_POLICY(200, 0, 5, 0, 0, ROBOTS_FETCH_CONDITIONAL);
    BOTH_POLICY(404, 0, 4, 0, 0, ROBOTS_FETCH_FULL_ALLOW);
}

/* STATUS-6: unreachable for more than 30 days: the cached copy, else no restrictions. */
static void unreachable_for_long(void) {
    BOTH_POLICY(503, 0, 0, 31, 1, ROBOTS_FETCH_USE_CACHED);
    BOTH_POLICY(503, 0, 0, 31, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(0, 1, 0, 365, 1, ROBOTS_FETCH_USE_CACHED);
    BOTH_POLICY(0, 1, 0, 31, 0, ROBOTS_FETCH_FULL_ALLOW);
    BOTH_POLICY(500, 0, 0, 30, 0, ROBOTS_FETCH_FULL_DISALLOW);
    /* Reachable again: days no longer matter. */
    BOTH_POLICY(200, 0, 0, 90, 1, ROBOTS_FETCH_CONDITIONAL);
    BOTH_POLICY(404, 0, 0, 90, 1, ROBOTS_FETCH_FULL_ALLOW);
}

/* Each profile words its reasons in its own terms. */
static void wording(void) {
    robots_fetch f = {404, 0, 0, 0, 0};
    const char *g = NULL, *r = NULL;
    robots_fetch_decision d;
    robots_fetch_policy(GOOGLE, &f, &d, &g);
    robots_fetch_policy(RFC, &f, &d, &r);
    CHECK(g && strstr(g, "full allow"));
    CHECK(r && strstr(r, "unavailable"));
    f.status = 503;
    robots_fetch_policy(GOOGLE, &f, &d, &g);
    robots_fetch_policy(RFC, &f, &d, &r);
    CHECK(g && strstr(g, "full disallow"));
    CHECK(r && strstr(r, "unreachable") && strstr(r, "complete disallow"));
    d = ROBOTS_FETCH_FULL_ALLOW;
    CHECK_EQ(robots_fetch_policy(GOOGLE, &f, &d, NULL), 0); /* why may be NULL */
    CHECK_EQ(d, ROBOTS_FETCH_FULL_DISALLOW);
}

static void invalid_status(void) {
    static const int bad[] = {0, 99, 600, 999, -1};
    for (size_t i = 0; i < 5; i++) {
        robots_fetch f = {bad[i], 0, 0, 0, 0};
        const char *why = NULL;
        robots_fetch_decision d;
        CHECK_EQ(robots_fetch_policy(GOOGLE, &f, &d, &why), -1);
        CHECK(why && strstr(why, "100 to 599"));
        CHECK_EQ(robots_fetch_policy(GOOGLE, &f, &d, NULL), -1);
    }
    /* NULL arguments and an unknown profile are failures, not decisions. */
    robots_fetch ok = {200, 0, 0, 0, 0};
    robots_fetch_decision d;
    const char *why = NULL;
    CHECK_EQ(robots_fetch_policy(GOOGLE, NULL, &d, &why), -1);
    CHECK(why && strstr(why, "NULL"));
    CHECK_EQ(robots_fetch_policy(GOOGLE, &ok, NULL, NULL), -1);
    CHECK_EQ(robots_fetch_policy((robots_profile_id)5, &ok, &d, &why), -1);
    CHECK(why && strstr(why, "unknown profile"));
    static const char *const names[] = {"full-allow", "full-disallow", "conditional", "use-cached"};
    for (int k = 0; k < 4; k++) CHECK(strcmp(robots_fetch_decision_name((robots_fetch_decision)k), names[k]) == 0);
    CHECK(robots_fetch_decision_name((robots_fetch_decision)-1) == NULL);
    CHECK(robots_fetch_decision_name((robots_fetch_decision)4) == NULL);
}

static int64_t lifetime(robots_profile_id p, const char *cc) {
    const char *why = NULL;
    int64_t s = robots_cache_lifetime(p, cc, cc ? strlen(cc) : 0, &why);
    CHECK(why != NULL);
    return s;
}

/* STATUS-9: 24 hours by default; google follows max-age both ways, rfc9309 only
 * shortens. */
static void cache_lifetime(void) {
    CHECK_EQ(lifetime(GOOGLE, NULL), 86400);
    CHECK_EQ(lifetime(RFC, ""), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age=3600"), 3600);
    CHECK_EQ(lifetime(RFC, "max-age=3600"), 3600);
    CHECK_EQ(lifetime(GOOGLE, "public, max-age=172800"), 172800);
    CHECK_EQ(lifetime(RFC, "public, max-age=172800"), 86400);
    CHECK_EQ(lifetime(GOOGLE, "MAX-AGE = 60 , no-transform"), 60);
    CHECK_EQ(lifetime(GOOGLE, "max-age=\"120\""), 120);
    CHECK_EQ(lifetime(GOOGLE, "max-age=0"), 0);
    CHECK_EQ(lifetime(GOOGLE, "s-maxage=10"), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age=10, max-age=20"), 10);
    CHECK_EQ(lifetime(GOOGLE, "max-age=99999999999999999999"), ROBOTS_CACHE_SECONDS_MAX);
    /* Around 2^31, where a 32-bit long overflowed (found by UBSan on i386): the
     * answer is the same on every platform. */
    CHECK_EQ(lifetime(GOOGLE, "max-age=3000000000"), ROBOTS_CACHE_SECONDS_MAX);
    CHECK_EQ(lifetime(GOOGLE, "max-age=2147483647"), 2147483647);
    CHECK_EQ(lifetime(GOOGLE, "max-age=2147483648"), ROBOTS_CACHE_SECONDS_MAX);
    CHECK_EQ(lifetime(GOOGLE, "max-age=2147483649"), ROBOTS_CACHE_SECONDS_MAX);
    CHECK_EQ(lifetime(GOOGLE, "max-age=21474836480"), ROBOTS_CACHE_SECONDS_MAX);
    CHECK_EQ(lifetime(RFC, "max-age=3000000000"), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age=abc"), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age="), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age"), 86400);
    CHECK_EQ(lifetime(GOOGLE, "no-cache,,,"), 86400);
    CHECK_EQ(lifetime(RFC, "max-age=-5"), 86400);
    CHECK_EQ(robots_cache_lifetime(GOOGLE, "max-age=7", 7, NULL), 86400); /* cut before the digit */
    /* Whitespace around names and values, quoted values (which may hold commas),
     * and a quote left open. */
    CHECK_EQ(lifetime(GOOGLE, "\tmax-age\t=\t45\t"), 45);
    CHECK_EQ(lifetime(GOOGLE, "private=\"a,max-age=1\", max-age=2"), 2);
    CHECK_EQ(lifetime(GOOGLE, "max-age=\"60"), 60);
    CHECK_EQ(lifetime(GOOGLE, "max-age=\"6\"0, max-age=9"), 6);
    CHECK_EQ(lifetime(GOOGLE, "max-age=\"\""), 86400);
    CHECK_EQ(lifetime(GOOGLE, "max-age=1 2"), 86400);
}

const test_suite suite_status = {"status", (const test_case[]){
    {"status classes (STATUS-1, 4, 5, 8)", status_classes},
    {"five redirects, then 404 (STATUS-2, RFC-7)", redirects},
    {"unreachable for more than 30 days (STATUS-6)", unreachable_for_long},
    {"each profile in its own words", wording},
    {"statuses outside 100-599 are refused", invalid_status},
    {"cache lifetime (STATUS-9)", cache_lifetime},
    {NULL, NULL}}};
