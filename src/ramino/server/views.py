"""What each receiver may see: a seat's own observation, or the public view of a spectator.

The server never sends a state, only these (as boardgame.io does: secrets stay on the
server).  The public view is a seat's observation with everything private to that seat taken
out, so it holds nothing an observation does not hold.  Neither carries the observation's
public history: it grows with the hand, and every update would resend it whole (a client
keeps the moves it has been sent).
"""

from __future__ import annotations

from typing import Any

from ramino.cards import card_str, from_counts
from ramino.games.burraco.melds import burraco_type
from ramino.games.burraco.observation import PRIVATE_FIELDS
from ramino.games.burraco.state import BurracoState
from ramino.server.protocol import ResultInfo
from ramino.server.seating import Seating


def seat_view(state: BurracoState, seat: int, seating: Seating | None = None
              ) -> dict[str, Any]:
    """Table seat ``seat``'s own observation, in table seats and sides."""
    seating = seating or Seating(state.players, 0)
    return seating.view(state.observation(seating.engine(seat)).as_dict(history=False))


def public_view(state: BurracoState, seating: Seating | None = None) -> dict[str, Any]:
    view = state.observation(0).as_dict(history=False)
    for name in PRIVATE_FIELDS:
        view.pop(name, None)
    view["seat"] = None
    return (seating or Seating(state.players, 0)).view(view)


def burraco_marks(state: BurracoState) -> dict[str, str]:
    """Meld number -> burraco type (pulito, semipulito, sporco, …) for every burraco on the
    table (§2.6): public, and shown as the type mark beside the meld."""
    marks: dict[str, str] = {}
    for i, meld in enumerate(state.melds):
        kind = burraco_type(meld, state.rules)
        if kind is not None:
            marks[str(i + 1)] = kind
    return marks


def result_info(state: BurracoState, salt: str, deal: dict[str, Any],
                seating: Seating | None = None) -> ResultInfo | None:
    """The score of a finished hand by table side (``seating``: engine -> table seats)."""
    result = state.result()
    if result is None:
        return None
    seating = seating or Seating(state.players, 0)
    return ResultInfo(end=result.end, scores=seating.by_team(list(result.scores)),
                      breakdown=seating.by_team([b.as_dict() for b in result.breakdown]),
                      burrachi=seating.by_team([list(b.burrachi) for b in result.breakdown]),
                      closed_by=(None if result.closed_by is None
                                 else seating.table(result.closed_by)),
                      salt=salt, deal=deal,
                      hands=[[card_str(c) for c in from_counts(state.hands[seating.engine(t)])]
                             for t in range(state.players)])
