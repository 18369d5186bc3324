"""interrupt.py - the one place where a signal becomes "stop the crawls, report as interrupted".

INT (Ctrl-C; GitHub's first word when a job is cancelled), TERM (its second, and
every service manager's) and HUP (a closed terminal or SSH session) all mean the
same: install() makes the first one stop every crawl at once (the on_first
callback: isolate.stop_all) and raise Interrupted in the main thread, wherever it
waits; robots-crawl then writes every report it was asked for, marked
interrupted, and exits 128 + the signal's number, as a shell reports a process a
signal ended. A second signal does not wait for the reports: on_second kills
what is left and removes the temporary files, and the process exits at once.

Also the test hook pause(): ROBOTS_CRAWL_TEST_PAUSE=STAGE:FILE makes robots-crawl
create FILE when it reaches STAGE, then wait there (at most PAUSE_SECONDS) for
the signal the test sends; it exists so that a test can interrupt a run at a
moment of its choosing, deterministically. Stages: "crawl" (the world is built,
no crawl has started), "reports" (the crawls are judged, no report is written
yet), "rename" (the first report file is written in full beside its path, not
yet renamed into place), "interrupted" (a first signal came; the reports saying
so are not written yet: where a second signal is tested). Nothing else reads it.
"""
import os
import signal
import sys
import time

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
PAUSE_VARIABLE = "ROBOTS_CRAWL_TEST_PAUSE"
PAUSE_SECONDS = 60


class Interrupted(BaseException):
    """Raised in the main thread by the first signal; a BaseException, so that no
    `except Exception` on the way swallows it."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


_first = None


def install(on_first, on_second):
    """on_first(): called at the first signal, before Interrupted is raised;
    on_second(signum): called at a second signal, must end the process."""
    def handler(signum, frame):
        global _first
        if _first is not None:
            on_second(signum)
            os._exit(128 + signum)
        _first = signum
        on_first()
        raise Interrupted(signum)
    for s in SIGNALS:
        signal.signal(s, handler)


def exit_status(signum):
    return 128 + signum


def sentence(e, judged, total):
    """"interrupted by SIGTERM after N of M checks" (the JSON's "stopped"); M is
    None when the signal came before the checks were chosen."""
    if total is None:
        return "interrupted by %s after 0 checks, before they were chosen" % e.name
    return "interrupted by %s after %d of %d checks" % (e.name, judged, total)


def pause(stage):
    """The test hook (above): a no-op unless ROBOTS_CRAWL_TEST_PAUSE names this stage."""
    wanted, _, marker = os.environ.get(PAUSE_VARIABLE, "").partition(":")
    if wanted != stage or not marker:
        return
    with open(marker, "w") as f:
        f.write("%d\n" % os.getpid())
    print("robots-crawl: test hook: paused at %s" % stage, file=sys.stderr)
    deadline = time.monotonic() + PAUSE_SECONDS
    while time.monotonic() < deadline:  # a signal ends the wait by raising Interrupted
        time.sleep(0.05)
