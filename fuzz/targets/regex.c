/*
 * regex.c - fuzz target: "PATTERN\nPATH". The reference's matching of one rule
 * against a path, compared with the rule translated into a POSIX extended regular
 * expression ('*' as ".*", a final '$' as "$", every other octet literal, anchored
 * at the start) and run by libc's regexec. Google profile: octets as written.
 */
#include <regex.h>

#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(rule_missing)
DEFINE_FINDING(path_too_long)
DEFINE_FINDING(regex_not_compiled)
DEFINE_FINDING(regex_differs)

#define PATTERN_MAX 64
#define PATH_MAX_LEN 512

/* The line "disallow: PATTERN" must hold exactly the pattern: no line ends, no
 * comment, no NUL, nothing to trim. */
static size_t clean(const uint8_t *d, size_t n, char *out, size_t cap) {
    size_t o = 0;
    for (size_t i = 0; i < n && o < cap; i++)
        if (d[i] != '\n' && d[i] != '\r' && d[i] != '#' && d[i] != '\0') out[o++] = (char)d[i];
    while (o && (out[o - 1] == ' ' || (out[o - 1] >= '\t' && out[o - 1] <= '\r'))) o--;
    size_t s = 0;
    while (s < o && (out[s] == ' ' || (out[s] >= '\t' && out[s] <= '\r'))) s++;
    memmove(out, out + s, o - s);
    return o - s;
}

static void to_regex(const char *p, size_t n, char *out) {
    size_t o = 0;
    out[o++] = '^';
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '*') {
            out[o++] = '.';
            out[o++] = '*';
        } else if (c == '$' && i + 1 == n) {
            out[o++] = '$';
        } else if (strchr(".[]()+?{}|^$\\", c) && c) {
            out[o++] = '\\';
            out[o++] = c;
        } else {
            out[o++] = c;
        }
    }
    out[o] = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t pat_len, path_len;
    const uint8_t *rest = next_line(data, size, &pat_len);
    path_len = (size_t)(data + size - rest);
    char pattern[PATTERN_MAX + 1];
    size_t n = clean(data, pat_len, pattern, PATTERN_MAX);
    if (n == 0) return 0;
    char robots[PATTERN_MAX + 32];
    int rl = snprintf(robots, sizeof robots, "user-agent: *\ndisallow: %.*s", (int)n, pattern);
    robots_rules *r = parse_profile((const uint8_t *)robots, (size_t)rl, ROBOTS_PROFILE_GOOGLE, 0);
    robots_rule_info rule;
    REQUIRE(rule_missing, robots_get_rule(r, 0, &rule) == 0);
    /* The URL: the bytes as a path (no NUL, no fragment), starting with '/'. */
    char url[PATH_MAX_LEN + 2];
    size_t u = 0;
    url[u++] = '/';
    for (size_t i = 0; i < path_len && u < PATH_MAX_LEN; i++)
        if (rest[i] && rest[i] != '#') url[u++] = (char)rest[i];
    url[u] = '\0';
    char path[PATH_MAX_LEN + 2];
    size_t pl = robots_url_path(url, u, path, sizeof path - 1);
    REQUIRE(path_too_long, pl < sizeof path);
    path[pl] = '\0';
    bool disallowed = !check_rules(r, "x", 1, url, u, NULL);
    char re_text[PATTERN_MAX * 6 + 4];
    to_regex(rule.pattern, rule.pattern_len, re_text);
    regex_t re;
    REQUIRE(regex_not_compiled, regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB) == 0);
    bool matches = regexec(&re, path, 0, NULL, 0) == 0;
    regfree(&re);
    if (matches != disallowed) {
        print_bytes("pattern", rule.pattern, rule.pattern_len);
        print_bytes("path", path, pl);
        FINDING(regex_differs,
                "the reference says %s, the regular expression %s %s", disallowed ? "match" : "no match", re_text,
                matches ? "matches" : "does not match");
    }
    robots_free(r);
    return 0;
}
