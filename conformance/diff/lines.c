/* lines.c - lines and directive values (lines.h). */
#include "lines.h"

#include <string.h>
#include <strings.h>

#include "robots.h"

int line_span(const buf *b, size_t line, size_t *from, size_t *end) {
    size_t i = 0;
    for (size_t n = 1; n < line; n++) {
        while (i < b->len && b->data[i] != '\n' && b->data[i] != '\r') i++;
        if (i >= b->len) return -1;
        i += i + 1 < b->len && b->data[i] == '\r' && b->data[i + 1] == '\n' ? 2 : 1;
    }
    *from = i;
    while (i < b->len && b->data[i] != '\n' && b->data[i] != '\r') i++;
    *end = i;
    return 0;
}

static size_t skip_blanks(const char *s, size_t i, size_t end) {
    while (i < end && (s[i] == ' ' || s[i] == '\t')) i++;
    return i;
}

void directive_value(const char *s, size_t from, size_t end, unsigned flags, size_t *value, size_t *value_end) {
    size_t i = skip_blanks(s, from, end);
    if (!(flags & ROBOTS_LINE_MISSING_COLON)) {
        const char *colon = memchr(s + i, ':', end - i);
        i = colon ? (size_t)(colon - s) + 1 : end;
    } else {
        /* The key's words: one, or "user agent" (an accepted typo). */
        size_t word = i;
        while (i < end && s[i] != ' ' && s[i] != '\t') i++;
        size_t next = skip_blanks(s, i, end);
        if (i - word == 4 && !strncasecmp(s + word, "user", 4) && end - next >= 5 && !strncasecmp(s + next, "agent", 5))
            i = next + 5;
    }
    size_t v = skip_blanks(s, i, end), e = v;
    while (e < end && s[e] != '#') e++;
    while (e > v && (s[e - 1] == ' ' || s[e - 1] == '\t')) e--;
    *value = v;
    *value_end = e;
}
