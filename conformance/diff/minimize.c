/* minimize.c - ddmin over lines, characters, path and agent (minimize.h). */
#include "minimize.h"

#include "json.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The text being reduced (the robots.txt, the URL or the agent) as units: lines,
 * or characters (bytes of the robots.txt; UTF-8 sequences of the URL and the
 * agent). Fixed units always stay: the URL's scheme and host, and line ends
 * while characters are reduced (dropping one would merge two lines: another file). */
typedef struct units {
    size_t *start, *len;
    bool *fixed, *keep;
    size_t n;
} units;

typedef struct job {
    input *in;
    disagrees_fn disagrees;
    void *ctx;
    long asked, budget;
    int which; /* 0 lines, 1 characters, 2 URL, 3 agent */
    const char *text;
} job;

/* The input with only the kept units of the part being reduced. Returns 0, 1 when
 * that is no valid input (an empty agent, a URL too long), -1 when memory ran out. */
static int build(const job *j, const units *u, const bool *keep, input *out) {
    if (input_copy(out, j->in)) return -1;
    buf text = {NULL, 0, 0};
    int bad = 0;
    for (size_t i = 0; i < u->n && !bad; i++)
        if (keep[i]) bad = buf_add(&text, j->text + u->start[i], u->len[i]);
    if (bad) {
        buf_free(&text);
        return -1;
    }
    int rc = 0;
    if (j->which <= 1) {
        out->robots.len = 0;
        rc = buf_add(&out->robots, text.data, text.len) ? -1 : 0;
    } else {
        char *field = j->which == 2 ? out->url : out->agent;
        size_t cap = j->which == 2 ? sizeof out->url : sizeof out->agent;
        if (text.len >= cap || (j->which == 3 && text.len == 0)) {
            rc = 1;
        } else {
            if (text.len) memcpy(field, text.data, text.len);
            field[text.len] = '\0';
        }
    }
    buf_free(&text);
    return rc;
}

static bool still_disagrees(job *j, const units *u, const bool *keep, input *scratch) {
    if (j->asked >= j->budget || build(j, u, keep, scratch) != 0) return false;
    j->asked++;
    return j->disagrees(scratch, j->ctx) == 1;
}

/* ddmin: drops chunks of the removable units while the input still disagrees,
 * halving the chunks when no chunk can go. */
static int ddmin(job *j, units *u) {
    size_t *removable = malloc((u->n ? u->n : 1) * sizeof *removable);
    bool *trial = malloc((u->n ? u->n : 1) * sizeof *trial);
    input scratch = {{NULL, 0, 0}, "", ""};
    int rc = removable && trial ? 0 : -1;
    size_t left = 0;
    for (size_t i = 0; rc == 0 && i < u->n; i++)
        if (!u->fixed[i]) removable[left++] = i;
    size_t chunks = 2;
    while (rc == 0 && left > 0 && j->asked < j->budget) {
        if (chunks > left) chunks = left;
        size_t size = (left + chunks - 1) / chunks;
        bool reduced = false;
        for (size_t c = 0; c * size < left && !reduced; c++) {
            memcpy(trial, u->keep, u->n * sizeof *trial);
            size_t stop = (c + 1) * size < left ? (c + 1) * size : left;
            for (size_t k = c * size; k < stop; k++) trial[removable[k]] = false;
            if (!still_disagrees(j, u, trial, &scratch)) continue;
            memcpy(u->keep, trial, u->n * sizeof *trial);
            memmove(removable + c * size, removable + stop, (left - stop) * sizeof *removable);
            left -= stop - c * size;
            chunks = chunks > 2 ? chunks - 1 : 2;
            reduced = true;
        }
        if (!reduced) {
            if (size == 1) break; /* every single unit is needed */
            chunks *= 2;
        }
    }
    if (rc == 0) {
        int built = build(j, u, u->keep, &scratch);
        if (built < 0 || (built == 0 && input_copy(j->in, &scratch))) rc = -1;
    }
    input_free(&scratch);
    free(removable);
    free(trial);
    return rc;
}

/* Cuts the text into units and reduces them. */
static int reduce(job *j, int which) {
    j->which = which;
    size_t len = which <= 1 ? j->in->robots.len : strlen(which == 2 ? j->in->url : j->in->agent);
    char *copy = malloc(len + 1);
    units u = {malloc((len ? len : 1) * sizeof(size_t)), malloc((len ? len : 1) * sizeof(size_t)),
               malloc((len ? len : 1) * sizeof(bool)), malloc((len ? len : 1) * sizeof(bool)), 0};
    int rc = copy && u.start && u.len && u.fixed && u.keep ? 0 : -1;
    if (rc == 0) {
        if (len) memcpy(copy, which <= 1 ? j->in->robots.data : which == 2 ? j->in->url : j->in->agent, len);
        copy[len] = '\0';
        j->text = copy;
        /* The URL's scheme and host stay: "http://example.com/" is one fixed unit. */
        size_t prefix = 0;
        if (which == 2) {
            const char *scheme = strstr(copy, "://");
            const char *slash = scheme ? strchr(scheme + 3, '/') : NULL;
            prefix = slash ? (size_t)(slash - copy) + 1 : len;
        }
        for (size_t i = 0; i < len;) {
            size_t n = 1;
            if (which == 0)
                while (i + n < len && copy[i + n - 1] != '\n') n++;
            /* The URL and the agent lose whole characters: they stay UTF-8. */
            if (which >= 2) {
                size_t seq = utf8_sequence((const unsigned char *)copy + i, len - i);
                if (seq > 1) n = seq;
            }
            if (i == 0 && prefix) n = prefix;
            u.start[u.n] = i;
            u.len[u.n] = n;
            u.fixed[u.n] = (which == 1 && (copy[i] == '\n' || copy[i] == '\r')) || (i == 0 && prefix > 0);
            u.keep[u.n] = true;
            u.n++;
            i += n;
        }
        rc = ddmin(j, &u);
    }
    free(u.start);
    free(u.len);
    free(u.fixed);
    free(u.keep);
    free(copy);
    return rc;
}

long minimize(input *in, disagrees_fn disagrees, void *ctx, long budget) {
    job j = {in, disagrees, ctx, 0, budget, 0, NULL};
    for (int which = 0; which < 4; which++)
        if (reduce(&j, which)) return -1;
    return j.asked;
}
