"""``ramino replay FILE [--json]`` (docs/record.md §5): exit 0 legal, 1 illegal or differing result
(turn, seat, action as written, rule and docs/rules.md section), 2 malformed (field path)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ramino.cli import app
from ramino.records import dump_document, record_of
from ramino.rules import make_rules
from tests.records_helpers import hand_document, played_hand

runner = CliRunner()


def _write(tmp_path: Path, doc: Any, name: str = "hand.json") -> Path:
    path = tmp_path / name
    path.write_text(dump_document(doc), encoding="utf-8")
    return path


def test_a_brazilian_buraco_record_reads_in_its_own_words(tmp_path: Path) -> None:
    """The position of a buraco-aberto hand names the mortos and the canastras (§4)."""
    doc = hand_document(9, rules=make_rules("buraco-aberto", {}))
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))])
    assert result.exit_code == 0, result.output
    assert "Mortos left:" in result.stdout and "Morto taken:" in result.stdout
    assert "Pozzetti left:" not in result.stdout


def test_a_legal_record_prints_position_and_score(tmp_path: Path) -> None:
    doc = hand_document(9)
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in doc["players"]:
        assert name in out
    assert "Pile:" in out and "Stock:" in out and "Score" in out
    for key in ("table", "burraco", "closing", "hand", "pozzetto", "total"):
        assert key in out
    assert str(doc["result"]["scores"][0]) in out
    assert result.stderr == ""


def test_json_prints_the_result_object(tmp_path: Path) -> None:
    doc = hand_document(9)
    result = runner.invoke(app, ["replay", "--json", str(_write(tmp_path, doc))])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == doc["result"]


def test_stdin_is_read_for_dash() -> None:
    doc = hand_document(10)
    result = runner.invoke(app, ["replay", "-", "--json"], input=json.dumps(doc))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["scores"] == doc["result"]["scores"]


def test_an_illegal_action_exits_1_naming_turn_seat_action_rule(tmp_path: Path) -> None:
    doc = hand_document(11)
    doc.pop("result")
    doc["turns"][2] = ["draw", "draw", "discard 3c"]
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))])
    assert result.exit_code == 1
    assert ("turn 3 (turns[2][1]), seat 2: 'draw' is illegal: " in result.stderr)
    assert "(rule draw-once, RULES.md §2.3)" in result.stderr


def test_a_differing_result_exits_1(tmp_path: Path) -> None:
    doc = hand_document(12)
    doc["result"]["end"] = "stallo" if doc["result"]["end"] != "stallo" else "closed"
    result = runner.invoke(app, ["replay", "--json", str(_write(tmp_path, doc))])
    assert result.exit_code == 1
    assert "result differs: end recorded" in result.stderr
    assert json.loads(result.stdout)["problems"][0]["rule"] == "result-differs"


def test_a_malformed_record_exits_2_naming_the_field(tmp_path: Path) -> None:
    doc = hand_document(13)
    doc["turns"][12][1] = "discard 11h"
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))])
    assert result.exit_code == 2
    assert result.stderr.startswith("not a well-formed ramino-record/1 record: turns[12][1]: ")
    assert "Traceback" not in result.output


def test_not_json_missing_file_and_empty_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": ", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not JSON" in result.stderr
    result = runner.invoke(app, ["replay", str(tmp_path / "absent.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr
    result = runner.invoke(app, ["replay", "-"], input="")
    assert result.exit_code == 2 and "not JSON" in result.stderr
    bad.write_bytes(b"\xff\xfe{}")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "not UTF-8" in result.stderr


def test_a_record_that_stops_mid_hand(tmp_path: Path) -> None:
    doc = hand_document(14)
    doc.pop("result")
    doc["turns"] = doc["turns"][:7]
    path = _write(tmp_path, doc)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert "stops before the end of the hand" in result.stdout
    result = runner.invoke(app, ["replay", "--json", str(path)])
    report = json.loads(result.stdout)
    assert report["end"] is None and report["position"]["phase"] == "draw"


def test_a_match_record_prints_the_standing(tmp_path: Path) -> None:
    from ramino.games.burraco.match import MatchFormat
    from tests.games.burraco.test_match import _match_doc, _play_match

    doc = _match_doc(_play_match(MatchFormat.fixed_hands(2), seed=9))
    path = _write(tmp_path, doc, "match.json")
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Match over after 2 hands" in result.stdout and "MP" in result.stdout
    result = runner.invoke(app, ["replay", "--json", str(path)])
    report = json.loads(result.stdout)
    assert report["match"]["hands"] == 2 and len(report["hands"]) == 2
    assert report["hands"] == [h["result"] for h in doc["hands"]]


def _score_rows(output: str) -> list[str]:
    """The first cell of each row of the score table."""
    table = output[output.index("Score — hand ended"):]
    return [line.split("│")[1].strip() for line in table.splitlines()
            if line.startswith("│")]


@pytest.mark.parametrize(("players", "seed", "rows"), [
    (2, 5, ["0 (seat 0)", "1 (seat 1)"]),
    (3, 5, ["0 (seat 0)", "1 (seat 1)", "2 (seat 2)"]),
    # Seat 0 took the 18 and plays alone; seats 1 and 2 became a pair (§5.2): the pair is
    # one row, as the score keeper shows it.
    (3, 4, ["0 (solo)", "1 & 2 (pair)"]),
    (4, 5, ["0 (seats 0, 2)", "1 (seats 1, 3)"]),
    (6, 5, ["0 (seats 0, 3)", "1 (seats 1, 4)", "2 (seats 2, 5)"]),
])
def test_scores_are_labelled_with_the_seats_of_each_side(tmp_path: Path, players: int,
                                                         seed: int, rows: list[str]) -> None:
    state = played_hand(seed, make_rules("fibur", {"players": players}))
    assert state.is_over
    doc = record_of(state, players=[f"P{seat}" for seat in range(players)])
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert _score_rows(result.stdout) == rows
    hands = result.stdout[result.stdout.index("Hands"):result.stdout.index("Table")]
    sides = [line.split("│")[2].strip() for line in hands.splitlines() if line.startswith("│")]
    assert sides == [str(side) for side in state.sides]


def test_a_three_player_pair_shows_its_parts_once_and_each_players_half(
        tmp_path: Path) -> None:
    """The pair's row: its parts add up to its total; "each" is what each of its seats
    scores in the record (half the total, rounded up, §5.2)."""
    state = played_hand(4, make_rules("fibur", {"players": 3}))
    doc = record_of(state, players=["P0", "P1", "P2"])
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc))], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    table = result.stdout[result.stdout.index("Score — hand ended"):]
    header = next(line for line in table.splitlines() if line.startswith("┃"))
    assert [c.strip() for c in header.split("┃")[1:-1]][-2:] == ["total", "each"]
    rows = {cells[0]: [int(c) for c in cells[1:]] for cells in (
        [c.strip() for c in line.split("│")[1:-1]] for line in table.splitlines()
        if line.startswith("│"))}
    final = state.result()
    assert final is not None
    scores = final.scores
    *parts, total, each = rows["1 & 2 (pair)"]
    assert sum(parts) == total and each == scores[1] == scores[2] == -((-total) // 2)
    *parts, total, each = rows["0 (solo)"]
    assert sum(parts) == total == each == scores[0]


def test_the_position_and_the_score_speak_the_language_asked(tmp_path: Path) -> None:
    """``--lang it|pt``: the hands, the table, the counts and the score in that language and
    in the game's own words (the morto and the canastra at Buraco); standard error stays
    the record's English."""
    fibur = runner.invoke(app, ["replay", str(_write(tmp_path, hand_document(9))), "--lang",
                                "it"], env={"COLUMNS": "120"})
    assert fibur.exit_code == 0, fibur.output
    out = fibur.stdout
    assert "Scarti: 2 carte, in cima Js   Tallone: 2 carte   Pozzetti rimasti: 0   Pozzetto " \
           "preso: lato 0: sì, lato 1: sì" in out
    assert "Punteggio — mano finita: il tallone è finito" in out
    for column in ("in tavola", "burraco", "chiusura", "in mano", "pozzetto", "totale"):
        assert column in out, column
    assert "0 (posti 0, 2)" in out and "Stock" not in out
    buraco = runner.invoke(app, ["replay", str(_write(tmp_path, hand_document(
        9, rules=make_rules("buraco-aberto", {})))), "--lang", "pt"], env={"COLUMNS": "120"})
    assert buraco.exit_code == 0, buraco.output
    out = buraco.stdout
    assert "Mortos restantes: 0   Morto pego: lado 0: não, lado 1: não" in out
    assert "Pontuação — mão terminada: o monte acabou" in out
    assert "canastra" in out and "suja" in out and "pozzetto" not in out


def test_a_match_record_in_portuguese(tmp_path: Path) -> None:
    from ramino.games.burraco.match import MatchFormat
    from tests.games.burraco.test_match import _match_doc, _play_match

    doc = _match_doc(_play_match(MatchFormat.fixed_hands(2), seed=9))
    result = runner.invoke(app, ["replay", str(_write(tmp_path, doc, "match.json")), "--lang",
                                 "pt"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Partida terminada depois de 2 mãos: vence o lado 0" in result.stdout
    assert "Última mão (mão 2):" in result.stdout


def test_an_illegal_scala40_record_in_italian_keeps_the_refusal_in_english() -> None:
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "scala40" / "T-09.json"
    result = runner.invoke(app, ["replay", str(fixture), "--lang", "it"])
    assert result.exit_code == 1
    assert "Tavolo: ancora nessuna combinazione" in result.stdout
    assert "Pozzo: 1 carta, in cima 2d   Tallone: 54 carte" in result.stdout
    assert "is illegal" in result.stderr and "(rule group-distinct-suits" in result.stderr


def test_an_unknown_language_is_refused() -> None:
    result = runner.invoke(app, ["replay", "-", "--lang", "de"], input="{}")
    assert result.exit_code == 2
    assert result.stderr.strip() == "--lang de: one of en, it, pt"
