"""``ramino play --preset fisca --players N`` and ``ramino replay`` on Scala 40 records."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from ramino.cli import app
from ramino.games.scala40.match import Match
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules


def test_play_scala40_in_the_terminal_writes_a_record(tmp_path: Path) -> None:
    out = tmp_path / "hand.json"
    result = CliRunner().invoke(app, ["play", "--preset", "fisca", "--players", "3", "--seed",
                                      "4", "--bots", "greedy", "--no-hints", "--out", str(out)],
                                input="pick\ndraw\nhelp\nmeld 5c\nmeld 1\nquit\n")
    assert result.exit_code == 1  # the player quit before the end of the hand
    text = result.output
    assert "Scala 40 (fisca, 3 players, out at 101)" in text
    assert "refused: pick: before opening you may not take the discard" in text
    assert "Pozzo: 1 card, top" in text and "Stock: 68 cards" in text
    assert "your legal actions: discard " in text
    assert "refused: meld: 5c is not in your hand (card-in-hand, RULES.md §6.3)" in text
    assert "refused: 3s: a meld needs at least three cards" in text  # card 1 of the hand
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["game"] == "scala40" and len(document["players"]) == 3
    assert scala40_record.replay(document).ok
    assert document["turns"][0] == ["draw"]


def test_play_refuses_a_player_count_the_game_has_not() -> None:
    result = CliRunner().invoke(app, ["play", "--preset", "fisca", "--players", "7"])
    assert result.exit_code == 2


def test_replay_prints_a_scala40_match(tmp_path: Path) -> None:
    match = Match(make_rules("fisca", {"players": 2}), seed=8)
    rng = random.Random(8)
    while not match.over:
        state = match.next_hand()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(scala40_record.match_record_of(match)), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    winner = match.standing().winner
    assert f"Match over after {len(match.states)} hands: seat {winner} wins" in result.output
    as_json = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert json.loads(as_json.stdout)["match"]["winner"] == winner
