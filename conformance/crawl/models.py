"""models.py - what a crawler with one known flaw would answer, asked of the reference.

causes.py holds a crawler's observations against these hypotheses; each is the
reference (`robots --batch`) with one rule changed, so that a hypothesis differs
from the expectation only where that rule matters:

  first_match   the first matching rule in file order decides, not the longest
                match: the reference's deciding rule is taken away (its line kept
                blank at its length, so no later byte moves) until no rule matches;
                the earliest rule found decides
  capped        the file read only up to a size (the reference's max_bytes;
                0 = the whole file)
  wildcard      no '*' wildcard: each '*' of a rule's value and of the URL
                written as an escape no file or URL of the tables holds (%FF%FE),
                which the reference compares as text: a '*' matches a '*' only
  anchor        no '$' end anchor: each '$' written %FF%FD, the same way
  casefold      rules and URLs in lower case, an escape's hex digits alike in
                either case (as they are), as a crawler that compares paths
                without regard to case has them
  substring     a user-agent line whose name is a part of the crawler's token
                (Foo for FooBot) made to name the token: the group chosen by
                substring, as urllib.robotparser and many crawlers choose it
  decode        rules and URLs percent-decoded, then percent-encoded again, as
                Python's urllib.robotparser does (unquote, then quote): an escape
                and the character it encodes are one (%2F and '/', %3A and ':');
                nothing else changed: a rule's own '*', its final '$', the
                control characters around it and what follows a NUL keep the
                reference's reading; the URL loses the fragment it is written
                with, as the reference's does

hypotheses() asks them all for the allow checks and the probes, so that a probe
answered as one of them predicts is known to be explained by it (causes.py).

And the probes: conformance/adapters/probes.json's small files, each showing one
parser behaviour, made a crawler's (the probe's agent, FooBot, becomes the
crawler's token in the file) and kept where the reference answers them for that
token as the probe says. The crawl fetches each probe's URL; an answer otherwise
confirms the probe's cause, as the parsers' scorecard confirms it.
"""
import base64
import itertools
import json
import os
import re
import subprocess
import urllib.parse

import urls

HERE = os.path.dirname(os.path.abspath(__file__))
PROBES = os.path.join(os.path.dirname(HERE), "adapters", "probes.json")
LINE_END = re.compile(rb"(\r\n|\r|\n)")
MAX_ROUNDS = 64


def _request(ident, robots, token, url, **extra):
    request = dict({"id": ident, "agent": token, "url": url}, **extra)
    try:
        text = robots.decode("utf-8")
        if "\0" in text:
            raise UnicodeDecodeError("utf-8", b"", 0, 1, "NUL")
        request["robots"] = text
    except UnicodeDecodeError:
        request["robots_base64"] = base64.b64encode(robots).decode("ascii")
    return json.dumps(request)


def ask(robots_bin, requests):
    """Replies (dicts, by id) of `robots --batch` to request lines."""
    if not requests:
        return {}
    done = subprocess.run([robots_bin, "--batch"], input=("\n".join(requests) + "\n").encode("utf-8"),
                          capture_output=True, timeout=600)
    replies = {}
    for line in done.stdout.decode("utf-8", "replace").splitlines():
        try:
            reply = json.loads(line)
        except ValueError:
            continue
        if isinstance(reply, dict):
            replies[reply.get("id")] = reply
    return replies


def _blank_line(robots, number):
    """robots with line `number` (1-based, as the reference counts lines: LF, CR or
    CR LF end one) turned into a comment of the same length."""
    parts = LINE_END.split(robots)
    i = 2 * (number - 1)
    if number < 1 or i >= len(parts):
        return None
    parts[i] = b"#" + b" " * max(0, len(parts[i]) - 1) if parts[i] else parts[i]
    return b"".join(parts)


def first_match(robots_bin, items, profile="google"):
    """{key: "allowed" | "disallowed"} under first-match-wins, for items
    [(key, robots bytes, token, url)]."""
    state = {i: {"robots": robots, "found": []} for i, (_, robots, _, _) in enumerate(items)}
    pending = set(state)
    for _ in range(MAX_ROUNDS):
        if not pending:
            break
        replies = ask(robots_bin, [_request(i, state[i]["robots"], items[i][2], items[i][3], profile=profile)
                                   for i in sorted(pending)])
        for i in sorted(pending):
            reply = replies.get(i, {})
            line = reply.get("line", 0)
            if reply.get("rule") in ("allow", "disallow") and isinstance(line, int) and line > 0:
                state[i]["found"].append((line, reply["rule"] == "allow"))
                blanked = _blank_line(state[i]["robots"], line)
                if blanked is not None and blanked != state[i]["robots"]:
                    state[i]["robots"] = blanked
                    continue
            if not state[i]["found"]:
                state[i]["found"].append((0, reply.get("allowed", True)))
            pending.discard(i)
    out = {}
    for i, (key, _, _, _) in enumerate(items):
        found = state[i]["found"]
        if found:
            out[key] = "allowed" if min(found)[1] else "disallowed"
    return out


RULE_LINE = re.compile(rb"^([ \t]*(?:allow|disallow)[ \t]*:[ \t]*)(.*?)([ \t]*(?:#.*)?)$", re.I | re.S)


def _rules_rewritten(robots, fix):
    """robots with each allow or disallow line's value v made fix(v) (bytes); every
    other byte, and the line ends, kept."""
    parts = LINE_END.split(robots)
    for i in range(0, len(parts), 2):
        m = RULE_LINE.match(parts[i])
        if m and m.group(2):
            parts[i] = m.group(1) + fix(m.group(2)) + m.group(3)
    return b"".join(parts)


def _url_rewritten(url, fix):
    """url with its path, query and fragment made fix(whole URL, rest); a URL that
    is not absolute is left as it is."""
    parsed, _ = urls.split(url)
    if parsed is None:
        return url
    head = url[:len(url) - len(parsed.rest)] if parsed.rest else url
    return head + fix(url, parsed.rest)


def _requoted(text):
    """Python's urllib.robotparser on a rule value: percent-decoded, tabs and line
    ends dropped (as urllib.parse.urlparse drops them), then quoted."""
    decoded = urllib.parse.unquote(text)
    for ch in "\t\r\n":
        decoded = decoded.replace(ch, "")
    return urllib.parse.quote(decoded)


EDGES = re.compile(r"^([\x00-\x20\x7f]*)(.*?)([\x00-\x20\x7f]*)$", re.S)


def _decode_rule(value):
    """A rule's value percent-decoded and quoted again, as the URL is; kept as
    they are (the reference reads them): its '*' (a wildcard), a '$' that ends it
    (the anchor), the control characters around it and everything from a NUL on.
    A '$' inside it is a dollar sign, quoted as the URL's is."""
    text = value.decode("utf-8", "replace")
    text, nul, after = text.partition("\0")
    head, text, tail = EDGES.match(text).groups()
    anchored = text.endswith("$")
    pieces = re.split(r"(\*)", text[:-1] if anchored else text)
    out = "".join(p if p == "*" else _requoted(p) for p in pieces) + ("$" if anchored else "")
    return (head + out + tail + nul + after).encode("utf-8")


def _decode_url(url, rest):
    """What urllib.robotparser matches rules against: the URL percent-decoded, its
    path, parameters, query and fragment put back together and quoted; the
    fragment it is written with left off first, as the reference leaves it (a
    %23 decoded to '#' starts one, and it stays, as urllib.robotparser keeps it)."""
    p = urllib.parse.urlparse(urllib.parse.unquote(url.split("#", 1)[0]))
    return urllib.parse.quote(urllib.parse.urlunparse(("", "", p.path, p.params, p.query, p.fragment))) or "/"


def _folded(text):
    """A URL's path in lower case with its escapes' hex digits in capitals: the
    reference writes a rule's escapes in capitals, so a rule in lower case and
    this compare as a crawler that ignores case compares them (%c3 and %C3 alike,
    as they are)."""
    return re.sub(r"%[0-9a-f]{2}", lambda m: m.group(0).upper(), text.lower())


# Literal '*' and '$' as text the reference compares as written, and that no file
# or URL of the tables holds (a '%2A' would meet the tables' own escapes).
STAR, DOLLAR = "%FF%FE", "%FF%FD"
TRANSFORMS = {
    "wildcard": (lambda v: v.replace(b"*", STAR.encode()), lambda url, rest: rest.replace("*", STAR)),
    "anchor": (lambda v: v.replace(b"$", DOLLAR.encode()), lambda url, rest: rest.replace("$", DOLLAR)),
    "decode": (_decode_rule, _decode_url),
    "casefold": (lambda v: v.lower(), lambda url, rest: _folded(rest)),
}

AGENT_LINE = re.compile(rb"^([ \t]*user-agent[ \t]*:[ \t]*)([^#\s]+)(.*)$", re.I | re.S)


def _agents_by_part(robots, token):
    """robots with each user-agent line whose name is a part of the token (not the
    token, not '*') naming the token itself: the group a crawler takes when it
    matches a group's name as a substring of its own."""
    parts = LINE_END.split(robots)
    mine = token.lower().encode("utf-8", "replace")
    for i in range(0, len(parts), 2):
        m = AGENT_LINE.match(parts[i])
        if m and m.group(2) != b"*" and m.group(2).lower() != mine and m.group(2).lower() in mine:
            parts[i] = m.group(1) + token.encode("utf-8", "replace") + m.group(3)
    return b"".join(parts)


def by_part_of_name(robots_bin, items, profile="google"):
    """{key: answer} when a group whose name is a part of the crawler's token is
    taken as the crawler's own."""
    asked = [(key, _agents_by_part(robots, token), token, url) for key, robots, token, url in items]
    replies = ask(robots_bin, [_request(i, robots, token, url, profile=profile)
                               for i, (_, robots, token, url) in enumerate(asked)])
    return {asked[i][0]: ("allowed" if r["allowed"] else "disallowed") for i, r in replies.items()
            if isinstance(i, int) and 0 <= i < len(asked) and isinstance(r.get("allowed"), bool)}


# Two habits of TRANSFORMS together ("decode+casefold"): a crawler with both
# answers as neither alone does where they meet (a '*' no wildcard, then decoded).
PAIRS = tuple("%s+%s" % pair for pair in itertools.combinations(TRANSFORMS, 2))


def _rewritten(name, robots, url):
    """The file and URL with each habit of name ('+'-joined) made in turn, in
    TRANSFORMS' order: each one reads what the one before it wrote."""
    for part in (t for t in TRANSFORMS if t in name.split("+")):
        fix_rule, fix_url = TRANSFORMS[part]
        robots, url = _rules_rewritten(robots, fix_rule), _url_rewritten(url, fix_url)
    return robots, url


def transformed(robots_bin, items, name, profile="google"):
    """{key: answer} of the reference with the hypothesis `name` (TRANSFORMS, or
    two of them as PAIRS names them) made in each item's file and URL."""
    asked = []
    for key, robots, token, url in items:
        robots, url = _rewritten(name, robots, url)
        asked.append((key, robots, token, url))
    replies = ask(robots_bin, [_request(i, robots, token, url, profile=profile)
                               for i, (_, robots, token, url) in enumerate(asked)])
    return {asked[i][0]: ("allowed" if r["allowed"] else "disallowed") for i, r in replies.items()
            if isinstance(i, int) and 0 <= i < len(asked) and isinstance(r.get("allowed"), bool)}


def hypotheses(robots_bin, items):
    """{hypothesis: {key: answer}} for items [(key, robots bytes, token, url)]:
    "longest" (first match wins), "wildcard", "anchor", "decode", "casefold"
    (paths compared in any case), "substring" (a group whose name is a part of
    the token taken as the crawler's), and each two of the rewriting habits
    (PAIRS)."""
    out = {"longest": first_match(robots_bin, items)}
    for name in tuple(TRANSFORMS) + PAIRS:
        out[name] = transformed(robots_bin, items, name)
    out["substring"] = by_part_of_name(robots_bin, items)
    return out


def capped(robots_bin, items, cap, profile="google"):
    """{key: answer} when only the first `cap` bytes are read (0: all of them)."""
    replies = ask(robots_bin, [_request(i, robots, token, url, profile=profile, max_bytes=cap)
                               for i, (_, robots, token, url) in enumerate(items)])
    return {items[i][0]: ("allowed" if r["allowed"] else "disallowed") for i, r in replies.items()
            if isinstance(i, int) and 0 <= i < len(items) and isinstance(r.get("allowed"), bool)}


def _tokenised(text, token):
    """The probe's file for a crawler whose token is token: FooBot in any case
    becomes the token in the same case."""
    def swap(m):
        word = m.group(0)
        return token.upper() if word.isupper() else token.lower() if word.islower() else token
    return re.sub(r"foobot", swap, text, flags=re.I)


def probes(robots_bin, tokens):
    """{token: [probe]}: each probe {"name", "cause", "robots" (bytes), "url",
    "expect"} whose answer for the token the reference gives as the probe says.
    Probes of another agent than FooBot, of a URL with a fragment, or without a
    cause are left out: a crawl cannot ask them."""
    try:
        with open(PROBES, encoding="utf-8") as f:
            spec = json.load(f)
    except (OSError, ValueError):
        return {t: [] for t in tokens}, {}
    out = {}
    for token in tokens:
        candidates = []
        for p in spec.get("probes", []):
            if "cause" not in p or p.get("agent", "").lower() != "foobot" or "#" in p.get("url", ""):
                continue
            if not p.get("url", "").startswith("http://"):
                continue
            if "robots_base64" in p:
                robots = base64.b64decode(p["robots_base64"])
                robots = re.sub(rb"foobot", token.encode("ascii", "replace"), robots, flags=re.I)
            else:
                robots = _tokenised(p.get("robots", ""), token).encode("utf-8")
            candidates.append({"name": p["name"], "cause": p["cause"], "robots": robots, "url": p["url"],
                               "expect": "allowed" if p["allowed"] else "disallowed"})
        replies = ask(robots_bin, [_request(i, c["robots"], token, c["url"]) for i, c in enumerate(candidates)])
        out[token] = [c for i, c in enumerate(candidates) if isinstance(replies.get(i, {}).get("allowed"), bool)
                      and ("allowed" if replies[i]["allowed"] else "disallowed") == c["expect"]]
    return out, spec.get("causes", {})
