"""The tournament: registration, seating, results with two-sided confirmation, corrections,
penalties and the audit trail (RULES.md §7.2 score-card countersigning, §7.3, §2.12).

Every change goes through a method here and leaves an :class:`AuditEntry`, so the director's
corrections are visible in the exported file. A result entered from a table counts only when
the other side confirms the same scores (the digital countersignature of §7.2); the director
may enter or correct any result directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ramino.tournament import seating, standings
from ramino.tournament.model import (
    AuditEntry,
    Claim,
    Entrant,
    Penalty,
    Round,
    Settings,
    Table,
)
from ramino.tournament.scoring import validate_scores

SIDES = ("ns", "ew")


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ResultError(ValueError):
    """A result that cannot be recorded as asked (wrong side, already counted, bad scores)."""


@dataclass(slots=True)
class Tournament:
    settings: Settings
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)
    clock: Callable[[], str] = field(default=utc_now, repr=False, compare=False)

    @classmethod
    def new(cls, settings: Settings, clock: Callable[[], str] = utc_now) -> Tournament:
        settings.validate()
        tournament = cls(settings=settings, clock=clock)
        tournament._log("director", "new", f"{settings.name}: {settings.discipline.value}, "
                        f"{len(settings.plan)} turni × {settings.deals_per_round} smazzate")
        return tournament

    # ---- registration -------------------------------------------------------------------

    def register(
        self, name: str, members: tuple[str, ...] = (), actor: str = "director"
    ) -> Entrant:
        name = name.strip()
        if not name:
            raise ValueError("an entrant needs a name")
        need = self.settings.discipline.members_per_entrant
        if members and len(members) != need:
            raise ValueError(f"{self.settings.discipline.value} entrants have {need} member(s)")
        entrant = Entrant(
            id=len(self.entrants) + 1, name=name, members=tuple(members),
            joined=len(self.rounds),
        )
        self.entrants.append(entrant)
        self._log(actor, "register", f"#{entrant.id} {name}")
        return entrant

    def withdraw(self, entrant_id: int, actor: str = "director") -> Entrant:
        entrant = self.entrant(entrant_id)
        if not entrant.active:
            raise ValueError(f"#{entrant_id} has already withdrawn")
        entrant.withdrawn_after = len(self.rounds)
        self._log(actor, "withdraw", f"#{entrant_id} {entrant.name} after turno {len(self.rounds)}")
        return entrant

    def entrant(self, entrant_id: int) -> Entrant:
        if not 1 <= entrant_id <= len(self.entrants):
            raise KeyError(f"no entrant #{entrant_id}")
        return self.entrants[entrant_id - 1]

    # ---- seating ------------------------------------------------------------------------

    def seat_next(self, actor: str = "director") -> Round:
        rnd = seating.seat(self.settings, self.entrants, self.rounds, self.standings())
        rnd.started_at = self.clock()
        self.rounds.append(rnd)
        self._log(actor, "seat", f"turno {rnd.number} ({rnd.format.value}): "
                  f"{len(rnd.tables)} tables, byes {rnd.byes or '-'}")
        return rnd

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise KeyError(f"turno {number} is not seated")
        return self.rounds[number - 1]

    def table(self, round_number: int, table_number: int) -> Table:
        return self.round(round_number).table(table_number)

    # ---- results ------------------------------------------------------------------------

    def submit(
        self, round_number: int, table_number: int, by: str,
        ns_scores: list[int], ew_scores: list[int],
    ) -> str:
        """A player of side ``by`` writes the score-card. Returns "pending", "confirmed" or
        "disputed" (the two sides wrote different scores: the director decides)."""
        table = self._open_table(round_number, table_number, by)
        self._check(ns_scores, ew_scores)
        table.claims = [c for c in table.claims if c.by != by]
        table.claims.append(Claim(by=by, ns_scores=list(ns_scores), ew_scores=list(ew_scores)))
        where = f"turno {round_number} table {table_number}"
        self._log(by, "submit", f"{where}: N-S {ns_scores} E-W {ew_scores}")
        other = [c for c in table.claims if c.by != by]
        if not other:
            return "pending"
        if other[0].ns_scores == list(ns_scores) and other[0].ew_scores == list(ew_scores):
            self._count(table, list(ns_scores), list(ew_scores))
            self._log(by, "confirmed", f"{where}: both sides agree")
            return "confirmed"
        self._log(by, "disputed", f"{where}: the sides disagree, the director decides")
        return "disputed"

    def confirm(self, round_number: int, table_number: int, by: str) -> str:
        """Side ``by`` accepts the scores the other side wrote."""
        table = self._open_table(round_number, table_number, by)
        other = [c for c in table.claims if c.by != by]
        if not other:
            raise ResultError(
                f"turno {round_number} table {table_number}: nothing to confirm from "
                f"{'E-W' if by == 'ns' else 'N-S'}"
            )
        return self.submit(round_number, table_number, by, other[0].ns_scores, other[0].ew_scores)

    def director_result(
        self, round_number: int, table_number: int, ns_scores: list[int], ew_scores: list[int],
        reason: str = "", actor: str = "director",
    ) -> None:
        """The director enters a result, or corrects one that already counts."""
        table = self.table(round_number, table_number)
        self._check(ns_scores, ew_scores)
        where = f"turno {round_number} table {table_number}"
        if table.confirmed:
            detail = (f"{where}: correction from N-S {table.ns_scores} E-W {table.ew_scores} "
                      f"to N-S {ns_scores} E-W {ew_scores}")
            action = "correct"
        else:
            detail = f"{where}: N-S {ns_scores} E-W {ew_scores}"
            action = "director-result"
        self._count(table, list(ns_scores), list(ew_scores))
        self._log(actor, action, detail + (f" ({reason})" if reason else ""))

    def play_online(
        self, round_number: int, table_number: int, server_table: str, actor: str = "director",
    ) -> None:
        """The table plays its turno on the game server, at ``server_table``."""
        table = self.table(round_number, table_number)
        if table.online is not None:
            raise ResultError(f"turno {round_number} table {table_number} already plays "
                              f"online at {table.online}")
        if table.confirmed:
            raise ResultError(f"turno {round_number} table {table_number} already counts")
        table.online = server_table
        self._log(actor, "online", f"turno {round_number} table {table_number}: played on the "
                  f"server at table {server_table}")

    def start_clock(self, round_number: int, at: str, actor: str = "server") -> None:
        """The turno's clock starts at ``at`` (ISO time): when it is first played on the
        server, which calls time at every table when the clock ends (RULES.md §2.9c)."""
        rnd = self.round(round_number)
        if rnd.started_at == at:
            return  # opened again: the same clock
        rnd.started_at = at
        self._log(actor, "clock", f"turno {round_number}: the clock starts at {at}, "
                  f"{self.settings.round_minutes} minutes")

    def server_result(
        self, round_number: int, table_number: int, ns_scores: list[int], ew_scores: list[int],
        source: str,
    ) -> str:
        """The game server's result of a table played online, ``source`` naming its server
        table and hand records.  The engine scored every smazzata, so the result counts at
        once, without the two-sided confirmation (§7.2's countersignature guards against a
        mistaken score-card; there is none here).  Returns "counted"; "already" when the same
        result counts already (a retry after a restart changes nothing); "kept" when another
        result was entered meanwhile (the director's word stands; noted once in the trail)."""
        table = self.table(round_number, table_number)
        self._check(ns_scores, ew_scores)
        where = f"turno {round_number} table {table_number}"
        if table.confirmed:
            if table.ns_scores == list(ns_scores) and table.ew_scores == list(ew_scores):
                return "already"
            detail = (f"{where}: N-S {ns_scores} E-W {ew_scores} from {source} not counted: "
                      f"N-S {table.ns_scores} E-W {table.ew_scores} stands")
            if not any(a.action == "server-kept" and a.detail == detail for a in self.audit):
                self._log("server", "server-kept", detail)
            return "kept"
        self._count(table, list(ns_scores), list(ew_scores))
        self._log("server", "server-result",
                  f"{where}: N-S {ns_scores} E-W {ew_scores} from {source}")
        return "counted"

    def server_abandoned(self, round_number: int, table_number: int, source: str) -> str:
        """The game server's table was abandoned (a bot finished for a player who had gone):
        nothing counts, the director decides; noted once in the trail.  Returns "abandoned",
        or "already" when a result counts already."""
        table = self.table(round_number, table_number)
        if table.confirmed:
            return "already"
        detail = (f"turno {round_number} table {table_number}: abandoned on the server, not "
                  f"counted; the director enters the result ({source})")
        if not any(a.action == "server-abandoned" and a.detail == detail for a in self.audit):
            self._log("server", "server-abandoned", detail)
        return "abandoned"

    def penalize(
        self, entrant_id: int, vp: int, reason: str, mp: int = 0, round_number: int | None = None,
        actor: str = "director",
    ) -> Penalty:
        entrant = self.entrant(entrant_id)
        if not reason.strip():
            raise ValueError("a penalty needs a reason for the audit trail")
        penalty = Penalty(
            round=round_number if round_number is not None else len(self.rounds),
            entrant=entrant.id, vp=vp, mp=mp, reason=reason,
        )
        self.penalties.append(penalty)
        self._log(actor, "penalty", f"#{entrant.id} {entrant.name}: -{vp} VP -{mp} MP ({reason})")
        return penalty

    def standings(self) -> list[standings.Row]:
        return standings.compute(self.settings, self.entrants, self.rounds, self.penalties)

    # ---- internals ----------------------------------------------------------------------

    def _open_table(self, round_number: int, table_number: int, by: str) -> Table:
        if by not in SIDES:
            raise ResultError(f"a side is 'ns' or 'ew', not {by!r}")
        table = self.table(round_number, table_number)
        if table.confirmed:
            raise ResultError(
                f"turno {round_number} table {table_number} already counts; "
                "only the director can correct it"
            )
        return table

    def _check(self, ns_scores: list[int], ew_scores: list[int]) -> None:
        deals = self.settings.deals_per_round
        validate_scores(ns_scores, deals)
        validate_scores(ew_scores, deals)
        if len(ns_scores) != len(ew_scores):
            raise ResultError("N-S and E-W need a score for the same smazzate")

    @staticmethod
    def _count(table: Table, ns_scores: list[int], ew_scores: list[int]) -> None:
        table.ns_scores, table.ew_scores = ns_scores, ew_scores
        table.claims = []

    def _log(self, actor: str, action: str, detail: str) -> None:
        self.audit.append(AuditEntry(len(self.audit) + 1, self.clock(), actor, action, detail))
