/*
 * workload.c - `make bench BENCH_WORKLOAD=FILE [BENCH_WORKLOAD_DIR=DIR]`: the
 * reference's speed on the user's own checks.
 *
 * FILE holds one check per line, ROBOTS-FILE<TAB>AGENT<TAB>URL, the robots.txt
 * files named relative to DIR (default: FILE's own directory); scripts/make-workload
 * writes one from a folder of robots.txt files. Each robots.txt is read once (its
 * first 512,000 bytes, what a crawler's fetcher hands over), then, for exactly
 * those checks, in rounds, the time per check:
 * - re-parsing the robots.txt for every check (what a matcher without a parsed
 *   form, like Google's, costs): parsed for the check's agent
 *   (robots_options.agents: the rules of only the groups that can apply, unsorted),
 *   as a caller that re-parses for every URL would, and parsed whole (every rule,
 *   indexed), the answers of the two compared;
 * - parsing each robots.txt once and answering its checks;
 * - the query alone, on rule sets parsed beforehand;
 * - parsing alone, each robots.txt once (the part of one parse per file that no
 *   faster query can remove).
 * The median of the rounds is printed. A line that is not three fields, or names a
 * file that cannot be read, stops the benchmark with its line number (exit 2); a
 * check answered differently by the two ways of re-parsing stops it too (exit 1:
 * a bug in the reference).
 *
 * With another matcher (--compare NAME, compare.c), each round also times it
 * re-parsing for every check, just before the reference's own figures, so both
 * meet the machine's load of that moment (on a virtual machine it moves the
 * figures by 10-20% from minute to minute; ratios of one round move far less);
 * it prints the median of the rounds' ratios (and the ratio to parsing alone: the
 * most one parse per file could reach were every query free), and the checks
 * whose answers differ from the reference's (google profile), with their line
 * numbers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "file.h"

#define WORKLOAD_ROUNDS 5

typedef struct wl_check {
    size_t file; /* index into the files */
    size_t line; /* in the workload */
    const char *agent, *url;
    size_t agent_len, url_len;
} wl_check;

typedef struct wl_file {
    const char *name; /* points into the workload's text */
    buf data;
    size_t *checks; /* its checks, in workload order */
    size_t nchecks;
} wl_file;

typedef struct workload {
    buf text;
    wl_check *checks;
    size_t nchecks;
    wl_file *files;
    size_t nfiles;
} workload;

static void workload_free(workload *w) {
    for (size_t i = 0; i < w->nfiles; i++) {
        buf_free(&w->files[i].data);
        free(w->files[i].checks);
    }
    free(w->files);
    free(w->checks);
    buf_free(&w->text);
}

static void *grow(void *p, size_t n, size_t size) {
    void *q = realloc(p, (n ? n : 1) * size);
    if (!q) {
        fprintf(stderr, "robots-bench: out of memory reading the workload\n");
        exit(2);
    }
    return q;
}

/* The file of this name, read on first use. Names are looked up by a linear probe
 * of a hash table of indexes. */
typedef struct name_table {
    size_t *slots; /* file index + 1, 0 empty */
    size_t cap;
} name_table;

static size_t hash_name(const char *s) {
    size_t h = 1469598103934665603ULL & SIZE_MAX;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static size_t file_index(workload *w, name_table *t, const char *name, const char *dir, const char *where,
                         size_t line) {
    if (w->nfiles * 2 >= t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        size_t *slots = calloc(cap, sizeof *slots);
        if (!slots) return SIZE_MAX;
        for (size_t i = 0; i < w->nfiles; i++) {
            size_t h = hash_name(w->files[i].name) & (cap - 1);
            while (slots[h]) h = (h + 1) & (cap - 1);
            slots[h] = i + 1;
        }
        free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    size_t h = hash_name(name) & (t->cap - 1);
    for (; t->slots[h]; h = (h + 1) & (t->cap - 1))
        if (!strcmp(w->files[t->slots[h] - 1].name, name)) return t->slots[h] - 1;
    char path[8192];
    if (name[0] == '/') snprintf(path, sizeof path, "%s", name);
    else snprintf(path, sizeof path, "%s/%s", dir, name);
    wl_file f = {name, {NULL, 0, 0}, NULL, 0};
    int more = 0;
    if (read_file(path, ROBOTS_DEFAULT_MAX_BYTES, &f.data, &more) != 0) {
        fprintf(stderr, "robots-bench: %s:%zu: cannot read %s: %s\n", where, line, path, strerror(errno));
        exit(2);
    }
    w->files = grow(w->files, w->nfiles + 1, sizeof *w->files);
    w->files[w->nfiles] = f;
    t->slots[h] = ++w->nfiles;
    return w->nfiles - 1;
}

/* Reads the workload; exits 2 with the line at fault. */
static void workload_read(workload *w, const char *file, const char *dir) {
    int more = 0;
    if (read_file(file, 0, &w->text, &more) != 0 || buf_addc(&w->text, '\0') != 0) {
        fprintf(stderr, "robots-bench: cannot read the workload %s: %s\n", file, strerror(errno));
        exit(2);
    }
    name_table names = {NULL, 0};
    size_t line = 0, len = w->text.len - 1;
    for (char *p = w->text.data; p < w->text.data + len;) {
        char *end = memchr(p, '\n', (size_t)(w->text.data + len - p));
        if (!end) end = w->text.data + len;
        *end = '\0';
        line++;
        if (end > p && end[-1] == '\r') end[-1] = '\0';
        char *tab1 = strchr(p, '\t'), *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (*p == '\0') {
            p = end + 1;
            continue; /* a blank line */
        }
        if (!tab1 || !tab2 || strchr(tab2 + 1, '\t') || tab1 == p || tab2 == tab1 + 1) {
            fprintf(stderr, "robots-bench: %s:%zu: expected ROBOTS-FILE<TAB>AGENT<TAB>URL\n", file, line);
            exit(2);
        }
        *tab1 = *tab2 = '\0';
        size_t f = file_index(w, &names, p, dir, file, line);
        if (f == SIZE_MAX) {
            fprintf(stderr, "robots-bench: out of memory reading the workload\n");
            exit(2);
        }
        w->checks = grow(w->checks, w->nchecks + 1, sizeof *w->checks);
        w->checks[w->nchecks++] = (wl_check){f, line, tab1 + 1, tab2 + 1, strlen(tab1 + 1), strlen(tab2 + 1)};
        p = end + 1;
    }
    free(names.slots);
    if (w->nchecks == 0) {
        fprintf(stderr, "robots-bench: %s: no checks\n", file);
        exit(2);
    }
    for (size_t i = 0; i < w->nchecks; i++) {
        wl_file *f = &w->files[w->checks[i].file];
        f->checks = grow(f->checks, f->nchecks + 1, sizeof *f->checks);
        f->checks[f->nchecks++] = i;
    }
}

static int answer(const robots_rules *r, const wl_check *c) {
    return bench_allowed(r, c->agent, c->agent_len, c->url, c->url_len, NULL);
}

/* Parses the file for the check's agent alone (robots_options.agents) and answers
 * the check. */
static int answer_for_agent(const wl_file *f, const wl_check *c) {
    robots_options o;
    robots_options_init(&o);
    o.agents = &c->agent;
    o.agent_lens = &c->agent_len;
    o.agent_count = 1;
    robots_rules *r = bench_parse(f->data.data, f->data.len, &o);
    int a = answer(r, c);
    robots_free(r);
    return a;
}

/* The answers of round 0 re-parsing for the agent and re-parsing whole, one octet
 * per check each: equal, or the benchmark stops at the first that differs. */
static void agree_or_stop(const workload *w, const unsigned char *for_agent, const unsigned char *whole) {
    for (size_t i = 0; i < w->nchecks; i++) {
        if (for_agent[i] == whole[i]) continue;
        const wl_check *c = &w->checks[i];
        fprintf(stderr, "robots-bench: line %zu: %s %s %s: parsed for the agent the reference %s, parsed whole it %s\n",
                c->line, w->files[c->file].name, c->agent, c->url, for_agent[i] ? "allows" : "disallows",
                whole[i] ? "allows" : "disallows");
        exit(1);
    }
}

static double median(double *v, size_t n) {
    qsort(v, n, sizeof *v, bench_compare_doubles);
    return v[n / 2];
}

/* The checks where the other matcher's answers (round 0) differ from the
 * reference's: their count, and the first WORKLOAD_SHOWN. */
#define WORKLOAD_SHOWN 10
static void print_differences(const workload *w, const bench_other *other, const unsigned char *ours,
                              const unsigned char *theirs) {
    size_t differ = 0;
    for (size_t i = 0; i < w->nchecks; i++) differ += ours[i] != theirs[i];
    printf("  answers: %zu of %zu checks differ from %s\n", differ, w->nchecks, other->name);
    for (size_t i = 0, shown = 0; i < w->nchecks && shown < WORKLOAD_SHOWN; i++) {
        if (ours[i] == theirs[i]) continue;
        const wl_check *c = &w->checks[i];
        printf("    line %zu: %s %s %s: the reference %s, %s %s\n", c->line, w->files[c->file].name, c->agent,
               c->url, ours[i] ? "allows" : "disallows", other->name, theirs[i] ? "allows" : "disallows");
        shown++;
    }
    if (differ > WORKLOAD_SHOWN) printf("    (%zu more)\n", differ - WORKLOAD_SHOWN);
}

void bench_workload(const char *file, const char *dir, const bench_other *other) {
    char own_dir[4096];
    if (!dir) {
        const char *slash = strrchr(file, '/');
        snprintf(own_dir, sizeof own_dir, "%.*s", slash ? (int)(slash - file) : 1, slash ? file : ".");
        dir = own_dir;
    }
    workload w = {{NULL, 0, 0}, NULL, 0, NULL, 0};
    workload_read(&w, file, dir);
    size_t bytes = 0;
    for (size_t i = 0; i < w.nfiles; i++) bytes += w.files[i].data.len;
    printf("workload %s: %zu checks over %zu robots.txt files (%.1f MB) in %s\n", file, w.nchecks, w.nfiles,
           (double)bytes / 1e6, dir);

    robots_rules **parsed = grow(NULL, w.nfiles, sizeof *parsed);
    double reparse[WORKLOAD_ROUNDS], whole[WORKLOAD_ROUNDS], once[WORKLOAD_ROUNDS], query[WORKLOAD_ROUNDS],
        parse[WORKLOAD_ROUNDS], parse_mbs[WORKLOAD_ROUNDS];
    double theirs[WORKLOAD_ROUNDS], ratio_reparse[WORKLOAD_ROUNDS], ratio_whole[WORKLOAD_ROUNDS],
        ratio_once[WORKLOAD_ROUNDS], ratio_query[WORKLOAD_ROUNDS], ratio_parse[WORKLOAD_ROUNDS];
    /* The answers of round 0, one octet per check: re-parsed for the agent, whole,
     * and the other matcher's. */
    unsigned char *our_answers = grow(NULL, w.nchecks, 3);
    unsigned char *whole_answers = our_answers + w.nchecks, *their_answers = whole_answers + w.nchecks;
    size_t allowed = 0;
    for (int round = 0; round < WORKLOAD_ROUNDS; round++) {
        double start = bench_now();
        for (size_t i = 0; other && i < w.nchecks; i++) {
            const wl_check *c = &w.checks[i];
            const wl_file *f = &w.files[c->file];
            int a = other->allowed(f->data.data, f->data.len, c->agent, c->agent_len, c->url, c->url_len);
            if (round == 0) their_answers[i] = (unsigned char)a;
            allowed += (size_t)a;
        }
        double t0 = bench_now();
        for (size_t i = 0; i < w.nchecks; i++) {
            int a = answer_for_agent(&w.files[w.checks[i].file], &w.checks[i]);
            if (round == 0) our_answers[i] = (unsigned char)a;
            allowed += (size_t)a;
        }
        double tw = bench_now();
        for (size_t i = 0; i < w.nchecks; i++) {
            const wl_file *f = &w.files[w.checks[i].file];
            robots_rules *r = bench_parse(f->data.data, f->data.len, NULL);
            int a = answer(r, &w.checks[i]);
            if (round == 0) whole_answers[i] = (unsigned char)a;
            allowed += (size_t)a;
            robots_free(r);
        }
        double t1 = bench_now();
        for (size_t i = 0; i < w.nfiles; i++) {
            robots_rules *r = bench_parse(w.files[i].data.data, w.files[i].data.len, NULL);
            for (size_t k = 0; k < w.files[i].nchecks; k++) allowed += (size_t)answer(r, &w.checks[w.files[i].checks[k]]);
            robots_free(r);
        }
        double t2 = bench_now();
        for (size_t i = 0; i < w.nfiles; i++) robots_free(bench_parse(w.files[i].data.data, w.files[i].data.len, NULL));
        double tp = bench_now();
        for (size_t i = 0; i < w.nfiles; i++) parsed[i] = bench_parse(w.files[i].data.data, w.files[i].data.len, NULL);
        double t3 = bench_now();
        for (size_t i = 0; i < w.nchecks; i++) allowed += (size_t)answer(parsed[w.checks[i].file], &w.checks[i]);
        double t4 = bench_now();
        for (size_t i = 0; i < w.nfiles; i++) robots_free(parsed[i]);
        if (round == 0) agree_or_stop(&w, our_answers, whole_answers);
        reparse[round] = (tw - t0) / (double)w.nchecks * 1e9;
        whole[round] = (t1 - tw) / (double)w.nchecks * 1e9;
        once[round] = (t2 - t1) / (double)w.nchecks * 1e9;
        query[round] = (t4 - t3) / (double)w.nchecks * 1e9;
        parse[round] = (tp - t2) / (double)w.nchecks * 1e9;
        parse_mbs[round] = (double)bytes / (tp - t2) / 1e6;
        theirs[round] = (t0 - start) / (double)w.nchecks * 1e9;
        ratio_reparse[round] = theirs[round] / reparse[round];
        ratio_whole[round] = theirs[round] / whole[round];
        ratio_once[round] = theirs[round] / once[round];
        ratio_query[round] = theirs[round] / query[round];
        ratio_parse[round] = theirs[round] / parse[round];
    }
    bench_sink += allowed;
    printf("  re-parse for every check: %8.0f ns per check (parsed for its agent; parsed whole: %.0f ns)\n",
           median(reparse, WORKLOAD_ROUNDS), median(whole, WORKLOAD_ROUNDS));
    printf("  one parse per file:       %8.0f ns per check\n", median(once, WORKLOAD_ROUNDS));
    printf("  the query alone:          %8.0f ns per check\n", median(query, WORKLOAD_ROUNDS));
    printf("  parsing alone, each once: %8.0f ns per check (%.0f MB/s)\n", median(parse, WORKLOAD_ROUNDS),
           median(parse_mbs, WORKLOAD_ROUNDS));
    printf("  (the median of %d rounds; google profile)\n", WORKLOAD_ROUNDS);
    if (other) {
        printf("  %s, re-parsing for every check: %8.0f ns per check\n", other->name, median(theirs, WORKLOAD_ROUNDS));
        printf("  %s / the reference, the median of the rounds' ratios: re-parsing %.1fx (parsed whole %.1fx), "
               "one parse per file %.1fx, the query alone %.1fx\n",
               other->name, median(ratio_reparse, WORKLOAD_ROUNDS), median(ratio_whole, WORKLOAD_ROUNDS),
               median(ratio_once, WORKLOAD_ROUNDS), median(ratio_query, WORKLOAD_ROUNDS));
        printf("  %s / parsing alone: %.1fx, the most one parse per file could reach were every query free\n",
               other->name, median(ratio_parse, WORKLOAD_ROUNDS));
        print_differences(&w, other, our_answers, their_answers);
    }
    free(our_answers);
    free(parsed);
    workload_free(&w);
}
