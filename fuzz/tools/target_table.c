/* target_table.c - the table of target_table.h, from the build's list of targets
 * (seed_targets.h holds SEED_TARGET(name) for each), so that a target added to
 * fuzz/targets/ is known to both tools at once. */
#include "target_table.h"

#include <string.h>

#define SEED_TARGET(name) seed_layout seeds_##name; layout_check layout_##name;
#include "seed_targets.h"
#undef SEED_TARGET

const seed_target seed_targets[] = {
#define SEED_TARGET(name) {#name, seeds_##name, layout_##name},
#include "seed_targets.h"
#undef SEED_TARGET
};

const size_t seed_target_count = sizeof seed_targets / sizeof *seed_targets;

const seed_target *seed_target_named(const char *name) {
    for (size_t t = 0; t < seed_target_count; t++)
        if (!strcmp(name, seed_targets[t].name)) return &seed_targets[t];
    return NULL;
}
