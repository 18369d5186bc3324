/* sitemap.c - seeds of fuzz/targets/sitemap.c: for every case with URLs to
 * check, a sitemap of them read as it is ('p') and gzipped by the target ('g'),
 * and a sitemap index naming them ('p'), each URL escaped as XML text. */
#include <stdbool.h>
#include <string.h>

#include "seed_sink.h"

/* Appends what fits of the n bytes at s to the seed; false when it did not fit. */
static bool add(char *seed, size_t *len, const char *s, size_t n) {
    if (n > SEED_MAX - *len) return false;
    memcpy(seed + *len, s, n);
    *len += n;
    return true;
}

/* The URL as XML text: &, < and > as their entities. */
static bool add_escaped(char *seed, size_t *len, const char *url) {
    bool ok = true;
    for (const char *c = url; *c && ok; c++) {
        const char *entity = *c == '&' ? "&amp;" : *c == '<' ? "&lt;" : *c == '>' ? "&gt;" : NULL;
        ok = entity ? add(seed, len, entity, strlen(entity)) : add(seed, len, c, 1);
    }
    return ok;
}

static void emit_sitemap(sink *s, const tcase *c, char mode, bool index) {
    static char seed[SEED_MAX];
    size_t len = 0;
    const char *open = index ? "<sitemapindex>" : "<urlset>", *close = index ? "</sitemapindex>" : "</urlset>";
    const char *item = index ? "<sitemap><loc>" : "<url><loc>", *end = index ? "</loc></sitemap>" : "</loc></url>";
    bool ok = add(seed, &len, &mode, 1) && add(seed, &len, "<?xml version=\"1.0\"?>\n", 22) &&
              add(seed, &len, open, strlen(open));
    size_t urls = 0;
    for (size_t i = 0; ok && i < c->nchecks; i++) {
        const char *url = c->checks[i].url;
        if (!url || !*url) continue;
        ok = add(seed, &len, item, strlen(item)) && add_escaped(seed, &len, url) && add(seed, &len, end, strlen(end));
        urls++;
    }
    if (ok && urls && add(seed, &len, close, strlen(close))) emit(s, seed, len);
}

void seeds_sitemap(sink *s, const tcase *c) {
    emit_sitemap(s, c, 'p', false);
    emit_sitemap(s, c, 'g', false);
    emit_sitemap(s, c, 'p', true);
}

/* The text of the <loc> at d (up to "</loc>") unescaped into out; its length, or
 * (size_t)-1 when it is not a URL as emit_sitemap writes one. */
static size_t unescape_loc(const unsigned char *d, size_t n, char *out, size_t cap) {
    size_t len = 0;
    for (size_t i = 0; i < n && d[i] != '<'; i++) {
        static const struct {
            const char *entity;
            char c;
        } entities[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}};
        char c = (char)d[i];
        for (size_t e = 0; c == '&' && e < sizeof entities / sizeof *entities; e++) {
            size_t el = strlen(entities[e].entity);
            if (el <= n - i && !memcmp(d + i, entities[e].entity, el)) {
                c = entities[e].c;
                i += el - 1;
            }
        }
        if (len == cap) return (size_t)-1;
        out[len++] = c;
    }
    return len;
}

/* Where the n bytes at s begin within the m at d, or NULL (memmem is not C11). */
static const unsigned char *find(const unsigned char *d, size_t m, const char *s, size_t n) {
    for (size_t i = 0; m >= n && i <= m - n; i++)
        if (!memcmp(d + i, s, n)) return d + i;
    return NULL;
}

/* Does the n bytes at d start with the string s? */
static bool starts(const unsigned char *d, size_t n, const char *s) { return n >= strlen(s) && !memcmp(d, s, strlen(s)); }

/* A mode byte ('p' as it is, 'g' gzipped by the target), then a sitemap or an
 * index; a seed's <loc>s are the tables' URLs. */
const char *layout_sitemap(const unsigned char *d, size_t n, const seed_facts *f) {
    if (n == 0) return "empty: no mode byte";
    if (!f) return NULL; /* a fuzzer's input: any bytes after the mode byte */
    if (d[0] != 'p' && d[0] != 'g') return "the mode byte is neither 'p' nor 'g'";
    static const char decl[] = "<?xml version=\"1.0\"?>\n";
    if (n < sizeof decl || memcmp(d + 1, decl, sizeof decl - 1)) return "no XML declaration after the mode byte";
    const unsigned char *p = d + sizeof decl, *end = d + n;
    if (!starts(p, (size_t)(end - p), "<urlset>") && !starts(p, (size_t)(end - p), "<sitemapindex>"))
        return "neither a <urlset> nor a <sitemapindex>";
    size_t locs = 0;
    for (const unsigned char *loc; (loc = find(p, (size_t)(end - p), "<loc>", 5)); locs++) {
        loc += 5;
        static char url[SEED_MAX];
        size_t len = unescape_loc(loc, (size_t)(end - loc), url, sizeof url);
        if (len == (size_t)-1 || !fact_known(&f->urls, url, len)) return "a <loc> that is no check's URL";
        p = loc + len;
    }
    return locs ? NULL : "no <loc>";
}
