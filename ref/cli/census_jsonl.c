/*
 * census_jsonl.c - the sites of a JSON Lines file (census.h): one site a line,
 * {"site", "status", "redirects", "final_uri", "robots" | "robots_base64"}.
 *
 * A line of any length is read. It is read ROBOTS_READ_BUFFER bytes at a time
 * and streamed: the value of "robots" or "robots_base64" goes aside as it comes,
 * its first bytes kept (enough for the file's first 500 KiB, which is all a
 * crawler reads) and the rest of it passed over; the rest of the line, past
 * 1 MiB, is no site and a warning. What is kept is then read as one JSON object,
 * the set-aside value decoded on its own. A line that is not a site is a warning
 * with its line number, and the census goes on.
 */
#include "census.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base64.h"
#include "interrupt.h"
#include "json.h"
#include "read_buffer.h"

/* The rest of a line, besides robots, is at most this long. */
#define LINE_MAX_BYTES ((size_t)1 << 20)
/* The raw (escaped) bytes of a robots value kept: a decoded byte takes at most
 * six (\u0001), a base64 one at most 6 * 4 / 3, so this holds more than the
 * first 500 KiB either way. */
#define VALUE_MAX_BYTES ((size_t)6 * 700000)

typedef enum expect { EXPECT_KEY, EXPECT_VALUE } expect;
typedef enum aside { ASIDE_NONE, ASIDE_ROBOTS, ASIDE_BASE64 } aside;

/* Where a line's scan is, byte after byte. */
typedef struct scan {
    buf kept;          /* the line, robots' value as "" */
    buf value;         /* robots' value set aside, raw, without its quotes */
    bool too_long;     /* kept passed LINE_MAX_BYTES */
    bool value_cut;    /* value passed VALUE_MAX_BYTES: it holds a prefix */
    int depth;         /* of { and [ */
    bool in_string, escape;
    int hex;           /* \u digits to come */
    unsigned code;     /* their value so far */
    bool want_low;     /* a high surrogate came: its low half must follow */
    int utf8_left;     /* continuation bytes to come */
    size_t safe;       /* value's length at its last place between two characters */
    expect at_depth1;
    bool key_string;   /* the string in hand is a key of the line's object */
    char key[16];
    size_t key_len;
    aside aside;       /* the string in hand is robots' value */
    int sets_aside;    /* robots' values seen (two are an error the object reading reports) */
    aside which;       /* the last one's kind */
} scan;

static void scan_start(scan *s) {
    buf kept = s->kept, value = s->value;
    memset(s, 0, sizeof *s);
    s->kept = kept;
    s->value = value;
    s->kept.len = s->value.len = 0;
}

static int keep(scan *s, const char *p, size_t n) {
    if (s->too_long) return 0;
    if (s->kept.len + n > LINE_MAX_BYTES) {
        s->too_long = true;
        return 0;
    }
    return buf_add(&s->kept, p, n);
}

/* One byte of robots' value: kept while the value is short enough; cut, past
 * that, at the last place between characters (never inside an escape, a UTF-8
 * sequence or a surrogate pair). */
static int aside_byte(scan *s, unsigned char c) {
    bool between = !s->escape && s->hex == 0 && !s->want_low && s->utf8_left == 0;
    if (between) s->safe = s->value.len;
    if (s->escape) {
        s->escape = false;
        if (c == 'u') s->hex = 4, s->code = 0;
    } else if (s->hex) {
        unsigned d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 0;
        s->code = s->code * 16 + d;
        if (--s->hex == 0) s->want_low = s->code >= 0xD800 && s->code <= 0xDBFF;
    } else if (c == '\\') {
        s->escape = true;
    } else if (s->utf8_left) {
        s->utf8_left--;
    } else {
        s->utf8_left = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    }
    if (s->value_cut) return 0;
    if (s->value.len == VALUE_MAX_BYTES) {
        s->value.len = s->safe;
        s->value_cut = true;
        return 0;
    }
    return buf_addc(&s->value, (char)c);
}

/* One byte of the line (not its LF). Returns 0, or -1 when memory runs out. */
static int scan_byte(scan *s, unsigned char c) {
    if (s->in_string) {
        bool ends = !s->escape && s->hex == 0 && c == '"';
        if (ends) {
            s->in_string = false;
            if (s->key_string && s->key_len < sizeof s->key) s->key[s->key_len] = '\0';
        }
        if (s->aside && !ends) return aside_byte(s, c);
        if (s->aside) {
            s->aside = ASIDE_NONE;
            return keep(s, "\"", 1);
        }
        if (s->key_string && !ends && s->key_len < sizeof s->key) s->key[s->key_len++] = (char)c;
        s->escape = !s->escape && c == '\\';
        return keep(s, (const char *)&c, 1);
    }
    if (c == '"') {
        s->in_string = true;
        s->escape = false;
        s->hex = 0;
        s->key_string = s->depth == 1 && s->at_depth1 == EXPECT_KEY;
        s->key_len = s->key_string ? 0 : s->key_len;
        if (s->depth == 1 && s->at_depth1 == EXPECT_VALUE && s->key_len < sizeof s->key) {
            s->aside = !strcmp(s->key, "robots") ? ASIDE_ROBOTS : !strcmp(s->key, "robots_base64") ? ASIDE_BASE64 : ASIDE_NONE;
            if (s->aside) {
                s->sets_aside++;
                s->which = s->aside;
                s->value.len = s->safe = 0;
                s->value_cut = s->want_low = false;
                s->utf8_left = 0;
            }
        }
    } else if (c == '{' || c == '[') {
        s->depth++;
    } else if (c == '}' || c == ']') {
        s->depth--;
    } else if (s->depth == 1 && c == ':') {
        s->at_depth1 = EXPECT_VALUE;
    } else if (s->depth == 1 && c == ',') {
        s->at_depth1 = EXPECT_KEY;
        s->key_len = sizeof s->key; /* no key until the next one is read */
    }
    return keep(s, (const char *)&c, 1);
}

typedef struct line_fields {
    census_site *site;
    const char *problem; /* the first, or NULL */
    int seen_robots;
} line_fields;

static int read_string(const json_member *m, buf *out) {
    if (m->type != JSON_STRING) return -1;
    out->len = 0;
    return json_decode_string(m->raw, m->raw_len, out) ? -1 : 0;
}

/* A non-negative integer of at most `limit`, or -1. */
static long read_int(const json_member *m, long limit) {
    if (m->type != JSON_NUMBER || m->raw_len > 10) return -1;
    long v = 0;
    for (size_t i = 0; i < m->raw_len; i++) {
        if (m->raw[i] < '0' || m->raw[i] > '9') return -1;
        v = v * 10 + (m->raw[i] - '0');
    }
    return v <= limit ? v : -1;
}

static int on_field(void *ctx, const json_member *m) {
    line_fields *lf = ctx;
    census_site *s = lf->site;
    if (lf->problem) return 0;
    const char *k = m->key;
    size_t n = m->key_len;
    if (n == 4 && !memcmp(k, "site", 4)) {
        if (read_string(m, &s->name) || s->name.len == 0) lf->problem = "\"site\" must be a non-empty string";
    } else if (n == 6 && !memcmp(k, "status", 6)) {
        long v = read_int(m, 599);
        if (m->type == JSON_STRING && m->raw_len == 15 && !memcmp(m->raw, "\"network-error\"", 15)) s->status = 0;
        else if (v < 100) lf->problem = "\"status\" must be an HTTP status (100-599) or \"network-error\"";
        else s->status = (int)v;
    } else if (n == 9 && !memcmp(k, "redirects", 9)) {
        long v = read_int(m, 1000000);
        if (v < 0) lf->problem = "\"redirects\" must be a non-negative integer";
        else s->redirects = (unsigned)v;
    } else if (n == 9 && !memcmp(k, "final_uri", 9)) {
        if (read_string(m, &s->final_uri)) lf->problem = "\"final_uri\" must be a string";
    } else if ((n == 6 && !memcmp(k, "robots", 6)) || (n == 13 && !memcmp(k, "robots_base64", 13))) {
        /* (its value was set aside as the line was read: here it is "") */
        lf->seen_robots++;
        if (m->type != JSON_STRING) lf->problem = n == 6 ? "\"robots\" must be a string" : "\"robots_base64\" must be a string";
    }
    return 0; /* other fields are the caller's, or for later: ignored */
}

/* robots' value, set aside, decoded into the site's body (its first 500 KiB). */
static const char *decode_value(scan *sc, census_site *s, buf *scratch) {
    scratch->len = 0;
    if (buf_addc(scratch, '"') || buf_add(scratch, sc->value.data, sc->value.len) || buf_addc(scratch, '"'))
        return "out of memory";
    buf *text = sc->which == ASIDE_BASE64 ? &sc->value : &s->body;
    text->len = 0;
    if (json_decode_string(scratch->data, scratch->len, text))
        return sc->which == ASIDE_BASE64 ? "\"robots_base64\" is no JSON string (an escape that is none, or half a surrogate pair)"
                                         : "\"robots\" is no JSON string (an escape that is none, or half a surrogate pair)";
    s->truncated = sc->value_cut;
    if (sc->which == ASIDE_ROBOTS) return NULL;
    const char *why = NULL;
    /* A prefix of the value (the rest passed over) is decoded to a whole group of four. */
    size_t n = sc->value_cut ? text->len - text->len % 4 : text->len;
    return base64_decode(text->data ? text->data : "", n, &s->body, &why) ? why : NULL;
}

/* The line scanned, as a site into s: 0, or -1 with s->problem set. */
static int read_site(scan *sc, census_site *s, buf *scratch) {
    line_fields lf = {s, NULL, 0};
    s->name.len = s->body.len = s->final_uri.len = 0;
    s->status = 200;
    s->redirects = 0;
    s->truncated = s->unfollowed = false;
    json_error err = {NULL, 0};
    if (sc->too_long) lf.problem = "a line whose fields besides \"robots\" pass 1 MiB: not a site";
    else if (json_parse_object(sc->kept.data, sc->kept.len, on_field, &lf, &err) != 0)
        lf.problem = err.message; /* (on_field stops nothing: a failure is the JSON's, with its message) */
    if (!lf.problem && s->name.len == 0) lf.problem = "no \"site\"";
    if (!lf.problem && lf.seen_robots > 1) lf.problem = "give \"robots\" or \"robots_base64\", not both";
    if (!lf.problem && lf.seen_robots == 0 && s->status >= 200 && s->status < 300)
        lf.problem = "a 2xx needs the file: \"robots\" or \"robots_base64\"";
    if (!lf.problem && lf.seen_robots) lf.problem = decode_value(sc, s, scratch);
    s->problem = lf.problem;
    return lf.problem ? -1 : 0;
}

int census_each_line(int fd, const char *name, const unsigned char *head, size_t head_len, census_visit visit, void *ctx,
                     census_counts *counts) {
    static unsigned char chunk[ROBOTS_READ_BUFFER];
    static scan sc;
    census_read *stated = &counts->read;
    stated->kind = "json-lines";
    struct stat st;
    bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular) stated->bytes = (uint64_t)st.st_size;
    census_site s = {.status = 200};
    buf scratch = {NULL, 0, 0};
    scan_start(&sc);
    int rc = 0;
    size_t number = 0;
    bool any = false; /* the line in hand has a byte */
    for (;;) {
        ssize_t got;
        const unsigned char *p;
        if (head_len) {
            p = head;
            got = (ssize_t)head_len;
            head_len = 0;
        } else {
            /* Once interrupted, not read again: a pipe that waits would keep the census
             * waiting (a signal that comes during the read ends it with EINTR). A
             * regular file whose every byte was read, no line in hand, is read to
             * its end: the signal came after its last site. */
            bool whole = regular && stated->bytes_read >= stated->bytes && !any;
            if (interrupt_signal() && !whole) {
                rc = -1;
                break;
            }
            got = whole && interrupt_signal() ? 0 : read(fd, chunk, sizeof chunk);
            p = chunk;
            if (got < 0 && errno == EINTR) continue; /* (stopped above when the signal asks to stop) */
            if (got < 0) {
                stated->incomplete = "the file cannot be read to its end";
                census_skip(counts, stated->incomplete);
                census_warn(counts, "%s: %s", name, strerror(errno));
                break;
            }
        }
        stated->bytes_read += (uint64_t)got;
        for (ssize_t i = 0; i <= got && rc == 0; i++) {
            bool end_of_line = i < got ? p[i] == '\n' : got == 0 && any;
            if (i == got && !end_of_line) break;
            if (!end_of_line) {
                any = true;
                if (scan_byte(&sc, p[i])) rc = -1;
                continue;
            }
            number++;
            if (sc.kept.len) { /* (an empty line is no record; a value set aside left its "" in kept) */
                stated->records++;
                if (read_site(&sc, &s, &scratch)) {
                    if (!strcmp(s.problem, "out of memory") || s.problem == json_out_of_memory) {
                        rc = -1;
                        break;
                    }
                    census_skip(counts, s.problem);
                    census_warn(counts, "%s:%zu: %s", name, number, s.problem);
                } else {
                    if (s.body.len > ROBOTS_DEFAULT_MAX_BYTES) {
                        s.body.len = ROBOTS_DEFAULT_MAX_BYTES;
                        s.truncated = true;
                    }
                    if (s.status >= 300 && s.status < 400 && s.redirects < ROBOTS_MAX_REDIRECTS) {
                        /* STATUS-2: the chain ended on a redirect whose file is not here; a
                         * chain that yields no robots.txt ends as a 404 (as census_warc.c). */
                        census_warn(counts, "%s:%zu: a %d whose target is not in the input: full allow, as a 404", name,
                                    number, s.status);
                        s.unfollowed = true;
                    }
                    if (interrupt_signal()) { /* no more sites once interrupted */
                        rc = -1;
                        break;
                    }
                    stated->sites++;
                    counts->sites++;
                    rc = visit(ctx, &s);
                }
            }
            scan_start(&sc);
            any = false;
        }
        if (rc || got == 0) break;
    }
    if (rc == -1) errno = ENOMEM;
    buf_free(&sc.kept);
    buf_free(&sc.value);
    buf_free(&scratch);
    buf_free(&s.name);
    buf_free(&s.body);
    buf_free(&s.final_uri);
    return rc;
}
