/*
 * profile.c - the two profiles as tables of switches. Every difference between
 * Google's production parser and RFC 9309 that the reference models is one line
 * below; the parser and matcher have no other notion of "profile".
 */
#include <string.h>

#include "internal.h"

static const profile profiles[ROBOTS_PROFILE_COUNT] = {
    [ROBOTS_PROFILE_GOOGLE] = {
        .name = "google",
        /* Google skips whatever prefix of the UTF-8 BOM the file starts with. */
        .bom_prefix = true,
        /* kMaxLineLen = 2083 * 8, one byte kept for the terminating NUL. */
        .max_line_bytes = 2083 * 8 - 1,
        /* Lines, and the path a URL is matched by, are C strings inside Google's
         * parser and matcher. */
        .c_strings = true,
        /* StartsWithIgnoreCase: "Disallowed:" is a disallow, "allowance:" an allow. */
        .key_prefix = true,
        .key_typos = true,
        .missing_colon = true,
        .star_space_global = true,
        /* The caller's agent is compared whole with each group's token. */
        .caller_agent_token = false,
        .index_html = true,
        /* The URL is used as given; patterns only get their escapes normalised. */
        .percent_decode = false,
        .robots_txt_allowed = false,
        /* Google escapes the value of every key but user-agent and sitemap. */
        .escape_other_values = true,
    },
    [ROBOTS_PROFILE_RFC9309] = {
        .name = "rfc9309",
        /* Section 2.2: an optional BOM; a partial BOM is just bytes of line 1. */
        .bom_prefix = false,
        .max_line_bytes = 0,
        .c_strings = false,
        /* Section 2.2: the keys are the words user-agent, allow, disallow. */
        .key_prefix = false,
        .key_typos = false,
        .missing_colon = false,
        /* Section 2.2.1: product-token = identifier / "*". */
        .star_space_global = false,
        /* Section 2.2.1: a crawler matches by its product token (RFC-1). */
        .caller_agent_token = true,
        .index_html = false,
        /* Section 2.2.2: percent-encoded and plain forms are the same octets. */
        .percent_decode = true,
        /* Section 2.2.2: "/robots.txt" is implicitly allowed (RFC-6). */
        .robots_txt_allowed = true,
        .escape_other_values = false,
    },
};

const profile *profile_get(robots_profile_id id) {
    if ((unsigned)id >= ROBOTS_PROFILE_COUNT) return &profiles[ROBOTS_PROFILE_GOOGLE];
    return &profiles[id];
}

const char *robots_profile_name(robots_profile_id id) {
    if ((unsigned)id >= ROBOTS_PROFILE_COUNT) return NULL;
    return profiles[id].name;
}

int robots_profile_from_name(const char *name, robots_profile_id *out, const char **error) {
    if (!out) return fail(error, "no profile to set (out is NULL)");
    *out = ROBOTS_PROFILE_GOOGLE;
    for (unsigned i = 0; name && i < ROBOTS_PROFILE_COUNT; i++) {
        if (strcmp(name, profiles[i].name) == 0) {
            *out = (robots_profile_id)i;
            return 0;
        }
    }
    return fail(error, "unknown profile: the profiles are google and rfc9309");
}
