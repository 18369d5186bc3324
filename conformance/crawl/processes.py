"""processes.py - running a crawler: its own process group, a time limit, its output
bounded, and nothing of it left running afterwards."""
import os
import signal
import subprocess
import time

TAIL_BYTES = 4096


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _tail(path):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - TAIL_BYTES))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def run(argv, time_limit, cwd, env, log_path):
    """Runs argv with stdin closed and stdout and stderr into log_path; kills its
    process group at time_limit seconds, and again when it ends (helpers it left
    behind go too). Returns exit, timed_out, seconds and the log's last lines."""
    started = time.monotonic()
    with open(log_path, "wb") as log:
        try:
            child = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        except OSError as e:
            return {"exit": None, "timed_out": False, "seconds": 0.0, "error": "cannot start %s: %s" % (argv[0], e),
                    "log": ""}
        timed_out = False
        try:
            child.wait(timeout=time_limit)
        except subprocess.TimeoutExpired:
            timed_out = True
            _kill_group(child.pid)
            child.wait()
        _kill_group(child.pid)
    code = child.returncode
    return {"exit": code, "timed_out": timed_out, "seconds": round(time.monotonic() - started, 3),
            "error": None, "log": _tail(log_path)}
