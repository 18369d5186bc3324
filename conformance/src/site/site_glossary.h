/* site_glossary.h - the site's glossary (glossary.html): the words that remain,
 * explained for a site owner, each with the case that shows it. */
#ifndef ROBOTS_CONFORM_SITE_GLOSSARY_H
#define ROBOTS_CONFORM_SITE_GLOSSARY_H

#include <stddef.h>

/* Writes DIR/glossary.html: 0, or -1 with error set. */
int site_glossary(const char *dir, char *error, size_t cap);

/* The terms one by one, for the search: anchor, word, meaning, i below
 * site_glossary_count(). */
size_t site_glossary_count(void);
void site_glossary_at(size_t i, const char **id, const char **word, const char **meaning);

#endif
