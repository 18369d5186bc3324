"""adapters.py - the crawler adapters file, each entry judged on its own.

A file that cannot be read, is not JSON, or has no "crawlers" list is refused whole
(AdaptersError). Otherwise every entry is kept: a well-formed one is usable, a bad
one is "broken" with the reason, and is refused only when it is selected
(robots-crawl --crawler NAME), so that one bad entry does not stop the others.
`robots-crawl --list-crawlers` shows each broken entry with its reason.

A word %NAME% (NAME two or more letters, digits, '_' or '-', starting with a
letter) is a placeholder: one robots-crawl does not fill in for that field (a
misspelt %strat%) makes the entry broken, naming the placeholder it is near.
Two entries of one name: the second is broken, and choosing that name (--crawler)
is refused, naming both (same_name()).
"""
import difflib
import json
import os
import re
import shutil

FIELDS = {"name", "install", "requires", "version", "token", "command", "env", "time_limit", "shards", "exit_codes"}
# The placeholders each field's words may hold (robots-crawl fills these in).
PLACEHOLDERS = {
    "command": ("start", "ca", "out", "token", "robots", "here", "cwd"),
    "env": ("start", "ca", "out", "token", "robots", "here", "cwd"),
    "version": ("robots", "here", "cwd"),
    "requires": ("here", "cwd"),
}
PLACEHOLDER = re.compile(r"%([A-Za-z][A-Za-z0-9_-]+)%")


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


def _placeholder_problem(field, words):
    """Why a field's words name a placeholder it cannot have, or None."""
    known = PLACEHOLDERS[field]
    for word in words:
        for name in PLACEHOLDER.findall(word):
            if name in known:
                continue
            if name in PLACEHOLDERS["command"]:
                return "\"%s\" cannot use %%%s%% (it takes %s)" % (field, name, ", ".join("%%%s%%" % k for k in known))
            near = difflib.get_close_matches(name.lower(), known, n=1, cutoff=0.6)
            hint = "did you mean %%%s%%?" % near[0] if near else "%s takes %s" % (
                field, ", ".join("%%%s%%" % k for k in known))
            return "unknown placeholder %%%s%% in \"%s\" (%s)" % (name, field, hint)
    return None


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
    for field in ("command", "env", "version", "requires"):
        words = list(env.values()) if field == "env" else c.get(field, [])
        why = _placeholder_problem(field, words)
        if why:
            return why
    if "%start%" not in " ".join(c["command"]):
        return "the command never names %start%, the URL to crawl"
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


def same_name(adapters, name):
    """Why choosing name is refused when two or more entries have it (naming
    them), or None."""
    mine = [a for a in adapters if a.name == name]
    if len(mine) < 2:
        return None
    path = mine[0].where.rsplit(": ", 1)[0]
    return "%s: %d entries are named %s, %s: rename one of them" % (
        path, len(mine), name, " and ".join(a.where.rsplit(": ", 1)[-1] for a in mine))


def missing_program(adapter, here):
    """The first requirement that is not there: a program on PATH, or a path
    (%here%: conformance/crawl; %cwd%: the directory robots-crawl was started in)."""
    for needed in adapter.get("requires", []):
        path = needed.replace("%here%", here).replace("%cwd%", os.getcwd())
        if not (os.path.exists(path) if "/" in path else shutil.which(path)):
            return path
    return None
