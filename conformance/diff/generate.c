/* generate.c - differential inputs around the sharp edges (generate.h). */
#include "generate.h"

#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PICK(r, list) (list)[rng_below((r), sizeof(list) / sizeof((list)[0]))]

/* The pieces files are made of; each entry is an edge some parser gets wrong. */
static const char *const agent_keys[] = {"user-agent", "User-Agent", "USER-AGENT", "useragent",
                                         "user agent", "user-agents", " user-agent", "user_agent"};
static const char *const rule_keys[] = {"disallow", "Disallow", "DISALLOW", "allow", "Allow",
                                        "dissallow", "disalow", "disallaw", "diasllow", "allow "};
static const char *const other_keys[] = {"sitemap", "crawl-delay", "host", "noindex", "clean-param", "foo"};
static const char *const separators[] = {": ", ":", " : ", ":\t", " ", "\t:"};
static const char *const group_names[] = {"FooBot", "foobot", "FOOBOT", "*", "FooBot/1.0", "FooBot*", "Foo Bar",
                                          "BarBot", "Foo", "FooBot-News", "", "FooBotü", "* ", "foobot;x"};
static const char *const crawler_names[] = {"FooBot", "foobot", "BarBot", "Foo", "Foo Bar", "FooBot-News",
                                            "OtherBot", "FooBot/1.0", "*"};
static const char *const path_atoms[] = {"/", "a", "b", "fish", "*", "$", ".php", "?", "=", "q", "%2F", "%2f",
                                         "%41", "%7E", "~", "\xc3\xa9", "%C3%A9", "%c3%a9", "index.html", "/x",
                                         "#", " ", "%24", "%2A", "&", ";", ":", "@", "..", "%"};
static const char *const line_ends[] = {"\n", "\n", "\n", "\r\n", "\r"};
static const char *const url_bases[] = {"http://example.com", "https://example.com", "http://example.com:80",
                                        "http://EXAMPLE.com", "http://example.com:8080"};

static int add(buf *b, const char *s) { return buf_add(b, s, strlen(s)); }

/* A path of a few atoms, starting with '/' most of the time. */
static int add_path(rng *r, buf *b, int in_rule) {
    int bad = 0;
    if (rng_below(r, 10)) bad |= buf_addc(b, '/');
    size_t n = 1 + rng_below(r, 4);
    for (size_t i = 0; i < n; i++) {
        const char *atom = PICK(r, path_atoms);
        if (!in_rule && (!strcmp(atom, "$") || !strcmp(atom, "*")) && rng_below(r, 2)) continue;
        bad |= add(b, atom);
    }
    return bad;
}

static int add_line(rng *r, buf *b) {
    int bad = 0;
    size_t what = rng_below(r, 100);
    if (what < 25) {
        bad |= add(b, PICK(r, agent_keys)) | add(b, PICK(r, separators)) | add(b, PICK(r, group_names));
    } else if (what < 80) {
        bad |= add(b, PICK(r, rule_keys)) | add(b, PICK(r, separators));
        if (rng_below(r, 12)) bad |= add_path(r, b, 1);
    } else if (what < 86) {
        bad |= add(b, PICK(r, other_keys)) | add(b, ": ") | add(b, rng_below(r, 2) ? "http://example.com/s.xml" : "5");
    } else if (what < 91) {
        bad |= add(b, "# a comment");
    } else if (what < 94) {
        bad |= buf_add(b, "disallow: /a\0b", 14);
    } else if (what < 96) {
        bad |= add(b, "disallow: /");
        for (int i = 0; i < 300 && !bad; i++) bad |= add(b, "long/");
    }
    /* else: a blank line */
    if (rng_below(r, 8) == 0) bad |= add(b, rng_below(r, 2) ? " # trailing comment" : " \t");
    return bad;
}

/* A file of 1 to 8 lines, with one line end throughout, sometimes a BOM. */
static int generate_file(rng *r, buf *b) {
    int bad = 0;
    size_t bom = rng_below(r, 20);
    if (bom == 0) bad |= add(b, "\xef\xbb\xbf");
    else if (bom == 1) bad |= add(b, "\xef\xbb");
    const char *end = PICK(r, line_ends);
    size_t n = 1 + rng_below(r, 8);
    for (size_t i = 0; i < n && !bad; i++) {
        bad |= add_line(r, b);
        if (i + 1 < n || rng_below(r, 2)) bad |= add(b, end);
    }
    return bad;
}

/* One small change to a seed: drop, double or swap a line, or change a byte. */
static int mutate(rng *r, const buf *seed, buf *b) {
    int bad = buf_add(b, seed->data, seed->len);
    if (bad || b->len == 0) return bad;
    size_t at = rng_below(r, b->len);
    switch (rng_below(r, 4)) {
    case 0: { /* drop the line around `at` */
        size_t start = at, stop = at;
        while (start > 0 && b->data[start - 1] != '\n') start--;
        while (stop < b->len && b->data[stop] != '\n') stop++;
        if (stop < b->len) stop++;
        memmove(b->data + start, b->data + stop, b->len - stop);
        b->len -= stop - start;
        break;
    }
    case 1: { /* insert a generated line */
        buf line = {NULL, 0, 0};
        bad = add_line(r, &line) | buf_addc(&line, '\n');
        if (!bad && !buf_reserve(b, line.len)) {
            while (at > 0 && b->data[at - 1] != '\n') at--;
            memmove(b->data + at + line.len, b->data + at, b->len - at);
            memcpy(b->data + at, line.data, line.len);
            b->len += line.len;
        }
        buf_free(&line);
        break;
    }
    case 2: { /* change one byte to an edge character */
        static const char edges[] = "*$%?#:/ \t\r\nAa";
        b->data[at] = edges[rng_below(r, sizeof edges - 1)];
        break;
    }
    default: /* flip the case of one byte */
        if (b->data[at] >= 'a' && b->data[at] <= 'z') b->data[at] = (char)(b->data[at] - 32);
        else if (b->data[at] >= 'A' && b->data[at] <= 'Z') b->data[at] = (char)(b->data[at] + 32);
        break;
    }
    return bad;
}

/* A path taken from a rule of the file, so that rules get exercised. */
static int path_from_rules(rng *r, const buf *robots, buf *url) {
    size_t candidates[32], n = 0;
    for (size_t i = 0; i + 1 < robots->len && n < 32; i++)
        if (robots->data[i] == ':' && (i + 1 < robots->len) && n < 32) candidates[n++] = i + 1;
    if (n == 0) return -1;
    size_t at = candidates[rng_below(r, n)];
    while (at < robots->len && (robots->data[at] == ' ' || robots->data[at] == '\t')) at++;
    if (at >= robots->len || robots->data[at] != '/') return -1;
    int bad = 0;
    for (; at < robots->len && robots->data[at] != '\n' && robots->data[at] != '\r' && robots->data[at] != '#' &&
           robots->data[at] != ' ' && robots->data[at] != '\0' && url->len < URL_MAX - 64;
         at++) {
        char c = robots->data[at];
        if (c == '*') bad |= add_path(r, url, 0);
        else if (c != '$') bad |= buf_addc(url, c);
    }
    if (rng_below(r, 3) == 0) bad |= add_path(r, url, 0);
    return bad;
}

int generate(rng *r, const seeds *from, input *out) {
    out->robots.len = 0;
    int bad;
    if (from->n && rng_below(r, 3) == 0) bad = mutate(r, &from->files[rng_below(r, from->n)], &out->robots);
    else bad = generate_file(r, &out->robots);
    if (bad) return -1;
    snprintf(out->agent, sizeof out->agent, "%s", PICK(r, crawler_names));
    buf url = {NULL, 0, 0};
    bad = add(&url, PICK(r, url_bases));
    if (!bad && (rng_below(r, 4) == 0 || path_from_rules(r, &out->robots, &url) != 0)) {
        url.len = strlen(PICK(r, url_bases));
        bad = add_path(r, &url, 0);
    }
    if (!bad && rng_below(r, 10) == 0) bad = add(&url, rng_below(r, 2) ? "?q=1" : "#frag");
    /* A URL is text: bytes copied from a rule that are not UTF-8 become %XX. */
    size_t w = 0;
    for (size_t i = 0; !bad && i < url.len && w + 4 < sizeof out->url;) {
        size_t n = utf8_sequence((const unsigned char *)url.data + i, url.len - i);
        if (n == 0 || url.data[i] == '\0') {
            static const char hex[] = "0123456789ABCDEF";
            unsigned char c = (unsigned char)url.data[i++];
            out->url[w++] = '%';
            out->url[w++] = hex[c >> 4];
            out->url[w++] = hex[c & 15];
        } else {
            if (w + n >= sizeof out->url) break;
            memcpy(out->url + w, url.data + i, n);
            w += n;
            i += n;
        }
    }
    out->url[w] = '\0';
    buf_free(&url);
    return bad ? -1 : 0;
}

int seeds_add(seeds *s, const void *data, size_t len) {
    buf *files = realloc(s->files, (s->n + 1) * sizeof *files);
    if (!files) return -1;
    s->files = files;
    buf *b = &files[s->n];
    memset(b, 0, sizeof *b);
    if (buf_add(b, data, len > 65536 ? 65536 : len)) return -1;
    s->n++;
    return 0;
}

void seeds_free(seeds *s) {
    for (size_t i = 0; i < s->n; i++) buf_free(&s->files[i]);
    free(s->files);
    s->files = NULL;
    s->n = 0;
}

void input_free(input *in) { buf_free(&in->robots); }

int input_copy(input *to, const input *from) {
    to->robots.len = 0;
    if (buf_add(&to->robots, from->robots.data, from->robots.len)) return -1;
    memcpy(to->agent, from->agent, sizeof to->agent);
    memcpy(to->url, from->url, sizeof to->url);
    return 0;
}
