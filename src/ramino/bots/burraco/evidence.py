"""What the other players' play says about their hidden cards: the scarto they let pass, and
the melds they did not lay.

``ramino.games.burraco.resample`` deals every card a seat cannot see at random, which is all the
seat
*knows*.  A player also *infers*: a rule-following opponent who drew from the tallone while
the scarto held a card they could lay at once would have taken it (§2.3 step 1: the
whole pile comes, and every bot of the ladder takes it when one of its cards can be laid), so a
pile they let pass says which cards are probably not in their hand; and a player who has just
finished a turn holds no meld of naturals and no natural that fits a meld of its side, or it
would have laid them (§2.4–§2.5: nothing makes a player keep them, and the ladder's bots lay
them).  Counted over 20 deals of expert self-play, 97% of the true hands agree with the second
rule where 46% of the guesses do not.  The search bot keeps the guessed worlds that agree
with both (``SearchBot.world``).

The open pile tells who let what pass without any memory of the hand: it grows by one discard
a turn and empties when taken (§2.3), so with the seat to play at ``current``, the seat ``k``
places before it drew from the tallone while the scarto was its bottom ``len(pile) - k`` cards
(if that is more than none, nobody has taken the pile since).
"""

from __future__ import annotations

from ramino.bots.burraco.features import building_burraco, fits, melds_with
from ramino.cards import is_burraco_wild, to_counts
from ramino.games.burraco.melds import GROUP, Meld
from ramino.games.burraco.state import Observation
from ramino.rules.options import DiscardPickup, RuleSet


def passed_piles(observation: Observation, rules: RuleSet) -> list[tuple[int, ...]]:
    """For each seat, the scarto it let pass at its latest draw from the tallone, as far as
    the open pile shows it (empty when the pile was taken since, the seat has not drawn yet
    this hand, or the rules hide the pile or let a pick take only its top card, §4.1)."""
    players = observation.players
    passed: list[tuple[int, ...]] = [() for _ in range(players)]
    pile = observation.pile
    if (rules.discard_pickup is not DiscardPickup.WHOLE_PILE
            or observation.pile_size != len(pile)):
        return passed
    for seat in range(players):
        behind = (observation.current - seat) % players
        if behind and len(pile) > behind:
            passed[seat] = tuple(pile[:len(pile) - behind])
    return passed


class HandEvidence:
    """What a guessed hand is checked against, one decision's worth (``mode``: 1 the passes,
    2 the finished turns, 3 both).  Passes: per seat, the natural scarto cards that the
    seat's public cards (melds of its side, cards it took with the pile, the pile itself)
    could not use, so only a hidden card could have made them usable; a pile holding a wild
    is skipped (every ladder bot takes a wild), as is a card the public cards already make
    usable (the seat did not play like the ladder's bots), and so are the passes of a seat
    down to two cards or of a lone card while its side has the pozzetto and no burraco
    (where the expert passes usable piles).  Finished turns: ``held``."""

    __slots__ = ("checks", "held", "rules")

    def __init__(self, observation: Observation, rules: RuleSet, mode: int = 3) -> None:
        self.rules = rules
        self.checks: list[tuple[int, list[int], list[int]]] = []
        #: Seats that have finished a turn this hand, with the melds their hand must not fit
        #: (only for the seat that played last: a partner's later melds are not its fault).
        self.held: list[tuple[int, list[Meld]]] = []
        players = observation.players
        for seat in range(players):
            behind = (observation.current - seat) % players
            if mode & 2 and behind and observation.turn >= behind:
                side = observation.sides[seat]
                own = ([m.meld for m in observation.melds if m.side == side]
                       if behind == 1 else [])
                self.held.append((seat, own))
        for seat, pile in enumerate(passed_piles(observation, rules)):
            if not mode & 1:
                break
            if seat == observation.seat or not pile or any(is_burraco_wild(c) for c in pile):
                continue
            side = observation.sides[seat]
            own = [m.meld for m in observation.melds if m.side == side]
            if observation.hand_sizes[seat] <= 2 or (len(pile) == 1
                                                     and building_burraco(observation, side)):
                # Where the expert lets a usable pile pass: its last two cards, and a lone
                # card while its side builds the burraco that closing needs (docs/bots.md,
                # "How the expert decides").
                continue
            groups = {m.rank for m in own if m.kind == GROUP}
            scarto = to_counts(pile)
            public = to_counts(observation.known_cards[seat])
            for c in pile:
                public[c] += 1
            cards = sorted({c for c in set(pile) if c % 13 not in groups
                            and not any(fits(m, c, rules) for m in own)
                            and not melds_with(c, public, rules)})
            if cards:
                self.checks.append((seat, cards, scarto))

    def conflicts(self, hands: list[list[int]]) -> int:
        """How many passed cards the guessed ``hands`` (counts per seat) would have let the
        seat lay at once, plus one for each seat holding a meld it would have laid: 0 for a
        guess that agrees with all the evidence."""
        found = 0
        for seat, cards, scarto in self.checks:
            # A guessed hand already holds the seat's known cards (``resample`` keeps them).
            combined = [a + b for a, b in zip(hands[seat], scarto, strict=True)]
            for c in cards:
                found += melds_with(c, combined, self.rules)
        for seat, own in self.held:
            naturals = [0 if is_burraco_wild(c) else n for c, n in enumerate(hands[seat])]
            for c, n in enumerate(naturals):
                if n and (any(fits(m, c, self.rules) for m in own)
                          or melds_with(c, naturals, self.rules)):
                    found += 1
                    break
        return found


__all__ = ["HandEvidence", "passed_piles"]
