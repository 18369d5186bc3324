/*
 * punycode.c - RFC 3492 Punycode: Unicode code points to the ASCII form used in
 * "xn--" host labels (SCOPE-4), and back.
 *
 * Basic code points (< 0x80) are copied first, then a '-' if there were any, then
 * each other code point as a generalised variable-length integer (base 36, digits
 * a-z0-9) giving how far to advance a state (n, i) to insert it. The bias adapts
 * after each insertion. Every step checks for overflow, as section 6.4 requires.
 */
#include <limits.h>

#include "internal.h"

enum { BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700, INITIAL_BIAS = 72, INITIAL_N = 0x80 };

static char encode_digit(uint32_t d) { return (char)(d < 26 ? 'a' + d : '0' + (d - 26)); }

/* The digit value of c, or BASE when c is not a digit. */
static uint32_t decode_digit(unsigned char c) {
    if (c >= 'a' && c <= 'z') return (uint32_t)(c - 'a');
    if (c >= 'A' && c <= 'Z') return (uint32_t)(c - 'A');
    if (c >= '0' && c <= '9') return (uint32_t)(c - '0' + 26);
    return BASE;
}

/* Section 6.1. */
static uint32_t adapt(uint32_t delta, uint32_t points, bool first) {
    delta = first ? delta / DAMP : delta / 2;
    delta += delta / points;
    uint32_t k = 0;
    while (delta > ((BASE - TMIN) * TMAX) / 2) {
        delta /= BASE - TMIN;
        k += BASE;
    }
    return k + (BASE - TMIN + 1) * delta / (delta + SKEW);
}

static uint32_t threshold(uint32_t k, uint32_t bias) {
    if (k <= bias) return TMIN;
    if (k >= bias + TMAX) return TMAX;
    return k - bias;
}

/* Messages shared by both directions. */
static const char too_small[] = "the output does not fit in cap";
static const char overflow[] = "the input overflows punycode's counters";

int robots_punycode_encode(const uint32_t *in, size_t len, char *out, size_t cap, size_t *out_len,
                           const char **error) {
    size_t o = 0;
    if (!out_len) return fail(error, "out_len is NULL");
    *out_len = 0;
    if ((!in && len) || (!out && cap)) return fail(error, "a NULL buffer with a length");
    if (len > UINT32_MAX) return fail(error, overflow);
    for (size_t j = 0; j < len; j++) {
        if (in[j] > 0x10FFFF) return fail(error, "a value above U+10FFFF is not a code point");
        if (in[j] < 0x80) {
            if (o >= cap) return fail(error, too_small);
            out[o++] = (char)in[j];
        }
    }
    uint32_t basic = (uint32_t)o, handled = basic;
    if (basic > 0) {
        if (o >= cap) return fail(error, too_small);
        out[o++] = '-';
    }
    uint32_t n = INITIAL_N, delta = 0, bias = INITIAL_BIAS;
    while (handled < len) {
        /* The smallest code point not yet handled. */
        uint32_t m = UINT32_MAX;
        for (size_t j = 0; j < len; j++)
            if (in[j] >= n && in[j] < m) m = in[j];
        if ((uint64_t)(m - n) * (handled + 1) > UINT32_MAX - delta) return fail(error, overflow);
        delta += (m - n) * (handled + 1);
        n = m;
        for (size_t j = 0; j < len; j++) {
            if (in[j] < n && ++delta == 0) return fail(error, overflow);
            if (in[j] != n) continue;
            uint32_t q = delta;
            for (uint32_t k = BASE;; k += BASE) {
                uint32_t t = threshold(k, bias);
                if (q < t) break;
                if (o >= cap) return fail(error, too_small);
                out[o++] = encode_digit(t + (q - t) % (BASE - t));
                q = (q - t) / (BASE - t);
            }
            if (o >= cap) return fail(error, too_small);
            out[o++] = encode_digit(q);
            bias = adapt(delta, handled + 1, handled == basic);
            delta = 0;
            handled++;
        }
        delta++;
        n++;
    }
    *out_len = o;
    return 0;
}

int robots_punycode_decode(const char *in, size_t len, uint32_t *out, size_t cap, size_t *out_len,
                           const char **error) {
    const unsigned char *s = (const unsigned char *)in;
    if (!out_len) return fail(error, "out_len is NULL");
    *out_len = 0;
    if ((!in && len) || (!out && cap)) return fail(error, "a NULL buffer with a length");
    if (len > UINT32_MAX) return fail(error, overflow);
    /* Everything before the last '-' is basic code points. */
    size_t b = len;
    while (b > 0 && s[b - 1] != '-') b--;
    size_t basic = b > 0 ? b - 1 : 0;
    if (basic > cap) return fail(error, too_small);
    for (size_t j = 0; j < basic; j++) {
        if (s[j] >= 0x80) return fail(error, "a non-ASCII character in punycode");
        out[j] = s[j];
    }
    size_t o = basic;
    uint32_t n = INITIAL_N, i = 0, bias = INITIAL_BIAS;
    for (size_t at = basic > 0 ? basic + 1 : 0; at < len;) {
        uint32_t old_i = i, w = 1;
        for (uint32_t k = BASE;; k += BASE) {
            if (at >= len) return fail(error, "the punycode ends in the middle of a number");
            uint32_t digit = decode_digit(s[at++]);
            if (digit >= BASE) return fail(error, "a character that is not a punycode digit");
            if (digit > (UINT32_MAX - i) / w) return fail(error, overflow);
            i += digit * w;
            uint32_t t = threshold(k, bias);
            if (digit < t) break;
            if (w > UINT32_MAX / (BASE - t)) return fail(error, overflow);
            w *= BASE - t;
        }
        uint32_t points = (uint32_t)o + 1;
        bias = adapt(i - old_i, points, old_i == 0);
        if (i / points > UINT32_MAX - n) return fail(error, overflow);
        n += i / points;
        i %= points;
        /* Surrogates and values past U+10FFFF are not code points. (n starts at
         * 0x80 and only grows, so a delta never yields a basic code point.) */
        if (n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF))
            return fail(error, "the punycode decodes to a value that is not a code point");
        if (o >= cap) return fail(error, too_small);
        for (size_t j = o; j > i; j--) out[j] = out[j - 1];
        out[i++] = n;
        o++;
    }
    *out_len = o;
    return 0;
}
