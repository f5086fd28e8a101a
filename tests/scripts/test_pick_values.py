"""scripts/pick_values.py, which the expert's pick rules were read from: its points replay to
the expert's real pick decisions, and its table marks the cells the expert gets wrong."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ramino.bots.burraco.expert import ExpertBot
from ramino.games.actions import DRAW, PICK
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from tests.helpers import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "pick_values.py"


def test_collect_replays_to_the_experts_pick_decisions(tmp_path: Path) -> None:
    points_file = tmp_path / "picks.json"
    subprocess.run([sys.executable, str(SCRIPT), "collect", "--deals", "1", "--first", "70002",
                    "--worlds", "1", "--jobs", "1", "--out", str(points_file)],
                   check=True, timeout=300, capture_output=True)
    points = json.loads(points_file.read_text())
    assert len(points) >= 5
    rules = preset("fibur")
    for point in points:
        state = BurracoState.new_hand(rules, seed=point["deal"])
        for index in point["path"]:
            state.apply(state.legal_actions()[index])
        assert state.current == point["seat"] and point["seat"] % 2 == point["deal"] % 2
        assert {a.kind for a in state.legal_actions()} >= {PICK, DRAW}
        seen = state.observation(point["seat"])
        assert point["hand"] == len(seen.hand) and point["pile"] == len(seen.pile)
        picks = ExpertBot(0, rules).pick_score(seen) > 0
        assert point["expert_picks"] == picks
    shown = subprocess.run([sys.executable, str(SCRIPT), "table", str(points_file),
                            "--smallest", "1"], check=True, timeout=60, capture_output=True,
                           text=True).stdout.splitlines()
    assert shown[-1].startswith(f"{len(points)} decisions")


def test_the_table_marks_a_cell_the_expert_gets_wrong() -> None:
    script = load_script("pick_values")

    def point(hand: int, gain: float, picks: bool) -> dict[str, object]:
        return {"hand": hand, "pile": 3, "usable": 0, "pozzetto": True, "burraco": False,
                "gain": gain, "expert_picks": picks}

    wrong = [point(1, g, False) for g in (60.0, 70.0, 80.0, 65.0)]
    right = [point(5, g, False) for g in (-60.0, -70.0, -80.0, -65.0)]
    lines = script.table(wrong + right, smallest=2)
    marked = [line for line in lines if line.endswith("<<")]
    assert len(marked) == 1 and marked[0].split()[0] == "0-1"
    assert lines[-1] == "8 decisions; the expert's mean regret 34.4 points"
