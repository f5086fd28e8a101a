"""The ladder's bots: legal in every seat, their stated preferences, the registry."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ramino.arena.play import play_hand
from ramino.bots.burraco.expert import ExpertBot, ExpertWeights
from ramino.bots.burraco.greedy import GreedyBot
from ramino.bots.burraco.search import SearchBot
from ramino.bots.registry import OPPONENTS, make_bot, parse_spec
from ramino.bots.sampling import SampledSearch, best_alternative, pick_candidate, sample_values
from ramino.cards import parse_card
from ramino.games.actions import DRAW, PICK, Action
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules import preset
from tests.helpers import cards, position

FIBUR = preset("fibur")


@pytest.mark.parametrize("spec", ["greedy", "expert"])
def test_bots_play_whole_hands_legally(spec: str) -> None:
    for deal in range(4):
        out = play_hand(FIBUR, deal, (spec, "random", spec, "greedy"), honesty_every=7)
        assert out.illegal == 0 and out.honesty_failures == 0
        assert out.honesty_checks > 0 and out.end in ("closed", "stock", "stallo")


def test_search_and_oracle_play_a_hand_legally() -> None:
    out = play_hand(FIBUR, 8, ("search:samples=1,candidates=2,extra=4", "expert",
                               "oracle:samples=1,candidates=2,extra=4", "expert"),
                    honesty_every=11)
    assert out.illegal == 0 and out.honesty_failures == 0


def test_greedy_takes_a_pile_it_can_use_and_leaves_one_it_cannot() -> None:
    useful = position(["7h 8h Kd Qc 4s", "", "", ""], pile="3c 9h", phase="draw")
    useless = position(["7h 8h Kd Qc 4s", "", "", ""], pile="3c 6d", phase="draw")
    bot = GreedyBot(0, FIBUR)
    assert bot.choose(useful.observation(0), useful.legal_actions()).kind == "pick"
    assert bot.choose(useless.observation(0), useless.legal_actions()).kind == "draw"


def test_greedy_lays_the_longest_meld_first_and_then_the_rest() -> None:
    state = position(["Kc Kd Ks 5h 6h 7h 8h 9c", "", "", ""])
    bot = GreedyBot(0, FIBUR)
    first = bot.choose(state.observation(0), state.legal_actions())
    assert sorted(first.cards) == sorted(cards("5h 6h 7h 8h"))  # more cards played
    state.apply(first)
    second = bot.choose(state.observation(0), state.legal_actions())
    assert sorted(second.cards) == sorted(cards("Kc Kd Ks"))  # it lays everything it can


def test_greedy_upgrades_a_burraco_before_laying_more_cards() -> None:
    # Attaching 9h makes the six-card run a burraco (+200); the three kings are more points
    # and as many cards, but the burraco comes first.
    state = position(["9h Kc Kd Ks 4c", "", "", ""], melds=[(0, "3h 4h 5h 6h 7h 8h")])
    first = GreedyBot(0, FIBUR).choose(state.observation(0), state.legal_actions())
    assert first.kind == "attach" and first.cards == tuple(cards("9h"))


def test_greedy_discard_order_keeps_wilds_and_useful_cards() -> None:
    # Table: own 5h 6h 7h (team 0); opponents' Qs Qd Qc (team 1).
    state = position(["2c 8h Qh 9d 4c", "", "", ""],
                     melds=[(0, "5h 6h 7h"), (1, "Qs Qd Qc")])
    legal = [a for a in state.legal_actions() if a.kind == "discard"]
    choice = GreedyBot(0, FIBUR).choose(state.observation(0), legal)
    # Not the pinella, not 8h (own meld), not Qh (theirs); 9d over 4c for its points.
    assert choice == Action("discard", (parse_card("9d"),))


def test_expert_does_not_feed_the_next_opponent() -> None:
    state = position(["Kh 9c 4d 4s Jd", "", "", ""],
                     melds=[(1, "Kc Kd Ks"), (0, "9s Ts Js")])
    legal = [a for a in state.legal_actions() if a.kind == "discard"]
    choice = ExpertBot(0, FIBUR).choose(state.observation(0), legal)
    assert choice.cards[0] not in cards("Kh 4d 4s")  # Kh fits their Ks; the 4s are a pair



def test_expert_weighs_a_discard_by_how_near_it_brings_their_burraco() -> None:
    """Kh only lengthens their three kings; 9d makes their six diamonds a burraco (§2.6)."""
    state = position(["Kh 9d 5s 4h", "", "", ""],
                     melds=[(1, "Kc Kd Ks"), (1, "3d 4d 5d 6d 7d 8d")])
    legal = [a for a in state.legal_actions() if a.kind == "discard" and a.cards[0] in
             cards("Kh 9d")]
    assert ExpertBot(0, FIBUR).choose(state.observation(0), legal).cards == tuple(cards("Kh"))
    # 8d lengthens their five diamonds; Ah, more points to shed, would make their six aces
    # a burraco.
    state = position(["Ah 8d 5s 4h", "", "", ""],
                     melds=[(1, "As Ad Ah Ac Ac Ad"), (1, "3d 4d 5d 6d 7d")])
    legal = [a for a in state.legal_actions() if a.kind == "discard" and a.cards[0] in
             cards("Ah 8d")]
    assert ExpertBot(0, FIBUR).choose(state.observation(0), legal).cards == tuple(cards("8d"))


def expert_draws_or_picks(hand: str, melds: list[tuple[int, str]], pile: str,
                          taken: tuple[bool, bool] = (False, False)) -> str:
    """The default expert's draw-or-pick choice (§2.3 step 1) for seat 0 in a position."""
    state = position([hand, "", "", ""], melds=melds, pile=pile, phase="draw", taken=taken)
    return ExpertBot(0, FIBUR).choose(state.observation(0), state.legal_actions()).kind


def test_expert_with_one_card_takes_only_a_pile_that_lays_two() -> None:
    """One card in hand: the tallone's card may let it go down; a pile laying one card
    would leave the rest in hand.  With two cards it takes a pile that makes a new meld."""
    melds = [(0, "9s Ts Js"), (0, "Kc Kd Ks")]
    for hand, pile, kind in (("7c", "Qs 4d", "draw"), ("7c", "Qs Kh", "pick"),
                             ("7c 8c", "Qs 9c", "pick")):
        assert expert_draws_or_picks(hand, melds, pile) == kind, hand


def test_expert_takes_a_lone_card_that_lets_it_go_out() -> None:
    """One card in hand and one in the pile that attaches: taking it lays it and the held
    card is the scarto, so the side goes out, to the pozzetto (§2.7) or closing with a
    burraco (§2.8); with the pozzetto taken and no burraco it cannot go out, and draws."""
    short = [(0, "9s Ts Js")]
    burraco = [(0, "9s Ts Js"), (0, "3h 4h 5h 6h 7h 8h 9h")]
    for melds, taken, kind in ((short, (False, False), "pick"), (short, (True, False), "draw"),
                               (burraco, (True, False), "pick")):
        assert expert_draws_or_picks("7c", melds, "Qs", taken) == kind, (melds, taken)


def test_expert_with_its_pozzetto_and_no_burraco_takes_a_pile_to_build_one() -> None:
    """Pozzetto taken, no burraco, one card: a pile of three is material for the burraco
    that closing needs (§2.8), even when none of it lays at once; before the pozzetto the
    same pile stays."""
    for taken, kind in (((True, False), "pick"), ((False, False), "draw")):
        assert expert_draws_or_picks("7c", [(0, "9s Ts Js")], "4d 8h Kc", taken) == kind, taken


def test_expert_building_its_burraco_takes_two_cards_with_one_it_can_lay() -> None:
    """Pozzetto taken, no burraco, one card: a pile of two is material too when one of its
    cards lays at once; with a burraco down (the side may close) the same pile stays."""
    burraco = [(0, "9s Ts Js"), (0, "3h 4h 5h 6h 7h 8h 9h")]
    for melds, kind in (([(0, "9s Ts Js")], "pick"), (burraco, "draw")):
        assert expert_draws_or_picks("7c", melds, "4d Qs", (True, False)) == kind, melds


def test_expert_building_its_burraco_with_cards_in_hand_leaves_a_lone_card() -> None:
    """Pozzetto taken, no burraco, three cards: a lone scarto card that attaches is left for
    the tallone (measured, docs/bots.md); before the pozzetto it is taken."""
    for taken, kind in (((True, False), "draw"), ((False, False), "pick")):
        assert expert_draws_or_picks("7c 4d Kh", [(0, "9s Ts Js")], "Qs", taken) == kind, taken


def test_expert_with_two_cards_leaves_a_pile_that_only_attaches() -> None:
    """Two cards: a pile whose cards only attach to own melds leaves its other cards in a
    hand too small to meld them; one that makes a new meld with the hand is taken."""
    for pile, kind in (("Qs 4h", "draw"), ("Qs 9c", "pick")):
        assert expert_draws_or_picks("7c 8c", [(0, "9s Ts Js")], pile) == kind, pile


def test_expert_takes_a_lone_card_that_makes_its_burraco() -> None:
    """Pozzetto taken, no burraco, three cards: a lone scarto card is left for the tallone,
    unless it is the seventh card of an own meld of six (§2.6, §2.8)."""
    for meld, kind in (("3h 4h 5h 6h 7h 8h", "pick"), ("4h 5h 6h 7h 8h", "draw")):
        assert expert_draws_or_picks("4s 9c Kd", [(0, meld)], "9h", (True, False)) == kind, meld


def test_expert_brings_a_meld_to_six_before_laying_a_new_one() -> None:
    """9h makes the five hearts six, a card from a burraco: it goes there before the three
    nines are laid as a group (which would spend it).  Four hearts made five wait."""
    bot = ExpertBot(0, FIBUR)
    for meld, first in (("4h 5h 6h 7h 8h", "9h"), ("5h 6h 7h 8h", "9h 9c 9d")):
        state = position(["9h 9c 9d Kc 4s", "", "", ""], melds=[(0, meld)])
        choice = bot.choose(state.observation(0), state.legal_actions())
        assert sorted(choice.cards) == sorted(cards(first)), meld


def test_expert_attaches_a_card_that_fits_two_melds_to_the_longer() -> None:
    """7h fits the three sevens and the four hearts: it lengthens the hearts, whatever the
    seed that breaks ties between plays greedy ranks alike."""
    state = position(["7h 4s 9c", "", "", ""],
                     melds=[(0, "7c 7d 7s"), (0, "3h 4h 5h 6h")])
    for seed in range(12):
        choice = ExpertBot(seed, FIBUR).choose(state.observation(0), state.legal_actions())
        assert choice.kind == "attach" and choice.meld == 2, seed  # the hearts


def test_expert_closes_when_it_can() -> None:
    state = position(["8h 3c 3d 3s", "", "", ""], melds=[(0, "8s 9s Ts Js Qs Ks As")],
                     taken=(True, False), phase="play")
    bot = ExpertBot(0, FIBUR)
    while not state.is_over:
        state.apply(bot.choose(state.observation(0), state.legal_actions()))
    assert state.end == "closed" and state.closed_by == 0


def test_expert_closes_even_when_far_behind_on_the_table() -> None:
    # Both sides have their pozzetto; the opponents hold two clean burrachi, so the table
    # estimate says team 0 is well over 200 points behind.  Closing still ends the hand
    # before they lay more (§2.8, §2.10): the default closes at every chance (docs/bots.md:
    # +5.3 per hand over holding back, on 1,000 duplicate deals), while a margin of -100
    # would keep building.
    state = position(["8h 3c 3d 3s", "", "", ""],
                     melds=[(0, "8s 9s Ts Js Qs Ks As"), (1, "4d 5d 6d 7d 8d 9d Td"),
                            (1, "5c 6c 7c 8c 9c Tc Jc")],
                     taken=(True, True), phase="play")
    # close_stock=0: only the margin decides (a short tallone would force closing anyway).
    holding_back = ExpertBot(0, FIBUR, ExpertWeights(close_margin=-100.0, close_stock=0))
    assert not holding_back.should_close(state.observation(0))
    bot = ExpertBot(0, FIBUR, ExpertWeights(close_stock=0))
    assert bot.should_close(state.observation(0))
    while not state.is_over:
        state.apply(bot.choose(state.observation(0), state.legal_actions()))
    assert state.end == "closed" and state.closed_by == 0


def test_weights_round_trip_and_ignore_unknown_names() -> None:
    w = ExpertWeights(keep_pair=3.5, close_stock=9)
    assert ExpertWeights.from_dict({**w.as_dict(), "nonsense": 1.0}) == w


def test_search_is_deterministic_for_a_seed() -> None:
    state = BurracoState.new_hand(FIBUR, seed=6)
    state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    a = SearchBot(4, FIBUR, samples=3, extra=6).choose(state.observation(0), legal)
    b = SearchBot(4, FIBUR, samples=3, extra=6).choose(state.observation(0), legal)
    assert a == b and a in legal


def test_the_default_search_budget() -> None:
    """Burraco: 64 worlds, more on close calls until 9,000 rollout actions (about a second on
    the compiled overlay; docs/bots.md, "How the search decides"; +90.1 points per hand against
    the expert over 200 deals where 32 + 96 worlds made +79.4).  Scala 40: 32 worlds and up to
    32 more, rollouts to the end of the hand, margin 1 (docs/bots.md, the Scala 40 search)."""
    search = SearchBot(0, FIBUR)
    assert (search.samples, search.extra, search.steps) == (64, 960, 9_000)
    assert (search.margin, search.horizon, search.evidence) == (1.5, 12, 0)
    scala40 = make_bot("search", 0, preset("fisca"))
    assert isinstance(scala40, SampledSearch)
    assert (scala40.samples, scala40.extra, scala40.margin, scala40.horizon) == (32, 32, 1.0, 0)
    assert scala40.steps == 0


def test_registry_names_and_settings() -> None:
    assert parse_spec("search:samples=8,seconds=0.5") == (
        "search", {"samples": "8", "seconds": "0.5"})
    assert "oracle" not in OPPONENTS
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster", 0)
    with pytest.raises(ValueError, match="key=value"):
        parse_spec("search:fast")
    with pytest.raises(ValueError, match="unknown search setting"):
        make_bot("search:depth=3", 0)


def test_cards_the_next_opponent_refused_are_read_off_the_scarto() -> None:
    from ramino.bots.burraco.expert import refused_by_next

    # Ten cards after nine turns: never taken, so 3c at the bottom is the upcard.
    pile = "3c 4h 7d 9s Kc 5h Qs 8d Tc Jh"
    state = position(["Ah 2c 4s", "", "", ""], pile=pile, phase="draw")
    seen = state.observation(0)
    seen = seen.__class__(**{**{f: getattr(seen, f) for f in seen.__dataclass_fields__},
                             "turn": 9})
    refused = refused_by_next(seen)
    # Below the top three (8d Tc Jh) everything but the upcard was there when seat 1 last
    # drew; 8d (third from the top) and 9s (seventh) were seat 1's own discards.
    # After a pick the bottom card is an ordinary discard:
    later = seen.__class__(**{**{f: getattr(seen, f) for f in seen.__dataclass_fields__},
                              "turn": 30})
    assert sorted(refused_by_next(later)) == sorted(cards("3c 4h 7d 9s Kc 5h Qs 8d 9s"))
    assert sorted(refused) == sorted(cards("4h 7d 9s Kc 5h Qs 8d 9s"))


def test_the_fair_oracle_redeals_only_the_future_draws() -> None:
    import random

    from ramino.bots.burraco.oracle import OracleBot

    state = BurracoState.new_hand(FIBUR, seed=12)
    fair = OracleBot(1, FIBUR, tallone=0)
    fair.see(state)
    world = fair.world(state.observation(0), random.Random(3))
    assert world.hands == state.hands and world.pile == state.pile
    assert world.stock != state.stock
    assert sorted(world.stock + [c for p in world.pozzetti for c in p or ()]) == sorted(
        state.stock + [c for p in state.pozzetti for c in p or ()])
    seer = OracleBot(1, FIBUR)
    seer.see(state)
    assert seer.world(state.observation(0), random.Random(3)).stock == state.stock
    out = play_hand(FIBUR, 8, ("oracle:tallone=0,samples=1", "expert", "expert", "expert"))
    assert out.illegal == 0


def _counting_worlds(rolled: list[int]) -> tuple[Callable[[random.Random], BurracoState],
                                                 Callable[[BurracoState, Action, int], float]]:
    """A world maker and a rollout whose values are scripted: candidate 1 beats candidate 0 by
    exactly ``gap`` in every world (the paired differences are constant, so z is infinite)."""
    base = BurracoState.new_hand(FIBUR, seed=1)

    def world(rng: random.Random) -> BurracoState:
        rolled.append(1)
        return base

    def rollout(state: BurracoState, action: Action, seed: int) -> float:
        return float(seed % 97) + (10.0 if action.kind == PICK else 0.0)

    return world, rollout


def test_adaptive_sampling_stops_when_settled_and_extends_while_undecided() -> None:
    options = [Action(DRAW), Action(PICK)]
    rolled: list[int] = []
    world, rollout = _counting_worlds(rolled)
    values = sample_values(options, 4, 0.0, random.Random(1), world, rollout, extra=12,
                           settled=lambda v: True)
    assert len(rolled) == 4 and all(len(v) == 4 for v in values)
    rolled.clear()
    values = sample_values(options, 4, 0.0, random.Random(1), world, rollout, extra=12,
                           settled=lambda v: False)
    assert len(rolled) == 16 and all(len(v) == 16 for v in values)
    assert best_alternative(values) == (1, float("inf"))
    assert pick_candidate(values, margin=2.0) == 1


def test_sampling_stops_once_the_work_budget_is_spent() -> None:
    options = [Action(DRAW), Action(PICK)]
    rolled: list[int] = []
    world, rollout = _counting_worlds(rolled)
    values = sample_values(options, 10, 0.0, random.Random(1), world, rollout, extra=20,
                           settled=lambda v: False, spent=lambda: len(rolled) >= 3)
    # Every candidate met each of the three worlds: the values stay paired.
    assert len(rolled) == 3 and all(len(v) == 3 for v in values)


def test_a_search_decision_stops_sampling_once_its_rollout_budget_is_spent() -> None:
    class CountingSearch(SearchBot):
        worlds = 0

        def world(self, observation: Observation, rng: random.Random) -> BurracoState:
            self.worlds += 1
            return super().world(observation, rng)

    state = BurracoState.new_hand(FIBUR, seed=6)
    observation, legal = state.observation(state.current), state.legal_actions()
    unlimited = CountingSearch(4, FIBUR, samples=12, extra=0)
    unlimited.choose(observation, legal)
    per_world = unlimited.rollout_actions / unlimited.worlds
    budget = int(3.5 * per_world)
    capped = CountingSearch(4, FIBUR, samples=12, extra=0, steps=budget)
    capped.choose(observation, legal)
    assert unlimited.worlds == 12 and 3 <= capped.worlds <= 6
    assert budget <= capped.rollout_actions < unlimited.rollout_actions
    # The budget is a count, not a clock: the same observation and seed, the same choice.
    again = CountingSearch(4, FIBUR, samples=12, extra=0, steps=budget)
    assert again.choose(observation, legal) == capped.choose(observation, legal)


def test_search_settles_a_clear_call_and_samples_a_close_one_further() -> None:
    bot = SearchBot(0, FIBUR, samples=4, extra=8, margin=2.0, undecided=0.5)
    clear_win = [[0.0, 10.0, 0.0, 10.0], [100.0, 110.0, 100.0, 110.0]]
    clear_loss = [[0.0, 10.0, 0.0, 10.0], [-100.0, -90.0, -100.0, -90.0]]
    close = [[0.0, 10.0, 0.0, 10.0], [9.0, 1.0, 8.0, 12.0]]  # +2.5 on average, noisy
    assert bot.settled(clear_win) and bot.settled(clear_loss)
    assert not bot.settled(close)
    assert 0.5 < best_alternative(close)[1] < 2.0
