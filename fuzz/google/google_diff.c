/*
 * google_diff.c - fuzz target: the reference's google profile against Google's
 * own parser (google/robotstxt's RobotsMatcher, through google_side.cc), in one
 * process. The input is laid out as the query targets' ("AGENT\nURL\nROBOTS"); a
 * verdict the two give differently is a finding: both answers, both deciding
 * lines and the input are printed, then the target aborts. The google profile's
 * promise is zero such findings.
 *
 * ROBOTS_DIFF_TOGGLE=SWITCH (a switch's name, robots.h) sets that switch of the
 * reference the other way: the self-test's planted difference, which the target
 * must report within a minute (make fuzz-google-selftest). The library is not
 * changed for it: the target passes robots_options.toggle, as the atlas does.
 *
 * Built only with a checkout of google/robotstxt (make fuzz-google
 * GOOGLE_ROBOTSTXT=DIR; fuzz/oss-fuzz/build.sh when the Dockerfile cloned it).
 */
#include <stdlib.h>
#include <string.h>

#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(google_parser_differs)

int google_diff_allowed(const char *body, size_t len, const char *agent, size_t agent_len, const char *url,
                        size_t url_len, int *line);

static unsigned toggle;
static int toggle_read;

/* The switch ROBOTS_DIFF_TOGGLE names, as a toggle bit (0: none). */
static unsigned toggle_from_environment(void) {
    const char *name = getenv("ROBOTS_DIFF_TOGGLE");
    if (!name || !*name) return 0;
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++)
        if (!strcmp(robots_switch_name((robots_switch)s), name)) return 1u << s;
    fprintf(stderr, "google_diff: ROBOTS_DIFF_TOGGLE=%s names no switch of robots.h\n", name);
    exit(2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!toggle_read) {
        toggle = toggle_from_environment();
        toggle_read = 1;
    }
    if (size > 65536) return 0; /* both parsers are linear; longer inputs only slow the search */
    query_input q;
    split_query(data, size, &q);
    robots_options o;
    robots_options_init(&o);
    o.profile = ROBOTS_PROFILE_GOOGLE;
    o.max_bytes = 0; /* Google's parser reads every byte it is given; the cap is the fetcher's */
    o.toggle = toggle;
    robots_rules *rules;
    if (robots_parse(q.robots, q.robots_len, &o, &rules, NULL) != 0) return 0; /* memory ran out */
    robots_verdict v;
    int checked = robots_check(rules, q.agent, q.agent_len, q.url, q.url_len, &v, NULL);
    int google_line = 0;
    int google = google_diff_allowed((const char *)q.robots, q.robots_len, q.agent, q.agent_len, q.url, q.url_len,
                                     &google_line);
    if (checked == 0 && v.allowed != google) {
        print_bytes("agent", q.agent, q.agent_len);
        print_bytes("url", q.url, q.url_len);
        print_bytes("robots.txt", q.robots, q.robots_len);
        FINDING(google_parser_differs,
                "the reference (google profile%s) says %s (deciding line %zu), Google's parser says %s (matching "
                "line %d)", toggle ? ", one switch toggled by ROBOTS_DIFF_TOGGLE" : "",
                v.allowed ? "allowed" : "disallowed", v.line, google ? "allowed" : "disallowed", google_line);
    }
    robots_free(rules);
    return 0;
}
