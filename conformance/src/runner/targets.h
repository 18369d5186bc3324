/*
 * targets.h - several implementations in one run: each named, with its language
 * and version, given on the command line (--target NAME=CMD) or in a targets file
 * (--targets FILE, format below), run one after the other against the same
 * checks.
 *
 * A targets file is a JSON object:
 *   {"targets": [{"name": "protego", "language": "Python",
 *                 "version": "0.2.1" | "version_command": "dpkg-query -W -f=${Version} python3-protego",
 *                 "batch": "python3 conformance/adapters/protego_adapter.py"}, ...]}
 * Each target gives exactly one of "batch" (a batch-protocol command), "command"
 * (a command template, as --command) or "builtin" ("reference", "always-allowed",
 * "always-disallowed"). A version_command is run without a shell; the first line
 * it prints is the version.
 */
#ifndef ROBOTS_CONFORM_TARGETS_H
#define ROBOTS_CONFORM_TARGETS_H

#include <stddef.h>

#include "target.h"

typedef struct target_spec {
    char *name, *language, *version;
    char *batch, *command, *builtin; /* exactly one */
} target_spec;

typedef struct target_list {
    target_spec *items;
    size_t n;
} target_list;

/* Adds "NAME=CMD" (a batch command, command:TEMPLATE for a command per check, or
 * builtin:NAME). Returns 0, or -1 with error. */
int targets_add_option(target_list *list, const char *option, char *error, size_t cap);

/* Adds every target of a targets file. Returns 0, or -1 with error ("FILE: JSON-PATH: ..."). */
int targets_add_file(target_list *list, const char *file, char *error, size_t cap);

/* Starts the target a spec describes; `command` holds the --command options
 * (exit codes, patterns) for command targets. Returns NULL with error. */
target *targets_open(const target_spec *spec, const command_options *command, double timeout, char *error,
                     size_t cap);

void targets_free(target_list *list);

#endif
