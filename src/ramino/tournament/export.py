"""Exports: CSV standings and results, printable HTML standings and score-cards, JSON.

Every face a club night needs on paper or on a screen; §7.2 describes the paper score-card
these print (one per table, a line per smazzata, both sides countersign). The JSON export is
the store's document.
"""

from __future__ import annotations

import csv
import io

from ramino.tournament import store
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import context, environment, round_end, side_name, table_view

STANDINGS_HEADER = ["rank", "entrant", "name", "vp", "mp", "played", "byes", "penalty_vp",
                    "points", "active"]
RESULTS_HEADER = ["turno", "format", "table", "ns", "ew", "ns_scores", "ew_scores",
                  "ns_total", "ew_total", "mp", "ns_vp", "ew_vp"]


def standings_csv(t: Tournament) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_HEADER)
    for row in t.standings():
        writer.writerow([row.rank, row.entrant, row.name, row.vp, row.mp, row.played, row.byes,
                         row.penalty_vp, row.points, "yes" if row.active else "no"])
    return out.getvalue()


def results_csv(t: Tournament) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RESULTS_HEADER)
    for rnd in t.rounds:
        for table in rnd.tables:
            view = table_view(t, table)
            writer.writerow([
                rnd.number, rnd.format.value, table.number, side_name(t, table.ns),
                side_name(t, table.ew),
                " ".join(map(str, table.ns_scores or [])),
                " ".join(map(str, table.ew_scores or [])),
                view.ns_total, view.ew_total, view.mp, view.ns_vp, view.ew_vp,
            ])
        for entrant in rnd.byes:
            writer.writerow([rnd.number, rnd.format.value, "bye", t.entrant(entrant).name, "",
                             "", "", "", "", "", t.settings.bye_vp, ""])
    return out.getvalue()


def standings_html(t: Tournament) -> str:
    return environment().get_template("print_standings.html").render(**context(t))


def scorecards_html(t: Tournament, round_number: int) -> str:
    rnd = t.round(round_number)
    return environment().get_template("scorecards.html").render(
        **context(t), rnd=rnd, tables=[table_view(t, tb) for tb in rnd.tables],
        deals=range(1, t.settings.deals_per_round + 1), ends=round_end(t, rnd),
    )


def tournament_json(t: Tournament) -> str:
    return store.dumps(t)
