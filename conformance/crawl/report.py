"""report.py - a crawl's results as text (for people), JSON (for tools), JUnit (for
CI screens) and Markdown (for a CI job's summary).

The JSON has robots-conform's shape: per crawler a summary by area, kind and class,
then one result per check and profile, with the crawler's requests that decided it.
Each result belongs to an observation: allow checks whose URLs are one fetch are
one observation (`observation`, `checks_in_observation`), every other check is one
of its own; the summaries count checks and observations. A crawler that stopped
early has no results and says why (`stopped`).

One helper yields the observations (rows()), another the notes under a
crawler's counts (notes(): known failures, fixed entries, entries not judged);
each format prints them, JUnit in its suites' <system-out>. A run that did not
run to its end (run_note.py) says so first, in every format.
"""
import json

import run_note

RESULTS = ("pass", "fail", "known-failure", "undefined", "not-observed", "not-observable")
KINDS = ("status", "scope", "robots-url", "allow", "sitemaps")


def counts(results):
    out = {r: 0 for r in RESULTS}
    for r in results:
        out[r["status"]] += 1
    return out


def rows(results):
    """The observations of results, in order: lists of the results one observation
    stands for (one for most checks, several for allow checks that share a fetch)."""
    groups = {}
    for r in results:
        groups.setdefault((r["profile"], r.get("observation", id(r))), []).append(r)
    return list(groups.values())


def row_status(row):
    """An observation's status: failed when one of its checks failed (not known),
    a known failure when every failed one is known, else its checks' status."""
    statuses = [r["status"] for r in row]
    if "fail" in statuses:
        return "fail"
    if "known-failure" in statuses:
        return "known-failure"
    return statuses[0]


def observation_counts(results):
    out = {r: 0 for r in RESULTS}
    for row in rows(results):
        out[row_status(row)] += 1
    return out


def summary(results, known_entries=None):
    by = {"by_area": {}, "by_kind": {}, "by_class": {}}
    for r in results:
        for key, names in (("by_area", [r["area"]]), ("by_kind", [r["kind"]]), ("by_class", r["basis"])):
            for name in names:
                by[key].setdefault(name, {x: 0 for x in RESULTS})[r["status"]] += 1
    out = dict(counts(results), **by)
    out["observations"] = observation_counts(results)
    out["observations_by_kind"] = {k: observation_counts([r for r in results if r["kind"] == k])
                                   for k in sorted({r["kind"] for r in results})}
    if known_entries is not None:
        out["known_failures"] = out["known-failure"]
        out["fixed"] = [e.id for e in known_entries if e.fixed]
    return out


def served_lines(r):
    """The robots.txt a failed result's crawler was served, as lines of text: each
    file's URL and answer, then its first lines numbered as the reference counts
    them (a failure can be reproduced from them: `robots FILE TOKEN URL`)."""
    out = []
    for f in r.get("served", []):
        if "lines" not in f:
            out.append("robots.txt at %s: %s" % (f["url"], f["answer"]))
            continue
        size = "%d byte%s, %d line%s" % (f["bytes"], "" if f["bytes"] == 1 else "s", f["line_count"],
                                         "" if f["line_count"] == 1 else "s")
        out.append("robots.txt at %s: %s (%s)%s" % (f["url"], f["answer"], size, ":" if f["lines"] else ""))
        width = len(str(len(f["lines"])))
        out += ["  %*d  %s" % (width, n, line) for n, line in enumerate(f["lines"], 1)]
        if f["line_count"] > len(f["lines"]):
            out.append("  (%d more line%s)" % (f["line_count"] - len(f["lines"]),
                                                "" if f["line_count"] - len(f["lines"]) == 1 else "s"))
    return out


def check_words(row):
    """"check 6" or "checks 1-8" or "checks 1, 3" for an observation's checks."""
    numbers = sorted({r["check"] for r in row})
    if len(numbers) == 1:
        return "check %d" % numbers[0]
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return "checks %d-%d" % (numbers[0], numbers[-1])
    return "checks " + ", ".join(str(n) for n in numbers)


def row_title(row):
    r = row[0]
    shared = ", one fetch for %d checks" % len(row) if len(row) > 1 else ""
    return "%s %s (%s%s)" % (r["id"], check_words(row), r["kind"], shared)


def as_json(crawls, known_info=None, note=None, verdict=None):
    """verdict: why the run failed (exit 1), as the text report's last line; the
    JSON's "verdict", absent when the run did not fail."""
    out = {}
    if note:
        out["stopped"] = note["stopped"]
        if note.get("fix"):
            out["fix"] = note["fix"]
    if verdict:
        out["verdict"] = verdict
    out["crawlers"] = []
    if known_info:
        out["known_failures"] = {"file": known_info["file"], "strict": known_info["strict"],
                                 "written_under": getattr(known_info["entries"], "written_under", []),
                                 "judged": known_info.get("judged", []),
                                 "not_fixable": known_info.get("not_fixable"),
                                 "not_judged": known_info.get("not_judged"),
                                 "not_judged_entries": known_info.get("not_judged_entries", [])}
    for c in crawls:
        entries = known_info["entries"] if known_info and c.get("known") else None
        out["crawlers"].append({
            "name": c["name"], "version": c["version"], "token": c["token"], "profiles": c["profiles"],
            "crawl": c["crawl"], "stopped": c.get("stopped"),
            "summary": summary(c["results"], entries), "causes": c.get("causes", []),
            "diagnosis": c.get("diagnosis", {}),
            "probes": c.get("probes", []), "results": c["results"]})
    return json.dumps(out, indent=1, ensure_ascii=False)


def _line(n, known=False):
    """The counts of a row; with known (a crawler given known failures) the known
    failures always, so that rows of one table add up alike."""
    text = "%d passed, %d failed" % (n["pass"], n["fail"])
    if n["known-failure"] or known:
        text += ", %d known failures" % n["known-failure"]
    return text + ", %d undefined, %d not observed, %d not observable" % (
        n["undefined"], n["not-observed"], n["not-observable"])


def _observation_line(results):
    n, o = counts(results), observation_counts(results)
    if n == o:
        return ""
    words = "; observations: %d passed, %d failed" % (o["pass"], o["fail"])
    if o["known-failure"]:
        words += ", %d known" % o["known-failure"]
    return words


def kinds_of(results):
    present = {r["kind"] for r in results}
    return [k for k in KINDS if k in present] + sorted(present - set(KINDS))


def _indent(text, prefix):
    return "\n".join(prefix + line for line in text.splitlines())


def _stopped_text(c):
    s = c["stopped"]
    lines = ["== %s (%s): STOPPED: the crawler %s" % (c["name"], c["version"], s["title"]),
             "   why: %s" % s["reason"], "   likely fix: %s" % s["fix"]]
    lines.append("   its log's last lines:" if s["log"] else "   its log is empty")
    if s["log"]:
        lines.append(_indent(s["log"], "   | "))
    return lines


def _known_text(known_info):
    """The fixed entries, a line each; or the one sentence saying why none can be
    (the run judged fewer profiles than the file was written under); and which
    entries were not judged at all, and why."""
    lines = []
    if not known_info:
        return lines
    if known_info.get("not_judged"):
        lines.append(known_info["not_judged"])
    if known_info.get("not_fixable"):
        return lines + [known_info["not_fixable"]]
    for e in known_info["entries"]:
        if e.fixed:
            lines.append("Fixed: %s (%s line %d) passes now: remove it from %s" % (
                e.id, known_info["file"], e.line, known_info["file"]))
    return lines


def changed_count(results):
    return sum(1 for r in results if r["status"] == "fail" and r.get("answer_changed"))


def notes(c, known_info):
    """The sentences under a crawler's counts, in every format: its known failures
    still failing, those whose answer changed, the entries fixed or not judged."""
    lines = []
    if not (c.get("known") and known_info):
        return lines
    n = counts(c["results"])["known-failure"]
    if n:
        lines.append("Known failures: %d check%s listed in %s still fail%s (not counted as failed)." % (
            n, "" if n == 1 else "s", known_info["file"], "s" if n == 1 else ""))
    changed = changed_count(c["results"])
    if changed:
        lines.append("Known failures, answer changed: %d check%s listed in %s fail%s with another answer than the "
                     "one listed (counted as failed)." % (changed, "" if changed == 1 else "s", known_info["file"],
                                                          "s" if changed == 1 else ""))
    return lines + _known_text(known_info)


def failure_words(r):
    """What a failed result's line says: expected and got, or, for a listed check
    answered otherwise, "known failure, answer changed: was X, now Y"."""
    if r.get("answer_changed"):
        return "known failure, answer changed: was %s, now %s (expected %s)" % (
            r["answer_changed"]["was"], r["answer_changed"]["now"], r["expected"])
    return "expected %s, got %s" % (r["expected"], r["got"])


def as_text(crawls, verbose=False, known_info=None, note=None, verdict=None):
    """verdict: the line that ends the report when the run fails (why)."""
    lines = run_note.lines(note)
    for c in crawls:
        if c.get("stopped"):
            lines += _stopped_text(c)
            continue
        crawl = c["crawl"]
        lines.append("== %s (%s): groups matched by the token '%s'" % (c["name"], c["version"], c["token"]))
        for mode in ("world", "control"):
            m = crawl[mode]
            how = "timed out" if m["timed_out"] else m["error"] or "exit %s" % m["exit"]
            lines.append("   %s crawl: %d requests in %.1f s, %s" % (mode, m["requests"], m["seconds"], how))
        known = bool(c.get("known") and known_info)
        for profile in c["profiles"]:
            mine = [r for r in c["results"] if r["profile"] == profile]
            lines.append("   %-8s %s%s" % (profile, _line(counts(mine), known), _observation_line(mine)))
            for kind in kinds_of(mine):
                of_kind = [r for r in mine if r["kind"] == kind]
                lines.append("     %-14s %s%s" % (kind, _line(counts(of_kind), known), _observation_line(of_kind)))
            lines += ["     " + x for x in cause_lines(c, profile)]
            for row in rows(mine):
                status, r = row_status(row), row[0]
                if status == "fail":
                    first = next(x for x in row if x["status"] == "fail")
                    lines.append("     FAIL %s: %s" % (row_title(row), failure_words(first)))
                    lines.append("          %s" % r["detail"])
                    lines.append("          cause: %s" % r.get("cause", "unexplained"))
                    lines += ["          " + x for x in served_lines(first)]
                elif verbose and status == "known-failure":
                    lines.append("     known failure %s: expected %s, got %s" % (row_title(row), r["expected"],
                                                                              r["got"]))
                elif verbose and status in ("not-observed", "not-observable"):
                    lines.append("     %s %s: %s" % (status, row_title(row), r["reason"]))
        lines += ["   " + x for x in notes(c, known_info)]
    if not note or note["kind"] == "interrupted":
        lines.append(total_line(crawls))
    if verdict:
        lines.append(verdict)
    return "\n".join(lines) + "\n"


def cause_heading(c, profile):
    """"causes, the most checks first: N defects explain M of K failed checks" (and
    how many none explains), or None when nothing failed."""
    found = c.get("causes_by_profile", {}).get(profile, [])
    failed = sum(1 for r in c["results"] if r["profile"] == profile and r["status"] in ("fail", "known-failure"))
    if not found:
        return None
    unexplained = sum(x["checks"] for x in found if x["id"] == "unexplained")
    named = [x for x in found if x["id"] != "unexplained"]
    text = "causes, the most checks first: %d defect%s explain%s %d of %d failed checks" % (
        len(named), "" if len(named) == 1 else "s", "s" if len(named) == 1 else "", failed - unexplained, failed)
    text += ", %d unexplained" % unexplained if unexplained else ""
    if sum(x["checks"] for x in found) > failed:
        text += " (a check may have more than one cause)"
    return text


def cause_lines(c, profile):
    """The causes of a profile's failures grouped, the most checks first."""
    heading = cause_heading(c, profile)
    if heading is None:
        return []
    lines = [heading + ":"]
    for x in c["causes_by_profile"][profile]:
        lines.append("  %3d  %s (%s)" % (x["checks"], x["cause"], ", ".join(x["ids"][:8]) +
                                         (", ..." if len(x["ids"]) > 8 else "")))
    return lines


def total_line(crawls):
    every = [r for c in crawls for r in c["results"]]
    n, o = counts(every), {x: 0 for x in RESULTS}
    for c in crawls:  # observations are numbered per crawler
        for x, k in observation_counts(c["results"]).items():
            o[x] += k
    text = "all crawlers: %d passed, %d failed" % (n["pass"], n["fail"])
    if n["known-failure"]:
        text += ", %d known failures" % n["known-failure"]
    text += ", %d undefined, %d not observed, %d not observable; observations: %d passed, %d failed" % (
        n["undefined"], n["not-observed"], n["not-observable"], o["pass"], o["fail"])
    stopped = [c for c in crawls if c.get("stopped")]
    if stopped:
        text += "; stopped early: " + ", ".join("%s (%s)" % (c["name"], c["stopped"]["title"]) for c in stopped)
    return text + " (a failure is a finding about a crawler)"


def as_markdown(crawls, known_info=None, note=None, verdict=None):
    """A CI job's summary: per crawler its counts by kind and profile (each row's
    columns add up to its checks), the failures with their causes, and why a
    crawler stopped."""
    out = ["**%s**\n" % md_escape(x) for x in run_note.lines(note)] + ["# robots-crawl\n"]
    for c in crawls:
        if c.get("stopped"):
            s = c["stopped"]
            out.append("## %s: stopped, the crawler %s\n\n%s.\n\n**Likely fix:** %s\n" % (
                c["name"], s["title"], md_escape(s["reason"]), md_escape(s["fix"])))
            if s["log"]:
                out.append("```text\n%s\n```\n" % s["log"].replace("```", "'''"))
            continue
        out.append("## %s (%s), token `%s`\n" % (c["name"], md_escape(c["version"]), md_escape(c["token"])))
        out.append("| profile | kind | checks | passed | failed | known | undefined | not observed | not observable "
                   "| observations passed | observations failed |\n"
                   "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for profile in c["profiles"]:
            mine = [r for r in c["results"] if r["profile"] == profile]
            for kind in kinds_of(mine) + ["all"]:
                of_kind = mine if kind == "all" else [r for r in mine if r["kind"] == kind]
                n, o = counts(of_kind), observation_counts(of_kind)
                out.append("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |" % (
                    profile, kind, len(of_kind), n["pass"], n["fail"], n["known-failure"], n["undefined"],
                    n["not-observed"], n["not-observable"], o["pass"], o["fail"]))
        out.append("")
        for profile in c["profiles"]:
            heading = cause_heading(c, profile)
            if heading:
                out.append("### Causes under %s\n\n%s.\n\n| checks | cause | cases |\n| ---: | --- | --- |" % (
                    profile, md_escape(heading[0].upper() + heading[1:])))
                for x in c["causes_by_profile"][profile]:
                    out.append("| %d | %s | %s |" % (x["checks"], md_escape(x["cause"]),
                                                     md_escape(", ".join(x["ids"]))))
                out.append("")
        failing = [row for row in rows(c["results"]) if row_status(row) == "fail"]
        if failing:
            out.append("### Failures\n")
            for row in failing:
                r = next(x for x in row if x["status"] == "fail")
                out.append("- **%s** [%s]: %s. %s. *Cause:* %s." % (
                    md_escape(row_title(row)), r["profile"], md_escape(failure_words(r)),
                    md_escape(r["detail"]), md_escape(r.get("cause", "unexplained"))))
            out.append("")
        if c.get("known") and known_info:
            n = counts(c["results"])["known-failure"]
            if n:
                out.append("%d known failures (listed in `%s`, not counted as failed).\n" % (n, known_info["file"]))
            changed = changed_count(c["results"])
            if changed:
                out.append("%d known failures whose answer changed (listed in `%s` with another answer: counted as "
                           "failed).\n" % (changed, known_info["file"]))
            fixed = _known_text(known_info)
            if fixed:
                out.append("\n".join("- " + md_escape(x) for x in fixed) + "\n")
    if not note or note["kind"] == "interrupted":
        out.append(md_escape(total_line(crawls)) + "\n")
    if verdict:
        out.append("**%s**\n" % md_escape(verdict))
    return "\n".join(out)


def md_escape(text):
    text = str(text)
    for ch in "\\`*_[]<>|":
        text = text.replace(ch, "\\" + ch)
    return " ".join(text.split("\n"))


def as_bench(crawls, scenarios):
    """One line per crawler: the world crawl's scenarios per second (its shards run
    at once, so the time is the slowest shard's)."""
    lines = []
    for c in crawls:
        if c.get("stopped"):
            lines.append("%-20s stopped: the crawler %s (%s)" % (c["name"], c["stopped"]["title"],
                                                               c["stopped"]["reason"]))
            continue
        world = c["crawl"]["world"]
        seconds = max(world["seconds"], 0.001)
        lines.append("%-20s %5d scenarios in %7.1f s: %8.1f scenarios/s (%d shard%s, %d requests)" % (
            c["name"], scenarios, seconds, scenarios / seconds, c.get("shards", 1), "" if c.get("shards", 1) == 1
            else "s", world["requests"]))
    return "\n".join(lines) + "\n"
