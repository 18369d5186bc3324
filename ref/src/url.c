/*
 * url.c - which robots.txt governs a URL (SCOPE-1..12).
 *
 * A robots.txt applies to the scheme, host and port that served it, and to
 * nothing else: not to other subdomains, other schemes or other ports (SCOPE-1,
 * 2, 9). Default ports are the same as no port (SCOPE-7); an IDN is the same host
 * as its punycode form (SCOPE-4); an IP address is not the same host as a name
 * that resolves to it (SCOPE-6). The file lives at /robots.txt exactly, with the
 * path case-sensitive (SCOPE-3, SCOPE-10).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const struct {
    const char *scheme;
    int port;
} default_ports[] = {{"http", 80}, {"https", 443}, {"ftp", 21}};

static int default_port(const char *scheme) {
    for (size_t i = 0; i < sizeof default_ports / sizeof default_ports[0]; i++)
        if (strcmp(scheme, default_ports[i].scheme) == 0) return default_ports[i].port;
    return -1;
}

static bool scheme_char(unsigned char c, bool first) {
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (first) return alpha;
    return alpha || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

int robots_url_parse(const char *url, size_t len, robots_url *out, const char **error) {
    const unsigned char *u = (const unsigned char *)(url ? url : "");
    if (!out) return fail(error, "no robots_url to fill in (out is NULL)");
    memset(out, 0, sizeof *out);
    if (!url && len) return fail(error, "the URL is NULL");
    /* scheme ":" */
    size_t i = 0;
    while (i < len && scheme_char(u[i], i == 0)) i++;
    if (i == 0 || i >= len || u[i] != ':') return fail(error, "no scheme (such as http:) at the start");
    if (i > ROBOTS_SCHEME_MAX) return fail(error, "the scheme is longer than 32 characters");
    for (size_t k = 0; k < i; k++) out->scheme[k] = (char)ascii_lower(u[k]);
    /* "//" authority */
    if (len - i < 3 || u[i + 1] != '/' || u[i + 2] != '/')
        return fail(error, "no authority: the scheme must be followed by //host");
    size_t a = i + 3, end = a;
    while (end < len && u[end] != '/' && u[end] != '?' && u[end] != '#') end++;
    /* RFC 3986 allows no backslash in the authority. WHATWG parsers read one as a
     * '/', ending the host ("http://e.com\@evil.com/" is e.com), others pass it
     * into the userinfo (evil.com): refuse rather than pick a host. */
    if (memchr(u + a, '\\', end - a))
        return fail(error, "a backslash in the authority (before the host or in it): RFC 3986 allows none");
    /* userinfo "@" is ignored: the last '@' ends it */
    for (size_t k = end; k > a; k--) {
        if (u[k - 1] == '@') {
            a = k;
            break;
        }
    }
    size_t host_end = end, port_at = end;
    if (a < end && u[a] == '[') {
        const unsigned char *close = memchr(u + a, ']', end - a);
        if (!close) return fail(error, "'[' without ']' in the host");
        host_end = (size_t)(close - u) + 1;
        if (host_end < end && u[host_end] != ':') return fail(error, "unexpected text after ']' in the host");
        port_at = host_end;
    } else {
        for (size_t k = a; k < end; k++) {
            if (u[k] == ':') {
                host_end = port_at = k;
                break;
            }
        }
    }
    /* ":" port: decimal 0-65535; empty means none */
    int port = -1;
    if (port_at < end) {
        size_t digits = port_at + 1;
        if (digits < end) port = 0;
        for (size_t k = digits; k < end; k++) {
            if (u[k] < '0' || u[k] > '9') return fail(error, "the port is not a decimal number");
            port = port * 10 + (u[k] - '0');
            if (port > 65535) return fail(error, "the port is out of range (0-65535)");
        }
    }
    if (host_normalise(u + a, host_end - a, out->host, &out->host_type, error) != 0) return -1;
    int def = default_port(out->scheme);
    out->port = port >= 0 ? port : def;
    out->port_is_default = port < 0 || port == def;
    /* path, then query */
    size_t p = end;
    if (p < len && u[p] == '/') {
        size_t q = p;
        while (q < len && u[q] != '?' && u[q] != '#') q++;
        out->path = url + p;
        out->path_len = q - p;
        p = q;
    }
    out->has_query = p < len && u[p] == '?';
    return 0;
}

int robots_robots_txt_url(const char *url, size_t len, char *out, size_t cap, size_t *out_len,
                          const char **error) {
    if (out_len) *out_len = 0;
    if (!out && cap) return fail(error, "no buffer to write to (out is NULL)");
    if (cap) out[0] = '\0';
    robots_url parsed;
    if (robots_url_parse(url, len, &parsed, error) != 0) return -1;
    char port[8] = "";
    if (!parsed.port_is_default) snprintf(port, sizeof port, ":%d", parsed.port);
    char full[ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32];
    size_t n = (size_t)snprintf(full, sizeof full, "%s://%s%s/robots.txt", parsed.scheme, parsed.host, port);
    if (out_len) *out_len = n;
    if (n >= cap) return fail(error, "the robots.txt URL does not fit in the buffer given");
    memcpy(out, full, n + 1);
    return 0;
}

int robots_scope_check(const char *file_url, size_t file_len, const char *url, size_t url_len,
                       robots_scope *out, const char **error) {
    if (!out) return fail(error, "no robots_scope to set (out is NULL)");
    *out = ROBOTS_SCOPE_DOES_NOT_APPLY;
    robots_url file, target;
    if (robots_url_parse(file_url, file_len, &file, error) != 0) return -1;
    if (robots_url_parse(url, url_len, &target, error) != 0) return -1;
    /* SCOPE-3, SCOPE-10: only /robots.txt at the root, as written. */
    static const char name[] = "/robots.txt";
    if (file.path_len != sizeof name - 1 || memcmp(file.path, name, sizeof name - 1) != 0 ||
        file.has_query)
        *out = ROBOTS_SCOPE_NOT_ROBOTS_URL;
    else if (strcmp(file.scheme, target.scheme) == 0 && strcmp(file.host, target.host) == 0 &&
             file.port == target.port)
        *out = ROBOTS_SCOPE_APPLIES;
    return 0;
}
