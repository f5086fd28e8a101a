"""``ramino play`` driven with scripted standard input, ``ramino rules``, and the command
tree (the tournament commands mounted when their module exists)."""

from __future__ import annotations

import importlib.util
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ramino
from ramino.cli import app
from ramino.records import replay
from ramino.records.scala40 import record as scala40_record
from ramino.rules import OPTIONS, make_rules, preset_names
from ramino.rules.presets import PRESET_DESCRIPTIONS
from tests.cli.play_script import scripted

runner = CliRunner()


PLAY = ["play", "--bots", "greedy", "--no-hints"]


def test_play_a_whole_hand_with_scripted_input(tmp_path: Path) -> None:
    lines, expected = scripted(seed=21, bots_seed=5)
    out = tmp_path / "hand.json"
    result = runner.invoke(app, [*PLAY, "--seed", "21", "--bots-seed", "5", "--hands", "1",
                                 "--out", str(out)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    text = result.stdout
    assert "your legal actions: draw | pick" in text
    assert ("refused: discard: draw from the stock or pick the pile first (draw-first, "
            "RULES.md §2.3)") in text
    assert "not understood: unknown action 'melt'" in text
    assert "Your hand: 1:" in text and "bot 1: draw" in text
    # The hand's breakdown and the score sheet.
    assert "Hand 1 (dealer: bot 3)" in text and "total" in text
    assert "Stopped after 1 hand(s) (--hands 1)." in text
    assert f"Record written to {out}" in text
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["meta"]["seed"] == 21 and document["meta"]["bots_seed"] == 5
    assert document["meta"]["bots"] == "greedy"
    report = replay(document)
    assert report.exit_code == 0
    state = expected.match.states[0]  # type: ignore[attr-defined]
    exp = state.result()
    assert exp is not None
    assert document["result"]["scores"] == list(exp.scores)
    assert report.hands[0].state.history() == state.history()


def test_play_two_hands_keeps_the_score_sheet_and_writes_the_match(tmp_path: Path) -> None:
    lines, expected = scripted(seed=30, bots_seed=2, hands=2)
    out = tmp_path / "match.json"
    result = runner.invoke(app, [*PLAY, "--seed", "30", "--bots-seed", "2", "--hands", "2",
                                 "--out", str(out)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Hand 2 (dealer: you)" in result.stdout
    totals = [sum(side) for side in zip(*expected.match.scores, strict=True)]  # type: ignore
    assert "Enter: next hand; 'quit': stop > " in result.stdout
    sheet_rows = [line for line in result.stdout.splitlines() if "total" in line]
    assert all(str(t) in sheet_rows[-1] for t in totals), sheet_rows[-1]
    document = json.loads(out.read_text(encoding="utf-8"))
    assert len(document["hands"]) == 2 and document["match"] == {"target": 2005}
    assert replay(document).exit_code == 0


def test_play_a_scala40_match_to_elimination_with_a_reentry(tmp_path: Path) -> None:
    """A whole Scala 40 match (§6.5): hands until one player is left under the limit, the
    player re-entering once when the rules let him; the score sheet after every hand."""
    options = ["reentry=ONCE_AT_HIGHEST_REMAINING", "elimination_limit=51"]
    rules = make_rules("fisca", {"players": 3, **dict(o.split("=") for o in options)})
    lines, expected = scripted(seed=6, bots_seed=1, hands=None, rules=rules)
    out = tmp_path / "match.json"
    args = [*PLAY, "--preset", "fisca", "--players", "3", "--seed", "6", "--bots-seed", "1",
            "--out", str(out)] + [f"--option={o}" for o in options]
    result = runner.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-3000:]
    text = result.stdout
    assert expected.over and "match over: " in text and "out at 51" in text
    assert "re-enter at the highest total in play (§6.5)? [y/N] > y" in text
    assert "re-enters the match." in text
    document = json.loads(out.read_text(encoding="utf-8"))
    assert scala40_record.replay(document).ok
    assert len(document["hands"]) == len(expected.match.states)  # type: ignore[attr-defined]


def test_play_input_ending_early_writes_the_partial_record(tmp_path: Path) -> None:
    out = tmp_path / "partial.json"
    result = runner.invoke(app, [*PLAY, "--seed", "3", "--out", str(out)], input="draw\n")
    assert result.exit_code == 1
    assert "input ended before the end of the hand" in result.stdout
    document = json.loads(out.read_text(encoding="utf-8"))
    assert "result" not in document and document["turns"][0] == ["draw"]
    assert replay(document).exit_code == 0


def test_play_default_record_name_uses_the_seed(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*PLAY, "--seed", "8"], input="quit\n")
    assert result.exit_code == 1
    assert (tmp_path / "records" / "seed-8.json").is_file()


def test_play_unknown_preset_exits_2() -> None:
    result = runner.invoke(app, ["play", "--preset", "casa"])
    assert result.exit_code == 2 and "unknown preset 'casa'" in result.stderr


def test_rules_lists_presets_and_options() -> None:
    result = runner.invoke(app, ["rules"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    for name in preset_names():
        assert name in result.stdout
        assert PRESET_DESCRIPTIONS[name] in result.stdout
    result = runner.invoke(app, ["rules", "international"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    for spec in OPTIONS:
        # Every Burraco option, and none of another game's (§6.7 is Scala 40).
        assert (spec.name in result.stdout) == ("burraco" in spec.games), spec.name
    assert '"CLEAN"' in result.stdout and "§3.6/§2.8" in result.stdout
    result = runner.invoke(app, ["rules", "casa"])
    assert result.exit_code == 2 and "unknown preset" in result.stderr


def test_tournament_commands_are_mounted_when_present() -> None:
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    for command in ("replay", "play", "rules"):
        assert command in result.stdout
    present = importlib.util.find_spec("ramino.tournament.cli") is not None
    assert ("tournament" in result.stdout) == present


@pytest.mark.parametrize(("preset_name", "players"), [("fibur", 2), ("house", 3),
                                                      ("buraco-fechado", 6)])
def test_play_any_burraco_preset_and_player_count(tmp_path: Path, preset_name: str,
                                                   players: int) -> None:
    """``ramino play --preset P --players N``: the record it writes names every
    seat and replays."""
    out = tmp_path / "hand.json"
    result = runner.invoke(app, [*PLAY, "--preset", preset_name, "--players", str(players),
                                 "--seed", "4", "--out", str(out)], input="draw\nquit\n")
    assert result.exit_code in (0, 1), result.output
    document = json.loads(out.read_text(encoding="utf-8"))
    assert len(document["players"]) == players
    assert runner.invoke(app, ["replay", str(out)]).exit_code == 0


def _read_until(fd: int, marker: bytes, seen: bytearray, limit: float = 60.0) -> None:
    """Read the terminal's output into ``seen`` until ``marker`` shows (``limit`` only bounds
    a failing test: the assertion is on what is shown, never on how fast)."""
    end = time.monotonic() + limit
    while marker not in seen:
        left = end - time.monotonic()
        assert left > 0, f"no {marker!r} on the terminal: {bytes(seen)[-500:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the terminal closed: the program ended
                chunk = b""
            assert chunk, f"the program ended before {marker!r}: {bytes(seen)[-500:]!r}"
            seen += chunk


def test_a_terminal_shows_a_typed_command_once(tmp_path: Path) -> None:
    """On a terminal the line discipline echoes what the player types; ``ramino play`` must
    not print it a second time (it does echo input from a pipe, for transcripts)."""
    main, terminal = pty.openpty()
    source = Path(ramino.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(source), os.environ.get("PYTHONPATH", "")]), "COLUMNS": "100", "TERM": "dumb"}
    process = subprocess.Popen(
        [sys.executable, "-c", "from ramino.cli import main; main()", *PLAY, "--seed", "7",
         "--out", str(tmp_path / "hand.json")],
        stdin=terminal, stdout=terminal, stderr=terminal, env=env, close_fds=True)
    os.close(terminal)
    seen = bytearray()
    try:
        _read_until(main, b"> ", seen)
        os.write(main, b"help\r")
        _read_until(main, b"your legal actions:", seen)
        os.write(main, b"quit\r")
        _read_until(main, b"Record written", seen)
    finally:
        process.wait(timeout=60)
        os.close(main)
    text = bytes(seen).decode("utf-8", "replace")
    typed = text[text.index("your move"):text.index("your legal actions:")]
    assert typed.count("help") == 1, typed
    assert process.returncode == 1  # the player quit
