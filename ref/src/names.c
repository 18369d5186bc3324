/*
 * names.c - the names of the public enums, as the command line, the batch protocol
 * and the conformance tables spell them. Each returns NULL for a value outside its
 * enum, so a caller can tell a bad value from a name.
 */
#include "internal.h"

/* The name at index v of a table of n names, or NULL. */
static const char *name_of(const char *const *names, size_t n, int v) {
    return v >= 0 && (size_t)v < n ? names[v] : NULL;
}
#define NAME_OF(table, v) name_of(table, sizeof table / sizeof table[0], (int)(v))

const char *robots_group_kind_name(robots_group_kind kind) {
    static const char *const names[] = {[ROBOTS_GROUP_NONE] = "none", [ROBOTS_GROUP_GLOBAL] = "global",
                                         [ROBOTS_GROUP_SPECIFIC] = "specific"};
    return NAME_OF(names, kind);
}

const char *robots_rule_kind_name(robots_rule_kind kind) {
    static const char *const names[] = {[ROBOTS_RULE_NONE] = "none", [ROBOTS_RULE_ALLOW] = "allow",
                                         [ROBOTS_RULE_DISALLOW] = "disallow"};
    return NAME_OF(names, kind);
}

const char *robots_key_name(robots_key key) {
    static const char *const names[] = {[ROBOTS_KEY_NONE] = "none",         [ROBOTS_KEY_USER_AGENT] = "user-agent",
                                         [ROBOTS_KEY_ALLOW] = "allow",       [ROBOTS_KEY_DISALLOW] = "disallow",
                                         [ROBOTS_KEY_SITEMAP] = "sitemap",   [ROBOTS_KEY_OTHER] = "other"};
    return NAME_OF(names, key);
}

const char *robots_host_type_name(robots_host_type type) {
    static const char *const names[] = {[ROBOTS_HOST_NAME] = "name", [ROBOTS_HOST_IPV4] = "ipv4",
                                         [ROBOTS_HOST_IPV6] = "ipv6"};
    return NAME_OF(names, type);
}

const char *robots_scope_name(robots_scope scope) {
    static const char *const names[] = {[ROBOTS_SCOPE_APPLIES] = "applies",
                                         [ROBOTS_SCOPE_DOES_NOT_APPLY] = "does-not-apply",
                                         [ROBOTS_SCOPE_NOT_ROBOTS_URL] = "not-a-robots-url"};
    return NAME_OF(names, scope);
}

const char *robots_fetch_decision_name(robots_fetch_decision decision) {
    static const char *const names[] = {[ROBOTS_FETCH_FULL_ALLOW] = "full-allow",
                                         [ROBOTS_FETCH_FULL_DISALLOW] = "full-disallow",
                                         [ROBOTS_FETCH_CONDITIONAL] = "conditional",
                                         [ROBOTS_FETCH_USE_CACHED] = "use-cached"};
    return NAME_OF(names, decision);
}
