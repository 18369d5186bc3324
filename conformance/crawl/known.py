"""known.py - known failures of one crawler (--known-failures FILE), in the runner's format.

The file lists check ids, one a line, as robots-conform's does (docs/runner.md):
"RFC-5" names every check of the case RFC-5, "RFC-5.2" its check 2 (an id that is
a case's own, as "RFC-3.1", names that case). Blank lines and everything from '#'
on are ignored. An id that names no case or check of the tables is an error with
the file and line ("FILE:LINE: ..."): a misspelt entry would otherwise hide nothing
and say nothing.

A crawl's file is for the one crawler robots-crawl is given (--crawler NAME), as
the runner's is for its one target; an entry names the check under every profile
judged. A listed check that fails is a known failure: reported, not counted as
failed. An entry is fixed when the crawl judged checks it names and none failed:
"remove it from FILE", a failure of the run under --strict.
"""
MAX_BYTES = 4 << 20


class KnownError(Exception):
    pass


class Entry:
    def __init__(self, ident, line, case, check):
        self.id, self.line, self.case, self.check = ident, line, case, check
        self.failing = self.passing = 0

    def names(self, result):
        return result["id"] == self.case and (self.check == 0 or result["check"] == self.check)

    @property
    def fixed(self):
        return self.passing > 0 and self.failing == 0


def _resolve(ident, sizes):
    """(case, check) for an id, check 0 meaning every check; None when it names nothing."""
    if ident in sizes:
        return ident, 0
    case, dot, number = ident.rpartition(".")
    if not dot or not number.isdigit() or len(number) > 6 or case not in sizes:
        return None
    n = int(number)
    return (case, n) if 1 <= n <= sizes[case] else None


def load(path, checks):
    """The entries of path, resolved against the tables' checks."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise KnownError("%s: %s" % (path, e.strerror or e))
    if len(data) > MAX_BYTES:
        raise KnownError("%s: larger than 4 MiB: not a known-failures file" % path)
    sizes = {}
    for c in checks:
        sizes[c.id] = max(sizes.get(c.id, 0), c.number)
    entries = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        if b"\0" in raw:
            raise KnownError("%s:%d: a NUL byte: not a known-failures file" % (path, number))
        text = raw.decode("utf-8", "replace").split("#", 1)[0]
        words = text.replace("\r", " ").replace("\t", " ").split(" ")
        words = [w for w in words if w]
        if not words:
            continue
        if len(words) > 1:
            raise KnownError("%s:%d: one check id a line, not '%s'" % (path, number, text.strip()[:200]))
        found = _resolve(words[0], sizes)
        if found is None:
            raise KnownError("%s:%d: '%s' names no case or check of the tables (CASE or CASE.N; "
                             "robots-conform --list shows the cases)" % (path, number, words[0][:200]))
        entries.append(Entry(words[0], number, *found))
    return entries


def apply(entries, results):
    """Marks each failed result an entry names as a known failure (status
    "known-failure", and "known" the first entry naming it), and counts each
    entry's failing and passing checks. results: the judged profiles' only."""
    for r in results:
        named = [e for e in entries if e.names(r)]
        if not named:
            continue
        for e in named:
            if r["status"] == "fail":
                e.failing += 1
            elif r["status"] == "pass":
                e.passing += 1
        if r["status"] == "fail":
            r["status"] = "known-failure"
            r["known"] = named[0].id


def mark_fixed(entries, results, path):
    """Each passing result a fixed entry names says so: "fixed", the message."""
    for e in entries:
        if not e.fixed:
            continue
        for r in results:
            if r["status"] == "pass" and e.names(r) and "fixed" not in r:
                r["fixed"] = "fixed: remove %s from %s" % (e.id, path)


def write(path, crawler, results):
    """Every failure of results (known ones too) as a known-failures file: one check
    id a line, with what was expected and observed as a comment."""
    lines = ["# Known failures of the crawler %s (token %s), written by robots-crawl --write-known-failures.\n"
             % (crawler["name"], crawler["token"]),
             "# One check id a line (CASE.N: check N of CASE; CASE: all its checks); '#' starts a comment.\n",
             "# Give this file to --known-failures with --crawler %s: only a failure not listed here fails "
             "the run.\n" % crawler["name"]]
    seen = set()
    for r in results:
        if r["status"] not in ("fail", "known-failure"):
            continue
        ident = "%s.%d" % (r["id"], r["check"])
        if ident in seen:
            continue
        seen.add(ident)
        got = "".join(ch if ch >= " " else "\\x%02x" % ord(ch) for ch in str(r["got"]))
        lines.append("%-24s # [%s] expected %s, got %s\n" % (ident, r["profile"], r["expected"], got))
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)
