/* json_file.h - reading a JSON file for the runner (tables, schemas, the index),
 * and printing one (reports, robots-diff's outputs). */
#ifndef ROBOTS_CONFORM_JSON_FILE_H
#define ROBOTS_CONFORM_JSON_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/* The largest file read: a table, a schema, the index (the project's largest
 * table is about 100 KB). */
#define JSON_FILE_MAX ((size_t)32 << 20)

/* Parses the file into *out. Returns 0, or -1 with error set to "FILE: cannot
 * read: ..." (also for what is not a regular file), "FILE: out of memory",
 * "FILE: larger than ...",
 * "FILE:LINE:COLUMN: not UTF-8", "FILE:LINE:COLUMN: not valid JSON", or "FILE:
 * JSON-PATH: a string holds \u0000 ...". */
int json_file_read(const char *file, cJSON **out, char *error, size_t cap);

/* Reads the file and its schema, and validates the one against the other.
 * Returns 0 with *out the file's JSON, or -1 with error set as json_file_read
 * sets it, or to "FILE: JSON-PATH: what is wrong" (schema_validate). */
int json_file_read_valid(const char *file, const char *schema_file, cJSON **out, char *error, size_t cap);

/* Prints root, indented, and a newline to f, then frees root. Returns 0, or -1
 * when memory ran out (nothing is printed). */
int json_file_print(FILE *f, cJSON *root);

/* A copy of the string member `name` of parent (malloc'd), or NULL when parent has
 * no such string member, or when memory ran out: */
char *json_file_string_copy(const cJSON *parent, const char *name);
/* tells which: true when parent has the string member but `copy` is NULL. */
bool json_file_copy_lost(const cJSON *parent, const char *name, const char *copy);

#endif
