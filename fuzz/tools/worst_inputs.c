/*
 * worst_inputs.c - robots-worst: inputs made to be slow, for `make fuzz-budget`
 * (issue 63: no fuzzer may time out on an input its own options allow).
 *
 *   robots-worst TARGET LEN DIR [SEED]
 *
 * writes into DIR, one file per shape, inputs of at most LEN bytes in TARGET's own
 * layout (each target's top comment): deep wildcards against long paths, many rules,
 * many groups, long lines, long URLs and agents, many records or requests, and for
 * every target some bytes with no layout at all and SEED (the largest seed of the
 * target, when given) with its last line repeated up to LEN. Nothing here knows
 * what is slow inside a target: the shapes are the ones that cost the most per
 * byte in a parser or a matcher that is quadratic somewhere. Deterministic: the
 * same files every run.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct out {
    unsigned char *p;
    size_t n, cap;
} out;

static const char *dir;
static int failed;

static size_t room(const out *o) { return o->cap - o->n; }

/* Appends what fits of the n bytes. */
static void put(out *o, const void *s, size_t n) {
    if (n > room(o)) n = room(o);
    memcpy(o->p + o->n, s, n);
    o->n += n;
}
static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

/* The unit again and again up to `upto` bytes from now (the input's end when 0);
 * the last copy cut. */
static void fill(out *o, const char *unit, size_t upto) {
    size_t n = strlen(unit), stop = upto && upto < room(o) ? o->n + upto : o->cap;
    while (o->n < stop) {
        size_t k = n < stop - o->n ? n : stop - o->n;
        memcpy(o->p + o->n, unit, k);
        o->n += k;
    }
}

/* The unit repeated as whole copies only, up to `upto` bytes (0: the end), so that
 * a line is never cut in its middle. */
static void repeat(out *o, const char *unit, size_t upto) {
    size_t n = strlen(unit), stop = upto && upto < room(o) ? o->n + upto : o->cap;
    while (o->n + n <= stop) put(o, unit, n);
}

static void save(out *o, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(o->p, 1, o->n, f) != o->n || fclose(f) != 0) {
        fprintf(stderr, "robots-worst: cannot write %s\n", path);
        failed = 1;
    }
    o->n = 0;
}

/* ---- robots.txt bodies ---------------------------------------------------------- */

/* Each fills what is left of o with one shape of robots.txt. */
enum body {
    DEEP,      /* wildcard after wildcard, one group: the matcher's table is rules x path */
    DEEP_LINE, /* one rule of wildcards as long as the file */
    RULES,     /* many short rules */
    GROUPS,    /* many groups for the agent asked */
    OTHERS,    /* many groups for other agents, many agents a group */
    INDEX,     /* allow .../index.html rules: Google's matcher tries each twice */
    ESCAPES,   /* %-escapes and octets past ASCII, escaped again by the google profile */
    USAGE,     /* Content-Usage and Content-Signal lines with wildcard paths */
    DICT,      /* one usage line with a Dictionary of many members */
    SITEMAPS,  /* sitemap and crawl-delay lines */
    BODY_COUNT
};
static const char *const body_names[BODY_COUNT] = {"deep", "deep-line", "rules", "groups", "others",
                                                  "index", "escapes", "usage", "dict", "sitemaps"};

static void body(out *o, enum body b, const char *agent) {
    char line[256];
    switch (b) {
    case DEEP:
        puts_(o, "user-agent: *\n");
        repeat(o, "disallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b\n", 0);
        break;
    case DEEP_LINE:
        puts_(o, "user-agent: *\ndisallow: /");
        fill(o, "*a", 0);
        break;
    case RULES:
        puts_(o, "user-agent: *\n");
        repeat(o, "allow: /a\ndisallow: /*b$\n", 0);
        break;
    case GROUPS:
        snprintf(line, sizeof line, "user-agent: %.64s\ndisallow: /*a*b\nallow: /a*\n", agent);
        repeat(o, line, 0);
        break;
    case OTHERS:
        repeat(o, "user-agent: a\nuser-agent: b*\nuser-agent: c d\ndisallow: /*a\n", 0);
        break;
    case INDEX:
        puts_(o, "user-agent: *\n");
        repeat(o, "allow: /a*a*a*b/index.html\n", 0);
        break;
    case ESCAPES:
        puts_(o, "user-agent: *\n");
        repeat(o, "disallow: /%61*%7e\xc3\xa9*%zz*\xff%2F*b\n", 0);
        break;
    case USAGE:
        puts_(o, "user-agent: *\n");
        repeat(o, "content-usage: /*a*a*a*a*a*b train-ai=n, search=y\ncontent-signal: /*a*a*b ai-train=no\n", 0);
        break;
    case DICT:
        puts_(o, "user-agent: *\ncontent-usage: / ");
        repeat(o, "a, ", room(o) > 16 ? room(o) - 16 : 0);
        puts_(o, "train-ai=n\n");
        break;
    case SITEMAPS:
        repeat(o, "sitemap: http://example.com/a/b/c.xml\ncrawl-delay: 1.5\nuser-agent: *\nallow: /\n", 0);
        break;
    case BODY_COUNT:
        break;
    }
}

/* ---- layouts ------------------------------------------------------------------ */

/* The question's URL: "http://e.com/" and a path of a's of length len/divisor (a
 * short one when divisor is 0). */
static void url(out *o, size_t len, size_t divisor) {
    puts_(o, "http://e.com/");
    if (divisor) fill(o, "a", len / divisor);
    else puts_(o, "a/b/index.html");
}

/* The query layouts: HEAD, then "AGENT\nURL\n" (or "PATH\n" for sweep), then each
 * body, each with a path of a half, an eighth and a 32nd of the input, and with a
 * short path (then also with an agent of a quarter of the input). */
static void query_layout(out *o, const char *target, const char *head, bool with_agent) {
    static const size_t divisors[] = {2, 8, 32, 0};
    static const char *const agents[] = {"FooBot", NULL};
    char name[128];
    for (int b = 0; b < BODY_COUNT; b++) {
        for (size_t d = 0; d < sizeof divisors / sizeof divisors[0]; d++) {
            for (size_t a = 0; a < (with_agent ? 2u : 1u); a++) {
                /* A long agent only with the short path: the agent is the long part. */
                if (a == 1 && divisors[d] != 0) continue;
                put(o, head, strlen(head));
                char long_agent[2048];
                const char *agent = agents[0];
                if (a == 1) {
                    size_t n = o->cap / 4 < sizeof long_agent - 1 ? o->cap / 4 : sizeof long_agent - 1;
                    memset(long_agent, 'a', n);
                    long_agent[n] = '\0';
                    agent = long_agent;
                }
                if (with_agent) {
                    puts_(o, agent);
                    puts_(o, "\n");
                }
                if (!strcmp(target, "sweep")) puts_(o, "/"), fill(o, "a", o->cap / (divisors[d] ? divisors[d] : 64));
                else url(o, o->cap, divisors[d]);
                puts_(o, "\n");
                body(o, (enum body)b, agent);
                snprintf(name, sizeof name, "%s-path%zu%s", body_names[b], divisors[d], a ? "-long-agent" : "");
                save(o, name);
            }
        }
    }
}

/* batch: JSON request lines, the robots.txt escaped into a string. */
static void json_string(out *o, const unsigned char *s, size_t n) {
    puts_(o, "\"");
    for (size_t i = 0; i < n; i++) {
        char e[8];
        if (s[i] == '"' || s[i] == '\\') snprintf(e, sizeof e, "\\%c", s[i]);
        else if (s[i] == '\n') snprintf(e, sizeof e, "\\n");
        else if (s[i] < 0x20) snprintf(e, sizeof e, "\\u%04x", s[i]);
        else e[0] = (char)s[i], e[1] = '\0';
        puts_(o, e);
    }
    puts_(o, "\"");
}

static void batch_layout(out *o) {
    unsigned char *scratch = malloc(o->cap);
    for (int b = 0; b < BODY_COUNT; b++) {
        /* One request whose robots.txt and URL take the input: the body is made
         * smaller until its escaped form fits. */
        for (size_t part = o->cap / 3; part > 16; part = part * 3 / 4) {
            out r = {scratch, 0, part};
            body(&r, (enum body)b, "FooBot");
            o->n = 0;
            puts_(o, b == USAGE || b == DICT ? "{\"id\":1,\"kind\":\"usage\",\"category\":\"train-ai\",\"robots\":"
                                             : "{\"id\":1,\"kind\":\"allow\",\"robots\":");
            json_string(o, r.p, r.n);
            puts_(o, ",\"agent\":\"FooBot\",\"url\":\"http://e.com/");
            fill(o, "a", part / 2);
            puts_(o, "\"}\n");
            if (room(o) > 0) break;
        }
        char name[64];
        snprintf(name, sizeof name, "one-%s", body_names[b]);
        save(o, name);
    }
    repeat(o, "{\"id\":1,\"kind\":\"allow\",\"robots\":\"user-agent: *\\ndisallow: /*a*b\",\"agent\":\"a\",\"url\":\"http://a/aab\"}\n", 0);
    save(o, "many-requests");
    repeat(o, "{\"id\":2,\"kind\":\"allow-agents\",\"agents\":[\"a\",\"b\",\"c\",\"d\"],\"robots\":\"user-agent: a\\nuser-agent: b\\ndisallow: /\",\"url\":\"http://a/\"}\n", 0);
    save(o, "many-agents");
    fill(o, "[", 0);
    save(o, "nested-arrays");
    puts_(o, "{\"id\":\"");
    fill(o, "\\u00e9", room(o) - 3);
    puts_(o, "\"}\n");
    save(o, "long-string");
    free(scratch);
}

static void url_shapes(out *o, const char *head) {
    static const char *const paths[][2] = {
        {"long-path", "a/"}, {"dots", "../"}, {"escapes", "%41"}, {"query", "?a=b&"}, {"raw-bytes", "\xc3\xa9"}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        puts_(o, head);
        puts_(o, "http://e.com/");
        fill(o, paths[i][1], 0);
        save(o, paths[i][0]);
    }
    puts_(o, head);
    puts_(o, "http://");
    fill(o, "a.", 254);
    puts_(o, "/");
    fill(o, "b/", 0);
    save(o, "long-host");
    puts_(o, head);
    puts_(o, "https://");
    fill(o, "\xc3\xa9", 120);
    puts_(o, ".test/");
    fill(o, "a", 0);
    save(o, "unicode-host");
    puts_(o, head);
    puts_(o, "http://[1:2:3:4:5:6:7:8]:65535/");
    fill(o, "%zz", 0);
    save(o, "ipv6");
}

static void manual_layout(out *o) {
    static const char *const shapes[][2] = {
        {"nested-lists", "- "},     {"quotes", ">"},          {"emphasis", "*a **b _c"}, {"brackets", "["},
        {"links", "[a](b) "},       {"backticks", "`a ``b "}, {"headings", "# a\n"},     {"entities", "&amp;&#233;&#x1F600;"},
        {"html", "<a <b>"},         {"table-row", "|a"},      {"long-line", "word "},    {"code-fences", "```\n"},
        {"list-items", "1. a\n"},   {"images", "![a](b)"},    {"autolinks", "<http://a>"}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        fill(o, shapes[i][1], 0);
        save(o, shapes[i][0]);
    }
    /* A table of many columns, then many rows. GFM fills a short row up to the
     * header's columns, so with c columns (4c bytes) and r rows of one cell (2r
     * bytes) the page has c x r cells, most at c = n/8 and r = n/4: n^2/32 cells. */
    repeat(o, "|a", o->cap / 4);
    puts_(o, "|\n");
    repeat(o, "|-", o->cap / 4);
    puts_(o, "|\n");
    repeat(o, "b\n", 0);
    save(o, "table");
    repeat(o, "|a", o->cap / 16);
    puts_(o, "|\n");
    repeat(o, "|-", o->cap / 16);
    puts_(o, "|\n");
    repeat(o, "|b|c|d|\n", 0);
    save(o, "table-rows");
}

static void runner_layout(out *o) {
    puts_(o, "--format\njson\n");
    repeat(o, "--id\nLINE-1\n", 0);
    save(o, "many-ids");
    puts_(o, "--format\nmarkdown\n--explain\n");
    repeat(o, "--area\nmatch\n", 0);
    save(o, "many-areas");
    puts_(o, "--format\ntext\n--id\nLINE-1\n");
    put(o, "", 1); /* the NUL between the parts */
    fill(o, "[", o->cap / 2);
    save(o, "nested-table");
    puts_(o, "--format\ntext\n");
    put(o, "", 1); /* the NUL between the parts */
    put(o, "", 1); /* the NUL between the parts */
    repeat(o, "LINE-1 \nMATCH-* x\n", 0);
    save(o, "many-known-failures");
}

static void warc_record(out *o, const char *uri, const char *http) {
    char head[512];
    snprintf(head, sizeof head, "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Length: %zu\r\n\r\n",
             uri, strlen(http));
    size_t need = strlen(head) + strlen(http) + 4;
    if (need > room(o)) return;
    puts_(o, head);
    puts_(o, http);
    puts_(o, "\r\n\r\n");
}

static void warc_layout(out *o) {
    while (room(o) > 200) warc_record(o, "http://a.test/robots.txt", "HTTP/1.1 200 OK\r\n\r\ndisallow: /\n");
    save(o, "many-records");
    for (int i = 0; room(o) > 200; i++) {
        char uri[64], http[128];
        snprintf(uri, sizeof uri, "http://a.test/r%d", i);
        snprintf(http, sizeof http, "HTTP/1.1 301 Moved\r\nLocation: http://a.test/r%d\r\n\r\n", i + 1);
        warc_record(o, i ? uri : "http://a.test/robots.txt", http);
    }
    save(o, "redirects");
    char *scratch = malloc(o->cap + 1);
    for (int b = 0; b < BODY_COUNT; b++) {
        out r = {(unsigned char *)scratch, 0, o->cap > 300 ? o->cap - 300 : 0};
        puts_(&r, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n");
        body(&r, (enum body)b, "FooBot");
        scratch[r.n] = '\0';
        warc_record(o, "http://a.test/robots.txt", scratch);
        char name[64];
        snprintf(name, sizeof name, "one-%s", body_names[b]);
        save(o, name);
    }
    out r = {(unsigned char *)scratch, 0, o->cap > 300 ? o->cap - 300 : 0};
    puts_(&r, "HTTP/1.1 200 OK\r\n");
    repeat(&r, "X-A: b\r\n", room(&r) - 8);
    puts_(&r, "\r\n");
    scratch[r.n] = '\0';
    warc_record(o, "http://a.test/robots.txt", scratch);
    save(o, "many-headers");
    r.n = 0;
    puts_(&r, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
    repeat(&r, "1\r\na\r\n", room(&r) - 8);
    puts_(&r, "0\r\n\r\n");
    scratch[r.n] = '\0';
    warc_record(o, "http://a.test/robots.txt", scratch);
    save(o, "chunks");
    puts_(o, "WARC/1.0\r\nWARC-Target-URI: http://");
    fill(o, "a", 0);
    save(o, "long-header");
    free(scratch);
}

/* Deflate's bits go out least significant first; a Huffman code's from its top. */
typedef struct bits {
    out *o;
    unsigned acc, n;
} bits;
static void put_bit(bits *b, unsigned bit) {
    b->acc |= bit << b->n;
    if (++b->n == 8) {
        unsigned char c = (unsigned char)b->acc;
        put(b->o, &c, 1);
        b->acc = b->n = 0;
    }
}
static void put_code(bits *b, unsigned code, int len) {
    while (len--) put_bit(b, (code >> len) & 1);
}

/* The mode byte, then a gzip member of one fixed-Huffman block (RFC 1951 3.2.6):
 * the literal text, then "copy 258 bytes from 1 back" (length code 285, distance
 * code 0: 13 bits) until LEN, so every 13 bits inflate to 258 bytes of the text's
 * last byte. Cut, with no end of block or trailer: all of it is inflated and read
 * before the reader finds the member unfinished. */
static void gzip_bomb(out *o, const char *mode, const char *text) {
    puts_(o, mode);
    put(o, "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    bits b = {o, 0, 0};
    put_bit(&b, 0); /* not the last block */
    put_bit(&b, 1); /* BTYPE 01, fixed Huffman codes, least significant bit first */
    put_bit(&b, 0);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c < 144) put_code(&b, 0x30 + *c, 8);
        else put_code(&b, 0x190 + (*c - 144u), 9);
    while (room(o) > 0) {
        put_code(&b, 0xC5, 8);
        put_code(&b, 0, 5);
    }
}

/* robots review --sitemap's reader (fuzz/targets/sitemap.c): 'p' read as it is,
 * 'g' gzipped by the target and read again. Many <loc>s, one <loc> past the
 * longest kept, elements nested deep, an entity of many <loc>s used again and
 * again, and a gzip bomb of blanks and of nested elements. */
static void sitemap_layout(out *o) {
    for (int g = 0; g < 2; g++) {
        puts_(o, g ? "g" : "p");
        puts_(o, "<urlset>");
        repeat(o, "<url><loc>a</loc></url>", 0);
        save(o, g ? "locs-gzipped" : "locs");
    }
    puts_(o, "p<urlset><url><loc>");
    fill(o, "a", 0);
    save(o, "long-loc");
    puts_(o, "p<urlset>");
    repeat(o, "<a>", 0);
    save(o, "deep");
    puts_(o, "p<!DOCTYPE u [<!ENTITY e \"");
    repeat(o, "<url><loc>a</loc></url>", 1000);
    puts_(o, "\">]><urlset>");
    repeat(o, "&e;", 0);
    save(o, "entities");
    gzip_bomb(o, "p", "<urlset> ");
    save(o, "gzip-blanks");
    gzip_bomb(o, "p", "<urlset><url><loc>a");
    save(o, "gzip-long-loc");
}

/* ---- every target ---------------------------------------------------------------- */

/* Bytes with no layout, and the largest seed grown by its last line. */
static void any_layout(out *o, const char *seed) {
    fill(o, "a", 0);
    save(o, "all-a");
    fill(o, "\n", 0);
    save(o, "all-newlines");
    fill(o, "*", 0);
    save(o, "all-stars");
    /* Bytes of robots.txt's own alphabet in a fixed pseudo-random order. */
    static const char alphabet[] = "user-agent:disallow: /*$%4a\n\r#\t\xef\xbb\xbf\xc3\xa9\x00";
    unsigned state = 63;
    while (room(o)) {
        state = state * 1103515245u + 12345u;
        put(o, &alphabet[(state >> 16) % (sizeof alphabet - 1)], 1);
    }
    save(o, "random");
    if (!seed) return;
    FILE *f = fopen(seed, "rb");
    if (!f) {
        fprintf(stderr, "robots-worst: cannot read %s\n", seed);
        failed = 1;
        return;
    }
    o->n = fread(o->p, 1, o->cap, f);
    fclose(f);
    /* Its last line (the text after the last but one newline) again and again. */
    size_t end = o->n;
    while (end > 0 && o->p[end - 1] == '\n') end--;
    size_t start = end;
    while (start > 0 && o->p[start - 1] != '\n') start--;
    if (end > start && o->n < o->cap) {
        size_t len = end - start + 1;
        char *unit = malloc(len + 1);
        memcpy(unit, o->p + start, len - 1);
        unit[len - 1] = '\n';
        unit[len] = '\0';
        if (o->p[o->n - 1] != '\n') puts_(o, "\n");
        if (memchr(unit, '\0', len)) fill(o, "\n", 0); /* a NUL in it: repeat the line end */
        else repeat(o, unit, 0);
        free(unit);
    }
    save(o, "seed-grown");
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5 || atol(argv[2]) <= 0) {
        fprintf(stderr, "usage: robots-worst TARGET LEN DIR [SEED]\n");
        return 2;
    }
    const char *target = argv[1];
    dir = argv[3];
    out o = {malloc((size_t)atol(argv[2])), 0, (size_t)atol(argv[2])};
    if (!strcmp(target, "query")) {
        query_layout(&o, target, "g", true);
        query_layout(&o, target, "r", true);
    } else if (!strcmp(target, "model") || !strcmp(target, "google_diff")) {
        query_layout(&o, target, "", true);
    } else if (!strcmp(target, "usage")) {
        query_layout(&o, target, "train-ai\n", true);
    } else if (!strcmp(target, "metamorphic")) {
        /* Every transformation at once (T % 8 == 7, all bits), then groups
         * reordered and split, the ones that copy the most. */
        query_layout(&o, target, "\xff", true);
        query_layout(&o, target, "\x04", true);
        query_layout(&o, target, "\x06", true);
    } else if (!strcmp(target, "sweep")) {
        query_layout(&o, target, "g", false);
        query_layout(&o, target, "r", false);
    } else if (!strcmp(target, "parse")) {
        for (int b = 0; b < BODY_COUNT; b++) {
            body(&o, (enum body)b, "FooBot");
            save(&o, body_names[b]);
        }
    } else if (!strcmp(target, "regex")) {
        puts_(&o, "/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b\n");
        fill(&o, "a", 0);
        save(&o, "deep");
        puts_(&o, "/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a$\n");
        fill(&o, "a", 0);
        save(&o, "deep-anchored");
    } else if (!strcmp(target, "url")) {
        url_shapes(&o, "http://e.com/robots.txt\n");
        url_shapes(&o, "");
    } else if (!strcmp(target, "curl_url")) {
        url_shapes(&o, "");
    } else if (!strcmp(target, "punycode")) {
        static const char *const units[][2] = {{"astral", "\xf4\x8f\xbf\xbf"}, {"latin", "\xc3\xa9"},
                                               {"mixed", "a\xe4\xb8\x80-"},   {"xn", "xn--a"},
                                               {"hyphens", "-"},               {"digits", "9"}};
        for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
            fill(&o, units[i][1], 0);
            save(&o, units[i][0]);
        }
    } else if (!strcmp(target, "batch")) {
        batch_layout(&o);
    } else if (!strcmp(target, "manual")) {
        manual_layout(&o);
    } else if (!strcmp(target, "runner")) {
        runner_layout(&o);
    } else if (!strcmp(target, "warc")) {
        warc_layout(&o);
    } else if (!strcmp(target, "access_log")) {
        /* A line of escapes and brackets (each quoted field scanned once), and a
         * round trip of quotes and backslashes, each escaped in the written line. */
        puts_(&o, "l1 - - [d] \"GET /");
        fill(&o, "\\\"[", 0);
        save(&o, "escapes");
        puts_(&o, "l1 - - [");
        fill(&o, "[", 0);
        save(&o, "brackets");
        puts_(&o, "r/");
        fill(&o, "a", 400);
        puts_(&o, "\n");
        fill(&o, "\"\\", 0);
        save(&o, "round-trip-quotes");
    } else if (!strcmp(target, "sitemap")) {
        sitemap_layout(&o);
    } else {
        /* A new target gets the shapes of no layout until it has its own here. */
        fprintf(stderr, "robots-worst: no layout for '%s': only bytes without one and its seed\n", target);
    }
    any_layout(&o, argc == 5 ? argv[4] : NULL);
    free(o.p);
    return failed;
}
