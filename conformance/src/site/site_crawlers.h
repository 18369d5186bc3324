/* site_crawlers.h - the site's crawlers page (crawler-catalog.html: the crawler catalog
 * by purpose, every fact with its sources) and crawler-catalog.js (the same
 * catalog for the playground, with the words both use). */
#ifndef ROBOTS_CONFORM_SITE_CRAWLERS_H
#define ROBOTS_CONFORM_SITE_CRAWLERS_H

#include <stddef.h>

#include "catalog.h"

/* Writes DIR/crawler-catalog.html and DIR/crawler-catalog.js: 0, or -1 with error set
 * ("FILE: what is wrong"). An empty catalog makes a page that says so. */
int site_crawlers(const char *dir, const crawler_catalog *cat, char *error, size_t cap);

#endif
