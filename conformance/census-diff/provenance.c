/* provenance.c - the corpus's fingerprint, the commit, the adapter's version line
 * (provenance.h). */
#include "provenance.h"

#include <stdio.h>
#include <string.h>

#include "command_line.h"
#include "process.h"

#ifndef ROBOTS_COMMIT
#define ROBOTS_COMMIT "unknown" /* the Makefile defines it from git */
#endif

const char *provenance_commit(void) { return ROBOTS_COMMIT[0] ? ROBOTS_COMMIT : "unknown"; }

void fingerprint_init(fingerprint *f) {
    f->hi = 0x6c62272e07bb0142u;
    f->lo = 0x62b821756295c58du;
    f->sites = 0;
}

/* h = (h ^ byte) * (2^88 + 0x13b) mod 2^128, for each byte: the product is
 * h * 0x13b, the low word's part done in 32-bit halves so that its carry into the
 * high word is kept, plus h shifted left by 88 (the low word's bits, 24 up in the
 * high word). */
static void feed(fingerprint *f, const unsigned char *p, size_t n) {
    const uint64_t k = 0x13b, half = 0xffffffffu;
    uint64_t hi = f->hi, lo = f->lo;
    for (size_t i = 0; i < n; i++) {
        lo ^= p[i];
        uint64_t low = (lo & half) * k, high = (lo >> 32) * k;
        uint64_t mid = (low >> 32) + (high & half);
        uint64_t carry = (high >> 32) + (mid >> 32);
        hi = hi * k + carry + (lo << 24);
        lo = (low & half) | (mid << 32);
    }
    f->hi = hi;
    f->lo = lo;
}

void fingerprint_site(fingerprint *f, const char *name, size_t name_len, int status, unsigned redirects,
                      bool truncated, const char *body, size_t body_len) {
    char head[96];
    int n = snprintf(head, sizeof head, "\t%d\t%u\t%d\t%zu\n", status, redirects, truncated ? 1 : 0, body_len);
    feed(f, (const unsigned char *)name, name_len);
    feed(f, (const unsigned char *)head, n > 0 ? (size_t)n : 0);
    feed(f, (const unsigned char *)body, body ? body_len : 0);
    f->sites++;
}

void fingerprint_text(const fingerprint *f, char out[48]) {
    snprintf(out, 48, "fnv1a128:%016llx%016llx", (unsigned long long)f->hi, (unsigned long long)f->lo);
}

/* The first line of text that is not blank, control bytes as '?'; false when none. */
static bool first_line(const char *text, size_t len, char *line, size_t cap) {
    size_t at = 0;
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n') end++;
        size_t from = at, to = end;
        while (from < to && (text[from] == ' ' || text[from] == '\t' || text[from] == '\r')) from++;
        while (to > from && (text[to - 1] == ' ' || text[to - 1] == '\t' || text[to - 1] == '\r')) to--;
        if (to > from) {
            size_t w = 0;
            for (size_t i = from; i < to && w + 1 < cap; i++)
                line[w++] = (unsigned char)text[i] < 0x20 || text[i] == 0x7f ? '?' : text[i];
            line[w] = '\0';
            return true;
        }
        at = end + 1;
    }
    return false;
}

int adapter_version(const char *command, double timeout, char *line, size_t cap, char *error, size_t error_cap) {
    char **argv = NULL;
    const char *why = NULL;
    line[0] = '\0';
    if (split_command(command, &argv, &why) < 1) {
        snprintf(error, error_cap, "--adapter-version '%s': %s", command, why ? why : "no command");
        free_argv(argv);
        return -1;
    }
    proc_result r;
    int rc = proc_run(argv, NULL, 0, timeout, 4096, &r);
    free_argv(argv);
    char said[160];
    if (rc) {
        snprintf(error, error_cap, "--adapter-version '%s': cannot run it", command);
        return -1;
    }
    if (r.exec_failed) rc = -1;
    else rc = first_line(r.out.data, r.out.len, line, cap) || first_line(r.err.data, r.err.len, line, cap) ? 0 : 1;
    if (rc) snprintf(error, error_cap, "--adapter-version '%s': %s", command,
                     rc < 0 || r.timed_out || r.signaled ? proc_describe(&r, timeout, said, sizeof said)
                                                         : "it printed nothing");
    proc_result_free(&r);
    return rc;
}
