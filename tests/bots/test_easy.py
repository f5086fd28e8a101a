"""The easy bots: a beginner's mistakes at their seeded rate, on positions built for each
mistake, and never an absurd one (a close thrown away, a jolly given away)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ramino.arena.play import play_hand
from ramino.bots.burraco.easy import EasyBot
from ramino.bots.burraco.greedy import GreedyBot
from ramino.bots.registry import OPPONENTS, make_bot
from ramino.bots.scala40.easy import EasyBot as EasyBot40
from ramino.bots.scala40.greedy import GreedyBot as GreedyBot40
from ramino.bots.slips import DEFAULT_RATE, Slips
from ramino.cards import JOKER, card_str, is_burraco_wild
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, Action
from ramino.games.burraco.state import BurracoState
from ramino.rules import RuleSet, make_rules, preset
from tests.bots.scala40.test_bots import finish_turn, position40
from tests.helpers import cards, position

FIBUR = preset("fibur")
FISCA = preset("fisca")
OTHERS = ["Qs Qd Ts 4c", "8c 8d 3s 6d", "Jh Js 3c 9c"]
SEEDS = range(200)


def burraco(hand: str, melds: list[tuple[int, str]], *, pile: str = "", phase: str = "play",
            taken: tuple[bool, bool] = (False, False)) -> BurracoState:
    """Seat 0 to play ``hand``; the other seats hold a few plain cards."""
    return position([hand, *OTHERS], melds, pile=pile, phase=phase, taken=taken)


def rate_of(choose: Callable[[int], Action], wrong: Callable[[Action], bool]) -> float:
    """How often the bot of each seed in ``SEEDS`` makes the choice ``wrong``."""
    return sum(wrong(choose(seed)) for seed in SEEDS) / len(SEEDS)


def test_registered_in_both_games_and_offered_below_greedy() -> None:
    assert OPPONENTS.index("random") < OPPONENTS.index("easy") < OPPONENTS.index("greedy")
    assert isinstance(make_bot("easy", 0, FIBUR), EasyBot)
    bot40 = make_bot("easy:mistakes=0.5", 0, FISCA)
    assert isinstance(bot40, EasyBot40) and bot40.rate == 0.5
    with pytest.raises(ValueError, match="unknown easy bot setting"):
        make_bot("easy:rate=0.5", 0, FIBUR)
    with pytest.raises(ValueError, match="mistakes must be a probability"):
        make_bot("easy:mistakes=2", 0, FIBUR)
    with pytest.raises(ValueError, match="mistakes must be a number"):
        make_bot("easy:mistakes=often", 0, FISCA)


def test_a_slip_is_a_pure_function_of_seed_observation_and_kind() -> None:
    seen = burraco("7h Kc 4s 9d", [(0, "4h 5h 6h")]).observation(0)
    draws = [Slips(seed, seen, 0.5).happens("x") for seed in SEEDS]
    assert draws == [Slips(seed, seen, 0.5).happens("x") for seed in SEEDS]
    assert 0.35 < sum(draws) / len(draws) < 0.65
    assert not any(Slips(seed, seen, 0.0).happens("x") for seed in SEEDS)
    assert all(Slips(seed, seen, 1.0).happens("x") for seed in SEEDS)


# Burraco (§2).

def test_misses_an_attach_at_its_rate() -> None:
    state = burraco("7h Kc 4s 9d", [(0, "4h 5h 6h")])
    seen, legal = state.observation(0), state.legal_actions()
    greedy = GreedyBot(0, FIBUR).choose(seen, legal)
    assert greedy.kind == ATTACH and greedy.cards == (cards("7h")[0],)
    missed = rate_of(lambda s: EasyBot(s, FIBUR).choose(seen, legal),
                     lambda a: a.kind == DISCARD)
    assert 0.2 < missed < 0.5  # DEFAULT_RATE, 0.35
    always = EasyBot(0, FIBUR, rate=1.0).choose(seen, legal)
    assert always.kind == DISCARD and always.cards != greedy.cards  # never throws the 7h
    assert EasyBot(0, FIBUR, rate=0.0).choose(seen, legal) == greedy


def test_never_misses_the_attach_that_lets_it_close() -> None:
    # The side has its burraco and its pozzetto (§2.8): Th on the run leaves Kc to close.
    state = burraco("Th Kc", [(0, "3h 4h 5h 6h 7h 8h 9h")], taken=(True, False))
    bot = EasyBot(0, FIBUR, rate=1.0)
    while state.current == 0 and not state.is_over:
        action = bot.choose(state.observation(0), state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
    assert state.is_over and state.end == "closed"


def test_forgets_the_opponents_melds_but_never_gives_a_wild() -> None:
    # Qc fits the other side's run; 5d fits nothing.  The greedy keeps the Qc back.
    state = burraco("Qc 5d JK 2s", [(1, "9c Tc Jc")])
    seen, legal = state.observation(0), state.legal_actions()
    assert str(GreedyBot(0, FIBUR).choose(seen, legal)) == "discard 5d"
    assert str(EasyBot(0, FIBUR, rate=1.0).choose(seen, legal)) == "discard Qc"
    given = rate_of(lambda s: EasyBot(s, FIBUR).choose(seen, legal),
                    lambda a: a.kind == DISCARD and a.cards == tuple(cards("Qc")))
    assert 0.2 < given < 0.5
    for seed in SEEDS:
        for rate in (DEFAULT_RATE, 1.0):
            choice = EasyBot(seed, FIBUR, rate).choose(seen, legal)
            assert not any(is_burraco_wild(c) for c in choice.cards), card_str(choice.cards[0])


def test_takes_a_pile_that_only_looks_useful() -> None:
    # The 5c pairs with the 5h, but two fives are no meld: the greedy draws.
    state = burraco("5h Kc 9s 3d", [], pile="5c", phase="draw")
    seen, legal = state.observation(0), state.legal_actions()
    assert GreedyBot(0, FIBUR).choose(seen, legal).kind == DRAW
    assert EasyBot(0, FIBUR, rate=1.0).choose(seen, legal).kind == PICK
    taken = rate_of(lambda s: EasyBot(s, FIBUR).choose(seen, legal), lambda a: a.kind == PICK)
    assert 0.2 < taken < 0.5
    # Near the close (two cards) it draws, whatever the rate.
    near = burraco("5h Kc", [], pile="5c", phase="draw")
    assert EasyBot(0, FIBUR, rate=1.0).choose(near.observation(0), near.legal_actions()
                                              ).kind == DRAW
    # A pile that shares nothing with the hand does not tempt it.
    plain = burraco("5h Kc 9s 3d", [], pile="Jd", phase="draw")
    assert EasyBot(0, FIBUR, rate=1.0).choose(
        plain.observation(0), plain.legal_actions()).kind == DRAW


# Scala 40 (§6).

def test_delays_the_apertura_at_its_rate() -> None:
    state = position40("Jh Qh Kh Ah 2c 3c JK 7d 9s 5s", opened=0b1110)
    seen, legal = state.observation(0), state.legal_actions()
    assert GreedyBot40(0, FISCA).choose(seen, legal).kind == MELD
    late = rate_of(lambda s: EasyBot40(s, FISCA).choose(seen, legal),
                   lambda a: a.kind == DISCARD)
    assert 0.2 < late < 0.5
    played = finish_turn(state, EasyBot40(0, FISCA, rate=1.0))
    assert len(played) == 1 and played[0].startswith("discard") and not state.opened[0]


def test_never_delays_a_chiusura_in_mano() -> None:
    # Unopened, it can lay all but one card at once (§6.4): the close is always taken.
    state = position40("Jh Qh Kh Ah 3c 3d 3h 9s", opened=0b1110)
    finish_turn(state, EasyBot40(0, FISCA, rate=1.0))
    assert state.end == "closed" and state.closed_by == 0


def test_misses_a_lay_off_but_never_the_one_that_closes() -> None:
    state = position40("8s Kd 4c 7h 2d 6c", [(1, "9s Ts Js")], opened=0b11)
    seen, legal = state.observation(0), state.legal_actions()
    greedy = GreedyBot40(0, FISCA).choose(seen, legal)
    assert greedy.kind == ATTACH
    missed = rate_of(lambda s: EasyBot40(s, FISCA).choose(seen, legal),
                     lambda a: a.kind == DISCARD)
    assert 0.2 < missed < 0.5
    closing = position40("8s 3c 3d 3h 5d", [(1, "9s Ts Js"), (2, "2d 3d 4d")], opened=0b111)
    finish_turn(closing, EasyBot40(0, FISCA, rate=1.0))
    assert closing.end == "closed" and closing.closed_by == 0


def test_spends_the_jolly_early() -> None:
    state = position40("5c 6c JK Kd 9h 2s", [(0, "Ts Js Qs")], opened=0b1111)
    greedy = finish_turn(state, GreedyBot40(0, FISCA))
    assert state.hands[0][JOKER] == 1 and len(greedy) == 1  # kept, as the greedy does
    state = position40("5c 6c JK Kd 9h 2s", [(0, "Ts Js Qs")], opened=0b1111)
    finish_turn(state, EasyBot40(0, FISCA, rate=1.0))
    assert state.hands[0][JOKER] == 0


def test_forgets_the_table_where_the_rules_let_it_discard_there() -> None:
    # Under discard_attach_ban=NEVER a card that fits a meld on the table may be discarded
    # (§6.3 item 5); the greedy keeps the Kd back, a forgetful beginner throws it.
    rules = make_rules("fisca", {"discard_attach_ban": "NEVER"})
    state = position40("Kd 5h 8c JK", [(1, "Td Jd Qd")], opened=0b10, rules=rules)
    seen, legal = state.observation(0), state.legal_actions()
    assert str(GreedyBot40(0, rules).choose(seen, legal)) == "discard 8c"
    assert str(EasyBot40(0, rules, rate=1.0).choose(seen, legal)) == "discard Kd"
    for seed in SEEDS:
        assert EasyBot40(seed, rules, 1.0).choose(seen, legal).cards != (JOKER,)


# Whole hands: legal, honest, the same choices for the same seed; rate 0 is the greedy.

@pytest.mark.parametrize(("rules", "seats"), [
    (FIBUR, ("easy", "greedy", "easy", "greedy")),
    (make_rules("fibur", {"players": 2}), ("easy", "random")),
    (preset("buraco-aberto"), ("easy", "greedy", "easy", "greedy")),
    (FISCA, ("easy", "greedy", "easy", "greedy")),
    (make_rules("fisca", {"players": 2}), ("easy", "greedy")),
], ids=["fibur", "fibur-2", "buraco", "fisca", "fisca-2"])
def test_plays_whole_hands_legally_and_honestly(rules: RuleSet, seats: tuple[str, ...]) -> None:
    for deal in (3, 4):
        out = play_hand(rules, deal, seats, honesty_every=3)
        assert out.illegal == 0 and out.honesty_failures == 0 and out.honesty_checks > 10
        again = play_hand(rules, deal, seats, honesty_every=0)
        assert again.scores == out.scores


@pytest.mark.parametrize("rules", [FIBUR, FISCA], ids=["fibur", "fisca"])
def test_without_mistakes_it_is_the_greedy_bot(rules: RuleSet) -> None:
    easy = play_hand(rules, 7, ("easy:mistakes=0",) * 4)
    greedy = play_hand(rules, 7, ("greedy",) * 4)
    assert easy.scores == greedy.scores
