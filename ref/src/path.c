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

/* The first of '/', '?' or ';' at or after `from`. */
static size_t find_path_char(const unsigned char *u, size_t n, size_t from) {
    size_t first = NPOS;
    static const unsigned char stops[3] = {'/', '?', ';'};
    for (size_t k = 0; k < sizeof stops && from < n; k++) {
        const unsigned char *hit = memchr(u + from, stops[k], n - from);
        if (hit) {
            first = (size_t)(hit - u);
            n = first; /* a later stop can only be earlier than this one */
        }
    }
    return first;
}

/* The first "://" at or after `from`. */
static size_t find_scheme_end(const unsigned char *u, size_t n, size_t from) {
    const unsigned char *p = u + from, *end = u + n;
    while (p < end && (p = memchr(p, ':', (size_t)(end - p))) != NULL) {
        if (end - p >= 3 && p[1] == '/' && p[2] == '/') return (size_t)(p - u);
        p++;
    }
    return NPOS;
}

void url_path_span(const unsigned char *u, size_t n, size_t *start, size_t *len, int *lead) {
    /* A leading "//" (a scheme-relative URL) is skipped. */
    size_t from = (n >= 2 && u[0] == '/' && u[1] == '/') ? 2 : 0;
    /* "://" marks a scheme only before the first '/', '?' or ';'. */
    size_t early = find_path_char(u, n, from);
    size_t scheme = find_scheme_end(u, n, from);
    if (early < scheme) scheme = NPOS;
    size_t authority = scheme == NPOS ? from : scheme + 3;
    size_t path = find_path_char(u, n, authority);
    const unsigned char *hash = n > from ? memchr(u + from, '#', n - from) : NULL;
    size_t fragment = hash ? (size_t)(hash - u) : NPOS;
    if (path == NPOS || fragment < path) {
        /* No path, or a '#' before it: the path is "/". */
        *start = 0;
        *len = 0;
        *lead = 1;
        return;
    }
    *start = path;
    *len = (fragment == NPOS ? n : fragment) - path;
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
