/*
 * ascii.c - locale-independent character classes. Google's parser uses absl's
 * ASCII helpers, so the reference never calls <ctype.h> (whose answers depend on
 * the locale). The classes are tables: one load per byte and no comparison chain,
 * which keeps the per-byte loops cheap, also under fuzzing instrumentation, where
 * every comparison calls into the fuzzer.
 */
#include <string.h>

#include "internal.h"

#define S ASCII_SPACE
#define D ASCII_HEX                 /* a decimal digit */
#define X (ASCII_HEX | ASCII_TOKEN) /* a-f, A-F */
#define T ASCII_TOKEN               /* the other letters, '_' and '-' */

/* Space is ' ' and \t \n \v \f \r; a product token is [A-Za-z_-]+ (RFC 9309 2.2.1,
 * Google's ExtractUserAgent). */
const unsigned char ascii_class_table[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, S, S, S, S, S, 0, 0, /* 0x00 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x10 */
    S, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, T, 0, 0, /* 0x20: ' ', '-' */
    D, D, D, D, D, D, D, D, D, D, 0, 0, 0, 0, 0, 0, /* 0x30: 0-9 */
    0, X, X, X, X, X, X, T, T, T, T, T, T, T, T, T, /* 0x40: A-O */
    T, T, T, T, T, T, T, T, T, T, T, 0, 0, 0, 0, T, /* 0x50: P-Z, '_' */
    0, X, X, X, X, X, X, T, T, T, T, T, T, T, T, T, /* 0x60: a-o */
    T, T, T, T, T, T, T, T, T, T, T, 0, 0, 0, 0, 0, /* 0x70: p-z */
    /* 0x80-0xFF: no class */
};

#undef S
#undef D
#undef X
#undef T

#define ROW(b) b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11, b + 12, b + 13, b + 14, b + 15

/* Every byte maps to itself except A-Z, which map to a-z. */
const unsigned char ascii_lower_table[256] = {
    ROW(0x00), ROW(0x10), ROW(0x20), ROW(0x30),
    '@', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', /* 0x40 */
    'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '[', '\\', ']', '^', '_', /* 0x50 */
    ROW(0x60), ROW(0x70), ROW(0x80), ROW(0x90), ROW(0xA0), ROW(0xB0),
    ROW(0xC0), ROW(0xD0), ROW(0xE0), ROW(0xF0),
};

#undef ROW

size_t token_length(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n && token_char(s[i])) i++;
    return i;
}

bool starts_with_nocase(const unsigned char *s, size_t n, const char *prefix) {
    size_t len = strlen(prefix);
    if (n < len) return false;
    for (size_t i = 0; i < len; i++)
        if (ascii_lower(s[i]) != (unsigned char)prefix[i]) return false;
    return true;
}

bool equals_nocase(const unsigned char *s, size_t n, const char *word) {
    return strlen(word) == n && starts_with_nocase(s, n, word);
}

bool same_nocase(const unsigned char *a, const unsigned char *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    return true;
}
