/*
 * compare.c - the other matchers `robots-bench --workload FILE --compare NAME`
 * can time beside the reference, on the same checks in the same rounds, and whose
 * answers it compares with the reference's (google profile).
 *
 * - rfc9309: the reference under its rfc9309 profile, re-parsing for every check.
 *   Its answers differ where the profiles do (docs/profiles.md), which
 *   makes it the comparison `make test` runs.
 * - google: Google's open-source parser (RobotsMatcher::OneAgentAllowedByRobots,
 *   which parses the file for every check), in the binary `make bench-google
 *   GOOGLE_ROBOTSTXT=DIR` builds against a checkout of it (google_shim.cc);
 *   BENCH_GOOGLE is defined there only. Its code never enters this project.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static int rfc9309_allowed(const char *body, size_t len, const char *agent, size_t agent_len, const char *url,
                           size_t url_len) {
    robots_options o;
    robots_options_init(&o);
    o.profile = ROBOTS_PROFILE_RFC9309;
    robots_rules *r = bench_parse(body, len, &o);
    int allowed = bench_allowed(r, agent, agent_len, url, url_len, NULL);
    robots_free(r);
    return allowed;
}

#ifdef BENCH_GOOGLE
/* google_shim.cc */
int bench_google_allowed(const char *body, size_t len, const char *agent, size_t agent_len, const char *url,
                         size_t url_len);
#endif

static const bench_other others[] = {
    {"rfc9309", rfc9309_allowed},
#ifdef BENCH_GOOGLE
    {"google", bench_google_allowed},
#endif
};

const bench_other *bench_other_named(const char *name) {
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        if (!strcmp(others[i].name, name)) return &others[i];
    return NULL;
}

const char *bench_other_names(void) {
#ifdef BENCH_GOOGLE
    return "rfc9309, google";
#else
    return "rfc9309 (google: make bench-google GOOGLE_ROBOTSTXT=DIR)";
#endif
}
