"""``ramino tournament import-record``: a table's result entered from the ``ramino-record/1``
document of its hand results, through the tournament's own result paths (a side's score-card,
the other side's confirmation, the director), every hand recomputed from its counts."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ramino.cli import app
from ramino.rules import make_rules, preset
from ramino.scoresheet import (
    BurracoHand,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SideCount,
    sheet_record,
)
from ramino.tournament import store

runner = CliRunner()


def tournament(tmp_path: Path, discipline: str = "burraco-pairs") -> Path:
    path = tmp_path / "club.json"
    pairs = discipline.startswith("burraco")
    members = ("Anna, Carla", "Bruno, Dario") if pairs else ("Anna", "Bruno")
    plan = "mitchell" if discipline.startswith("burraco") else "danese-puro"
    for args in (["new", "Martedì", "--deals", "2", "--plan", plan, "--discipline",
                  discipline],
                 ["register", "Rossi-Bianchi", "--members", members[0]],
                 ["register", "Verdi-Neri", "--members", members[1]], ["seat"]):
        result = runner.invoke(app, ["tournament", *args, "--file", str(path)])
        assert result.exit_code == 0, result.output
    return path


def burraco_record(tmp_path: Path, hands: int = 2) -> Path:
    sheet = Sheet.new(preset("fibur"), ["Anna", "Bruno", "Carla", "Dario"])
    for _ in range(hands):
        sheet.add_hand(BurracoHand((SideCount({"pulito": 1}, 300, 0, True, True),
                                    SideCount({"sporco": 1}, 150, 40, True, False))))
    path = tmp_path / "table1.json"
    path.write_text(json.dumps(sheet_record(sheet)))
    return path


def run(path: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["tournament", "import-record", *args, "--file", str(path)])
    return result.exit_code, result.stdout, result.stderr


def test_both_sides_import_the_same_record_and_it_counts(tmp_path: Path) -> None:
    path = tournament(tmp_path)
    record = burraco_record(tmp_path)
    code, out, _ = run(path, "1", "1", str(record), "--by", "ns")
    assert code == 0 and "pending (N-S [600, 600], E-W [210, 210])" in out
    code, out, _ = run(path, "1", "1", str(record), "--by", "ew")
    assert code == 0 and "confirmed" in out
    table = store.load(path).rounds[0].tables[0]
    assert (table.ns_scores, table.ew_scores) == ([600, 600], [210, 210])


def test_the_director_imports_a_record_with_the_sides_swapped(tmp_path: Path) -> None:
    path = tournament(tmp_path)
    code, out, _ = run(path, "1", "1", str(burraco_record(tmp_path)), "--director", "--swap")
    assert code == 0 and "N-S [210, 210], E-W [600, 600]" in out
    t = store.load(path)
    assert t.rounds[0].tables[0].ns_scores == [210, 210]
    assert "from the record table1.json" in json.dumps(store.to_dict(t))


def test_a_scala40_record_for_a_scala40_table(tmp_path: Path) -> None:
    path = tournament(tmp_path, "scala40-singles")
    rules = make_rules("fisca", {"players": 2})
    sheet = Sheet.new(rules, ["Anna", "Bruno"])
    sheet.add_hand(Scala40Hand((PlayerCount(0, True, True), PlayerCount(35))))
    sheet.add_hand(Scala40Hand((PlayerCount(12), PlayerCount(0, True, True))))
    record = tmp_path / "s40.json"
    record.write_text(json.dumps(sheet_record(sheet)))
    code, out, err = run(path, "1", "1", str(record), "--director")
    assert code == 0, err
    assert "N-S [0, 12], E-W [35, 0]" in out


def test_refusals_name_the_field_and_change_nothing(tmp_path: Path) -> None:
    path = tournament(tmp_path)
    before = path.read_text()
    record = burraco_record(tmp_path)
    tampered = json.loads(record.read_text())
    tampered["hands"][1]["result"]["scores"] = [700, 210]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered))
    scala = tmp_path / "s40.json"
    s40 = Sheet.new(preset("fisca"), ["A", "B", "C", "D"])
    s40.add_hand(Scala40Hand((PlayerCount(0, True, True), PlayerCount(5), PlayerCount(5),
                              PlayerCount(5))))
    scala.write_text(json.dumps(sheet_record(s40)))
    cases = [
        ([str(bad), "--by", "ns"], "hands[1].result.scores: recorded [700, 210], computed "
                                   "[600, 210] from the counts"),
        ([str(record), "--by", "ns", "--director"], "exactly one of --by ns|ew or --director"),
        ([str(scala), "--director"], "the record is of scala40"),
        ([str(burraco_record(tmp_path, hands=3)), "--director"], "3"),
        ([str(tmp_path / "none.json"), "--director"], "cannot read"),
        ([str(record), "--by", "nord"], "a side is 'ns' or 'ew'"),
    ]
    for args, words in cases:
        code, out, err = run(path, "1", "1", *args)
        assert code == 2, (args, out, err)
        assert words in err, (args, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert path.read_text() == before
