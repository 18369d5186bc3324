/*
 * host.c - the host of a URL in the form scoping compares (SCOPE-2, 4, 6):
 * a bracketed IPv6 address in RFC 5952 form, or a name / IPv4 address with
 * percent-escapes decoded, lower-cased and converted to ASCII (idna.c).
 */
#include <string.h>

#include "internal.h"

/* RFC 3986 IPv4address: four dec-octets without leading zeros. */
static bool is_ipv4(const unsigned char *s, size_t n) {
    size_t i = 0;
    for (int part = 0; part < 4; part++) {
        if (part > 0) {
            if (i >= n || s[i] != '.') return false;
            i++;
        }
        size_t start = i;
        unsigned v = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 3) v = v * 10 + (unsigned)(s[i++] - '0');
        if (i == start || v > 255 || (s[start] == '0' && i - start > 1)) return false;
    }
    return i == n;
}

/* Parses the dotted IPv4 tail of an IPv6 address into 4 bytes. */
static bool parse_ipv4_tail(const unsigned char *s, size_t n, unsigned char out[4]) {
    if (!is_ipv4(s, n)) return false;
    size_t i = 0;
    for (int part = 0; part < 4; part++, i++) {
        unsigned v = 0;
        while (i < n && s[i] != '.') v = v * 10 + (unsigned)(s[i++] - '0');
        out[part] = (unsigned char)v;
    }
    return true;
}

/* RFC 4291 section 2.2 text forms: eight groups of 1-4 hex digits, one "::" for a
 * run of zero groups, and optionally a dotted IPv4 address as the last 32 bits. */
static bool parse_ipv6(const unsigned char *s, size_t n, unsigned char addr[16]) {
    uint16_t groups[8];
    int count = 0, gap = -1;
    size_t i = 0;
    if (n >= 2 && s[0] == ':' && s[1] == ':') {
        gap = 0;
        i = 2;
    } else if (n >= 1 && s[0] == ':') {
        return false;
    }
    while (i < n) {
        if (count == 8) return false;
        size_t start = i;
        unsigned v = 0;
        while (i < n && ascii_hex(s[i]) && i - start < 4) v = v << 4 | hex_value(s[i++]);
        if (i < n && s[i] == '.') {
            /* The IPv4 tail takes two groups and ends the address. */
            unsigned char v4[4];
            if (count > 6 || !parse_ipv4_tail(s + start, n - start, v4)) return false;
            groups[count++] = (uint16_t)(v4[0] << 8 | v4[1]);
            groups[count++] = (uint16_t)(v4[2] << 8 | v4[3]);
            i = n;
            break;
        }
        if (i == start) return false;
        groups[count++] = (uint16_t)v;
        if (i == n) break;
        if (s[i] != ':') return false;
        i++;
        if (i < n && s[i] == ':') {
            if (gap >= 0) return false; /* only one "::" */
            gap = count;
            i++;
        } else if (i == n) {
            return false; /* a single trailing ':' */
        }
    }
    if (gap < 0 ? count != 8 : count > 7) return false;
    memset(addr, 0, 16);
    int tail = gap < 0 ? 0 : count - gap;
    for (int k = 0; k < count; k++) {
        int slot = (gap < 0 || k < gap) ? k : 8 - tail + (k - gap);
        addr[2 * slot] = (unsigned char)(groups[k] >> 8);
        addr[2 * slot + 1] = (unsigned char)(groups[k] & 0xFF);
    }
    return true;
}

/* RFC 5952: lower-case hex without leading zeros; the longest run of two or more
 * zero groups (the first on a tie) becomes "::"; an IPv4-mapped address ends in
 * dotted form. Returns the length written (at most 47 + brackets). */
static size_t format_ipv6(const unsigned char a[16], char *out) {
    uint16_t g[8];
    for (int k = 0; k < 8; k++) g[k] = (uint16_t)(a[2 * k] << 8 | a[2 * k + 1]);
    bool mapped = g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xFFFF;
    int words = mapped ? 6 : 8;
    int best = -1, best_len = 1;
    for (int k = 0; k < words;) {
        if (g[k] != 0) {
            k++;
            continue;
        }
        int j = k;
        while (j < words && g[j] == 0) j++;
        if (j - k > best_len) best = k, best_len = j - k;
        k = j;
    }
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    out[o++] = '[';
    for (int k = 0; k < words; k++) {
        if (k == best) {
            out[o++] = ':';
            if (k == 0) out[o++] = ':';
            k += best_len - 1;
            continue;
        }
        bool started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            unsigned d = (g[k] >> shift) & 15;
            if (d || started || shift == 0) out[o++] = hex[d], started = true;
        }
        if (k + 1 < words || mapped) out[o++] = ':';
    }
    if (mapped) {
        for (int k = 12; k < 16; k++) {
            unsigned v = a[k];
            if (v >= 100) out[o++] = (char)('0' + v / 100);
            if (v >= 10) out[o++] = (char)('0' + v / 10 % 10);
            out[o++] = (char)('0' + v % 10);
            if (k < 15) out[o++] = '.';
        }
    }
    out[o++] = ']';
    return o;
}

int host_normalise(const unsigned char *h, size_t n, char out[ROBOTS_HOST_MAX + 1],
                   robots_host_type *type, const char **error) {
    if (n == 0) return fail(error, "empty host");
    if (h[0] == '[') {
        /* The authority parser hands over "[...]" whole. */
        const unsigned char *in = h + 1;
        size_t m = n - 2;
        unsigned char addr[16];
        if (m > 0 && (in[0] == 'v' || in[0] == 'V'))
            return fail(error, "IPvFuture addresses ([v...]) are not supported");
        if (memchr(in, '%', m)) return fail(error, "IPv6 zone identifiers are not supported");
        if (!parse_ipv6(in, m, addr)) return fail(error, "invalid IPv6 address in brackets");
        size_t len = format_ipv6(addr, out);
        out[len] = '\0';
        *type = ROBOTS_HOST_IPV6;
        return 0;
    }
    /* Percent-escapes in a reg-name stand for octets (UTF-8 for IDNs). */
    unsigned char decoded[3 * ROBOTS_HOST_MAX];
    size_t d = 0;
    if (n > sizeof decoded) return fail(error, "the host is longer than 255 octets");
    for (size_t i = 0; i < n; i++) {
        if (h[i] != '%') {
            decoded[d++] = h[i];
        } else if (i + 2 < n && ascii_hex(h[i + 1]) && ascii_hex(h[i + 2])) {
            decoded[d++] = (unsigned char)(hex_value(h[i + 1]) << 4 | hex_value(h[i + 2]));
            i += 2;
        } else
        return fail(error, "bad percent-escape in the host");
    }
    if (robots_host_to_ascii((const char *)decoded, d, out, ROBOTS_HOST_MAX + 1, NULL, error) != 0) return -1;
    *type = is_ipv4((const unsigned char *)out, strlen(out)) ? ROBOTS_HOST_IPV4 : ROBOTS_HOST_NAME;
    return 0;
}
