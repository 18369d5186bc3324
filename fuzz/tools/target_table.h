/*
 * target_table.h - every fuzz target that has a seed layout (fuzz/seeds/TARGET.c),
 * with its seeds and its layout check: the one table robots-corpus (make_corpus.c)
 * and robots-seed-layout (seed_layout.c) look targets up in, filled in
 * target_table.c from the list the build writes (seed_targets.h).
 */
#ifndef ROBOTS_FUZZ_TARGET_TABLE_H
#define ROBOTS_FUZZ_TARGET_TABLE_H

#include <stddef.h>

#include "seed_sink.h"

typedef struct seed_target {
    const char *name;
    seed_layout *seeds;
    layout_check *check;
} seed_target;

extern const seed_target seed_targets[];
extern const size_t seed_target_count;

/* The target of that name, or NULL when there is none. */
const seed_target *seed_target_named(const char *name);

#endif
