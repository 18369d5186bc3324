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

And the probes: conformance/adapters/probes.json's small files, each showing one
parser behaviour, made a crawler's (the probe's agent, FooBot, becomes the
crawler's token in the file) and kept where the reference answers them for that
token as the probe says. The crawl fetches each probe's URL; an answer otherwise
confirms the probe's cause, as the parsers' scorecard confirms it.
"""
import base64
import json
import os
import re
import subprocess

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
