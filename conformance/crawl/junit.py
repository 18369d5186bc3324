"""junit.py - a crawl as JUnit XML, with robots-conform's rules, for CI screens.

  <testsuites name="robots-crawl" tests= failures= errors= skipped=>   sums of its suites
    <testsuite name="CRAWLER.AREA" ...>   one per crawler and area of the tables
      <testcase classname="AREA.CASE-ID" name="[PROFILE] check N: WHAT">
                                          one per observation: allow checks that share
                                          one fetch are one test case ("checks 1-8")
        <failure message="expected X, got Y">   the detail, the cause, the robots.txt served
                                                (its URL, its answer, its first lines numbered)
        <skipped message="known failure: expected X, got Y"/>
        <skipped message="not observed: WHY"/>  (also undefined, not observable)
        <failure message="fixed: remove ID from FILE"/>   a fixed known failure, --strict
        <failure message="known failure, answer changed: was X, now Y">   listed with another answer
      <system-out>                        the notes the other formats give under the crawler's
                                          counts (known failures, fixed entries, entries not
                                          judged), in its first suite; in the report's first
                                          suite, last, why the run failed (the text's last line)
    <testsuite name="CRAWLER" ...>        a crawler that stopped early: one test case
      <testcase classname="robots-crawl" name="crawler NAME could not start">
        <error message="REASON">          the reason, the likely fix, the log's last lines
    <testsuite name="robots-crawl" ...>   first, when the run did not run to its end (run_note.py)
      <testcase classname="robots-crawl" name="robots-crawl was interrupted">
                                          (or "robots-crawl run in progress", "robots-crawl could not run")
        <error message="interrupted by SIGTERM after N of M checks">   (or the placeholder's,
                                          or the usage error's) why, and the likely fix
      <system-out>                        the note, as the text report's first line

Each count attribute counts its suite's test cases (tests: all of them; failures,
errors, skipped: those holding one). Text is escaped for XML; a character XML 1.0
cannot hold, and any control character other than TAB and LF, becomes U+FFFD.
"""
import report
import run_note


def clean(text):
    out = []
    for ch in str(text):
        o = ord(ch)
        if ch in "\t\n" or (0x20 <= o < 0x7F) or (0xA0 <= o <= 0xD7FF) or (0xE000 <= o <= 0xFFFD) or o > 0xFFFF:
            out.append(ch)
        else:
            out.append("\ufffd")
    return "".join(out)


def text(value):
    return clean(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attr(value):
    return text(value).replace('"', "&quot;").replace("\t", "&#9;").replace("\n", "&#10;")


def _outcome(row, known_info, strict):
    """(element, message, body) of one observation, or None for a plain pass."""
    status, r = report.row_status(row), row[0]
    if status == "fail":
        first = next(x for x in row if x["status"] == "fail")
        body = "%s\ncause: %s\n" % (first["detail"], first.get("cause", "unexplained"))
        if len(row) > 1:
            body += "one fetch answers %s of %s\n" % (report.check_words(row), first["id"])
        body += "".join(line + "\n" for line in report.served_lines(first))
        if first.get("answer_changed"):
            changed = first["answer_changed"]
            return "failure", "known failure, answer changed: was %s, now %s" % (changed["was"], changed["now"]), \
                "expected %s\n%s" % (first["expected"], body)
        return "failure", "expected %s, got %s" % (first["expected"], first["got"]), body
    if status == "known-failure":
        return "skipped", "known failure: expected %s, got %s" % (r["expected"], r["got"]), "%s\ncause: %s\n" % (
            r["detail"], r.get("cause", "unexplained"))
    if status == "pass":
        fixed = next((x["fixed"] for x in row if x.get("fixed")), None)
        if fixed and strict:
            return "failure", fixed, "%s\n" % r["detail"]
        return None
    if status == "undefined":
        return "skipped", "undefined: the profile leaves it open (observed %s)" % r["got"], ""
    return "skipped", "%s: %s" % (status, r["reason"]), ""


def _case(row, known_info, strict):
    r = row[0]
    name = "[%s] %s: %s" % (r["profile"], report.check_words(row), r.get("description") or r["kind"])
    if len(row) > 1:
        name += " (one fetch)"
    head = '    <testcase classname="%s" name="%s"' % (attr("%s.%s" % (r["area"], r["id"])), attr(name))
    outcome = _outcome(row, known_info, strict)
    if outcome is None:
        return head + "/>", None
    element, message, body = outcome
    return "%s>\n      <%s message=\"%s\">%s</%s>\n    </testcase>" % (
        head, element, attr(message), text(body), element), element


def _suite(name, cases, out_lines=()):
    """cases: [(xml, element or None)]; out_lines: the suite's <system-out>."""
    n = {"failure": 0, "error": 0, "skipped": 0}
    for _, element in cases:
        if element:
            n[element] += 1
    head = '  <testsuite name="%s" tests="%d" failures="%d" errors="%d" skipped="%d">' % (
        attr(name), len(cases), n["failure"], n["error"], n["skipped"])
    tail = ["    <system-out>%s</system-out>" % text("".join(x + "\n" for x in out_lines))] if out_lines else []
    return "\n".join([head] + [xml for xml, _ in cases] + tail + ["  </testsuite>"]), len(cases), n


def _note_case(note):
    body = "".join(x + "\n" for x in run_note.lines(note)) + (note.get("detail") or "")
    xml = ('    <testcase classname="robots-crawl" name="%s">\n      <error message="%s">%s</error>\n'
           '    </testcase>' % (attr(note["title"]), attr(note["message"]), text(body)))
    return xml, "error"


def _stopped_case(c):
    s = c["stopped"]
    body = "%s\nlikely fix: %s\n" % (s["reason"], s["fix"])
    if s["log"]:
        body += "the crawler's log, its last lines:\n%s\n" % s["log"]
    xml = ('    <testcase classname="robots-crawl" name="%s">\n      <error message="%s">%s</error>\n'
           '    </testcase>' % (attr("crawler %s %s" % (c["name"], s["title"])), attr(s["reason"]), text(body)))
    return xml, "error"


def as_junit(crawls, known_info=None, strict=False, note=None, verdict=None):
    """verdict: why the run failed, the text report's last line: in the first
    suite's <system-out>, after its notes."""
    suites, total = [], {"tests": 0, "failure": 0, "error": 0, "skipped": 0}
    groups = [("robots-crawl", [_note_case(note)], run_note.lines(note))] if note else []
    for c in crawls:
        if c.get("stopped"):
            groups.append((c["name"], [_stopped_case(c)], ()))
        else:
            by_area = {}
            for row in report.rows(c["results"]):
                by_area.setdefault(row[0]["area"], []).append(_case(row, known_info if c.get("known") else None,
                                                                    strict))
            notes = report.notes(c, known_info)
            mine = [("%s.%s" % (c["name"], area), cases, ()) for area, cases in by_area.items()]
            if notes and not mine:
                mine = [(c["name"], [], ())]
            if mine:
                mine[0] = mine[0][:2] + (notes,)
            groups += mine
    if verdict and groups:
        groups[0] = groups[0][:2] + (tuple(groups[0][2]) + (verdict,),)
    for name, cases, out_lines in groups:
        xml, tests, n = _suite(name, cases, out_lines)
        suites.append(xml)
        total["tests"] += tests
        for k in n:
            total[k] += n[k]
    head = '<testsuites name="robots-crawl" tests="%d" failures="%d" errors="%d" skipped="%d">' % (
        total["tests"], total["failure"], total["error"], total["skipped"])
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head] + suites + ["</testsuites>"]) + "\n"
