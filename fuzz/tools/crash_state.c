/*
 * crash_state.c - two planted findings, for make test-crash-state: a libFuzzer
 * target whose input's first byte breaks one invariant of common.h's
 * check_verdict, 'a' its answer (verdict_answer) or 'l' its deciding line
 * (verdict_line_past_end); any other input breaks none. ClusterFuzz files a crash
 * by its top frames below abort(), so the two must abort from two different
 * frames, each named for its invariant (issue 63, item 4):
 * fuzz/tools/check-crash-state runs both and compares the stacks libFuzzer prints.
 *
 * The verdict is a real one, of a real file, so that only the planted field is
 * wrong and check_verdict fails on exactly that invariant.
 */
#include "../common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char robots[] = "user-agent: *\ndisallow: /private\n";
    robots_rules *r = parse_profile((const uint8_t *)robots, sizeof robots - 1, ROBOTS_PROFILE_RFC9309, 0);
    robots_verdict v;
    int allowed = check_rules(r, "bot", 3, "/private/x", 10, &v);
    if (size > 0 && data[0] == 'a') allowed = !allowed; /* the answer the checker is told differs */
    if (size > 0 && data[0] == 'l') v.line = 1000;      /* a deciding line past the file's 2 */
    check_verdict(r, &v, allowed);
    robots_free(r);
    return 0;
}
