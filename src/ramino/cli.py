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
``ramino tournament …``          the tournament commands, when that package provides them
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ramino.bots import RandomBot
from ramino.cards import card_str, sort_for_hand
from ramino.errors import IllegalActionError, NotationError, RecordError, RulesError
from ramino.games.actions import DISCARD, Action
from ramino.games.burraco import BurracoState
from ramino.games.scala40 import Scala40State
from ramino.games.scala40_match import hand_sides
from ramino.melds import burraco_type
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
from ramino.records.scala40 import (
    Scala40ReplayReport,
    is_scala40_document,
    replay_scala40,
    scala40_record_of,
)
from ramino.records.writer import recorded_result
from ramino.rules import RuleSet, build_ruleset, preset, preset_names
from ramino.rules.options import Partnerships
from ramino.rules.presets import PRESET_DESCRIPTIONS

app = typer.Typer(help="ramino: Italian rummy games (Burraco FIBUR) — play, replay, rules.",
                  no_args_is_help=True, add_completion=False)

EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
HUMAN_SEAT = 0


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
    """Check a game record action by action and print the final position and the score."""
    try:
        # Bytes, not text: load_document reports bad UTF-8 as a malformed record (exit 2).
        text = _stdin_bytes() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        typer.echo(f"cannot read {file}: {exc.strerror or exc}", err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    report: ReplayReport | Scala40ReplayReport
    try:
        document = load_document(text)
        report = (replay_scala40(document) if is_scala40_document(document)
                  else replay(document))
    except RecordError as exc:
        typer.echo(f"not a well-formed ramino-record/1 record: {exc}", err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    if as_json:
        typer.echo(json.dumps(report.result_json(), ensure_ascii=False))
    elif isinstance(report, Scala40ReplayReport):
        _print_scala40_report(Console(highlight=False), report)
    else:
        _print_report(Console(highlight=False), report)
    for problem in report.problems:
        typer.echo(problem.message, err=True)
    raise typer.Exit(report.exit_code)


def _stdin_bytes() -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data = buffer.read()
        assert isinstance(data, bytes)
        return data
    return sys.stdin.read().encode("utf-8", "surrogateescape")


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
        for side in range(2):
            table.add_column(f"side {side}", justify="right")
        for i, played in enumerate(report.hands):
            scores = played.result.scores if played.result else ("…", "…")
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
        print_score(console, played.result, played.state.closed_by)
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
    for seat, hand in enumerate(position.hands):
        who = f"{seat} {names[seat]}" if names else str(seat)
        if seat == position.current and position.phase != "over":
            who += " *"
        pending = position.pending[seat]
        shown = "(hidden)" if seat in hide else " ".join(
            card_str(c) for c in sort_for_hand(hand))
        if pending is not None:
            shown += f"  + pozzetto of {len(pending)} after the next draw"
        seats.add_row(who, str(seat % 2), str(len(hand)), shown)
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


def print_score(console: Console, result: RecordedResult, closed_by: int | None) -> None:
    how = {"closed": "closed", "stock": "the stock ran out", "stallo": "stallo",
           "timeout": "time out"}[result.end]
    if result.end == "closed" and closed_by is not None:
        how += f" by seat {closed_by}"
    table = Table(title=f"Score — hand ended: {how}")
    table.add_column("side")
    for key in BREAKDOWN_KEYS:
        table.add_column(key, justify="right")
    table.add_column("total", justify="right")
    breakdown = result.breakdown or ()
    for side, score in enumerate(result.scores):
        parts = [str(breakdown[side][k]) for k in BREAKDOWN_KEYS] if breakdown else [""] * 5
        table.add_row(f"{side} (seats {side}, {side + 2})", *parts, str(score))
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
    try:
        rules = preset(name)
    except RulesError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    values = rules.options()
    table = Table(title=f"Preset {rules.preset}: {PRESET_DESCRIPTIONS.get(rules.preset, '')}")
    table.add_column("option")
    table.add_column("value")
    table.add_column("RULES.md")
    table.add_column("meaning")
    for spec in rules.applicable():
        table.add_row(spec.name, json.dumps(values[spec.name]), spec.section, spec.describe)
    console.print(table)


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
    players: Annotated[int | None, typer.Option(help="number of players (Scala 40: 2 to 6)")
                       ] = None,
) -> None:
    """Duplicate matches between bots (issue 4): mean points per hand with a bootstrap 95% CI,
    match win rate, FIBUR VP, illegal actions and honesty failures.  With --preset fisca the
    bots play Scala 40 (--players 2..6): A in the even seats, then in the odd ones."""
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
    """Play a 4-player FIBUR hand against three random-legal bots; you are seat 0 and your
    partner is seat 2.  Type actions as in a record: draw, pick, meld 7h 8h 9h, attach 2 Kh,
    discard 3c.  'help' lists your legal actions, 'show' the table, 'quit' stops.  With
    --preset fisca (and --players 2..6) the hand is Scala 40, with 'swap 3 6h' too."""
    console = Console(highlight=False)
    try:
        rules = preset(preset_name)
        if players is not None:
            rules = build_ruleset(rules, {"players": players})
    except RulesError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    chosen_seed = seed if seed is not None else secrets.randbelow(2**31)
    chosen_bots = bots_seed if bots_seed is not None else chosen_seed
    if out is None:
        stamp = (f"seed-{seed}" if seed is not None
                 else dt.datetime.now().strftime("%Y%m%d-%H%M%S"))
        out = Path("records") / f"{stamp}.json"
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
        print_score(console, recorded_result(result), state.closed_by)
    say(console, f"Record written to {out}")
    if not finished:
        raise typer.Exit(EXIT_ILLEGAL)


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
        say(console, f"your move ({prompt}) > ", end="")
        line = sys.stdin.readline()
        if not line:
            say(console, "\ninput ended before the end of the hand")
            finished = False
            break
        text = line.strip()
        say(console, text)
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
        say(console, f"your move ({prompt}) > ", end="")
        line = sys.stdin.readline()
        if not line:
            say(console, "\ninput ended before the end of the hand")
            return False
        text = line.strip()
        say(console, text)  # echo, so that a transcript of scripted input reads well
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
    port: Annotated[int, typer.Option(help="TCP port")] = 8000,
    db: Annotated[Path | None, typer.Option(
        help="SQLite file (default: DATABASE_URL, else ./ramino-server.db)")] = None,
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
    """Serve the lobby and the browser table (tables with bots) at http://HOST:PORT/."""
    from ramino.server import serve  # lazily: the plain commands need no web stack

    say(Console(), f"ramino: open http://{host}:{port}/ in a browser (Ctrl-C stops)")
    serve(host=host, port=port, db=db, tournament=tournament,
          tournament_token=tournament_token, trusted_proxies=trusted_proxy or (),
          allowed_origins=allowed_origin or ())


@app.command("verify")
def verify_command(
    record: Annotated[Path, typer.Argument(help="a hand record downloaded from a ramino server")],
) -> None:
    """Check that a server's deal was fixed before the first action (commit-reveal) and that
    the hand replays legally; exit status 0 checked, 1 it does not check, 2 not checkable."""
    from ramino.server.fairness import verify_document  # lazily, like serve

    try:
        document = load_document(record.read_bytes())
    except (OSError, RecordError) as exc:
        say(Console(), f"cannot read {record}: {exc}")
        raise typer.Exit(EXIT_MALFORMED) from None
    verdict = verify_document(document)
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
