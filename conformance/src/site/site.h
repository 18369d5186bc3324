/*
 * site.h - the atlas as a static website (robots-conform --site DIR, make site):
 * index.html (what robots.txt is, how to read a case and a score, the areas),
 * a page per area with every case as a lesson (lesson.h), differences.html (the
 * cases where the profiles differ, by the switch behind each difference),
 * scorecard.html with a matrix page per profile (each case also says which
 * parsers and crawlers pass it), sources.html (the documents of the
 * specification's index), playground.html, and the project's documentation as
 * the manual (manual.html and its pages, site_docs.h). Plain HTML and one
 * stylesheet (scripts only on the playground), no external assets, readable from
 * file://.
 */
#ifndef ROBOTS_CONFORM_SITE_H
#define ROBOTS_CONFORM_SITE_H

#include <stddef.h>
#include <stdio.h>

#include "lesson.h"

/* Writes the site into dir (created, with its parents, when missing). scorecard
 * names conformance/scorecard.json or NULL (the scorecard page then says there is
 * none); figures conformance/measure/real-world.json or NULL (matters.html then
 * says there are none); manual the directory of the project's documentation, the site's manual
 * (site_docs.h), or NULL (manual.html then says how to give one). Returns 0, or
 * -1 with error set ("FILE: what is wrong"). */
int site_write(const char *dir, const suite *s, lesson_refs *refs, const char *scorecard, const char *figures,
               const char *manual,
               char *error, size_t cap);

/* The scorecard (site_scorecard.c), read once: the parsers' results and, when
 * make scorecard ran the crawlers, theirs. */
typedef struct scorecard scorecard;

/* Reads and checks FILE against the tables: 0 with *out set (NULL when file is
 * NULL), or -1 with error set ("FILE: checks[3]: what is wrong"). */
int site_scorecard_load(const char *file, const suite *s, scorecard **out, char *error, size_t cap);
void site_scorecard_free(scorecard *sc);

/* On a case's page: which parsers and crawlers pass its checks, per profile;
 * nothing when sc is NULL. */
void site_scorecard_case(FILE *f, const scorecard *sc, const char *case_id);

/* The scorecard's pages: 0, or -1 with error set. sc may be NULL (the page then
 * says there is none). */
int site_scorecard(const char *dir, const scorecard *sc, char *error, size_t cap);

#endif
