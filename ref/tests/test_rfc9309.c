/* test_rfc9309.c - the examples of RFC 9309 (RFC-2, RFC-5, RFC-6, RFC-8). */
#include <string.h>

#include "test.h"

/* RFC-2: the most specific (longest) match wins. */
static void rfc_2_longest_match(void) {
    const char *t = "user-agent: *\nallow: /example/page/\ndisallow: /example/page/disallowed.gif\n";
    CHECK_BOTH(t, "x", "https://www.example.com/example/page/", ALLOWED);
    CHECK_BOTH(t, "x", "https://www.example.com/example/page/disallowed.gif", DISALLOWED);
}

/* RFC-5: the simple example of section 5.1. */
static void rfc_5_simple_example(void) {
    const char *t = "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\nAllow: /publications/\n\n"
                    "User-Agent: foobot\nDisallow:/\nAllow:/example/page.html\nAllow:/example/allowed.gif\n\n"
                    "User-Agent: barbot\nUser-Agent: bazbot\nDisallow: /example/page.html\n\n"
                    "User-Agent: quxbot\n\nEOF\n";
    static const struct { const char *agent, *path; int want; } c[] = {
        {"foobot", "/", DISALLOWED},
        {"foobot", "/example/page.html", ALLOWED},
        {"foobot", "/example/allowed.gif", ALLOWED},
        {"foobot", "/example/other.gif", DISALLOWED},
        {"foobot", "/publications/", DISALLOWED},
        {"barbot", "/example/page.html", DISALLOWED},
        {"barbot", "/example/page.htm", ALLOWED},
        {"barbot", "/x.gif", ALLOWED},
        {"bazbot", "/example/page.html", DISALLOWED},
        {"quxbot", "/example/page.html", ALLOWED},
        {"quxbot", "/x.gif", ALLOWED},
        {"otherbot", "/x.gif", DISALLOWED},
        {"otherbot", "/a/x.gif", DISALLOWED},
        {"otherbot", "/x.gifs", ALLOWED},
        {"otherbot", "/example/", DISALLOWED},
        {"otherbot", "/publications/a.html", ALLOWED},
        {"otherbot", "/publications/a.gif", ALLOWED}, /* allow /publications/ (14) beats *.gif$ (6) */
    };
    char url[128];
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        snprintf(url, sizeof url, "https://www.example.com%s", c[i].path);
        CHECK_BOTH(t, c[i].agent, url, c[i].want);
    }
}

/* RFC-6: /robots.txt is implicitly allowed (rfc9309 only), exactly that path. */
static void rfc_6_robots_txt(void) {
    const char *t = "user-agent: *\ndisallow: /\n";
    robots_verdict v;
    char pat[256];
    CHECK_EQ(verdict_of(RFC, t, "x", "https://e.com/robots.txt", &v, pat), ALLOWED);
    CHECK(v.why & ROBOTS_WHY_ROBOTS_TXT);
    CHECK_EQ(v.group, ROBOTS_GROUP_GLOBAL);
    CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/%72obots.txt"), ALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/robots.txt?x"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/ROBOTS.TXT"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/robots.txtx"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/robots.tx"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "https://e.com/a/robots.txt"), DISALLOWED);
    /* With no group at all there is nothing to exempt from. */
    CHECK_EQ(verdict_of(RFC, "", "x", "/robots.txt", &v, pat), ALLOWED);
    CHECK(!(v.why & ROBOTS_WHY_ROBOTS_TXT));
}

/* RFC-8: the parse limit must be at least 500 KiB; the default is 512,000 bytes
 * in both profiles. */
static void rfc_8_default_limit(void) {
    robots_options o;
    robots_options_init(&o);
    CHECK(o.max_bytes >= 500 * 1024);
    CHECK_EQ(o.max_bytes, ROBOTS_DEFAULT_MAX_BYTES);
    CHECK_EQ(o.profile, ROBOTS_PROFILE_GOOGLE);
}

/* Other records, e.g. sitemap, do not disturb the groups. */
static void other_records_do_not_disturb(void) {
    const char *t = "user-agent: a\nsitemap: http://e.com/s.xml\nuser-agent: b\ncrawl-delay: 5\ndisallow: /\n";
    CHECK_BOTH(t, "a", "/x", DISALLOWED);
    CHECK_BOTH(t, "b", "/x", DISALLOWED);
    robots_rules *r = parse_text(RFC, t);
    CHECK_EQ(robots_sitemap_count(r), 1);
    CHECK_EQ(robots_record_count(r), 1);
    robots_free(r);
}

/* Profiles by name. */
static void profile_names(void) {
    robots_profile_id id;
    CHECK_EQ(robots_profile_from_name("google", &id, NULL), 0);
    CHECK_EQ(id, ROBOTS_PROFILE_GOOGLE);
    CHECK_EQ(robots_profile_from_name("rfc9309", &id, NULL), 0);
    CHECK_EQ(id, ROBOTS_PROFILE_RFC9309);
    const char *error = NULL;
    CHECK_EQ(robots_profile_from_name("RFC9309", &id, &error), -1);
    CHECK(error && strstr(error, "unknown profile"));
    CHECK_EQ(robots_profile_from_name(NULL, &id, NULL), -1);
    CHECK_EQ(robots_profile_from_name("google", NULL, NULL), -1);
    CHECK_STR(robots_profile_name(ROBOTS_PROFILE_RFC9309), 7, "rfc9309");
    CHECK(robots_profile_name((robots_profile_id)7) == NULL);
}

const test_suite suite_rfc9309 = {"rfc9309", (const test_case[]){
    {"RFC-2: the longest match", rfc_2_longest_match},
    {"RFC-5: the simple example", rfc_5_simple_example},
    {"RFC-6: /robots.txt is implicitly allowed", rfc_6_robots_txt},
    {"RFC-8: the default limit is at least 500 KiB", rfc_8_default_limit},
    {"other records do not disturb groups", other_records_do_not_disturb},
    {"profiles by name", profile_names},
    {NULL, NULL}}};
