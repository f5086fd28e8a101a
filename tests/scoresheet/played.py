"""Hands and matches played by the engine with bots, and the counts players would read off
them at the table: the score keeper's counts are taken from the final position exactly as
people count (card points melded per side, burrachi by type, card points left in hand, the
pozzetto taken, who closed)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ramino.bots.registry import make_bot
from ramino.cards import NUM_TYPES
from ramino.games.burraco.melds import burraco_type, cards_points
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.scoring import penalty_value
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet
from ramino.scoresheet import BurracoHand, PlayerCount, Scala40Hand, SideCount


def finish(state: BurracoState | Scala40State, seed: int, bots: str = "greedy") -> None:
    """Play ``state`` to its end with seeded bots (``mixed``: greedy and random seats)."""
    rules = state.rules
    players = [make_bot(bots if bots != "mixed" else ("greedy", "random")[i % 2],
                        seed * 10 + i, rules) for i in range(state.players)]
    while not state.is_over:
        seat = state.current
        observation: Any = state.observation(seat)
        state.apply(players[seat].choose(observation, state.legal_actions()))


def play_burraco(rules: RuleSet, seed: int, bots: str = "greedy") -> BurracoState:
    state = BurracoState.new_hand(rules, seed=seed)
    finish(state, seed, bots)
    return state


def burraco_counts(state: BurracoState) -> BurracoHand:
    rules = state.rules
    values = rules.card_value_table()
    sides = state.sides
    counts: list[SideCount] = []
    for team in sorted(set(sides)):
        kinds: Counter[str] = Counter()
        melded = 0
        for meld, owner in zip(state.melds, state.meld_side, strict=True):
            if owner != team:
                continue
            melded += cards_points(meld.cards, values)
            kind = burraco_type(meld, rules)
            if kind is not None:
                kinds[kind] += 1
        in_hand = 0
        unplayed = 0
        for seat in range(len(sides)):
            if sides[seat] != team:
                continue
            in_hand += sum(values[c] * n for c, n in enumerate(state.hands[seat]) if n)
            waiting = state.pending[seat]
            if waiting is not None:
                unplayed += cards_points(waiting, values)
        closed = (state.end == "closed" and state.closed_by is not None
                  and sides[state.closed_by] == team)
        counts.append(SideCount(dict(kinds), melded, in_hand, state.taken[team], closed,
                                unplayed))
    end = state.end
    assert end is not None
    return BurracoHand(tuple(counts), None if end in ("closed", "stock") else end)


def play_scala40(rules: RuleSet, seed: int, bots: str = "greedy") -> Scala40State:
    state = Scala40State.new_hand(rules, seed=seed)
    finish(state, seed, bots)
    return state


def scala40_counts(state: Scala40State, seats: tuple[int, ...] | None = None,
                   match_players: int | None = None) -> Scala40Hand:
    """The counts by match seat: ``seats`` the match seats of the hand's seats."""
    rules = state.rules
    seats = seats or tuple(range(state.players))
    entries: list[PlayerCount | None] = [None] * (match_players or state.players)
    for local, seat in enumerate(seats):
        held = sum(penalty_value(c, rules) * state.hands[local][c] for c in range(NUM_TYPES)
                   if state.hands[local][c])
        entries[seat] = PlayerCount(held, state.opened[local], state.closed_by == local)
    end = state.end
    assert end is not None
    return Scala40Hand(tuple(entries), state.chiusura_in_mano,
                       None if end in ("closed", "stock") else end)
