/* runner.c - seeds of fuzz/targets/runner.c: for each case, a command line asking
 * for it in one of the formats and with one of the option sets a user gives, with
 * its own table when that is small, else the rfc table built into the target, and a
 * known-failures file naming the case. Every other seed's table expects the
 * opposite verdicts, so that the reference fails checks and the reports of
 * failures and known failures are reached too. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "file.h"
#include "seed_sink.h"

/* The table's text with "allowed" and "disallowed" exchanged (its expectations
 * turned round); the old text is freed. */
static void swap_verdicts(buf *text) {
    static const char allowed[] = "\"allowed\"", disallowed[] = "\"disallowed\"";
    buf out = {NULL, 0, 0};
    for (size_t i = 0; i < text->len;) {
        const char *p = text->data + i;
        size_t left = text->len - i;
        if (left >= sizeof disallowed - 1 && !memcmp(p, disallowed, sizeof disallowed - 1)) {
            buf_add(&out, allowed, sizeof allowed - 1);
            i += sizeof disallowed - 1;
        } else if (left >= sizeof allowed - 1 && !memcmp(p, allowed, sizeof allowed - 1)) {
            buf_add(&out, disallowed, sizeof disallowed - 1);
            i += sizeof allowed - 1;
        } else {
            buf_addc(&out, *p);
            i++;
        }
    }
    buf_free(text);
    *text = out;
}

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
    if (n % 2 && file.len) swap_verdicts(&file);
    if (buf_add(&b, line, strlen(line)) || buf_addc(&b, '\0') || (file.len && buf_add(&b, file.data, file.len)) ||
        buf_addc(&b, '\0') || buf_add(&b, c->id, strlen(c->id)) || buf_addc(&b, '\n'))
        s->failed = 1;
    else emit(s, b.data, b.len);
    buf_free(&b);
    buf_free(&file);
}

/* Arguments, one a line, an option first; after a NUL, a table (a JSON object) or
 * nothing. */
const char *layout_runner(const unsigned char *d, size_t n, const seed_facts *f) {
    (void)f;
    if (n < 2 || d[0] != '-' || d[1] != '-') return "no option on the first line";
    const unsigned char *nul = memchr(d, '\0', n);
    if (nul && nul + 1 < d + n && nul[1] != '\0' && nul[1] != '{') return "a table that is no JSON object after the NUL";
    return NULL;
}
