/* site_matters.h - matters.html: what matters for a site owner's file, the common
 * mistakes and the differences between Google and RFC 9309 ranked by how often
 * they change an answer on real robots.txt files (conformance/measure/), each
 * with what to do. */
#ifndef ROBOTS_CONFORM_SITE_MATTERS_H
#define ROBOTS_CONFORM_SITE_MATTERS_H

#include <stddef.h>
#include <stdio.h>

/* Writes DIR/matters.html from the figures robots-differences wrote (NULL: the
 * page says there are none): 0, or -1 with error set ("FILE: what is wrong"). */
int site_matters(const char *dir, const char *figures_file, char *error, size_t cap);

/* On differences.html: the differences between Google and RFC 9309 that change
 * an answer on real files, ranked (matters.html's second table), each with what
 * to do, its last sentence leading to `every` (every difference, case by case);
 * a sentence saying there are no figures when figures_file is NULL. 0, or -1
 * with error set. */
int site_matters_differences(FILE *f, const char *figures_file, const char *every, char *error, size_t cap);

/* The page's entries one by one, for the search: each mistake and difference's
 * anchor on matters.html, what it is and what to do, for i below
 * site_matters_count(). */
size_t site_matters_count(void);
void site_matters_at(size_t i, const char **id, const char **what, const char **todo);

#endif
