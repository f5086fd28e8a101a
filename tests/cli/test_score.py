"""``ramino score`` driven with scripted standard input (an interactive session as typed),
and its non-interactive paths: ``--sheet``, ``--no-input``, ``--export``; refusals are one
line naming the field or the option, exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ramino.cli import app
from ramino.scoresheet import Sheet, read_sheet_record

runner = CliRunner()

PLAYERS = ["--players", "Anna,Bruno,Carla,Dario"]


def burraco_hand(closer: str, pulito: int = 1) -> list[str]:
    """The answers for one hand: side 0 with ``pulito`` burrachi puliti, 420 melded, 15 in
    hand, pozzetto taken; side 1 one sporco, 180 melded, 85 in hand, no pozzetto."""
    return ["", f"pulito {pulito}", "420", "15", "y", "", "sporco 1", "180", "85", "n", closer]


def test_an_interactive_session_scores_refuses_and_exports(tmp_path: Path) -> None:
    sheet_file = tmp_path / "sheet.json"
    record_file = tmp_path / "record.json"
    lines = [*burraco_hand("0"),
             # hand 2: two sides closing is not one of the answers; a bad burraco count is
             *burraco_hand("0", pulito=13),
             "undo",  # take hand 1 back …
             *burraco_hand("0"),  # … and count it again
             *burraco_hand("0"), "quit"]
    result = runner.invoke(app, ["score", *PLAYERS, "--target", "1005", "--sheet",
                                 str(sheet_file), "--export", str(record_file)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Score sheet: fibur (burraco), to 1005" in out
    assert "refused: hands[1].sides[0].burrachi.pulito: 13 pulito burrachi need at least 7 " \
           "cards each" in out
    assert "hand 2 taken back" not in out and "hand 1 taken back" in out
    assert "│   420 │     200 │     100 │  -15 │        0 │   705 │" in out
    assert "match over: Anna & Carla wins" in out and "The match is over." in out
    assert "Traceback" not in result.output
    sheet = Sheet.from_dict(json.loads(sheet_file.read_text()))
    assert [r.scores for r in sheet.results()] == [(705, 95), (705, 95)]
    back = read_sheet_record(json.loads(record_file.read_text()))
    assert back.as_dict() == sheet.as_dict()
    shown = runner.invoke(app, ["score", "--sheet", str(sheet_file), "--no-input"])
    assert shown.exit_code == 0 and "1410" in shown.stdout and "wins" in shown.stdout


def test_a_brazilian_buraco_hand_is_asked_and_typed_in_its_own_words(tmp_path: Path) -> None:
    """At buraco-aberto the prompts name canastras and the morto (§4), a canastra's type is
    typed as limpa or suja (Burraco's pulito and sporco are understood too), and the sheet
    records it under the engine's type."""
    sheet_file = tmp_path / "sheet.json"
    lines = ["", "limpa 1", "420", "15", "y", "", "sporco 1", "180", "85", "n", "0", "quit"]
    result = runner.invoke(app, ["score", "--preset", "buraco-aberto", *PLAYERS, "--sheet",
                                 str(sheet_file)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "canastras (limpa, semilimpa, suja; e.g. 'limpa 1 suja 2'" in out
    assert "morto taken? (y/n)" in out and "pozzetto" not in out
    sheet = Sheet.from_dict(json.loads(sheet_file.read_text()))
    sides = sheet.as_dict()["hands"][0]["sides"]
    assert [side["burrachi"] for side in sides] == [{"pulito": 1}, {"sporco": 1}]


def test_a_scala40_session_to_elimination(tmp_path: Path) -> None:
    record_file = tmp_path / "s40.json"
    lines = ["", "0", "n", "60", "y", "95", "n",  # Anna closes; Bruno 60, Carla 95 unopened
             "", "2", "n", "20", "y", "50", "y",  # Carla closes; Anna 20; Bruno out at 110
             "", "0", "y", "40", "y"]  # Anna closes in hand; Carla pays 40
    result = runner.invoke(app, ["score", "--preset", "fisca", "--option", "players=3",
                                 "--players", "Anna,Bruno,Carla", "--export",
                                 str(record_file)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "out: Bruno" in result.stdout
    assert "Carla: points left in hand" in result.stdout
    assert "Bruno: points left in hand > 50" in result.stdout
    document = json.loads(record_file.read_text())
    assert [h["result"]["scores"] for h in document["hands"]] == [[0, 60, 95], [20, 50, 0],
                                                                  [0, 40]]
    assert document["hands"][2]["seats"] == [0, 2]


def test_input_ending_mid_hand_keeps_the_sheet(tmp_path: Path) -> None:
    sheet_file = tmp_path / "sheet.json"
    result = runner.invoke(app, ["score", *PLAYERS, "--sheet", str(sheet_file)],
                           input="\n".join([*burraco_hand("0"), "", "pulito 1"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "input ended" in result.stdout
    assert len(json.loads(sheet_file.read_text())["hands"]) == 1


def test_refusals_are_one_line_naming_the_option_or_file(tmp_path: Path) -> None:
    cases = [
        (["score", "--option", "elimination_limit"], "--option 'elimination_limit': write "
                                                      "NAME=VALUE"),
        (["score", "--preset", "buraco-fechado", "--option", "players=3"],
         "--option: RULES.md has no three-player Buraco"),
        (["score", "--players", "Anna,Bruno"], "--players: expected 4 names"),
        (["score", "--preset", "fisca", "--target", "101"], "--target: Scala 40 ends at the "
                                                            "elimination limit"),
        (["score", "--sheet", str(tmp_path / "none.json"), "--no-input"], "no such file"),
        (["score", "--no-input", "--export", str(tmp_path / "r.json")], "no hand yet"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ramino-scoresheet/1", "rules": {"preset": "fibur"}, '
                   '"players": ["a", "b", "c", "d"], "hands": [{"sides": [{"closed": 1}, {}]}]}')
    cases.append((["score", "--sheet", str(bad), "--no-input"],
                  "bad.json: hands[0].sides[0].closed: expected true or false"))
    cases.append((["score", "--sheet", str(bad), "--preset", "fisca"], "exists: its rules"))
    for args, words in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.stderr, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1
        assert "Traceback" not in result.output


def test_replay_checks_a_results_record(tmp_path: Path) -> None:
    """``ramino replay`` on hands of results: 0 when every result is the counts' score, 1 when
    one differs or the rules refuse a hand (the field named), 2 when a count is malformed."""
    record_file = tmp_path / "record.json"
    lines = [*burraco_hand("0"), *burraco_hand("0"), "quit"]
    runner.invoke(app, ["score", *PLAYERS, "--export", str(record_file)],
                  input="\n".join(lines) + "\n")
    good = runner.invoke(app, ["replay", str(record_file)])
    assert good.exit_code == 0, good.output
    assert "Anna & Carla" in good.stdout and "1410" in good.stdout
    shown = runner.invoke(app, ["replay", "--json", str(record_file)])
    assert json.loads(shown.stdout)["match"]["totals"] == [1410, 190]
    document = json.loads(record_file.read_text())
    document["hands"][1]["result"]["scores"] = [705, 90]
    record_file.write_text(json.dumps(document))
    differs = runner.invoke(app, ["replay", "--json", str(record_file)])
    assert differs.exit_code == 1
    assert differs.stderr.strip() == ("hands[1].result.scores: recorded [705, 90], computed "
                                      "[705, 95] from the counts")
    assert json.loads(differs.stdout)["problems"][0]["path"] == "hands[1].result.scores"
    document["hands"][0]["counts"]["sides"][1]["closed"] = True
    record_file.write_text(json.dumps(document))
    refused = runner.invoke(app, ["replay", str(record_file)])
    assert refused.exit_code == 1
    assert "hands[0].counts.sides[1].closed: a side closes only after taking its pozzetto" in (
        refused.stderr)
    document["hands"][0]["counts"]["sides"][1]["melded"] = "lots"
    record_file.write_text(json.dumps(document))
    malformed = runner.invoke(app, ["replay", str(record_file)])
    assert malformed.exit_code == 2
    assert malformed.stderr.strip() == ("not a well-formed ramino-record/1 record: "
                                        "hands[0].counts.sides[1].melded: expected an integer, "
                                        "got a string")


def cells(line: str) -> list[str]:
    """A Rich table row's cells."""
    return [cell.strip() for cell in line.replace("┃", "│").split("│")[1:-1]]


def test_a_three_player_burraco_session_through_the_switch(tmp_path: Path) -> None:
    """Three players (§5.2): the hand asks who took the 18 and played solo, then the solo and
    the pair; once a total reaches 1000 every player is asked alone; scores are per seat."""
    record_file = tmp_path / "three.json"
    lines = ["", "1",  # Bruno took the 18 and plays solo
             "pulito 2", "500", "0", "",  # the solo: pozzetto taken, none left unplayed
             "", "100", "100", "n",  # the pair (Anna & Carla): no 11
             "0",  # the solo closed: 1000; the pair -100, split -50 each
             "",  # hand 2: everyone alone, three pozzetti of 11
             "", "100", "20", "y", "",
             "pulito 1", "300", "0", "y", "",
             "", "40", "60", "n", "1"]
    result = runner.invoke(app, ["score", "--option", "players=3", "--players",
                                 "Anna,Bruno,Carla", "--export", str(record_file)],
                           input="\n".join(lines) + "\n", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Score sheet: fibur (burraco), to 1505; 0: Anna, 1: Bruno, 2: Carla" in out
    assert "who took the 18 and played solo?" in out
    assert "Bruno (solo):" in out and "Anna & Carla (pair):" in out
    # The hand by side, as the table's end panel shows it: the pair's breakdown once, its
    # total and what each of its players scores (half, rounded up).
    header = next(line for line in out.splitlines() if " each " in line)
    assert cells(header) == ["side", "table", "burraco", "closing", "hand", "pozzetto", "score",
                             "each"]
    rows = [cells(line) for line in out.splitlines() if "(solo) " in line or "(pair) " in line]
    assert rows[:2] == [["Bruno (solo)", "500", "400", "100", "0", "0", "1000", "1000"],
                        ["Anna & Carla (pair)", "100", "0", "0", "-100", "-100", "-100", "-50"]]
    assert "everyone plays alone (three pozzetti of 11: a total has reached 1000)" in out
    assert "match over: Bruno wins" in out
    document = json.loads(record_file.read_text())
    assert document["hands"][0]["counts"]["solo"] == 1
    assert [h["result"]["scores"] for h in document["hands"]] == [[-50, 1000, -50],
                                                                  [80, 600, -120]]
    assert read_sheet_record(document).standing().totals == (30, 1600, -170)
