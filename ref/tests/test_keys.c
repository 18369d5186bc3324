/* test_keys.c - FORMAT-5/6/7: key case, the ':' split, missing colon, key prefixes, typos. */
#include <string.h>

#include "internal.h"
#include "test.h"

/* FORMAT-6: keys are case-insensitive in both profiles (seed 001 says otherwise: a
 * known translation error). */
static void keys_ignore_case(void) {
    const char *t = "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n";
    CHECK_BOTH(t, "FooBot", "http://foo.bar/x/y", ALLOWED);
    CHECK_BOTH(t, "FooBot", "http://foo.bar/a/b", DISALLOWED);
    const char *m = "uSeR-aGeNt: FooBot\naLlOw: /x/\ndIsAlLoW: /\n";
    CHECK_BOTH(m, "FooBot", "http://foo.bar/x/y", ALLOWED);
    CHECK_BOTH(m, "FooBot", "http://foo.bar/a/b", DISALLOWED);
}

/* Key and value split at the first ':'; the value may contain more colons. */
static void split_at_first_colon(void) {
    CHECK_BOTH("user-agent: FooBot\ndisallow: /a:b\n", "FooBot", "/a:b", DISALLOWED);
    CHECK_BOTH("user-agent: FooBot\ndisallow: /a:b\n", "FooBot", "/a", ALLOWED);
    /* An empty key: the line is ignored. */
    CHECK_BOTH("user-agent: FooBot\n: /x\ndisallow: /y\n", "FooBot", "/x", ALLOWED);
    robots_rules *r = parse_text(GOOGLE, ": /x\n");
    CHECK_EQ(robots_get_line(r, 1).flags, 0);
    robots_free(r);
}

/* Google: a missing colon is accepted when the line is exactly two words separated
 * by spaces or tabs; the line is reported. rfc9309: such a line is not a rule. */
static void missing_colon(void) {
    const char *two = "user-agent FooBot\ndisallow /\n";
    CHECK_EQ(allowed(GOOGLE, two, "FooBot", "http://foo.bar/x/y"), DISALLOWED);
    CHECK_EQ(allowed(RFC, two, "FooBot", "http://foo.bar/x/y"), ALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent\tFooBot\ndisallow \t /x\n", "FooBot", "/x"), DISALLOWED);
    /* Three words: not a directive. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow /x y\n", "FooBot", "/x"), ALLOWED);
    /* Only space and tab separate; a vertical tab is part of the word. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow\v/x\n", "FooBot", "/x"), ALLOWED);
    /* After the separator, a VT inside the value is no third word; it is trimmed. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow \v/x\n", "FooBot", "/x"), DISALLOWED);
    /* One word: nothing. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow\n", "FooBot", "/x"), ALLOWED);
    robots_rules *r = parse_text(GOOGLE, "user-agent FooBot\ndisallow /x y\nallow: /z\n");
    CHECK_EQ(robots_get_line(r, 1).flags, ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_MISSING_COLON);
    CHECK_EQ(robots_get_line(r, 1).key, ROBOTS_KEY_USER_AGENT);
    CHECK_EQ(robots_get_line(r, 2).flags, 0);
    CHECK_EQ(robots_get_line(r, 3).flags, ROBOTS_LINE_DIRECTIVE);
    robots_free(r);
    r = parse_text(RFC, "user-agent FooBot\n");
    CHECK_EQ(robots_get_line(r, 1).flags, 0);
    CHECK_EQ(robots_get_line(r, 1).key, ROBOTS_KEY_NONE);
    robots_free(r);
}

/* The parser looks for a missing colon's blanks sixteen octets at a time, and
 * passes a line's indentation eight spaces at a time: a key (google: by prefix)
 * of every length from 8 to 40, a value of every length, a third word at every
 * offset and indentation of every width must read as one octet at a time would. */
static void words_and_indentation_at_every_offset(void) {
    size_t wrong = 0;
    char t[256], url[64];
    for (size_t key = 8; key <= 40; key++) {
        for (size_t value = 2; value <= 40; value++) {
            /* "disallowxx..." then a space or a tab, then "/pqq...". */
            size_t n = (size_t)snprintf(t, sizeof t, "user-agent: a\ndisallow");
            while (n < 14 + key) t[n++] = 'x';
            t[n++] = (key + value) % 2 ? ' ' : '\t';
            size_t v = n;
            t[n++] = '/';
            while (n < v + value) t[n++] = 'p';
            memcpy(url, t + v, value);
            url[value] = '\0';
            t[n] = '\0';
            robots_rules *r = parse_text(GOOGLE, t);
            if (robots_get_line(r, 2).flags != (ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_MISSING_COLON)) wrong++;
            if (check_answer(r, "a", 1, url, value, NULL) != DISALLOWED) wrong++;
            robots_free(r);
            /* A third word after the value: not a directive. */
            memcpy(t + n, key % 2 ? " z" : "\tz", 3);
            r = parse_text(GOOGLE, t);
            if (robots_get_line(r, 2).flags != 0) wrong++;
            if (check_answer(r, "a", 1, url, value, NULL) != ALLOWED) wrong++;
            robots_free(r);
        }
    }
    /* Lines at the input's start, shorter than sixteen octets. */
    static const struct { const char *text; unsigned flags; } first[] = {
        {"disallow /x\n", ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_MISSING_COLON},
        {"disallow\t/x y\n", 0},
        {"a b", ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_MISSING_COLON},
        {"ab", 0},
    };
    for (size_t i = 0; i < sizeof first / sizeof first[0]; i++) {
        robots_rules *r = parse_text(GOOGLE, first[i].text);
        if (robots_get_line(r, 1).flags != first[i].flags) wrong++;
        robots_free(r);
    }
    for (size_t indent = 0; indent <= 40; indent++) {
        /* Spaces, with a tab or a vertical tab among them for odd widths. */
        size_t n = (size_t)snprintf(t, sizeof t, "user-agent: a\n");
        for (size_t i = 0; i < indent; i++) t[n++] = indent % 2 && i == indent / 2 ? (indent % 4 == 1 ? '\t' : '\v') : ' ';
        snprintf(t + n, sizeof t - n, "disallow: /p\n");
        for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
            robots_rules *r = parse_text((robots_profile_id)p, t);
            if (robots_get_line(r, 2).flags != ROBOTS_LINE_DIRECTIVE) wrong++;
            if (check_answer(r, "a", 1, "/p", 2, NULL) != DISALLOWED) wrong++;
            robots_free(r);
        }
        /* An octet next to the whitespace range (\t-\r, ' ') in the indentation
         * is part of the key: the line is no disallow. */
        static const unsigned char near[] = {0x08, 0x0E, 0x1F, '!', 0x89, 0xA0};
        for (size_t k = 0; indent > 0 && k < sizeof near; k++) {
            size_t at = (size_t)snprintf(t, sizeof t, "user-agent: a\n");
            for (size_t i = 0; i < indent; i++) t[at + i] = i == (indent + k) % indent ? (char)near[k] : '\f';
            snprintf(t + at + indent, sizeof t - at - indent, "disallow: /p\n");
            robots_rules *r = parse_text(GOOGLE, t);
            if (robots_get_line(r, 2).key == ROBOTS_KEY_DISALLOW) wrong++;
            if (check_answer(r, "a", 1, "/p", 2, NULL) != ALLOWED) wrong++;
            robots_free(r);
        }
    }
    CHECK_EQ(wrong, 0);
}

/* Google recognises keys by case-insensitive prefix: "Disallowed:" disallows and
 * "allowance:" allows. rfc9309 wants the whole word; the rest are other records. */
static void key_prefixes(void) {
    const char *t = "User-agents: FooBot\nDisallowed: /\nAllowance: /x\n";
    CHECK_EQ(allowed(GOOGLE, t, "FooBot", "/y"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, t, "FooBot", "/x"), ALLOWED);
    CHECK_EQ(allowed(RFC, t, "FooBot", "/y"), ALLOWED);
    robots_rules *r = parse_text(RFC, t);
    CHECK_EQ(robots_record_count(r), 3);
    CHECK_EQ(robots_get_line(r, 2).key, ROBOTS_KEY_OTHER);
    robots_free(r);
    /* "sitemaps" is a sitemap for google only. */
    r = parse_text(GOOGLE, "sitemaps: http://e.com/s.xml\n");
    CHECK_EQ(robots_sitemap_count(r), 1);
    robots_free(r);
    r = parse_text(RFC, "sitemaps: http://e.com/s.xml\nSITEMAP: http://e.com/t.xml\n");
    CHECK_EQ(robots_sitemap_count(r), 1);
    CHECK_EQ(robots_record_count(r), 1);
    robots_free(r);
}

/* FORMAT-7: Google accepts useragent, "user agent", dissallow, dissalow, disalow,
 * diasllow, disallaw and site-map, and reports them as typos. No typo is accepted for
 * allow. rfc9309 accepts none. */
static void typos(void) {
    static const char *const ua[] = {"useragent", "user agent", "USERAGENT", "User Agent"};
    static const char *const dis[] = {"dissallow", "dissalow", "disalow", "diasllow", "disallaw"};
    char t[128];
    for (size_t i = 0; i < 4; i++) {
        snprintf(t, sizeof t, "%s: FooBot\ndisallow: /\n", ua[i]);
        CHECK_EQ(allowed(GOOGLE, t, "FooBot", "/x"), DISALLOWED);
        CHECK_EQ(allowed(RFC, t, "FooBot", "/x"), ALLOWED);
        robots_rules *r = parse_text(GOOGLE, t);
        CHECK_EQ(robots_get_line(r, 1).flags, ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_TYPO);
        robots_free(r);
    }
    for (size_t i = 0; i < 5; i++) {
        snprintf(t, sizeof t, "user-agent: FooBot\n%s: /\n", dis[i]);
        CHECK_EQ(allowed(GOOGLE, t, "FooBot", "/x"), DISALLOWED);
        CHECK_EQ(allowed(RFC, t, "FooBot", "/x"), ALLOWED);
        robots_rules *r = parse_text(GOOGLE, t);
        CHECK_EQ(robots_get_line(r, 2).key, ROBOTS_KEY_DISALLOW);
        CHECK(robots_get_line(r, 2).flags & ROBOTS_LINE_TYPO);
        robots_free(r);
    }
    /* No typo for allow. */
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow: /\nalow: /x\n", "FooBot", "/x"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user-agent: FooBot\ndisallow: /\nallw: /x\n", "FooBot", "/x"), DISALLOWED);
    robots_rules *r = parse_text(GOOGLE, "site-map: http://e.com/s.xml\n");
    CHECK_EQ(robots_sitemap_count(r), 1);
    CHECK_EQ(robots_get_line(r, 1).flags, ROBOTS_LINE_DIRECTIVE | ROBOTS_LINE_TYPO);
    robots_free(r);
    r = parse_text(RFC, "site-map: http://e.com/s.xml\n");
    CHECK_EQ(robots_sitemap_count(r), 0);
    robots_free(r);
    /* Typos are prefixes too, and "user  agent" (two spaces) is not one. */
    CHECK_EQ(allowed(GOOGLE, "useragentx: FooBot\ndisallow: /\n", "FooBot", "/x"), DISALLOWED);
    CHECK_EQ(allowed(GOOGLE, "user  agent: FooBot\ndisallow: /\n", "FooBot", "/x"), ALLOWED);
}

/* Unknown keys and values of any case are other records; they neither start nor end
 * a group. */
static void unknown_keys_are_records(void) {
    const char *t = "user-agent: FooBot\nCrawl-delay: 10\nfoo: bar\ndisallow: /x\n";
    CHECK_BOTH(t, "FooBot", "/x", DISALLOWED);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_text((robots_profile_id)p, t);
        robots_record rec;
        CHECK_EQ(robots_record_count(r), 2);
        CHECK_EQ(robots_get_record(r, 0, &rec), 0);
        CHECK_STR(rec.key, rec.key_len, "Crawl-delay");
        CHECK_STR(rec.value, rec.value_len, "10");
        CHECK_EQ(rec.line, 2);
        CHECK_EQ(robots_get_record(r, 1, &rec), 0);
        CHECK_STR(rec.key, rec.key_len, "foo");
        CHECK_EQ(robots_get_record(r, 2, &rec), -1);
        robots_free(r);
    }
}

/* Keys compare ignoring case, byte by byte through the one-byte table: at the
 * last letter of a key, only 'W' and 'w' make "DISALLO?" a disallow; no other byte
 * value folds into a letter. */
static void keys_fold_only_letters(void) {
    size_t wrong = 0;
    for (unsigned b = 1; b < 256; b++) {
        char t[64];
        int n = snprintf(t, sizeof t, "user-agent: a\nDISALLO%c: /\n", (char)b);
        int want = b == 'W' || b == 'w' ? DISALLOWED : ALLOWED;
        if (allowed_bytes(GOOGLE, t, (size_t)n, "a", "/x") != want) wrong++;
    }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(allowed(GOOGLE, "user-agent: a\nDISALLOW: /\n", "a", "/x"), DISALLOWED);
    CHECK_EQ(allowed(RFC, "USER-AGENT: a\nDisAllow: /\n", "a", "/x"), DISALLOWED);
}

const test_suite suite_keys = {"keys", (const test_case[]){
    {"keys are case-insensitive", keys_ignore_case},
    {"key and value split at the first colon", split_at_first_colon},
    {"google accepts a missing colon between two words", missing_colon},
    {"a missing colon's words and a line's indentation at every offset", words_and_indentation_at_every_offset},
    {"google recognises keys by prefix; rfc9309 by word", key_prefixes},
    {"google accepts a fixed list of typos", typos},
    {"unknown keys become records", unknown_keys_are_records},
    {"keys fold A-Z only, byte by byte", keys_fold_only_letters},
    {NULL, NULL}}};
