"""Every Burraco bot at every table size the rules allow (§5): 2, 3, 4 and 6 players.

The sides come from the observation (the engine's seating), never from ``seat % 2``.
"""

from __future__ import annotations

import pytest

from ramino.arena.play import play_hand
from ramino.bots.burraco.features import own_side, partner, play_effect
from ramino.bots.burraco.greedy import GreedyBot
from ramino.bots.burraco.search import SearchBot, side_margin
from ramino.cards import pack, to_counts
from ramino.games.actions import MELD
from ramino.games.burraco.seating import score_sides
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from ramino.rules.options import RuleSet, build_ruleset
from tests.helpers import cards, table_meld

#: Small searches (one world, rollouts cut after three turns): whole hands in a second or two.
QUICK = "samples=1,extra=0,horizon=3,candidates=2"


def rules_for(players: int) -> RuleSet:
    return build_ruleset(preset("fibur"), {"players": players})


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("spec", ["random", "easy", "greedy", "expert", f"search:{QUICK}"])
def test_each_bot_plays_whole_hands_at_every_table_size(players: int, spec: str) -> None:
    rules = rules_for(players)
    for deal in (11,) if spec.startswith("search") else (11, 12):
        out = play_hand(rules, deal, (spec,) * players, seed=3, honesty_every=7)
        assert len(out.scores) == score_sides(players)  # played to its end and scored
        assert out.illegal == 0
        assert out.honesty_failures == 0 and out.honesty_checks > 0


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("spec", [f"search:{QUICK},reading=2", f"search:{QUICK},evidence=2",
                                  f"oracle:{QUICK}"])
def test_search_variants_play_whole_hands_at_three_and_six(players: int, spec: str) -> None:
    out = play_hand(rules_for(players), 21, (spec,) + ("expert",) * (players - 1), seed=5,
                    honesty_every=9)
    assert out.illegal == 0 and out.honesty_failures == 0


def six_player_position(hand: str, melds: list[tuple[int, str]],
                        taken: tuple[bool, bool, bool], seat: int) -> BurracoState:
    """A 6-player position (three decks, §5.3) with ``seat`` to play; the other hands empty of
    meaning (three cards each), the rest in the untaken pozzetti and the stock."""
    rules = rules_for(6)
    hands = [cards(hand) if s == seat else [] for s in range(6)]
    meld_list = [(team, table_meld(text, rules)) for team, text in melds]
    used = to_counts([c for h in hands for c in h] + [c for _, m in meld_list for c in m.cards])
    rest: list[int] = []
    full = to_counts(pack(3))
    for card in range(53):
        rest.extend([card] * (full[card] - used[card]))
    for s in range(6):
        if s != seat:
            hands[s], rest = rest[:3], rest[3:]
    pozzetti = []
    for was_taken in taken:
        if not was_taken:
            pozzetti.append(rest[:11])
            rest = rest[11:]
    return BurracoState.from_position(rules, hands=hands, pozzetti=pozzetti, taken=list(taken),
                                      stock=rest[:40], pile=rest[40:41], melds=meld_list,
                                      current=seat, phase="play")


def test_greedy_reads_its_own_sides_pozzetto() -> None:
    # Seat 2 plays for side 2 ({2, 5}); side 0 ({0, 3}) has taken its pozzetto, side 2 has
    # not.  Laying 5h 6h 7h leaves one card: side 2 reaches its pozzetto (§2.7), which the
    # greedy ranks above raising its own six-card run to a burraco (§2.6).
    state = six_player_position("5h 6h 7h Kc", [(0, "8d 9d Td"), (2, "7c 8c 9c Tc Jc Qc")],
                                (True, False, False), seat=2)
    seen = state.observation(2)
    assert own_side(seen) == 2 and partner(seen) == 5
    legal = state.legal_actions()
    run = next(a for a in legal if a.kind == MELD and sorted(a.cards) == sorted(cards("5h 6h 7h")))
    values = state.rules.card_value_table()
    assert play_effect(seen, run, state.rules, values).pozzetto
    assert GreedyBot(0, state.rules).choose(seen, legal) == run


def test_partner_follows_the_seating() -> None:
    for players, seat, mate in ((2, 0, None), (3, 1, None), (4, 1, 3), (6, 1, 4), (6, 5, 2)):
        state = BurracoState.new_hand(rules_for(players), seed=1)
        assert partner(state.observation(seat)) == mate


def test_side_margin_reads_scores_per_side_or_per_seat() -> None:
    # Four and six players: one score per side, the seat's side against the best other.
    assert side_margin((300, 100), (0, 1, 0, 1), 3) == -200
    assert side_margin((300, 100, 250), (0, 1, 2, 0, 1, 2), 5) == -50
    # Three players: one score per seat; a pair's two halves are one side (§5.2).
    assert side_margin((400, 150, 150), (0, 1, 1), 2) == -250
    assert side_margin((400, 150, 150), (0, 1, 1), 0) == 250
    assert side_margin((90, 40, 10), (0, 1, 2), 1) == -50


def test_search_estimate_weighs_every_side() -> None:
    state = six_player_position("5h 6h 7h Kc", [(0, "8d 9d Td"), (2, "7c 8c 9c Tc Jc Qc")],
                                (True, False, False), seat=2)
    bot = SearchBot(0, state.rules)
    # Side 2 has the run on the table; each side's hands count against it.
    values = state.rules.card_value_table()
    totals = {0: 0.0, 1: 0.0, 2: 0.0}
    for i, meld in enumerate(state.melds):
        totals[state.meld_side[i]] += sum(values[c] for c in meld.cards)
    for s in range(6):
        totals[state.sides[s]] -= sum(values[c] * n for c, n in enumerate(state.hands[s]))
    assert bot.estimate(state, 2) == totals[2] - max(totals[0], totals[1])
