/*
 * site.h - the atlas as a static website (robots-conform --site DIR, make site):
 * index.html (what robots.txt is, how to read a case and a score, the areas),
 * a page per area with every case as a lesson (lesson.h), differences.html (the
 * cases where the profiles differ, by the switch behind each difference),
 * scorecard.html with a matrix page per profile, and sources.html (the documents
 * of the specification's index). Plain HTML and one stylesheet: no scripts, no
 * external assets, readable from file://.
 */
#ifndef ROBOTS_CONFORM_SITE_H
#define ROBOTS_CONFORM_SITE_H

#include <stddef.h>

#include "lesson.h"

/* Writes the site into dir (created, with its parents, when missing). scorecard
 * names conformance/scorecard.json or NULL (the scorecard page then says there is
 * none). Returns 0, or -1 with error set ("FILE: what is wrong"). */
int site_write(const char *dir, const suite *s, lesson_refs *refs, const char *scorecard, char *error, size_t cap);

/* The scorecard's pages (site_scorecard.c): 0, or -1 with error set. */
int site_scorecard(const char *dir, const suite *s, const char *scorecard, char *error, size_t cap);

#endif
