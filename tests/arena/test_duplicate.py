"""Duplicate matches end to end: both tables, zero illegal actions, records, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.arena.duplicate import play_deal, run_match
from ramino.arena.ladder import run_ladder, write_ladder
from ramino.cli import app
from ramino.records import load_document, replay


def test_a_deal_is_played_at_both_tables_with_the_sides_swapped() -> None:
    same = play_deal(("greedy", "greedy", "fibur", 3, 0, 5, False, None))
    # The same bot on both sides: the two tables mirror each other exactly.
    assert same.first == (same.second[1], same.second[0])
    assert same.diff == 0
    assert same.illegal == 0 and same.honesty_failures == 0 and same.honesty_checks > 0


def test_match_report_and_records(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    report = run_match("expert", "random", deals=4, jobs=1, records=path)
    summary = report.summary()
    assert summary["deals"] == 4 and summary["hands"] == 8
    assert summary["illegal_actions"] == 0 and summary["honesty_failures"] == 0
    assert summary["ci95_low"] <= summary["mean_diff_per_hand"] <= summary["ci95_high"]
    assert summary["mean_diff_per_hand"] > 0 and summary["match_win_rate"] == 1.0
    lines = path.read_text().splitlines()
    assert len(lines) == 8
    for line in lines[:2]:
        assert replay(load_document(line)).ok


def test_early_stop_ends_a_lopsided_match() -> None:
    report = run_match("greedy", "random", deals=30, jobs=1, early_stop=True, min_deals=6,
                       honesty_every=0)
    assert report.stopped_early and len(report.deals) < 30
    assert report.summary()["ci95_low"] > 0


def test_workers_give_the_same_answer_as_one_process() -> None:
    one = run_match("greedy", "random", deals=2, jobs=1, honesty_every=0)
    two = run_match("greedy", "random", deals=2, jobs=2, honesty_every=0)
    assert [d.diff for d in one.deals] == [d.diff for d in two.deals]


def test_ladder_rates_and_draws(tmp_path: Path) -> None:
    result = run_ladder(["random", "greedy"], deals=2, jobs=1, honesty_every=0)
    assert result.ratings["greedy"] > result.ratings["random"]
    files = write_ladder(result, tmp_path)
    assert {p.name for p in files} >= {"ladder.md", "ladder.json"}
    assert "| greedy |" in (tmp_path / "ladder.md").read_text()


def test_cli_arena_json() -> None:
    result = CliRunner().invoke(app, ["arena", "greedy", "random", "--deals", "2", "--jobs",
                                      "1", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    match = payload["matches"][0]
    assert match["bot_a"] == "greedy" and match["illegal_actions"] == 0
    assert match["match_win_rate"] is None  # fewer deals than one 4-deal match


def test_cli_ladder_takes_any_number_of_bots(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "--ladder", "random", "greedy", "expert",
                                      "--deals", "1", "--jobs", "1", "--honesty-every", "0",
                                      "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert {(m["bot_a"], m["bot_b"]) for m in payload["matches"]} == {
        ("random", "greedy"), ("random", "expert"), ("greedy", "expert")}
    assert set(payload["ratings"]) == {"random", "greedy", "expert"}


@pytest.mark.parametrize("args,message", [
    (["arena", "greedy", "grandmaster"], "unknown bot"),
    (["arena", "greedy", "random", "--preset", "fisca", "--players", "7"], "players"),
    (["arena", "greedy", "random", "expert"], "two bots"),
    (["arena", "greedy"], "two bots"),
    (["arena", "--ladder", "greedy"], "two bots or more"),
])
def test_cli_arena_refuses_bad_input(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, [*args, "--deals", "1", "--jobs", "1"])
    assert result.exit_code == 2 and message in result.output


def test_cli_arena_plays_scala40() -> None:
    """§6: the same names play Scala 40 under the fisca preset, for 2 to 6 players."""
    result = CliRunner().invoke(app, ["arena", "greedy", "random", "--preset", "fisca",
                                      "--players", "3", "--deals", "1", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.output)["matches"][0]
    assert match["illegal_actions"] == 0 and match["honesty_failures"] == 0
    assert match["vp_a"] is None and 0 <= match["closes_a"] <= 1
    table = CliRunner().invoke(app, ["arena", "greedy", "random", "--preset", "fisca",
                                     "--deals", "1", "--jobs", "1"])
    assert table.exit_code == 0 and "closes" in table.output


@pytest.mark.parametrize("preset_name", ["international", "buraco-fechado"])
def test_other_partnership_presets_play_legally(preset_name: str) -> None:
    report = run_match("expert", "greedy", deals=1, jobs=1, preset_name=preset_name)
    summary = report.summary()
    assert summary["illegal_actions"] == 0 and summary["honesty_failures"] == 0
    assert summary["honesty_checks"] > 0


def test_cross_play_seats_partners_with_different_bots() -> None:
    mixed = play_deal(("greedy+random", "greedy", "fibur", 5, 0, 0, True, None))
    first, second = mixed.records
    assert first["players"] == ["greedy", "greedy", "random", "greedy"]
    assert second["players"] == ["greedy", "greedy", "greedy", "random"]
