"""No frame carries a card its receiver may not see, over many hands played through the server.

Two people (driven by this test, choosing random legal actions through the WebSocket), two
bots and a spectator play whole FIBUR hands; then Scala 40 hands of 2 to 4 players, people
and bots.  Every frame each client receives is recorded and
checked against the engine replayed independently from the deal: a player's view is exactly
``observation(seat).as_dict()``; the spectator's view holds only what every seat's observation
agrees on; and every card named anywhere in a frame is one the receiver can legitimately know
by then (its own hands so far, the pile, the melds, the publicly known cards, the public
actions).  Only the final frame, once the hand is over, reveals the deal (commit-reveal).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ramino.games.burraco.state import BurracoState
from ramino.games.state import GameState
from ramino.server.tables import Table

from .conftest import Frame, act, fast_app_client, join, recv
from .helpers_views import public_fields

CARD = re.compile(r"^(?:[2-9TJQKA][shdc]|JK)(?:=[0-9TJQKA]{1,2}[shdc]?)?$", re.IGNORECASE)
HANDS = 6
# Four seats, and three (§5.2: partners that pair up within the hand see no more of each
# other's cards than opponents do).
LAYOUTS = (["open", "open", "bot", "bot"], ["bot", "open", "bot", "open"],
           ["open", "bot", "bot", "open"], ["open", "bot", "open"])
LAYOUTS_40 = (["open", "bot"], ["bot", "open", "open"], ["open", "bot", "open", "bot"])


def card_words(value: Any) -> Iterator[str]:
    """Every card token anywhere in a JSON value (strings are split on spaces: actions)."""
    if isinstance(value, str):
        for word in value.split():
            if CARD.match(word):
                yield word.split("=")[0].upper().replace("JK", "JK")
    elif isinstance(value, dict):
        for item in value.values():
            yield from card_words(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_words(item)


def norm(token: str) -> str:
    card = token.split("=")[0]
    return "JK" if card.upper() == "JK" else card[:-1].upper() + card[-1].lower()


def states_by_version(table: Table) -> list[GameState]:
    """The hand at every version, replayed by the engine from the deal (not by the server)."""
    state = table.game.restart(table.state)
    out = [state.clone()]
    for action in table.state.history():
        state.apply(action)
        out.append(state.clone())
    return out


def knowable(states: list[GameState], seat: int | None) -> list[set[str]]:
    """Per version, the cards ``seat`` (None: a spectator) may know by then."""
    known: set[str] = set()
    out: list[set[str]] = []
    for v, state in enumerate(states):
        obs = state.observation(seat if seat is not None else 0).as_dict()
        # Burraco's discards are the pile, Scala 40's the pozzo (every card face up, §6.3).
        public = obs.get("pile", obs.get("pozzo", [])) + [c for m in obs["melds"]
                                                           for c in m["cards"]]
        public += [c for k in obs.get("known_cards", []) for c in k]
        if seat is not None:
            public += obs["hand"]
        if v > 0:
            public += str(state.history()[-1]).split()[1:]
        known.update(norm(c) for c in public)
        out.append(set(known))
    return out


def engine_view(view: dict[str, Any]) -> dict[str, Any]:
    """A Scala 40 frame's view adds which table seats are dealt in (all of them in a match's
    first hand, where table and engine seats agree); the rest is the engine's own."""
    out = dict(view)
    dealt = out.pop("dealt", None)
    assert dealt is None or all(dealt)
    return out


def check_frames(frames: list[Frame], states: list[GameState], seat: int | None) -> int:
    allowed = knowable(states, seat)
    checked = 0
    for frame in frames:
        if frame["type"] != "update":
            assert not set(card_words(frame)) - allowed[0] or frame["type"] == "chat"
            continue
        v = frame["version"]
        state = states[v]
        assert (frame["result"] is not None) == state.is_over
        if frame["result"] is not None:
            continue  # the reveal: the hand is over, the deal is published with its salt
        view = engine_view(frame["view"])
        if seat is None or frame.get("waiting"):  # a spectator, or a seat in the waiting room
            assert "hand" not in view and view["seat"] is None
            public = public_fields([state.observation(s).as_dict()
                                    for s in range(state.players)])
            assert set(view) <= set(public) and "history" not in view
            assert {k: public[k] for k in view} == view
            assert frame["legal"] == []
        else:
            # The growing public history stays out of every frame (ramino.server.views).
            assert view == state.observation(seat).as_dict(history=False)
            expected = ([str(a) for a in state.legal_actions()]
                        if state.current == seat else [])
            assert frame["legal"] == expected
        leaked = {norm(c) for c in card_words(frame)} - allowed[v]
        assert not leaked, f"version {v}: {sorted(leaked)} sent to seat {seat}"
        checked += 1
    return checked


class Inbox:
    """One client's frames, all kept for the check; ``until`` returns the first frame not yet
    consumed that satisfies ``want`` (frames already received are searched first)."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.frames: list[Frame] = []
        self.pos = 0

    def until(self, want: Callable[[Frame], bool], limit: int = 5000) -> Frame:
        for _ in range(limit):
            if self.pos == len(self.frames):
                self.frames.append(recv(self.ws))
            frame = self.frames[self.pos]
            self.pos += 1
            if want(frame):
                return frame
        raise AssertionError(f"no wanted frame in {limit} frames")


def play_hand(client: TestClient, layout: list[str], rng: random.Random,
              preset: str = "fibur") -> int:
    created = client.post("/api/tables", json={"preset": preset, "seats": layout,
                                               **({"bot_level": "random"}
                                                  if preset == "fisca" else {})})
    assert created.status_code == 201, created.text
    table_id = created.json()["id"]
    people = [i for i, kind in enumerate(layout) if kind == "open"]
    sockets = {seat: client.websocket_connect("/ws") for seat in people}
    spectator = client.websocket_connect("/ws")
    inbox: dict[int | None, Inbox] = {}
    try:
        for seat, ws in sockets.items():
            ws.__enter__()
            inbox[seat] = Inbox(ws)
            inbox[seat].frames.extend(join(ws, table_id, seat=seat, name=f"P{seat}"))
        spectator.__enter__()
        inbox[None] = Inbox(spectator)
        inbox[None].frames.extend(join(spectator, table_id, spectate=True))
        last = 0
        for _ in range(2000):
            def waiting(f: Frame, last: int = last) -> bool:
                return f["type"] == "update" and f["version"] >= last and not f["waiting"] and (
                    f["result"] is not None or f["view"]["current"] in people)
            seen = inbox[None].until(waiting)
            if seen["result"] is not None:
                break
            player: int = seen["view"]["current"]
            version: int = seen["version"]

            def turn(f: Frame, player: int = player, version: int = version) -> bool:
                return bool(f["type"] == "update" and f["version"] == version
                            and f["view"]["current"] == player and not f["waiting"])
            mine = inbox[player].until(turn)
            act(sockets[player], rng.choice(mine["legal"]), version)
            last = version + 1
        else:
            raise AssertionError("the hand did not end in 2000 turns")
        for person in people:
            inbox[person].until(lambda f: f["type"] == "update" and f["result"] is not None)
        assert not [f for box in inbox.values() for f in box.frames if f["type"] == "error"]
        table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        states = states_by_version(table)
        checked = 0
        for receiver, box in inbox.items():
            checked += check_frames(box.frames, states, receiver)
            # From joining to the end, every receiver saw and had checked every version.
            seen_versions = {f["version"] for f in box.frames
                             if f["type"] == "update" and f["result"] is None}
            assert seen_versions == set(range(min(seen_versions), len(states) - 1)), receiver
        return checked
    finally:
        for ws in [*sockets.values(), spectator]:
            ws.__exit__(None, None, None)


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    rng = random.Random(5)
    checked = 0
    with fast_app_client(tmp_path / "t.db", rng=random.Random(11)) as client:
        for hand in range(HANDS):
            checked += play_hand(client, LAYOUTS[hand % len(LAYOUTS)], rng)
    # Whole hands (each receiver saw every version, play_hand asserts), not a few openings:
    # about 300 frames a hand with the bots of 2ce3793, whose hands end sooner than before.
    assert checked > HANDS * 200


def test_no_frame_leaks_a_hidden_card_in_scala40(tmp_path: Path) -> None:
    """The same check for Scala 40 (§6): each player sees its own hand only, the
    spectator no hand at all, whatever the number of players."""
    rng = random.Random(6)
    checked = 0
    with fast_app_client(tmp_path / "t.db", rng=random.Random(12)) as client:
        for layout in LAYOUTS_40:
            checked += play_hand(client, layout, rng, preset="fisca")
    assert checked > len(LAYOUTS_40) * 100


def test_the_checker_catches_a_leak() -> None:
    """The oracle itself: an opponent's card in a frame is reported."""
    state = BurracoState.new_hand(seed=3)
    frame = {"type": "update", "version": 0, "result": None, "legal": [],
             "view": state.observation(1).as_dict(history=False), "event": None}
    assert check_frames([frame], [state], 1) == 1
    hidden = next(c for c in state.observation(0).as_dict()["hand"]
                  if norm(c) not in knowable([state], 1)[0])
    frame["event"] = {"seat": 0, "action": f"discard {hidden}"}
    try:
        check_frames([frame], [state], 1)
    except AssertionError as exc:
        assert hidden in str(exc) or "sent to seat 1" in str(exc)
    else:
        raise AssertionError("a hidden card went unnoticed")
