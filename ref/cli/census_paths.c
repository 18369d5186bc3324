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
        /* A path is kept with its NUL in CENSUS_PATH_BYTES: one of that many bytes
         * has no room (it was once read, then never asked, in silence), and a
         * longer line fills the buffer. */
        if (n >= CENSUS_PATH_BYTES) {
            fprintf(stderr, "robots census: %s:%zu: a path longer than %d bytes\n", file, number, CENSUS_PATH_BYTES - 1);
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
 * constant time however many rules a file has (a file may hold thousands). Each
 * path is written either into its own slot of a fixed-width array (what
 * census_site_paths hands back) or one after the other into `packed` (the rule
 * paths of rule_paths: packed, thousands of them stay in a few cache lines'
 * reach, where 2 KiB slots each cost a page). */
#define SET_SLOTS 16384 /* a power of two, over twice RULE_PATHS_MAX and CENSUS_PATHS_MAX */
#define SET_MAX (RULE_PATHS_MAX > CENSUS_PATHS_MAX + 64 ? RULE_PATHS_MAX : CENSUS_PATHS_MAX + 64)
/* Room for RULE_PATHS_MAX paths of the longest length (a file's patterns,
 * normalised, may be longer than the file): only the pages written are ever
 * mapped. */
#define PACKED_BYTES ((size_t)RULE_PATHS_MAX * CENSUS_PATH_BYTES)
typedef struct path_set {
    char (*fixed)[CENSUS_PATH_BYTES]; /* the slots, or NULL: packed */
    char *packed;
    size_t used;               /* bytes of packed written */
    size_t n;
    size_t mask;               /* the slots in use, less one: about twice the paths expected */
    const char *at[SET_MAX];   /* each path, NUL-terminated */
    size_t len[SET_MAX];
    unsigned slot[SET_SLOTS];  /* 1 + the index of the path in the slot, 0 when free */
    unsigned where[SET_MAX];   /* the slot of each path, to free it again */
} path_set;

/* Empties the set for at most `expected` paths: the slots used are the fewest
 * powers of two over twice that, so that a file of a hundred rules probes a table
 * that stays in the fastest cache (all of it, 64 KiB, did not: its misses were
 * half of what adding a path cost). */
static void set_clear(path_set *set, char (*fixed)[CENSUS_PATH_BYTES], char *packed, size_t expected) {
    for (size_t i = 0; i < set->n; i++) set->slot[set->where[i]] = 0;
    set->mask = 63;
    while (set->mask < SET_SLOTS - 1 && set->mask + 1 < 2 * expected) set->mask = set->mask * 2 + 1;
    set->fixed = fixed;
    set->packed = packed;
    set->used = 0;
    set->n = 0;
}

/* A hash of n bytes, eight at a time (a byte at a time, hashing was most of what
 * the paths of a census cost): each word mixed in by a multiply, the high bits
 * folded down. The last part word is the last eight bytes, overlapping, or the
 * bytes shifted together when there are fewer: put together in memory it would
 * wait for its own stores. Only the hash's low bits are used. */
static size_t path_hash(const char *s, size_t n) {
    uint64_t h = n, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
    }
    if (i < n) {
        w = 0;
        if (n >= 8) memcpy(&w, s + n - 8, 8);
        else
            for (size_t k = 0; k < n; k++) w |= (uint64_t)(unsigned char)s[k] << (8 * k);
        h = (h ^ w) * 0x9e3779b97f4a7c15u;
    }
    return (size_t)(h ^ (h >> 32));
}

/* Keeps the n bytes at path, written where the set writes its next one, as a path
 * of the set unless it is there already; false when not kept. */
static bool keep(path_set *set, char *path, size_t n) {
    path[n] = '\0';
    size_t h = path_hash(path, n);
    for (h &= set->mask; set->slot[h]; h = (h + 1) & set->mask) {
        size_t other = set->slot[h] - 1;
        if (set->len[other] == n && !memcmp(set->at[other], path, n)) return false;
    }
    set->at[set->n] = path;
    set->len[set->n] = n;
    set->where[set->n] = h;
    set->slot[h] = (unsigned)++set->n;
    if (!set->fixed) set->used += n + 1;
    return true;
}

/* Adds p (lp bytes) then suffix (ls) as one path unless it is there already or too
 * long; false when not added. */
static bool add_path(path_set *set, const char *p, size_t lp, const char *suffix, size_t ls) {
    if (lp + ls >= CENSUS_PATH_BYTES) return false;
    char *path = set->fixed ? set->fixed[set->n] : set->packed + set->used;
    memcpy(path, p, lp);
    memcpy(path + lp, suffix, ls);
    return keep(set, path, lp + ls);
}

/* What each byte of a rule's pattern becomes in a path made from it: itself, but
 * '*' becomes 'x'; 0 for a space or a control byte, which leave the pattern out. */
static unsigned char path_byte[256];

static void fill_path_bytes(void) {
    for (unsigned b = 0; b < 256; b++) path_byte[b] = (unsigned char)(b <= 0x20 || b == 0x7f ? 0 : b == '*' ? 'x' : b);
}

/* The paths of a file's rules, in file order, each once, as scripts/make-workload
 * makes them: '*' becomes 'x', a final '$' is dropped, a missing leading '/' is
 * added; a pattern with a space or a control byte is left out. At most cap
 * (<= RULE_PATHS_MAX) into set, packed. */
static void rule_paths(const robots_rules *rules, path_set *set, size_t cap) {
    static char packed[PACKED_BYTES];
    if (!path_byte['/']) fill_path_bytes();
    size_t count = rules ? robots_rule_count(rules) : 0;
    set_clear(set, NULL, packed, count < cap ? count : cap);
    for (size_t i = 0; rules && i < robots_rule_count(rules) && set->n < cap; i++) {
        robots_rule_info r;
        robots_get_rule(rules, i, &r); /* i is in range: it cannot fail */
        if (r.pattern_len == 0 || r.pattern_len >= CENSUS_PATH_BYTES - 2) continue;
        size_t lead = r.pattern[0] != '/', n = r.pattern_len - (r.pattern[r.pattern_len - 1] == '$');
        char *p = set->packed + set->used; /* made in place, then kept or not */
        p[0] = '/';
        bool clean = true;
        for (size_t k = 0; k < n && clean; k++) {
            unsigned char made = path_byte[(unsigned char)r.pattern[k]];
            p[lead + k] = (char)made;
            clean = made != 0;
        }
        if (clean) keep(set, p, lead + n);
    }
}

/* The paths a file is asked about: the root, --paths, then --paths-from-rules N
 * made from its rules (rule_paths): spread evenly over the file when it has more
 * than N, and topped up to N with pages beneath them when it has fewer. Writes
 * them into `out` (CENSUS_PATH_BYTES each) and returns how many. */
size_t census_site_paths(const census_asked *c, const robots_rules *rules, char (*out)[CENSUS_PATH_BYTES], size_t cap) {
    static path_set set, made;
    cap = cap < SET_MAX ? cap : SET_MAX;
    size_t expected = 1 + c->npaths + c->from_rules;
    set_clear(&set, out, NULL, expected < cap ? expected : cap);
    add_path(&set, "/", 1, "", 0);
    for (size_t i = 0, at = 0, n; i < c->npaths && set.n < cap; i++, at += n + 1) {
        n = strlen(c->paths.data + at);
        add_path(&set, c->paths.data + at, n, "", 0);
    }
    if (c->from_rules == 0) return set.n;
    rule_paths(rules, &made, RULE_PATHS_MAX);
    size_t nm = made.n;
    size_t want = c->from_rules < cap - set.n ? c->from_rules : cap - set.n;
    if (nm > want) {
        for (size_t i = 0; i < want; i++) {
            size_t k = (size_t)((double)i * (double)nm / (double)want);
            add_path(&set, made.at[k], made.len[k], "", 0);
        }
        return set.n;
    }
    size_t first = set.n;
    for (size_t i = 0; i < nm; i++) add_path(&set, made.at[i], made.len[i], "", 0);
    for (size_t b = 0; nm && b < sizeof beneath / sizeof beneath[0]; b++) {
        size_t lb = strlen(beneath[b]);
        for (size_t i = 0; i < nm && set.n - first < want; i++) {
            bool slash = beneath[b][0] == '/' && made.at[i][made.len[i] - 1] == '/';
            add_path(&set, made.at[i], made.len[i], beneath[b] + slash, lb - slash);
        }
    }
    return set.n;
}
