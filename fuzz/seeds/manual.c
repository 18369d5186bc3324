/* manual.c - seeds of fuzz/targets/manual.c: each case as a page of Markdown, the
 * way the documentation writes one: its id and title as a heading, its note as a
 * paragraph, its robots.txt in a fenced block, its checks as a list of links and
 * as a table, and its sources as a list of links. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "seed_sink.h"

static void add(buf *b, const char *s) { buf_add(b, s, strlen(s)); }

void seeds_manual(sink *s, const tcase *c) {
    buf b = {NULL, 0, 0};
    add(&b, "# ");
    add(&b, c->id);
    add(&b, ": ");
    add(&b, c->title ? c->title : "");
    add(&b, "\n\n");
    if (c->note) {
        add(&b, c->note);
        add(&b, "\n\n");
    }
    if (c->robots.present && c->robots.len < SEED_MAX / 2) {
        add(&b, "```robots\n");
        buf_add(&b, c->robots.data, c->robots.len);
        add(&b, "\n```\n\n");
    }
    add(&b, "## Checks\n\n");
    for (size_t i = 0; i < c->nchecks; i++) {
        const check *k = &c->checks[i];
        char line[512];
        snprintf(line, sizeof line, "%zu. `%s` asks [%s](%s): **%s**\n", i + 1, k->agent ? k->agent : "*",
                 k->url ? k->url : "", k->url ? k->url : "#", k->expect[0] ? k->expect[0] : "");
        add(&b, line);
    }
    add(&b, "\n| # | agent | url |\n| --: | :-- | :-: |\n");
    for (size_t i = 0; i < c->nchecks; i++) {
        char row[512];
        snprintf(row, sizeof row, "| %zu | *%s* | `%s` |\n", i + 1, c->checks[i].agent ? c->checks[i].agent : "",
                 c->checks[i].url ? c->checks[i].url : "");
        add(&b, row);
    }
    add(&b, "\n## Sources\n\n");
    for (size_t i = 0; i < c->nsources; i++) {
        add(&b, "- [");
        add(&b, c->sources[i]);
        add(&b, "](../sources.md#");
        add(&b, c->id);
        add(&b, ")\n");
    }
    if (b.len <= SEED_MAX) emit(s, b.data, b.len);
    buf_free(&b);
}

/* A page of Markdown (any bytes: a case's robots.txt may hold a NUL), the case's
 * heading first as these seeds write it. */
const char *layout_manual(const unsigned char *d, size_t n, const seed_facts *f) {
    if (f && (n < 2 || d[0] != '#' || d[1] != ' ')) return "no heading first";
    return NULL;
}
