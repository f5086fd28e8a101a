"""What the director (or a table, or the desk) may not enter: impossible scores, bonus
penalties, settings the tournament cannot run with, duplicate names, bad plans and files;
and what an entry that changes nothing or comes late must say.  Each refusal names the field
and leaves the tournament file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
import typer.testing

from ramino.tournament import store
from ramino.tournament.cli import app
from ramino.tournament.model import Format, Settings
from ramino.tournament.scoring import validate_result
from ramino.tournament.tournament import ResultError, Tournament

from .conftest import make, run

runner = typer.testing.CliRunner()
COMMAND = typer.main.get_command(app)


@pytest.fixture(autouse=True)
def command_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner builds the Click command again at every call (most of its time)."""
    built = typer.main.get_command
    monkeypatch.setattr(typer.testing, "_get_command",
                        lambda given: COMMAND if given is app else built(given))


def ok(path: Path, *args: str) -> str:
    result = runner.invoke(app, [*args, "--file", str(path)])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def refused(path: Path, *args: str) -> str:
    """The command fails with one line on stderr, exit 2, no traceback, the file unchanged."""
    before = path.read_bytes() if path.exists() else None
    result = runner.invoke(app, [*args, "--file", str(path)])
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.stderr
    assert (path.read_bytes() if path.exists() else None) == before
    return result.stderr


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "club.json"
    ok(path, "new", "Circolo", "--deals", "2", "--plan", "danese-puro*3")
    for name in ("Rossi", "Verdi", "Gialli", "Conti"):
        ok(path, "register", name)
    ok(path, "seat")
    return path


# ---- scores -------------------------------------------------------------------------------


@pytest.mark.parametrize(("ns", "ew", "field"), [
    ("123 0", "0 0", "N-S smazzata 1: 123 is not a multiple of 5"),
    ("100000 0", "0 0", "N-S smazzata 1: 100000 is outside"),
    ("0 0", "0 -5000", "E-W smazzata 2: -5000 is outside"),
    ("0 0 0", "0 0 0", "N-S: expected 1 to 2 smazzata scores"),
])
def test_impossible_burraco_scores_are_refused_naming_the_field(
    night: Path, ns: str, ew: str, field: str,
) -> None:
    assert field in refused(night, "result", "1", "1", "--director", "--ns", ns, "--ew", ew)
    assert field in refused(night, "result", "1", "1", "--by", "ns", "--ns", ns, "--ew", ew)


def test_the_core_check_serves_every_entry() -> None:
    """The desk, the tables' score-cards and the server go through the same Tournament
    methods, which call :func:`validate_result`."""
    t = make(4, [Format.DANESE_PURO], deals=3)
    t.seat_next()
    for call in (lambda: t.director_result(1, 1, [123, 99999, 7], [0, 0, 0]),
                 lambda: t.submit(1, 1, "ns", [123, 99999, 7], [0, 0, 0]),
                 lambda: t.server_result(1, 1, [123, 99999, 7], [0, 0, 0], "srv")):
        with pytest.raises(ResultError, match="N-S smazzata 1: 123"):
            call()
    assert not t.table(1, 1).confirmed and not t.table(1, 1).claims
    validate_result(t.settings, [4180, -1180], [0, 5])
    scala = Settings(name="S", plan=[Format.DANESE_PURO])
    scala.discipline = scala.discipline.SCALA40_SINGLES
    validate_result(scala, [0, 37], [101, 0])  # penalty points need not be multiples of 5
    with pytest.raises(ValueError, match="E-W smazzata 1: -3 is not a Scala 40 score"):
        validate_result(scala, [0], [-3])


# ---- penalties ----------------------------------------------------------------------------


def test_negative_and_zero_penalties_are_refused(night: Path) -> None:
    before = night.read_bytes()
    negative = runner.invoke(app, ["penalty", "--reason", "x", "--file", str(night), "--", "1",
                                   "-5"])
    assert negative.exit_code == 2 and "penalty VP: -5 is negative" in negative.stderr
    assert night.read_bytes() == before
    assert "MP: -50 is negative" in refused(night, "penalty", "1", "1", "--reason", "x",
                                            "--mp", "-50")
    assert "takes nothing" in refused(night, "penalty", "1", "0", "--reason", "x")
    t = store.load(night)
    assert not t.penalties and not [a for a in t.audit if a.action == "penalty"]
    ok(night, "penalty", "1", "0", "--reason", "slow play", "--mp", "50")


# ---- settings -----------------------------------------------------------------------------


def test_bad_settings_are_refused_at_new(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    assert "deals: the FIBUR VP tables are for 2, 3 or 4" in refused(path, "new", "T",
                                                                    "--deals", "5")
    assert "custom-vp" in refused(path, "new", "T", "--custom-vp",
                                  "100,90,80,70,60,50,40,30,20,10")
    assert "custom-vp" in refused(path, "new", "T", "--custom-vp", "1,2,x")
    assert "minutes" in refused(path, "new", "T", "--minutes", "0")
    assert not path.exists()
    ok(path, "new", "T", "--deals", "5", "--custom-vp", "50,150,250,350,500,650,800,1000,1250,"
       "1500")


def test_a_file_with_bad_settings_gives_a_clear_error_and_can_be_corrected(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.json"
    ok(path, "new", "T", "--plan", "danese-puro*2")
    for name in "ABCD":
        ok(path, "register", name)
    data = json.loads(path.read_text())
    data["settings"]["deals_per_round"] = 5  # what the old `new` let through
    path.write_text(json.dumps(data))
    for command in (["standings"], ["seat"], ["export", "csv", "-o", str(tmp_path / "s.csv")],
                    ["round"], ["register", "E"]):
        message = refused(path, *command)
        assert "bad settings: deals" in message and "ramino tournament settings" in message
        assert message.count("\n") == 1
    assert "deals_per_round: 5 → 3" in ok(path, "settings", "--deals", "3")
    ok(path, "seat")
    assert "nothing to change" in refused(path, "settings", "--deals", "3")
    assert "the new plan must start with them" in refused(path, "settings", "--plan",
                                                         "mitchell*2")
    ok(path, "settings", "--plan", "danese-puro*3", "--custom-vp",
       "40,120,200,300,400,500,620,740,870,1000")
    t = store.load(path)
    assert len(t.settings.plan) == 3 and t.settings.vp_table == "CUSTOM"
    assert [a.action for a in t.audit].count("settings") == 2


def test_fewer_deals_than_a_result_is_refused(night: Path) -> None:
    ok(night, "result", "1", "1", "--director", "--ns", "100 0", "--ew", "0 0")
    assert "already has 2 smazzate" in refused(night, "settings", "--deals", "1",
                                               "--custom-vp", "1,2,3,4,5,6,7,8,9,10")


# ---- plans and files ----------------------------------------------------------------------


@pytest.mark.parametrize(("plan", "message"), [
    ("mitchell*abc", "'mitchell*abc' needs a number of turni"),
    ("mitchell*-2,danese-puro", "'mitchell*-2' needs a number of turni"),
    ("mitchell*0", "asks for 0 turni"),
    ("mitchell*99999999999999", "at most 99 turni"),
    ("[bold]x[/bold]", "unknown format '[bold]x[/bold]'"),
    ("mitchell,,danese-puro", "unknown format ''"),
])
def test_bad_plans_are_refused(tmp_path: Path, plan: str, message: str) -> None:
    assert message in refused(tmp_path / "t.json", "new", "T", "--plan", plan)


@pytest.mark.parametrize("content", [None, "", "{", "[]", '{"format": "x"}',
                                     '{"format": "ramino-tournament/1"}', "\udcff"])
def test_a_bad_or_missing_file_is_one_line_for_every_command(
    tmp_path: Path, content: str | None,
) -> None:
    path = tmp_path / "t.json"
    if content is not None:
        path.write_text(content, encoding="utf-8", errors="surrogateescape")
    out = str(tmp_path / "out")
    for command in (["standings"], ["seat"], ["round"], ["register", "A"], ["withdraw", "1"],
                    ["remove", "1"], ["penalty", "1", "1", "--reason", "r"],
                    ["result", "1", "1", "--director", "--ns", "0", "--ew", "0"],
                    ["confirm", "1", "1", "--by", "ew"], ["export", "csv", "-o", out],
                    ["export", "pdf-standings", "-o", out], ["settings", "--deals", "3"]):
        message = refused(path, *command)
        assert message.startswith("error: ") and message.count("\n") == 1, message
    copy = tmp_path / "copy.json"
    message = refused(copy, "import", str(path))
    assert str(path) in message and not copy.exists()


def test_the_loader_for_serving_raises_a_clean_error(tmp_path: Path) -> None:
    with pytest.raises(store.TournamentFileError, match="does not exist"):
        store.load(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(store.TournamentFileError, match="not a ramino-tournament/1"):
        store.load(tmp_path / "bad.json")


# ---- registration -------------------------------------------------------------------------


def test_duplicate_names_are_refused_and_a_mistake_can_be_removed(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    ok(path, "new", "T", "--plan", "danese-puro*2")
    for name in ("Rossi", "Verdi", "Gialli", "Conti"):
        ok(path, "register", name)
    assert "#1 is already called 'Rossi'" in refused(path, "register", " rossi ")
    ok(path, "register", "Typo")
    assert "removed #5 Typo" in ok(path, "remove", "5")
    assert "no entrant #5" in refused(path, "withdraw", "5")
    ok(path, "seat")
    assert "seated in turno 1: withdraw it instead" in refused(path, "remove", "1")
    standings = ok(path, "standings")
    assert "#4" in standings and "Typo" not in standings
    ok(path, "register", "Late")  # another turno is still to be seated
    ok(path, "result", "1", "1", "--director", "--ns", "0 0 0", "--ew", "5 0 0")
    ok(path, "result", "1", "2", "--director", "--ns", "0 0 0", "--ew", "5 0 0")
    ok(path, "seat")
    assert "nobody can join now" in refused(path, "register", "Later")
    assert "control character" in refused(path, "register", "A\u202eB")


def test_standings_show_numbers_to_tell_entrants_apart() -> None:
    from ramino.tournament import export, pdf

    t = make(4, [Format.DANESE_PURO])
    assert b"#3" in pdf.standings_pdf(t, compress=False)
    assert '<span class="muted">#3</span> Entrant 3' in export.standings_html(t)


# ---- corrections --------------------------------------------------------------------------


def test_a_correction_after_danese_turni_were_seated_warns(night: Path) -> None:
    ok(night, "result", "1", "1", "--director", "--ns", "300 200", "--ew", "0 0")
    ok(night, "result", "1", "2", "--director", "--ns", "0 0", "--ew", "45 0")
    ok(night, "seat")
    result = runner.invoke(app, ["result", "1", "1", "--director", "--ns", "0 0", "--ew",
                                 "300 200", "--reason", "sides swapped", "--file", str(night)])
    assert result.exit_code == 0 and "corrected" in result.stdout
    assert "turno 2 was seated from the standings before this result" in result.stderr
    assert "warning" in [a.action for a in store.load(night).audit]


def test_a_correction_that_changes_nothing_is_not_logged() -> None:
    t = make(4, [Format.DANESE_PURO] * 2, deals=2)
    t.seat_next()
    assert t.director_result(1, 1, [100, 0], [0, 0]).status == "counted"
    size = len(t.audit)
    assert t.director_result(1, 1, [100, 0], [0, 0], "again").status == "unchanged"
    assert len(t.audit) == size


def test_no_warning_when_nothing_was_seated_from_the_standings() -> None:
    t = make(8, [Format.MITCHELL] * 2 + [Format.DANESE_PURO])
    run(t, turni=2)
    outcome = t.director_result(1, 1, [500, 0, 0], [0, 0, 0], "typo")
    assert outcome.status == "corrected" and not outcome.warnings


# ---- what the CLI prints ------------------------------------------------------------------


def test_users_text_is_never_read_as_markup(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    ok(path, "new", "[red]Sera[/red]", "--plan", "danese-puro")
    assert "#1 [bold]Rossi[/bold]" in ok(path, "register", "[bold]Rossi[/bold]")
    ok(path, "register", "[link=http://x]V[/link]")
    message = refused(path, "register", "[bold]rossi[/bold]")
    assert "'[bold]Rossi[/bold]'" in message
    assert "[bold]Rossi[/bold]" in ok(path, "standings")
    assert "[link=http://x]V[/link]" in ok(path, "seat")


def test_round_view_shows_tables_pending_and_disputed(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    ok(path, "new", "T", "--deals", "2", "--plan", "danese-puro")
    for name in "ABCDEFG":
        ok(path, "register", name)
    ok(path, "seat")
    ok(path, "result", "1", "1", "--director", "--ns", "100 0", "--ew", "0 0")
    ok(path, "result", "1", "2", "--by", "ns", "--ns", "100 0", "--ew", "0 0")
    ok(path, "result", "1", "3", "--by", "ns", "--ns", "100 0", "--ew", "0 0")
    ok(path, "result", "1", "3", "--by", "ew", "--ns", "0 0", "--ew", "100 0")
    out = ok(path, "round")
    assert "100 – 0 (VP 11–9)" in out
    assert "pending: N-S wrote N-S 100 0, E-W 0 0; E-W to confirm" in out
    assert "disputed:" in out and "bye (12 VP): G" in out
    assert "turno 1: 1 counted, 1 pending, 1 disputed; waiting for tables 2, 3" in out
    ok(tmp_path / "u.json", "new", "U")
    assert "no turno is seated yet" in refused(tmp_path / "u.json", "round")


def test_pdf_exports(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    ok(path, "new", "Sera al circolo", "--deals", "2", "--plan", "danese-puro*2")
    for name in ("Rossi-Bianchi", "Verdi-Neri", "Gialli-Blu", "Conti-Ferri", "Sala-Riva"):
        ok(path, "register", name)
    ok(path, "seat")
    ok(path, "result", "1", "1", "--director", "--ns", "300 200", "--ew", "0 0")
    for kind in ("pdf-standings", "pdf-scorecards", "pdf-tables"):
        out = tmp_path / f"{kind}.pdf"
        assert "wrote" in ok(path, "export", kind, "-o", str(out))
        assert out.read_bytes().startswith(b"%PDF")
    t = store.load(path)
    from ramino.tournament import pdf

    printed = pdf.standings_pdf(t, compress=False)
    # The MP difference with its sign, a hyphen for the minus in the PDF's Latin-1 font.
    for text in (b"Rossi-Bianchi", b"Sala-Riva", b"#5", b"(+500)", b"(-500)"):
        assert text in printed
    cards = pdf.scorecards_pdf(t, 1, compress=False)
    assert cards.count(b"firma N-S") == 2 and rb"500 \(15\)" in cards
    tables = pdf.tables_pdf(t, 1, compress=False)
    # PDF strings escape parentheses.
    assert rb"Sala-Riva \(#5\)" in tables and rb"riposo \(12 VP\)" in tables
    assert "turno 9 is not seated" in refused(path, "export", "pdf-tables", "--round", "9",
                                              "-o", str(tmp_path / "x.pdf"))


def test_pdf_prints_names_outside_latin1() -> None:
    from ramino.tournament import pdf

    t = Tournament.new(Settings(name="Sera 🃏", plan=[Format.DANESE_PURO]))
    t.register("Zoë–Łukasz")
    assert pdf.standings_pdf(t, compress=False).startswith(b"%PDF")


def test_serve_refuses_a_missing_tournament_file_before_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ramino.server
    from ramino.cli import app as ramino_app

    started: list[object] = []
    monkeypatch.setattr(ramino.server, "serve", lambda **kwargs: started.append(kwargs))
    result = typer.testing.CliRunner().invoke(
        ramino_app, ["serve", "--tournament", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and not started
    assert "missing.json does not exist" in result.stderr and "open http" not in result.stdout
