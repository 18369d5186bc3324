/*
 * main.c - the `robots` command: a drop-in for Google's robots_main
 * (`robots FILE AGENT URL`, exit 0 allowed, 1 disallowed, 2 usage error or
 * unreadable file) with optional extensions.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out, const char *prog) {
    fprintf(out,
            "Usage:\n"
            "  %s [OPTIONS] FILE AGENT URL   is URL allowed for AGENT by robots.txt FILE?\n"
            "  %s [OPTIONS] --batch          JSON Lines checks on stdin, replies on stdout\n"
            "\n"
            "Prints \"user-agent 'AGENT' with URI 'URL': ALLOWED\" (or DISALLOWED) and exits\n"
            "0 when allowed, 1 when disallowed, 2 on a usage error or an unreadable file,\n"
            "like Google's robots command. URL must be %%-escaped (RFC 3986). FILE '-' reads\n"
            "standard input.\n"
            "\n"
            "Options:\n"
            "  --profile google|rfc9309  whose reading of robots.txt to apply (default google)\n"
            "  --max-bytes N             ignore the file past N bytes; 0 = no cap\n"
            "                            (default %u, Google's 500 KiB)\n"
            "  --explain                 also print the deciding line, pattern and reason\n"
            "  --batch                   serve the batch protocol (see README.md)\n"
            "  --version                 print the version\n"
            "  -h, --help                print this help\n"
            "\n"
            "Example:\n"
            "  %s robots.txt FooBot http://example.com/fish.html\n",
            prog, prog, ROBOTS_DEFAULT_MAX_BYTES, prog);
}

/* "PROG: WHAT 'ARG'" (or WHAT alone) and a pointer to --help; exit status 2. */
static int usage_error(const char *prog, const char *what, const char *arg) {
    if (arg) fprintf(stderr, "%s: %s '%s'\n", prog, what, arg);
    else fprintf(stderr, "%s: %s\n", prog, what);
    fprintf(stderr, "Try '%s --help'.\n", prog);
    return EXIT_USAGE;
}

static int parse_size(const char *s, size_t *out) {
    if (!*s) return -1;
    size_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        size_t d = (size_t)(*p - '0');
        if (v > (SIZE_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* "--name VALUE" or "--name=VALUE"; returns the value or NULL when absent. */
static const char *option_value(int argc, char **argv, int *i, const char *name) {
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0) return NULL;
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (argv[*i][n] != '\0' || *i + 1 >= argc) return NULL;
    return argv[++*i];
}

int main(int argc, char **argv) {
    const char *prog = argc > 0 && argv[0] ? argv[0] : "robots";
    cli_options o = {ROBOTS_PROFILE_GOOGLE, ROBOTS_DEFAULT_MAX_BYTES, 0};
    int batch = 0;
    const char *pos[3];
    int npos = 0, options_done = 0;
    if (argc < 2) {
        usage(stderr, prog);
        return EXIT_USAGE;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v;
        if (options_done || a[0] != '-' || strcmp(a, "-") == 0) {
            if (npos == 3) return usage_error(prog, "too many arguments, starting at", a);
            pos[npos++] = a;
        } else if (strcmp(a, "--") == 0) {
            options_done = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help")) {
            usage(stdout, prog);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("robots %s\n", ROBOTS_VERSION);
            return 0;
        } else if (strcmp(a, "--explain") == 0) {
            o.explain = 1;
        } else if (strcmp(a, "--batch") == 0) {
            batch = 1;
        } else if ((v = option_value(argc, argv, &i, "--profile"))) {
            if (robots_profile_from_name(v, &o.profile))
                return usage_error(prog, "--profile must be google or rfc9309, not", v);
        } else if ((v = option_value(argc, argv, &i, "--max-bytes"))) {
            if (parse_size(v, &o.max_bytes))
                return usage_error(prog, "--max-bytes needs a number of bytes, not", v);
        } else if (!strcmp(a, "--profile") || !strcmp(a, "--max-bytes")) {
            return usage_error(prog, "missing value for option", a);
        } else {
            return usage_error(prog, "unknown option", a);
        }
    }
    if (batch) {
        if (npos) return usage_error(prog, "--batch takes no FILE AGENT URL; got", pos[0]);
        return run_batch(&o);
    }
    if (npos != 3) {
        fprintf(stderr, "%s: expected FILE AGENT URL, got %d argument%s.\n\n", prog, npos,
                npos == 1 ? "" : "s");
        usage(stderr, prog);
        return EXIT_USAGE;
    }
    return run_check(&o, pos[0], pos[1], pos[2]);
}
