/* site_playground.h - the site's playground page and the "try it" link of a case. */
#ifndef ROBOTS_CONFORM_SITE_PLAYGROUND_H
#define ROBOTS_CONFORM_SITE_PLAYGROUND_H

#include <stdio.h>

#include "tables.h"

/* A case's robots.txt longer than this gets no "try it" link: it would not fit in
 * an address. */
#define PLAYGROUND_LINK_MAX ((size_t)16384)

/* Writes DIR/playground.html. Returns 0, or -1 with error set. */
int site_playground(const char *dir, char *error, size_t cap);

/* A paragraph with the link that opens the playground with the case's robots.txt,
 * agents and URLs (its allow checks'); nothing for a case without allow checks,
 * and a sentence saying why for one whose robots.txt is not short UTF-8 text. */
void site_playground_link(FILE *f, const tcase *c);

#endif
