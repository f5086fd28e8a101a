"""The director's CLI through Typer's CliRunner: a club night from `new` to `export`."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from typer.testing import CliRunner

from ramino.tournament import store
from ramino.tournament.cli import app, parse_plan
from ramino.tournament.model import Format

runner = CliRunner()


def invoke(path: Path, *args: str) -> str:
    result = runner.invoke(app, [*args, "--file", str(path)])
    assert result.exit_code == 0, result.output
    return result.output


def test_club_night(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    invoke(path, "new", "Martedì al circolo", "--deals", "2", "--plan", "mitchell*2,danese-puro")
    for name in ("Rossi-Bianchi", "Verdi-Neri", "Gialli-Blu", "Conti-Ferri", "Sala-Riva"):
        assert name in invoke(path, "register", name, "--members", "A, B")
    out = invoke(path, "seat")
    assert "Turno 1" in out and "bye (12 VP)" in out
    t = store.load(path)
    tables = t.rounds[0].tables
    assert len(tables) == 2
    first = tables[0].number
    assert "pending" in invoke(path, "result", "1", str(first), "--by", "ns",
                               "--ns", "300 200", "--ew", "100 50")
    assert "confirmed" in invoke(path, "confirm", "1", str(first), "--by", "ew")
    second = tables[1].number
    assert "counted" in invoke(path, "result", "1", str(second), "--director",
                               "--ns", "0 0", "--ew", "45 0")
    out = invoke(path, "standings")
    assert "Rossi-Bianchi" in out
    # The MP difference carries its sign (500-150 on the first table, 0-45 on the second).
    assert all(mp in out for mp in ("+350", "\u2212350", "+45", "\u221245")), out
    invoke(path, "penalty", "2", "1", "--reason", "late")
    invoke(path, "withdraw", "5")
    invoke(path, "seat")
    csv_path = tmp_path / "standings.csv"
    invoke(path, "export", "csv", "--out", str(csv_path))
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    assert len(rows) == 5 and rows[0]["rank"] == "1"
    json_path = tmp_path / "export.json"
    invoke(path, "export", "json", "--out", str(json_path))
    assert json.loads(json_path.read_text())["format"] == "ramino-tournament/1"
    html = tmp_path / "cards.html"
    invoke(path, "export", "scorecards", "--out", str(html), "--round", "1")
    assert html.read_text().count('class="card"') == 2
    invoke(path, "export", "html", "--out", str(tmp_path / "s.html"))
    invoke(path, "export", "results-csv", "--out", str(tmp_path / "r.csv"))
    assert "Sala-Riva" in (tmp_path / "r.csv").read_text()
    copy = tmp_path / "copy.json"
    invoke(copy, "import", str(json_path))
    assert store.dumps(store.load(copy)) == json_path.read_text()


def test_errors_exit_2_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    missing = runner.invoke(app, ["seat", "--file", str(path)])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    invoke(path, "new", "T", "--plan", "swiss*2")
    again = runner.invoke(app, ["new", "T", "--file", str(path)])
    assert again.exit_code == 2 and "exists" in again.stderr and not again.stdout
    for name in "ABCD":
        invoke(path, "register", name)
    invoke(path, "seat")
    blocked = runner.invoke(app, ["seat", "--file", str(path)])
    assert blocked.exit_code == 2 and "waits for tables" in blocked.stderr
    both = runner.invoke(app, ["result", "1", "1", "--ns", "1", "--ew", "1", "--file", str(path)])
    assert both.exit_code == 2 and "exactly one" in both.stderr
    bad = runner.invoke(app, ["new", "X", "--plan", "bridge", "--file", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "unknown format 'bridge'" in bad.stderr


def test_custom_vp_and_options(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    invoke(path, "new", "Custom", "--custom-vp", "10,20,30,40,50,60,70,80,90,100",
           "--bye-vp", "10", "--duplicate", "--discipline", "scala40-singles",
           "--plan", "italiana*3", "--draw", "--seed", "9")
    t = store.load(path)
    assert t.settings.custom_vp[-1] == 100 and t.settings.duplicate
    assert t.settings.first_seating == "draw" and t.settings.bye_vp == 10


def test_parse_plan() -> None:
    assert parse_plan("mitchell*3,danese-puro") == [Format.MITCHELL] * 3 + [Format.DANESE_PURO]
