#!/usr/bin/python3
"""independent_crawler.py - a small crawler written apart from the harness, with
its own robots.txt handling (Google-like), for the crawl tests. Tried on
robots-crawl as a crawler team would (a user trial, 2026-11-28), it showed that
the diagnosis modelled case-folding otherwise than this crawler folds: none of
its 15 case failures was named. Its defects, each switchable (--defects):

  casefold   robots.txt paths compared without regard to case
  5xx-allow  a 5xx answer for robots.txt read as no robots.txt (allow all)
"""
import argparse, http.client, re, ssl, sys, threading
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit, quote

UA = "FooBot/1.0 (+independent-crawler)"
TOKEN = "FooBot"
CAP = 500 * 1024
MAXLINE = 2083 * 8 - 1
DEFECTS = set()
CTX = None
TIMEOUT = 10


# ---------------------------------------------------------------- URLs
def norm(url):
    """-> (scheme, host, port, target, url) or None."""
    try:
        p = urlsplit(url)
        scheme = p.scheme.lower()
        if scheme not in ("http", "https"):
            return None
        host = p.hostname
        if not host:
            return None
        try:
            host = host.encode("idna").decode("ascii").lower()
        except UnicodeError:
            host = host.lower()
        port = p.port or (443 if scheme == "https" else 80)
    except ValueError:
        return None
    path = p.path or "/"
    target = quote(path, safe="/%:@!$&'()*+,;=-._~")
    if p.query or url.split("#")[0].endswith("?"):
        target += "?" + quote(p.query, safe="/%:@!$&'()*+,;=-._~?")
    return scheme, host, port, target


def origin_str(scheme, host, port):
    default = 443 if scheme == "https" else 80
    return "%s://%s%s" % (scheme, host, "" if port == default else ":%d" % port)


def fetch(scheme, host, port, target, limit=None):
    """-> (status, headers dict, body bytes); raises OSError on network error."""
    if scheme == "https":
        c = http.client.HTTPSConnection(host, port, timeout=TIMEOUT, context=CTX)
    else:
        c = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
    try:
        c.putrequest("GET", target, skip_host=True, skip_accept_encoding=True)
        default = 443 if scheme == "https" else 80
        c.putheader("Host", host if port == default else "%s:%d" % (host, port))
        c.putheader("User-Agent", UA)
        c.putheader("Accept", "*/*")
        c.putheader("Connection", "close")
        c.endheaders()
        r = c.getresponse()
        body = r.read(limit) if limit else r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, body
    except (http.client.HTTPException, ssl.SSLError) as e:
        raise OSError(str(e))
    finally:
        c.close()


# ---------------------------------------------------------------- robots.txt
class Rules:
    ALLOW_ALL = "allow-all"
    DISALLOW_ALL = "disallow-all"

    def __init__(self, kind, body=b""):
        self.kind = kind
        self.groups = []  # (is_global, is_specific, [(allow, regex, len)])
        if kind == "rules":
            self._parse(body)

    @staticmethod
    def _escape(pat):
        # percent-encode bytes >= 0x80, upper-case existing %xx
        out = []
        i = 0
        while i < len(pat):
            ch = pat[i]
            if ch == "%" and i + 2 < len(pat) + 0 and re.match(r"[0-9A-Fa-f]{2}", pat[i + 1:i + 3]):
                out.append("%" + pat[i + 1:i + 3].upper())
                i += 3
                continue
            if ord(ch) >= 0x80:
                out.append("%%%02X" % ord(ch))
            else:
                out.append(ch)
            i += 1
        return "".join(out)

    def _compile(self, pat):
        pat = self._escape(pat)
        if "casefold" in DEFECTS:
            pat = pat.lower()
        rx = ""
        for i, ch in enumerate(pat):
            if ch == "*":
                rx += ".*"
            elif ch == "$" and i == len(pat) - 1:
                rx += r"\Z"
            else:
                rx += re.escape(ch)
        return re.compile(rx, re.S), len(pat)

    def _lines(self, body):
        text = body.decode("latin-1")
        bom = "\xef\xbb\xbf"
        k = 0
        while k < 3 and k < len(text) and text[k] == bom[k]:
            k += 1
        text = text[k:]
        for line in re.split(r"\r\n|\r|\n", text):
            yield line[:MAXLINE]

    def _parse(self, body):
        cur = None          # current group dict
        sep = False
        for line in self._lines(body):
            line = line.split("#", 1)[0].strip(" \t")
            if not line:
                continue
            if ":" in line:
                key, val = line.split(":", 1)
            else:
                parts = re.split(r"[ \t]+", line)
                if len(parts) != 2:
                    continue
                key, val = parts
            key = key.strip(" \t").lower()
            val = val.strip(" \t")
            if not key:
                continue
            if key.startswith("user-agent") or key.startswith("useragent") or key.startswith("user agent"):
                if cur is None or sep:
                    cur = {"global": False, "specific": False, "rules": []}
                    self.groups.append(cur)
                    sep = False
                if val.startswith("*") and (len(val) == 1 or val[1] in " \t"):
                    cur["global"] = True
                else:
                    m = re.match(r"[A-Za-z_-]*", val).group(0)
                    if m and m.lower() == TOKEN.lower():
                        cur["specific"] = True
            elif key.startswith("allow") or key.startswith("disallow") or key in (
                    "dissallow", "dissalow", "disalow", "diasllow", "disallaw") or any(
                    key.startswith(t) for t in ("dissallow", "dissalow", "disalow", "diasllow", "disallaw")):
                if cur is None:
                    continue
                sep = True
                allow = key.startswith("allow")
                if not val:
                    continue
                cur["rules"].append((allow,) + self._compile(val))
                if allow:
                    slash = val.rfind("/")
                    if slash >= 0 and val[slash:].startswith("/index.htm"):
                        cur["rules"].append((True,) + self._compile(val[:slash + 1] + "$"))

    def allowed(self, target):
        if self.kind == self.ALLOW_ALL:
            return True
        if self.kind == self.DISALLOW_ALL:
            return False
        path = target
        if "casefold" in DEFECTS:
            path = path.lower()
        best = {"specific": [0, 0], "global": [0, 0]}  # [allow_len, disallow_len]
        seen_specific = False
        for g in self.groups:
            if g["specific"]:
                seen_specific = True
            for which in ("specific", "global"):
                if not g[which]:
                    continue
                for allow, rx, n in g["rules"]:
                    if rx.match(path):
                        i = 0 if allow else 1
                        best[which][i] = max(best[which][i], n)
        a, d = best["specific"]
        if a > 0 or d > 0:
            return not d > a
        if seen_specific:
            return True
        a, d = best["global"]
        if a > 0 or d > 0:
            return not d > a
        return True


def get_rules(scheme, host, port):
    s, h, p, t = scheme, host, port, "/robots.txt"
    redirects = 0
    while True:
        try:
            status, headers, body = fetch(s, h, p, t, limit=CAP)
        except OSError:
            return Rules(Rules.DISALLOW_ALL)
        if 300 <= status < 400:
            loc = headers.get("location")
            if not loc:
                return Rules(Rules.DISALLOW_ALL)
            if redirects == 5:
                return Rules(Rules.ALLOW_ALL)    # a sixth redirect: no robots.txt
            redirects += 1
            n = norm(urljoin(origin_str(s, h, p) + t, loc))
            if not n:
                return Rules(Rules.ALLOW_ALL)
            s, h, p, t = n
            continue
        if 200 <= status < 300:
            return Rules("rules", body[:CAP])
        if status == 429:
            return Rules(Rules.DISALLOW_ALL)
        if 500 <= status < 600:
            if "5xx-allow" in DEFECTS:
                return Rules(Rules.ALLOW_ALL)
            return Rules(Rules.DISALLOW_ALL)
        if 400 <= status < 500:
            return Rules(Rules.ALLOW_ALL)
        return Rules(Rules.DISALLOW_ALL)


# ---------------------------------------------------------------- crawl
class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            for k, v in attrs:
                if k == "href" and v is not None:
                    self.hrefs.append(v)


LOG_LOCK = threading.Lock()


def log(*a):
    with LOG_LOCK:
        print(*a, flush=True)


def crawl_group(items):
    cache = {}
    for scheme, host, port, target in items:
        key = (scheme, host, port)
        if key not in cache:
            cache[key] = get_rules(scheme, host, port)
        if not cache[key].allowed(target):
            log("skip", origin_str(scheme, host, port) + target)
            continue
        try:
            status, _, _ = fetch(scheme, host, port, target)
            log(status, origin_str(scheme, host, port) + target)
        except OSError as e:
            log("error", origin_str(scheme, host, port) + target, e)


def main():
    global CTX
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", required=True)
    ap.add_argument("--ca", required=True)
    ap.add_argument("--defects", default="casefold,5xx-allow")
    ap.add_argument("--jobs", type=int, default=16)
    a = ap.parse_args()
    DEFECTS.update(x for x in a.defects.split(",") if x)
    CTX = ssl.create_default_context(cafile=a.ca)
    start = norm(a.start)
    rules = get_rules(*start[:3])
    if not rules.allowed(start[3]):
        log("start page disallowed")
        return 0
    status, headers, body = fetch(*start)
    p = Links()
    p.feed(body.decode("utf-8", "replace"))
    base = a.start
    seen, groups = set(), {}
    for href in p.hrefs:
        n = norm(urljoin(base, href.strip()))
        if not n or n in seen:
            continue
        seen.add(n)
        groups.setdefault(n[1], []).append(n)
    log("links", len(seen), "hosts", len(groups))
    with ThreadPoolExecutor(a.jobs) as ex:
        list(ex.map(crawl_group, groups.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
