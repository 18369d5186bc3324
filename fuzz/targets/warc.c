/*
 * warc.c - fuzz target: robots census's WARC reader (ref/cli/census_warc.c and
 * warc_stream.c). The input is a WARC file, plain or gzipped. Every site the
 * reader hands over is one a census can answer: a name, a body within the
 * fetcher's 500 KiB, an HTTP status, at most five redirects followed; and the
 * reader ends, with every record that is not a site a warning (to /dev/null
 * here), never a crash, a hang or a leak.
 */
#include "../common.h"
#include "census.h"

static int on_site(void *ctx, const census_site *site) {
    size_t *sites = ctx;
    (*sites)++;
    REQUIRE(site->name.len > 0);
    REQUIRE(site->body.len <= ROBOTS_DEFAULT_MAX_BYTES);
    REQUIRE(site->status >= 100 && site->status <= 599);
    REQUIRE(site->redirects <= ROBOTS_MAX_REDIRECTS);
    /* A site's body is what census parses: it must parse. */
    robots_rules *rules = NULL;
    REQUIRE(robots_parse(site->body.data ? site->body.data : "", site->body.len, NULL, &rules, NULL) == 0);
    robots_free(rules);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *quiet;
    if (!quiet) quiet = fopen("/dev/null", "w");
    warc_source src = {-1, data, size};
    census_counts counts = {.warnings = quiet};
    size_t sites = 0;
    REQUIRE(census_each_warc(&src, "fuzz.warc", on_site, &sites, &counts) == 0);
    REQUIRE(sites <= size / 8); /* a site takes more bytes than that */
    REQUIRE(counts.read.sites == sites && counts.read.responses >= sites - counts.read.sites);
    /* Read to its end, or said why not. */
    REQUIRE(counts.read.bytes_read >= size || counts.read.incomplete != NULL);
    return 0;
}
