"""Printable PDF exports for the director: the standings, a turno's score-cards (one per table,
§7.2: a line per smazzata, both sides sign) and a turno's table list to pin up.

Made with fpdf2 and its built-in Helvetica, so no font file is needed; that font has the
Latin-1 letters (Italian and Portuguese names print as typed), and any other character prints
as "?".  ``compress=False`` leaves the page text readable in the file (the tests read it).
"""

from __future__ import annotations

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from ramino.tournament.model import Round
from ramino.tournament.scoring import score
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import side_name, table_state

LINE = 8  # mm: the height of a table row on paper


def printable(text: object) -> str:
    """The text in the Latin-1 letters of the PDF's built-in font (a minus sign is a hyphen);
    others become "?"."""
    return str(text).replace("\u2212", "-").encode("latin-1", "replace").decode("latin-1")


def _document(title: str, compress: bool) -> FPDF:
    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_compression(compress)
    pdf.set_title(printable(title))
    pdf.set_creator("ramino")
    pdf.set_auto_page_break(auto=True, margin=15)
    return pdf


def _heading(pdf: FPDF, text: str, size: int = 16) -> None:
    pdf.set_font("Helvetica", style="B", size=size)
    pdf.cell(0, 10, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", size=11)


def _grid(pdf: FPDF, header: list[str], rows: list[list[str]],
          widths: tuple[int, ...]) -> None:
    with pdf.table(col_widths=widths, line_height=LINE, text_align="LEFT",
                   first_row_as_headings=True) as table:
        for values in [header, *rows]:
            row = table.row()
            for value in values:
                row.cell(printable(value))


def _output(pdf: FPDF) -> bytes:
    return bytes(pdf.output())


def standings_pdf(t: Tournament, compress: bool = True) -> bytes:
    """The standings with each entrant's number, as the CLI and the pages show them."""
    pdf = _document(f"{t.settings.name}: classifica", compress)
    pdf.add_page()
    _heading(pdf, f"{t.settings.name} - classifica")
    played = sum(1 for rnd in t.rounds if all(tb.confirmed for tb in rnd.tables))
    pdf.cell(0, LINE, printable(f"dopo {played} di {len(t.settings.plan)} turni"),
             new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    rows = [[str(r.rank), f"#{r.entrant}", r.name + ("" if r.active else " (ritirata)"),
             str(r.vp), r.mp_signed, str(r.played), str(r.byes)] for r in t.standings()]
    _grid(pdf, ["#", "n.", "coppia / giocatore", "VP", "MP", "turni", "riposi"], rows,
          (10, 14, 86, 16, 20, 16, 16))
    return _output(pdf)


def scorecards_pdf(t: Tournament, round_number: int, compress: bool = True) -> bytes:
    """One score-card per table of the turno: the sides with their numbers, a line per
    smazzata (filled in once the result counts), the totals and the two signatures."""
    rnd = t.round(round_number)
    pdf = _document(f"{t.settings.name}: segnapunti turno {rnd.number}", compress)
    for table in rnd.tables:
        pdf.add_page()
        _heading(pdf, f"{t.settings.name} - turno {rnd.number} - tavolo {table.number}")
        for label, side in (("N-S", table.ns), ("E-W", table.ew)):
            ids = " + ".join(f"#{e}" for e in side)
            pdf.cell(0, LINE, printable(f"{label}: {side_name(t, side)} ({ids})"),
                     new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(2)
        ns, ew = table.ns_scores or [], table.ew_scores or []
        rows = [[str(d), str(ns[d - 1]) if d <= len(ns) else "",
                 str(ew[d - 1]) if d <= len(ew) else ""]
                for d in range(1, t.settings.deals_per_round + 1)]
        result = score(table, t.settings)
        rows.append(["totale (VP)",
                     f"{result.ns_total} ({result.ns_vp})" if result else "",
                     f"{result.ew_total} ({result.ew_vp})" if result else ""])
        _grid(pdf, ["smazzata", "N-S", "E-W"], rows, (50, 65, 65))
        pdf.ln(12)
        pdf.cell(90, LINE, "firma N-S ____________________")
        pdf.cell(0, LINE, "firma E-W ____________________", new_x=XPos.LMARGIN,
                 new_y=YPos.NEXT)
    if not rnd.tables:
        pdf.add_page()
        _heading(pdf, f"{t.settings.name} - turno {rnd.number}: nessun tavolo")
    return _output(pdf)


def tables_pdf(t: Tournament, round_number: int, compress: bool = True) -> bytes:
    """The turno's table list to pin up: who sits where, N-S and E-W, and who rests."""
    rnd: Round = t.round(round_number)
    pdf = _document(f"{t.settings.name}: tavoli turno {rnd.number}", compress)
    pdf.add_page()
    _heading(pdf, f"{t.settings.name} - turno {rnd.number} ({rnd.format.value})")
    rows = [[str(tb.number), f"{side_name(t, tb.ns)} ({' + '.join(f'#{e}' for e in tb.ns)})",
             f"{side_name(t, tb.ew)} ({' + '.join(f'#{e}' for e in tb.ew)})",
             "registrato" if table_state(tb) == "counted" else ""]
            for tb in rnd.tables]
    _grid(pdf, ["tavolo", "N-S", "E-W", "risultato"], rows, (18, 72, 72, 28))
    if rnd.byes:
        pdf.ln(4)
        names = ", ".join(f"{t.entrant(e).name} (#{e})" for e in rnd.byes)
        pdf.multi_cell(0, LINE, printable(f"riposo ({t.settings.bye_vp} VP): {names}"),
                       new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return _output(pdf)
