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
    static const place places[] = {{-1, "conformance"}, {2, "conformance"}, {1, "share/robots-conform"}};
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

int paths_find_suite_files(const char *cases, const char *schema, const char *index, suite_paths *room, suite_files *out,
                     char *error, size_t cap) {
    out->cases = cases ? cases : paths_default("cases", room->cases, sizeof room->cases);
    out->schema = schema ? schema : paths_default("case-table.schema.json", room->schema, sizeof room->schema);
    out->index = index ? index : paths_default("spec-examples.json", room->index, sizeof room->index);
    /* The index's schema: beside an index given with --index, else found as above. */
    const char *slash = index ? strrchr(index, '/') : NULL;
    int len = snprintf(room->index_schema, sizeof room->index_schema, "%.*sspec-examples.schema.json",
                       slash ? (int)(slash - index + 1) : 0, index ? index : "");
    if (index && len > 0 && (size_t)len < sizeof room->index_schema && access(room->index_schema, R_OK) == 0)
        out->index_schema = room->index_schema;
    else
        out->index_schema = paths_default("spec-examples.schema.json", room->index_schema, sizeof room->index_schema);
    if (out->cases && out->schema && out->index && out->index_schema) return 0;
    snprintf(error, cap,
             "cannot find the case tables: looked in ./conformance, in ../../conformance and in "
             "../share/robots-conform beside this program (make install puts them there); give --cases DIR, "
             "--schema FILE and --index FILE");
    return -1;
}
