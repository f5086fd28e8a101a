"""The ``ramino`` command (the top floor: it may import everything below it).

``ramino replay FILE [--json]``  check a ``ramino-record/1`` file (``-``: standard input) and
                                 print the final position and the score; exit status 0 legal,
                                 1 an illegal action or a differing result, 2 not a well-formed
                                 record (RECORD.md §5)
``ramino play``                  a 4-player FIBUR hand in the terminal against three
                                 random-legal bots, typed in the record notation (RECORD.md §3);
                                 writes the record of the hand; ``--preset fisca --players N``
                                 plays a Scala 40 hand (RULES.md §6) the same way
``ramino rules [PRESET]``        the presets, or every option of one with its RULES.md section
``ramino serve``, ``verify``     the table server; the check of a server's hand record
``ramino arena``                 duplicate matches between bots
``ramino tournament …``          the tournament commands, when that package provides them

Every command runs inside :class:`ErrorBoundary`, the one place where an error becomes the
line a user reads: bad input exits 2, a defect of ramino 70.
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
import json
import os
import secrets
import socket
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from ramino.bots import RandomBot
from ramino.cards import card_str, sort_for_hand
from ramino.errors import IllegalActionError, NotationError, RecordError, RulesError
from ramino.games.actions import DISCARD, Action
from ramino.games.burraco.melds import burraco_type
from ramino.games.burraco.seating import initial_sides, score_sides
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.match import hand_sides
from ramino.games.scala40.state import Scala40State
from ramino.records import (
    BREAKDOWN_KEYS,
    HandReplay,
    Position,
    RecordedResult,
    ReplayReport,
    dump_document,
    load_document,
    position_of,
    record_of,
    replay,
)
from ramino.records.burraco.writer import recorded_result
from ramino.records.scala40.record import (
    Scala40ReplayReport,
    is_scala40_document,
    replay_scala40,
    scala40_record_of,
)
from ramino.rules import RuleSet, build_ruleset, preset, preset_names
from ramino.rules.options import Partnerships
from ramino.rules.presets import PRESET_DESCRIPTIONS

EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE (sysexits.h): a defect of ramino, not of the input
HUMAN_SEAT = 0
DEBUG_VARIABLE = "RAMINO_DEBUG"
# A long match record is some hundreds of KB; more is not a record (/dev/zero, a disk image).
MAX_INPUT_BYTES = 16 * 2**20


class CliError(Exception):
    """A refusal the command line shows as one line on standard error, exit status 2: what
    is wrong, naming the file, the field or the option."""


def error_line(exc: Exception) -> str | None:
    """The one line that tells a user what is wrong with the input behind ``exc``; ``None``
    when ``exc`` is not about the input (a defect of ramino)."""
    if isinstance(exc, CliError):
        text = str(exc)
    elif isinstance(exc, RecordError):
        text = f"not a well-formed ramino-record/1 record: {exc}"
    elif isinstance(exc, OSError):
        reason = exc.strerror or str(exc) or type(exc).__name__
        text = f"{exc.filename}: {reason}" if exc.filename is not None else reason
    elif type(exc).__module__.startswith("sqlalchemy."):
        # The database named by --db or DATABASE_URL cannot be opened or reached.
        cause = str(getattr(exc, "orig", None) or exc)
        text = f"database: {cause.splitlines()[0] if cause else type(exc).__name__}"
    elif isinstance(exc, ValueError):
        # Every error ramino raises on bad input is a ValueError (ramino.errors), and so are
        # the standard readers' (json, UTF-8, the tournament file).
        text = str(exc) or type(exc).__name__
    else:
        return None
    return " ".join(text.splitlines())


class ErrorBoundary(TyperGroup):
    """The ``ramino`` command group: the one place where an error becomes what a user reads.

    Bad input (a missing, garbled or wrong file, a bad value) gives one line on standard
    error naming what is wrong and exit status 2; anything else is a defect of ramino and
    gives one line naming it and exit status 70 (``RAMINO_DEBUG=1`` shows the traceback).
    Every subcommand runs inside, the mounted ``ramino tournament`` commands too."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            if isinstance(exc, typer.Exit | typer.Abort) or type(exc).__module__.startswith(
                    "typer"):
                raise  # the command line's own exits and usage errors
            refuse(exc)


def refuse(exc: Exception) -> NoReturn:
    line = error_line(exc)
    if line is not None:
        typer.echo(line, err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    if os.environ.get(DEBUG_VARIABLE):
        raise exc
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {Path(where.filename).name}:{where.lineno}" if where is not None else ""
    summary = " ".join(f"{type(exc).__name__}: {exc}".splitlines())
    typer.echo(f"ramino: internal error ({summary}{at}); {DEBUG_VARIABLE}=1 shows the "
               "traceback", err=True)
    raise typer.Exit(EXIT_INTERNAL) from None


app = typer.Typer(help="ramino: Italian rummy games (Burraco FIBUR) — play, replay, rules.",
                  cls=ErrorBoundary, rich_markup_mode="markdown", no_args_is_help=True,
                  add_completion=False)


def main() -> None:
    app()


def say(console: Console, text: str, *, end: str = "\n") -> None:
    """A plain message line: never wrapped (a transcript stays greppable), no markup."""
    console.print(text, end=end, soft_wrap=True, markup=False, highlight=False)


# --- replay --------------------------------------------------------------------------------------


@app.command("replay")
def replay_command(
    file: Annotated[str, typer.Argument(help="a ramino-record/1 file; '-' reads standard input")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result object as JSON")
                       ] = False,
) -> None:
    """Check a game record action by action and print the final position and the score.

    Exit status 0: every action is legal and the recorded result is the one computed; 1: an
    illegal action or a differing result (turn, seat, rule and RULES.md section on standard
    error); 2: not a well-formed record (the field named on standard error)."""
    # Bytes, not text: load_document reports bad UTF-8 as a malformed record (exit 2).
    document = load_document(_stdin_bytes() if file == "-" else read_file(file))
    report: ReplayReport | Scala40ReplayReport = (
        replay_scala40(document) if is_scala40_document(document) else replay(document))
    if as_json:
        typer.echo(json.dumps(report.result_json(), ensure_ascii=False))
    elif isinstance(report, Scala40ReplayReport):
        _print_scala40_report(Console(highlight=False), report)
    else:
        _print_report(Console(highlight=False), report)
    for problem in report.problems:
        typer.echo(problem.message, err=True)
    raise typer.Exit(report.exit_code)


def read_file(name: str | Path) -> bytes:
    """A file's bytes; a file that cannot be read is refused naming it and the reason."""
    try:
        with Path(name).open("rb") as handle:
            return _at_most(handle.read(MAX_INPUT_BYTES + 1), str(name))
    except OSError as exc:
        raise CliError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a name the system cannot take (a NUL byte)
        raise CliError(f"cannot read {name!r}: {exc}") from None


def _at_most(data: bytes, name: str) -> bytes:
    if len(data) > MAX_INPUT_BYTES:
        raise CliError(f"{name}: more than {MAX_INPUT_BYTES:,} bytes, too large for a record")
    return data


def _stdin_bytes() -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data = buffer.read(MAX_INPUT_BYTES + 1)
        assert isinstance(data, bytes)
        return _at_most(data, "standard input")
    return _at_most(sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogateescape"),
                    "standard input")


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


def _print_scala40_report(console: Console, report: Scala40ReplayReport) -> None:
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
            melds.add_row(str(entry.number), str(seats[entry.owner]), str(entry.meld))
        console.print(melds)
    else:
        say(console, "Table: no melds yet")
    top = card_str(state.pile[-1]) if state.pile else "(empty)"
    say(console, f"Pozzo: {len(state.pile)} cards, top {top}   Tallone: {len(state.stock)} cards")


def _print_hand(console: Console, played: HandReplay, rules: RuleSet,
                names: Sequence[str] | None) -> None:
    print_position(console, played.position(), rules, names)
    if played.result is not None:
        print_score(console, played.result, played.state.closed_by, played.state.team_of)
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
            shown += f"  + pozzetto of {len(pending)} after the next draw"
        seats.add_row(who, str(sides[seat]), str(len(hand)), shown)
    console.print(seats)
    if position.melds:
        melds = Table(title="Table")
        melds.add_column("#", justify="right")
        melds.add_column("side")
        melds.add_column("meld")
        melds.add_column("cards", justify="right")
        melds.add_column("burraco")
        for number, (team, meld) in enumerate(position.melds, start=1):
            melds.add_row(str(number), str(team), " ".join(meld.card_tokens()),
                          str(len(meld.cards)), burraco_type(meld, rules) or "")
        console.print(melds)
    else:
        say(console, "Table: no melds yet")
    top = card_str(position.pile[-1]) if position.pile else "(empty)"
    say(console, f"Pile: {len(position.pile)} cards, top {top}   Stock: {len(position.stock)} "
                  f"cards   Pozzetti left: {len(position.pozzetti)}   Pozzetto taken: "
                  + ", ".join(f"side {t}: {'yes' if took else 'no'}"
                              for t, took in enumerate(position.pozzetto_taken)))


def score_labels(sides: Sequence[int]) -> tuple[str, list[str]]:
    """The heading and the row labels of a hand's scores, from the side of each seat at the
    end of the hand (RULES.md §5): one score per side, named by its seats (RECORD.md §2); with
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


# --- rules ---------------------------------------------------------------------------------------


@app.command("rules")
def rules_command(
    name: Annotated[str | None, typer.Argument(help="a preset: list its options")] = None,
) -> None:
    """List the rule presets, or every option of one preset with its RULES.md section."""
    console = Console(highlight=False)
    if name is None:
        table = Table(title="Presets (ramino rules PRESET shows the options)")
        table.add_column("preset")
        table.add_column("description")
        for key in preset_names():
            table.add_row(key, PRESET_DESCRIPTIONS.get(key, ""))
        console.print(table)
        return
    console.print(options_table(preset(name)))


def options_table(rules: RuleSet) -> Table:
    """Every option of ``rules``: its name in full on one line (the name a user types), its
    value, and below the value what it means and where RULES.md states it.  Two columns, so
    that the names and the wrapped meanings fit an 80-column terminal."""
    values = rules.options()
    table = Table(title=f"Preset {rules.preset}: {PRESET_DESCRIPTIONS.get(rules.preset, '')}")
    table.add_column("option", no_wrap=True)
    table.add_column("value and meaning (RULES.md §)", overflow="fold")
    for spec in rules.applicable():
        table.add_row(spec.name, Text.assemble(
            (json.dumps(values[spec.name]), "bold"), "\n",
            (f"{spec.describe} ({spec.section})", "dim")))
    return table


# --- play ----------------------------------------------------------------------------------------


def bot_seed(bots_seed: int, seat: int) -> int:
    """Each bot's own seed, so that the game is reproducible from (seed, bots seed)."""
    return bots_seed * 8 + seat


def make_bots(bots_seed: int, players: int) -> dict[int, RandomBot]:
    return {seat: RandomBot(bot_seed(bots_seed, seat)) for seat in range(players)
            if seat != HUMAN_SEAT}


def bot_turn(state: BurracoState | Scala40State, bot: RandomBot) -> list[Action]:
    """Let the bot in turn play its whole turn; the actions it played."""
    seat = state.current
    played: list[Action] = []
    while not state.is_over and state.current == seat:
        observation: Any = state.observation(seat)
        action = bot.choose(observation, state.legal_actions())
        state.apply(action)
        played.append(action)
        if action.kind == DISCARD:
            break
    return played


@app.command("arena")
def arena_command(
    bots: Annotated[list[str] | None, typer.Argument(
        help="two bots, A then B (random, greedy, expert, search, oracle; settings as "
             "search:samples=8; expert+search: two partners); with --ladder, any number "
             "(none: random, greedy, expert)")] = None,
    deals: Annotated[int, typer.Option(help="deals, each played twice with sides swapped")] = 100,
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset")] = "fibur",
    ladder: Annotated[bool, typer.Option(help="rate every bot (Bradley–Terry) with a chart")
                      ] = False,
    jobs: Annotated[int | None, typer.Option(help="worker processes (default: every core)")
                    ] = None,
    seed: Annotated[int, typer.Option(help="bots' seed")] = 0,
    first_deal: Annotated[int, typer.Option(help="seed of the first deal")] = 1,
    early_stop: Annotated[bool, typer.Option(help="stop once a 99% CI excludes zero")] = False,
    honesty_every: Annotated[int, typer.Option(help="honesty replay every N decisions")] = 10,
    records: Annotated[Path | None, typer.Option(help="write every hand's record (JSON lines)")
                       ] = None,
    out: Annotated[Path, typer.Option(help="where --ladder writes its table and chart")
                   ] = Path("arena"),
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    players: Annotated[int | None, typer.Option(
        help="number of players (Burraco: 2, 3, 4 or 6; Scala 40: 2 to 6)")] = None,
) -> None:
    """Duplicate matches between bots: which plays better, and by how much.

    Mean points per side and hand with a bootstrap 95% CI, match win rate, FIBUR VP, illegal
    actions and honesty failures.  Each deal is played twice, each side's cards once by each
    bot; with three sides (3 or 6 players) A plays one side alone, then the other two
    (docs/bots.md).  With --preset fisca the bots play Scala 40 (--players 2..6): A in the
    even seats, then in the odd ones."""
    from ramino.arena.command import arena
    try:
        status = arena(list(bots or []), deals=deals, preset_name=preset_name, ladder=ladder,
                       jobs=jobs, seed=seed, first_deal=first_deal, early_stop=early_stop,
                       honesty_every=honesty_every, records=records, out=out, as_json=as_json,
                       players=players)
    except (ValueError, RulesError) as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    raise typer.Exit(status)


@app.command("play")
def play_command(
    seed: Annotated[int | None, typer.Option(help="deal seed (default: random)")] = None,
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset")] = "fibur",
    bots_seed: Annotated[int | None, typer.Option(help="bots' seed (default: the deal seed)")
                         ] = None,
    out: Annotated[Path | None, typer.Option(help="where to write the record of the hand")
                   ] = None,
    players: Annotated[int | None, typer.Option(help="number of players (Scala 40: 2 to 6)")
                       ] = None,
) -> None:
    """Play a hand in the terminal against random-legal bots.

    A 4-player FIBUR hand by default: you are seat 0 and your partner is seat 2.  Type
    actions as in a record: draw, pick, meld 7h 8h 9h, attach 2 Kh, discard 3c.  'help'
    lists your legal actions, 'show' the table, 'quit' stops.  With --preset fisca (and
    --players 2..6) the hand is Scala 40, with 'swap 3 6h' too."""
    console = Console(highlight=False)
    rules = preset(preset_name)
    if players is not None:
        rules = build_ruleset(rules, {"players": players})
    chosen_seed = seed if seed is not None else secrets.randbelow(2**31)
    chosen_bots = bots_seed if bots_seed is not None else chosen_seed
    if out is None:
        stamp = (f"seed-{seed}" if seed is not None
                 else dt.datetime.now().strftime("%Y%m%d-%H%M%S"))
        out = Path("records") / f"{stamp}.json"
    check_writable(out)
    if rules.game == "scala40":
        finished = _play_scala40(console, rules, chosen_seed, chosen_bots, out)
        if not finished:
            raise typer.Exit(EXIT_ILLEGAL)
        return
    state = BurracoState.new_hand(rules, seed=chosen_seed)
    partner = state.partner(HUMAN_SEAT)
    names = ["you"] + [f"bot {s}" + (" (partner)" if s == partner else "")
                       for s in range(1, state.players)]
    bots = make_bots(chosen_bots, state.players)
    sides = ("your partner is seat " + str(partner)) if partner is not None else (
        "you play alone" if state.players != 3 else "everyone plays alone until a pair forms")
    say(console, f"{rules.game.capitalize()} ({rules.preset}, {state.players} players), deal "
                  f"seed {chosen_seed}, bots seed {chosen_bots}. You are seat 0; {sides}. "
                  "Type 'help' for your legal actions.")
    finished = _play_loop(console, state, bots, names)
    meta = {"event": "ramino play", "date": dt.date.today().isoformat(), "seed": chosen_seed,
            "bots_seed": chosen_bots, "bots": "random"}
    document = record_of(state, players=names, meta=meta)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_document(document), encoding="utf-8")
    result = state.result()
    if result is not None:
        print_score(console, recorded_result(result), state.closed_by, state.team_of)
    say(console, f"Record written to {out}")
    if not finished:
        raise typer.Exit(EXIT_ILLEGAL)


def check_writable(path: Path) -> None:
    """Refuse before the hand starts a record path that could not be written at its end
    (a directory, or under a file or a directory this user may not write)."""
    if path.is_dir():
        raise CliError(f"--out {path}: is a directory, not a file name")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise CliError(f"--out {path}: not writable by this user")
        return
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent  # the directories that play creates start under this one
    if not parent.is_dir():
        raise CliError(f"--out {path}: {parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"--out {path}: {parent} is not writable by this user")


def _play_scala40(console: Console, rules: RuleSet, seed: int, bots_seed: int,
                  out: Path) -> bool:
    """A Scala 40 hand (RULES.md §6) against random-legal bots; you are seat 0."""
    state = Scala40State.new_hand(rules, seed=seed)
    names = ["you", *(f"bot {seat}" for seat in range(1, state.players))]
    bots = make_bots(bots_seed, state.players)
    seats = list(range(state.players))
    say(console, f"Scala 40 ({rules.preset}, {state.players} players), deal seed {seed}, bots "
                  f"seed {bots_seed}. You are seat 0. Actions: draw, pick, meld 7h 8h 9h, "
                  "meld 7c 7s JK=7h, attach 2 Kh, swap 3 6h, discard 3c; 'help' lists yours.")
    finished = True
    show = True
    while not state.is_over:
        seat = state.current
        if seat != HUMAN_SEAT:
            played = bot_turn(state, bots[seat])
            say(console, f"seat {seat} ({names[seat]}): " + ", ".join(str(a) for a in played))
            show = True
            continue
        if show:
            print_scala40_table(console, state, names, seats,
                                hide=[s for s in seats if s != HUMAN_SEAT])
            show = False
        prompt = "draw or pick" if state.phase == "draw" else "meld, attach, swap or discard"
        text = read_command(console, f"your move ({prompt}) > ")
        if text is None:
            say(console, "\ninput ended before the end of the hand")
            finished = False
            break
        command = text.lower()
        if not text:
            continue
        if command == "help":
            say(console, "your legal actions: " + " | ".join(
                str(a) for a in state.legal_actions()))
            continue
        if command == "show":
            show = True
            continue
        if command == "quit":
            finished = False
            break
        try:
            state.play(text)
        except NotationError as exc:
            say(console, f"not understood: {exc}")
            continue
        except IllegalActionError as exc:
            say(console, f"refused: {exc}")
            continue
        say(console, "your hand: " + " ".join(
            card_str(c) for c in sort_for_hand(state.hand_of(HUMAN_SEAT))))
    meta = {"event": "ramino play", "date": dt.date.today().isoformat(), "seed": seed,
            "bots_seed": bots_seed, "bots": "random"}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_document(scala40_record_of(state, players=names, meta=meta)),
                   encoding="utf-8")
    result = state.result()
    if result is not None:
        word = "seat" if rules.partnerships is Partnerships.NONE else "side"
        say(console, "Hand over: penalty points " + ", ".join(
            f"{word} {s}: {p}" for s, p in enumerate(result.scores))
            + (" (chiusura in mano)" if result.chiusura_in_mano else ""))
    say(console, f"Record written to {out}")
    return finished


def read_command(console: Console, prompt: str) -> str | None:
    """Show ``prompt`` and read one typed line, stripped; ``None`` when the input has ended.

    A terminal shows what the player types as he types it; input from a file or a pipe is
    echoed after the prompt, so that a transcript of a scripted game reads like a session."""
    say(console, prompt, end="")
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.strip()
    if not sys.stdin.isatty():
        say(console, text)
    return text


def _play_loop(console: Console, state: BurracoState, bots: dict[int, RandomBot],
               names: list[str]) -> bool:
    """Play until the hand is over; False if the input ended or the player quit."""
    show = True
    while not state.is_over:
        seat = state.current
        if seat != HUMAN_SEAT:
            played = bot_turn(state, bots[seat])
            say(console, f"seat {seat} ({names[seat]}): " + ", ".join(str(a) for a in played))
            show = True
            continue
        if show:
            print_position(console, position_of(state), state.rules, names,
                           hide=[s for s in range(state.players) if s != HUMAN_SEAT])
            show = False
        prompt = "draw or pick" if state.phase == "draw" else "meld, attach or discard"
        text = read_command(console, f"your move ({prompt}) > ")
        if text is None:
            say(console, "\ninput ended before the end of the hand")
            return False
        if not text:
            continue
        command = text.lower()
        if command == "help":
            say(console, "your legal actions: " + " | ".join(
                str(a) for a in state.legal_actions()))
            continue
        if command == "show":
            show = True
            continue
        if command == "quit":
            return False
        try:
            action = state.play(text)
        except NotationError as exc:
            say(console, f"not understood: {exc}")
            continue
        except IllegalActionError as exc:
            say(console, f"refused: {exc}")
            continue
        show = action.kind != DISCARD
        if action.kind != DISCARD:
            say(console, "your hand: " + " ".join(
                card_str(c) for c in sort_for_hand(state.hand_of(HUMAN_SEAT))))
    return True


# --- serve ---------------------------------------------------------------------------------------


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLite file or database URL (default: DATABASE_URL, else ./ramino-server.db)")
                  ] = None,
    tournament: Annotated[Path | None, typer.Option(
        help="a tournament file (ramino tournament new): its desk and standings under "
             "/tournament, its turni played here (ramino tournament online)")] = None,
    tournament_token: Annotated[str | None, typer.Option(
        help="a token the director's desk asks for once")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        help="a reverse proxy's address or network (repeatable; default: "
             "RAMINO_TRUSTED_PROXIES): only its X-Forwarded-For and -Proto are believed")
    ] = None,
    allowed_origin: Annotated[list[str] | None, typer.Option(
        help="an origin such as https://club.example that may POST and open the WebSocket "
             "besides the request's own host (repeatable; default: RAMINO_ALLOWED_ORIGINS)")
    ] = None,
) -> None:
    """Serve the lobby and the browser table (tables with bots) at http://HOST:PORT/.

    The tournament file and the port are checked first: a file that cannot be read or a
    port already in use is refused in one line (exit status 2) before anything starts."""
    from ramino.server import serve  # lazily: the plain commands need no web stack

    if tournament is not None:
        check_tournament_file(tournament)
    if db is not None and "://" not in db:
        check_sqlite_file(Path(db))
    check_port_free(host, port)
    def announce() -> None:
        say(Console(), f"ramino: open http://{host}:{port}/ in a browser (Ctrl-C stops)")

    serve(host=host, port=port, db=db, tournament=tournament,
          tournament_token=tournament_token, trusted_proxies=trusted_proxy or (),
          allowed_origins=allowed_origin or (), announce=announce)


def check_tournament_file(path: Path) -> None:
    """Refuse a tournament file the server could not open, naming it and what is wrong."""
    from ramino.tournament.store import TournamentFileError, load

    try:
        load(path)
    except TournamentFileError as exc:  # one line that already names the file
        raise CliError(f"--tournament: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise CliError(f"--tournament {path}: not a tournament file ({exc})") from None


def check_sqlite_file(path: Path) -> None:
    """SQLite creates the file but not its directory: refuse a path it could not open."""
    if path.is_dir():
        raise CliError(f"--db {path}: is a directory, not a database file")
    if not path.expanduser().resolve().parent.is_dir():
        raise CliError(f"--db {path}: no directory {path.parent}")


def check_port_free(host: str, port: int) -> None:
    """Bind the address the server will listen on (as uvicorn does) and let it go again."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise CliError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


@app.command("verify")
def verify_command(
    record: Annotated[Path, typer.Argument(help="a hand record downloaded from a ramino server")],
) -> None:
    """Check a hand record from a ramino server: a fair deal and a legal replay.

    The deal must match the commitment the server published before the first action
    (commit-reveal) and the hand must replay legally.  Exit status 0: checked; 1: it does not
    check; 2: not checkable (what is missing on standard error)."""
    from ramino.server.fairness import verify_document  # lazily, like serve

    verdict = verify_document(load_document(read_file(record)))
    if verdict.exit_code == EXIT_MALFORMED:
        raise CliError(verdict.message)
    say(Console(), verdict.message)
    raise typer.Exit(verdict.exit_code)


# --- tournament ----------------------------------------------------------------------------------


def _mount_tournament(root: typer.Typer) -> None:
    """Mount ``ramino tournament`` when ``ramino.tournament.cli`` exists (built separately)."""
    if importlib.util.find_spec("ramino.tournament.cli") is None:
        return
    module: Any = importlib.import_module("ramino.tournament.cli")
    root.add_typer(module.app, name="tournament")


_mount_tournament(app)
