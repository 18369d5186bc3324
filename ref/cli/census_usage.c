/*
 * census_usage.c - the AI usage preferences a census counts: for every site and
 * agent, what each preference (Content-Usage train-ai and search, Content-Signal
 * search, ai-input and ai-train) answers at the root, and whether some path asked
 * (the root included) answers n or y (docs/census.md, "AI usage preferences").
 */
#include <string.h>

#include "census.h"

static const struct {
    robots_usage_vocab vocab;
    const char *category, *name;
} preferences[CENSUS_PREFERENCES] = {
    {ROBOTS_CONTENT_USAGE, "train-ai", "content-usage train-ai"},
    {ROBOTS_CONTENT_USAGE, "search", "content-usage search"},
    {ROBOTS_CONTENT_SIGNAL, "search", "content-signal search"},
    {ROBOTS_CONTENT_SIGNAL, "ai-input", "content-signal ai-input"},
    {ROBOTS_CONTENT_SIGNAL, "ai-train", "content-signal ai-train"},
};

const char *census_preference_name(size_t preference) { return preferences[preference].name; }

void census_usage_site(const robots_rules *rules, const char *agent, size_t agent_len,
                       const char (*paths)[CENSUS_PATH_BYTES], const size_t *lens, size_t np, census_usage_tally *t) {
    /* Most files have no such line: every answer is unknown, nothing to count. */
    if (!rules || robots_usage_line_count(rules) == 0) return;
    static char url[CENSUS_PATH_BYTES + 16] = "http://site";
    for (size_t k = 0; k < CENSUS_PREFERENCES; k++) {
        bool any_n = false, any_y = false;
        size_t category_len = strlen(preferences[k].category);
        for (size_t p = 0; p < np; p++) {
            memcpy(url + 11, paths[p], lens[p] + 1);
            robots_usage_verdict v;
            /* It fails only for arguments a census never passes (NULL rules or
             * category, rules parsed for other agents), and then the answer is
             * unknown: nothing counted. Running out of memory does not make it
             * fail (a query that cannot allocate matches more slowly). */
            (void)robots_usage_check(rules, preferences[k].vocab, agent, agent_len, url, 11 + lens[p],
                                     preferences[k].category, category_len, &v, NULL);
            if (p == 0 && v.answer != ROBOTS_USAGE_UNKNOWN) t->counts[k][v.answer == ROBOTS_USAGE_NO ? 0 : 1]++;
            any_n = any_n || v.answer == ROBOTS_USAGE_NO;
            any_y = any_y || v.answer == ROBOTS_USAGE_YES;
        }
        t->counts[k][2] += any_n;
        t->counts[k][3] += any_y;
    }
}
