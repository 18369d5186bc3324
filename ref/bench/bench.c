/*
 * bench.c - `make bench`: how fast the reference parses and answers.
 *
 * Figures printed (each timed over at least BENCH_SECONDS of repetitions):
 * - generated files of tens, hundreds and thousands of rules (wildcards, long
 *   paths, several groups): parse throughput, ns per query on the parsed file, ns
 *   per parse-plus-query;
 * - with --corpus DIR, every file of a folder of real robots.txt files, with checks
 *   built from each file's own rules: parse once then query, against re-parsing
 *   for every check (what Google's matcher does);
 * - the worst case: 500 KiB of rules built to make matching slow (see
 *   bench_worst_case), against paths of 667 octets and of 130 KB;
 * - the batch protocol through the robots command, in checks per second;
 * - with --workload FILE, only the user's own checks (workload.c), and with
 *   --compare NAME another matcher beside the reference (compare.c).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "process.h"

#define BENCH_SECONDS 0.4

double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

volatile size_t bench_sink;

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static unsigned rnd(unsigned n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void add(text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        if (!t->data) abort();
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}
static void adds(text *t, const char *s) { add(t, s, strlen(s)); }

static const char *const words[] = {"search", "images", "api", "v2", "account", "login", "cart",
                                    "product", "category", "blog", "2019", "tag", "print", "share",
                                    "cgi-bin", "admin", "wp-content", "static", "media", "user"};
#define NWORDS (sizeof words / sizeof words[0])
static const char *const agents[] = {"Googlebot", "Bingbot", "Slurp", "DuckDuckBot", "Baiduspider",
                                     "YandexBot", "AhrefsBot", "GPTBot"};
#define NAGENTS (sizeof agents / sizeof agents[0])

static void random_path(text *t, unsigned segments, int pattern) {
    for (unsigned i = 0; i < segments; i++) {
        adds(t, "/");
        if (pattern && rnd(8) == 0) adds(t, "*");
        adds(t, words[rnd(NWORDS)]);
    }
    if (pattern) {
        unsigned k = rnd(10);
        if (k == 0) adds(t, "/");
        else if (k == 1) adds(t, "*.php$");
        else if (k == 2) adds(t, "?*sessionid=");
    } else if (rnd(3) == 0) {
        adds(t, "?q=");
        adds(t, words[rnd(NWORDS)]);
        adds(t, "&page=12");
    }
}

/* A file of about `rules` rules in a few groups, like large real files. */
static text generate_file(unsigned rules) {
    text t = {NULL, 0, 0};
    adds(&t, "# generated for the benchmark\nSitemap: https://www.example.com/sitemap.xml\n");
    unsigned groups = rules < 20 ? 2 : 5;
    for (unsigned g = 0; g < groups; g++) {
        adds(&t, "\nUser-agent: ");
        adds(&t, g == 0 ? "*" : agents[g % NAGENTS]);
        adds(&t, "\n");
        if (g == 1) adds(&t, "User-agent: Slurp\n");
        for (unsigned r = 0; r < rules / groups; r++) {
            adds(&t, rnd(4) == 0 ? "Allow: " : "Disallow: ");
            random_path(&t, 1 + rnd(4), 1);
            adds(&t, "\n");
        }
        if (g == 0) adds(&t, "Crawl-delay: 10\n");
    }
    return t;
}

typedef struct query {
    char agent[32];
    char url[512];
} query;

static query *generate_queries(size_t n) {
    query *q = calloc(n, sizeof *q);
    for (size_t i = 0; i < n; i++) {
        text u = {NULL, 0, 0};
        adds(&u, "https://www.example.com");
        random_path(&u, 1 + rnd(6), 0);
        /* Some long paths, as crawlers see them. */
        if (rnd(10) == 0)
            for (int k = 0; k < 8; k++) adds(&u, "/segment-of-a-long-generated-path");
        snprintf(q[i].url, sizeof q[i].url, "%s", u.data);
        snprintf(q[i].agent, sizeof q[i].agent, "%s", rnd(3) ? agents[rnd(NAGENTS)] : "OtherBot");
        free(u.data);
    }
    return q;
}

/* The benchmark's inputs are valid: a failure is a broken benchmark. */
robots_rules *bench_parse(const void *data, size_t len, const robots_options *o) {
    robots_rules *r;
    const char *error;
    if (robots_parse(data, len, o, &r, &error) != 0) {
        fprintf(stderr, "robots-bench: %s\n", error);
        exit(2);
    }
    return r;
}

int bench_allowed(const robots_rules *r, const char *agent, size_t agent_len, const char *url,
                  size_t url_len, robots_verdict *v) {
    robots_verdict own;
    if (robots_check(r, agent, agent_len, url, url_len, v ? v : &own, NULL) != 0) exit(2);
    return (v ? v : &own)->allowed;
}

static robots_options options_for(robots_profile_id p) {
    robots_options o;
    robots_options_init(&o);
    o.profile = p;
    return o;
}

static void bench_generated(robots_profile_id p, unsigned rules, const char *label) {
    text t = generate_file(rules);
    robots_options o = options_for(p);
    enum { NQ = 4096 };
    query *q = generate_queries(NQ);

    size_t parses = 0;
    double start = bench_now(), elapsed;
    do {
        for (int k = 0; k < 16; k++, parses++) {
            robots_rules *r = bench_parse(t.data, t.len, &o);
            bench_sink += robots_rule_count(r);
            robots_free(r);
        }
    } while ((elapsed = bench_now() - start) < BENCH_SECONDS);
    double parse_s = elapsed / (double)parses;

    robots_rules *r = bench_parse(t.data, t.len, &o);
    size_t queries = 0, disallowed = 0;
    start = bench_now();
    do {
        for (size_t i = 0; i < NQ; i++, queries++)
            disallowed += !bench_allowed(r, q[i].agent, strlen(q[i].agent), q[i].url, strlen(q[i].url), NULL);
    } while ((elapsed = bench_now() - start) < BENCH_SECONDS);
    double query_s = elapsed / (double)queries;
    bench_sink += disallowed;
    robots_free(r);

    printf("  %-26s %7.1f KB %6zu %10.0f %9.1f %13.0f\n", label, (double)t.len / 1e3,
           (size_t)rules, (double)t.len / parse_s / 1e6, query_s * 1e9, (parse_s + query_s) * 1e9);
    free(t.data);
    free(q);
}

/* ---- A folder of real files ---------------------------------------------------- */

typedef struct corpus_file {
    char *data;
    size_t len;
    query *checks;
    size_t nchecks;
} corpus_file;

/* Checks from the file's own rules: for each rule, a URL its pattern matches
 * ('*' as "x", the '$' dropped) and the agent of its group; plus two common URLs. */
static void build_checks(corpus_file *f) {
    robots_rules *r = bench_parse(f->data, f->len, NULL);
    size_t n = robots_rule_count(r);
    f->checks = calloc(n + 2, sizeof(query));
    for (size_t i = 0; i < n; i++) {
        robots_rule_info ri;
        robots_get_rule(r, i, &ri);
        query *q = &f->checks[f->nchecks];
        const char *agent = "AnyBot";
        for (size_t a = 0; a < robots_agent_count(r); a++) {
            robots_agent_info ai;
            robots_get_agent(r, a, &ai);
            if (ai.group == ri.group && !ai.global && ai.token_len > 0 && ai.token_len < sizeof q->agent) {
                snprintf(q->agent, sizeof q->agent, "%.*s", (int)ai.token_len, ai.token);
                agent = NULL;
                break;
            }
        }
        if (agent) snprintf(q->agent, sizeof q->agent, "%s", agent);
        size_t at = (size_t)snprintf(q->url, sizeof q->url, "https://www.example.com");
        for (size_t k = 0; k < ri.pattern_len && at + 2 < sizeof q->url; k++) {
            char c = ri.pattern[k];
            if (c == '$' && k + 1 == ri.pattern_len) break;
            q->url[at++] = c == '*' ? 'x' : c;
        }
        q->url[at] = '\0';
        f->nchecks++;
    }
    snprintf(f->checks[f->nchecks].agent, 32, "Googlebot");
    snprintf(f->checks[f->nchecks++].url, 512, "https://www.example.com/");
    snprintf(f->checks[f->nchecks].agent, 32, "OtherBot");
    snprintf(f->checks[f->nchecks++].url, 512, "https://www.example.com/some/page.html?id=1");
    robots_free(r);
}

int bench_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void bench_corpus(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        printf("  cannot open %s\n", dir);
        return;
    }
    corpus_file *files = NULL;
    size_t nfiles = 0, bytes = 0, checks = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *fp = fopen(path, "rb");
        if (!fp) continue;
        corpus_file f = {NULL, 0, NULL, 0};
        text t = {NULL, 0, 0};
        char chunk[65536];
        size_t got;
        while ((got = fread(chunk, 1, sizeof chunk, fp)) > 0) add(&t, chunk, got);
        fclose(fp);
        if (!t.data) add(&t, "", 0); /* an empty file is a file too */
        f.data = t.data;
        f.len = t.len;
        build_checks(&f);
        files = realloc(files, (nfiles + 1) * sizeof *files);
        files[nfiles++] = f;
        bytes += f.len;
        checks += f.nchecks;
    }
    closedir(d);
    printf("  %zu files, %.1f MB, %zu checks built from the files' own rules\n", nfiles,
           (double)bytes / 1e6, checks);

    /* Parse throughput, and the cost of one query on each parsed file. */
    double *per_file = calloc(nfiles ? nfiles : 1, sizeof(double));
    double parse_time = 0, query_time = 0;
    size_t parsed = 0, disallowed = 0;
    for (size_t i = 0; i < nfiles; i++) {
        double t0 = bench_now();
        robots_rules *r = bench_parse(files[i].data, files[i].len, NULL);
        parse_time += bench_now() - t0;
        parsed += files[i].len < ROBOTS_DEFAULT_MAX_BYTES ? files[i].len : ROBOTS_DEFAULT_MAX_BYTES;
        /* Repeat the file's checks until the clock can resolve them. */
        size_t reps = 0;
        t0 = bench_now();
        double spent;
        do {
            for (size_t k = 0; k < files[i].nchecks; k++) {
                const query *q = &files[i].checks[k];
                disallowed += !bench_allowed(r, q->agent, strlen(q->agent), q->url, strlen(q->url), NULL);
            }
            reps++;
        } while ((spent = bench_now() - t0) < 20e-6);
        per_file[i] = spent / (double)(reps * files[i].nchecks);
        query_time += per_file[i] * (double)files[i].nchecks;
        robots_free(r);
    }
    qsort(per_file, nfiles, sizeof(double), bench_compare_doubles);
    printf("  parse: %.0f MB/s, %.1f us per file on average\n", (double)parsed / parse_time / 1e6,
           parse_time / (double)nfiles * 1e6);
    printf("  one query on a parsed file: %.0f ns on average over all checks; per file: median %.0f ns,"
           " 99th percentile %.0f ns\n",
           query_time / (double)checks * 1e9, per_file[nfiles / 2] * 1e9, per_file[nfiles * 99 / 100] * 1e9);
    free(per_file);

    /* The same sample of checks (up to 8 per file) answered both ways. */
    size_t sample = 0;
    double once = 0, every = 0;
    for (int round = 0; round < 3; round++) {
        double t0 = bench_now();
        for (size_t i = 0; i < nfiles; i++) {
            size_t n = files[i].nchecks < 8 ? files[i].nchecks : 8;
            robots_rules *r = bench_parse(files[i].data, files[i].len, NULL);
            for (size_t k = 0; k < n; k++) {
                const query *q = &files[i].checks[k];
                disallowed += !bench_allowed(r, q->agent, strlen(q->agent), q->url, strlen(q->url), NULL);
            }
            robots_free(r);
            if (round == 0) sample += n;
        }
        double t1 = bench_now();
        for (size_t i = 0; i < nfiles; i++) {
            size_t n = files[i].nchecks < 8 ? files[i].nchecks : 8;
            for (size_t k = 0; k < n; k++) {
                const query *q = &files[i].checks[k];
                robots_rules *r = bench_parse(files[i].data, files[i].len, NULL);
                disallowed += !bench_allowed(r, q->agent, strlen(q->agent), q->url, strlen(q->url), NULL);
                robots_free(r);
            }
        }
        double t2 = bench_now();
        once += t1 - t0;
        every += t2 - t1;
    }
    printf("  %zu checks (up to 8 per file), parse once per file then query: %.2f us per check\n", sample,
           once / 3 / (double)sample * 1e6);
    printf("  the same checks, re-parsing for every check (as Google's matcher does): %.2f us per check\n",
           every / 3 / (double)sample * 1e6);
    bench_sink += disallowed;
    for (size_t i = 0; i < nfiles; i++) {
        free(files[i].data);
        free(files[i].checks);
    }
    free(files);
}

/* ---- The worst case --------------------------------------------------------------- */

/* Files of 500 KiB built to make matching slow:
 * - near misses: a slash, a star, 60 to 67 a's, a b, "*c" (none matches), against
 *   a path of a's and a b, plain or, for rfc9309, each a written %61. A matcher
 *   that tries every place (Google's) costs pattern x path per rule; one rule at a
 *   time with a KMP table costs pattern + path per rule; the reference past a
 *   budget decides them all in one pass (ref/src/sweep.c). The path starts with
 *   "/c" so that no rule can be set aside by its octets alone.
 * - nested segments: a slash, a star, a z, a star, then 1, 2, 3, ... a's, so that
 *   many segments end at every octet of a path of a's (ended by a z): the case
 *   where following every segment that ends at an octet would cost the most.
 * - random segments: a slash, a star, 60 random a's and b's, "*c", against a path
 *   "/c" then random a's and b's: nothing shared, the largest automaton.
 * - literal prefixes: a slash, 1 to 60 a's and a b, no star, against a path of
 *   a's: parsed for the agent (robots_options.agents, unsorted), a query compares
 *   every rule with the path up to its b, reading about the whole file.
 * Rows "for the agent" parse with robots_options.agents (the query's agent). */
enum { NEAR_MISSES, NESTED, RANDOM, LITERALS, WORST_KINDS };

static text worst_file(int kind) {
    text t = {NULL, 0, 0};
    adds(&t, "user-agent: *\n");
    char line[2048];
    char as[1500];
    memset(as, 'a', sizeof as);
    for (unsigned k = 0;; k++) {
        int n;
        if (kind == NESTED) {
            n = snprintf(line, sizeof line, "disallow: /*z*%.*s\n", (int)(k % 1400 + 1), as);
        } else if (kind == LITERALS) {
            n = snprintf(line, sizeof line, "disallow: /%.*sb\n", (int)(k % 60 + 1), as);
        } else if (kind == RANDOM) {
            char ab[61];
            for (int i = 0; i < 60; i++) ab[i] = "ab"[rnd(2)];
            n = snprintf(line, sizeof line, "disallow: /*%.60s*c\n", ab);
        } else {
            n = snprintf(line, sizeof line, "disallow: /*%.*sb*c\n", (int)(60 + k % 8), as);
        }
        if (t.len + (size_t)n > ROBOTS_DEFAULT_MAX_BYTES) break;
        add(&t, line, (size_t)n);
    }
    return t;
}

/* "https://example.com/" + first + n a's (each %61 when encoded; random a's and
 * b's when random) + last. */
static text worst_url(size_t n, int encoded, int random, const char *first, const char *last) {
    text u = {NULL, 0, 0};
    adds(&u, "https://example.com/");
    adds(&u, first);
    for (size_t i = 0; i < n; i++) adds(&u, encoded ? "%61" : random && rnd(2) ? "b" : "a");
    adds(&u, last);
    return u;
}

/* The crawler of the worst-case queries; rows "for the agent" are parsed for it. */
static const char *const worst_agent[1] = {"x"};

/* The slowest of a few repetitions of one query, in milliseconds. */
static double slowest_query_ms(const robots_rules *r, const text *url) {
    double worst = 0;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = bench_now();
        bench_sink += (size_t)bench_allowed(r, worst_agent[0], strlen(worst_agent[0]), url->data, url->len, NULL);
        double t = bench_now() - t0;
        if (t > worst) worst = t;
    }
    return worst * 1e3;
}

static void bench_worst_case(void) {
    static const struct {
        int kind;
        robots_profile_id profile;
        size_t n;
        int encoded;
        int for_agent;
        const char *label;
    } rows[] = {
        {NEAR_MISSES, ROBOTS_PROFILE_GOOGLE, 666, 0, 0, "near misses, google,  path of 666 a's"},
        {NEAR_MISSES, ROBOTS_PROFILE_RFC9309, 666, 0, 0, "near misses, rfc9309, path of 666 a's"},
        {NEAR_MISSES, ROBOTS_PROFILE_RFC9309, 666, 1, 0, "near misses, rfc9309, path of 666 %61"},
        {NEAR_MISSES, ROBOTS_PROFILE_GOOGLE, 130000, 0, 0, "near misses, google,  130 KB path"},
        {NEAR_MISSES, ROBOTS_PROFILE_GOOGLE, 130000, 0, 1, "near misses, google,  130 KB path, for the agent"},
        {NEAR_MISSES, ROBOTS_PROFILE_RFC9309, 43333, 1, 0, "near misses, rfc9309, 130 KB path of %61"},
        {NESTED, ROBOTS_PROFILE_GOOGLE, 130000, 0, 0, "nested,      google,  130 KB path"},
        {NESTED, ROBOTS_PROFILE_RFC9309, 130000, 0, 0, "nested,      rfc9309, 130 KB path"},
        {RANDOM, ROBOTS_PROFILE_GOOGLE, 130000, 0, 0, "random,      google,  130 KB path"},
        {RANDOM, ROBOTS_PROFILE_RFC9309, 130000, 0, 0, "random,      rfc9309, 130 KB path"},
        {LITERALS, ROBOTS_PROFILE_GOOGLE, 130000, 0, 0, "literal prefixes, google, 130 KB path"},
        {LITERALS, ROBOTS_PROFILE_GOOGLE, 130000, 0, 1, "literal prefixes, google, 130 KB path, for the agent"},
    };
    text files[WORST_KINDS];
    for (int k = 0; k < WORST_KINDS; k++) files[k] = worst_file(k);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const text *t = &files[rows[i].kind];
        robots_options o = options_for(rows[i].profile);
        if (rows[i].for_agent) {
            o.agents = worst_agent;
            o.agent_count = 1;
        }
        double t0 = bench_now();
        robots_rules *r = bench_parse(t->data, t->len, &o);
        double parse_ms = (bench_now() - t0) * 1e3;
        text url = rows[i].kind == NESTED     ? worst_url(rows[i].n, 0, 0, "", "z")
                   : rows[i].kind == RANDOM   ? worst_url(rows[i].n, 0, 1, "c", "")
                   : rows[i].kind == LITERALS ? worst_url(rows[i].n, 0, 0, "", "")
                                              : worst_url(rows[i].n, rows[i].encoded, 0, "c", "b");
        printf("  %-52s %5zu rules, %.0f KB: parse %.1f ms, one query %.2f ms\n", rows[i].label,
               robots_rule_count(r), (double)t->len / 1e3, parse_ms, slowest_query_ms(r, &url));
        free(url.data);
        robots_free(r);
    }
    for (int k = 0; k < WORST_KINDS; k++) free(files[k].data);
}

/* ---- The batch protocol -------------------------------------------------------------- */

static void bench_batch(const char *robots_bin) {
    text in = {NULL, 0, 0};
    size_t n = 200000;
    static const char *const files[] = {
        "user-agent: *\\ndisallow: /private/\\nallow: /private/public*\\n",
        "user-agent: googlebot\\ndisallow: /*.php$\\nuser-agent: *\\ndisallow: /cgi-bin/\\n",
    };
    char line[512];
    for (size_t i = 0; i < n; i++) {
        snprintf(line, sizeof line,
                 "{\"id\":%zu,\"robots\":\"%s\",\"agent\":\"%s\",\"url\":\"https://e.com/private/public%zu.php\"}\n",
                 i, files[(i / 8) % 2], i % 2 ? "googlebot" : "otherbot", i);
        adds(&in, line);
    }
    char *argv[] = {(char *)robots_bin, "--batch", NULL};
    proc_result r;
    double t0 = bench_now();
    int rc = proc_run(argv, in.data, in.len, 120.0, (size_t)1 << 30, &r);
    double elapsed = bench_now() - t0;
    size_t replies = 0;
    for (size_t i = 0; rc == 0 && i < r.out.len; i++) replies += r.out.data[i] == '\n';
    if (rc != 0 || r.exec_failed || replies != n) {
        printf("  could not run %s --batch (got %zu of %zu replies)\n", robots_bin, replies, n);
    } else {
        printf("  %zu checks (a new robots.txt every 8) in %.2f s: %.0f checks/s\n", n, elapsed,
               (double)n / elapsed);
    }
    if (rc == 0) proc_result_free(&r);
    free(in.data);
}

int main(int argc, char **argv) {
    const char *corpus = NULL, *robots_bin = "build/bin/robots", *workload = NULL, *workload_dir = NULL;
    const char *compare = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--corpus") && i + 1 < argc) corpus = argv[++i];
        else if (!strcmp(argv[i], "--robots") && i + 1 < argc) robots_bin = argv[++i];
        else if (!strcmp(argv[i], "--workload") && i + 1 < argc) workload = argv[++i];
        else if (!strcmp(argv[i], "--workload-dir") && i + 1 < argc) workload_dir = argv[++i];
        else if (!strcmp(argv[i], "--compare") && i + 1 < argc) compare = argv[++i];
        else {
            /* --help: the usage on stdout, exit 0; anything else: on stderr, exit 2. */
            int help = !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
            fprintf(help ? stdout : stderr,
                    "usage: %s [--corpus DIR] [--robots PATH-TO-ROBOTS]\n"
                    "       %s --workload FILE [--workload-dir DIR] [--compare MATCHER]\n"
                    "           (lines ROBOTS-FILE<TAB>AGENT<TAB>URL; matchers: %s)\n",
                    argv[0], argv[0], bench_other_names());
            return help ? 0 : 2;
        }
    }
    const bench_other *other = compare ? bench_other_named(compare) : NULL;
    if (compare && !other) {
        fprintf(stderr, "robots-bench: --compare %s: no such matcher here (known: %s)\n", compare, bench_other_names());
        return 2;
    }
    if (compare && !workload) {
        fprintf(stderr, "robots-bench: --compare needs --workload FILE\n");
        return 2;
    }
    printf("robots-bench (reference %s)\n\n", ROBOTS_VERSION);
    if (workload) {
        bench_workload(workload, workload_dir, other);
        return 0;
    }
    printf("generated files              size    rules  parse MB/s  query ns  parse+query ns\n");
    bench_generated(ROBOTS_PROFILE_GOOGLE, 12, "tens of rules");
    bench_generated(ROBOTS_PROFILE_GOOGLE, 200, "hundreds of rules");
    bench_generated(ROBOTS_PROFILE_GOOGLE, 3000, "thousands of rules");
    bench_generated(ROBOTS_PROFILE_RFC9309, 200, "hundreds, rfc9309");
    bench_generated(ROBOTS_PROFILE_RFC9309, 3000, "thousands, rfc9309");
    if (corpus) {
        printf("\nreal files: %s\n", corpus);
        bench_corpus(corpus);
    }
    printf("\nworst case: 500 KiB files built to make matching slow, the slowest of 5 queries\n");
    bench_worst_case();
    printf("\nbatch protocol: %s --batch\n", robots_bin);
    bench_batch(robots_bin);
    return 0;
}
