/*
 * check_text.h - a check and its basis in words: what every report line, TAP
 * test, JUnit case and explanation calls a check. Below report.c and explain.c,
 * which both use it (they used to include each other for it).
 */
#ifndef ROBOTS_CONFORM_CHECK_TEXT_H
#define ROBOTS_CONFORM_CHECK_TEXT_H

#include <stddef.h>

#include "run.h"
#include "tables.h"

/* A one-line description of a check, its control characters escaped (\x09). */
void check_describe(const check *k, char *out, size_t cap);

/* The classes of a basis, joined by separator ("spec, rfc"). */
void check_basis_text(unsigned classes, const char *separator, char *out, size_t cap);

/* What every format says of a result's check: the check in words, and the classes
 * its basis has under the result's profile, joined by separator. */
typedef struct check_words {
    char what[1200];
    char classes[128];
} check_words;
void check_words_of(const result *x, const char *separator, check_words *out);

#endif
