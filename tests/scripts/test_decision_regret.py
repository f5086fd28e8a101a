"""scripts/decision_regret.py, which docs/bots.md's decision figures come from: the points it
collects replay to real decisions, the expert's regret is that of the search's first
candidate, and a search told every hand sees the same worlds as the fair oracle's."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from ramino.bots.burraco.expert import ExpertBot
from tests.helpers import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "decision_regret.py"


def test_collect_and_score(tmp_path: Path) -> None:
    points_file = tmp_path / "points.json"
    subprocess.run([sys.executable, str(SCRIPT), "collect", "--deals", "1", "--first", "30001",
                    "--every", "5", "--worlds", "2", "--jobs", "1", "--out", str(points_file)],
                   check=True, timeout=300, capture_output=True)
    points = json.loads(points_file.read_text())
    assert len(points) >= 2
    script = load_script("decision_regret")
    for point in points:
        state = script.replay(point["deal"], point["path"])
        assert state.current == point["seat"] and point["seat"] in (0, 2)
        assert len(point["options"]) == len(point["values"]) >= 2
        expert = script.regrets((point, ["expert", "search:samples=2,extra=0"]))
        assert expert[0] == max(point["values"]) - point["values"][0]
        assert all(r >= 0 for r in expert)
    out = subprocess.run([sys.executable, str(SCRIPT), "score", str(points_file), "expert",
                          "search:samples=2,extra=0", "--jobs", "1"], check=True, timeout=300,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith(f"{len(points)} decision points")
    assert out[1].split()[0] == "expert" and out[1].split()[2] == "+0.00"
    counted = sum(int(line.split("(")[1].rstrip("):")) for line in out
                  if line.startswith(("pick decisions", "discard decisions")))
    assert counted == len(points)  # every point is a pick or a discard


def test_a_search_told_every_hand_redeals_only_the_future() -> None:
    script = load_script("decision_regret")
    state = script.replay(30001, [])
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    world = script.future_shuffled(state, random.Random(1))
    assert world.hands == state.hands and world.pile == state.pile
    assert world.stock != state.stock and len(world.stock) == len(state.stock)
    future = [*state.stock, *(c for p in state.pozzetti for c in p or ())]
    assert sorted(future) == sorted([*world.stock, *(c for p in world.pozzetti for c in p or ())])
    hidden = script.future_shuffled(state, random.Random(1), hide=(1, 3))
    assert hidden.hands[0] == state.hands[0] and hidden.hands[2] == state.hands[2]
    assert sum(hidden.hands[1]) == sum(state.hands[1])
    assert hidden.hands[1] != state.hands[1] or hidden.hands[3] != state.hands[3]
    loose = [c for h in (state.hands[1], state.hands[3]) for c, n in enumerate(h)
             for _ in range(n)] + list(state.stock)
    again = [c for h in (hidden.hands[1], hidden.hands[3]) for c, n in enumerate(h)
             for _ in range(n)] + list(hidden.stock)
    for p_old, p_new in zip(state.pozzetti, hidden.pozzetti, strict=True):
        loose += list(p_old or ())
        again += list(p_new or ())
    assert sorted(loose) == sorted(again)


def test_lengths_compares_discards_that_feed_their_melds() -> None:
    """``lengths``: at a discard point, an alternative that fits the opponents' melds where
    the first candidate does not is reported with that meld's length and its value gain."""
    script = load_script("decision_regret")
    state = script.replay(30001, [])
    path: list[int] = []
    bots = [ExpertBot(seat, script.RULES) for seat in range(4)]
    # Play on (the expert) until seat 0 may discard a card that fits opposing melds.
    while not state.is_over:
        legal = state.legal_actions()
        seen = state.observation(state.current)
        discards = [i for i, a in enumerate(legal) if a.kind == "discard"]
        if state.current == 0 and discards and any(
                script.fitting_length(seen, legal[i].cards[0]) for i in discards) and any(
                not script.fitting_length(seen, legal[i].cards[0]) for i in discards):
            break
        index = legal.index(bots[state.current].choose(seen, legal))
        path.append(index)
        state.apply(legal[index])
    assert not state.is_over, "no discard point with a card fitting their melds on this deal"
    legal = state.legal_actions()
    seen = state.observation(0)
    discards = [i for i, a in enumerate(legal) if a.kind == "discard"]
    safe = next(i for i in discards if not script.fitting_length(seen, legal[i].cards[0]))
    feeding = next(i for i in discards if script.fitting_length(seen, legal[i].cards[0]))
    point = {"deal": 30001, "path": path, "seat": 0, "seed": 0,
             "options": [safe, feeding], "values": [10.0, -15.0]}
    length = script.fitting_length(seen, legal[feeding].cards[0])
    assert length >= 3
    assert script.discard_lengths(point) == [(length, -25.0)]
    point["options"] = [feeding, safe]
    assert script.discard_lengths(point) == []  # the first candidate feeds them: not compared
    assert script.lengths_table([(3, 10.0), (3, 20.0), (5, -40.0)]) == [
        " 3 cards      2 pairs     +15.0 ± 5.0", " 5 cards      1 pairs     -40.0 ± 0.0"]
