/* regex.c - seeds of fuzz/targets/regex.c: PATTERN "\n" PATH, for the first rules of
 * each case's robots.txt with the path of each of its allow checks. */
#include <string.h>

#include "buf.h"
#include "seed_sink.h"

#define REGEX_RULES_PER_CASE 8

static void rules_with_path(sink *s, const robots_rules *r, const char *url) {
    char path[2048];
    size_t pl = robots_url_path(url, strlen(url), path, sizeof path);
    for (size_t i = 0; i < robots_rule_count(r) && i < REGEX_RULES_PER_CASE && pl < sizeof path; i++) {
        robots_rule_info ri;
        if (robots_get_rule(r, i, &ri) != 0 || ri.pattern_len == 0) continue;
        buf out = {0};
        if (buf_add(&out, ri.pattern, ri.pattern_len) | buf_addc(&out, '\n') | buf_add(&out, path, pl)) s->failed = 1;
        else emit(s, out.data, out.len);
        buf_free(&out);
    }
}

void seeds_regex(sink *s, const tcase *c) {
    if (!c->robots.present) return;
    robots_rules *r;
    if (robots_parse(c->robots.data, c->robots.len, NULL, &r, NULL) != 0) {
        s->failed = 1;
        return;
    }
    for (size_t i = 0; i < c->nchecks; i++)
        if (c->checks[i].kind == KIND_ALLOW) rules_with_path(s, r, c->checks[i].url);
    robots_free(r);
}

/* A pattern line, then the path. */
const char *layout_regex(const unsigned char *d, size_t n, const seed_facts *f) {
    (void)f;
    if (!memchr(d, '\n', n)) return "no path line after the pattern line";
    return NULL;
}
