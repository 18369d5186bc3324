/*
 * model.c - fuzz target: "AGENT\nURL\nROBOTS", the reference against the
 * independent model of fuzz/oracles/model.c, under both profiles. Any difference
 * in the verdict, the deciding line or the kind of group aborts with both answers;
 * so does any difference between the rules parsed whole and parsed for the agent
 * (robots_options.agents: unsorted, other groups' rules left out).
 */
#include "../common.h"
#include "../oracles/model.h"

static void print_query(const query_input *q) {
    print_bytes("robots.txt", q->robots, q->robots_len);
    print_bytes("agent", q->agent, q->agent_len);
    print_bytes("url", q->url, q->url_len);
}

/* The model re-reads the file for every question and matches by memoised
 * backtracking: it is meant for small files (one of 497 KB took ~40 s under ASan,
 * past OSS-Fuzz's 25 s an input). Larger inputs are the other targets' to try;
 * fuzz/options/model.options sets libFuzzer's max_len to the same. */
#define MODEL_INPUT_MAX 65536

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(agent_parse_differs)
DEFINE_FINDING(model_differs)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > MODEL_INPUT_MAX) return 0;
    query_input q;
    split_query(data, size, &q);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_profile(q.robots, q.robots_len, (robots_profile_id)p, ROBOTS_DEFAULT_MAX_BYTES);
        robots_verdict v, mine;
        int ok = check_rules(r, q.agent, q.agent_len, q.url, q.url_len, &v);
        /* Parsed for the agent alone, the same verdict to the letter. */
        robots_rules *one = parse_rules(q.robots, q.robots_len, (robots_profile_id)p, ROBOTS_DEFAULT_MAX_BYTES,
                                        q.agent, q.agent_len);
        check_rules(one, q.agent, q.agent_len, q.url, q.url_len, &mine);
        if (!same_verdict(&v, &mine)) {
            print_query(&q);
            FINDING(agent_parse_differs,
                    "profile %s: parsed for the agent, line %zu (%s); parsed whole, line %zu (%s)",
                    robots_profile_name((robots_profile_id)p), mine.line, mine.allowed ? "allowed" : "disallowed",
                    v.line, v.allowed ? "allowed" : "disallowed");
        }
        robots_free(one);
        robots_free(r);
        model_answer m;
        if (model_check(p == ROBOTS_PROFILE_RFC9309, q.robots, q.robots_len, ROBOTS_DEFAULT_MAX_BYTES, q.agent,
                        q.agent_len, q.url, q.url_len, &m) != 0)
            continue;
        if (m.allowed != ok || m.line != v.line || m.group != (int)v.group) {
            print_query(&q);
            FINDING(model_differs,
                    "profile %s: the reference says %s (line %zu, group %d), the model %s (line %zu, group %d)",
                    robots_profile_name((robots_profile_id)p), ok ? "allowed" : "disallowed", v.line, (int)v.group,
                    m.allowed ? "allowed" : "disallowed", m.line, m.group);
        }
    }
    return 0;
}
