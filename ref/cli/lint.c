/*
 * lint.c - `robots lint [--profile P] [--format text|json|markdown] FILE`: the
 * common mistakes and traps of a robots.txt (robots_lint in the library), each a
 * warning with its id, its line, what to write instead and the case that teaches
 * it (docs/robots-command.md, "robots lint"). Exit 0 without warnings, 1 with
 * some, 2 for a usage error, an unreadable file or an output that cannot be
 * written.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "file.h"
#include "json.h"
#include "lint.h"

enum lint_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_MARKDOWN };

static void lint_usage(FILE *out) {
    fprintf(out,
            "Usage: robots lint [--profile google|rfc9309] [--format text|json|markdown] FILE\n"
            "\n"
            "Prints the common mistakes and traps of FILE ('-': standard input), one warning\n"
            "a line with its id, what to write instead and the case that teaches it:\n"
            "  robots.txt:4: joins-group: This user-agent line joins the group above ... (GROUP-4)\n"
            "      | User-agent: GPTBot\n"
            "Line 0 is the file as a whole (its size, its encoding).\n"
            "\n"
            "Options:\n"
            "  --profile P    read the file as Google (default) or as RFC 9309 does\n"
            "  --format F     text (default), json (one object), or markdown (a table, to\n"
            "                 post on a pull request)\n"
            "  -h, --help     print this help\n"
            "\n"
            "Exit status: 0 no warning, 1 warnings, 2 a usage error, an unreadable file or\n"
            "an output that cannot be written. The file is read up to Google's 500 KiB and\n"
            "one byte more, so that a larger one is said to be too big.\n");
}

/* Line n (1-based) of the file, split as the parser counts lines: LF, CR LF and
 * CR alone each end one (FORMAT-1). An empty span past the end. Lines are asked
 * in order, so the cursor only moves on. */
typedef struct line_cursor {
    const char *data, *end, *at;
    size_t number; /* the line `at` starts */
} line_cursor;

static const char *line_end(const char *p, const char *end) {
    while (p < end && *p != '\n' && *p != '\r') p++;
    return p;
}

static void line_text(line_cursor *c, size_t n, const char **s, size_t *len) {
    const char *p = line_end(c->at, c->end);
    while (c->number < n) {
        if (p < c->end && *p == '\r' && p + 1 < c->end && p[1] == '\n') p++;
        c->at = p < c->end ? p + 1 : p;
        c->number++;
        p = line_end(c->at, c->end);
    }
    *s = c->at;
    *len = (size_t)(p - c->at);
}

/* Markdown text in a table cell: the marks that start markup, a link, HTML, an
 * entity or a cell escaped with a backslash (CommonMark lets any punctuation be),
 * control bytes as \xHH, so that no line of a file renders as anything but
 * itself. */
void markdown_text(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 0x20 || ch == 0x7F) printf("\\\\x%02X", ch);
        else if (strchr("\\`*_[]<>|~&!#", ch)) printf("\\%c", ch);
        else putchar(ch);
    }
}

static void put_json(const char *s, size_t n, bool *lost) {
    buf b = {NULL, 0, 0};
    if (json_append_string(&b, s, n) != 0) *lost = true;
    else fwrite(b.data, 1, b.len, stdout);
    buf_free(&b);
}

/* One warning in the chosen format; `first` for the JSON array's commas. */
static void print_warning(enum lint_format f, const char *file, const robots_lint_warning *w, const char *text,
                          size_t text_len, bool first, bool *lost) {
    const char *id = robots_lint_name(w->kind), *advice = robots_lint_advice(w->kind);
    const char *lesson = robots_lint_case(w->kind);
    if (f == FORMAT_TEXT) {
        if (w->line) printf("%s:%zu: %s: %s (%s)\n      | ", file, w->line, id, advice, lesson);
        else printf("%s: %s: %s (%s)\n", file, id, advice, lesson);
        if (w->line) {
            put_visible(text, text_len);
            printf("\n");
        }
    } else if (f == FORMAT_MARKDOWN) {
        printf("| %zu | `%s` | ", w->line, id);
        markdown_text(text, text_len);
        printf(" | ");
        markdown_text(advice, strlen(advice));
        printf(" | %s |\n", lesson);
    } else {
        printf("%s\n    {\"line\": %zu, \"id\": \"%s\", \"text\": ", first ? "" : ",", w->line, id);
        put_json(text, text_len, lost);
        printf(", \"advice\": ");
        put_json(advice, strlen(advice), lost);
        printf(", \"case\": \"%s\"}", lesson);
    }
}

/* Lints rules (parsed from data) and prints every warning; the count in *count.
 * -1 when memory ran out. */
int lint_print(const char *file, const char *data, size_t len, const robots_rules *rules, int format,
               size_t *count) {
    robots_parse_info info;
    robots_get_parse_info(rules, &info);
    enum lint_format f = (enum lint_format)format;
    size_t n = 0;
    if (robots_lint(rules, data, len, NULL, 0, &n) != 0) return -1;
    robots_lint_warning *w = cli_calloc(n + 1, sizeof *w);
    if (!w || robots_lint(rules, data, len, w, n, &n) != 0) {
        cli_free(w);
        return -1;
    }
    bool lost = false;
    line_cursor c = {data, data + len, data, 1};
    if (f == FORMAT_JSON) {
        printf("{\"file\": ");
        put_json(file, strlen(file), &lost);
        printf(", \"profile\": \"%s\", \"warnings\": [", robots_profile_name(info.profile));
    } else if (f == FORMAT_MARKDOWN && n) {
        printf("| Line | Warning | The line | What to write instead | Lesson |\n| ---: | --- | --- | --- | --- |\n");
    }
    for (size_t i = 0; i < n; i++) {
        const char *text = "";
        size_t text_len = 0;
        if (w[i].line) line_text(&c, w[i].line, &text, &text_len);
        print_warning(f, file, &w[i], text, text_len, i == 0, &lost);
    }
    if (f == FORMAT_JSON) printf("%s], \"count\": %zu}\n", n ? "\n  " : "", n);
    else if (f == FORMAT_MARKDOWN && !n) printf("No warnings.\n");
    else if (f == FORMAT_TEXT) printf("%s: %zu warning%s\n", file, n, n == 1 ? "" : "s");
    cli_free(w);
    *count = n;
    return lost ? -1 : 0;
}

int run_lint(int argc, char **argv) {
    cli_options o = {ROBOTS_PROFILE_GOOGLE, ROBOTS_DEFAULT_MAX_BYTES, 0, 0, 0, 0, NULL, 0, NULL, NULL};
    enum lint_format format = FORMAT_TEXT;
    const char *file = NULL;
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || a[0] != '-' || !strcmp(a, "-")) {
            if (file) return subcommand_usage_error("lint", "one file at a time; too many arguments, starting at", a);
            file = a;
        } else if (!strcmp(a, "--")) {
            options_done = true;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            lint_usage(stdout);
            return 0;
        } else if (!strcmp(a, "--profile") || !strcmp(a, "--format")) {
            if (i + 1 >= argc) return subcommand_usage_error("lint", "missing value for option", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--profile")) {
                if (robots_profile_from_name(v, &o.profile, NULL))
                    return subcommand_usage_error("lint", "--profile must be google or rfc9309, not", v);
            } else if (!strcmp(v, "text")) format = FORMAT_TEXT;
            else if (!strcmp(v, "json")) format = FORMAT_JSON;
            else if (!strcmp(v, "markdown")) format = FORMAT_MARKDOWN;
            else return subcommand_usage_error("lint", "--format must be text, json or markdown, not", v);
        } else {
            return subcommand_usage_error("lint", "unknown option", a);
        }
    }
    if (!file) {
        lint_usage(stderr);
        return EXIT_USAGE;
    }
    /* One byte past the cap: enough to tell a file too big, and memory stays
     * bounded whatever the file's size. */
    buf body = {NULL, 0, 0};
    int more = 0;
    if (read_file(file, ROBOTS_DEFAULT_MAX_BYTES + 1, &body, &more) != 0) {
        fprintf(stderr, "robots lint: cannot read \"%s\": %s\n", file, strerror(errno));
        buf_free(&body);
        return EXIT_USAGE;
    }
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = o.profile;
    opt.allocator = cli_allocator();
    robots_rules *rules = NULL;
    const char *error = NULL;
    size_t count = 0;
    int rc = robots_parse(body.data, body.len, &opt, &rules, &error);
    if (rc != 0) fprintf(stderr, "robots lint: cannot parse \"%s\": %s\n", file, error);
    else if (lint_print(file, body.data ? body.data : "", body.len, rules, format, &count) != 0) {
        fprintf(stderr, "robots lint: memory ran out while linting \"%s\"\n", file);
        rc = -1;
    }
    robots_free(rules);
    buf_free(&body);
    if (rc != 0) return EXIT_USAGE;
    return count ? 1 : 0;
}
