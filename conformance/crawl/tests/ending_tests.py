"""ending_tests.py - however robots-crawl ends, its reports say how, and nothing is left.

- INT, TERM and HUP, each at three moments (before the first crawl starts, while
  a crawler hangs mid-crawl, with the crawls judged before a report is written,
  and with the first report complete beside its path, not yet renamed): exit 128
  + the signal's number; every report asked for written, valid, saying
  "interrupted by SIG... after N of M checks" (JUnit <error>, checked with
  scripts/check-junit; the JSON's top-level "stopped"; the first line of the
  text and Markdown reports); no crawler process, no temporary folder, no
  temporary report file left.
- A second signal ends the run at once: no report is written over the
  in-progress placeholders, and nothing is left.
- A report path holding an earlier run's file gets the in-progress placeholder
  at the start; a run killed with SIGKILL leaves that placeholder, not the stale
  file; within a bounded time its watchdog has removed the temporary folders
  (created 0700) and the temporary report file, and no crawler remains.
- Usage errors (an unknown crawler, a broken adapter entry, a misspelt
  placeholder, a malformed known-failures file) write every report asked for
  with the mistake and the fix; exit 2.
- A hanging crawler's time_limit is its whole crawl, however many parts.
- The Action's crawl step, cancelled (SIGINT, then SIGTERM): it passes each
  signal on, exits 128 + the first one's, and its JUnit report says the run was
  interrupted.

Crawler processes are found by a marker of this test run's own (a sleep of a
number no other run uses), so that another run of the tests on the machine
cannot be mistaken for what this one left.
"""
import json
import os
import signal
import subprocess
import tempfile
import time

import crawler_tests
from ci_tests import junit_valid, read, write
from crawler_tests import adapters_file, reference_adapter

TOOL = crawler_tests.TOOL
ROOT = os.path.dirname(os.path.dirname(crawler_tests.CRAWL))
STEP = os.path.join(ROOT, "scripts", "github-action-crawl")
FORMATS = ("junit", "json", "text", "markdown")
# A sleep no other process on the machine runs: this test run's own crawler marker.
MARKER = "sleep %d" % (400000 + os.getpid())
# The temporary file each hanging crawler makes where its TMPDIR says, as a
# crawler's own temporary files are made: robots-crawl's ending removes it.
LITTER = "crawl-litter-%d." % os.getpid()


def hanging(name="hangs", time_limit=120, **more):
    return dict({"name": name, "token": "x", "time_limit": time_limit,
                 "command": ["/bin/sh", "-c", 'mktemp -p "${TMPDIR:-/tmp}" %sXXXXXX >/dev/null; %s; : %%start%%' % (
                     LITTER, MARKER)]}, **more)


def litter(folder):
    """The hanging crawlers' temporary files under folder (any depth)."""
    return [os.path.join(d, n) for d, _, names in os.walk(folder) for n in names if n.startswith(LITTER)]


def loose():
    """The hanging crawlers' temporary files in the machine's temporary folder
    itself (where a crawler without a TMPDIR makes them)."""
    return [n for n in os.listdir(tempfile.gettempdir()) if n.startswith(LITTER)]


def left_running():
    done = subprocess.run(["pgrep", "-f", "^%s$" % MARKER], capture_output=True)
    return done.stdout.decode().split()


def wait_for(condition, seconds):
    """Polls condition() every 0.1 s for at most seconds; its last value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()


class Run:
    """robots-crawl started in the background with every report asked for, in a
    folder of its own (reports/, and tmp/ as TMPDIR)."""

    def __init__(self, ctx, d, adapters, *options, pause=None, stale=False, command=None):
        self.reports = os.path.join(d, "reports")
        self.tmp = os.path.join(d, "tmp")
        os.makedirs(self.reports, exist_ok=True)
        os.makedirs(self.tmp, exist_ok=True)
        self.paths = {f: os.path.join(self.reports, "report." + f) for f in FORMATS}
        if stale:
            for path in self.paths.values():
                write(path, "STALE: a report of an earlier run\n")
        self.marker = os.path.join(d, "paused")
        env = dict(os.environ, TMPDIR=self.tmp)
        if pause:
            env["ROBOTS_CRAWL_TEST_PAUSE"] = "%s:%s" % (pause, self.marker)
        self.stdout = os.path.join(d, "stdout.txt")
        outputs = [w for f in FORMATS for w in ("--output", "%s=%s" % (f, self.paths[f]))]
        argv = command or [TOOL, "--crawlers", adapters, "--conform", ctx["conform"], "--robots", ctx["robots"],
                           "--format", "text", *outputs, *options]
        with open(self.stdout, "wb") as out:
            self.child = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, env=env)

    def paused(self, seconds=120):
        return wait_for(lambda: os.path.exists(self.marker), seconds)

    def end(self, seconds=120):
        try:
            _, err = self.child.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.child.kill()
            _, err = self.child.communicate()
        return self.child.returncode, err.decode("utf-8", "replace")

    def leftovers(self):
        """Temporary folders and temporary report files left behind."""
        return os.listdir(self.tmp) + [n for n in os.listdir(self.reports) if n.endswith(".part")]


def first_line(path):
    text = read(path) if os.path.exists(path) else ""
    return text.splitlines()[0] if text else ""


def junit_error(path):
    """The <error> messages of a JUnit report ("" when none)."""
    import xml.etree.ElementTree as ElementTree
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return []
    return [e.get("message", "") for e in root.iter("error")]


def json_of(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def check_reports(t, run, what, stopped, line_start, json_stopped=None):
    """Every report of run: JUnit valid with an <error> saying stopped, the JSON's
    "stopped" (json_stopped, or the same), the text's and the Markdown's first line."""
    ok, why = junit_valid(run.paths["junit"])
    t.check(ok and any(m.startswith(stopped) for m in junit_error(run.paths["junit"])),
            "%s: the JUnit report is valid, its <error> says '%s'" % (what, stopped),
            why or junit_error(run.paths["junit"]) or read(run.paths["junit"])[:400])
    t.check(str(json_of(run.paths["json"]).get("stopped", "")).startswith(json_stopped or stopped),
            "%s: the JSON report's \"stopped\" says so" % what, read(run.paths["json"])[:300])
    t.check(first_line(run.paths["text"]).startswith(line_start) and
            first_line(run.paths["markdown"]).startswith("**" + line_start),
            "%s: the text and Markdown reports say so on their first line" % what,
            (first_line(run.paths["text"]), first_line(run.paths["markdown"])))


MOMENTS = [
    # (what, adapters, options, test hook stage or None (wait for the hanging crawler), checks judged)
    ("before the first crawl", "reference", "crawl", 0),
    ("mid-crawl, a crawler hanging", "hanging", None, 0),
    ("the crawls judged, before the reports", "reference", "reports", 3),
    ("the first report written, not yet renamed", "reference", "rename", 3),
]


def test_signals(t, ctx):
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        name = signal.Signals(signum).name
        for what, crawler, stage, judged in MOMENTS:
            with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
                entry = reference_adapter("ref") if crawler == "reference" else hanging()
                run = Run(ctx, d, adapters_file(d, [entry]), "--id", "STATUS-1", pause=stage, stale=True)
                ready = run.paused() if stage else wait_for(left_running, 120)
                t.check(bool(ready), "signals: %s: the run reached the moment" % what)
                if stage == "rename":
                    t.check(any(n.endswith(".part") for n in os.listdir(run.reports)),
                            "signals: %s: the report waits beside its path" % what, os.listdir(run.reports))
                run.child.send_signal(signum)
                rc, err = run.end()
                label = "signals: %s at %s" % (name, what)
                sentence = "interrupted by %s after %d of 3 checks" % (name, judged)
                t.check(rc == 128 + signum and sentence in err, "%s: exit %d, said on stderr" % (label, 128 + signum),
                        (rc, err[-600:]))
                check_reports(t, run, label, sentence, "robots-crawl was %s: the results are partial" % sentence)
                t.check(first_line(run.stdout).startswith("robots-crawl was " + sentence),
                        "%s: the report on standard output says so first" % label, first_line(run.stdout))
                if judged:
                    crawlers = json_of(run.paths["json"]).get("crawlers", [])
                    t.check(len(crawlers) == 1 and len(crawlers[0].get("results", [])) >= 3,
                            "%s: the checks judged before the signal are in the report" % label, crawlers)
                t.check(not left_running() and run.leftovers() == [],
                        "%s: no crawler, no temporary folder or report file left" % label,
                        (left_running(), run.leftovers()))


def test_second_signal(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        run = Run(ctx, d, adapters_file(d, [hanging()]), "--id", "STATUS-1", pause="interrupted")
        t.check(bool(wait_for(left_running, 120)), "second signal: the crawl has started")
        run.child.send_signal(signal.SIGINT)
        t.check(bool(run.paused()), "second signal: the first one is being handled")
        run.child.send_signal(signal.SIGTERM)
        rc, err = run.end(30)
        t.check(rc == 128 + signal.SIGTERM and "SIGTERM again: stopped at once" in err,
                "second signal: ends at once, exit 143", (rc, err[-500:]))
        t.check(json_of(run.paths["json"]).get("stopped") == "in progress",
                "second signal: no report written: the paths hold the in-progress placeholder",
                read(run.paths["json"])[:300])
        t.check(not left_running() and run.leftovers() == [],
                "second signal: no crawler, no temporary folder or report file left",
                (left_running(), run.leftovers()))


def test_sigkill(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        run = Run(ctx, d, adapters_file(d, [hanging()]), "--id", "STATUS-1", stale=True)
        t.check(bool(wait_for(left_running, 120)), "SIGKILL: the crawl has started")
        made = wait_for(lambda: litter(run.tmp), 20)
        t.check(made and not loose(),
                "SIGKILL: the crawler's TMPDIR is a folder inside robots-crawl's temporary one", made)
        folders = sorted(os.listdir(run.tmp))
        modes = {n: os.stat(os.path.join(run.tmp, n)).st_mode & 0o777 for n in folders}
        key_folder = [n for n in folders if os.path.exists(os.path.join(run.tmp, n, "ca.key"))]
        t.check(len(key_folder) == 1 and modes[key_folder[0]] == 0o700,
                "SIGKILL: the folder holding the authority's key is 0700", modes)
        in_progress = "the run is in progress"
        check_reports(t, run, "in progress: a report path that held a stale file", in_progress,
                      "robots-crawl: " + in_progress, "in progress")
        run.child.kill()
        run.end()
        gone = wait_for(lambda: not left_running() and not run.leftovers(), 20)
        t.check(gone and not loose(),
                "SIGKILL mid-crawl: within 20 s no crawler, no temporary folder and none of the crawler's temporary "
                "files remain (the watchdog)", (left_running(), run.leftovers(), loose()))
        check_reports(t, run, "SIGKILL mid-crawl: the stale reports were replaced", in_progress,
                      "robots-crawl: " + in_progress, "in progress")
        t.check("if this stays, the run was killed before it wrote its report" in
                " ".join(junit_error(run.paths["junit"])), "SIGKILL: the placeholder says what it means if it stays",
                junit_error(run.paths["junit"]))
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        run = Run(ctx, d, adapters_file(d, [reference_adapter("ref")]), "--id", "STATUS-1", pause="rename")
        t.check(bool(run.paused()) and any(n.endswith(".part") for n in os.listdir(run.reports)),
                "SIGKILL while a report is written: the report waits beside its path", os.listdir(run.reports))
        run.child.kill()
        run.end()
        t.check(wait_for(lambda: not run.leftovers(), 20),
                "SIGKILL while a report is written: its temporary file is removed (the watchdog)", run.leftovers())


def test_usage_reports(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        misspelt = reference_adapter("misspelt")
        misspelt["command"] = [w.replace("%start%", "%strat%") for w in misspelt["command"]]
        adapters = adapters_file(d, [reference_adapter("good"), misspelt,
                                     dict(reference_adapter("odd"), timeout=3)])
        bad_known = os.path.join(d, "known.txt")
        write(bad_known, "STATUS-1\nNOPE-9.1\n")
        for what, options, mistake, fix in [
                ("an unknown crawler", ["--crawler", "nope"], "no crawler 'nope'", "--list-crawlers lists them"),
                ("a broken adapter entry", ["--crawler", "odd"], "unknown field timeout",
                 "correct the entry in the adapters file"),
                ("a misspelt placeholder", ["--crawler", "misspelt"],
                 'unknown placeholder %strat% in "command" (did you mean %start%?)',
                 "correct the entry in the adapters file"),
                ("a malformed known-failures file", ["--crawler", "good", "--known-failures", bad_known],
                 "known.txt:2: 'NOPE-9.1' names no case or check", "write it again with --write-known-failures")]:
            with tempfile.TemporaryDirectory(prefix="crawl-test-", dir=d) as e:
                run = Run(ctx, e, adapters, "--id", "STATUS-1", *options, stale=True)
                rc, err = run.end()
                label = "usage reports: %s" % what
                t.check(rc == 2 and mistake in err, "%s: exit 2, said on stderr" % label, (rc, err[-400:]))
                ok, why = junit_valid(run.paths["junit"])
                junit = read(run.paths["junit"])
                t.check(ok and any(mistake in m for m in junit_error(run.paths["junit"])) and fix in junit and
                        'name="robots-crawl could not run"' in junit,
                        "%s: the JUnit report is valid, its <error> names the mistake and the fix" % label,
                        why or junit[:800])
                report = json_of(run.paths["json"])
                t.check(report.get("stopped", "").startswith("could not run: ") and mistake in report["stopped"] and
                        fix in report.get("fix", ""), "%s: the JSON's \"stopped\" and \"fix\" say so" % label,
                        read(run.paths["json"])[:400])
                t.check(first_line(run.paths["text"]).startswith("robots-crawl could not run: ") and
                        mistake in first_line(run.paths["text"]) and "likely fix: " in read(run.paths["text"]) and
                        fix in read(run.paths["text"]) and
                        first_line(run.paths["markdown"]).startswith("**robots-crawl could not run: ") and
                        mistake in read(run.paths["markdown"]).replace("\\", ""),
                        "%s: the text and Markdown reports say so first, with the fix" % label,
                        (read(run.paths["text"])[:400], read(run.paths["markdown"])[:400]))
                t.check(not read(run.stdout) and run.leftovers() == [],
                        "%s: nothing on standard output, nothing left" % label, run.leftovers())


def test_time_limit(t, ctx):
    """A hanging crawler of 8 shards, one crawl at a time: 16 parts and more, so
    a limit per part would take 16 x 3 s; the whole crawl's limit, 3 s."""
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [hanging(time_limit=3, shards=8)])
        started = time.monotonic()
        run = Run(ctx, d, adapters, "--id", "STATUS-1", "--jobs", "1")
        rc, err = run.end(180)
        took = time.monotonic() - started
        crawler = (json_of(run.paths["json"]).get("crawlers") or [{}])[0]
        parts = len(crawler.get("crawl", {}).get("runs", []))
        t.check(parts >= 16 and parts * 3 > 15, "time limit: the crawler runs in %d parts" % parts, parts)
        t.check(rc == 2 and (crawler.get("stopped") or {}).get("kind") == "timed-out" and
                "time limit of 3 s (the limit is for the whole crawl" in err,
                "time limit: the hanging crawler timed out (exit 2)", (rc, err[-500:]))
        t.check(took < 15, "time limit: the run ends within the limit and a margin (%.1f s < 15 s)" % took, took)
        t.check(not left_running() and run.leftovers() == [] and not loose(), "time limit: nothing left",
                (left_running(), run.leftovers(), loose()))


def test_action_cancelled(t, ctx):
    """The Action's step, cancelled: SIGINT, then (while robots-crawl handles it)
    SIGTERM, to the step's process only, as GitHub sends them."""
    with tempfile.TemporaryDirectory(prefix="crawl-action-") as d:
        adapters_file(d, [hanging(time_limit=60)])
        summary, junit = os.path.join(d, "summary.md"), os.path.join(d, "robots-crawl.xml")
        tmp, marker = os.path.join(d, "tmp"), os.path.join(d, "paused")
        os.mkdir(tmp)
        for second, stage in ((None, None), (signal.SIGTERM, "interrupted")):
            write(summary, "")
            env = dict(os.environ, ROBOTS_CONFORM=ctx["conform"], ROBOTS_BIN=ctx["robots"], TMPDIR=tmp,
                       INPUT_CRAWLERS="crawlers.json", INPUT_CRAWLER="hangs", INPUT_CRAWL_AREAS="status",
                       GITHUB_STEP_SUMMARY=summary)
            if stage:
                env["ROBOTS_CRAWL_TEST_PAUSE"] = "%s:%s" % (stage, marker)
            step = subprocess.Popen([STEP], cwd=d, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            t.check(bool(wait_for(left_running, 120)), "action cancelled: the crawl has started")
            step.send_signal(signal.SIGINT)
            if second:
                t.check(bool(wait_for(lambda: os.path.exists(marker), 60)),
                        "action cancelled: robots-crawl handles the first signal")
                step.send_signal(second)
            try:
                out, err = step.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                step.kill()
                out, err = step.communicate()
            label = "action cancelled (SIGINT%s)" % (", then SIGTERM" if second else "")
            err = err.decode("utf-8", "replace")
            ok, why = junit_valid(junit)
            errors = junit_error(junit)
            t.check(step.returncode == 130 and "interrupted by SIGINT" in err,
                    "%s: the step exits 130 and says why" % label, (step.returncode, err[-600:]))
            if second:
                t.check(ok and 'name="robots-crawl was interrupted"' in read(junit) and
                        any(m.startswith("interrupted by SIGINT (the job was cancelled) before robots-crawl wrote")
                            for m in errors),
                        "%s: robots-crawl wrote no report: the step's JUnit report says interrupted" % label,
                        why or errors)
            else:
                t.check(ok and any(m.startswith("interrupted by SIGINT after 0 of ") for m in errors) and
                        first_line(summary).startswith("**robots-crawl was interrupted by SIGINT") and
                        out.decode().startswith("robots-crawl was interrupted by SIGINT"),
                        "%s: robots-crawl's reports (JUnit, summary, log) say interrupted" % label,
                        (why, errors, read(summary)[:300]))
            t.check(not left_running() and os.listdir(tmp) == [], "%s: nothing left" % label,
                    (left_running(), os.listdir(tmp)))
            if os.path.exists(marker):
                os.unlink(marker)


def run(t, ctx):
    for test in (test_usage_reports, test_time_limit, test_sigkill, test_second_signal, test_signals,
                 test_action_cancelled):
        try:
            test(t, ctx)
        except Exception as e:  # one test's crash is its failure; the others still run
            t.check(False, "%s raised %s" % (test.__name__, type(e).__name__), repr(e))
