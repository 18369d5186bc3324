/* site_questions.h - the questions site owners ask about their robots.txt, for the
 * home page and the search: each answered in plain sentences, with the cases that
 * show it and a "try it" in the playground. */
#ifndef ROBOTS_CONFORM_SITE_QUESTIONS_H
#define ROBOTS_CONFORM_SITE_QUESTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "tables.h"

/* The home page's section of questions, each with its answer, links to the cases
 * of the tables that show it, and the first one's "try it" link. */
void site_questions(FILE *f, const suite *s);

/* The questions one by one (for the search index): its anchor on index.html, the
 * question and its answer, for i below site_question_count(). */
size_t site_question_count(void);
void site_question_at(size_t i, const char **id, const char **text, const char **answer);

#endif
