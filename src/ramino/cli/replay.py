"""``ramino replay``: check a ``ramino-record/1`` file action by action and print the final
position and the score; the printing of a hand's score that ``ramino play`` shares.
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
from ramino.cli.game_words import word
from ramino.cli.sheet_view import print_sheet
from ramino.cli.words import speak
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


def replay_command(
    file: Annotated[str, typer.Argument(help="a ramino-record/1 file; '-' reads standard input")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result object as JSON")
                       ] = False,
) -> None:
    """Check a game record action by action and print the final position and the score.

    Exit status 0: every action is legal and the recorded result is the one computed; 1: an
    illegal action or a differing result (turn, seat, rule and docs/rules.md section on standard
    error); 2: not a well-formed record (the field named on standard error)."""
    speak("en")  # a results record's sheet (ramino.cli.sheet_view) is shown in English
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


def _print_report(console: Console, report: ReplayReport) -> None:
    record = report.record
    rules = record.rules
    names = record.players
    if record.is_match:
        assert report.standing is not None and record.match is not None
        table = Table(title=f"Match {json.dumps(record.match.as_json())}")
        table.add_column("hand")
        table.add_column("dealer")
        table.add_column("end")
        sides = len(report.standing.totals)
        for side in range(sides):
            table.add_column(f"side {side}", justify="right")
        for i, played in enumerate(report.hands):
            scores = played.result.scores if played.result else ("…",) * sides
            table.add_row(str(i + 1), str(played.hand.dealer),
                          played.result.end if played.result else "unfinished",
                          *[str(s) for s in scores])
        table.add_row("total", "", "", *[str(t) for t in report.standing.totals])
        console.print(table)
        standing = report.standing
        if standing.over:
            winner = "a draw" if standing.winner is None else f"side {standing.winner} wins"
            say(console, f"Match over after {standing.hands_counted} hands: {winner} "
                          f"({standing.decided_by}); difference {standing.mp_difference} MP")
        else:
            more = " (exact tie past the target: one more hand)" if standing.extra_hand else ""
            say(console, f"Match in progress after {standing.hands_counted} hands{more}")
        last = report.hands[-1]
        say(console, f"\nLast hand (hand {len(report.hands)}):")
        _print_hand(console, last, rules, names)
    else:
        _print_hand(console, report.hands[0], rules, names)


def _print_scala40_report(console: Console, report: scala40_record.ReplayReport) -> None:
    """Scala 40: each hand's end and penalty points; for a match the totals and who is out."""
    names = report.record.players
    word = "seat" if report.record.rules.partnerships is Partnerships.NONE else "side"
    for i, played in enumerate(report.hands):
        seats = played.hand.seats
        title = f"Hand {i + 1}" if report.record.is_match else "Hand"
        if played.result is None:
            say(console, f"{title}: the record stops before the end of the hand.")
            print_scala40_table(console, played.state, names, seats)
            continue
        closer = played.result.closed_by
        how = (f"closed by seat {seats[closer]}" if closer is not None
               else "no close (the tallone could not be rebuilt)")
        if played.result.chiusura_in_mano:
            how += " (chiusura in mano)"
        say(console, f"{title}: {how}; penalty points " + ", ".join(
            f"{word} {side}: {points}" for side, points in zip(
                hand_sides(report.record.rules, seats), played.result.scores, strict=True)))
    if report.standing is not None:
        standing = report.standing
        say(console, "Totals: " + ", ".join(
            f"{word} {s}{' (out)' if out else ''}: {t}" for s, (t, out) in enumerate(
                zip(standing.totals, standing.eliminated, strict=True))))
        if standing.over:
            winner = "no winner" if standing.winner is None else f"{word} {standing.winner} wins"
            say(console, f"Match over after {standing.hands} hands: {winner}")
        else:
            say(console, f"Match in progress after {standing.hands} hands")


def print_scala40_table(console: Console, state: Scala40State, names: Sequence[str] | None,
                        seats: Sequence[int], *, hide: Sequence[int] = ()) -> None:
    """Hands (``hide``: hand seats shown as a count), melds with owners, the pozzo, the tallone."""
    table = Table(title="Hands")
    table.add_column("seat")
    table.add_column("opened")
    table.add_column("cards", justify="right")
    table.add_column("hand")
    for seat in range(state.players):
        who = str(seats[seat]) + (f" {names[seats[seat]]}" if names else "")
        if seat == state.current and not state.is_over:
            who += " *"
        shown = "(hidden)" if seat in hide else " ".join(
            card_str(c) for c in sort_for_hand(state.hand_of(seat)))
        table.add_row(who, "yes" if state.opened[seat] else "no", str(state.sizes[seat]), shown)
    console.print(table)
    if state.melds:
        melds = Table(title="Table")
        melds.add_column("#", justify="right")
        melds.add_column("owner")
        melds.add_column("meld")
        for entry in state.table():
            melds.add_row(str(entry.number), str(seats[entry.seat]), str(entry.meld))
        console.print(melds)
    else:
        say(console, "Table: no melds yet")
    top = card_str(state.pile[-1]) if state.pile else "(empty)"
    say(console, f"Pozzo: {len(state.pile)} cards, top {top}   Tallone: {len(state.stock)} cards")


def _print_hand(console: Console, played: HandReplay, rules: RuleSet,
                names: Sequence[str] | None) -> None:
    print_position(console, played.position(), rules, names)
    if played.result is not None:
        print_score(console, played.result, played.state.closed_by, played.state.sides)
    else:
        say(console, "The record stops before the end of the hand.")


def print_position(console: Console, position: Position, rules: RuleSet,
                   names: Sequence[str] | None, *, hide: Sequence[int] = ()) -> None:
    """Hands (``hide``: seats shown as a count only), melds with their burraco type, the pile
    top and the counts."""
    seats = Table(title="Hands", show_lines=False)
    seats.add_column("seat")
    seats.add_column("side")
    seats.add_column("cards", justify="right")
    seats.add_column("hand")
    sides = position.sides or initial_sides(len(position.hands))
    for seat, hand in enumerate(position.hands):
        who = f"{seat} {names[seat]}" if names else str(seat)
        if seat == position.current and position.phase != "over":
            who += " *"
        pending = position.pending[seat]
        shown = "(hidden)" if seat in hide else " ".join(
            card_str(c) for c in sort_for_hand(hand))
        if pending is not None:
            shown += (f"  + {word(rules.game, 'pozzetto')} of {len(pending)} after the next "
                      "draw")
        seats.add_row(who, str(sides[seat]), str(len(hand)), shown)
    console.print(seats)
    if position.melds:
        melds = Table(title="Table")
        melds.add_column("#", justify="right")
        melds.add_column("side")
        melds.add_column("meld")
        melds.add_column("cards", justify="right")
        melds.add_column(word(rules.game, "burraco"))
        for number, (team, meld) in enumerate(position.melds, start=1):
            melds.add_row(str(number), str(team), " ".join(meld.card_tokens()),
                          str(len(meld.cards)), word(rules.game, burraco_type(meld, rules) or ""))
        console.print(melds)
    else:
        say(console, "Table: no melds yet")
    top = card_str(position.pile[-1]) if position.pile else "(empty)"
    say(console, f"Pile: {len(position.pile)} cards, top {top}   Stock: {len(position.stock)} "
                  f"cards   {word(rules.game, 'Pozzetti')} left: {len(position.pozzetti)}   "
                  f"{word(rules.game, 'Pozzetto')} taken: "
                  + ", ".join(f"side {t}: {'yes' if took else 'no'}"
                              for t, took in enumerate(position.pozzetto_taken)))


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
            word = "seat" if len(seats) == 1 else "seats"
            labels.append(f"{team} ({word} {', '.join(map(str, seats))})")
        return "side", labels
    labels = []
    for seat in range(players):
        partner = next((s for s in range(players) if s != seat and sides[s] == sides[seat]),
                       None)
        labels.append(str(seat) if partner is None else f"{seat} (pair with seat {partner})")
    return "seat", labels


def print_score(console: Console, result: RecordedResult, closed_by: int | None,
                sides: Sequence[int]) -> None:
    how = {"closed": "closed", "stock": "the stock ran out", "stallo": "stallo",
           "timeout": "time out"}[result.end]
    if result.end == "closed" and closed_by is not None:
        how += f" by seat {closed_by}"
    table = Table(title=f"Score — hand ended: {how}")
    heading, labels = score_labels(sides)
    table.add_column(heading)
    for key in BREAKDOWN_KEYS:
        table.add_column(key, justify="right")
    table.add_column("total", justify="right")
    breakdown = result.breakdown or ()
    for side, (label, score) in enumerate(zip(labels, result.scores, strict=True)):
        parts = [str(breakdown[side][k]) for k in BREAKDOWN_KEYS] if breakdown else [""] * 5
        table.add_row(label, *parts, str(score))
    console.print(table)
