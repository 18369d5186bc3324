/* paths.c - where the tables are (paths.h). */
#include "paths.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct place {
    int up;          /* -1: the working directory; else the program's directory, up so many levels */
    const char *dir; /* then this directory ("" for itself) */
} place;

/* The first of the places where NAME is readable: out, or NULL. */
static const char *find_in(const place *places, size_t count, const char *name, char *out, size_t cap) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
    } else {
        exe[0] = '\0';
    }
    /* Written without "..", so that --help shows a plain path. */
    for (size_t i = 0; i < count; i++) {
        char base[PATH_MAX] = "";
        if (places[i].up >= 0) {
            if (!exe[0]) break;
            snprintf(base, sizeof base, "%s", exe);
            for (int k = 0; k < places[i].up; k++) {
                char *slash = strrchr(base, '/');
                if (slash) *slash = '\0';
            }
            strcat(base, "/");
        }
        int len = snprintf(out, cap, "%s%s%s%s", base, places[i].dir, *places[i].dir ? "/" : "", name);
        if (len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    }
    return NULL;
}

const char *paths_default(const char *name, char *out, size_t cap) {
    /* A build tree is O/bin in the checkout: build/bin, or build/asan/bin. */
    static const place places[] = {{-1, "conformance"}, {2, "conformance"}, {3, "conformance"},
                                   {1, "share/robots-conform"}};
    return find_in(places, sizeof places / sizeof places[0], name, out, cap);
}

const char *paths_default_manual(char *out, size_t cap) {
    static const place places[] = {{-1, ""}, {2, ""}, {1, "share/robots-conform/manual"}};
    const char *found = find_in(places, sizeof places / sizeof places[0], "docs/README.md", out, cap);
    if (!found) return NULL;
    size_t len = strlen(out) - strlen("docs/README.md"); /* "ROOT/" or "" */
    if (len) out[len - 1] = '\0';
    else snprintf(out, cap, ".");
    return out;
}

/* The schema of a file given (NAME beside it), else found by default. */
static const char *schema_beside(const char *given, const char *name, char *out, size_t cap) {
    const char *slash = given ? strrchr(given, '/') : NULL;
    int len = snprintf(out, cap, "%.*s%s", slash ? (int)(slash - given + 1) : 0, given ? given : "", name);
    if (given && len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    return paths_default(name, out, cap);
}

int paths_find_suite_files(const char *cases, const char *schema, const char *index, const char *catalog,
                           suite_paths *room, suite_files *out, char *error, size_t cap) {
    out->cases = cases ? cases : paths_default("cases", room->cases, sizeof room->cases);
    out->schema = schema ? schema : paths_default("case-table.schema.json", room->schema, sizeof room->schema);
    out->index = index ? index : paths_default("spec-examples.json", room->index, sizeof room->index);
    out->index_schema = schema_beside(index, "spec-examples.schema.json", room->index_schema,
                                      sizeof room->index_schema);
    out->catalog = catalog ? catalog : paths_default("crawler-catalog.json", room->catalog, sizeof room->catalog);
    out->catalog_schema = schema_beside(catalog, "crawler-catalog.schema.json", room->catalog_schema,
                                        sizeof room->catalog_schema);
    if (out->cases && out->schema && out->index && out->index_schema && out->catalog && out->catalog_schema)
        return 0;
    snprintf(error, cap,
             "cannot find the case tables: looked in ./conformance, in ../../conformance and in "
             "../share/robots-conform beside this program (make install puts them there); give --cases DIR, "
             "--schema FILE, --index FILE and --catalog FILE");
    return -1;
}
