"""``ramino replay``: check a ``ramino-record/1`` file action by action and print the final
position and the score; the printing of a hand's score that ``ramino play`` shares.  What is
printed for people speaks ``--lang`` (:mod:`ramino.cli.words`); what goes to standard error
(an illegal action, a differing result) and ``--json`` stay the record's English.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ramino.cards import card_str, sort_for_hand
from ramino.cli.core import _stdin_bytes, read_file, say
from ramino.cli.game_words import type_word
from ramino.cli.play.typed import check_language
from ramino.cli.sheet_view import part_name, print_sheet
from ramino.cli.words import speak, term, tr, trn
from ramino.games.burraco.melds import burraco_type
from ramino.games.burraco.seating import initial_sides, score_sides
from ramino.games.scala40.match import hand_sides
from ramino.games.scala40.state import Scala40State
from ramino.records import (
    BREAKDOWN_KEYS,
    HandReplay,
    Position,
    RecordedResult,
    ReplayReport,
    load_document,
    replay,
)
from ramino.records.scala40 import record as scala40_record
from ramino.records.scala40.record import is_scala40_document
from ramino.rules import RuleSet
from ramino.rules.options import Partnerships
from ramino.scoresheet import check_sheet_record, is_results_document
from ramino.scoresheet.scoring import side_columns


def replay_command(
    file: Annotated[str, typer.Argument(help="a ramino-record/1 file; '-' reads standard input")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result object as JSON")
                       ] = False,
    lang: Annotated[str, typer.Option(
        help="the language of the position, the score and the sheet: en, it, pt")] = "en",
) -> None:
    """Check a game record action by action and print the final position and the score.

    Exit status 0: every action is legal and the recorded result is the one computed; 1: an
    illegal action or a differing result (turn, seat, rule and docs/rules.md section on standard
    error); 2: not a well-formed record (the field named on standard error).  --lang it or
    pt: the position, the score and the sheet in Italian or Portuguese."""
    check_language(lang, server_texts=False)
    speak(lang)
    # Bytes, not text: load_document reports bad UTF-8 as a malformed record (exit 2).
    document = load_document(_stdin_bytes() if file == "-" else read_file(file))
    if is_results_document(document):
        raise typer.Exit(_check_results(document, as_json))
    report: ReplayReport | scala40_record.ReplayReport = (
        scala40_record.replay(document) if is_scala40_document(document) else replay(document))
    if as_json:
        typer.echo(json.dumps(report.result_json(), ensure_ascii=False))
    elif isinstance(report, scala40_record.ReplayReport):
        _print_scala40_report(Console(highlight=False), report)
    else:
        _print_report(Console(highlight=False), report)
    for problem in report.problems:
        typer.echo(problem.message, err=True)
    raise typer.Exit(report.exit_code)


def _check_results(document: object, as_json: bool) -> int:
    """A match of hand results (docs/record.md "Hands of results"): every result recomputed
    from its counts; exit 1 when the rules refuse a hand or a result differs."""
    sheet, problems = check_sheet_record(document)
    if as_json:
        view = sheet.view()
        out: dict[str, object] = {"match": view["standing"], "hands": view["hands"]}
        if problems:
            out["problems"] = [{"path": path, "message": reason} for path, reason in problems]
        typer.echo(json.dumps(out, ensure_ascii=False))
    else:
        print_sheet(Console(highlight=False), sheet)
    for path, reason in problems:
        typer.echo(f"{path}: {reason}", err=True)
    return 1 if problems else 0


def end_word(end: str) -> str:
    """How a hand ended, in the match table's word."""
    return {"closed": tr("chiusa"), "stock": tr("tallone"), "stallo": tr("stallo"),
            "timeout": tr("tempo")}.get(end, end)


def _print_report(console: Console, report: ReplayReport) -> None:
    record = report.record
    rules = record.rules
    names = record.players
    if record.is_match:
        assert report.standing is not None and record.match is not None
        table = Table(title=tr("Partita {match}", match=json.dumps(record.match.as_json())))
        table.add_column(tr("mano"))
        table.add_column(tr("mazziere"))
        table.add_column(tr("esito"))
        sides = len(report.standing.totals)
        for side in range(sides):
            table.add_column(tr("lato {side}", side=side), justify="right")
        for i, played in enumerate(report.hands):
            scores = played.result.scores if played.result else ("…",) * sides
            table.add_row(str(i + 1), str(played.hand.dealer),
                          end_word(played.result.end) if played.result else tr("non finita"),
                          *[str(s) for s in scores])
        table.add_row(tr("totale"), "", "", *[str(t) for t in report.standing.totals])
        console.print(table)
        standing = report.standing
        if standing.over:
            winner = (tr("un pareggio") if standing.winner is None
                      else tr("vince il lato {side}", side=standing.winner))
            say(console, tr("Partita finita dopo {n} mani: {winner} ({decided_by}); differenza "
                            "{mp} MP", n=standing.hands_counted, winner=winner,
                            decided_by=standing.decided_by, mp=standing.mp_difference))
        else:
            more = (" " + tr("(parità esatta oltre il traguardo: un'altra mano)")
                    if standing.extra_hand else "")
            say(console, tr("Partita in corso dopo {n} mani", n=standing.hands_counted) + more)
        last = report.hands[-1]
        say(console, "\n" + tr("Ultima mano (mano {n}):", n=len(report.hands)))
        _print_hand(console, last, rules, names)
    else:
        _print_hand(console, report.hands[0], rules, names)


def _print_scala40_report(console: Console, report: scala40_record.ReplayReport) -> None:
    """Scala 40: each hand's end and penalty points; for a match the totals and who is out."""
    names = report.record.players
    word = tr("posto") if report.record.rules.partnerships is Partnerships.NONE else tr("lato")
    for i, played in enumerate(report.hands):
        seats = played.hand.seats
        title = tr("Mano {n}", n=i + 1) if report.record.is_match else tr("Mano")
        if played.result is None:
            say(console, tr("{title}: la registrazione si ferma prima della fine della mano.",
                            title=title))
            print_scala40_table(console, played.state, names, seats)
            continue
        closer = played.result.closed_by
        how = (tr("chiusa dal posto {seat}", seat=seats[closer]) if closer is not None
               else tr("nessuna chiusura (il tallone non si poteva ricostruire)"))
        if played.result.chiusura_in_mano:
            how += " " + tr("(chiusura in mano)")
        say(console, tr("{title}: {how}; punti di penalità {scores}", title=title, how=how,
                        scores=", ".join(f"{word} {side}: {points}" for side, points in zip(
                            hand_sides(report.record.rules, seats), played.result.scores,
                            strict=True))))
    if report.standing is not None:
        standing = report.standing
        out_word = " " + tr("(fuori)")
        say(console, tr("Totali: {totals}", totals=", ".join(
            f"{word} {s}{out_word if out else ''}: {t}" for s, (t, out) in enumerate(
                zip(standing.totals, standing.eliminated, strict=True)))))
        if standing.over:
            winner = (tr("nessun vincitore") if standing.winner is None
                      else tr("vince {name}", name=word + " " + str(standing.winner)))
            say(console, tr("Partita finita dopo {n} mani: {winner}", n=standing.hands,
                            winner=winner))
        else:
            say(console, tr("Partita in corso dopo {n} mani", n=standing.hands))


def yes_no(answer: bool) -> str:
    return tr("sì") if answer else tr("no")


def print_scala40_table(console: Console, state: Scala40State, names: Sequence[str] | None,
                        seats: Sequence[int], *, hide: Sequence[int] = ()) -> None:
    """Hands (``hide``: hand seats shown as a count), melds with owners, the pozzo, the tallone."""
    table = Table(title=tr("Mani"))
    table.add_column(tr("posto"))
    table.add_column(tr("aperto"))
    table.add_column(tr("carte"), justify="right")
    table.add_column(tr("mano"))
    for seat in range(state.players):
        who = str(seats[seat]) + (f" {names[seats[seat]]}" if names else "")
        if seat == state.current and not state.is_over:
            who += " *"
        shown = tr("(nascosta)") if seat in hide else " ".join(
            card_str(c) for c in sort_for_hand(state.hand_of(seat)))
        table.add_row(who, yes_no(state.opened[seat]), str(state.sizes[seat]), shown)
    console.print(table)
    if state.melds:
        melds = Table(title=tr("Tavolo"))
        melds.add_column("#", justify="right")
        melds.add_column(tr("di chi"))
        melds.add_column(tr("combinazione"))
        for entry in state.table():
            melds.add_row(str(entry.number), str(seats[entry.seat]), str(entry.meld))
        console.print(melds)
    else:
        say(console, tr("Tavolo: ancora nessuna combinazione"))
    top = card_str(state.pile[-1]) if state.pile else tr("(vuoto)")
    say(console, trn("Pozzo: {n} carta, in cima ", "Pozzo: {n} carte, in cima ", len(state.pile))
        + top + "   " + trn("Tallone: {n} carta", "Tallone: {n} carte", len(state.stock)))


def _print_hand(console: Console, played: HandReplay, rules: RuleSet,
                names: Sequence[str] | None) -> None:
    print_position(console, played.position(), rules, names)
    if played.result is not None:
        print_score(console, played.result, played.state.closed_by, played.state.sides,
                    game=rules.game)
    else:
        say(console, tr("La registrazione si ferma prima della fine della mano."))


def print_position(console: Console, position: Position, rules: RuleSet,
                   names: Sequence[str] | None, *, hide: Sequence[int] = ()) -> None:
    """Hands (``hide``: seats shown as a count only), melds with their burraco type, the pile
    top and the counts."""
    game = rules.game
    seats = Table(title=tr("Mani"), show_lines=False)
    seats.add_column(tr("posto"))
    seats.add_column(tr("lato"))
    seats.add_column(tr("carte"), justify="right")
    seats.add_column(tr("mano"))
    sides = position.sides or initial_sides(len(position.hands))
    for seat, hand in enumerate(position.hands):
        who = f"{seat} {names[seat]}" if names else str(seat)
        if seat == position.current and position.phase != "over":
            who += " *"
        pending = position.pending[seat]
        shown = tr("(nascosta)") if seat in hide else " ".join(
            card_str(c) for c in sort_for_hand(hand))
        if pending is not None:
            shown += "  + " + term("pozzetto di {n} dopo la prossima pescata", game,
                                   n=len(pending))
        seats.add_row(who, str(sides[seat]), str(len(hand)), shown)
    console.print(seats)
    if position.melds:
        melds = Table(title=tr("Tavolo"))
        melds.add_column("#", justify="right")
        melds.add_column(tr("lato"))
        melds.add_column(tr("combinazione"))
        melds.add_column(tr("carte"), justify="right")
        melds.add_column(term("burraco", game))
        for number, (team, meld) in enumerate(position.melds, start=1):
            kind = burraco_type(meld, rules)
            melds.add_row(str(number), str(team), " ".join(meld.card_tokens()),
                          str(len(meld.cards)), type_word(kind, game) if kind else "")
        console.print(melds)
    else:
        say(console, tr("Tavolo: ancora nessuna combinazione"))
    top = card_str(position.pile[-1]) if position.pile else tr("(vuoto)")
    taken = ", ".join(tr("lato {side}", side=t) + ": " + yes_no(took)
                      for t, took in enumerate(position.pozzetto_taken))
    pile, stock = len(position.pile), len(position.stock)
    say(console, trn("Scarti: {n} carta, in cima ", "Scarti: {n} carte, in cima ", pile) + top
        + "   " + trn("Tallone: {n} carta", "Tallone: {n} carte", stock)
        + "   " + term("Pozzetti rimasti: {n}", game, n=len(position.pozzetti))
        + "   " + term("Pozzetto preso", game) + ": " + taken)


def score_labels(sides: Sequence[int]) -> tuple[str, list[str]]:
    """The heading and the row labels of a hand's scores, from the side of each seat at the
    end of the hand (§5): one score per side, named by its seats (docs/record.md §2); with
    three players once a pair has formed, one per seat, the pair sharing its total (§5.2)."""
    players = len(sides)
    teams = sorted(set(sides))
    if score_sides(players) == len(teams):
        labels = []
        for team in teams:
            seats = [s for s in range(players) if sides[s] == team]
            labels.append(trn("{team} (posto {seats})", "{team} (posti {seats})", len(seats),
                              team=team, seats=", ".join(map(str, seats))))
        return tr("lato"), labels
    labels = []
    for seat in range(players):
        partner = next((s for s in range(players) if s != seat and sides[s] == sides[seat]),
                       None)
        labels.append(str(seat) if partner is None else tr(
            "{seat} (in coppia con il posto {partner})", seat=seat, partner=partner))
    return tr("posto"), labels


def print_score(console: Console, result: RecordedResult, closed_by: int | None,
                sides: Sequence[int], *, game: str = "burraco") -> None:
    how = {"closed": tr("chiusa"), "stock": tr("il tallone è finito"), "stallo": tr("stallo"),
           "timeout": tr("tempo scaduto")}[result.end]
    if result.end == "closed" and closed_by is not None:
        how += " " + tr("dal posto {seat}", seat=closed_by)
    table = Table(title=tr("Punteggio — mano finita: {how}", how=how))
    heading, labels = score_labels(sides)
    table.add_column(heading)
    for key in BREAKDOWN_KEYS:
        table.add_column(part_name(key, game), justify="right")
    table.add_column(tr("totale"), justify="right")
    breakdown = result.breakdown or ()
    solo = next((seat for seat in range(len(sides)) if sides.count(sides[seat]) == 1), None)
    if breakdown and len(sides) == 3 and len(set(sides)) == 2 and solo is not None:
        # Three players with a pair (§5.2): the solo and the pair, the pair's parts once,
        # its total and what each of its players scores, as the score keeper shows it.
        table.add_column(tr("a testa"), justify="right")
        for column in side_columns(tuple(result.scores), tuple(breakdown), solo):
            who = " & ".join(map(str, column.sides))
            label = (tr("{names} (coppia)", names=who) if len(column.sides) == 2
                     else tr("{name} (da solo)", name=who))
            table.add_row(label, *(str(column.parts[k]) for k in BREAKDOWN_KEYS),
                          str(column.total), str(column.each))
        console.print(table)
        return
    for side, (label, score) in enumerate(zip(labels, result.scores, strict=True)):
        parts = [str(breakdown[side][k]) for k in BREAKDOWN_KEYS] if breakdown else [""] * 5
        table.add_row(label, *parts, str(score))
    console.print(table)
