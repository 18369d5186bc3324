/* test_lines.c - FORMAT-1/4/5/8: line ends, BOM, line cap, NUL, comments, whitespace, size cap. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static size_t deciding_line(robots_profile_id p, const void *data, size_t len, const char *url) {
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    robots_rules *r = parse_or_null(data, len, &o);
    robots_verdict v;
    check_answer(r, "FooBot", 6, url, strlen(url), &v);
    robots_free(r);
    return v.line;
}

/* LF, CR and CR LF each end a line; CR LF is one line end, so the line numbers of
 * the same file written three ways agree. */
static void line_ends_lf_cr_crlf(void) {
    static const char *const forms[] = {
        "user-agent: FooBot\nallow: /a\n\n\ndisallow: /\n",
        "user-agent: FooBot\rallow: /a\r\r\rdisallow: /\r",
        "user-agent: FooBot\r\nallow: /a\r\n\r\n\r\ndisallow: /\r\n",
        "user-agent: FooBot\nallow: /a\r\n\r\n\rdisallow: /\n",
    };
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (size_t i = 0; i < 4; i++) {
            CHECK_EQ(deciding_line((robots_profile_id)p, forms[i], strlen(forms[i]), "/b"), 5);
            CHECK_EQ(deciding_line((robots_profile_id)p, forms[i], strlen(forms[i]), "/a"), 2);
        }
    }
}

/* The last line counts even when the file ends with a line end (Google's parser
 * emits a final empty line), and CR CR LF is two line ends. */
static void line_count_includes_final_line(void) {
    robots_parse_info info;
    robots_rules *r = parse_text(GOOGLE, "a\nb\n");
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.lines, 3);
    robots_free(r);
    r = parse_text(RFC, "a\r\r\nb");
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.lines, 3);
    robots_free(r);
    r = parse_text(GOOGLE, "");
    robots_get_parse_info(r, &info);
    CHECK_EQ(info.lines, 1);
    CHECK_EQ(robots_get_line(r, 1).flags, ROBOTS_LINE_EMPTY);
    robots_free(r);
}

/* FORMAT-5: '#' starts a comment anywhere, also inside a value. */
static void comments_anywhere(void) {
    const char *t = "# Disallow: /\nuser-agent: FooBot # the bot\ndisallow: /foo/quz#qux\nallow: /\n";
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/bar", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/quz", DISALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/foo/quzqux", DISALLOWED);
    /* A comment right after the colon leaves an empty value. */
    CHECK_BOTH("user-agent: FooBot\ndisallow: #/\n", "FooBot", "http://x/y", ALLOWED);
}

/* Keys and values are trimmed of space, tab, VT and FF; the separator needs none. */
static void whitespace_is_trimmed(void) {
    const char *t = " \t\vuser-agent\f :\t FooBot \v\n\t disallow \t:\f/x\v \t\n";
    CHECK_BOTH(t, "FooBot", "http://e.com/x", DISALLOWED);
    CHECK_BOTH(t, "FooBot", "http://e.com/y", ALLOWED);
    CHECK_BOTH("user-agent:FooBot\ndisallow:/x", "FooBot", "/x", DISALLOWED);
}

/* FORMAT-4, google: a BOM or any leading prefix of it is skipped; the skip stops at
 * the first byte that does not continue the BOM. */
static void google_bom_and_prefixes(void) {
    static const char body[] = "user-agent: FooBot\ndisallow: /x\n";
    static const char *const prefixes[] = {"\xEF\xBB\xBF", "\xEF\xBB", "\xEF", ""};
    char text[64];
    for (size_t i = 0; i < 4; i++) {
        snprintf(text, sizeof text, "%s%s", prefixes[i], body);
        CHECK_EQ(allowed(GOOGLE, text, "FooBot", "/x"), DISALLOWED);
    }
    /* EF 11 BF: EF is skipped, then "\x11\xBFuser-agent" is no key; the rule is then
     * outside any group. */
    CHECK_EQ(allowed(GOOGLE, "\xEF\x11\xBFuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"), ALLOWED);
    /* Only at the start of the file. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\n\xEF\xBB\xBF" "disallow: /x\n", "FooBot", "/x"),
             ALLOWED);
    /* A second BOM is not skipped. */
    CHECK_EQ(allowed(GOOGLE, "\xEF\xBB\xBF\xEF\xBB\xBFuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"),
             ALLOWED);
}

/* FORMAT-4, rfc9309: only a whole BOM is skipped; a partial one is part of line 1. */
static void rfc_bom_whole_only(void) {
    CHECK_EQ(allowed(RFC, "\xEF\xBB\xBFuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"), DISALLOWED);
    CHECK_EQ(allowed(RFC, "\xEF\xBBuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"), ALLOWED);
    CHECK_EQ(allowed(RFC, "\xEFuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"), ALLOWED);
    /* A partial BOM on a line of its own is harmless. */
    CHECK_EQ(allowed(RFC, "\xEF\xBB\nuser-agent: FooBot\ndisallow: /x\n", "FooBot", "/x"), DISALLOWED);
}

/* Google keeps 16,663 bytes of a line (8 x 2083, one for the terminator); the rest
 * is dropped, the truncated line is still parsed and reported as too long. */
static void google_line_cap(void) {
    const size_t cap = 2083 * 8 - 1;
    const char *head = "user-agent: FooBot\n";
    size_t hl = strlen(head);
    /* "disallow: /" then x's: the line is cap + 10 bytes long. */
    size_t line_len = cap + 10;
    char *t = malloc(hl + line_len + 1);
    memcpy(t, head, hl);
    memcpy(t + hl, "disallow: /", 11);
    memset(t + hl + 11, 'x', line_len - 11);
    t[hl + line_len] = '\0';
    /* The kept pattern is "/" and cap - 11 x's. */
    size_t kept = cap - 10;
    char *url = malloc(kept + 2);
    url[0] = '/';
    memset(url + 1, 'x', kept);
    url[kept + 1] = '\0';
    CHECK_EQ(allowed(GOOGLE, t, "FooBot", url), DISALLOWED);
    url[kept - 1] = '\0'; /* one x short of the truncated pattern */
    CHECK_EQ(allowed(GOOGLE, t, "FooBot", url), ALLOWED);
    robots_rules *r = parse_text(GOOGLE, t);
    CHECK(robots_get_line(r, 2).flags & ROBOTS_LINE_TOO_LONG);
    CHECK(!(robots_get_line(r, 1).flags & ROBOTS_LINE_TOO_LONG));
    robots_rule_info ri;
    CHECK_EQ(robots_get_rule(r, 0, &ri), 0);
    CHECK_EQ(ri.pattern_len, kept);
    robots_free(r);
    /* rfc9309 has no line cap: the whole pattern counts. */
    CHECK_EQ(allowed(RFC, t, "FooBot", url), ALLOWED);
    r = parse_text(RFC, t);
    CHECK_EQ(robots_get_rule(r, 0, &ri), 0);
    CHECK_EQ(ri.pattern_len, line_len - 10);
    CHECK(!(robots_get_line(r, 2).flags & ROBOTS_LINE_TOO_LONG));
    robots_free(r);
    /* Exactly at the cap: kept whole, not too long. */
    t[hl + cap] = '\0';
    r = parse_text(GOOGLE, t);
    CHECK(!(robots_get_line(r, 2).flags & ROBOTS_LINE_TOO_LONG));
    robots_free(r);
    free(t);
    free(url);
}

/* The line after a too-long line is parsed normally. */
static void google_line_after_long_line(void) {
    size_t n = 40000;
    char *t = malloc(n + 64);
    strcpy(t, "user-agent: FooBot\n#");
    size_t at = strlen(t);
    memset(t + at, 'c', n);
    strcpy(t + at + n, "\ndisallow: /x\n");
    CHECK_BOTH(t, "FooBot", "/x", DISALLOWED);
    robots_rules *r = parse_text(GOOGLE, t);
    CHECK(robots_get_line(r, 2).flags & ROBOTS_LINE_TOO_LONG);
    CHECK_EQ(robots_get_line(r, 3).key, ROBOTS_KEY_DISALLOW);
    robots_free(r);
    free(t);
}

/* Google works on C strings: a NUL ends the useful part of its line. rfc9309 keeps
 * the NUL as an octet of the value. */
static void nul_byte(void) {
    static const char t[] = "user-agent: FooBot\ndisallow: /a\0b\nallow: /z\0\n";
    size_t n = sizeof t - 1;
    CHECK_EQ(allowed_bytes(GOOGLE, t, n, "FooBot", "/a"), DISALLOWED);
    CHECK_EQ(allowed_bytes(GOOGLE, t, n, "FooBot", "/ab"), DISALLOWED);
    CHECK_EQ(allowed_bytes(RFC, t, n, "FooBot", "/a"), ALLOWED);
    CHECK_EQ(allowed_bytes(RFC, t, n, "FooBot", "/ab"), ALLOWED);
    CHECK_EQ(allowed_bytes(RFC, t, n, "FooBot", "/a%00b"), DISALLOWED);
    /* A NUL inside the key: google sees "user-a", which is no key. */
    static const char k[] = "user-a\0gent: FooBot\ndisallow: /\n";
    CHECK_EQ(allowed_bytes(GOOGLE, k, sizeof k - 1, "FooBot", "/"), ALLOWED);
    /* The line after a NUL is whole again. */
    static const char after[] = "user-agent: FooBot\n\0junk\ndisallow: /\n";
    CHECK_EQ(allowed_bytes(GOOGLE, after, sizeof after - 1, "FooBot", "/"), DISALLOWED);
}

/* FORMAT-8: content past the size cap is ignored (default 512,000 bytes; 0 = none);
 * a line cut by the cap is parsed as far as it goes. */
static void size_cap(void) {
    const char *head = "user-agent: FooBot\n";
    size_t total = 600000;
    char *t = malloc(total + 1);
    memset(t, '\n', total);
    memcpy(t, head, strlen(head));
    memcpy(t + 511990, "disallow: /abcdefgh\n", 20); /* cut after "disallow: " */
    memcpy(t + 550000, "disallow: /late\n", 16);
    t[total] = '\0';
    robots_options o;
    robots_options_init(&o);
    CHECK_EQ(o.max_bytes, 512000);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        o.profile = (robots_profile_id)p;
        o.max_bytes = ROBOTS_DEFAULT_MAX_BYTES;
        robots_rules *r = parse_or_null(t, total, &o);
        robots_parse_info info;
        robots_get_parse_info(r, &info);
        CHECK_EQ(info.input_bytes, total);
        CHECK_EQ(info.parsed_bytes, 512000);
        CHECK_EQ(check_answer(r, "FooBot", 6, "/late", 5, NULL), ALLOWED);
        /* The cut line is "disallow: " : an empty pattern. */
        CHECK_EQ(check_answer(r, "FooBot", 6, "/abcdefgh", 9, NULL), ALLOWED);
        CHECK_EQ(robots_rule_count(r), 1);
        robots_free(r);
        o.max_bytes = 512001; /* now the cut line reads "disallow: /" */
        r = parse_or_null(t, total, &o);
        CHECK_EQ(check_answer(r, "FooBot", 6, "/late", 5, NULL), DISALLOWED);
        robots_free(r);
        o.max_bytes = 0;
        r = parse_or_null(t, total, &o);
        robots_get_parse_info(r, &info);
        CHECK_EQ(info.parsed_bytes, total);
        robots_verdict v;
        CHECK_EQ(check_answer(r, "FooBot", 6, "/late", 5, &v), DISALLOWED);
        size_t newlines = 0;
        for (size_t i = 0; i < 550000; i++) newlines += t[i] == '\n';
        CHECK_EQ(v.line, newlines + 1);
        robots_free(r);
    }
    free(t);
}

/* The parser reads its input in windows of 64 octets (parse.c): a file shifted by
 * 0 to 140 octets puts every line end (LF, CR, and the two octets of CR LF), ':',
 * '#', '%', '*', NUL and octet >= 0x80 of it at every offset of a window and across
 * window ends, and also makes the input's last window every length. Each shift
 * must read the same lines, rules, agents and records. */
static void special_octets_at_every_offset(void) {
    static const char body[] = "user-agent: FooBot\r\n"
                               "disallow: /a*b%41\xC3\xA4:#c\r"
                               "allow: /ab\n"
                               "crawl-delay: 5%2f\r\n"
                               "x\0y: z\n"
                               "user-agent: *\r\n"
                               "disallow: /";
    char t[256];
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        for (size_t shift = 0; shift <= 140; shift++) {
            /* A line of `shift` octets (its end included) first: a comment, or
             * for one octet an empty line. */
            size_t n = 0;
            if (shift > 1) t[n++] = '#';
            while (n + 1 < shift) t[n++] = 'x';
            if (shift > 0) t[n++] = '\n';
            memcpy(t + n, body, sizeof body - 1);
            n += sizeof body - 1;
            size_t pad = shift > 0; /* lines before the user-agent line */
            robots_options o;
            robots_options_init(&o);
            o.profile = (robots_profile_id)p;
            robots_rules *r = parse_or_null(t, n, &o);
            robots_parse_info info;
            robots_get_parse_info(r, &info);
            CHECK_EQ(info.lines, pad + 7);
            CHECK_EQ(info.groups, 2);
            CHECK_EQ(robots_rule_count(r), 3);
            robots_rule_info ri;
            CHECK_EQ(robots_get_rule(r, 0, &ri), 0);
            CHECK_STR(ri.pattern, ri.pattern_len, "/a*b%41%C3%A4:");
            CHECK_EQ(ri.line, pad + 2);
            CHECK_EQ(robots_get_rule(r, 1, &ri), 0);
            CHECK_STR(ri.pattern, ri.pattern_len, "/ab");
            CHECK_EQ(ri.line, pad + 3);
            CHECK_EQ(robots_get_rule(r, 2, &ri), 0);
            CHECK_STR(ri.pattern, ri.pattern_len, "/");
            CHECK_EQ(ri.line, pad + 7);
            CHECK_EQ(robots_get_line(r, pad + 2).flags, ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_HAS_COMMENT);
            /* The line "x\0y: z": no key for google (it ends at the NUL), a record
             * for rfc9309. */
            CHECK_EQ(robots_record_count(r), p == ROBOTS_PROFILE_GOOGLE ? 1 : 2);
            robots_record rec;
            CHECK_EQ(robots_get_record(r, 0, &rec), 0);
            CHECK_STR(rec.key, rec.key_len, "crawl-delay");
            CHECK_STR(rec.value, rec.value_len, p == ROBOTS_PROFILE_GOOGLE ? "5%2F" : "5%2f");
            CHECK_EQ(rec.line, pad + 4);
            CHECK_EQ(check_answer(r, "FooBot", 6, "/a-b%41%C3%A4:", 14, NULL), DISALLOWED);
            CHECK_EQ(check_answer(r, "FooBot", 6, "/ab", 3, NULL), ALLOWED);
            CHECK_EQ(check_answer(r, "BarBot", 6, "/ab", 3, NULL), DISALLOWED);
            robots_free(r);
        }
    }
}

/* Empty file: everything is allowed, for every agent. */
static void empty_file(void) {
    CHECK_BOTH("", "FooBot", "http://e.com/", ALLOWED);
    CHECK_EQ(allowed_bytes(GOOGLE, NULL, 0, "FooBot", "/x"), ALLOWED);
    robots_verdict v;
    char pat[256];
    CHECK_EQ(verdict_of(GOOGLE, "", "x", "/", &v, pat), ALLOWED);
    CHECK_EQ(v.group, ROBOTS_GROUP_NONE);
    CHECK_EQ(v.rule, ROBOTS_RULE_NONE);
}

const test_suite suite_lines = {"lines", (const test_case[]){
    {"LF, CR and CR LF end lines; numbering agrees", line_ends_lf_cr_crlf},
    {"the final line counts", line_count_includes_final_line},
    {"'#' starts a comment anywhere", comments_anywhere},
    {"keys and values are trimmed of ASCII whitespace", whitespace_is_trimmed},
    {"google: BOM and BOM prefixes are skipped", google_bom_and_prefixes},
    {"rfc9309: only a whole BOM is skipped", rfc_bom_whole_only},
    {"google: lines are cut at 16,663 bytes", google_line_cap},
    {"the line after a too-long line is parsed", google_line_after_long_line},
    {"NUL ends the line (google) or is an octet (rfc9309)", nul_byte},
    {"content past the size cap is ignored", size_cap},
    {"special octets at every offset of the parser's 64-octet windows", special_octets_at_every_offset},
    {"an empty file allows everything", empty_file},
    {NULL, NULL}}};
