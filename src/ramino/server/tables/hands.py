"""Hands of a table: the match plan, a fresh deal with its commitment, and a stored hand
replayed through the engine (after a restart, or to show an earlier hand).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from ramino.games.state import GameState
from ramino.records.document import write_deal
from ramino.rules import RuleSet
from ramino.server.fairness import commitment_of
from ramino.server.games import game_of
from ramino.server.matches import MatchPlan, rebuild
from ramino.server.store import StoredHand


def table_plan(rules: RuleSet, hands: int, target: int | None,
               fixed_hands: bool = False) -> MatchPlan:
    """The table's match; ``fixed_hands``: a tournament turno, exactly ``hands`` hands and
    nobody eliminated."""
    return MatchPlan(hands, target, None if fixed_hands else game_of(rules).elimination(rules))


def new_hand(rules: RuleSet, hand_no: int, dealer: int, rng: random.Random | None = None,
             in_play: tuple[bool, ...] | None = None, totals: Sequence[int] = (),
             prepared: dict[str, Any] | None = None) -> tuple[StoredHand, GameState]:
    """A fresh deal and its commitment (hash of deal and salt).  Shuffled with ``secrets``
    unless a seeded ``rng`` is given (tests and reproducible demos only), or the ``prepared``
    deal of a duplicate turno.  ``in_play``: the seats dealt in (default all), ``totals``: the
    match's totals by side (Scala 40's penalties; three-player Burraco's switch, §5.2)."""
    game = game_of(rules)
    seating = game.seating(rules, dealer, in_play or (True,) * rules.players)
    totals = totals or (0,) * rules.players
    rules = game.hand_rules(rules, seating, totals)
    if prepared is not None:
        deal = game.read_deal(rules, prepared, seating)
    else:
        deal = game.deal(rules, seating, rng or secrets.SystemRandom())
    deal_json = write_deal(deal)
    salt = secrets.token_hex(16)
    hand = StoredHand(hand_no, dealer, deal_json, salt, commitment_of(deal_json, salt), [], None)
    return hand, game.start(rules, deal, seating, totals)


def stored_hand(rules: RuleSet, plan: MatchPlan, hands: Sequence[StoredHand],
                index: int) -> tuple[tuple[bool, ...], GameState]:
    """The seats dealt in to ``hands[index]`` and its state replayed.  Who was dealt in is not
    stored: it follows from the match before that hand (Scala 40 players out sit out)."""
    game = game_of(rules)
    results = [(h.hand_no, h.result) for h in hands[:index]]
    before = rebuild(plan, [*results, (hands[index].hand_no, None)], rules.players,
                     game.width(rules), reentries_by_hand(hands[:index]))
    in_play = game.in_play(rules, before)
    return in_play, replay_hand(rules, hands[index], in_play, before.totals)


def reentries_by_hand(hands: Sequence[StoredHand]) -> dict[int, list[int]]:
    """The sides that re-entered a Scala 40 match after each hand, by hand number."""
    return {h.hand_no: h.reentries for h in hands if h.reentries}


def replay_hand(rules: RuleSet, hand: StoredHand, in_play: tuple[bool, ...] | None = None,
                totals: Sequence[int] = ()) -> GameState:
    """The live state of a stored hand: its deal, then every stored action through the engine."""
    game = game_of(rules)
    # The engine counts seats from the first player; ``hand.dealer`` is a table seat.
    seating = game.seating(rules, hand.dealer, in_play or (True,) * rules.players)
    totals = totals or (0,) * rules.players
    rules = game.hand_rules(rules, seating, totals)
    state = game.start(rules, game.read_deal(rules, hand.deal, seating), seating, totals)
    for _seat, text in hand.actions:
        state.play(text)
    return state
