/* schema.h - validating case tables against conformance/case-table.schema.json. */
#ifndef ROBOTS_CONFORM_SCHEMA_H
#define ROBOTS_CONFORM_SCHEMA_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Returns 0 when instance satisfies schema; otherwise -1 with error set to
 * "JSON-PATH: what is wrong" (e.g. "$.cases[3].id: does not match ..."). */
int schema_validate(const cJSON *schema, const cJSON *instance, char *error, size_t cap);

#endif
