/* site_playground.h - the site's playground page and the "try it" link of a case. */
#ifndef ROBOTS_CONFORM_SITE_PLAYGROUND_H
#define ROBOTS_CONFORM_SITE_PLAYGROUND_H

#include <stdio.h>

#include "tables.h"

/* A case's robots.txt longer than this gets no "try it" link: it would not fit in
 * an address. */
#define PLAYGROUND_LINK_MAX ((size_t)16384)

/* Writes DIR/playground.html and its layout, DIR/playground.css. Returns 0, or -1
 * with error set. */
int site_playground(const char *dir, char *error, size_t cap);

/* A paragraph with the link that opens the playground with the case's robots.txt
 * (as text when it is UTF-8, else its bytes in base64), agents and URLs (its allow
 * checks'); nothing for a case without allow checks or without a robots.txt, and a
 * sentence saying why for one whose robots.txt is too long for a link. */
void site_playground_link(FILE *f, const tcase *c);

#endif
