/* helpers.c - parse-check-free shortcuts for the tests. */
#include <string.h>

#include "test.h"

robots_rules *parse_or_null(const void *data, size_t len, const robots_options *options) {
    robots_rules *r;
    return robots_parse(data, len, options, &r, NULL) == 0 ? r : NULL;
}

int check_answer(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                 size_t url_len, robots_verdict *v) {
    robots_verdict own;
    if (!v) v = &own;
    return robots_check(r, agent, agent_len, url, url_len, v, NULL) == 0 ? v->allowed : -1;
}

robots_rules *parse_text(robots_profile_id profile, const char *text) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    return parse_or_null(text, strlen(text), &o);
}

int allowed_bytes(robots_profile_id profile, const void *data, size_t len, const char *agent,
                  const char *url) {
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    robots_rules *r = parse_or_null(data, len, &o);
    if (!r) return -1;
    int ok = check_answer(r, agent, strlen(agent), url, strlen(url), NULL);
    robots_free(r);
    return ok;
}

int allowed(robots_profile_id profile, const char *text, const char *agent, const char *url) {
    return allowed_bytes(profile, text, strlen(text), agent, url);
}

int verdict_of(robots_profile_id profile, const char *text, const char *agent, const char *url,
               robots_verdict *v, char *pattern_copy) {
    robots_rules *r = parse_text(profile, text);
    if (!r) return -1;
    int ok = check_answer(r, agent, strlen(agent), url, strlen(url), v);
    pattern_copy[0] = '\0';
    if (v->pattern && v->pattern_len < 256) {
        memcpy(pattern_copy, v->pattern, v->pattern_len);
        pattern_copy[v->pattern_len] = '\0';
    }
    v->pattern = pattern_copy;
    robots_free(r);
    return ok;
}

static unsigned long long random_state;

void test_seed(unsigned long long seed) { random_state = seed; }

unsigned test_random(unsigned n) {
    random_state = random_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(random_state >> 33) % n;
}
