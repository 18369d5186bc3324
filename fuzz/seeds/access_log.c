/* access_log.c - seeds of fuzz/targets/access_log.c: for every check with an agent
 * and a URL, a Combined Log Format line asking for the URL's path with the agent
 * as its User-Agent ('l'), a Common one, and the round trip's "TARGET\nAGENT" ('r'). */
#include <stdio.h>
#include <string.h>

#include "seed_sink.h"

void seeds_access_log(sink *s, const tcase *c) {
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        if (!k->url || !k->agent) continue;
        char path[1024];
        size_t pl = robots_url_path(k->url, strlen(k->url), path, sizeof path);
        if (pl >= sizeof path) continue;
        char line[4096];
        int n = snprintf(line, sizeof line,
                         "l192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"GET %.*s HTTP/1.1\" 200 512 \"-\" \"%s\"",
                         (int)pl, path, k->agent);
        if (n > 0 && (size_t)n < sizeof line) emit(s, line, (size_t)n);
        n = snprintf(line, sizeof line, "l192.0.2.1 - - [28/Nov/2026:10:00:00 +0000] \"HEAD %.*s HTTP/1.0\" 404 -",
                     (int)pl, path);
        if (n > 0 && (size_t)n < sizeof line) emit(s, line, (size_t)n);
        n = snprintf(line, sizeof line, "r%.*s\n%s", (int)pl, path, k->agent);
        if (n > 0 && (size_t)n < sizeof line) emit(s, line, (size_t)n);
    }
}

/* A mode byte, then a log line ('l', odd) or TARGET "\n" AGENT ('r', even). */
const char *layout_access_log(const unsigned char *d, size_t n, const seed_facts *f) {
    if (n == 0) return "empty: no mode byte";
    if (!f) return NULL; /* a fuzzer's input: any bytes after the mode byte */
    if (d[0] != 'l' && d[0] != 'r') return "the mode byte is neither 'l' nor 'r'";
    if (d[0] == 'l' && (memchr(d + 1, '\n', n - 1) || !memchr(d + 1, '"', n - 1))) return "not one log line";
    if (d[0] == 'r') {
        const unsigned char *nl = memchr(d + 1, '\n', n - 1);
        if (!nl) return "no agent line after the target";
        if (!fact_known(&f->agents, nl + 1, (size_t)(d + n - nl - 1))) return "the agent is no check's agent";
    }
    return NULL;
}
