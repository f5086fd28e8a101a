"""The table protocol: every message a client may send and every message the server sends.

One WebSocket per client (``/ws``), JSON text frames.  The first client message must be
``join``; after it: ``act`` (an action in the record notation, docs/record.md §3, with the table
version the client saw — a stale submission is refused, as boardgame.io refuses by state id),
``chat``, ``mute``, ``next`` (deal the next hand), ``end`` (agree to end the hand uncounted),
``reenter`` (Scala 40: come back into the match), ``fill`` (a waiting table: bots in the open
seats), ``hint`` (the coach's move for one's own turn) and ``ping``.  Sizes are bounded here so that
no handler ever sees an oversized name, action or chat line.  ``docs/server.md`` documents
the protocol for bot authors.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ramino.server.security import shown_name_problem

MAX_FRAME_BYTES = 2048  # the longest legal action is far shorter; chat lines are capped below
MAX_CHAT_CHARS = 300
ACTION_CHARS = 200  # the longest action the notation needs is far shorter
MAX_NAME_CHARS = 24


# Bidirectional controls reorder what other readers see (a name or a chat line that seems to
# say what it does not); names refuse every control or formatting character
# (:func:`ramino.server.security.shown_name_problem`).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")


def _shown_name(name: str) -> str:
    problem = shown_name_problem(name)
    if problem:
        raise ValueError(problem)
    return name


def _chat_text(text: str) -> str:
    for char in text:
        if char in BIDI_CONTROLS or (ord(char) < 32 or 127 <= ord(char) < 160):
            raise ValueError(f"a chat line may not hold control or bidirectional characters "
                             f"(U+{ord(char):04X})")
    return text


ShownName = Annotated[str, AfterValidator(_shown_name)]
ChatText = Annotated[str, AfterValidator(_chat_text)]


class ProtocolError(Exception):
    """A message refused before it reached the table: ``code`` for programs, text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Join(_Message):
    """Sit at ``seat`` (an open seat), take back a seat with its ``token``, or watch
    (``spectate``).  ``invite`` is the code of a private table."""

    type: Literal["join"]
    table: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    name: ShownName = Field(default="", max_length=MAX_NAME_CHARS)
    seat: int | None = Field(default=None, ge=0, le=5)
    token: str | None = Field(default=None, min_length=1, max_length=64)
    invite: str | None = Field(default=None, max_length=64)
    spectate: bool = False
    auth: str | None = Field(default=None, min_length=1, max_length=100)  # a bot token
    lang: Literal["it", "en", "pt"] | None = None  # refusals in this language (else the page's)


class Act(_Message):
    type: Literal["act"]
    action: str = Field(min_length=1, max_length=ACTION_CHARS)
    version: int = Field(ge=0)


class Chat(_Message):
    type: Literal["chat"]
    text: ChatText = Field(min_length=1, max_length=MAX_CHAT_CHARS)


class Mute(_Message):
    """Stop (or resume) receiving the chat of one seat; only for this connection."""

    type: Literal["mute"]
    seat: int = Field(ge=0, le=5)
    muted: bool = True


class Ping(_Message):
    type: Literal["ping"]


class Next(_Message):
    """Deal the next hand once this one is over (any seated player); the deal moves to the
    next seat (§2.2)."""

    type: Literal["next"]
    hand_no: int = Field(ge=0)  # the hand the sender saw end: a second request is stale


class EndVote(_Message):
    """Agree (or withdraw) to end the hand now, not counted; it ends when every player
    present agrees."""

    type: Literal["end"]
    agree: bool = True


class Reenter(_Message):
    """Scala 40 under ``reentry`` (§6.5): the sender's side, just eliminated, comes
    back into the match before the next hand is dealt, at the highest total still in play."""

    type: Literal["reenter"]


class AskHint(_Message):
    """Ask the coach for a move, on one's own turn at a table that offers hints, for the
    table ``version`` the player sees; the answer (``hint``) goes to this connection only."""

    type: Literal["hint"]
    version: int = Field(ge=0)


class Fill(_Message):
    """A table waiting for its players: every seat still open gets a bot, and the hand
    starts (any seated player may ask)."""

    type: Literal["fill"]


AnyMessage = Join | Act | Chat | Mute | Ping | Next | EndVote | Reenter | Fill | AskHint
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyMessage] = TypeAdapter(ClientMessage)


def parse_client(raw: str | bytes) -> AnyMessage:
    """One client frame -> a message, or :class:`ProtocolError` saying what is wrong."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_FRAME_BYTES:
        raise ProtocolError("too-large", f"message of {size} bytes; the limit is "
                            f"{MAX_FRAME_BYTES}")
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        data = _loads(raw)  # what orjson refuses that the standard parser takes (NaN, …)
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be one JSON object")
    plain = _plain_act(data)
    if plain is not None:
        return plain
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        raise ProtocolError("malformed", f"{where}: {first['msg']}") from None


def _plain_act(data: dict[str, Any]) -> Act | None:
    """The message most frames are, checked without the validator: an ``act`` with exactly
    its three fields, each of its type and within its bounds (what :class:`Act` accepts in
    strict mode).  Anything else (None) goes through the validator, which explains it."""
    if data.get("type") != "act" or len(data) != 3:
        return None
    action = data.get("action")
    version = data.get("version")
    if (type(action) is not str or not 1 <= len(action) <= ACTION_CHARS
            or type(version) is not int or version < 0):
        return None
    return Act.model_construct(type="act", action=action, version=version)


def _loads(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "a message must be one JSON object") from None
    except RecursionError:  # "[[[[…" under the size limit: the parser gives up, not the server
        raise ProtocolError("malformed", "a message must not nest so deeply") from None


# --- server messages -------------------------------------------------------------------------


class SeatInfo(_Message):
    seat: int
    kind: str  # open | human | bot
    name: str
    connected: bool
    level: int | None = None  # a registered player's level (docs/server.md, "Levels")
    bot_level: str | None = None  # a bot's level (``ramino.server.bots``)
    think_seconds: float | None = None  # the most a thinking bot takes over a move


class ResultInfo(_Message):
    """The score of the hand (§2.10) with the breakdown per side and the deal revealed
    with its salt, so that anyone can check the commitment sent before the first action."""

    end: str
    scores: list[int]
    breakdown: list[dict[str, int]]
    burrachi: list[list[str]]
    closed_by: int | None
    # None while a duplicate turno's other tables still play this deal (docs/tournament.md).
    salt: str | None
    deal: dict[str, Any] | None
    chiusura_in_mano: bool = False  # Scala 40: closed without having opened before (§6.4)
    # Every player's cards left at the end, by table seat (shown on the end-of-hand panel);
    # None while the deal is sealed, like ``deal``.
    hands: list[list[str]] | None = None


class Update(_Message):
    """The table as this receiver may see it after ``version`` actions: its own observation
    (a player) or the public view (a spectator), the last public event, and the legal actions
    when it is the receiver's turn."""

    type: Literal["update"] = "update"
    table: str
    game: str  # burraco, buraco or scala40 (the table's rules)
    version: int
    hand_no: int
    dealer: int  # the table seat that dealt this hand (the next seat plays first)
    match: dict[str, Any]  # hands, hand (1-based), totals by side, over, rated
    voided: bool  # ended early by agreement: does not count
    end_votes: list[int]  # seats that agree to end the hand early
    view: dict[str, Any]
    event: dict[str, Any] | None
    legal: list[str]
    marks: dict[str, str]
    seats: list[SeatInfo]
    clocks: list[int] | None  # milliseconds left per seat when sent (None: no clock)
    standin: list[int]  # seats a bot is playing for (absent, or out of time this turn)
    commitment: str
    result: ResultInfo | None
    # Open seats before the first hand starts: nobody plays, no clock runs, and the view is
    # the public one until every seat is taken or filled with bots (the waiting room).
    waiting: bool = False
    preset: str = ""  # the table's rules preset: its rules page is /rules/{preset}
    # Whether the coach's hints are offered here (ramino.server.hints: never at a tournament
    # table nor in a rated match).
    hints: bool = False


class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    table: str
    name: str
    seat: int | None
    token: str | None  # only the first time a seat is taken: the key to take it back
    account: str | None = None  # the account signed in on this connection
    chat: list[dict[str, Any]]


class ErrorInfo(_Message):
    """A refusal.  ``rule``/``section`` name the rule of docs/rules.md when the engine refused;
    ``message`` is then in the client's language (``ramino.server.refusal_texts``)."""

    type: Literal["error"] = "error"
    code: str
    message: str
    rule: str | None = None
    section: str | None = None
    detail: str | None = None  # the engine's own (English) words, when ``message`` is translated


class ChatLine(_Message):
    type: Literal["chat"] = "chat"
    seat: int | None
    name: str
    text: str


class Pong(_Message):
    type: Literal["pong"] = "pong"


class HintInfo(_Message):
    """The coach's move for the asker's position at ``version``: ``action`` in the record
    notation, the ``cards`` of the hand it plays (their notation), the ``meld`` it lays them
    on (its number on the table, None for a new meld or no meld) and the one-line ``reason``
    in the player's language."""

    type: Literal["hint"] = "hint"
    version: int
    hand_no: int
    action: str
    cards: list[str]
    meld: int | None
    reason: str


class Nudge(_Message):
    """To an idle player whose turn it is: a bot plays this turn in ``seconds`` unless they
    move."""

    type: Literal["nudge"] = "nudge"
    seconds: int
    message: str  # in the player's language


def _default_seats() -> list[Literal["open", "bot"]]:
    return ["open", "bot", "open", "bot"]


class CreateTable(_Message):
    """``POST /api/tables``: the settings of a new table."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)
    name: ShownName = Field(default="", max_length=60)
    preset: str = Field(default="fibur", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    seats: list[Literal["open", "bot"]] = Field(default_factory=_default_seats, min_length=2,
                                                max_length=6)
    private: bool = False
    bot_level: str | None = Field(default=None, max_length=32)  # None: the game's strongest
    clock_seconds: float | None = Field(default=None, ge=0.1, le=7200)  # the time bank
    increment_seconds: float = Field(default=5, ge=0, le=600)
    grace_seconds: float = Field(default=60, ge=0, le=3600)  # absent before a bot stands in
    match_hands: int = Field(default=1, ge=1, le=20)  # matches of 3 or more hands are rated
    spectator_delay: int = Field(default=0, ge=0, le=40)  # actions spectators see behind
    match_target: int | None = Field(default=None, ge=100, le=10000)  # e.g. 2005 (FIBUR)
    pace: Literal["normal", "fast"] = "normal"  # the bots: about a second a move, or fast
    hints: bool = True  # the coach's hints (never at a tournament table nor in a rated match)


class QuickPlay(_Message):
    """``POST /api/quickplay``: a table of this game, dealt now, the caller against bots."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)
    game: Literal["burraco", "buraco", "scala40"] = "burraco"
    name: str = Field(default="", max_length=24)
    pace: Literal["normal", "fast"] = "normal"
    bot_level: str | None = Field(default=None, max_length=32)  # None: the game's default
    players: int | None = Field(default=None, ge=2, le=6)  # None: the game's usual count


class Credentials(_Message):
    """``POST /api/accounts`` (sign up) and ``POST /api/login``."""

    name: str = Field(min_length=1, max_length=24)
    password: str = Field(min_length=1, max_length=128)
