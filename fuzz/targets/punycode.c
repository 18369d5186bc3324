/*
 * punycode.c - fuzz target: RFC 3492 round trips, and agreement with libidn2.
 * - Any sequence of code points encodes, and decodes back to itself.
 * - Any string that decodes re-encodes to a string that decodes the same.
 * - For every label the reference converts to an A-label, libidn2's ToASCII gives
 *   the same A-label, and libidn2's ToUnicode of it gives the label back.
 */
#include <idn2.h>

#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(encode_failed)
DEFINE_FINDING(encoded_not_ascii)
DEFINE_FINDING(decode_failed)
DEFINE_FINDING(round_trip_differs)
DEFINE_FINDING(reencode_failed)
DEFINE_FINDING(redecode_failed)
DEFINE_FINDING(input_round_trip_differs)
DEFINE_FINDING(to_ascii_differs_from_libidn2)
DEFINE_FINDING(to_unicode_differs_from_libidn2)

/* The input as code points: UTF-8 where it is valid, single bytes elsewhere. */
static size_t code_points(const uint8_t *d, size_t n, uint32_t *out, size_t cap) {
    size_t k = 0;
    for (size_t i = 0; i < n && k < cap;) {
        uint32_t c = d[i];
        size_t len = 1;
        if (c >= 0xC2 && c <= 0xF4 && i + 1 < n) {
            size_t need = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            uint32_t v = c & (need == 2 ? 0x1F : need == 3 ? 0x0F : 0x07);
            bool ok = i + need <= n;
            for (size_t j = 1; ok && j < need; j++) {
                ok = (d[i + j] & 0xC0) == 0x80;
                v = v << 6 | (d[i + j] & 0x3F);
            }
            if (ok && v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF)) c = v, len = need;
        }
        out[k++] = c;
        i += len;
    }
    return k;
}

static void round_trips(const uint8_t *d, size_t n) {
    uint32_t points[256], back[256];
    size_t np = code_points(d, n, points, 256), nb;
    char encoded[4096];
    size_t ne;
    REQUIRE(encode_failed, robots_punycode_encode(points, np, encoded, sizeof encoded, &ne, NULL) == 0);
    for (size_t i = 0; i < ne; i++) REQUIRE(encoded_not_ascii, (unsigned char)encoded[i] < 0x80);
    REQUIRE(decode_failed, robots_punycode_decode(encoded, ne, back, 256, &nb, NULL) == 0);
    REQUIRE(round_trip_differs, nb == np && (np == 0 || memcmp(back, points, np * sizeof(uint32_t)) == 0));
    /* The input itself as Punycode. */
    if (robots_punycode_decode((const char *)d, n, points, 256, &np, NULL) == 0) {
        REQUIRE(reencode_failed, robots_punycode_encode(points, np, encoded, sizeof encoded, &ne, NULL) == 0);
        REQUIRE(redecode_failed, robots_punycode_decode(encoded, ne, back, 256, &nb, NULL) == 0);
        REQUIRE(input_round_trip_differs, nb == np && (np == 0 || memcmp(back, points, np * sizeof(uint32_t)) == 0));
    }
}

/* Compares one label the reference converted with libidn2. */
static void agree_on_label(const char *unicode, size_t un, const char *ascii, size_t an) {
    char *in = strndup(unicode, un), *want = strndup(ascii, an);
    char *out = NULL, *back = NULL;
    int rc = idn2_to_ascii_8z(in, &out, 0);
    if (rc != IDN2_OK || strcmp(out, want) != 0) {
        print_bytes("label", unicode, un);
        print_bytes("reference", ascii, an);
        FINDING(to_ascii_differs_from_libidn2, "libidn2 says %s", rc == IDN2_OK ? out : idn2_strerror_name(rc));
    }
    rc = idn2_to_unicode_8z8z(want, &back, 0);
    /* ToUnicode gives the label in lower case, which is how the reference read it. */
    char *lowered = strdup(in);
    for (char *c = lowered; *c; c++)
        if (*c >= 'A' && *c <= 'Z') *c = (char)(*c + 32);
    if (rc != IDN2_OK || strcmp(back, lowered) != 0) {
        print_bytes("label", unicode, un);
        FINDING(to_unicode_differs_from_libidn2,
                "libidn2's ToUnicode of %s is %s", want, rc == IDN2_OK ? back : idn2_strerror_name(rc));
    }
    free(lowered);
    free(in);
    free(want);
    free(out);
    free(back);
}

static void agree_with_libidn2(const uint8_t *d, size_t n) {
    if (memchr(d, 0, n)) return;
    char ascii[ROBOTS_HOST_MAX + 1];
    const char *error;
    size_t len = 0;
    if (robots_host_to_ascii((const char *)d, n, ascii, sizeof ascii, &len, &error) != 0) return;
    /* Labels correspond one to one; compare those that needed converting. */
    const char *u = (const char *)d, *a = ascii;
    size_t ur = n, ar = len;
    for (;;) {
        const char *ud = memchr(u, '.', ur), *ad = memchr(a, '.', ar);
        size_t ul = ud ? (size_t)(ud - u) : ur, al = ad ? (size_t)(ad - a) : ar;
        bool converted = false;
        for (size_t i = 0; i < ul; i++) converted = converted || (unsigned char)u[i] >= 0x80;
        if (converted) agree_on_label(u, ul, a, al);
        if (!ud) break;
        u = ud + 1, ur -= ul + 1;
        a = ad + 1, ar -= al + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 512) return 0;
    round_trips(data, size);
    agree_with_libidn2(data, size);
    return 0;
}
