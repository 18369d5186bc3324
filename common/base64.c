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
