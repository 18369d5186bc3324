"""causes.py - why a crawler failed a check: the defect its behaviour shows.

Each failed result gets `causes` (sentences a crawler's author can act on),
`cause` (them joined) and `cause_ids` (the defects' names, defects.py), found
from the pattern of its observations across every check, never from one alone:

- Read off the observation itself: robots.txt never asked for before a page was
  fetched, or asked for only after it; a Host header sent in Unicode (followed by
  the cause of the answer beside it, when that is wrong too); for robots-url and
  sitemaps checks, what it asked for instead.
- Every other failure is diagnosed (diagnosis.py): the smallest set of defects
  (defects.py: robots.txt applied only to the first URL of an origin, or never;
  a status policy; a redirect limit; one origin's file applied to another; the
  parser's habits, first match wins, no '*' or '$', percent-decoding, case-folded
  paths, the group chosen by substring; a size cap; a probe's cause; the other
  profile's reading) that explains its failures, no defect stated that an
  observation contradicts. A failure the set does not explain is "unexplained".

A cause is worded for the profile judged: under rfc9309 what RFC 9309 expects,
never what Google does. summary() groups the failures by cause for the report and
the scorecard, largest first.
"""
import defects
import diagnosis
import score

UNEXPLAINED = "unexplained"
UNICODE_HOST = "sends the host in Unicode, not in its ASCII (punycode) form"
JUDGED = ("pass", "fail", "known-failure")
# Kept for callers that name them.
DECODE = defects.MODEL_WORDS["decode"]
profile_words = defects.profile_words
OTHER_PROFILE = defects.OTHER_PROFILE


# Between two causes of one failure (each may hold a ';' of its own).
JOIN = " | also: "


def _sentence(words):
    """A cause as the report writes it: starting in lower case, as every cause
    does ("the first matching rule ...", not "The first ..."), an initialism
    kept ("RFC ...", "URLs ...")."""
    if len(words) > 1 and words[0].isupper() and not words[1].isupper():
        return words[0].lower() + words[1:]
    return words


def _evidence(o):
    """(cause id, sentence) read off the observation alone, or None."""
    fetched = o.got in ("allowed", "does-not-apply") or o.kind == "status"
    if "robots.txt never requested" in o.detail and fetched:
        if o.kind == "status":
            return "never-asks", "never asks for robots.txt here, so reads every answer as full-allow"
        return "never-asks", "never asks for this host's robots.txt before fetching from it"
    if "robots.txt requested only after the page" in o.detail and fetched:
        return "page-first", "fetches a page before asking for its host's robots.txt"
    if o.kind == "robots-url":
        if o.got == "none requested":
            return "never-asks", "asks for no robots.txt before fetching from this origin"
        return "robots-url", "asks for another robots.txt (%s) than that of the URL's origin" % o.got
    if o.kind == "sitemaps":
        if o.got == "no sitemap":
            return "sitemaps", "fetches none of the sitemaps the file names"
        if o.expected == "no sitemap":
            return "sitemaps", "fetches a sitemap from a line that names none"
        return "sitemaps", "fetches other sitemaps than the file names"
    return None


def _observation(r, fields, baseline):
    o = defects.Observation(r, fields.get("%s/%d" % (r["id"], r["check"]), {}), baseline)
    o.unicode = isinstance(o.got, str) and o.got.endswith(score.UNICODE_HOST)
    if o.unicode:
        # A Host header in Unicode is a finding of its own; the answer beside it
        # may be right, or wrong for a cause of its own.
        o.got = o.got[:-len(score.UNICODE_HOST)]
        o.failed = o.got != o.expected
    return o


def catalog(observations, results, probes, probe_causes, hypotheses, capped, profile):
    """Every hypothesis of defects.py for one profile's observations."""
    return (defects.behaviour() + defects.status_policy(observations) + defects.redirect_limit(observations) +
            defects.scope(observations) +
            defects.parser_models(observations, hypotheses, probes, probe_causes, profile) +
            defects.size_cap(observations, capped, profile) + defects.other_profile(results, profile))


def assign(results, fields, probes=(), probe_causes=None, hypotheses=None, capped=None, expectations=None):
    """Sets `causes`, `cause` and `cause_ids` on every failed result (known
    failures too). hypotheses: models.hypotheses() of the allow checks (keyed
    "ID/N") and the probes ("probe:NAME"); capped: {size: answers} of the
    fetcher's limit checks; expectations: the allow checks' {(key, profile):
    answer}. Returns {profile: {"chosen": [defect ids], "unexplained": n}}."""
    hyp = {m: (hypotheses or {}).get(m, {}) for m in defects.MODELS + defects.PAIRS}
    baseline = {}
    for r in results:
        if r["kind"] == "allow" and r["status"] in JUDGED:
            key = "%s/%d" % (r["id"], r["check"])
            want = (expectations or {}).get((key, "google"))
            if want in ("allowed", "disallowed"):
                baseline[key] = want
            elif r["profile"] == "google":
                baseline[key] = r["expected"]
    found = {}
    for profile in sorted({r["profile"] for r in results}):
        observed = [(r, _observation(r, fields, baseline)) for r in results
                    if r["profile"] == profile and r["status"] in JUDGED]
        evidence = {id(o): _evidence(o) for _, o in observed}
        weighed = [o for _, o in observed if evidence[id(o)] is None]
        chosen, explained, against = diagnosis.diagnose(
            catalog(weighed, results, list(probes), probe_causes or {}, hyp, capped or {}, profile), weighed)
        unexplained = 0
        stated = {}
        for r, o in observed:
            if r["status"] not in ("fail", "known-failure"):
                continue
            pairs = [("unicode-host", UNICODE_HOST)] if o.unicode else []
            if o.failed:
                if evidence[id(o)]:
                    pairs.append(evidence[id(o)])
                else:
                    # A defect that predicts the answer given is the cause; one
                    # that rests on the case's id alone (a probe's listed cases)
                    # is given only where none predicts it.
                    mine = explained.get(id(o), [])
                    mine = [h for h in mine if h.predicted(o)] or mine
                    stated[id(o)] = mine
                    # Two chosen pairs of habits may put a failure down to the
                    # same one of them: it is said once.
                    for h in mine:
                        if (h.name(o), h.words(o)) not in pairs:
                            pairs.append((h.name(o), h.words(o)))
                    if not mine:
                        pairs.append((UNEXPLAINED, UNEXPLAINED))
                        unexplained += 1
            r["causes"] = [_sentence(words) for _, words in pairs]
            r["cause_ids"] = [ident for ident, _ in pairs]
            r["cause"] = JOIN.join(r["causes"])
        # The defects chosen, each with the failures it is given for (one whose
        # every failure a predicting defect took is not stated).
        counts = [(h, sum(1 for mine in stated.values() if h in mine)) for h in chosen]
        found[profile] = {"chosen": [{"id": h.ident, "explains": n,
                                      "contradicted_by": [o.key for o in against[h.ident]]}
                                     for h, n in counts if n], "unexplained": unexplained}
    return found


def summary(results, profile="google"):
    """[{cause, id (the defect), checks (how many failed checks it explains),
    ids (their cases)}] of the failed results under profile, the most checks
    first, "unexplained" last; a result with several causes counts under each."""
    found = {}
    for r in results:
        if r["profile"] != profile or r["status"] not in ("fail", "known-failure"):
            continue
        for cause, ident in zip(r.get("causes", [UNEXPLAINED]), r.get("cause_ids", [UNEXPLAINED])):
            entry = found.setdefault(cause, {"cause": cause, "id": ident, "checks": 0, "ids": []})
            entry["checks"] += 1
            if r["id"] not in entry["ids"]:
                entry["ids"].append(r["id"])
    return sorted(found.values(), key=lambda x: (x["cause"] == UNEXPLAINED, -x["checks"], x["cause"]))
