"""The Scala 40 bots of the ladder (§6): the registry gives each game its own
bots under the same names; they play whole hands legally for 2 to 6 players and under the
FISCA variants; their stated preferences; the arena plays Scala 40 on duplicate deals."""

from __future__ import annotations

import random

import pytest

from ramino.arena.duplicate import run_match
from ramino.arena.play import play_hand
from ramino.bots.registry import make_bot
from ramino.bots.scala40.expert import ExpertBot, ExpertWeights, _Context, reaches
from ramino.bots.scala40.greedy import GreedyBot
from ramino.bots.scala40.plan import TurnView, best_plan, penalty_laid
from ramino.cards import JOKER, pack, parse_annotated_card, to_counts
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.scoring import penalty_value
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet, make_rules, preset
from tests.helpers import cards

FISCA = preset("fisca")
VARIANTS: list[RuleSet] = [
    *(make_rules("fisca", {"players": n}) for n in (2, 3, 5, 6)),
    make_rules("fisca", {"opening_with_discard": True, "chiusura_in_mano_multiplier": 2,
                         "unopened_flat_penalty": 100, "opening_without_jolly": True}),
    make_rules("fisca", {"discard_attach_ban": "NEVER", "group_max_size": 3,
                         "identical_sequence_allowed": False, "lay_off_on_opponents": False,
                         "lay_off_after_opening_same_turn": False, "opening_threshold": 51}),
    make_rules("fisca", {"partnerships": "PAIRS_2V2", "initial_discard": "DEALER_14",
                         "lay_off_on_opponents": False}),
    make_rules("fisca", {"partnerships": "TEAMS_3V3", "players": 6,
                         "opening_counts_only_new_melds": False,
                         "jolly_swap_requires_opened": False}),
]


def meld40(text: str, rules: RuleSet = FISCA) -> m40.Meld:
    parsed = [parse_annotated_card(t) for t in text.split()]
    return m40.new_meld([c for c, _ in parsed], [(c, t) for c, t in parsed if t is not None],
                        rules)


def position40(hand: str, melds: list[tuple[int, str]] | None = None, *, opened: int = 0,
               turn: int = 8, phase: str = "play", pozzo: str = "9c",
               rules: RuleSet = FISCA) -> Scala40State:
    """Seat 0 to play with ``hand``; ``opened`` is a bit mask of the seats that have opened;
    the rest of the 108 cards fill the other hands (13 each) and the tallone."""
    state = Scala40State.new_hand(rules, seed=1)
    table = [(owner, meld40(text, rules)) for owner, text in melds or []]
    mine = cards(hand)
    left = to_counts(pack(2))
    for c in [*mine, *cards(pozzo), *(c for _, m in table for c in m.cards)]:
        left[c] -= 1
        assert left[c] >= 0
    rest = [c for c in range(53) for _ in range(left[c])]
    random.Random(0).shuffle(rest)
    hands = [to_counts(mine)]
    for _ in range(1, rules.players):
        hands.append(to_counts(rest[:13]))
        del rest[:13]
    state.hands = hands
    state.sizes = [sum(h) for h in hands]
    state.stock = rest
    state.pile = cards(pozzo)
    state.melds = [m for _, m in table]
    state.meld_seat = [o for o, _ in table]
    state.opened = [bool(opened >> s & 1) for s in range(rules.players)]
    state.current = 0
    state.phase = phase
    state.turn = turn
    state.started_unopened = not state.opened[0]
    return state


def finish_turn(state: Scala40State, bot: GreedyBot | ExpertBot) -> list[str]:
    played = []
    while not state.is_over and state.current == 0:
        action = bot.choose(state.observation(0), state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
        played.append(str(action))
    return played


def test_the_registry_gives_scala40_its_own_bots_under_the_same_names() -> None:
    assert isinstance(make_bot("greedy", 0, FISCA), GreedyBot)
    expert = make_bot("expert:keep_rank=3", 0, FISCA)
    assert isinstance(expert, ExpertBot) and expert.w.keep_rank == 3
    with pytest.raises(ValueError, match="unknown Scala 40 expert weight"):
        make_bot("expert:keep_pair=3", 0, FISCA)
    with pytest.raises(ValueError, match="takes no settings"):
        make_bot("greedy:x=1", 0, FISCA)


@pytest.mark.parametrize("spec", ["random", "easy", "greedy", "expert"])
def test_bots_play_whole_hands_legally_at_every_table_size(spec: str) -> None:
    for deal, rules in enumerate([FISCA, *VARIANTS]):
        seats = tuple(spec if s % 2 == 0 else "greedy" for s in range(rules.players))
        out = play_hand(rules, deal, seats, honesty_every=5)
        assert out.illegal == 0 and out.honesty_failures == 0
        assert out.honesty_checks > 0 and out.end in ("closed", "stock", "stallo")


def test_greedy_opens_with_the_best_forty_and_keeps_the_jolly() -> None:
    # J-Q-K-A of hearts is 41 (§1.3: the ace high counts 11); 2-3-JK of clubs is not needed.
    state = position40("Jh Qh Kh Ah 2c 3c JK 7d 9s 5s", opened=0b1110)
    played = finish_turn(state, GreedyBot(0, FISCA))
    assert played[0] == "meld Ah Jh Qh Kh"
    assert state.opened[0] and state.hands[0][JOKER] == 1
    assert len(played) == 2 and played[1].startswith("discard")


def test_greedy_lays_off_and_closes_when_it_can() -> None:
    state = position40("8s 3c 3d 3h 5d", [(1, "9s Ts Js"), (2, "2d 3d 4d")], opened=0b111)
    played = finish_turn(state, GreedyBot(0, FISCA))
    assert state.end == "closed" and state.closed_by == 0
    assert len(played) == 3 and played[-1].startswith("discard")


def test_nobody_closes_in_the_first_round() -> None:
    # §6.4: the plan keeps two cards when closing is not allowed yet.
    state = position40("8s 3c 3d 3h 5d", [(1, "9s Ts Js"), (2, "2d 3d 4d")], opened=0b111,
                       turn=1)
    view = TurnView.of(state.observation(0), FISCA)
    plan = best_plan(view, FISCA, penalty_laid(FISCA))
    assert plan is not None and not plan.closes and sum(plan.left) >= 2
    # The most it can lay keeping two cards: both lay-offs (8s, 5d: 13 points), not the tris.
    assert sorted(plan.laid) == sorted(cards("8s 5d"))


def test_greedy_discards_the_highest_useless_card() -> None:
    state = position40("Kd 9h 8h 4c 4s 2d", opened=0b1111)
    choice = GreedyBot(0, FISCA).choose(state.observation(0), state.legal_actions())
    assert str(choice) == "discard Kd"  # 9h 8h and the fours are useful; Kd is 10 points


def test_the_plan_uses_the_picked_card() -> None:
    # After a pick (§6.3 item 1) the card must be used this turn: the plan melds it.
    state = position40("7h 8h Kc 2d", opened=0b1111, phase="draw", pozzo="9h")
    bot = GreedyBot(0, FISCA)
    assert bot.choose(state.observation(0), state.legal_actions()).kind == "pick"
    played = finish_turn(state, bot)
    assert played[:2] == ["pick", "meld 7h 8h 9h"]


def test_expert_sheds_points_when_an_opponent_is_about_to_close() -> None:
    # Kd Qd wait for Jd or Ad; the small cards are useless.  Quiet, the pair is kept; with
    # an opponent about to close, ten points go instead of four.
    quiet = position40("Kd Qd 4c 2h 3s", opened=0b1111)
    urgent = position40("Kd Qd 4c 2h 3s", opened=0b1111)
    urgent.sizes[1] = 2
    bot = ExpertBot(0, FISCA)
    assert bot.urgency(quiet.observation(0)) == 0.0
    assert bot.urgency(urgent.observation(0)) == 1.0
    choice = bot.choose(quiet.observation(0), quiet.legal_actions())
    assert choice.cards[0] not in cards("Kd Qd")
    choice = bot.choose(urgent.observation(0), urgent.legal_actions())
    assert choice.cards[0] in cards("Kd Qd")


def test_expert_counts_cards_a_pair_whose_completing_cards_are_gone_is_dead() -> None:
    # 5h 6h need 4h or 7h (§6.2); in the second position both copies of each are on the table.
    live = position40("5h 6h Tc Ts 3s", [(1, "Jc Qc Kc")], opened=0b1111)
    dead = position40("5h 6h Tc Ts 3s", [(1, "2h 3h 4h"), (2, "4h 4c 4d"), (3, "7h 7c 7d"),
                                         (1, "7h 8h 9h")], opened=0b1111)
    bot = ExpertBot(0, FISCA)
    five = cards("5h")[0]

    def keep(state: Scala40State) -> float:
        context = _Context(state.observation(0), FISCA, 0.0)
        context.hand[five] -= 1
        return bot.keep_value(context, context.hand, five)

    assert keep(dead) < keep(live)
    assert keep(dead) == pytest.approx(bot.w.keep_adjacent * bot.w.dead_factor)


def test_expert_holds_back_for_a_chiusura_in_mano_only_when_it_pays() -> None:
    # The apertura (J-Q-K-A, 4-5-6, the nines) would leave 2s 3s: near a chiusura in mano.
    hand = "Jh Qh Kh Ah 4c 5c 6c 9d 9s 9c 2s 3s"
    doubled = make_rules("fisca", {"chiusura_in_mano_multiplier": 2})
    for rules, expected in ((FISCA, False), (doubled, True)):
        state = position40(hand, opened=0, rules=rules)
        bot = ExpertBot(0, rules)
        view = TurnView.of(state.observation(0), rules)
        assert bot.hold_back(state.observation(0), view, 0.0) is expected


def test_reaches_finds_forty_in_new_melds_leaving_a_discard() -> None:
    def hand(text: str) -> list[int]:
        return to_counts(cards(text))

    assert reaches(hand("Kh Qh Jh 9c 9d 9s 2c"), 40, FISCA, False)       # 30 + 27
    assert not reaches(hand("Kh Qh Jh 9c 9d 2c"), 40, FISCA, False)      # 30 alone
    # 57 points, but every card in them: nothing left to discard (T-49).
    assert not reaches(hand("Kh Qh Jh 9c 9d 9s"), 40, FISCA, False)
    # Apertura senza jolly: a meld with the jolly counts nothing toward the 40.
    assert reaches(hand("Kh Qh JK 9c 9d 9s 2c"), 40, FISCA, False)
    assert not reaches(hand("Kh Qh JK 9c 9d 9s 2c"), 40, FISCA, True)


def test_expert_keeps_the_cards_that_may_open_on_the_next_draw() -> None:
    # J-Q-K of hearts make 30; 9c 9d open with a third nine (§6.3 item 2), 4s 7d open nothing.
    state = position40("Jh Qh Kh 9c 9d 4s 7d 2c", opened=0)
    observation = state.observation(0)
    counting = ExpertBot(0, FISCA, ExpertWeights(open_chance=200.0, open_candidates=13))
    context = _Context(observation, FISCA, 0.0)
    nine, four = cards("9c")[0], cards("4s")[0]
    chances = counting.opening_chances(observation, context, [nine, four])
    assert chances[four] > chances[nine] > 0.0
    choice = counting.choose(observation, state.legal_actions())
    assert choice.kind == "discard" and choice.cards[0] not in cards("9c 9d Jh Qh Kh")


def test_weights_round_trip() -> None:
    w = ExpertWeights(keep_rank=2.5, hold_left=3)
    assert ExpertWeights.from_dict({**w.as_dict(), "nonsense": 1.0}) == w


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_arena_plays_scala40_on_duplicate_deals(players: int) -> None:
    report = run_match("greedy", "random", deals=2, preset_name="fisca", jobs=1,
                       honesty_every=4, players=players)
    summary = report.summary()
    assert summary["illegal_actions"] == 0 and summary["honesty_failures"] == 0
    assert summary["honesty_checks"] > 0 and summary["vp_a"] is None
    for deal in report.deals:
        assert deal.divisor == players
        # Each table's points are minus the penalties of its seats (§6.5).
        assert deal.first[0] <= 0 and deal.second[1] <= 0
        assert sum(deal.closes) <= 2
    assert summary["penalty_per_hand_a"] >= 0 and 0 <= summary["closes_a"] <= 1


def test_search_and_oracle_play_a_hand_legally() -> None:
    out = play_hand(FISCA, 8, ("search:samples=1,candidates=2,horizon=4", "expert",
                               "oracle:samples=1,candidates=2,tallone=0", "expert"),
                    honesty_every=11)
    assert out.illegal == 0 and out.honesty_failures == 0 and out.honesty_checks > 0


def test_search_is_deterministic_for_a_seed() -> None:
    from ramino.bots.scala40 import search as scala40_search

    state = position40("4s 8s 9s Ks 5h 6h Kh 3d 4d Jd Qd 2c 9c Jc", turn=1)
    legal = state.legal_actions()
    first = scala40_search.SearchBot(4, FISCA, samples=3, extra=0, horizon=4)
    a = first.choose(state.observation(0), legal)
    assert first.rollout_actions > 0  # a discard before the apertura: searched
    b = scala40_search.SearchBot(4, FISCA, samples=3, extra=0, horizon=4).choose(
        state.observation(0), legal)
    assert a == b and a in legal


def test_bots_made_for_a_match_play_its_hands_after_an_elimination() -> None:
    """§6.5: a match hand after an elimination is dealt to fewer seats than the rules name; a
    bot made with the match's rules (as a server table makes it) still plays it."""
    three = make_rules("fisca", {"players": 3})
    state = Scala40State.new_hand(three, seed=5)
    bots = [make_bot(spec, seat, FISCA) for seat, spec in
            enumerate(["search:samples=1,horizon=2", "expert", "greedy"])]
    for _ in range(40):
        seat = state.current
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
        if state.is_over:
            break


def test_expert_look_ahead_weighs_the_chance_to_open_in_the_next_draws() -> None:
    # J-Q-K of hearts make 30 and 9c 9d wait for a nine (§6.3 item 2): the king is worth
    # most to the apertura, the nine next, the loose 2c least.  With an opened opponent down
    # to four cards the hand may end in two turns: fewer draws, a smaller chance.
    state = position40("Jh Qh Kh 9c 9d 4s 7d 2c 3s 5h 6c", opened=0)
    bot = ExpertBot(0, FISCA)
    king, nine, two = cards("Kh 9c 2c")

    def odds(state: Scala40State) -> dict[int, float]:
        observation = state.observation(0)
        context = _Context(observation, FISCA, 0.0)
        return bot.opening_odds(observation, context, [king, nine, two], random.Random(1))

    quiet = odds(state)
    assert bot.draws_left(state.observation(0)) == bot.w.look_turns
    assert quiet[king] < quiet[nine] < quiet[two]
    state.opened[1] = True
    state.sizes[1] = 4
    assert bot.draws_left(state.observation(0)) == 2
    assert odds(state)[two] < quiet[two]


@pytest.mark.parametrize("seed", range(3))
def test_expert_sheds_a_high_card_whose_apertura_is_unlikely(seed: int) -> None:
    # Nobody has opened; the kings wait for a third king, the 2c for nothing.  Card counting
    # alone keeps the pair and lets the 2c go; the look-ahead sees that the kings rarely
    # open in the next draws and that a hand that does not open pays them (§6.5).
    state = position40("4s 8s 9s Ks 5h 6h Kh 3d 4d Jd Qd 2c 9c Jc", opened=0, turn=1)
    observation = state.observation(0)
    plain = ExpertBot(seed, FISCA, ExpertWeights(look_samples=0))
    assert plain.choose(observation, state.legal_actions()).cards == tuple(cards("2c"))
    choice = ExpertBot(seed, FISCA).choose(observation, state.legal_actions())
    assert choice.kind == "discard" and choice.cards[0] in cards("Ks Kh Qd Jd Jc")


def test_the_search_ranks_with_the_expert_and_plays_its_rollouts_without_the_look_ahead() -> None:
    from ramino.bots.scala40 import search as scala40_search
    plain = make_bot("search", 0, FISCA)
    assert isinstance(plain, scala40_search.SearchBot)
    assert plain.expert.w.look_samples == ExpertWeights().look_samples > 0
    assert all(b.w.look_samples == 0 for b in plain.rollout_bots)
    told = make_bot("search:look=8,root=-1", 0, FISCA)
    assert isinstance(told, scala40_search.SearchBot)
    assert all(b.w.look_samples == 8 for b in [told.expert, *told.rollout_bots])
    root = make_bot("search:root=32", 0, FISCA)
    assert isinstance(root, scala40_search.SearchBot)
    assert root.expert.w.look_samples == 32
    assert all(b.w.look_samples == 0 for b in root.rollout_bots)


def test_the_search_decides_the_discards_before_the_apertura_only() -> None:
    """§6.3 items 2 and 5: the search weighs the discards of a seat that has not opened; a
    seat that has opened plays the expert's discard unless ``opened`` is set."""
    from ramino.bots.scala40 import search as scala40_search
    hand = "4s 8s 9s Ks 5h 6h Kh 3d 4d Jd Qd 2c 9c Jc"
    bot = scala40_search.SearchBot(3, FISCA)
    wide = scala40_search.SearchBot(3, FISCA, opened=1)
    for opened, searched in ((0, 3), (0b0001, 1)):
        state = position40(hand, opened=opened, turn=1)
        observation = state.observation(0)
        ranked = bot.ranked(observation, state.legal_actions())
        options = bot.candidate_actions(ranked, observation)
        assert [a.kind for a in options] == ["discard"] * searched
        assert options[0] == ranked[0]
        assert len(wide.candidate_actions(ranked, observation)) == 3


def test_the_search_plays_the_experts_choice_where_it_does_not_search() -> None:
    from ramino.bots.scala40 import search as scala40_search
    state = position40("Kd Qd 5c 6s 2h 9h 9d", opened=0b1111)
    legal = state.legal_actions()
    expert = ExpertBot(5, FISCA).choose(state.observation(0), legal)
    search = scala40_search.SearchBot(5, FISCA)
    assert search.choose(state.observation(0), legal) == expert
    assert search.rollout_actions == 0  # no world was played out


def test_expert_look_ahead_finds_the_draw_that_opens() -> None:
    # J-Q-K of hearts make 30 and 9c 9d wait for a nine (§6.3 item 2): with the draws 2s then
    # 9h the hand opens at the second draw (57 points) whatever loose card goes, never when
    # a nine or the king goes; a hand that opens later counts less as opened (look_decay).
    state = position40("Jh Qh Kh 9c 9d 4s 7d 2c 3s 5h 6c", opened=0)
    bot = ExpertBot(0, FISCA, ExpertWeights(look_decay=0.5))
    king, nine, two, spade_two, heart_nine = cards("Kh 9c 2c 2s 9h")
    hand = to_counts(state.observation(0).hand)
    first = bot._opening_draws(hand, [spade_two, heart_nine], 40, [king, nine, two])
    assert first == {king: -1, nine: -1, two: 1}
    assert bot._opening_draws(hand, [spade_two], 40, [two]) == {two: -1}
    observation = state.observation(0)
    context = _Context(observation, FISCA, 0.0)
    points = sum(n * penalty_value(c, FISCA) for c, n in enumerate(hand))
    slow = bot.expected_penalties(observation, context, [king, two], points, random.Random(1))
    fast = ExpertBot(0, FISCA, ExpertWeights(look_decay=0.99)).expected_penalties(
        observation, context, [king, two], points, random.Random(1))
    assert fast[two] < slow[two] < points
    assert slow[two] < slow[king]
