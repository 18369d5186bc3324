/* sitemap.h - the URLs of an XML sitemap or sitemap index, gzipped or not
 * (sitemap.c, with expat): robots review --sitemap FILE (docs/review.md). */
#ifndef ROBOTS_CLI_SITEMAP_H
#define ROBOTS_CLI_SITEMAP_H

#include <stdbool.h>
#include <stddef.h>

/* Called with each <loc>, trimmed (not NUL-terminated); a non-zero return stops
 * the reading and is returned. */
typedef int (*sitemap_fn)(void *ctx, const char *loc, size_t len);

typedef struct sitemap_counts {
    size_t urls;    /* <url><loc> of a sitemap */
    size_t entries; /* <sitemap><loc> of an index */
    size_t skipped; /* empty or overlong <loc>, each warned about */
    bool index;     /* the file is a sitemap index */
    bool broken;    /* not XML, or a broken gzip stream, past some point (warned: the rest was not read) */
} sitemap_counts;

/* Reads FILE ('-': standard input), calling on_url for each URL of a sitemap and
 * on_entry for each entry of an index. What is wrong is a warning on stderr with
 * the file and line, and what came before it stands. Returns 0; -2 when the file
 * cannot be opened (said on stderr) or this robots has no expat; -1 when memory
 * ran out; a callback's non-zero value. */
int sitemap_read(const char *file, sitemap_fn on_url, sitemap_fn on_entry, void *ctx, sitemap_counts *counts);

/* The same reading of the LEN bytes at DATA (gzipped or not), NAME standing for
 * the file in the warnings: what the fuzz target reads (fuzz/targets/sitemap.c),
 * and a sitemap already in memory. Returns as sitemap_read, -2 only when this
 * robots has no expat. */
int sitemap_read_buffer(const char *data, size_t len, const char *name, sitemap_fn on_url, sitemap_fn on_entry,
                        void *ctx, sitemap_counts *counts);

#endif
