/*
 * curl_url.c - fuzz target: a URL, parsed by the reference and by libcurl's URL API
 * (curl_url_set / curl_url_get), on the inputs where both readings are meant to
 * coincide: schemes http, https and ftp, printable ASCII without spaces, a host
 * that is a plain name ([A-Za-z0-9.-], no A-label, at most 255 octets) or a
 * bracketed IPv6 address without a zone.
 * There both must accept the same URLs and agree on scheme, host, port and path.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <strings.h>
#include <curl/curl.h>

#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(acceptance_differs_from_curl)
DEFINE_FINDING(parts_differ_from_curl)

/* Is every dot-separated part a number as libcurl reads IPv4 parts (decimal,
 * octal, or 0x hex)? Then libcurl takes the host for an IPv4 address in any of its
 * historical forms (127.1, 0x7f.1), where the reference, with RFC 3986, sees a
 * name unless the host is four dotted decimals. */
static bool numeric_host(const char *h, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t end = i;
        while (end < n && h[end] != '.') end++;
        size_t d = i;
        if (end - i >= 2 && h[i] == '0' && (h[i + 1] == 'x' || h[i + 1] == 'X')) {
            for (d = i + 2; d < end && isxdigit((unsigned char)h[d]); d++) continue;
        } else {
            for (; d < end && h[d] >= '0' && h[d] <= '9'; d++) continue;
        }
        if (d != end) return false;
        i = end + 1;
    }
    return true;
}

/* Is the URL in the subset where the two parsers should agree? */
static bool comparable(const char *u, size_t n) {
    if (n == 0 || n > 1024) return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)u[i] <= 0x20 || (unsigned char)u[i] >= 0x7F || u[i] == '\\' || u[i] == '%') return false;
    static const char *const schemes[] = {"http://", "https://", "ftp://"};
    size_t s = 0;
    for (size_t k = 0; k < 3 && !s; k++)
        if (n >= strlen(schemes[k]) && !strncmp(u, schemes[k], strlen(schemes[k]))) s = strlen(schemes[k]);
    if (!s) return false;
    size_t end = s;
    while (end < n && u[end] != '/' && u[end] != '?' && u[end] != '#') end++;
    const char *auth = u + s;
    size_t an = end - s;
    if (memchr(auth, '@', an)) return false; /* userinfo: the two differ on what it may hold */
    if (an && auth[0] == '[') {
        const char *close = memchr(auth, ']', an);
        return close && !memchr(auth, '%', an) && (close + 1 == auth + an || close[1] == ':');
    }
    /* A host name, then an optional port. */
    size_t h = 0;
    while (h < an && auth[h] != ':') {
        char c = auth[h++];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'))
            return false;
    }
    /* The reference holds hosts to DNS's 255 octets; libcurl to no limit. */
    if (h == 0 || h > ROBOTS_HOST_MAX) return false;
    /* A label starting "xn--" is an A-label: the reference checks that it decodes
     * as Punycode (RFC 5891 5.4), libcurl leaves that to the resolver. */
    for (size_t i = 0; i + 4 <= h; i++)
        if ((i == 0 || auth[i - 1] == '.') && !strncasecmp(auth + i, "xn--", 4)) return false;
    return !numeric_host(auth, h);
}

static char *curl_part(CURLU *h, CURLUPart part, unsigned flags) {
    char *v = NULL;
    return curl_url_get(h, part, &v, flags) == CURLUE_OK ? v : NULL;
}

/* Hosts compare without case; IPv6 addresses as addresses. */
static bool same_host(const char *ours, const char *theirs) {
    if (ours[0] == '[' && theirs[0] == '[') {
        unsigned char a[16], b[16];
        char x[64], y[64];
        snprintf(x, sizeof x, "%.*s", (int)strcspn(ours + 1, "]"), ours + 1);
        snprintf(y, sizeof y, "%.*s", (int)strcspn(theirs + 1, "]"), theirs + 1);
        return inet_pton(AF_INET6, x, a) == 1 && inet_pton(AF_INET6, y, b) == 1 && !memcmp(a, b, 16);
    }
    return strcasecmp(ours, theirs) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *u = (const char *)data;
    if (!comparable(u, size)) return 0;
    char *text = strndup(u, size);
    robots_url ours;
    const char *error = NULL;
    bool ok = robots_url_parse(u, size, &ours, &error) == 0;
    CURLU *h = curl_url();
    bool curl_ok = curl_url_set(h, CURLUPART_URL, text, CURLU_PATH_AS_IS) == CURLUE_OK;
    char *scheme = curl_ok ? curl_part(h, CURLUPART_SCHEME, 0) : NULL;
    char *host = curl_ok ? curl_part(h, CURLUPART_HOST, 0) : NULL;
    char *port = curl_ok ? curl_part(h, CURLUPART_PORT, CURLU_DEFAULT_PORT) : NULL;
    char *path = curl_ok ? curl_part(h, CURLUPART_PATH, 0) : NULL;
    curl_ok = curl_ok && scheme && host && port && path;
    if (ok != curl_ok) {
        print_bytes("url", u, size);
        FINDING(acceptance_differs_from_curl,
                "the reference %s it (%s); libcurl %s it", ok ? "accepts" : "rejects", ok ? "" : error,
                curl_ok ? "accepts" : "rejects");
    }
    if (ok) {
        char ours_path[1100];
        /* No path is the path "/" (RFC 9309 2.2.2), as libcurl reports it. */
        if (ours.path_len) snprintf(ours_path, sizeof ours_path, "%.*s", (int)ours.path_len, ours.path);
        else snprintf(ours_path, sizeof ours_path, "/");
        bool agree = !strcasecmp(ours.scheme, scheme) && same_host(ours.host, host) && ours.port == atoi(port) &&
                     !strcmp(ours_path, path);
        if (!agree) {
            print_bytes("url", u, size);
            FINDING(parts_differ_from_curl,
                    "the reference reads %s, %s, %d, %s; libcurl %s, %s, %s, %s", ours.scheme, ours.host, ours.port,
                    ours_path, scheme, host, port, path);
        }
    }
    curl_free(scheme);
    curl_free(host);
    curl_free(port);
    curl_free(path);
    curl_url_cleanup(h);
    free(text);
    return 0;
}
