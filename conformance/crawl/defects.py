"""defects.py - the defects real crawlers have, each a hypothesis (diagnosis.py).

Every hypothesis predicts what a crawler with that one defect answers, from the
check's scenario (world.py), the reference's answer and, for the parser's
habits, the reference asked with one rule changed (models.py). The catalog, in
the order the diagnosis prefers them when two explain as much:

  never-applied     robots.txt fetched but never applied (before first-url-only:
                    where the first URLs say nothing, a page fetched before its
                    robots.txt, the two explain alike, and never applying it is
                    the plainer reading)
  first-url-only    robots.txt applied only to the first URL the crawler meets on
                    an origin (the one that made it fetch the file): later URLs
                    of that origin fetched unchecked (or: only URLs queued after
                    the file arrived are checked; every link here is queued at
                    once)
  status:CLASS      a class of robots.txt answer (every answer that is no file:
                    5xx, 429, a dropped connection, no final answer; the same
                    but 429, RFC 9309's unreachable; each alone; other 4xx; 2xx
                    other than 200; an HTML page)
                    read as one decision; supported only when a plain 200
                    with rules is read right (else the answer is not what it
                    misreads)
  redirect-limit    a redirect limit other than five (none, n, no limit)
  keyed:PARTS       one origin's rules applied to another of the same host: the
                    file keyed by host, the scheme or port (or both) ignored
  other-host        one host's file applied to another host
  url-form:FEATURE  a URL written otherwise (a default port, an IDN, a user
                    name, the host's case) not taken as its origin's
  model:longest     first match wins
  model:wildcard    no '*'
  model:anchor      no '$'
  model:decode      rules and URLs percent-decoded
  model:casefold    paths compared in any case
  model:substring   the group chosen by substring of the user agent
  model:A+B         two of wildcard, anchor, decode and casefold at once (both
                    supported on their own, or one and the pair's pattern):
                    where they meet, a crawler with both answers as neither
                    alone does
  size-cap          the file read only up to a size
  probe:CAUSE       a parser's habit its probe shows (probes.json), for the
                    cases the probe lists
  other-profile     the file read as the other profile reads it

A page fetched before its robots.txt was asked for, and robots.txt never asked
for, are read off the observation itself (causes.py), not hypotheses.
"""
import score
import urls
from diagnosis import Hypothesis
from models import PAIRS

DECISION_WORDS = {
    "full-allow": "fetches every URL",
    "full-disallow": "fetches nothing",
    "conditional": "obeys the rules in its body",
    "inconsistent: fetched /blocked but not /open": "fetches /blocked but not /open",
    "conditional (the page's own content has no rules)": "fetches every URL (a page with no rules)",
}


def decision(answer):
    return answer.split(" after ", 1)[0] if isinstance(answer, str) else answer


def followed(answer):
    if isinstance(answer, str) and " after " in answer:
        try:
            return int(answer.split(" after ", 1)[1].split(" ", 1)[0])
        except ValueError:
            return None
    return None


class Observation:
    """One judged result of one profile, as the hypotheses read it."""

    def __init__(self, r, f, baseline):
        self.r, self.f = r, f
        self.kind, self.id, self.profile = r["kind"], r["id"], r["profile"]
        self.key = "%s/%d" % (r["id"], r["check"])
        self.expected, self.got, self.detail = r["expected"], r["got"], r.get("detail", "")
        self.failed = r["status"] in ("fail", "known-failure")
        # The reference's (google) answer the parser hypotheses change.
        self.reference = baseline.get(self.key, self.expected) if self.kind == "allow" else self.expected
        self.first = r.get("first_of_origin")
        status = f.get("status")
        self.status = status
        self.html = r["id"] == "STATUS-3"
        self.offered = f.get("redirects", 0) + (1 if isinstance(status, int) and 300 <= status < 400 else 0)

    def same(self, pred, answer):
        """Does a prediction (an answer, or for a status check (decision,
        redirects followed), None where it says nothing) fit an answer?"""
        if not isinstance(pred, tuple):
            return pred == answer
        want_decision, want_followed = pred
        return ((want_decision is None or want_decision == decision(answer)) and
                (want_followed is None or want_followed == followed(answer)))


def _fetched_anyway(o, extra):
    """A status check's decision when `extra` (/open, /blocked) is fetched besides
    what the reference's decision fetches."""
    wanted = score.fetch_set(decision(o.expected), o.html)
    if wanted is None:
        return None
    return (score.status_name(wanted | extra, o.html), None)


def _first_url_only(o):
    if o.kind in ("allow", "scope") and o.first is False:
        return "allowed" if o.kind == "allow" else "does-not-apply"
    if o.kind == "status":
        return _fetched_anyway(o, {"blocked"})
    return None


def _never_applied(o):
    if o.kind == "allow":
        return "allowed"
    if o.kind == "scope":
        return "does-not-apply"
    if o.kind == "status":
        return _fetched_anyway(o, {"open", "blocked"})
    return None


def behaviour():
    """The hypotheses of how robots.txt is used at all."""
    return [
        Hypothesis(
            "never-applied",
            lambda o: "fetches robots.txt but never applies it: every URL is fetched whatever the file says",
            _never_applied),
        Hypothesis(
            "first-url-only",
            lambda o: "checks robots.txt only for the first URL it meets on an origin (the one that made it fetch "
                      "the file): the later URLs of that origin are fetched without a check",
            _first_url_only),
    ]


# What the profile judged expects, where a status sentence says it: under rfc9309
# in RFC 9309's words, never Google's.
EXPECTS = {
    "google": {"redirects": "Google follows five and reads a sixth as no robots.txt",
               "5xx": "Google: full disallow",
               "429": "Google reads it as a server error: full disallow",
               "4xx": "a 4xx means no robots.txt: full allow"},
    "rfc9309": {"redirects": "RFC 9309 asks for at least five, then lets a crawler take robots.txt as "
                             "unavailable: full allow",
                "5xx": "RFC 9309: full disallow",
                "429": "RFC 9309: a 4xx, robots.txt unavailable: a crawler may fetch everything",
                "4xx": "RFC 9309: a 4xx means robots.txt is unavailable: a crawler may fetch everything"},
}

# The classes of robots.txt answer a crawler may misread, each (name, does a
# status belong, the sentence for a decision).
STATUS_CLASSES = (
    ("unreachable", lambda o: o.status == "network-error" or (isinstance(o.status, int) and (
        o.status < 200 or 500 <= o.status <= 599)),
     lambda o, d: "when robots.txt is unreachable (a server error, a dropped connection, no final answer), "
                  "%s (%s)" % (DECISION_WORDS.get(d, d), EXPECTS[o.profile]["5xx"])),
    ("unavailable", lambda o: o.status == "network-error" or (isinstance(o.status, int) and (
        o.status < 200 or o.status == 429 or 500 <= o.status <= 599)),
     lambda o, d: "whenever robots.txt cannot be had (a server error, 429, a dropped connection, no final answer), "
                  "%s (%s)" % (DECISION_WORDS.get(d, d), EXPECTS[o.profile]["5xx"])),
    ("5xx", lambda o: isinstance(o.status, int) and 500 <= o.status <= 599,
     lambda o, d: "when robots.txt answers a server error (5xx), %s (%s)" % (DECISION_WORDS.get(d, d),
                                                                            EXPECTS[o.profile]["5xx"])),
    ("429", lambda o: o.status == 429,
     lambda o, d: "when robots.txt answers 429 (too many requests), %s (%s)" % (DECISION_WORDS.get(d, d),
                                                                               EXPECTS[o.profile]["429"])),
    ("4xx", lambda o: isinstance(o.status, int) and 400 <= o.status <= 499 and o.status != 429,
     lambda o, d: "when robots.txt answers a client error (4xx), %s (%s)" % (DECISION_WORDS.get(d, d),
                                                                            EXPECTS[o.profile]["4xx"])),
    ("2xx", lambda o: isinstance(o.status, int) and 201 <= o.status <= 299 and not o.html,
     lambda o, d: "when robots.txt answers a success other than 200 (2xx), %s, not the rules it carries"
     % DECISION_WORDS.get(d, d)),
    ("network-error", lambda o: o.status == "network-error",
     lambda o, d: "when the robots.txt request fails (the connection dropped), %s (%s)" % (
         DECISION_WORDS.get(d, d), EXPECTS[o.profile]["5xx"])),
    ("1xx", lambda o: isinstance(o.status, int) and o.status < 200,
     lambda o, d: "when robots.txt gets an interim answer (1xx) and no final one, %s (%s)" % (
         DECISION_WORDS.get(d, d), EXPECTS[o.profile]["5xx"])),
    ("html", lambda o: o.html,
     lambda o, d: ("follows an HTML (meta refresh) redirect of robots.txt and applies the rules there"
                   if "/blocked not fetched" in o.detail and d.startswith("conditional")
                   else "when robots.txt is an HTML page, %s" % DECISION_WORDS.get(d, d))),
)


def _code_words(code):
    """The sentence of one status read its own way, unlike the rest of its class."""
    def said(o, d):
        if isinstance(code, int) and code < 200:
            return "when robots.txt gets an interim %d and no final answer, %s" % (code, DECISION_WORDS.get(d, d))
        return "when robots.txt answers %s, %s, unlike the other answers of its class" % (
            code, DECISION_WORDS.get(d, d))
    return said


def _status_control(observations):
    """Is a plain 200 with rules read as the rules (the control every status
    hypothesis needs: a crawler that misreads it misreads something else)?"""
    plain = [o for o in observations if o.kind == "status" and o.status == 200 and not o.offered and not o.html]
    return bool(plain) and all(decision(o.got) == "conditional" for o in plain)


def status_policy(observations):
    """A hypothesis per class of answer read as one decision (or, where the class
    is read several ways, per status), fitted to the crawler's own answers where
    no redirect is offered, and predicting every check of the class."""
    out, control = [], _status_control(observations)
    status = [o for o in observations if o.kind == "status"]
    for name, member, words in STATUS_CLASSES:
        own = [o for o in status if member(o)]
        plain = [o for o in own if not o.offered]
        if name == "unavailable" and not any(o.status == 429 for o in plain):
            continue  # a sentence that names 429 rests on a 429 observed
        decisions = {decision(o.got) for o in plain}
        groups = [(name, own, decisions, words)]
        if len(decisions) > 1 and name not in ("unavailable", "unreachable", "html"):
            # Read several ways: each status of the class that is read one way.
            groups = [("%s:%s" % (name, code), [o for o in own if o.status == code],
                       {decision(o.got) for o in plain if o.status == code}, _code_words(code))
                      for code in sorted({o.status for o in own}, key=str)]
        for ident, members, found, said in groups:
            if len(found) != 1:
                continue
            d = next(iter(found))
            keys = {id(o) for o in members}
            out.append(Hypothesis(
                "status:" + ident, lambda o, d=d, said=said: said(o, d),
                lambda o, d=d, keys=keys: (d, None) if id(o) in keys else None, supported=control))
    return out


def _redirect_words(kind, n, o, stop):
    """stop: the decision it makes where it stops following (None: not one)."""
    then = " and then %s" % DECISION_WORDS.get(stop, stop) if stop else ""
    if kind == "none":
        return "follows no redirect of robots.txt%s (%s)" % (then, EXPECTS[o.profile]["redirects"])
    if kind == "beyond":
        return "follows more than five redirects of robots.txt (all %d offered); %s" % (
            n, EXPECTS[o.profile]["redirects"])
    return "stops after %d redirect%s of robots.txt, not five%s (%s)" % (n, "" if n == 1 else "s", then,
                                                                          EXPECTS[o.profile]["redirects"])


def redirect_limit(observations):
    """The number of redirects of robots.txt the crawler follows, when one limit
    fits every chain it was offered."""
    chained = [o for o in observations if o.kind == "status" and o.offered and followed(o.got) is not None]
    chains = [(o.offered, followed(o.got)) for o in chained]
    if not chains:
        return []
    short = {f for offered, f in chains if f < offered}
    if not short:
        kind, n = "beyond", max(offered for offered, _ in chains)
    elif len(short) == 1 and all(f == min(offered, min(short)) for offered, f in chains):
        n = min(short)
        kind = "none" if n == 0 else "at-most"
    else:
        return []
    stops = {decision(o.got) for o in chained if followed(o.got) < o.offered}
    stop = next(iter(stops)) if len(stops) == 1 else None
    def predict(o):
        if o.kind != "status" or not o.offered:
            return None
        return (None, o.offered if kind == "beyond" else min(o.offered, n))
    return [Hypothesis("redirect-limit", lambda o: _redirect_words(kind, n, o, stop), predict)]


def _origins(o):
    robots, _ = urls.split(o.f.get("robots_url", ""))
    url, _ = urls.split(o.f.get("url", ""))
    return robots, url


def _differ(o):
    robots, url = _origins(o)
    if robots is None or url is None:
        return None
    parts = set()
    if robots.scheme != url.scheme:
        parts.add("scheme")
    if robots.effective_port != url.effective_port:
        parts.add("port")
    if robots.host.lower() != url.host.lower():
        parts.add("host")
    return parts


KEYED = (("scheme",), ("port",), ("scheme", "port"))


def scope(observations):
    """The hypotheses of which origin a file governs."""
    out = []
    for ignored in KEYED:
        def predict(o, ignored=ignored):
            if o.kind != "scope" or o.expected != "does-not-apply":
                return None
            parts = _differ(o)
            return "applies" if parts and parts <= set(ignored) else None
        out.append(Hypothesis(
            "keyed:" + "+".join(ignored),
            lambda o, ignored=ignored: "keeps one robots.txt per host name: the file of one %s also governs the "
                                       "host's other %s (a robots.txt governs only its own scheme, host and port)" % (
                                           " and ".join(ignored), " and ".join(p + "s" for p in ignored)),
            predict))
    def other_host(o):
        if o.kind != "scope" or o.expected != "does-not-apply":
            return None
        parts = _differ(o)
        return "applies" if parts and "host" in parts else None
    def host_words(o):
        robots, url = _origins(o)
        return "applies one host's robots.txt to another host (%s to %s)" % (
            robots.host if robots else "?", url.host if url else "?")
    out.append(Hypothesis("other-host", host_words, other_host))
    for feature, has, words in URL_FORMS:
        def predict(o, has=has):
            if o.kind != "scope" or o.expected != "applies":
                return None
            robots, url = _origins(o)
            return "does-not-apply" if robots and url and has(robots, url) else None
        out.append(Hypothesis("url-form:" + feature, lambda o, words=words: words, predict))
    return out


def _idn(host):
    return not host.isascii() or "xn--" in host.lower()


URL_FORMS = (
    ("default-port", lambda robots, url: url.port == urls.DEFAULT_PORTS[url.scheme] or
     robots.port == urls.DEFAULT_PORTS[robots.scheme],
     "takes a URL with its default port written (:80, :443) for another origin than the one without: its "
     "robots.txt is not applied"),
    ("idn", lambda robots, url: _idn(robots.host) or _idn(url.host),
     "takes an internationalised host written in Unicode and in its xn-- form for two origins: its robots.txt "
     "is not applied"),
    ("userinfo", lambda robots, url: url.userinfo is not None or robots.userinfo is not None,
     "takes a URL with a user name (user@host) for another origin: its robots.txt is not applied"),
    ("host-case", lambda robots, url: robots.host != url.host and robots.host.lower() == url.host.lower(),
     "takes a host written in capitals for another origin: its robots.txt is not applied (host names are "
     "compared without case)"),
)


def parts(ident):
    """The defects an id names: two habits at once ("model:decode+casefold") name
    each of them."""
    kind, _, what = ident.partition(":")
    return ["%s:%s" % (kind, x) for x in what.split("+")] if kind == "model" else [ident]


# The parser habits of models.py, in the catalog's order, and their sentences
# where probes.json has none.
MODELS = ("longest", "wildcard", "anchor", "decode", "casefold", "substring")
MODEL_WORDS = {
    "longest": "The first matching rule in file order decides, not the longest match",
    "wildcard": "A '*' in a rule is taken as a literal character, not as any sequence of characters",
    "anchor": "A '$' at the end of a rule is taken as a literal character, not as the end of the URL",
    "decode": {
        "google": "Rules and URLs are percent-decoded, then encoded again, before matching (as Python's "
                  "urllib.robotparser does): an escape and the character it encodes are one (%3A and ':', %2F "
                  "and '/'); Google's parser compares escapes as written",
        "rfc9309": "Rules and URLs are percent-decoded, then encoded again, before matching (as Python's "
                   "urllib.robotparser does): an escape and the character it encodes are one (%3A and ':', %2F "
                   "and '/'); RFC 9309 decodes only the escapes of unreserved characters"},
    "casefold": "Paths are compared without regard to case: 'Disallow: /Private' also blocks /private (paths "
                "match case-sensitively: RFC 9309 section 2.2.2)",
    "substring": "A group whose name is a part of the crawler's name is taken as the crawler's ('User-agent: Foo' "
                 "for FooBot; RFC 9309 section 2.2.1 matches the whole product token)",
}


def profile_words(says, profile):
    """A probe cause's sentence for the profile judged: under rfc9309 its clauses
    citing Google's parser left out; None when what is left still rests on Google
    (the cause is a Google behaviour, no finding under RFC 9309)."""
    if profile == "google" or "Google" not in says:
        return says
    kept = "; ".join(part for part in says.split("; ") if "Google" not in part)
    return kept if kept and "Google" not in kept else None


def _model_words(m, probe_causes, profile):
    if m in probe_causes and m != "decode":
        return profile_words(probe_causes[m].get("says", m), profile)
    words = MODEL_WORDS[m]
    return words[profile] if isinstance(words, dict) else profile_words(words, profile)


def _pattern(observations, hyp, model, others):
    """Does the crawler answer as model does where it alone of others changes the
    reference's answer: two thirds of at least three checks?"""
    allow = [o for o in observations if o.kind == "allow"]
    differing = [o for o in allow if hyp[model].get(o.key) not in (None, o.reference)
                 and all(hyp[x].get(o.key) in (None, o.reference) for x in others)]
    agreeing = [o for o in differing if hyp[model][o.key] == o.got]
    return len(differing) >= 3 and 3 * len(agreeing) >= 2 * len(differing)


def parser_models(observations, hyp, probes, probe_causes, profile):
    """The parser habits of models.py, each supported by its own probe failed or
    by the pattern of the allow checks where it alone changes the answer; and
    the other probes' causes, each confirmed by its probe failed where no
    supported habit predicts that answer."""
    failing = [p for p in probes if p["status"] == "fail"]
    probed = [m for m in MODELS if any(p["cause"] == m for p in failing)]
    supported = []
    for m in MODELS:
        if m in probed or _pattern(observations, hyp, m, [x for x in probed if x != m]):
            supported.append(m)
    out = []
    for m in MODELS:
        words = _model_words(m, probe_causes, profile)
        cases = set(probe_causes.get(m, {}).get("cases", []))
        out.append(Hypothesis(
            "model:" + m, lambda o, words=words: words,
            lambda o, m=m, words=words: hyp[m].get(o.key) if o.kind == "allow" and words else None,
            # A case its probe's cause lists, where the model has no answer of its own
            # (one that keeps the reference's answer cannot explain a failure).
            explain=lambda o, m=m, cases=cases, words=words: bool(words) and o.kind == "allow" and o.id in cases
            and o.reference == o.expected and hyp[m].get(o.key) is None,
            supported=m in supported))
    for pair in PAIRS:
        parts = pair.split("+")
        words = [_model_words(m, probe_causes, profile) for m in parts]
        said = "%s; and, at once, %s" % (words[0], words[1][:1].lower() + words[1][1:]) if all(words) else None

        def stated(o, pair=pair, parts=parts, words=words, said=said):
            """A failure one habit alone explains is put down to it; where the
            answer needs both, to the two at once."""
            for m, w in zip(parts, words):
                if hyp[m].get(o.key) == o.got != o.reference:
                    return "model:" + m, w
            return "model:" + pair, said
        out.append(Hypothesis(
            "model:" + pair, lambda o, stated=stated: stated(o)[1],
            lambda o, pair=pair, said=said: hyp[pair].get(o.key) if o.kind == "allow" and said else None,
            name=lambda o, stated=stated: stated(o)[0],
            # Each habit shown on its own; or one of them, and the pair's own
            # pattern where the other alone is hidden by it (a casefold crawler's
            # decoding shows only where both meet).
            supported=all(m in supported for m in parts) or (
                any(m in supported for m in parts) and _pattern(observations, hyp, pair, []))))
    confirmed = []
    for p in failing:
        cause = p["cause"]
        if cause in MODELS or cause not in probe_causes or cause in confirmed:
            continue
        if any(hyp[m].get("probe:" + p["name"]) == p["got"] for m in supported):
            continue
        confirmed.append(cause)
    for cause in confirmed:
        words = profile_words(probe_causes[cause].get("says", cause), profile)
        cases = set(probe_causes[cause].get("cases", []))
        out.append(Hypothesis(
            "probe:" + cause, lambda o, words=words: words,
            explain=lambda o, cases=cases, words=words: bool(words) and o.kind == "allow" and o.id in cases
            and o.reference == o.expected))
    return out


CAP_WANTS = {"google": ("Google reads the first 500 KiB, 512,000 bytes", "Google reads 512,000"),
             "rfc9309": ("RFC 9309 asks for at least the first 500 KiB to be read",
                         "RFC 9309 asks for at least 500 KiB")}


def size_cap(observations, capped, profile):
    """The sizes the crawler's answers to the fetcher's limit checks all agree
    with (models.capped), when 512,000 is not among them."""
    fetcher = [o for o in observations if o.kind == "allow" and "fetcher" in o.r.get("basis", [])]
    caps = None
    for o in fetcher:
        fits = {cap for cap, answers in capped.items() if answers.get(o.key) == o.got}
        caps = fits if caps is None else caps & fits
    if not caps or 512000 in caps:
        return []
    wants = CAP_WANTS[profile]
    if 0 in caps:
        words = "reads the whole file: no size cap (%s)" % wants[0]
    elif min(caps) == max(caps):
        words = "the file ignored after %s bytes (%s)" % (format(min(caps), ","), wants[1])
    else:
        words = "the file ignored after some size from %s to %s bytes (%s)" % (
            format(min(caps), ","), format(max(caps), ","), wants[1])
    cap = min(caps)
    keys = {o.key for o in fetcher}
    return [Hypothesis("size-cap", lambda o: words,
                       lambda o: capped[cap].get(o.key) if o.kind == "allow" and o.key in keys else None)]


OTHER_PROFILE = {"rfc9309": "reads the file as the google profile does, where RFC 9309 differs",
                 "google": "reads the file as RFC 9309 does, where Google's parser differs"}


def other_profile(results, profile):
    """Reading as the other profile does: where the profiles expect different
    answers, two thirds of at least three go the other's way."""
    by_check = {}
    for r in results:
        if r["kind"] == "allow" and r["status"] in ("pass", "fail", "known-failure"):
            by_check.setdefault((r["id"], r["check"]), {})[r["profile"]] = r
    differing = [x for x in by_check.values() if len(x) == 2 and len({y["expected"] for y in x.values()}) == 2]
    others = [p for p in OTHER_PROFILE if p != profile]
    follows = len(differing) >= 3 and any(
        3 * sum(1 for x in differing if x[p]["status"] == "pass") >= 2 * len(differing) for p in others)
    def explain(o):
        other = by_check.get((o.id, o.r["check"]), {})
        return o.kind == "allow" and any(other.get(p, {}).get("status") == "pass" for p in others)
    return [Hypothesis("other-profile", lambda o: OTHER_PROFILE[profile], explain=explain, supported=follows)]
