/* runner.c - seeds of fuzz/targets/runner.c: for each case, a command line asking
 * for it in one of the formats and with one of the option sets a user gives, with
 * its own table when that is small, else the rfc table built into the target, and a
 * known-failures file naming the case. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "file.h"
#include "seed_sink.h"

void seeds_runner(sink *s, const tcase *c) {
    static unsigned n;
    static const char *const formats[] = {"text", "tap", "junit", "json", "markdown", "csv", "scorecard"};
    static const char *const extras[] = {
        "",
        "--profile\nrfc9309\n",
        "--target\nr=builtin:reference\n--target\nb=builtin:always-disallowed\n",
        "--batch-cmd\nadapter\n--known-failures\nknown\n",
        "--command\nparser %robots% %user-agent% %url%\n--max-failures\n1\n",
        "--basis\n-fetcher\n--area\n-scope\n",
        "--list\n",
        "--explain\n",
        "--write-known-failures\nknown\n--keep-going\n",
        "--compare\nold.json\nnew.json\n",
    };
    const char *format = formats[n % (sizeof formats / sizeof formats[0])];
    const char *extra = extras[n / 3 % (sizeof extras / sizeof extras[0])];
    n++;
    buf b = {NULL, 0, 0};
    char line[512];
    snprintf(line, sizeof line, "--format\n%s\n%s%s%s\n", format, extra,
             !strcmp(extra, "--explain\n") ? "" : "--id\n", c->id);
    int more = 0;
    buf file = {NULL, 0, 0};
    if (read_file(c->table->file, SEED_MAX / 2, &file, &more) != 0 || more) buf_free(&file);
    if (buf_add(&b, line, strlen(line)) || buf_addc(&b, '\0') || (file.len && buf_add(&b, file.data, file.len)) ||
        buf_addc(&b, '\0') || buf_add(&b, c->id, strlen(c->id)) || buf_addc(&b, '\n'))
        s->failed = 1;
    else emit(s, b.data, b.len);
    buf_free(&b);
    buf_free(&file);
}
