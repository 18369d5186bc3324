/* clean_text.c - making what targets print safe for reports (clean_text.h). */
#include "clean_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "json.h"

char *clean_text_copy(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    buf out = {NULL, 0, 0};
    int bad = buf_reserve(&out, len + 1);
    for (size_t i = 0; i < len && !bad;) {
        size_t n = utf8_sequence(u + i, len - i);
        bool control = n == 1 && (u[i] < 0x20 || u[i] == 0x7f) && u[i] != '\n' && u[i] != '\t';
        bool nonchar = n == 3 && u[i] == 0xEF && u[i + 1] == 0xBF && u[i + 2] >= 0xBE;
        if (n == 0 || control || nonchar) {
            bad = buf_add(&out, "\xEF\xBF\xBD", 3);
            i += n ? n : 1;
        } else {
            bad = buf_add(&out, s + i, n);
            i += n;
        }
    }
    if (bad || buf_addc(&out, '\0')) {
        buf_free(&out);
        return NULL;
    }
    return out.data;
}

void clean_text_trim_utf8(char *s) {
    size_t len = strlen(s);
    /* Back over continuation bytes to the lead byte of the last sequence. */
    size_t start = len;
    while (start > 0 && len - start < 4 && ((unsigned char)s[start - 1] & 0xC0) == 0x80) start--;
    if (start == 0) return;
    start--;
    if (utf8_sequence((const unsigned char *)s + start, len - start) != len - start) {
        /* Incomplete (or broken): drop the lead byte and what follows it, unless the
         * byte is plain ASCII. */
        if ((unsigned char)s[start] >= 0x80) s[start] = '\0';
    }
}

void clean_text_escape_controls(const char *s, char *out, size_t cap) {
    size_t n = 0;
    if (!cap) return;
    for (; *s && n + 1 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != 0x7F) {
            out[n++] = (char)c;
        } else if (n + 4 < cap) {
            snprintf(out + n, cap - n, "\\x%02X", c);
            n += 4;
        } else {
            break;
        }
    }
    out[n] = '\0';
    clean_text_trim_utf8(out);
}
