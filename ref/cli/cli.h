/* cli.h - the parts of the `robots` command. */
#ifndef ROBOTS_CLI_H
#define ROBOTS_CLI_H

#include <stddef.h>

#include "robots.h"

/* Exit codes: Google's robots_main contract. */
#define EXIT_ALLOWED 0
#define EXIT_DISALLOWED 1
#define EXIT_USAGE 2

typedef struct cli_options {
    robots_profile_id profile;
    size_t max_bytes;
    int explain;
} cli_options;

/* robots FILE AGENT URL */
int run_check(const cli_options *o, const char *file, const char *agent, const char *url);
/* robots --batch: JSON Lines on stdin and stdout */
int run_batch(const cli_options *o);

/* Explanation texts shared by --explain and the batch replies. */
const char *group_kind_name(robots_group_kind kind);
const char *rule_kind_name(robots_rule_kind kind);

#endif
