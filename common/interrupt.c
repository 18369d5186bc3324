/* interrupt.c - the first SIGINT, SIGTERM or SIGHUP asks to stop; the second ends
 * the program (interrupt.h). */
#include "interrupt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __wasi__
typedef int sig_atomic_t; /* wasi-libc has no <signal.h>: no handler ever runs */
#else
#include <signal.h>

#include "process.h"
#endif

static volatile sig_atomic_t first_signal;
static void (*volatile on_first)(void);
static void (*volatile on_second)(void);

#define MAX_HOOKS 8
static void (*volatile hooks[MAX_HOOKS])(void);
static volatile sig_atomic_t nhooks;

void interrupt_at_second(void (*hook)(void)) {
    if (nhooks < MAX_HOOKS) {
        hooks[nhooks] = hook;
        nhooks = nhooks + 1;
    }
}

void interrupt_test_pause(const char *moment) {
#ifdef __wasi__
    (void)moment; /* no signal to wait for, and no process id */
#else
    static int paused; /* once: a moment met again (the next site) goes on */
    const char *wanted = getenv("ROBOTS_TEST_PAUSE");
    if (paused || !wanted || strcmp(wanted, moment)) return;
    paused = 1;
    fprintf(stderr, "paused at %s (pid %ld)\n", moment, (long)getpid());
    fflush(stderr);
    /* Each nap ends early when a signal's handler runs. */
    int before = first_signal;
    for (int i = 0; i < 100 && first_signal == before; i++) nanosleep(&(struct timespec){0, 100000000L}, NULL);
#endif
}

void interrupt_set_actions(void (*first)(void), void (*second)(void)) {
    on_first = first;
    on_second = second;
}

int interrupt_signal(void) { return first_signal; }

int interrupt_exit_status(void) { return first_signal ? 128 + first_signal : 0; }

const char *interrupt_name(int sig) {
    static char other[32];
#ifndef __wasi__
    if (sig == SIGINT) return "SIGINT";
    if (sig == SIGTERM) return "SIGTERM";
    if (sig == SIGHUP) return "SIGHUP";
#endif
    snprintf(other, sizeof other, "signal %d", sig);
    return other;
}

#ifdef __wasi__
void interrupt_catch(void) {}
#else
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NSTOP (sizeof stop_signals / sizeof stop_signals[0])

static void on_stop_signal(int sig) {
    if (first_signal) {
        /* The second: the program ends now, by this signal. */
        for (sig_atomic_t i = 0; i < nhooks; i++) hooks[i]();
        if (on_second) on_second();
        proc_end_by_signal(sig);
        return;
    }
    first_signal = sig;
    if (on_first) on_first();
}

void interrupt_catch(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSTOP; i++) sigaddset(&sa.sa_mask, stop_signals[i]); /* one at a time */
    /* A signal the program was started with ignored stays so: nohup's SIGHUP, the
     * SIGINT a shell's background job ignores, a caller's trap ''. */
    for (size_t i = 0; i < NSTOP; i++) {
        struct sigaction old;
        if (sigaction(stop_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(stop_signals[i], &sa, NULL);
    }
}
#endif
