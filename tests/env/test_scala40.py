"""The Scala 40 PettingZoo environment: PettingZoo's own API test at every table size, masks
that match the engine, a play that always has a legal id, and rewards that are the hand's
penalties (§6.5)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from ramino.cards import parse_card
from ramino.env.scala40 import env
from ramino.env.scala40_encoding import ACTIONS, MAX_PLAYS, OBS_SIZE, PLAY_BASE, action_ids
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, Action


@pytest.mark.parametrize("players", [2, 4, 6])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=300)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_random_hands_end_with_the_penalties_as_rewards(players: int, seed: int) -> None:
    e = env(players=players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = float(reward)
            e.step(None)
            continue
        state = e.state_
        assert state is not None
        owed = state.turn_obligations(state.current)[1]
        ids = action_ids(state.legal_actions(), owed)
        mask = obs["action_mask"]
        assert obs["observation"].shape == (OBS_SIZE,) and mask.shape == (ACTIONS,)
        assert set(np.flatnonzero(mask)) == set(ids)
        assert mask.any()  # the seat in turn always has an offered action
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    state = e.state_
    assert state is not None and state.is_over and steps > players
    result = state.result()
    assert result is not None
    scores = result.scores
    expected = {f"player_{s}": (sum(scores) - scores[s]) / (players - 1) / 100 - scores[s] / 100
                for s in range(players)}
    assert final == pytest.approx(expected)
    assert sum(final.values()) == pytest.approx(0.0)


def test_plays_using_an_owed_card_are_offered_first() -> None:
    """With more plays than slots, the plays that pay the turn's debt (a picked card must
    be used, §6.3 item 1) are offered: no discard is legal until they are made."""
    owed = parse_card("Qh")
    filler = [Action(MELD, (parse_card("2c"), parse_card("3c"), parse_card("4c")))] * 70
    paying = Action(ATTACH, (owed,), meld=1)
    ids = action_ids([Action(DRAW), *filler, paying, Action(DISCARD, (owed,))], (owed,))
    plays = [a for i, a in ids.items() if i >= PLAY_BASE]
    assert len(plays) == MAX_PLAYS and plays[0] == paying
    assert ids[0] == Action(DRAW) and ids[2 + owed] == Action(DISCARD, (owed,))
    unowed = action_ids([*filler, paying], ())
    assert paying not in unowed.values()  # without a debt the engine's order stands


def test_observation_hides_the_other_hands_and_counts_seats_round_the_table() -> None:
    e = env(players=3)
    e.reset(seed=7)
    state = e.state_
    assert state is not None
    for seat in range(3):
        vector = e.observe(f"player_{seat}")["observation"]
        hand = state.observation(seat).hand
        assert vector[:53].sum() == pytest.approx(len(hand) / 2)
        assert vector[265] == pytest.approx(len(hand) / 13)  # the own seat first
        assert vector[268:271].tolist() == [0.0, 0.0, 0.0]  # no fourth to sixth seat
    e.reset(seed=7)
    again = e.observe("player_1")["observation"]
    assert np.array_equal(again, e.observe("player_1")["observation"])


def test_bad_settings_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        env(players=7)
    with pytest.raises(ValueError, match="not Scala 40"):
        env("fibur")
    e = env()
    with pytest.raises(RuntimeError, match="reset"):
        e.observe("player_0")
    e.reset(seed=1)
    legal_ids = set(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))
    illegal = next(i for i in range(ACTIONS) if i not in legal_ids)
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
