/* read_buffer.h - the build settings of robots census's readers (docs/census.md,
 * "Reading"): how many bytes one read takes, and two that bound seeking in a
 * WARC file. Each is a build setting so that the tests can build the readers with
 * tiny ones and cross every boundary a real run crosses once in a while (make
 * test-census-buffers): ROBOTS_READ_BUFFER=1 makes every byte a boundary. */
#ifndef ROBOTS_CLI_READ_BUFFER_H
#define ROBOTS_CLI_READ_BUFFER_H

/* The bytes one read of an input takes, and (for a gzipped WARC) the inflated
 * bytes one step of zlib gives. */
#ifndef ROBOTS_READ_BUFFER
#define ROBOTS_READ_BUFFER 65536
#endif
_Static_assert(ROBOTS_READ_BUFFER >= 1 && ROBOTS_READ_BUFFER <= (1 << 24), "ROBOTS_READ_BUFFER is 1 to 16 MiB");

/* Within a large gzip member (a WARC gzipped whole), a place from which
 * inflating can start again, every this many inflated bytes at least: going
 * back to a redirect's target costs at most this much inflating, not the
 * member from its start. */
#ifndef ROBOTS_CHECKPOINT_SPACING
#define ROBOTS_CHECKPOINT_SPACING (1 << 20)
#endif
_Static_assert(ROBOTS_CHECKPOINT_SPACING >= 1, "ROBOTS_CHECKPOINT_SPACING is at least 1");

/* The response records a WARC site waits for before it is answered, so that a
 * redirect's target among them is found in the same pass; as many earlier ones
 * are kept too. */
#ifndef ROBOTS_WARC_LOOKAHEAD
#define ROBOTS_WARC_LOOKAHEAD 32
#endif
_Static_assert(ROBOTS_WARC_LOOKAHEAD >= 0 && ROBOTS_WARC_LOOKAHEAD <= 4096, "ROBOTS_WARC_LOOKAHEAD is 0 to 4096");

#endif
