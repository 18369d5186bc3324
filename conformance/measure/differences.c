/*
 * differences.c - robots-differences: how often each difference between Google's
 * parser and RFC 9309, and each common mistake, changes a verdict on real
 * robots.txt files (the figures of the site's "What matters for your site").
 *
 *   robots-differences [--agents A,B,...] [--paths N] DIR > FIGURES.json
 *
 * Every file of DIR (sorted by name; its name is its site when it looks like a
 * host) is read as a fetcher would (the first 500 KiB), and asked, for each agent,
 * about "/" and up to N paths made from its own rules ('*' becomes 'x', a final
 * '$' is dropped): under the google profile, the rfc9309 profile, and the google
 * profile with each switch toggled alone (robots_options.toggle). A switch
 * "changes a verdict" in a file when one of those checks is answered otherwise
 * with it toggled. The common mistakes are read off the file's lines. The output
 * names no site: only counts, the agents and how the paths were made.
 *
 * Exit 0, or 2 for a usage error or a directory that cannot be read.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "file.h"
#include "robots.h"

#define PATHS_DEFAULT 12
#define PATH_MAX_LEN 512
#define CONFIGS (2 + ROBOTS_SWITCH_COUNT) /* google, rfc9309, google with each switch toggled */

static const char *const default_agents[] = {"Googlebot", "Bingbot", "GPTBot", "ClaudeBot", "CCBot", "Google-Extended"};

/* The mistakes a site owner makes, read off the lines (robots_switch covers the
 * ones Google forgives and RFC 9309 does not). */
enum mistake {
    M_RULE_OUTSIDE_GROUP, /* an allow or disallow before any user-agent line: ignored (GROUP-3) */
    M_NOINDEX,            /* a noindex line: Google ignores it since 2019 */
    M_CRAWL_DELAY,        /* crawl-delay: Google ignores it */
    M_PATH_NO_SLASH,      /* a rule path that starts with neither '/' nor '*' (MATCH-6) */
    M_AGENT_VERSION,      /* a user-agent value with a version or more ("Googlebot/2.1") (UA-3) */
    M_COUNT
};
static const char *const mistake_ids[M_COUNT] = {
    [M_RULE_OUTSIDE_GROUP] = "rule-outside-group", [M_NOINDEX] = "noindex-line", [M_CRAWL_DELAY] = "crawl-delay",
    [M_PATH_NO_SLASH] = "path-without-slash", [M_AGENT_VERSION] = "agent-with-version"};

typedef struct tally {
    size_t files, checks;
} tally;

typedef struct figures {
    size_t files, checks, unreadable;
    tally profiles;                    /* google and rfc9309 answer otherwise */
    tally toggled[ROBOTS_SWITCH_COUNT]; /* google with the switch toggled answers otherwise */
    size_t mistakes[M_COUNT];          /* files with the mistake */
} figures;

/* "key" of a line (before ':', trimmed, lower-cased) into out; its value after. */
static bool line_key(const char *s, size_t n, char *key, size_t cap, const char **value, size_t *value_len) {
    size_t hash = 0;
    while (hash < n && s[hash] != '#') hash++;
    n = hash;
    const char *colon = memchr(s, ':', n);
    if (!colon) return false;
    size_t a = 0, b = (size_t)(colon - s);
    while (a < b && (s[a] == ' ' || s[a] == '\t')) a++;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t')) b--;
    if (b - a >= cap) return false;
    for (size_t i = a; i < b; i++) key[i - a] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    key[b - a] = '\0';
    const char *v = colon + 1, *end = s + n;
    while (v < end && (*v == ' ' || *v == '\t')) v++;
    while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    *value = v;
    *value_len = (size_t)(end - v);
    return true;
}

/* The mistakes of one file, a bit each. */
static unsigned file_mistakes(const unsigned char *data, size_t len) {
    unsigned found = 0;
    bool agent_seen = false;
    for (size_t at = 0; at < len;) {
        const char *s = (const char *)data + at;
        size_t n = 0;
        while (at + n < len && data[at + n] != '\n' && data[at + n] != '\r') n++;
        at += n + 1;
        char key[32];
        const char *value;
        size_t vlen;
        if (!line_key(s, n, key, sizeof key, &value, &vlen)) continue;
        if (!strcmp(key, "user-agent")) {
            agent_seen = true;
            if (vlen && memchr(value, '/', vlen)) found |= 1u << M_AGENT_VERSION;
        } else if (!strcmp(key, "allow") || !strcmp(key, "disallow")) {
            if (!agent_seen) found |= 1u << M_RULE_OUTSIDE_GROUP;
            if (vlen && value[0] != '/' && value[0] != '*') found |= 1u << M_PATH_NO_SLASH;
        } else if (!strcmp(key, "noindex")) {
            found |= 1u << M_NOINDEX;
        } else if (!strcmp(key, "crawl-delay")) {
            found |= 1u << M_CRAWL_DELAY;
        }
    }
    return found;
}

/* The paths a file is asked about: "/" and its rules' own, made concrete. */
static size_t file_paths(const robots_rules *rules, char paths[][PATH_MAX_LEN], size_t max) {
    size_t n = 0;
    snprintf(paths[n++], PATH_MAX_LEN, "/");
    for (size_t i = 0; i < robots_rule_count(rules) && n < max; i++) {
        robots_rule_info r;
        if (robots_get_rule(rules, i, &r) || r.pattern_len == 0 || r.pattern_len >= PATH_MAX_LEN - 2) continue;
        char p[PATH_MAX_LEN];
        size_t m = 0;
        if (r.pattern[0] != '/') p[m++] = '/';
        for (size_t k = 0; k < r.pattern_len; k++) {
            char c = r.pattern[k];
            if (c == '$' && k + 1 == r.pattern_len) break;
            p[m++] = c == '*' ? 'x' : (unsigned char)c < 0x21 || (unsigned char)c == 0x7f ? '_' : c;
        }
        p[m] = '\0';
        bool seen = false;
        for (size_t j = 0; j < n && !seen; j++) seen = !strcmp(paths[j], p);
        if (!seen) memcpy(paths[n++], p, m + 1);
    }
    return n;
}

/* Parses the file under configuration c (0 google, 1 rfc9309, 2+s google with
 * switch s toggled); NULL when it cannot be parsed. */
static robots_rules *parse_as(const unsigned char *data, size_t len, int c) {
    robots_options o;
    robots_options_init(&o);
    o.profile = c == 1 ? ROBOTS_PROFILE_RFC9309 : ROBOTS_PROFILE_GOOGLE;
    if (c >= 2) o.toggle = 1u << (c - 2);
    robots_rules *r = NULL;
    return robots_parse(data, len, &o, &r, NULL) == 0 ? r : NULL;
}

static void measure_file(figures *fig, const char *name, const unsigned char *data, size_t len, const char *const *agents,
                         size_t nagents, size_t max_paths) {
    robots_rules *rules[CONFIGS];
    bool ok = true;
    for (int c = 0; c < CONFIGS; c++) ok &= (rules[c] = parse_as(data, len, c)) != NULL;
    if (!ok) {
        fig->unreadable++;
        for (int c = 0; c < CONFIGS; c++) robots_free(rules[c]);
        return;
    }
    fig->files++;
    unsigned mistakes = file_mistakes(data, len);
    for (int m = 0; m < M_COUNT; m++) fig->mistakes[m] += (mistakes >> m) & 1u;
    static char paths[64][PATH_MAX_LEN];
    size_t npaths = file_paths(rules[0], paths, max_paths + 1 < 64 ? max_paths + 1 : 64);
    bool host = strchr(name, '.') && strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") == strlen(name);
    bool differs[CONFIGS] = {false};
    for (size_t a = 0; a < nagents; a++) {
        for (size_t p = 0; p < npaths; p++) {
            char url[PATH_MAX_LEN + 300];
            snprintf(url, sizeof url, "https://%s%s", host ? name : "www.example.com", paths[p]);
            bool allowed[CONFIGS];
            for (int c = 0; c < CONFIGS; c++) {
                robots_verdict v;
                allowed[c] = robots_check(rules[c], agents[a], strlen(agents[a]), url, strlen(url), &v, NULL) == 0 &&
                             v.allowed;
            }
            fig->checks++;
            for (int c = 1; c < CONFIGS; c++) {
                if (allowed[c] == allowed[0]) continue;
                differs[c] = true;
                if (c == 1) fig->profiles.checks++;
                else fig->toggled[c - 2].checks++;
            }
        }
    }
    fig->profiles.files += differs[1];
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++) fig->toggled[s].files += differs[s + 2];
    for (int c = 0; c < CONFIGS; c++) robots_free(rules[c]);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void print_figures(const figures *fig, const char *const *agents, size_t nagents, size_t max_paths) {
    printf("{\n  \"tool\": \"robots-differences (conformance/measure/differences.c)\",\n");
    printf("  \"how\": \"each file read as a fetcher reads it (the first 500 KiB) and asked, for each agent, about / "
           "and up to %zu paths made from its own rules, under the google profile, the rfc9309 profile and the "
           "google profile with each switch toggled alone; a difference counts in a file when one of its checks is "
           "answered otherwise\",\n",
           max_paths);
    printf("  \"agents\": [");
    for (size_t a = 0; a < nagents; a++) printf("%s\"%s\"", a ? ", " : "", agents[a]);
    printf("],\n  \"files\": %zu,\n  \"unreadable\": %zu,\n  \"checks\": %zu,\n", fig->files, fig->unreadable, fig->checks);
    printf("  \"profiles\": {\"files\": %zu, \"checks\": %zu},\n", fig->profiles.files, fig->profiles.checks);
    printf("  \"switches\": [\n");
    for (int s = 0; s < ROBOTS_SWITCH_COUNT; s++)
        printf("    {\"name\": \"%s\", \"files\": %zu, \"checks\": %zu}%s\n", robots_switch_name((robots_switch)s),
               fig->toggled[s].files, fig->toggled[s].checks, s + 1 < ROBOTS_SWITCH_COUNT ? "," : "");
    printf("  ],\n  \"mistakes\": [\n");
    for (int m = 0; m < M_COUNT; m++)
        printf("    {\"name\": \"%s\", \"files\": %zu}%s\n", mistake_ids[m], fig->mistakes[m], m + 1 < M_COUNT ? "," : "");
    printf("  ]\n}\n");
}

static int usage(const char *why) {
    fprintf(stderr, "robots-differences: %s\nusage: robots-differences [--agents A,B,...] [--paths N] DIR\n", why);
    return 2;
}

int main(int argc, char **argv) {
    const char *agents_arg = NULL, *dir = NULL;
    size_t max_paths = PATHS_DEFAULT;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--agents") && i + 1 < argc) agents_arg = argv[++i];
        else if (!strcmp(argv[i], "--paths") && i + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[++i], &end, 10);
            if (*end || n == 0 || n > 60) return usage("--paths takes 1 to 60");
            max_paths = n;
        } else if (argv[i][0] == '-' || dir) return usage("unknown argument");
        else dir = argv[i];
    }
    if (!dir) return usage("no directory");
    const char *agents[32];
    size_t nagents = 0;
    char agent_list[1024];
    if (agents_arg) {
        snprintf(agent_list, sizeof agent_list, "%s", agents_arg);
        for (char *p = strtok(agent_list, ","); p && nagents < 32; p = strtok(NULL, ",")) agents[nagents++] = p;
    } else {
        for (size_t i = 0; i < sizeof default_agents / sizeof default_agents[0]; i++) agents[nagents++] = default_agents[i];
    }
    DIR *d = opendir(dir);
    if (!d) return usage("cannot read the directory");
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char **grown = realloc(names, (n + 1) * sizeof *names);
        if (!grown || !(grown[n] = strdup(e->d_name))) {
            fprintf(stderr, "robots-differences: out of memory\n");
            closedir(d);
            return 2;
        }
        names = grown;
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    static figures fig;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        buf data = {NULL, 0, 0};
        int more = 0;
        if (read_file(path, ROBOTS_DEFAULT_MAX_BYTES, &data, &more) == 0)
            measure_file(&fig, names[i], data.data ? (const unsigned char *)data.data : (const unsigned char *)"",
                         data.len, agents, nagents, max_paths);
        else fig.unreadable++;
        buf_free(&data);
        free(names[i]);
    }
    free(names);
    print_figures(&fig, agents, nagents, max_paths);
    return ferror(stdout) ? 2 : 0;
}
