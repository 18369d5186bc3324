/*
 * usage.c - fuzz target: "CATEGORY\nAGENT\nURL\nROBOTS", the AI usage preferences
 * against two independent oracles:
 *   - the RFC 9651 Dictionary reader (robots_sf_dictionary_get) against
 *     fuzz/oracles/sfdict_model.c, on the robots.txt bytes as a statement and on
 *     every Content-Usage and Content-Signal statement of the file, for CATEGORY;
 *   - robots_usage_check, for both kinds of line under both profiles, against
 *     model_usage of fuzz/oracles/model.c (the crawl gate, the groups, the longest
 *     path and the combining read again).
 * Any difference in the answer or the deciding line aborts with both sides.
 */
#include "../common.h"
#include "../oracles/model.h"
#include "../oracles/sfdict_model.h"

/* As the model target: the model's matcher is for small files. */
#define USAGE_INPUT_MAX 65536

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(dictionary_readers_differ)
DEFINE_FINDING(usage_line_missing)
DEFINE_FINDING(usage_check_failed)
DEFINE_FINDING(usage_model_differs)

static const char *sf_type_name(robots_sf_type t) {
    static const char *const names[] = {"", "boolean", "integer", "decimal", "string", "token",
                                        "byte sequence", "date", "display string", "inner list"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

/* The two Dictionary readers agree on the statement: found or not, the type, a
 * token's characters and a boolean's value. */
static void compare_dictionary(const unsigned char *s, size_t n, const char *key, size_t key_len) {
    robots_sf_value mine;
    sfdict_model_value theirs;
    int a = robots_sf_dictionary_get((const char *)s, n, key, key_len, &mine);
    int b = sfdict_model_get(s, n, key, key_len, &theirs);
    bool same = a == b;
    if (same && a == 1) {
        same = !strcmp(sf_type_name(mine.type), theirs.type);
        if (same && mine.type == ROBOTS_SF_TOKEN)
            same = mine.text_len == theirs.token_len &&
                   !memcmp(mine.text, theirs.token, mine.text_len < 63 ? mine.text_len : 63);
        if (same && mine.type == ROBOTS_SF_BOOLEAN) same = mine.boolean == theirs.boolean;
    }
    if (!same) {
        print_bytes("statement", s, n);
        print_bytes("key", key, key_len);
        FINDING(dictionary_readers_differ, "the reference reads %d (%s), the model %d (%s)", a,
                a == 1 ? sf_type_name(mine.type) : "-", b, b == 1 ? theirs.type : "-");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > USAGE_INPUT_MAX) return 0;
    size_t category_len;
    const uint8_t *rest = next_line(data, size, &category_len);
    const char *category = (const char *)data;
    query_input q;
    split_query(rest, (size_t)(data + size - rest), &q);
    compare_dictionary(q.robots, q.robots_len, category, category_len);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        robots_rules *r = parse_profile(q.robots, q.robots_len, (robots_profile_id)p, ROBOTS_DEFAULT_MAX_BYTES);
        for (size_t i = 0; i < robots_usage_line_count(r); i++) {
            robots_usage_line l;
            REQUIRE(usage_line_missing, robots_get_usage_line(r, i, &l) == 0);
            compare_dictionary((const unsigned char *)l.statement, l.statement_len, category, category_len);
        }
        for (int signal = 0; signal < 2; signal++) {
            robots_usage_verdict v;
            REQUIRE(usage_check_failed,
                    robots_usage_check(r, signal ? ROBOTS_CONTENT_SIGNAL : ROBOTS_CONTENT_USAGE, q.agent, q.agent_len,
                                       q.url, q.url_len, category, category_len, &v, NULL) == 0);
            char answer;
            size_t line;
            if (model_usage(p == ROBOTS_PROFILE_RFC9309, q.robots, q.robots_len, ROBOTS_DEFAULT_MAX_BYTES, q.agent,
                            q.agent_len, q.url, q.url_len, signal, category, category_len, &answer, &line) != 0)
                continue;
            char mine = "uyn"[v.answer];
            if (mine != answer || line != v.line) {
                print_bytes("robots.txt", q.robots, q.robots_len);
                print_bytes("agent", q.agent, q.agent_len);
                print_bytes("url", q.url, q.url_len);
                print_bytes("category", category, category_len);
                FINDING(usage_model_differs,
                        "profile %s, %s: the reference says %c (line %zu), the model %c (line %zu)",
                        robots_profile_name((robots_profile_id)p), signal ? "Content-Signal" : "Content-Usage", mine,
                        v.line, answer, line);
            }
        }
        robots_free(r);
    }
    return 0;
}
