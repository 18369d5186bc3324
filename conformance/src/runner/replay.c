/*
 * replay.c - the likely fix for a batch target that died after some replies
 * (replay.h). A target that dies before its first reply usually could not start
 * (a missing module, a wrong path: run.c's general advice). One that died after
 * N replies did start, and died on request N + 1: that request is what to look
 * at, and the quickest look is to send the process its requests again by hand,
 * which the advice spells out as a command to paste.
 */
#include "replay.h"

#include "clean_text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest request the advice shows whole; a longer one (a robots.txt of
 * hundreds of KiB) is shown by its length and its start. */
#define SHOWN_MAX 2048

static const char *plural(long n) { return n == 1 ? "" : "s"; }

/* Does sh read the word as it is? Letters, digits and marks that are never
 * special to it. */
static bool plain_word(const char *w, size_t n) {
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=@%+,-";
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++)
        if (!w[i] || !strchr(plain, w[i])) return false;
    return true;
}

/* One word for sh: as it is when plain, else in single quotes, where nothing is
 * special but the quote itself, written '\'' (the quotes end, an escaped quote,
 * they begin again). */
static int add_word(buf *b, const char *w, size_t n) {
    if (plain_word(w, n)) return buf_add(b, w, n);
    if (buf_addc(b, '\'')) return -1;
    for (size_t i = 0; i < n; i++)
        if (w[i] == '\'' ? buf_add(b, "'\\''", 4) : buf_addc(b, w[i])) return -1;
    return buf_addc(b, '\'');
}

int replay_command(buf *out, char *const *argv, const char *lines, size_t len) {
    if (buf_add(out, "printf '%s\\n'", 13)) return -1;
    for (size_t at = 0; at < len;) {
        const char *end = memchr(lines + at, '\n', len - at);
        size_t n = end ? (size_t)(end - (lines + at)) : len - at;
        if (buf_addc(out, ' ') || add_word(out, lines + at, n)) return -1;
        at += n + 1;
    }
    if (buf_add(out, " |", 2)) return -1;
    for (char *const *w = argv; *w; w++)
        if (buf_addc(out, ' ') || add_word(out, *w, strlen(*w))) return -1;
    return 0;
}

static int add_text(buf *b, const char *text) { return buf_add(b, text, strlen(text)); }

/* Which request it died on: the first death, and whether every process died
 * after as many requests (then it is the request's place, not the request's
 * content, that it cannot answer: it stops reading after so many lines, or the
 * requests so far wear something out). */
static int add_which(buf *b, const target_deaths *d) {
    char words[400];
    long before = d->sent - 1;
    if (d->same && d->count > 1)
        snprintf(words, sizeof words,
                 "every one of the %zu processes started died after %ld request%s, whatever request came next: it "
                 "stops after so many (a limit on the lines it reads, or something the requests wear out), not at "
                 "one request's content. Request %ld, as the first process was sent it: ",
                 d->count, before, plural(before), d->sent);
    else if (d->count > 1)
        snprintf(words, sizeof words,
                 "the target died after %ld request%s, on request %ld (started again, it died %zu more time%s, after "
                 "other numbers of requests). Request %ld as sent: ",
                 before, plural(before), d->sent, d->count - 1, plural((long)d->count - 1), d->sent);
    else
        snprintf(words, sizeof words, "the target died after %ld request%s, on request %ld. Request %ld as sent: ", before,
                 plural(before), d->sent, d->sent);
    return add_text(b, words);
}

/* How to replay it: the requests of that process; or that request alone, when
 * a process started again died on its first request (it is a request that kills
 * it, not how many came before), or when they were too many to keep. */
static int add_replay_words(buf *b, const target_deaths *d, bool alone) {
    char words[300];
    long before = d->sent - 1;
    if (!alone)
        snprintf(words, sizeof words,
                 ". Run the adapter by hand with the requests and read its stderr; to replay the %ld request%s %s was "
                 "sent: ",
                 d->sent, plural(d->sent), d->count > 1 ? "the first process that died" : "the process");
    else if (d->at_once && !d->same)
        snprintf(words, sizeof words,
                 ". Run the adapter by hand with it and read its stderr; to replay request %ld alone (started again, "
                 "it died on its first request: a request kills it, not the ones before): ",
                 d->sent);
    else
        snprintf(words, sizeof words,
                 ". Run the adapter by hand with it and read its stderr; to replay request %ld alone (the %ld before it "
                 "are too long to repeat here, and it may need them): ",
                 d->sent, before);
    return add_text(b, words);
}

/* The request it died on, whole or (a long one) its start, then how to replay
 * it. */
static int add_replay(buf *b, const target_deaths *d) {
    char words[300];
    size_t last_len = strlen(d->last);
    if (last_len > SHOWN_MAX) {
        snprintf(words, sizeof words, "%zu bytes, too long to show; it starts %.200s", last_len, d->last);
        clean_text_trim_utf8(words); /* the cut may fall inside a character */
        return add_text(b, words) ||
               add_text(b, ". Run the adapter by hand, send it that request on a line of its own "
                           "(conformance/PROTOCOL.md) and read its stderr");
    }
    bool alone = !d->requests || (d->at_once && !d->same);
    if (add_text(b, d->last) || add_replay_words(b, d, alone)) return -1;
    const char *lines = alone ? d->last : d->requests;
    return replay_command(b, d->argv, lines, strlen(lines));
}

char *replay_advice(const target_deaths *d, target_fault fault) {
    if ((fault != FAULT_EXIT && fault != FAULT_CRASH) || d->count == 0 || d->sent < 2 || !d->last || !d->argv)
        return NULL;
    buf b = {NULL, 0, 0};
    char *advice = NULL;
    /* Every report carries it: the command's words are the user's bytes, made
     * valid UTF-8 as whatever a target prints is (the requests already are). */
    if (!add_which(&b, d) && !add_replay(&b, d)) advice = clean_text_copy(b.data, b.len);
    buf_free(&b);
    return advice;
}
