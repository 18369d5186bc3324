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
 * segment of an anchored pattern must end exactly at the end of the path. The cost
 * is at most O(len(pattern) x len(path)) per rule, never exponential, whatever the
 * number of '*'.
 */
#include <string.h>

#include "internal.h"

bool view_match_at(const path_view *v, size_t p, const unsigned char *seg, size_t n,
                   size_t *after) {
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

/* The leftmost occurrence of seg at or after *pos; moves *pos past it. */
static bool segment_find(const path_view *v, size_t *pos, const unsigned char *seg, size_t n) {
    size_t end = view_end(v), p = *pos;
    if (n == 0) return true;
    /* Every octet of the view takes at least one raw position. */
    while (p < end && end - p >= n) {
        if (!v->decode && p >= v->lead) {
            size_t i = p - v->lead;
            const unsigned char *hit = memchr(v->s + i, seg[0], v->len - i);
            if (!hit) return false;
            p = (size_t)(hit - v->s) + v->lead;
            if (end - p < n) return false;
        }
        size_t after;
        if (view_match_at(v, p, seg, n, &after)) {
            *pos = after;
            return true;
        }
        unsigned char c;
        p = view_next(v, p, &c);
    }
    return false;
}

/* Does seg occur at or after pos, ending exactly at the end of the path? */
static bool segment_ends_path(const path_view *v, size_t pos, const unsigned char *seg, size_t n) {
    size_t end = view_end(v), after;
    if (!v->decode) {
        /* Octets and positions coincide: there is one candidate place. */
        return end - pos >= n && view_match_at(v, end - n, seg, n, &after);
    }
    for (size_t p = pos;; ) {
        if (view_match_at(v, p, seg, n, &after) && after == end) return true;
        if (p >= end) return false;
        unsigned char c;
        p = view_next(v, p, &c);
    }
}

bool rule_matches_from(const robots_rules *r, const rule *rl, const path_view *v, size_t pos) {
    /* Each octet of the path takes at least one position: too little path left. */
    if (view_end(v) - pos < rl->tail_octets) return false;
    const segment *sg = (const segment *)r->segments.data + rl->seg_first;
    bool anchored = (rl->flags & RULE_ANCHORED) != 0;
    for (size_t k = 1; k < rl->seg_count; k++) {
        const unsigned char *seg = bytes_at(r, sg[k].off);
        if (k + 1 == rl->seg_count && anchored) return segment_ends_path(v, pos, seg, sg[k].len);
        if (!segment_find(v, &pos, seg, sg[k].len)) return false;
    }
    return !anchored || pos == view_end(v);
}
