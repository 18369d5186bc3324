"""report.py - a crawl's results as text (for people) and JSON (for tools).

The JSON has robots-conform's shape: a summary by area, kind and class, then one
result per check and profile, with the crawler's requests that decided it.
"""
import json

RESULTS = ("pass", "fail", "undefined", "not-observed", "not-observable")


def counts(results):
    out = {r: 0 for r in RESULTS}
    for r in results:
        out[r["status"]] += 1
    return out


def summary(results):
    by = {"by_area": {}, "by_kind": {}, "by_class": {}}
    for r in results:
        for key, names in (("by_area", [r["area"]]), ("by_kind", [r["kind"]]), ("by_class", r["basis"])):
            for name in names:
                by[key].setdefault(name, {x: 0 for x in RESULTS})[r["status"]] += 1
    return dict(counts(results), **by)


def as_json(crawls):
    return json.dumps({"crawlers": [{"name": c["name"], "version": c["version"], "token": c["token"],
                                     "profiles": c["profiles"], "crawl": c["crawl"],
                                     "summary": summary([r for r in c["results"] if r["profile"] in c["profiles"]]),
                                     "results": [r for r in c["results"] if r["profile"] in c["profiles"]]}
                                    for c in crawls]}, indent=1, ensure_ascii=False)


def _line(c):
    n = counts(c)
    return "%d passed, %d failed, %d undefined, %d not observed, %d not observable" % (
        n["pass"], n["fail"], n["undefined"], n["not-observed"], n["not-observable"])


def as_text(crawls, verbose=False):
    lines = []
    for c in crawls:
        crawl = c["crawl"]
        lines.append("== %s (%s): groups matched by the token '%s'" % (c["name"], c["version"], c["token"]))
        for mode in ("world", "control"):
            m = crawl[mode]
            how = "timed out" if m["timed_out"] else m["error"] or "exit %s" % m["exit"]
            lines.append("   %s crawl: %d requests in %.1f s, %s" % (mode, m["requests"], m["seconds"], how))
        for profile in c["profiles"]:
            mine = [r for r in c["results"] if r["profile"] == profile]
            lines.append("   %-8s %s" % (profile, _line(mine)))
            areas = sorted({r["area"] for r in mine})
            for area in areas:
                lines.append("     %-10s %s" % (area, _line([r for r in mine if r["area"] == area])))
            for r in mine:
                if r["status"] == "fail":
                    lines.append("     FAIL %s check %d (%s): expected %s, got %s" % (
                        r["id"], r["check"], r["kind"], r["expected"], r["got"]))
                    lines.append("          %s" % r["detail"])
                elif verbose and r["status"] in ("not-observed", "not-observable"):
                    lines.append("     %s %s check %d: %s" % (r["status"], r["id"], r["check"], r["reason"]))
        if not crawl["world"]["requests"]:
            lines.append("   the crawler made no request: see its log:\n" + crawl["world"]["log"][-1500:])
    every = [r for c in crawls for r in c["results"] if r["profile"] in c["profiles"]]
    n = counts(every)
    lines.append("all crawlers: %d passed, %d failed, %d not observed, %d not observable (a failure is a finding "
                 "about a crawler)" % (n["pass"], n["fail"], n["not-observed"], n["not-observable"]))
    return "\n".join(lines) + "\n"


def as_bench(crawls, scenarios):
    """One line per crawler: the world crawl's scenarios per second (its shards run
    at once, so the time is the slowest shard's)."""
    lines = []
    for c in crawls:
        world = c["crawl"]["world"]
        seconds = max(world["seconds"], 0.001)
        lines.append("%-20s %5d scenarios in %7.1f s: %8.1f scenarios/s (%d shard%s, %d requests)" % (
            c["name"], scenarios, seconds, scenarios / seconds, c.get("shards", 1), "" if c.get("shards", 1) == 1
            else "s", world["requests"]))
    return "\n".join(lines) + "\n"
