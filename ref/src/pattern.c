/*
 * pattern.c - allow/disallow values to matchable patterns.
 *
 * Both profiles first normalise a value the way Google's MaybeEscapePattern does:
 * a %-escape gets upper-case hex (%2f -> %2F) and every octet >= 0x80 is escaped
 * (ü -> %C3%BC). That text is what explanations show, and its length in octets is
 * the rule's precedence (longest match wins). Nothing is decoded at this step.
 *
 * Compiling splits the text at '*' into literal segments, with a final '$' as the
 * end anchor (MATCH-8; a '$' anywhere else is a literal). Under the rfc9309 profile
 * the segments are then decoded (%HH -> octet HH) because RFC 9309 2.2.2 compares
 * percent-encoded and plain forms as the same octets (RFC-3, RFC-4): the matcher
 * decodes the URL the same way, so "%2A" in a rule is a literal '*'.
 */
#include <string.h>

#include "internal.h"

static const char hex_digits[] = "0123456789ABCDEF";

static unsigned char hex_upper(unsigned char c) {
    return (c >= 'a' && c <= 'f') ? (unsigned char)(c - 'a' + 'A') : c;
}

/* Does a word of eight octets hold a '%' or an octet >= 0x80 (what normalising
 * may change)? A '%' is an octet of w ^ BYTES8('%') that is zero. */
static inline bool word_needs_normalising(uint64_t w) {
    uint64_t x = w ^ BYTES8('%');
    return ((((x - BYTES8(1)) & ~x) | w) & BYTES8(0x80)) != 0;
}

/* How many octets at s, from the start, normalising leaves as they are (whole
 * words, then octets up to the first '%' or octet >= 0x80). */
static size_t plain_prefix(const unsigned char *s, size_t n) {
    size_t i = 0;
    for (; n - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (word_needs_normalising(w)) break;
    }
    while (i < n && s[i] != '%' && s[i] < 0x80) i++;
    return i;
}

/* pattern_normalise where the line may hold '%' or octets >= 0x80. A value
 * without either (the octet was in the key or the comment) stays where it is;
 * else the octets before the first are copied at once and the rest normalised. */
size_t normalise_copying(robots_rules *r, size_t off, size_t n, u32 *out_len) {
    *out_len = (u32)n;
    size_t plain = plain_prefix(bytes_at(r, off), n);
    if (plain == n) return off;
    size_t at = r->bytes.len;
    *out_len = 0;
    if (n > SIZE_MAX / 3 || !vec_reserve(r, &r->bytes, 1, n * 3)) {
        r->failed = true;
        return 0;
    }
    const unsigned char *s = bytes_at(r, off); /* after the reservation: the store may have moved */
    unsigned char *d = (unsigned char *)r->bytes.data + at;
    memcpy(d, s, plain);
    size_t i = plain, j = plain;
    /* Eight octets at a time: a word of plain ASCII without '%' is stored as it
     * is; a word holding anything else is done octet by octet. Per octet, the
     * escape is written whether or not it is needed and the output advances by 1
     * or 3: a branch on each octet's kind was mispredicted wherever text mixed
     * scripts (it was half the parse of a page in Chinese served as robots.txt).
     * Writing three octets from j never passes the 3n reserved: j <= 3i. */
    while (i < n) {
        size_t stop = n - i >= 8 ? i + 8 : n;
        if (stop - i == 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (!word_needs_normalising(w)) {
                memcpy(d + j, &w, 8);
                i += 8;
                j += 8;
                continue;
            }
        }
        while (i < stop) {
            unsigned char c = s[i];
            if (c == '%' && i + 2 < n && ascii_hex(s[i + 1]) && ascii_hex(s[i + 2])) {
                d[j++] = '%';
                d[j++] = hex_upper(s[i + 1]);
                d[j++] = hex_upper(s[i + 2]);
                i += 3;
                continue;
            }
            size_t high = c >> 7; /* 1: escaped as %HH */
            d[j] = high ? '%' : c;
            d[j + 1] = (unsigned char)hex_digits[c >> 4];
            d[j + 2] = (unsigned char)hex_digits[c & 15];
            j += 1 + 2 * high;
            i++;
        }
    }
    r->bytes.len += j;
    *out_len = (u32)j;
    return at;
}

/* Appends a %HH-decoded copy of a stored segment; returns its offset. A segment
 * without '%' is its own decoding. */
static size_t decode_segment(robots_rules *r, size_t off, size_t len, u32 *out_len) {
    *out_len = len;
    if (!memchr(bytes_at(r, off), '%', len)) return off;
    size_t at = r->bytes.len;
    *out_len = 0;
    if (!vec_reserve(r, &r->bytes, 1, len)) return 0;
    const unsigned char *s = bytes_at(r, off);
    unsigned char *d = (unsigned char *)r->bytes.data + at;
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '%' && i + 2 < len && ascii_hex(s[i + 1]) && ascii_hex(s[i + 2])) {
            d[j++] = (unsigned char)(hex_value(s[i + 1]) << 4 | hex_value(s[i + 2]));
            i += 2;
        } else {
            d[j++] = s[i];
        }
    }
    r->bytes.len += j;
    *out_len = j;
    return at;
}

void compile_segments(robots_rules *r, rule *rl, bool stars) {
    size_t len = rl->text_len;
    const unsigned char *t = bytes_at(r, rl->text_off);
    if (len && t[len - 1] == '$') {
        rl->flags |= RULE_ANCHORED;
        len--;
    }
    rl->seg_first = r->segments.len;
    rl->seg_count = 0;
    for (size_t start = 0;;) {
        t = bytes_at(r, rl->text_off); /* decoding below may move the store */
        const unsigned char *star = stars ? memchr(t + start, '*', len - start) : NULL;
        size_t stop = star ? (size_t)(star - t) : len;
        segment *sg = vec_push(r, &r->segments, sizeof *sg);
        if (!sg) return;
        sg->off = rl->text_off + start;
        sg->len = stop - start;
        if (r->profile->percent_decode) sg->off = decode_segment(r, sg->off, sg->len, &sg->len);
        if (rl->seg_count) {
            rl->tail_octets += sg->len;
            segment_prepare(r, sg);
        }
        rl->seg_count++;
        if (!star) break;
        start = stop + 1;
    }
    if (rl->seg_count == 1 && !(rl->flags & RULE_ANCHORED)) rl->flags |= RULE_LITERAL;
}
