"""What players count at the end of a hand, per game: the entries of a score sheet.

Burraco and Buraco (docs/rules.md §2.10, §4.4): per side, the burrachi (canastre) by type, the
card points of its melds, the card points left in its players' hands, whether it took its
pozzetto (morto), whether it closed, and the card points of a pozzetto taken *con lo scarto*
and never played (§2.7; usually 0).  Scala 40 (§6.5): per player dealt in, the card points left
in his hand, whether he had opened, whether he closed; per hand, whether the close was a
chiusura in mano (§6.4).

These classes hold the *shape* only (numbers are whole and not negative, flags are booleans,
one entry per side or seat); :mod:`ramino.scoresheet.validate` checks what the rules allow.
``from_dict`` refuses a malformed entry with :class:`SheetError` naming the field path;
``as_dict`` writes the canonical form, which ``from_dict`` reads back to an equal entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from ramino.errors import RecordError
from ramino.records.fields import (
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    index_path,
    key_path,
)
from ramino.scoresheet.errors import SheetError

#: How a hand ended (docs/record.md §4 ``result.end``).
ENDS: Final = ("closed", "stock", "stallo", "timeout")
#: The largest number a count may hold (a whole pack is worth some thousands of points).
MAX_POINTS: Final = 100_000
#: The most burrachi of one type a count may hold.
MAX_BURRACHI: Final = 100

T = TypeVar("T")


@contextmanager
def shape(code: str = "shape", params: Mapping[str, int | str] | None = None
          ) -> Iterator[None]:
    """Turn the record readers' errors into the score keeper's, keeping the path; ``params``
    the numbers a translated sentence needs (a whole number's ``min`` and ``max``)."""
    try:
        yield
    except RecordError as exc:
        raise SheetError(exc.path, code, exc.reason, params) from None


def read_points(value: object, path: str) -> int:
    with shape(params={"min": 0, "max": MAX_POINTS}):
        return expect_int(value, path, 0, MAX_POINTS)


def read_flag(value: object, path: str) -> bool:
    with shape():
        return expect_bool(value, path)


def read_end(value: object, path: str) -> str:
    with shape():
        text = expect_str(value, path).strip().lower()
    if text not in ENDS:
        raise SheetError(path, "shape", f"{text!r}: expected one of {', '.join(ENDS)}")
    return text


def read_list(value: object, path: str, length: int, item: Callable[[object, str], T]
              ) -> tuple[T, ...]:
    with shape():
        items = expect_list(value, path, length=length)
    return tuple(item(v, index_path(path, i)) for i, v in enumerate(items))


# --- Burraco and Buraco -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideCount:
    """One side's count (§2.10).  ``burrachi`` maps a burraco type of the preset (the engine's
    names: ``pulito``, ``semipulito``, ``sporco``, and where the preset has them ``reale``,
    ``super``, ``real``, ``as-a-as``) to how many the side made; ``melded`` and ``in_hand``
    are card points as counted (positive numbers)."""

    burrachi: dict[str, int] = field(default_factory=dict)
    melded: int = 0
    in_hand: int = 0
    pozzetto_taken: bool = False
    closed: bool = False
    unplayed_pozzetto: int = 0

    def kinds(self) -> tuple[str, ...]:
        """One entry per burraco, the engine's way of listing them."""
        return tuple(kind for kind, count in self.burrachi.items() for _ in range(count))

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"burrachi": dict(self.burrachi), "melded": self.melded,
                               "in_hand": self.in_hand, "pozzetto_taken": self.pozzetto_taken,
                               "closed": self.closed}
        if self.unplayed_pozzetto:
            out["unplayed_pozzetto"] = self.unplayed_pozzetto
        return out

    @classmethod
    def from_dict(cls, value: object, path: str) -> SideCount:
        with shape():
            obj = expect_object(value, path, optional=(
                "burrachi", "melded", "in_hand", "pozzetto_taken", "closed",
                "unplayed_pozzetto"))
        burrachi_path = key_path(path, "burrachi")
        raw = obj.get("burrachi", {})
        if not isinstance(raw, dict):
            raise SheetError(burrachi_path, "shape",
                             'expected an object such as {"pulito": 1, "sporco": 2}')
        burrachi: dict[str, int] = {}
        for kind, count in raw.items():
            with shape(params={"min": 0, "max": MAX_BURRACHI}):
                number = expect_int(count, key_path(burrachi_path, kind), 0, MAX_BURRACHI)
            if number:
                burrachi[kind] = number
        return cls(burrachi=burrachi,
                   melded=read_points(obj.get("melded", 0), key_path(path, "melded")),
                   in_hand=read_points(obj.get("in_hand", 0), key_path(path, "in_hand")),
                   pozzetto_taken=read_flag(obj.get("pozzetto_taken", False),
                                            key_path(path, "pozzetto_taken")),
                   closed=read_flag(obj.get("closed", False), key_path(path, "closed")),
                   unplayed_pozzetto=read_points(obj.get("unplayed_pozzetto", 0),
                                                 key_path(path, "unplayed_pozzetto")))


@dataclass(frozen=True, slots=True)
class BurracoHand:
    """A Burraco or Buraco hand: one :class:`SideCount` per side (side 0 = seats 0 and 2,
    docs/record.md §2), and how it ended when no side closed (``stock`` by default).

    Three-player Burraco (§5.2): ``solo`` is the seat that took the 18 and played alone; the
    hand then has two sides, ``[the solo's count, the pair's count]`` (the other two seats
    together).  ``solo`` is ``None`` when nobody took a pozzetto (the hand ended first) or
    after the match's switch to three pozzetti of 11: three sides, one per seat in seat
    order."""

    sides: tuple[SideCount, ...]
    end: str | None = None
    solo: int | None = None

    @property
    def ending(self) -> str:
        if self.end is not None:
            return self.end
        return "closed" if any(s.closed for s in self.sides) else "stock"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.end is not None:
            out["end"] = self.end
        if self.solo is not None:
            out["solo"] = self.solo
        out["sides"] = [s.as_dict() for s in self.sides]
        return out

    @classmethod
    def from_dict(cls, value: object, path: str, sides: int, three_players: bool = False
                  ) -> BurracoHand:
        """``sides`` the number of sides; ``three_players``: three-player Burraco, whose
        ``solo`` decides it (two sides with a solo, three without, §5.2)."""
        with shape():
            obj = expect_object(value, path, required=("sides",), optional=("end", "solo"))
        end = None if obj.get("end") is None else read_end(obj["end"], key_path(path, "end"))
        solo = None
        if obj.get("solo") is not None:
            solo_path = key_path(path, "solo")
            if not three_players:
                raise SheetError(solo_path, "shape", "only three-player Burraco has a solo "
                                 "(RULES.md §5.2)")
            with shape(params={"min": 0, "max": 2}):
                solo = expect_int(obj["solo"], solo_path, 0, 2)
        if three_players:
            sides = 3 if solo is None else 2
            raw = obj["sides"]
            if isinstance(raw, list) and len(raw) != sides:
                raise SheetError(key_path(path, "sides"), "shape", (
                    f"with a solo, 2 counts (the solo's, then the pair's), not {len(raw)} "
                    "(RULES.md §5.2)") if solo is not None else (
                    f"without a solo, 3 counts (one per player), not {len(raw)}; a hand "
                    "where a player took the 18 names him in solo (RULES.md §5.2)"))
        counts = read_list(obj["sides"], key_path(path, "sides"), sides, SideCount.from_dict)
        return cls(counts, end, solo)


# --- Scala 40 -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """One Scala 40 player's count (§6.5): the card points left in his hand (jolly 25, ace
    ``ace_in_hand_value``, K Q J 10, others their face value), whether he had opened, whether
    he closed."""

    in_hand: int = 0
    opened: bool = True
    closed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"in_hand": self.in_hand, "opened": self.opened, "closed": self.closed}

    @classmethod
    def from_dict(cls, value: object, path: str) -> PlayerCount:
        with shape():
            obj = expect_object(value, path, optional=("in_hand", "opened", "closed"))
        return cls(read_points(obj.get("in_hand", 0), key_path(path, "in_hand")),
                   read_flag(obj.get("opened", True), key_path(path, "opened")),
                   read_flag(obj.get("closed", False), key_path(path, "closed")))


def _player_or_none(value: object, path: str) -> PlayerCount | None:
    return None if value is None else PlayerCount.from_dict(value, path)


@dataclass(frozen=True, slots=True)
class Scala40Hand:
    """A Scala 40 hand: one :class:`PlayerCount` per match seat, ``None`` for a player out of
    the match (not dealt in); ``chiusura_in_mano`` when the closer closed in hand (§6.4)."""

    players: tuple[PlayerCount | None, ...]
    chiusura_in_mano: bool = False
    end: str | None = None

    @property
    def ending(self) -> str:
        if self.end is not None:
            return self.end
        return "closed" if any(p is not None and p.closed for p in self.players) else "stock"

    @property
    def seats(self) -> tuple[int, ...]:
        """The match seats dealt in, in turn order."""
        return tuple(i for i, p in enumerate(self.players) if p is not None)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.end is not None:
            out["end"] = self.end
        out["chiusura_in_mano"] = self.chiusura_in_mano
        out["players"] = [None if p is None else p.as_dict() for p in self.players]
        return out

    @classmethod
    def from_dict(cls, value: object, path: str, seats: int) -> Scala40Hand:
        with shape():
            obj = expect_object(value, path, required=("players",),
                                optional=("end", "chiusura_in_mano"))
        end = None if obj.get("end") is None else read_end(obj["end"], key_path(path, "end"))
        players = read_list(obj["players"], key_path(path, "players"), seats, _player_or_none)
        in_mano = read_flag(obj.get("chiusura_in_mano", False),
                            key_path(path, "chiusura_in_mano"))
        return cls(players, in_mano, end)


HandEntry = BurracoHand | Scala40Hand
