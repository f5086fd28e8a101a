"""The tournament's value types: disciplines, formats, settings, entrants, turni and tables.

§7.2 (structure, seating N-S v E-W, score-card), §7.3 (formats), §6.6 (Scala 40
tournaments). Pure data: no I/O, no game engine. A table's sides hold entrant ids; a side has
one entrant for pairs and singles, two for individual Burraco, where partners change each
turno (§7.3 "Individual tournaments").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ramino.tournament.refusals import N_, NotFound, Refusal
from ramino.tournament.vp import FIBUR_TABLES, VPTable


class Discipline(StrEnum):
    """What kind of entrant plays and how a hand is scored."""

    BURRACO_PAIRS = "burraco-pairs"
    BURRACO_INDIVIDUAL = "burraco-individual"
    SCALA40_SINGLES = "scala40-singles"
    SCALA40_PAIRS = "scala40-pairs"

    @property
    def individual(self) -> bool:
        """Entrants are single players seated two to a side with a new partner each turno."""
        return self is Discipline.BURRACO_INDIVIDUAL

    @property
    def lower_is_better(self) -> bool:
        """Scala 40 scores are penalty points, so the lower total wins the match (§6.5)."""
        return self in (Discipline.SCALA40_SINGLES, Discipline.SCALA40_PAIRS)

    @property
    def members_per_entrant(self) -> int:
        return 2 if self in (Discipline.BURRACO_PAIRS, Discipline.SCALA40_PAIRS) else 1


class Format(StrEnum):
    """How a turno is seated (§7.3, §6.6)."""

    MITCHELL = "mitchell"
    DANESE_PURO = "danese-puro"
    DANESE_MODIFICATO = "danese-modificato"
    SWISS = "swiss"
    ITALIANA = "italiana"
    KNOCKOUT = "knockout"
    SORTEGGIO = "sorteggio"
    INDIVIDUAL_DANISH = "individual-danish"
    INDIVIDUAL_MITCHELL = "individual-mitchell"

    @property
    def individual(self) -> bool:
        return self in (Format.INDIVIDUAL_DANISH, Format.INDIVIDUAL_MITCHELL)


#: Formats each discipline may use (Scala 40: knockout, all'italiana, Danese per §6.6).
ALLOWED_FORMATS: dict[Discipline, frozenset[Format]] = {
    Discipline.BURRACO_PAIRS: frozenset(f for f in Format if not f.individual),
    Discipline.BURRACO_INDIVIDUAL: frozenset(
        {Format.INDIVIDUAL_DANISH, Format.INDIVIDUAL_MITCHELL}
    ),
    Discipline.SCALA40_SINGLES: frozenset(
        {Format.KNOCKOUT, Format.ITALIANA, Format.DANESE_PURO, Format.DANESE_MODIFICATO,
         Format.SORTEGGIO}
    ),
    Discipline.SCALA40_PAIRS: frozenset(
        {Format.KNOCKOUT, Format.ITALIANA, Format.DANESE_PURO, Format.DANESE_MODIFICATO,
         Format.SORTEGGIO}
    ),
}

#: VP for a bye. Not found in any source (§7.3, §8 item 31): 12 is the spec's
#: assumption, configurable per tournament.
DEFAULT_BYE_VP = 12

#: Bounds of the settings: far beyond a club evening, small enough that a typing mistake
#: (an extra digit) is refused instead of seating thousands of smazzate.
MAX_DEALS = 10
MAX_TURNI = 99
MAX_STEP = 999
MAX_MINUTES = 24 * 60


@dataclass(slots=True)
class Settings:
    """Everything the director chooses when creating the tournament."""

    name: str
    discipline: Discipline = Discipline.BURRACO_PAIRS
    deals_per_round: int = 3
    #: One format per planned turno, e.g. 3 × Mitchell then 1 × Danese (§7.3 mixed schemes).
    plan: list[Format] = field(default_factory=lambda: [Format.DANESE_MODIFICATO] * 4)
    #: "FIBUR" picks the FIBUR table for ``deals_per_round``; "CUSTOM" uses ``custom_vp``.
    vp_table: str = "FIBUR"
    custom_vp: tuple[int, ...] = ()
    bye_vp: int = DEFAULT_BYE_VP
    #: Tables an E-W pair moves after each Mitchell turno (§7.3: 1, 2, 3 or more).
    mitchell_step: int = 1
    #: Duplicate Burraco: every table of a turno plays the same deal seeds.
    duplicate: bool = False
    #: Seeds the deal seeds and any draw (sorteggio, first-turno draw); 0 means no first draw.
    seed: int = 1
    #: First-turno seating: "registration" order or a seeded "draw" (§7.2 seating).
    first_seating: str = "registration"
    round_minutes: int = 40
    #: The rules preset (``ramino.rules.presets``) of the tables opened on the game server.
    preset: str = "fibur"

    def validate(self) -> None:
        """Refuse settings the tournament could not run with, naming the setting."""
        if not self.name.strip():
            raise Refusal(N_("name: the tournament needs a name"))
        if not 1 <= self.deals_per_round <= MAX_DEALS:
            raise Refusal(N_("deals: a turno has 1 to {most} smazzate, not {deals}"),
                          most=MAX_DEALS, deals=self.deals_per_round)
        if not self.plan:
            raise Refusal(N_("plan: the plan needs at least one turno"))
        if len(self.plan) > MAX_TURNI:
            raise Refusal(N_("plan: at most {most} turni, not {turni}"), most=MAX_TURNI,
                          turni=len(self.plan))
        allowed = ALLOWED_FORMATS[self.discipline]
        for fmt in self.plan:
            if fmt not in allowed:
                raise Refusal(N_("plan: format {format} is not available for {discipline}"),
                              format=fmt.value, discipline=self.discipline.value)
        if self.vp_table == "FIBUR":
            if f"FIBUR_{self.deals_per_round}" not in FIBUR_TABLES:
                raise Refusal(N_("deals: the FIBUR VP tables are for 2, 3 or 4 smazzate per turno, "
                                 "not {deals}; choose one of those or give a custom VP table "
                                 "(RULES.md §7.1)"), deals=self.deals_per_round)
        elif self.vp_table == "CUSTOM":
            try:
                VPTable("CUSTOM", tuple(self.custom_vp))
            except ValueError as exc:
                raise Refusal(N_("custom-vp: {problem}"), problem=str(exc)) from None
        else:
            raise ValueError("vp_table is FIBUR or CUSTOM")
        if self.first_seating not in ("registration", "draw"):
            raise ValueError("first_seating is 'registration' or 'draw'")
        if not 0 <= self.bye_vp <= 20:
            raise Refusal(N_("bye-vp: between 0 and 20, not {vp}"), vp=self.bye_vp)
        if not 1 <= self.mitchell_step <= MAX_STEP:
            raise Refusal(N_("step: the Mitchell step is 1 to {most}, not {step}"),
                          most=MAX_STEP, step=self.mitchell_step)
        if not 1 <= self.round_minutes <= MAX_MINUTES:
            raise Refusal(N_("minutes: a turno lasts 1 to {most} minutes, not {minutes}"),
                          most=MAX_MINUTES, minutes=self.round_minutes)
        if not self.preset.strip():
            raise Refusal(N_("preset: names the rules of the tables (e.g. fibur)"))


@dataclass(slots=True)
class Entrant:
    """A registered pair, single player or (individual Burraco) player."""

    id: int
    name: str
    members: tuple[str, ...] = ()
    #: The last turno this entrant was seated for; None while active.
    withdrawn_after: int | None = None
    #: Turni already seated when the entrant registered (a late entrant starts after them).
    joined: int = 0
    #: Registered by mistake and removed before ever being seated: kept only so that the
    #: other entrants keep their numbers; it is in no turno and no standings.
    removed: bool = False

    @property
    def active(self) -> bool:
        return self.withdrawn_after is None and not self.removed

    def plays_in(self, round_number: int) -> bool:
        """Was (or is) this entrant due to be seated in turno ``round_number``?"""
        return not self.removed and self.joined < round_number and (
            self.withdrawn_after is None or self.withdrawn_after >= round_number
        )


Side = tuple[int, ...]


@dataclass(slots=True)
class Claim:
    """Scores written on the score-card by someone at the table, awaiting the other side."""

    by: str  # "ns" or "ew"
    ns_scores: list[int]
    ew_scores: list[int]


@dataclass(slots=True)
class Table:
    """One table of a turno: N-S v E-W, numbered from 1."""

    number: int
    ns: Side
    ew: Side
    #: Per-smazzata scores once the result counts (both sides agreed, or the director).
    ns_scores: list[int] | None = None
    ew_scores: list[int] | None = None
    claims: list[Claim] = field(default_factory=list)
    #: Seeds of the smazzate this table plays (the same at every table in duplicate).
    deal_seeds: list[int] = field(default_factory=list)
    #: The game server's table this table plays at, once the director opened it online.
    online: str | None = None

    @property
    def confirmed(self) -> bool:
        return self.ns_scores is not None and self.ew_scores is not None

    @property
    def entrants(self) -> Side:
        return self.ns + self.ew


@dataclass(slots=True)
class Round:
    """A turno: its format, tables, byes and movement bookkeeping."""

    number: int
    format: Format
    tables: list[Table]
    byes: list[int] = field(default_factory=list)
    #: Mitchell lines fixed at the first turno of a Mitchell block: N-S and E-W entrant ids,
    #: None for a phantom (bye) slot. Individual Mitchell keeps four lines (N, S, E, W).
    lines: list[list[int | None]] = field(default_factory=list)
    #: The E-W step actually used (the chosen one unless it would cause a repeat meeting).
    step: int = 0
    notes: list[str] = field(default_factory=list)
    started_at: str | None = None

    def table(self, number: int) -> Table:
        for table in self.tables:
            if table.number == number:
                return table
        raise NotFound(N_("turno {turno} has no table {table}"), turno=self.number, table=number)


@dataclass(slots=True)
class Penalty:
    """A director's penalty: VP (and optionally MP) taken from an entrant in a turno (§2.12)."""

    round: int
    entrant: int
    vp: int
    mp: int
    reason: str


@dataclass(slots=True)
class AuditEntry:
    """One line of the director's audit trail: who did what, when."""

    seq: int
    at: str
    actor: str
    action: str
    detail: str
