"""adapters.py - the crawler adapters file, each entry judged on its own.

A file that cannot be read, is not JSON, or has no "crawlers" list is refused whole
(AdaptersError). Otherwise every entry is kept: a well-formed one is usable, a bad
one is "broken" with the reason, and is refused only when it is selected
(robots-crawl --crawler NAME), so that one bad entry does not stop the others.
`robots-crawl --list-crawlers` shows each broken entry with its reason.
"""
import json
import os
import shutil

FIELDS = {"name", "install", "requires", "version", "token", "command", "env", "time_limit", "shards", "exit_codes"}


class AdaptersError(Exception):
    pass


class Adapter:
    """One entry: its name (or its place in the file when it has none), the entry
    itself, where it is, and why it is broken (None when it is not)."""

    def __init__(self, name, entry, where, broken):
        self.name, self.entry, self.where, self.broken = name, entry, where, broken

    def get(self, field, default=None):
        return self.entry.get(field, default)

    def __getitem__(self, field):
        return self.entry[field]


def _words(value):
    return isinstance(value, list) and value and all(isinstance(w, str) for w in value)


def problem(c):
    """Why the entry cannot be used, or None."""
    if not isinstance(c, dict):
        return "not an object"
    unknown = set(c) - FIELDS
    if unknown:
        return "unknown field %s (known: %s)" % (sorted(unknown)[0], ", ".join(sorted(FIELDS)))
    for field in ("name", "token"):
        if not isinstance(c.get(field), str) or not c[field]:
            return "\"%s\" must be a non-empty string" % field
    if "command" not in c:
        return "no \"command\""
    for field in ("command", "requires", "version"):
        if field in c and not _words(c[field]):
            return "\"%s\" must be a non-empty list of strings" % field
    if not isinstance(c.get("install", ""), str):
        return "\"install\" must be a string"
    if "%start%" not in " ".join(c["command"]):
        return "the command never names %start%, the URL to crawl"
    limit = c.get("time_limit", 120)
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 1 <= limit <= 3600:
        return "\"time_limit\" must be 1 to 3600 seconds"
    shards = c.get("shards", 1)
    if isinstance(shards, bool) or not isinstance(shards, int) or not 1 <= shards <= 64:
        return "\"shards\" must be 1 to 64"
    env = c.get("env", {})
    if not isinstance(env, dict) or not all(isinstance(v, str) for v in env.values()):
        return "\"env\" must be an object of strings"
    codes = c.get("exit_codes", [0])
    if not isinstance(codes, list) or not codes or not all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 255 for x in codes):
        return "\"exit_codes\" must be a non-empty list of exit statuses (0 to 255)"
    return None


def load(path):
    """Every entry of the adapters file, as Adapters; AdaptersError when the file as
    a whole is unusable."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise AdaptersError("cannot read the crawler adapters %s: %s" % (path, e))
    crawlers = data.get("crawlers") if isinstance(data, dict) else None
    if not isinstance(crawlers, list):
        raise AdaptersError("%s: no \"crawlers\" list" % path)
    out, seen = [], {}
    for i, c in enumerate(crawlers):
        where = "%s: crawlers[%d]" % (path, i)
        name = c.get("name") if isinstance(c, dict) and isinstance(c.get("name"), str) and c["name"] else None
        why = problem(c)
        if name is not None and name in seen and why is None:
            why = "a second entry named %s (the first is crawlers[%d])" % (name, seen[name])
        if name is not None:
            seen.setdefault(name, i)
        out.append(Adapter(name or "crawlers[%d]" % i, c if isinstance(c, dict) else {}, where, why))
    return out


def missing_program(adapter, here):
    """The first requirement that is not there: a program on PATH, or a path
    (%here%: conformance/crawl; %cwd%: the directory robots-crawl was started in)."""
    for needed in adapter.get("requires", []):
        path = needed.replace("%here%", here).replace("%cwd%", os.getcwd())
        if not (os.path.exists(path) if "/" in path else shutil.which(path)):
            return path
    return None
