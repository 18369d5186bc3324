/* paths.h - finding the tables, their schema and the index by default. */
#ifndef ROBOTS_CONFORM_PATHS_H
#define ROBOTS_CONFORM_PATHS_H

#include <stddef.h>

/* Finds NAME (the cases directory, a schema, the index): in conformance/ of the
 * working directory (a checkout), beside the program in a build tree
 * (build/bin/PROGRAM -> ../../conformance), or where `make install` put it
 * (PREFIX/bin/PROGRAM -> ../share/robots-conform). Returns out, or NULL when none
 * has it. */
const char *default_path(const char *name, char *out, size_t cap);

#endif
