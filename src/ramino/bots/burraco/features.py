"""What a bot can read off an observation: own and opposing melds, what a card is good for,
card counting, and the effect of a meld or attach action (§2.3–§2.8, §2.10).

Shared by the greedy and expert bots, so both speak of the same things with the same words.
Everything here is a pure function of the observation: no hidden card is ever consulted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.cards import JOKER, NUM_TYPES, TWO, is_burraco_wild, to_counts
from ramino.games.actions import ATTACH, MELD, Action
from ramino.games.burraco.melds import (
    Meld,
    attach_options,
    burraco_bonus,
    burraco_type,
    is_clean_burraco,
    new_meld_options,
    resolve_attach,
    resolve_new_meld,
)
from ramino.games.burraco.state import Observation
from ramino.rules.options import ClosingBurracoRequirement, RuleSet


def side_of(observation: Observation, seat: int) -> int:
    """The side ``seat`` plays for now, as the engine seats them (§5): its own at 2
    players and at 3 until the solo takes the 18 (§5.2), pairs at 4 and 6."""
    return observation.sides[seat]


def own_side(observation: Observation) -> int:
    return observation.sides[observation.seat]


def sides_in_play(observation: Observation) -> list[int]:
    """The sides that have seats (at 3 players the pair formed on the 18 leaves one empty)."""
    return sorted(set(observation.sides))


def partner(observation: Observation) -> int | None:
    """The other seat of this seat's side, if it has one (none at 2 players, §5)."""
    side = own_side(observation)
    return next((s for s in range(observation.players)
                 if s != observation.seat and observation.sides[s] == side), None)


def next_opponent(observation: Observation) -> int:
    """The seat that may take what this seat discards (§2.3 step 1)."""
    return (observation.seat + 1) % observation.players


def own_melds(observation: Observation) -> list[tuple[int, Meld]]:
    team = own_side(observation)
    return [(m.number, m.meld) for m in observation.melds if m.side == team]


def their_melds(observation: Observation) -> list[tuple[int, Meld]]:
    team = own_side(observation)
    return [(m.number, m.meld) for m in observation.melds if m.side != team]


def meld_bonus(meld: Meld | None, rules: RuleSet) -> int:
    return 0 if meld is None else burraco_bonus(burraco_type(meld, rules), rules)


def has_burraco(melds: list[tuple[int, Meld]], rules: RuleSet | None = None) -> bool:
    """A burraco among ``melds``; given ``rules``, one that lets the side close: a clean one
    where ``closing_burraco_requirement`` is CLEAN (§2.8, the Brazilian aberto and STBL
    modes, §4.1), where a dirty canastra scores but does not close."""
    if rules is not None and needs_clean(rules):
        return any(len(m.cards) >= 7 and is_clean_burraco(burraco_type(m, rules))
                   for _, m in melds)
    return any(len(m.cards) >= 7 for _, m in melds)


def needs_clean(rules: RuleSet) -> bool:
    """Closing needs a clean burraco (§2.8, §4.1)."""
    return rules.closing_burraco_requirement is ClosingBurracoRequirement.CLEAN


def building_burraco(observation: Observation, team: int,
                     rules: RuleSet | None = None) -> bool:
    """``team`` has taken its pozzetto but has no burraco down that closes (``has_burraco``):
    it cannot close yet (§2.8), and the expert's pick changes (docs/bots.md, "How the expert
    decides")."""
    return observation.pozzetto_taken[team] and not has_burraco(
        [(m.number, m.meld) for m in observation.melds if m.side == team], rules)


_FITS: dict[tuple[Meld, int, RuleSet], bool] = {}


def fits(meld: Meld, card: int, rules: RuleSet) -> bool:
    """Can ``card`` alone be attached to ``meld``? (memoised: the same melds recur all hand)."""
    key = (meld, card, rules)
    found = _FITS.get(key)
    if found is None:
        if len(_FITS) > 200_000:
            _FITS.clear()
        found = _FITS[key] = bool(attach_options(meld, (card,), rules))
    return found


def longest_fitting(melds: list[Meld], card: int, rules: RuleSet) -> int:
    """The longest of ``melds`` that ``card`` alone could be attached to (0: none)."""
    return max((len(m.cards) for m in melds if fits(m, card, rules)), default=0)


_CORES: dict[tuple[int, int, int, RuleSet], bool] = {}


def melds_with(card: int, counts: list[int], rules: RuleSet) -> bool:
    """Does ``card`` make a legal three-card meld with two other cards of ``counts``?  Every
    longer meld holding a card contains such a core (two naturals beside it, or one and a
    wild), so this is how a rule bot asks "can I lay this card now"."""
    if is_burraco_wild(card):
        return False
    suit, rank = divmod(card, 13)
    others = [c for c in range(NUM_TYPES) if counts[c] and (
        is_burraco_wild(c) or c % 13 == rank or (c // 13 == suit and c != card))]
    for i, x in enumerate(others):
        for y in others[i:]:
            trio = (card, x, y)
            if any(counts[v] < trio.count(v) for v in trio):
                continue
            key = (card, x, y, rules) if x <= y else (card, y, x, rules)
            found = _CORES.get(key)
            if found is None:
                found = _CORES[key] = bool(new_meld_options((card, x, y), rules))
            if found:
                return True
    return False


def unseen_counts(observation: Observation, rules: RuleSet) -> list[int]:
    """Card counting: copies of each card this seat has not seen anywhere (each card exists
    twice, §1.1, three times at 6 players, §5.3); they are in other hands, the pozzetti or
    the tallone."""
    left = to_counts(rules.full_pack())
    for c in observation.hand:
        left[c] -= 1
    for c in observation.pile:
        left[c] -= 1
    for m in observation.melds:
        for c in m.meld.cards:
            left[c] -= 1
    for seat, known in enumerate(observation.known_cards):
        if seat != observation.seat:
            for c in known:
                left[c] -= 1
    return left


def neighbours(counts: list[int], card: int) -> int:
    """How many same-suit cards within two ranks ``counts`` holds (sequence material)."""
    if is_burraco_wild(card):
        return 0
    suit, rank = divmod(card, 13)
    total = 0
    for d in (-2, -1, 1, 2):
        r = rank + d
        if r == 13:
            r = 0  # the ace sits above the king too (§2.4)
        if 0 <= r < 13 and r != TWO:
            total += counts[suit * 13 + r] > 0
    return total


def same_rank(counts: list[int], card: int) -> int:
    """Other natural cards of the same rank in ``counts`` (group material)."""
    if is_burraco_wild(card):
        return 0
    rank = card % 13
    return sum(counts[s * 13 + rank] for s in range(4)) - (counts[card] > 0)


@dataclass(frozen=True, slots=True)
class PlayEffect:
    """What one meld/attach action does for the side that plays it."""

    left: int            # cards left in hand after it
    cards: int           # cards it lays down
    wilds: int           # active or not, jolly and pinelle laid
    points: int          # card points laid (§1.3)
    bonus_gain: int      # burraco bonus gained (§2.6)
    result: Meld | None  # the meld on the table afterwards
    old: Meld | None     # the meld before (attach) or None (new meld)
    burraco_after: bool  # the side holds a burraco that closes afterwards (``has_burraco``)
    closes: bool         # leaves one card with pozzetto and burraco: a closing discard next
    pozzetto: bool       # empties the hand (al volo) or leaves the card that takes it


def play_effect(observation: Observation, action: Action, rules: RuleSet,
                values: tuple[int, ...]) -> PlayEffect:
    melds = dict(own_melds(observation))
    old: Meld | None = None
    if action.kind == MELD:
        result = resolve_new_meld(action.cards, rules, action.annotations)
    elif action.kind == ATTACH:
        old = melds.get(action.meld)
        result = None if old is None else resolve_attach(old, action.cards, rules,
                                                         action.annotations)
    else:
        raise ValueError(f"not a meld or attach action: {action}")
    left = len(observation.hand) - len(action.cards)
    after = [(n, m) for n, m in melds.items() if old is None or n != action.meld]
    if result is not None:
        after.append((action.meld if old is not None else 0, result))
    # The meld as the play leaves it: a wild on a clean burraco may spoil the one that closes.
    burraco_after = has_burraco(after, rules)
    taken = observation.pozzetto_taken[own_side(observation)]
    pozzetto_left = bool(observation.pozzetti_left)
    closes = left == 1 and burraco_after and (taken or not pozzetto_left)
    return PlayEffect(
        left=left, cards=len(action.cards),
        wilds=sum(1 for c in action.cards if c == JOKER or c % 13 == TWO),
        points=sum(values[c] for c in action.cards),
        bonus_gain=meld_bonus(result, rules) - meld_bonus(old, rules),
        result=result, old=old, burraco_after=burraco_after, closes=closes,
        pozzetto=not taken and pozzetto_left and left <= 1)


def greedy_preference(e: PlayEffect) -> tuple[int, ...]:
    """The greedy order of plays, larger first: enables closing (§2.8) > reaches the pozzetto
    (§2.7) > raises a burraco (§2.6) > cards laid > fewer wilds > points."""
    return (int(e.closes), int(e.pozzetto), e.bonus_gain, e.cards, -e.wilds, e.points)
