/* base64.c - strict RFC 4648 base64 decoding. */
#include "base64.h"

static int sextet(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

int base64_decode(const char *s, size_t n, buf *out, const char **error) {
    const unsigned char *u = (const unsigned char *)s;
    size_t data = n;
    if (n % 4 == 0 && n >= 1 && u[n - 1] == '=') data = n - (n >= 2 && u[n - 2] == '=' ? 2 : 1);
    if (data % 4 == 1) {
        *error = "invalid base64 length";
        return -1;
    }
    if (buf_reserve(out, data / 4 * 3 + 2)) {
        *error = "out of memory";
        return -1;
    }
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < data; i++) {
        int v = sextet(u[i]);
        if (v < 0) {
            *error = "invalid base64 character";
            return -1;
        }
        acc = (acc << 6 | (unsigned)v) & 0xFFFFFu;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out->data[out->len++] = (char)(acc >> bits & 0xFF);
        }
    }
    /* Leftover bits of a final partial quantum must be zero (canonical form). */
    if (bits && (acc & ((1u << bits) - 1))) {
        *error = "invalid base64 padding bits";
        return -1;
    }
    return 0;
}

int base64_encode(const void *data, size_t n, buf *out) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *s = data;
    if (buf_reserve(out, (n + 2) / 3 * 4)) return -1;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)s[i] << 16 | (i + 1 < n ? (unsigned)s[i + 1] << 8 : 0) | (i + 2 < n ? s[i + 2] : 0);
        char q[4] = {alphabet[v >> 18], alphabet[v >> 12 & 63], i + 1 < n ? alphabet[v >> 6 & 63] : '=',
                     i + 2 < n ? alphabet[v & 63] : '='};
        buf_add(out, q, 4); /* reserved above */
    }
    return 0;
}
