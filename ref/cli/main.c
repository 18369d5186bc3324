/*
 * main.c - the `robots` command: a drop-in for Google's robots_main
 * (`robots FILE AGENT URL`, exit 0 allowed, 1 disallowed, 2 usage error or
 * unreadable file) with optional extensions: --batch, and the sub-commands url,
 * scope, status and cache-lifetime.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "lint.h"
#include "review.h"
#include "cli.h"

static void usage(FILE *out, const char *prog) {
    fprintf(out,
            "Usage:\n"
            "  %s [OPTIONS] FILE AGENT URL   is URL allowed for AGENT by robots.txt FILE?\n"
            "  %s [OPTIONS] --crawler NAME FILE URL\n"
            "                                is URL allowed for that real crawler, asked as\n"
            "                                its operator documents it (the crawler catalog)?\n"
            "  %s [OPTIONS] --batch          JSON Lines checks on stdin, replies on stdout\n"
            "  %s url URL                    the robots.txt URL that governs URL\n"
            "  %s scope ROBOTS_URL URL       does that robots.txt govern URL?\n"
            "  %s status CODE|network-error [--redirects N] [--unreachable-days D] [--cached]\n"
            "                                what a crawler does with that robots.txt response\n"
            "  %s cache-lifetime [--cache-control VALUE]\n"
            "                                how many seconds the file may be cached\n"
            "  %s usage [--signal] FILE AGENT URL [CATEGORY]\n"
            "                                the AI usage preferences of FILE for URL\n"
            "                                (Content-Usage; --signal: Content-Signal)\n"
            "  %s review [--urls FILE] [--crawlers LIST] [--format text|markdown|json]\n"
            "          [--fail-on blocked-search|blocked-PURPOSE|blocked-any|any-change|none] OLD NEW\n"
            "                                every answer a change of the file moves, by cause\n"
            "                                (docs/review.md; robots review --help)\n"
            "  %s lint [--profile P] [--format text|json|markdown] FILE\n"
            "                                the common mistakes and traps of FILE, each with\n"
            "                                its line and what to write instead (exit 1 if any)\n"
            "  %s census [--agents A,B | --crawlers LIST [--catalog FILE]]\n"
            "          [--paths FILE] [--paths-from-rules N]\n"
            "          [--format jsonl|tsv|csv] [--profile P] [--summary FILE]\n"
            "          [--progress auto|always|never] [--compare-with ADAPTER [--out DIR]] INPUT...\n"
            "                                every site x agent x path of a corpus\n"
            "                                (a folder, JSON Lines or WARC files); with\n"
            "                                --compare-with, another implementation's\n"
            "                                disagreements by cause\n"
            "                                (docs/census.md; robots census --help)\n"
            "\n"
            "FILE AGENT URL prints \"user-agent 'AGENT' with URI 'URL': ALLOWED\" (or DISALLOWED)\n"
            "and exits 0 when allowed, 1 when disallowed, 2 on a usage error or an unreadable\n"
            "file, like Google's robots command. URL must be %%-escaped (RFC 3986). FILE '-'\n"
            "reads standard input; write ./url, ./scope ... for files with those names.\n"
            "\n"
            "--crawler NAME FILE URL: NAME is a crawler of the catalog (conformance/\n"
            "crawler-catalog.json: its id, name or token, or a whole User-Agent header),\n"
            "asked with all its tokens, most specific first (Googlebot-Image: googlebot-image,\n"
            "then googlebot), without the '*' group for a crawler that ignores it (AdsBot);\n"
            "prints \"crawler 'NAME' (TOKENS) with URI 'URL': ALLOWED\", the group that\n"
            "decided, and a note when its operator says it may not follow robots.txt. A\n"
            "NAME the catalog does not know is asked as the token written, and said so.\n"
            "\n"
            "url prints the URL and exits 0. scope prints applies (exit 0), does-not-apply or\n"
            "not-a-robots-url (exit 1). status prints full-allow, full-disallow, conditional or\n"
            "use-cached. A malformed URL or status exits 2 with the reason on stderr.\n"
            "\n"
            "usage prints \"content-usage train-ai: n (line 4)\" per category. Without CATEGORY:\n"
            "every category of both kinds (with --signal, Content-Signal's alone). With\n"
            "CATEGORY: that category of Content-Usage (train-ai, search), or of Content-Signal\n"
            "with --signal (search, ai-input, ai-train); exit 0 for y, 1 for n, 3 for\n"
            "unknown (docs/usage-preferences.md).\n"
            "\n",
            prog, prog, prog, prog, prog, prog, prog, prog, prog, prog, prog);
    fprintf(out,
            "Options:\n"
            "  --profile google|rfc9309  whose reading to apply (default google)\n"
            "  --max-bytes N             ignore the file past N bytes; 0 = no cap\n"
            "                            (default %u, Google's 500 KiB)\n"
            "  --explain                 also print the reason (checks, scope, status, cache)\n"
            "  --batch                   serve the batch protocol (docs/robots-command.md)\n"
            "  --redirects N             status: redirects already followed before this response\n"
            "  --unreachable-days D      status: days the file has been unreachable\n"
            "  --cached                  status: a cached copy of the file exists\n"
            "  --cache-control VALUE     cache-lifetime: the response's Cache-Control header\n"
            "  --signal                  usage: read Content-Signal lines\n"
            "  --crawler NAME            ask as that crawler of the catalog (above)\n"
            "  --catalog FILE            the crawler catalog (default: conformance/ here,\n"
            "                            or where make install put it beside this program)\n"
            "  --version                 print the version\n"
            "  -h, --help                print this help\n"
            "\n"
            "Examples:\n"
            "  %s robots.txt FooBot http://example.com/fish.html\n"
            "  %s url http://www.m\xC3\xBCller.eu/page\n"
            "  %s status 503 --unreachable-days 31 --cached\n"
            "  %s usage robots.txt GPTBot https://example.com/post train-ai\n"
            "  %s --crawler Googlebot-Image robots.txt https://example.com/photo.jpg\n",
            ROBOTS_DEFAULT_MAX_BYTES, prog, prog, prog, prog, prog);
}

/* "PROG: WHAT 'ARG'" and a pointer to --help; exit status 2. */
static int usage_error(const char *prog, const char *what, const char *arg) {
    fprintf(stderr, "%s: %s '%s'\n", prog, what, arg);
    fprintf(stderr, "Try '%s --help'.\n", prog);
    return EXIT_USAGE;
}

/* A count of digits up to 2^64-1 on every platform; past SIZE_MAX (a 32-bit
 * size_t) it reads as SIZE_MAX: a --max-bytes that large caps nothing a file could
 * hold, and the other counts are bounded far below it. */
static int parse_size(const char *s, size_t *out) {
    if (!*s) return -1;
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return 0;
}

/* What the command line asks for. */
enum mode { MODE_CHECK, MODE_BATCH, MODE_URL, MODE_SCOPE, MODE_STATUS, MODE_CACHE, MODE_USAGE };

/* Options, and the modes each belongs to (a bit per mode). */
enum option_id { OPT_PROFILE, OPT_MAX_BYTES, OPT_EXPLAIN, OPT_BATCH, OPT_REDIRECTS, OPT_DAYS,
                 OPT_CACHED, OPT_CACHE_CONTROL, OPT_SIGNAL, OPT_CRAWLER, OPT_CATALOG, OPT_COUNT };
#define M(m) (1u << (m))
static const struct {
    const char *name;
    int takes_value;
    unsigned modes;
} options[OPT_COUNT] = {
    [OPT_PROFILE] = {"--profile", 1, M(MODE_CHECK) | M(MODE_BATCH) | M(MODE_STATUS) | M(MODE_CACHE) | M(MODE_USAGE)},
    [OPT_MAX_BYTES] = {"--max-bytes", 1, M(MODE_CHECK) | M(MODE_BATCH) | M(MODE_USAGE)},
    [OPT_EXPLAIN] = {"--explain", 0,
                     M(MODE_CHECK) | M(MODE_SCOPE) | M(MODE_STATUS) | M(MODE_CACHE) | M(MODE_USAGE)},
    [OPT_BATCH] = {"--batch", 0, M(MODE_BATCH)},
    [OPT_REDIRECTS] = {"--redirects", 1, M(MODE_STATUS)},
    [OPT_DAYS] = {"--unreachable-days", 1, M(MODE_STATUS)},
    [OPT_CACHED] = {"--cached", 0, M(MODE_STATUS)},
    [OPT_CACHE_CONTROL] = {"--cache-control", 1, M(MODE_CACHE)},
    [OPT_SIGNAL] = {"--signal", 0, M(MODE_USAGE)},
    [OPT_CRAWLER] = {"--crawler", 1, M(MODE_CHECK)},
    [OPT_CATALOG] = {"--catalog", 1, M(MODE_CHECK)},
};

static const struct {
    const char *name;
    enum mode mode;
    int args; /* positional arguments after the sub-command's name */
    int optional; /* ... and how many more it may take */
    const char *usage;
} commands[] = {
    {"url", MODE_URL, 1, 0, "url URL"},
    {"scope", MODE_SCOPE, 2, 0, "scope ROBOTS_URL URL"},
    {"status", MODE_STATUS, 1, 0, "status CODE|network-error"},
    {"cache-lifetime", MODE_CACHE, 0, 0, "cache-lifetime [--cache-control VALUE]"},
    {"usage", MODE_USAGE, 3, 1, "usage [--signal] FILE AGENT URL [CATEGORY]"},
};

/* Parses an unsigned number for --redirects and --unreachable-days. */
static int parse_count(const char *s, unsigned *out) {
    size_t v;
    if (parse_size(s, &v) || v > 1000000000u) return -1;
    *out = (unsigned)v;
    return 0;
}

/* Every sub-command's output must reach its destination: a write error (a full
 * disk, a closed pipe) is exit 2 with a message, never a silent success. */
static int finish(int rc) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "robots: cannot write the output: %s\n", errno ? strerror(errno) : "write error");
        return EXIT_USAGE;
    }
    return rc;
}

static int run(int argc, char **argv);

int main(int argc, char **argv) { return finish(run(argc, argv)); }

static int run(int argc, char **argv) {
    const char *prog = argv[0] ? argv[0] : "robots"; /* argv[0] is NULL when argc is 0 */
    /* robots census: a sub-command with options of its own (census.c). */
    if (argc > 1 && !strcmp(argv[1], "census")) return run_census(argc - 1, argv + 1);
    /* robots lint: the mistakes and traps of a file (lint.c). */
    if (argc > 1 && !strcmp(argv[1], "lint")) return run_lint(argc - 1, argv + 1);
    /* robots review: what a change of the file does to a site's answers (review.c). */
    if (argc > 1 && !strcmp(argv[1], "review")) return run_review(argc - 1, argv + 1);
    cli_options o = {ROBOTS_PROFILE_GOOGLE, ROBOTS_DEFAULT_MAX_BYTES, 0, 0, 0, 0, NULL, 0, NULL, NULL};
    const char *pos[5];
    int npos = 0, options_done = 0;
    unsigned seen = 0;
    const char *seen_name[OPT_COUNT] = {0};
    if (argc < 2) {
        usage(stderr, prog);
        return EXIT_USAGE;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || a[0] != '-' || strcmp(a, "-") == 0) {
            if (npos == 5) return usage_error(prog, "too many arguments, starting at", a);
            pos[npos++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help")) {
            usage(stdout, prog);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("robots %s\n", ROBOTS_VERSION);
            return 0;
        }
        int id = -1;
        const char *value = NULL;
        for (int k = 0; k < OPT_COUNT && id < 0; k++) {
            size_t n = strlen(options[k].name);
            if (strncmp(a, options[k].name, n) != 0) continue;
            if (a[n] == '\0') id = k;
            else if (a[n] == '=' && options[k].takes_value) id = k, value = a + n + 1;
        }
        if (id < 0) return usage_error(prog, "unknown option", a);
        if (options[id].takes_value && !value) {
            if (i + 1 >= argc) return usage_error(prog, "missing value for option", a);
            value = argv[++i];
        }
        seen |= 1u << id;
        seen_name[id] = options[id].name;
        switch (id) {
        case OPT_PROFILE:
            if (robots_profile_from_name(value, &o.profile, NULL))
                return usage_error(prog, "--profile must be google or rfc9309, not", value);
            break;
        case OPT_MAX_BYTES:
            if (parse_size(value, &o.max_bytes))
                return usage_error(prog, "--max-bytes needs a number of bytes, not", value);
            break;
        case OPT_REDIRECTS:
            if (parse_count(value, &o.redirects))
                return usage_error(prog, "--redirects needs a number, not", value);
            break;
        case OPT_DAYS:
            if (parse_count(value, &o.unreachable_days))
                return usage_error(prog, "--unreachable-days needs a number, not", value);
            break;
        case OPT_CACHE_CONTROL: o.cache_control = value; break;
        case OPT_CRAWLER: o.crawler = value; break;
        case OPT_CATALOG: o.catalog = value; break;
        case OPT_EXPLAIN: o.explain = 1; break;
        case OPT_CACHED: o.cached = 1; break;
        case OPT_SIGNAL: o.signal = 1; break;
        default: break; /* --batch: seen */
        }
    }

    enum mode mode = (seen & (1u << OPT_BATCH)) ? MODE_BATCH : MODE_CHECK;
    int command = -1;
    for (size_t k = 0; mode == MODE_CHECK && npos > 0 && k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(pos[0], commands[k].name) == 0) command = (int)k, mode = commands[k].mode;
    for (int k = 0; k < OPT_COUNT; k++)
        if ((seen & (1u << k)) && !(options[k].modes & M(mode)))
            return usage_error(prog, "this option does not apply here:", seen_name[k]);

    if (command >= 0) {
        int given = npos - 1, least = commands[command].args;
        if (given < least || given > least + commands[command].optional)
            return usage_error(prog, "usage:", commands[command].usage);
        switch (mode) {
        case MODE_URL: return run_url(&o, pos[1]);
        case MODE_SCOPE: return run_scope(&o, pos[1], pos[2]);
        case MODE_STATUS: return run_status(&o, pos[1]);
        case MODE_USAGE: return run_usage(&o, pos[1], pos[2], pos[3], given > 3 ? pos[4] : NULL);
        default: return run_cache_lifetime(&o);
        }
    }
    if (mode == MODE_BATCH) {
        if (npos) return usage_error(prog, "--batch takes no FILE AGENT URL; got", pos[0]);
        return run_batch(&o);
    }
    if (seen & (1u << OPT_CATALOG) && !o.crawler) return usage_error(prog, "--catalog goes with", "--crawler NAME");
    if (o.crawler && npos != 2) {
        fprintf(stderr, "%s: --crawler NAME expects FILE URL, got %d argument%s.\n\n", prog, npos,
                npos == 1 ? "" : "s");
        usage(stderr, prog);
        return EXIT_USAGE;
    }
    if (o.crawler) return run_crawler_check(&o, pos[0], pos[1]);
    if (npos != 3) {
        fprintf(stderr, "%s: expected FILE AGENT URL, got %d argument%s.\n\n", prog, npos,
                npos == 1 ? "" : "s");
        usage(stderr, prog);
        return EXIT_USAGE;
    }
    return run_check(&o, pos[0], pos[1], pos[2]);
}
