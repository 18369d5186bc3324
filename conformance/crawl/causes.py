"""causes.py - why a crawler failed a check: the rule its behaviour matches.

Each failed result gets a `cause`: a sentence naming what the crawler does, found
from the pattern of its observations across checks, never from one check alone:

- status: the crawler's policy is read off every status scenario it was observed
  in: what it made of each answer (a 5xx, 429, another 4xx, a 2xx other than 200,
  a dropped connection, an interim 1xx, an HTML redirect) and how many redirects it
  followed where they were offered. "5xx read as full-allow" when every 5xx it met
  was read so, "503 read as ..." when only that one was; its redirect limit is the
  number of hops it stopped at (no limit seen when it followed the sixth).
- allow: the hypotheses of models.py held against its answers. First match wins
  when the probe shows it (or two thirds of at least three checks where the
  hypothesis and the expectation differ go its way) and this check's answer is the
  hypothesis's; a size cap from the checks on the fetcher's limit (FORMAT-8, RFC-8):
  the caps the answers agree with; every cause a probe confirms (the parsers'
  probes of conformance/adapters/probes.json, made for the crawler's token) for the
  cases that cause lists; a page fetched before its robots.txt was asked for, or
  robots.txt never asked for at all.
- scope: which part of the origin the crawler leaves out when it applies one
  origin's file to another (scheme, port, host: "keyed by host only").
- robots-url, sitemaps: what it asked for instead.

"unexplained" when no pattern fits. summary() groups the failures by cause for the
scorecard.
"""
import urls

UNEXPLAINED = "unexplained"


def _decision(got):
    return got.split(" after ", 1)[0] if isinstance(got, str) else got


def _followed(got):
    if isinstance(got, str) and " after " in got:
        try:
            return int(got.split(" after ", 1)[1].split(" ", 1)[0])
        except ValueError:
            return None
    return None


class StatusPolicy:
    """What the crawler made of each robots.txt answer, from every status
    observation (profile-free: what it fetched is the same under both)."""

    def __init__(self, results, fields):
        self.by_status = {}   # status -> set of decisions, over the checks without redirects
        self.redirects = []   # (offered, followed)
        for r in results:
            if r["kind"] != "status" or r["status"] not in ("pass", "fail", "known-failure"):
                continue
            f = fields.get("%s/%d" % (r["id"], r["check"]), {})
            offered, followed = self.offered(f), _followed(r["got"])
            if offered:
                if followed is not None:
                    self.redirects.append((offered, followed))
            elif "STATUS-3" != r["id"]:
                self.by_status.setdefault(f.get("status"), set()).add(_decision(r["got"]))

    @staticmethod
    def offered(f):
        status = f.get("status")
        return f.get("redirects", 0) + (1 if isinstance(status, int) and 300 <= status < 400 else 0)

    def same_for(self, low, high, but=()):
        """The one decision every observed status in [low, high] (not in but) got, or None."""
        seen = set()
        for status, decisions in self.by_status.items():
            if isinstance(status, int) and low <= status <= high and status not in but:
                seen |= decisions
        return next(iter(seen)) if len(seen) == 1 else None

    def limit(self):
        """(kind, n): ("none", 0) follows no redirect; ("at-most", n) stops after n;
        ("beyond", n) followed every hop offered, n the longest chain; None when
        the hops do not fit one limit."""
        if not self.redirects:
            return None
        short = {followed for offered, followed in self.redirects if followed < offered}
        if not short:
            return ("beyond", max(offered for offered, _ in self.redirects))
        if len(short) != 1:
            return None
        n = short.pop()
        if all(followed == min(offered, n) for offered, followed in self.redirects):
            return ("none", 0) if n == 0 else ("at-most", n)
        return None


def _status_cause(r, f, policy):
    got, want = r["got"], r["expected"]
    if "robots.txt never requested" in r.get("detail", ""):
        return "never asks for robots.txt here, so reads every answer as full-allow"
    status = f.get("status")
    offered = StatusPolicy.offered(f)
    if offered:
        followed, wanted = _followed(got), _followed(want)
        if followed is not None and wanted is not None and followed != wanted:
            limit = policy.limit()
            if limit and limit[0] == "none":
                return "follows no redirect of robots.txt (reads one as %s)" % _decision(got)
            if limit and limit[0] == "beyond":
                return ("follows more than five redirects of robots.txt (all %d offered); Google follows five "
                        "and reads a sixth as no robots.txt" % limit[1])
            if limit:
                return "a redirect limit of %d, not five: stops after %d redirect%s of robots.txt" % (
                    limit[1], limit[1], "" if limit[1] == 1 else "s")
            return "follows redirects of robots.txt to no one limit (%d of %d here)" % (followed, offered)
        if isinstance(status, int) and 300 <= status < 400 and _decision(want) == "full-allow":
            return "gives up after five redirects but reads that as %s, not as no robots.txt (full allow)" % (
                _decision(got))
        return "follows the redirects of robots.txt but reads the answer they lead to as %s" % _decision(got)
    decision = _decision(got)
    if r["id"] == "STATUS-3":
        if "/blocked not fetched" in r.get("detail", "") and decision.startswith("conditional"):
            return "follows an HTML (meta refresh) redirect of robots.txt and applies the rules there"
        return "reads an HTML page served as robots.txt as %s" % decision
    if status == "network-error":
        return "reads a failed robots.txt request (the connection dropped) as %s" % decision
    if isinstance(status, int) and status < 200:
        return "reads an interim %d answer with no final one as %s" % (status, decision)
    if status == 429:
        if decision == "full-disallow":
            return "429 read as full-disallow, as Google reads it (RFC 9309: a 4xx, full allow)"
        return "429 read as %s (Google reads it as a server error: full disallow)" % decision
    if isinstance(status, int) and 500 <= status:
        if policy.same_for(500, 599) == decision:
            return "5xx read as %s: every server error it met was (Google: full disallow)" % decision
        return "%d read as %s, unlike other server errors" % (status, decision)
    if isinstance(status, int) and 400 <= status:
        if decision == "conditional":
            return "obeys the rules in the body of a 4xx answer (a 4xx means no robots.txt: full allow)"
        if policy.same_for(400, 499, but=(429,)) == decision:
            return "4xx read as %s: every client error it met was (a 4xx means no robots.txt)" % decision
        return "%d read as %s, unlike other client errors" % (status, decision)
    if isinstance(status, int) and 200 <= status < 300 and status != 200:
        if policy.same_for(201, 299) == decision:
            return "only 200 read as robots.txt: every other 2xx read as %s" % decision
        return "%d read as %s, not as the rules it carries" % (status, decision)
    return UNEXPLAINED


def _scope_cause(r, f):
    robots, _ = urls.split(f.get("robots_url", ""))
    url, _ = urls.split(f.get("url", ""))
    if r["expected"] == "applies":
        if "robots.txt never requested" in r.get("detail", ""):
            return "never asks for this host's robots.txt before fetching from it"
        if "robots.txt requested only after the page" in r.get("detail", ""):
            return "fetches a page before asking for its host's robots.txt"
        return ("does not apply an origin's robots.txt to every URL of that origin (a default port, an IDN or a "
                "user name written otherwise)")
    if robots is None or url is None:
        return UNEXPLAINED
    differ = []
    if robots.scheme != url.scheme:
        differ.append("scheme")
    if robots.effective_port != url.effective_port:
        differ.append("port")
    if robots.host.lower() != url.host.lower():
        differ.append("host")
    if differ == ["host"]:
        return "applies one host's robots.txt to another host (%s to %s)" % (robots.host, url.host)
    if "host" not in differ:
        return "the file keyed by host only: the %s ignored" % " and ".join(differ)
    return "applies one origin's robots.txt to another (%s differ)" % ", ".join(differ)


def _robots_url_cause(r):
    if r["got"] == "none requested":
        return "asks for no robots.txt before fetching from this origin"
    return "asks for another robots.txt (%s) than that of the URL's origin" % r["got"]


def _sitemaps_cause(r):
    if r["got"] == "no sitemap":
        return "fetches none of the sitemaps the file names"
    if r["expected"] == "no sitemap":
        return "fetches a sitemap from a line that names none"
    return "fetches other sitemaps than the file names"


class AllowModels:
    """The allow hypotheses, with what confirms each for this crawler."""

    def __init__(self, results, probes, probe_causes, first_match, capped):
        self.probe_causes = probe_causes
        self.confirmed = []  # probe cause ids answered otherwise, in probe order
        for p in probes:
            if p["status"] == "fail" and p["cause"] not in self.confirmed and p["cause"] in probe_causes:
                self.confirmed.append(p["cause"])
        self.first_match = first_match
        observed = [r for r in results if r["kind"] == "allow" and r["status"] in ("pass", "fail", "known-failure")
                    and r["profile"] == results[0]["profile"]] if results else []
        differing = [r for r in observed if first_match.get(self.key(r)) not in (None, r["expected"])]
        agreeing = [r for r in differing if first_match[self.key(r)] == r["got"]]
        self.first_match_holds = "longest" in self.confirmed or (
            len(differing) >= 3 and 3 * len(agreeing) >= 2 * len(differing))
        # Does it read as the other profile does? Where the profiles expect
        # different answers, two thirds of at least three go the other's way.
        self.follows = set()  # the profiles whose reading it follows where they differ
        by_check = {}
        for r in results:
            if r["kind"] == "allow" and r["status"] in ("pass", "fail", "known-failure"):
                by_check.setdefault((r["id"], r["check"]), {})[r["profile"]] = r
        differing = [x for x in by_check.values() if len(x) == 2 and len({y["expected"] for y in x.values()}) == 2]
        if len(differing) >= 3:
            follows = {p: sum(1 for x in differing if x[p]["status"] == "pass") for p in OTHER_PROFILE}
            self.follows = {p for p, n in follows.items() if 3 * n >= 2 * len(differing)}
        # The caps each fetcher-limit answer agrees with, over all of them.
        self.caps = None
        for r in observed:
            if "fetcher" not in r.get("basis", []):
                continue
            fits = {cap for cap, answers in capped.items() if answers.get(self.key(r)) == r["got"]}
            self.caps = fits if self.caps is None else self.caps & fits

    @staticmethod
    def key(r):
        return "%s/%d" % (r["id"], r["check"])

    def cap_words(self):
        if not self.caps:
            return None
        if 0 in self.caps:
            return "reads the whole file: no size cap (Google reads the first 500 KiB, 512,000 bytes)"
        low, high = min(self.caps), max(self.caps)
        if low == high:
            return "the file ignored after %s bytes (Google reads 512,000)" % format(low, ",")
        return "the file ignored after some size from %s to %s bytes (Google reads 512,000)" % (
            format(low, ","), format(high, ","))

    def cause(self, r):
        detail = r.get("detail", "")
        if "robots.txt never requested" in detail:
            return ["never asks for this host's robots.txt before fetching from it"]
        if "robots.txt requested only after the page" in detail:
            return ["fetches a page before asking for its host's robots.txt"]
        if r["key_other_profile_passes"] and (set(OTHER_PROFILE) - {r["profile"]}) & self.follows:
            return [OTHER_PROFILE[r["profile"]]]
        found = []
        if "fetcher" in r.get("basis", []):
            words = self.cap_words()
            if words and 512000 not in self.caps:
                found.append(words)
        if self.first_match_holds and self.first_match.get(self.key(r)) == r["got"]:
            found.append(self.probe_causes.get("longest", {}).get(
                "says", "The first matching rule in file order decides, not the longest match"))
        for cause in self.confirmed:
            if r["id"] in self.probe_causes[cause].get("cases", []):
                says = self.probe_causes[cause]["says"]
                if says not in found:
                    found.append(says)
        return found or [UNEXPLAINED]


OTHER_PROFILE = {"rfc9309": "reads the file as Google's parser does (the google profile), where RFC 9309 differs",
                 "google": "reads the file as RFC 9309 does, where Google's parser differs"}


def assign(results, fields, probes=(), probe_causes=None, first_match=None, capped=None):
    """Sets `causes` (a list of sentences) and `cause` (them joined) on every failed
    result (known failures too)."""
    policy = StatusPolicy(results, fields)
    models = AllowModels(results, list(probes), probe_causes or {}, first_match or {}, capped or {})
    passing = {(r["id"], r["check"], r["profile"]) for r in results if r["status"] == "pass"}
    for r in results:
        if r["status"] not in ("fail", "known-failure"):
            continue
        f = fields.get("%s/%d" % (r["id"], r["check"]), {})
        kind = r["kind"]
        other = [(r["id"], r["check"], p) in passing for p in OTHER_PROFILE if p != r["profile"]]
        if kind == "allow":
            found = models.cause(dict(r, key_other_profile_passes=any(other)))
        elif kind == "status":
            found = [_status_cause(r, f, policy)]
        elif kind == "scope":
            found = [_scope_cause(r, f)]
        elif kind == "robots-url":
            found = [_robots_url_cause(r)]
        elif kind == "sitemaps":
            found = [_sitemaps_cause(r)]
        else:
            found = [UNEXPLAINED]
        r["causes"] = found
        r["cause"] = "; ".join(found)
    return results


def summary(results, profile="google"):
    """[{cause, ids}] of the failed results under profile, the largest first; a
    result with several causes counts under each."""
    found = {}
    for r in results:
        if r["profile"] != profile or r["status"] not in ("fail", "known-failure"):
            continue
        for cause in r.get("causes", [UNEXPLAINED]):
            ids = found.setdefault(cause, [])
            if r["id"] not in ids:
                ids.append(r["id"])
    return [{"cause": c, "ids": ids} for c, ids in sorted(found.items(), key=lambda x: (-len(x[1]), x[0]))]
