"""Paired rollouts of the Scala 40 expert's best discards before the apertura, and a learned
linear value of those discards screened on them (docs/bots.md).

``pairs`` plays expert hands against the greedy bot (the arena's seating: experts in the even
seats at one table, in the odd ones at the other).  At a share ``--rate`` of the discards of an
expert seat that has not opened, each of the expert's ``--top`` best discards (its look-ahead
ranking) is played out to the hand's end from the true state: the same tallone and the same
bots for every candidate (common random numbers), so the difference of the seat's penalties
(§6.5) is one paired sample of what choosing that discard instead costs.  Each candidate is
stored with features computed from the observation alone (:func:`candidate_features`).  The
experts of the rollouts sample ``--samples`` futures in their look-ahead (fewer than the
expert's 256, for speed).

``fit`` fits, by ridge regression, each candidate's penalty less that of the expert's first
choice as a linear function of the difference of their features (``--columns``: which ones),
and reports the mean penalty after each of the expert's ranks and, by five-fold
cross-validation over blocks of consecutive decisions (a hand's decisions share its cards),
what playing the fitted value's choice among the candidates gains over the expert's, a
decision; ``--coefficients`` prints the fit on every decision, ``--apply`` applies a fit's
coefficients, as printed, to other data (a held-out test)::

    PYTHONPATH=src python scripts/scala40_value.py pairs --first-deal 41001 --deals 280 \\
        --top 3 --samples 64 --out pairs.npz
    PYTHONPATH=src python scripts/scala40_value.py fit pairs.npz --ridge 30 \\
        --columns open1 open4 held cost jollies
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Sequence
from math import erfc
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ramino.arena.duplicate import arena_rules
from ramino.arena.play import bot_seed
from ramino.bots.protocol import Bot, decision_seed
from ramino.bots.registry import make_bot
from ramino.bots.scala40.expert import ExpertBot, ExpertWeights, _Context, opponents
from ramino.cards import JOKER
from ramino.games.actions import DISCARD
from ramino.games.resample import resample
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.scoring import penalty_value
from ramino.games.scala40.state import Scala40State

Array = npt.NDArray[np.float64]

#: The draws of the look-ahead whose chance to open is a feature (the expert's horizon).
TURNS = 4

FEATURES: tuple[str, ...] = (
    "const", "points", "turn", "stock", "opened", "short", "draws",
    "held", *(f"open{j + 1}" for j in range(TURNS)),
    *(f"held_closed{j + 1}" for j in range(TURNS)),
    "held_closed_draws", "expected", "held_short", "held_turn", "jollies", "cost",
)


def candidate_features(bot: ExpertBot, observation: Observation, context: _Context,
                       candidates: Sequence[int], rng: random.Random
                       ) -> dict[int, list[float]]:
    """The features (:data:`FEATURES`) of each candidate discard, from the observation alone:
    the expert's look-ahead draws (``ExpertBot.expected_penalties``: ``look_samples`` sampled
    sequences of the seat's next draws, common to the candidates), told apart by the draw
    after which the hand opens (``open``\\ j: the chance to have opened after the j-th,
    ``held_closed``\\ j: the points held times the chance not to have), the expert's own
    expected penalty and card-counting cost (less the danger), the points and jollies the
    hand keeps, and the table: the turn, the tallone, the opponents who opened and the fewest
    cards one of them holds (14: none)."""
    w = bot.w
    rules = bot.rules
    hand = context.hand
    pool, k, samples, need = bot._look_setup(observation, context)
    k = min(k, TURNS)
    counts = {card: [0] * TURNS for card in candidates}
    for _ in range(samples):
        first = bot._opening_draws(hand, rng.sample(pool, k), need, candidates)
        for card in candidates:
            if first[card] >= 0:
                counts[card][first[card]] += 1
    points = sum(penalty_value(c, rules) * n for c, n in enumerate(hand) if n)
    mine = opponents(observation)
    opened = [s for s in range(observation.players) if mine[s] and observation.opened[s]]
    short = min((observation.hand_sizes[s] for s in opened), default=14)
    turn = observation.turn // observation.players
    urgent = max(0.0, 7.0 - short) / 7.0
    out = {}
    for card in candidates:
        held = float(points - penalty_value(card, rules))
        opens = []
        total = 0
        expected = held
        for j in range(TURNS):
            total += counts[card][j]
            opens.append(total / samples if samples else 0.0)
            if samples:
                expected += counts[card][j] / samples * w.look_decay ** j * (w.look_opened - held)
        closed = [held * (1.0 - p) for p in opens]
        cost = bot.discard_cost(context, card) - bot.danger(context, card)
        out[card] = [1.0, float(points), float(turn), float(observation.stock_size),
                     float(len(opened)), float(short), float(k), held, *opens, *closed,
                     closed[max(k, 1) - 1], expected, held * urgent, held * turn,
                     float(hand[JOKER] - (card == JOKER)), cost]
    return out


def expert_order(bot: ExpertBot, context: _Context, features: dict[int, list[float]]
                 ) -> list[int]:
    """The candidates as the expert's look-ahead ranks them (``ExpertBot.look_ahead``)."""
    expected = FEATURES.index("expected")
    cost = FEATURES.index("cost")

    def score(card: int) -> float:
        danger = bot.danger(context, card)
        return features[card][expected] + danger + bot.w.look_tiebreak * (
            features[card][cost] + danger)
    return sorted(features, key=score)


def pairs(first_deal: int, deals: int, rate: float, top: int, samples: int, worlds: int,
          out: Path) -> None:
    rules = arena_rules("fisca")
    n = rules.players
    rows: list[list[float]] = []
    decision: list[int] = []
    labels: list[float] = []           # the seat's penalty after the candidate
    rank: list[int] = []               # the candidate's place in the expert's ranking
    fast = ExpertWeights(look_samples=samples)
    number = 0
    start = time.perf_counter()

    def save() -> None:
        np.savez_compressed(out, rows=np.array(rows), decision=np.array(decision),
                            labels=np.array(labels), rank=np.array(rank),
                            worlds=np.array(max(1, worlds)))

    for deal in range(first_deal, first_deal + deals):
        for table in range(2):
            state = Scala40State.new_hand(rules, seed=deal)
            bots: list[Bot] = [
                ExpertBot(bot_seed(0, deal, s), rules) if (s % 2 == 0) == (table == 0)
                else make_bot("greedy", bot_seed(0, deal, s), rules) for s in range(n)]
            sample = random.Random(deal * 2 + table)
            while not state.is_over:
                s = state.current
                obs = state.observation(s)
                legal = state.legal_actions()
                bot = bots[s]
                action = bot.choose(obs, legal)
                cards = list(dict.fromkeys(a.cards[0] for a in legal if a.kind == DISCARD))
                if (not isinstance(bot, ExpertBot) or state.opened[s] or action.kind != DISCARD
                        or len(obs.hand) == 1 or len(cards) < 2 or sample.random() >= rate):
                    state.apply(action)
                    continue
                context = _Context(obs, rules, bot.urgency(obs))
                rng = random.Random(decision_seed(bot.seed, obs) ^ 0x7A1E)
                features = candidate_features(bot, obs, context, cards, rng)
                order = expert_order(bot, context, features)[:top]
                guess = random.Random(number)
                starts = [state] if not worlds else [resample(obs, guess, rules)
                                                     for _ in range(worlds)]
                for world, begin in enumerate(starts):
                    for place, card in enumerate(order):
                        rows.append(features[card])
                        decision.append(number * len(starts) + world)
                        labels.append(float(rollout(begin, bots, fast, card, s)))
                        rank.append(place)
                number += 1
                state.apply(action)
        if (deal - first_deal) % 10 == 9:
            print(f"deal {deal}: {number} decisions, {time.perf_counter() - start:.0f}s",
                  flush=True)
            save()
    save()


def rollout(state: Scala40State, bots: Sequence[Bot], weights: ExpertWeights, card: int,
            seat: int) -> int:
    """The penalty ``seat`` pays when it discards ``card`` now and the hand is played out
    (on a copy of ``state``, by copies of ``bots``, the experts with ``weights``)."""
    twin = state.clone()
    twins = [ExpertBot(b.seed, twin.rules, weights) if isinstance(b, ExpertBot)
             else copy.deepcopy(b) for b in bots]
    twin.apply(next(a for a in twin.legal_actions() if a.kind == DISCARD and a.cards[0] == card))
    while not twin.is_over:
        t = twin.current
        twin.apply(twins[t].choose(twin.observation(t), twin.legal_actions()))
    result = twin.result()
    assert result is not None
    return result.scores[seat]


def spread(data: Path) -> None:
    """From rollouts in two or more worlds a decision (``pairs --worlds``): how far each of the
    expert's ranks truly falls behind its first, decision by decision.  The product of two
    worlds' differences estimates the square of the true difference (the worlds' noises are
    independent), so the spread of the true differences is told from the noise; with a normal
    spread, what a perfect choice between the first and that rank would save a decision."""
    stored = np.load(data)
    worlds = int(stored["worlds"])
    decision = stored["decision"].astype(np.int64)
    labels = stored["labels"].astype(np.float64)
    rank = stored["rank"].astype(np.int64)
    if worlds < 2:
        raise SystemExit("spread needs the rollouts of two worlds or more a decision")
    count = (int(decision.max()) + 1) // worlds
    ranks = int(rank.max()) + 1
    table = np.full((count, worlds, ranks), np.nan)
    table[decision // worlds, decision % worlds, rank] = labels
    table = table[~np.isnan(table).any(axis=(1, 2))]
    print(f"{len(table)} decisions, {worlds} worlds each")
    for k in range(1, ranks):
        diff = table[:, :, k] - table[:, :, 0]
        mean = float(diff.mean())
        products = np.mean([diff[:, a] * diff[:, b] for a in range(worlds)
                            for b in range(a + 1, worlds)], axis=0)
        square = float(products.mean())
        high = square + 1.96 * float(products.std()) / np.sqrt(len(products))
        noise = float(diff.std())
        sds = [max(0.0, x - mean ** 2) ** 0.5 for x in (square, high)]
        saved = [perfect_saving(mean, sd) for sd in sds]
        print(f"rank {k}: mean {mean:+.2f} (se {noise / np.sqrt(diff.size):.2f}), true sd "
              f"{sds[0]:.2f} (95% at most {sds[1]:.2f}) of a world's {noise:.2f}; a perfect "
              f"choice saves {saved[0]:.2f} (at most {saved[1]:.2f})")


def perfect_saving(mean: float, sd: float) -> float:
    """E[max(0, -A)] for a normal A of this mean and sd: what choosing the other candidate
    exactly when it is better saves."""
    if sd <= 0:
        return max(0.0, -mean)
    z = mean / sd
    return sd * float(np.exp(-z * z / 2) / np.sqrt(2 * np.pi)) - mean * 0.5 * erfc(
        z / np.sqrt(2))


def fit(data: Path, ridge: float, columns: Sequence[str] | None, show: bool,
        apply: Sequence[float] | None) -> None:
    stored = np.load(data)
    rows: Array = stored["rows"].astype(np.float64)
    decision = stored["decision"].astype(np.int64)
    labels: Array = stored["labels"].astype(np.float64)
    rank = stored["rank"].astype(np.int64)
    keep = np.array([columns is None or name in columns for name in FEATURES])
    count = int(decision.max()) + 1
    base_x = np.zeros((count, rows.shape[1]))
    base_y = np.zeros(count)
    base_x[decision[rank == 0]] = rows[rank == 0]
    base_y[decision[rank == 0]] = labels[rank == 0]
    dx = (rows - base_x[decision])[:, keep]
    dy = labels - base_y[decision]
    others = rank > 0
    scale = np.maximum(dx[others].std(axis=0), 1e-9)

    def solve(mask: npt.NDArray[np.bool_]) -> Array:
        z = dx[mask] / scale
        beta = np.linalg.solve(z.T @ z + ridge * np.eye(z.shape[1]), z.T @ dy[mask])
        out = np.zeros(len(FEATURES))
        out[keep] = beta / scale
        return out

    def gain(beta: Array, decisions: Sequence[int]) -> tuple[float, int]:
        """What the value's choice among each decision's candidates saves over the expert's
        (the expert's first on equal values), and how many choices differ."""
        total = 0.0
        changed = 0
        predicted = rows @ beta
        for d in decisions:
            where = np.flatnonzero(decision == d)
            best = where[np.argmin(predicted[where] + 1e-9 * rank[where])]
            total += float(base_y[d] - labels[best])
            changed += bool(rank[best])
        return total, changed

    means = [float(labels[rank == r].mean()) for r in range(int(rank.max()) + 1)]
    hindsight = float(np.mean([base_y[d] - labels[decision == d].min() for d in range(count)]))
    print(f"{count} decisions, {len(labels)} rollouts; mean penalty after the expert's "
          f"ranks: {', '.join(f'{m:.2f}' for m in means)}; the best in hindsight saves "
          f"{hindsight:+.3f} a decision")
    if apply is not None:
        total, changed = gain(np.array(apply, dtype=np.float64), range(count))
        print(f"the given value's choice saves {total / count:+.3f} a decision "
              f"({changed} changed)")
        return
    # Blocks of eight consecutive decisions (about a deal): a hand's decisions share its
    # cards, so they stay in one fold.
    folds = (np.arange(count) // 8) % 5
    total = 0.0
    changed = 0
    for k in range(5):
        g, c = gain(solve(others & (folds[decision] != k)), np.flatnonzero(folds == k).tolist())
        total += g
        changed += c
    print(f"cross-validated: the fitted value's choice saves {total / count:+.3f} a decision "
          f"over the expert's ({changed} changed)")
    if show:
        beta = solve(others)
        print("coefficients:", " ".join(f"{b:.6g}" for b in beta))
        for name, b in zip(FEATURES, beta, strict=True):
            if b:
                print(f"  {name:20s} {b:+.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pairs")
    p.add_argument("--first-deal", type=int, default=41001)
    p.add_argument("--deals", type=int, default=280)
    p.add_argument("--rate", type=float, default=1.0)
    p.add_argument("--top", type=int, default=3)
    p.add_argument("--samples", type=int, default=64)
    p.add_argument("--worlds", type=int, default=0,
                   help="play out in this many worlds dealt again (0: the true one)")
    p.add_argument("--out", type=Path, required=True)
    v = sub.add_parser("spread")
    v.add_argument("data", type=Path)
    f = sub.add_parser("fit")
    f.add_argument("data", type=Path)
    f.add_argument("--ridge", type=float, default=30.0)
    f.add_argument("--columns", nargs="*", default=None, choices=FEATURES)
    f.add_argument("--coefficients", action="store_true")
    f.add_argument("--apply", type=float, nargs=len(FEATURES), default=None)
    args = parser.parse_args()
    if args.command == "pairs":
        pairs(args.first_deal, args.deals, args.rate, args.top, args.samples, args.worlds,
              args.out)
    elif args.command == "spread":
        spread(args.data)
    else:
        fit(args.data, args.ridge, args.columns, args.coefficients, args.apply)


if __name__ == "__main__":
    main()
