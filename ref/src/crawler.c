/*
 * crawler.c - asking as a real crawler asks: its tokens in order, the first one
 * a group names deciding alone (UA-1, UA-2), and '*' groups skipped by a crawler
 * that ignores them (Google's special-case crawlers).
 */
#include "robots.h"

#include <stddef.h>

int robots_check_crawler(const robots_rules *rules, const char *const *tokens, const size_t *lens, size_t count,
                         unsigned flags, const char *url, size_t url_len, robots_verdict *verdict, size_t *decided,
                         const char **error) {
    if (decided) *decided = count;
    if (!tokens && count) return robots_check_agents(rules, tokens, lens, count, url, url_len, verdict, error);
    /* Each token asked alone: its own groups, or '*' when no group names it. */
    for (size_t i = 0; i < count; i++) {
        if (robots_check_agents(rules, &tokens[i], lens ? &lens[i] : NULL, 1, url, url_len, verdict, error)) return -1;
        if (verdict->group == ROBOTS_GROUP_SPECIFIC) {
            if (decided) *decided = i;
            return 0;
        }
    }
    if (!count && robots_check_agents(rules, NULL, NULL, 0, url, url_len, verdict, error)) return -1;
    if ((flags & ROBOTS_CRAWLER_IGNORES_STAR) && verdict->group == ROBOTS_GROUP_GLOBAL) {
        robots_verdict none = {0};
        none.allowed = 1;
        none.why = verdict->why & ROBOTS_WHY_ROBOTS_TXT;
        *verdict = none;
    }
    return 0;
}
