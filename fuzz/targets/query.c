/*
 * query.c - fuzz target: "P" "AGENT\nURL\nROBOTS", the byte P choosing the profile
 * (common.h). The hot path of a crawler, parse then ask, kept lean so that it runs
 * fast under the sanitizers: the answer must keep the invariants of its
 * explanation (check_verdict). Whether the answer is right is the model target's
 * question.
 */
#include "../common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    robots_profile_id p = take_profile(&data, &size);
    query_input q;
    split_query(data, size, &q);
    robots_rules *r = parse_profile(q.robots, q.robots_len, p, ROBOTS_DEFAULT_MAX_BYTES);
    robots_verdict v;
    int ok = check_rules(r, q.agent, q.agent_len, q.url, q.url_len, &v);
    check_verdict(r, &v, ok);
    robots_free(r);
    return 0;
}
