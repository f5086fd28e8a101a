"""Why a move is played, in the game's words: a true fact of the position and the move.

``explain(observation, action, rules)`` reads the seat's own observation and what the move
does to it: the move is applied in one world sampled from the observation (the hidden cards
guessed, ``ramino.games.resample``) and only what the seat sees afterwards is read (the table,
its hand size, the pozzetto taken, the hand's end), never a guessed card, so the reason is the
same whatever the hidden cards are.  Burraco (§2): a new meld or the apertura, an attach that
makes or grows a burraco (§2.6), the pozzetto taken al volo or con lo scarto (§2.7), the
chiusura (§2.8), the pile taken and what it holds, a scarto that no opposing meld takes.
Scala 40 (§6): the apertura and its points (§6.3, §6.7), a pozzo card taken to meld, a
lay-off, the jolly swapped, the chiusura (§6.4), a scarto no meld on the table takes or its
penalty points (§6.5).

Every message id is written inside ``N_`` so that ``scripts/i18n_build.py`` extracts it
(babel.cfg); the values are card symbols (``7♥``), meld numbers and counts.
"""

from __future__ import annotations

import dataclasses
import random

from ramino.bots.burraco import features
from ramino.bots.scala40.plan import fits_table
from ramino.cards import SUIT_SYMBOLS, card_unicode, is_burraco_wild, to_counts
from ramino.coach.reason import N_, Reason, term
from ramino.games import burraco, scala40
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, SWAP, Action
from ramino.games.burraco.melds import GROUP, burraco_type
from ramino.games.resample import resample
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import RuleSet

Seen = burraco.Observation | scala40.Observation


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_unicode(c) for c in cards)


def observed_after(observation: Seen, action: Action, rules: RuleSet) -> Seen:
    """What the seat sees once ``action`` is played (in a world sampled from ``observation``
    with a fixed seed: read only what the seat would see whatever the hidden cards)."""
    world = resample(observation, random.Random(0), rules)
    world.apply(action)
    return world.observation(observation.seat)


def explain(observation: Seen, action: Action, rules: RuleSet) -> Reason:
    """A true reason for playing ``action`` (one of the seat's legal actions) now."""
    after = observed_after(observation, action, rules)
    if isinstance(observation, burraco.Observation):
        assert isinstance(after, burraco.Observation)
        # Every Burraco reason is worded per game (marked ``term``): Brazilian Buraco's morto.
        return dataclasses.replace(_burraco(observation, after, action, rules), worded=True)
    assert isinstance(after, scala40.Observation)
    return _scala40(observation, after, action, rules)


# --- Burraco ---------------------------------------------------------------------------------


# A burraco's type as a message id, worded per game (Brazilian Buraco: "limpa", "suja").
KIND_WORDS = {"pulito": term("pulito"), "semipulito": term("semipulito"),
              "sporco": term("sporco"), "reale": term("reale"), "super": term("super"),
              "real": term("real"), "as-a-as": term("as-a-as")}


def kind_word(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


def _burraco(seen: burraco.Observation, after: burraco.Observation, action: Action,
             rules: RuleSet) -> Reason:
    if after.end == "closed":
        return Reason(term("closes the hand: the chiusura is worth {bonus} points"),
                      {"bonus": str(rules.closing_bonus)})
    team = seen.sides[seen.seat]
    if after.pozzetto_taken[team] and not seen.pozzetto_taken[team]:
        if action.kind == DISCARD:
            return Reason(term("discards the last card and takes the pozzetto (con lo scarto)"))
        return Reason(term("empties the hand and takes the pozzetto al volo"))
    if action.kind == PICK:
        return _burraco_pick(seen, rules)
    if action.kind == DRAW:
        return _burraco_draw(seen, rules)
    if action.kind == MELD:
        return _burraco_meld(seen, after, rules)
    if action.kind == ATTACH:
        return _burraco_attach(seen, after, action, rules)
    return _burraco_discard(seen, action.cards[0], rules)


def _useful_to_side(seen: burraco.Observation, cards: tuple[int, ...],
                    rules: RuleSet) -> list[int]:
    """The cards of ``cards`` that go on the side's melds or make a meld with the hand and
    the other ``cards`` (all of them join the hand with a pick)."""
    own = [m for _, m in features.own_melds(seen)]
    counts = to_counts(seen.hand + cards)
    return [c for c in cards if any(features.fits(m, c, rules) for m in own)
            or features.melds_with(c, counts, rules)]


def _feeds_opponents(seen: burraco.Observation, cards: tuple[int, ...],
                     rules: RuleSet) -> list[int]:
    theirs = [m for _, m in features.their_melds(seen)]
    return [c for c in cards if not is_burraco_wild(c)
            and any(features.fits(m, c, rules) for m in theirs)]


def _burraco_pick(seen: burraco.Observation, rules: RuleSet) -> Reason:
    size = str(seen.pile_size)
    useful = _useful_to_side(seen, seen.pile, rules)
    needed = _feeds_opponents(seen, seen.pile, rules)
    if seen.pile_size == 1 and len(seen.pile) == 1:
        card = {"card": card_unicode(seen.pile[0])}
        if useful:
            return Reason(term("takes the scarto {card}: it goes on your melds or makes a new "
                             "one"), card)
        if needed:
            return Reason(term("takes the scarto {card}: your opponents need it"), card)
        return Reason(term("takes the scarto {card}: one more card to build melds with"), card)
    if useful:
        return Reason(term("takes the pile of {size} cards: {count} of them go on your melds or "
                         "make new ones"), {"size": size, "count": str(len(useful))})
    if needed:
        return Reason(term("takes the pile of {size} cards: it holds {count} cards your "
                         "opponents need"), {"size": size, "count": str(len(needed))})
    return Reason(term("takes the pile of {size} cards: more cards to build melds with"),
                  {"size": size})


def _burraco_draw(seen: burraco.Observation, rules: RuleSet) -> Reason:
    if not seen.pile_size:
        return Reason(term("draws from the tallone: the pile is empty"))
    if not _useful_to_side(seen, seen.pile, rules):
        return Reason(term("draws from the tallone: no card of the pile goes on your melds or "
                         "makes a new one"))
    if seen.pile_size == 1 and len(seen.pile) == 1:
        return Reason(term("draws from the tallone and leaves the scarto {card}"),
                      {"card": card_unicode(seen.pile[0])})
    return Reason(term("draws from the tallone and leaves the pile of {size} cards"),
                  {"size": str(seen.pile_size)})


def _burraco_meld(seen: burraco.Observation, after: burraco.Observation,
                  rules: RuleSet) -> Reason:
    laid = after.melds[len(seen.melds)].meld
    cards = cards_text(laid.cards)
    kind = burraco_type(laid, rules)
    if kind is not None:
        return Reason(term("lays a burraco {kind} at once: {cards}"),
                      {"kind": kind_word(kind), "cards": cards}, terms=("kind",))
    if not features.own_melds(seen):
        return Reason(term("opens your side's play with {cards}"), {"cards": cards})
    if laid.kind == GROUP:
        return Reason(term("lays a new group: {cards}"), {"cards": cards})
    return Reason(term("lays a new sequence in {suit}: {cards}"),
                  {"suit": SUIT_SYMBOLS[laid.suit], "cards": cards})


def _burraco_attach(seen: burraco.Observation, after: burraco.Observation, action: Action,
                    rules: RuleSet) -> Reason:
    before = seen.melds[action.meld - 1].meld
    grown = after.melds[action.meld - 1].meld
    params = {"cards": cards_text(action.cards), "meld": str(action.meld),
              "count": str(len(grown.cards))}
    kind = burraco_type(grown, rules)
    if kind is not None and burraco_type(before, rules) is None:
        where = (term("completes a burraco {kind} in {suit} with {cards}") if grown.is_sequence
                 else term("completes a burraco {kind} of a group with {cards}"))
        return Reason(where, {**params, "kind": kind_word(kind), "suit": SUIT_SYMBOLS[grown.suit]},
                      terms=("kind",))
    if kind is not None:
        return Reason(term("adds {cards} to the burraco on meld {meld}, now {count} cards"),
                      params)
    if len(grown.cards) == 6:
        return Reason(term("lays off {cards} on meld {meld}: one card short of a burraco"),
                      params)
    return Reason(term("lays off {cards} on meld {meld}, now {count} cards"), params)


def _burraco_discard(seen: burraco.Observation, card: int, rules: RuleSet) -> Reason:
    params = {"card": card_unicode(card)}
    if not _feeds_opponents(seen, (card,), rules) and not is_burraco_wild(card):
        if not features.their_melds(seen):
            return Reason(term("discards {card}: your opponents have no meld down to take it"),
                          params)
        return Reason(term("discards {card}: no meld of your opponents takes it"), params)
    rest = list(seen.hand)
    rest.remove(card)
    own = [m for _, m in features.own_melds(seen)]
    if not any(features.fits(m, card, rules) for m in own) and not features.melds_with(
            card, to_counts(rest), rules):
        return Reason(term("discards {card}: it goes on none of your melds and makes none with "
                         "your hand"), params)
    return Reason(term("discards {card} and keeps the cards that build your melds"), params)


# --- Scala 40 ---------------------------------------------------------------------------------


def _scala40(seen: scala40.Observation, after: scala40.Observation, action: Action,
             rules: RuleSet) -> Reason:
    seat = seen.seat
    if after.end == "closed":
        return Reason(N_("closes the hand: the others pay the cards they hold"))
    if action.kind == MELD and not seen.opened[seat]:
        points = after.opening_points
        threshold = rules.opening_threshold
        if points >= threshold:
            return Reason(N_("opens with {points} points: {cards}"),
                          {"points": str(points), "cards": cards_text(action.cards)})
        return Reason(N_("lays {cards} toward the apertura: {points} of the {threshold} "
                         "points"), {"cards": cards_text(action.cards), "points": str(points),
                                     "threshold": str(threshold)})
    if action.kind == MELD:
        return Reason(N_("lays a new meld: {cards}"), {"cards": cards_text(action.cards)})
    if action.kind == ATTACH:
        return Reason(N_("lays off {cards} on meld {meld}"),
                      {"cards": cards_text(action.cards), "meld": str(action.meld)})
    if action.kind == SWAP:
        return Reason(N_("takes the jolly from meld {meld}, giving {card} for it"),
                      {"card": card_unicode(action.cards[0]), "meld": str(action.meld)})
    if action.kind == PICK:
        assert seen.top is not None
        return Reason(N_("takes {card} from the pozzo to meld it this turn"),
                      {"card": card_unicode(seen.top)})
    if action.kind == DRAW:
        if seen.top is None:
            return Reason(N_("draws from the tallone"))
        return Reason(N_("draws from the tallone and leaves {card} on the pozzo"),
                      {"card": card_unicode(seen.top)})
    card = action.cards[0]
    params = {"card": card_unicode(card)}
    if not fits_table([m.meld for m in seen.melds], card, rules):
        return Reason(N_("discards {card}: no meld on the table takes it"), params)
    return Reason(N_("discards {card}, {points} penalty points less in hand"),
                  {**params, "points": str(penalty_value(card, rules))})


__all__ = ["cards_text", "explain", "observed_after"]
