/* json_file.h - reading a JSON file for the runner (tables, schemas, the index). */
#ifndef ROBOTS_CONFORM_JSON_FILE_H
#define ROBOTS_CONFORM_JSON_FILE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Parses the file into *out. Returns 0, or -1 with error set to "FILE: cannot
 * read: ..." or "FILE:LINE:COLUMN: not valid JSON". */
int json_file_read(const char *file, cJSON **out, char *error, size_t cap);

/* A copy of the string member `name` of parent (malloc'd), or NULL when parent has
 * no such string member. */
char *json_string_copy(const cJSON *parent, const char *name);

#endif
