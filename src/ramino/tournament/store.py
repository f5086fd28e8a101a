"""A whole tournament as one JSON document (``ramino-tournament/1``), and its file.

§7 defines what the document holds; the whole tournament is imported and exported as
one document. Writing goes through a temporary file and an atomic rename so a crash never
leaves half a tournament on disk; :func:`change` lets one writer at a time load, change and
save it (the director's desk, the game server submitting a result, the CLI).
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ramino.tournament.model import (
    AuditEntry,
    Claim,
    Discipline,
    Entrant,
    Format,
    Penalty,
    Round,
    Settings,
    Table,
)
from ramino.tournament.tournament import Tournament, utc_now

FORMAT_TAG = "ramino-tournament/1"


def to_dict(t: Tournament) -> dict[str, Any]:
    s = t.settings
    return {
        "format": FORMAT_TAG,
        "settings": {
            "name": s.name, "discipline": s.discipline.value,
            "deals_per_round": s.deals_per_round, "plan": [f.value for f in s.plan],
            "vp_table": s.vp_table, "custom_vp": list(s.custom_vp), "bye_vp": s.bye_vp,
            "mitchell_step": s.mitchell_step, "duplicate": s.duplicate, "seed": s.seed,
            "first_seating": s.first_seating, "round_minutes": s.round_minutes, "preset": s.preset,
        },
        "entrants": [
            {"id": e.id, "name": e.name, "members": list(e.members),
             "withdrawn_after": e.withdrawn_after, "joined": e.joined,
             **({"removed": True} if e.removed else {})}
            for e in t.entrants
        ],
        "rounds": [
            {
                "number": r.number, "format": r.format.value, "byes": r.byes,
                "lines": r.lines, "step": r.step, "notes": r.notes, "started_at": r.started_at,
                "tables": [
                    {
                        "number": tb.number, "ns": list(tb.ns), "ew": list(tb.ew),
                        "ns_scores": tb.ns_scores, "ew_scores": tb.ew_scores,
                        "deal_seeds": tb.deal_seeds, "online": tb.online,
                        "claims": [
                            {"by": c.by, "ns_scores": c.ns_scores, "ew_scores": c.ew_scores}
                            for c in tb.claims
                        ],
                    }
                    for tb in r.tables
                ],
            }
            for r in t.rounds
        ],
        "penalties": [
            {"round": p.round, "entrant": p.entrant, "vp": p.vp, "mp": p.mp, "reason": p.reason}
            for p in t.penalties
        ],
        "audit": [
            {"seq": a.seq, "at": a.at, "actor": a.actor, "action": a.action, "detail": a.detail}
            for a in t.audit
        ],
    }


class TournamentFileError(ValueError):
    """A tournament file that cannot be read: missing, not JSON, not a ``ramino-tournament/1``
    document, inconsistent, or with settings the tournament cannot run with.  The message is
    one line naming the file and what is wrong."""


def from_dict(
    data: dict[str, Any], clock: Callable[[], str] = utc_now, validate: bool = True,
) -> Tournament:
    """The tournament of a document.  ``validate=False`` skips only the settings' check, so
    that bad settings can be read in order to correct them (``ramino tournament settings``)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_TAG:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"not a {FORMAT_TAG} document (format: {found!r})")
    try:
        tournament = _from_dict(data, clock)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise ValueError(f"damaged document: {what}") from None
    _check_consistent(tournament)
    if validate:
        try:
            tournament.settings.validate()
        except (ValueError, TypeError) as exc:
            raise ValueError(f"bad settings: {exc}; correct them with `ramino tournament "
                             "settings`") from None
    return tournament


def _check_consistent(t: Tournament) -> None:
    """Every number in the document refers to something that exists."""
    for i, entrant in enumerate(t.entrants, start=1):
        if entrant.id != i:
            raise ValueError(f"damaged document: entrant {i} has number {entrant.id}")
    known = {e.id for e in t.entrants}
    for i, rnd in enumerate(t.rounds, start=1):
        if rnd.number != i:
            raise ValueError(f"damaged document: turno {i} has number {rnd.number}")
        numbers = [tb.number for tb in rnd.tables]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"damaged document: turno {i} numbers two tables alike")
        for tb in rnd.tables:
            for scores in (tb.ns_scores, tb.ew_scores):
                if scores is not None and not _ints(scores):
                    raise ValueError(f"damaged document: turno {i} table {tb.number} has "
                                     "scores that are not whole numbers")
        seated = [e for tb in rnd.tables for e in tb.entrants] + list(rnd.byes)
        unknown = sorted({e for e in seated if e not in known})
        if unknown:
            raise ValueError(f"damaged document: turno {i} seats unknown entrants {unknown}")
    for p in t.penalties:
        if p.entrant not in known:
            raise ValueError(f"damaged document: a penalty for unknown entrant {p.entrant}")


def _ints(values: object) -> bool:
    return isinstance(values, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in values)


def _from_dict(data: dict[str, Any], clock: Callable[[], str]) -> Tournament:
    s = data["settings"]
    settings = Settings(
        name=s["name"], discipline=Discipline(s["discipline"]),
        deals_per_round=s["deals_per_round"], plan=[Format(f) for f in s["plan"]],
        vp_table=s["vp_table"], custom_vp=tuple(s["custom_vp"]), bye_vp=s["bye_vp"],
        mitchell_step=s["mitchell_step"], duplicate=s["duplicate"], seed=s["seed"],
        first_seating=s["first_seating"], round_minutes=s["round_minutes"],
        preset=s.get("preset", "fibur"),  # documents written before online play have none
    )
    return Tournament(
        settings=settings,
        entrants=[
            Entrant(e["id"], e["name"], tuple(e["members"]), e["withdrawn_after"], e["joined"],
                    bool(e.get("removed", False)))
            for e in data["entrants"]
        ],
        rounds=[
            Round(
                number=r["number"], format=Format(r["format"]), byes=list(r["byes"]),
                lines=[list(line) for line in r["lines"]], step=r["step"],
                notes=list(r["notes"]), started_at=r["started_at"],
                tables=[
                    Table(
                        number=tb["number"], ns=tuple(tb["ns"]), ew=tuple(tb["ew"]),
                        ns_scores=tb["ns_scores"], ew_scores=tb["ew_scores"],
                        deal_seeds=list(tb["deal_seeds"]), online=tb.get("online"),
                        claims=[Claim(c["by"], c["ns_scores"], c["ew_scores"])
                                for c in tb["claims"]],
                    )
                    for tb in r["tables"]
                ],
            )
            for r in data["rounds"]
        ],
        penalties=[
            Penalty(p["round"], p["entrant"], p["vp"], p["mp"], p["reason"])
            for p in data["penalties"]
        ],
        audit=[
            AuditEntry(a["seq"], a["at"], a["actor"], a["action"], a["detail"])
            for a in data["audit"]
        ],
        clock=clock,
    )


def dumps(t: Tournament) -> str:
    return json.dumps(to_dict(t), ensure_ascii=False, indent=1)


def loads(text: str, clock: Callable[[], str] = utc_now, validate: bool = True) -> Tournament:
    return from_dict(json.loads(text), clock, validate)


def save(t: Tournament, path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(dumps(t))
    os.replace(tmp, path)


def load(path: Path | str, clock: Callable[[], str] = utc_now, validate: bool = True
         ) -> Tournament:
    """Read a tournament file; :class:`TournamentFileError` (one line, naming the file) when
    it cannot be used.  The game server calls this before serving a file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TournamentFileError(f"{path} does not exist; create it with "
                                  "`ramino tournament new`") from None
    except IsADirectoryError:
        raise TournamentFileError(f"{path} is a directory, not a tournament file") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise TournamentFileError(f"cannot read {path}: {reason}") from None
    try:
        return loads(text, clock, validate)
    except json.JSONDecodeError as exc:
        raise TournamentFileError(f"{path} is not JSON (line {exc.lineno}: {exc.msg})"
                                  ) from None
    except (ValueError, RecursionError) as exc:
        raise TournamentFileError(f"{path}: {exc}") from None


_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An advisory lock beside the file, so that another process (the CLI while the server
    runs, a second server process) waits instead of overwriting a change it never read."""
    try:
        import fcntl
    except ImportError:  # not POSIX: the in-process lock is all there is
        yield
        return
    with open(path.with_name(path.name + ".lock"), "a", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def change(path: Path, clock: Callable[[], str] = utc_now, validate: bool = True
           ) -> Iterator[Tournament]:
    """Load the tournament, let the caller change it, save it atomically; nothing is saved if
    the caller raises.  Writers of the same file take turns (a lock per file in this process,
    a lock file for the others), so no change is lost to a concurrent one."""
    path = Path(path).resolve()
    with _LOCKS_GUARD:
        lock = _LOCKS.setdefault(path, threading.Lock())
    with lock, _file_lock(path):
        tournament = load(path, clock, validate)
        yield tournament
        save(tournament, path)
