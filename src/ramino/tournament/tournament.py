"""The tournament: registration, seating, results with two-sided confirmation, corrections,
penalties and the audit trail (§7.2 score-card countersigning, §7.3, §2.12).

Every change goes through a method here and leaves an :class:`AuditEntry`, so the director's
corrections are visible in the exported file. A result entered from a table counts only when
the other side confirms the same scores (the digital countersignature of §7.2); the director
may enter or correct any result directly.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ramino.tournament import seating, standings
from ramino.tournament.model import (
    AuditEntry,
    Claim,
    Entrant,
    Format,
    Penalty,
    Round,
    Settings,
    Table,
)
from ramino.tournament.refusals import N_, NotFound, Notice, Refusal
from ramino.tournament.scoring import validate_result

SIDES = ("ns", "ew")
#: The largest penalty taken at once: a whole match's VP, and the MP of a 20–0 beyond any
#: VP table (a bound against typing mistakes; §2.12 gives no figures).
MAX_PENALTY_VP = 20
MAX_PENALTY_MP = 5000


#: The longest name of an entrant or a player (it must fit a score-card and a projector).
MAX_NAME = 60


def check_name(text: str, field_name: str) -> str:
    """A name as typed, trimmed; refused when empty, too long, or holding control or
    formatting characters (a line break, a bidirectional override) that would garble the
    standings, the score-cards and the audit trail."""
    name = " ".join(text.split())
    if not name:
        raise Refusal(N_("{field}: an entrant needs a name"), field=field_name)
    if len(name) > MAX_NAME:
        raise Refusal(N_("{field}: at most {most} characters, got {got}"), field=field_name,
                      most=MAX_NAME, got=len(name))
    for char in name:
        if unicodedata.category(char).startswith("C"):
            raise Refusal(N_("{field}: {name} holds the control character {char}"),
                          field=field_name, name=repr(name), char=f"U+{ord(char):04X}")
    return name


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


#: The settings the director may correct after creating the tournament (``change_settings``);
#: the discipline, the seed, the first seating and duplicate decide what was already dealt.
CHANGEABLE_SETTINGS = ("name", "deals_per_round", "plan", "vp_table", "custom_vp", "bye_vp",
                       "mitchell_step", "round_minutes", "preset")


def _all_scores(table: Table) -> list[list[int]]:
    lines = [table.ns_scores or [], table.ew_scores or []]
    return lines + [c.ns_scores for c in table.claims] + [c.ew_scores for c in table.claims]


def _shown(value: object) -> str:
    if isinstance(value, list):
        return ",".join(getattr(v, "value", str(v)) for v in value)
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "-"
    return str(value)


#: Formats that seat a turno from the standings (or, for the knockout, from the winners):
#: a result changed after such a turno was seated changes what its pairing should have been.
STANDINGS_SEATED = frozenset({
    Format.DANESE_PURO, Format.DANESE_MODIFICATO, Format.SWISS, Format.KNOCKOUT,
    Format.INDIVIDUAL_DANISH,
})


@dataclass(frozen=True, slots=True)
class DirectorResult:
    """What the director's entry did: "counted" (a new result), "corrected" (it replaced
    another) or "unchanged" (the same scores counted already), with warnings to show."""

    status: str
    warnings: list[Notice] = field(default_factory=list)


class ResultError(Refusal):
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
        """Register an entrant: a name no other entrant has (so that the standings tell them
        apart), while some turno of the plan is still to be seated."""
        name = check_name(name, "name")
        members = tuple(check_name(m, "member") for m in members)
        need = self.settings.discipline.members_per_entrant
        if members and len(members) != need:
            raise Refusal(N_("{discipline} entrants have {need} member(s)"),
                          discipline=self.settings.discipline.value, need=need)
        if len(self.rounds) >= len(self.settings.plan):
            raise Refusal(N_("all {turni} turni of the plan are seated: nobody can join now"),
                          turni=len(self.settings.plan))
        taken = self._named(name)
        if taken is not None:
            raise Refusal(N_("name: #{id} is already called {name}; give each entrant a name of "
                             "its own"), id=taken.id, name=repr(taken.name))
        entrant = Entrant(
            id=len(self.entrants) + 1, name=name, members=tuple(members),
            joined=len(self.rounds),
        )
        self.entrants.append(entrant)
        self._log(actor, "register", f"#{entrant.id} {name}")
        return entrant

    def withdraw(self, entrant_id: int, actor: str = "director") -> Entrant:
        """The entrant plays no turno after the ones seated so far; its results stay."""
        entrant = self.entrant(entrant_id)
        if not entrant.active:
            raise Refusal(N_("#{id} has already withdrawn"), id=entrant_id)
        entrant.withdrawn_after = len(self.rounds)
        self._log(actor, "withdraw", f"#{entrant_id} {entrant.name} after turno {len(self.rounds)}")
        return entrant

    def remove(self, entrant_id: int, actor: str = "director") -> Entrant:
        """Undo a registration made by mistake (a duplicate, a typo): only for an entrant never
        seated and never penalized; one that has played is withdrawn instead, so that its
        results stay with its opponents."""
        entrant = self.entrant(entrant_id)
        for rnd in self.rounds:
            seated = {e for table in rnd.tables for e in table.entrants} | set(rnd.byes)
            if entrant_id in seated:
                raise Refusal(N_("#{id} is seated in turno {turno}: withdraw it instead (its "
                                 "results stay)"), id=entrant_id, turno=rnd.number)
        if any(p.entrant == entrant_id for p in self.penalties):
            raise Refusal(N_("#{id} has a penalty: withdraw it instead"), id=entrant_id)
        for rnd in self.rounds:
            for line in rnd.lines:
                for i, slot in enumerate(line):
                    if slot == entrant_id:
                        line[i] = None
        entrant.removed = True
        self._log(actor, "remove", f"#{entrant_id} {entrant.name}: registration removed")
        return entrant

    def entrant(self, entrant_id: int) -> Entrant:
        if not 1 <= entrant_id <= len(self.entrants) or self.entrants[entrant_id - 1].removed:
            raise NotFound(N_("no entrant #{id}"), id=entrant_id)
        return self.entrants[entrant_id - 1]

    def _named(self, name: str) -> Entrant | None:
        key = " ".join(name.casefold().split())
        for entrant in self.entrants:
            if not entrant.removed and " ".join(entrant.name.casefold().split()) == key:
                return entrant
        return None

    # ---- settings -----------------------------------------------------------------------

    def change_settings(self, changes: dict[str, object], actor: str = "director") -> list[str]:
        """Correct settings (the names of :class:`Settings` fields) after creation, e.g. a
        smazzate count without a FIBUR table.  What was played stays valid: the seated turni
        keep their formats at the head of the plan, and no result has more smazzate than the
        new count.  Returns the changes as "field: old → new"; nothing to change is refused."""
        unknown = sorted(set(changes) - set(CHANGEABLE_SETTINGS))
        if unknown:
            raise Refusal(N_("settings that cannot change: {names}"), names=", ".join(unknown))
        new = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]
        if "custom_vp" in changes:
            new.vp_table = "CUSTOM" if new.custom_vp else "FIBUR"
        new.validate()
        seated = [rnd.format for rnd in self.rounds]
        if new.plan[: len(seated)] != seated:
            played = ", ".join(f.value for f in seated)
            raise Refusal(N_("plan: the seated turni stay as they were ({played}); the new plan "
                             "must start with them"), played=played)
        most = max((len(scores) for rnd in self.rounds for tb in rnd.tables
                    for scores in _all_scores(tb)), default=0)
        if new.deals_per_round < most:
            raise Refusal(N_("deals: a result already has {most} smazzate, more than {deals}"),
                          most=most, deals=new.deals_per_round)
        done = [f"{name}: {_shown(getattr(self.settings, name))} → {_shown(getattr(new, name))}"
                for name in CHANGEABLE_SETTINGS
                if getattr(new, name) != getattr(self.settings, name)]
        if not done:
            raise Refusal(N_("the settings are already so: nothing to change"))
        if new.deals_per_round != self.settings.deals_per_round:
            for rnd in self.rounds:
                for tb in rnd.tables:
                    tb.deal_seeds = [seating.deal_seed(new, rnd.number, tb.number, d)
                                     for d in range(new.deals_per_round)]
        self.settings = new
        self._log(actor, "settings", "; ".join(done))
        return done

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
            raise NotFound(N_("turno {turno} is not seated"), turno=number)
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
            raise ResultError(N_("turno {turno} table {table}: nothing to confirm from {side}"),
                              turno=round_number, table=table_number,
                              side="E-W" if by == "ns" else "N-S")
        return self.submit(round_number, table_number, by, other[0].ns_scores, other[0].ew_scores)

    def director_result(
        self, round_number: int, table_number: int, ns_scores: list[int], ew_scores: list[int],
        reason: str = "", actor: str = "director",
    ) -> DirectorResult:
        """The director enters a result, or corrects one that already counts.  The same scores
        again change nothing and are not logged; a correction made after later turni were
        seated from the standings warns that their pairings used the old standings."""
        table = self.table(round_number, table_number)
        self._check(ns_scores, ew_scores)
        where = f"turno {round_number} table {table_number}"
        if table.confirmed:
            if table.ns_scores == list(ns_scores) and table.ew_scores == list(ew_scores):
                return DirectorResult("unchanged")
            detail = (f"{where}: correction from N-S {table.ns_scores} E-W {table.ew_scores} "
                      f"to N-S {ns_scores} E-W {ew_scores}")
            action = "correct"
        else:
            detail = f"{where}: N-S {ns_scores} E-W {ew_scores}"
            action = "director-result"
        self._count(table, list(ns_scores), list(ew_scores))
        self._log(actor, action, detail + (f" ({reason})" if reason else ""))
        seeded = [rnd.number for rnd in self.rounds[round_number:]
                  if rnd.format in STANDINGS_SEATED]
        warnings: list[Notice] = []
        if seeded:
            warning = (Notice(N_("turno {turno} was seated from the standings before this "
                                 "result: its pairings used the old standings"),
                              turno=seeded[0]) if len(seeded) == 1 else
                       Notice(N_("turni {turni} were seated from the standings before this "
                                 "result: their pairings used the old standings"),
                              turni=", ".join(map(str, seeded))))
            warnings.append(warning)
            self._log(actor, "warning", f"{where}: {warning}")
        return DirectorResult("corrected" if action == "correct" else "counted", warnings)

    def play_online(
        self, round_number: int, table_number: int, server_table: str, actor: str = "director",
    ) -> None:
        """The table plays its turno on the game server, at ``server_table``."""
        table = self.table(round_number, table_number)
        if table.online is not None:
            raise ResultError(N_("turno {turno} table {table} already plays online at {online}"),
                              turno=round_number, table=table_number, online=table.online)
        if table.confirmed:
            raise ResultError(N_("turno {turno} table {table} already counts"),
                              turno=round_number, table=table_number)
        table.online = server_table
        self._log(actor, "online", f"turno {round_number} table {table_number}: played on the "
                  f"server at table {server_table}")

    def start_clock(self, round_number: int, at: str, actor: str = "server") -> None:
        """The turno's clock starts at ``at`` (ISO time): when it is first played on the
        server, which calls time at every table when the clock ends (§2.9c)."""
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
            raise Refusal(N_("a penalty needs a reason for the audit trail"))
        for field_name, amount in (("vp", vp), ("mp", mp)):
            if amount < 0:
                raise Refusal(N_("penalty {field}: {amount} is negative; a penalty takes points, "
                                 "it never gives them"), field=field_name.upper(), amount=amount)
        if vp == 0 and mp == 0:
            raise Refusal(N_("a penalty of 0 VP and 0 MP takes nothing: nothing to record"))
        if vp > MAX_PENALTY_VP or mp > MAX_PENALTY_MP:
            raise Refusal(N_("a penalty takes at most {vp} VP and {mp} MP at a time"),
                          vp=MAX_PENALTY_VP, mp=MAX_PENALTY_MP)
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
            raise ResultError(N_("a side is 'ns' or 'ew', not {side}"), side=repr(by))
        table = self.table(round_number, table_number)
        if table.confirmed:
            raise ResultError(N_("turno {turno} table {table} already counts; only the director "
                                 "can correct it"), turno=round_number, table=table_number)
        return table

    def _check(self, ns_scores: list[int], ew_scores: list[int]) -> None:
        try:
            validate_result(self.settings, ns_scores, ew_scores)
        except Refusal as exc:
            raise ResultError(exc.template, **exc.params) from None

    @staticmethod
    def _count(table: Table, ns_scores: list[int], ew_scores: list[int]) -> None:
        table.ns_scores, table.ew_scores = ns_scores, ew_scores
        table.claims = []

    def _log(self, actor: str, action: str, detail: str) -> None:
        self.audit.append(AuditEntry(len(self.audit) + 1, self.clock(), actor, action, detail))
