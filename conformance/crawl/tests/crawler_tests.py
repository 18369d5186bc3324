"""crawler_tests.py - robots-crawl end to end: crawlers that test the harness.

- The reference crawler (refcrawl.py) passes every observable check of the google
  profile, and observes every one of them.
- Each deliberately wrong crawler (refcrawl.py --flaw) fails exactly the checks its
  flaw predicts (the prediction is a model of the flaw over each check's kind,
  fields and expectation, never a list of ids).
- Hostile crawlers (one never ends, one floods the server with connections, one
  kills itself mid-crawl and leaves a helper behind): the run ends within its
  bounds, no process of theirs is left, no temporary file remains.
- robots-crawl stopped by TERM mid-crawl ends at once, with every crawl, and
  leaves no temporary file.
- One real crawler (wget) on the status area.
- Bad adapters and options are refused with the reason (exit 2).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CRAWL = os.path.dirname(HERE)
sys.path.insert(0, CRAWL)

import tables  # noqa: E402

TOOL = os.path.join(CRAWL, "robots-crawl")
FLAWS = ("ignore-robots", "5xx-allows", "no-redirects", "start-host-only")


def adapters_file(directory, crawlers):
    path = os.path.join(directory, "crawlers.json")
    with open(path, "w") as f:
        json.dump({"crawlers": crawlers}, f)
    return path


def reference_adapter(name, flaw=None):
    with open(os.path.join(CRAWL, "crawlers.json")) as f:
        entry = dict(next(c for c in json.load(f)["crawlers"] if c["name"] == "reference-crawler"))
    entry["name"] = name
    if flaw:
        entry["command"] = entry["command"][:-1] + ["--flaw", flaw, entry["command"][-1]]
    return entry


def crawl(ctx, adapters, *options, env=None, timeout=900):
    command = [TOOL, "--crawlers", adapters, "--conform", ctx["conform"], "--robots", ctx["robots"],
               "--format", "json", *options]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, timeout=timeout, env=env)
    return done, time.monotonic() - started


def predicted_failure(flaw, result, fields):
    """Does a crawler with this flaw fail this (observed) result?"""
    kind, expected = result["kind"], result["expected"]
    if flaw in ("ignore-robots", "start-host-only"):
        # Every scenario lies off the start host: nothing is ever disallowed.
        return {"allow": expected == "disallowed", "scope": expected == "applies", "robots-url": True,
                "status": expected != "full-allow" and not expected.startswith("conditional (the page")}[kind]
    if kind != "status":
        return False
    status, redirects = fields["status"], fields.get("redirects", 0)
    if flaw == "5xx-allows":
        unreachable = status == "network-error" or status >= 500 or status < 200
        return unreachable and expected == "full-disallow"
    if flaw == "no-redirects":
        redirected = redirects > 0 or (status != "network-error" and 300 <= status < 400)
        return redirected and expected != "full-allow"
    raise ValueError(flaw)


def test_reference_and_wrong_crawlers(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [reference_adapter("reference")] +
                                 [reference_adapter("wrong-" + f, f) for f in FLAWS])
        done, took = crawl(ctx, adapters, "--profile", "google")
    if not t.check(done.returncode == 0, "crawl: the reference and wrong crawlers run (%.0f s)" % took,
                   done.stderr.decode()[-2000:]):
        return
    report = {c["name"]: c for c in json.loads(done.stdout)["crawlers"]}
    fields = {c.key: c.fields for c in tables.load(ctx["conform"])}
    reference = report["reference"]["results"]
    observed = [r for r in reference if r["status"] in ("pass", "fail")]
    failed = [r for r in reference if r["status"] == "fail"]
    t.check(len(observed) > 400 and not failed, "crawl: the reference crawler passes all %d observable checks" %
            len(observed), ["%s/%d %s" % (r["id"], r["check"], r.get("got")) for r in failed][:10])
    unobserved = [r for r in reference if r["status"] == "not-observed"]
    t.check(not unobserved, "crawl: the reference crawler reaches every scenario",
            [(r["id"], r["check"], r["reason"]) for r in unobserved][:10])
    kinds = {r["kind"] for r in observed}
    t.check(kinds == {"allow", "status", "scope", "robots-url", "sitemaps"}, "crawl: every observable kind is observed",
            kinds)
    for flaw in FLAWS:
        results = report["wrong-" + flaw]["results"]
        judged = [r for r in results if r["status"] in ("pass", "fail")]
        got = {"%s/%d" % (r["id"], r["check"]) for r in judged if r["status"] == "fail"}
        want = {"%s/%d" % (r["id"], r["check"]) for r in judged
                if predicted_failure(flaw, r, fields["%s/%d" % (r["id"], r["check"])])}
        t.check(want and got == want, "crawl: the crawler that %s fails exactly the %d checks it breaks" %
                (flaw, len(want)), "unexpected failures %s; missed %s" % (sorted(got - want)[:8],
                                                                         sorted(want - got)[:8]))


HOSTILE = [
    {"name": "never-ends", "token": "x", "time_limit": 3,
     "command": ["/bin/sh", "-c", "sleep 1001 & sleep 1001; : %start%"]},
    {"name": "floods", "token": "x", "time_limit": 20,
     "command": ["/usr/bin/python3", "-c",
                 "import socket, sys, time, urllib.request\n"
                 "held = []\n"
                 "for _ in range(300):\n"
                 "    s = socket.socket()\n"
                 "    s.setblocking(False)\n"
                 "    s.connect_ex(('127.0.0.1', 80))\n"
                 "    held.append(s)\n"
                 "time.sleep(1)\n"
                 "for s in held:\n"
                 "    s.close()\n"
                 "page = urllib.request.urlopen(sys.argv[1], timeout=30).read()\n"
                 "sys.exit(0 if b'crawl hub' in page else 3)\n", "%start%"]},
    {"name": "dies-mid-crawl", "token": "x", "time_limit": 20,
     "command": ["/bin/sh", "-c", "sleep 1002 & wget -q -O /dev/null \"$0\"; kill -9 $$", "%start%"]},
]


def stray(marker):
    done = subprocess.run(["pgrep", "-f", marker], capture_output=True)
    return done.stdout.decode().split()


def test_hostile_crawlers(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        scratch = os.path.join(d, "tmp")
        os.mkdir(scratch)
        adapters = adapters_file(d, HOSTILE)
        env = dict(os.environ, TMPDIR=scratch)
        done, took = crawl(ctx, adapters, "--id", "STATUS-1,STATUS-8", env=env)
        t.check(done.returncode == 0, "hostile: the run ends normally (%.0f s)" % took, done.stderr.decode()[-1500:])
        t.check(took < 3 + 20 + 20 + 2 * 45, "hostile: within the crawlers' time limits", took)
        report = {c["name"]: c for c in json.loads(done.stdout or b"{\"crawlers\": []}")["crawlers"]}
        t.check(report.get("never-ends", {}).get("crawl", {}).get("world", {}).get("timed_out") is True,
                "hostile: the crawler that never ends is stopped at its time limit", report.get("never-ends"))
        t.check(report.get("floods", {}).get("crawl", {}).get("world", {}).get("exit") == 0,
                "hostile: after 300 connections at once the server still serves the hub",
                report.get("floods", {}).get("crawl"))
        t.check(not stray("sleep 100[12]"), "hostile: no process of theirs is left", stray("sleep 100[12]"))
        t.check(os.listdir(scratch) == [], "hostile: no temporary file remains", os.listdir(scratch))


def test_interrupted(t, ctx):
    """robots-crawl stopped by TERM mid-crawl: it ends at once, with every crawl."""
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        scratch = os.path.join(d, "tmp")
        os.mkdir(scratch)
        adapters = adapters_file(d, [{"name": "slow-%d" % i, "token": "x", "time_limit": 120,
                                      "command": ["/bin/sh", "-c", "sleep 1003; : %start%"]} for i in range(3)])
        command = [TOOL, "--crawlers", adapters, "--conform", ctx["conform"], "--robots", ctx["robots"],
                   "--id", "STATUS-1", "--jobs", "2"]
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=dict(os.environ, TMPDIR=scratch))
        deadline = time.monotonic() + 30
        while not stray("sleep 1003") and time.monotonic() < deadline:
            time.sleep(0.2)
        t.check(bool(stray("sleep 1003")), "interrupt: the crawls have started")
        started = time.monotonic()
        child.terminate()
        try:
            _, err = child.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            _, err = child.communicate()
        took = time.monotonic() - started
        t.check(child.returncode == 130 and b"interrupted" in err,
                "interrupt: robots-crawl says so and exits 130 (%.1f s)" % took, (child.returncode, err[-500:]))
        time.sleep(0.5)
        t.check(not stray("sleep 1003"), "interrupt: no crawler is left running", stray("sleep 1003"))
        t.check(os.listdir(scratch) == [], "interrupt: no temporary file remains", os.listdir(scratch))


def test_real_crawler(t, ctx):
    if not subprocess.run(["sh", "-c", "command -v wget"], capture_output=True).stdout:
        t.check(False, "real: wget is installed (scripts/install-deps installs it)")
        return
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        with open(os.path.join(CRAWL, "crawlers.json")) as f:
            wget = next(c for c in json.load(f)["crawlers"] if c["name"] == "wget")
        done, took = crawl(ctx, adapters_file(d, [wget]), "--area", "status")
    if not t.check(done.returncode == 0, "real: wget crawls the status area (%.0f s)" % took,
                   done.stderr.decode()[-1500:]):
        return
    results = json.loads(done.stdout)["crawlers"][0]["results"]
    judged = [r for r in results if r["status"] in ("pass", "fail")]
    t.check(len(judged) >= 20, "real: wget's answers to the status checks are observed", len(judged))
    t.check(all(r["area"] == "status" and r.get("detail") for r in judged),
            "real: each observation says what was fetched", [r for r in judged if not r.get("detail")][:2])


def test_usage(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        good = adapters_file(d, [reference_adapter("reference")])
        for what, options, needle in [
                ("an unknown crawler", ["--crawler", "nope"], "no crawler 'nope'"),
                ("an unknown area", ["--area", "matching"], "no area 'matching' (areas: "),
                ("an unknown case", ["--id", "NOPE-1"], "no case has the id 'NOPE-1'")]:
            done, _ = crawl(ctx, good, *options)
            t.check(done.returncode == 2 and needle in done.stderr.decode(), "usage: %s is refused" % what,
                    done.stderr.decode())
        bad = os.path.join(d, "bad.json")
        for what, content, needle in [
                ("an adapter without %start%", {"crawlers": [{"name": "a", "token": "t", "command": ["true"]}]},
                 "never names %start%"),
                ("an adapter with an unknown field", {"crawlers": [{"name": "a", "token": "t", "command": ["%start%"],
                                                                    "timeout": 3}]}, "unknown field timeout"),
                ("a crawler that is not installed", {"crawlers": [{"name": "a", "token": "t", "requires": ["no-such-crawler"],
                                                                   "install": "Debian: nothing", "command": ["%start%"]}]},
                 "a is not installed: no-such-crawler not found (install: Debian: nothing)")]:
            with open(bad, "w") as f:
                json.dump(content, f)
            done, _ = crawl(ctx, bad, *(["--crawler", "a"] if "installed" in what else []))
            t.check(done.returncode == 2 and needle in done.stderr.decode(), "usage: %s is refused" % what,
                    done.stderr.decode())


def run(t, ctx):
    for test in (test_usage, test_reference_and_wrong_crawlers, test_hostile_crawlers, test_interrupted,
                 test_real_crawler):
        try:
            test(t, ctx)
        except Exception as e:  # one test's crash is its failure; the others still run
            t.check(False, "%s raised %s" % (test.__name__, type(e).__name__), repr(e))
