/* check_url.c - the library's example program (docs/library.md; make example):
 * may a crawler fetch a URL? It reads a robots.txt file once, then answers for
 * each URL given, with the robots.txt URL that governs it and the rule that
 * decided.
 *
 *   build/examples/check_url ROBOTS.TXT AGENT URL...
 *
 * Exit status: 0 when every URL is allowed, 1 when one is not, 2 on an error. */
#include <robots.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the file whole into *data (its *len bytes): 0, or -1 with a message. */
static int read_all(const char *path, char **data, size_t *len) {
    FILE *f = fopen(path, "rb");
    size_t cap = 0, got;
    const char *why = NULL;
    *data = NULL;
    *len = 0;
    if (!f) {
        perror(path);
        return -1;
    }
    do {
        if (*len == cap) {
            char *more = cap < ((size_t)1 << 30) ? realloc(*data, cap ? cap * 2 : 4096) : NULL;
            if (!more) {
                why = "too large to read";
                break;
            }
            *data = more;
            cap = cap ? cap * 2 : 4096;
        }
        got = fread(*data + *len, 1, cap - *len, f);
        *len += got;
    } while (got > 0);
    if (!why && ferror(f)) why = "cannot read it";
    fclose(f);
    if (why) {
        fprintf(stderr, "%s: %s\n", path, why);
        free(*data);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s ROBOTS.TXT AGENT URL...\n", argv[0]);
        return 2;
    }
    char *body;
    size_t len;
    if (read_all(argv[1], &body, &len) != 0) return 2;

    robots_options opt;
    robots_options_init(&opt); /* the google profile, the 500 KiB cap */
    robots_rules *rules;
    const char *error;
    if (robots_parse(body ? body : "", len, &opt, &rules, &error) != 0) {
        fprintf(stderr, "%s: %s\n", argv[1], error);
        free(body);
        return 2;
    }
    free(body); /* the rules keep what they need */

    int status = 0;
    for (int i = 3; i < argc; i++) {
        const char *url = argv[i];
        char governing[2048];
        robots_verdict v;
        if (robots_robots_txt_url(url, strlen(url), governing, sizeof governing, NULL, &error) != 0 ||
            robots_check(rules, argv[2], strlen(argv[2]), url, strlen(url), &v, &error) != 0) {
            fprintf(stderr, "%s: %s\n", url, error);
            status = 2;
            continue;
        }
        printf("%s %s (%s governs it)\n", v.allowed ? "allowed   " : "disallowed", url, governing);
        if (v.line)
            printf("  line %zu: %s: %.*s\n", v.line, robots_rule_kind_name(v.rule), (int)v.pattern_len, v.pattern);
        else
            printf("  no rule matches\n");
        if (!v.allowed && status == 0) status = 1;
    }
    robots_free(rules);
    return status;
}
