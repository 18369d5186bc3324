/*
 * spec_index.h - the specification's index (conformance/spec-examples.json): the
 * documents a case's source may name, their sections, and every example of the
 * specification with the document and section that give it.
 *
 * A source is "DOCUMENT" or "seed NNN (LANGUAGE, EDITION)", then optionally
 * " §SECTION" (several joined by ", §"), then optionally free words after ": " or
 * in " (...)". Resolving it through the index is what lets any reader of the
 * repository open what a case rests on.
 */
#ifndef ROBOTS_CONFORM_SPEC_INDEX_H
#define ROBOTS_CONFORM_SPEC_INDEX_H

#include <stddef.h>

typedef struct spec_section {
    char *heading; /* as the document writes it, or an RFC section number */
    char *gloss;   /* in English */
    char *rfc9309; /* the corresponding RFC 9309 section, or NULL */
} spec_section;

typedef struct spec_document {
    char *name;                    /* "seed 002", "RFC 9309", "Google's robots.cc", ... */
    char *language, *language_name; /* seeds only, else NULL */
    char *edition;                 /* seeds only: "old" or "2019" */
    char *title;
    spec_section *sections;
    size_t nsections;
} spec_document;

typedef struct spec_example {
    char *id, *title;
    const spec_document *document;
    const spec_section *section;
    char *rfc9309; /* NULL when RFC 9309 has no corresponding section */
} spec_example;

typedef struct spec_index {
    char *file;
    spec_document *documents;
    size_t ndocuments;
    spec_example *examples;
    size_t nexamples;
} spec_index;

/* Loads and checks the index. Returns 0, or -1 with error set to
 * "FILE: JSON-PATH: what is wrong". */
int spec_index_load(const char *file, const char *schema_file, spec_index *out, char *error, size_t cap);
void spec_index_free(spec_index *x);

/* What a source names: its document and up to four of its sections. */
#define SOURCE_MAX_SECTIONS 4
typedef struct source_ref {
    const spec_document *document;
    const spec_section *sections[SOURCE_MAX_SECTIONS];
    size_t nsections;
} source_ref;

/* Resolves a source. Returns 0, or -1 with error set to what is wrong with it. */
int spec_index_resolve(const spec_index *x, const char *source, source_ref *out, char *error, size_t cap);

/* The example with exactly this id, or NULL. */
const spec_example *spec_index_example(const spec_index *x, const char *id);

#endif
