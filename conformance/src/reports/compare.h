/* compare.h - two JSON reports of one target compared (robots-conform --compare). */
#ifndef ROBOTS_CONFORM_COMPARE_H
#define ROBOTS_CONFORM_COMPARE_H

#include <stddef.h>
#include <stdio.h>

/* How much of the checks only one report has is printed: their count, or the
 * count and the list (--verbose). */
typedef enum compare_detail { COMPARE_COUNT_UNCOMPARED, COMPARE_LIST_UNCOMPARED } compare_detail;

/* Reads OLD and NEW (robots-conform --format json reports of one target) and
 * prints to f the checks that now fail and did not, those fixed, those whose
 * answer changed and those that moved between known and new failures; then how
 * many checks only one report has (listed before it with COMPARE_LIST_UNCOMPARED),
 * and a count line last. Answers are compared, not statuses:
 * a known failure fails as a failure does (--known-failures only says which
 * failures were expected). A run that stopped early is said first. Returns 1
 * when a check fails now that did not fail before, or the new run stopped early;
 * 0 otherwise; -1 with error set ("FILE: what is wrong") when a file is not such
 * a report. */
int compare_reports(const char *old_file, const char *new_file, compare_detail detail, FILE *f, char *error,
                    size_t cap);

#endif
