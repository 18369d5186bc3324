/*
 * access_log.c - one line of a web server's access log in the Common Log Format
 * or the Combined one (access_log.h):
 *   HOST IDENT USER [DATE] "METHOD TARGET PROTOCOL" STATUS BYTES ["REFERER" "USER-AGENT"]
 * robots review --log takes the target of each request (the path asked for) and
 * the User-Agent header, to resolve through the crawler catalog. Quoted fields
 * may hold \" and \\ (as Apache and nginx escape them).
 */
#include "access_log.h"

#include <string.h>

/* The quoted field starting at s[*at] == '"': its contents (escapes left as
 * written) in *v, *n; *at moves past the closing quote. false when it does not
 * close. */
static bool quoted(const char *s, size_t len, size_t *at, const char **v, size_t *n) {
    size_t i = *at + 1;
    for (; i < len && s[i] != '"'; i++)
        if (s[i] == '\\' && i + 1 < len) i++;
    if (i >= len) return false;
    *v = s + *at + 1;
    *n = i - (*at + 1);
    *at = i + 1;
    return true;
}

static size_t skip_spaces(const char *s, size_t len, size_t at) {
    while (at < len && (s[at] == ' ' || s[at] == '\t')) at++;
    return at;
}

bool access_log_line(const char *s, size_t len, access_log_entry *e) {
    *e = (access_log_entry){NULL, 0, NULL, 0};
    while (len && (s[len - 1] == '\r' || s[len - 1] == '\n')) len--;
    /* HOST IDENT USER, then the date in brackets. */
    const char *open = memchr(s, '[', len);
    if (!open) return false;
    const char *close = memchr(open, ']', len - (size_t)(open - s));
    if (!close) return false;
    size_t at = skip_spaces(s, len, (size_t)(close - s) + 1);
    if (at >= len || s[at] != '"') return false;
    const char *request;
    size_t request_len;
    if (!quoted(s, len, &at, &request, &request_len)) return false;
    /* "METHOD TARGET PROTOCOL": the target is the second word. */
    const char *sp = memchr(request, ' ', request_len);
    if (!sp) return false;
    const char *target = sp + 1, *end = request + request_len;
    const char *sp2 = memchr(target, ' ', (size_t)(end - target));
    size_t target_len = sp2 ? (size_t)(sp2 - target) : (size_t)(end - target);
    if (target_len == 0 || (target[0] != '/' && memchr(target, ':', target_len) == NULL)) return false;
    /* STATUS BYTES: a three-digit status, then a count or '-'. */
    at = skip_spaces(s, len, at);
    if (at + 3 > len || s[at] < '1' || s[at] > '5' || s[at + 1] < '0' || s[at + 1] > '9' || s[at + 2] < '0' ||
        s[at + 2] > '9')
        return false;
    at = skip_spaces(s, len, at + 3);
    if (at >= len || !(s[at] == '-' || (s[at] >= '0' && s[at] <= '9'))) return false;
    while (at < len && s[at] != ' ' && s[at] != '\t') at++;
    e->target = target;
    e->target_len = target_len;
    /* Combined: "REFERER" "USER-AGENT"; Common stops here. */
    at = skip_spaces(s, len, at);
    if (at >= len) return true;
    const char *referer, *agent;
    size_t referer_len, agent_len;
    if (s[at] != '"' || !quoted(s, len, &at, &referer, &referer_len)) return false;
    at = skip_spaces(s, len, at);
    if (at >= len || s[at] != '"' || !quoted(s, len, &at, &agent, &agent_len)) return false;
    (void)referer;
    (void)referer_len;
    e->agent = agent;
    e->agent_len = agent_len;
    return true;
}
