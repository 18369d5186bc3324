/* outputs.c - --output reports: made ready, written whole, or an error (outputs.h). */
#include "outputs.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "report_file.h"
#include "report_state.h"

/* Makes the directories above path that are missing (mkdir -p of its parent):
 * 0, or the errno of the first that cannot be made. */
static int make_parents(const char *path) {
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) return ENAMETOOLONG;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) return errno;
        *p = '/';
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) return errno;
    struct stat st;
    return stat(dir, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : access(dir, W_OK) != 0 ? errno : 0;
}

/* The state report in format at path, renamed into place: 0, or an errno. */
static int write_state(const char *path, const char *format, report_state state, const char *words) {
    report_file r;
    if (report_file_open(&r, path) != 0) return errno;
    if (report_state_write(r.f, format, state, words) != 0) {
        report_file_abandon(&r);
        return ENOMEM;
    }
    return report_file_commit(&r) != 0 ? errno : 0;
}

int outputs_prepare(const cli *io, const conform_options *o) {
    char words[512], when[32];
    time_t now = time(NULL);
    struct tm utc;
    if (!gmtime_r(&now, &utc) || !strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc)) snprintf(when, sizeof when, "?");
    snprintf(words, sizeof words,
             "the run is in progress: robots-conform (pid %ld) started at %s; if this stays, the run ended before "
             "it wrote its report (killed, or its machine stopped)",
             (long)getpid(), when);
    for (size_t i = 0; i < o->noutputs; i++) {
        const char *file = o->outputs[i].file;
        int failed = make_parents(file);
        if (!failed) failed = write_state(file, o->outputs[i].format, REPORT_IN_PROGRESS, words);
        if (failed) {
            fprintf(io->err, "%s: --output: cannot write %s: %s\n", io->prog, file, strerror(failed));
            return 2;
        }
    }
    return 0;
}

int outputs_write(const cli *io, const conform_options *o, size_t i, int (*write)(FILE *f, const char *format, void *ctx),
                  void *ctx) {
    const char *file = o->outputs[i].file;
    report_file r;
    int failed = 0;
    if (report_file_open(&r, file) != 0) {
        failed = errno;
    } else if (write(r.f, o->outputs[i].format, ctx) != 0) {
        report_file_abandon(&r);
        failed = ENOMEM;
    } else if (report_file_commit(&r) != 0) {
        failed = errno;
    }
    if (!failed) return 0;
    fprintf(io->err, "%s: --output: cannot write %s: %s\n", io->prog, file, strerror(failed));
    return 2;
}

/* Does the command line ask for a run (whose report stdout is), rather than a
 * listing, a lesson, the site or a comparison? */
static bool asks_for_a_run(int argc, char **argv) {
    static const char *const not_runs[] = {"--list", "--atlas", "--explain", "--site", "--compare", "--help", "--version"};
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < sizeof not_runs / sizeof not_runs[0]; k++)
            if (!strcmp(argv[i], not_runs[k])) return false;
    return true;
}

void outputs_usage_error(const cli *io, int argc, char **argv, const char *said) {
    const char *words = said && said[0] ? said : "the command line is not valid (robots-conform --help)";
    bool run = asks_for_a_run(argc, argv);
    for (int i = 1; i + 1 < argc; i++) {
        const char *v = argv[i + 1];
        if (!strcmp(argv[i], "--format")) {
            /* A report on stdout is often a file too (> report.xml); text is read
             * on the terminal, where stderr said it. */
            if (run && options_known_format(v) && strcmp(v, "text")) report_state_write(io->out, v, REPORT_USAGE_ERROR, words);
            i++;
        } else if (!strcmp(argv[i], "--output")) {
            const char *eq = strchr(v, '=');
            char format[16];
            if (eq && eq[1] && eq - v < (long)sizeof format) {
                snprintf(format, sizeof format, "%.*s", (int)(eq - v), v);
                if (options_known_format(format) && (make_parents(eq + 1) || write_state(eq + 1, format, REPORT_USAGE_ERROR, words)))
                    fprintf(io->err, "%s: --output: cannot write %s either\n", io->prog, eq + 1);
            }
            i++;
        }
    }
}
