"""compare.py - two crawl reports compared (robots-crawl --compare OLD.json NEW.json).

What is compared is each check's answer, what the crawler was observed to do,
crawler by crawler, check by check, profile by profile; not the report's status: a
known failure and a failure with the same answer are the same. The sections:

  Failing now, not before          failed (known or not) now, passed or was not
                                   judged before: a regression
  Fixed: failing before, not now
  The answer changed               failing both times (or neither), another answer
  Moved between known and new      the same answer, listed as known in one report
                                   and not in the other
  Stopped now                      a crawler that stopped early in NEW (no answers)
  Only in the old report / Only in the new report   (with --verbose: the checks
                                   one report asked and the other did not)

When the reports did not ask the same checks (another --area, --id or --profile,
a crawler left out or stopped now), one plain sentence before the count line says
how many were not compared: "N checks only in the old report, M only in the new:
not compared (another selection); --verbose lists them" (a check under each
profile counts once per profile, as the runner's --compare counts them). A report
whose run was interrupted or never finished (its top-level "stopped") is said
so first: its answers are partial.

Exit 1 when a check fails now that did not before, or a crawler stopped now; 0
otherwise; 2 when a file cannot be read or is not a crawl report (the file and
where in it).
"""
import json

FAILING = ("fail", "known-failure")


class ReportError(Exception):
    pass


def load(path):
    """{crawler: {"stopped": ..., "results": {(id, check, profile): result}}}."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise ReportError("%s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise ReportError("%s: not JSON: %s" % (path, e))
    crawlers = data.get("crawlers") if isinstance(data, dict) else None
    if not isinstance(crawlers, list):
        raise ReportError("%s: not a crawl report (robots-crawl --format json): no \"crawlers\" list" % path)
    out = {}
    for i, c in enumerate(crawlers):
        where = "%s: crawlers[%d]" % (path, i)
        if not isinstance(c, dict) or not isinstance(c.get("name"), str) or not isinstance(c.get("results"), list):
            raise ReportError("%s: no \"name\" or no \"results\" list" % where)
        results = {}
        for j, r in enumerate(c["results"]):
            if not (isinstance(r, dict) and isinstance(r.get("id"), str) and isinstance(r.get("check"), int)
                    and isinstance(r.get("profile"), str) and isinstance(r.get("status"), str)):
                raise ReportError("%s.results[%d]: no id, check, profile or status" % (where, j))
            results[(r["id"], r["check"], r["profile"])] = r
        out[c["name"]] = {"stopped": c.get("stopped"), "results": results}
    return out


def _run_stopped(path):
    """A report's top-level "stopped" (its run interrupted, in progress or unable to
    run), or None."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    stopped = data.get("stopped")
    return stopped if isinstance(stopped, str) else None


def _answer(r):
    return r.get("got") if r.get("got") is not None else "no answer (%s)" % r["status"]


def _name(crawler, key, r):
    ident, check, profile = key
    return "  %s: %s check %d [%s]%s" % (crawler, ident, check, profile,
                                        " " + r["description"] if r.get("description") else "")


def compare(old_path, new_path, out, verbose=False):
    """Writes the comparison to out; returns the exit status (0 or 1)."""
    old, new = load(old_path), load(new_path)
    for path in (old_path, new_path):
        partial = _run_stopped(path)
        if partial:
            out.write("%s: the run was %s: its answers are partial.\n\n" % (path, partial))
    sections = {k: [] for k in ("new", "fixed", "changed", "moved", "stopped", "only-old", "only-new")}
    # The old report's checks (one per profile) the new one did not ask, and why;
    # the new report's checks the old one did not.
    not_asked, stopped_results, only_new, why = 0, 0, 0, set()
    for crawler in sorted(set(old) | set(new)):
        if crawler not in new:
            sections["only-old"].append("  %s: every check (the crawler is not in %s)" % (crawler, new_path))
            not_asked += len(old[crawler]["results"])
            why.add("a crawler left out")
            continue
        if crawler not in old:
            sections["only-new"].append("  %s: every check (the crawler is not in %s)" % (crawler, old_path))
            only_new += len(new[crawler]["results"])
            continue
        if new[crawler]["stopped"] and not old[crawler]["stopped"]:
            stop = new[crawler]["stopped"]
            sections["stopped"].append("  %s: %s" % (crawler, stop.get("reason", "stopped early")
                                                      if isinstance(stop, dict) else "stopped early"))
            not_asked += len(old[crawler]["results"])
            stopped_results += len(old[crawler]["results"])
            why.add("a crawler stopped early")
            continue
        a, b = old[crawler]["results"], new[crawler]["results"]
        for key in sorted(set(a) | set(b), key=lambda k: (k[0], k[1], k[2])):
            if key not in b:
                sections["only-old"].append(_name(crawler, key, a[key]) + ": " + a[key]["status"])
                not_asked += 1
                why.add("another selection")
                continue
            if key not in a:
                sections["only-new"].append(_name(crawler, key, b[key]) + ": " + b[key]["status"])
                only_new += 1
                continue
            x, y = a[key], b[key]
            was, now = x["status"] in FAILING, y["status"] in FAILING
            line = "%s\n      was %s (%s), now %s (%s); expected %s" % (
                _name(crawler, key, y), x["status"], _answer(x), y["status"], _answer(y), y.get("expected", "-"))
            if now and not was:
                sections["new"].append(line)
            elif was and not now:
                sections["fixed"].append(line)
            elif _answer(x) != _answer(y):
                sections["changed"].append(line)
            elif was and x["status"] != y["status"]:
                sections["moved"].append(line)
    heads = {"new": "Failing now, not before", "fixed": "Fixed: failing before, not now",
             "changed": "The answer changed", "moved": "Moved between known and new (the same answer)",
             "stopped": "Stopped now (no answers to compare)", "only-old": "Only in the old report",
             "only-new": "Only in the new report"}
    for key, head in heads.items():
        if sections[key] and (verbose or key not in ("only-old", "only-new")):
            out.write("%s:\n%s\n\n" % (head, "\n".join(sections[key])))
    if not_asked or only_new:
        reasons = [w for w in ("another selection", "a crawler left out", "a crawler stopped early") if w in why]
        if only_new and "another selection" not in reasons:
            reasons.insert(0, "another selection")
        out.write("%d check%s only in the old report, %d only in the new: not compared (%s)%s\n" % (
            not_asked, "" if not_asked == 1 else "s", only_new, ", or ".join(reasons),
            "" if verbose else "; --verbose lists them"))
    out.write("%d failing now, not before; %d fixed; %d answers changed; %d moved between known and new; "
              "%d crawlers stopped now; %d only in %s, %d only in %s\n" % (
                  len(sections["new"]), len(sections["fixed"]), len(sections["changed"]), len(sections["moved"]),
                  len(sections["stopped"]), not_asked - stopped_results, old_path, only_new,
                  new_path))
    return 1 if sections["new"] or sections["stopped"] else 0
