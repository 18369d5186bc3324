/*
 * json.h - the little JSON the batch protocol needs: read one object per line,
 * write strings. Strict RFC 8259: valid UTF-8 only, no trailing commas, no
 * comments; nesting is limited so hostile input cannot exhaust the stack.
 */
#ifndef ROBOTS_COMMON_JSON_H
#define ROBOTS_COMMON_JSON_H

#include <stddef.h>

#include "buf.h"

#define JSON_MAX_DEPTH 128

typedef enum json_type {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type;

typedef struct json_member {
    const char *key; /* decoded; valid during the callback only */
    size_t key_len;
    json_type type;
    const char *raw; /* the value exactly as written (strings with their quotes) */
    size_t raw_len;
} json_member;

typedef struct json_error {
    const char *message; /* static text; NULL when there is no error */
    size_t offset;       /* byte offset of the problem in the input */
} json_error;

/* The message when memory ran out: the input may be valid JSON. */
extern const char json_out_of_memory[];

/* Called once per member of the top-level object, in order; a non-zero return
 * stops parsing and is returned. */
typedef int (*json_member_fn)(void *ctx, const json_member *member);

/* Parses s as exactly one JSON object (whitespace around it is allowed). Returns 0,
 * the callback's non-zero value, or -1 with *err filled for invalid JSON or when
 * memory runs out. */
int json_parse_object(const char *s, size_t n, json_member_fn fn, void *ctx, json_error *err);

/* The same for exactly one JSON array: fn gets each element (key NULL), in order. */
int json_parse_array(const char *s, size_t n, json_member_fn fn, void *ctx, json_error *err);

/* Appends the decoded contents of a string value (raw text with its quotes, as
 * given to a callback). Returns 0, or -1 when memory runs out. */
int json_decode_string(const char *raw, size_t raw_len, buf *out);

/* Appends s as a JSON string literal. Invalid UTF-8 becomes U+FFFD. */
int json_append_string(buf *out, const char *s, size_t n);

/* The length of the valid UTF-8 sequence at s (1-4), or 0 when it is invalid. */
size_t utf8_sequence(const unsigned char *s, size_t n);

/* Appends code point cp (at most U+10FFFF) in UTF-8. Returns 0, or -1 when memory
 * runs out. */
int utf8_append(buf *out, unsigned cp);

#endif
