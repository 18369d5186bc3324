/*
 * profile.c - the two profiles as tables of switches. Every difference between
 * Google's production parser and RFC 9309 that the reference models is one line
 * below; the parser and matcher have no other notion of "profile".
 */
#include <stddef.h>
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
        /* STATUS-4: Google's documentation since 2023 treats 429 like a 5xx. */
        .rate_limit_unreachable = true,
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
        /* Section 2.3.1.3: every 4xx, 429 included, is "unavailable". */
        .rate_limit_unreachable = false,
    },
};

static const profile *profile_get(robots_profile_id id) {
    if ((unsigned)id >= ROBOTS_PROFILE_COUNT) return &profiles[ROBOTS_PROFILE_GOOGLE];
    return &profiles[id];
}

/* The switches of robots.h, in its order: where each lives in a profile and what
 * it does when on. max_line_bytes is on when it is not 0. */
typedef struct switch_info {
    const char *name, *meaning;
    size_t offset;
    bool is_size; /* a size_t (the line limit), not a bool */
} switch_info;

static const switch_info switches[ROBOTS_SWITCH_COUNT] = {
    {"bom-prefix", "any prefix of the UTF-8 byte order mark is skipped, not only the whole mark",
     offsetof(profile, bom_prefix), false},
    {"line-limit", "a line is cut after 16,662 bytes (Google's 2083 * 8 less one)", offsetof(profile, max_line_bytes),
     true},
    {"nul-ends-line", "a NUL byte ends the line it is on, and the URL's path", offsetof(profile, c_strings), false},
    {"key-prefix", "a key matches by case-insensitive prefix: \"Disallowed:\" is a disallow",
     offsetof(profile, key_prefix), false},
    {"key-typos", "misspelt keys are accepted (useragent, dissallow, site-map and others)",
     offsetof(profile, key_typos), false},
    {"missing-colon", "a line without a colon (\"Disallow /x\") is read as key and value",
     offsetof(profile, missing_colon), false},
    {"star-space", "\"* text\" is the global agent, not only \"*\"", offsetof(profile, star_space_global), false},
    {"product-token", "the caller's agent is cut to its product token before it is compared",
     offsetof(profile, caller_agent_token), false},
    {"index-html", "an allow of /d/index.htm... also allows /d/", offsetof(profile, index_html), false},
    {"percent-decode", "%HH and the byte HH compare equal", offsetof(profile, percent_decode), false},
    {"robots-txt", "/robots.txt is always allowed", offsetof(profile, robots_txt_allowed), false},
    {"escape-values", "the values of other keys are %-normalised like patterns",
     offsetof(profile, escape_other_values), false},
};

static bool switch_is_on(const profile *p, const switch_info *w) {
    const char *field = (const char *)p + w->offset;
    if (w->is_size) return *(const size_t *)(const void *)field != 0;
    return *(const bool *)(const void *)field;
}

const char *robots_switch_name(robots_switch s) {
    return (unsigned)s < ROBOTS_SWITCH_COUNT ? switches[s].name : NULL;
}

const char *robots_switch_meaning(robots_switch s) {
    return (unsigned)s < ROBOTS_SWITCH_COUNT ? switches[s].meaning : NULL;
}

int robots_switch_on(robots_profile_id id, robots_switch s) {
    if ((unsigned)id >= ROBOTS_PROFILE_COUNT || (unsigned)s >= ROBOTS_SWITCH_COUNT) return -1;
    return switch_is_on(&profiles[id], &switches[s]);
}

/* A toggled switch takes its value from the profile that sets it the other way:
 * every switch is set differently by the two profiles, so such a profile exists. */
void profile_toggled(robots_profile_id id, unsigned toggle, profile *out) {
    *out = *profile_get(id);
    for (unsigned s = 0; toggle && s < ROBOTS_SWITCH_COUNT; s++) {
        if (!(toggle & (1u << s))) continue;
        const switch_info *w = &switches[s];
        for (unsigned other = 0; other < ROBOTS_PROFILE_COUNT; other++) {
            if (switch_is_on(&profiles[other], w) == switch_is_on(out, w)) continue;
            const char *from = (const char *)&profiles[other] + w->offset;
            memcpy((char *)out + w->offset, from, w->is_size ? sizeof(size_t) : sizeof(bool));
            break;
        }
    }
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
