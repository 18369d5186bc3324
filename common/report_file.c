/* report_file.c - reports renamed into place when complete (report_file.h). */
#include "report_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
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

/* A path that names something other than a regular file (a device: /dev/stdout,
 * /dev/full; a FIFO) is written in place, as before: renaming over it would
 * replace the device with a file (it did, /dev/full, in a test run as root). */
static int in_place(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

int report_file_open(report_file *r, const char *path) {
    memset(r, 0, sizeof *r);
    r->slot = -1;
    if (in_place(path)) {
        snprintf(r->path, sizeof r->path, "%s", path);
        r->f = fopen(path, "w"); /* r->temp stays empty: nothing to rename or remove */
        return r->f ? 0 : -1;
    }
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
    if (r->temp[0]) unlink(r->temp);
    free_slot(r);
}

int report_file_commit(report_file *r) {
    int failed = ferror(r->f) ? EIO : 0;
    if (fclose(r->f) != 0 && !failed) failed = errno;
    r->f = NULL;
    if (!failed && r->temp[0] && rename(r->temp, r->path) != 0) failed = errno;
    if (failed && r->temp[0]) unlink(r->temp);
    free_slot(r);
    errno = failed;
    return failed ? -1 : 0;
}

int report_file_write_whole(const char *path, const char *text, size_t len) {
    if (in_place(path)) return 0; /* a placeholder written to a device or a FIFO would be read as the report */
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
