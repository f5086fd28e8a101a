"""The search bot and a closed pile (``discard_pile_visibility`` TOP_ONLY, §4.1: only the top
card shows, taking the pile brings all of it).

The worlds the search samples keep the pile's size and its top and guess the cards under it
from the cards the seat cannot place, never from the true ones; the draw or pick of a pile
with hidden cards is left to the expert (``hidden_pile_choice``), every other choice is
searched as under an open pile.  The rule is read from the observation the rule set makes,
never from a preset's name: the same positions under an open pile show what changes.
"""

from __future__ import annotations

import random

from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.search import SearchBot, hidden_pile_choice
from ramino.bots.registry import make_bot
from ramino.cards import to_counts
from ramino.coach.judge import candidates
from ramino.games.actions import DISCARD, DRAW, PICK
from ramino.games.burraco.resample import resample, unseen_cards
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from ramino.rules.options import DiscardPileVisibility, RuleSet, build_ruleset
from tests.helpers import cards, position

STBL = preset("buraco-stbl")
OPEN = build_ruleset(STBL, {"discard_pile_visibility": "ALL"})
HANDS = ["Ah 4s 9d Jc Kc", "3d 5d 8h Qs Js", "4c 6c 9h Th Kd", "5s 7s 8s Qh 2h"]
PILE = "7c 7d Jd 6h Ad"


def draw_position(rules: RuleSet = STBL, pile: str = PILE) -> BurracoState:
    """Seat 0 to draw or take a pile of five (the Ad on top of it)."""
    return position(HANDS, rules=rules, pile=pile, phase="draw")


def test_a_closed_pile_shows_its_top_and_its_size() -> None:
    seen = draw_position().observation(0)
    assert STBL.discard_pile_visibility is DiscardPileVisibility.TOP_ONLY
    assert seen.pile == tuple(cards("Ad"))
    assert seen.pile_size == 5
    assert draw_position(OPEN).observation(0).pile == tuple(cards(PILE))


def test_the_worlds_keep_the_pile_and_guess_its_hidden_cards_from_the_unseen() -> None:
    state = draw_position()
    seen = state.observation(0)
    unseen = to_counts(unseen_cards(seen, STBL))
    for c in cards("7c 7d Jd 6h"):
        assert unseen[c] >= 1  # the cards under the top are cards the seat cannot place
    guessed_under: set[tuple[int, ...]] = set()
    for seed in range(40):
        world = resample(seen, random.Random(seed), STBL)
        assert world.observation(0) == seen
        assert len(world.pile) == 5
        assert world.pile[-1] == cards("Ad")[0]
        under = to_counts(world.pile[:-1])
        assert all(under[c] <= unseen[c] for c in range(len(unseen)))
        guessed_under.add(tuple(world.pile[:-1]))
    # Guessed, not copied: the true cards under the top are one guess among many.
    assert len(guessed_under) > 30


def test_the_guess_never_reads_the_cards_under_the_top() -> None:
    """Two tables the seat cannot tell apart (the cards under the top swapped with the
    stock's) give the same worlds from the same seed."""
    one = draw_position()
    two = draw_position()
    under = list(two.pile[:-1])
    stock = list(two.stock)
    two.pile = [*stock[:4], two.pile[-1]]
    two.stock = [*under, *stock[4:]]
    assert one.pile != two.pile
    assert one.observation(0) == two.observation(0)
    for seed in range(10):
        a = resample(one.observation(0), random.Random(seed), STBL)
        b = resample(two.observation(0), random.Random(seed), STBL)
        assert a.pile == b.pile and a.stock == b.stock and a.hands == b.hands


def test_the_search_leaves_a_closed_piles_pick_to_the_expert() -> None:
    state = draw_position()
    seen = state.observation(0)
    legal = state.legal_actions()
    assert {a.kind for a in legal} == {DRAW, PICK}
    expert = ExpertBot(7, STBL)
    search = SearchBot(7, STBL, samples=4, extra=0, horizon=4, margin=0)
    assert hidden_pile_choice(seen, expert.ranked(seen, legal))
    assert candidates(search, seen, legal) == [expert.choose(seen, legal)]
    assert search.choose(seen, legal) == expert.choose(seen, legal)
    assert search.rollout_actions == 0  # no world was played out
    # ``hidden_pile=1`` searches it, as the search does an open pile.
    assert len(candidates(SearchBot(7, STBL, hidden_pile=1), seen, legal)) == 2
    open_state = draw_position(OPEN)
    open_seen = open_state.observation(0)
    open_legal = open_state.legal_actions()
    assert not hidden_pile_choice(open_seen, expert.ranked(open_seen, open_legal))
    assert len(candidates(search, open_seen, open_legal)) == 2


def test_a_closed_pile_of_one_card_hides_nothing_and_is_searched() -> None:
    state = draw_position(pile="Ad")
    seen = state.observation(0)
    legal = state.legal_actions()
    assert seen.pile_size == len(seen.pile) == 1
    search = SearchBot(7, STBL, samples=2, extra=0, horizon=2)
    assert not hidden_pile_choice(seen, search.ranked(seen, legal))
    assert len(candidates(search, seen, legal)) == 2


def test_the_discards_are_still_searched_under_a_closed_pile() -> None:
    state = draw_position()
    state.apply(next(a for a in state.legal_actions() if a.kind == DRAW))
    seen = state.observation(0)
    legal = state.legal_actions()
    search = SearchBot(7, STBL, samples=2, extra=0, horizon=2)
    options = candidates(search, seen, legal)
    assert len(options) == 3 and all(a.kind == DISCARD for a in options)


def test_the_setting_reaches_the_bot_through_its_spec() -> None:
    bot = make_bot("search:samples=2,hidden_pile=1", 0, STBL)
    assert isinstance(bot, SearchBot) and bot.hidden_pile
    default = make_bot("search:samples=2", 0, STBL)
    assert isinstance(default, SearchBot) and not default.hidden_pile


def test_a_pile_taken_is_no_loss_in_the_cut_off_estimate_under_a_closed_pile() -> None:
    """At a cut-off the cards in hand count against a side only with an open pile: under a
    closed one they are material still to be laid (``SearchBot.hand``)."""
    for rules, weight in ((STBL, 0.0), (OPEN, 1.0)):
        state = draw_position(rules)
        search = SearchBot(0, rules)
        assert search.hand == weight
        before = search.estimate(state, 0)
        state.apply(next(a for a in state.legal_actions() if a.kind == PICK))
        taken = sum(rules.card_value_table()[c] for c in cards(PILE))
        assert search.estimate(state, 0) == before - weight * taken
        # The setting overrides what the rules make the default.
        assert SearchBot(0, rules, hand=0.5).hand == 0.5
