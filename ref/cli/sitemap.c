/*
 * sitemap.c - the URLs of an XML sitemap or sitemap index (sitemap.h), read with
 * expat as a stream: gzipped or not (zlib, a member after another too), any size,
 * in memory bounded by the longest <loc>. Only files given are read; nothing is
 * fetched. The sitemaps.org protocol 0.9: <urlset><url><loc>, and
 * <sitemapindex><sitemap><loc> for an index's entries; elements are matched by
 * their local names, in any namespace, so that a sitemap that forgot its xmlns is
 * read too.
 */
#include "sitemap.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifdef ROBOTS_REVIEW_EXPAT
#include <expat.h>
#endif
#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

#include "cli.h"
#include "read_buffer.h"

#define LOC_MAX 16384                          /* bytes of one <loc>; the protocol's URLs have under 2,048 */
#define INFLATED_MAX ((size_t)1 << 30)         /* bytes of XML one file may inflate to: a gzip bomb stops here */

#ifdef ROBOTS_REVIEW_EXPAT

/* Where the parser is: which of the elements that matter it is inside. */
typedef struct reader {
    XML_Parser parser;
    const char *file;
    sitemap_fn on_url, on_entry;
    void *ctx;
    int depth;          /* elements open */
    int root;           /* 1 urlset, 2 sitemapindex, -1 another root */
    int item_depth;     /* depth of the <url> or <sitemap> open, 0 when none */
    int loc_depth;      /* depth of the <loc> open in it, 0 when none */
    char loc[LOC_MAX];
    size_t loc_len;
    bool loc_too_long;
    int stop;           /* a callback's non-zero value, or -1 when memory ran out */
    sitemap_counts *counts;
} reader;

/* The local name of "namespace\nlocal" (XML_ParserCreate_MM with the separator '\n'). */
static const char *local_name(const char *name) {
    const char *nl = strrchr(name, '\n');
    return nl ? nl + 1 : name;
}

static void XMLCALL on_start(void *data, const XML_Char *name, const XML_Char **attributes) {
    (void)attributes;
    reader *r = data;
    const char *local = local_name(name);
    r->depth++;
    if (r->depth == 1) {
        r->root = !strcmp(local, "urlset") ? 1 : !strcmp(local, "sitemapindex") ? 2 : -1;
        if (r->root < 0) {
            fprintf(stderr,
                    "robots review: %s: not a sitemap: its root element is <%s>, not <urlset> or <sitemapindex>: "
                    "nothing of it is read\n",
                    r->file, local);
            r->counts->broken = true;
            XML_StopParser(r->parser, XML_FALSE); /* an HTML page need not be XML: no second warning */
        }
        return;
    }
    if (r->depth == 2 && ((r->root == 1 && !strcmp(local, "url")) || (r->root == 2 && !strcmp(local, "sitemap"))))
        r->item_depth = 2;
    else if (r->depth == 3 && r->item_depth == 2 && !strcmp(local, "loc")) {
        r->loc_depth = 3;
        r->loc_len = 0;
        r->loc_too_long = false;
    }
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void XMLCALL on_end(void *data, const XML_Char *name) {
    (void)name;
    reader *r = data;
    if (r->loc_depth && r->depth == r->loc_depth) {
        r->loc_depth = 0;
        const char *s = r->loc;
        size_t n = r->loc_len;
        while (n && blank(*s)) s++, n--;
        while (n && blank(s[n - 1])) n--;
        unsigned long line = (unsigned long)XML_GetCurrentLineNumber(r->parser);
        if (r->loc_too_long) {
            fprintf(stderr, "robots review: %s:%lu: a <loc> longer than %d bytes, skipped\n", r->file, line, LOC_MAX);
            r->counts->skipped++;
        } else if (n == 0) {
            fprintf(stderr, "robots review: %s:%lu: an empty <loc>, skipped\n", r->file, line);
            r->counts->skipped++;
        } else { /* a callback that stopped the parser gets no more calls (XML_StopParser) */
            int rc = r->root == 1 ? r->on_url(r->ctx, s, n) : r->on_entry(r->ctx, s, n);
            if (rc) {
                r->stop = rc;
                XML_StopParser(r->parser, XML_FALSE);
            } else if (r->root == 1) {
                r->counts->urls++;
            } else {
                r->counts->entries++;
            }
        }
    }
    if (r->item_depth && r->depth == r->item_depth) r->item_depth = 0;
    r->depth--;
}

static void XMLCALL on_text(void *data, const XML_Char *s, int len) {
    reader *r = data;
    if (!r->loc_depth) return; /* expat passes text of one byte or more */
    if (r->loc_len + (size_t)len > sizeof r->loc) {
        r->loc_too_long = true;
        return;
    }
    memcpy(r->loc + r->loc_len, s, (size_t)len);
    r->loc_len += (size_t)len;
}

/* Feeds n bytes (last: the end of the document); false when the XML is broken, or
 * a callback stopped the reading (r->stop). */
static bool feed(reader *r, const char *s, size_t n, bool last) {
    while (n || last) {
        int chunk = n > (1u << 20) ? 1 << 20 : (int)n;
        bool end = last && (size_t)chunk == n;
        if (XML_Parse(r->parser, s, chunk, end) != XML_STATUS_OK) {
            if (!r->stop && XML_GetErrorCode(r->parser) == XML_ERROR_NO_MEMORY) r->stop = -1;
            if (r->stop || r->root < 0) return false; /* said already */
            fprintf(stderr, "robots review: %s:%lu:%lu: not XML (%s): the URLs before it are kept, the rest of "
                            "the file is not read\n",
                    r->file, (unsigned long)XML_GetCurrentLineNumber(r->parser),
                    (unsigned long)XML_GetCurrentColumnNumber(r->parser) + 1,
                    XML_ErrorString(XML_GetErrorCode(r->parser)));
            r->counts->broken = true;
            return false;
        }
        s += chunk;
        n -= (size_t)chunk;
        if (end) break;
    }
    return true;
}

/* expat's and zlib's memory comes from the command's allocator too, so that the
 * tests can fail it (ref/tests/test_review_memory.c). */
static void *xml_malloc(size_t n) { return cli_realloc(NULL, n); }
static const XML_Memory_Handling_Suite xml_memory = {xml_malloc, cli_realloc, cli_free};
#ifdef ROBOTS_CENSUS_ZLIB
static voidpf z_alloc(voidpf opaque, uInt items, uInt size) {
    (void)opaque;
    return cli_calloc(items, size);
}
static void z_free(voidpf opaque, voidpf p) {
    (void)opaque;
    cli_free(p);
}
#endif

/* Where the bytes come from: a file read a buffer at a time, or bytes given whole
 * (the fuzz target's, sitemap_read_buffer), handed out in chunks of the same size,
 * so that the one reader below serves both and a file and the same bytes in
 * memory are read alike. */
typedef struct source {
    FILE *file;       /* NULL: the bytes below */
    const char *data; /* what is left of them */
    size_t left;
} source;

/* The next chunk of the source (0 bytes at its end, or at a read error). */
static size_t next_chunk(source *src, const char **chunk) {
    static char in[ROBOTS_READ_BUFFER];
    if (src->file) {
        *chunk = in;
        return fread(in, 1, sizeof in, src->file);
    }
    size_t n = src->left < sizeof in ? src->left : sizeof in;
    *chunk = src->data;
    src->data += n;
    src->left -= n;
    return n;
}

/* The reading of sitemap_read and sitemap_read_buffer; NAME is the file's, for
 * the warnings. */
static int read_source(source *src, const char *name, sitemap_fn on_url, sitemap_fn on_entry, void *ctx,
                       sitemap_counts *counts) {
    static reader r; /* LOC_MAX bytes: kept off the stack */
    memset(&r, 0, sizeof r);
    r = (reader){.file = name, .on_url = on_url, .on_entry = on_entry, .ctx = ctx, .counts = counts};
    static const XML_Char separator[] = {'\n', '\0'};
    r.parser = XML_ParserCreate_MM(NULL, &xml_memory, separator);
    if (!r.parser) return -1;
    XML_SetUserData(r.parser, &r);
    XML_SetElementHandler(r.parser, on_start, on_end);
    XML_SetCharacterDataHandler(r.parser, on_text);
    const char *in;
    size_t got = next_chunk(src, &in);
    bool gzipped = got >= 2 && (unsigned char)in[0] == 0x1F && (unsigned char)in[1] == 0x8B;
    bool ok = true;
    size_t inflated = 0;
    if (!gzipped) {
        for (; ok && got; got = next_chunk(src, &in)) ok = feed(&r, in, got, false);
        if (ok) ok = feed(&r, "", 0, true);
    } else {
#ifdef ROBOTS_CENSUS_ZLIB
        static char out[ROBOTS_READ_BUFFER];
        z_stream z;
        memset(&z, 0, sizeof z);
        z.zalloc = z_alloc;
        z.zfree = z_free;
        if (inflateInit2(&z, 15 + 16) != Z_OK) r.stop = -1, ok = false; /* only for want of memory */
        bool ended = false;
        while (ok && got) {
            z.next_in = (unsigned char *)in;
            z.avail_in = (unsigned)got;
            while (ok && z.avail_in) {
                /* A gzip member after another: one file, read on (RFC 1952 2.2). */
                if (ended) {
                    inflateReset(&z); /* fails only on a stream inflateInit2 did not set up */
                    ended = false;
                }
                z.next_out = (unsigned char *)out;
                z.avail_out = sizeof out;
                int zr = inflate(&z, Z_NO_FLUSH);
                if (zr == Z_MEM_ERROR) {
                    r.stop = -1;
                    ok = false;
                    break;
                }
                if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
                    fprintf(stderr, "robots review: %s: the gzip stream is broken (%s): the rest is not read\n", name,
                            z.msg ? z.msg : "inflate failed");
                    counts->broken = true;
                    ok = false;
                    break;
                }
                ended = zr == Z_STREAM_END;
                size_t n = sizeof out - z.avail_out;
                inflated += n;
                if (inflated > INFLATED_MAX) {
                    fprintf(stderr, "robots review: %s: more than 1 GiB of XML inflated: the rest is not read\n", name);
                    counts->broken = true;
                    ok = false;
                    break;
                }
                ok = feed(&r, out, n, false);
                if (zr == Z_BUF_ERROR && n == 0) break;
            }
            if (ok) got = next_chunk(src, &in);
        }
        if (ok && !ended) {
            fprintf(stderr, "robots review: %s: the gzip stream ends early: the file is cut short\n", name);
            counts->broken = true;
        }
        if (ok) feed(&r, "", 0, true);
        inflateEnd(&z);
#else
        fprintf(stderr, "robots review: %s is gzipped, and this robots was built without zlib: gunzip it first\n",
                name);
        counts->broken = true;
        ok = false;
#endif
    }
    XML_ParserFree(r.parser);
    if (r.stop) return r.stop;
    if (src->file && ferror(src->file)) {
        fprintf(stderr, "robots review: --sitemap \"%s\": a read error: the rest is not read\n", name);
        counts->broken = true;
    }
    counts->index = r.root == 2;
    return 0;
}

int sitemap_read(const char *file, sitemap_fn on_url, sitemap_fn on_entry, void *ctx, sitemap_counts *counts) {
    *counts = (sitemap_counts){0};
    FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "robots review: --sitemap \"%s\": %s\n", file, strerror(errno));
        return -2;
    }
    source src = {.file = f};
    int rc = read_source(&src, file, on_url, on_entry, ctx, counts);
    if (f != stdin) fclose(f);
    return rc;
}

int sitemap_read_buffer(const char *data, size_t len, const char *name, sitemap_fn on_url, sitemap_fn on_entry,
                        void *ctx, sitemap_counts *counts) {
    *counts = (sitemap_counts){0};
    source src = {.data = data, .left = len};
    return read_source(&src, name, on_url, on_entry, ctx, counts);
}

#else

int sitemap_read(const char *file, sitemap_fn on_url, sitemap_fn on_entry, void *ctx, sitemap_counts *counts) {
    (void)on_url, (void)on_entry, (void)ctx;
    *counts = (sitemap_counts){0};
    fprintf(stderr, "robots review: --sitemap \"%s\": this robots was built without expat (make REVIEW_EXPAT=1)\n",
            file);
    return -2;
}

int sitemap_read_buffer(const char *data, size_t len, const char *name, sitemap_fn on_url, sitemap_fn on_entry,
                        void *ctx, sitemap_counts *counts) {
    (void)data, (void)len, (void)on_url, (void)on_entry, (void)ctx;
    *counts = (sitemap_counts){0};
    fprintf(stderr, "robots review: %s: this robots was built without expat (make REVIEW_EXPAT=1)\n", name);
    return -2;
}

#endif
