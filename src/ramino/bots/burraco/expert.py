"""The expert bot: card counting, a danger model for the scarto, and judgement about the pile,
the pozzetto, clean burrachi, closing and the partner.

Every choice is a weighted score over features of the observation
(``ramino.bots.burraco.features``);
the weights live in :class:`ExpertWeights` and are tuned on duplicate deals by
``scripts/tune_expert.py`` and measured in the arena (``docs/bots.md``).

- **Pile** (§2.3 step 1): take the scarto when its cards are meld material worth more
  than the points it would leave in hand, less eagerly when the other side is about to close.
- **Melds** (§2.4–§2.6): lay naturals freely (points on the table, not in hand), but keep the
  jolly and the pinelle for a burraco unless the wild completes one, reaches the pozzetto or
  the other side is close to closing; never spoil a long clean meld with a wild.  Bring a
  meld to six cards, one from a burraco, before laying new melds, and attach a card that fits
  two melds to the longer; take a scarto holding the seventh card of a meld of six.
- **Pozzetto** (§2.7): emptying the hand towards it is worth a bonus of its own.
- **Closing** (§2.8): close when the estimated score favours it or the tallone runs out;
  otherwise keep building (keep two cards).  The default margin closes at every chance:
  holding back when behind measured worse on 1,000 duplicate deals (docs/bots.md).
- **Scarto** (step 3): discard the card least useful to the own side and least dangerous to the
  next opponent: it attaches to their melds, it melds with the cards they took with the pile,
  and unseen copies (card counting, §1.1: every card exists twice) make it live.  Danger grows
  with the pile, since a taken pile brings every card in it.
- **Partner**: when the partner or the opponents are down to a few cards the hand is about to
  end, so laying down points and wilds becomes urgent (§2.10 counts them against).
- **The rules of the table** (the rule set, never a preset's name): where only a clean burraco
  closes (§2.8, §4.1) only a clean one counts as the burraco that closes, and wilds stay off
  the side's clean melds until it has one; where the pile is closed (the lixo fechado, §4.1)
  its unseen cards count when taking it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace

from ramino.bots.burraco.features import (
    PlayEffect,
    building_burraco,
    fits,
    greedy_preference,
    has_burraco,
    longest_fitting,
    meld_bonus,
    needs_clean,
    neighbours,
    next_opponent,
    own_melds,
    own_side,
    partner,
    play_effect,
    same_rank,
    side_of,
    sides_in_play,
    their_melds,
    unseen_counts,
)
from ramino.bots.burraco.greedy import pile_usable
from ramino.bots.burraco.solver import solve
from ramino.bots.protocol import decision_seed
from ramino.cards import is_burraco_wild, to_counts
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, Action
from ramino.games.burraco.melds import GROUP, burraco_type
from ramino.games.burraco.state import Observation
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset


@dataclass(frozen=True, slots=True)
class ExpertWeights:
    """The expert's judgement in numbers (points-like units)."""

    pick_base: float = -0.5
    pick_card: float = 0.0
    pick_usable: float = 1.0
    pick_points: float = 0.0
    pick_urgent: float = 0.0
    pick_last_card: float = 5.0
    pick_go_out: float = 10.0
    pick_build: float = 10.0
    build_pile: int = 3
    pick_no_meld: float = 10.0
    pick_lone_card: float = 10.0
    pick_burraco: float = 10.0
    pick_hidden: float = 0.3
    pick_hidden_clean: float = 1.0
    closed_pile: int = 1
    meld_threshold: float = 0.0
    wild_cost: float = 0.0
    spoil_clean: float = 0.0
    spoil_needed: float = 60.0
    clean_run: int = 4
    pozzetto_bonus: float = 120.0
    close_bonus: float = 150.0
    close_margin: float = -1000.0
    close_stock: int = 12
    keep_fit: float = 30.0
    keep_pair: float = 30.0
    keep_neighbour: float = 7.0
    keep_wild: float = 70.0
    danger_fit: float = 45.0
    danger_fit_short: float = 20.0
    danger_fit_burraco: float = 90.0
    short_meld: int = 4
    danger_known: float = 25.0
    danger_live: float = 0.0
    danger_pile: float = 0.0
    danger_short: float = 0.0
    shed_points: float = 0.6
    safe_refused: float = 20.0
    safe_rank: float = 8.0
    order_like_greedy: int = 1
    attach_longest: int = 1
    reach_first: int = 6
    use_solver: int = 16

    def __deepcopy__(self, memo: dict[int, object]) -> ExpertWeights:
        # Immutable: a copy is these very weights.  (Compiled by mypyc, a frozen dataclass
        # cannot be rebuilt field by field as copy.deepcopy otherwise would; the arena's
        # honesty check deep-copies the playing bot.)
        return self

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
        self.rules = rules or preset("fibur")
        self.values = self.rules.card_value_table()
        self.w = weights or ExpertWeights()

    # --- the protocol ---------------------------------------------------------------------

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        ranked = self.ranked(observation, legal_actions)
        return ranked[0]

    def ranked(self, observation: Observation, legal_actions: Sequence[Action]) -> list[Action]:
        """The legal actions best first: the candidate plans the search bot explores."""
        rng = random.Random(decision_seed(self.seed, observation))
        kinds = {a.kind for a in legal_actions}
        if DRAW in kinds or PICK in kinds:
            take = self.pick_score(observation) > 0
            return sorted(legal_actions, key=lambda a: (a.kind == PICK) != take)
        plays = [a for a in legal_actions if a.kind in (MELD, ATTACH)]
        discards = [a for a in legal_actions if a.kind == DISCARD]
        urgent = self.urgency(observation)
        closing = self.should_close(observation)
        # Closing needs a clean burraco that the side has not laid yet (§2.8, §4.1).
        clean_wanted = needs_clean(self.rules) and not has_burraco(own_melds(observation),
                                                                   self.rules)
        # One effect per play: scoring, ordering and the layout all read it.
        effects = {a: play_effect(observation, a, self.rules, self.values) for a in plays}
        scored_plays = sorted(
            ((self.play_score(effects[a], urgent, closing, clean_wanted), rng.random(), a)
             for a in plays), key=lambda t: (-t[0], t[1]))
        if self.w.order_like_greedy:
            order = {a: (*(-x for x in greedy_preference(e)), self.target_order(e))
                     for a, e in effects.items()}
            scored_plays.sort(key=lambda t: (-(t[0] > self.w.meld_threshold), order[t[2]], t[1]))
        good = [a for sc, _, a in scored_plays if sc > self.w.meld_threshold]
        rest = [a for sc, _, a in scored_plays if sc <= self.w.meld_threshold]
        if self.w.use_solver and good and len(observation.hand) <= self.w.use_solver:
            good, dropped = self.follow_layout(observation, good, effects)
            rest = dropped + rest
        if not discards:
            return good + rest
        context = _DiscardContext(observation, self.rules, urgent)
        scored_discards = sorted(((self.discard_cost(context, a.cards[0]), rng.random(), a)
                                  for a in discards), key=lambda t: (t[0], t[1]))
        return good + [a for _, _, a in scored_discards] + rest

    # --- features ---------------------------------------------------------------------------

    def urgency(self, observation: Observation) -> float:
        """1.0 when the hand may end within a round: a player of a side that can close
        (pozzetto taken, burraco down, §2.8) holds two cards or fewer, or the tallone is out."""
        for seat, size in enumerate(observation.hand_sizes):
            team = side_of(observation, seat)
            if size <= 2 and observation.pozzetto_taken[team] and has_burraco(
                    [(m.number, m.meld) for m in observation.melds if m.side == team],
                    self.rules):
                return 1.0
        return 1.0 if observation.stock_size <= 6 else 0.0

    def lead(self, observation: Observation) -> float:
        """Estimated score lead of the own side over the best other side from the table
        (§2.10), hands unknown."""
        mine = own_side(observation)
        total = dict.fromkeys(sides_in_play(observation), 0.0)
        for m in observation.melds:
            total[m.side] += sum(self.values[c] for c in m.meld.cards)
            total[m.side] += meld_bonus(m.meld, self.rules)
        for team in total:
            if not observation.pozzetto_taken[team] and any(observation.pozzetto_taken):
                total[team] -= 100
        for seat, size in enumerate(observation.hand_sizes):
            if seat != observation.seat:
                total[side_of(observation, seat)] -= 8.0 * size  # about 8 points a hidden card
        total[mine] -= sum(self.values[c] for c in observation.hand)
        return total[mine] - max(v for team, v in total.items() if team != mine)

    def should_close(self, observation: Observation) -> bool:
        return (self.lead(observation) + self.rules.closing_bonus >= self.w.close_margin
                or observation.stock_size <= self.w.close_stock)

    def pick_score(self, observation: Observation) -> float:
        w = self.w
        pile = observation.pile
        if not pile:
            return -1.0
        usable = pile_usable(observation, self.rules)
        points = sum(self.values[c] for c in pile)
        wilds = sum(1 for c in pile if is_burraco_wild(c))
        size = self.pile_size(observation)
        # A closed pile (the lixo fechado, §4.1) shows only its top card: the cards under it
        # come too, unseen.
        hidden = size - len(pile)
        # Where only a clean burraco closes (§2.8, the STBL mode, §4.1) hands run longer and a
        # hand kept small by the pick's caution (two cards, nothing to meld) builds nothing
        # clean: the unseen cards are worth taking nearly always (docs/bots.md, "Brazilian
        # Buraco").
        hidden_value = w.pick_hidden_clean if needs_clean(self.rules) else w.pick_hidden
        score = (w.pick_base + w.pick_card * size + w.pick_usable * (usable + wilds)
                 + hidden_value * hidden - w.pick_points * points * self.urgency(observation))
        score -= w.pick_urgent * self.urgency(observation) * max(0, len(pile) - usable)
        if len(observation.hand) == 1 and usable <= 1:
            # With one card the tallone's card may let it go down; a pile that lays one card
            # leaves the rest in hand (+12.3 points a hand on 1,000 duplicate deals).
            score -= w.pick_last_card
        if len(observation.hand) <= 1:
            score += self.last_card_pick(observation, usable)
        elif len(observation.hand) == 2 and score > 0 and w.pick_no_meld:
            # Two cards and a pile whose cards only attach: the junk stays in a hand too small
            # to meld it, where the tallone's card might have gone down (docs/bots.md,
            # "How the expert decides").
            own = own_melds(observation)
            grouped = [m.rank for _, m in own if m.kind == GROUP]
            if solve(observation.hand + pile, self.rules, grouped_ranks=grouped).value <= 0:
                score -= w.pick_no_meld
        elif (len(observation.hand) >= 3 and size == 1 and usable == 1
              and building_burraco(observation, own_side(observation), self.rules)):
            # Pozzetto taken, no burraco, three cards or more: the lone card lays one card
            # that everyone saw come; the tallone's measured better (+4.7 a hand over four
            # blocks of 1,000 duplicate deals, docs/bots.md).
            score -= w.pick_lone_card
        if w.pick_burraco and self.completes_burraco(observation):
            # Whatever else the pile brings, a card that makes a burraco is 100 to 200
            # points and the right to close (§2.6, §2.8).
            score += w.pick_burraco
        return score

    def pile_size(self, observation: Observation) -> int:
        """The cards taking the scarto brings: all of them, also where only the top one shows
        (``discard_pile_visibility`` TOP_ONLY, §4.1); ``closed_pile`` 0 counts the shown."""
        return observation.pile_size if self.w.closed_pile else len(observation.pile)

    def completes_burraco(self, observation: Observation) -> bool:
        """A scarto card fits an own meld of six (the seventh card makes a burraco)."""
        sixes = [m for _, m in own_melds(observation) if len(m.cards) == 6]
        return any(fits(m, c, self.rules) for m in sixes for c in set(observation.pile))

    def last_card_pick(self, observation: Observation, usable: int) -> float:
        """With one card in hand (or none, a pozzetto about to join it), two piles are worth
        taking whatever they leave in it: a lone card the hand can lay when the side may go
        out (it is laid, the held card discarded: the pozzetto, §2.7, or the close, §2.8),
        and, once the pozzetto is taken and no burraco is down yet, a pile of ``build_pile``
        cards or more, or of two with a card it can lay (one card cannot build the burraco
        that closing needs)."""
        w = self.w
        size = self.pile_size(observation)
        if len(observation.hand) == 1 and size == 1 and usable == 1:
            taken = observation.pozzetto_taken[own_side(observation)]
            burraco = has_burraco(own_melds(observation), self.rules)
            may_go_out = (taken and burraco) or (not taken and bool(observation.pozzetti_left))
            return w.pick_go_out if may_go_out else 0.0
        material = size >= w.build_pile or (size >= 2 and usable >= 1)
        if material and building_burraco(observation, own_side(observation), self.rules):
            return w.pick_build
        return 0.0

    def follow_layout(self, observation: Observation, plays: list[Action],
                      effects: dict[Action, PlayEffect]) -> tuple[list[Action], list[Action]]:
        """Lay new melds the way the exact solver would (``ramino.bots.burraco.solver``): a meld it
        does not choose would spend cards that are worth more elsewhere.  Plays that reach
        the pozzetto, close, raise a burraco or bring a meld to six cards keep their place
        first."""
        grouped = [m.rank for _, m in own_melds(observation) if m.kind == GROUP]
        layout = {tuple(sorted(m)) for m in solve(observation.hand, self.rules,
                                                 grouped_ranks=grouped).melds}
        urgent: list[Action] = []
        chosen: list[Action] = []
        others: list[Action] = []
        dropped: list[Action] = []
        for a in plays:
            e = effects[a]
            if e.closes or e.pozzetto or e.bonus_gain > 0:
                urgent.append(a)
            elif e.old is not None and e.result is not None and len(
                    e.result.cards) == self.w.reach_first:
                # A meld of six is one card, any natural that fits or a wild, from the
                # burraco that closing needs (§2.8): bring one there before laying new
                # melds that might spend the card (+21 to +24 points a hand on its own,
                # docs/bots.md, "How the expert decides").
                urgent.append(a)
            elif a.kind == MELD:
                (chosen if tuple(sorted(a.cards)) in layout else dropped).append(a)
            else:
                others.append(a)
        return urgent + chosen + others, dropped

    def target_order(self, e: PlayEffect) -> int:
        """Among plays greedy ranks alike, attach to the longest own meld: a card that fits
        two melds (a wild fits most) brings the nearer one closer to a burraco (§2.6)
        (+2 to +8 points a hand on blocks of 1,000 duplicate deals, docs/bots.md, "How
        the expert decides")."""
        return -len(e.old.cards) if self.w.attach_longest and e.old is not None else 0

    def play_score(self, e: PlayEffect, urgent: float, closing: bool,
                   clean_wanted: bool = False) -> float:
        w = self.w
        score = float(e.points + e.bonus_gain)
        if e.closes:
            score += w.close_bonus if closing else -w.close_bonus * 3
        if e.pozzetto:
            score += w.pozzetto_bonus
        if e.wilds and e.bonus_gain <= 0 and not e.pozzetto and not e.closes:
            score -= w.wild_cost * e.wilds * (1.0 - urgent)
        if e.wilds and e.old is not None and e.result is not None:
            was = burraco_type(e.old, self.rules)
            clean_run = e.old.wild < 0 and len(e.old.cards) >= 5
            if clean_run and (was is None or e.bonus_gain < 0):
                score -= w.spoil_clean * (1.0 - urgent)
            if (clean_wanted and e.old.wild < 0 and e.result.wild >= 0
                    and len(e.old.cards) >= w.clean_run):
                # Where only a clean burraco closes (§2.8, the Brazilian aberto and STBL
                # modes, §4.1), a wild on a clean meld of ``clean_run`` cards or more spends
                # the side's likeliest way to close; a dirty burraco still scores its bonus.
                score -= w.spoil_needed * (1.0 - urgent)
        return score

    def discard_cost(self, context: _DiscardContext, card: int) -> float:
        """Lower is a better scarto: what the card is worth to us plus what it gives away."""
        w = self.w
        rules = self.rules
        hand = context.hand
        hand[card] -= 1
        unseen = context.unseen
        keep = 0.0
        if any(fits(m, card, rules) for m in context.own):
            keep += w.keep_fit
        if is_burraco_wild(card):
            keep += w.keep_wild
        else:
            live = 0.5 + 0.5 * (unseen[card] > 0)  # a pair with a dead twin is less promising
            keep += w.keep_pair * same_rank(hand, card) * live
            keep += w.keep_neighbour * neighbours(hand, card)
        hand[card] += 1
        danger = 0.0
        longest = longest_fitting(context.theirs, card, rules)
        if longest:
            # What the card gives away grows with how near it brings their meld to a burraco
            # (§2.6): a card for a meld of three or four is a few points, one for a meld of
            # five brings a burraco within reach, one for six makes it (docs/bots.md,
            # "How the expert decides").
            danger += (w.danger_fit_short if longest <= w.short_meld
                       else w.danger_fit if longest < 6 else w.danger_fit_burraco)
        known = context.next_known
        danger += w.danger_known * (same_rank(known, card) + neighbours(known, card) > 0)
        # Cards the next opponent let pass (in the scarto when they drew instead of taking it,
        # or discarded by them) tell what their hand cannot use.
        if context.refused[card]:
            danger -= w.safe_refused
        elif not is_burraco_wild(card) and context.refused_ranks[card % 13]:
            danger -= w.safe_rank
        if is_burraco_wild(card):
            danger += w.danger_fit
        else:
            rank = card % 13
            live_rank = sum(unseen[s * 13 + rank] for s in range(4))
            danger += w.danger_live * live_rank
        danger *= ((1.0 + w.danger_pile * context.pile_size)
                   * (1.0 + w.danger_short * context.next_short))
        return keep + danger - w.shed_points * self.values[card] * (1.0 + context.urgent)


def refused_by_next(observation: Observation) -> list[int]:
    """Scarto cards the next opponent did not want: the pile grows by one discard a turn and
    empties when taken (§2.3), so with ``k`` cards above it a card was discarded ``k + 1``
    turns ago; with ``n`` players every card below the top ``n - 1`` was there when the next
    opponent last drew from the tallone instead, and every ``n``-th card from the
    ``n - 1``-th was their own discard."""
    pile = observation.pile
    n = len(pile)
    behind = observation.players - 1  # the next seat played this many turns ago
    if n < behind or observation.pile_size != n:
        return []  # a closed pile (§4.1) does not show who let what pass
    out = list(pile[:n - behind])
    out.extend(pile[n - k] for k in range(behind, n + 1, observation.players))
    if n == observation.turn + 1:
        out.remove(pile[0])  # never taken this hand: the bottom card is the upcard
    return out


class _DiscardContext:
    """What every candidate scarto of one decision shares (computed once per decision)."""

    __slots__ = ("hand", "next_known", "next_short", "own", "pile_size", "refused",
                 "refused_ranks", "theirs", "unseen", "urgent")

    def __init__(self, observation: Observation, rules: RuleSet, urgent: float) -> None:
        self.hand = to_counts(observation.hand)
        self.unseen = unseen_counts(observation, rules)
        self.own = [m for _, m in own_melds(observation)]
        self.theirs = [m for _, m in their_melds(observation)]
        opponent = next_opponent(observation)
        self.next_known = to_counts(observation.known_cards[opponent])
        self.next_short = max(0, 6 - observation.hand_sizes[opponent])
        self.pile_size = len(observation.pile)
        self.refused = [False] * 53
        self.refused_ranks = [False] * 13
        for c in refused_by_next(observation):
            self.refused[c] = True
            self.refused_ranks[c % 13] = True
        # Partner close to closing: shed points faster, they are about to count against us.
        mate = partner(observation)
        self.urgent = (1.0 if mate is not None and observation.hand_sizes[mate] <= 2
                       else urgent)
