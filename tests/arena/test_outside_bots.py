"""Bots from anywhere in the arena: entry points, the ``ramino.bots`` plugin group, worker
processes under the spawn start method, and one-line errors for bad specs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.arena import duplicate
from ramino.arena.duplicate import run_match
from ramino.arena.ladder import default_ladder, run_ladder
from ramino.bots import external
from ramino.bots.registry import ladder_names, make_bot, parse_spec
from ramino.cli import app
from ramino.rules import preset
from tests.arena.outside_bots import SeededBot

FACTORY = "tests.arena.outside_bots:make_bot"


def test_an_entry_point_spec_makes_the_bot_with_its_settings() -> None:
    bot = make_bot(FACTORY + ":pick=last", 5, preset("fibur"))
    assert isinstance(bot, SeededBot) and bot.last and bot.seed == 5
    assert not make_bot(FACTORY, 5, preset("fisca")).last  # type: ignore[attr-defined]


def test_an_entry_point_plays_either_side_and_in_the_ladder() -> None:
    as_a = run_match(FACTORY, "random", deals=1, jobs=1, honesty_every=5)
    as_b = run_match("random", FACTORY, deals=1, jobs=1, honesty_every=5)
    for report in (as_a, as_b):
        summary = report.summary()
        assert summary["illegal_actions"] == 0 and summary["honesty_failures"] == 0
        assert summary["honesty_checks"] > 0
    ladder = run_ladder([FACTORY, "random", "greedy"], deals=1, jobs=1, honesty_every=0)
    assert set(ladder.ratings) == {FACTORY, "random", "greedy"}


def test_workers_resolve_the_spec_themselves_under_spawn(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    one = run_match(FACTORY, "random", deals=2, jobs=1, honesty_every=0)
    monkeypatch.setattr(duplicate, "START_METHOD", "spawn")
    two = run_match(FACTORY, "random", deals=2, jobs=2, honesty_every=0)
    assert [d.diff for d in one.deals] == [d.diff for d in two.deals]


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two bots installed in the ``ramino.bots`` group: ``mine``, and one that tries to take
    the built-in name ``greedy``."""
    installed = [EntryPoint("mine", FACTORY, external.GROUP),
                 EntryPoint("greedy", "tests.arena.outside_bots:impure_bot", external.GROUP)]

    def entry_points(*, group: str) -> list[EntryPoint]:
        return [ep for ep in installed if ep.group == group]

    monkeypatch.setattr(external, "entry_points", entry_points)
    external.installed.cache_clear()
    yield
    external.installed.cache_clear()


@pytest.mark.usefixtures("plugins")
def test_plugins_join_the_ladder_names() -> None:
    assert "mine" in ladder_names() and default_ladder()[-1] == "mine"
    assert parse_spec("mine:pick=last") == ("mine", {"pick": "last"})
    assert isinstance(make_bot("mine", 1, preset("fibur")), SeededBot)
    # A built-in name is never shadowed by a plugin of the same name.
    assert type(make_bot("greedy", 1, preset("fibur"))).__name__ == "GreedyBot"
    report = run_match("mine", "random", deals=1, jobs=1, honesty_every=0)
    assert report.summary()["illegal_actions"] == 0


@pytest.mark.usefixtures("plugins")
def test_cli_ladder_with_a_bot_option_adds_it_to_the_default_ladder(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["arena", "--ladder", "--bot", FACTORY, "--deals", "1",
                                      "--jobs", "1", "--honesty-every", "0", "--json",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    ratings = json.loads(result.output)["ratings"]
    assert set(ratings) == {"random", "greedy", "expert", "mine", FACTORY}


def test_cli_bot_option_is_side_a() -> None:
    result = CliRunner().invoke(app, ["arena", "random", "--bot", FACTORY, "--deals", "1",
                                      "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.output)["matches"][0]
    assert (match["bot_a"], match["bot_b"]) == (FACTORY, "random")


@pytest.mark.parametrize(("spec", "says"), [
    ("no_such_module_here:make_bot", "cannot import 'no_such_module_here'"),
    ("tests.arena.outside_bots:nothing", "has no 'nothing'"),
    ("tests.arena.outside_bots:not_callable", "is not callable"),
    (FACTORY + ":colour=red", "unknown setting(s) ['colour']"),
    ("cmd:", "the command is empty"),
    ("cmd:no-such-program-anywhere --fast", "no program 'no-such-program-anywhere'"),
    ("cmd(timeout=0):python3", "more than 0 seconds"),
    ("whatever", "unknown bot 'whatever'"),
])
def test_cli_refuses_a_bad_spec_in_one_line_naming_the_option(spec: str, says: str) -> None:
    result = CliRunner().invoke(app, ["arena", "--bot", spec, "random", "--deals", "1",
                                      "--jobs", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"--bot {spec}:"), result.output
    assert says in lines[0] and "Traceback" not in result.output


def test_a_third_party_bot_that_raises_is_named_in_one_line() -> None:
    spec = "tests.arena.outside_bots:broken_bot"
    result = CliRunner().invoke(app, ["arena", "--bot", spec, "random", "--deals", "1",
                                      "--jobs", "1"])
    assert result.exit_code == 1
    assert result.output.strip() == (f"bot {spec!r} failed at deal 1: KeyError: 'no such card'")
