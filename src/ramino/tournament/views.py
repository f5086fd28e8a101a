"""View models shared by the HTML exports and the web pages: rows ready for templates.

Keeps presentation arithmetic (names of sides, MP/VP per table, the round clock) out of the
templates; RULES.md §7.1 for the per-table MP/VP, §7.2 for the round length.
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
