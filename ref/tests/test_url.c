/* test_url.c - URL parsing, the robots.txt URL and scope (SCOPE-1..12). */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static void expect_robots_url(const char *url, const char *want) {
    char out[400];
    const char *error = NULL;
    size_t n = 0;
    CHECK_EQ(robots_robots_txt_url(url, strlen(url), out, sizeof out, &n, &error), 0);
    CHECK_STR(out, n, want);
    if (!n) printf("    (%s: %s)\n", url, error);
}

static void expect_malformed(const char *url, const char *fragment) {
    char out[400];
    const char *error = NULL;
    size_t n = 7;
    CHECK_EQ(robots_robots_txt_url(url, strlen(url), out, sizeof out, &n, &error), -1);
    CHECK(error && strstr(error, fragment));
    CHECK_EQ(n, 0);
    CHECK_EQ(out[0], '\0');
    CHECK_EQ(robots_robots_txt_url(url, strlen(url), out, sizeof out, NULL, NULL), -1); /* NULL error */
    if (error && !strstr(error, fragment)) printf("    (%s: %s)\n", url, error);
}

static void robots_txt_urls(void) {
    expect_robots_url("http://www.m\xC3\xBCller.eu/page?q#f", "http://www.xn--mller-kva.eu/robots.txt");
    expect_robots_url("HTTP://User:Pw@Example.COM:80/a", "http://example.com/robots.txt");
    expect_robots_url("https://example.com:443", "https://example.com/robots.txt");
    expect_robots_url("https://example.com:8443/", "https://example.com:8443/robots.txt");
    expect_robots_url("https://example.com:80/", "https://example.com:80/robots.txt");
    expect_robots_url("ftp://example.com:21/x", "ftp://example.com/robots.txt");
    expect_robots_url("http://example.com:080/", "http://example.com/robots.txt");
    expect_robots_url("http://example.com:/", "http://example.com/robots.txt");
    expect_robots_url("http://example.com?x", "http://example.com/robots.txt");
    expect_robots_url("http://example.com#x", "http://example.com/robots.txt");
    expect_robots_url("gopher://example.com:70/x", "gopher://example.com:70/robots.txt");
    expect_robots_url("x+y.z-1://h", "x+y.z-1://h/robots.txt");
    expect_robots_url("http://a@b@example.com/", "http://example.com/robots.txt");
    expect_robots_url("http://example.com:0/", "http://example.com:0/robots.txt");
    expect_robots_url("http://%C3%BC.de/", "http://xn--tda.de/robots.txt");
    expect_robots_url("http://a%2Eb/", "http://a.b/robots.txt");
    expect_robots_url("http://212.96.82.21/", "http://212.96.82.21/robots.txt");
    expect_robots_url("http://[::FFFF:1.2.3.4]:80/", "http://[::ffff:1.2.3.4]/robots.txt");
    expect_robots_url("http://[2001:DB8:0:0:1:0:0:1]/", "http://[2001:db8::1:0:0:1]/robots.txt");
    expect_robots_url("http://[2001:db8:0:0:0:0:2:1]/", "http://[2001:db8::2:1]/robots.txt");
    expect_robots_url("http://[2001:0db8:0000:0000:0001:0000:0000:0001]/", "http://[2001:db8::1:0:0:1]/robots.txt");
    expect_robots_url("http://[2001:db8:0:1:1:1:1:1]/", "http://[2001:db8:0:1:1:1:1:1]/robots.txt");
    expect_robots_url("http://[::]/", "http://[::]/robots.txt");
    expect_robots_url("http://[::1]:8080/", "http://[::1]:8080/robots.txt");
    expect_robots_url("http://[1::]/", "http://[1::]/robots.txt");
    expect_robots_url("http://[::1.2.3.4]/", "http://[::102:304]/robots.txt");
    expect_robots_url("http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/robots.txt");
    expect_robots_url("http://[0:0:1:0:0:1:0:0]/", "http://[::1:0:0:1:0:0]/robots.txt");
    /* Only ::ffff:0:0/96 is written with a dotted tail: each of its first six
     * groups differing in turn gives the plain form. */
    expect_robots_url("http://[0:1::ffff:102:304]/", "http://[0:1::ffff:102:304]/robots.txt");
    expect_robots_url("http://[0:0:1::ffff:102:304]/", "http://[::1:0:0:ffff:102:304]/robots.txt");
    expect_robots_url("http://[::1:0:ffff:102:304]/", "http://[::1:0:ffff:102:304]/robots.txt");
    expect_robots_url("http://[::1:ffff:102:304]/", "http://[::1:ffff:102:304]/robots.txt");
    expect_robots_url("http://[::fffe:102:304]/", "http://[::fffe:102:304]/robots.txt");
    expect_robots_url("http://[1::ffff:102:304]/", "http://[1::ffff:102:304]/robots.txt");
    /* Dotted quads that are not IPv4 addresses are registered names. */
    expect_robots_url("http://1.2.3/", "http://1.2.3/robots.txt");
    expect_robots_url("http://1.2.3x4/", "http://1.2.3x4/robots.txt");
}

static void malformed_urls(void) {
    expect_malformed("example.com/page", "no scheme");
    expect_malformed("://example.com/", "no scheme");
    expect_malformed("1http://example.com/", "no scheme");
    expect_malformed("", "no scheme");
    expect_malformed("mailto:someone@example.com", "no authority");
    expect_malformed("http:/example.com", "no authority");
    expect_malformed("http://", "empty host");
    expect_malformed("http://:80/", "empty host");
    expect_malformed("http://user@/", "empty host");
    expect_malformed("http://a:b/", "not a decimal number");
    expect_malformed("http://a:-1/", "not a decimal number");
    expect_malformed("http://a:65536/", "out of range");
    expect_malformed("http://a:99999999999999999999/", "out of range");
    expect_malformed("http://a%zz/", "bad percent-escape");
    expect_malformed("http://a%4/", "bad percent-escape");
    expect_malformed("http://a%/", "bad percent-escape");
    expect_malformed("http://[::1/", "'[' without ']'");
    expect_malformed("http://[::1]x/", "unexpected text after ']'");
    expect_malformed("http://a]/", "invalid character");
    expect_malformed("http://::1]/", "not a decimal number");
    expect_malformed("http://[1:2:3:4:5:6:7:8:9]/", "invalid IPv6");
    expect_malformed("http://[1::2::3]/", "invalid IPv6");
    expect_malformed("http://[12345::]/", "invalid IPv6");
    expect_malformed("http://[:1]/", "invalid IPv6");
    expect_malformed("http://[1:]/", "invalid IPv6");
    expect_malformed("http://[1:2:3:4:5:6:7::8]/", "invalid IPv6");
    expect_malformed("http://[::1.2.3]/", "invalid IPv6");
    expect_malformed("http://[::1.2.3.256]/", "invalid IPv6");
    expect_malformed("http://[g::]/", "invalid IPv6");
    expect_malformed("http://[]/", "invalid IPv6");
    expect_malformed("http://[v1.x]/", "IPvFuture");
    expect_malformed("http://[V1.x]/", "IPvFuture");
    expect_malformed("http://[1:2:3:4:5:6:7:1.2.3.4]/", "invalid IPv6");
    expect_malformed("http://[fe80::1%25eth0]/", "zone identifiers");
    expect_malformed("http://a b/", "invalid character");
    expect_malformed("http://a\x01/", "invalid character");
    expect_malformed("http://a%00b/", "invalid character");
    expect_malformed("http://M\xC3\x9CLLER.eu/", "upper-case");
    expect_malformed("http://xn--zz.de/", "not valid punycode");
    char longscheme[64];
    memset(longscheme, 'a', 40);
    strcpy(longscheme + 40, "://h/");
    expect_malformed(longscheme, "longer than 32");
    /* NULL is an empty URL. */
    const char *error;
    robots_url u;
    CHECK_EQ(robots_url_parse(NULL, 5, &u, &error), -1);
}

static void parsed_parts(void) {
    robots_url u;
    const char *error;
    const char *url = "HTTPS://u:p@[2001:db8::1]:8443/a/b?c=d#e";
    CHECK_EQ(robots_url_parse(url, strlen(url), &u, &error), 0);
    CHECK(strcmp(u.scheme, "https") == 0);
    CHECK(strcmp(u.host, "[2001:db8::1]") == 0);
    CHECK_EQ(u.host_type, ROBOTS_HOST_IPV6);
    CHECK_EQ(u.port, 8443);
    CHECK_EQ(u.port_is_default, 0);
    CHECK_STR(u.path, u.path_len, "/a/b");
    CHECK_EQ(u.has_query, 1);
    url = "http://Example.com";
    CHECK_EQ(robots_url_parse(url, strlen(url), &u, &error), 0);
    CHECK_EQ(u.port, 80);
    CHECK_EQ(u.port_is_default, 1);
    CHECK_EQ(u.path_len, 0);
    CHECK_EQ(u.has_query, 0);
    CHECK_EQ(u.host_type, ROBOTS_HOST_NAME);
    url = "foo://1.2.3.4";
    CHECK_EQ(robots_url_parse(url, strlen(url), &u, &error), 0);
    CHECK_EQ(u.port, -1);
    CHECK_EQ(u.port_is_default, 1);
    CHECK_EQ(u.host_type, ROBOTS_HOST_IPV4);
    /* Not IPv4: leading zeros, too few parts, too large. */
    static const char *const names[] = {"http://01.2.3.4", "http://1.2.3", "http://1.2.3.256", "http://1.2.3.4.5",
                                        "http://1..3.4", "http://1.2.3.4."};
    for (size_t i = 0; i < 6; i++) {
        CHECK_EQ(robots_url_parse(names[i], strlen(names[i]), &u, &error), 0);
        CHECK_EQ(u.host_type, ROBOTS_HOST_NAME);
    }
    url = "http://e.com?x/y";
    CHECK_EQ(robots_url_parse(url, strlen(url), &u, &error), 0);
    CHECK_EQ(u.path_len, 0);
    CHECK_EQ(u.has_query, 1);
}

static void scope(const char *robots, const char *url, robots_scope want) {
    const char *error = NULL;
    robots_scope got = ROBOTS_SCOPE_NOT_ROBOTS_URL;
    CHECK_EQ(robots_scope_check(robots, strlen(robots), url, strlen(url), &got, &error), 0);
    CHECK_EQ(got, want);
    if (got != want) printf("    (%s vs %s)\n", robots, url);
}

/* The SCOPE examples of the specification. */
static void scope_examples(void) {
    const char *r1 = "http://example.com/robots.txt"; /* SCOPE-1 */
    scope(r1, "http://example.com/", ROBOTS_SCOPE_APPLIES);
    scope(r1, "http://example.com/folder/file", ROBOTS_SCOPE_APPLIES);
    scope(r1, "http://other.example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope(r1, "https://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope(r1, "http://example.com:8181/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    const char *r2 = "http://www.example.com/robots.txt"; /* SCOPE-2 */
    scope(r2, "http://www.example.com/", ROBOTS_SCOPE_APPLIES);
    scope(r2, "http://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope(r2, "http://shop.www.example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope(r2, "http://www.shop.example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    /* SCOPE-3 */
    scope("http://example.com/folder/robots.txt", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com/folder/robots.txt", "http://example.com/folder/x", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    const char *r4 = "http://www.m\xC3\xBCller.eu/robots.txt"; /* SCOPE-4 */
    scope(r4, "http://www.m\xC3\xBCller.eu/", ROBOTS_SCOPE_APPLIES);
    scope(r4, "http://www.xn--mller-kva.eu/", ROBOTS_SCOPE_APPLIES);
    scope(r4, "http://www.muller.eu/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope("http://www.xn--mller-kva.eu/robots.txt", "http://www.m\xC3\xBCller.eu/x", ROBOTS_SCOPE_APPLIES);
    const char *r5 = "ftp://example.com/robots.txt"; /* SCOPE-5 */
    scope(r5, "ftp://example.com/", ROBOTS_SCOPE_APPLIES);
    scope(r5, "http://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    const char *r6 = "http://212.96.82.21/robots.txt"; /* SCOPE-6 */
    scope(r6, "http://212.96.82.21/", ROBOTS_SCOPE_APPLIES);
    scope(r6, "http://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    const char *r7 = "http://example.com:80/robots.txt"; /* SCOPE-7 */
    scope(r7, "http://example.com:80/", ROBOTS_SCOPE_APPLIES);
    scope(r7, "http://example.com/", ROBOTS_SCOPE_APPLIES);
    scope(r7, "http://example.com:81/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    scope("https://example.com:443/robots.txt", "https://example.com/", ROBOTS_SCOPE_APPLIES);
    scope("ftp://example.com:21/robots.txt", "ftp://example.com/", ROBOTS_SCOPE_APPLIES);
    const char *r8 = "http://example.com:8181/robots.txt"; /* SCOPE-8 */
    scope(r8, "http://example.com:8181/", ROBOTS_SCOPE_APPLIES);
    scope(r8, "http://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    /* SCOPE-9: scheme, host and port only; the path of the URL does not matter. */
    scope("https://example.com/robots.txt", "https://example.com/a/b/c?d", ROBOTS_SCOPE_APPLIES);
    scope("https://example.com/robots.txt", "http://example.com:443/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    /* SCOPE-10: the path is case-sensitive. */
    scope("http://example.com/ROBOTS.TXT", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com/Robots.txt", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    /* SCOPE-11: any scheme with an authority; no default port for unknown ones. */
    scope("gopher://example.com/robots.txt", "gopher://example.com/x", ROBOTS_SCOPE_APPLIES);
    scope("gopher://example.com/robots.txt", "gopher://example.com:70/x", ROBOTS_SCOPE_DOES_NOT_APPLY);
}

static void scope_edges(void) {
    /* Case of scheme and host does not matter; userinfo is ignored. */
    scope("HTTP://EXAMPLE.COM/robots.txt", "http://user:pw@example.com/", ROBOTS_SCOPE_APPLIES);
    /* IPv6 written two ways is one host. */
    scope("http://[2001:db8::1]/robots.txt", "http://[2001:DB8:0:0:0:0:0:1]:80/", ROBOTS_SCOPE_APPLIES);
    /* A robots.txt URL with a query is another resource; a fragment is not sent. */
    scope("http://example.com/robots.txt?x", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com/robots.txt#x", "http://example.com/", ROBOTS_SCOPE_APPLIES);
    scope("http://example.com", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com/robots.txt/", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com//robots.txt", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    scope("http://example.com/robots%2Etxt", "http://example.com/", ROBOTS_SCOPE_NOT_ROBOTS_URL);
    /* A trailing dot makes another name. */
    scope("http://example.com./robots.txt", "http://example.com/", ROBOTS_SCOPE_DOES_NOT_APPLY);
    /* Malformed input on either side is an error, not a guess. */
    const char *error = NULL;
    robots_scope sc;
    CHECK_EQ(robots_scope_check("http://[x/robots.txt", 20, "http://e.com/", 13, &sc, &error), -1);
    CHECK(error != NULL);
    error = NULL;
    CHECK_EQ(robots_scope_check("http://e.com/robots.txt", 23, "e.com/x", 7, &sc, &error), -1);
    CHECK(error && strstr(error, "no scheme"));
    CHECK_EQ(robots_scope_check("http://e.com/robots.txt", 23, "e.com/x", 7, &sc, NULL), -1);
    CHECK_EQ(robots_scope_check("http://e.com/robots.txt", 23, "http://e.com/", 13, NULL, &error), -1);
}

/* Hostile URLs: random pieces of URL syntax, and very long URLs. Every call gives
 * a defined answer: a result, or an error with a reason. */
static unsigned long long url_rng = 7;
static unsigned url_random(unsigned n) {
    url_rng = url_rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(url_rng >> 33) % n;
}

static void hostile_urls(void) {
#define PIECE(text) {text, sizeof text - 1}
    static const struct {
        const char *text;
        size_t len; /* may include NUL bytes */
    } pieces[] = {
        PIECE("http"), PIECE("://"), PIECE(":"), PIECE("//"), PIECE("/"), PIECE("["), PIECE("]"),
        PIECE("::"), PIECE("@"), PIECE("%"), PIECE("%4"), PIECE("%C3%BC"), PIECE("xn--"), PIECE("-"),
        PIECE("."), PIECE("a"), PIECE("Z"), PIECE("0"), PIECE("65535"), PIECE("99999"), PIECE("?"),
        PIECE("#"), PIECE("\xC3\xBC"), PIECE("\xFF"), PIECE("\0"), PIECE(" "), PIECE("1.2.3.4"),
        PIECE("ffff"), PIECE("robots.txt"), PIECE("%25"), PIECE("v1"), PIECE("\xE6\x97\xA5")};
    char url[512], other[512], out[600];
    for (int round = 0; round < 20000; round++) {
        size_t n = 0;
        int parts = 1 + (int)url_random(12);
        for (int k = 0; k < parts; k++) {
            size_t pick = url_random(sizeof pieces / sizeof pieces[0]);
            memcpy(url + n, pieces[pick].text, pieces[pick].len);
            n += pieces[pick].len;
        }
        robots_url u;
        const char *error = NULL;
        int rc = robots_url_parse(url, n, &u, &error);
        CHECK(rc == 0 || (rc == -1 && error && *error));
        error = NULL;
        size_t len = 0;
        int trc = robots_robots_txt_url(url, n, out, sizeof out, &len, &error);
        CHECK(trc == 0 ? rc == 0 && len < sizeof out && strstr(out, "/robots.txt") : rc == -1 && error != NULL);
        memcpy(other, url, n);
        robots_scope sc;
        int src = robots_scope_check(url, n, other, n, &sc, &error);
        /* A URL is in its own scope exactly when it is a robots.txt URL. */
        if (rc == 0) CHECK(src == 0 && (sc == ROBOTS_SCOPE_APPLIES || sc == ROBOTS_SCOPE_NOT_ROBOTS_URL));
        else CHECK_EQ(src, -1);
        uint32_t points[64];
        size_t np;
        int prc = robots_punycode_decode(url, n, points, 64, &np, NULL);
        CHECK(prc == 0 || prc == -1);
        size_t hn = 0;
        int hrc = robots_host_to_ascii(url, n, out, sizeof out, &hn, NULL);
        CHECK(hrc == 0 ? strlen(out) == hn : out[0] == '\0');
    }
    /* A megabyte of host, of port, of path. */
    size_t big = 1 << 20;
    char *huge = malloc(big + 16);
    memcpy(huge, "http://", 7);
    memset(huge + 7, 'a', big);
    const char *error = NULL;
    CHECK_EQ(robots_robots_txt_url(huge, big + 7, out, sizeof out, NULL, &error), -1);
    CHECK(error && strstr(error, "longer than 255"));
    memcpy(huge + 7, "h:", 2);
    memset(huge + 9, '9', big - 2);
    CHECK_EQ(robots_robots_txt_url(huge, big + 7, out, sizeof out, NULL, &error), -1);
    CHECK(error && strstr(error, "out of range"));
    memcpy(huge + 7, "h/", 2);
    CHECK_EQ(robots_robots_txt_url(huge, big + 7, out, sizeof out, NULL, &error), 0);
    free(huge);
}

const test_suite suite_url = {"url", (const test_case[]){
    {"the robots.txt URL of a URL", robots_txt_urls},
    {"malformed URLs are errors with reasons", malformed_urls},
    {"parsed parts", parsed_parts},
    {"SCOPE-1..11", scope_examples},
    {"scope edges", scope_edges},
    {"hostile URLs", hostile_urls},
    {NULL, NULL}}};
