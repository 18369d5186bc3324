/*
 * idna.c - IDNA ToASCII for host labels (SCOPE-4: www.müller.eu is
 * www.xn--mller-kva.eu).
 *
 * A full ToASCII applies the UTS #46 mapping (upper case to lower case,
 * compatibility characters to their plain forms, NFC) before encoding; that needs
 * Unicode's tables, which a libc-only reference does not carry. So the reference
 * converts only code points that the mapping leaves alone and that IDNA 2008 lets
 * through (listed in allowed_code_point), and refuses anything else with an error
 * instead of guessing. Within that set its answers agree with libidn2 (checked by a
 * fuzz target). Right-to-left scripts are not in the set, so no bidi rule applies.
 *
 * ASCII labels are lower-cased and otherwise taken as written; "xn--" labels must
 * decode as punycode and pass through lower-cased, so they compare equal to the
 * Unicode form they encode.
 */
#include <string.h>

#include "internal.h"

#define LABEL_MAX 63 /* octets of a label in ASCII form (RFC 1034) */

/* Lower-case letters whose UTS #46 status is "valid" and which are PVALID in
 * IDNA 2008; each range was checked against libidn2. */
static bool allowed_code_point(uint32_t c) {
    if (c == 0xDF) return true;                         /* ß (kept: non-transitional) */
    if (c >= 0xE0 && c <= 0xFF) return c != 0xF7;       /* à..ÿ without ÷ */
    if (c >= 0x100 && c <= 0x17F) {
        /* Latin Extended-A alternates upper/lower case; ĳ, ŀ, ŉ and ſ have
         * compatibility mappings. */
        if (c == 0x133 || c == 0x140 || c == 0x149 || c == 0x17F) return false;
        if (c <= 0x137) return c & 1;
        if (c == 0x138) return true;                    /* ĸ */
        if (c <= 0x148) return !(c & 1);
        if (c <= 0x177) return c & 1;
        if (c == 0x178) return false;                   /* Ÿ */
        return !(c & 1);
    }
    if (c >= 0x3AC && c <= 0x3CE) return true;          /* Greek lower case */
    if (c >= 0x430 && c <= 0x45F) return true;          /* Cyrillic lower case */
    if (c >= 0x3041 && c <= 0x3096) return true;        /* Hiragana */
    if (c >= 0x30A1 && c <= 0x30FA) return true;        /* Katakana */
    if (c >= 0x30FC && c <= 0x30FE) return true;        /* ー ヽ ヾ */
    if (c >= 0x4E00 && c <= 0x9FA5) return true;        /* CJK unified ideographs */
    if (c >= 0xAC00 && c <= 0xD7A3) return true;        /* Hangul syllables */
    return false;
}

/* Upper-case letters of the scripts the reference converts: UTS #46 would map them
 * to lower case, so the reference asks for the lower-case form instead. */
static bool upper_case_code_point(uint32_t c) {
    if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
    if (c >= 0x100 && c <= 0x17F) return !allowed_code_point(c) && c != 0x133 && c != 0x140 &&
                                          c != 0x149 && c != 0x17F;
    return (c >= 0x386 && c <= 0x3AB) || (c >= 0x400 && c <= 0x42F);
}

/* Fullwidth forms and Latin ligatures: UTS #46 maps them to plain letters. */
static bool compatibility_code_point(uint32_t c) {
    return (c >= 0xFF01 && c <= 0xFF5E) || (c >= 0xFB00 && c <= 0xFB06) || c == 0x133 ||
           c == 0x140 || c == 0x149 || c == 0x17F;
}

/* ASCII a host label may hold: RFC 3986 unreserved and sub-delims (reg-name). */
static bool host_ascii(unsigned char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
    return c != 0 && strchr("-._~!$&'()*+,;=", c) != NULL;
}

/* Decodes one UTF-8 sequence; returns its length, or 0 when it is invalid. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    unsigned char c = s[0];
    size_t len;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) len = 2, v = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, v = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, v = c & 0x07, min = 0x10000;
    else return 0;
    if (n < len) return 0;
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80) return 0;
        v = v << 6 | (s[k] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return len;
}

/* Converts one label of n bytes, appending to out[*o]; returns NULL or an error. */
static const char *label_to_ascii(const unsigned char *s, size_t n, char *out, size_t cap, size_t *o) {
    bool ascii = true;
    for (size_t i = 0; i < n; i++) ascii = ascii && s[i] < 0x80;
    if (ascii) {
        for (size_t i = 0; i < n; i++)
            if (!host_ascii(s[i])) return "invalid character in the host";
        if (n >= 4 && starts_with_nocase(s, n, "xn--")) {
            uint32_t points[LABEL_MAX];
            size_t np;
            if (n - 4 == 0 ||
                robots_punycode_decode((const char *)s + 4, n - 4, points, LABEL_MAX, &np, NULL) != 0)
                return "an xn-- label of the host is not valid punycode";
        }
        for (size_t i = 0; i < n; i++) {
            if (*o < cap) out[*o] = (char)ascii_lower(s[i]);
            (*o)++;
        }
        return NULL;
    }
    uint32_t points[LABEL_MAX];
    size_t np = 0;
    for (size_t i = 0; i < n;) {
        uint32_t c;
        size_t len = utf8_decode(s + i, n - i, &c);
        if (!len) return "the host is not valid UTF-8";
        i += len;
        if (c < 0x80) {
            /* Next to non-ASCII letters, only what IDNA's LDH rule allows, plus '_'. */
            unsigned char a = ascii_lower((unsigned char)c);
            if (!((a >= 'a' && a <= 'z') || (a >= '0' && a <= '9') || a == '-' || a == '_'))
                return "a label with non-ASCII letters may hold only letters, digits, '-' and '_'";
            c = a;
        } else if (upper_case_code_point(c)) {
            return "the host has an upper-case letter beyond ASCII, which UTS #46 would map to "
                   "lower case: write the host in lower case, or give its xn-- form";
        } else if (compatibility_code_point(c)) {
            return "the host has a compatibility character (fullwidth form or ligature), which "
                   "UTS #46 would map to plain letters: write those, or give the xn-- form";
        } else if (!allowed_code_point(c)) {
            return "the host has a character the reference cannot convert to ASCII without "
                   "Unicode's tables (UTS #46): give the host's xn-- form";
        }
        if (np == LABEL_MAX) return "a label of the host is too long";
        points[np++] = c;
    }
    if (points[0] == '-' || points[np - 1] == '-') return "a label of the host starts or ends with '-'";
    if (np >= 4 && points[2] == '-' && points[3] == '-')
        return "a label of the host has '--' in its third and fourth places";
    char encoded[LABEL_MAX];
    size_t ne;
    if (robots_punycode_encode(points, np, encoded, LABEL_MAX - 4, &ne, NULL) != 0)
        return "a label of the host is longer than 63 octets in ASCII form";
    static const char ace[] = "xn--";
    for (size_t i = 0; i < 4 + ne; i++) {
        if (*o < cap) out[*o] = i < 4 ? ace[i] : encoded[i - 4];
        (*o)++;
    }
    return NULL;
}

int robots_host_to_ascii(const char *host, size_t len, char *out, size_t cap, size_t *out_len,
                         const char **error) {
    const unsigned char *s = (const unsigned char *)(host ? host : "");
    if (out_len) *out_len = 0;
    if (!out && cap) return fail(error, "no buffer to write to (out is NULL)");
    if (cap) out[0] = '\0';
    if (!host && len) return fail(error, "the host is NULL");
    if (len == 0) return fail(error, "empty host");
    size_t o = 0;
    for (size_t start = 0;;) {
        const unsigned char *dot = memchr(s + start, '.', len - start);
        size_t end = dot ? (size_t)(dot - s) : len;
        const char *err = label_to_ascii(s + start, end - start, out, cap, &o);
        if (err) {
            if (cap) out[0] = '\0';
            return fail(error, err);
        }
        if (!dot) break;
        if (o < cap) out[o] = '.';
        o++;
        start = end + 1;
    }
    if (o > ROBOTS_HOST_MAX) {
        if (cap) out[0] = '\0';
        return fail(error, "the host is longer than 255 octets");
    }
    if (out_len) *out_len = o;
    if (o >= cap) {
        if (cap) out[0] = '\0';
        return fail(error, "the host in ASCII form does not fit in the buffer given");
    }
    out[o] = '\0';
    return 0;
}
