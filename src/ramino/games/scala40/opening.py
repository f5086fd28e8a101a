"""The apertura (docs/rules.md §6.3 item 2): which new melds a player not yet opened may put
down this turn.

A meld is offered only if it belongs to some set of melds that completes the apertura this
turn (T-43) or a chiusura in mano (§6.4), leaves a card to discard (T-49) and uses a jolly the
turn owes (T-48): a depth-first search over the hand's meld options with bit masks of the
options that can go down together and an upper bound of the points still to gain.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ramino.cards import (
    JOKER,
    NUM_TYPES,
)
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.melds import GROUP, SEQUENCE

if TYPE_CHECKING:
    from ramino.games.scala40.state import Scala40State


Plan = tuple[list[m40.Option], list[int], set[int]]
"""The options, the table meld each lays off on (0: a new meld), and the options that can go
down this turn."""

# The most a card can add to an apertura (the bound of the search): a natural at its rank's
# opening value, an ace 11, the jolly as an ace, or nothing under apertura senza jolly.
_TOP: Final = tuple([m40.rank_value(c % 13) for c in range(JOKER)] + [11])
_TOP_CLEAN: Final = (*_TOP[:JOKER], 0)


def opening_plan(state: Scala40State) -> Plan:
    """The new melds (and, under ``opening_counts_only_new_melds=false``, the lay-offs) the
    player not yet opened may put down: those that belong to some set completing the
    apertura this turn (T-43, §6.3 item 2) or a chiusura in mano (§6.4), leaving a card to
    discard (T-49) and using a jolly the turn owes (T-48)."""
    seat = state.current
    rules = state.rules
    hand = state.hands[seat][:]
    found = m40.hand_melds(hand, rules)
    laying = not rules.opening_counts_only_new_melds and state._lay_off_now()
    clean_only = rules.opening_without_jolly
    options: list[m40.Option]
    values: list[int]
    needs: Sequence[m40.Needs]
    users: Sequence[int]
    if rules.identical_sequence_allowed and not laying:
        # The usual case: the options and their data come from the memo.
        options = found.options
        first_attach = len(options)
        numbers = [0] * first_attach
        gains: list[int] = []
        values = ([p if c else 0 for p, c in zip(found.points, found.clean, strict=True)]
                  if clean_only else found.points)
        needs = found.needs
        coverable: set[int] = found.cover
        users = found.users
    else:
        kept = [j for j, o in enumerate(found.options) if not state._identical_blocked(o[2])]
        options = [found.options[j] for j in kept]
        first_attach = len(options)
        numbers = [0] * first_attach
        gains = []
        if laying:
            for i, meld in enumerate(state.melds):
                if state._may_lay_off_on(i, seat):
                    before = meld.opening_points()
                    for option in m40.attach_options(meld, hand, rules):
                        options.append(option)
                        numbers.append(i + 1)
                        gains.append(option[2].opening_points() - before)
        values = [found.points[j] if (found.clean[j] or not clean_only) else 0 for j in kept]
        for k, gain in enumerate(gains):
            # A lay-off counts what it adds to its meld; it is clean if it brings no jolly.
            values.append(0 if clean_only and JOKER in options[first_attach + k][0]
                          else gain)
        needs = [found.needs[j] for j in kept]
        needs.extend(m40.option_needs(o[0]) for o in options[first_attach:])
        coverable = {c for o in options for c in o[0]}
        built = [0] * NUM_TYPES
        for j in range(len(options)):
            for c in options[j][0]:
                built[c] |= 1 << j
        users = built
    owed = state.jolly_owed
    jollies = hand[JOKER]
    need_picked = state._picked_pending()
    picked = state.picked
    threshold = rules.opening_threshold
    good: set[int] = set()
    if not options:
        return options, numbers, good
    # An upper bound of the points still to gain: every card some meld could use, at its
    # highest value (a jolly as an ace; nothing under apertura senza jolly).
    top = _TOP_CLEAN if clean_only else _TOP
    covered = 0
    base_bound = 0
    for c in coverable:
        covered += hand[c]
        base_bound += top[c] * hand[c]
    orphans = sum(hand) - covered
    # A chiusura in mano melds every card but one: impossible with two cards no meld uses.
    may_close = state._closing_allowed() is None and orphans <= 1
    size = state.sizes[seat]
    base_points = state.turn_clean_points if clean_only else state.turn_points
    if not may_close and base_points + base_bound < rules.opening_threshold:
        return options, numbers, good  # every usable card at its best value falls short

    # A jolly owed by a swap and not used in the opening melds may still be laid off once
    # the apertura is down: on a meld without a jolly that has room for it.
    late_jolly = False
    homes: set[int] = set()
    table_home = False
    if owed == 1 and rules.lay_off_after_opening_same_turn:
        late_jolly = True
        limit = {SEQUENCE: 14, GROUP: rules.group_max_size}
        homes = {i for i, o in enumerate(options)
                 if o[2].jolly < 0 and len(o[2].cards) < limit[o[2].kind]}
        table_home = any(m.jolly < 0 and len(m.cards) < limit[m.kind]
                         and state._may_lay_off_on(i, seat) for i, m in enumerate(state.melds))

    def success(points: int, rest: int, picked_ok: bool) -> bool:
        if not picked_ok or rest <= 0:
            return False
        if owed and jollies - hand[JOKER] < owed and not (
                late_jolly and rest >= 3 and points >= threshold
                and (table_home or any(i in homes for i in chosen))):
            return False
        if rest >= 2:
            return points >= threshold
        if not may_close:
            return False
        last = next(c for c in range(NUM_TYPES) if hand[c])
        return not state._rediscard_forbidden(last, hand)

    chosen: list[int] = []
    count = len(options)
    # Pairwise compatibility as bit masks: ``later[j]`` holds the options after ``j`` that
    # the hand can put down together with ``j`` (a set must also pass the exact check).
    # A meld uses one copy of a card (a jolly once), so two melds clash exactly when they
    # share a card the hand holds once; ``users[c]`` has the options that use card ``c``.
    full = (1 << count) - 1
    same: dict[tuple[int, ...], int] = {}
    if not rules.identical_sequence_allowed:
        # Two identical sequences may not both go down (§6.7 identical_sequence_allowed).
        for j in range(count):
            if options[j][2].kind == SEQUENCE:
                shown = options[j][2].represented()
                same[shown] = same.get(shown, 0) | 1 << j
    # Whether each option puts the picked card in a new meld (read only while it is owed).
    picks = ([j < first_attach and picked in options[j][0] for j in range(count)]
             if need_picked else [])
    later = [0] * count
    every = [0] * count
    for j in range(count):
        # A meld may go down twice from two copies of its cards (no clash with itself then).
        clash = 0
        for c, _ in needs[j]:
            if hand[c] < 2:
                clash |= users[c]
        if same and options[j][2].kind == SEQUENCE:
            clash |= same[options[j][2].represented()]
        every[j] = full & ~clash
        later[j] = every[j] & ~((1 << j) - 1)
    smallest = 3  # a new meld's cards
    if gains:
        # Two lay-offs on one meld clash: a lay-off lists every set of its cards at once.
        on_meld: dict[int, int] = {}
        for j in range(first_attach, count):
            on_meld[numbers[j]] = on_meld.get(numbers[j], 0) | 1 << j
            smallest = min(smallest, len(options[j][0]))
        for j in range(first_attach, count):
            every[j] &= ~on_meld[numbers[j]]
            later[j] = every[j] & ~((1 << j) - 1)

    def search(candidates: int, points: int, bound: int, rest: int,
               picked_ok: bool) -> bool:
        """Extend ``chosen`` with options from ``candidates``; True once a successful set
        is found, its melds then added to ``good``."""
        if chosen and success(points, rest, picked_ok):
            good.update(chosen)
            return True
        if rest <= smallest or (not may_close and points + bound < threshold):
            return False
        while candidates:
            low = candidates & -candidates
            j = low.bit_length() - 1
            child = candidates & later[j]
            candidates ^= low
            short = False
            for c, k in needs[j]:  # a loop, not any(): this is the search's inner loop
                if hand[c] < k:
                    short = True
                    break
            if short:
                continue
            cards = options[j][0]
            lost = 0
            for c in cards:
                hand[c] -= 1
                lost += top[c]
            chosen.append(j)
            found = search(child, points + values[j], bound - lost, rest - len(cards),
                           picked_ok or picks[j])
            chosen.pop()
            for c in cards:
                hand[c] += 1
            if found:
                return True
        return False

    picked_ok = not need_picked
    if not search(full, base_points, base_bound, size, picked_ok):
        return options, numbers, good
    for i in range(count):
        if i in good:
            continue
        # A set holding option i: i first, then the others it is compatible with.
        cards = options[i][0]
        lost = 0
        for c in cards:
            hand[c] -= 1
            lost += top[c]
        chosen.append(i)
        search(every[i], base_points + values[i], base_bound - lost, size - len(cards),
               picked_ok or picks[i])
        chosen.pop()
        for c in cards:
            hand[c] += 1
    return options, numbers, good
