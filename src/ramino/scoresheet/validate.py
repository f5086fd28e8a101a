"""What the rules allow a hand's counts to be: each refusal names the field and the rule.

Burraco and Buraco, per hand (``hands[i]``) and side (``hands[i].sides[s]``):

- ``burrachi.<type>``: a type the rule set has (code ``burraco-type``); together the burrachi
  need at least their cards' fewest points (``burrachi-points``, ``limits.burraco_types``);
- ``melded``, ``in_hand``, ``unplayed_pozzetto``: multiples of ``point_step`` (``point-step``);
  all sides' card points together at most the pack's (``pack-points``, on ``sides``);
- ``unplayed_pozzetto`` only for a side that took its pozzetto (``unplayed-not-taken``);
- ``closed``: at most one side (``two-closers``, §2.8); the closer took its pozzetto
  (``close-without-pozzetto``, §2.8 item 1; not where a pozzetto can leave the table
  untaken, §4.2) and has a burraco (``close-without-burraco``,
  item 2), a clean one under ``closing_burraco_requirement=CLEAN`` (``close-without-clean``);
- ``pozzetto_taken`` with ``pozzetto_requires_burraco``: the side has a burraco
  (``pozzetto-without-burraco``, §5.3);
- ``end``: ``closed`` exactly when a side closed (``end-closed`` / ``end-not-closed``).

Three-player Burraco (§5.2), checked with the rules of the hand
(``ramino.games.burraco.match.hand_rules``: three pozzetti of 11 once a total has reached
``three_player_switch_threshold``):

- ``solo`` only while the 18 and the 11 are dealt (``solo-all-alone`` after the switch, when
  everyone plays alone);
- the solo took his pozzetto, the 18 (``solo-without-pozzetto``, on ``sides[0]``);
- without a solo, while the 18 is dealt, nobody took a pozzetto: the first to take one is the
  solo (``taken-without-solo``).

Scala 40, per hand and player (``hands[i].players[p]``), §6.4–§6.5:

- at most one player closed (``two-closers``); the closer holds nothing (``closer-in-hand``);
- a player who never opened holds his whole hand: between the cheapest and the dearest
  ``hand_size`` cards (``unopened-in-hand``); nobody holds more (``in-hand-max``);
- ``chiusura_in_mano``: only with a closer (``in-mano-without-close``) and where the rules allow
  it (``in-mano-not-allowed``);
- ``end``: as for Burraco.

Which players are dealt in and the match's end are the sheet's checks
(:mod:`ramino.scoresheet.sheet`).
"""

from __future__ import annotations

from ramino.games.burraco.seating import forms_pair_on_first_pozzetto
from ramino.records.fields import index_path, key_path
from ramino.rules.options import ClosingBurracoRequirement, RuleSet, StockExhaustion
from ramino.scoresheet.entries import BurracoHand, Scala40Hand, SideCount
from ramino.scoresheet.errors import SheetError
from ramino.scoresheet.limits import (
    burraco_types,
    pack_points,
    point_step,
    scala40_hand_bounds,
)


def check_burraco(rules: RuleSet, hand: BurracoHand, path: str) -> None:
    """Refuse counts the rules cannot give (the first problem, naming its field).  Three
    players: ``rules`` are the hand's (``hand_rules``, after the match's switch or not)."""
    step = point_step(rules)
    sides_path = key_path(path, "sides")
    if rules.players == 3:
        _check_three(rules, hand, path)
    elif hand.solo is not None:
        raise SheetError(key_path(path, "solo"), "shape",
                         "only three-player Burraco has a solo (RULES.md §5.2)")
    for s, side in enumerate(hand.sides):
        _check_side(rules, side, index_path(sides_path, s), step)
    closers = [s for s, side in enumerate(hand.sides) if side.closed]
    if len(closers) > 1:
        raise SheetError(key_path(index_path(sides_path, closers[1]), "closed"), "two-closers",
                         f"sides {closers[0]} and {closers[1]} both closed; only one side "
                         "closes a hand (RULES.md §2.8)",
                         {"first": closers[0], "second": closers[1]})
    total = sum(side.melded + side.in_hand + side.unplayed_pozzetto for side in hand.sides)
    limit = pack_points(rules)
    if total > limit:
        raise SheetError(sides_path, "pack-points",
                         f"the sides count {total} card points together, more than the whole "
                         f"pack holds ({limit}, RULES.md §1.3)", {"total": total, "limit": limit})
    _check_end(hand.end, bool(closers), path)


def pairs_form(rules: RuleSet) -> bool:
    """Three players with the 18 and the 11: the first to take a pozzetto plays solo and the
    other two become a pair (§5.2); with three pozzetti of 11 everyone plays alone."""
    return forms_pair_on_first_pozzetto(rules.players, rules.pozzetto_sizes)


def _check_three(rules: RuleSet, hand: BurracoHand, path: str) -> None:
    sides_path = key_path(path, "sides")
    if hand.solo is not None and not 0 <= hand.solo < 3:
        raise SheetError(key_path(path, "solo"), "shape", f"a seat 0..2, not {hand.solo}",
                         {"min": 0, "max": 2})
    if len(hand.sides) != (3 if hand.solo is None else 2):
        raise SheetError(sides_path, "shape", "with a solo, 2 counts (the solo's, then the "
                         "pair's); without, 3 (one per player) (RULES.md §5.2)")
    if not pairs_form(rules):
        if hand.solo is not None:
            raise SheetError(key_path(path, "solo"), "solo-all-alone",
                             "this hand is played with three pozzetti of 11 (a player's total "
                             f"has reached {rules.three_player_switch_threshold}), everyone "
                             "alone to the end: no solo, one count per player (RULES.md §5.2)",
                             {"threshold": rules.three_player_switch_threshold})
        return
    if hand.solo is not None:
        if not hand.sides[0].pozzetto_taken:
            raise SheetError(key_path(index_path(sides_path, 0), "pozzetto_taken"),
                             "solo-without-pozzetto",
                             "the solo is the first player who emptied his hand and took the "
                             "18: he took his pozzetto (RULES.md §5.2)")
        return
    for s, side in enumerate(hand.sides):
        if side.pozzetto_taken:
            raise SheetError(key_path(index_path(sides_path, s), "pozzetto_taken"),
                             "taken-without-solo",
                             "the first player to take a pozzetto takes the 18 and plays "
                             "solo, the other two as a pair: name him in solo (RULES.md §5.2)")


def _check_side(rules: RuleSet, side: SideCount, path: str, step: int) -> None:
    known = burraco_types(rules)
    names = ", ".join(t.name for t in known)
    burrachi_path = key_path(path, "burrachi")
    need = 0
    for kind in side.burrachi:
        if kind not in {t.name for t in known}:
            raise SheetError(key_path(burrachi_path, kind), "burraco-type",
                             f"{rules.preset} has no burraco {kind!r} (its types: {names}; "
                             "RULES.md §2.6, §3.5, §4.3)")
    for t in known:
        count = side.burrachi.get(t.name, 0)
        need += count * t.min_points
        if count and need > side.melded:
            noun = "burraco" if count == 1 else "burrachi"
            raise SheetError(key_path(burrachi_path, t.name), "burrachi-points",
                             f"{count} {t.name} {noun} need at least {t.min_cards} cards each, "
                             f"{t.min_points} card points or more each; with the burrachi "
                             f"listed before, at least {need}, but melded is {side.melded} "
                             "(RULES.md §2.6)", {"count": count, "type": t.name, "need": need,
                                                 "melded": side.melded, "cards": t.min_cards})
    for name in ("melded", "in_hand", "unplayed_pozzetto"):
        value = getattr(side, name)
        if value % step:
            raise SheetError(key_path(path, name), "point-step",
                             f"{value} is not a multiple of {step}, as every card value is "
                             "(RULES.md §1.3)", {"value": value, "step": step})
    if side.unplayed_pozzetto and not side.pozzetto_taken:
        raise SheetError(key_path(path, "unplayed_pozzetto"), "unplayed-not-taken",
                         "a side that did not take its pozzetto has no unplayed pozzetto "
                         "(RULES.md §2.7)")
    has_burraco = any(side.burrachi.values())
    if side.pozzetto_taken and rules.pozzetto_requires_burraco and not has_burraco:
        raise SheetError(key_path(path, "pozzetto_taken"), "pozzetto-without-burraco",
                         "under pozzetto_requires_burraco a side takes its pozzetto only after "
                         "making a burraco (RULES.md §5.3)")
    if side.closed:
        if not side.pozzetto_taken and closing_needs_pozzetto(rules):
            raise SheetError(key_path(path, "closed"), "close-without-pozzetto",
                             "a side closes only after taking its pozzetto (RULES.md §2.8 "
                             "item 1)")
        if not has_burraco:
            raise SheetError(key_path(path, "closed"), "close-without-burraco",
                             "a side closes only with a burraco on the table (RULES.md §2.8 "
                             "item 2)")
        clean = any(t.clean and side.burrachi.get(t.name, 0) for t in known)
        if rules.closing_burraco_requirement is ClosingBurracoRequirement.CLEAN and not clean:
            raise SheetError(key_path(path, "closed"), "close-without-clean",
                             f"{rules.preset} closes only with a clean burraco (pulito) on "
                             "the table (RULES.md §2.8, §3.6)")


def closing_needs_pozzetto(rules: RuleSet) -> bool:
    """Whether a side that closed must have taken its pozzetto: always, unless a pozzetto can
    leave the table untaken — a morto becoming the stock (``POZZETTO_BECOMES_STOCK``) or a side
    taking both (``team_can_take_both_mortos``) — when a side with none left to take may close
    (§4.2)."""
    return not (rules.stock_exhaustion is StockExhaustion.POZZETTO_BECOMES_STOCK
                or rules.team_can_take_both_mortos)


def _check_end(end: str | None, closed: bool, path: str) -> None:
    if end is None:
        return
    if end == "closed" and not closed:
        raise SheetError(key_path(path, "end"), "end-closed",
                         "the hand ended closed, but no side (player) closed it")
    if end != "closed" and closed:
        raise SheetError(key_path(path, "end"), "end-not-closed",
                         f"the hand ended by {end}, but a side (player) closed it")


def check_scala40(rules: RuleSet, hand: Scala40Hand, path: str) -> None:
    """Refuse counts the rules cannot give (the first problem, naming its field)."""
    players_path = key_path(path, "players")
    low, high = scala40_hand_bounds(rules)
    closers: list[int] = []
    for seat, player in enumerate(hand.players):
        if player is None:
            continue
        here = index_path(players_path, seat)
        if player.closed:
            closers.append(seat)
            if len(closers) > 1:
                raise SheetError(key_path(here, "closed"), "two-closers",
                                 f"players {closers[0]} and {seat} both closed; only one "
                                 "player closes a hand (RULES.md §6.4)",
                                 {"first": closers[0], "second": seat})
            if player.in_hand:
                raise SheetError(key_path(here, "in_hand"), "closer-in-hand",
                                 "the player who closed has no card left in hand (RULES.md "
                                 "§6.4)")
        elif not player.opened and not low <= player.in_hand <= high:
            raise SheetError(key_path(here, "in_hand"), "unopened-in-hand",
                             f"a player who never opened holds all {rules.hand_size} cards: "
                             f"between {low} and {high} points, not {player.in_hand} "
                             "(RULES.md §6.4, §6.5)", {"cards": rules.hand_size, "low": low,
                                                       "high": high, "value": player.in_hand})
        elif player.in_hand > high:
            raise SheetError(key_path(here, "in_hand"), "in-hand-max",
                             f"{player.in_hand} points: no player ends a hand holding more "
                             f"than {rules.hand_size} cards, at most {high} points (RULES.md "
                             "§6.5)", {"cards": rules.hand_size, "high": high,
                                       "value": player.in_hand})
    if hand.chiusura_in_mano:
        where = key_path(path, "chiusura_in_mano")
        if not rules.chiusura_in_mano_allowed:
            raise SheetError(where, "in-mano-not-allowed",
                             "these rules have no chiusura in mano (chiusura_in_mano_allowed="
                             "false, RULES.md §6.7)")
        if not closers:
            raise SheetError(where, "in-mano-without-close",
                             "a chiusura in mano needs the player who closed (RULES.md §6.4)")
    _check_end(hand.end, bool(closers), path)
