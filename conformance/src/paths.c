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
    /* Relative to the working directory, then to the program's directory. */
    static const char *const places[] = {"conformance", "/../../conformance", "/../share/robots-conform"};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        if (i > 0 && !exe[0]) break;
        int len = snprintf(out, cap, "%s%s/%s", i ? exe : "", places[i], name);
        if (len > 0 && (size_t)len < cap && access(out, R_OK) == 0) return out;
    }
    return NULL;
}
