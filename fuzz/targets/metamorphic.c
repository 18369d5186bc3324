/*
 * metamorphic.c - fuzz target: "T" + "AGENT\nURL\nROBOTS". Transformations of the
 * robots.txt that must not change any verdict, chosen by the byte T:
 *   0 line ends rewritten as LF, CR LF or CR
 *   1 a BOM added (when the file does not already start with one's first byte)
 *   2 the case of every key changed
 *   3 comment lines, blank lines or trailing comments added
 *   4 groups reordered
 *   5 rules reordered inside each group
 *   6 a group with several rules split into two groups for the same agents
 *   7 several of the above at once
 * Lines are classified with the parser's own per-line metadata, so the file is cut
 * into groups exactly where the parser cuts it; what is tested is that the verdict
 * does not move.
 */
#include "../common.h"

/* The target's invariants, each its own crash state (common.h). */
DEFINE_FINDING(out_of_memory)
DEFINE_FINDING(transformation_changes_verdict)

typedef struct line {
    const unsigned char *p;
    size_t n;
    robots_key key;
} line;

typedef struct text {
    unsigned char *p;
    size_t n, cap;
} text;

/* Appends n bytes; the text always has storage, also when empty. */
static void put(text *t, const void *s, size_t n) {
    if (!t->p || t->n + n > t->cap) {
        t->cap = (t->n + n) * 2 + 64;
        t->p = realloc(t->p, t->cap);
        REQUIRE(out_of_memory, t->p != NULL);
    }
    if (n) memcpy(t->p + t->n, s, n);
    t->n += n;
}

/* The parser's line cut: after the BOM it skips, at LF, CR or CR LF; the last line
 * counts even when empty. */
static size_t split(const unsigned char *s, size_t n, robots_profile_id p, size_t *bom, line *out, size_t cap) {
    static const unsigned char b[3] = {0xEF, 0xBB, 0xBF};
    size_t at = 0;
    while (at < 3 && at < n && s[at] == b[at]) at++;
    if (p == ROBOTS_PROFILE_RFC9309 && at != 3) at = 0;
    *bom = at;
    size_t count = 0;
    for (;;) {
        size_t end = at;
        while (end < n && s[end] != '\n' && s[end] != '\r') end++;
        if (count == cap) return 0;
        out[count++] = (line){s + at, end - at, ROBOTS_KEY_NONE};
        if (end >= n) break;
        if (s[end] == '\r' && end + 1 < n && s[end + 1] == '\n') end++;
        at = end + 1;
    }
    return count;
}

/* Where the key ends in a directive line, as the parser sees it. */
static size_t key_end(const line *l, robots_profile_id p) {
    size_t n = l->n;
    if (p == ROBOTS_PROFILE_GOOGLE) {
        const unsigned char *nul = memchr(l->p, 0, n);
        if (nul) n = (size_t)(nul - l->p);
    }
    const unsigned char *hash = memchr(l->p, '#', n);
    if (hash) n = (size_t)(hash - l->p);
    const unsigned char *colon = memchr(l->p, ':', n);
    if (colon) return (size_t)(colon - l->p);
    size_t i = 0;
    while (i < n && (l->p[i] == ' ' || l->p[i] == '\t')) i++;
    while (i < n && l->p[i] != ' ' && l->p[i] != '\t') i++;
    return i;
}

static bool is_rule(const line *l) { return l->key == ROBOTS_KEY_ALLOW || l->key == ROBOTS_KEY_DISALLOW; }

/* Group boundaries as the parser draws them: index of each group's first line. */
static size_t groups_of(const line *lines, size_t n, size_t *starts, size_t *pre) {
    size_t g = 0;
    bool rule_seen = true;
    *pre = n;
    for (size_t i = 0; i < n; i++) {
        if (lines[i].key == ROBOTS_KEY_USER_AGENT && rule_seen) {
            if (g == 0) *pre = i;
            starts[g++] = i;
            rule_seen = false;
        }
        if (is_rule(&lines[i]) && g > 0) rule_seen = true;
    }
    return g;
}

static void emit_line(text *t, const line *l, const char *end) {
    put(t, l->p, l->n);
    put(t, end, strlen(end));
}

static void transform(int kind, int variant, const unsigned char *s, size_t n, robots_profile_id p, const line *lines,
                      size_t count, size_t bom, text *out) {
    static const char *const ends[] = {"\n", "\r\n", "\r"};
    const char *eol = kind == 0 ? ends[variant % 3] : "\n";
    if (kind == 1 && (n == 0 || s[0] != 0xEF)) put(out, "\xEF\xBB\xBF", 3);
    put(out, s, bom);
    size_t starts[4096], pre;
    size_t g = groups_of(lines, count, starts, &pre);
    if (kind == 4 && g >= 2) {
        /* Pre-group lines stay first; a last group without rules stays last. */
        for (size_t i = 0; i < pre; i++) emit_line(out, &lines[i], eol);
        bool last_empty = true;
        for (size_t i = starts[g - 1]; i < count; i++) last_empty = last_empty && !is_rule(&lines[i]);
        size_t movable = last_empty ? g - 1 : g;
        for (size_t k = 0; k < g; k++) {
            size_t which = k < movable ? (variant % 2 ? movable - 1 - k : (k + 1) % movable) : k;
            size_t end = which + 1 < g ? starts[which + 1] : count;
            for (size_t i = starts[which]; i < end; i++) emit_line(out, &lines[i], eol);
        }
        return;
    }
    for (size_t k = 0; k < g || (k == 0 && g == 0); k++) {
        size_t from = g ? (k == 0 ? 0 : starts[k]) : 0;
        size_t to = g ? (k + 1 < g ? starts[k + 1] : count) : count;
        /* Rules of this group, for reordering and splitting. */
        size_t rules[4096], nr = 0;
        for (size_t i = from; i < to && nr < 4096; i++)
            if (is_rule(&lines[i]) && (g == 0 || i >= starts[k])) rules[nr++] = i;
        for (size_t i = from; i < to; i++) {
            line l = lines[i];
            if (kind == 5 && g && is_rule(&l) && nr >= 2 && i >= starts[k]) {
                /* The group's rules trade places: the j-th rule line gets another
                 * rule's text. (Rules before the first group belong to none.) */
                size_t j = 0;
                while (rules[j] != i) j++;
                l = lines[rules[variant % 2 ? nr - 1 - j : (j + 1) % nr]];
            }
            if (kind == 2 && l.key != ROBOTS_KEY_NONE) {
                size_t e = key_end(&l, p);
                unsigned char *copy = malloc(l.n + 1);
                memcpy(copy, l.p, l.n);
                for (size_t c = 0; c < e; c++) {
                    unsigned char ch = copy[c];
                    bool upper = variant % 3 == 0 || (variant % 3 == 2 && c % 2);
                    if (upper && ch >= 'a' && ch <= 'z') copy[c] = (unsigned char)(ch - 32);
                    if (!upper && ch >= 'A' && ch <= 'Z') copy[c] = (unsigned char)(ch + 32);
                }
                put(out, copy, l.n);
                put(out, eol, strlen(eol));
                free(copy);
            } else if (kind == 3 && variant % 3 == 2) {
                put(out, l.p, l.n);
                put(out, " # a trailing comment", 21);
                put(out, eol, strlen(eol));
            } else {
                emit_line(out, &l, eol);
            }
            if (kind == 3 && variant % 3 == 0) put(out, "# an inserted comment\n", 22);
            if (kind == 3 && variant % 3 == 1) put(out, "\n \t\n", 4);
            if (kind == 6 && g && nr >= 2 && i == rules[0]) {
                /* Split after the first rule: the group's user-agent lines again. */
                for (size_t u = starts[k]; u < to && !is_rule(&lines[u]); u++)
                    if (lines[u].key == ROBOTS_KEY_USER_AGENT) emit_line(out, &lines[u], eol);
            }
        }
    }
}

static bool verdict(const unsigned char *s, size_t n, robots_profile_id p, const query_input *q) {
    robots_rules *r = parse_profile(s, n, p, 0);
    bool ok = check_rules(r, q->agent, q->agent_len, q->url, q->url_len, NULL);
    robots_free(r);
    return ok;
}

static void one(int kind, int variant, robots_profile_id p, const query_input *q, text *current) {
    line lines[4096];
    size_t bom;
    size_t count = split(current->p, current->n, p, &bom, lines, 4096);
    if (count == 0) return;
    robots_rules *r = parse_profile(current->p, current->n, p, 0);
    for (size_t i = 0; i < count; i++) lines[i].key = robots_get_line(r, i + 1).key;
    robots_free(r);
    text out = {NULL, 0, 0};
    transform(kind, variant, current->p, current->n, p, lines, count, bom, &out);
    bool before = verdict(current->p, current->n, p, q), after = verdict(out.p, out.n, p, q);
    if (before != after) {
        print_bytes("robots.txt", current->p, current->n);
        print_bytes("transformed", out.p, out.n);
        print_bytes("agent", q->agent, q->agent_len);
        print_bytes("url", q->url, q->url_len);
        FINDING(transformation_changes_verdict,
                "profile %s, transformation %d.%d: %s before, %s after", robots_profile_name(p), kind, variant,
                before ? "allowed" : "disallowed", after ? "allowed" : "disallowed");
    }
    free(current->p);
    *current = out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 16384) return 0;
    unsigned t = data[0];
    query_input q;
    split_query(data + 1, size - 1, &q);
    for (int p = 0; p < ROBOTS_PROFILE_COUNT; p++) {
        text current = {NULL, 0, 0};
        put(&current, q.robots, q.robots_len);
        if (t % 8 == 7) {
            /* Several at once: each must keep the verdict of the one before. */
            for (int k = 0; k < 7; k++)
                if ((t >> 3) & (1u << (k % 5))) one(k, (int)(t >> 5), (robots_profile_id)p, &q, &current);
        } else {
            one((int)(t % 8), (int)(t >> 3), (robots_profile_id)p, &q, &current);
        }
        free(current.p);
    }
    return 0;
}
