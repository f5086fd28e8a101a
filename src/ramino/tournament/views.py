"""View models shared by the HTML exports and the web pages: rows ready for templates.

Keeps presentation arithmetic (names of sides, MP/VP per table, the round clock) out of the
templates; §7.1 for the per-table MP/VP, §7.2 for the round length.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ramino.tournament.model import Round, Side, Table
from ramino.tournament.scoring import score, vp_table
from ramino.tournament.tournament import Tournament

TEMPLATES = Path(__file__).with_name("templates")


def environment() -> Environment:
    """The templates' environment.  Texts are marked ``_("…")`` (``jinja2.ext.i18n``) with the
    Italian text as the message id; with no translations given they read in Italian.  The game
    server renders them in the reader's language by passing its catalog's ``gettext`` (and
    ``lang``, ``languages`` for the menu) with each page (:func:`ramino.tournament.web
    .create_app`'s ``language``); the catalogs are the server's (docs/server.md, Languages)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_null_translations()  # type: ignore[attr-defined]
    env.globals.update(lang="it", languages={})
    env.filters["clock"] = local_clock
    env.filters["card"] = card_line
    return env


def local_clock(iso: str) -> str:
    """An ISO time as the room's clock reads it: hours and minutes in the local time zone of
    the machine that runs the tournament (``TZ``), with the zone's name."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return moment.astimezone().strftime("%H:%M %Z").strip()


def card_line(scores: list[int] | None) -> str:
    """A side's smazzata scores as a score-card line: "880 · −40" (never "880+-40")."""
    return " · ".join(f"{s}" if s >= 0 else f"−{-s}" for s in scores or [])


def side_name(t: Tournament, side: Side) -> str:
    return " + ".join(t.entrant(e).name for e in side)


@dataclass(frozen=True, slots=True)
class TableView:
    number: int
    ns: str
    ew: str
    ns_ids: str
    ew_ids: str
    confirmed: bool
    ns_scores: list[int] | None
    ew_scores: list[int] | None
    ns_total: int | None
    ew_total: int | None
    ns_vp: int | None
    ew_vp: int | None
    mp: int | None
    pending: list[str]
    claims: list[tuple[str, list[int], list[int]]]
    deal_seeds: list[int]
    online: str | None


def table_view(t: Tournament, table: Table) -> TableView:
    result = score(table, t.settings)
    return TableView(
        number=table.number,
        ns=side_name(t, table.ns),
        ew=side_name(t, table.ew),
        ns_ids=" + ".join(f"#{e}" for e in table.ns),
        ew_ids=" + ".join(f"#{e}" for e in table.ew),
        confirmed=table.confirmed,
        ns_scores=table.ns_scores,
        ew_scores=table.ew_scores,
        ns_total=result.ns_total if result else None,
        ew_total=result.ew_total if result else None,
        ns_vp=result.ns_vp if result else None,
        ew_vp=result.ew_vp if result else None,
        mp=abs(result.ns_mp) if result else None,
        pending=[c.by for c in table.claims],
        claims=[(c.by, c.ns_scores, c.ew_scores) for c in table.claims],
        deal_seeds=table.deal_seeds,
        online=table.online,
    )


def round_end(t: Tournament, rnd: Round) -> str | None:
    """When the turno's clock runs out (ISO time), from its start and the round length."""
    if rnd.started_at is None:
        return None
    try:
        start = datetime.fromisoformat(rnd.started_at)
    except ValueError:
        return None
    return (start + timedelta(minutes=t.settings.round_minutes)).isoformat(timespec="seconds")


def context(t: Tournament) -> dict[str, object]:
    """Everything the templates need about the tournament as a whole."""
    return {
        "t": t,
        "settings": t.settings,
        "standings": t.standings(),
        "vp_rows": vp_table(t.settings).brackets(),
        "current": t.rounds[-1] if t.rounds else None,
    }


def _side(by: str) -> str:
    return "N-S" if by == "ns" else "E-W"


def _line(scores: list[int]) -> str:
    return " ".join(map(str, scores))


def table_state(table: Table) -> str:
    """"counted", "disputed" (the two sides wrote different scores), "pending" (one side
    wrote, the other has not confirmed) or "to play"."""
    if table.confirmed:
        return "counted"
    if len(table.claims) > 1:
        return "disputed"
    if table.claims:
        return "pending"
    return "to play"


def table_status(t: Tournament, table: Table) -> str:
    """A table's state in one line for the director: the result and its VP once it counts,
    who wrote what while it waits (§7.2's countersignature)."""
    state = table_state(table)
    if state == "counted":
        result = score(table, t.settings)
        assert result is not None
        return (f"{result.ns_total} – {result.ew_total} "
                f"(VP {result.ns_vp}–{result.ew_vp})")
    if state == "to play":
        return f"to play (on the server at {table.online})" if table.online else "to play"
    claims = "; ".join(f"{_side(c.by)} wrote N-S {_line(c.ns_scores)}, E-W {_line(c.ew_scores)}"
                       for c in table.claims)
    if state == "pending":
        other = _side("ew" if table.claims[0].by == "ns" else "ns")
        return f"pending: {claims}; {other} to confirm"
    return f"disputed: {claims}; the director decides"


def round_summary(rnd: Round) -> str:
    """"3 counted, 1 pending, 1 disputed, 2 to play": what a turno still waits for."""
    counts = {state: 0 for state in ("counted", "pending", "disputed", "to play")}
    for table in rnd.tables:
        counts[table_state(table)] += 1
    missing = [str(tb.number) for tb in rnd.tables if not tb.confirmed]
    line = ", ".join(f"{n} {state}" for state, n in counts.items() if n)
    waiting = f"; waiting for tables {', '.join(missing)}" if missing else "; complete"
    return f"turno {rnd.number}: {line or 'no tables'}{waiting}"
