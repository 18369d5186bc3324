/*
 * scope.c - `robots url URL` and `robots scope ROBOTS_URL URL`: which robots.txt
 * governs a URL (SCOPE-1..12). One word on stdout; a malformed URL exits 2 with
 * the reason on stderr.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int malformed(const char *url, const char *why) {
    fprintf(stderr, "malformed URL '%s': %s\n", url, why);
    return EXIT_USAGE;
}

int run_url(const cli_options *o, const char *url) {
    (void)o;
    char out[ROBOTS_SCHEME_MAX + ROBOTS_HOST_MAX + 32];
    const char *error;
    if (robots_robots_txt_url(url, strlen(url), out, sizeof out, NULL, &error) != 0) return malformed(url, error);
    printf("%s\n", out);
    return 0;
}

static void explain_url(const char *label, const robots_url *u) {
    printf("explain: %s: scheme %s, host %s, ", label, u->scheme, u->host);
    if (u->port < 0) printf("no port");
    else printf("port %d%s", u->port, u->port_is_default ? " (the default)" : "");
    printf("\n");
}

int run_scope(const cli_options *o, const char *file_url, const char *url) {
    const char *error = NULL;
    robots_scope s;
    if (robots_scope_check(file_url, strlen(file_url), url, strlen(url), &s, &error) != 0) {
        robots_url check;
        const char *which = robots_url_parse(file_url, strlen(file_url), &check, &error) ? file_url : url;
        return malformed(which, error);
    }
    printf("%s\n", robots_scope_name(s));
    if (o->explain) {
        robots_url file, target;
        robots_url_parse(file_url, strlen(file_url), &file, &error);
        robots_url_parse(url, strlen(url), &target, &error);
        explain_url("robots.txt", &file);
        explain_url("url", &target);
        printf("explain: why: %s\n",
               s == ROBOTS_SCOPE_NOT_ROBOTS_URL
                   ? "a robots.txt file lives only at /robots.txt (exactly, case-sensitive) at the root"
               : s == ROBOTS_SCOPE_APPLIES ? "same scheme, host and port"
                                           : "a robots.txt governs only its own scheme, host and port");
    }
    return s == ROBOTS_SCOPE_APPLIES ? 0 : 1;
}
