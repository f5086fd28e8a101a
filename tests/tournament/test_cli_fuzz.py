"""Fuzz the director's command line (hypothesis through Typer's CliRunner): commands with
arguments built to reach deep (entrants, turni, tables, scores, penalties, settings, plans,
exports) and arguments drawn at random, run in sequences on a tournament with a turno under
way.  Whatever comes: no traceback, exit 0 or 2; a refusal (exit 2) says why on stderr and
leaves the file byte for byte as it was; a success leaves a file that loads."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
import typer
import typer.testing
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.tournament import store
from ramino.tournament.cli import app
from ramino.tournament.model import Format, Settings
from ramino.tournament.tournament import Tournament

COMMAND = typer.main.get_command(app)
runner = typer.testing.CliRunner()
WORK = Path(tempfile.mkdtemp(prefix="ramino-cli-fuzz-"))
FILE = WORK / "t.json"
OUT = WORK / "out.bin"
OTHER = WORK / "other.json"
BROKEN = WORK / "broken.json"
fuzz = settings(max_examples=500, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


def base_document() -> bytes:
    """Seven pairs, turno 1 of a mixed plan seated: a result that counts, one pending, one
    disputed, a bye, a penalty and a withdrawal."""
    t = Tournament.new(Settings(name="Sera", deals_per_round=2,
                                plan=[Format.MITCHELL] * 2 + [Format.DANESE_MODIFICATO]),
                       clock=lambda: "2026-12-01T20:00:00+00:00")
    for name in ("Rossi", "Verdi", "Gialli", "Conti", "Sala", "Riva", "[b]Neri[/b]"):
        t.register(name)
    rnd = t.seat_next()
    first, second, third = (tb.number for tb in rnd.tables[:3])
    t.director_result(1, first, [300, 120], [-50, 95])
    t.submit(1, second, "ns", [100, 0], [0, 0])
    t.submit(1, third, "ns", [100, 0], [0, 0])
    t.submit(1, third, "ew", [0, 0], [100, 0])
    t.penalize(2, 1, "late")
    return store.dumps(t).encode()


BASE = base_document()
OTHER.write_bytes(BASE)
BROKEN.write_text('{"format": "ramino-tournament/1", "settings": {}}')

ints = st.one_of(st.integers(-3, 12), st.integers(-10**6, 10**6),
                 st.sampled_from([0, 5, 2**63, -(2**63), 10**30]))
number = ints.map(str)
scores = st.lists(st.one_of(st.integers(-300, 600).map(lambda n: n * 5), ints), min_size=0,
                  max_size=5).map(lambda xs: " ".join(map(str, xs)))
texts = st.one_of(
    st.sampled_from(["Rossi", " rossi ", "[bold]x[/bold]", "[/]", "[link=x]y", "", " ",
                     "A\u202eB", "a\nb", "Zoë–Łukasz 🃏", "x" * 80, "%s{0}", "--help"]),
    st.text(max_size=20),
)
plans = st.one_of(
    st.sampled_from(["mitchell*2,danese-modificato", "mitchell*2,danese-puro*3", "mitchell*abc",
                     "mitchell*-2,danese-puro", "mitchell*0", "danese-puro*99999999999",
                     "mitchell,,swiss", "individual-danish", "swiss*2", "*", ",", ""]),
    st.lists(st.sampled_from([f.value for f in Format] + ["bridge"]), min_size=1, max_size=4)
    .map(lambda fs: ",".join(f"{f}*{random.Random(f).randrange(1, 4)}" for f in fs)),
)
outs = st.sampled_from([str(OUT), str(FILE), str(WORK), str(WORK / "no" / "such" / "x")])


def command(name: str, *parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda xs: [name, *[a for x in xs for a in x]])


def option(flag: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [flag, v]))


def flag(name: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [name]])


def positional(values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return values.map(lambda v: [v])


side = st.sampled_from(["ns", "ew", "north", ""])
structured = st.one_of(
    command("new", positional(texts), option("--deals", number), option("--plan", plans),
            option("--custom-vp", st.one_of(scores, st.just("40,120,200,300,400,500,620,"
                                                             "740,870,1000"))),
            option("--bye-vp", number), option("--step", number), option("--minutes", number),
            option("--preset", texts), flag("--force"), flag("--draw"), flag("--duplicate")),
    command("settings", option("--deals", number), option("--plan", plans),
            option("--custom-vp", scores), flag("--fibur-vp"), option("--bye-vp", number),
            option("--step", number), option("--minutes", number), option("--name", texts)),
    command("register", positional(texts), option("--members", texts)),
    command("withdraw", positional(number)),
    command("remove", positional(number)),
    command("seat"),
    command("round", option("--round", number)),
    command("result", positional(number), positional(number), option("--ns", scores),
            option("--ew", scores), option("--by", side), flag("--director"),
            option("--reason", texts)),
    command("confirm", positional(number), positional(number), option("--by", side)),
    command("penalty", option("--reason", texts), option("--mp", number),
            st.tuples(number, number).map(lambda p: ["--", *p])),
    command("standings"),
    command("export", positional(st.sampled_from(
        ["csv", "results-csv", "json", "html", "scorecards", "pdf-standings",
         "pdf-scorecards", "pdf-tables", "xml"])), option("--round", number),
        outs.map(lambda o: ["-o", o])),
    command("import", positional(st.sampled_from([str(OTHER), str(BROKEN), str(FILE),
                                                   str(WORK / "missing.json"), str(WORK)])),
            flag("--force")),
)
token = st.one_of(
    st.sampled_from(["new", "settings", "register", "withdraw", "remove", "seat", "round",
                     "result", "confirm", "penalty", "standings", "export", "import", "--ns",
                     "--ew", "--by", "--director", "--reason", "--round", "--plan", "--deals",
                     "--mp", "-o", "--force", "--custom-vp", "--", "ns", "ew", "csv"]),
    number, texts,
)
random_args = st.lists(token, min_size=1, max_size=7)


def run(args: list[str]) -> None:
    before = FILE.read_bytes() if FILE.exists() else None
    with pytest.MonkeyPatch.context() as patch:
        # The runner builds the Click command again at every call (most of its time): once
        # is enough here.
        patch.setattr(typer.testing, "_get_command", lambda _app: COMMAND)
        result = runner.invoke(app, [*args, "--file", str(FILE)])
    shown = f"{args}: {result.exit_code} {result.stdout!r} {result.stderr!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        shown, result.exc_info)
    assert "Traceback" not in result.stdout + result.stderr, shown
    assert result.exit_code in (0, 2), shown
    if result.exit_code == 2:
        assert result.stderr.strip(), shown
        assert (FILE.read_bytes() if FILE.exists() else None) == before, shown
    elif FILE.exists():
        store.load(FILE)


def start(deleted: bool) -> None:
    if deleted:
        FILE.unlink(missing_ok=True)
    else:
        FILE.write_bytes(BASE)


@given(sequence=st.lists(structured, min_size=1, max_size=3), deleted=st.booleans())
@fuzz
def test_built_commands_never_break_the_file(sequence: list[list[str]], deleted: bool) -> None:
    start(deleted and len(sequence) == 1)
    for args in sequence:
        run(args)


@given(sequence=st.lists(random_args, min_size=1, max_size=3))
@fuzz
def test_random_arguments_never_break_the_file(sequence: list[list[str]]) -> None:
    start(False)
    for args in sequence:
        run(args)
