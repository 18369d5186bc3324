/*
 * census_paths.c - the paths a census asks of every site (census.h): the root,
 * each path of --paths FILE, and --paths-from-rules N made from the file's own
 * rules as scripts/make-workload makes them. robots census and its differential
 * (robots-census-diff) ask the same ones.
 */
#include "census.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#define RULE_PATHS_MAX 4096 /* the rule paths of one file considered */

/* --paths FILE: one path a line, each starting with '/'; '#' lines and blank ones
 * are skipped. */
int census_read_paths(census_asked *c, const char *file) {
    FILE *f = fopen(file, "r");
    if (!f) {
        fprintf(stderr, "robots census: --paths %s: %s\n", file, strerror(errno));
        return EXIT_USAGE;
    }
    char line[CENSUS_PATH_BYTES + 2];
    size_t number = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        number++;
        size_t n = strcspn(line, "\r\n");
        if (line[n] == '\0' && !feof(f)) {
            fprintf(stderr, "robots census: %s:%zu: a path longer than %d bytes\n", file, number, CENSUS_PATH_BYTES);
            rc = EXIT_USAGE;
            break;
        }
        line[n] = '\0';
        if (n == 0 || line[0] == '#') continue;
        if (line[0] != '/' || strpbrk(line, " \t")) {
            fprintf(stderr, "robots census: %s:%zu: a path starts with '/' and holds no space, not '%.80s'\n", file,
                    number, line);
            rc = EXIT_USAGE;
        } else if (c->npaths == CENSUS_PATHS_MAX) {
            fprintf(stderr, "robots census: %s: more than %d paths\n", file, CENSUS_PATHS_MAX);
            rc = EXIT_USAGE;
        } else if (buf_add(&c->paths, line, n + 1)) {
            fprintf(stderr, "robots census: out of memory\n");
            rc = EXIT_USAGE;
        } else {
            c->npaths++;
        }
    }
    fclose(f);
    return rc;
}

/* What a file with fewer rule paths than --paths-from-rules is asked about
 * beneath them, in turn: the pages a rule covers, as scripts/make-workload asks. */
static const char *const beneath[] = {"/index.html", "?page=2", "/a/b/page.html", "-old", ".json", "/2024/",
                                      ".html", "/page/3", "?a=1&b=2", "/x/y/z", "/~user/"};

/* The paths written so far for one file, by hash, so that adding a path once is
 * constant time however many rules a file has (a file may hold thousands). */
#define SET_SLOTS 16384 /* a power of two, over twice RULE_PATHS_MAX and CENSUS_PATHS_MAX */
typedef struct path_set {
    char (*paths)[CENSUS_PATH_BYTES];
    size_t n;
    unsigned slot[SET_SLOTS];  /* 1 + the index of the path in the slot, 0 when free */
    unsigned where[SET_SLOTS]; /* the slot of each path, to free it again */
} path_set;

static void set_clear(path_set *set, char (*paths)[CENSUS_PATH_BYTES]) {
    for (size_t i = 0; i < set->n; i++) set->slot[set->where[i]] = 0;
    set->paths = paths;
    set->n = 0;
}

/* Adds p then suffix as one path unless it is there already or too long; false when not added. */
static bool add_path(path_set *set, const char *p, const char *suffix) {
    size_t lp = strlen(p), ls = strlen(suffix);
    if (lp + ls >= CENSUS_PATH_BYTES) return false;
    char *path = set->paths[set->n];
    memcpy(path, p, lp);
    memcpy(path + lp, suffix, ls + 1);
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < lp + ls; i++) h = (h ^ (unsigned char)path[i]) * 16777619u;
    for (h &= SET_SLOTS - 1; set->slot[h]; h = (h + 1) & (SET_SLOTS - 1))
        if (!strcmp(set->paths[set->slot[h] - 1], path)) return false;
    set->where[set->n] = h;
    set->slot[h] = (unsigned)++set->n;
    return true;
}

/* The paths of a file's rules, in file order, each once, as scripts/make-workload
 * makes them: '*' becomes 'x', a final '$' is dropped, a missing leading '/' is
 * added; a pattern with a space or a control byte is left out. Returns how many. */
static size_t rule_paths(const robots_rules *rules, char (*out)[CENSUS_PATH_BYTES], size_t cap) {
    static path_set set;
    set_clear(&set, out);
    for (size_t i = 0; rules && i < robots_rule_count(rules) && set.n < cap; i++) {
        robots_rule_info r;
        robots_get_rule(rules, i, &r); /* i is in range: it cannot fail */
        if (r.pattern_len == 0 || r.pattern_len >= CENSUS_PATH_BYTES - 2) continue;
        char p[CENSUS_PATH_BYTES];
        size_t m = 0;
        bool clean = true;
        if (r.pattern[0] != '/') p[m++] = '/';
        for (size_t k = 0; k < r.pattern_len && clean; k++) {
            unsigned char ch = (unsigned char)r.pattern[k];
            if (ch == '$' && k + 1 == r.pattern_len) break;
            clean = ch > 0x20 && ch != 0x7f;
            p[m++] = ch == '*' ? 'x' : (char)ch;
        }
        p[m] = '\0';
        if (clean) add_path(&set, p, "");
    }
    return set.n;
}

/* The paths a file is asked about: the root, --paths, then --paths-from-rules N
 * made from its rules (rule_paths): spread evenly over the file when it has more
 * than N, and topped up to N with pages beneath them when it has fewer. Writes
 * them into `out` (CENSUS_PATH_BYTES each) and returns how many. */
size_t census_site_paths(const census_asked *c, const robots_rules *rules, char (*out)[CENSUS_PATH_BYTES], size_t cap) {
    static path_set set;
    set_clear(&set, out);
    add_path(&set, "/", "");
    for (size_t i = 0, at = 0; i < c->npaths; i++, at += strlen(c->paths.data + at) + 1)
        add_path(&set, c->paths.data + at, "");
    if (c->from_rules == 0) return set.n;
    static char made[RULE_PATHS_MAX][CENSUS_PATH_BYTES];
    size_t nm = rule_paths(rules, made, RULE_PATHS_MAX);
    size_t want = c->from_rules < cap - set.n ? c->from_rules : cap - set.n;
    if (nm > want) {
        for (size_t i = 0; i < want; i++) add_path(&set, made[(size_t)((double)i * (double)nm / (double)want)], "");
        return set.n;
    }
    size_t first = set.n;
    for (size_t i = 0; i < nm; i++) add_path(&set, made[i], "");
    for (size_t b = 0; nm && b < sizeof beneath / sizeof beneath[0]; b++)
        for (size_t i = 0; i < nm && set.n - first < want; i++) {
            size_t len = strlen(made[i]);
            bool slash = beneath[b][0] == '/' && made[i][len - 1] == '/';
            add_path(&set, made[i], beneath[b] + slash);
        }
    return set.n;
}
