/* simplify.c - plain forms tried after ddmin (simplify.h). */
#include "simplify.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "lines.h"

typedef struct simplifier {
    input *in;
    disagrees_fn disagrees;
    void *ctx;
    long asked, budget;
} simplifier;

/* Keeps the candidate when it still disagrees: 1 kept, 0 not, -1 out of memory. */
static int attempt(simplifier *s, const input *candidate) {
    if (s->asked >= s->budget) return 0;
    int still = 0;
    s->disagrees(candidate, 1, &still, s->ctx);
    s->asked++;
    if (still != 1) return 0;
    return input_copy(s->in, candidate) ? -1 : 1;
}

/* The input with bytes [from, to) of its robots.txt replaced by `text`, tried. */
static int attempt_splice(simplifier *s, size_t from, size_t to, const char *text, size_t len) {
    const buf *b = &s->in->robots;
    if (to - from == len && !memcmp(b->data + from, text, len)) return 0; /* already plain */
    input c = {{NULL, 0, 0}, "", ""};
    int rc = input_copy(&c, s->in);
    if (rc == 0) {
        c.robots.len = 0;
        rc = buf_add(&c.robots, b->data, from) | buf_add(&c.robots, text, len) |
             buf_add(&c.robots, b->data + to, b->len - to);
    }
    if (rc == 0) rc = attempt(s, &c);
    input_free(&c);
    return rc;
}

/* CR LF and CR as LF: the line count stays, only the ends change. */
static int plain_line_ends(simplifier *s) {
    const buf *b = &s->in->robots;
    if (!b->len || !memchr(b->data, '\r', b->len)) return 0;
    buf lf = {NULL, 0, 0};
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < b->len; i++) {
        if (b->data[i] == '\r' && i + 1 < b->len && b->data[i + 1] == '\n') continue;
        rc = buf_addc(&lf, b->data[i] == '\r' ? '\n' : b->data[i]);
    }
    if (rc == 0) rc = attempt_splice(s, 0, b->len, lf.data ? lf.data : "", lf.len);
    buf_free(&lf);
    return rc < 0 ? -1 : 0;
}

/* Each directive line the reference recognises, as "key: value": the key spelled
 * as the specification spells it, one ':' and one space, the value without the
 * blanks around it and without a comment. */
static int plain_directives(simplifier *s, robots_profile_id profile) {
    static const char *const names[] = {[ROBOTS_KEY_USER_AGENT] = "user-agent",
                                        [ROBOTS_KEY_ALLOW] = "allow",
                                        [ROBOTS_KEY_DISALLOW] = "disallow",
                                        [ROBOTS_KEY_SITEMAP] = "sitemap"};
    robots_options o;
    robots_options_init(&o);
    o.profile = profile;
    for (size_t line = 1;; line++) {
        /* The file as it is now (an earlier line may have been rewritten). */
        const buf *b = &s->in->robots;
        robots_rules *rules;
        if (robots_parse(b->data, b->len, &o, &rules, NULL) != 0) return -1;
        robots_parse_info info;
        robots_get_parse_info(rules, &info);
        robots_line_info li = robots_get_line(rules, line);
        robots_free(rules);
        if (line > info.lines) return 0;
        if (!(li.flags & ROBOTS_LINE_DIRECTIVE) || li.key == ROBOTS_KEY_NONE || li.key == ROBOTS_KEY_OTHER) continue;
        size_t from, end, v, vend;
        if (line_span(b, line, &from, &end)) continue;
        directive_value(b->data, from, end, li.flags, &v, &vend);
        buf plain = {NULL, 0, 0}; /* the value's bytes exactly, NUL included */
        int rc = buf_add(&plain, names[li.key], strlen(names[li.key])) | buf_add(&plain, ": ", 2) |
                 buf_add(&plain, b->data + v, vend - v);
        if (rc == 0) rc = attempt_splice(s, from, end, plain.data, plain.len);
        buf_free(&plain);
        if (rc < 0) return -1;
    }
}

/* The URL's scheme and host in lower case, without the scheme's default port. */
static int plain_url(simplifier *s) {
    input c = {{NULL, 0, 0}, "", ""};
    if (input_copy(&c, s->in)) return -1;
    char *host = strstr(c.url, "://");
    int rc = 0;
    if (host) {
        host += 3;
        char *end = host + strcspn(host, "/?#");
        for (char *p = c.url; p < end; p++) *p = (char)tolower((unsigned char)*p);
        const char *port = !strncmp(c.url, "http:", 5) ? ":80" : !strncmp(c.url, "https:", 6) ? ":443" : NULL;
        size_t plen = port ? strlen(port) : 0;
        if (port && (size_t)(end - host) > plen && !strncmp(end - plen, port, plen)) memmove(end - plen, end, strlen(end) + 1);
        if (strcmp(c.url, s->in->url)) rc = attempt(s, &c);
    }
    input_free(&c);
    return rc < 0 ? -1 : 0;
}

long simplify(input *in, robots_profile_id profile, disagrees_fn disagrees, void *ctx, long budget) {
    simplifier s = {in, disagrees, ctx, 0, budget};
    if (plain_line_ends(&s) || plain_directives(&s, profile) || plain_url(&s)) return -1;
    return s.asked;
}
