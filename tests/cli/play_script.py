"""The lines a scripted player types in ``ramino play``, found by replaying the same match
(the same deals, the same greedy bots) beside the command."""

from __future__ import annotations

from ramino.cli import HUMAN_SEAT, bot_turn, make_bots
from ramino.cli.play.games import MatchGame, match_game
from ramino.cli.play.view import numbered_hand
from ramino.rules import RuleSet, preset


def scripted(seed: int, bots_seed: int, hands: int | None = 1, rules: RuleSet | None = None,
            reenter: str = "y") -> tuple[list[str], MatchGame]:
    """The lines a scripted player types: replay the same match (same deals, same greedy
    bots) and, on each of seat 0's turns, draw and discard the first card the rules allow,
    typed by its number in the shown hand; on the first turn ask for help, try a refused
    action and an unknown one first.  After a hand, ``reenter`` when offered a re-entry
    (Scala 40), and Enter before the next hand."""
    game = match_game(rules or preset("fibur"), seed)
    lines: list[str] = []
    first = True
    played = 0
    while not game.over and (hands is None or played < hands):
        state = game.next_hand()
        seats = game.seats()
        human = seats.index(HUMAN_SEAT) if HUMAN_SEAT in seats else None
        bots = make_bots(bots_seed, state.rules, seats, level="greedy", hand=played)
        while not state.is_over:
            if state.current != human:
                bot_turn(state, bots[state.current])
                continue
            if first:
                lines += ["help", "discard " + "JK", "melt 7h", "show"]
                first = False
            if state.phase == "draw":
                lines.append("draw")
                state.play("draw")
            discard = next(a for a in state.legal_actions() if a.kind == "discard")
            shown = numbered_hand(state.hand_of(human))
            lines.append(f"discard {shown.index(discard.cards[0]) + 1}")
            state.apply(discard)
        game.finish_hand()
        played += 1
        for side in game.reentries_offered():
            if side == game.side_of(HUMAN_SEAT):
                lines.append(reenter)
                if reenter != "y":
                    continue
            game.reenter(side)
        if not game.over and (hands is None or played < hands):
            lines.append("")  # the pause between hands: Enter for the next one
    return lines, game
