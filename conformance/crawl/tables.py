"""tables.py - the case tables, as the crawl harness needs them.

The runner validates the tables and resolves each check's basis and expectations
(`robots-conform --list --format json`); this module adds what a world is built
from: each case's robots.txt as exact bytes and each check's own fields. A table
the runner rejects stops the harness with the runner's message (file and place).
"""
import base64
import glob
import json
import os
import subprocess


class TableError(Exception):
    pass


class Check:
    """One check of one case: its id, number (1-based), kind, the runner's resolved
    basis and expectations per profile, its table fields, and the case's robots.txt."""

    def __init__(self, listed, fields, robots):
        self.id = listed["id"]
        self.area = listed["area"]
        self.number = listed["check"]
        self.kind = listed["kind"]
        self.description = listed.get("description", "")
        self.basis = listed["basis"]
        self.expect = listed["expect"]
        self.fields = fields
        self.robots = robots

    @property
    def key(self):
        return "%s/%d" % (self.id, self.number)


def robots_bytes(case):
    """The case's robots.txt: lines joined with LF (long lines written short are
    expanded), exact text, or exact bytes; None when the case has none."""
    if "robots_base64" in case:
        return base64.b64decode(case["robots_base64"])
    if "robots_text" in case:
        return case["robots_text"].encode("utf-8")
    if "robots" not in case:
        return None
    lines = []
    for line in case["robots"]:
        if isinstance(line, str):
            lines.append(line)
        else:
            lines.append(line.get("prefix", "") + line["repeat"] * line["times"] + line.get("suffix", ""))
    return "\n".join(lines).encode("utf-8")


def load(conform, cases_dir=None):
    """Every check of the tables, in the runner's order."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if cases_dir:
        cases_dir = os.path.abspath(cases_dir)
    command = [os.path.abspath(conform), "--list", "--format", "json"]
    if cases_dir:
        command += ["--cases", cases_dir]
    try:
        # From the project's root, where the runner finds the tables' schema and
        # index whatever directory robots-crawl was started in.
        listed = subprocess.run(command, capture_output=True, timeout=120, cwd=root)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise TableError("cannot run %s: %s" % (conform, e))
    if listed.returncode != 0:
        raise TableError(listed.stderr.decode("utf-8", "replace").strip() or
                         "%s --list failed (exit %d)" % (conform, listed.returncode))
    entries = json.loads(listed.stdout)["checks"]
    directory = cases_dir or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cases")
    cases = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        with open(path, encoding="utf-8") as f:
            for case in json.load(f)["cases"]:
                cases[case["id"]] = case
    checks = []
    for entry in entries:
        case = cases.get(entry["id"])
        if case is None or entry["check"] > len(case["checks"]):
            raise TableError("the runner lists %s check %d, which %s does not hold" %
                             (entry["id"], entry["check"], directory))
        checks.append(Check(entry, case["checks"][entry["check"] - 1], robots_bytes(case)))
    return checks
