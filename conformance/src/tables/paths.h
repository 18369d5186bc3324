/* paths.h - finding the tables, their schema and the index by default. */
#ifndef ROBOTS_CONFORM_PATHS_H
#define ROBOTS_CONFORM_PATHS_H

#include <limits.h>
#include <stddef.h>

#include "tables.h"

/* Finds NAME (the cases directory, a schema, the index, the crawler catalog): in
 * conformance/ of the working directory (a checkout), beside the program in a build
 * tree (build/bin/PROGRAM -> ../../conformance, build/asan/bin/PROGRAM ->
 * ../../../conformance), or where `make install` put it
 * (PREFIX/bin/PROGRAM -> ../share/robots-conform). Returns out, or NULL when none
 * has it. */
const char *paths_default(const char *name, char *out, size_t cap);

/* The directory holding the project's documentation (README.md, docs/), for the
 * site's manual: the working directory, the root of the build tree the program is
 * in, or PREFIX/share/robots-conform/manual (make install-conform). Returns out,
 * or NULL when none has docs/README.md. */
const char *paths_default_manual(char *out, size_t cap);

/* Room for the paths find_suite_files finds. */
typedef struct suite_paths {
    char cases[PATH_MAX], schema[PATH_MAX], index[PATH_MAX], index_schema[PATH_MAX];
    char catalog[PATH_MAX], catalog_schema[PATH_MAX];
} suite_paths;

/* The suite's files: those given (NULL: found by default_path; the index's and
 * the catalog's schemas beside the file given, else found too). Returns 0, or -1
 * with error saying where it looked. */
int paths_find_suite_files(const char *cases, const char *schema, const char *index, const char *catalog,
                           suite_paths *room, suite_files *out, char *error, size_t cap);

#endif
