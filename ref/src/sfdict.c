/*
 * sfdict.c - an RFC 9651 Structured Field Dictionary, parsed as bytes, to find the
 * value of one key: what the AI usage preferences need (draft-ietf-aipref-vocab-07
 * 6.5: "those bytes are parsed into a Dictionary (Section 4.2.2 of FIELDS)").
 *
 * A failure anywhere fails the whole Dictionary (vocab 6.5.1: "If the parsing of
 * the Dictionary fails, preferences are unknown"), so every item is parsed in
 * full, also those of other keys: a string with a control octet, an integer of 16
 * digits or an uppercase key elsewhere in the statement makes the wanted key
 * unknown. Nothing is allocated; each step reads forward from a cursor, following
 * the numbered steps of RFC 9651 4.2 in order (fuzz/oracles/sfdict_model.c is a
 * second reading of the same steps, written apart, that the fuzz target compares).
 */
#include "internal.h"

typedef struct cursor {
    const unsigned char *s;
    size_t i, n;
} cursor;

static bool at_end(const cursor *c) { return c->i >= c->n; }
static int peek(const cursor *c) { return at_end(c) ? -1 : c->s[c->i]; }
static bool is_digit(int ch) { return ch >= '0' && ch <= '9'; }
static bool is_lcalpha(int ch) { return ch >= 'a' && ch <= 'z'; }
static bool is_alpha(int ch) { return is_lcalpha(ch) || (ch >= 'A' && ch <= 'Z'); }

/* tchar of RFC 9110 5.6.2, plus ':' and '/' (RFC 9651 4.2.6 step 3). */
static bool is_token_char(int ch) {
    return is_alpha(ch) || is_digit(ch) || (ch > 0 && strchr("!#$%&'*+-.^_`|~:/", ch) != NULL);
}

static void skip_sp(cursor *c) {
    while (peek(c) == ' ') c->i++;
}

static void skip_ows(cursor *c) {
    while (peek(c) == ' ' || peek(c) == '\t') c->i++;
}

/* 4.2.3.3: a key is lcalpha or '*', then lcalpha, DIGIT, '_', '-', '.', '*'. */
static bool parse_key(cursor *c, size_t *start, size_t *len) {
    int ch = peek(c);
    if (!is_lcalpha(ch) && ch != '*') return false;
    *start = c->i;
    while (!at_end(c)) {
        ch = peek(c);
        if (!is_lcalpha(ch) && !is_digit(ch) && (ch == 0 || !strchr("_-.*", ch))) break;
        c->i++;
    }
    *len = c->i - *start;
    return true;
}

/* 4.2.4: an Integer (at most 15 digits) or a Decimal (at most 12 integer digits,
 * 1 to 3 fractional ones). */
static bool parse_number(cursor *c, robots_sf_type *type) {
    *type = ROBOTS_SF_INTEGER;
    if (peek(c) == '-') c->i++;
    if (!is_digit(peek(c))) return false;
    size_t digits = 0, dot = 0;
    while (!at_end(c)) {
        int ch = peek(c);
        if (is_digit(ch)) {
            digits++;
        } else if (*type == ROBOTS_SF_INTEGER && ch == '.') {
            if (digits > 12) return false;
            *type = ROBOTS_SF_DECIMAL;
            dot = digits;
        } else {
            break;
        }
        c->i++;
        size_t length = digits + (*type == ROBOTS_SF_DECIMAL);
        if (length > (*type == ROBOTS_SF_INTEGER ? 15u : 16u)) return false;
    }
    if (*type == ROBOTS_SF_INTEGER) return true;
    size_t fraction = digits - dot;
    return fraction >= 1 && fraction <= 3;
}

/* 4.2.5: printable ASCII between quotes; '\' escapes only '"' and '\'. */
static bool parse_string(cursor *c) {
    c->i++; /* the opening quote */
    while (!at_end(c)) {
        int ch = c->s[c->i++];
        if (ch == '\\') {
            if (at_end(c)) return false;
            int next = c->s[c->i++];
            if (next != '"' && next != '\\') return false;
        } else if (ch == '"') {
            return true;
        } else if (ch < 0x20 || ch > 0x7e) {
            return false;
        }
    }
    return false;
}

/* 4.2.6: ALPHA or '*', then token characters. */
static bool parse_token(cursor *c, size_t *start, size_t *len) {
    *start = c->i++;
    while (!at_end(c) && is_token_char(peek(c))) c->i++;
    *len = c->i - *start;
    return true;
}

static bool is_base64(int ch) { return is_alpha(ch) || is_digit(ch) || ch == '+' || ch == '/'; }

/* 4.2.7: base64 between colons. Decoding fails (step 6) when '=' is not only at
 * the end, when there are more than two of them, when a padded text is not a
 * whole number of quanta, and when one sextet is left alone (it holds no octet). */
static bool parse_byte_sequence(cursor *c) {
    c->i++; /* the opening colon */
    size_t start = c->i, pad = 0;
    while (!at_end(c) && peek(c) != ':') {
        int ch = peek(c);
        if (ch == '=') pad++;
        else if (!is_base64(ch) || pad > 0) return false;
        c->i++;
    }
    if (at_end(c)) return false;
    size_t len = c->i - start;
    c->i++; /* the closing colon */
    if (pad > 2 || (pad > 0 && len % 4 != 0)) return false;
    return (len - pad) % 4 != 1;
}

/* 4.2.8: "?0" or "?1". */
static bool parse_boolean(cursor *c, int *value) {
    c->i++;
    int ch = peek(c);
    if (ch != '0' && ch != '1') return false;
    c->i++;
    *value = ch == '1';
    return true;
}

static bool is_lower_hex(int ch) { return is_digit(ch) || (ch >= 'a' && ch <= 'f'); }
static int hex_of(int ch) { return is_digit(ch) ? ch - '0' : ch - 'a' + 10; }

/* Is the octet sequence valid UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing past U+10FFFF)? Fed one octet at a time: *need continuation octets are
 * still expected, within [*lo, *hi] for the first of them. */
typedef struct utf8_state {
    int need;
    int lo, hi;
} utf8_state;

static bool utf8_feed(utf8_state *u, int b) {
    if (u->need > 0) {
        if (b < u->lo || b > u->hi) return false;
        u->lo = 0x80, u->hi = 0xbf;
        u->need--;
        return true;
    }
    u->lo = 0x80, u->hi = 0xbf;
    if (b < 0x80) return true;
    if (b >= 0xc2 && b <= 0xdf) u->need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
        u->need = 2;
        if (b == 0xe0) u->lo = 0xa0;
        if (b == 0xed) u->hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
        u->need = 3;
        if (b == 0xf0) u->lo = 0x90;
        if (b == 0xf4) u->hi = 0x8f;
    } else {
        return false;
    }
    return true;
}

/* 4.2.10: %"...", printable ASCII and %xx (lowercase hex), valid UTF-8 once
 * decoded. */
static bool parse_display_string(cursor *c) {
    c->i++; /* '%' */
    if (peek(c) != '"') return false;
    c->i++;
    utf8_state u = {0, 0x80, 0xbf};
    while (!at_end(c)) {
        int ch = c->s[c->i++];
        if (ch < 0x20 || ch > 0x7e) return false;
        if (ch == '%') {
            if (c->n - c->i < 2 || !is_lower_hex(c->s[c->i]) || !is_lower_hex(c->s[c->i + 1])) return false;
            int octet = hex_of(c->s[c->i]) << 4 | hex_of(c->s[c->i + 1]);
            c->i += 2;
            if (!utf8_feed(&u, octet)) return false;
        } else if (ch == '"') {
            return u.need == 0;
        } else if (u.need > 0) {
            return false; /* an ASCII octet where a continuation octet was due */
        }
    }
    return false;
}

/* 4.2.3.1: the first character says the type. */
static bool parse_bare_item(cursor *c, robots_sf_value *v) {
    int ch = peek(c);
    v->text = NULL;
    v->text_len = 0;
    if (ch == '-' || is_digit(ch)) return parse_number(c, &v->type);
    if (ch == '"') return v->type = ROBOTS_SF_STRING, parse_string(c);
    if (ch == '*' || is_alpha(ch)) {
        size_t start, len;
        v->type = ROBOTS_SF_TOKEN;
        parse_token(c, &start, &len);
        v->text = (const char *)c->s + start;
        v->text_len = len;
        return true;
    }
    if (ch == ':') return v->type = ROBOTS_SF_BYTES, parse_byte_sequence(c);
    if (ch == '?') return v->type = ROBOTS_SF_BOOLEAN, parse_boolean(c, &v->boolean);
    if (ch == '@') { /* 4.2.9: a Date is '@' and an Integer */
        c->i++;
        robots_sf_type t;
        v->type = ROBOTS_SF_DATE;
        return parse_number(c, &t) && t == ROBOTS_SF_INTEGER;
    }
    if (ch == '%') return v->type = ROBOTS_SF_DISPLAY_STRING, parse_display_string(c);
    return false;
}

/* 4.2.3.2: ";key[=bare-item]" repeated; parsed to be valid, then ignored (vocab
 * 6.5.2). */
static bool parse_parameters(cursor *c) {
    while (peek(c) == ';') {
        c->i++;
        skip_sp(c);
        size_t start, len;
        if (!parse_key(c, &start, &len)) return false;
        if (peek(c) == '=') {
            c->i++;
            robots_sf_value ignored;
            if (!parse_bare_item(c, &ignored)) return false;
        }
    }
    return true;
}

/* 4.2.1.1 and 4.2.1.2: an Item, or an Inner List "(item SP item ...)". */
static bool parse_item_or_inner_list(cursor *c, robots_sf_value *v) {
    if (peek(c) != '(') return parse_bare_item(c, v) && parse_parameters(c);
    c->i++;
    v->type = ROBOTS_SF_INNER_LIST;
    v->text = NULL;
    v->text_len = 0;
    while (!at_end(c)) {
        skip_sp(c);
        if (peek(c) == ')') {
            c->i++;
            return parse_parameters(c);
        }
        robots_sf_value item;
        if (!parse_bare_item(c, &item) || !parse_parameters(c)) return false;
        if (peek(c) != ' ' && peek(c) != ')') return false;
    }
    return false;
}

int robots_sf_dictionary_get(const char *data, size_t len, const char *key, size_t key_len,
                             robots_sf_value *out) {
    if ((!data && len) || (!key && key_len) || !out) return -1;
    cursor c = {(const unsigned char *)(data ? data : ""), 0, len};
    /* 4.2 step 1: the input must be ASCII. */
    for (size_t i = 0; i < len; i++)
        if (c.s[i] > 0x7f) return -1;
    bool found = false;
    skip_sp(&c); /* 4.2 step 2 */
    /* 4.2.2 */
    while (!at_end(&c)) {
        size_t start, n;
        if (!parse_key(&c, &start, &n)) return -1;
        robots_sf_value member = {ROBOTS_SF_BOOLEAN, NULL, 0, 1};
        if (peek(&c) == '=') {
            c.i++;
            if (!parse_item_or_inner_list(&c, &member)) return -1;
        } else if (!parse_parameters(&c)) {
            return -1;
        }
        /* Step 4: a later duplicate overwrites the earlier member. */
        if (n == key_len && memcmp(c.s + start, key, n) == 0) {
            *out = member;
            found = true;
        }
        skip_ows(&c);
        if (at_end(&c)) break;
        if (c.s[c.i++] != ',') return -1;
        skip_ows(&c);
        if (at_end(&c)) return -1; /* a trailing comma */
    }
    /* 4.2 steps 6 and 7: only SP may follow, and OWS has been skipped already. */
    return found ? 1 : 0;
}
