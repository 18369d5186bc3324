"""diagnosis.py - the smallest set of defects that accounts for a crawler's failures.

A hypothesis (defects.py) is one defect a real crawler has. It predicts the
crawler's answer wherever the defect would change it (a claim), and says
nothing elsewhere. Over every judged observation of one profile, allow, status
and scope alike:

- it explains a failure when the answer it predicts there is the one the crawler
  gave;
- an observation contradicts it when it claims a change there, the crawler did
  not answer so, and no other hypothesis in play claims a change there (two
  defects at one place may cancel or combine; one alone may not be wrong);
- a hypothesis in play explains at least one failure and is supported as its
  kind requires (a status policy needs the plain 200 read right, a parser's
  habit its probe or a pattern); a contradicted one (more than once for every
  TOLERANCE failures it explains) is dropped, the worst first, and the others
  judged again without it, until none is.

The diagnosis is then chosen greedily: the hypothesis that explains the most
failures not yet explained, ties to the earlier in the catalog, until none adds
one. Each failure's causes are the chosen hypotheses that explain it (causes.py
keeps those that predict its answer, where any does); a failure none explains
is "unexplained", and the report counts them.
"""


class Hypothesis:
    """One defect: `ident` names its family (the bench maps planted flaws to it),
    `predict(obs)` the answer it gives there or None, `words(obs)` the sentence
    a failure it explains is given, `supported` whether its kind's evidence is
    there, `explain(obs)` (optional) a failure it explains without predicting an
    answer (a probe's listed cases), `name(obs)` (optional) the defect a failure
    it explains is put down to, where that is a part of it (two habits at once,
    and one of them alone gives the answer there)."""

    def __init__(self, ident, words, predict=None, explain=None, supported=True, name=None):
        self.ident, self.words, self.supported = ident, words, supported
        self._predict, self._explain, self._name = predict, explain, name

    def name(self, obs):
        return self._name(obs) if self._name else self.ident

    def predict(self, obs):
        return self._predict(obs) if self._predict else None

    def claims(self, obs):
        """Does it predict a change from the reference's answer at obs?"""
        pred = self.predict(obs)
        return pred is not None and not obs.same(pred, obs.reference)

    def predicted(self, obs):
        """Does it predict the answer the crawler gave at a failure (not only
        list its case)?"""
        pred = self.predict(obs)
        return obs.failed and pred is not None and obs.same(pred, obs.got) and not obs.same(pred, obs.reference)

    def explains(self, obs):
        if not obs.failed:
            return False
        pred = self.predict(obs)
        if pred is not None and obs.same(pred, obs.got) and not obs.same(pred, obs.reference):
            return True
        return bool(self._explain and self._explain(obs))

    def contradicted_at(self, obs):
        return self.claims(obs) and not obs.same(self.predict(obs), obs.got)


# A crawler with several defects, some no hypothesis models, can answer right
# where one defect alone would have it answer wrong: a hypothesis survives at
# most one contradiction for every TOLERANCE failures it explains (each listed
# with it in the report); past that it is dropped.
TOLERANCE = 4


def contradictions(h, live, observations, claimers=None):
    """The observations where h alone of live claims a change the crawler did not
    make (claimers: {id(obs): the hypotheses of live that claim one there})."""
    if claimers is None:
        claimers = {id(o): [x for x in live if x.claims(o)] for o in observations}
    return [o for o in observations if claimers[id(o)] == [h] and h.contradicted_at(o)]


def in_play(hypotheses, observations):
    """The hypotheses that explain a failure, are supported, and that the
    observations do not contradict past TOLERANCE: the worst dropped first, and
    the others judged again without it (where it claimed a change, another may
    now claim alone)."""
    failures = [o for o in observations if o.failed]
    live = [h for h in hypotheses if h.supported and any(h.explains(o) for o in failures)]
    while True:
        worst, ratio = None, 0.0
        claimers = {id(o): [x for x in live if x.claims(o)] for o in observations}
        for h in live:
            against = len(contradictions(h, live, observations, claimers))
            if against:
                share = against / max(1, sum(1 for o in failures if h.explains(o)))
                if TOLERANCE * share > 1 and share > ratio:
                    worst, ratio = h, share
        if worst is None:
            return live
        live = [h for h in live if h is not worst]


def diagnose(hypotheses, observations):
    """(chosen hypotheses, {id(obs): [the chosen ones that explain it]}, {ident:
    the observations that contradict it}) over the failures among observations."""
    live = in_play(hypotheses, observations)
    failures = [o for o in observations if o.failed]
    explained, chosen = set(), []
    while True:
        best, gain = None, 0
        for h in live:
            if h in chosen:
                continue
            n = sum(1 for o in failures if id(o) not in explained and h.explains(o))
            if n > gain:
                best, gain = h, n
        if best is None:
            break
        chosen.append(best)
        explained |= {id(o) for o in failures if best.explains(o)}
    return chosen, {id(o): [h for h in chosen if h.explains(o)] for o in failures}, {
        h.ident: contradictions(h, live, observations) for h in chosen}
