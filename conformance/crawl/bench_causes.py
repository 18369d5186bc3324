#!/usr/bin/python3
"""bench_causes.py - how well robots-crawl diagnoses defects planted in a crawler.

    bench_causes.py --conform BIN --robots BIN [--pairs] [--flaws A,B,...] [--json FILE] [--check]

Runs the reference crawler (refcrawl.py) with each of its flaws alone, and with
--pairs with every two of them, through robots-crawl (the google profile), and
reports for each: the checks it failed; precision, the share of those whose
causes name a planted flaw (FLAW_CAUSES: the defects of defects.py each flaw
is); the share left "unexplained"; and every cause named that no planted flaw
is. "sevens" is a flaw no defect describes: its failures should all be
unexplained, and it is left out of the pairs.

--check exits 1 unless every single flaw reaches PRECISION_SINGLE with no cause
naming an absent flaw, and every pair PRECISION_PAIR (make test checks the
singles on the crawl it already makes: conformance/crawl/tests/crawler_tests.py).
"""
import argparse
import itertools
import json
import os
import signal
import subprocess
import sys
import tempfile

import defects

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "robots-crawl")
PRECISION_SINGLE = 0.95
PRECISION_PAIR = 0.90

# Each planted flaw, and the defects (cause ids; "x" also covers "x:...") that
# name it.
FLAW_CAUSES = {
    "ignore-robots": ("never-asks",),
    "start-host-only": ("never-asks",),
    "5xx-allows": ("status:5xx", "status:network-error", "status:1xx", "status:unreachable",
                   "status:unavailable"),
    "no-redirects": ("redirect-limit",),
    "first-match-wins": ("model:longest",),
    "429-allows": ("status:429", "status:unavailable"),
    "no-redirect-limit": ("redirect-limit",),
    "host-keyed": ("keyed",),
    "cap-100k": ("size-cap",),
    "sevens": (),
    "unicode-host": ("unicode-host",),
    "first-url-only": ("first-url-only",),
    "never-applied": ("never-applied",),
    "page-first": ("page-first",),
    "no-wildcard": ("model:wildcard",),
    "no-anchor": ("model:anchor",),
    "decode": ("model:decode",),
    "casefold": ("model:casefold",),
    "ua-substring": ("model:substring", "probe:part-of-agent-name", "probe:substring-agent"),
    "4xx-rules": ("status:4xx",),
    "two-redirects": ("redirect-limit",),
}
UNEXPLAINED = "unexplained"
# Two flaws that together are a third: a crawler that fetches each page before
# asking for its robots.txt, and checks only the first URL of an origin, checks
# none (the first was fetched before the file came): it never applies robots.txt,
# and the cause that says so names what it does.
TOGETHER = {frozenset(("first-url-only", "page-first")): ("never-applied",)}


def named_by(flaws):
    """The cause ids that name flaws planted together."""
    return [c for f in flaws for c in FLAW_CAUSES[f]] + list(TOGETHER.get(frozenset(flaws), ()))


def names(cause_id, flaws):
    """Does a cause id name one of flaws (a cause of two habits: does either)?"""
    return any(part == c or part.startswith(c + ":") for part in defects.parts(cause_id) for c in named_by(flaws))


def names_any(cause_ids, flaws):
    """Does one of a failure's cause ids name one of flaws?"""
    return any(names(i, flaws) for i in cause_ids)


def measure(results, flaws):
    """{failed, named (failures a cause of which names a planted flaw), unexplained,
    absent (the defects named that no planted flaw is: {id: failures}; of a cause
    of two habits, the one not planted)} of one
    crawler's google results."""
    failed = [r for r in results if r["profile"] == "google" and r["status"] in ("fail", "known-failure")]
    out = {"flaws": list(flaws), "failed": len(failed), "named": 0, "unexplained": 0, "absent": {}}
    for r in failed:
        ids = r.get("cause_ids", [UNEXPLAINED])
        out["named"] += any(names(i, flaws) for i in ids)
        out["unexplained"] += UNEXPLAINED in ids
        for part in (p for i in ids if i != UNEXPLAINED for p in defects.parts(i)):
            if not names(part, flaws):
                out["absent"][part] = out["absent"].get(part, 0) + 1
    out["precision"] = out["named"] / out["failed"] if out["failed"] and any(FLAW_CAUSES[f] for f in flaws) else None
    return out


def meets(row):
    """Does a row reach its aim? A flaw no defect describes: every failure unexplained."""
    if not any(FLAW_CAUSES[f] for f in row["flaws"]):
        return row["unexplained"] == row["failed"] and not row["absent"]
    aim = PRECISION_SINGLE if len(row["flaws"]) == 1 else PRECISION_PAIR
    return row["failed"] > 0 and row["precision"] >= aim and (len(row["flaws"]) > 1 or not row["absent"])


def table(rows):
    lines = ["%-36s %6s %9s %11s  %s" % ("flaws planted", "failed", "precision", "unexplained", "causes naming no "
                                                                                                  "planted flaw")]
    for row in rows:
        precision = "-" if row["precision"] is None else "%.1f%%" % (100 * row["precision"])
        share = "%.1f%%" % (100.0 * row["unexplained"] / row["failed"]) if row["failed"] else "-"
        absent = ", ".join("%s (%d)" % kv for kv in sorted(row["absent"].items())) or "none"
        lines.append("%-36s %6d %9s %11s  %s%s" % ("+".join(row["flaws"]), row["failed"], precision, share, absent,
                                                  "" if meets(row) else "  BELOW AIM"))
    return "\n".join(lines)


def adapter(flaws):
    with open(os.path.join(HERE, "crawlers.json")) as f:
        entry = dict(next(c for c in json.load(f)["crawlers"] if c["name"] == "reference-crawler"))
    entry["name"] = "+".join(flaws)
    entry["command"] = entry["command"][:-1] + ["--flaw", ",".join(flaws), entry["command"][-1]]
    return entry


def run(conform, robots, sets, jobs):
    """robots-crawl's JSON report of a crawler per set of flaws. INT, TERM and HUP
    are passed on to robots-crawl, which ends every crawl; the bench then ends
    too, its temporary folder removed."""
    with tempfile.TemporaryDirectory(prefix="bench-causes-") as d:
        path = os.path.join(d, "crawlers.json")
        with open(path, "w") as f:
            json.dump({"crawlers": [adapter(s) for s in sets]}, f)
        child = subprocess.Popen([TOOL, "--crawlers", path, "--conform", conform, "--robots", robots, "--profile",
                                  "google", "--format", "json", "--jobs", str(jobs)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        caught = []
        def pass_on(signum, _frame):
            caught.append(signum)
            child.send_signal(signum)
        before = {s: signal.signal(s, pass_on) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
        try:
            out, err = child.communicate()
        finally:
            for s, handler in before.items():
                signal.signal(s, handler)
    if caught:
        raise SystemExit("bench-causes: interrupted by %s" % signal.Signals(caught[0]).name)
    if child.returncode != 0:
        sys.stderr.write(err.decode("utf-8", "replace")[-3000:])
        raise SystemExit("bench-causes: robots-crawl exited %d" % child.returncode)
    return json.loads(out)


def main():
    parser = argparse.ArgumentParser(description="Plants each flaw of the reference crawler (and with --pairs every "
                                                 "two) and measures how robots-crawl diagnoses it.")
    parser.add_argument("--conform", required=True)
    parser.add_argument("--robots", required=True)
    parser.add_argument("--flaws", help="only these flaws (comma-separated; default: every one of FLAW_CAUSES)")
    parser.add_argument("--pairs", action="store_true", help="also every two of them")
    parser.add_argument("--json", help="write the rows as JSON to this file")
    parser.add_argument("--check", action="store_true", help="exit 1 when a row is below its aim")
    parser.add_argument("--jobs", type=int, default=16)
    args = parser.parse_args()
    flaws = args.flaws.split(",") if args.flaws else list(FLAW_CAUSES)
    unknown = [f for f in flaws if f not in FLAW_CAUSES]
    if unknown:
        parser.error("no flaw %s (the flaws: %s)" % (", ".join(unknown), ", ".join(FLAW_CAUSES)))
    sets = [(f,) for f in flaws]
    if args.pairs:
        sets += list(itertools.combinations([f for f in flaws if FLAW_CAUSES[f]], 2))
    report = run(args.conform, args.robots, sets, args.jobs)
    by_name = {c["name"]: c for c in report["crawlers"]}
    rows = []
    for s in sets:
        crawl = by_name["+".join(s)]
        if crawl.get("stopped"):
            raise SystemExit("bench-causes: the crawler with %s stopped: %s" % ("+".join(s), crawl["stopped"]))
        rows.append(measure(crawl["results"], s))
    print(table(rows))
    singles = [r for r in rows if len(r["flaws"]) == 1 and FLAW_CAUSES[r["flaws"][0]]]
    pairs = [r for r in rows if len(r["flaws"]) == 2]
    for what, group in (("single flaws", singles), ("pairs", pairs)):
        if group:
            named = sum(r["named"] for r in group)
            failed = sum(r["failed"] for r in group)
            print("%s: %d of %d failures name a planted flaw (%.1f%%); %d of %d rows reach their aim" % (
                what, named, failed, 100.0 * named / max(1, failed), sum(1 for r in group if meets(r)), len(group)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 1 if args.check and not all(meets(r) for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
