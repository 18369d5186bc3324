"""refcrawl.py - a crawler built from the reference: a fetch loop around the robots command.

    python3 refcrawl.py --robots BIN --token TOKEN --ca FILE [--flaw NAME[,NAME...]] START_URL

Fetches START_URL, then each URL it links to, once, in order (depth 1), each only
when the reference says so: `robots url` finds the governing robots.txt, which is
fetched once per robots.txt URL, redirects followed by hand; `robots status` turns
the response into full allow, full disallow or conditional; `robots FILE TOKEN URL`
decides a conditional one; the sitemaps a file names (as the reference lists them)
are fetched once it is read. It is the crawler that passes every observable check,
and, with one --flaw, a deliberately wrong crawler that the harness must catch:

  ignore-robots      never asks for robots.txt
  5xx-allows         reads a 5xx (and a failed request) as full allow
  no-redirects       follows no redirect of robots.txt: a 3xx reads as full allow
  start-host-only    reads robots.txt only on the start URL's host; elsewhere
                     everything is allowed
  first-match-wins   the first matching rule in file order decides (the
                     reference's deciding rule is blanked out until none
                     matches; the earliest found decides)
  429-allows         reads 429 as full allow
  no-redirect-limit  follows every redirect of robots.txt (up to 20), past five
  host-keyed         keeps one robots.txt per host name: the first one read
                     there also governs the host's other schemes and ports
  cap-100k           reads only the first 100,000 bytes of a robots.txt
  sevens             a deliberately odd flaw no rule explains: a conditional
                     URL whose path holds the digit 7 is never fetched
  robotparser        decides a conditional URL with Python's own
                     urllib.robotparser (the file decoded as UTF-8, bad bytes
                     replaced), as many Python crawlers do: no '*' or '$', the
                     first matching rule decides, rules and URLs percent-decoded
                     then quoted again, the query matched; and its other ways (a
                     blank line ends a group, a user-agent line names every
                     crawler whose name holds it, only the first '*' group counts)
  unicode-host       sends the Host header of each request in Unicode (UTF-8),
                     www.müller.eu, not in its ASCII form www.xn--mller-kva.eu
  first-url-only     checks robots.txt only for the first URL of each origin
                     (the one that made it fetch the file); later URLs of that
                     origin are fetched unchecked
  never-applied      fetches robots.txt, and then every URL whatever it says
  page-first         fetches the first URL of an origin before its robots.txt
  no-wildcard        a '*' in a rule is a literal character
  no-anchor          a '$' at a rule's end is a literal character
  decode             rules and URLs percent-decoded, then quoted again
  casefold           rules and URLs compared without regard to case
  ua-substring       a group is the crawler's when its name is a part of its
                     token (Foo, Bot or o for FooBot)
  4xx-rules          reads the body of a 4xx answer (but 429) as the file
  two-redirects      follows at most two redirects of robots.txt, then reads
                     it as full allow

--flaw takes several, comma-separated: a crawler with each of them.

Every request has a 5-second timeout; at most 5,000 links are followed.

REFCRAWL_RULES_ON=CODE (environment): a robots.txt answered with that status is
read as the rules, whatever the flaw says: the same crawler answering one check
otherwise, for the tests of known failures pinned by their answer.
"""
import argparse
import base64
import html.parser
import http.client
import json
import os
import re
import ssl
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.robotparser

FLAWS = ("ignore-robots", "5xx-allows", "no-redirects", "start-host-only", "first-match-wins", "429-allows",
         "no-redirect-limit", "host-keyed", "cap-100k", "sevens", "robotparser", "unicode-host", "first-url-only",
         "never-applied", "page-first", "no-wildcard", "no-anchor", "decode", "casefold", "ua-substring",
         "4xx-rules", "two-redirects")
MAX_REDIRECTS = 20
MAX_LINKS = 5000
TIMEOUT = 5
SAFE = "/?#[]@!$&'()*+,;=:%~-._"


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            for name, value in attrs:
                if name == "href" and value:
                    self.found.append(value)


class Crawler:
    def __init__(self, args):
        self.robots, self.token = args.robots, args.token
        self.flaws = set(args.flaw.split(",")) if args.flaw else set()
        self.checked = set()  # first-url-only: the robots.txt URLs a URL was checked against
        self.tls = ssl.create_default_context(cafile=args.ca)
        self.decisions = {}

    def reference(self, *argv, stdin=None):
        done = subprocess.run([self.robots, *argv], capture_output=True, input=stdin, timeout=30)
        return done.returncode, done.stdout.decode("utf-8", "replace").strip()

    def get(self, url):
        """(status, headers, body) or None for a failed request; url is ASCII."""
        parts = urllib.parse.urlsplit(url)
        kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        extra = {"context": self.tls} if parts.scheme == "https" else {}
        after = url.split("://", 1)[1]
        cut = min([after.find(c) for c in "/?" if c in after] or [len(after)])
        target = after[cut:] if after[cut:].startswith("/") else "/" + after[cut:]
        try:
            connection = kind(parts.hostname, parts.port, timeout=TIMEOUT, **extra)
            if "unicode-host" in self.flaws:
                # The host as a person writes it: each xn-- label decoded (IDNA).
                try:
                    host = parts.hostname.encode("ascii").decode("idna")
                except UnicodeError:
                    host = parts.hostname
                connection.putrequest("GET", target, skip_host=True)
                connection.putheader("Host", (host + (":%d" % parts.port if parts.port else "")).encode("utf-8"))
                connection.putheader("User-Agent", self.token + "/1.0 (refcrawl)")
                connection.endheaders()
            else:
                connection.request("GET", target, headers={"User-Agent": self.token + "/1.0 (refcrawl)"})
            response = connection.getresponse()
            body = response.read(4 << 20)
            connection.close()
            return response.status, response, body
        except (OSError, http.client.HTTPException, ValueError):
            return None

    def policy(self, status, redirects):
        code, decision = self.reference("status", status, "--redirects", str(redirects))
        return decision if code in (0, 1) else "full-disallow"

    def key(self, robots_url):
        """What the crawler keeps a robots.txt under: its URL (host-keyed: its host)."""
        return urllib.parse.urlsplit(robots_url).hostname if "host-keyed" in self.flaws else robots_url

    def robots_decision(self, robots_url):
        """(decision, body) for one robots.txt URL, fetched once (host-keyed: once
        per host name)."""
        key = self.key(robots_url)
        if key in self.decisions:
            return self.decisions[key]
        url, redirects, found = robots_url, 0, ("full-allow", None)
        while True:
            answer = self.get(url)
            if answer is None:
                found = ("full-allow", None) if "5xx-allows" in self.flaws else (self.policy("network-error", 0), None)
                break
            status, response, body = answer
            if str(status) == os.environ.get("REFCRAWL_RULES_ON"):
                found = ("conditional", body)
                break
            if 300 <= status < 400 and "no-redirects" in self.flaws:
                found = ("full-allow", None)
                break
            if 500 <= status and "5xx-allows" in self.flaws:
                found = ("full-allow", None)
                break
            if status == 429 and "429-allows" in self.flaws:
                found = ("full-allow", None)
                break
            if 400 <= status < 500 and status != 429 and "4xx-rules" in self.flaws:
                found = ("conditional", body)  # the error page's body read as the file
                break
            if 300 <= status < 400 and "two-redirects" in self.flaws and redirects == 2:
                found = ("full-allow", None)  # a third redirect: given up, as no file
                break
            if "cap-100k" in self.flaws:
                body = body[:100000]
            unlimited = "no-redirect-limit" in self.flaws and redirects < MAX_REDIRECTS
            decision = self.policy(str(status), 0 if unlimited else redirects)
            location = response.getheader("Location")
            if 300 <= status < 400 and decision == "conditional" and location:
                url, redirects = urllib.parse.urljoin(url, location), redirects + 1
                continue
            if 300 <= status < 400 and decision == "conditional":
                decision = "full-allow"  # a redirect to nowhere: no file
            found = (decision, body)
            break
        self.decisions[key] = found
        if found[0] == "conditional" and "ignore-robots" not in self.flaws:
            self.fetch_sitemaps(robots_url, found[1] or b"")
        return found

    def fetch_sitemaps(self, robots_url, body):
        """Fetches each sitemap the file names (the reference lists them; a relative
        one is taken relative to the robots.txt URL)."""
        request = {"id": 1, "profile": "google", "kind": "sitemaps",
                   "robots_base64": base64.b64encode(body).decode("ascii")}
        done = subprocess.run([self.robots, "--batch"], input=(json.dumps(request) + "\n").encode(),
                              capture_output=True, timeout=30)
        try:
            sitemaps = json.loads(done.stdout.decode("utf-8").splitlines()[0]).get("sitemaps") or []
        except (ValueError, IndexError):
            sitemaps = []
        for sitemap in sitemaps[:MAX_LINKS]:
            link = sitemap if "://" in sitemap else urllib.parse.urljoin(robots_url, sitemap)
            code, its_robots = self.reference("url", link)
            if code == 0:
                self.get(self.fetchable(link, its_robots))

    def allowed(self, link, robots_url, start_host):
        """Whether to fetch link; None when it was fetched already (page-first)."""
        if "ignore-robots" in self.flaws:
            return True
        if "start-host-only" in self.flaws and urllib.parse.urlsplit(robots_url).hostname != start_host:
            return True
        if "first-url-only" in self.flaws:
            # The first URL of an origin makes the crawler fetch its robots.txt and
            # is checked; the others were queued before it arrived, unchecked.
            if robots_url in self.checked:
                return True
            self.checked.add(robots_url)
        if "page-first" in self.flaws and self.key(robots_url) not in self.decisions:
            # The page is fetched, then its robots.txt, which governs the later URLs.
            self.get(self.fetchable(link, robots_url))
            self.robots_decision(robots_url)
            return None
        if "never-applied" in self.flaws:
            self.robots_decision(robots_url)
            return True
        decision, body = self.robots_decision(robots_url)
        if decision != "conditional":
            return decision == "full-allow"
        if "sevens" in self.flaws and "7" in urllib.parse.urlsplit(link).path:
            return False
        if "first-match-wins" in self.flaws:
            return self.first_match(body or b"", link)
        if "robotparser" in self.flaws:
            parser = urllib.robotparser.RobotFileParser()
            parser.parse((body or b"").decode("utf-8", "replace").splitlines())
            return parser.can_fetch(self.token, link)
        body, link = self.as_misread(body or b"", link)
        with tempfile.NamedTemporaryFile(prefix="refcrawl-", suffix=".txt") as f:
            f.write(body)
            f.flush()
            code, _ = self.reference(f.name, self.token, link)
        return code == 0

    def as_misread(self, body, link):
        """The file and URL as a crawler with the parser's flaws reads them, made so
        the reference answers as that crawler does."""
        def rules(fix):
            # A rule's value: up to a comment, a NUL or the white space that ends it.
            value = rb"([^#\r\n\0\s]+(?:[\t\v\f ]+[^#\r\n\0\s]+)*)"
            return re.sub(rb"(?im)^([\t\v\f ]*(?:allow|disallow)[\t\v\f ]*:[\t\v\f ]*)" + value,
                          lambda m: m.group(1) + fix(m.group(2)), body)
        def requoted(text):  # decoded, then quoted again; '*' and a final '$' kept
            end = "$" if text.endswith("$") else ""
            return "".join(p if p == "*" else urllib.parse.quote(urllib.parse.unquote(p))
                           for p in re.split(r"(\*)", text[:len(text) - len(end)])) + end
        head, rest = link.split("://", 1)
        cut = min([rest.find(c) for c in "/?#" if c in rest] or [len(rest)])
        authority, path = rest[:cut], rest[cut:]
        if "no-wildcard" in self.flaws:  # '*' as a character: one no file or URL holds
            body = rules(lambda v: v.replace(b"*", b"%FF%FB"))
            path = path.replace("*", "%FF%FB")
        if "no-anchor" in self.flaws:
            body = rules(lambda v: v.replace(b"$", b"%FF%FA"))
            path = path.replace("$", "%FF%FA")
        if "decode" in self.flaws:  # decoded, then quoted again, both sides
            body = rules(lambda v: requoted(v.decode("utf-8", "replace")).encode())
            path = urllib.parse.quote(urllib.parse.unquote(path.split("#", 1)[0])) or "/"
        if "casefold" in self.flaws:  # compared without case: %c3 and %C3 alike (the reference capitalises a rule's)
            body = rules(lambda v: v.lower())
            path = re.sub(r"%[0-9a-f]{2}", lambda m: m.group(0).upper(), path.lower())
        if "ua-substring" in self.flaws:  # a group is ours when its name is in our token
            agent = self.token.lower().encode()
            body = re.sub(rb"(?im)^([ \t]*user-agent[ \t]*:[ \t]*)([^#\s]+)",
                          lambda m: m.group(1) + (self.token.encode() if m.group(2) != b"*" and
                                                  m.group(2).lower() in agent else m.group(2)), body)
        return body, head + "://" + authority + path

    def first_match(self, body, link):
        """Allowed under first-match-wins: each rule the reference finds deciding is
        blanked out (same length, so nothing moves) and the file asked again, until
        no rule decides; the earliest rule found decides."""
        lines = re.split(rb"(\r\n|\r|\n)", body)
        found = []
        for _ in range(200):
            request = {"id": 1, "agent": self.token, "url": link,
                       "robots_base64": base64.b64encode(b"".join(lines)).decode("ascii")}
            done = subprocess.run([self.robots, "--batch"], input=(json.dumps(request) + "\n").encode(),
                                  capture_output=True, timeout=30)
            try:
                reply = json.loads(done.stdout.decode("utf-8").splitlines()[0])
            except (ValueError, IndexError):
                return False
            line = reply.get("line", 0)
            if reply.get("rule") not in ("allow", "disallow") or not line or 2 * (line - 1) >= len(lines):
                break
            found.append((line, reply["rule"] == "allow"))
            text = lines[2 * (line - 1)]
            lines[2 * (line - 1)] = b"#" + b" " * (len(text) - 1)
        return min(found)[1] if found else True

    def fetchable(self, link, robots_url):
        """link in ASCII: the host in its A-label form (robots_url's, which the
        reference found for link), other bytes %-escaped."""
        origin = robots_url[:-len("/robots.txt")]
        # The path and query exactly as written (urlsplit would drop an empty "?"),
        # without the fragment, escaped where HTTP needs it.
        after = link.split("://", 1)[1]
        cut = min([after.find(c) for c in "/?#" if c in after] or [len(after)])
        rest = after[cut:].split("#", 1)[0]
        target = urllib.parse.quote(rest if rest.startswith("/") else "/" + rest, safe=SAFE)
        return origin + target

    def crawl(self, start):
        answer = self.get(start)
        if answer is None:
            print("refcrawl: cannot fetch %s" % start, file=sys.stderr)
            return 1
        start_host = urllib.parse.urlsplit(start).hostname
        parser = Links()
        parser.feed(answer[2].decode("utf-8", "replace"))
        seen = set()
        for href in parser.found[:MAX_LINKS]:
            # An absolute link is taken as written: urljoin would rewrite //x and /a/../b.
            link = href if "://" in href else urllib.parse.urljoin(start, href)
            if link in seen or urllib.parse.urlsplit(link).scheme not in ("http", "https"):
                continue
            seen.add(link)
            code, robots_url = self.reference("url", link)  # none: not a URL to fetch
            if code == 0 and self.allowed(link, robots_url, start_host):  # None: fetched already
                self.get(self.fetchable(link, robots_url))
        return 0


def flaw_list(text):
    for name in text.split(","):
        if name not in FLAWS:
            raise argparse.ArgumentTypeError("no flaw %r (the flaws: %s)" % (name, ", ".join(FLAWS)))
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--robots", required=True, help="the robots command")
    parser.add_argument("--token", required=True, help="the product token to match groups by")
    parser.add_argument("--ca", required=True, help="the certificate authority to trust")
    parser.add_argument("--flaw", type=flaw_list, help="crawl with these deliberate flaws (comma-separated)")
    parser.add_argument("start", help="the start URL")
    args = parser.parse_args()
    if not os.path.exists(args.robots):
        parser.error("no robots command at %s" % args.robots)
    return Crawler(args).crawl(args.start)


if __name__ == "__main__":
    sys.exit(main())
