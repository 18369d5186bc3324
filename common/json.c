/* json.c - a strict, bounded JSON reader and a string writer for the batch protocol. */
#include "json.h"

#include <stdbool.h>
#include <string.h>

typedef struct reader {
    const unsigned char *s;
    size_t n, i;
    int depth;
    buf *scratch; /* decoded text of the current key, or NULL */
    json_error *err;
} reader;

const char json_out_of_memory[] = "out of memory";

/* The first failure ends the reading (each caller returns at once), so it is the one said. */
static int fail(reader *r, const char *message) {
    r->err->message = message;
    r->err->offset = r->i;
    return -1;
}

static void skip_space(reader *r) {
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
                           r->s[r->i] == '\r'))
        r->i++;
}

size_t utf8_sequence(const unsigned char *s, size_t n) {
    if (n == 0) return 0;
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;      /* no overlong forms */
        else if (c == 0xED) hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        else if (c == 0xF4) hi = 0x8F; /* nothing above U+10FFFF */
    } else return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF) return 0;
    return len;
}

static int hex4(reader *r, unsigned *out) {
    if (r->n - r->i < 4) return fail(r, "truncated \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char c = r->s[r->i + (size_t)k];
        unsigned d;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else return fail(r, "invalid hex digit in \\u escape");
        v = v << 4 | d;
    }
    r->i += 4;
    *out = v;
    return 0;
}

int utf8_append(buf *out, unsigned cp) {
    char b[4];
    size_t n;
    if (cp < 0x80) b[0] = (char)cp, n = 1;
    else if (cp < 0x800) b[0] = (char)(0xC0 | cp >> 6), b[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        b[0] = (char)(0xE0 | cp >> 12), b[1] = (char)(0x80 | (cp >> 6 & 0x3F)),
        b[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    else
        b[0] = (char)(0xF0 | cp >> 18), b[1] = (char)(0x80 | (cp >> 12 & 0x3F)),
        b[2] = (char)(0x80 | (cp >> 6 & 0x3F)), b[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    return buf_add(out, b, n);
}

/* A string at r->i (which is '"'); decoded into out when out is not NULL. */
static int read_string(reader *r, buf *out) {
    r->i++;
    for (;;) {
        if (r->i >= r->n) return fail(r, "unterminated string");
        unsigned char c = r->s[r->i];
        if (c == '"') {
            r->i++;
            return 0;
        }
        if (c < 0x20) return fail(r, "control character in string (escape it)");
        if (c == '\\') {
            if (r->i + 1 >= r->n) return fail(r, "unterminated string");
            unsigned char e = r->s[r->i + 1];
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            const char *hit = e ? strchr(from, e) : NULL;
            if (hit) {
                r->i += 2;
                if (out && buf_addc(out, to[hit - from])) return fail(r, json_out_of_memory);
                continue;
            }
            if (e != 'u') return fail(r, "invalid escape in string");
            r->i += 2;
            unsigned cp;
            if (hex4(r, &cp)) return -1;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return fail(r, "lone low surrogate in \\u escape");
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned low;
                if (r->n - r->i < 2 || r->s[r->i] != '\\' || r->s[r->i + 1] != 'u')
                    return fail(r, "lone high surrogate in \\u escape");
                r->i += 2;
                if (hex4(r, &low)) return -1;
                if (low < 0xDC00 || low > 0xDFFF) return fail(r, "lone high surrogate in \\u escape");
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            if (out && utf8_append(out, cp)) return fail(r, json_out_of_memory);
            continue;
        }
        if (c < 0x80) { /* a run of plain ASCII is taken at once */
            size_t end = r->i + 1;
            while (end < r->n && r->s[end] >= 0x20 && r->s[end] < 0x80 && r->s[end] != '"' && r->s[end] != '\\') end++;
            if (out && buf_add(out, r->s + r->i, end - r->i)) return fail(r, json_out_of_memory);
            r->i = end;
            continue;
        }
        size_t len = utf8_sequence(r->s + r->i, r->n - r->i);
        if (!len) return fail(r, "invalid UTF-8 in string");
        if (out && buf_add(out, r->s + r->i, len)) return fail(r, json_out_of_memory);
        r->i += len;
    }
}

static int read_digits(reader *r) {
    size_t start = r->i;
    while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
    return r->i > start ? 0 : fail(r, "invalid number");
}

static int read_number(reader *r) {
    if (r->s[r->i] == '-') r->i++;
    if (r->i < r->n && r->s[r->i] == '0') {
        r->i++;
        /* RFC 8259: no leading zeros ("01" is not a number, and reading it as 0
         * would answer a request with an id it did not send). */
        if (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') return fail(r, "a number with a leading zero");
    } else if (read_digits(r)) {
        return -1;
    }
    if (r->i < r->n && r->s[r->i] == '.') {
        r->i++;
        if (read_digits(r)) return -1;
    }
    if (r->i < r->n && (r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
        r->i++;
        if (r->i < r->n && (r->s[r->i] == '+' || r->s[r->i] == '-')) r->i++;
        if (read_digits(r)) return -1;
    }
    return 0;
}

static int read_word(reader *r, const char *word) {
    size_t len = strlen(word);
    if (r->n - r->i < len || memcmp(r->s + r->i, word, len) != 0) return fail(r, "invalid value");
    r->i += len;
    return 0;
}

static int read_value(reader *r, json_type *type);

/* An array or object at r->i; members of the top-level object go to fn. */
static int read_container(reader *r, bool object, json_member_fn fn, void *ctx) {
    unsigned char close = object ? '}' : ']';
    if (++r->depth > JSON_MAX_DEPTH) return fail(r, "nesting too deep");
    r->i++;
    skip_space(r);
    if (r->i < r->n && r->s[r->i] == close) {
        r->i++;
        r->depth--;
        return 0;
    }
    for (;;) {
        json_member m = {NULL, 0, JSON_NULL, NULL, 0};
        if (object) {
            if (r->i >= r->n || r->s[r->i] != '"') return fail(r, "expected a string key");
            buf *key = fn ? r->scratch : NULL;
            if (key) key->len = 0;
            if (read_string(r, key)) return -1;
            skip_space(r);
            if (r->i >= r->n || r->s[r->i] != ':') return fail(r, "expected ':' after key");
            r->i++;
            skip_space(r);
            if (key) m.key = key->data ? key->data : "", m.key_len = key->len;
        }
        size_t start = r->i;
        if (read_value(r, &m.type)) return -1;
        if (fn) {
            m.raw = (const char *)r->s + start;
            m.raw_len = r->i - start;
            int rc = fn(ctx, &m);
            if (rc) return rc;
        }
        skip_space(r);
        if (r->i < r->n && r->s[r->i] == ',') {
            r->i++;
            skip_space(r);
            continue;
        }
        if (r->i < r->n && r->s[r->i] == close) {
            r->i++;
            r->depth--;
            return 0;
        }
        return fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int read_value(reader *r, json_type *type) {
    if (r->i >= r->n) return fail(r, "expected a value");
    switch (r->s[r->i]) {
    case '"': *type = JSON_STRING; return read_string(r, NULL);
    case '{': *type = JSON_OBJECT; return read_container(r, true, NULL, NULL);
    case '[': *type = JSON_ARRAY; return read_container(r, false, NULL, NULL);
    case 't': *type = JSON_BOOL; return read_word(r, "true");
    case 'f': *type = JSON_BOOL; return read_word(r, "false");
    case 'n': *type = JSON_NULL; return read_word(r, "null");
    default:
        if (r->s[r->i] == '-' || (r->s[r->i] >= '0' && r->s[r->i] <= '9')) {
            *type = JSON_NUMBER;
            return read_number(r);
        }
        return fail(r, "expected a value");
    }
}

/* Exactly one object (or array) in s, its members (elements) to fn. */
static int parse_one(const char *s, size_t n, bool object, json_member_fn fn, void *ctx, json_error *err) {
    buf scratch = {NULL, 0, 0};
    reader r = {(const unsigned char *)s, n, 0, 0, &scratch, err};
    err->message = NULL;
    err->offset = 0;
    skip_space(&r);
    int rc;
    if (r.i >= n || r.s[r.i] != (object ? '{' : '[')) rc = fail(&r, object ? "expected a JSON object" : "expected a JSON array");
    else rc = read_container(&r, object, fn, ctx);
    if (rc == 0) {
        skip_space(&r);
        if (r.i < n) rc = fail(&r, object ? "text after the object" : "text after the array");
    }
    buf_free(&scratch);
    return rc;
}

int json_parse_object(const char *s, size_t n, json_member_fn fn, void *ctx, json_error *err) {
    return parse_one(s, n, true, fn, ctx, err);
}

int json_parse_array(const char *s, size_t n, json_member_fn fn, void *ctx, json_error *err) {
    return parse_one(s, n, false, fn, ctx, err);
}

int json_decode_string(const char *raw, size_t raw_len, buf *out) {
    json_error err = {NULL, 0};
    reader r = {(const unsigned char *)raw, raw_len, 0, 0, NULL, &err};
    return read_string(&r, out);
}

int json_append_string(buf *out, const char *s, size_t n) {
    const unsigned char *u = (const unsigned char *)s;
    if (buf_addc(out, '"')) return -1;
    for (size_t i = 0; i < n;) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') {
            if (buf_addc(out, '\\') || buf_addc(out, (char)c)) return -1;
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            static const char hex[] = "0123456789abcdef";
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            if (buf_add(out, e, 6)) return -1;
            i++;
        } else if (c < 0x80) { /* a run of plain ASCII is copied at once */
            size_t end = i + 1;
            while (end < n && u[end] >= 0x20 && u[end] < 0x7F && u[end] != '"' && u[end] != '\\') end++;
            if (buf_add(out, u + i, end - i)) return -1;
            i = end;
        } else {
            size_t len = utf8_sequence(u + i, n - i);
            if (len ? buf_add(out, u + i, len) : buf_add(out, "\\ufffd", 6)) return -1;
            i += len ? len : 1;
        }
    }
    return buf_addc(out, '"');
}
