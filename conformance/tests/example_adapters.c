/*
 * example_adapters.c - the adapters of conformance/adapters/examples/, the ones
 * PROTOCOL.md points adapter authors to, speak the protocol: every check gets an
 * answer, an error reply or a skip, never a protocol failure.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "selftest.h"

/* The reasons that mean the protocol broke, not that the parser disagreed. */
static const char *const protocol_failures[] = {
    "no reply within", "ended without replying", "stopped reading its input", "the reply has", "not a reply",
};

const char *project_file(const char *relative, char *out, size_t cap) {
    snprintf(out, cap, "%s", relative);
    if (access(out, R_OK) == 0) return out;
    snprintf(out, cap, "%s/../../%s", bin_dir, relative);
    if (access(out, R_OK) != 0) snprintf(out, cap, "%s/../../../%s", bin_dir, relative);
    return out;
}

const char *example_adapter(const char *name, char *out, size_t cap) {
    char relative[PATH_MAX];
    snprintf(relative, sizeof relative, "conformance/adapters/examples/%s", name);
    return project_file(relative, out, cap);
}

static void speaks_the_protocol(const char *interpreter, const char *name, bool answers_sitemaps) {
    char path[PATH_MAX], cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "%s %s", interpreter, example_adapter(name, path, sizeof path));
    run r = json_run(ARGS("--batch-cmd", cmd, "--format", "json"), 600);
    if (r.status != 0 && r.status != 1) printf("  %s: exit status %d\n", cmd, r.status);
    CHECK(r.status == 0 || r.status == 1);
    CHECK(r.passed > 0);
    int broken = 0, sitemaps_passed = 0, other_kinds = 0, other_skipped = 0;
    cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(r.json, "results")) {
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "reason"));
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "kind"));
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(x, "status"));
        for (size_t i = 0; why && i < sizeof protocol_failures / sizeof protocol_failures[0]; i++) {
            if (strstr(why, protocol_failures[i])) {
                if (broken++ == 0) printf("  %s: %s\n", cmd, why);
            }
        }
        if (!strcmp(kind, "sitemaps") && !strcmp(status, "pass")) sitemaps_passed++;
        if (strcmp(kind, "allow") && strcmp(kind, "sitemaps")) {
            other_kinds++;
            other_skipped += !strcmp(status, "skip");
        }
    }
    CHECK(broken == 0);
    /* Kinds the library does not answer are skipped, by an error reply. */
    CHECK(other_kinds > 0 && other_skipped == other_kinds);
    CHECK(answers_sitemaps == (sitemaps_passed > 0));
    CHECK(cJSON_GetObjectItemCaseSensitive(r.json, "note") == NULL); /* nothing stray on stdout */
    cJSON_Delete(r.json);
}

void example_adapters_speak_the_protocol(void) {
    /* Debian's interpreters (scripts/install-deps installs python3 and nodejs). */
    speaks_the_protocol("/usr/bin/python3", "urllib_adapter.py", true);
    speaks_the_protocol("node", "minimal_adapter.js", false);
}
