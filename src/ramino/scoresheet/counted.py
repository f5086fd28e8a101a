"""The counts players read off a hand the engine played, for the score sheet: per side the
card points melded, the burrachi by type (§2.6), the card points left in hand, the pozzetto
taken and who closed (§2.10); in Scala 40 each player's penalty points in hand, whether he had
opened and who closed (§6.4).  ``ramino play`` keeps its match on a :class:`~.sheet.Sheet`
through these, and the property tests check the sheet against the engine's own result with
them."""

from __future__ import annotations

from collections import Counter

from ramino.cards import NUM_TYPES
from ramino.games.burraco.melds import burraco_type, cards_points
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.scoring import penalty_value
from ramino.games.scala40.state import Scala40State
from ramino.scoresheet.entries import BurracoHand, PlayerCount, Scala40Hand, SideCount


def burraco_counts(state: BurracoState) -> BurracoHand:
    """The counts of a finished Burraco or Buraco hand, by side in record order; three
    players with a solo (§5.2): the solo's side, then the pair's."""
    rules = state.rules
    values = rules.card_value_table()
    sides = state.sides
    solo = None
    teams = sorted(set(sides))
    if len(sides) == 3 and len(teams) == 2:
        solo = next(seat for seat in range(3) if sides.count(sides[seat]) == 1)
        teams = [sides[solo], next(t for t in teams if t != sides[solo])]
    counts: list[SideCount] = []
    for team in teams:
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
    if end is None:
        raise ValueError("the hand is not over: nothing to count yet")
    return BurracoHand(tuple(counts), None if end in ("closed", "stock") else end, solo)


def scala40_counts(state: Scala40State, seats: tuple[int, ...] | None = None,
                   match_players: int | None = None) -> Scala40Hand:
    """The counts of a finished Scala 40 hand by match seat: ``seats`` the match seats of the
    hand's seats (a player out of the match is not dealt in: his entry is ``None``)."""
    rules = state.rules
    seats = seats or tuple(range(state.players))
    entries: list[PlayerCount | None] = [None] * (match_players or state.players)
    for local, seat in enumerate(seats):
        held = sum(penalty_value(c, rules) * state.hands[local][c] for c in range(NUM_TYPES)
                   if state.hands[local][c])
        entries[seat] = PlayerCount(held, state.opened[local], state.closed_by == local)
    end = state.end
    if end is None:
        raise ValueError("the hand is not over: nothing to count yet")
    return Scala40Hand(tuple(entries), state.chiusura_in_mano,
                       None if end in ("closed", "stock") else end)
