/*
 * process.c - run a program under a timeout with captured input and output.
 *
 * The child gets its own process group, so a timeout kills everything it started.
 * A pipe that closes on exec tells the parent whether exec itself failed. Writes to
 * the child's stdin and reads of its stdout/stderr share one poll loop, so a child
 * that prints a lot before reading its input cannot deadlock us.
 */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_fd(int *fd) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static int set_flags(int fd, int cloexec, int nonblock) {
    if (cloexec && fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) return -1;
    if (nonblock && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) return -1;
    return 0;
}

/* Keeps at most cap bytes (plus a terminating NUL); notes what was dropped. */
static void keep(proc_output *o, const char *data, size_t n, size_t cap) {
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

/* Reads what is available; returns 0 at end of file, 1 while open. */
static int drain(int fd, proc_output *o, size_t cap) {
    char chunk[65536];
    for (;;) {
        ssize_t got = read(fd, chunk, sizeof chunk);
        if (got > 0) {
            keep(o, chunk, (size_t)got, cap);
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 1;
        return 0;
    }
}

static void child(char *const argv[], int in, int out, int err, int report) {
    setpgid(0, 0);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    execvp(argv[0], argv);
    int e = errno;
    ssize_t ignored = write(report, &e, sizeof e);
    (void)ignored;
    _exit(127);
}

/* Starts argv in its own process group with three pipes: *in (the child's stdin,
 * for writing), *out and *err (its stdout and stderr, for reading), all
 * close-on-exec and non-blocking. *exec_errno is 0, or why exec failed (the child
 * then exits 127). Returns -1, with nothing open, when no child could be made. */
static int spawn(char *const argv[], int *in, int *out, int *err, pid_t *pid, int *exec_errno) {
    int i[2] = {-1, -1}, o[2] = {-1, -1}, e[2] = {-1, -1}, rep[2] = {-1, -1};
    if (pipe(i) || pipe(o) || pipe(e) || pipe(rep) || set_flags(i[1], 1, 0) ||
        set_flags(o[0], 1, 0) || set_flags(e[0], 1, 0) || set_flags(rep[0], 1, 0) ||
        set_flags(rep[1], 1, 0)) {
        int fds[] = {i[0], i[1], o[0], o[1], e[0], e[1], rep[0], rep[1]};
        for (size_t k = 0; k < 8; k++) close_fd(&fds[k]);
        return -1;
    }
    *pid = fork();
    if (*pid == 0) child(argv, i[0], o[1], e[1], rep[1]);
    close_fd(&i[0]);
    close_fd(&o[1]);
    close_fd(&e[1]);
    close_fd(&rep[1]);
    if (*pid < 0) {
        int fds[] = {i[1], o[0], e[0], rep[0]};
        for (size_t k = 0; k < 4; k++) close_fd(&fds[k]);
        return -1;
    }
    setpgid(*pid, *pid);
    /* Blocks only until exec: then the close-on-exec pipe reads as end of file. */
    *exec_errno = 0;
    ssize_t got;
    do got = read(rep[0], exec_errno, sizeof *exec_errno);
    while (got < 0 && errno == EINTR);
    close_fd(&rep[0]);
    if (got != (ssize_t)sizeof *exec_errno) *exec_errno = 0;
    set_flags(i[1], 0, 1);
    set_flags(o[0], 0, 1);
    set_flags(e[0], 0, 1);
    *in = i[1];
    *out = o[0];
    *err = e[0];
    return 0;
}

/* The child proc_run waits for, for proc_kill_current. */
static volatile sig_atomic_t current_child;

void proc_kill_current(void) {
    pid_t pid = (pid_t)current_child;
    if (pid > 0) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
    }
}

int proc_run(char *const argv[], const char *input, size_t input_len, double timeout,
             size_t cap, proc_result *res) {
    memset(res, 0, sizeof *res);
    /* A child that exits without reading its input must not kill us with SIGPIPE. */
    struct sigaction ignore, saved;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ignore, &saved);

    double deadline = now_seconds() + timeout;
    int in, out, err;
    pid_t pid;
    int exec_errno;
    if (spawn(argv, &in, &out, &err, &pid, &exec_errno) != 0) {
        sigaction(SIGPIPE, &saved, NULL);
        return -1;
    }
    current_child = pid;
    if (exec_errno) {
        res->exec_failed = 1;
        res->exec_errno = exec_errno;
    }

    size_t written = 0;
    if (input_len == 0 || res->exec_failed) close_fd(&in);
    int status = 0, reaped = 0;
    while (!reaped) {
        double left = deadline - now_seconds();
        if (left <= 0) {
            res->timed_out = 1;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            break;
        }
        struct pollfd p[3];
        nfds_t np = 0;
        if (in >= 0) p[np++] = (struct pollfd){in, POLLOUT, 0};
        if (out >= 0) p[np++] = (struct pollfd){out, POLLIN, 0};
        if (err >= 0) p[np++] = (struct pollfd){err, POLLIN, 0};
        if (np == 0) {
            /* Both outputs closed: wait for the exit, still bounded by the deadline. */
            pid_t w = waitpid(pid, &status, WNOHANG);
            if (w == pid) {
                reaped = 1;
                break;
            }
            struct timespec nap = {0, 2000000};
            nanosleep(&nap, NULL);
            continue;
        }
        int ms = left > 1000 ? 1000 : (int)(left * 1000) + 1;
        if (poll(p, np, ms) < 0 && errno != EINTR) break;
        for (nfds_t i = 0; i < np; i++) {
            if (!p[i].revents) continue;
            if (p[i].fd == in) {
                ssize_t w = write(in, input + written, input_len - written);
                if (w > 0) written += (size_t)w;
                if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input_len)
                    close_fd(&in);
            } else if (p[i].fd == out) {
                if (!drain(out, &res->out, cap)) close_fd(&out);
            } else if (!drain(err, &res->err, cap)) {
                close_fd(&err);
            }
        }
    }
    close_fd(&in);
    close_fd(&out);
    close_fd(&err);
    if (!reaped) {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    current_child = 0;
    sigaction(SIGPIPE, &saved, NULL);
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

/* ---- Sessions: a long-lived child, one reply line per request line ---------- */

#define REPLY_MAX ((size_t)16 << 20)

int session_start(char *const argv[], proc_session *s) {
    memset(s, 0, sizeof *s);
    s->in = s->out = s->err = -1;
    /* The child may go away while we write to it: that must be an error, not death. */
    signal(SIGPIPE, SIG_IGN);
    pid_t pid;
    int exec_errno;
    if (spawn(argv, &s->in, &s->out, &s->err, &pid, &exec_errno) != 0) return -1;
    s->pid = pid;
    if (exec_errno) {
        s->ended.exec_failed = 1;
        s->ended.exec_errno = exec_errno;
    }
    return 0;
}

/* How the child ended, after its output closed: waits a moment for the exit. */
static void describe_end(proc_session *s, const char *what, char *why, size_t cap) {
    int status = 0;
    pid_t w = 0;
    for (int i = 0; i < 100 && w == 0; i++) {
        w = waitpid(s->pid, &status, WNOHANG);
        if (w == 0) {
            struct timespec nap = {0, 5000000};
            nanosleep(&nap, NULL);
        }
    }
    if (w == s->pid) {
        s->pid = 0;
        if (WIFSIGNALED(status)) {
            s->ended.signaled = 1;
            s->ended.status = WTERMSIG(status);
        } else {
            s->ended.status = WEXITSTATUS(status);
        }
        char text[128];
        snprintf(why, cap, "%s (%s)", what, proc_describe(&s->ended, 0, text, sizeof text));
    } else {
        snprintf(why, cap, "%s", what);
    }
}

int session_request(proc_session *s, const char *line, size_t len, double timeout, char **reply,
                    char *why, size_t cap) {
    if (s->ended.exec_failed) {
        snprintf(why, cap, "could not run the target: %s", strerror(s->ended.exec_errno));
        return -1;
    }
    double deadline = now_seconds() + timeout;
    size_t written = 0, total = len + 1;
    for (;;) {
        char *nl = written == total && s->pending ? memchr(s->pending, '\n', s->pending_len) : NULL;
        if (nl) {
            /* Hand out the line (without CR LF) and keep what follows it. */
            size_t n = (size_t)(nl - s->pending);
            if (n + 1 > s->line_cap) {
                char *grown = realloc(s->line, n + 1);
                if (!grown) {
                    snprintf(why, cap, "out of memory reading the reply");
                    return -1;
                }
                s->line = grown;
                s->line_cap = n + 1;
            }
            memcpy(s->line, s->pending, n);
            if (n && s->line[n - 1] == '\r') n--;
            s->line[n] = '\0';
            size_t used = (size_t)(nl - s->pending) + 1;
            memmove(s->pending, nl + 1, s->pending_len - used);
            s->pending_len -= used;
            *reply = s->line;
            return 0;
        }
        if (s->pending_len > REPLY_MAX) {
            snprintf(why, cap, "a reply line longer than 16 MiB");
            return -1;
        }
        double left = deadline - now_seconds();
        if (left <= 0) {
            snprintf(why, cap, "no reply within %.1f s", timeout);
            return -1;
        }
        struct pollfd p[3];
        nfds_t np = 0;
        if (written < total) p[np++] = (struct pollfd){s->in, POLLOUT, 0};
        if (s->out >= 0) p[np++] = (struct pollfd){s->out, POLLIN, 0};
        if (s->err >= 0) p[np++] = (struct pollfd){s->err, POLLIN, 0};
        int ms = left > 1000 ? 1000 : (int)(left * 1000) + 1;
        if (poll(p, np, ms) < 0 && errno != EINTR) {
            snprintf(why, cap, "poll failed: %s", strerror(errno));
            return -1;
        }
        for (nfds_t i = 0; i < np; i++) {
            if (!p[i].revents) continue;
            if (p[i].fd == s->in) {
                ssize_t w = written < len ? write(s->in, line + written, len - written) : write(s->in, "\n", 1);
                if (w > 0) written += (size_t)w;
                else if (w < 0 && errno != EAGAIN && errno != EINTR) {
                    describe_end(s, "the target stopped reading its input", why, cap);
                    return -1;
                }
            } else if (p[i].fd == s->out) {
                char chunk[65536];
                ssize_t got = read(s->out, chunk, sizeof chunk);
                if (got > 0) {
                    char *grown = realloc(s->pending, s->pending_len + (size_t)got + 1);
                    if (!grown) {
                        snprintf(why, cap, "out of memory reading the reply");
                        return -1;
                    }
                    s->pending = grown;
                    memcpy(s->pending + s->pending_len, chunk, (size_t)got);
                    s->pending_len += (size_t)got;
                } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
                    close_fd(&s->out);
                    describe_end(s, "the target ended without replying", why, cap);
                    return -1;
                }
            } else {
                char chunk[65536];
                ssize_t got = read(s->err, chunk, sizeof chunk); /* ignored, but drained */
                if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR)) close_fd(&s->err);
            }
        }
    }
}

void session_stop(proc_session *s, double timeout) {
    close_fd(&s->in);
    if (s->pid > 0) {
        double deadline = now_seconds() + timeout;
        int status;
        while (waitpid(s->pid, &status, WNOHANG) == 0) {
            if (now_seconds() > deadline) {
                kill(-s->pid, SIGKILL);
                kill(s->pid, SIGKILL);
                waitpid(s->pid, &status, 0);
                break;
            }
            struct timespec nap = {0, 2000000};
            nanosleep(&nap, NULL);
        }
    }
    close_fd(&s->out);
    close_fd(&s->err);
    free(s->pending);
    free(s->line);
    s->pending = s->line = NULL;
    s->pending_len = s->line_cap = 0;
    s->pid = 0;
}
