/*
 * warc.c - fuzz target: robots census's WARC reader (ref/cli/census_warc.c,
 * warc_records.c, warc_stream.c, content_coding.c). The input is a WARC file,
 * plain or gzipped. Every site the reader hands over is one a census can answer:
 * a name, a body within the fetcher's 500 KiB, an HTTP status, at most five
 * redirects followed; and the reader ends, with every record that is not a site
 * a warning, never a crash, a hang or a leak, having read the file to its end or
 * said why not.
 *
 * Each input is read twice: with the build's read buffer, and again taking at
 * most 1 to 16 bytes a read and a step of inflating (warc_source.most, chosen by
 * the input's length), so that every boundary of a read falls somewhere new. The
 * two readings must hand over the same sites, in the same order, and warn alike
 * (issue 59: a gzip member whose last bytes came in a read of their own once
 * ended the file).
 */
#include "../common.h"
#include "census.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(out_of_memory)
DEFINE_FINDING(site_without_name)
DEFINE_FINDING(body_past_cap)
DEFINE_FINDING(status_out_of_range)
DEFINE_FINDING(redirects_past_cap)
DEFINE_FINDING(body_does_not_parse)
DEFINE_FINDING(warnings_stream_failed)
DEFINE_FINDING(warc_read_failed)
DEFINE_FINDING(warnings_not_closed)
DEFINE_FINDING(too_many_sites)
DEFINE_FINDING(site_counts_differ)
DEFINE_FINDING(read_stopped_unexplained)
DEFINE_FINDING(chunked_sites_differ)
DEFINE_FINDING(chunked_site_facts_differ)
DEFINE_FINDING(chunked_counts_differ)
DEFINE_FINDING(chunked_end_differs)
DEFINE_FINDING(chunked_warnings_differ)

/* What a reading handed over, in order: each site's name, status, redirects,
 * final URI, truncation and body. */
typedef struct reading {
    buf sites;
    size_t count;
} reading;

static void add_field(buf *b, const void *p, size_t n) {
    REQUIRE(out_of_memory, buf_add(b, &n, sizeof n) == 0 && buf_add(b, p, n) == 0);
}

static int on_site(void *ctx, const census_site *site) {
    reading *r = ctx;
    r->count++;
    REQUIRE(site_without_name, site->name.len > 0);
    REQUIRE(body_past_cap, site->body.len <= ROBOTS_DEFAULT_MAX_BYTES);
    REQUIRE(status_out_of_range, site->status >= 100 && site->status <= 599);
    REQUIRE(redirects_past_cap, site->redirects <= ROBOTS_MAX_REDIRECTS);
    /* A site's body is what census parses: it must parse. */
    robots_rules *rules = NULL;
    REQUIRE(body_does_not_parse,
            robots_parse(site->body.data ? site->body.data : "", site->body.len, NULL, &rules, NULL) == 0);
    robots_free(rules);
    int facts[4] = {site->status, (int)site->redirects, site->unfollowed, site->truncated};
    add_field(&r->sites, site->name.data, site->name.len);
    add_field(&r->sites, facts, sizeof facts);
    add_field(&r->sites, site->final_uri.data, site->final_uri.len);
    add_field(&r->sites, site->body.data, site->body.len);
    return 0;
}

/* One reading of the input, taking at most `most` bytes a read (0: the buffer's). */
static void read_once(const uint8_t *data, size_t size, size_t most, reading *r, census_counts *counts, char **warnings,
                      size_t *warnings_len) {
    FILE *w = open_memstream(warnings, warnings_len);
    REQUIRE(warnings_stream_failed, w != NULL);
    warc_source src = {.fd = -1, .data = data, .size = size, .most = most};
    *counts = (census_counts){.warnings = w};
    REQUIRE(warc_read_failed, census_each_warc(&src, "fuzz.warc", on_site, r, counts) == 0);
    REQUIRE(warnings_not_closed, fclose(w) == 0);
    REQUIRE(too_many_sites, r->count <= size / 8); /* a site takes more bytes than that */
    REQUIRE(site_counts_differ,
            counts->read.sites == r->count && counts->read.responses >= r->count - counts->read.sites);
    /* Read to its end, or said why not. */
    REQUIRE(read_stopped_unexplained, counts->read.bytes_read >= size || counts->read.incomplete != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reading whole = {{NULL, 0, 0}, 0}, small = {{NULL, 0, 0}, 0};
    census_counts a, b;
    char *wa = NULL, *wb = NULL;
    size_t la = 0, lb = 0;
    read_once(data, size, 0, &whole, &a, &wa, &la);
    read_once(data, size, 1 + size % 16, &small, &b, &wb, &lb);
    REQUIRE(chunked_sites_differ, whole.count == small.count && whole.sites.len == small.sites.len);
    REQUIRE(chunked_site_facts_differ,
            whole.sites.len == 0 || !memcmp(whole.sites.data, small.sites.data, whole.sites.len));
    REQUIRE(chunked_counts_differ,
            a.read.records == b.read.records && a.read.skipped == b.read.skipped && a.read.bytes_read == b.read.bytes_read);
    REQUIRE(chunked_end_differs, (a.read.incomplete == NULL) == (b.read.incomplete == NULL));
    REQUIRE(chunked_warnings_differ, la == lb && (la == 0 || !memcmp(wa, wb, la)));
    free(wa);
    free(wb);
    buf_free(&whole.sites);
    buf_free(&small.sites);
    return 0;
}
