/*
 * provenance.h - what a census differential's report records of how it was made,
 * beyond its arguments, so that a reader can cite the run and another person can
 * check that a second run read the same thing: the corpus's fingerprint, the
 * project's commit, the adapter's version line (docs/census.md, "How the run is
 * recorded").
 */
#ifndef ROBOTS_CENSUS_DIFF_PROVENANCE_H
#define ROBOTS_CENSUS_DIFF_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* FNV-1a with 128 bits (offset basis 0x6c62272e07bb014262b821756295c58d, prime
 * 2^88 + 0x13b) over every site the readers hand over, in order: for each, the
 * text "NAME\tSTATUS\tREDIRECTS\tTRUNCATED\tLENGTH\n" (STATUS, REDIRECTS and
 * LENGTH in decimal, TRUNCATED 0 or 1) and then the LENGTH bytes of its body as
 * read (at most the first 500 KiB). */
typedef struct fingerprint {
    uint64_t hi, lo;
    size_t sites;
} fingerprint;

void fingerprint_init(fingerprint *f);
void fingerprint_site(fingerprint *f, const char *name, size_t name_len, int status, unsigned redirects,
                      bool truncated, const char *body, size_t body_len);
/* "fnv1a128:" and 32 hex digits. */
void fingerprint_text(const fingerprint *f, char out[48]);

/* The project's commit this program was built from (`git rev-parse --short
 * HEAD`, "-dirty" after it when tracked files differed), or "unknown" outside a
 * git checkout. */
const char *provenance_commit(void);

/* Runs command (split as common/command_line.h does, no shell) once, for at most
 * timeout seconds, its process group killed after, and copies the first line it
 * printed that is not blank (standard output's, else standard error's) to line.
 * Returns 0; 1 when it ran but printed no line, with why in error; -1 when it
 * cannot be split or started, with why in error. */
int adapter_version(const char *command, double timeout, char *line, size_t cap, char *error, size_t error_cap);

#endif
