/*
 * ascii.c - locale-independent character classes. Google's parser uses absl's
 * ASCII helpers, so the reference never calls <ctype.h> (whose answers depend on
 * the locale).
 */
#include <string.h>

#include "internal.h"

bool ascii_hex(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

unsigned hex_value(unsigned char c) {
    if (c <= '9') return (unsigned)(c - '0');
    return (unsigned)((c | 0x20) - 'a' + 10);
}

unsigned char ascii_lower(unsigned char c) {
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + ('a' - 'A')) : c;
}

/* A product token is [A-Za-z_-]+ (RFC 9309 2.2.1; Google's ExtractUserAgent). */
bool token_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}

size_t token_length(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n && token_char(s[i])) i++;
    return i;
}

bool starts_with_nocase(const unsigned char *s, size_t n, const char *prefix) {
    size_t i = 0;
    for (; prefix[i]; i++)
        if (i >= n || ascii_lower(s[i]) != (unsigned char)prefix[i]) return false;
    return true;
}

bool equals_nocase(const unsigned char *s, size_t n, const char *word) {
    return strlen(word) == n && starts_with_nocase(s, n, word);
}
