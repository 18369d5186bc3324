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

An entry may pin the answer the crawler gave: "STATUS-4.2 = full-disallow" (what
--write-known-failures writes; the answer is JSON-quoted when it holds '#', a
quote first, a control character or spaces at either end). A listed check that
fails with that answer is a known failure; one that fails with another is a
failure of its own, "known failure, answer changed: was X, now Y" (the result's
"answer_changed": {"was", "now"}). An entry without an answer takes any failure,
as before.

An entry is judged when a check it names was judged (passed or failed) under a
profile the file was written under (any profile, for a file that names none).
When none of the file's entries could be judged (the run judged none of the
profiles it was written under, or its selection holds none of its checks),
not_judged() says which and why, in every report, and --strict fails the run:
it could judge nothing.
"""
import json

import report_files
MAX_BYTES = 4 << 20
PROFILES = ("google", "rfc9309")
PROFILES_LINE = "# Profiles judged: "


class KnownError(Exception):
    pass


class Entry:
    def __init__(self, ident, line, case, check, answer=None):
        self.id, self.line, self.case, self.check, self.answer = ident, line, case, check, answer
        self.failing = self.passing = self.changed = 0
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


def _answer(path, number, line):
    """(the line without its "= ANSWER" part, the answer or None)."""
    ident, eq, rest = line.partition("=")
    if not eq or "#" in ident:
        return line, None
    rest = rest.strip(" \t\r")
    if rest.startswith('"'):
        try:
            answer, end = json.JSONDecoder().raw_decode(rest)
        except ValueError:
            answer, end = None, 0
        if not isinstance(answer, str) or rest[end:].strip(" \t\r")[:1] not in ("", "#"):
            raise KnownError('%s:%d: the answer after "=" is a JSON string or plain text up to "#"' % (path, number))
    else:
        answer = rest.split("#", 1)[0].strip(" \t\r")
    if not answer:
        raise KnownError('%s:%d: no answer after "=" (write "ID = ANSWER", or the ID alone for any failure)' % (
            path, number))
    return ident, answer


def quote_answer(answer):
    """An answer as an entry writes it: plain when it reads back the same, else JSON."""
    plain = answer.strip(" \t") == answer and "#" not in answer and not answer.startswith('"') and \
        all(ch >= " " and ch != "\x7f" for ch in answer)
    return answer if plain and answer else json.dumps(answer, ensure_ascii=False)


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
        line, answer = _answer(path, number, line)
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
        entries.append(Entry(words[0], number, *found, answer=answer))
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
    "known-failure", and "known" the first entry naming it), unless every entry
    naming it pins another answer (then it stays failed, with "answer_changed");
    counts each entry's failing and passing checks. results: the judged
    profiles' only."""
    for r in results:
        named = [e for e in entries if e.names(r)]
        if not named:
            continue
        for e in named:
            if r["status"] == "fail":
                e.failing += 1
            elif r["status"] == "pass":
                e.passing += 1
        if r["status"] != "fail":
            continue
        r["known"] = named[0].id
        pinned = [e for e in named if e.answer is not None]
        if pinned and not any(e.answer == str(r["got"]) for e in pinned) and len(pinned) == len(named):
            # Listed, but the crawler answers otherwise now: a failure of its own.
            r["answer_changed"] = {"was": pinned[0].answer, "now": str(r["got"])}
            pinned[0].changed += 1
            continue
        r["status"] = "known-failure"


def not_judged(path, entries, judged):
    """(the sentence saying which entries were not judged and why, their ids), or
    (None, []) when some entry was judged or the file has none. Call after apply()."""
    if not entries:
        return None, []
    under = getattr(entries, "written_under", [])
    ids = [e.id for e in entries]
    shown = ", ".join(ids[:12]) + (" and %d more" % (len(ids) - 12) if len(ids) > 12 else "")
    many = "%d entr%s of %s (%s) %s not judged" % (len(ids), "y" if len(ids) == 1 else "ies", path, shown,
                                                  "was" if len(ids) == 1 else "were")
    if under and not set(under) & set(judged):
        return ("%s: the file was written under %s and this run judged %s (judge %s with --profile)." % (
            many, ", ".join(under), ", ".join(p for p in PROFILES if p in judged), " and ".join(under)), ids)
    if not any(e.passing or e.failing for e in entries):
        return ("%s: this run judged none of the checks they name (another --area or --id, or not observed)." %
                many, ids)
    return None, []


def mark_fixed(entries, results, path):
    """Each passing result a fixed entry names says so: "fixed", the message."""
    for e in entries:
        if not e.fixed:
            continue
        for r in results:
            if r["status"] == "pass" and e.names(r) and "fixed" not in r:
                r["fixed"] = "fixed: remove %s from %s" % (e.id, path)


def write(path, crawler, results, profiles):
    """Every failure of results (known ones, and those whose answer changed, too)
    as a known-failures file: the header, the profiles judged (PROFILES_LINE),
    then one check id a line with the answer observed ("ID = ANSWER"), what was
    expected as a comment. A run given the file it wrote passes. Written whole or
    not at all (report_files)."""
    lines = ["# Known failures of the crawler %s (token %s), written by robots-crawl --write-known-failures.\n"
             % (crawler["name"], crawler["token"]),
             "# One check a line with the answer it had, CASE.N = ANSWER (check N of CASE): a failure with "
             "another answer is not known; an id alone (CASE.N, or CASE: all its checks) takes any failure. "
             "'#' starts a comment.\n",
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
        expected = "".join(ch if ch >= " " else "\\x%02x" % ord(ch) for ch in str(r["expected"]))
        lines.append("%s # [%s] expected %s\n" % (("%s = %s" % (ident, quote_answer(str(r["got"])))).ljust(40),
                                                  r["profile"], expected))
    report_files.write(path, "".join(lines))
