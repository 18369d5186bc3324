/* review.h - `robots review OLD NEW` (review.c): the answers a change of a
 * robots.txt moves, for a site's URLs and crawlers, by cause. */
#ifndef ROBOTS_CLI_REVIEW_H
#define ROBOTS_CLI_REVIEW_H

/* robots review [OPTIONS] OLD NEW; argv[0] is "review". */
int run_review(int argc, char **argv);

#endif
