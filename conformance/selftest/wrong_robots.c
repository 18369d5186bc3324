/*
 * wrong_robots.c - robots-wrong: a small, naive robots.txt matcher with one
 * deliberate flaw at a time, for testing that robots-conform catches what it should.
 *
 *   robots-wrong --flaw FLAW FILE AGENT URL   (exit 0 allowed, 1 disallowed)
 *   robots-wrong --flaw FLAW --batch          (the batch protocol; allow and
 *                                             allow-crawler checks only)
 *
 * FLAW: none                      plain longest-match parsing, no Google quirks
 *       always-allow              answers allowed, always
 *       first-match-wins          the first matching rule in the file decides
 *       case-insensitive-paths    paths and patterns compared ignoring case
 *       no-percent-normalisation  rules used as written (no escaping of UTF-8,
 *                                 no upper-casing of %xx)
 *       star-for-every-crawler    an allow-crawler check's ignores_star not heeded:
 *                                 AdsBot kept out by the '*' group (ADSBOT-1)
 *       crash, hang, garbage      misbehaving processes, for the runner's robustness
 *
 * Written separately from the reference on purpose (its own parser and a recursive
 * matcher), so that "none" is an independent second opinion on the simple cases.
 */
#include <ctype.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

enum flaw { NONE, ALWAYS_ALLOW, FIRST_MATCH, CASE_INSENSITIVE, NO_PERCENT, STAR_FOR_ALL, CRASH, HANG, GARBAGE };
static const char *const flaw_names[] = {"none", "always-allow", "first-match-wins", "case-insensitive-paths",
                                         "no-percent-normalisation", "star-for-every-crawler", "crash", "hang",
                                         "garbage"};
static enum flaw flaw;

typedef struct rule {
    int allow;
    char *pattern;
} rule;

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* '*' is any run, '$' at the end anchors; otherwise octets compare (maybe ignoring case). */
static int matches(const char *pat, const char *path) {
    if (*pat == '\0') return 1;
    if (pat[0] == '$' && pat[1] == '\0') return *path == '\0';
    if (*pat == '*') {
        for (const char *p = path;; p++) {
            if (matches(pat + 1, p)) return 1;
            if (!*p) return 0;
        }
    }
    if (!*path) return 0;
    int a = (unsigned char)*pat, b = (unsigned char)*path;
    if (flaw == CASE_INSENSITIVE) a = lower(a), b = lower(b);
    return a == b && matches(pat + 1, path + 1);
}

/* Google-style escaping of a rule: %xx upper-cased, octets >= 0x80 escaped. */
static char *normalise(const char *v) {
    char *out = malloc(strlen(v) * 3 + 1), *o = out;
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        if (flaw == NO_PERCENT) {
            *o++ = (char)*p;
        } else if (*p == '%' && isxdigit(p[1]) && isxdigit(p[2])) {
            *o++ = '%';
            *o++ = (char)toupper(p[1]);
            *o++ = (char)toupper(p[2]);
            p += 2;
        } else if (*p >= 0x80) {
            o += sprintf(o, "%%%02X", *p);
        } else {
            *o++ = (char)*p;
        }
    }
    *o = '\0';
    return out;
}

static char *trim(char *s) {
    while (*s && isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

static int agent_named(const char *value, const char *agent) {
    size_t n = 0;
    while (isalpha((unsigned char)value[n]) || value[n] == '-' || value[n] == '_') n++;
    if (strlen(agent) != n) return 0;
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)value[i]) != lower((unsigned char)agent[i])) return 0;
    return 1;
}

/* The path of a URL: after "scheme://host", without the fragment. */
static char *url_path(const char *url) {
    const char *p = strstr(url, "://");
    p = p ? p + 3 : url;
    if (p == url && url[0] == '/' && url[1] == '/') p = url + 2;
    if (p != url) p += strcspn(p, "/?#");
    size_t n = strcspn(p, "#");
    char *out = malloc(n + 2);
    snprintf(out, n + 2, "%s%.*s", *p == '/' ? "" : "/", (int)n, p);
    return out;
}

/* The verdict for agent; *named (unless NULL) says whether a group names it. */
static int decide(const char *text, size_t len, const char *agent, const char *url, int *named) {
    if (named) *named = 0;
    if (flaw == ALWAYS_ALLOW) return 1;
    char *copy = malloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    char *s = copy;
    if (!strncmp(s, "\xEF\xBB\xBF", 3)) s += 3;
    rule mine[512], global[512];
    int nmine = 0, nglobal = 0, named_anywhere = 0;
    int in_mine = 0, in_global = 0, after_rule = 1;
    for (char *line = s; line;) {
        char *end = line + strcspn(line, "\r\n");
        char *next = *end ? end + 1 + (end[0] == '\r' && end[1] == '\n') : NULL;
        *end = '\0';
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *colon = strchr(line, ':');
        if (colon) {
            *colon = '\0';
            char *key = trim(line), *value = trim(colon + 1);
            for (char *k = key; *k; k++) *k = (char)lower((unsigned char)*k);
            if (!strcmp(key, "user-agent")) {
                if (after_rule) in_mine = in_global = after_rule = 0;
                if (!strcmp(value, "*")) in_global = 1;
                else if (agent_named(value, agent)) in_mine = named_anywhere = 1;
            } else if (!strcmp(key, "allow") || !strcmp(key, "disallow")) {
                after_rule = 1;
                rule r = {key[0] == 'a', normalise(value)};
                if (in_mine && nmine < 512) mine[nmine++] = r;
                else if (in_global && !in_mine && nglobal < 512) global[nglobal++] = r;
                else free(r.pattern);
            }
        }
        line = next;
    }
    rule *rules = named_anywhere ? mine : global;
    int n = named_anywhere ? nmine : nglobal, verdict = 1, best = 0;
    char *path = url_path(url);
    for (int i = 0; i < n; i++) {
        int length = (int)strlen(rules[i].pattern);
        if (!length || !matches(rules[i].pattern, path)) continue;
        if (flaw == FIRST_MATCH) {
            verdict = rules[i].allow;
            break;
        }
        if (length > best || (length == best && rules[i].allow)) {
            best = length;
            verdict = rules[i].allow;
        }
    }
    for (int i = 0; i < nmine; i++) free(mine[i].pattern);
    for (int i = 0; i < nglobal; i++) free(global[i].pattern);
    free(path);
    free(copy);
    if (named) *named = named_anywhere;
    return verdict;
}

/* A crawler with several tokens: the first one a group names decides, alone;
 * when none is named, the '*' group, or nothing at all for a crawler that
 * ignores it (Google's special-case crawlers). */
static int decide_crawler(const char *text, size_t len, cJSON *agents, int ignores_star, const char *url) {
    const cJSON *a;
    const char *first = NULL;
    cJSON_ArrayForEach(a, agents) {
        if (!cJSON_IsString(a)) continue;
        if (!first) first = a->valuestring;
        int named, verdict = decide(text, len, a->valuestring, url, &named);
        if (named) return verdict;
    }
    if (ignores_star && flaw != STAR_FOR_ALL) return 1;
    return decide(text, len, first ? first : "", url, NULL);
}

static void misbehave(int request) {
    if (flaw == CRASH && request % 5 == 3) abort();
    if (flaw == HANG && request % 5 == 2) pause();
}

static int batch(void) {
    char *line = NULL;
    size_t cap = 0;
    int request = 0;
    while (getline(&line, &cap, stdin) > 0) {
        misbehave(++request);
        if (flaw == GARBAGE) {
            printf("<html>this is not JSON</html>\n");
            fflush(stdout);
            continue;
        }
        cJSON *q = cJSON_Parse(line);
        cJSON *id = cJSON_GetObjectItemCaseSensitive(q, "id");
        cJSON *kind = cJSON_GetObjectItemCaseSensitive(q, "kind");
        cJSON *robots = cJSON_GetObjectItemCaseSensitive(q, "robots");
        cJSON *agent = cJSON_GetObjectItemCaseSensitive(q, "agent");
        cJSON *url = cJSON_GetObjectItemCaseSensitive(q, "url");
        char *id_text = id ? cJSON_PrintUnformatted(id) : NULL;
        cJSON *agents = cJSON_GetObjectItemCaseSensitive(q, "agents");
        cJSON *ignores = cJSON_GetObjectItemCaseSensitive(q, "ignores_star");
        bool crawler = kind && cJSON_IsString(kind) && !strcmp(kind->valuestring, "allow-crawler");
        if (crawler && cJSON_IsString(robots) && cJSON_IsArray(agents) && cJSON_IsBool(ignores) &&
            cJSON_IsString(url)) {
            int ok = decide_crawler(robots->valuestring, strlen(robots->valuestring), agents, cJSON_IsTrue(ignores),
                                    url->valuestring);
            printf("{\"id\":%s,\"allowed\":%s}\n", id_text ? id_text : "null", ok ? "true" : "false");
        } else if ((kind && strcmp(cJSON_GetStringValue(kind), "allow")) ||
            !cJSON_IsString(robots) || !cJSON_IsString(agent) || !cJSON_IsString(url)) {
            printf("{\"id\":%s,\"error\":\"only allow and allow-crawler checks with a robots text\"}\n",
                   id_text ? id_text : "null");
        } else {
            int ok = decide(robots->valuestring, strlen(robots->valuestring), agent->valuestring, url->valuestring,
                            NULL);
            printf("{\"id\":%s,\"allowed\":%s}\n", id_text ? id_text : "null", ok ? "true" : "false");
        }
        fflush(stdout);
        cJSON_free(id_text);
        cJSON_Delete(q);
    }
    free(line);
    return 0;
}

int main(int argc, char **argv) {
    int i = 1;
    if (argc > 2 && !strcmp(argv[1], "--flaw")) {
        int f = 0;
        while (f < (int)(sizeof flaw_names / sizeof flaw_names[0]) && strcmp(argv[2], flaw_names[f])) f++;
        if (f == (int)(sizeof flaw_names / sizeof flaw_names[0])) {
            fprintf(stderr, "robots-wrong: unknown flaw %s\n", argv[2]);
            return 2;
        }
        flaw = (enum flaw)f;
        i = 3;
    }
    if (argc - i == 1 && !strcmp(argv[i], "--batch")) return batch();
    if (argc - i != 3) {
        fprintf(stderr, "usage: robots-wrong [--flaw FLAW] FILE AGENT URL | --batch\n");
        return 2;
    }
    misbehave(3);
    misbehave(2);
    if (flaw == GARBAGE) {
        printf("hello\n");
        return 3;
    }
    FILE *f = fopen(argv[i], "rb");
    if (!f) return 2;
    char *text = NULL;
    size_t len = 0, cap = 0, got;
    char chunk[65536];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + got > cap) text = realloc(text, cap = (len + got) * 2);
        memcpy(text + len, chunk, got);
        len += got;
    }
    fclose(f);
    int ok = decide(text ? text : "", len, argv[i + 1], argv[i + 2], NULL);
    free(text);
    printf("user-agent '%s' with URI '%s': %s\n", argv[i + 1], argv[i + 2], ok ? "ALLOWED" : "DISALLOWED");
    return ok ? 0 : 1;
}
