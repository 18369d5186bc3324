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
    size_t window; /* candidates per question */
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

/* ddmin: drops chunks of the removable units while the input still disagrees,
 * halving the chunks when no chunk can go. The candidates of a round are asked
 * `window` at a time, in one question to the target; the first that still
 * disagrees is taken, as asking them one by one would take it, so the result does
 * not depend on the window. */
static int ddmin(job *j, units *u) {
    size_t n = u->n ? u->n : 1, w = j->window;
    size_t *removable = malloc(n * sizeof *removable);
    bool *trials = malloc(w * n * sizeof *trials);
    input *asked = calloc(w, sizeof *asked);
    int *valid = malloc(w * sizeof *valid), *verdict = malloc(w * sizeof *verdict);
    int rc = removable && trials && asked && valid && verdict ? 0 : -1;
    size_t left = 0;
    for (size_t i = 0; rc == 0 && i < u->n; i++)
        if (!u->fixed[i]) removable[left++] = i;
    size_t chunks = 2;
    while (rc == 0 && left > 0 && j->asked < j->budget) {
        if (chunks > left) chunks = left;
        size_t size = (left + chunks - 1) / chunks;
        long taken = -1; /* the chunk dropped this round */
        for (size_t c = 0; c * size < left && taken < 0 && j->asked < j->budget && rc == 0;) {
            /* Up to `window` candidates: the input without chunk c, c+1, ... */
            size_t k = 0, live = 0;
            for (; k < w && (c + k) * size < left && j->asked + (long)live < j->budget && rc == 0; k++) {
                bool *trial = trials + k * u->n;
                memcpy(trial, u->keep, u->n * sizeof *trial);
                size_t from = (c + k) * size, stop = from + size < left ? from + size : left;
                for (size_t r = from; r < stop; r++) trial[removable[r]] = false;
                int built = build(j, u, trial, &asked[k]);
                if (built < 0) rc = -1;
                valid[k] = built == 0;
                live += built == 0;
            }
            if (rc) break;
            /* One question for the valid candidates, packed to the front. */
            input *pack = malloc((live ? live : 1) * sizeof *pack);
            if (!pack) {
                rc = -1;
                break;
            }
            for (size_t i = 0, p = 0; i < k; i++)
                if (valid[i]) pack[p++] = asked[i];
            if (live) j->disagrees(pack, live, verdict, j->ctx);
            j->asked += (long)live;
            free(pack);
            for (size_t i = 0, p = 0; i < k && taken < 0; i++)
                if (valid[i] && verdict[p++] == 1) taken = (long)(c + i);
            c += k;
        }
        if (taken >= 0) {
            size_t from = (size_t)taken * size, stop = from + size < left ? from + size : left;
            for (size_t r = from; r < stop; r++) u->keep[removable[r]] = false;
            memmove(removable + from, removable + stop, (left - stop) * sizeof *removable);
            left -= stop - from;
            chunks = chunks > 2 ? chunks - 1 : 2;
        } else {
            if (size == 1) break; /* every single unit is needed */
            chunks *= 2;
        }
    }
    if (rc == 0) {
        int built = build(j, u, u->keep, &asked[0]);
        if (built < 0 || (built == 0 && input_copy(j->in, &asked[0]))) rc = -1;
    }
    for (size_t i = 0; asked && i < w; i++) input_free(&asked[i]);
    free(asked);
    free(removable);
    free(trials);
    free(valid);
    free(verdict);
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

long minimize(input *in, disagrees_fn disagrees, void *ctx, long budget, size_t window) {
    return minimize_parts(in, disagrees, ctx, budget, window, MINIMIZE_ALL);
}

long minimize_parts(input *in, disagrees_fn disagrees, void *ctx, long budget, size_t window, unsigned parts) {
    job j = {in, disagrees, ctx, 0, budget, window ? window : 1, 0, NULL};
    for (int which = 0; which < 4; which++)
        if ((parts & (1u << which)) && reduce(&j, which)) return -1;
    return j.asked;
}
