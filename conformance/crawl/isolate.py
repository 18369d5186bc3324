"""isolate.py - runs inside.py in a network namespace that has only loopback.

As root: `unshare --net --mount --pid`: inside.py is the first process of a new
process namespace, so when it ends, however it ends, the kernel ends every process
left in it (a crawler's stray helpers too). Otherwise an unprivileged user namespace
(`unshare --user --map-root-user --net --mount`) where the kernel allows it. When
neither works the run stops with an error: a crawler is never run where it could
reach another address.
"""
import os
import signal
import subprocess
import sys
import threading

import watchdog

INSIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inside.py")
PYTHON = "/usr/bin/python3"


class IsolationError(Exception):
    pass


def _prefix():
    base = ["unshare", "--net", "--mount", "--pid", "--fork", "--kill-child"]
    candidates = [base] if os.geteuid() == 0 else [["unshare", "--user", "--map-root-user"] + base[1:]]
    for prefix in candidates:
        probe = subprocess.run(prefix + ["ip", "link", "set", "lo", "up"], capture_output=True, timeout=30)
        if probe.returncode == 0:
            return prefix
        why = probe.stderr.decode("utf-8", "replace").strip()
    raise IsolationError("cannot make a network namespace for the crawlers (%s): run as root, or enable "
                         "unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1); no crawler "
                         "runs outside one" % why)


_running = set()
_lock = threading.Lock()
_stopping = False


def stop_all():
    """Ends every namespace still running (on an interrupt), and keeps any other
    from starting: killing unshare's process group ends inside.py, and with it
    every process of its namespace."""
    global _stopping
    with _lock:
        _stopping = True
        for child in list(_running):
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def run(plan_path, time_limit):
    """Runs the plan in fresh namespaces; they and everything in them end with
    inside.py (unshare --kill-child, and the process namespace's first process),
    at the latest at time_limit seconds."""
    command = _prefix() + [PYTHON, INSIDE, plan_path]
    with _lock:
        if _stopping:
            raise IsolationError("stopped")
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, start_new_session=True)
        _running.add(child)
        # Its process group outlives nothing: the watchdog kills it if robots-crawl
        # is killed (SIGKILL) before it could.
        guard = watchdog.guard()
        if guard:
            guard.track("group", child.pid)
    try:
        _, err = child.communicate(timeout=time_limit)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise IsolationError("the crawls did not end within %d s" % time_limit)
    finally:
        with _lock:
            _running.discard(child)
        if guard:
            guard.untrack("group", child.pid)
    if child.returncode != 0:
        if _stopping:
            raise IsolationError("stopped")  # killed by stop_all: nothing to say
        sys.stderr.write(err.decode("utf-8", "replace")[-4000:])
        raise IsolationError("the namespace's run failed (exit %d)" % child.returncode)
