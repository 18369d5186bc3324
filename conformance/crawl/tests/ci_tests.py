"""ci_tests.py - robots-crawl in a crawler's CI: what its build reads.

- A crawler that cannot start, that exits abnormally before the end of its crawl,
  that makes no request, or that times out: exit 2, the reason, the likely fix and
  its log's last lines, in every report; the JUnit report is still written, valid,
  with an <error> test case; another crawler of the same run is still scored.
- Known failures: --write-known-failures writes today's failures (the runner's
  format); with --known-failures they are reported, not failed, and
  --fail-on-findings exits 0; a listed check that passes is "fixed" (exit 1 under
  --strict, a JUnit <failure>); a malformed file is refused with FILE:LINE.
- --compare of two crawl reports: answers, not statuses.
- JUnit: valid against the schema CI tools use (scripts/check-junit), its counts
  its test cases'; allow checks that share one fetch are one test case.
- An adapters file with a bad entry: refused only when that entry is selected.
"""
import json
import os
import subprocess
import tempfile

import crawler_tests
from crawler_tests import adapters_file, crawl, reference_adapter

import report as report_module  # noqa: E402 - conformance/crawl, on the path crawler_tests sets

ROOT = os.path.dirname(os.path.dirname(crawler_tests.CRAWL))
CHECK_JUNIT = os.path.join(ROOT, "scripts", "check-junit")


def junit_valid(path):
    """(ok, what check-junit said)."""
    done = subprocess.run([CHECK_JUNIT, path], capture_output=True, text=True)
    return done.returncode == 0, done.stderr[-1500:]


STOPPING = [
    ("cannot-start", "a program that does not exist", {"command": ["/nonexistent/crawler", "%start%"]},
     "could not start", "No such file or directory"),
    ("cannot-start", "a script that does not exist (python's can't open file)",
     {"command": ["/usr/bin/python3", "/nonexistent/crawl.py", "%start%"]}, "could not start", "can't open file"),
    ("exit", "a crawler that exits 3 after fetching the hub",
     {"command": ["/bin/sh", "-c", "echo fetching; wget -q -O /dev/null \"$0\"; echo gave up here; exit 3",
                  "%start%"]}, "stopped before the end of its crawl", "gave up here"),
    ("no-request", "a crawler that makes no request",
     {"command": ["/bin/sh", "-c", "echo nothing to do for \"$0\"", "%start%"]}, "made no request",
     "nothing to do for http://hub.crawl.test/"),
    ("timed-out", "a crawler that hangs", {"command": ["/bin/sh", "-c", "echo hanging; sleep 1004; : %start%"],
                                            "time_limit": 3}, "timed out", "hanging"),
]


def test_stops(t, ctx):
    for kind, what, entry, title, log_line in STOPPING:
        with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
            adapters = adapters_file(d, [dict({"name": "broken", "token": "x"}, **entry)])
            xml, md = os.path.join(d, "report.xml"), os.path.join(d, "summary.md")
            done, took = crawl(ctx, adapters, "--id", "STATUS-1", "--fail-on-findings", "--output", "junit=" + xml,
                               "--output", "markdown=" + md)
            err = done.stderr.decode()
            t.check(done.returncode == 2 and ("broken %s" % title) in err,
                    "stops: %s: exit 2 and the reason (%.0f s)" % (what, took), (done.returncode, err[-800:]))
            report = json.loads(done.stdout or b"{}").get("crawlers", [{}])[0]
            stopped = report.get("stopped") or {}
            shown = stopped.get("reason", "") + "\n" + stopped.get("log", "")
            t.check(stopped.get("kind") == kind and stopped.get("fix") and log_line in shown and
                    report.get("results") == [],
                    "stops: %s: the JSON report says %s, the likely fix and the log's last lines" % (what, kind),
                    stopped)
            ok, why = junit_valid(xml)
            with open(xml, encoding="utf-8") as f:
                text = f.read()
            t.check(ok and '<testcase classname="robots-crawl" name="crawler broken %s">' % title in text and
                    'errors="1"' in text and log_line in text,
                    "stops: %s: the JUnit report is written, valid, with an <error> test case" % what,
                    why or text[:1500])
            with open(md, encoding="utf-8") as f:
                summary = f.read()
            t.check("**Likely fix:**" in summary and log_line in summary,
                    "stops: %s: the job summary says why and shows the log" % what, summary[:800])
    # A stopped crawler does not keep another from being scored, nor the run from saying so.
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [reference_adapter("fine"), dict({"name": "broken", "token": "x"},
                                                                     **STOPPING[0][2])])
        done, _ = crawl(ctx, adapters, "--id", "STATUS-1,STATUS-5", "--crawler", "fine", "--crawler", "broken")
        report = {c["name"]: c for c in json.loads(done.stdout or b"{}").get("crawlers", [])}
        t.check(done.returncode == 2 and len(report.get("fine", {}).get("results", [])) > 0 and
                report.get("broken", {}).get("stopped"),
                "stops: one crawler stopped, another scored in the same run: exit 2",
                (done.returncode, list(report)))


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_known_failures(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [reference_adapter("mine", "5xx-allows")])
        known = os.path.join(d, "known.txt")
        base = ("--crawler", "mine", "--area", "status", "--profile", "google")
        done, _ = crawl(ctx, adapters, *base, "--fail-on-findings", "--write-known-failures", known)
        report = json.loads(done.stdout)["crawlers"][0]
        failing = sorted({"%s.%d" % (r["id"], r["check"]) for r in report["results"] if r["status"] == "fail"})
        text = read(known) if os.path.exists(known) else ""
        listed = [line.split()[0] for line in text.splitlines() if line and not line.startswith("#")]
        t.check(done.returncode == 1 and failing and sorted(listed) == failing and
                text.startswith("# Known failures of the crawler mine (token FooBot)") and
                "STATUS-5.1 = full-allow" in text and "# [google] expected full-disallow\n" in text and
                b"wrote the failures to" in done.stderr,
                "known: --write-known-failures writes the %d failures, one id a line with what was observed" %
                len(failing), (done.returncode, text[:600]))
        xml = os.path.join(d, "known.xml")
        done, _ = crawl(ctx, adapters, *base, "--fail-on-findings", "--known-failures", known,
                        "--output", "junit=" + xml, "--output", "text=" + os.path.join(d, "known.out"))
        report = json.loads(done.stdout)["crawlers"][0]
        statuses = {r["status"] for r in report["results"]}
        out = read(os.path.join(d, "known.out"))
        t.check(done.returncode == 0 and "fail" not in statuses and "known-failure" in statuses and
                report["summary"]["known_failures"] == len(failing) and
                "Known failures: %d checks listed in %s still fail" % (len(failing), known) in out,
                "known: with its known failures the crawl passes (--fail-on-findings exits 0)",
                (done.returncode, out[-800:]))
        ok, why = junit_valid(xml)
        junit = read(xml)
        t.check(ok and junit.count('<skipped message="known failure: expected full-disallow, got full-allow">') ==
                len(failing) and 'failures="0"' in junit,
                "known: JUnit shows them as skipped known failures, valid, failures=0", why or junit[:1000])
        # A listed check that passes now: fixed.
        write(known, read(known) + "STATUS-1   # passes\n")
        done, _ = crawl(ctx, adapters, *base, "--fail-on-findings", "--known-failures", known, "--output",
                        "text=" + os.path.join(d, "known.out"))
        t.check(done.returncode == 0 and json.loads(done.stdout)["crawlers"][0]["summary"]["fixed"] == ["STATUS-1"]
                and "Fixed: STATUS-1 (%s line" % known in read(os.path.join(d, "known.out")) and
                b"fixed: STATUS-1 (" in done.stderr,
                "known: a listed check that passes is fixed, in every report; without --strict exit 0",
                done.stderr[-600:])
        done, _ = crawl(ctx, adapters, *base, "--fail-on-findings", "--known-failures", known, "--strict",
                        "--output", "junit=" + xml)
        junit = read(xml)
        ok, why = junit_valid(xml)
        t.check(done.returncode == 1 and b"fixed: STATUS-1" in done.stderr and ok and
                '<failure message="fixed: remove STATUS-1 from %s">' % known in junit,
                "known: under --strict a fixed entry fails the run and is a JUnit failure",
                (done.returncode, done.stderr[-400:], why))
        # Without known failures, the findings fail the build.
        out = os.path.join(d, "plain.out")
        done, _ = crawl(ctx, adapters, *base, "--fail-on-findings", "--output", "junit=" + xml, "--output",
                        "text=" + out)
        junit = read(xml)
        t.check(done.returncode == 1 and junit_valid(xml)[0] and
                '<testsuites name="robots-crawl" tests="' in junit and 'failures="%d"' % len(failing) in junit,
                "known: without them, --fail-on-findings exits 1; JUnit counts %d failures" % len(failing),
                junit[:400])
        # Each failure shows the robots.txt served for it: its URL, its answer, its lines numbered.
        served = ["robots.txt at http://status-5-1.crawl.test/robots.txt: 500 (33 bytes, 2 lines):",
                  "  1  User-agent: *", "  2  Disallow: /blocked"]
        text = read(out)
        block = text[text.index("FAIL STATUS-5 check 1"):] if "FAIL STATUS-5 check 1" in text else ""
        t.check(block and all("          " + x in block.split("     FAIL ")[0] for x in served),
                "served: a failure in the text report shows the robots.txt served for it", block[:800])
        case = junit[junit.find('classname="status.STATUS-5" name="[google] check 1'):]
        case = case[:case.find("</testcase>")]
        t.check(all(x in case for x in served) and "<failure " in case,
                "served: and its JUnit <failure> shows it too", case[:800])
        json_failure = next((r for r in json.loads(done.stdout)["crawlers"][0]["results"]
                             if r["id"] == "STATUS-8" and r["check"] == 1), {})
        t.check(json_failure.get("served") == [{"url": "http://status-8-1.crawl.test/robots.txt",
                                                "answer": "a dropped connection (no answer)"}],
                "served: a dropped connection is said as such (JSON served)", json_failure.get("served"))
        done, _ = crawl(ctx, adapters, *base)
        t.check(done.returncode == 0, "known: without --fail-on-findings the findings exit 0")
        # Malformed files and options.
        for what, text, needle in [
                ("an id naming nothing", "STATUS-1\nNOPE-9.1\n", "known.txt:2: 'NOPE-9.1' names no case or check"),
                ("a check past the case's last", "STATUS-1.99\n", "known.txt:1: 'STATUS-1.99' names no case"),
                ("two ids on a line", "STATUS-1 STATUS-2\n", "known.txt:1: one check id a line"),
                ("a NUL byte", "STATUS-1\n\0\n", "known.txt:2: a NUL byte")]:
            write(known, text)
            done, _ = crawl(ctx, adapters, *base, "--known-failures", known)
            t.check(done.returncode == 2 and needle in done.stderr.decode(),
                    "known: a file with %s is refused with file and line" % what, done.stderr[-300:])
        done, _ = crawl(ctx, adapters, *base, "--strict")
        t.check(done.returncode == 2 and b"--strict goes with --known-failures" in done.stderr,
                "known: --strict without --known-failures is a usage error", done.stderr[-300:])
        two = adapters_file(d, [reference_adapter("a"), reference_adapter("b")])
        write(known, "STATUS-1\n")
        done, _ = crawl(ctx, two, "--crawler", "a", "--crawler", "b", "--known-failures", known)
        t.check(done.returncode == 2 and b"for one crawler" in done.stderr,
                "known: a known-failures file with two crawlers is a usage error", done.stderr[-300:])


def split_check(ctx):
    """(case, check number, its rfc9309 expectation) of the first allow check of
    the tables whose profiles expect opposite answers: the reference crawler,
    which reads as Google does, fails it under rfc9309 only."""
    for c in crawler_tests.tables.load(ctx["conform"]):
        answers = (c.expect.get("google"), c.expect.get("rfc9309"))
        if c.kind == "allow" and set(answers) == {"allowed", "disallowed"} and "/" not in c.id:
            return c.id, c.number, answers[1]
    return None, None, None


def test_known_profiles(t, ctx):
    """A known-failures file names the profiles it was written under; a run that
    judges fewer reports no entry fixed (a check the reference crawler passes
    under google and fails under rfc9309)."""
    case, number, want = split_check(ctx)
    if not t.check(case is not None, "known profiles: the tables have an allow check the profiles answer otherwise"):
        return
    entry = "%s.%d" % (case, number)
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [reference_adapter("ref")])
        known = os.path.join(d, "known.txt")
        base = ("--crawler", "ref", "--id", case)
        done, _ = crawl(ctx, adapters, *base, "--profile", "rfc9309", "--profile", "google",
                        "--write-known-failures", known)
        text = read(known) if os.path.exists(known) else ""
        lines = text.splitlines()
        listed = [x for x in lines if x.startswith(entry + " ")]
        t.check(done.returncode == 0 and len(lines) >= 5 and all(x.startswith("# ") for x in lines[:3]) and
                lines[3] == "# Profiles judged: google, rfc9309" and len(listed) == 1 and
                "# [rfc9309] expected %s\n" % want in text and " = " in listed[0],
                "known profiles: --write-known-failures names the profiles of the run after its header, "
                "google first (%s fails under rfc9309)" % entry, (done.returncode, text[:800], done.stderr[-300:]))
        out, md, xml = (os.path.join(d, n) for n in ("out.txt", "out.md", "out.xml"))
        sentence = "%s was written under google, rfc9309; this run judged google: no entry is reported fixed." % known
        done, _ = crawl(ctx, adapters, *base, "--profile", "google", "--known-failures", known, "--strict",
                        "--fail-on-findings", "--output", "text=" + out, "--output", "markdown=" + md,
                        "--output", "junit=" + xml)
        report = json.loads(done.stdout or b"{}")
        err = done.stderr.decode()
        t.check(done.returncode == 0 and report["crawlers"][0]["summary"]["fixed"] == [] and
                "Fixed:" not in read(out) and "fixed:" not in err and "fixed: remove" not in read(xml),
                "known profiles: a file written under both, a run judging google: %s passes under google "
                "but is not fixed (--strict exits 0)" % entry, (done.returncode, err[-600:], read(out)[-600:]))
        t.check(sentence in read(out) and sentence in err and report_module.md_escape(sentence) in read(md) and
                report["known_failures"]["not_fixable"] == sentence and
                report["known_failures"]["written_under"] == ["google", "rfc9309"],
                "known profiles: the text and Markdown reports, stderr and the JSON say why in one sentence",
                (read(out)[-500:], err[-500:], report.get("known_failures")))
        done, _ = crawl(ctx, adapters, *base, "--known-failures", known, "--strict", "--fail-on-findings")
        report = json.loads(done.stdout or b"{}")
        statuses = {(r["id"], r["check"], r["profile"]): r["status"] for r in report["crawlers"][0]["results"]}
        t.check(done.returncode == 0 and statuses.get((case, number, "rfc9309")) == "known-failure" and
                report["crawlers"][0]["summary"]["fixed"] == [] and sentence not in done.stderr.decode(),
                "known profiles: judged under both, the entry is a known failure still, not fixed, no sentence",
                (done.returncode, done.stderr[-400:]))
        # A file without the line: as before, the google run calls the entry fixed.
        write(known, "".join(line + "\n" for line in lines if not line.startswith("# Profiles judged:")))
        done, _ = crawl(ctx, adapters, *base, "--profile", "google", "--known-failures", known, "--strict")
        t.check(done.returncode == 1 and entry in json.loads(done.stdout)["crawlers"][0]["summary"]["fixed"]
                and b"was written under" not in done.stderr,
                "known profiles: a file without the line is read as before (fixed, --strict exits 1)",
                (done.returncode, done.stderr[-400:]))
        write(known, "# Profiles judged: google\n%s\n" % entry)
        done, _ = crawl(ctx, adapters, *base, "--profile", "google", "--known-failures", known, "--strict")
        t.check(done.returncode == 1 and ("fixed: %s" % entry).encode() in done.stderr,
                "known profiles: written under google, judged under google: fixed as before",
                (done.returncode, done.stderr[-400:]))
        for line, needle in [("# Profiles judged: google, gogle", "known.txt:2: 'gogle' is not a profile (google, "
                              "rfc9309)"),
                             ("# Profiles judged: Google", "known.txt:2: 'Google' is not a profile")]:
            write(known, "%s\n%s\n" % (entry, line))
            done, _ = crawl(ctx, adapters, *base, "--known-failures", known)
            t.check(done.returncode == 2 and needle in done.stderr.decode(),
                    "known profiles: '%s' is refused with FILE:LINE" % line, done.stderr[-300:])


def test_compare(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        good = adapters_file(d, [reference_adapter("mine")])
        os.rename(good, os.path.join(d, "good.json"))
        bad = adapters_file(d, [reference_adapter("mine", "5xx-allows")])
        base = ("--crawler", "mine", "--area", "status", "--profile", "google")
        reports = {}
        for name, adapters, extra in [("old", os.path.join(d, "good.json"), ()), ("new", bad, ()),
                                      ("known", bad, ("--known-failures", os.path.join(d, "k.txt")))]:
            if extra:
                crawl(ctx, bad, *base, "--write-known-failures", os.path.join(d, "k.txt"))
            reports[name] = os.path.join(d, name + ".json")
            crawl(ctx, adapters, *base, *extra, "--out", reports[name])
        def compare(a, b):
            done = subprocess.run([crawler_tests.TOOL, "--compare", reports.get(a, a), reports.get(b, b)],
                                  capture_output=True, text=True, timeout=60)
            return done.returncode, done.stdout, done.stderr
        rc, out, _ = compare("old", "new")
        t.check(rc == 1 and "Failing now, not before:\n  mine: STATUS-5 check 1 [google]" in out and
                "was pass (full-disallow), now fail (full-allow)" in out,
                "compare: a regression is listed, exit 1", out[-800:])
        rc, out, _ = compare("new", "old")
        t.check(rc == 0 and "Fixed: failing before, not now:" in out and "Failing now" not in out,
                "compare: the other way round they are fixed, exit 0", out[-800:])
        rc, out, _ = compare("new", "known")
        t.check(rc == 0 and "Moved between known and new (the same answer):" in out and "Failing now" not in out
                and "Fixed" not in out, "compare: the same answers, known in one report: moved, not new (exit 0)",
                out[-800:])
        rc, out, _ = compare("known", "new")
        t.check(rc == 0 and "Failing now" not in out, "compare: and back again, exit 0", out[-800:])
        t.check("not asked in" not in out, "compare: reports of the same checks say nothing of checks not asked",
                out[-400:])
        # A new report of fewer checks (one case of the area): said plainly, counted.
        reports["one"] = os.path.join(d, "one.json")
        crawl(ctx, bad, "--crawler", "mine", "--id", "STATUS-5", "--profile", "google", "--out", reports["one"])
        with open(reports["old"], encoding="utf-8") as f:
            old_keys = {(r["id"], r["check"], r["profile"]) for r in json.load(f)["crawlers"][0]["results"]}
        with open(reports["one"], encoding="utf-8") as f:
            one_keys = {(r["id"], r["check"], r["profile"]) for r in json.load(f)["crawlers"][0]["results"]}
        missing = len(old_keys - one_keys)
        rc, out, _ = compare("old", "one")
        lines = out.splitlines()
        sentence = ("%d checks only in the old report, 0 only in the new: not compared (another selection); "
                    "--verbose lists them" % missing)
        t.check(missing > 10 and sentence in lines and lines.index(sentence) == len(lines) - 2 and
                "failing now, not before;" in lines[-1] and
                " %d only in %s," % (missing, reports["old"]) in lines[-1],
                "compare: a new report that did not ask %d checks of the old one says so before the count line"
                % missing, out[-600:])
        t.check("Only in the old report" not in out and "STATUS-1 check 1" not in out,
                "compare: without --verbose the checks not compared are counted, not listed", out[-600:])
        done = subprocess.run([crawler_tests.TOOL, "--compare", reports["old"], reports["one"], "--verbose"],
                              capture_output=True, text=True, timeout=60)
        listed = done.stdout.split("Only in the old report:\n", 1)[-1].split("\n\n", 1)[0].splitlines()
        t.check(len(listed) == missing and "not compared (another selection)\n" in done.stdout and
                "--verbose lists them" not in done.stdout,
                "compare: --verbose lists the %d checks only in the old report" % missing, done.stdout[-800:])
        rc, out, _ = compare("one", "old")
        t.check(("0 checks only in the old report, %d only in the new: not compared (another selection); "
                 "--verbose lists them" % missing) in out.splitlines() and rc == 0,
                "compare: and the other way round, the checks only in the new report", out[-600:])
        with open(reports["old"], encoding="utf-8") as f:
            stopped = json.load(f)
        stopped["crawlers"][0].update(results=[], stopped={"kind": "timed-out", "reason": "its world crawl was "
                                                           "still running after its time limit of 120 s"})
        write(os.path.join(d, "stopped.json"), json.dumps(stopped))
        rc, out, _ = compare("old", os.path.join(d, "stopped.json"))
        t.check(rc == 1 and "Stopped now (no answers to compare):\n  mine: its world crawl was still running" in out,
                "compare: a crawler that stopped early in the new report fails the comparison", out[-600:])
        write(os.path.join(d, "broken.json"), '{"crawlers": [{"name": "mine", "results": [{"id": "X"}]}]}')
        rc, _, err = compare("old", os.path.join(d, "broken.json"))
        t.check(rc == 2 and "broken.json: crawlers[0].results[0]: no id, check, profile or status" in err,
                "compare: a malformed report is refused with the file and where", err)
        rc, _, err = compare("old", os.path.join(d, "missing.json"))
        t.check(rc == 2 and "missing.json" in err, "compare: a missing file is refused", err)
        write(os.path.join(d, "not.json"), "{")
        rc, _, err = compare(os.path.join(d, "not.json"), "old")
        t.check(rc == 2 and "not.json: not JSON" in err, "compare: a file that is not JSON is refused", err)


def test_observations(t, ctx):
    """FORMAT-7's eight checks for agents named with typos all ask for /t: one fetch,
    one observation (a crawler whose token is TypoOne, blind to robots.txt, fails
    it once)."""
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        entry = dict(reference_adapter("typo", "ignore-robots"), token="TypoOne")
        adapters = adapters_file(d, [entry])
        xml = os.path.join(d, "obs.xml")
        done, _ = crawl(ctx, adapters, "--id", "FORMAT-7", "--profile", "google", "--output", "junit=" + xml,
                        "--output", "text=" + os.path.join(d, "obs.txt"))
        report = json.loads(done.stdout)["crawlers"][0]
        allow = [r for r in report["results"] if r["kind"] == "allow"]
        shared = {r["observation"] for r in allow}
        t.check(len(allow) == 8 and len(shared) == 1 and all(r["checks_in_observation"] == 8 for r in allow),
                "observations: FORMAT-7's eight allow checks are one observation",
                [(r["check"], r.get("observation")) for r in allow])
        by_kind = report["summary"]["observations_by_kind"].get("allow", {})
        t.check(report["summary"]["fail"] == 8 and by_kind.get("fail") == 1,
                "observations: the totals count 8 failed checks and 1 failed observation", report["summary"])
        text = read(os.path.join(d, "obs.txt"))
        t.check("FAIL FORMAT-7 checks 1-8 (allow, one fetch for 8 checks): expected disallowed, got allowed" in text
                and "observations: 0 passed, 1 failed" in text, "observations: the text report lists it once",
                text[-1200:])
        junit = read(xml)
        ok, why = junit_valid(xml)
        t.check(ok and junit.count("<testcase ") == 2 and
                'name="[google] checks 1-8: ' in junit and 'tests="2" failures="1"' in junit,
                "observations: JUnit has one test case for the fetch (and one for the sitemaps check)",
                why or junit[:1500])
        first = [c for c in crawler_tests.tables.load(ctx["conform"]) if c.id == "FORMAT-7"][0].robots
        first_lines = first.decode("utf-8").split("\n")
        t.check(all("            %2d  %s" % (n, line) in text for n, line in enumerate(first_lines[:12], 1)) and
                ("(%d more lines)" % (len(first_lines) - 12) in text if len(first_lines) > 12 else True),
                "served: the allow failure shows FORMAT-7's robots.txt, its first lines numbered", text[-1500:])
        kinds = [line.split()[0] for line in text.splitlines() if line.startswith("     ") and
                 not line.strip().startswith(("FAIL", "/", "cause", "http", "robots.txt at")) and
                 not line.strip()[:1].isdigit() and not line.strip().startswith("(")]
        t.check(kinds[:2] == ["allow", "sitemaps"], "observations: the text report counts per kind", kinds)


def test_adapters(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        path = adapters_file(d, [reference_adapter("good"), {"name": "bad", "token": "t", "command": ["true"]},
                                 {"name": "odd", "token": "t", "command": ["%start%"], "timeout": 3}, "junk"])
        done = subprocess.run([crawler_tests.TOOL, "--crawlers", path, "--list-crawlers"], capture_output=True,
                              text=True, timeout=60)
        lines = {line.split()[0]: line for line in done.stdout.splitlines() if line.split()}
        t.check(done.returncode == 0 and "broken: the command never names %start%" in lines.get("bad", "") and
                "broken: unknown field timeout" in lines.get("odd", "") and
                "broken: not an object" in lines.get("crawlers[3]", "") and "installed" in lines.get("good", ""),
                "adapters: --list-crawlers shows each broken entry with why", done.stdout)
        done, _ = crawl(ctx, path, "--crawler", "good", "--id", "STATUS-1")
        t.check(done.returncode == 0, "adapters: a bad entry does not stop another crawler", done.stderr[-500:])
        done, _ = crawl(ctx, path, "--crawler", "bad", "--id", "STATUS-1")
        t.check(done.returncode == 2 and
                b"crawlers[1] (bad): the command never names %start%, the URL to crawl" in done.stderr,
                "adapters: the bad entry is refused when it is selected", done.stderr[-500:])
        done, _ = crawl(ctx, path, "--id", "STATUS-1")
        t.check(done.returncode == 0 and b"skipping bad: the command never names %start%" in done.stderr and
                [c["name"] for c in json.loads(done.stdout)["crawlers"]] == ["good"],
                "adapters: by default the broken entries are skipped, each said", done.stderr[-500:])
        command = [crawler_tests.TOOL, "--crawlers", path, "--conform", ctx["conform"], "--robots", ctx["robots"],
                   "--crawler", "good", "--id", "STATUS-1"]
        with open("/dev/full", "w") as full:
            done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, timeout=300)
        t.check(done.returncode == 2 and b"cannot write the report to standard output" in done.stderr and
                b"Traceback" not in done.stderr, "usage: a report that cannot be written (/dev/full) exits 2",
                done.stderr[-500:])
        done, _ = crawl(ctx, path, "--crawler", "good", "--id", "STATUS-1", "--output", "xml=x")
        t.check(done.returncode == 2 and b"--output: no format 'xml'" in done.stderr,
                "usage: an unknown --output format is refused", done.stderr[-300:])
    # Two entries of one name: choosing it is refused, naming both; another name runs.
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        path = adapters_file(d, [reference_adapter("twice"), reference_adapter("other"),
                                 reference_adapter("twice", "5xx-allows")])
        done, _ = crawl(ctx, path, "--crawler", "twice", "--id", "STATUS-1")
        t.check(done.returncode == 2 and
                ("%s: 2 entries are named twice, crawlers[0] and crawlers[2]" % path).encode() in done.stderr
                and not done.stdout,
                "adapters: a name two entries have is refused when chosen, naming both (exit 2)", done.stderr[-400:])
        done, _ = crawl(ctx, path, "--crawler", "other", "--id", "STATUS-1")
        t.check(done.returncode == 0, "adapters: another entry of that file still runs", done.stderr[-400:])
    # A placeholder robots-crawl does not fill in: a broken entry, the near one named.
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        misspelt = reference_adapter("misspelt")
        misspelt["command"] = [w.replace("%start%", "%strat%") for w in misspelt["command"]]
        path = adapters_file(d, [misspelt, dict(reference_adapter("envy"), env={"HOME_DIR": "%outt%"}),
                                 reference_adapter("good")])
        done = subprocess.run([crawler_tests.TOOL, "--crawlers", path, "--list-crawlers"], capture_output=True,
                              text=True, timeout=60)
        lines = {line.split()[0]: line for line in done.stdout.splitlines() if line.split()}
        t.check('broken: unknown placeholder %strat% in "command" (did you mean %start%?)' in lines.get("misspelt", "")
                and 'broken: unknown placeholder %outt% in "env" (did you mean %out%?)' in lines.get("envy", "") and
                "installed" in lines.get("good", ""),
                "adapters: an unknown placeholder makes the entry broken, the near placeholder named", done.stdout)
        done, _ = crawl(ctx, path, "--crawler", "misspelt", "--id", "STATUS-1")
        t.check(done.returncode == 2 and b'crawlers[0] (misspelt): unknown placeholder %strat% in "command" '
                b'(did you mean %start%?)' in done.stderr,
                "adapters: the entry with %strat% is refused when chosen (exit 2)", done.stderr[-400:])


def run(t, ctx):
    for test in (test_adapters, test_stops, test_known_failures, test_known_profiles, test_compare,
                 test_observations):
        try:
            test(t, ctx)
        except Exception as e:  # one test's crash is its failure; the others still run
            t.check(False, "%s raised %s" % (test.__name__, type(e).__name__), repr(e))
