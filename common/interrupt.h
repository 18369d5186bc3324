/*
 * interrupt.h - SIGINT, SIGTERM and SIGHUP as a request to stop, not a crash.
 *
 * A CI runner cancels a job with SIGINT then SIGTERM, a terminal sends SIGINT on
 * Ctrl-C and SIGHUP when it closes. A program that dies at once leaves no report,
 * or yesterday's (issue 60). After interrupt_catch, the first of these signals is
 * only remembered (interrupt_signal), and every child process.h started is killed,
 * so that a wait on one ends at once: the program stops between two steps, writes
 * what it has marked interrupted, and exits interrupt_exit_status(). A second
 * signal ends the program at once, as the signal's default action does, after
 * process.h's cleanup hooks (a temporary file is removed).
 *
 * On wasm32-wasi there are no signals: interrupt_catch does nothing.
 */
#ifndef ROBOTS_COMMON_INTERRUPT_H
#define ROBOTS_COMMON_INTERRUPT_H

/* Installs the handlers; call it once, before the work starts. A signal ignored
 * when the program started (nohup, a shell's background job) stays ignored. */
void interrupt_catch(void);

/* The first signal received since interrupt_catch, or 0. */
int interrupt_signal(void);

/* 128 + the signal (a shell's status for a program a signal ended), or 0. */
int interrupt_exit_status(void);

/* "SIGTERM", "SIGINT", "SIGHUP"; "signal N" for another. */
const char *interrupt_name(int sig);

/* Registers a function the second signal runs before the program ends (remove
 * a temporary file): async-signal-safe. At most 8. */
void interrupt_at_second(void (*hook)(void));

/* For the tests that send a signal at a chosen moment: when the environment's
 * ROBOTS_TEST_PAUSE names `moment` ("reports": the reports are being written;
 * "site": robots census answered its first site),
 * says "paused at MOMENT (pid N)" on stderr and waits until a signal comes, at
 * most 10 seconds; the first time only. Does nothing otherwise. */
void interrupt_test_pause(const char *moment);

/* For process.c: what the first signal does besides being remembered (kill the
 * children), and what the second does before the program ends (the cleanup hooks,
 * the children). Both run in the handler: async-signal-safe. */
void interrupt_set_actions(void (*first)(void), void (*second)(void));

#endif
