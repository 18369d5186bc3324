/* cli_support.h - running the built `robots` command from the tests. */
#ifndef ROBOTS_TEST_CLI_SUPPORT_H
#define ROBOTS_TEST_CLI_SUPPORT_H

#include <stddef.h>

#include "process.h"

/* Runs $ROBOTS_BIN (default build/bin/robots) with up to 16 arguments (NULL-ended)
 * and the given standard input; fails the current test if it cannot run or hangs. */
proc_result run_robots(const char *input, size_t input_len, const char *const *args);

/* fn(ctx) with standard output and error sent to /dev/null (the command's
 * functions run in-process print what a test does not read); returns fn's value. */
int run_quietly(int (*fn)(void *ctx), void *ctx);

/* A scratch directory for the test run, and a file in it with the given bytes;
 * returns the file's path (static storage, one per call slot 0 to SCRATCH_SLOTS - 1;
 * another slot aborts). The directory and everything in it go at exit. */
#define SCRATCH_SLOTS 32
const char *scratch_file(int slot, const void *data, size_t len);
const char *scratch_directory(void);

/* Does `text` (NUL-terminated) equal `want` exactly? */
int output_is(const proc_output *o, const char *want);

#endif
