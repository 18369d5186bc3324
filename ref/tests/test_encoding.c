/* test_encoding.c - MATCH-10, RFC-3, RFC-4: percent-encoding in patterns and URLs. */
#include <ctype.h>
#include <string.h>

#include "test.h"

static robots_rule_info first_rule(robots_profile_id p, const char *text) {
    robots_rules *r = parse_text(p, text);
    robots_rule_info ri = {ROBOTS_RULE_NONE, NULL, 0, 0, 0};
    static char copy[256];
    if (robots_get_rule(r, 0, &ri) == 0 && ri.pattern_len < sizeof copy) {
        memcpy(copy, ri.pattern, ri.pattern_len);
        ri.pattern = copy;
    }
    robots_free(r);
    return ri;
}

/* Patterns get %xx upper-cased and octets >= 0x80 escaped, in both profiles; nothing
 * is decoded in the stored text. */
static void patterns_are_normalised(void) {
    static const struct { const char *in, *out; } c[] = {
        {"http://www.example.com", "http://www.example.com"},
        {"/a/b/c", "/a/b/c"},
        {"\xC3\xA1", "%C3%A1"},
        {"%aa", "%AA"},
        {"/%2f%2F%zz%", "/%2F%2F%zz%"},
        {"/%e3%83%84/\xE3\x83\x84", "/%E3%83%84/%E3%83%84"},
        {"/%62%61%7a", "/%62%61%7A"},
        {"/\xFF\x80", "/%FF%80"},
        {"/a%", "/a%"},
        {"/a%4", "/a%4"},
    };
    char t[128];
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        snprintf(t, sizeof t, "user-agent: *\ndisallow: %s\n", c[i].in);
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            robots_rule_info ri = first_rule((robots_profile_id)p, t);
            CHECK_STR(ri.pattern, ri.pattern_len, c[i].out);
        }
    }
}

/* The normalised text of a value, one octet at a time (the definition the
 * eight-at-a-time normaliser must agree with). */
static size_t normalise_slowly(const unsigned char *s, size_t n, char *out) {
    static const char hex[] = "0123456789ABCDEF";
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '%' && i + 2 < n && isxdigit(s[i + 1]) && isxdigit(s[i + 2])) {
            out[j++] = '%';
            out[j++] = (char)toupper(s[i + 1]);
            out[j++] = (char)toupper(s[i + 2]);
            i += 2;
        } else if (s[i] >= 0x80) {
            out[j++] = '%';
            out[j++] = hex[s[i] >> 4];
            out[j++] = hex[s[i] & 15];
        } else {
            out[j++] = (char)s[i];
        }
    }
    return j;
}

/* Escapes and octets >= 0x80 at every offset of the normaliser's 8-octet words,
 * also split across two words, and at the value's end: the stored pattern is what
 * normalising one octet at a time gives. */
static void normalised_at_every_offset(void) {
    static const char *const pieces[] = {"\xC3\xA1", "%aa", "%2f", "%", "%4", "%zz", "\xFF", "\x80\x61%e3%83%84"};
    size_t wrong = 0;
    for (size_t lead = 0; lead <= 17; lead++) {
        for (size_t k = 0; k < sizeof pieces / sizeof *pieces; k++) {
            for (size_t tail = 0; tail <= 9; tail += 3) {
                unsigned char value[64];
                size_t n = 0;
                value[n++] = '/';
                while (n < lead + 1) value[n++] = 'a';
                memcpy(value + n, pieces[k], strlen(pieces[k]));
                n += strlen(pieces[k]);
                for (size_t i = 0; i < tail; i++) value[n++] = i % 2 ? 'b' : '\xE2';
                char text[128], want[192];
                size_t head = (size_t)snprintf(text, sizeof text, "user-agent: *\ndisallow: ");
                memcpy(text + head, value, n);
                text[head + n] = '\0';
                size_t want_len = normalise_slowly(value, n, want);
                for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
                    robots_rules *r = parse_text((robots_profile_id)p, text);
                    robots_rule_info ri;
                    if (robots_get_rule(r, 0, &ri) != 0 || ri.pattern_len != want_len ||
                        memcmp(ri.pattern, want, want_len) != 0)
                        wrong++;
                    robots_free(r);
                }
            }
        }
    }
    CHECK_EQ(wrong, 0);
}

/* RFC-3, row by row. Google matches octets as written (rows 2 and 5 differ); the
 * rfc9309 profile compares percent-encoded and plain forms as the same octets. */
static void rfc_3_rows(void) {
    /* Row 1: /foo/bar?baz=quz is the same everywhere. */
    CHECK_BOTH("user-agent: *\ndisallow: /foo/bar?baz=quz\n", "x", "http://e.com/foo/bar?baz=quz", DISALLOWED);
    /* Row 2: https://foo.bar in a query equals https%3A%2F%2Ffoo.bar. */
    const char *r2 = "user-agent: *\ndisallow: /foo/bar?baz=https%3A%2F%2Ffoo.bar\n";
    CHECK_EQ(allowed(RFC, r2, "x", "http://e.com/foo/bar?baz=https://foo.bar"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r2, "x", "http://e.com/foo/bar?baz=https://foo.bar"), ALLOWED);
    const char *r2b = "user-agent: *\ndisallow: /foo/bar?baz=https://foo.bar\n";
    CHECK_EQ(allowed(RFC, r2b, "x", "http://e.com/foo/bar?baz=https%3A%2F%2Ffoo.bar"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r2b, "x", "http://e.com/foo/bar?baz=https%3A%2F%2Ffoo.bar"), ALLOWED);
    CHECK_BOTH(r2b, "x", "http://e.com/foo/bar?baz=https://foo.bar", DISALLOWED);
    /* Row 3: ツ in a rule is %E3%83%84; the URL must be escaped (Google) or is
     * compared as octets (rfc9309). */
    const char *r3 = "user-agent: *\ndisallow: /foo/bar/\xE3\x83\x84\n";
    CHECK_BOTH(r3, "x", "http://e.com/foo/bar/%E3%83%84", DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r3, "x", "http://e.com/foo/bar/\xE3\x83\x84"), ALLOWED);
    CHECK_EQ(allowed(RFC, r3, "x", "http://e.com/foo/bar/\xE3\x83\x84"), DISALLOWED);
    /* Row 4: /foo/bar/%E3%83%84 is the same everywhere; lower-case hex in the URL is
     * not normalised by Google. */
    const char *r4 = "user-agent: *\ndisallow: /foo/bar/%E3%83%84\n";
    CHECK_BOTH(r4, "x", "http://e.com/foo/bar/%E3%83%84", DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r4, "x", "http://e.com/foo/bar/%e3%83%84"), ALLOWED);
    CHECK_EQ(allowed(RFC, r4, "x", "http://e.com/foo/bar/%e3%83%84"), DISALLOWED);
    /* Row 5: %62%61%7A is decoded to baz before matching (rfc9309 only). */
    const char *r5 = "user-agent: *\ndisallow: /foo/bar/baz\n";
    CHECK_EQ(allowed(RFC, r5, "x", "http://e.com/foo/bar/%62%61%7A"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r5, "x", "http://e.com/foo/bar/%62%61%7A"), ALLOWED);
    const char *r5b = "user-agent: *\ndisallow: /foo/bar/%62%61%7A\n";
    CHECK_EQ(allowed(RFC, r5b, "x", "http://e.com/foo/bar/baz"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, r5b, "x", "http://e.com/foo/bar/baz"), ALLOWED);
    CHECK_BOTH(r5b, "x", "http://e.com/foo/bar/%62%61%7A", DISALLOWED);
}

/* RFC-4: %2A and %24 in a rule are a literal '*' and '$'. */
static void rfc_4_literal_star_and_dollar(void) {
    const char *a = "user-agent: *\ndisallow: /path/file-with-a-%2A.html\n";
    CHECK_EQ(allowed(RFC, a, "x", "https://www.example.com/path/file-with-a-*.html"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, a, "x", "https://www.example.com/path/file-with-a-*.html"), ALLOWED);
    /* A literal star does not act as a wildcard. */
    CHECK_BOTH(a, "x", "https://www.example.com/path/file-with-a-xyz.html", ALLOWED);
    CHECK_BOTH(a, "x", "https://www.example.com/path/file-with-a-%2A.html", DISALLOWED);
    const char *d = "user-agent: *\ndisallow: /path/foo-%24\n";
    CHECK_EQ(allowed(RFC, d, "x", "https://www.example.com/path/foo-$"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, d, "x", "https://www.example.com/path/foo-$"), ALLOWED);
    /* A literal '$' at the end is no anchor. */
    CHECK_EQ(allowed(RFC, d, "x", "https://www.example.com/path/foo-$x"), DISALLOWED);
}

/* MATCH-10: non-ASCII may be written as UTF-8 or escaped; in a rule both mean the
 * same path. The URL must be passed escaped (Google); rfc9309 compares octets. */
static void match_10_utf8_or_escaped(void) {
    static const char *const rules[] = {"disallow: /\xC3\xBC\x62\x65\x72\n", "disallow: /%C3%BCber\n",
                                        "disallow: /%c3%bcber\n"};
    char t[64];
    for (size_t i = 0; i < 3; i++) {
        snprintf(t, sizeof t, "user-agent: *\n%s", rules[i]);
        CHECK_BOTH(t, "x", "http://e.com/%C3%BCber", DISALLOWED);
        CHECK_EQ(allowed(RFC, t, "x", "http://e.com/\xC3\xBC" "ber"), DISALLOWED);
    }
}

/* Decoding is exact: a '%' without two hex digits is a plain '%', and %25 is '%'. */
static void percent_edges(void) {
    const char *t = "user-agent: *\ndisallow: /a%zz\n";
    CHECK_BOTH(t, "x", "/a%zz", DISALLOWED);
    CHECK_EQ(allowed(RFC, t, "x", "/a%25zz"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, t, "x", "/a%25zz"), ALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /a%\n", "x", "/a%", DISALLOWED);
    CHECK_BOTH("user-agent: *\ndisallow: /a%4$\n", "x", "/a%4", DISALLOWED);
    /* A '*' splits "%4" from "1": the rule holds a literal "%4", no escape. Google
     * compares the URL as written; rfc9309 decodes the URL's %41 to 'A'. */
    const char *split = "user-agent: *\ndisallow: /%4*1\n";
    CHECK_EQ(allowed(GOOGLE, split, "x", "/%41"), DISALLOWED);
    CHECK_EQ(allowed(RFC, split, "x", "/%41"), ALLOWED);
    CHECK_BOTH(split, "x", "/%4x1", DISALLOWED);
    CHECK_EQ(allowed(RFC, split, "x", "/%254x1"), DISALLOWED);
    /* Decoded octets in the URL meet the prefix index and the wildcard matcher. */
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /*b$\n", "x", "/a%62"), DISALLOWED);
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /*%2F$\n", "x", "/a/"), DISALLOWED);
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /a*c\n", "x", "/%61b%63"), DISALLOWED);
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /a*c$\n", "x", "/%61b%63d"), ALLOWED);
    CHECK_EQ(allowed(RFC, "user-agent: *\ndisallow: /a\n", "x", "/%6"), ALLOWED);
}

const test_suite suite_encoding = {"encoding", (const test_case[]){
    {"patterns are normalised, never decoded", patterns_are_normalised},
    {"escapes and octets >= 0x80 at every offset of the normaliser's words", normalised_at_every_offset},
    {"RFC-3: the five rows", rfc_3_rows},
    {"RFC-4: %2A and %24 are literals", rfc_4_literal_star_and_dollar},
    {"MATCH-10: UTF-8 or escaped", match_10_utf8_or_escaped},
    {"percent edges", percent_edges},
    {NULL, NULL}}};
