"""action_tests.py - the GitHub Action's crawl step, run as action.yml runs it.

scripts/github-action-crawl with the action's inputs as INPUT_* variables, from a
working directory holding the crawler's adapters file (as a crawler's repository
would): a crawler with failures fails the job with the log, the JUnit report and
the job summary written, and one line on stderr saying how many checks failed;
with its known failures it passes; strict fails on a fixed one; a crawler that
cannot start is exit 2 with the reports still written; bad inputs are refused.
When robots-crawl stops on a usage error (a crawler not installed, a broken
adapter entry chosen, a malformed known-failures file) or a crash of its own, it
writes the reports itself; when the step refuses its inputs, the step writes
them: either way a valid JUnit report (one testsuite "robots-crawl", one testcase
"robots-crawl could not run" in <error> with the reason) and the job summary say
why. (A cancelled job: ending_tests.py.) The step leaves no temporary file. Every input the step reads is one action.yml declares and
passes to it, and the example workflow of conformance/crawl/README.md uses only
inputs action.yml declares.
"""
import os
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

import crawler_tests
from ci_tests import junit_valid, read, write
from crawler_tests import adapters_file, reference_adapter

ROOT = os.path.dirname(os.path.dirname(crawler_tests.CRAWL))
STEP = os.path.join(ROOT, "scripts", "github-action-crawl")
ACTION = os.path.join(ROOT, "action.yml")
README = os.path.join(crawler_tests.CRAWL, "README.md")


def step(ctx, cwd, **inputs):
    env = dict(os.environ, ROBOTS_CONFORM=ctx["conform"], ROBOTS_BIN=ctx["robots"])
    for name in [n for n in env if n.startswith("INPUT_")]:
        del env[name]
    env.update({k: v for k, v in inputs.items()})
    return subprocess.run([STEP], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def test_step(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-action-") as d:
        adapters_file(d, [reference_adapter("mine", "5xx-allows"),
                          {"name": "typo", "token": "x", "command": ["/usr/bin/python3", "crawl.pyy", "%start%"]}])
        summary = os.path.join(d, "summary.md")
        junit = os.path.join(d, "robots-crawl.xml")
        scratch = os.path.join(d, "tmp")
        os.mkdir(scratch)
        inputs = {"INPUT_CRAWLERS": "crawlers.json", "INPUT_CRAWLER": "mine", "INPUT_CRAWL_AREAS": "status",
                  "GITHUB_STEP_SUMMARY": summary, "TMPDIR": scratch}
        done = step(ctx, d, **inputs)
        md = read(summary) if os.path.exists(summary) else ""
        ok, why = junit_valid(junit) if os.path.exists(junit) else (False, "no JUnit report")
        t.check(done.returncode == 1 and "FAIL STATUS-5 check 1 (status): expected full-disallow, got full-allow"
                in done.stdout and "cause: when robots.txt is unreachable (a server error, a dropped connection, "
                "no final answer), fetches every URL" in done.stdout,
                "action: a crawler with failures fails the job; the log explains each", done.stdout[-800:] +
                done.stderr[-500:])
        t.check(done.stderr.rstrip("\n").endswith(
                "robots.txt conformance: 5 checks of mine failed that are not known failures"),
                "action: exit 1 ends with one line saying why", done.stderr[-500:])
        t.check(ok and 'failures="5"' in read(junit) and "## mine" in md and "### Failures" in md and
                "*Cause:* when robots.txt is unreachable (a server error, a dropped connection, no final answer), "
                "fetches every URL" in md and "### Causes under google" in md,
                "action: the JUnit report (valid) and the job summary are written", why or md[:800])
        known = os.path.join(d, "crawl-known.txt")
        subprocess.run([crawler_tests.TOOL, "--crawlers", os.path.join(d, "crawlers.json"), "--crawler", "mine",
                        "--area", "status", "--profile", "google", "--conform", ctx["conform"], "--robots",
                        ctx["robots"], "--write-known-failures", known], capture_output=True, timeout=600)
        write(summary, "")
        done = step(ctx, d, INPUT_CRAWL_KNOWN_FAILURES="crawl-known.txt", **inputs)
        t.check(done.returncode == 0 and "5 known failures" in read(summary),
                "action: with its known failures the job passes; the summary counts them",
                done.stdout[-500:] + done.stderr[-500:])
        write(known, read(known) + "STATUS-1\n")
        done = step(ctx, d, INPUT_CRAWL_KNOWN_FAILURES="crawl-known.txt", INPUT_STRICT="true", **inputs)
        t.check(done.returncode == 1 and "Fixed: STATUS-1 (crawl-known.txt line" in done.stdout and
                '<failure message="fixed: remove STATUS-1 from crawl-known.txt">' in read(junit) and
                "robots.txt conformance: 1 known failure of mine passes now (strict): remove it from "
                "crawl-known.txt" in done.stderr and "checks of mine failed" not in done.stderr,
                "action: strict, a fixed known failure fails the job and says which", done.stdout[-600:] +
                done.stderr[-400:])
        done = step(ctx, d, INPUT_CRAWL_KNOWN_FAILURES="crawl-known.txt", **inputs)
        t.check(done.returncode == 0, "action: not strict, a fixed known failure passes", done.stderr[-300:])
        # The profile left empty: the profiles the known-failures file was written under.
        subprocess.run([crawler_tests.TOOL, "--crawlers", os.path.join(d, "crawlers.json"), "--crawler", "mine",
                        "--area", "status", "--conform", ctx["conform"], "--robots", ctx["robots"],
                        "--write-known-failures", known], capture_output=True, timeout=600)
        done = step(ctx, d, INPUT_CRAWL_KNOWN_FAILURES="crawl-known.txt", INPUT_STRICT="true", **inputs)
        t.check(done.returncode == 0 and "\n   google   " in done.stdout and "\n   rfc9309  " in done.stdout and
                "was written under" not in done.stdout + done.stderr,
                "action: strict, the profile left empty: the crawl judges the profiles the file names (both)",
                done.stdout[-600:] + done.stderr[-400:])
        done = step(ctx, d, INPUT_CRAWL_KNOWN_FAILURES="crawl-known.txt", INPUT_STRICT="true", INPUT_PROFILE="google",
                    **inputs)
        t.check(done.returncode == 0 and "\n   rfc9309  " not in done.stdout and
                "crawl-known.txt was written under google, rfc9309; this run judged google" in done.stderr,
                "action: a profile given is the one judged, and the run says what it could not judge",
                done.stdout[-600:] + done.stderr[-400:])
        write(summary, "")
        done = step(ctx, d, **dict(inputs, INPUT_CRAWLER="typo"))
        ok, why = junit_valid(junit)
        t.check(done.returncode == 2 and ok and 'name="crawler typo could not start"' in read(junit) and
                "can't open file" in read(junit) and "**Likely fix:**" in read(summary),
                "action: a crawler that cannot start: exit 2, the JUnit report and the summary say why",
                (done.returncode, why, done.stderr[-500:]))
        for what, changed, needle in [
                ("no crawler", {"INPUT_CRAWLER": ""}, "give the input crawler"),
                ("no adapters file", {"INPUT_CRAWLERS": "nowhere.json"}, "no adapters file 'nowhere.json'"),
                ("strict not a boolean", {"INPUT_STRICT": "yes"}, "the input strict is true or false, not 'yes'"),
                ("an unknown profile", {"INPUT_PROFILE": "gogle"}, "invalid choice: 'gogle'"),
                ("an unknown crawler", {"INPUT_CRAWLER": "nope"}, "no crawler 'nope'")]:
            done = step(ctx, d, **dict(inputs, **changed))
            t.check(done.returncode == 2 and needle in done.stderr, "action: %s is refused (exit 2)" % what,
                    done.stderr[-400:])
        done = subprocess.run([STEP, "--install"], capture_output=True, text=True, timeout=60)
        t.check(done.returncode == 0 and not done.stderr, "action: --install with everything there installs nothing",
                done.stderr[-300:])
        t.check(os.listdir(scratch) == [], "action: the step leaves no temporary file", os.listdir(scratch))


def error_report(path):
    """(suites, [(testcase name, error message, error text)]) of a JUnit file, or
    None when it is not XML."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return None
    cases = [(c.get("name"), e.get("message"), e.text or "") for c in root.iter("testcase") for e in c.iter("error")]
    return [s.get("name") for s in root.iter("testsuite")], cases


def test_no_report(t, ctx):
    """robots-crawl stops before its reports, or the step refuses its inputs: the
    JUnit report and the summary are written all the same, saying why."""
    with tempfile.TemporaryDirectory(prefix="crawl-action-") as d:
        misspelt = reference_adapter("misspelt")
        misspelt["command"] = [w.replace("%start%", "%strat%") for w in misspelt["command"]]
        adapters_file(d, [reference_adapter("mine"), misspelt,
                          {"name": "gone", "token": "x", "requires": ["no-such-crawler-xyz"], "install": "nowhere",
                           "command": ["no-such-crawler-xyz", "%start%"]}])
        write(os.path.join(d, "bad-known.txt"), "STATUS-1\nNOPE-9\n")
        garbage = os.path.join(d, "garbage-robots")
        write(garbage, "#!/bin/sh\necho 'not JSON'\n")
        os.chmod(garbage, 0o755)
        summary, junit = os.path.join(d, "summary.md"), os.path.join(d, "reports", "crawl.xml")
        scratch = os.path.join(d, "tmp")
        os.mkdir(scratch)
        inputs = {"INPUT_CRAWLERS": "crawlers.json", "INPUT_CRAWLER": "mine", "INPUT_CRAWL_AREAS": "status",
                  "INPUT_CRAWL_JUNIT": "reports/crawl.xml", "GITHUB_STEP_SUMMARY": summary, "TMPDIR": scratch}
        for what, changed, needle in [
                ("a crawler that is not installed", {"INPUT_CRAWLER": "gone"},
                 "gone is not installed: no-such-crawler-xyz not found (install: nowhere)"),
                ("a broken adapter entry chosen", {"INPUT_CRAWLER": "misspelt"},
                 'unknown placeholder %strat% in "command" (did you mean %start%?)'),
                ("a malformed known-failures file", {"INPUT_CRAWL_KNOWN_FAILURES": "bad-known.txt"},
                 "bad-known.txt:2: 'NOPE-9' names no case or check"),
                ("a crash of robots-crawl", {"ROBOTS_BIN": garbage}, "internal error (JSONDecodeError"),
                ("an input the step refuses", {"INPUT_CRAWLERS": "nowhere.json"}, "no adapters file 'nowhere.json'")]:
            write(summary, "")
            os.makedirs(os.path.dirname(junit), exist_ok=True)
            write(junit, '<?xml version="1.0"?><testsuites name="stale"/>')
            done = step(ctx, d, **dict(inputs, **changed))
            ok, why = junit_valid(junit)
            found = error_report(junit)
            suites, cases = found if found else ([], [])
            t.check(done.returncode == 2 and ok and suites == ["robots-crawl"] and len(cases) == 1 and
                    cases[0][0] == "robots-crawl could not run" and needle in cases[0][1] + cases[0][2],
                    "action: %s: exit 2 and a valid JUnit report, one <error> test case saying why" % what,
                    (done.returncode, why, cases, done.stderr[-400:]))
            md = read(summary)
            t.check("robots-crawl could not run" in md.split("\n", 1)[0] and needle in md.replace("\\", ""),
                    "action: %s: the job summary says why" % what, md[:600])
            if "ROBOTS_BIN" in changed:
                t.check(cases and "Traceback (most recent call last)" in cases[0][2] and
                        cases[0][1].startswith("internal error (JSONDecodeError: "),
                        "action: a crash: the <error> holds robots-crawl's traceback, its message why",
                        cases)
        t.check(os.listdir(scratch) == [], "action: the step leaves no temporary file when it stops early",
                os.listdir(scratch))


def test_declared(t, ctx):
    action, script = read(ACTION), read(STEP)
    crawl_step = action[action.index("    - name: Crawl\n"):]
    for name in sorted(set(re.findall(r"INPUT_([A-Z_]+)", script))):
        input_name = name.lower().replace("_", "-")
        t.check("  %s:\n" % input_name in action and "INPUT_%s: ${{ inputs.%s }}" % (name, input_name) in crawl_step,
                "action: the input %s is declared in action.yml and passed to the crawl step" % input_name)
    blocks = re.findall(r"```yaml\n(.*?)```", read(README), re.S)
    workflow = next((b for b in blocks if "robots-conformance/robots-conformance" in b and "crawler:" in b), "")
    used = []
    if workflow:
        lines = workflow[workflow.index("robots-conformance/robots-conformance"):].splitlines()[1:]
        for line in lines:
            if re.match(r"^\s*- ", line):
                break
            m = re.match(r"^\s+([a-z-]+):", line)
            if m and m.group(1) != "with":
                used.append(m.group(1))
    undeclared = [u for u in used if "  %s:\n" % u not in action]
    t.check(workflow and "crawler" in used and not undeclared,
            "action: the README's example workflow uses inputs action.yml declares", undeclared or workflow[:300])


def run(t, ctx):
    for test in (test_declared, test_step, test_no_report):
        try:
            test(t, ctx)
        except Exception as e:  # one test's crash is its failure; the others still run
            t.check(False, "%s raised %s" % (test.__name__, type(e).__name__), repr(e))
