"""The Scala 40 expert bot: card counting, a danger model for the discard, the jolly and the
penalty points at risk, and the chiusura in mano (§6).

Every choice is a weighted score over what the observation shows; the weights live in
:class:`ExpertWeights` and were set by duplicate-deal arena runs (``docs/bots.md``).

- **Urgency** (§6.4–§6.5): when an opponent who has opened holds few cards the hand may end any
  turn and every card in hand is a penalty: the jolly (25) goes down, high cards are shed first.
- **Plays** (§6.3 items 2–4): the turn plan of ``ramino.bots.scala40.plan`` that lays the most
  penalty points, the jolly counted as a cost (it is worth more in hand) that fades with urgency;
  a plan that closes always wins.
- **Chiusura in mano** (§6.4, §6.5 variant 2): when it multiplies the others' points (or an
  unopened player pays a flat penalty), a hand that its best apertura would leave with at most
  ``hold_left`` cards is held back to close all at once, unless the hand may end soon.
- **Pick** (§6.3 item 1): the pozzo's card is taken when the plan with it lays ``pick_gain``
  points more than the plan without it.
- **Discard** (§6.3 item 5): the card least worth keeping, shedding the most points, and
  least dangerous to the next player.  Keeping: the jolly; cards of the same rank in other
  suits and of the same suit within two places, each counted only while a card that would
  complete the meld is still unseen (card counting: each card exists twice, §6.1).
  Shedding: the penalty points of the card, weighed more with urgency.  Danger: the jolly
  once the next player may take the discard (opened, or with the apertura con lo scarto
  variant), and a card that fits a meld on the table where the rules let it be discarded;
  ``danger_partner`` adds the card's unseen partners (the next player must use a taken
  discard at once), 0 by default: duplicate runs against the greedy found the cards kept to
  avoid feeding the next player cost more than the feeding did.
- **Look-ahead before the apertura** (§6.3 item 2, §6.5): the discards are ranked by their
  expected penalty, ``look_samples`` sampled sequences of the seat's own next draws (at most
  ``look_turns``, fewer when an opened opponent is short of cards) telling after which draw,
  if any, the hand opens after each; a hand that never opens pays every card it holds, so when
  opening is unlikely the high cards go first, and an apertura at the j-th draw counts as
  opened only with weight ``look_decay`` ** (j - 1) (the hand may end before it), so the
  discards that open sooner are preferred.  The card-counting cost above breaks near ties
  (``look_tiebreak``).  Paired duplicate runs against the greedy: +1.3 points a player and
  hand over the expert without it (docs/bots.md).
- **Options off by default** (measured level with the default within the noise, and slower):
  ``open_chance`` adds, before the apertura, the chance that the next draw opens after each of
  the best discards (every unseen card tried, :func:`reaches`); ``outs`` the cards the next
  draw is expected to let a short opened hand lay, a close counting ``outs_close`` cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace

from ramino.bots.protocol import decision_seed
from ramino.bots.scala40.greedy import PLAYS, fallback_play
from ramino.bots.scala40.plan import (
    PlanValue,
    TurnView,
    best_plan,
    first_legal,
    fits_table,
    laying_value,
)
from ramino.cards import JOKER, NUM_TYPES, to_counts
from ramino.games.actions import DISCARD, DRAW, PICK, Action
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.resample import unseen_cards
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset


@dataclass(frozen=True, slots=True)
class ExpertWeights:
    """The expert's judgement in numbers (penalty-point units)."""

    jolly_keep: float = 40.0      # cost of laying the jolly beyond its 25, when not urgent
    hold_left: int = 2            # hold back for a chiusura in mano leaving at most this many
    hold_short: int = 5           # ... unless an opponent holds this many cards or fewer
    pick_gain: float = 1.0        # take the pozzo card when the plan gains this many points
    keep_jolly: float = 60.0
    keep_rank: float = 9.0        # per other suit of the rank in hand, while a suit is unseen
    keep_adjacent: float = 9.0    # per neighbour of the suit, while a completing card is unseen
    keep_gap: float = 5.0         # per card two places away, while the card between is unseen
    keep_meld: float = 30.0       # a card of a meld still held (before the apertura)
    dead_factor: float = 0.25     # what a partner is worth when every completing card is seen
    danger_partner: float = 0.0   # per unseen card that melds with the discard
    danger_short: float = 0.25    # more danger per card the next player holds under seven
    shed: float = 0.6             # penalty points of a card, weighed against keeping it
    shed_urgent: float = 1.0      # extra weight when the hand may end soon
    urgent_cards: int = 3         # an opened opponent with this many cards or fewer: urgent
    outs: float = 0.0             # per card the next draw is expected to let the hand lay
    outs_hand: int = 7            # ... computed once opened with this many cards or fewer
    outs_close: float = 2.0       # what a close by the next draw counts, in cards laid
    open_chance: float = 0.0      # points per unit of the chance that the next draw opens
    open_candidates: int = 4      # ... computed for this many of the best discards
    look_samples: int = 256       # before the apertura: sampled futures of the own draws
    look_turns: int = 4           # ... this many draws at most, fewer when the hand may end
    look_opened: float = 8.0      # what an opened hand is expected to pay at the end
    look_tiebreak: float = 0.1    # the weight of the card-counting cost among the discards
    look_decay: float = 0.9       # an apertura at the j-th draw counts decay**(j-1) as opened

    def as_dict(self) -> dict[str, float]:
        return {k: float(v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, float]) -> ExpertWeights:
        names = {f.name: f.type for f in fields(cls)}
        clean = {k: (int(v) if names[k] in ("int", int) else float(v))
                 for k, v in data.items() if k in names}
        return replace(cls(), **clean)  # type: ignore[arg-type]


class ExpertBot:
    def __init__(self, seed: int = 0, rules: RuleSet | None = None,
                 weights: ExpertWeights | None = None) -> None:
        self.seed = seed
        self.rules = rules or preset("fisca")
        self.w = weights or ExpertWeights()

    # --- the protocol ---------------------------------------------------------------------

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        return self.ranked(observation, legal_actions)[0]

    def ranked(self, observation: Observation, legal_actions: Sequence[Action]
               ) -> list[Action]:
        """The legal actions best first (the plan's next step, then the discards by cost)."""
        rng = random.Random(decision_seed(self.seed, observation))
        kinds = {a.kind for a in legal_actions}
        urgent = self.urgency(observation)
        if DRAW in kinds or PICK in kinds:
            take = PICK in kinds and (DRAW not in kinds or self.wants_pick(observation, urgent))
            return sorted(legal_actions, key=lambda a: (a.kind == PICK) != take)
        plays = [a for a in legal_actions if a.kind in PLAYS]
        discards = [a for a in legal_actions if a.kind == DISCARD]
        first: list[Action] = []
        if plays:
            view = TurnView.of(observation, self.rules)
            plan = best_plan(view, self.rules, self.value(view, urgent),
                             allow_open=not self.hold_back(observation, view, urgent))
            step = first_legal(plan, plays)
            if step is not None:
                first = [step]
            elif not discards:
                first = [fallback_play(plays, self.rules)]
        context = _Context(observation, self.rules, urgent)
        outs = self.outs(observation, context, discards)
        scored = sorted(((self.discard_cost(context, a.cards[0]) - outs.get(a.cards[0], 0.0),
                          rng.random(), a) for a in discards), key=lambda t: (t[0], t[1]))
        if not first and self.w.open_chance and not context.opened and len(scored) > 1:
            chances = self.opening_chances(
                observation, context, [a.cards[0] for _, _, a in scored[:self.w.open_candidates]])
            scored = sorted(((c - self.w.open_chance * chances.get(a.cards[0], 0.0), r, a)
                             for c, r, a in scored), key=lambda t: (t[0], t[1]))
        if (not first and self.w.look_samples and not context.opened and not context.closes
                and len({a.cards[0] for a in discards}) > 1):
            scored = self.look_ahead(observation, context, scored, rng)
        rest = [a for a in plays if a not in first]
        return first + [a for _, _, a in scored] + rest

    # --- judgement ------------------------------------------------------------------------

    def urgency(self, observation: Observation) -> float:
        """1.0 when an opponent who has opened holds ``urgent_cards`` or fewer (the hand may
        end before this seat plays again), 0.5 at twice that, else 0.  A partner (§6.1
        partnerships) closing is no threat."""
        mine = opponents(observation)
        short = min((size for s, size in enumerate(observation.hand_sizes)
                     if mine[s] and observation.opened[s]), default=99)
        if short <= self.w.urgent_cards:
            return 1.0
        if short <= 2 * self.w.urgent_cards:
            return 0.5
        return 0.0

    def value(self, view: TurnView, urgent: float) -> PlanValue:
        return laying_value(self.rules, self.w.jolly_keep * (1.0 - urgent))

    def hold_back(self, observation: Observation, view: TurnView, urgent: float) -> bool:
        """Keep the melds in hand for a chiusura in mano (§6.4) when it pays more and is near."""
        rules = self.rules
        if view.opened or view.opening_points or not rules.chiusura_in_mano_allowed:
            return False
        if rules.chiusura_in_mano_multiplier <= 1 and not rules.unopened_flat_penalty:
            return False
        short = min((size for s, size in enumerate(observation.hand_sizes)
                     if opponents(observation)[s]), default=99)
        if urgent or short <= self.w.hold_short:
            return False
        plan = best_plan(view, rules, self.value(view, urgent))
        return plan is not None and plan.opens and 1 < sum(plan.left) <= self.w.hold_left

    def wants_pick(self, observation: Observation, urgent: float) -> bool:
        after = TurnView.after_pick(observation, self.rules)
        with_pick = best_plan(after, self.rules, self.value(after, urgent))
        if with_pick is None:
            return False
        # The plan without the card, as if the turn were played with the hand as it is now.
        now = TurnView.build(observation, self.rules, tuple(to_counts(observation.hand)),
                             -1, -1, 0, 0)
        without = best_plan(now, self.rules, self.value(now, urgent))
        base = without.value if without is not None else 0.0
        return with_pick.value - base >= self.w.pick_gain

    def outs(self, observation: Observation, context: _Context,
             discards: Sequence[Action]) -> dict[int, float]:
        """Card counting for a short opened hand: for each discard, the cards the next draw is
        expected to let the hand lay (new melds and lay-offs, §6.3 items 3–4), every unseen
        card weighted by its copies left (§6.1), times ``outs`` points a card."""
        w = self.w
        seat = observation.seat
        if (not w.outs or not observation.opened[seat] or len(discards) < 2
                or len(observation.hand) > w.outs_hand or context.closes):
            return {}
        unseen = context.unseen
        total = sum(unseen)
        if not total:
            return {}
        sides = observation.sides or tuple(range(observation.players))
        melds = tuple(m.meld for m in observation.melds)
        owners = tuple(sides[m.seat] for m in observation.melds)
        cache: dict[tuple[int, ...], float] = {}
        close = w.outs_close

        def worth(laid: tuple[int, ...], opens: bool, closes: bool) -> float:
            return len(laid) + close * closes

        def laid(hand: list[int]) -> float:
            key = tuple(hand)
            if key not in cache:
                view = TurnView(hand=key, melds=melds, owners=owners, seat=sides[seat],
                                opened=True,
                                started_unopened=False, opening_points=0, may_close=True,
                                may_lay_off=True, picked=-1, picked_card=-1,
                                picked_needs_meld=False, jolly_owed=0)
                plan = best_plan(view, self.rules, worth)
                cache[key] = 0.0 if plan is None else plan.value
            return cache[key]

        out: dict[int, float] = {}
        hand = context.hand
        for card in {a.cards[0] for a in discards}:
            hand[card] -= 1
            base = laid(hand)
            gain = 0.0
            for x in range(len(unseen)):
                if unseen[x]:
                    hand[x] += 1
                    gain += unseen[x] * (laid(hand) - base)
                    hand[x] -= 1
            hand[card] += 1
            out[card] = w.outs * gain / total
        return out

    def draws_left(self, observation: Observation) -> int:
        """How many more draws this seat may expect before the hand ends: ``look_turns``, fewer
        when an opened opponent holds few cards (about a card laid a turn, §6.4)."""
        mine = opponents(observation)
        short = min((size for s, size in enumerate(observation.hand_sizes)
                     if mine[s] and observation.opened[s]), default=99)
        turns = self.w.look_turns
        if short < 99:
            turns = min(turns, max(1, short // 2))
        return max(0, min(turns, observation.stock_size))

    def look_ahead(self, observation: Observation, context: _Context,
                   scored: list[tuple[float, float, Action]], rng: random.Random
                   ) -> list[tuple[float, float, Action]]:
        """Before the apertura: each discard's expected penalty (§6.5,
        :meth:`expected_penalties`).  A hand that does not open pays every card it holds, one
        that opens about ``look_opened``, the later the apertura the less it counts.  So when
        the apertura is unlikely the high cards go first, and when it is likely what builds it
        stays.  The card-counting cost (:meth:`discard_cost`, weighed by ``look_tiebreak``)
        and what the discard gives away to the next player are added."""
        w = self.w
        candidates = list(dict.fromkeys(a.cards[0] for _, _, a in scored))
        hand = context.hand
        points = sum(penalty_value(c, self.rules) * n for c, n in enumerate(hand) if n)
        expected = self.expected_penalties(observation, context, candidates, points, rng)
        out = []
        for cost, r, action in scored:
            card = action.cards[0]
            out.append((expected[card] + self.danger(context, card) + w.look_tiebreak * cost,
                        r, action))
        return sorted(out, key=lambda t: (t[0], t[1]))

    def expected_penalties(self, observation: Observation, context: _Context,
                           candidates: Sequence[int], points: int, rng: random.Random
                           ) -> dict[int, float]:
        """Each candidate discard's expected penalty when an apertura later is worth less
        (§6.5): over ``look_samples`` sampled draw sequences (common to every candidate), a
        hand that opens at its j-th draw pays ``look_opened`` with weight ``look_decay``
        ** (j - 1) and everything it holds otherwise (the hand may end before it opens); a
        hand that does not open within :meth:`draws_left` draws pays everything."""
        w = self.w
        hand = context.hand
        pool, k, samples, need = self._look_setup(observation, context)
        held: dict[int, float] = {card: float(points - penalty_value(card, self.rules))
                                  for card in candidates}
        if not samples:
            return held
        weights = [w.look_decay ** j for j in range(k)]
        total = dict.fromkeys(candidates, 0.0)
        for _ in range(samples):
            first = self._opening_draws(hand, rng.sample(pool, k), need, candidates)
            for card in candidates:
                j = first[card]
                if j < 0:
                    total[card] += held[card]
                else:
                    total[card] += weights[j] * w.look_opened + (1.0 - weights[j]) * held[card]
        return {card: total[card] / samples for card in candidates}

    def _opening_draws(self, hand: list[int], draws: list[int], need: int,
                       candidates: Sequence[int]) -> dict[int, int]:
        """For each candidate discard, the index of the first draw after which ``hand`` with
        ``draws[: index + 1]`` opens, -1 when none does (more cards never open less)."""
        rules = self.rules
        clean_only = rules.opening_without_jolly
        first = dict.fromkeys(candidates, -1)
        full = hand[:]
        for c in draws:
            full[c] += 1
        if opening_needs(full, need, rules, clean_only) is None:
            return first
        for c in draws:
            full[c] -= 1
        left = list(candidates)
        for j, c in enumerate(draws):
            full[c] += 1
            used = opening_needs(full, need, rules, clean_only)
            if used is None:
                continue
            count = [0] * NUM_TYPES
            for t, n in used:
                count[t] += n
            spare = sum(full) - sum(count) >= 2
            still = []
            for card in left:
                if spare and full[card] > count[card]:
                    first[card] = j
                    continue
                full[card] -= 1
                if opening_needs(full, need, rules, clean_only) is not None:
                    first[card] = j
                else:
                    still.append(card)
                full[card] += 1
            left = still
            if not left:
                break
        return first

    def opening_odds(self, observation: Observation, context: _Context,
                     candidates: Sequence[int], rng: random.Random) -> dict[int, float]:
        """For each candidate discard, the chance that the hand opens within the draws it may
        expect (:meth:`draws_left`, §6.3 item 2), over the same sampled draws as
        :meth:`expected_penalties`."""
        pool, k, samples, need = self._look_setup(observation, context)
        hits = dict.fromkeys(candidates, 0)
        for _ in range(samples):
            first = self._opening_draws(context.hand, rng.sample(pool, k), need, candidates)
            for card in candidates:
                hits[card] += first[card] >= 0
        return {card: hits[card] / samples if samples else 0.0 for card in candidates}

    def _look_setup(self, observation: Observation, context: _Context
                    ) -> tuple[list[int], int, int, int]:
        """The unseen cards to draw from (§6.1), the draws a sample deals, the samples and the
        opening points still needed (§6.3 item 2)."""
        pool = [c for c in range(NUM_TYPES) for _ in range(context.unseen[c])]
        k = min(self.draws_left(observation), len(pool))
        samples = self.w.look_samples if k else 0
        need = max(1, self.rules.opening_threshold - observation.opening_points)
        return pool, k, samples, need

    def opening_chances(self, observation: Observation, context: _Context,
                        candidates: Sequence[int]) -> dict[int, float]:
        """Card counting for a hand not yet opened: for each candidate discard, the chance that
        the next draw from the tallone lets the hand open (§6.3 item 2), every unseen card
        weighted by its copies left (§6.1)."""
        unseen = context.unseen
        total = sum(unseen)
        if not total:
            return {}
        need = max(1, self.rules.opening_threshold - observation.opening_points)
        hand = context.hand
        clean_only = self.rules.opening_without_jolly
        cache: dict[bytes, bool] = {}
        out: dict[int, float] = {}
        for card in dict.fromkeys(candidates):
            hand[card] -= 1
            present = bytearray(m40.held_types(hand))
            hits = 0
            for x in range(NUM_TYPES):
                if not unseen[x]:
                    continue
                was = present[x]
                present[x] = 1
                useful = x == JOKER or bool(m40.new_meld_options_with(bytes(present), x,
                                                                      self.rules))
                present[x] = was
                if not useful:
                    continue
                hand[x] += 1
                key = bytes(hand)
                found = cache.get(key)
                if found is None:
                    found = cache[key] = reaches(hand, need, self.rules, clean_only)
                hand[x] -= 1
                if found:
                    hits += unseen[x]
            hand[card] += 1
            out[card] = hits / total
        return out

    def discard_cost(self, context: _Context, card: int) -> float:
        """Lower is a better discard: what the card is worth to us plus what it gives away,
        less its penalty points (§6.5)."""
        if context.closes:
            return -1e9
        w = self.w
        hand = context.hand
        hand[card] -= 1
        keep = w.keep_jolly * (1.0 - 0.5 * context.urgent) if card == JOKER else \
            self.keep_value(context, hand, card)
        hand[card] += 1
        danger = self.danger(context, card)
        shed = (w.shed + w.shed_urgent * context.urgent) * penalty_value(card, self.rules)
        return keep + danger - shed

    def danger(self, context: _Context, card: int) -> float:
        """What discarding ``card`` gives away to the next player."""
        w = self.w
        danger = 0.0
        if context.next_may_pick:
            partners = context.partners_unseen(card)
            danger = w.danger_partner * partners * (1.0 + w.danger_short * context.next_short)
            if card == JOKER:
                danger += w.keep_jolly
        if fits_table(context.melds, card, self.rules):
            danger += 50.0  # laid off by the next player (allowed only when the ban is lifted)
        return danger

    def keep_value(self, context: _Context, hand: list[int], card: int) -> float:
        w = self.w
        unseen = context.unseen
        rank, suit = card % 13, card // 13
        value = 0.0
        if context.in_meld[card]:
            value += w.keep_meld
        # A group (§6.2): other suits of the rank; live while a missing suit is unseen.
        held = [s for s in range(4) if s != suit and hand[rank + 13 * s]]
        if held:
            missing = [s for s in range(4) if s != suit and s not in held]
            live = any(unseen[rank + 13 * s] for s in missing) or len(held) >= 2
            value += w.keep_rank * len(held) * (1.0 if live else w.dead_factor)
        # A sequence: neighbours in the suit; the ace at both ends (§1.2).
        for p in ((0, m40.HIGH_ACE) if rank == 0 else (rank,)):
            for step in (-1, 1):
                near = p + step
                if not 0 <= near <= m40.HIGH_ACE or not hand[m40.card_at(near, suit)]:
                    continue
                ends = [q for q in (p - step, near + step) if 0 <= q <= m40.HIGH_ACE]
                live = any(unseen[m40.card_at(q, suit)] for q in ends)
                value += w.keep_adjacent * (1.0 if live else w.dead_factor)
            for step in (-2, 2):
                far = p + step
                if not 0 <= far <= m40.HIGH_ACE or not hand[m40.card_at(far, suit)]:
                    continue
                between = m40.card_at(p + step // 2, suit)
                value += w.keep_gap * (1.0 if unseen[between] else w.dead_factor)
        return value


def reaches(hand: list[int], need: int, rules: RuleSet, clean_only: bool) -> bool:
    """Whether disjoint new melds of ``hand`` (counts) total ``need`` opening points and leave
    a card to discard (§6.3 item 2, T-49): a depth-first search that stops at the first."""
    return opening_needs(hand, need, rules, clean_only) is not None


def opening_needs(hand: list[int], need: int, rules: RuleSet, clean_only: bool
                  ) -> list[tuple[int, int]] | None:
    """The cards (type, count) of disjoint new melds of ``hand`` that total ``need`` opening
    points and leave a card to discard (§6.3 item 2), the first such set a depth-first search
    finds; ``None`` when there is none."""
    found = m40.hand_melds(hand, rules)
    points = [p if c or not clean_only else 0 for p, c in zip(found.points, found.clean,
                                                               strict=True)]
    needs = found.needs
    if sum(points) < need:
        return None
    order = sorted(range(len(points)), key=lambda j: -points[j])
    rest = hand[:]
    held = sum(hand)
    chosen: list[int] = []

    def search(start: int, got: int, left: int) -> bool:
        for k in range(start, len(order)):
            j = order[k]
            if not points[j]:
                return False
            wanted = needs[j]
            if any(rest[c] < n for c, n in wanted):
                continue
            size = sum(n for _, n in wanted)
            if left - size < 1:
                continue
            chosen.append(j)
            if got + points[j] >= need:
                return True
            for c, n in wanted:
                rest[c] -= n
            deeper = search(k + 1, got + points[j], left - size)
            for c, n in wanted:
                rest[c] += n
            if deeper:
                return True
            chosen.pop()
        return False

    if not search(0, 0, held):
        return None
    return [pair for j in chosen for pair in needs[j]]


def opponents(observation: Observation) -> list[bool]:
    """Which seats play against this one: every other seat, or the other side's (§6.1)."""
    sides = observation.sides or tuple(range(observation.players))
    return [sides[s] != sides[observation.seat] for s in range(observation.players)]


class _Context:
    """What every candidate discard of one decision shares (computed once per decision)."""

    __slots__ = ("closes", "hand", "in_meld", "melds", "next_may_pick", "next_short", "opened",
                 "unseen", "urgent")

    def __init__(self, observation: Observation, rules: RuleSet, urgent: float) -> None:
        self.hand = to_counts(observation.hand)
        self.closes = len(observation.hand) == 1
        self.unseen = to_counts(unseen_cards(observation))
        self.melds = [m.meld for m in observation.melds]
        nxt = (observation.seat + 1) % observation.players
        self.next_may_pick = observation.opened[nxt] or rules.opening_with_discard
        self.next_short = max(0, 7 - observation.hand_sizes[nxt])
        self.urgent = urgent
        self.opened = observation.opened[observation.seat]
        # Cards of melds the hand still holds (an unopened hand collecting its 40).
        self.in_meld = [False] * len(self.hand)
        if not observation.opened[observation.seat]:
            for cards, _, _ in m40.new_meld_options(self.hand, rules):
                if JOKER not in cards:
                    for c in cards:
                        self.in_meld[c] = True

    def partners_unseen(self, card: int) -> int:
        """Unseen cards that could share a meld with ``card``: other suits of its rank, its suit
        within two places (a jolly could stand for anything: counted as many)."""
        if card == JOKER:
            return 8
        unseen = self.unseen
        rank, suit = card % 13, card // 13
        count = sum(unseen[rank + 13 * s] for s in range(4) if s != suit)
        for p in ((0, m40.HIGH_ACE) if rank == 0 else (rank,)):
            for q in (p - 2, p - 1, p + 1, p + 2):
                if 0 <= q <= m40.HIGH_ACE and q % 13 != rank:
                    count += unseen[m40.card_at(q, suit)]
        return count


__all__ = ["ExpertBot", "ExpertWeights", "opponents"]
