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
        out["causes"][c["name"]] = list(c["causes"])
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
      "Each cause is the rule the crawler's behaviour matches, inferred by robots-crawl from\n"
      "the pattern of its observations across checks (conformance/crawl/causes.py: its status\n"
      "policy, its redirect limit, the reference with one rule changed, the parsers' probes);\n"
      "the cases listed fail that way (a case may fail for more than one cause), and\n"
      "*unexplained* lists those no pattern fits. `robots-crawl --crawler NAME --id ID` shows\n"
      "the requests behind one.\n")
    for c in section["crawlers"]:
        w("\n#### %s\n\n" % c["name"])
        listed = section["causes"].get(c["name"], [])
        for x in listed:
            w("- %s: %s.\n" % (x["cause"], ", ".join(x["ids"])))
        if not listed:
            w("- No failure.\n")


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
        for x in section["causes"].get(c["name"], []):
            for i in x["ids"]:
                if i not in failing:
                    problems.append("crawl: %s does not fail %s (\"%s\")" % (c["name"], i, x["cause"]))
    for name in section["causes"]:
        if name not in names:
            problems.append("crawl: causes for %s, which is not a crawler of the scorecard" % name)
