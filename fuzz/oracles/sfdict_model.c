/*
 * sfdict_model.c - RFC 9651 4.2.2 (and the items of 4.2.3-4.2.10) as the RFC
 * writes them: the input is a string that shrinks from the front as characters
 * are consumed. Written apart from ref/src/sfdict.c; see sfdict_model.h.
 */
#include "sfdict_model.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct input {
    char *s;  /* what is left of a copy of the input (which may hold NUL octets) */
    size_t n; /* its length */
} input;

static bool empty(const input *in) { return in->n == 0; }
static char first(const input *in) { return in->n ? in->s[0] : '\0'; }
static char consume(input *in) {
    char c = in->s[0];
    in->s++;
    in->n--;
    return c;
}

static bool in_set(char c, const char *set) { return c != '\0' && strchr(set, c) != NULL; }
#define DIGITS "0123456789"
#define LCALPHA "abcdefghijklmnopqrstuvwxyz"
#define ALPHA LCALPHA "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

typedef struct member {
    char *key;
    sfdict_model_value value;
} member;

/* 4.2.3.3 */
static char *parse_key(input *in) {
    if (!in_set(first(in), LCALPHA "*")) return NULL;
    size_t n = 0;
    while (n < in->n && in_set(in->s[n], LCALPHA DIGITS "_-.*")) n++;
    char *key = malloc(n + 1);
    memcpy(key, in->s, n);
    key[n] = '\0';
    in->s += n;
    in->n -= n;
    return key;
}

/* 4.2.4, with input_number built as the RFC builds it. */
static bool parse_number(input *in, const char **type) {
    *type = "integer";
    char number[32];
    size_t len = 0;
    if (first(in) == '-') consume(in);
    if (empty(in) || !in_set(first(in), DIGITS)) return false;
    while (!empty(in)) {
        char c = consume(in);
        if (in_set(c, DIGITS)) {
            number[len++] = c;
        } else if (!strcmp(*type, "integer") && c == '.') {
            if (len > 12) return false;
            number[len++] = c;
            *type = "decimal";
        } else {
            in->s--; /* put it back */
            in->n++;
            break;
        }
        if (!strcmp(*type, "integer") && len > 15) return false;
        if (!strcmp(*type, "decimal") && len > 16) return false;
    }
    if (!strcmp(*type, "integer")) return true;
    if (number[len - 1] == '.') return false;
    size_t dot = (size_t)((char *)memchr(number, '.', len) - number);
    return len - dot - 1 <= 3;
}

/* 4.2.5 */
static bool parse_string(input *in) {
    consume(in);
    while (!empty(in)) {
        char c = consume(in);
        if (c == '\\') {
            if (empty(in)) return false;
            char next = consume(in);
            if (next != '"' && next != '\\') return false;
        } else if (c == '"') {
            return true;
        } else if ((unsigned char)c <= 0x1f || (unsigned char)c >= 0x7f) {
            return false;
        }
    }
    return false;
}

/* 4.2.7: base64 decoded by counting: groups of four characters, a last group of
 * two or three, '=' only as padding of a last group of four. */
static bool parse_bytes(input *in) {
    consume(in);
    char *end = memchr(in->s, ':', in->n);
    if (!end) return false;
    size_t n = (size_t)(end - in->s);
    char *b64 = in->s;
    in->s += n + 1;
    in->n -= n + 1;
    for (size_t i = 0; i < n; i++)
        if (!in_set(b64[i], ALPHA DIGITS "+/=")) return false;
    size_t data = n;
    while (data > 0 && b64[data - 1] == '=') data--;
    if (memchr(b64, '=', data)) return false;
    size_t pads = n - data;
    if (pads > 2) return false;
    if (pads && n % 4) return false;
    return data % 4 != 1;
}

/* RFC 3629's table of well-formed sequences. */
static bool valid_utf8(const unsigned char *b, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = b[i];
        size_t more;
        unsigned lo = 0x80, hi = 0xbf;
        if (c < 0x80) more = 0;
        else if (c >= 0xc2 && c <= 0xdf) more = 1;
        else if (c == 0xe0) more = 2, lo = 0xa0;
        else if (c >= 0xe1 && c <= 0xec) more = 2;
        else if (c == 0xed) more = 2, hi = 0x9f;
        else if (c >= 0xee && c <= 0xef) more = 2;
        else if (c == 0xf0) more = 3, lo = 0x90;
        else if (c >= 0xf1 && c <= 0xf3) more = 3;
        else if (c == 0xf4) more = 3, hi = 0x8f;
        else return false;
        if (n - i - 1 < more) return false;
        for (size_t k = 1; k <= more; k++) {
            unsigned d = b[i + k];
            unsigned l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xbf;
            if (d < l || d > h) return false;
        }
        i += more + 1;
    }
    return true;
}

/* 4.2.10 */
static bool parse_display(input *in) {
    consume(in);
    if (first(in) != '"') return false;
    consume(in);
    unsigned char *bytes = malloc(in->n + 1);
    size_t len = 0;
    bool ok = false;
    while (!empty(in)) {
        char c = consume(in);
        if ((unsigned char)c <= 0x1f || (unsigned char)c >= 0x7f) break;
        if (c == '%') {
            if (in->n < 2 || !in_set(in->s[0], DIGITS "abcdef") || !in_set(in->s[1], DIGITS "abcdef")) break;
            char hex[3] = {consume(in), consume(in), 0};
            bytes[len++] = (unsigned char)strtol(hex, NULL, 16);
        } else if (c == '"') {
            ok = valid_utf8(bytes, len);
            free(bytes);
            return ok;
        } else {
            bytes[len++] = (unsigned char)c;
        }
    }
    free(bytes);
    return false;
}

/* 4.2.3.1 */
static bool parse_bare_item(input *in, sfdict_model_value *v) {
    char c = first(in);
    memset(v, 0, sizeof *v);
    if (c == '-' || in_set(c, DIGITS)) return parse_number(in, &v->type);
    if (c == '"') return v->type = "string", parse_string(in);
    if (c == '*' || in_set(c, ALPHA)) {
        v->type = "token";
        consume(in);
        size_t n = 1;
        while (!empty(in) && in_set(first(in), ALPHA DIGITS "!#$%&'*+-.^_`|~:/")) consume(in), n++;
        const char *start = in->s - n;
        v->token_len = n;
        memcpy(v->token, start, n < sizeof v->token ? n : sizeof v->token - 1);
        return true;
    }
    if (c == ':') return v->type = "byte sequence", parse_bytes(in);
    if (c == '?') {
        v->type = "boolean";
        consume(in);
        if (first(in) == '1') return consume(in), v->boolean = 1, true;
        if (first(in) == '0') return consume(in), v->boolean = 0, true;
        return false;
    }
    if (c == '@') {
        const char *type;
        v->type = "date";
        consume(in);
        return parse_number(in, &type) && !strcmp(type, "integer");
    }
    if (c == '%') return v->type = "display string", parse_display(in);
    return false;
}

/* 4.2.3.2 */
static bool parse_parameters(input *in) {
    while (!empty(in)) {
        if (first(in) != ';') break;
        consume(in);
        while (first(in) == ' ') consume(in);
        char *key = parse_key(in);
        if (!key) return false;
        free(key);
        if (first(in) == '=') {
            consume(in);
            sfdict_model_value ignored;
            if (!parse_bare_item(in, &ignored)) return false;
        }
    }
    return true;
}

/* 4.2.1.1, 4.2.1.2 */
static bool parse_item_or_inner_list(input *in, sfdict_model_value *v) {
    if (first(in) != '(') return parse_bare_item(in, v) && parse_parameters(in);
    consume(in);
    memset(v, 0, sizeof *v);
    v->type = "inner list";
    while (!empty(in)) {
        while (first(in) == ' ') consume(in);
        if (first(in) == ')') {
            consume(in);
            return parse_parameters(in);
        }
        sfdict_model_value item;
        if (!parse_bare_item(in, &item) || !parse_parameters(in)) return false;
        if (first(in) != ' ' && first(in) != ')') return false;
    }
    return false;
}

int sfdict_model_get(const unsigned char *data, size_t len, const char *key, size_t key_len,
                     sfdict_model_value *out) {
    /* 4.2 step 1: ASCII only. */
    for (size_t i = 0; i < len; i++)
        if (data[i] >= 0x80) return -1;
    char *copy = malloc(len + 1);
    if (len) memcpy(copy, data, len);
    copy[len] = '\0';
    input in = {copy, len};
    member *members = NULL;
    size_t count = 0, room = 0;
    int rc = -1;
    while (first(&in) == ' ' && !empty(&in)) consume(&in);
    /* 4.2.2 */
    while (!empty(&in)) {
        char *k = parse_key(&in);
        if (!k) goto done;
        /* The list grows by doubling: growing it by one member a time copied it
         * whole each time, n^2/2 copies for n members (30 s under ASan for a
         * 16 KiB Dictionary of 8000 members, issue 63). */
        if (count == room) {
            room = room ? room * 2 : 8;
            members = realloc(members, room * sizeof *members);
        }
        members[count].key = k;
        sfdict_model_value *v = &members[count].value;
        count++;
        if (first(&in) == '=') {
            consume(&in);
            if (!parse_item_or_inner_list(&in, v)) goto done;
        } else {
            memset(v, 0, sizeof *v);
            v->type = "boolean";
            v->boolean = 1;
            if (!parse_parameters(&in)) goto done;
        }
        while (!empty(&in) && (first(&in) == ' ' || first(&in) == '\t')) consume(&in);
        if (empty(&in)) break;
        if (consume(&in) != ',') goto done;
        while (!empty(&in) && (first(&in) == ' ' || first(&in) == '\t')) consume(&in);
        if (empty(&in)) goto done;
    }
    /* 4.2 steps 6 and 7 */
    while (!empty(&in) && first(&in) == ' ') consume(&in);
    if (!empty(&in)) goto done;
    rc = 0;
    for (size_t i = count; i-- > 0;) { /* the map keeps the last value of a key */
        if (strlen(members[i].key) == key_len && !memcmp(members[i].key, key, key_len)) {
            *out = members[i].value;
            rc = 1;
            break;
        }
    }
done:
    for (size_t i = 0; i < count; i++) free(members[i].key);
    free(members);
    free(copy);
    return rc;
}
