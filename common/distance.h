/* distance.h - how far apart two short words are, for "did you mean". */
#ifndef ROBOTS_COMMON_DISTANCE_H
#define ROBOTS_COMMON_DISTANCE_H

#include <stddef.h>

/* The edit distance (insertions, deletions, substitutions; ASCII case ignored)
 * between a[0..na) and b[0..nb), capped at 9; words past 31 bytes count as 9. */
size_t word_distance(const char *a, size_t na, const char *b, size_t nb);

#endif
