"""Probes of the expert Burraco bot: how much a better scarto or pick could be worth.

What the expert's features could still gain, measured in one reproducible place
(docs/bots.md, "Measuring tools").  Two commands:

**Paired duplicate harness.**  Every variant plays every deal twice against ``--against``, once
per side (same cards, seats swapped), so a variant's figure measures the bot and not the deal;
all variants play the same deals, so the difference between two variants is paired too::

    PYTHONPATH=src python scripts/expert_probes.py --deals 1000 --first 10001 --against greedy \\
        expert peek-discard danger-sampled:D=60 pick-solver:tau=0 pick-small-hand:k=3

prints per variant the mean point difference per hand against the opponent with a bootstrap
95% interval (over deals), the difference in each component of ``Result.breakdown``
(table, burraco, closing, hand, pozzetto; §2.10), and the paired difference against
the first variant with its interval.  A variant is a registry spec (``expert``,
``expert:keep_wild=50``, ``search:samples=4``; ``ramino.bots.registry.make_bot``) or a probe
name with optional settings (``danger-sampled:D=120,per_pile=0``).  Bots are seeded with their
seat number and every choice is a pure function of seed and observation: the same deals give
the same figures on any machine and any ``--jobs``.

**Regression of rollout values** (``--regress N``): the expert plays deals ``--first`` ..
against ``--against`` and, at each of its draw/pick choices and discards, the search's
rollouts (``ramino.bots.sampling.sample_values``: 8 worlds, 12-turn horizon) value both pick
options or its best 6 discards.  Least squares then fits those values on features of the
expert's own model, and a two-fold out-of-sample comparison says whether a linear model of
these features could choose better than the expert does::

    PYTHONPATH=src python scripts/expert_probes.py --regress 200 --first 10001

The probes subclass ``ExpertBot``, which mypyc cannot allow for its compiled copy: run this
script on the pure package (``PYTHONPATH=src``), not on the ``./dev compile`` overlay.
The ``peek-*`` probes read the true state, like the oracle (``SeesState``): they bound what a
perfect read of the next opponent's hand is worth and are never opponents.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import TypeVar

import numpy as np
import numpy.typing as npt

import ramino.bots.burraco.expert as expert_module
from ramino.bots.burraco.expert import ExpertBot, _DiscardContext
from ramino.bots.burraco.features import (
    fits,
    melds_with,
    neighbours,
    next_opponent,
    own_melds,
    same_rank,
    unseen_counts,
)
from ramino.bots.burraco.greedy import pile_usable
from ramino.bots.burraco.search import SearchBot
from ramino.bots.burraco.solver import solve
from ramino.bots.protocol import Bot, SeesState, decision_seed
from ramino.bots.registry import make_bot
from ramino.bots.sampling import sample_values
from ramino.cards import is_burraco_wild, to_counts
from ramino.games.actions import DISCARD, DRAW, PICK, Action
from ramino.games.burraco.melds import GROUP
from ramino.games.burraco.seating import initial_sides
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules import preset
from ramino.rules.options import RuleSet


def team_of(seat: int) -> int:
    """The side of ``seat`` at the 4-player tables these probes play (§5)."""
    return initial_sides(4)[seat]


if not expert_module.__file__ or not expert_module.__file__.endswith(".py"):
    sys.exit("expert_probes: the probes subclass ExpertBot, which the mypyc-compiled overlay "
             "does not allow; run on the pure package (PYTHONPATH=src)")

Vector = npt.NDArray[np.float64]
COMPONENTS = ("table", "burraco", "closing", "hand", "pozzetto")


# --- the probes -----------------------------------------------------------------------------


def usable_by(state: BurracoState, seat: int, card: int, rules: RuleSet) -> bool:
    """Could ``seat`` lay ``card`` at once after taking the pile with it on top: in a new meld
    with its real hand and the pile (no second group of a rank its side has, §2.4), or attached
    to one of its side's melds?  Reads the hidden hand: for the ``peek`` probe only."""
    combined = list(state.hands[seat])
    for c in state.pile:
        combined[c] += 1
    combined[card] += 1
    melds = [m.meld for m in state.observation(seat).melds if m.side == team_of(seat)]
    groups = {m.rank for m in melds if m.kind == GROUP}
    return ((card % 13 not in groups and melds_with(card, combined, rules))
            or any(fits(m, card, rules) for m in melds))


class PeekDiscardExpert(ExpertBot):
    """``peek-discard``: the expert that never discards (cost ``penalty``, 1000 by default) a
    card the next opponent could use with their real hand and the pile.  An upper bound on what
    any danger model could gain from reading the next hand (it sees it); measurement only."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *,
                 penalty: float = 1000.0) -> None:
        super().__init__(seed, rules)
        self.penalty = penalty
        self._state: BurracoState | None = None

    def see(self, state: BurracoState) -> None:
        """Told the true state before each choice (``ramino.bots.protocol.SeesState``)."""
        self._state = state

    def discard_cost(self, context: _DiscardContext, card: int) -> float:
        if self._state is None:
            raise RuntimeError("peek-discard must be shown the state (see) before choosing")
        cost = super().discard_cost(context, card)
        after = (self._state.current + 1) % self._state.players
        return cost + (self.penalty if usable_by(self._state, after, card, self.rules) else 0.0)


class ProbDangerExpert(ExpertBot):
    """``danger-sampled``: the expert plus an honest danger estimate for each scarto: the share
    of ``samples`` (40) hands for the next opponent, dealt from the cards this seat has not seen
    around the cards it knows they hold, in which that opponent could lay the card (a meld
    with that hand and the pile, or an attach to their side's melds), times ``D`` and times
    ``1 + per_pile * pile size`` (a taken pile brings every card in it).  The samples come from
    ``decision_seed``, so the choice stays a function of seed and observation."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, D: float = 60.0,
                 per_pile: float = 0.3, samples: float = 40) -> None:
        super().__init__(seed, rules)
        self.D = D
        self.per_pile = per_pile
        self.samples = int(samples)
        self._observation: Observation | None = None
        self._probs: dict[int, float] | None = None

    def ranked(self, observation: Observation, legal_actions: Sequence[Action]) -> list[Action]:
        # The estimate is made once per decision, when the first scarto is costed.
        self._observation, self._probs = observation, None
        return super().ranked(observation, legal_actions)

    def danger(self, observation: Observation) -> dict[int, float]:
        """Each hand card's estimated chance that the next opponent can lay it."""
        nxt = next_opponent(observation)
        unseen = unseen_counts(observation, self.rules)
        pool = [c for c, n in enumerate(unseen) for _ in range(max(0, n))]
        known = observation.known_cards[nxt]
        hidden = max(0, observation.hand_sizes[nxt] - len(known))
        melds = [m.meld for m in observation.melds if m.side == team_of(nxt)]
        groups = {m.rank for m in melds if m.kind == GROUP}
        rng = random.Random(decision_seed(self.seed, observation) ^ 0x5A5A)
        base = to_counts(known)
        for c in observation.pile:
            base[c] += 1
        hands = []
        for _ in range(self.samples):
            counts = list(base)
            for c in rng.sample(pool, min(hidden, len(pool))):
                counts[c] += 1
            hands.append(counts)
        probs: dict[int, float] = {}
        for card in set(observation.hand):
            if any(fits(m, card, self.rules) for m in melds):
                probs[card] = 1.0
                continue
            hits = 0
            for counts in hands:
                counts[card] += 1
                if card % 13 not in groups and melds_with(card, counts, self.rules):
                    hits += 1
                counts[card] -= 1
            probs[card] = hits / len(hands) if hands else 0.0
        return probs

    def discard_cost(self, context: _DiscardContext, card: int) -> float:
        if self._probs is None:
            if self._observation is None:
                raise RuntimeError("danger-sampled costs a scarto only inside ranked()")
            self._probs = self.danger(self._observation)
        cost = super().discard_cost(context, card)
        return cost + self.D * self._probs.get(card, 0.0) * (1.0 + self.per_pile
                                                             * context.pile_size)


class PickSolverExpert(ExpertBot):
    """``pick-solver``: take the scarto when the exact solver (``ramino.bots.burraco.solver``) lays
    more
    with the pile than without it, counting attaches of pile cards to own melds, by more than
    ``tau`` points; ``lam`` charges the extra points the pile would leave in hand."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, tau: float = 0.0,
                 lam: float = 0.0) -> None:
        super().__init__(seed, rules)
        self.tau = tau
        self.lam = lam

    def pick_score(self, observation: Observation) -> float:
        if not observation.pile:
            return -1.0
        own = [m for _, m in own_melds(observation)]
        grouped = [m.rank for m in own if m.kind == GROUP]
        attached = sum(self.values[c] for c in observation.pile
                       if any(fits(m, c, self.rules) for m in own))
        with_pile = solve(observation.hand + observation.pile, self.rules,
                          grouped_ranks=grouped)
        without = solve(observation.hand, self.rules, grouped_ranks=grouped)
        gain = with_pile.value + attached - without.value
        left = (sum(self.values[c] for c in with_pile.left)
                - sum(self.values[c] for c in without.left))
        usable = 0.5 if pile_usable(observation, self.rules) else 0.0
        return gain - self.lam * left - self.tau + usable


class PickSmallHandExpert(ExpertBot):
    """``pick-small-hand``: the expert, but with ``k`` (4) cards or fewer in hand it refuses a
    scarto holding any card it could not lay at once (late in a hand they stay as minus
    points, §2.10)."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *,
                 k: float = 4) -> None:
        super().__init__(seed, rules)
        self.k = int(k)

    def pick_score(self, observation: Observation) -> float:
        score = super().pick_score(observation)
        if score <= 0:
            return score
        useless = len(observation.pile) - pile_usable(observation, self.rules)
        if len(observation.hand) <= self.k and useless > 0:
            return -1.0
        return score


PROBES: dict[str, Callable[..., ExpertBot]] = {
    "peek-discard": PeekDiscardExpert,
    "danger-sampled": ProbDangerExpert,
    "pick-solver": PickSolverExpert,
    "pick-small-hand": PickSmallHandExpert,
}


def make_variant(spec: str, seed: int, rules: RuleSet) -> Bot:
    """A probe (``name:key=value,...``, values are numbers) or else a registry spec."""
    name, _, rest = spec.partition(":")
    if name not in PROBES:
        return make_bot(spec, seed, rules)
    settings: dict[str, float] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"probe setting {item!r} needs the form key=value")
        settings[key.strip()] = float(value)
    try:
        return PROBES[name](seed, rules, **settings)
    except TypeError as e:
        raise ValueError(f"probe {name}: {e}") from None


# --- the duplicate harness ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal, both seatings averaged: the variant's side minus the opponent's, per hand."""

    diff: float
    parts: tuple[float, ...]  # the same for each of COMPONENTS


def play_deal(job: tuple[str, str, int, str]) -> DealOutcome:
    """Deal ``deal`` played twice, the variant on side 0 then on side 1."""
    spec, against, deal, preset_name = job
    rules = preset(preset_name)
    diffs: list[float] = []
    parts: list[list[float]] = []
    for team in (0, 1):
        state = BurracoState.new_hand(rules, seed=deal)
        bots = [make_variant(spec if team_of(s) == team else against, s, rules)
                for s in range(state.players)]
        while not state.is_over:
            bot = bots[state.current]
            if isinstance(bot, SeesState):
                bot.see(state)
            state.apply(bot.choose(state.observation(state.current), state.legal_actions()))
        result = state.result()
        assert result is not None
        ours, theirs = result.breakdown[team], result.breakdown[1 - team]
        diffs.append(result.scores[team] - result.scores[1 - team])
        parts.append([getattr(ours, c) - getattr(theirs, c) for c in COMPONENTS])
    return DealOutcome(statistics.fmean(diffs),
                       tuple(statistics.fmean(p[i] for p in parts)
                             for i in range(len(COMPONENTS))))


def interval(values: Sequence[float], resamples: int = 1000) -> tuple[float, float]:
    """Bootstrap 95% interval of the mean (deals resampled; a fixed seed: reproducible)."""
    x = np.asarray(values, dtype=np.float64)
    rng = np.random.default_rng(1)
    means = x[rng.integers(0, len(x), size=(resamples, len(x)))].mean(axis=1)
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


_J = TypeVar("_J")
_R = TypeVar("_R")


def run_jobs(fn: Callable[[_J], _R], jobs: list[_J], workers: int) -> list[_R]:
    """``fn`` over ``jobs`` in order, on ``workers`` processes (1: in this one)."""
    if workers <= 1:
        return [fn(j) for j in jobs]
    with Pool(workers) as pool:
        return pool.map(fn, jobs, chunksize=max(1, min(10, len(jobs) // (4 * workers))))


def duplicate(variants: list[str], against: str, deals: range, preset_name: str,
              workers: int) -> None:
    print(f"{len(deals)} deals from {deals.start}, each side once, vs {against}: "
          "mean per hand [95%], components, paired vs the first")
    base: list[float] | None = None
    for spec in variants:
        started = time.perf_counter()
        outcomes = run_jobs(play_deal, [(spec, against, d, preset_name) for d in deals],
                            workers)
        diffs = [o.diff for o in outcomes]
        lo, hi = interval(diffs)
        parts = [statistics.fmean(o.parts[i] for o in outcomes) for i in range(len(COMPONENTS))]
        line = f"{spec:32s} {statistics.fmean(diffs):+7.1f} [{lo:+6.1f},{hi:+6.1f}]  "
        line += " ".join(f"{c} {p:+.0f}" for c, p in zip(COMPONENTS, parts, strict=True))
        if base is None:
            base = diffs
        else:
            paired = [a - b for a, b in zip(diffs, base, strict=True)]
            plo, phi = interval(paired)
            line += f"  paired {statistics.fmean(paired):+6.1f} [{plo:+6.1f},{phi:+6.1f}]"
        print(f"{line}  ({time.perf_counter() - started:.0f}s)", flush=True)


# --- the regression probe -------------------------------------------------------------------

#: Discard features: the terms of ``ExpertBot.discard_cost``, unweighted.
DISCARD_FEATURES = ("keep_fit", "wild", "pair", "neigh", "danger_fit", "danger_known", "refused",
                    "refused_rank", "live_rank", "points", "points_urgent", "danger_fit_pile",
                    "danger_known_pile", "twin_dead")
#: Pick features: the pile and the moment, then products and indicators of them, then 1.
PICK_FEATURES = ("n", "usable", "wilds", "points", "urgent", "useless", "hand", "stock", "taken",
                 "opp_min", "partner", "usable*hand", "useless*hand", "useless*urgent",
                 "any_usable", "points*urgent", "hand<=2", "const")
DISCARDS = 6      # the expert's best discards valued at each scarto
SAMPLES = 8       # worlds per decision, as the search bot's default


@dataclass(frozen=True, slots=True)
class PickRecord:
    features: tuple[float, ...]  # PICK_FEATURES
    gain: float                  # mean rollout value of picking minus drawing
    expert_picks: bool


@dataclass(frozen=True, slots=True)
class DiscardRecord:
    features: tuple[tuple[float, ...], ...]  # DISCARD_FEATURES of each candidate, expert's first
    values: tuple[float, ...]                # mean rollout value of each candidate


def discard_features(bot: ExpertBot, context: _DiscardContext, card: int) -> tuple[float, ...]:
    hand, unseen, rules = context.hand, context.unseen, bot.rules
    wild = is_burraco_wild(card)
    hand[card] -= 1
    live = 0.5 + 0.5 * (unseen[card] > 0)
    pair = 0.0 if wild else same_rank(hand, card) * live
    neigh = 0.0 if wild else float(neighbours(hand, card))
    hand[card] += 1
    known = context.next_known
    danger_fit = float(any(fits(m, card, rules) for m in context.theirs))
    danger_known = float(same_rank(known, card) + neighbours(known, card) > 0)
    refused = context.refused[card]
    points = float(bot.values[card])
    return (float(any(fits(m, card, rules) for m in context.own)), float(wild), pair, neigh,
            danger_fit, danger_known, float(refused),
            float(not refused and not wild and context.refused_ranks[card % 13]),
            0.0 if wild else float(sum(unseen[s * 13 + card % 13] for s in range(4))),
            points, points * context.urgent, danger_fit * context.pile_size,
            danger_known * context.pile_size, float(not wild and unseen[card] == 0))


def pick_features(bot: ExpertBot, observation: Observation) -> tuple[float, ...]:
    pile, seat = observation.pile, observation.seat
    usable = pile_usable(observation, bot.rules)
    useless = len(pile) - usable
    points = sum(bot.values[c] for c in pile)
    urgent = bot.urgency(observation)
    hand = len(observation.hand)
    sizes = observation.hand_sizes
    players = observation.players
    return tuple(float(x) for x in (
        len(pile), usable, sum(1 for c in pile if is_burraco_wild(c)), points, urgent, useless,
        hand, observation.stock_size, observation.pozzetto_taken[team_of(seat)],
        min(sizes[(seat + 1) % players], sizes[(seat + 3) % players]), sizes[(seat + 2) % players],
        usable * hand, useless * hand, useless * urgent, usable > 0, points * urgent, hand <= 2,
        1.0))


class ValueLogger:
    """Plays as the expert and, at each draw/pick choice and scarto, records the rollout values
    of the options (common random numbers, as the search bot) with their features."""

    def __init__(self, seed: int, rules: RuleSet, picks: list[PickRecord],
                 discards: list[DiscardRecord]) -> None:
        self.expert = ExpertBot(seed, rules)
        self.search = SearchBot(seed, rules, samples=SAMPLES, horizon=12)
        self.picks, self.discards = picks, discards

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        ranked = self.expert.ranked(observation, legal_actions)
        first = ranked[0]
        if first.kind in (DRAW, PICK):
            options = ranked[:2]
            if {a.kind for a in options} != {DRAW, PICK}:
                return first
        elif first.kind == DISCARD:
            options = [a for a in ranked if a.kind == DISCARD][:DISCARDS]
            if len(options) < 2:
                return first
        else:
            return first
        seat = observation.seat
        values = sample_values(
            options, SAMPLES, 0, random.Random(decision_seed(self.expert.seed, observation) ^ 77),
            lambda rng: self.search.world(observation, rng),
            lambda state, action, seed: self.search.rollout(state, action, seat, seed))
        means = [statistics.fmean(v) for v in values]
        if first.kind == DISCARD:
            context = _DiscardContext(observation, self.expert.rules,
                                      self.expert.urgency(observation))
            self.discards.append(DiscardRecord(
                tuple(discard_features(self.expert, context, a.cards[0]) for a in options),
                tuple(means)))
        else:
            by_kind = {a.kind: m for a, m in zip(options, means, strict=True)}
            self.picks.append(PickRecord(pick_features(self.expert, observation),
                                         by_kind[PICK] - by_kind[DRAW], first.kind == PICK))
        return first


def log_deal(job: tuple[str, int, str]) -> tuple[list[PickRecord], list[DiscardRecord]]:
    against, deal, preset_name = job
    rules = preset(preset_name)
    picks: list[PickRecord] = []
    discards: list[DiscardRecord] = []
    for team in (0, 1):
        state = BurracoState.new_hand(rules, seed=deal)
        bots: list[Bot] = [ValueLogger(s, rules, picks, discards) if team_of(s) == team
                           else make_bot(against, s, rules) for s in range(state.players)]
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return picks, discards


def lstsq(x: Vector, y: Vector) -> Vector:
    return np.asarray(np.linalg.lstsq(x, y, rcond=None)[0], dtype=np.float64)


def folds(n: int) -> list[tuple[str, range, range]]:
    """Two folds: fit on one half of the decisions, judge on the other."""
    h = n // 2
    return [("A", range(0, h), range(h, n)), ("B", range(h, n), range(0, h))]


def fit_picks(records: list[PickRecord]) -> None:
    """Value of a rule relative to always drawing, per decision: pick when the fitted gain is
    positive, the expert's own choice, greedy's (any usable card), always pick."""
    x = np.array([r.features for r in records], dtype=np.float64)
    y = np.array([r.gain for r in records], dtype=np.float64)
    expert = np.array([r.expert_picks for r in records], dtype=np.float64)
    any_usable = x[:, PICK_FEATURES.index("any_usable")] > 0
    for name, train, test in folds(len(records)):
        tr, te = list(train), list(test)
        coef = lstsq(x[tr], y[tr])
        fitted = np.where(x[te] @ coef > 0, y[te], 0.0).mean()
        print(f"pick fold {name}: fitted {fitted:+.2f}  expert {(expert[te] * y[te]).mean():+.2f}"
              f"  usable>0 {(any_usable[te] * y[te]).mean():+.2f}  always {y[te].mean():+.2f}")
    coef = lstsq(x, y)
    print("pick coefficients", {n: round(float(c), 2)
                                for n, c in zip(PICK_FEATURES, coef, strict=True)})


def fit_discards(records: list[DiscardRecord]) -> None:
    """Within each decision, values and features centred (only differences between candidates
    matter); the fitted choice (largest predicted value) against the expert's (the first)."""
    rows: list[Vector] = []
    targets: list[Vector] = []
    for r in records:
        f = np.array(r.features, dtype=np.float64)
        v = np.array(r.values, dtype=np.float64)
        rows.append(f - f.mean(axis=0))
        targets.append(v - v.mean())

    def gain(coef: Vector, decisions: range) -> float:
        return statistics.fmean(
            records[i].values[int(np.argmax(np.array(records[i].features) @ coef))]
            - records[i].values[0] for i in decisions)

    for name, train, test in folds(len(records)):
        coef = lstsq(np.vstack([rows[i] for i in train]),
                     np.concatenate([targets[i] for i in train]))
        best = statistics.fmean(max(records[i].values) - records[i].values[0] for i in test)
        print(f"discard fold {name}: fitted vs expert {gain(coef, test):+.2f} (in-sample "
              f"{gain(coef, train):+.2f}; noisy best {best:+.2f})")
    coef = lstsq(np.vstack(rows), np.concatenate(targets))
    print("discard value coefficients (cost = -coefficient)",
          {n: round(float(c), 2) for n, c in zip(DISCARD_FEATURES, coef, strict=True)})


def regress(n: int, first: int, against: str, preset_name: str, workers: int) -> None:
    picks: list[PickRecord] = []
    discards: list[DiscardRecord] = []
    jobs = [(against, d, preset_name) for d in range(first, first + n)]
    for p, d in run_jobs(log_deal, jobs, workers):
        picks.extend(p)
        discards.extend(d)
    print(f"{n} deals from {first} vs {against}: {len(picks)} pick decisions, "
          f"{len(discards)} discard decisions (rollout values, mean points per hand)")
    if len(picks) >= 2:
        fit_picks(picks)
    if len(discards) >= 2:
        fit_discards(discards)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=10001)
    parser.add_argument("--against", default="greedy", help="a registry spec (never a probe)")
    parser.add_argument("--preset", default="fibur")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--regress", type=int, metavar="N", default=0,
                        help="instead: the regression of rollout values over N deals")
    parser.add_argument("variants", nargs="*", help=f"registry specs or {', '.join(PROBES)}")
    args = parser.parse_args(argv)
    if args.against.partition(":")[0] in PROBES:
        parser.error("the probes are measurement devices, not opponents")
    if args.regress:
        regress(args.regress, args.first, args.against, args.preset, args.jobs)
    elif args.variants:
        for spec in args.variants:  # a bad spec fails here, not in a worker
            make_variant(spec, 0, preset(args.preset))
        duplicate(args.variants, args.against, range(args.first, args.first + args.deals),
                  args.preset, args.jobs)
    else:
        parser.error("name the variants to compare, or --regress N")


if __name__ == "__main__":
    main()
