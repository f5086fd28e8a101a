"""A third-party ramino bot over the table WebSocket (docs/server.md, "Bot API").

    python examples/bot_client.py ws://127.0.0.1:8000/ws TABLE_ID SEAT [--name NAME]
                                  [--auth BOT_TOKEN]

With a bot token (``POST /api/tokens`` while signed in) it plays as that account, so its seat,
experience and rating are the account's; without one it is a guest.

It sits at an open seat (keeping the seat key it is given, so that it can come back), and on
every update that lists legal actions for it, it plays one: melds and attaches first, then a
draw, then a random discard.  It sees only what the server sends its seat.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from websockets.sync.client import connect


def choose(update: dict[str, Any], rng: random.Random) -> str:
    """One of the legal actions of this update (the record notation, docs/record.md §3)."""
    legal: list[str] = update["legal"]
    for prefix in ("meld ", "attach "):
        plays = [a for a in legal if a.startswith(prefix)]
        if plays:
            return max(plays, key=len)  # lay down as many cards as possible
    if "draw" in legal:
        return "draw"
    return rng.choice(legal)


def run(url: str, table: str, seat: int, name: str = "Bot esterno",
        token: str | None = None, seed: int = 0, auth: str | None = None) -> dict[str, Any]:
    """Play until the hand is over; return the result the server sends."""
    rng = random.Random(seed)
    with connect(url, open_timeout=10) as ws:
        join: dict[str, Any] = {"type": "join", "table": table, "name": name}
        join.update({"token": token} if token else {"seat": seat})
        if auth:
            join["auth"] = auth
        ws.send(json.dumps(join))
        acted = -1  # the version we last acted on: an older or repeated update is not a turn
        last_act: str | None = None
        while True:
            frame = json.loads(ws.recv(timeout=60))
            if frame["type"] == "welcome" and frame["token"]:
                print("seat key:", frame["token"])  # keep it to take the seat back
            elif frame["type"] == "error":
                print("refused:", frame["message"])
                if frame["code"] == "flood" and last_act is not None:
                    time.sleep(1.0)  # the server bounds each connection's message rate
                    ws.send(last_act)
            elif frame["type"] == "update":
                if frame["result"] is not None:
                    result: dict[str, Any] = frame["result"]
                    return result
                if frame["legal"] and frame["version"] > acted:
                    acted = frame["version"]
                    last_act = json.dumps({"type": "act", "action": choose(frame, rng),
                                           "version": acted})
                    ws.send(last_act)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("table")
    parser.add_argument("seat", type=int)
    parser.add_argument("--name", default="Bot esterno")
    parser.add_argument("--token", help="the seat key, to come back to a seat")
    parser.add_argument("--auth", help="a bot token: play as its account")
    args = parser.parse_args()
    print(run(args.url, args.table, args.seat, args.name, args.token, auth=args.auth))
