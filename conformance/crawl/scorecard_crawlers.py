"""scorecard_crawlers.py - the crawlers' part of the scorecard (scripts/scorecard).

run() crawls with every crawler of crawlers.json (all must be installed:
scripts/install-crawlers) and returns what scorecard.json keeps of it: per crawler
its counts by profile, kind and area, of checks and of observations (allow checks
that one fetch answers are one); per check, each crawler's mark; and the causes of
its failures under google, as robots-crawl found them (causes.py: the rule each
failure's pattern across checks matches). render() writes SCORECARD.md's section;
check() holds the committed file to itself.
"""
import json
import os
import subprocess

import defects

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "robots-crawl")
PROFILES = ("google", "rfc9309")
MARKS = {"pass": "pass", "fail": "FAIL", "undefined": "undefined", "not-observed": "n/o", "not-observable": "-"}
COUNTED = {"pass": "passed", "FAIL": "failed", "undefined": "undefined", "n/o": "not_observed", "-": "not_observable"}
KINDS = ("allow", "robots-url", "scope", "status", "sitemaps")


def empty():
    return {v: 0 for v in COUNTED.values()}


def tally(marked):
    """Counts (kind, area, mark) triples: in all, by kind and by area. run() makes
    the scorecard's counts with it, check() counts the committed marks again."""
    counts = {"total": empty(), "kinds": {}, "areas": {}}
    for kind, area, mark in marked:
        for bucket in (counts["total"], counts["kinds"].setdefault(kind, empty()),
                       counts["areas"].setdefault(area, empty())):
            bucket[COUNTED[mark]] += 1
    return counts


def run(conform, robots, fail):
    with open(os.path.join(HERE, "crawlers.json")) as f:
        names = [c["name"] for c in json.load(f)["crawlers"]]
    command = [TOOL, "--conform", conform, "--robots", robots, "--format", "json"]
    for n in names:
        command += ["--crawler", n]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail("robots-crawl failed (exit %d; scripts/install-crawlers installs the crawlers):\n%s"
             % (done.returncode, done.stderr[-3000:]))
    crawls = json.loads(done.stdout)["crawlers"]
    out = {"crawlers": [], "marks": {}, "causes": {}}
    for c in crawls:
        for r in c["results"]:
            out["marks"].setdefault((r["id"], r["check"], r["profile"]), {})[c["name"]] = MARKS[r["status"]]
        summary = {}
        for p in PROFILES:
            mine = [r for r in c["results"] if r["profile"] == p]
            summary[p] = tally((r["kind"], r["area"], MARKS[r["status"]]) for r in mine)
            summary[p]["observations"] = observation_tally(mine)
        out["crawlers"].append({"name": c["name"], "version": c["version"], "token": c["token"], "profiles": summary})
        # A cause put down to one habit of a pair chosen (defects.parts) rests on
        # the pair: what contradicts it, and the failures it explains in all.
        against, explains = {}, {}
        for x in c.get("diagnosis", {}).get("google", {}).get("chosen", []):
            for ident in set([x["id"]] + defects.parts(x["id"])):
                against.setdefault(ident, []).extend(k for k in x["contradicted_by"] if k not in against[ident])
                explains[ident] = explains.get(ident, 0) + x.get("explains", 0)
        out["causes"][c["name"]] = [dict(x, contradicted_by=against.get(x.get("id"), []),
                                         explains=explains.get(x.get("id"), x.get("checks", 0)))
                                    for x in c["causes"]]
    return out


def bench_figures(path, fail):
    """What the scorecard keeps of make bench-causes's rows (bench_causes.py --json):
    per group (single flaws, pairs) the failures, those a cause of which names a
    planted flaw, the unexplained, the rows and those that reach their aim."""
    import bench_causes
    try:
        with open(path) as f:
            rows = json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read the bench's rows %s: %s" % (path, e))
    out = {}
    for group, size in (("single", 1), ("pairs", 2)):
        mine = [r for r in rows if len(r["flaws"]) == size and any(bench_causes.FLAW_CAUSES[f] for f in r["flaws"])]
        if mine:
            out[group] = {"rows": len(mine), "meeting": sum(1 for r in mine if bench_causes.meets(r)),
                          "failed": sum(r["failed"] for r in mine), "named": sum(r["named"] for r in mine),
                          "unexplained": sum(r["unexplained"] for r in mine),
                          "lowest": min((r["precision"] for r in mine if r["precision"] is not None), default=None)}
    return out


def observation_tally(results):
    """Counts of observations (results that share `observation` are one), in all
    and by kind."""
    seen = {}
    for r in results:
        seen.setdefault(r["observation"], (r["kind"], MARKS[r["status"]]))
    counts = {"total": empty(), "kinds": {}}
    for kind, mark in seen.values():
        for bucket in (counts["total"], counts["kinds"].setdefault(kind, empty())):
            bucket[COUNTED[mark]] += 1
    return counts


def share(counts):
    judged = counts["passed"] + counts["failed"]
    return "%d/%d" % (counts["passed"], judged) if judged else "-"


def render(w, section):
    if not section or not section.get("crawlers"):
        return
    w("\n## Crawlers (robots-crawl)\n\n"
      "Real crawlers, each let loose in a web on loopback made from the tables\n"
      "(`make crawl`, conformance/crawl/README.md) and scored by the URLs it requested:\n"
      "*passed/judged* per kind of check. A crawler matches groups by its own product\n"
      "token, so its allow checks expect the reference's answer for that token. Checks no\n"
      "crawl can show are not counted; *not observed* counts the checks whose scenario\n"
      "the crawler did not reach even when every robots.txt was missing. Allow checks that\n"
      "one fetch answers (FORMAT-7's eight agents all ask for `/t`) are one observation:\n"
      "*observations* counts them so; a status check is judged on the whole exchange,\n"
      "the redirects followed too.\n\n")
    if section.get("date"):
        w("Crawled on %s.\n\n" % section["date"])
    w("| crawler | version | token |\n| --- | --- | --- |\n")
    for c in section["crawlers"]:
        w("| %s | %s | %s |\n" % (c["name"], c["version"], c["token"]))
    for p in PROFILES:
        w("\n### Profile %s\n\n" % p)
        w("| crawler | all judged | observations | " + " | ".join(KINDS) + " | not observed |\n")
        w("| --- | ---: | ---: | " + " | ".join("---:" for _ in KINDS) + " | ---: |\n")
        for c in section["crawlers"]:
            s = c["profiles"][p]
            w("| %s | %s | %s | %s | %d |\n" % (c["name"], share(s["total"]),
                                              share(s.get("observations", {}).get("total", empty())),
                                              " | ".join(share(s["kinds"].get(k, empty())) for k in KINDS),
                                              s["total"]["not_observed"]))
    w("\n### Crawler failures by cause (profile google)\n\n"
      "Each cause is a defect of the crawler, diagnosed by robots-crawl: the smallest set of\n"
      "defects (conformance/crawl/defects.py: robots.txt applied to the first URL of an origin\n"
      "only, a status policy, a redirect limit, the parser's habits, ...) that explains its\n"
      "failures across every check, no defect stated that its observations contradict\n"
      "(conformance/crawl/README.md, Causes). Each is given with the failed checks it\n"
      "explains, the most first, and their cases (a check may have more than one cause);\n"
      "*unexplained* lists those no defect explains. `robots-crawl --crawler NAME --id ID`\n"
      "shows the requests behind one.\n")
    bench = section.get("diagnosis_bench")
    if bench:
        w("\nHow well the diagnosis names defects, measured by planting them in the reference crawler\n"
          "(`make bench-causes`, conformance/crawl/README.md):")
        for group, words in (("single", "each flaw alone"), ("pairs", "every two flaws")):
            b = bench.get(group)
            if b:
                w(" %s, %d of %d failures named by a cause naming a planted flaw (%.1f%%; the lowest crawler\n"
                  "%.1f%%), %d unexplained, %d of %d crawlers at their aim;" % (
                      words, b["named"], b["failed"], 100.0 * b["named"] / max(1, b["failed"]),
                      100.0 * (b["lowest"] or 0), b["unexplained"], b["meeting"], b["rows"]))
        w("\n")
    for c in section["crawlers"]:
        w("\n#### %s\n\n" % c["name"])
        listed = section["causes"].get(c["name"], [])
        for x in listed:
            w("- %s (%d check%s): %s.\n" % (x["cause"], x.get("checks", len(x["ids"])),
                                           "" if x.get("checks", len(x["ids"])) == 1 else "s", ", ".join(x["ids"])))
        if not listed:
            w("- No failure.\n")


def consistent(name, cause, card, plain):
    """Problems with one stated cause against the observations it rests on: the
    checks that contradict it are checks the crawler passes, never more than one
    for every diagnosis.TOLERANCE failures its defect explains; a status policy is stated
    only when the plain 200 with rules (STATUS-1 check 1) passes."""
    import diagnosis
    out = []
    against = cause.get("contradicted_by", [])
    marks = {"%s/%d" % (row["id"], row["check"]): row.get("crawlers", {}).get(name) for row in card["checks"]
             if row["profile"] == "google"}
    if any(marks.get(k) != "pass" for k in against):
        out.append("crawl: %s: a check said to contradict \"%s\" is not one it passes" % (name, cause["cause"]))
    # The failures the defect behind the cause explains (a pair of habits: all of
    # the pair's, of which this cause is a part).
    basis = max(cause.get("explains", 0), cause.get("checks", 0))
    if diagnosis.TOLERANCE * len(against) > basis:
        out.append("crawl: %s: \"%s\" is contradicted by %d checks, more than one in %d of the %d it explains" % (
            name, cause["cause"], len(against), diagnosis.TOLERANCE, basis))
    if str(cause.get("id", "")).startswith("status:") and plain != ["pass"]:
        out.append("crawl: %s: \"%s\" is a status policy, stated while a plain 200 (STATUS-1 check 1) is "
                   "misread" % (name, cause["cause"]))
    return out


def check(card, problems):
    """The crawler section agrees with the checks' marks."""
    section = card.get("crawl")
    if not section:
        return
    names = [c["name"] for c in section["crawlers"]]
    for c in section["crawlers"]:
        for p in PROFILES:
            got = tally((row["kind"], row["area"], row["crawlers"][c["name"]]) for row in card["checks"]
                        if row["profile"] == p and c["name"] in row.get("crawlers", {}))
            held = {k: v for k, v in c["profiles"][p].items() if k != "observations"}
            seen = c["profiles"][p].get("observations", {}).get("total", empty())
            if seen["passed"] > got["total"]["passed"] or seen["failed"] > got["total"]["failed"]:
                problems.append("crawl: %s, %s: more observations than checks" % (c["name"], p))
            if got != held:
                problems.append("crawl: %s, %s: the counts disagree with the checks" % (c["name"], p))
        failing = {row["id"] for row in card["checks"]
                   if row["profile"] == "google" and row.get("crawlers", {}).get(c["name"]) == "FAIL"}
        plain = [row["crawlers"].get(c["name"]) for row in card["checks"] if row["profile"] == "google"
                 and row["id"] == "STATUS-1" and row["check"] == 1]
        for x in section["causes"].get(c["name"], []):
            for i in x["ids"]:
                if i not in failing:
                    problems.append("crawl: %s does not fail %s (\"%s\")" % (c["name"], i, x["cause"]))
            problems += consistent(c["name"], x, card, plain)
    for name in section["causes"]:
        if name not in names:
            problems.append("crawl: causes for %s, which is not a crawler of the scorecard" % name)
