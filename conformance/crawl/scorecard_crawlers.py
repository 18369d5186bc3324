"""scorecard_crawlers.py - the crawlers' part of the scorecard (scripts/scorecard).

run() crawls with every crawler of crawlers.json (all must be installed:
scripts/install-crawlers) and returns what scorecard.json keeps of it: per crawler
its counts by profile, kind and area; per check, each crawler's mark; and the
causes of its failures under google, each a rule over the failed checks' kinds,
fields and observations (causes() says which). render() writes SCORECARD.md's
section; check() holds the committed file to itself.
"""
import json
import os
import subprocess

import tables

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
    fields = {c.key: c.fields for c in tables.load(conform)}
    out = {"crawlers": [], "marks": {}, "causes": {}}
    for c in crawls:
        for r in c["results"]:
            out["marks"].setdefault((r["id"], r["check"], r["profile"]), {})[c["name"]] = MARKS[r["status"]]
        summary = {p: tally((r["kind"], r["area"], MARKS[r["status"]]) for r in c["results"] if r["profile"] == p)
                   for p in PROFILES}
        out["crawlers"].append({"name": c["name"], "version": c["version"], "token": c["token"], "profiles": summary})
        out["causes"][c["name"]] = causes([r for r in c["results"] if r["profile"] == "google"], fields)
    return out


def cause_of(r, f):
    """Why a failed check failed, in words shared by every check that fails the same way."""
    kind, want, got = r["kind"], r["expected"], r["got"]
    if kind == "status":
        status, hops = f["status"], f.get("redirects", 0)
        if status == "network-error" or (isinstance(status, int) and status < 200):
            return "reads a failed robots.txt request (dropped connection, no final answer) as %s" % got
        if status == 429:
            return "reads 429 as %s; Google has treated it as a server error (full disallow) since 2023" % got
        if want.startswith("conditional (the page"):
            return "follows an HTML redirect (meta refresh) of robots.txt, which Google does not follow"
        if 500 <= status:
            return "reads a 5xx answer to robots.txt as %s instead of full disallow" % got
        if 400 <= status and got == "conditional":
            return "obeys the rules in the body of a 4xx answer, which means no robots.txt (full allow)"
        if 400 <= status:
            return "reads a 4xx answer other than 429 as %s instead of full allow" % got
        if hops >= 5 and want == "full-allow":
            return "follows more than five redirects of robots.txt"
        if hops or 300 <= status < 400:
            return "does not follow a redirect of robots.txt to the rules (reads it as %s)" % got
        if 200 <= status < 300:
            return "reads a 2xx answer other than 200 as %s instead of the rules it carries" % got
        return "status %s: expected %s, got %s" % (status, want, got)
    if kind == "allow":
        if "robots.txt never requested" in r.get("detail", ""):
            return "never asks for the robots.txt of some hosts before fetching from them"
        return "allows what the rules disallow" if want == "disallowed" else "disallows what the rules allow"
    if kind == "scope":
        if want == "applies":
            return "does not apply the robots.txt of the URL's own origin"
        return "applies one origin's robots.txt to another (the scheme, host or port ignored)"
    if kind == "sitemaps":
        if got == "no sitemap":
            return "fetches none of the sitemaps the file names (it reads them elsewhere)"
        if want == "no sitemap":
            return "fetches a sitemap from a line that names none"
        return "fetches other sitemaps than the file names"
    if kind == "robots-url":
        if got == "none requested":
            return "asks for no robots.txt before fetching a URL"
        return "asks for another robots.txt than that of the URL's origin"
    return "%s: expected %s, got %s" % (kind, want, got)


def causes(results, fields):
    """[{cause, ids}] for one crawler's failed checks, the largest first."""
    found = {}
    for r in results:
        if r["status"] == "fail":
            ids = found.setdefault(cause_of(r, fields["%s/%d" % (r["id"], r["check"])]), [])
            if r["id"] not in ids:
                ids.append(r["id"])
    return [{"cause": c, "ids": ids} for c, ids in sorted(found.items(), key=lambda x: (-len(x[1]), x[0]))]


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
      "the crawler did not reach even when every robots.txt was missing.\n\n")
    w("| crawler | version | token |\n| --- | --- | --- |\n")
    for c in section["crawlers"]:
        w("| %s | %s | %s |\n" % (c["name"], c["version"], c["token"]))
    for p in PROFILES:
        w("\n### Profile %s\n\n" % p)
        w("| crawler | all judged | " + " | ".join(KINDS) + " | not observed |\n")
        w("| --- | ---: | " + " | ".join("---:" for _ in KINDS) + " | ---: |\n")
        for c in section["crawlers"]:
            s = c["profiles"][p]
            w("| %s | %s | %s | %d |\n" % (c["name"], share(s["total"]),
                                         " | ".join(share(s["kinds"].get(k, empty())) for k in KINDS),
                                         s["total"]["not_observed"]))
    w("\n### Crawler failures by cause (profile google)\n\n"
      "Each cause is a rule over the failed checks (conformance/crawl/scorecard_crawlers.py); the\n"
      "cases listed fail that way. `robots-crawl --crawler NAME --id ID` shows the\n"
      "requests behind one.\n")
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
            if got != c["profiles"][p]:
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
