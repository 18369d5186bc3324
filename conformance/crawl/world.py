"""world.py - the small web a crawler is let loose in, made from the case tables.

Every check a crawl can observe becomes a scenario with hosts of its own under
crawl.test, so that scenarios never share a robots.txt:

- allow: the case's robots.txt on every origin its URLs use (the hosts renamed
  h1-<case>.crawl.test, h2-..., scheme, port, path and query kept); the hub links
  to each URL. Fetched means allowed.
- status: one host per check whose robots.txt answers with that redirect chain,
  then that status (or a dropped connection for network-error); the body, when
  the rules are read, disallows /blocked. The hub links to /open and /blocked.
- scope: robots_url's origin disallows everything, the URL's own origin (when it
  is another) has no robots.txt; the hub links to a page of robots_url's origin
  first (so the crawler has read that file), then to the URL. The hosts keep their
  written form with .<check>.crawl.test appended (so www.example.com stays a
  subdomain of example.com and an IDN host keeps its Unicode form); an IPv4 address
  becomes a loopback address of its own.
- robots-url: the expected robots.txt URL disallows everything; the hub links to
  the URL; the robots.txt the crawler asks for is the observation.
- sitemaps: the case's robots.txt on a host of its own, in namespaces of its own;
  the sitemaps the crawler asks for are the observation.
- probes (models.probes, for the causes of failures): each probe's robots.txt, made
  for one token, on a host of its own; only the crawlers of that token are sent to
  it. A probe is no check: its answer confirms a cause (causes.py) or not.

Checks a crawl cannot show (days unreachable, a cached copy, cache lifetime,
several tokens at once, URLs a crawl cannot follow) are listed with the reason,
never guessed.
"""
import json
import subprocess

import urls

DOMAIN = "crawl.test"
HUB = "hub." + DOMAIN
RULES = b"User-agent: *\nDisallow: /blocked\n"
DISALLOW_ALL = b"User-agent: *\nDisallow: /\n"
# STATUS-3: a 2xx page that redirects by HTML; its own content (no rules) decides.
LOGICAL_REDIRECT = (b"<!doctype html><meta http-equiv=\"refresh\" content=\"0; url=/moved-robots.txt\">"
                    b"<p>robots.txt moved to <a href=\"/moved-robots.txt\">/moved-robots.txt</a></p>\n")


class Origin:
    """What one (scheme, host, port) serves: its robots.txt answer; every other path
    is a small page (the hub's / is the list of links)."""

    def __init__(self):
        self.robots = {"type": "missing"}

    def to_json(self):
        out = dict(self.robots)
        for field in ("body", "rules", "control_body"):
            if field in out:
                out[field] = out[field].decode("latin-1")
        return out


class Scenario:
    """One check's part of the world and how to read the crawl: `links` are the URLs
    the hub links to, in order; `urls` names the world URLs the scoring looks at."""

    def __init__(self, kind, check, links, **urls_by_role):
        self.kind, self.check, self.links, self.urls = kind, check, links, urls_by_role
        self.token = self.probe = None


class World:
    def __init__(self):
        self.origins = {}
        self.hosts = {}       # host as written in links, lower-cased -> its A-label form
        self.addresses = {}   # IPv4 literal as written -> loopback address
        self.scenarios = []
        self.not_observable = []  # (check, reason)

    def origin(self, url):
        return self.origins.setdefault(url.origin(), Origin())

    def place(self, url, host):
        """The URL moved to host (a name, or a written IPv4 address given a loopback
        address of its own), its origin registered."""
        if urls.is_ipv4(url.host):
            address = self.addresses.setdefault(url.host, "127.1.%d.%d" % divmod(len(self.addresses) + 1, 250))
            moved = url.with_host(address)
        else:
            moved = url.with_host(host)
            self.hosts[host.lower()] = None
        self.origin(moved)
        return moved

    def ports(self):
        return sorted({o[2] for o in self.origins})

    def shared(self, token=None):
        """The scenarios that share namespaces (all but the isolated ones); with a
        token, without the probes made for other tokens."""
        return [s for s in self.scenarios if not s.urls.get("isolated") and
                (token is None or s.kind != "probe" or s.token == token)]

    def isolated(self):
        return [s for s in self.scenarios if s.urls.get("isolated")]


def _not_observable(world, check, reason):
    world.not_observable.append((check, reason))


def _allow(world, checks, slug):
    """Each written host gets a world host; two URLs that are one request on the wire
    (/über and /%C3%BCber) get two, so that each fetch answers one check."""
    hosts = {}     # (written host, variant) -> world host
    requests = {}  # (written host, variant) -> {canonical target: path as written}
    for check in checks:
        url, why = urls.split(check.fields["url"])
        if url is None:
            _not_observable(world, check, why)
            continue
        if url.path_and_query == "/robots.txt":
            _not_observable(world, check, "the URL is /robots.txt, which a crawler fetches for its own sake")
            continue
        target = urls.canonical(url.path_and_query.encode("utf-8"))
        variant = 0
        while requests.get((url.host.lower(), variant), {}).get(target, url.path_and_query) != url.path_and_query:
            variant += 1
        key = (url.host.lower(), variant)
        requests.setdefault(key, {})[target] = url.path_and_query
        host = hosts.setdefault(key, "h%d-%s.%s" % (len(hosts) + 1, slug, DOMAIN))
        moved = world.place(url, host)
        world.origin(moved).robots = {"type": "file", "body": check.robots or b""}
        world.scenarios.append(Scenario("allow", check, [moved.text()], page=moved))


def _status(world, check, slug):
    f = check.fields
    if f.get("unreachable_days", 0) or f.get("cached", False):
        _not_observable(world, check, "days unreachable and a cached copy are history a single crawl cannot have")
        return
    base, _ = urls.split("http://%s-%d.%s/" % (slug, check.number, DOMAIN))
    moved = world.place(base, base.host)
    html = check.id == "STATUS-3"
    world.origin(moved).robots = {"type": "status", "status": f["status"], "redirects": f.get("redirects", 0),
                                  "body": LOGICAL_REDIRECT if html else RULES, "rules": RULES}
    open_url, blocked = moved.with_rest("/open"), moved.with_rest("/blocked")
    world.scenarios.append(Scenario("status", check, [open_url.text(), blocked.text()], open=open_url,
                                    blocked=blocked, html=html))


def _suffixed(url, suffix):
    return url.with_host(url.host + "." + suffix)


def _disallowing(world, check, slug, robots_text, url_text):
    """robots_text's origin, disallowing everything, and url_text, both moved to the
    check's own hosts; None (the check marked not observable) when a crawl cannot
    follow either."""
    robots, why = urls.split(robots_text)
    url, why_url = urls.split(url_text) if robots else (None, None)
    if robots is None or url is None:
        _not_observable(world, check, why or why_url)
        return None
    suffix = "%s-%d.%s" % (slug, check.number, DOMAIN)
    robots_w = world.place(robots, robots.host + "." + suffix)
    url_w = world.place(url, url.host + "." + suffix)
    world.origin(robots_w).robots = {"type": "file", "body": DISALLOW_ALL}
    return robots_w, url_w


def _scope(world, check, slug):
    expect = set(check.expect.values())
    if not expect <= {"applies", "does-not-apply"}:
        _not_observable(world, check, "expects %s: nothing a crawler requests shows it" % "/".join(sorted(expect)))
        return
    placed = _disallowing(world, check, slug, check.fields["robots_url"], check.fields["url"])
    if placed:
        robots_w, url_w = placed
        first = robots_w.with_rest("/first")
        world.scenarios.append(Scenario("scope", check, [first.text(), url_w.text()], robots=robots_w, page=url_w))


def _robots_url(world, check, slug):
    expect = set(check.expect.values())
    if expect == {"none"}:
        _not_observable(world, check, "no robots.txt governs the URL: nothing a crawler requests shows it")
        return
    if len(expect) != 1:
        _not_observable(world, check, "the profiles expect different robots.txt URLs")
        return
    placed = _disallowing(world, check, slug, next(iter(expect)), check.fields["url"])
    if placed:
        wanted_w, url_w = placed
        world.scenarios.append(Scenario("robots-url", check, [url_w.text()], page=url_w, robots=wanted_w))


def table_expect(check, profile):
    """The check's expectation for profile as the table writes it (a list of
    sitemaps stays a list; the runner's listing words it)."""
    raw = check.fields.get("expect")
    return raw.get(profile) if isinstance(raw, dict) else raw


def _sitemaps(world, check, slug):
    """The case's robots.txt, as it is, on a host of its own; what the crawler asks
    for of the sitemap URLs either profile expects is the observation. The file
    names them as they are (example.com, not a renamed host), so the scenario runs
    in namespaces of its own (isolated), whose resolver knows those hosts too. Its
    control names one plain sitemap: a crawler that does not fetch it reads no
    sitemaps from robots.txt."""
    lists = [v for v in (table_expect(check, p) for p in check.expect) if isinstance(v, list)]
    base, _ = urls.split("http://sm-%s-%d.%s/" % (slug, check.number, DOMAIN))
    base = world.place(base, base.host)
    candidates = []  # (as the table writes it, the URL a crawler would ask for)
    for text in sorted({u for v in lists for u in v}):
        if text.startswith("/") and not text.startswith("//"):
            url, why = base.with_rest(text), None  # relative: on the robots.txt's own origin
        else:
            url, why = urls.split(text)
        if url is None or urls.is_ipv4(url.host):
            _not_observable(world, check, "a sitemap URL a crawl cannot follow (%s): %s" % (
                why or "an IPv4 address the world cannot take", text))
            return
        candidates.append((text, url))
    control = base.with_rest("/control-sitemap.xml")
    world.origin(base).robots = {"type": "file", "body": check.robots or b"",
                                 "control_body": b"User-agent: *\nAllow: /\nSitemap: " + control.text().encode() + b"\n"}
    for _, url in candidates:
        world.place(url, url.host)
    world.scenarios.append(Scenario("sitemaps", check, [base.text()], page=base, control=control,
                                    candidates=candidates, isolated=True))


UNOBSERVABLE_KINDS = {
    "cache-lifetime": "how long a crawler keeps the file shows only over a day",
    "allow-agents": "a crawler has one set of tokens; several at once are a parser's question",
    "allow-crawler": "a crawl observes the crawler under test, with its own tokens and its own handling of '*'; "
                     "asking as another crawler (AdsBot, which ignores '*') is a parser's question",
    "usage": "what a crawler does with content it fetched does not show in its requests",
    "signal": "what a crawler does with content it fetched does not show in its requests",
}


def _probe(world, token, probe):
    url, _ = urls.split(probe["url"])
    if url is None or url.path_and_query == "/robots.txt":
        return
    host = "pr-%s-%s.%s" % (urls.label(probe["name"]), urls.label(token), DOMAIN)
    moved = world.place(url, host)
    world.origin(moved).robots = {"type": "file", "body": probe["robots"]}
    scenario = Scenario("probe", None, [moved.text()], page=moved)
    scenario.token, scenario.probe = token, probe
    world.scenarios.append(scenario)


def build(checks, probes=None):
    """The world of these checks, and of the probes ({token: [probe]}) when given."""
    world = World()
    by_case = {}
    for check in checks:
        by_case.setdefault(check.id, []).append(check)
    for case_id, case_checks in by_case.items():
        slug = urls.label(case_id)
        allow = [c for c in case_checks if c.kind == "allow"]
        if allow:
            _allow(world, allow, slug)
        for check in case_checks:
            if check.kind == "status":
                _status(world, check, slug)
            elif check.kind == "scope":
                _scope(world, check, slug)
            elif check.kind == "robots-url":
                _robots_url(world, check, slug)
            elif check.kind == "sitemaps":
                _sitemaps(world, check, slug)
            elif check.kind in UNOBSERVABLE_KINDS:
                _not_observable(world, check, UNOBSERVABLE_KINDS[check.kind])
    for token, listed in sorted((probes or {}).items()):
        for probe in listed:
            _probe(world, token, probe)
    hub, _ = urls.split("http://%s/" % HUB)
    world.place(hub, HUB)
    return world


def resolve_hosts(world, robots):
    """Each written host name's A-label form, as the reference finds it (`robots
    --batch`, robots-url requests): the names the world's resolver answers."""
    names = sorted(world.hosts)
    lines = "".join(json.dumps({"id": i, "profile": "google", "kind": "robots-url", "url": "http://%s/" % n}) + "\n"
                    for i, n in enumerate(names))
    done = subprocess.run([robots, "--batch"], input=lines.encode("utf-8"), capture_output=True, timeout=120)
    for line in done.stdout.decode("utf-8").splitlines():
        reply = json.loads(line)
        found = reply.get("robots_url")
        if found:
            world.hosts[names[reply["id"]]] = found[len("http://"):-len("/robots.txt")]
    missing = [n for n in names if world.hosts[n] is None]
    if missing:
        raise ValueError("the reference finds no A-label form for %s" % ", ".join(missing[:5]))


def server_config(world):
    """What the world server needs: the origins by (scheme, A-label host, port),
    the addresses and ports to listen on, the hub's links, and `unicode_hosts`:
    each host written with non-ASCII (lower-cased) and its A-label form, so that a
    crawler that sends the Host header in Unicode still reaches the scenario (and
    is recorded as having done so)."""
    def alabel(host):
        return world.hosts.get(host, host).lower()
    origins = {}
    for (scheme, host, port), origin in world.origins.items():
        # www.müller.eu and www.xn--mller-kva.eu are one origin (SCOPE-4): the
        # robots.txt a scenario set on either is the one it serves.
        key = "%s://%s:%d" % (scheme, alabel(host), port)
        if key not in origins or origins[key]["type"] == "missing":
            origins[key] = origin.to_json()
        elif origin.robots["type"] != "missing" and origin.to_json() != origins[key]:
            raise ValueError("two scenarios set different robots.txt files on %s" % key)
    unicode_hosts = {written: a for written, a in world.hosts.items() if a and not written.isascii()}
    return {"origins": origins, "ports": world.ports(),
            "addresses": ["127.0.0.1"] + sorted(set(world.addresses.values())),
            "hub": [link for s in world.shared() for link in s.links], "unicode_hosts": unicode_hosts}


def hosts_file(world):
    """/etc/hosts for the crawler's mount namespace: every name on 127.0.0.1."""
    names = sorted({a.lower() for a in world.hosts.values()})
    return "127.0.0.1 localhost\n::1 localhost\n" + "".join("127.0.0.1 %s\n" % n for n in names)
