"""A smoke run of scripts/expert_probes.py, so that the figures it measures stay
reproducible: the harness's output, each probe on a deal, the regression's logger and fit."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from ramino.bots.burraco import expert as expert_module
from ramino.games.actions import DRAW, PICK
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from tests.helpers import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "expert_probes.py"

# The probes subclass ExpertBot, which the mypyc-compiled overlay does not allow: ./dev test
# runs this file in its pure-Python pass; run alone, it needs the pure engine too.
pytestmark = pytest.mark.skipif(
    not (expert_module.__file__ or "").endswith(".py"),
    reason="the engine is the compiled overlay; run RAMINO_PURE=1 ./dev test "
           "tests/scripts/test_expert_probes.py")
NUMBER = r"[+-]\d+\.\d"
INTERVAL = rf"\[ *{NUMBER}, *{NUMBER}\]"


def test_harness_prints_mean_interval_components_and_paired_difference() -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "2", "--jobs", "1", "expert",
                          "pick-small-hand:k=3"], capture_output=True, text=True, check=True,
                         timeout=120).stdout.splitlines()
    assert out[0].startswith("2 deals from 10001, each side once, vs greedy")
    parts = " ".join(rf"{c} [+-]\d+" for c in ("table", "burraco", "closing", "hand",
                                                 "pozzetto"))
    first = re.fullmatch(rf"expert +{NUMBER} {INTERVAL}  {parts}  \(\d+s\)", out[1])
    assert first, out[1]
    second = re.fullmatch(rf"pick-small-hand:k=3 +{NUMBER} {INTERVAL}  {parts}  "
                          rf"paired +{NUMBER} {INTERVAL}  \(\d+s\)", out[2])
    assert second, out[2]
    assert len(out) == 3


def test_probes_are_not_opponents() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT), "--deals", "1", "--against",
                          "peek-discard", "expert"], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "not opponents" in run.stderr


@pytest.mark.parametrize("spec", ["peek-discard", "danger-sampled:D=60", "pick-solver:tau=0",
                                  "pick-small-hand:k=3"])
def test_every_probe_plays_a_deal_and_the_components_add_up(spec: str) -> None:
    probes = load_script("expert_probes")
    outcome = probes.play_deal((spec, "greedy", 10001, "fibur"))
    assert outcome.diff == pytest.approx(sum(outcome.parts))  # no split with four players


def test_probe_settings_are_checked() -> None:
    probes = load_script("expert_probes")
    with pytest.raises(ValueError, match="probe pick-solver"):
        probes.make_variant("pick-solver:tua=1", 0, preset("fibur"))


def test_the_logger_values_both_pick_options_and_follows_the_expert() -> None:
    probes = load_script("expert_probes")
    rules = preset("fibur")
    picks: list[Any] = []
    discards: list[Any] = []
    logger = probes.ValueLogger(0, rules, picks, discards)
    state = BurracoState.new_hand(rules, seed=10001)
    legal = state.legal_actions()
    assert state.current == 0 and {a.kind for a in legal} == {DRAW, PICK}
    chosen = logger.choose(state.observation(0), legal)
    assert chosen == logger.expert.choose(state.observation(0), legal)
    [record] = picks
    assert len(record.features) == len(probes.PICK_FEATURES)
    assert record.expert_picks == (chosen.kind == PICK)
    assert discards == []


def test_the_fits_recover_a_linear_truth() -> None:
    """Picking is worth 10 points a usable card minus 15: the fitted rule must do as well as
    the best rule on the held-out half; the discard values follow one feature exactly."""
    probes = load_script("expert_probes")
    n_features = len(probes.PICK_FEATURES)
    usable = probes.PICK_FEATURES.index("usable")
    picks = []
    for i in range(40):
        features = [float((i * 7 + j) % 5) for j in range(n_features)]
        features[-1] = 1.0
        gain = 10.0 * features[usable] - 15.0
        picks.append(probes.PickRecord(tuple(features), gain, False))
    discards = []
    for i in range(20):
        rows = tuple(tuple(float((i + 3 * k + j) % 4) for j in range(14)) for k in range(3))
        discards.append(probes.DiscardRecord(rows, tuple(5.0 * r[2] for r in rows)))
    out = io.StringIO()
    with redirect_stdout(out):
        probes.fit_picks(picks)
        probes.fit_discards(discards)
    text = out.getvalue()
    for fold in "AB":
        pick = re.search(rf"pick fold {fold}: fitted ({NUMBER}\d)  expert ({NUMBER}\d)", text)
        assert pick is not None, text
        assert float(pick[1]) > 0 and float(pick[2]) == 0.0
        discard = re.search(rf"discard fold {fold}: fitted vs expert ({NUMBER}\d) .*"
                            rf"noisy best ({NUMBER}\d)", text)
        assert discard is not None, text
        assert float(discard[1]) == pytest.approx(float(discard[2]))
