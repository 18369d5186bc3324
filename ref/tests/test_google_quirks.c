/* test_google_quirks.c - behaviour of Google's parser that RFC 9309 does not have. */
#include <string.h>

#include "test.h"

/* index.html: an Allow whose last segment starts with "index.htm" also allows its
 * directory, tried as "<dir>/$". Not in rfc9309. */
static void index_html_is_directory(void) {
    const char *t = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n";
    CHECK_EQ(allowed(GOOGLE, t, "foobot", "http://foo.com/allowed-slash/"), ALLOWED);
    CHECK_EQ(allowed(RFC, t, "foobot", "http://foo.com/allowed-slash/"), DISALLOWED);
    /* Only the directory itself, and index.html itself; index.htm is not allowed. */
    CHECK_BOTH(t, "foobot", "http://foo.com/allowed-slash/index.htm", DISALLOWED);
    CHECK_BOTH(t, "foobot", "http://foo.com/allowed-slash/index.html", ALLOWED);
    CHECK_BOTH(t, "foobot", "http://foo.com/allowed-slash/other", DISALLOWED);
    CHECK_BOTH(t, "foobot", "http://foo.com/anyother-url", DISALLOWED);
    robots_verdict v;
    char pat[256];
    verdict_of(GOOGLE, t, "foobot", "http://foo.com/allowed-slash/", &v, pat);
    CHECK(v.why & ROBOTS_WHY_INDEX_HTML);
    CHECK_EQ(v.line, 2);
    CHECK_STR(v.pattern, v.pattern_len, "/allowed-slash/$");
    /* index.htm and anything after it count; the root directory too. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /index.htm\ndisallow: /\n", "x", "/"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/index.html5x\ndisallow: /\n", "x", "/a/"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/xindex.html\ndisallow: /\n", "x", "/a/"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/Index.html\ndisallow: /\n", "x", "/a/"), DISALLOWED);
    /* Wildcards in the directory part stay wildcards. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /*/index.html\ndisallow: /\n", "x", "/q/"), ALLOWED);
    /* Not for disallow. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\ndisallow: /a/index.html\n", "x", "/a/"), ALLOWED);
    /* A longer disallow still beats the directory form. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/index.html\ndisallow: /a/\n", "x", "/a/"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/index.html\ndisallow: /a/$\n", "x", "/a/"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/index.html\ndisallow: /*/$\n", "x", "/a/"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: /a/index.html\ndisallow: /a*/$\n", "x", "/a/"), DISALLOWED);
    /* No slash at all: nothing to derive. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: *\nallow: index.html\ndisallow: /\n", "x", "/"), DISALLOWED);
}

/* Values of unknown keys are escaped like patterns by Google (its parser escapes
 * every value but user-agent and sitemap); rfc9309 keeps them as written. */
static void other_record_values(void) {
    const char *t = "noindex: /\xC3\xA4%aa\nsitemap: http://e.com/\xC3\xA4.xml\n";
    robots_rules *r = parse_text(GOOGLE, t);
    robots_record rec;
    CHECK_EQ(robots_get_record(r, 0, &rec), 0);
    CHECK_STR(rec.value, rec.value_len, "/%C3%A4%AA");
    CHECK_EQ(robots_get_sitemap(r, 0, &rec), 0);
    CHECK_STR(rec.value, rec.value_len, "http://e.com/\xC3\xA4.xml");
    robots_free(r);
    r = parse_text(RFC, t);
    CHECK_EQ(robots_get_record(r, 0, &rec), 0);
    CHECK_STR(rec.value, rec.value_len, "/\xC3\xA4%aa");
    robots_free(r);
}

/* Google does not exempt /robots.txt; rfc9309 always allows it (RFC-6). */
static void robots_txt_not_special(void) {
    const char *t = "user-agent: *\ndisallow: /\n";
    CHECK_EQ(allowed(GOOGLE, t, "x", "http://e.com/robots.txt"), DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "http://e.com/robots.txt"), ALLOWED);
}

const test_suite suite_google_quirks = {"google-quirks", (const test_case[]){
    {"index.html allows its directory", index_html_is_directory},
    {"values of other records are escaped", other_record_values},
    {"/robots.txt is not exempt", robots_txt_not_special},
    {NULL, NULL}}};
