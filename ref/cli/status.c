/*
 * status.c - `robots status CODE|network-error` and `robots cache-lifetime`: what a
 * crawler does with the response to its robots.txt request, and how long it may
 * keep the file (STATUS-1..9, RFC-7).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int run_status(const cli_options *o, const char *code) {
    robots_fetch f = {0, 0, o->redirects, o->unreachable_days, o->cached};
    if (strcmp(code, "network-error") == 0) {
        f.network_error = 1;
    } else {
        size_t n = strlen(code);
        if (n == 0 || n > 3 || strspn(code, "0123456789") != n) {
            fprintf(stderr, "invalid status '%s': give an HTTP status (100-599) or network-error\n", code);
            return EXIT_USAGE;
        }
        for (size_t i = 0; i < n; i++) f.status = f.status * 10 + (code[i] - '0');
    }
    const char *why;
    robots_fetch_decision d;
    if (robots_fetch_policy(o->profile, &f, &d, &why) != 0) {
        fprintf(stderr, "invalid status '%s': %s\n", code, why);
        return EXIT_USAGE;
    }
    printf("%s\n", robots_fetch_decision_name(d));
    if (o->explain) printf("explain: why: %s\n", why);
    return 0;
}

int run_cache_lifetime(const cli_options *o) {
    const char *why;
    const char *cc = o->cache_control;
    int64_t seconds = robots_cache_lifetime(o->profile, cc, cc ? strlen(cc) : 0, &why);
    printf("%" PRId64 "\n", seconds);
    if (o->explain) printf("explain: why: %s\n", why);
    return 0;
}
