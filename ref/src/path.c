/*
 * path.c - the part of a URL that rules match: Google's GetPathParamsQuery.
 *
 * Scheme, authority and fragment are dropped; path, params and query are kept, and
 * the result always starts with '/' (a bare "?q" or ";p" gets one put in front, no
 * path at all gives "/"). The URL is not decoded or normalised: callers pass it
 * %-escaped, as Google's matcher expects.
 */
#include <string.h>

#include "internal.h"

#define NPOS SIZE_MAX

/* The bytes the scan stops at: one pass over the URL finds the scheme's end, the
 * path's start and the fragment, where a memchr per byte kind (eight calls) read
 * the URL up to eight times and cost a sixth of a query. */
enum { U_STOP = 1 /* '/', '?', ';': the path may start */, U_COLON = 2, U_HASH = 4 };
static const unsigned char url_class[256] = {
    ['/'] = U_STOP, ['?'] = U_STOP, [';'] = U_STOP, [':'] = U_COLON, ['#'] = U_HASH,
};

/* The first octet of [q, end) that has a class in url_class, or end. Where SSE2
 * is available (every x86-64) sixteen octets are compared with each of the five
 * at once, and most of a host name is passed over in a few instructions (octet by
 * octet, the scheme and the host were an eighth of a query). The loop over single
 * octets is the definition; `make test` runs every test on it too (the sanitizer
 * tree is built with ROBOTS_NO_SIMD). */
static inline const unsigned char *next_stop(const unsigned char *q, const unsigned char *end) {
#ifdef ROBOTS_SSE2
    for (; end - q >= 16; q += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
        __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('/')), query = _mm_cmpeq_epi8(v, _mm_set1_epi8('?'));
        __m128i semi = _mm_cmpeq_epi8(v, _mm_set1_epi8(';')), colon = _mm_cmpeq_epi8(v, _mm_set1_epi8(':'));
        __m128i hash = _mm_cmpeq_epi8(v, _mm_set1_epi8('#'));
        __m128i hit = _mm_or_si128(_mm_or_si128(slash, query), _mm_or_si128(_mm_or_si128(semi, colon), hash));
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask) return q + __builtin_ctz(mask);
    }
#endif
    while (q < end && !url_class[*q]) q++;
    return q;
}

/* The first '/', '?' or ';' of u from i on (or NPOS); a '#' before it is kept in
 * *fragment if none was. With `scheme` set, a "://" before it is the scheme's end:
 * *scheme_end is set after it and the scan stops there. */
static size_t scan_to_stop(const unsigned char *u, size_t n, size_t i, bool scheme, size_t *scheme_end,
                           size_t *fragment) {
    for (; (i = (size_t)(next_stop(u + i, u + n) - u)) < n; i++) {
        unsigned k = url_class[u[i]];
        if (k & U_STOP) return i;
        if (k & U_HASH) {
            if (*fragment == NPOS) *fragment = i;
        } else if (scheme && n - i >= 3 && u[i + 1] == '/' && u[i + 2] == '/') { /* U_COLON */
            *scheme_end = i + 3;
            return NPOS;
        }
    }
    return NPOS;
}

void url_path_span(const unsigned char *u, size_t n, size_t *start, size_t *len, int *lead) {
    /* A leading "//" (a scheme-relative URL) is skipped. */
    size_t from = (n >= 2 && u[0] == '/' && u[1] == '/') ? 2 : 0;
    size_t fragment = NPOS, authority = NPOS;
    /* "://" marks a scheme only before the first '/', '?' or ';': the path starts
     * at that first one, or at the first one after the scheme. */
    size_t path = scan_to_stop(u, n, from, true, &authority, &fragment);
    if (authority != NPOS) path = scan_to_stop(u, n, authority, false, &authority, &fragment);
    if (path == NPOS || fragment < path) {
        /* No path, or a '#' before it: the path is "/". */
        *start = 0;
        *len = 0;
        *lead = 1;
        return;
    }
    const unsigned char *hash = memchr(u + path, '#', n - path);
    *start = path;
    *len = (hash ? (size_t)(hash - u) : n) - path;
    *lead = u[path] != '/';
}

size_t robots_url_path(const char *url, size_t url_len, char *out, size_t cap) {
    size_t start, len;
    int lead;
    if (!url) url_len = 0;
    url_path_span((const unsigned char *)(url ? url : ""), url_len, &start, &len, &lead);
    size_t total = (size_t)lead + len;
    for (size_t i = 0; i < total && i < cap; i++)
        out[i] = (i < (size_t)lead) ? '/' : url[start + i - (size_t)lead];
    return total;
}
