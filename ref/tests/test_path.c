/* test_path.c - which part of a URL is matched (BEHAVIOR "URL path extraction"). */
#include <string.h>

#include "test.h"

static void expect_path(const char *url, const char *want) {
    char out[256];
    size_t n = robots_url_path(url, strlen(url), out, sizeof out);
    CHECK_STR(out, n, want);
}

/* Google's GetPathParamsQuery facts: scheme, authority and fragment go; path,
 * params and query stay; the result starts with '/'. */
static void path_forms(void) {
    expect_path("", "/");
    expect_path("http://www.example.com", "/");
    expect_path("http://www.example.com/", "/");
    expect_path("http://www.example.com/a", "/a");
    expect_path("http://www.example.com/a/", "/a/");
    expect_path("http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/");
    expect_path("http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f");
    expect_path("example.com", "/");
    expect_path("example.com/", "/");
    expect_path("example.com/a", "/a");
    expect_path("example.com/a/", "/a/");
    expect_path("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f");
    expect_path("a", "/");
    expect_path("a/", "/");
    expect_path("/a", "/a");
    expect_path("a/b", "/b");
    expect_path("example.com?a", "/?a");
    expect_path("example.com/a;b#c", "/a;b");
    expect_path("//a/b/c", "/b/c");
}

/* "://" marks a scheme only before the first '/', '?' or ';'; a '#' before the
 * path start gives "/". */
static void scheme_and_fragment_edges(void) {
    expect_path("/a://b/c", "/a://b/c");
    expect_path("a?b://c/d", "/?b://c/d");
    expect_path("a;p://c/d", "/;p://c/d");
    expect_path("http://a#b/c", "/");
    expect_path("http://a/b#c/d", "/b");
    expect_path("http://a?q#f", "/?q");
    expect_path("http://a;p", "/;p");
    expect_path("HTTP://A/B", "/B");
    expect_path("//", "/");
    expect_path("///x", "/x");
    expect_path("http://", "/");
    expect_path("http:///x", "/x");
    expect_path("mailto:x/y", "/y");
    expect_path("#/x", "/");
    expect_path("http://user:pass@host:8080/p?q", "/p?q");
}

/* The result is truncated to the buffer but its full length is returned. */
static void truncated_output(void) {
    char out[4];
    CHECK_EQ(robots_url_path("http://e.com/abcdef", 19, out, sizeof out), 7);
    CHECK(memcmp(out, "/abc", 4) == 0);
    CHECK_EQ(robots_url_path("e.com?x", 7, out, 1), 3);
    CHECK_EQ(out[0], '/');
    CHECK_EQ(robots_url_path(NULL, 5, NULL, 0), 1);
}

/* A prefixed '/' takes part in matching like any octet. */
static void implicit_slash_matches(void) {
    CHECK_BOTH("user-agent: *\ndisallow: /?a\n", "x", "http://e.com?a=1", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /;p\n", "x", "http://e.com;p", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /*?\n", "x", "http://e.com?q", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: *?q$\n", "x", "http://e.com?q", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /$\n", "x", "http://e.com?q", ALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /$\n", "x", "http://e.com#frag", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /b\n", "x", "http://e.com/b#frag", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /*frag\n", "x", "http://e.com/b#frag", ALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /?\n", "x", "?", DISALLOWED);
}

/* Google's matcher holds the path as a C string: a NUL in the URL's path ends it.
 * rfc9309 matches the NUL as an octet. */
static void nul_in_url(void) {
    robots_rules *g = parse_text(GOOGLE, "user-agent: *\ndisallow: /a$\ndisallow: /ab\n");
    robots_rules *r = parse_text(RFC, "user-agent: *\ndisallow: /a$\ndisallow: /ab\n");
    static const char url[] = "http://e.com/a\0b";
    CHECK_EQ(check_answer(g, "x", 1, url, sizeof url - 1, NULL), DISALLOWED); /* "/a" */
    CHECK_EQ(check_answer(r, "x", 1, url, sizeof url - 1, NULL), ALLOWED);    /* "/a\0b" */
    static const char url2[] = "http://e.com/ab\0";
    CHECK_EQ(check_answer(g, "x", 1, url2, sizeof url2 - 1, NULL), DISALLOWED);
    CHECK_EQ(check_answer(r, "x", 1, url2, sizeof url2 - 1, NULL), DISALLOWED);
    /* A NUL before the path leaves the path alone. */
    static const char url3[] = "http://e\0.com/ab";
    CHECK_EQ(check_answer(g, "x", 1, url3, sizeof url3 - 1, NULL), DISALLOWED);
    robots_free(g);
    robots_free(r);
}

const test_suite suite_path = {"path", (const test_case[]){
    {"path, params and query are kept", path_forms},
    {"scheme and fragment edges", scheme_and_fragment_edges},
    {"robots_url_path truncates like snprintf", truncated_output},
    {"the implicit leading '/' matches", implicit_slash_matches},
    {"a NUL ends the path (google)", nul_in_url},
    {NULL, NULL}}};
