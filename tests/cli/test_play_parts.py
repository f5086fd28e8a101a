"""The parts of ``ramino play``: card numbers typed for cards, the clocks, the levels and
options refused by name, the refusals in the player's language, the coach's hint and review
at the prompt, the table drawn from the player's own observation."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ramino.cards import card_str, parse_card
from ramino.cli import app
from ramino.cli.play import make_bots, seat_names
from ramino.cli.play.clock import Clocks, shown_time
from ramino.cli.play.coaching import Coach
from ramino.cli.play.games import match_game
from ramino.cli.play.loop import bot_turn, side_names
from ramino.cli.play.typed import with_cards, with_numbers
from ramino.cli.play.view import numbered_hand, print_table
from ramino.cli.words import speak
from ramino.games.burraco.melds import burraco_type
from ramino.games.burraco.state import BurracoState
from ramino.rules import make_rules, preset
from ramino.rules.options import RuleSet
from tests.cli.play_script import scripted

runner = CliRunner()
HAND = [parse_card(c) for c in ("3h", "Kc", "JK", "4h", "5h")]


def test_card_numbers_are_the_cards_of_the_shown_hand() -> None:
    shown = numbered_hand(HAND)
    assert [card_str(c) for c in shown] == ["3h", "4h", "5h", "Kc", "JK"]
    assert with_cards("discard 4", shown) == "discard Kc"
    assert with_cards("meld 1 2 3", shown) == "meld 3h 4h 5h"
    # attach and swap: the first number is a meld's, the next ones cards
    assert with_cards("attach 2 1 5", shown) == "attach 2 3h JK"
    assert with_cards("swap 3 2", shown) == "swap 3 4h"
    assert with_cards("meld 1 2 5=5h", shown) == "meld 3h 4h JK=5h"
    assert with_cards("discard 3c", shown) == "discard 3c"  # a card by name stays
    assert with_cards("draw", shown) == "draw"
    with pytest.raises(ValueError, match="card number 9: your hand is numbered 1 to 5"):
        with_cards("discard 9", shown)
    for move in ("discard Kc", "meld 3h 4h 5h", "attach 2 3h JK", "meld 3h 4h JK=5h"):
        assert with_cards(with_numbers(move, shown), shown) == move
    assert with_numbers("attach 2 3h", shown) == "attach 2 1"
    assert with_numbers("pick", shown) == "pick"
    twice = numbered_hand([parse_card("7h"), parse_card("7h"), parse_card("8h")])
    assert with_numbers("meld 7h 7h 8h", twice) == "meld 1 2 3"


def test_clocks_count_each_turn_off_its_seat() -> None:
    now = [0.0]
    clocks = Clocks(1, 3, now=lambda: now[0])
    clocks.start(1)
    now[0] = 20.5
    clocks.start(2)  # starting one clock stops the other
    now[0] = 90.0
    clocks.stop()
    assert clocks.shown([0, 1, 2]) == ["1:00", "0:39", "0:00 flag"]
    assert shown_time(61) == "1:01"
    with pytest.raises(ValueError, match="positive"):
        Clocks(0, 2)


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "oracle"], "--bots oracle: not an opponent for people"),
    (["--bots", "grand-master"], "--bots grand-master: unknown bot 'grand-master'"),
    (["--partner", "search:foo=1"], "--partner search:foo=1: unknown search setting"),
    (["--option", "bogus=1"], "--option: unknown option 'bogus'"),
    (["--option", "players"], "--option 'players': write NAME=VALUE"),
    (["--lang", "fr"], "--lang fr: one of en, it, pt"),
    (["--clock", "0"], "--clock 0: a positive number of minutes"),
])
def test_play_refuses_a_bad_option_by_name(args: list[str], message: str,
                                            tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--seed", "1", "--out", str(tmp_path / "x.json"),
                                 *args], input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_the_partner_plays_at_his_own_level() -> None:
    rules = preset("fibur")
    bots = make_bots(3, rules, (0, 1, 2, 3), level="random", partner_level="greedy")
    assert sorted(bots) == [1, 2, 3]
    assert type(bots[2]).__name__ == "GreedyBot" and type(bots[1]).__name__ == "RandomBot"
    assert seat_names(rules) == ["you", "bot 1", "partner 2", "bot 3"]


def test_a_refusal_in_italian_names_the_rule_in_the_games_words(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--seed", "21", "--bots", "greedy", "--no-hints",
                                 "--lang", "it", "--out", str(tmp_path / "x.json")],
                           input="discard 1\nquit\n")
    text = result.stdout
    assert "rifiutata: discard 1: Prima pesca: dal tallone o dagli scarti. (draw-first, " \
           "RULES.md §2.3)" in text
    # The whole table speaks Italian, not only the refusal.
    assert "Sei il posto 0; il tuo compagno è il posto 2" in text
    assert "Giocatori" in text and "Scarti: " in text and "Tallone: " in text
    assert "La tua mano: " in text and "la tua mossa (draw, pick) > " in text
    for english in ("Players", "Your hand", "your move", "refused"):
        assert english not in text, english


def test_the_table_in_portuguese_reads_the_buraco_words(tmp_path: Path) -> None:
    """A Brazilian Buraco table in Portuguese: the morto, not the pozzetto (§4)."""
    result = runner.invoke(app, ["play", "--seed", "21", "--bots", "greedy", "--no-hints",
                                 "--preset", "buraco-aberto", "--lang", "pt",
                                 "--out", str(tmp_path / "x.json")], input="quit\n")
    text = result.stdout
    assert "Jogadores" in text and "Sua mão: " in text and "sua jogada (" in text
    assert "Mortos restantes: 2" in text and "Pozzetti" not in text


def test_hint_and_review_at_the_prompt(tmp_path: Path) -> None:
    """``hint`` shows the coach's move and why; after the hand, ``review`` its three
    costliest decisions; ``--no-hints`` turns both off."""
    typed = "hint\n" + "draw\ndiscard 1\n" * 12 + "review\n\n"
    result = runner.invoke(app, ["play", "--seed", "21", "--bots-seed", "5", "--bots", "greedy",
                                 "--hands", "1", "--coach-seconds", "0.05",
                                 "--out", str(tmp_path / "x.json")], input=typed)
    assert result.exit_code == 0, result.output[-2000:]
    text = result.stdout
    assert "hint: draw\n  why: draws from the tallone" in text
    assert "'review': your three costliest decisions; Enter: done > review" in text
    assert "Review of your play: " in text and "  1. move " in text and "     why: " in text
    off = runner.invoke(app, ["play", "--seed", "21", "--bots", "greedy", "--no-hints",
                              "--out", str(tmp_path / "y.json")], input="hint\nquit\n")
    assert "hints are off (--no-hints)" in off.stdout


def hand_until_a_burraco(preset_name: str) -> tuple[RuleSet, BurracoState]:
    """A match hand of greedy bots played until a side lays a burraco (or the hand ends)."""
    rules = preset(preset_name)
    game = match_game(rules, 11)
    state = game.next_hand()
    assert isinstance(state, BurracoState)
    bots = {**make_bots(2, rules, game.seats(), level="greedy"),
            0: make_bots(2, rules, (1,), level="greedy")[0]}
    while not state.is_over and not any(burraco_type(m.meld, rules)
                                        for m in state.observation(0).melds):
        bot_turn(state, bots[state.current])
    return rules, state


def test_the_table_shows_the_sides_melds_with_their_burraco_marks() -> None:
    """The table drawn from the player's observation: each seat's cards in hand, the melds
    grouped by side with the burraco mark of each meld of seven cards or more (§2.6), the
    pile, the stock and the pozzetti, and the player's own hand, numbered."""
    rules, state = hand_until_a_burraco("fibur")
    seen = state.observation(0)
    marks = {burraco_type(m.meld, rules) for m in seen.melds} - {None}
    assert marks, "the greedy bots laid no burraco in this hand"
    out = io.StringIO()
    names = seat_names(rules)
    print_table(Console(file=out, width=120, color_system=None), seen, rules, names,
                side_names(state, names), last_moves=["bot 1: draw, discard 3c"],
                clocks=["1:00"] * 4)
    text = out.getvalue()
    for mark in marks:
        assert f" {mark} " in text
    assert "you & partner 2" in text or "bot 1 & bot 3" in text
    for seat, size in enumerate(seen.hand_sizes):
        row = next(line for line in text.splitlines() if f" {names[seat]} " in line)
        assert f" {size} " in row and "1:00" in row
    hand = next(line for line in text.splitlines() if line.startswith("Your hand: "))
    assert hand.removeprefix("Your hand: ").split() == [
        f"{i}:{card_str(c)}" for i, c in enumerate(numbered_hand(seen.hand), start=1)]
    assert f"Stock: {seen.stock_size} cards" in text and "Pozzetti left:" in text
    assert "Since your last turn" in text and "bot 1: draw, discard 3c" in text


def test_a_brazilian_buraco_table_reads_in_its_own_words() -> None:
    """At buraco-aberto the same table says morto and canastra (§4), and a canastra's mark is
    clean or dirty (limpa or suja in Portuguese), where Burraco says pozzetto, burraco,
    pulito and sporco."""
    speak("en")
    rules, state = hand_until_a_burraco("buraco-aberto")
    seen = state.observation(0)
    assert any(burraco_type(m.meld, rules) for m in seen.melds), "no canastra in this hand"
    out = io.StringIO()
    names = seat_names(rules)
    print_table(Console(file=out, width=120, color_system=None), seen, rules, names,
                side_names(state, names))
    text = out.getvalue()
    assert "Mortos left:" in text and " canastra " in text
    assert " clean " in text or " dirty " in text
    for word in ("pozzett", "Pozzett", "burraco", "pulito", "sporco"):
        assert word not in text, word
    speak("pt")
    out = io.StringIO()
    print_table(Console(file=out, width=120, color_system=None), seen, rules, names,
                side_names(state, names))
    text = out.getvalue()
    assert "Mortos restantes:" in text and " canastra " in text
    assert " limpa " in text or " suja " in text
    speak("en")


def test_hint_and_review_of_a_scala40_hand(tmp_path: Path) -> None:
    """The coach reads Scala 40 too: a hint on the first turn, the review of the hand (its
    match seat in the record) after it."""
    rules = make_rules("fisca", {"players": 3})
    lines, _ = scripted(seed=4, bots_seed=3, hands=1, rules=rules)
    typed = ["hint", *lines, "review", ""]
    result = runner.invoke(app, ["play", "--preset", "fisca", "--players", "3", "--seed", "4",
                                 "--bots-seed", "3", "--bots", "greedy", "--hands", "1",
                                 "--coach-seconds", "0.05", "--out", str(tmp_path / "x.json")],
                           input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "hint: " in result.stdout and "  why: " in result.stdout
    assert "Review of your play: " in result.stdout


def test_the_coachs_reasons_in_the_players_language() -> None:
    """``--lang it``: the hint's reason from the catalogs the server uses; the move itself is
    the same in every language."""
    rules = preset("fibur")
    state = match_game(rules, 21).next_hand()
    state.play("draw")
    names = seat_names(rules)
    english = Coach(5, 0.05, "en", names, "burraco").hint(state, 0)
    italian = Coach(5, 0.05, "it", names, "burraco").hint(state, 0)
    assert english[0] == italian[0] and english[0].startswith("hint: ")
    assert english[1] != italian[1] and italian[1].startswith("  why: ")


def test_a_three_player_burraco_match_keeps_its_score_sheet(tmp_path: Path) -> None:
    """Burraco a tre (§5.2): ``ramino play`` keeps the score keeper's sheet, one column per
    player, the engine's per-seat scores (a pair splitting its total) added up hand by hand."""
    rules = make_rules("fibur", {"players": 3})
    lines, game = scripted(seed=5, bots_seed=2, hands=2, rules=rules)
    result = runner.invoke(app, ["play", "--players", "3", "--seed", "5", "--bots-seed", "2",
                                 "--bots", "greedy", "--hands", "2", "--out",
                                 str(tmp_path / "three.json")], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    totals = game.match.standing().totals  # type: ignore[attr-defined]
    assert len(totals) == 3
    assert "fibur, to 1505" in result.stdout
    shown = [line for line in result.stdout.splitlines() if "total" in line][-1]
    assert [int(cell) for cell in shown.replace("│", " ").split()[1:]] == list(totals)
