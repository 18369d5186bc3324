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

The comment line "# Profiles judged: google, rfc9309" (PROFILES_LINE, as the
runner writes and reads it) names the profiles the file was written under;
--write-known-failures writes it. A run that does not judge every one of them
reports no entry fixed (an entry that passes under the profiles judged may still
fail under another), and its reports say so (not_fixable()). A name there that is
no profile is an error with the file and line. A file without the line is read as
before.
"""
MAX_BYTES = 4 << 20
PROFILES = ("google", "rfc9309")
PROFILES_LINE = "# Profiles judged: "


class KnownError(Exception):
    pass


class Entry:
    def __init__(self, ident, line, case, check):
        self.id, self.line, self.case, self.check = ident, line, case, check
        self.failing = self.passing = 0
        self.can_fix = True  # False when the run did not judge every profile the file was written under

    def names(self, result):
        return result["id"] == self.case and (self.check == 0 or result["check"] == self.check)

    @property
    def fixed(self):
        return self.can_fix and self.passing > 0 and self.failing == 0


class Known(list):
    """The entries of a known-failures file (a list), and `written_under`: the
    profiles its "# Profiles judged:" line names, in PROFILES order ([] without one)."""

    def __init__(self, entries=(), written_under=()):
        super().__init__(entries)
        self.written_under = [p for p in PROFILES if p in written_under]


def _resolve(ident, sizes):
    """(case, check) for an id, check 0 meaning every check; None when it names nothing."""
    if ident in sizes:
        return ident, 0
    case, dot, number = ident.rpartition(".")
    if not dot or not number.isdigit() or len(number) > 6 or case not in sizes:
        return None
    n = int(number)
    return (case, n) if 1 <= n <= sizes[case] else None


def _profiles_line(path, number, text):
    """The profiles a "# Profiles judged: ..." line names (its text after the
    prefix); KnownError for a name that is no profile."""
    names, rest = [], text
    while rest:
        word = rest
        for sep in ", \t\r":
            word = word.split(sep, 1)[0]
        if word not in PROFILES:
            raise KnownError("%s:%d: '%s' is not a profile (%s)" % (path, number, rest[:40], ", ".join(PROFILES)))
        names.append(word)
        rest = rest[len(word):].lstrip(", \t\r")
    return names


def load(path, checks):
    """The entries of path, resolved against the tables' checks: a Known list,
    with the profiles the file says it was written under."""
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
    entries, written_under = [], set()
    for number, raw in enumerate(data.split(b"\n"), 1):
        if b"\0" in raw:
            raise KnownError("%s:%d: a NUL byte: not a known-failures file" % (path, number))
        line = raw.decode("utf-8", "replace")
        if line.startswith(PROFILES_LINE):
            written_under.update(_profiles_line(path, number, line[len(PROFILES_LINE):]))
            continue
        text = line.split("#", 1)[0]
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
    return Known(entries, written_under)


def judged_by(entries, judged):
    """Marks the entries unfixable when the run judged (profiles) not every profile
    the file was written under; returns whether they can be fixed."""
    can_fix = not set(getattr(entries, "written_under", [])) - set(judged)
    for e in entries:
        e.can_fix = can_fix
    return can_fix


def not_fixable(path, entries, judged):
    """The sentence the reports give when no entry can be reported fixed, or None:
    "FILE was written under google, rfc9309; this run judged google: no entry is
    reported fixed." """
    under = getattr(entries, "written_under", [])
    if not set(under) - set(judged):
        return None
    return "%s was written under %s; this run judged %s: no entry is reported fixed." % (
        path, ", ".join(under), ", ".join(p for p in PROFILES if p in judged))


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


def write(path, crawler, results, profiles):
    """Every failure of results (known ones too) as a known-failures file: the
    header, the profiles judged (PROFILES_LINE), then one check id a line, with
    what was expected and observed as a comment."""
    lines = ["# Known failures of the crawler %s (token %s), written by robots-crawl --write-known-failures.\n"
             % (crawler["name"], crawler["token"]),
             "# One check id a line (CASE.N: check N of CASE; CASE: all its checks); '#' starts a comment.\n",
             "# Give this file to --known-failures with --crawler %s: only a failure not listed here fails "
             "the run.\n" % crawler["name"],
             PROFILES_LINE + ", ".join(p for p in PROFILES if p in profiles) + "\n"]
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
