/* test_json.c - the batch protocol's JSON reader and writer, and base64. */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "base64.h"
#include "json.h"
#include "test.h"

typedef struct seen {
    char keys[8][32];
    json_type types[8];
    char raws[8][64];
    int n;
} seen;

static int collect(void *ctx, const json_member *m) {
    seen *s = ctx;
    if (s->n == 8) return 7;
    snprintf(s->keys[s->n], 32, "%.*s", (int)m->key_len, m->key);
    snprintf(s->raws[s->n], 64, "%.*s", (int)m->raw_len, m->raw);
    s->types[s->n++] = m->type;
    return 0;
}

static const char *parse_error(const char *text) {
    seen s;
    memset(&s, 0, sizeof s);
    json_error e;
    if (json_parse_object(text, strlen(text), collect, &s, &e) == 0) return NULL;
    return e.message;
}

static void valid_objects(void) {
    seen s;
    memset(&s, 0, sizeof s);
    json_error e;
    const char *t = " {\"a\": 1, \"b\\u0063\":[true,{\"x\":null}], \"s\":\"q\\\"\" , \"n\":-0.5e+3} ";
    CHECK_EQ(json_parse_object(t, strlen(t), collect, &s, &e), 0);
    CHECK_EQ(s.n, 4);
    CHECK(strcmp(s.keys[1], "bc") == 0);
    CHECK_EQ(s.types[0], JSON_NUMBER);
    CHECK_EQ(s.types[1], JSON_ARRAY);
    CHECK(strcmp(s.raws[1], "[true,{\"x\":null}]") == 0);
    CHECK_EQ(s.types[2], JSON_STRING);
    CHECK(strcmp(s.raws[2], "\"q\\\"\"") == 0);
    CHECK_EQ(s.types[3], JSON_NUMBER);
    CHECK(parse_error("{}") == NULL);
    CHECK(parse_error(" \r\n\t{\"a\":\"\\u00Ff\\uABcd\\uD83D\\uDE00\xF4\x8F\xBF\xBF\"}\r\n") == NULL);
    CHECK(parse_error("{\"a\":[-12.50e-3,0E+1,{}]}") == NULL);
    /* The callback's non-zero return stops parsing and is returned. */
    memset(&s, 0, sizeof s);
    s.n = 8;
    CHECK_EQ(json_parse_object("{\"a\":1}", 7, collect, &s, &e), 7);
}

static void invalid_objects(void) {
    static const struct { const char *text, *error; } c[] = {
        {"", "expected a JSON object"},
        {"[1]", "expected a JSON object"},
        {"{", "expected a string key"},
        {"{\"a\" 1}", "expected ':' after key"},
        {"{\"a\":}", "expected a value"},
        {"{\"a\":1,}", "expected a string key"},
        {"{\"a\":1} x", "text after the object"},
        {"{\"a\":tru}", "invalid value"},
        {"{\"a\":01}", "a number with a leading zero"},
        {"{\"a\":1.}", "invalid number"},
        {"{\"a\":-}", "invalid number"},
        {"{\"a\":1e}", "invalid number"},
        {"{\"a\":[1 2]}", "expected ',' or ']'"},
        {"{\"a\":\"x}", "unterminated string"},
        {"{\"a\":\"\\", "unterminated string"},
        {"{\"a\":\"\\x\"}", "invalid escape in string"},
        {"{\"a\":\"\\u12\"}", "invalid hex digit in \\u escape"},
        {"{\"a\":\"\\u12", "truncated \\u escape"},
        {"{\"a\":\"\\ud800\"}", "lone high surrogate in \\u escape"},
        {"{\"a\":\"\\ud800\\u0041\"}", "lone high surrogate in \\u escape"},
        {"{\"a\":\"\\udc00\"}", "lone low surrogate in \\u escape"},
        {"{\"a\":\"\x01\"}", "control character in string (escape it)"},
        {"{\"a\":\"\xC3\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xC0\xAF\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xED\xA0\x80\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xF4\x90\x80\x80\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xE0\x80\x80\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xF0\x80\x80\x80\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xE2\x82\"}", "invalid UTF-8 in string"},
        {"{\"a\":x}", "expected a value"},
        {"{1:2}", "expected a string key"},
        /* The input ending at every kind of place. */
        {"{\"a\"", "expected ':' after key"},
        {"{\"a\":", "expected a value"},
        {"{\"a\":1", "expected ',' or '}'"},
        {"{\"a\":-0", "expected ',' or '}'"},
        {"{\"a\":1.5", "expected ',' or '}'"},
        {"{\"a\":1E5", "expected ',' or '}'"},
        {"{\"a\":1e+", "invalid number"},
        {"{\"a\":[1", "expected ',' or ']'"},
        {"{\"a\":[1,2]", "expected ',' or '}'"},
        {"{\"a\":tr", "invalid value"},
        {"{\"a\":\"\\ud800\\", "lone high surrogate in \\u escape"},
        /* Surrogate pairs and hex digits. */
        {"{\"a\":\"\\ud800\\n\"}", "lone high surrogate in \\u escape"},
        {"{\"a\":\"\\ud800\\ue000\"}", "lone high surrogate in \\u escape"},
        {"{\"a\":\"\\ud800\\u12x4\"}", "invalid hex digit in \\u escape"},
        {"{\"a\":\"\\u00G0\"}", "invalid hex digit in \\u escape"},
        {"{\"a\":\"\\u00g0\"}", "invalid hex digit in \\u escape"},
        {"{\"a\":\"\\u00:0\"}", "invalid hex digit in \\u escape"},
        {"{\"a\":\"\xF0\x90\x80\x7F\"}", "invalid UTF-8 in string"},
        {"{\"a\":\"\xF0\x90\xC0\x80\"}", "invalid UTF-8 in string"},
        {"{\"a\":+1}", "expected a value"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const char *got = parse_error(c[i].text);
        CHECK(got != NULL && strcmp(got, c[i].error) == 0);
        if (got && strcmp(got, c[i].error) != 0) printf("    for %s: got %s\n", c[i].text, got);
    }
    /* Nesting is bounded. */
    char deep[600];
    strcpy(deep, "{\"a\":");
    size_t at = strlen(deep);
    for (int i = 0; i < 200; i++) deep[at++] = '[';
    deep[at] = '\0';
    CHECK(strcmp(parse_error(deep), "nesting too deep") == 0);
    /* The error offset points at the problem. */
    json_error e;
    seen s;
    memset(&s, 0, sizeof s);
    json_parse_object("{\"a\":1,}", 8, collect, &s, &e);
    CHECK_EQ(e.offset, 7);
}

static void strings_decode_and_encode(void) {
    buf b = {NULL, 0, 0};
    const char *raw = "\"a\\n\\t\\u00e4\\ud83d\\ude00\\u0000\\/\"";
    CHECK_EQ(json_decode_string(raw, strlen(raw), &b), 0);
    CHECK_EQ(b.len, 11);
    CHECK(memcmp(b.data, "a\n\t\xC3\xA4\xF0\x9F\x98\x80\0/", 11) == 0);
    b.len = 0;
    CHECK_EQ(json_append_string(&b, "q\"\\\x01\x7F\xC3\xA4\xFF", 8), 0);
    CHECK_STR(b.data, b.len, "\"q\\\"\\\\\\u0001\\u007f\xC3\xA4\\ufffd\"");
    buf_free(&b);
    CHECK_EQ(utf8_sequence((const unsigned char *)"\xF0\x9F\x98\x80", 4), 4);
    CHECK_EQ(utf8_sequence((const unsigned char *)"\xF0\x9F\x98", 3), 0);
    CHECK_EQ(utf8_sequence((const unsigned char *)"", 0), 0);
    CHECK_EQ(utf8_sequence((const unsigned char *)"\xF8\x80", 2), 0);
}

/* The counting allocator (alloc.h) as common/'s buffers take it. */
static buf_allocator for_buffers(counting *c) {
    robots_allocator a = counting_allocator(c);
    return (buf_allocator){a.realloc_fn, a.free_fn, a.ctx};
}

/* Writing a string fails cleanly wherever memory runs out. */
static void string_writer_out_of_memory(void) {
    char text[600];
    size_t n = 0;
    for (int i = 0; i < 100; i++) {
        memcpy(text + n, "q\"\\\x01\xFF", 5);
        n += 5;
    }
    counting c = {0, 0, 0, 0};
    buf_allocator a = for_buffers(&c);
    buf_use_allocator(&a);
    buf b = {NULL, 0, 0};
    CHECK_EQ(json_append_string(&b, text, n), 0);
    buf_free(&b);
    size_t total = c.calls;
    CHECK(total >= 2);
    for (size_t k = 1; k <= total; k++) {
        counting f = {0, 0, 0, k};
        buf_allocator fa = for_buffers(&f);
        buf_use_allocator(&fa);
        CHECK_EQ(json_append_string(&b, text, n), -1);
        buf_free(&b);
        CHECK_EQ(f.current, 0);
    }
    buf_use_allocator(NULL);
}

/* Edges of the reader the tables above do not reach: four-byte UTF-8 whose
 * lead byte is neither F0 nor F4, a backslash before a NUL byte, a control
 * byte right after a run of plain text, a number that ends the input after its
 * sign or exponent, an empty key (handed over as "", never NULL), and an array
 * read as one. */
static void reader_edges(void) {
    seen s;
    memset(&s, 0, sizeof s);
    json_error e;
    static const char four[] = "{\"a\":\"\xF1\x80\x80\x80\xF3\xBF\xBF\xBF\"}";
    CHECK_EQ(json_parse_object(four, sizeof four - 1, collect, &s, &e), 0);
    CHECK(s.n == 1 && !strcmp(s.raws[0], "\"\xF1\x80\x80\x80\xF3\xBF\xBF\xBF\""));
    static const char nul_escape[] = "{\"a\":\"\\\0\"}";
    CHECK_EQ(json_parse_object(nul_escape, sizeof nul_escape - 1, collect, &s, &e), -1);
    CHECK(e.message && strcmp(e.message, "invalid escape in string") == 0);
    CHECK(strcmp(parse_error("{\"a\":\"abc\tdef\"}"), "control character in string (escape it)") == 0);
    CHECK(strcmp(parse_error("{\"a\":-"), "invalid number") == 0);
    CHECK(strcmp(parse_error("{\"a\":1e"), "invalid number") == 0);
    memset(&s, 0, sizeof s);
    CHECK(parse_error("{\"\":1}") == NULL);
    memset(&s, 0, sizeof s);
    CHECK_EQ(json_parse_object("{\"\":1}", 6, collect, &s, &e), 0);
    CHECK(s.n == 1 && s.keys[0][0] == '\0' && strcmp(s.raws[0], "1") == 0);
    /* json_parse_array: elements to the callback, keyless; an object or text after it refused. */
    memset(&s, 0, sizeof s);
    static const char array[] = " [1, \"x\"] ";
    CHECK_EQ(json_parse_array(array, sizeof array - 1, collect, &s, &e), 0);
    CHECK(s.n == 2 && s.types[1] == JSON_STRING && strcmp(s.raws[1], "\"x\"") == 0);
    CHECK_EQ(json_parse_array("{}", 2, collect, &s, &e), -1);
    CHECK(e.message && strcmp(e.message, "expected a JSON array") == 0);
    CHECK_EQ(json_parse_array("[] x", 4, collect, &s, &e), -1);
    CHECK(e.message && strcmp(e.message, "text after the array") == 0 && e.offset == 3);
}

/* Decoding and writing into a buffer that cannot grow (every allocation fails),
 * with room for k bytes, for every k: -1 while the text does not fit, whatever
 * kind of piece (an escape, a \u escape, a run of ASCII, UTF-8) is the one that
 * does not; the whole text once it does. */
static void strings_in_a_buffer_that_cannot_grow(void) {
    static const char raw[] = "\"ab\\n\\u00e4cd\xC3\xA4\\t\"", decoded[] = "ab\n\xC3\xA4" "cd\xC3\xA4\t";
    static const char text[] = "ab\"cd\\\x01\xFF\xC3\xA4", written[] = "\"ab\\\"cd\\\\\\u0001\\ufffd\xC3\xA4\"";
    for (int writer = 0; writer < 2; writer++) {
        size_t need = writer ? sizeof written - 1 : sizeof decoded - 1;
        for (size_t k = 0; k <= need; k++) {
            counting c = {0, 0, 0, 0};
            buf_allocator a = for_buffers(&c);
            buf_use_allocator(&a);
            buf b = {NULL, 0, 0};
            CHECK_EQ(buf_reserve(&b, 256), 0);
            b.len = 256 - k; /* room for k bytes, and no more */
            c.fail_at = c.calls + 1;
            int rc = writer ? json_append_string(&b, text, sizeof text - 1) : json_decode_string(raw, sizeof raw - 1, &b);
            CHECK_EQ(rc, k < need ? -1 : 0);
            CHECK(b.len <= 256);
            if (k == need) CHECK(!memcmp(b.data + 256 - k, writer ? written : decoded, need));
            buf_free(&b);
            buf_use_allocator(NULL);
            CHECK_EQ(c.current, 0);
        }
    }
}

static void base64(void) {
    static const struct { const char *in, *out; size_t len; } ok[] = {
        {"", "", 0}, {"QQ==", "A", 1}, {"QQ", "A", 1}, {"QUI=", "AB", 2}, {"QUI", "AB", 2},
        {"QUJD", "ABC", 3}, {"77u/", "\xEF\xBB\xBF", 3}, {"AA==", "\0", 1}, {"+/8=", "\xFB\xFF", 2},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        buf b = {NULL, 0, 0};
        const char *err = NULL;
        CHECK_EQ(base64_decode(ok[i].in, strlen(ok[i].in), &b, &err), 0);
        CHECK_EQ(b.len, ok[i].len);
        CHECK(b.len == 0 || memcmp(b.data, ok[i].out, b.len) == 0);
        buf_free(&b);
    }
    static const struct { const char *in, *error; } bad[] = {
        {"Q", "invalid base64 length"}, {"QQ=", "invalid base64 character"},
        {"Q===", "invalid base64 character"}, {"QQ==QQ==", "invalid base64 character"},
        {"QR==", "invalid base64 padding bits"}, {"QU J", "invalid base64 character"},
        {"QQ\n=", "invalid base64 character"}, {"====", "invalid base64 character"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        buf b = {NULL, 0, 0};
        const char *err = NULL;
        CHECK_EQ(base64_decode(bad[i].in, strlen(bad[i].in), &b, &err), -1);
        CHECK(err && strcmp(err, bad[i].error) == 0);
        buf_free(&b);
    }
}

const test_suite suite_json = {"json", (const test_case[]){
    {"valid objects", valid_objects},
    {"invalid objects and their errors", invalid_objects},
    {"strings decode and encode", strings_decode_and_encode},
    {"writing a string may run out of memory", string_writer_out_of_memory},
    {"reader edges", reader_edges},
    {"strings in a buffer that cannot grow", strings_in_a_buffer_that_cannot_grow},
    {"base64", base64},
    {NULL, NULL}}};
