/* report_file.c - reports renamed into place when complete (report_file.h). */
#include "report_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "interrupt.h"

#ifdef __wasi__
typedef int sig_atomic_t; /* wasi-libc has no <signal.h>, no signals, no process ids */
#define getpid() 0
#else
#include <signal.h>

#include "process.h"
#endif

/* The temporary files being written, for the signal handlers: a name is stored
 * whole before its slot is marked used. */
#define SLOTS 16
static char temps[SLOTS][PATH_MAX];
static volatile sig_atomic_t used[SLOTS];

static void remove_temps(void) {
    for (int i = 0; i < SLOTS; i++)
        if (used[i]) unlink(temps[i]);
}

static int take_slot(const char *temp) {
    static int hooked;
    if (!hooked) {
        hooked = 1;
        interrupt_at_second(remove_temps);
#ifndef __wasi__
        proc_at_signal(remove_temps);
#endif
    }
    for (int i = 0; i < SLOTS; i++) {
        if (used[i]) continue;
        snprintf(temps[i], sizeof temps[i], "%s", temp);
        used[i] = 1;
        return i;
    }
    return -1; /* more at once than the handler keeps: still written, not removed at a signal */
}

static void free_slot(report_file *r) {
    if (r->slot >= 0) used[r->slot] = 0;
    r->slot = -1;
}

int report_file_open(report_file *r, const char *path) {
    memset(r, 0, sizeof *r);
    r->slot = -1;
    if (snprintf(r->path, sizeof r->path, "%s", path) >= (int)sizeof r->path ||
        snprintf(r->temp, sizeof r->temp, "%s.tmp-%ld", path, (long)getpid()) >= (int)sizeof r->temp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    r->slot = take_slot(r->temp); /* before the file exists: never one the handler does not know */
    r->f = fopen(r->temp, "w");
    if (!r->f) {
        int e = errno;
        free_slot(r);
        errno = e;
        return -1;
    }
    return 0;
}

void report_file_abandon(report_file *r) {
    if (r->f) fclose(r->f);
    r->f = NULL;
    unlink(r->temp);
    free_slot(r);
}

int report_file_commit(report_file *r) {
    int failed = ferror(r->f) ? EIO : 0;
    if (fclose(r->f) != 0 && !failed) failed = errno;
    r->f = NULL;
    if (!failed && rename(r->temp, r->path) != 0) failed = errno;
    if (failed) unlink(r->temp);
    free_slot(r);
    errno = failed;
    return failed ? -1 : 0;
}

int report_file_write_whole(const char *path, const char *text, size_t len) {
    report_file r;
    if (report_file_open(&r, path) != 0) return -1;
    if (fwrite(text, 1, len, r.f) != len) {
        int e = errno;
        report_file_abandon(&r);
        errno = e ? e : EIO;
        return -1;
    }
    return report_file_commit(&r);
}
