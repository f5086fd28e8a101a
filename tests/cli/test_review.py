"""``ramino review``: JSON for programs, a table for people, and one line naming the field for a
malformed record, a seat or a hand that is not there (exit status 2, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.cli import app
from tests.cli.test_cli_errors import refused
from tests.coach.records import expert_hand

runner = CliRunner()


def saved(tmp_path: Path, document: object) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(document))
    return str(path)


@pytest.mark.parametrize(("preset_name", "turns"), [("fibur", 12), ("fisca", 16)])
def test_review_json_is_the_reviews_shape(tmp_path: Path, preset_name: str, turns: int
                                          ) -> None:
    file = saved(tmp_path, expert_hand(preset_name, 51, turns))
    result = runner.invoke(app, ["review", file, "--seat", "1", "--json", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "ramino-review/1" and data["seat"] == 1
    assert data["game"] == ("scala40" if preset_name == "fisca" else "burraco")
    assert data["decisions"] and all(d["seat"] == 1 for d in data["decisions"])


def test_review_prints_a_table_and_the_total_for_people(tmp_path: Path) -> None:
    file = saved(tmp_path, expert_hand("fibur", 51, 12))
    result = runner.invoke(app, ["review", file, "--seat", "0", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    assert "decisions reviewed" in result.stdout and "Total regret" in result.stdout


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ("decisioni esaminate", "giocata", "rimpianto", "Rimpianto totale:")),
    ("pt", ("decisões revistas", "jogada", "perda", "Perda total:"))])
def test_review_speaks_the_language_asked(tmp_path: Path, lang: str, words: tuple[str, ...]
                                          ) -> None:
    file = saved(tmp_path, expert_hand("fibur", 51, 12))
    result = runner.invoke(app, ["review", file, "--seat", "0", "--seconds", "0.05", "--lang",
                                 lang])
    assert result.exit_code == 0, result.output
    for text in words:
        assert text in result.stdout, (text, result.stdout)
    assert "Total regret" not in result.stdout and "decisions reviewed" not in result.stdout


def test_review_refuses_an_unknown_language(tmp_path: Path) -> None:
    file = saved(tmp_path, expert_hand("fibur", 51, 12))
    line = refused(runner.invoke(app, ["review", file, "--seat", "0", "--lang", "de"]))
    assert line == "--lang de: one of en, it, pt"


def test_review_reads_standard_input(tmp_path: Path) -> None:
    text = json.dumps(expert_hand("fisca", 51, 8))
    result = runner.invoke(app, ["review", "-", "--seat", "2", "--json", "--seconds", "0.03"],
                           input=text)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seat"] == 2


@pytest.mark.parametrize(("args", "named"), [
    (["--seat", "4"], "--seat: no seat 4"),
    (["--seat", "-1"], "--seat: no seat -1"),
    (["--seat", "0", "--hand", "2"], "--hand: no hand 2"),
    (["--seat", "0", "--hand", "0"], "--hand: hands are numbered from 1"),
    (["--seat", "0", "--seconds", "0"], "--seconds: 0.0 is not between"),
])
def test_review_names_the_option_out_of_range(tmp_path: Path, args: list[str], named: str
                                              ) -> None:
    file = saved(tmp_path, expert_hand("fisca", 51, 4))
    line = refused(runner.invoke(app, ["review", file, *args]))
    assert line.startswith(named), line


def test_review_names_the_field_of_a_malformed_record(tmp_path: Path) -> None:
    document = dict(expert_hand("fibur", 51, 4))
    document["turns"] = [["draw", "discard 7x"]]
    line = refused(runner.invoke(app, ["review", saved(tmp_path, document), "--seat", "0"]))
    assert "turns[0][1]" in line and "Traceback" not in line
    line = refused(runner.invoke(app, ["review", saved(tmp_path, [1, 2]), "--seat", "0"]))
    assert "not a well-formed ramino-record/1 record" in line
