"""watchdog.py - what robots-crawl leaves behind is removed however it ends, SIGKILL included.

A run's temporary folders hold a throwaway authority's private key, its crawls run
in process groups of their own (each a namespace: `unshare`), and its reports are
written to temporary files beside them. A Python `finally` cannot run when the
process is killed with SIGKILL, so start() forks a small watchdog first, before any
thread exists: it makes a session of its own (a signal sent to robots-crawl's
process group or terminal does not reach it), ignores INT, TERM and HUP, and reads
a pipe whose only writer is robots-crawl. Each line says what to clean up, or that
it is gone; when the pipe reaches EOF (robots-crawl has ended, however), the
watchdog kills every process group still listed, removes every file and folder
still listed, and exits. A normal end cleans up first, so the watchdog then finds
nothing left to do.

Lines are JSON: ["+", "group", PGID], ["-", "group", PGID], ["+", "dir", PATH],
["+", "file", PATH], ... (a path may hold any character but NUL).
"""
import json
import os
import shutil
import signal
import threading


def _cleanup(groups, files, dirs):
    for pgid in groups:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for path in files:
        try:
            os.unlink(path)
        except OSError:
            pass
    for path in dirs:
        shutil.rmtree(path, ignore_errors=True)


def _watch(read_fd):
    """The watchdog's whole life; never returns."""
    try:
        os.setsid()
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
            signal.signal(s, signal.SIG_IGN)
        # Its standard streams must not hold a pipe the caller waits on.
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        listed = {"group": set(), "file": set(), "dir": set()}
        pending = b""
        while True:  # until robots-crawl's end closes the pipe
            chunk = os.read(read_fd, 65536)
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                try:
                    sign, kind, value = json.loads(line)
                except ValueError:
                    continue
                if kind in listed:
                    (listed[kind].add if sign == "+" else listed[kind].discard)(value)
        _cleanup(listed["group"], listed["file"], listed["dir"])
    finally:
        os._exit(0)


class Guard:
    """robots-crawl's end of the watchdog: track() what must not outlive the run,
    untrack() what has gone; cleanup_now() does at once what the watchdog would
    (a second signal, which exits without unwinding)."""

    def __init__(self):
        read_fd, self._write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(self._write_fd)
            _watch(read_fd)
        os.close(read_fd)
        self.pid = pid
        self._lock = threading.Lock()
        self._listed = {"group": set(), "file": set(), "dir": set()}

    def _say(self, sign, kind, value):
        line = (json.dumps([sign, kind, value]) + "\n").encode()
        with self._lock:
            (self._listed[kind].add if sign == "+" else self._listed[kind].discard)(value)
            try:
                os.write(self._write_fd, line)
            except OSError:
                pass  # the watchdog is gone: nothing more it could do

    def track(self, kind, value):
        self._say("+", kind, value)

    def untrack(self, kind, value):
        self._say("-", kind, value)

    def cleanup_now(self):
        with self._lock:
            listed = {k: set(v) for k, v in self._listed.items()}
        _cleanup(listed["group"], listed["file"], listed["dir"])


_guard = None


def start():
    """The run's watchdog (one per process; call before any thread is started)."""
    global _guard
    if _guard is None:
        _guard = Guard()
    return _guard


def guard():
    """The running watchdog, or None (robots-crawl's modules used on their own)."""
    return _guard
