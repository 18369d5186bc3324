/*
 * process.h - run another program without a shell, feed it input, capture what it
 * prints, and never wait longer than a timeout. A program that crashes, hangs or
 * floods its output yields a result that says so; the caller goes on.
 *
 * Nothing a child starts outlives it: each child leads its own process group, and
 * when the child ends, is killed, or its session stops, the whole group is killed
 * (a background helper too). A child inherits no descriptor but its standard
 * input, output and error. The first child made installs handlers for the signals
 * that end a program (HUP, INT, QUIT, TERM, USR1, USR2, ALRM, XCPU, XFSZ, VTALRM,
 * PROF): they kill the group of every child still running, run the cleanup hooks
 * (proc_at_signal), and end the program by the same signal; a program that
 * takes INT, TERM and HUP as a request to stop (interrupt.h) has its children
 * killed at the first and ends so at the second. SIGKILL cannot be caught: a
 * runner killed that way leaves its children behind, except on Linux, where
 * each child is killed with its parent (PR_SET_PDEATHSIG); what a child started
 * in turn may stay.
 */
#ifndef ROBOTS_COMMON_PROCESS_H
#define ROBOTS_COMMON_PROCESS_H

#include <signal.h>
#include <stddef.h>

typedef struct proc_output {
    char *data; /* NUL-terminated for convenience; may also contain NULs */
    size_t len;
    int truncated; /* more was printed than the cap kept */
} proc_output;

typedef struct proc_result {
    int exec_failed; /* the program could not be started; exec_errno says why */
    int exec_errno;
    int timed_out;   /* killed (with its process group) at the timeout */
    int signaled;    /* ended by a signal: status is the signal number */
    int status;      /* exit status when it exited */
    proc_output out; /* the first `cap` bytes of its standard output */
    proc_output err; /* the last `cap` bytes of its standard error (the end explains) */
} proc_result;

/* Runs argv[0] (searched in PATH) with argv, writing input to its standard input.
 * At most `cap` bytes of each output stream are kept. The run ends when the child
 * exits (whatever its background children still hold open) or at the timeout.
 * Returns 0 when the result describes the run, -1 when the run could not be
 * attempted (no pipes or fork). */
int proc_run(char *const argv[], const char *input, size_t input_len, double timeout_seconds,
             size_t cap, proc_result *result);
void proc_result_free(proc_result *result);

/* A one-line description: "exit status 1", "killed by signal 11 (Segmentation
 * fault)", "timed out after 5.0 s", "could not run: No such file or directory". */
const char *proc_describe(const proc_result *result, double timeout_seconds, char *text, size_t cap);

/* Registers a function to call when a signal ends the program, before it ends:
 * it must be async-signal-safe (e.g. unlink a temporary file). At most 8. */
void proc_at_signal(void (*hook)(void));

/* Ends the program by sig, from its handler: the default action restored, the
 * signal unblocked and raised again, so that the parent sees the program ended
 * by it (128 + sig in a shell). Async-signal-safe. */
void proc_end_by_signal(int sig);

/* Holds back the signals the hooks run at (saving the mask in *saved) until
 * proc_release_signals: what is made and recorded between them for a hook to
 * remove (a temporary file and its name) is never made but not yet recorded when
 * a signal ends the program. */
void proc_hold_signals(sigset_t *saved);
void proc_release_signals(const sigset_t *saved);

/* Whether argv0 names a program that exec could start: a path to an executable
 * file, or a name found in PATH. Returns 0, or -1 with errno set. */
int proc_findable(const char *argv0);

/* The last `lines` lines (at most `cap` - 1 bytes) of text, for showing what a
 * program said before it failed. When the first line that names an error (a word
 * ending in "Error" or "Exception", "error:", "Traceback", "panic:", "fatal")
 * comes before them, it is kept too, first, then "...": Node's "TypeError: ..."
 * stands above a dozen stack frames. */
void proc_tail(const char *text, size_t len, int lines, char *out, size_t cap);

/* Seconds on a monotonic clock. */
double proc_now(void);

/* A long-lived child answering one line per request line (the batch protocol). */
typedef struct proc_session {
    int pid;
    int in, out, errfd; /* our ends of its stdin, stdout, stderr */
    char *pending;    /* bytes read after the last reply line */
    size_t pending_len;
    char *line;       /* the line handed out last */
    size_t line_cap;
    proc_output err;   /* the last 4 KiB it printed on stderr */
    double deadline;   /* of the request in progress (monotonic seconds) */
    double timeout;    /* the request's timeout, for the message when it passes */
    proc_result ended; /* how it ended, once it has */
} proc_session;

/* Starts argv[0] (searched in PATH). Returns 0, or -1 with errno set; when exec
 * itself fails, 0 is returned, ended.exec_failed is set, and the first request
 * reports it. */
int session_start(char *const argv[], proc_session *s);

/* Sends one line (a newline is added) and waits up to timeout seconds for one line
 * back, which *reply points to (NUL-terminated, without its CR LF, valid until the
 * next call). Returns 0, or -1 with `error` describing the failure (the child exited
 * or was killed, timed out, closed its output); after a failure the session is
 * over: stop it. */
int session_request(proc_session *s, const char *line, size_t len, double timeout, char **reply,
                    char *error, size_t cap);

/* Waits for the next line, without sending anything, until the deadline of the
 * last session_request: the timeout is the request's, however many lines (a
 * banner, a log line) come before its reply. Same returns as session_request. */
int session_read_line(proc_session *s, char **reply, char *error, size_t cap);

/* Closes the child's input, waits up to timeout seconds for it to exit, then kills
 * its process group; frees everything. */
void session_stop(proc_session *s, double timeout);

#endif
