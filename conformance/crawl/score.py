"""score.py - a crawl's requests, read as answers to the checks.

Each scenario is read twice: in the control crawl (every robots.txt 404) and in the
world. What the crawler does not fetch even in the control (a link it does not
follow, a host it does not span, a port or scheme it does not use) is "not
observed": never a pass or a failure. Otherwise the world's requests give the
crawler's answer, judged against each profile's expectation:

  result      meaning
  pass        the crawl did what the profile expects
  fail        it did otherwise (a finding about the crawler, with its requests)
  undefined   the profile leaves the check open: reported, not judged
  not-observed      the control crawl did not reach the scenario
  not-observable    no crawl can show it (the reason is given)

URLs are compared as requests: the same origin, and the same request target once
percent-escapes of characters that need none are decoded and the rest written in
upper case (urls.canonical: /%7Ea and /~a are one request; world.py puts URLs that
are one request on hosts of their own).

A crawler that sends the Host header of a request in Unicode (www.müller.eu, not
its ASCII form www.xn--mller-kva.eu) breaks HTTP (a Host is ASCII): the world
routes the request all the same (server.py), and every judged check whose
scenario it sent so fails, its answer followed by UNICODE_HOST and its detail
naming the host as sent (causes.py: "sends the host in Unicode, not in its ASCII
(punycode) form").

A failed result carries `served`: the robots.txt the crawler was served for that
check (each origin the scenario's verdict rests on: its robots.txt URL, how it was
answered, the first SERVED_LINES lines of the body as the reference counts lines),
so that a failure can be reproduced from the report alone.
"""
import re

import urls
import world as world_module

UNICODE_HOST = ", with the Host header in Unicode"
SERVED_LINES = 12      # lines of a served robots.txt a failure shows
SERVED_WIDTH = 160     # characters of each
LINE_END = re.compile(rb"\r\n|\r|\n")

PROFILES = ("google", "rfc9309")
REQUESTED = "this origin's robots.txt requested"
class Requests:
    """One crawl's requests by origin, for looking URLs up."""

    def __init__(self, requests, hosts):
        self.hosts = hosts
        self.by_origin = {}  # origin -> the canonical targets asked for there
        self.first = {}      # (origin, canonical target) -> when it was first asked for
        self.unicode = {}    # origin -> a Host header sent there in Unicode
        for r in requests:
            raw = r["target"].encode("latin-1", "replace")
            origin, target = (r["scheme"], r["host"], r["port"]), urls.canonical(raw)
            if r.get("host_sent"):
                self.unicode.setdefault(origin, r["host_sent"])
            self.by_origin.setdefault(origin, set()).add(target)
            when = r.get("time", 0)
            if (origin, target) not in self.first or when < self.first[(origin, target)]:
                self.first[(origin, target)] = when

    def origin_of(self, url):
        return (url.scheme, self.hosts.get(url.host.lower(), url.host).lower(), url.effective_port)

    def targets(self, url):
        """The canonical targets asked for on url's origin."""
        return self.by_origin.get(self.origin_of(url), set())

    def fetched(self, url):
        return urls.canonical(url.path_and_query.encode("utf-8")) in self.targets(url)

    def asked_robots(self, url):
        """Words saying whether the crawler asked for the robots.txt of url's origin
        (and, when it fetched url too, whether it asked only after fetching it)."""
        origin = self.origin_of(url)
        if b"/robots.txt" not in self.targets(url):
            return "this origin's robots.txt never requested"
        page = (origin, urls.canonical(url.path_and_query.encode("utf-8")))
        if page in self.first and self.first[page] < self.first[(origin, b"/robots.txt")]:
            return "this origin's robots.txt requested only after the page"
        return REQUESTED

    def asked_any_robots(self):
        return any(b"/robots.txt" in targets for targets in self.by_origin.values())

    def robots_urls(self, host):
        """The robots.txt URLs requested on host (an A-label name or an address)."""
        found = set()
        for (scheme, h, port), targets in self.by_origin.items():
            if h == host and b"/robots.txt" in targets:
                found.add(urls.robots_text(scheme, h, port))
        return found


def fetch_set(status_decision, html):
    return {"full-allow": {"open", "blocked"}, "full-disallow": set(),
            "conditional": {"open", "blocked"} if html else {"open"}}.get(status_decision)


def status_name(fetched, html):
    if fetched == {"open", "blocked"}:
        return "conditional (the page's own content has no rules)" if html else "full-allow"
    if fetched == {"open"}:
        return "conditional"
    if not fetched:
        return "full-disallow"
    return "inconsistent: fetched /blocked but not /open"


def _redirect_hops(s):
    """The redirect targets a status scenario offers, in order: its hops, then the
    rules when its final answer is itself a redirect (server.py serves them)."""
    f = s.check.fields
    status, count = f["status"], f.get("redirects", 0)
    hops = [b"/robots-hop-%d.txt" % k for k in range(1, count + 1)]
    if isinstance(status, int) and 300 <= status < 400:
        hops.append(b"/robots-rules.txt")
    return hops


def _followed_expected(s, want):
    """The redirects a crawler that decides `want` follows: every hop, and the
    final redirect too when it is read (the decision is then the rules')."""
    f = s.check.fields
    final_redirect = isinstance(f["status"], int) and 300 <= f["status"] < 400
    return f.get("redirects", 0) + (1 if final_redirect and want == "conditional" else 0)


def exchange_name(decision, followed, hops):
    """A status check's answer: the decision, and where redirects are offered, how
    many the crawler followed (the whole exchange is judged, not its end alone)."""
    if not hops:
        return decision
    return "%s after %d redirect%s" % (decision, followed, "" if followed == 1 else "s")


def _shown(line):
    """A line of robots.txt as text a report can hold: UTF-8, other bytes as \\xNN,
    control characters and the byte order mark escaped."""
    text = line.decode("utf-8", "backslashreplace")
    out = []
    for ch in text:
        o = ord(ch)
        if ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append("\\x%02x" % o)
        elif ch == "\ufeff":
            out.append("\\ufeff")
        else:
            out.append(ch)
    text = "".join(out)
    return text if len(text) <= SERVED_WIDTH else text[:SERVED_WIDTH] + "... (%d characters)" % len(text)


def served_file(url, answer, body):
    """{"url", "answer", "bytes", "lines" (the first SERVED_LINES, shown), "line_count"}."""
    entry = {"url": url, "answer": answer}
    if body is None:
        return entry
    lines = LINE_END.split(body)
    if lines and lines[-1] == b"":
        lines.pop()  # the line end of the last line starts no line
    entry.update(bytes=len(body), line_count=len(lines), lines=[_shown(x) for x in lines[:SERVED_LINES]])
    return entry


def _status_answer(robots):
    """How a status scenario's robots.txt is answered, and the body its rules are
    read from (None when no body is served)."""
    status, hops = robots["status"], robots["redirects"]
    first = "%d redirect%s (301), then " % (hops, "" if hops == 1 else "s") if hops else ""
    if status == "network-error":
        return first + "a dropped connection (no answer)", None
    if status < 200:
        return first + "an interim %d and no final answer" % status, None
    if 300 <= status < 400:
        return first + "%d to /robots-rules.txt, which answers 200" % status, robots["rules"]
    return first + "%d" % status, robots["body"]


def served(world, scenario):
    """The robots.txt files a scenario serves: [served_file()], the file its verdict
    rests on first."""
    s, out = scenario, []
    def robots_of(url):
        origin = world.origins.get(url.origin())
        text = _robots_url_text(url, world.hosts)
        robots = origin.robots if origin else {"type": "missing"}
        if robots["type"] == "file":
            return served_file(text, "200", robots["body"])
        if robots["type"] == "status":
            answer, body = _status_answer(robots)
            return served_file(text, answer, body)
        return served_file(text, "404 (no robots.txt)", None)
    roles = {"allow": ("page",), "status": ("open",), "scope": ("robots", "page"), "robots-url": ("robots", "page"),
             "sitemaps": ("page",)}.get(s.kind, ())
    for role in roles:
        entry = robots_of(s.urls[role])
        if all(entry["url"] != x["url"] for x in out):
            out.append(entry)
    return out


def _robots_url_text(url, hosts):
    return urls.robots_text(url.scheme, hosts.get(url.host.lower(), url.host).lower(), url.effective_port)


def _urls_of(scenario):
    for value in scenario.urls.values():
        if isinstance(value, urls.Url):
            yield value
        elif isinstance(value, list):
            yield from (v[1] for v in value if isinstance(v, tuple) and isinstance(v[1], urls.Url))


def read(world, scenario, seen, control, expectations):
    """[(profile, result, expected, got, detail)] for one scenario, or why it was
    not observed; a judged check whose scenario the crawler sent a Host header in
    Unicode fails (its answer followed by UNICODE_HOST)."""
    outcome = _read(world, scenario, seen, control, expectations)
    if isinstance(outcome, str):
        return outcome
    sent = next(((seen.unicode[seen.origin_of(u)], seen.origin_of(u)[1]) for u in _urls_of(scenario)
                 if seen.origin_of(u) in seen.unicode), None)
    if sent is None:
        return outcome
    out = []
    for profile, result, expected, got, detail in outcome:
        detail += "; the Host header sent in Unicode: %s (its ASCII form: %s)" % sent
        if result in ("pass", "fail"):
            result, got = "fail", got + UNICODE_HOST
        out.append((profile, result, expected, got, detail))
    return out


def _read(world, scenario, seen, control, expectations):
    """[(profile, result, expected, got, detail)] for one scenario."""
    s, kind = scenario, scenario.kind
    def both(expected_of, got, detail):
        out = []
        for p in PROFILES:
            want = expected_of(p)
            if want in (None, "undefined", "use-cached"):
                out.append((p, "undefined", want or "undefined", got, detail))
            else:
                out.append((p, "pass" if want == got else "fail", want, got, detail))
        return out
    if kind == "allow":
        page = s.urls["page"]
        if not control.fetched(page):
            return "the crawler did not fetch %s even with no robots.txt" % page.text()
        got = "allowed" if seen.fetched(page) else "disallowed"
        return both(lambda p: expectations.get((s.check.key, p)), got, "%s %s; %s" % (
            page.text(), "fetched" if got == "allowed" else "not fetched", seen.asked_robots(page)))
    if kind == "status":
        html = s.urls["html"]
        if not control.fetched(s.urls["open"]):
            return "the crawler did not fetch %s even with no robots.txt" % s.urls["open"].text()
        fetched = {name for name in ("open", "blocked") if seen.fetched(s.urls[name])}
        hops = _redirect_hops(s)
        followed = sum(1 for h in hops if h in seen.targets(s.urls["open"]))
        got = exchange_name(status_name(fetched, html), followed, hops)
        def expected(p):
            want = s.check.expect.get(p)
            if fetch_set(want, html) is None:
                return want
            return exchange_name(status_name(fetch_set(want, html), html), _followed_expected(s, want), hops)
        return both(expected, got, "/open %s, /blocked %s; %s%s" % (
            "fetched" if "open" in fetched else "not fetched", "fetched" if "blocked" in fetched else "not fetched",
            seen.asked_robots(s.urls["open"]),
            "; %d of the %d redirects offered followed" % (followed, len(hops)) if hops else ""))
    if kind == "scope":
        page = s.urls["page"]
        if not control.fetched(page):
            return "the crawler did not fetch %s even with no robots.txt" % page.text()
        got = "does-not-apply" if seen.fetched(page) else "applies"
        return both(lambda p: s.check.expect.get(p), got, "%s disallows everything; %s %s; %s" % (
            _robots_url_text(s.urls["robots"], world.hosts), page.text(),
            "fetched" if got == "does-not-apply" else "not fetched", seen.asked_robots(page)))
    if kind == "robots-url":
        page = s.urls["page"]
        if not control.fetched(page):
            return "the crawler did not fetch %s even with no robots.txt" % page.text()
        host = world.hosts.get(page.host.lower(), page.host).lower()
        asked = sorted(seen.robots_urls(host))
        got = asked[0] if len(asked) == 1 else ("none requested" if not asked else " and ".join(asked))
        wanted = _robots_url_text(s.urls["robots"], world.hosts)
        return both(lambda p: wanted if s.check.expect.get(p) not in (None, "undefined") else "undefined", got,
                    "robots.txt requested for %s: %s" % (page.text(), got))
    if kind == "sitemaps":
        if not control.fetched(s.urls["control"]):
            return "the crawler does not fetch the sitemaps robots.txt names (not even %s)" % s.urls["control"].text()
        got = " ".join(text for text, url in s.urls["candidates"] if seen.fetched(url)) or "no sitemap"
        def expected(p):
            want = world_module.table_expect(s.check, p)
            if not isinstance(want, list):
                return want
            return " ".join(text for text, _ in s.urls["candidates"] if text in want) or "no sitemap"
        return both(expected, got, "sitemaps requested: %s; %s" % (got, seen.asked_robots(s.urls["page"])))
    raise ValueError("unknown scenario kind %s" % kind)


def _requests_of(world, crawl, isolated, i, s):
    """The (world, control) requests that show scenario i."""
    if s.urls.get("isolated"):
        own = (isolated or {}).get(i, {})
        return (Requests(own.get("world", {}).get("requests", []), world.hosts),
                Requests(own.get("control", {}).get("requests", []), world.hosts))
    return crawl["_seen"], crawl["_control"]


def first_links(world, token=None, shards=1):
    """The links each hub a crawler was given (a shard's, an isolated scenario's)
    lists first on their origin, and whose request no later link makes too: a
    crawler that checks robots.txt only for the first URL it meets on an origin
    checks these alone (causes.py, first-url-only); a later link written
    otherwise for the same request (http://h and http://h/) is fetched unchecked."""
    firsts = set()
    def walk(links):
        first, written = {}, {}
        for link in links:
            url, _ = urls.split(link)
            if url is None:
                continue
            origin = (url.scheme, world.hosts.get(url.host.lower(), url.host).lower(), url.effective_port)
            first.setdefault(origin, link)
            written.setdefault((origin, urls.canonical(url.path_and_query.encode("utf-8"))), set()).add(link)
        for (origin, _), links_of_request in written.items():
            if first[origin] in links_of_request and len(links_of_request) == 1:
                firsts.add(first[origin])
    shared = world.shared(token)
    for k in range(shards):
        walk([link for s in shared[k::shards] for link in s.links])
    for s in world.isolated():
        walk(s.links)
    return firsts


def score(world, crawl, expectations, isolated=None, token=None, shards=1):
    """Every check's results for one crawler: a list of dicts. isolated holds the
    crawls of the scenarios that ran in namespaces of their own, by their place in
    world.scenarios. An allow result names the URL its fetch was (`fetch`): checks
    that share one fetch are one observation (observations())."""
    crawl = dict(crawl, _seen=Requests(crawl["world"]["requests"], world.hosts),
                 _control=Requests(crawl["control"]["requests"], world.hosts))
    results = []
    firsts = first_links(world, token, shards)
    for i, s in enumerate(world.scenarios):
        if s.kind == "probe":
            continue
        seen, control = _requests_of(world, crawl, isolated, i, s)
        outcome = read(world, s, seen, control, expectations)
        for p in PROFILES:
            base = {"id": s.check.id, "check": s.check.number, "area": s.check.area, "kind": s.check.kind,
                    "profile": p, "basis": s.check.basis.get(p, []), "description": s.check.description}
            if s.kind == "allow":
                base["fetch"] = s.urls["page"].text()
            if s.kind in ("allow", "scope"):
                # Whether the hub links to no URL of this origin before this one.
                base["first_of_origin"] = s.urls["page"].text() in firsts
            if isinstance(outcome, str):
                results.append(dict(base, status="not-observed", reason=outcome))
                continue
            for profile, result, expected, got, detail in outcome:
                if profile == p:
                    results.append(dict(base, status=result, expected=expected, got=got, detail=detail))
                    if result == "fail":
                        results[-1]["served"] = served(world, s)
    for check, reason in world.not_observable:
        for p in PROFILES:
            results.append({"id": check.id, "check": check.number, "area": check.area, "kind": check.kind,
                            "profile": p, "basis": check.basis.get(p, []), "description": check.description,
                            "status": "not-observable", "reason": reason})
    return results


def probe_answers(world, crawl, token):
    """The crawler's answers to the probes made for its token: [{"name", "cause",
    "expected", "got", "status", "detail"}], status "pass", "fail", "not-observed",
    or "uninformative" (robots.txt never asked for there, so the fetch says
    nothing of how the file is read)."""
    seen = Requests(crawl["world"]["requests"], world.hosts)
    control = Requests(crawl["control"]["requests"], world.hosts)
    out = []
    for s in world.scenarios:
        if s.kind != "probe" or s.token != token:
            continue
        page, probe = s.urls["page"], s.probe
        entry = {"name": probe["name"], "cause": probe["cause"], "url": page.text(), "expected": probe["expect"]}
        if not control.fetched(page):
            out.append(dict(entry, status="not-observed", got=None, detail="not fetched even with no robots.txt"))
            continue
        got = "allowed" if seen.fetched(page) else "disallowed"
        asked = seen.asked_robots(page)
        status = "uninformative" if asked != REQUESTED else "pass" if got == probe["expect"] else "fail"
        out.append(dict(entry, status=status, got=got, detail="%s; %s" % (page.text(), asked)))
    return out


def observations(results):
    """Numbers the observations: results of one profile that one fetch decided
    (allow checks whose URLs are one request, judged alike) share one, each other
    result is one of its own. Sets "observation" (its number) and
    "checks_in_observation" (how many checks it stands for) on every result."""
    groups = {}
    for r in results:
        if r.get("fetch") and r["status"] != "not-observable":
            key = ("fetch", r["profile"], r["fetch"], r["status"], r.get("expected"), r.get("got"))
        else:
            key = ("check", r["profile"], r["id"], r["check"])
        groups.setdefault(key, []).append(r)
    for number, members in enumerate(groups.values(), 1):
        for r in members:
            r["observation"] = number
            r["checks_in_observation"] = len(members)
    return results
