/*
 * simplify.h - after delta debugging, the rewrites deletion cannot make: each
 * directive line in its plain form ("user-agent: x" for "useragent x", "disallow:"
 * for "Disalow :"), line ends as LF, the URL's scheme and host in lower case
 * without a default port. Each rewrite is kept only when the input still
 * disagrees, so what remains of a typo, a missing colon, CR line ends or an odd
 * URL is what the disagreement needs, and clusters name causes, not noise.
 */
#ifndef ROBOTS_DIFF_SIMPLIFY_H
#define ROBOTS_DIFF_SIMPLIFY_H

#include "minimize.h"
#include "robots.h"

/* Rewrites *in in place, asking one question per rewrite tried (at most `budget`).
 * The profile is the reference's, which says what each line is. Returns how many
 * questions it asked, or -1 when memory ran out (*in still disagrees). */
long simplify(input *in, robots_profile_id profile, disagrees_fn disagrees, void *ctx, long budget);

#endif
