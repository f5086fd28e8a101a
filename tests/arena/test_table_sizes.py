"""The arena at every Burraco table size (§5), its refusals and its table at 80
columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ramino.arena.command import report_table
from ramino.arena.duplicate import play_deal, sides_of_a
from ramino.cli import app


def test_each_sides_cards_are_played_once_by_each_bot() -> None:
    assert sides_of_a(7, 2) == (frozenset({0}), frozenset({1}))
    for deal in range(6):
        first, second = sides_of_a(deal, 3)
        assert len(first) == 1 and first | second == {0, 1, 2} and not first & second
    # Over three deals each of the three sides is the one A plays alone.
    assert {min(sides_of_a(deal, 3)[0]) for deal in (4, 5, 6)} == {0, 1, 2}


@pytest.mark.parametrize("players", [2, 3, 6])
def test_arena_plays_every_table_size(players: int) -> None:
    result = CliRunner().invoke(app, ["arena", "expert", "greedy", "--players", str(players),
                                      "--deals", "2", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.output)["matches"][0]
    assert match["deals"] == 2 and match["hands"] == 4
    assert match["illegal_actions"] == 0 and match["honesty_failures"] == 0
    assert match["honesty_checks"] > 0


def test_three_sides_seat_one_bot_alone_then_the_other() -> None:
    # Six players, deal 4: A alone on side 1 (seats 1 and 4) at the first table, B alone there
    # at the second.
    deal = play_deal(("expert", "greedy", "fibur", 4, 0, 0, True, 6))
    first, second = deal.records
    assert first["players"] == ["greedy", "expert", "greedy", "greedy", "expert", "greedy"]
    assert second["players"] == ["expert", "greedy", "expert", "expert", "greedy", "expert"]
    # Per side and hand: every side's cards once for each bot, over the three sides.
    assert deal.divisor == 3
    assert deal.diff == pytest.approx(
        (deal.first[0] - deal.first[1] + deal.second[0] - deal.second[1]) / 3)


def test_three_players_each_seat_its_own_side() -> None:
    deal = play_deal(("expert", "greedy", "fibur", 3, 0, 0, True, 3))
    first, second = deal.records
    assert first["players"] == ["expert", "greedy", "greedy"]
    assert second["players"] == ["greedy", "expert", "expert"]
    assert deal.illegal == 0


def test_three_sides_report_no_match_wins_or_vp() -> None:
    result = CliRunner().invoke(app, ["arena", "greedy", "random", "--players", "3",
                                      "--deals", "4", "--jobs", "1", "--honesty-every", "0",
                                      "--json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.output)["matches"][0]
    assert match["match_win_rate"] is None and match["vp_a"] is None and match["matches"] == 0


@pytest.mark.parametrize("args,option", [
    (["--deals", "0"], "--deals"),
    (["--deals", "-4"], "--deals"),
    (["--jobs", "0"], "--jobs"),
    (["--first-deal", "-1"], "--first-deal"),
    (["--honesty-every", "-2"], "--honesty-every"),
    (["--players", "5"], "--players"),
    (["--players", "9"], "--players"),
    (["--preset", "nope"], "--preset"),
    (["--players", "3", "--ladder", "random", "expert+greedy"], "--players"),
])
def test_nonsense_arguments_are_refused_in_one_line(args: list[str], option: str) -> None:
    bots = [] if "--ladder" in args else ["expert", "greedy"]
    result = CliRunner().invoke(app, ["arena", *bots, *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(option), result.output
    assert "Traceback" not in result.output


def test_records_and_out_must_be_writable_files(tmp_path: Path) -> None:
    folder = tmp_path
    plain = folder / "plain.txt"
    plain.write_text("")
    for args, option in ((["--records", str(folder)], "--records"),
                         (["--records", str(plain / "x.jsonl")], "--records"),
                         (["--ladder", "--out", str(plain / "sub")], "--out")):
        result = CliRunner().invoke(app, ["arena", "expert", "greedy", *args, "--deals", "1"])
        assert result.exit_code == 2 and result.output.startswith(option), result.output
    assert plain.read_text() == "" and sorted(p.name for p in folder.iterdir()) == ["plain.txt"]


def test_the_table_keeps_its_interval_whole_at_80_columns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, ["arena", "expert", "random", "--players", "6",
                                      "--deals", "2", "--jobs", "1", "--honesty-every", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    row = next(line for line in lines if line.startswith("expert"))
    assert row.count("[") == 1 and row.count("]") == 1 and "…" not in result.output
    assert "illegal actions: 0; honesty failures: 0" in result.output


def test_a_wide_interval_and_long_names_fit_80_columns() -> None:
    console = Console(width=80, record=True)
    summary = {"bot_a": "search:samples=8,extra=0", "bot_b": "expert+search:samples=4",
               "deals": 10000, "mean_diff_per_hand": -1152.5, "ci95_low": -11542.5,
               "ci95_high": 11330.0, "match_win_rate": 0.55, "vp_a": 12.34}
    console.print(report_table([summary], "fibur", 6))
    text = console.export_text()
    assert "[-11542.5, +11330.0]" in text and "…" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
