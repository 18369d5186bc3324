/*
 * process.h - run another program without a shell, feed it input, capture what it
 * prints, and never wait longer than a timeout. A program that crashes, hangs or
 * floods its output yields a result that says so; the caller goes on.
 */
#ifndef ROBOTS_PROCESS_H
#define ROBOTS_PROCESS_H

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
    proc_output out, err;
} proc_result;

/* Runs argv[0] (searched in PATH) with argv, writing input to its standard input.
 * At most `cap` bytes of each output stream are kept. Returns 0 when the result
 * describes the run, -1 when the run could not be attempted (no pipes or fork). */
int proc_run(char *const argv[], const char *input, size_t input_len, double timeout_seconds,
             size_t cap, proc_result *result);
void proc_result_free(proc_result *result);

/* Kills the process group of the child proc_run is waiting for, if any. Safe to
 * call from a signal handler: an interrupted run leaves no orphan behind. */
void proc_kill_current(void);

/* A one-line description: "exit status 1", "killed by signal 11 (Segmentation
 * fault)", "timed out after 5.0 s", "could not run: No such file or directory". */
const char *proc_describe(const proc_result *result, double timeout_seconds, char *text, size_t cap);

/* A long-lived child answering one line per request line (the batch protocol). */
typedef struct proc_session {
    int pid;
    int in, out, err; /* our ends of its stdin, stdout, stderr */
    char *pending;    /* bytes read after the last reply line */
    size_t pending_len;
    char *line;       /* the reply handed out last */
    size_t line_cap;
    proc_result ended; /* how it ended, once it has */
} proc_session;

/* Starts argv[0] (searched in PATH). Returns 0, or -1 with errno set; when exec
 * itself fails, 0 is returned and the first request reports it. */
int session_start(char *const argv[], proc_session *s);

/* Sends one line (a newline is added) and waits up to timeout seconds for one line
 * back, which *reply points to (NUL-terminated, valid until the next call). Returns
 * 0, or -1 with `why` describing the failure (the child exited or was killed, timed
 * out, closed its output); after a failure the session is over: stop it. */
int session_request(proc_session *s, const char *line, size_t len, double timeout, char **reply,
                    char *why, size_t cap);

/* Closes the child's input, waits up to timeout seconds, then kills its process
 * group; frees everything. */
void session_stop(proc_session *s, double timeout);

#endif
