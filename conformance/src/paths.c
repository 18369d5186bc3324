/* paths.c - where the tables are (paths.h). */
#include "paths.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Finds NAME (the cases directory, a schema, the index): in conformance/ of the
 * working directory (a checkout), beside the program in a build tree
 * (build/bin/robots-conform -> ../../conformance), or where `make install` put it
 * (PREFIX/bin/robots-conform -> ../share/robots-conform). Returns NULL when none
 * has it. */
const char *default_path(const char *name, char *out, size_t cap) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) *slash = '\0';
    } else {
        exe[0] = '\0';
    }
    /* Relative to the working directory, then to the program's directory, up so
     * many levels (written without "..", so that --help shows a plain path). */
    static const struct {
        int up;
        const char *dir;
    } places[] = {{-1, "conformance"}, {2, "conformance"}, {1, "share/robots-conform"}};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
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
        int len = snprintf(out, cap, "%s%s/%s", base, places[i].dir, name);
        if (len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    }
    return NULL;
}

int find_suite_files(const char *cases, const char *schema, const char *index, suite_paths *room, suite_files *out,
                     char *error, size_t cap) {
    out->cases = cases ? cases : default_path("cases", room->cases, sizeof room->cases);
    out->schema = schema ? schema : default_path("case-table.schema.json", room->schema, sizeof room->schema);
    out->index = index ? index : default_path("spec-examples.json", room->index, sizeof room->index);
    /* The index's schema: beside an index given with --index, else found as above. */
    const char *slash = index ? strrchr(index, '/') : NULL;
    int len = snprintf(room->index_schema, sizeof room->index_schema, "%.*sspec-examples.schema.json",
                       slash ? (int)(slash - index + 1) : 0, index ? index : "");
    if (index && len > 0 && (size_t)len < sizeof room->index_schema && access(room->index_schema, R_OK) == 0)
        out->index_schema = room->index_schema;
    else
        out->index_schema = default_path("spec-examples.schema.json", room->index_schema, sizeof room->index_schema);
    if (out->cases && out->schema && out->index && out->index_schema) return 0;
    snprintf(error, cap,
             "cannot find the case tables: looked in ./conformance, in ../../conformance and in "
             "../share/robots-conform beside this program (make install puts them there); give --cases DIR, "
             "--schema FILE and --index FILE");
    return -1;
}
