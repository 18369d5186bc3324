/* cluster.c - grouping disagreements by cause (cluster.h). */
#include "cluster.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static bool has(const buf *b, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= b->len; i++)
        if (!memcmp(b->data + i, needle, n)) return true;
    return false;
}

/* Does the value of an allow or disallow line hold the character? */
static bool rule_has(const buf *b, char c) {
    for (size_t i = 0; i < b->len;) {
        size_t end = i;
        while (end < b->len && b->data[end] != '\n' && b->data[end] != '\r') end++;
        size_t k = i;
        while (k < end && (b->data[k] == ' ' || b->data[k] == '\t')) k++;
        bool rule = (end - k >= 5 && !strncasecmp(b->data + k, "allow", 5)) ||
                    (end - k >= 8 && !strncasecmp(b->data + k, "disallow", 8));
        if (rule && memchr(b->data + k, c, end - k)) return true;
        i = end + 1;
    }
    return false;
}

static bool has_byte_over_127(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80) return true;
    return false;
}

/* Does any line start with a key the specification does not spell so? */
static bool misspelt_key(const buf *b) {
    static const char *const keys[] = {"user-agent", "allow", "disallow", "sitemap"};
    for (size_t i = 0; i < b->len;) {
        size_t end = i;
        while (end < b->len && b->data[end] != '\n' && b->data[end] != '\r') end++;
        size_t colon = i;
        while (colon < end && b->data[colon] != ':') colon++;
        size_t k = i;
        while (k < colon && (b->data[k] == ' ' || b->data[k] == '\t')) k++;
        size_t kend = colon;
        while (kend > k && (b->data[kend - 1] == ' ' || b->data[kend - 1] == '\t')) kend--;
        if (colon < end && kend > k && b->data[k] != '#') {
            bool known = false;
            for (size_t q = 0; q < 4 && !known; q++)
                known = strlen(keys[q]) == kend - k && !strncasecmp(b->data + k, keys[q], kend - k);
            if (!known) return true;
        }
        i = end + 1;
    }
    return false;
}

static bool line_without_colon(const buf *b) {
    for (size_t i = 0; i < b->len;) {
        size_t end = i;
        bool colon = false, text = false;
        while (end < b->len && b->data[end] != '\n' && b->data[end] != '\r') {
            colon = colon || b->data[end] == ':';
            text = text || (b->data[end] != ' ' && b->data[end] != '\t' && b->data[end] != '#');
            if (b->data[end] == '#') break;
            end++;
        }
        if (text && !colon) return true;
        while (end < b->len && b->data[end] != '\n' && b->data[end] != '\r') end++;
        i = end + 1;
    }
    return false;
}

void cause_of(const input *in, int reference, const robots_verdict *why, char *key, size_t cap) {
    static const char *const rules[] = {"no rule", "an allow rule", "a disallow rule"};
    static const char *const groups[] = {"no group", "the '*' group", "a group naming the crawler"};
    const buf *b = &in->robots;
    char features[160] = "";
#define FEATURE(cond, word)                                                                             \
    do {                                                                                                \
        if (cond) snprintf(features + strlen(features), sizeof features - strlen(features), "%s%s",   \
                           features[0] ? ", " : "", word);                                              \
    } while (0)
    FEATURE(rule_has(b, '*'), "'*' in a rule");
    FEATURE(rule_has(b, '$'), "'$' in a rule");
    FEATURE(has(b, "%") || strchr(in->url, '%'), "a percent-escape");
    FEATURE(has_byte_over_127(b->data, b->len) || has_byte_over_127(in->url, strlen(in->url)), "non-ASCII");
    FEATURE(b->len >= 2 && (unsigned char)b->data[0] == 0xEF, "a BOM");
    FEATURE(has(b, "\r"), "CR line ends");
    FEATURE(memchr(b->data ? b->data : "", '\0', b->len) != NULL, "NUL");
    FEATURE(has(b, "#"), "a comment");
    FEATURE(misspelt_key(b), "a misspelt or unknown key");
    FEATURE(line_without_colon(b), "a line without a colon");
    FEATURE(strchr(in->url, '?') || strchr(in->url, '#'), "a query or fragment");
    FEATURE(b->len == 0, "an empty file");
#undef FEATURE
    snprintf(key, cap, "the reference %s (%s, %s); the target %s%s%s", reference ? "allows" : "disallows",
             rules[why->rule], groups[why->group], reference ? "disallows" : "allows",
             features[0] ? "; needs " : "", features);
}

static size_t size_of(const input *in) { return in->robots.len + strlen(in->url) + strlen(in->agent); }

int cluster_add(clusters *c, const input *in, int reference, const robots_verdict *why) {
    char key[256];
    cause_of(in, reference, why, key, sizeof key);
    for (size_t i = 0; i < c->n; i++) {
        cluster *x = &c->items[i];
        if (strcmp(x->key, key)) continue;
        x->count++;
        if (size_of(in) < size_of(&x->example)) {
            if (input_copy(&x->example, in)) return -1;
            x->reference = reference;
            x->why = *why;
        }
        return 0;
    }
    if (c->n == CLUSTERS_MAX) {
        c->dropped++;
        return 0;
    }
    cluster *x = &c->items[c->n];
    memset(x, 0, sizeof *x);
    snprintf(x->key, sizeof x->key, "%s", key);
    if (input_copy(&x->example, in)) return -1;
    x->count = 1;
    x->reference = reference;
    x->why = *why;
    c->n++;
    return 0;
}

void clusters_free(clusters *c) {
    for (size_t i = 0; i < c->n; i++) input_free(&c->items[i].example);
    c->n = 0;
}
