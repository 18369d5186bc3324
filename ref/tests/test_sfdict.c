/* test_sfdict.c - the RFC 9651 Dictionary reader of the usage preferences: each
 * step of 4.2.2 and the bare items of 4.2.3-4.2.10, valid and failing. */
#include <string.h>

#include "test.h"

/* robots_sf_dictionary_get on a NUL-terminated text. */
static int get(const char *text, const char *key, robots_sf_value *v) {
    robots_sf_value scratch;
    return robots_sf_dictionary_get(text, strlen(text), key, strlen(key), v ? v : &scratch);
}

static void tokens_and_duplicates(void) {
    robots_sf_value v;
    CHECK_EQ(get("train-ai=y, search=n", "search", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_TOKEN);
    CHECK_STR(v.text, v.text_len, "n");
    CHECK_EQ(get("a=x, a=y", "a", &v), 1);
    CHECK_STR(v.text, v.text_len, "y");
    CHECK_EQ(get("a=x, a", "a", &v), 1); /* the last one: a bare key is true */
    CHECK_EQ(v.type, ROBOTS_SF_BOOLEAN);
    CHECK_EQ(v.boolean, 1);
    CHECK_EQ(get("a=*b:c/d!#", "a", &v), 1);
    CHECK_STR(v.text, v.text_len, "*b:c/d!#");
    CHECK_EQ(get("a=y", "b", NULL), 0);
    CHECK_EQ(get("", "a", NULL), 0);
    CHECK_EQ(get("   ", "a", NULL), 0);
    CHECK_EQ(get("  a=y  ", "a", NULL), 1);
    CHECK_EQ(get("a=y,\tb=n", "b", NULL), 1);
}

static void keys(void) {
    CHECK_EQ(get("*a_b-c.d*9=y", "*a_b-c.d*9", NULL), 1);
    CHECK_EQ(get("A=y", "a", NULL), -1);
    CHECK_EQ(get("a=y, 9=n", "a", NULL), -1);
    CHECK_EQ(get("a=y, -b=n", "a", NULL), -1);
    CHECK_EQ(get("\ta=y", "a", NULL), -1); /* only SP is skipped before the first key */
}

static void structure(void) {
    CHECK_EQ(get("a=y,", "a", NULL), -1);
    CHECK_EQ(get("a=y,,b=n", "a", NULL), -1);
    CHECK_EQ(get("a=y b=n", "a", NULL), -1);
    CHECK_EQ(get("a=y;p=1;q, b=n", "b", NULL), 1);
    CHECK_EQ(get("a=y;P=1", "a", NULL), -1);
    CHECK_EQ(get("a=y; p=1", "a", NULL), 1);
    CHECK_EQ(get("a=y;", "a", NULL), -1);
    CHECK_EQ(get("a;has;parameters=\"?\";", "a", NULL), -1); /* vocab-07 6.5.2's example: a trailing ';' */
    CHECK_EQ(get("a=y\x80", "a", NULL), -1);
    CHECK_EQ(get("a=y, b=\"\x01\"", "a", NULL), -1);
    robots_sf_value v;
    CHECK_EQ(get("a=(1 2 \"x\");p, b=y", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_INNER_LIST);
    CHECK_EQ(get("a=()", "a", &v), 1);
    CHECK_EQ(get("a=( x )", "a", &v), 1);
    CHECK_EQ(get("a=(x", "a", NULL), -1);
    CHECK_EQ(get("a=(", "a", NULL), -1);
    CHECK_EQ(get("a=(x,y)", "a", NULL), -1);
    CHECK_EQ(get("a=", "a", NULL), -1);
    CHECK_EQ(get("a==y", "a", NULL), -1);
    CHECK_EQ(robots_sf_dictionary_get("a=y\0", 4, "a", 1, &v), -1);
    CHECK_EQ(robots_sf_dictionary_get("a\0=y", 4, "a", 1, &v), -1);
    CHECK_EQ(robots_sf_dictionary_get(NULL, 1, "a", 1, &v), -1);
    CHECK_EQ(robots_sf_dictionary_get("a", 1, "a", 1, NULL), -1);
}

static void numbers(void) {
    robots_sf_value v;
    CHECK_EQ(get("a=-123456789012345", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_INTEGER);
    CHECK_EQ(get("a=1234567890123456", "a", NULL), -1);
    CHECK_EQ(get("a=123456789012.123", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_DECIMAL);
    CHECK_EQ(get("a=1234567890123.1", "a", NULL), -1);
    CHECK_EQ(get("a=1.1234", "a", NULL), -1);
    CHECK_EQ(get("a=1.", "a", NULL), -1);
    CHECK_EQ(get("a=-", "a", NULL), -1);
    CHECK_EQ(get("a=-x", "a", NULL), -1);
    CHECK_EQ(get("a=1.2.3", "a", NULL), -1);
    CHECK_EQ(get("a=@1659578233", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_DATE);
    CHECK_EQ(get("a=@1.5", "a", NULL), -1);
}

static void strings_and_bytes(void) {
    robots_sf_value v;
    CHECK_EQ(get("a=\"x \\\"q\\\\ y\"", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_STRING);
    CHECK_EQ(get("a=\"x\\n\"", "a", NULL), -1);
    CHECK_EQ(get("a=\"x", "a", NULL), -1);
    CHECK_EQ(get("a=\"x\\", "a", NULL), -1);
    CHECK_EQ(get("a=\"\x7f\"", "a", NULL), -1);
    CHECK_EQ(get("a=:aGVsbG8=:", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_BYTES);
    CHECK_EQ(get("a=:aGVsbG8:", "a", NULL), 1); /* padding may be left out */
    CHECK_EQ(get("a=::", "a", NULL), 1);
    CHECK_EQ(get("a=:a=GV:", "a", NULL), -1);
    CHECK_EQ(get("a=:aGVsb:", "a", NULL), -1); /* a lone sextet */
    CHECK_EQ(get("a=:aGVsbG8===:", "a", NULL), -1);
    CHECK_EQ(get("a=:aGV=:", "a", NULL), 1);
    CHECK_EQ(get("a=:aG=:", "a", NULL), -1);
    CHECK_EQ(get("a=:a-b:", "a", NULL), -1);
    CHECK_EQ(get("a=:abc", "a", NULL), -1);
    CHECK_EQ(get("a=?1", "a", &v), 1);
    CHECK_EQ(v.boolean, 1);
    CHECK_EQ(get("a=?0", "a", &v), 1);
    CHECK_EQ(v.boolean, 0);
    CHECK_EQ(get("a=?2", "a", NULL), -1);
    CHECK_EQ(get("a=%\"caf%c3%a9\"", "a", &v), 1);
    CHECK_EQ(v.type, ROBOTS_SF_DISPLAY_STRING);
    CHECK_EQ(get("a=%\"caf%C3%A9\"", "a", NULL), -1);
    CHECK_EQ(get("a=%\"%c3\"", "a", NULL), -1);
    CHECK_EQ(get("a=%\"%c3x\"", "a", NULL), -1);
    CHECK_EQ(get("a=%\"%ed%a0%80\"", "a", NULL), -1); /* a surrogate */
    CHECK_EQ(get("a=%\"%c0%80\"", "a", NULL), -1);    /* overlong */
    CHECK_EQ(get("a=%\"%f4%90%80%80\"", "a", NULL), -1);
    CHECK_EQ(get("a=%\"%f0%9f%98%80\"", "a", NULL), 1);
    CHECK_EQ(get("a=%\"%e2%82%ac\"", "a", NULL), 1);
    CHECK_EQ(get("a=%\"%ff\"", "a", NULL), -1);
    CHECK_EQ(get("a=%\"%2\"", "a", NULL), -1);
    CHECK_EQ(get("a=%x", "a", NULL), -1);
    CHECK_EQ(get("a=%\"x", "a", NULL), -1);
    CHECK_EQ(get("a=!", "a", NULL), -1);
}

const test_suite suite_sfdict = {"sfdict", (const test_case[]){
    {"tokens; the last duplicate wins; OWS", tokens_and_duplicates},
    {"keys: lowercase or '*' first", keys},
    {"members, parameters, inner lists, failures", structure},
    {"integers, decimals, dates", numbers},
    {"strings, byte sequences, booleans, display strings", strings_and_bytes},
    {NULL, NULL}}};
