"""Smoke runs of the Scala 40 scripts behind docs/bots.md's figures: the paired screen of bot
settings (scripts/scala40_ab.py) and the seat-by-seat breakdown (scripts/scala40_seats.py)
run on two deals and print the lines the docs quote; the search's decision screen
(scripts/scala40_decisions.py) stores a deal's positions and screens two specs on them; the
paired rollouts of the expert's discards (scripts/scala40_value.py) store a deal's candidates,
whose features come from the observation alone, and fit and screen a value on them."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from ramino.bots.protocol import decision_seed
from ramino.bots.scala40.expert import ExpertBot, _Context
from ramino.games.actions import DISCARD
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40State
from ramino.rules import preset

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def run(script: str, *args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPTS / script), *args], check=True,
                          timeout=300, capture_output=True, text=True)
    return done.stdout.splitlines()


def test_the_paired_screen_prints_each_spec_and_its_difference_to_the_first() -> None:
    lines = run("scala40_ab.py", "random", "--deals", "2", "greedy", "expert")
    number = r"[+-]\d+\.\d+"
    assert re.match(rf"greedy\s+{number} \[{number}, {number}\]", lines[-2]), lines
    assert re.match(rf"expert\s+{number} \[{number}, {number}\].*vs first {number} "
                    rf"\[{number}, {number}\]", lines[-1]), lines


def test_the_seat_breakdown_adds_up_to_the_seats() -> None:
    lines = run("scala40_seats.py", "greedy", "random", "--deals", "2")
    head = next(line for line in lines if line.startswith("8 seats;"))
    assert "A unopened" in head and "B unopened" in head
    groups = [line for line in lines if "adds" in line]
    counts = [re.search(r"(\d+) seats", line) for line in groups]
    assert sum(int(m.group(1)) for m in counts if m) == 8, groups


def test_the_decision_screen_values_stored_positions_for_each_spec(tmp_path: Path) -> None:
    stored = tmp_path / "positions.json"
    run("scala40_decisions.py", "positions", "--first-deal", "3", "--deals", "1", "--every",
        "6", "--rollouts", "2", "--look", "0", "--out", str(stored))
    lines = run("scala40_decisions.py", "screen", str(stored), "expert",
                "search:samples=2,extra=0,opened=1,margin=0")
    count = re.search(r"over (\d+) positions", lines[0])
    assert count and int(count.group(1)) > 0, lines
    # The expert's own choice is the baseline: it overrules nothing and gains nothing.
    assert lines[0].startswith("expert: +0.0 over") and "overruled" in lines[0], lines
    assert lines[1].startswith("search:samples=2,extra=0,opened=1,margin=0: "), lines


def test_the_simulated_search_chooses_what_the_search_would(tmp_path: Path) -> None:
    stored, values = tmp_path / "positions.json", tmp_path / "values.json"
    run("scala40_decisions.py", "positions", "--first-deal", "3", "--deals", "1", "--every",
        "6", "--rollouts", "2", "--look", "0", "--probe", "search:candidates=4",
        "--out", str(stored))
    run("scala40_decisions.py", "values", str(stored), "--worlds", "4", "--out", str(values))
    lines = run("scala40_decisions.py", "simulate", str(values), "--candidates", "4",
                "--budgets", "4+0", "--margins", "0", "inf")
    screened = run("scala40_decisions.py", "screen", str(stored),
                   "search:samples=4,extra=0,candidates=4,margin=0")
    number = r"([+-]\d+\.\d+)"
    simulated = re.match(rf"candidates=4,samples=4,extra=0,margin=0: {number}", lines[0])
    searched = re.match(rf"search:samples=4,extra=0,candidates=4,margin=0: {number}",
                        screened[0])
    assert simulated and searched and simulated.group(1) == searched.group(1), (lines, screened)
    # An infinite margin keeps the expert's every choice.
    assert lines[1].startswith("candidates=4,samples=4,extra=0,margin=inf: +0.0 ") \
        and " 0 overruled" in lines[1], lines


def load(script: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(script.removesuffix(".py"), SCRIPTS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_value_features_come_from_the_observation_alone() -> None:
    value = load("scala40_value.py")
    rules = preset("fisca")
    state = Scala40State.new_hand(rules, seed=41001)
    bot = ExpertBot(7, rules)
    checked = 0
    while not state.is_over and checked < 3:
        seat = state.current
        obs = state.observation(seat)
        legal = state.legal_actions()
        action = bot.choose(obs, legal)
        cards = sorted({a.cards[0] for a in legal if a.kind == DISCARD})
        if action.kind == DISCARD and not state.opened[seat] and len(cards) > 1:
            twin = resample(obs, random.Random(checked), rules).observation(seat)
            assert twin.hand == obs.hand
            got = [value.candidate_features(bot, o, _Context(o, rules, bot.urgency(o)), cards,
                                            random.Random(decision_seed(7, o)))
                   for o in (obs, twin)]
            assert got[0] == got[1]
            assert len(got[0][cards[0]]) == len(value.FEATURES)
            checked += 1
        state.apply(action)
    assert checked


def test_the_paired_rollouts_fit_and_screen_a_value(tmp_path: Path) -> None:
    stored, worlds = tmp_path / "pairs.npz", tmp_path / "worlds.npz"
    run("scala40_value.py", "pairs", "--first-deal", "41001", "--deals", "1", "--top", "2",
        "--samples", "8", "--out", str(stored))
    lines = run("scala40_value.py", "fit", str(stored), "--columns", "held", "expected",
                "--coefficients")
    number = r"[+-]\d+\.\d+"
    assert re.match(r"\d+ decisions, \d+ rollouts; mean penalty after the expert's ranks: "
                    r"\d+\.\d+, \d+\.\d+;", lines[0]), lines
    assert re.match(rf"cross-validated: the fitted value's choice saves {number} a decision",
                    lines[1]), lines
    # Only the chosen columns are fitted.
    assert [line.split()[0] for line in lines[3:]] == ["held", "expected"], lines
    # A value that tells no candidate apart keeps the expert's choice.
    zeros = ["0"] * len(load("scala40_value.py").FEATURES)
    applied = run("scala40_value.py", "fit", str(stored), "--apply", *zeros)
    assert applied[1] == "the given value's choice saves +0.000 a decision (0 changed)"
    run("scala40_value.py", "pairs", "--first-deal", "41001", "--deals", "1", "--top", "2",
        "--samples", "8", "--worlds", "2", "--rate", "0.5", "--out", str(worlds))
    spread = run("scala40_value.py", "spread", str(worlds))
    assert re.match(r"\d+ decisions, 2 worlds each", spread[0]), spread
    assert spread[1].startswith("rank 1: mean "), spread
