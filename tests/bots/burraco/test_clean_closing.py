"""The Burraco bots where only a clean burraco closes (``closing_burraco_requirement`` CLEAN:
the international code, §2.8, and the Brazilian aberto and STBL modes, §4.1).

The rule is read from the rule set, never from a preset's name: the same positions under
``ANY`` show what changes.
"""

from __future__ import annotations

from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.features import building_burraco, has_burraco, own_melds, play_effect
from ramino.bots.burraco.greedy import GreedyBot
from ramino.games.actions import ATTACH, DISCARD, MELD, PICK
from ramino.rules import preset
from ramino.rules.options import RuleSet, build_ruleset
from tests.helpers import cards, position

CLEAN = preset("buraco-aberto")
ANY = build_ruleset(CLEAN, {"closing_burraco_requirement": "ANY"})

#: Side 0's dirty burraco: a 2 of diamonds stands for the six of clubs (§2.6).
DIRTY = "3c 4c 5c 2d 7c 8c 9c"


def test_a_dirty_burraco_closes_only_under_any() -> None:
    for rules, closes in ((ANY, True), (CLEAN, False)):
        state = position(["5h 6h 7h Kd", "", "", ""], [(0, DIRTY)], rules=rules,
                         taken=(True, False))
        seen = state.observation(0)
        assert has_burraco(own_melds(seen), rules) is closes
        assert building_burraco(seen, 0, rules) is not closes
        run = [a for a in state.legal_actions()
               if a.kind == MELD and sorted(a.cards) == sorted(cards("5h 6h 7h"))]
        # Laying the run leaves one card, the closing discard: the engine allows it only where
        # the burraco closes (§2.8), and the bots' reading of the play agrees.
        assert bool(run) is closes
        lay = run[0] if run else next(a for a in position(
            ["5h 6h 7h Kd", "", "", ""], [(0, DIRTY)], rules=ANY, taken=(True, False),
        ).legal_actions() if a.kind == MELD)
        assert play_effect(seen, lay, rules, rules.card_value_table()).closes is closes


def test_a_clean_burraco_closes_under_both() -> None:
    for rules in (ANY, CLEAN):
        state = position(["5h 6h 7h Kd", "", "", ""], [(0, "3c 4c 5c 6c 7c 8c 9c")],
                         rules=rules, taken=(True, False))
        seen = state.observation(0)
        run = next(a for a in state.legal_actions()
                   if a.kind == MELD and sorted(a.cards) == sorted(cards("5h 6h 7h")))
        assert play_effect(seen, run, rules, rules.card_value_table()).closes


def wild_on_clean_run(rules: RuleSet) -> tuple[bool, bool]:
    """Side 0 has a clean run of five and no burraco; seat 0 holds a wild and three loose
    cards.  Does the expert (then the greedy) play the wild onto the run first?"""
    state = position(["2s Kd Qs 9d", "", "", ""], [(0, "4h 5h 6h 7h 8h")], rules=rules)
    seen = state.observation(0)
    legal = state.legal_actions()
    assert any(a.kind == ATTACH for a in legal)

    def spoils(bot: ExpertBot | GreedyBot) -> bool:
        choice = bot.choose(seen, legal)
        assert choice.kind in (ATTACH, DISCARD)
        return choice.kind == ATTACH

    return spoils(ExpertBot(0, rules)), spoils(GreedyBot(0, rules))


def test_the_expert_keeps_a_wild_off_the_clean_run_only_when_closing_needs_it() -> None:
    # Under ANY a wild on the run is points down and a step to a burraco (dirty, which
    # closes); under CLEAN the run of five is the side's likeliest clean burraco.
    assert wild_on_clean_run(ANY) == (True, True)
    assert wild_on_clean_run(CLEAN) == (False, True)


def test_the_wild_goes_down_once_a_clean_burraco_is_laid() -> None:
    state = position(["2s Kd Qs 9d", "", "", ""],
                     [(0, "4h 5h 6h 7h 8h"), (0, "3c 4c 5c 6c 7c 8c 9c")], rules=CLEAN)
    choice = ExpertBot(0, CLEAN).choose(state.observation(0), state.legal_actions())
    assert choice.kind == ATTACH


FECHADO = preset("buraco-fechado")
FECHADO_CLEAN = build_ruleset(FECHADO, {"closing_burraco_requirement": "CLEAN"})
#: Twelve scarto cards, bottom to top; only the top one (4c) shows when the pile is closed.
PILE = "Ks Qd Jh 9c 8s 7d 6h 5s 4d 3h Tc 4c"


def takes_pile(rules: RuleSet, hand: str, pile: str) -> bool:
    state = position([hand, "", "", ""], rules=rules, pile=pile, phase="draw")
    seen = state.observation(0)
    return ExpertBot(0, rules).choose(seen, state.legal_actions()).kind == PICK


def test_a_closed_pile_counts_the_cards_under_its_top() -> None:
    # The top card (4c) fits nothing in the hand: one card alone is not worth taking; under a
    # closed pile (§4.1) the eleven unseen cards below it are.
    state = position(["Kd 9s 6d Jc", "", "", ""], rules=FECHADO, pile=PILE, phase="draw")
    seen = state.observation(0)
    assert seen.pile == tuple(cards("4c")) and seen.pile_size == 12
    assert not takes_pile(FECHADO, "Kd 9s 6d Jc", "4c")
    assert takes_pile(FECHADO, "Kd 9s 6d Jc", PILE)
    # The greedy looks at the top card only (it takes a pile it can lay a card of at once).
    assert GreedyBot(0, FECHADO).choose(seen, state.legal_actions()).kind != PICK


def test_with_two_cards_the_closed_pile_is_taken_where_closing_needs_a_clean_burraco() -> None:
    # Two cards that meld nothing with the top card: the pick's caution (the junk would stay
    # in a two-card hand) holds where any burraco closes; where only a clean one does, hands
    # run longer and the eleven unseen cards are the material to build it.
    assert not takes_pile(FECHADO, "Kd 9s", PILE)
    assert takes_pile(FECHADO_CLEAN, "Kd 9s", PILE)
