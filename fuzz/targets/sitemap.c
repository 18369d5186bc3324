/*
 * sitemap.c - fuzz target: robots review --sitemap's reader of an XML sitemap or
 * sitemap index (ref/cli/sitemap.c, expat), through sitemap_read_buffer. The first
 * byte is the mode, the rest the file:
 *   even ('p'): the rest as it is, so a rest that starts with 1F 8B is gunzipped;
 *   odd ('g'): also gzipped here (zlib) and read again, which must read the same
 *     (built without zlib, CENSUS_ZLIB=: read as it is only).
 * Each <loc> reported is non-empty, trimmed, without NUL, of one kind (a sitemap's
 * URLs or an index's entries) and counted as reported; without '&' in the XML
 * (no entity can then make text of its own) each takes at least the 12 bytes of
 * "<loc>x</loc>". Read again with a callback that stops after k (1 to 4, from the
 * mode byte): exactly k when there were as many, the first k the same, none after
 * the stop, and the stop's value returned.
 */
#include "../common.h"
#include "sitemap.h"

#ifdef ROBOTS_CENSUS_ZLIB
#include <zlib.h>
#endif

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(loc_empty)
DEFINE_FINDING(loc_has_nul)
DEFINE_FINDING(loc_not_trimmed)
DEFINE_FINDING(loc_too_long)
DEFINE_FINDING(urls_and_entries_mixed)
DEFINE_FINDING(counts_disagree)
DEFINE_FINDING(more_locs_than_bytes)
DEFINE_FINDING(reading_failed)
DEFINE_FINDING(gzipped_reads_otherwise)
DEFINE_FINDING(stop_not_returned)
DEFINE_FINDING(stop_count_wrong)
DEFINE_FINDING(reported_after_stop)
DEFINE_FINDING(stopped_reading_differs)

/* Inputs past this are declined: a gzip bomb of this size inflates to about a
 * thousand times as much XML, read twice (fuzz/options/sitemap.options). */
#define SITEMAP_INPUT_MAX 16384
/* The longest <loc> the reader reports: a longer one is skipped with a warning
 * (LOC_MAX in ref/cli/sitemap.c; test_review_cli.c reads a <loc> past 16 KiB). */
#define LOC_MAX_BYTES 16384
/* The value the stopping callback returns: neither 0 nor the reader's own -1, -2. */
#define STOP_VALUE 42

/* What one reading reported: how many of each kind, and an FNV-1a hash of the
 * locs in order (each with its length, so "ab","c" and "a","bc" differ), also as
 * it stood after the k-th; stop: stop the reading at the k-th. */
typedef struct seen {
    size_t urls, entries, k;
    bool stop, stopped;
    uint64_t hash, hash_at_k;
} seen;

#define FNV_OFFSET 0xcbf29ce484222325ULL

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ULL;
    return h;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int see(seen *s, const char *loc, size_t len) {
    if (s->stopped) FINDING(reported_after_stop, "a <loc> reported after the callback stopped the reading");
    if (len == 0) FINDING(loc_empty, "an empty <loc> reported");
    if (memchr(loc, '\0', len)) FINDING(loc_has_nul, "a <loc> of %zu bytes holds a NUL", len);
    if (blank(loc[0]) || blank(loc[len - 1])) FINDING(loc_not_trimmed, "\"%.*s\" is not trimmed", (int)len, loc);
    if (len > LOC_MAX_BYTES) FINDING(loc_too_long, "a <loc> of %zu bytes reported", len);
    if (s->urls && s->entries) FINDING(urls_and_entries_mixed, "one file reported both URLs and index entries");
    s->hash = fnv(fnv(s->hash, &len, sizeof len), loc, len);
    if (s->urls + s->entries != s->k) return 0;
    s->hash_at_k = s->hash;
    s->stopped = s->stop;
    return s->stop ? STOP_VALUE : 0;
}
static int see_url(void *ctx, const char *loc, size_t len) {
    seen *s = ctx;
    s->urls++;
    return see(s, loc, len);
}
static int see_entry(void *ctx, const char *loc, size_t len) {
    seen *s = ctx;
    s->entries++;
    return see(s, loc, len);
}

/* Reads the n bytes at xml whole: what it reported agrees with what it counted. */
static void read_whole(const char *xml, size_t n, size_t k, seen *s, sitemap_counts *c) {
    *s = (seen){.k = k, .hash = FNV_OFFSET, .hash_at_k = FNV_OFFSET};
    int rc = sitemap_read_buffer(xml, n, "input", see_url, see_entry, s, c);
    if (rc != 0) FINDING(reading_failed, "the reading returned %d", rc);
    if (c->urls != s->urls || c->entries != s->entries || (s->entries && !c->index) || (s->urls && c->index))
        FINDING(counts_disagree, "counted %zu URLs and %zu entries (index %d), reported %zu and %zu", c->urls,
                c->entries, (int)c->index, s->urls, s->entries);
}

#ifdef ROBOTS_CENSUS_ZLIB
/* The n bytes gzipped (one member), or 0 when they would not fit. */
static size_t gzip(const char *in, size_t n, unsigned char *out, size_t cap) {
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    z.next_in = (unsigned char *)in;
    z.avail_in = (unsigned)n;
    z.next_out = out;
    z.avail_out = (unsigned)cap;
    int zr = deflate(&z, Z_FINISH);
    size_t len = cap - z.avail_out;
    deflateEnd(&z);
    return zr == Z_STREAM_END ? len : 0;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0 || size > SITEMAP_INPUT_MAX) return 0;
    const char *xml = (const char *)data + 1;
    size_t n = size - 1, k = 1 + (size_t)((data[0] >> 1) % 4);
    bool gzipped = n >= 2 && (unsigned char)xml[0] == 0x1F && (unsigned char)xml[1] == 0x8B;

    seen whole;
    sitemap_counts c;
    read_whole(xml, n, k, &whole, &c);
    size_t reported = whole.urls + whole.entries;
    /* Bytes the harness has as XML (not gzipped), with no '&': no entity can
     * expand, so each <loc> reported took 12 bytes of them at least. */
    if (!gzipped && (n == 0 || !memchr(xml, '&', n)) && reported > n / 12)
        FINDING(more_locs_than_bytes, "%zu locs reported from %zu bytes of XML", reported, n);

    /* Stopped after the k-th: exactly k, the same k, and the stop's value. */
    seen part = {.k = k, .stop = true, .hash = FNV_OFFSET, .hash_at_k = FNV_OFFSET};
    sitemap_counts pc;
    int rc = sitemap_read_buffer(xml, n, "input", see_url, see_entry, &part, &pc);
    size_t want = reported < k ? reported : k;
    if (part.urls + part.entries != want)
        FINDING(stop_count_wrong, "asked to stop after %zu of %zu, %zu were reported", k, reported,
                part.urls + part.entries);
    if (rc != (reported >= k ? STOP_VALUE : 0))
        FINDING(stop_not_returned, "stopping after %zu of %zu returned %d", k, reported, rc);
    if (part.hash_at_k != whole.hash_at_k || (reported < k && part.hash != whole.hash))
        FINDING(stopped_reading_differs, "the first %zu locs differ when the reading stops after them", want);

#ifdef ROBOTS_CENSUS_ZLIB
    /* Odd mode byte: the same XML gzipped reads the same (not when it is gzip
     * already: that would be read once inflated, not twice). */
    if ((data[0] & 1) && !gzipped) {
        static unsigned char gz[2 * SITEMAP_INPUT_MAX + 1024];
        size_t gz_len = gzip(xml, n, gz, sizeof gz);
        REQUIRE(reading_failed, gz_len > 0);
        seen zs;
        sitemap_counts zc;
        read_whole((const char *)gz, gz_len, k, &zs, &zc);
        if (zs.hash != whole.hash || zc.urls != c.urls || zc.entries != c.entries || zc.skipped != c.skipped ||
            zc.index != c.index || zc.broken != c.broken)
            FINDING(gzipped_reads_otherwise, "gzipped, the XML reads otherwise: %zu/%zu locs, broken %d/%d",
                    zc.urls + zc.entries, reported, (int)zc.broken, (int)c.broken);
    }
#endif
    return 0;
}
