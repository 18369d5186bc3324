"""causes.py - why a crawler failed a check: the rule its behaviour matches.

Each failed result gets a `cause`: a sentence naming what the crawler does, found
from the pattern of its observations across checks, never from one check alone:

- status: the crawler's policy is read off every status scenario it was observed
  in: what it made of each answer (a 5xx, 429, another 4xx, a 2xx other than 200,
  a dropped connection, an interim 1xx, an HTML redirect) and how many redirects it
  followed where they were offered. "5xx read as full-allow" when every 5xx it met
  was read so, "503 read as ..." when only that one was; its redirect limit is the
  number of hops it stopped at (no limit seen when it followed the sixth).
- allow: the hypotheses of models.py (first match wins, no '*', no '$', rules and
  URLs percent-decoded as urllib.robotparser does) held against its answers: one
  is established by its own probe failed (no hypothesis established before
  explaining that answer), or when two thirds of
  at least three checks where it alone changes the reference's answer go its way;
  a failure gets it where it predicts the answer (or, for one with a probe, where
  the probe's cause lists the case). A size cap from the checks on the fetcher's
  limit (FORMAT-8, RFC-8): the caps the answers agree with. Every other cause a
  probe confirms (the parsers' probes of conformance/adapters/probes.json, made
  for the crawler's token) for the cases that cause lists, unless an established
  hypothesis explains the crawler's answer to that probe ('disallow: /*?' answered
  "allowed" is no finding about queries when the crawler has no '*'); a page
  fetched before its robots.txt was asked for, or robots.txt never asked for at
  all; reading as the other profile does, when nothing else explains it.
- scope: which part of the origin the crawler leaves out when it applies one
  origin's file to another (scheme, port, host: "keyed by host only").
- robots-url, sitemaps: what it asked for instead.

- a Host header sent in Unicode (score.UNICODE_HOST after the answer): "sends the
  host in Unicode, not in its ASCII (punycode) form", and the kind's own cause when
  the answer beside it is wrong too.

A cause is worded for the profile judged: under rfc9309 what RFC 9309 expects,
never what Google does (EXPECTS; a probe's cause without its clauses about
Google's parser, none when it rests on Google alone); and the probes and
hypotheses, made on the reference's google reading, speak for an rfc9309 failure
only where both profiles expect the same answer.

"unexplained" when no pattern fits. summary() groups the failures by cause for the
scorecard.
"""
import score
import urls

UNEXPLAINED = "unexplained"
UNICODE_HOST = "sends the host in Unicode, not in its ASCII (punycode) form"


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


# What the profile judged expects, where a status cause says it: under rfc9309 in
# RFC 9309's words, never Google's.
EXPECTS = {
    "google": {"redirects": "Google follows five and reads a sixth as no robots.txt",
               "5xx": "Google: full disallow",
               "429": "Google reads it as a server error: full disallow",
               "429-disallow": "as Google reads it (RFC 9309: a 4xx, full allow)"},
    "rfc9309": {"redirects": "RFC 9309 asks for at least five, then lets a crawler take robots.txt as "
                             "unavailable: full allow",
                "5xx": "RFC 9309: full disallow",
                "429": "RFC 9309: a 4xx, robots.txt unavailable: a crawler may fetch everything",
                "429-disallow": "as a server error (RFC 9309: a 4xx, robots.txt unavailable: a crawler may fetch "
                                "everything)"},
}


def _status_cause(r, f, policy):
    got, want = r["got"], r["expected"]
    says = EXPECTS.get(r["profile"], EXPECTS["google"])
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
                return "follows more than five redirects of robots.txt (all %d offered); %s" % (
                    limit[1], says["redirects"])
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
            return "429 read as full-disallow, %s" % says["429-disallow"]
        return "429 read as %s (%s)" % (decision, says["429"])
    if isinstance(status, int) and 500 <= status:
        if policy.same_for(500, 599) == decision:
            return "5xx read as %s: every server error it met was (%s)" % (decision, says["5xx"])
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


# The hypotheses of models.py that stand for a probe cause of probes.json (their
# own probes establish them), and the one that has no probe (decode: its pattern
# over the allow checks establishes it).
MODELS = ("longest", "wildcard", "anchor", "decode")
DECODE = {
    "google": "Rules and URLs are percent-decoded, then encoded again, before matching (as Python's "
              "urllib.robotparser does): an escape and the character it encodes are one (%3A and ':', %2F and "
              "'/'); Google's parser compares escapes as written",
    "rfc9309": "Rules and URLs are percent-decoded, then encoded again, before matching (as Python's "
               "urllib.robotparser does): an escape and the character it encodes are one (%3A and ':', %2F and "
               "'/'); RFC 9309 decodes only the escapes of unreserved characters",
}


def profile_words(says, profile):
    """A probe cause's sentence for the profile judged: under rfc9309 its clauses
    citing Google's parser left out; None when what is left still rests on Google
    (the cause is a Google behaviour, no finding under RFC 9309)."""
    if profile == "google" or "Google" not in says:
        return says
    kept = "; ".join(part for part in says.split("; ") if "Google" not in part)
    return kept if kept and "Google" not in kept else None


def _pattern(answers, baseline, model, others):
    """Does the crawler answer as model does where it alone changes the answer (no
    hypothesis of others does there): two thirds of at least three checks?"""
    differing = [k for k, got in answers.items() if model.get(k) not in (None, baseline.get(k))
                 and all(o.get(k) in (None, baseline.get(k)) for o in others)]
    agreeing = [k for k in differing if model[k] == answers[k]]
    return len(differing) >= 3 and 3 * len(agreeing) >= 2 * len(differing)


class AllowModels:
    """The allow hypotheses, with what establishes each for this crawler.

    A hypothesis of models.py (first match wins, no '*', no '$', percent-decoding)
    is established by its own probe failed (its answer explained by no hypothesis
    established before), or by the pattern of
    the allow checks where it alone changes the reference's answer (two thirds of
    at least three go its way). A probe of another cause confirms that cause only
    when no established hypothesis explains the crawler's answer to it: the probe
    'disallow: /*?' answered 'allowed' says nothing of queries when the crawler
    has no '*' at all."""

    def __init__(self, results, probes, probe_causes, hypotheses, capped, expectations=None):
        self.probe_causes = probe_causes
        self.hyp = {m: hypotheses.get(m, {}) for m in MODELS}
        allow = [r for r in results if r["kind"] == "allow" and r["status"] in ("pass", "fail", "known-failure")]
        # The crawler's answer per check (the same under each profile), and the
        # reference's (google) answer the hypotheses change.
        self.answers = {self.key(r): r["got"] for r in allow}
        self.baseline = {}
        for r in allow:
            want = (expectations or {}).get((r["id"] + "/%d" % r["check"], "google"))
            if want in ("allowed", "disallowed"):
                self.baseline[self.key(r)] = want
            elif r["profile"] == "google":
                self.baseline[self.key(r)] = r["expected"]
        failing = [p for p in probes if p["status"] == "fail"]
        self.established = []
        for m in MODELS:
            # Its own probe failed, and no hypothesis established before explains
            # the answer (the probes of these hypotheses show one feature each).
            if any(p["cause"] == m and not self._explained(p) for p in failing):
                self.established.append(m)
        for m in MODELS:
            if m not in self.established and _pattern(self.answers, self.baseline, self.hyp[m],
                                                      [self.hyp[e] for e in self.established]):
                self.established.append(m)
        self.established.sort(key=MODELS.index)
        # The other probe causes its answers confirm, in probe order: each failing
        # probe whose answer no established hypothesis explains.
        self.confirmed = []
        self.explained = {}  # probe name -> the hypothesis that explains its answer
        for p in failing:
            if p["cause"] in MODELS or p["cause"] not in probe_causes:
                continue
            by = self._explained(p)
            if by:
                self.explained[p["name"]] = by
            elif p["cause"] not in self.confirmed:
                self.confirmed.append(p["cause"])
        # Does it read as the other profile does? Where the profiles expect
        # different answers, two thirds of at least three go the other's way.
        self.follows = set()  # the profiles whose reading it follows where they differ
        by_check = {}
        for r in allow:
            by_check.setdefault((r["id"], r["check"]), {})[r["profile"]] = r
        differing = [x for x in by_check.values() if len(x) == 2 and len({y["expected"] for y in x.values()}) == 2]
        if len(differing) >= 3:
            follows = {p: sum(1 for x in differing if x[p]["status"] == "pass") for p in OTHER_PROFILE}
            self.follows = {p for p, n in follows.items() if 3 * n >= 2 * len(differing)}
        # The caps each fetcher-limit answer agrees with, over all of them.
        self.caps = None
        for r in allow:
            if "fetcher" not in r.get("basis", []):
                continue
            fits = {cap for cap, answers in capped.items() if answers.get(self.key(r)) == r["got"]}
            self.caps = fits if self.caps is None else self.caps & fits

    @staticmethod
    def key(r):
        return "%s/%d" % (r["id"], r["check"])

    def _explained(self, probe):
        """The established hypothesis (other than the probe's own cause) that
        predicts the crawler's answer to a failed probe, or None."""
        return next((m for m in self.established if m != probe["cause"] and
                     self.hyp[m].get("probe:" + probe["name"]) == probe["got"]), None)

    def cap_words(self, profile):
        if not self.caps:
            return None
        wants = {"google": ("Google reads the first 500 KiB, 512,000 bytes", "Google reads 512,000"),
                 "rfc9309": ("RFC 9309 asks for at least the first 500 KiB to be read",
                             "RFC 9309 asks for at least 500 KiB")}[profile]
        if 0 in self.caps:
            return "reads the whole file: no size cap (%s)" % wants[0]
        low, high = min(self.caps), max(self.caps)
        if low == high:
            return "the file ignored after %s bytes (%s)" % (format(low, ","), wants[1])
        return "the file ignored after some size from %s to %s bytes (%s)" % (
            format(low, ","), format(high, ","), wants[1])

    def says(self, cause, profile):
        if cause == "decode":
            return DECODE[profile]
        if cause == "longest" and "longest" not in self.probe_causes:
            return "The first matching rule in file order decides, not the longest match"
        return profile_words(self.probe_causes.get(cause, {}).get("says", cause), profile)

    def cause(self, r):
        detail, key, profile = r.get("detail", ""), self.key(r), r["profile"]
        if "robots.txt never requested" in detail:
            return ["never asks for this host's robots.txt before fetching from it"]
        if "robots.txt requested only after the page" in detail:
            return ["fetches a page before asking for its host's robots.txt"]
        # The probes and hypotheses rest on the reference's google reading: under
        # another profile they speak for a check only where both expect the same.
        same = self.baseline.get(key) == r["expected"]
        found = []
        def add(words):
            if words and words not in found:
                found.append(words)
        if "fetcher" in r.get("basis", []):
            words = self.cap_words(profile)
            if words and 512000 not in self.caps:
                add(words)
        for m in self.established:
            predicted = self.hyp[m].get(key)
            listed = m in self.probe_causes and r["id"] in self.probe_causes[m].get("cases", [])
            if (predicted == r["got"] and predicted != self.baseline.get(key)) or (listed and same):
                add(self.says(m, profile))
        for cause in self.confirmed:
            if same and r["id"] in self.probe_causes[cause].get("cases", []):
                add(self.says(cause, profile))
        if not found and r["key_other_profile_passes"] and (set(OTHER_PROFILE) - {profile}) & self.follows:
            return [OTHER_PROFILE[profile]]
        return found or [UNEXPLAINED]


OTHER_PROFILE = {"rfc9309": "reads the file as the google profile does, where RFC 9309 differs",
                 "google": "reads the file as RFC 9309 does, where Google's parser differs"}


def assign(results, fields, probes=(), probe_causes=None, hypotheses=None, capped=None, expectations=None):
    """Sets `causes` (a list of sentences) and `cause` (them joined) on every failed
    result (known failures too). hypotheses: models.hypotheses() of the allow
    checks (keyed "ID/N") and the probes ("probe:NAME"); expectations: the allow
    checks' {(key, profile): answer}."""
    policy = StatusPolicy(results, fields)
    models = AllowModels(results, list(probes), probe_causes or {}, hypotheses or {}, capped or {}, expectations)
    passing = {(r["id"], r["check"], r["profile"]) for r in results if r["status"] == "pass"}
    for r in results:
        if r["status"] not in ("fail", "known-failure"):
            continue
        f = fields.get("%s/%d" % (r["id"], r["check"]), {})
        got = r.get("got")
        if isinstance(got, str) and got.endswith(score.UNICODE_HOST):
            # A Host header in Unicode is a finding of its own; the answer beside
            # it may be right, or wrong for a cause of its own.
            plain = got[:-len(score.UNICODE_HOST)]
            found = [UNICODE_HOST]
            if plain != r["expected"]:
                found += _kind_cause(dict(r, got=plain), f, policy, models, passing)
        else:
            found = _kind_cause(r, f, policy, models, passing)
        r["causes"] = found
        r["cause"] = "; ".join(found)
    return results


def _kind_cause(r, f, policy, models, passing):
    """The causes (sentences) of one failed result, by its kind."""
    kind = r["kind"]
    if kind == "allow":
        other = [(r["id"], r["check"], p) in passing for p in OTHER_PROFILE if p != r["profile"]]
        return models.cause(dict(r, key_other_profile_passes=any(other)))
    if kind == "status":
        return [_status_cause(r, f, policy)]
    if kind == "scope":
        return [_scope_cause(r, f)]
    if kind == "robots-url":
        return [_robots_url_cause(r)]
    if kind == "sitemaps":
        return [_sitemaps_cause(r)]
    return [UNEXPLAINED]


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
