/*
 * process.c - run a program under a timeout with captured input and output.
 *
 * The child gets its own process group, so a timeout kills everything it started.
 * A pipe that closes on exec tells the parent whether exec itself failed. Writes to
 * the child's stdin and reads of its stdout/stderr share one poll loop, so a child
 * that prints a lot before reading its input cannot deadlock us.
 *
 * A child is reaped in two steps: waitid(WNOWAIT) sees that it exited while it
 * stays a zombie, so its process group id cannot be reused; then the group is
 * killed (its background children with it) and the zombie reaped.
 */
#include "process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "interrupt.h"

double proc_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void nap(long ms) {
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

static void close_fd(int *fd) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* A pipe's end closed in every program a child runs; or one read and written
 * without blocking. 0, or -1 with errno. */
static int close_on_exec(int fd) { return fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ? -1 : 0; }
static int nonblocking(int fd) { return fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0 ? -1 : 0; }

/* ---- Every child still running, for the signal handler ------------------------- */

#define MAX_CHILDREN 64
#define MAX_HOOKS 8

static volatile sig_atomic_t children[MAX_CHILDREN]; /* process ids; 0: a free slot */
static void (*volatile hooks[MAX_HOOKS])(void);
static volatile sig_atomic_t nhooks;

/* The signals that end a program by default and can be caught. */
static const int fatal_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
                                    SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};
#define NFATAL (sizeof fatal_signals / sizeof fatal_signals[0])

static void fatal_set(sigset_t *set) {
    sigemptyset(set);
    for (size_t i = 0; i < NFATAL; i++) sigaddset(set, fatal_signals[i]);
}

static void kill_group(pid_t pid) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

static void kill_children(void) {
    for (size_t i = 0; i < MAX_CHILDREN; i++)
        if (children[i] > 0) kill_group((pid_t)children[i]);
}

/* Before the program ends by a signal: the hooks, then every child. */
static void clean_up(void) {
    for (sig_atomic_t i = 0; i < nhooks; i++) hooks[i]();
    kill_children();
}

void proc_end_by_signal(int sig) {
    signal(sig, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(sig);
}

static void on_fatal_signal(int sig) {
    clean_up();
    proc_end_by_signal(sig);
}

/* Once, before the first child: a handler for each fatal signal whose default
 * action is in force (one the caller ignores or handles stays as it is). */
static void guard_signals(void) {
    static int done;
    if (done) return;
    done = 1;
    /* A program that takes SIGINT, SIGTERM and SIGHUP as a request to stop
     * (interrupt.h) has its children killed at the first, so that a wait on one
     * ends; at the second the hooks run as at any fatal signal. */
    interrupt_set_actions(kill_children, clean_up);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    fatal_set(&sa.sa_mask); /* one handler at a time */
    for (size_t i = 0; i < NFATAL; i++) {
        struct sigaction old;
        if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
            sigaction(fatal_signals[i], &sa, NULL);
    }
}

void proc_hold_signals(sigset_t *saved) {
    sigset_t fatal;
    fatal_set(&fatal);
    sigprocmask(SIG_BLOCK, &fatal, saved);
}

void proc_release_signals(const sigset_t *saved) { sigprocmask(SIG_SETMASK, saved, NULL); }

void proc_at_signal(void (*hook)(void)) {
    /* From now on a signal must run the hook, also before the first child (a
     * runner interrupted between writing its first temporary file and starting
     * its first check left the file behind). */
    guard_signals();
    if (nhooks < MAX_HOOKS) {
        hooks[nhooks] = hook;
        nhooks = nhooks + 1;
    }
}

static void track(pid_t pid) {
    for (size_t i = 0; i < MAX_CHILDREN; i++) {
        if (children[i] == 0) {
            children[i] = pid;
            return;
        }
    }
}

static void untrack(pid_t pid) {
    for (size_t i = 0; i < MAX_CHILDREN; i++)
        if (children[i] == pid) children[i] = 0;
}

/* Whether the child has exited (it stays a zombie until reaped). */
static int exited_now(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

/* If the child has exited: kills what is left of its group, reaps it, stores its
 * wait status and returns 1. Returns 0 while it runs. */
static int reap_if_exited(pid_t pid, int *status) {
    if (!exited_now(pid)) return 0;
    kill(-pid, SIGKILL);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
    }
    untrack(pid);
    return 1;
}

/* Kills the child's group and reaps the child. */
static void kill_and_reap(pid_t pid, int *status) {
    kill_group(pid);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
    }
    untrack(pid);
}

/* ---- Starting a child ----------------------------------------------------------- */

/* Marks every descriptor above 2 close-on-exec: those of the caller's own parent
 * (a make jobserver, a shell's) as well as ours. /proc/self/fd lists them; without
 * it, the first 4096 are marked. */
static void close_on_exec_above_2(void) {
    DIR *d = opendir("/proc/self/fd");
    if (!d) {
        for (int fd = 3; fd < 4096; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        int fd = atoi(e->d_name);
        if (fd > 2) fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    closedir(d);
}

/* In the child: stdin, stdout and stderr become the pipes, and nothing else stays
 * open: a descriptor left behind would keep a pipe open after the child exits (a
 * background helper would hold it). */
static void child(char *const argv[], int in, int out, int err, int report, const sigset_t *mask, pid_t parent) {
    setpgid(0, 0);
#ifdef __linux__
    /* SIGKILL cannot be caught, so a parent killed so cannot kill its children:
     * on Linux the kernel does, for the child itself (what the child starts is
     * its own). A parent already gone by now is gone for good. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
#else
    (void)parent;
#endif
    close_on_exec_above_2();
    int ends[3] = {in, out, err}, high[3];
    for (int k = 0; k < 3; k++)
        if ((high[k] = fcntl(ends[k], F_DUPFD_CLOEXEC, 3)) < 0) _exit(127);
    for (int k = 0; k < 3; k++)
        if (ends[k] > 2) close(ends[k]);
    for (int k = 0; k < 3; k++)
        if (dup2(high[k], k) < 0) _exit(127);
    /* The program starts as if from a shell: default signal actions, nothing blocked. */
    for (size_t i = 0; i < NFATAL; i++) signal(fatal_signals[i], SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    sigprocmask(SIG_SETMASK, mask, NULL);
    execvp(argv[0], argv);
    int e = errno;
    ssize_t ignored = write(report, &e, sizeof e);
    (void)ignored;
    _exit(127);
}

/* Starts argv in its own process group with three pipes: *in (the child's stdin,
 * for writing), *out and *err (its stdout and stderr, for reading), all
 * close-on-exec and non-blocking. *exec_errno is 0, or why exec failed (the child
 * then exits 127). Returns -1, with nothing open, when no child could be made. The
 * fatal signals are blocked from fork until the child is tracked, so none can
 * leave it behind. */
static int spawn(char *const argv[], int *in, int *out, int *err, pid_t *pid, int *exec_errno) {
    guard_signals();
    /* A child that exits without reading its input must not kill us with SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    enum { IN, OUT, ERR, REPORT }; /* pipe k: [0] reads, [1] writes */
    int fd[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
    int ok = 1;
    for (int k = 0; k < 4 && ok; k++)
        ok = pipe(fd[k]) == 0 && close_on_exec(fd[k][0]) == 0 && close_on_exec(fd[k][1]) == 0;
    sigset_t fatal, saved;
    fatal_set(&fatal);
    sigprocmask(SIG_BLOCK, &fatal, &saved);
    pid_t parent = getpid();
    *pid = ok ? fork() : -1;
    if (*pid == 0) child(argv, fd[IN][0], fd[OUT][1], fd[ERR][1], fd[REPORT][1], &saved, parent);
    if (*pid > 0) {
        setpgid(*pid, *pid);
        track(*pid);
    }
    sigprocmask(SIG_SETMASK, &saved, NULL);
    /* The child's ends are the child's now. */
    close_fd(&fd[IN][0]);
    close_fd(&fd[OUT][1]);
    close_fd(&fd[ERR][1]);
    close_fd(&fd[REPORT][1]);
    if (*pid < 0) {
        for (int k = 0; k < 4; k++) close_fd(&fd[k][k == IN]);
        return -1;
    }
    /* Blocks only until exec: then the close-on-exec pipe reads as end of file. */
    *exec_errno = 0;
    ssize_t got;
    do got = read(fd[REPORT][0], exec_errno, sizeof *exec_errno);
    while (got < 0 && errno == EINTR);
    close_fd(&fd[REPORT][0]);
    if (got != (ssize_t)sizeof *exec_errno) *exec_errno = 0;
    nonblocking(fd[IN][1]);
    nonblocking(fd[OUT][0]);
    nonblocking(fd[ERR][0]);
    *in = fd[IN][1];
    *out = fd[OUT][0];
    *err = fd[ERR][0];
    return 0;
}

int proc_findable(const char *argv0) {
    if (!*argv0) {
        errno = ENOENT;
        return -1;
    }
    if (strchr(argv0, '/')) {
        struct stat st;
        if (stat(argv0, &st) != 0) return -1;
        if (!S_ISREG(st.st_mode) || access(argv0, X_OK) != 0) {
            errno = EACCES;
            return -1;
        }
        return 0;
    }
    const char *path = getenv("PATH");
    if (!path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path;; p++) {
        size_t len = strcspn(p, ":");
        char full[4096];
        int n = snprintf(full, sizeof full, "%.*s%s%s", (int)len, p, len ? "/" : "", argv0);
        struct stat st;
        if (n > 0 && (size_t)n < sizeof full && stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
            access(full, X_OK) == 0)
            return 0;
        p += len;
        if (!*p) break;
    }
    errno = ENOENT;
    return -1;
}

/* ---- One run -------------------------------------------------------------------- */

/* Keeps the first cap bytes (plus a terminating NUL); notes what was dropped. */
static void keep_head(proc_output *o, const char *data, size_t n, size_t cap) {
    size_t room = o->len < cap ? cap - o->len : 0;
    if (n > room) {
        o->truncated = 1;
        n = room;
    }
    if (n == 0) return;
    char *p = realloc(o->data, o->len + n + 1);
    if (!p) {
        o->truncated = 1;
        return;
    }
    o->data = p;
    memcpy(o->data + o->len, data, n);
    o->len += n;
    o->data[o->len] = '\0';
}

/* Keeps the last cap bytes: what a program prints last on stderr explains its end. */
static void keep_tail(proc_output *o, const char *data, size_t n, size_t cap) {
    if (n >= cap) {
        data += n - cap;
        if (o->len || n > cap) o->truncated = 1;
        o->len = 0;
        n = cap;
    } else if (o->len + n > cap) {
        size_t drop = o->len + n - cap;
        memmove(o->data, o->data + drop, o->len - drop);
        o->len -= drop;
        o->truncated = 1;
    }
    keep_head(o, data, n, cap);
}

/* Reads what is available; returns 0 at end of file, 1 while open. */
static int drain(int fd, proc_output *o, size_t cap, int tail) {
    char chunk[65536];
    for (;;) {
        ssize_t got = read(fd, chunk, sizeof chunk);
        if (got > 0) {
            (tail ? keep_tail : keep_head)(o, chunk, (size_t)got, cap);
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        return 0;
    }
}

/* Waits for a child's pipes, each left out when negative: its input to take more,
 * its output and error to have something. At most 50 ms, or what is left before
 * the deadline: short naps, so that a child that exited while a background helper
 * holds its output open is noticed by waitid, not by the end of its output. Fills
 * p and *np; returns poll's result (-1 with errno), 0 after a nap when no pipe is
 * open. */
static int wait_pipes(int in, int out, int err, double left, struct pollfd p[3], nfds_t *np) {
    *np = 0;
    if (in >= 0) p[(*np)++] = (struct pollfd){in, POLLOUT, 0};
    if (out >= 0) p[(*np)++] = (struct pollfd){out, POLLIN, 0};
    if (err >= 0) p[(*np)++] = (struct pollfd){err, POLLIN, 0};
    int ms = left > 0.05 ? 50 : (int)(left * 1000) + 1;
    if (*np == 0) {
        nap(ms < 2 ? ms : 2);
        return 0;
    }
    return poll(p, *np, ms);
}

int proc_run(char *const argv[], const char *input, size_t input_len, double timeout, size_t cap,
             proc_result *res) {
    memset(res, 0, sizeof *res);
    double deadline = proc_now() + timeout;
    int in, out, err;
    pid_t pid;
    int exec_errno;
    if (spawn(argv, &in, &out, &err, &pid, &exec_errno) != 0) return -1;
    if (exec_errno) {
        res->exec_failed = 1;
        res->exec_errno = exec_errno;
    }
    size_t written = 0;
    if (input_len == 0 || res->exec_failed) close_fd(&in);
    int status = 0, reaped = 0;
    while (!reaped) {
        double left = deadline - proc_now();
        if (left <= 0) {
            res->timed_out = 1;
            kill_and_reap(pid, &status);
            reaped = 1;
            break;
        }
        struct pollfd p[3];
        nfds_t np;
        if (wait_pipes(in, out, err, left, p, &np) < 0 && errno != EINTR) {
            kill_and_reap(pid, &status);
            reaped = 1;
            break;
        }
        for (nfds_t i = 0; i < np; i++) {
            if (!p[i].revents) continue;
            if (p[i].fd == in) {
                ssize_t w = write(in, input + written, input_len - written);
                if (w > 0) written += (size_t)w;
                if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input_len) close_fd(&in);
            } else if (p[i].fd == out) {
                if (!drain(out, &res->out, cap, 0)) close_fd(&out);
            } else if (!drain(err, &res->err, cap, 1)) {
                close_fd(&err);
            }
        }
        if (reap_if_exited(pid, &status)) {
            /* What it wrote before it exited is in the pipes: take it. */
            if (out >= 0) drain(out, &res->out, cap, 0);
            if (err >= 0) drain(err, &res->err, cap, 1);
            reaped = 1;
        }
    }
    close_fd(&in);
    close_fd(&out);
    close_fd(&err);
    if (res->timed_out) return 0;
    if (WIFSIGNALED(status)) {
        res->signaled = 1;
        res->status = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
        res->status = WEXITSTATUS(status);
    }
    return 0;
}

void proc_result_free(proc_result *res) {
    free(res->out.data);
    free(res->err.data);
    res->out.data = res->err.data = NULL;
    res->out.len = res->err.len = 0;
}

const char *proc_describe(const proc_result *res, double timeout, char *text, size_t cap) {
    if (res->exec_failed)
        snprintf(text, cap, "could not run: %s", strerror(res->exec_errno));
    else if (res->timed_out)
        snprintf(text, cap, "timed out after %.1f s", timeout);
    else if (res->signaled)
        snprintf(text, cap, "killed by signal %d (%s)", res->status, strsignal(res->status));
    else
        snprintf(text, cap, "exit status %d", res->status);
    return text;
}

/* Does the line (n bytes) name an error? */
static bool error_line(const char *line, size_t n) {
    static const char *const marks[] = {"Error", "Exception", "error:", "Traceback", "panic:", "fatal"};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        size_t m = strlen(marks[i]);
        for (size_t k = 0; k + m <= n; k++)
            if (!memcmp(line + k, marks[i], m)) return true;
    }
    return false;
}

void proc_tail(const char *text, size_t len, int lines, char *out, size_t cap) {
    if (!cap) return;
    out[0] = '\0';
    while (len && (text[len - 1] == '\n' || text[len - 1] == '\r')) len--;
    size_t start = len;
    for (int seen = 0; start > 0; start--) {
        if (text[start - 1] == '\n' && ++seen == lines) break;
        if (len - start + 1 >= cap) break;
    }
    /* The first error line above the tail, when there is one and room for it. */
    size_t used = 0;
    for (size_t at = 0; at < start;) {
        const char *nl = memchr(text + at, '\n', start - at);
        size_t n = (nl ? (size_t)(nl - text) : start) - at;
        if (error_line(text + at, n)) {
            if (n + 5 < cap / 2) {
                memcpy(out, text + at, n);
                memcpy(out + n, "\n...\n", 5);
                used = n + 5;
            }
            break;
        }
        at += n + 1;
    }
    size_t n = len - start;
    if (n >= cap - used) n = cap - used - 1;
    memcpy(out + used, text + len - n, n);
    out[used + n] = '\0';
}

/* ---- Sessions: a long-lived child, one reply line per request line ---------- */

#define REPLY_MAX ((size_t)16 << 20)

int session_start(char *const argv[], proc_session *s) {
    memset(s, 0, sizeof *s);
    s->in = s->out = s->errfd = -1;
    pid_t pid;
    int exec_errno;
    if (spawn(argv, &s->in, &s->out, &s->errfd, &pid, &exec_errno) != 0) return -1;
    s->pid = pid;
    if (exec_errno) {
        s->ended.exec_failed = 1;
        s->ended.exec_errno = exec_errno;
    }
    return 0;
}

#define STDERR_KEPT ((size_t)4096)

/* Keeps the end of the child's stderr. Returns 0 at end of file, 1 while open. */
static int drain_stderr(proc_session *s) { return drain(s->errfd, &s->err, STDERR_KEPT, 1); }

/* How the child ended, once its output closed or its input did: waits a moment
 * for the exit (taking the rest of its stderr meanwhile). */
static void describe_end(proc_session *s, const char *what, char *error, size_t cap) {
    int status = 0, exited = 0;
    for (int i = 0; i < 50 && !exited; i++) {
        if (s->errfd >= 0 && !drain_stderr(s)) close_fd(&s->errfd);
        exited = reap_if_exited(s->pid, &status);
        if (!exited) nap(2);
    }
    if (exited) {
        s->pid = 0;
        if (WIFSIGNALED(status)) {
            s->ended.signaled = 1;
            s->ended.status = WTERMSIG(status);
        } else {
            s->ended.status = WEXITSTATUS(status);
        }
        if (s->errfd >= 0) drain_stderr(s);
        char text[128];
        snprintf(error, cap, "%s (%s)", what, proc_describe(&s->ended, 0, text, sizeof text));
    } else {
        snprintf(error, cap, "%s (it closed its output but still runs)", what);
    }
}

/* Appends what stdout holds now to pending. Returns 0 at end of file or error, 1
 * while open, -1 when memory runs out. */
static int drain_reply(proc_session *s) {
    char chunk[65536];
    for (;;) {
        ssize_t got = read(s->out, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        if (got <= 0) return 0;
        char *grown = realloc(s->pending, s->pending_len + (size_t)got + 1);
        if (!grown) return -1;
        s->pending = grown;
        memcpy(s->pending + s->pending_len, chunk, (size_t)got);
        s->pending_len += (size_t)got;
        if (s->pending_len > REPLY_MAX) return 1;
    }
}

/* Takes one line out of pending into s->line; returns 0, 1 when no whole line is
 * there yet, -1 when memory runs out. */
static int take_line(proc_session *s, char **reply) {
    char *nl = s->pending ? memchr(s->pending, '\n', s->pending_len) : NULL;
    if (!nl) return 1;
    size_t n = (size_t)(nl - s->pending);
    if (n + 1 > s->line_cap) {
        char *grown = realloc(s->line, n + 1);
        if (!grown) return -1;
        s->line = grown;
        s->line_cap = n + 1;
    }
    memcpy(s->line, s->pending, n);
    size_t used = n + 1;
    if (n && s->line[n - 1] == '\r') n--;
    s->line[n] = '\0';
    memmove(s->pending, nl + 1, s->pending_len - used);
    s->pending_len -= used;
    *reply = s->line;
    return 0;
}

/* Serves the pipes poll found ready: writes more of line + "\n" to the child's
 * input, reads its output and its stderr. Returns 0, or -1 with the error. */
static int serve_pipes(proc_session *s, const struct pollfd *p, nfds_t np, const char *line, size_t len,
                       size_t *written, char *error, size_t cap) {
    for (nfds_t i = 0; i < np; i++) {
        if (!p[i].revents) continue;
        if (p[i].fd == s->in) {
            ssize_t w = *written < len ? write(s->in, line + *written, len - *written) : write(s->in, "\n", 1);
            if (w > 0) *written += (size_t)w;
            else if (w < 0 && errno != EAGAIN && errno != EINTR) {
                /* Its input is closed, most often because it ended (before
                 * or while we wrote): say which. */
                describe_end(s, "the target ended without replying", error, cap);
                if (s->pid > 0) snprintf(error, cap, "the target stopped reading its input (it still runs)");
                return -1;
            }
        } else if (p[i].fd == s->out) {
            int open = drain_reply(s);
            if (open < 0) {
                snprintf(error, cap, "out of memory reading the reply");
                return -1;
            }
            if (open == 0) close_fd(&s->out);
        } else if (!drain_stderr(s)) {
            close_fd(&s->errfd);
        }
    }
    return 0;
}

/* Writes line + "\n" (when line is not NULL) and reads until one line is there
 * or the request's deadline passes. */
static int exchange(proc_session *s, const char *line, size_t len, char **reply, char *error, size_t cap) {
    if (s->ended.exec_failed) {
        snprintf(error, cap, "could not run the target: %s", strerror(s->ended.exec_errno));
        return -1;
    }
    double deadline = s->deadline;
    size_t written = 0, total = line ? len + 1 : 0;
    for (;;) {
        if (written == total) {
            int got = take_line(s, reply);
            if (got == 0) return 0;
            if (got < 0) {
                snprintf(error, cap, "out of memory reading the reply");
                return -1;
            }
        }
        if (s->pending_len > REPLY_MAX) {
            snprintf(error, cap, "a reply line longer than 16 MiB");
            return -1;
        }
        double left = deadline - proc_now();
        if (left <= 0) {
            snprintf(error, cap, "no reply within %.1f s", s->timeout);
            s->ended.timed_out = 1;
            return -1;
        }
        if (s->out < 0) {
            describe_end(s, "the target ended without replying", error, cap);
            return -1;
        }
        struct pollfd p[3];
        nfds_t np;
        if (wait_pipes(written < total ? s->in : -1, s->out, s->errfd, left, p, &np) < 0 && errno != EINTR) {
            snprintf(error, cap, "poll failed: %s", strerror(errno));
            return -1;
        }
        if (serve_pipes(s, p, np, line, len, &written, error, cap)) return -1;
        if (s->out >= 0 && s->pid > 0 && exited_now(s->pid)) {
            /* Its last words are in the pipe: take them; then its end is final. */
            if (drain_reply(s) < 0) {
                snprintf(error, cap, "out of memory reading the reply");
                return -1;
            }
            if (written == total && take_line(s, reply) == 0) return 0;
            close_fd(&s->out);
        }
    }
}

int session_request(proc_session *s, const char *line, size_t len, double timeout, char **reply, char *error,
                    size_t cap) {
    s->timeout = timeout;
    s->deadline = proc_now() + timeout;
    return exchange(s, line, len, reply, error, cap);
}

int session_read_line(proc_session *s, char **reply, char *error, size_t cap) {
    return exchange(s, NULL, 0, reply, error, cap);
}

void session_stop(proc_session *s, double timeout) {
    close_fd(&s->in);
    if (s->pid > 0) {
        double deadline = proc_now() + timeout;
        int status;
        while (!reap_if_exited(s->pid, &status)) {
            if (proc_now() > deadline) {
                kill_and_reap(s->pid, &status);
                break;
            }
            if (s->errfd >= 0 && !drain_stderr(s)) close_fd(&s->errfd);
            nap(2);
        }
    }
    close_fd(&s->out);
    close_fd(&s->errfd);
    free(s->err.data);
    s->err.data = NULL;
    s->err.len = 0;
    free(s->pending);
    free(s->line);
    s->pending = s->line = NULL;
    s->pending_len = s->line_cap = 0;
    s->pid = 0;
}
