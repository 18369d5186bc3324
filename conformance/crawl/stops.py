"""stops.py - a crawl that did not run to its end, found and explained.

A crawler's crawl is every run of it: the world and the control, each shard, each
scenario that runs in namespaces of its own. It stopped early, and its checks are
not judged, when any run

  cannot-start  could not be started (no such program), or exited abnormally
                before any run made a request (a typo in the command: python's
                "can't open file" and exit 2)
  timed-out     was still running at the adapter's time_limit, which is for
                its whole crawl (robots-crawl stops every part then, and starts
                none after it)
  exit          exited with a status that is not one of the adapter's
                exit_codes (default 0), or was killed by a signal
  no-request    (every run together) made no request at all, in the world and in
                the control: nothing was crawled

robots-crawl then exits 2, with the reason, the likely fix and the log's last lines
in every report (JUnit: an <error> test case).
"""
import signal

LOG_LINES = 20
TITLES = {"cannot-start": "could not start", "timed-out": "timed out", "exit": "stopped before the end of its crawl",
          "no-request": "made no request"}


def _where(run):
    mode, part = run["mode"], run["part"]
    if part == "shared":
        return "its %s crawl" % mode if run["shards"] == 1 else "shard %d of its %s crawl" % (run["shard"] + 1, mode)
    return "its %s crawl of an isolated scenario" % mode


def _exit_words(code):
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "signal %d" % -code
        return "was killed by signal %d (%s)" % (-code, name)
    return "exited with status %s" % code


def log_tail(text, lines=LOG_LINES):
    kept = (text or "").rstrip("\n").splitlines()[-lines:]
    return "\n".join(kept)


def find(adapter, runs):
    """None when the crawl ran to its end, else {"kind", "title", "reason", "fix",
    "log"}. runs: [{"mode", "part", "shard", "shards", "outcome"}] of one crawler."""
    codes = adapter.get("exit_codes", [0])
    limit = adapter.get("time_limit", 120)
    requests = sum(len(r["outcome"]["requests"]) for r in runs)
    found = None
    for r in runs:
        o = r["outcome"]
        if o.get("error"):
            found = ("cannot-start", r, "%s: %s" % (_where(r), o["error"]),
                     "check the adapter's \"command\": is the program installed, are its path and its "
                     "arguments right? Run the command by hand with a URL in place of %start%.")
            break
    if not found:
        for r in runs:
            if r["outcome"].get("timed_out"):
                found = ("timed-out", r, "%s was still running at its time limit of %s s (the limit is for the "
                                          "whole crawl: every part, the world and the control)" % (_where(r), limit),
                         "raise the adapter's \"time_limit\", give it \"shards\" (parts crawled at once), or make "
                         "it stop when its queue is empty: it must follow the start page's links one level deep.")
                break
    if not found:
        for r in runs:
            code = r["outcome"].get("exit")
            if code in codes:
                continue
            words = _exit_words(code)
            if requests == 0:
                found = ("cannot-start", r, "%s %s before its first request" % (_where(r), words),
                         "check the adapter's \"command\" (a misspelt program, script or option is the usual "
                         "cause): its log below says what went wrong.")
            elif code is not None and code < 0:
                found = ("exit", r, "%s %s before the end of its crawl" % (_where(r), words),
                         "it crashed or was killed: its log below, and the whole log kept by --logs DIR, say "
                         "where.")
            else:
                found = ("exit", r, "%s %s before the end of its crawl (its normal exit statuses: %s)" % (
                    _where(r), words, ", ".join(str(x) for x in codes)),
                         "if %s is how the crawler ends a crawl that met errors (the world answers 404 and "
                         "refuses fetches on purpose), add it to the adapter's \"exit_codes\"; otherwise its log "
                         "below says why it stopped." % code)
            break
    if not found and requests == 0:
        r = runs[0]
        found = ("no-request", r, "the crawler made no request at all, in the world or in the control",
                 "does its command fetch %start% (http://hub.crawl.test/)? A proxy setting, a host filter or a "
                 "start URL taken from elsewhere keeps a crawler from its first request; its log below may say.")
    if not found:
        return None
    kind, r, reason, fix = found
    return {"kind": kind, "title": TITLES[kind], "reason": reason, "fix": fix, "log": log_tail(r["outcome"]["log"])}
