"""urls.py - URLs as the case tables write them, taken apart and moved into the world.

A check's URL keeps its path, query and scheme; only its host changes, so that each
scenario has hosts of its own (world.py). Nothing here resolves or normalises a URL
the way a crawler would: the reference (`robots url`) does that where it matters.
"""
import re

# scheme://[userinfo@]host[:port]rest, where rest starts with / ? # or is empty.
_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://(?:([^/?#@]*)@)?(\[[^\]/?#]*\]|[^:/?#\[\]]*)(?::([^/?#]*))?(.*)$",
                  re.S)
_IPV4 = re.compile(r"^[0-9]+(\.[0-9]+){3}$")
DEFAULT_PORTS = {"http": 80, "https": 443}


class Url:
    """One absolute http or https URL, split; None fields are absent parts."""

    def __init__(self, scheme, userinfo, host, port, rest):
        self.scheme, self.userinfo, self.host, self.port, self.rest = scheme, userinfo, host, port, rest

    @property
    def effective_port(self):
        return self.port if self.port is not None else DEFAULT_PORTS[self.scheme]

    @property
    def path_and_query(self):
        """What goes on the request line: the rest without its fragment."""
        rest = self.rest.split("#", 1)[0]
        return rest if rest.startswith("/") else "/" + rest

    def with_host(self, host):
        return Url(self.scheme, self.userinfo, host, self.port, self.rest)

    def with_rest(self, rest):
        """The same origin with another path (and query)."""
        return Url(self.scheme, self.userinfo, self.host, self.port, rest)

    def text(self):
        auth = (self.userinfo + "@" if self.userinfo is not None else "") + self.host
        if self.port is not None:
            auth += ":%d" % self.port
        return "%s://%s%s" % (self.scheme, auth, self.rest)

    def origin(self):
        return (self.scheme, self.host.lower(), self.effective_port)


def split(text):
    """The URL taken apart, or (None, why) when a crawl cannot follow it: another
    scheme than http and https, no host, a port that is not a number, an IP
    literal of IPv6 (the world has one IPv6 loopback address, ::1, too few to tell
    two hosts apart)."""
    m = _URL.match(text)
    if not m:
        return None, "not an absolute URL with a host"
    scheme, userinfo, host, port, rest = m.groups()
    scheme = scheme.lower()
    if scheme not in DEFAULT_PORTS:
        return None, "a %s URL: the world serves http and https only" % scheme
    if not host:
        return None, "the URL has no host"
    if host.startswith("["):
        return None, "an IPv6 literal host: the world has a single IPv6 loopback address"
    if host.endswith("."):
        return None, "a host with a trailing dot, which the world's host names cannot keep"
    if port is not None:
        if not port.isdigit() or not 0 < int(port) < 65536:
            return None, "a port that is not a number from 1 to 65535"
        port = int(port)
    if rest and rest[0] not in "/?#":
        return None, "not an absolute URL with a host"
    return Url(scheme, userinfo, host, port, rest), None


def robots_text(scheme, host, port):
    """The robots.txt URL of an origin, its port left out where it is the default."""
    return "%s://%s%s/robots.txt" % (scheme, host, "" if DEFAULT_PORTS[scheme] == port else ":%d" % port)


def is_ipv4(host):
    return bool(_IPV4.match(host))


def label(text):
    """A DNS label made of text: lower-case letters, digits and hyphens."""
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return out[:50] or "x"


RESERVED = set(b":/?#[]@!$&'()*+,;=%")
HEX = b"0123456789ABCDEFabcdef"


def canonical(target):
    """A request target (bytes) as a comparable request: escapes of characters that
    need none decoded, the others in upper case, other octets (and a % that starts
    no escape) escaped."""
    out = bytearray()
    i = 0
    while i < len(target):
        b = target[i]
        if b == 0x25 and i + 2 < len(target) and target[i + 1] in HEX and target[i + 2] in HEX:
            value = int(target[i + 1:i + 3], 16)
            if 0x21 <= value <= 0x7E and value not in RESERVED:
                out.append(value)
            else:
                out += b"%%%02X" % value
            i += 3
            continue
        out += bytes([b]) if 0x21 <= b <= 0x7E and b != 0x25 else b"%%%02X" % b
        i += 1
    return bytes(out)
