/*
 * match.c - does a pattern match a path?
 *
 * A pattern is literal segments separated by '*' (any run of octets, also empty),
 * anchored at the first octet of the path, optionally anchored at the end by '$'
 * (MATCH-7, MATCH-8, MATCH-11). Segment 0 has already been matched by the prefix
 * index when we get here.
 *
 * Each later segment is placed at its leftmost occurrence after the previous one.
 * Greedy leftmost placement is exact for patterns whose only operator is '*': an
 * earlier end never leaves less room for the segments still to come. The last
 * segment of an anchored pattern must end exactly at the end of the path. Each
 * search reads the path forward from where the previous one ended (see
 * segment_find), so a rule costs O(len(pattern) + len(path)), whatever the number
 * of '*' and whatever the octets.
 */
#include <string.h>

#include "internal.h"

bool view_match_decoding(const path_view *v, size_t p, const unsigned char *seg, size_t n, size_t *after) {
    if (p >= v->lead) {
        size_t i = p - v->lead;
        /* Decoding never makes more octets than there are raw bytes. */
        if (v->len - i < n) return false;
        /* Raw bytes without '%' are their own octets: compare them at once. */
        if (!v->decode || !memchr(v->s + i, '%', n)) {
            if (n && memcmp(v->s + i, seg, n) != 0) return false;
            *after = p + n;
            return true;
        }
    }
    size_t end = view_end(v);
    for (size_t k = 0; k < n; k++) {
        unsigned char c;
        if (p >= end) return false;
        p = view_next(v, p, &c);
        if (c != seg[k]) return false;
    }
    *after = p;
    return true;
}

/* ---- Finding a later segment in linear time ------------------------------------
 *
 * Trying a segment of m octets at each of n places costs m x n, and an adversary
 * can make every place a near miss ("aaa...ab" against a path of a's): with
 * thousands of such rules one query took seconds. The Knuth-Morris-Pratt table of
 * a segment says, after q octets matched and a mismatch, how many of them are still
 * a match (the longest proper prefix of seg[0..q) that is also its suffix), so the
 * path is read once, never backwards: a search costs O(n + m) whatever the octets.
 * The table is built once per segment when the file is parsed. */

void segment_prepare(robots_rules *r, segment *sg) {
    sg->fail_off = 0;
    if (sg->len < 2) return; /* one octet: memchr, or one comparison, finds it */
    if (!vec_reserve(r, &r->fails, sizeof(u32), sg->len)) return;
    sg->fail_off = r->fails.len;
    u32 *fail = (u32 *)r->fails.data + sg->fail_off;
    const unsigned char *seg = bytes_at(r, sg->off);
    fail[0] = 0;
    for (size_t i = 1, q = 0; i < sg->len; i++) {
        while (q > 0 && seg[i] != seg[q]) q = fail[q - 1];
        if (seg[i] == seg[q]) q++;
        fail[i] = q;
    }
    r->fails.len += sg->len;
}

/* One more octet c after q matched octets of seg: how many are matched now. */
static inline size_t kmp_step(const unsigned char *seg, const u32 *fail, size_t q, unsigned char c) {
    while (q > 0 && c != seg[q]) q = fail[q - 1];
    return c == seg[q] ? q + 1 : 0;
}

/* The KMP table of a later segment of 2+ octets (NULL for shorter ones). */
static const u32 *fail_table(const robots_rules *r, const segment *sg) {
    return sg->len < 2 ? NULL : (const u32 *)r->fails.data + sg->fail_off;
}

/* The leftmost occurrence of seg at or after *pos; moves *pos past it. */
static bool segment_find(const robots_rules *r, const path_view *v, size_t *pos, const segment *sg) {
    const unsigned char *seg = bytes_at(r, sg->off);
    const u32 *fail = fail_table(r, sg);
    size_t n = sg->len, end = view_end(v), p = *pos, q = 0;
    if (n == 0) return true;
    if (!v->decode) {
        /* Octets are raw bytes (after the virtual '/', if any): read them directly. */
        unsigned char c;
        if (p < v->lead) {
            p = view_next(v, p, &c);
            q = c == seg[0];
            if (q == n) return *pos = p, true;
        }
        for (size_t i = p - v->lead; i < v->len;) { /* v->s[i] is the octet at position lead + i */
            if (q == 0) {
                /* Nothing matched yet: skip to the next candidate first octet at once. */
                const unsigned char *hit = memchr(v->s + i, seg[0], v->len - i);
                if (!hit) return false;
                i = (size_t)(hit - v->s);
                if (v->len - i < n) return false;
                i++;
                q = 1;
            } else {
                q = kmp_step(seg, fail, q, v->s[i++]);
            }
            if (q == n) return *pos = v->lead + i, true;
        }
        return false;
    }
    /* Every octet of the view takes at least one raw position. */
    while (end - p >= n - q) {
        unsigned char c;
        p = view_next(v, p, &c);
        q = n == 1 ? (c == seg[0]) : kmp_step(seg, fail, q, c);
        if (q == n) return *pos = p, true;
    }
    return false;
}

/* Does seg occur at or after pos, ending exactly at the end of the path? */
static bool segment_ends_path(const robots_rules *r, const path_view *v, size_t pos, const segment *sg) {
    const unsigned char *seg = bytes_at(r, sg->off);
    size_t n = sg->len, end = view_end(v), after;
    if (!v->decode) {
        /* Octets and positions coincide: there is one candidate place. */
        return end - pos >= n && view_match_at(v, end - n, seg, n, &after);
    }
    /* Decoded octets take one or three positions: read them from pos to the end
     * once, and see whether the last ones read are the segment. */
    if (n == 0) return true;
    const u32 *fail = fail_table(r, sg);
    size_t q = 0;
    for (size_t p = pos; p < end;) {
        unsigned char c;
        p = view_next(v, p, &c);
        if (q == n) q = n == 1 ? 0 : fail[n - 1]; /* a match that did not end the path */
        q = n == 1 ? (c == seg[0]) : kmp_step(seg, fail, q, c);
    }
    return q == n;
}

bool rule_matches_from(const robots_rules *r, const rule *rl, const path_view *v, size_t pos) {
    /* Each octet of the path takes at least one position: too little path left. */
    if (view_end(v) - pos < rl->tail_octets) return false;
    const segment *sg = (const segment *)r->segments.data + rl->seg_first;
    bool anchored = (rl->flags & RULE_ANCHORED) != 0;
    for (size_t k = 1; k < rl->seg_count; k++) {
        if (k + 1 == rl->seg_count && anchored) return segment_ends_path(r, v, pos, &sg[k]);
        if (!segment_find(r, v, &pos, &sg[k])) return false;
    }
    return !anchored || pos == view_end(v);
}
