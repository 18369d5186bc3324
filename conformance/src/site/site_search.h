/* site_search.h - the home page's search over the cases (id, title, area, the rule
 * their note states, their robots.txt's lines) and the site owners' questions:
 * an index and a script the page runs itself, so it works from file://. */
#ifndef ROBOTS_CONFORM_SITE_SEARCH_H
#define ROBOTS_CONFORM_SITE_SEARCH_H

#include <stdio.h>

#include "tables.h"

/* Writes DIR/search-index.js and DIR/search.js: 0, or -1 with error set. */
int site_search_files(const char *dir, const suite *s, char *error, size_t cap);

/* The search form and its results list, with the two scripts, for a page. */
void site_search_box(FILE *f);

#endif
