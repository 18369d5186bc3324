"""answers_tests.py - known failures pinned by their answer, --strict that cannot judge, counts that add up.

- --write-known-failures writes "ID = ANSWER" for each failure; a run given the
  file it just wrote passes (--fail-on-findings --strict), under one profile or
  both. The same crawler answering one check otherwise (refcrawl.py's
  REFCRAWL_RULES_ON=503: a 503 read as the rules) fails the run with "known
  failure, answer changed: was full-allow, now conditional" in the text, JSON,
  Markdown and JUnit reports. An entry without an answer takes any failure, as
  before; a quoted answer reads back as written; an "=" with no answer is refused.
- A file written under rfc9309, a run judging google: every report says which
  entries were not judged and why, and --strict fails, the last line of the text
  report and of stderr saying why. A run whose selection holds none of the
  file's checks: the same.
- The text report's rows per kind carry a known-failures column and add up to the
  checks of their kind; so do the Markdown table's rows; the notes the other
  formats give, and why the run failed, are in the JUnit suite's <system-out>.
"""
import json
import os
import re
import tempfile
import xml.etree.ElementTree as ElementTree

from ci_tests import junit_valid, read, write
from crawler_tests import adapters_file, crawl, reference_adapter

import known as known_module  # noqa: E402 - conformance/crawl, on the path crawler_tests sets

CHANGED = "known failure, answer changed: was full-allow, now conditional"


def outputs(d, name):
    paths = {f: os.path.join(d, "%s.%s" % (name, f)) for f in ("text", "markdown", "junit")}
    return paths, [w for f, p in paths.items() for w in ("--output", "%s=%s" % (f, p))]


def system_out(path):
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return ""
    return "".join(e.text or "" for e in root.iter("system-out"))


def test_pinned_answers(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        other = dict(reference_adapter("mine", "5xx-allows"), name="mine-503", env={"REFCRAWL_RULES_ON": "503"})
        adapters = adapters_file(d, [reference_adapter("mine", "5xx-allows"), other])
        known = os.path.join(d, "known.txt")
        base = ("--area", "status", "--profile", "google")
        done, _ = crawl(ctx, adapters, "--crawler", "mine", *base, "--write-known-failures", known)
        report = json.loads(done.stdout)["crawlers"][0]
        answers = {"%s.%d" % (r["id"], r["check"]): r["got"] for r in report["results"] if r["status"] == "fail"}
        listed = dict(re.findall(r"^([A-Z0-9.-]+) = (\S+)", read(known), re.M))
        t.check(answers and listed == answers and listed.get("STATUS-7.1") == "full-allow",
                "answers: --write-known-failures writes each failure with its answer (ID = ANSWER)",
                (listed, answers))
        done, _ = crawl(ctx, adapters, "--crawler", "mine", *base, "--known-failures", known, "--strict",
                        "--fail-on-findings")
        t.check(done.returncode == 0, "answers: a run given the file it just wrote passes (--strict)",
                done.stderr[-500:])
        paths, more = outputs(d, "changed")
        done, _ = crawl(ctx, adapters, "--crawler", "mine-503", *base, "--known-failures", known,
                        "--fail-on-findings", *more)
        results = json.loads(done.stdout)["crawlers"][0]["results"]
        changed = [r for r in results if r.get("answer_changed")]
        t.check(done.returncode == 1 and len(changed) == 1 and changed[0]["status"] == "fail" and
                (changed[0]["id"], changed[0]["check"]) == ("STATUS-7", 1) and
                changed[0]["answer_changed"] == {"was": "full-allow", "now": "conditional"},
                "answers: one answer changed: the run fails; JSON: status fail, answer_changed was/now",
                (done.returncode, changed, done.stderr[-300:]))
        text = read(paths["text"])
        t.check("FAIL STATUS-7 check 1 (status): %s (expected full-disallow)" % CHANGED in text,
                "answers: the text report says 'known failure, answer changed: was X, now Y'", text[-1200:])
        t.check(CHANGED in read(paths["markdown"]), "answers: so does the Markdown report",
                read(paths["markdown"])[-800:])
        ok, why = junit_valid(paths["junit"])
        t.check(ok and '<failure message="%s">' % CHANGED in read(paths["junit"]),
                "answers: and the JUnit report, a <failure> (valid)", why or read(paths["junit"])[:800])
        last = "robots-crawl: the run failed: 1 check failed that is not a known failure (1 of them listed with " \
               "another answer)"
        t.check(text.rstrip("\n").splitlines()[-1] == last and done.stderr.decode().rstrip("\n").endswith(last),
                "answers: the text report's last line and stderr's say why the run failed",
                (text[-300:], done.stderr[-300:]))
        # An entry without an answer means what it meant: any failure is known.
        write(known, re.sub(r"^([A-Z0-9.-]+) = \S+", r"\1", read(known), flags=re.M))
        done, _ = crawl(ctx, adapters, "--crawler", "mine-503", *base, "--known-failures", known, "--fail-on-findings")
        t.check(done.returncode == 0, "answers: entries without an answer take any failure, as before",
                done.stderr[-400:])
        write(known, 'STATUS-7.1 = "conditional"   # quoted\nSTATUS-5 = full-allow\nSTATUS-8\n')
        done, _ = crawl(ctx, adapters, "--crawler", "mine-503", *base, "--known-failures", known, "--fail-on-findings")
        t.check(done.returncode == 0, "answers: a quoted answer and a whole case's answer are read",
                done.stderr[-400:])
        write(known, "STATUS-7.1 =   # nothing\n")
        done, _ = crawl(ctx, adapters, "--crawler", "mine", *base, "--known-failures", known)
        t.check(done.returncode == 2 and b'known.txt:1: no answer after "="' in done.stderr,
                "answers: an '=' with no answer is refused with FILE:LINE", done.stderr[-300:])
        # Both profiles: the file written, the run given it passes.
        done, _ = crawl(ctx, adapters, "--crawler", "mine", "--area", "status", "--write-known-failures", known)
        done, _ = crawl(ctx, adapters, "--crawler", "mine", "--area", "status", "--known-failures", known, "--strict",
                        "--fail-on-findings")
        t.check(done.returncode == 0 and "# Profiles judged: google, rfc9309" in read(known),
                "answers: under both profiles too, a run given the file it just wrote passes", done.stderr[-500:])


def test_answer_quoting(t, ctx):
    """Answers that plain text cannot hold are written as JSON strings, and read back the same."""
    class Check:
        def __init__(self, ident, number):
            self.id, self.number = ident, number
    odd = ["full-allow", "a # in it", " leading space", "trailing space ", '"quoted"', "tab\there", "line\nend",
           "http://x.crawl.test/robots.txt and http://y.crawl.test/robots.txt"]
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        path = os.path.join(d, "k.txt")
        write(path, "".join("C-1.%d = %s   # comment\n" % (i + 1, known_module.quote_answer(a))
                            for i, a in enumerate(odd)))
        entries = known_module.load(path, [Check("C-1", len(odd))])
        t.check([e.answer for e in entries] == odd, "answers: every answer reads back as written, quoted or not",
                [e.answer for e in entries])


def rows_add_up(t, text, results, what):
    """Each per-kind line of the text report adds up to the checks of its kind."""
    bad, seen = [], 0
    profile = None
    for line in text.splitlines():
        m = re.match(r"^   (google|rfc9309) ", line)
        if m:
            profile = m.group(1)
        m = re.match(r"^     ([a-z-]+) +(\d+) passed, (\d+) failed, (\d+) known failures, (\d+) undefined, "
                     r"(\d+) not observed, (\d+) not observable", line)
        if not m or not profile:
            if re.match(r"^     [a-z-]+ +\d+ passed", line):
                bad.append(line)
            continue
        seen += 1
        total = sum(int(x) for x in m.groups()[1:])
        want = sum(1 for r in results if r["kind"] == m.group(1) and r["profile"] == profile)
        if total != want:
            bad.append((line, want))
    t.check(seen >= 3 and not bad, "counts: %s: every row per kind has a known-failures column and adds up (%d rows)"
            % (what, seen), bad)


def markdown_adds_up(t, md, results):
    bad, seen = [], 0
    for line in md.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 11 or not cells[2].isdigit():
            continue
        seen += 1
        profile, kind = cells[0], cells[1]
        checks, parts = int(cells[2]), [int(c) for c in cells[3:9]]
        want = sum(1 for r in results if r["profile"] == profile and (kind == "all" or r["kind"] == kind))
        if sum(parts) != checks or checks != want:
            bad.append((line, want))
    t.check(seen >= 3 and not bad, "counts: every row of the Markdown table adds up to its checks (%d rows)" % seen,
            bad)


def test_not_judged(t, ctx):
    with tempfile.TemporaryDirectory(prefix="crawl-test-") as d:
        adapters = adapters_file(d, [reference_adapter("mine", "5xx-allows")])
        known = os.path.join(d, "known.txt")
        crawl(ctx, adapters, "--crawler", "mine", "--area", "status", "--profile", "rfc9309",
              "--write-known-failures", known)
        ids = [line.split()[0] for line in read(known).splitlines() if line and not line.startswith("#")]
        t.check(len(ids) >= 3 and "# Profiles judged: rfc9309" in read(known),
                "not judged: a file written under rfc9309", read(known)[:600])
        paths, more = outputs(d, "other")
        done, _ = crawl(ctx, adapters, "--crawler", "mine", "--area", "status", "--profile", "google",
                        "--known-failures", known, "--strict", "--fail-on-findings", *more)
        report = json.loads(done.stdout or b"{}")
        sentence = ("%d entries of %s (%s) were not judged: the file was written under rfc9309 and this run judged "
                    "google (judge rfc9309 with --profile)." % (len(ids), known, ", ".join(ids)))
        last = "robots-crawl: the run failed: --strict could judge no entry: " + sentence
        text = read(paths["text"])
        t.check(done.returncode == 1 and text.rstrip("\n").splitlines()[-1] == last and
                done.stderr.decode().rstrip("\n").splitlines()[-1] == last,
                "not judged: --strict fails, the text report's last line and stderr's say why",
                (done.returncode, text[-500:], done.stderr[-500:]))
        t.check(report.get("known_failures", {}).get("not_judged") == sentence and
                report["known_failures"].get("not_judged_entries") == ids and
                sentence in text.replace(last, "") and sentence in read(paths["markdown"]).replace("\\", "") and
                sentence in system_out(paths["junit"]) and junit_valid(paths["junit"])[0],
                "not judged: the text, JSON, Markdown and JUnit (<system-out>) reports say which entries and why",
                (report.get("known_failures"), system_out(paths["junit"])[:500]))
        t.check(report.get("verdict") == last and last in system_out(paths["junit"]) and
                last in read(paths["markdown"]).replace("\\", ""),
                "not judged: why the run failed is in the JSON (verdict), JUnit (<system-out>) and Markdown too",
                (report.get("verdict"), system_out(paths["junit"])[-400:]))
        rows_add_up(t, text, report["crawlers"][0]["results"], "with known failures")
        markdown_adds_up(t, read(paths["markdown"]), report["crawlers"][0]["results"])
        t.check("Known failures: " in system_out(paths["junit"]) and
                [x for x in text.splitlines() if x.startswith("   Known failures: ")][0].strip() in
                system_out(paths["junit"]),
                "counts: the known-failures note of the text report is in the JUnit <system-out> too",
                system_out(paths["junit"])[:500])
        done, _ = crawl(ctx, adapters, "--crawler", "mine", "--area", "status", "--profile", "google",
                        "--known-failures", known, "--fail-on-findings", *more)
        t.check(done.returncode == 0 and sentence in read(paths["text"]) and sentence in done.stderr.decode(),
                "not judged: without --strict the run passes, and still says so", (done.returncode,
                                                                                   done.stderr[-400:]))
        # A selection that holds none of the file's checks: nothing could be judged either.
        done, _ = crawl(ctx, adapters, "--crawler", "mine", "--id", "STATUS-1", "--profile", "rfc9309",
                        "--known-failures", known, "--strict", *more)
        text = read(paths["text"])
        t.check(done.returncode == 1 and "were not judged: this run judged none of the checks they name" in
                text.rstrip("\n").splitlines()[-1] and
                "this run judged none of the checks they name" in done.stderr.decode().splitlines()[-1],
                "not judged: a selection without the file's checks fails --strict, saying why last",
                (done.returncode, text[-400:]))


def run(t, ctx):
    for test in (test_answer_quoting, test_pinned_answers, test_not_judged):
        try:
            test(t, ctx)
        except Exception as e:  # one test's crash is its failure; the others still run
            t.check(False, "%s raised %s" % (test.__name__, type(e).__name__), repr(e))
