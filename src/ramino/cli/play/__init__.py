"""``ramino play``: a match in the terminal against the bots of the ladder, typed in the
record notation (docs/record.md §3) or with the numbers of the shown hand; writes the record.

- :mod:`.games`   what differs between Burraco/Buraco and Scala 40: the match, the counts
- :mod:`.loop`    one hand, the same loop for every game: bots, prompt, commands
- :mod:`.match`   the hands of a match, the score sheet between them, reviews, re-entry
- :mod:`.view`    the table drawn with Rich from the player's own observation
- :mod:`.typed`   what the player types: card numbers, refusals in the game's words
- :mod:`.clock`   ``--clock``: the time banks shown on the table
- :mod:`.coaching` ``hint`` at the prompt and the review after a hand (``ramino.coach``)
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ramino.bots.protocol import Bot
from ramino.bots.registry import OPPONENTS, make_bot, parse_spec
from ramino.cli.core import EXIT_ILLEGAL, CliError, rule_options, say
from ramino.cli.play.clock import Clocks
from ramino.cli.play.coaching import Coach
from ramino.cli.play.games import match_game
from ramino.cli.play.loop import HUMAN_SEAT, Seating, bot_turn
from ramino.cli.play.match import Played, play_match
from ramino.cli.play.typed import check_language, read_command
from ramino.cli.words import speak, tr
from ramino.games.burraco.match import MatchFormat
from ramino.games.burraco.seating import initial_sides
from ramino.games.scala40.deal import seat_sides
from ramino.records import dump_document
from ramino.rules import RuleSet, build_ruleset, preset

DEFAULT_LEVEL = "expert"

__all__ = ["HUMAN_SEAT", "bot_seed", "bot_turn", "check_writable", "make_bots", "play_command",
           "read_command"]


def bot_seed(bots_seed: int, seat: int, hand: int = 0) -> int:
    """Each bot's own seed in each hand, so that a match is reproducible from (seed, bots
    seed); the first hand's are ``bots_seed * 8 + seat``."""
    return bots_seed * 8 + seat + 1_000_003 * hand


def check_level(spec: str, option: str) -> str:
    """A bot spec a person may play against (``expert``, ``search:seconds=0.5``), refused
    naming ``option`` otherwise (the oracle sees every hand: measurement only)."""
    try:
        name, _ = parse_spec(spec)
    except ValueError as exc:
        raise CliError(f"{option} {spec}: {exc}") from None
    if name not in OPPONENTS:
        raise CliError(f"{option} {spec}: not an opponent for people; choose one of "
                       f"{', '.join(OPPONENTS)}")
    return spec


def check_settings(spec: str, option: str, rules: RuleSet) -> None:
    """Refuse, before the first deal, a level whose settings the game's bot does not take."""
    try:
        make_bot(spec, 0, rules)
    except ValueError as exc:
        raise CliError(f"{option} {spec}: {exc}") from None


def make_bots(bots_seed: int, rules: RuleSet, seats: tuple[int, ...], *, level: str = "random",
              partner_level: str | None = None, hand: int = 0) -> dict[int, Bot]:
    """A bot for every match seat of the hand but the player's: the partner's level for the
    player's partner (Burraco's seat 2 of 4, §2.1), ``level`` for the others."""
    partners = partner_seats(rules)
    bots: dict[int, Bot] = {}
    for local, seat in enumerate(seats):
        if seat == HUMAN_SEAT:
            continue
        spec = partner_level if seat in partners and partner_level is not None else level
        try:
            bots[local] = make_bot(spec, bot_seed(bots_seed, seat, hand), rules)
        except ValueError as exc:
            raise CliError(f"--bots {spec}: {exc}") from None
    return bots


def partner_seats(rules: RuleSet) -> tuple[int, ...]:
    """The match seats of the player's partners (Burraco with 4 or 6 players: the seat
    across, §2.1, §5; Scala 40 with partnerships, a pair or a team of three; three-player
    Burraco pairs up only during the hand, §5.2)."""
    sides = (seat_sides(rules) if rules.game == "scala40"
             else initial_sides(rules.players))
    mates = [s for s in range(1, rules.players) if sides[s] == sides[HUMAN_SEAT]]
    return tuple(mates)


def seat_names(rules: RuleSet) -> list[str]:
    partners = partner_seats(rules)
    return [tr("tu")] + [tr("compagno {seat}", seat=seat) if seat in partners
                         else tr("bot {seat}", seat=seat) for seat in range(1, rules.players)]


def play_command(
    seed: Annotated[int | None, typer.Option(help="deal seed (default: random)")] = None,
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset")] = "fibur",
    bots_seed: Annotated[int | None, typer.Option(help="bots' seed (default: the deal seed)")
                         ] = None,
    out: Annotated[Path | None, typer.Option(
        help="where to write the record (a hand's, or the match's after several hands)")
                   ] = None,
    players: Annotated[int | None, typer.Option(help="number of players (Scala 40: 2 to 6)")
                       ] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="a rules option, NAME=VALUE (repeatable; ramino rules PRESET "
                               "lists them)")] = None,
    bots: Annotated[str, typer.Option(
        help=f"the bots' level: {', '.join(OPPONENTS)} (settings as in ramino arena, e.g. "
             "search:seconds=0.5)")] = DEFAULT_LEVEL,
    partner: Annotated[str | None, typer.Option(
        help="your partner's level, when it differs from --bots")] = None,
    hands: Annotated[int | None, typer.Option(
        min=1, help="play this many hands (default: the whole match, to the preset's target "
                    "or elimination)")] = None,
    clock: Annotated[float | None, typer.Option(
        help="a time bank of MINUTES per player for the match, shown on the table (not "
             "enforced)")] = None,
    no_hints: Annotated[bool, typer.Option(
        "--no-hints", help="no 'hint' at the prompt, no review after a hand")] = False,
    coach_seconds: Annotated[float, typer.Option(
        min=0.01, help="the coach's thinking budget for a hint or a review")] = 1.0,
    lang: Annotated[str, typer.Option(
        help="the language of the table, the refusals and the coach: en, it, pt")] = "en",
) -> None:
    """Play a match against the bots; you are seat 0 and your partner is seat 2.

    A 4-player FIBUR match to 2005 by default, against expert bots.  Type actions as in a
    record — draw, pick, meld 7h 8h 9h, attach 2 Kh, discard 3c — or with the numbers of
    your shown hand (meld 1 2 3, discard 5).  At the prompt: 'help' lists your legal
    actions, 'hint' asks the coach, 'show' draws the table, 'quit' stops.  After each hand
    the score sheet, and a review of your three costliest decisions on request.  With
    --preset fisca (and --players 2..6) the match is Scala 40, with 'swap 3 6h' too."""
    console = Console(highlight=False)
    level = check_level(bots, "--bots")
    partner_level = None if partner is None else check_level(partner, "--partner")
    check_language(lang)
    rules = _rules(preset_name, option or [], players)
    speak(lang)
    for spec, name in ((level, "--bots"), (partner_level, "--partner")):
        if spec is not None:
            check_settings(spec, name, rules)
    chosen_seed = seed if seed is not None else secrets.randbelow(2**31)
    chosen_bots = bots_seed if bots_seed is not None else chosen_seed
    if out is None:
        stamp = (f"seed-{seed}" if seed is not None
                 else dt.datetime.now().strftime("%Y%m%d-%H%M%S"))
        out = Path("records") / f"{stamp}.json"
    record = out
    check_writable(record)
    try:
        clocks = None if clock is None else Clocks(clock, rules.players)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    names = seat_names(rules)
    game = match_game(rules, chosen_seed)
    hand_numbers = itertools.count()

    def hand_bots(hand_rules: RuleSet, seats: tuple[int, ...]) -> dict[int, Bot]:
        return make_bots(chosen_bots, hand_rules, seats, level=level,
                         partner_level=partner_level, hand=next(hand_numbers))

    coach = None if no_hints else Coach(chosen_bots, coach_seconds, lang, names,
                                         rules.game)
    seating = Seating(console, names, hand_bots, lang=lang, clocks=clocks,
                      hinter=None if coach is None else coach.hint,
                      thinking=lambda what: console.status(what, spinner="dots"))
    meta: dict[str, Any] = {"event": "ramino play", "date": dt.date.today().isoformat(),
                            "seed": chosen_seed, "bots_seed": chosen_bots, "bots": level}
    if partner_level is not None:
        meta["partner"] = partner_level

    def save() -> None:
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(dump_document(game.document(names, meta)), encoding="utf-8")

    say(console, _welcome(rules, chosen_seed, chosen_bots, level, partner_level, hands))
    try:
        played = play_match(seating, game, hands=hands,
                            reviewer=None if coach is None else coach.review, saved=save)
    except KeyboardInterrupt:  # Ctrl-C: the record of what was played is kept all the same
        save()
        say(console, "\n" + tr("interrotta"))
        played = Played(interrupted=True)
    say(console, tr("Record scritto in {path}", path=record))
    if played.interrupted:
        raise typer.Exit(EXIT_ILLEGAL)


def _rules(preset_name: str, options: list[str], players: int | None) -> RuleSet:
    """The preset with the ``--option`` overrides and ``--players``, checked together (a
    partnership needs its player count)."""
    overrides: dict[str, object] = dict(rule_options(options))
    if players is not None:
        overrides["players"] = players
    try:
        return build_ruleset(preset(preset_name), overrides)
    except ValueError as exc:
        if not options:
            raise  # the error names the players option itself
        raise CliError(f"--option: {exc}") from None


def _welcome(rules: RuleSet, seed: int, bots_seed: int, level: str, partner: str | None,
             hands: int | None) -> str:
    mates = partner_seats(rules)
    if mates:
        who = ", ".join(map(str, mates))
        level_of = partner or level
        sides = (tr("il tuo compagno è il posto {seats} ({level})", seats=who, level=level_of)
                 if len(mates) == 1 else
                 tr("i tuoi compagni sono i posti {seats} ({level})", seats=who,
                    level=level_of))
    elif rules.game != "scala40" and rules.players == 3:
        sides = tr("ognuno gioca da solo finché non si forma una coppia")
    else:
        sides = tr("giochi da solo")
    if hands is not None:
        goal = tr("{hands} mani", hands=hands)
    elif rules.game == "scala40":
        goal = tr("eliminato a {limit}", limit=rules.elimination_limit)
    else:
        mode = MatchFormat.from_rules(rules).mode
        goal = tr("a {target}", target=mode.value) if mode.mode == "TARGET" else str(mode)
    game = {"burraco": "Burraco", "buraco": "Buraco", "scala40": "Scala 40"}[rules.game]
    return tr("{game} ({preset}, {players} giocatori, {goal}), seme del mazzo {seed}, seme dei "
              "bot {bots_seed}, bot: {level}. Sei il posto 0; {sides}. Scrivi 'help' per le "
              "tue mosse legali, 'hint' per la mossa del coach.", game=game,
              preset=rules.preset, players=rules.players, goal=goal, seed=seed,
              bots_seed=bots_seed, level=level, sides=sides)


def check_writable(path: Path, option: str = "--out") -> None:
    """Refuse before the match starts a record path that could not be written at its end
    (a directory, or under a file or a directory this user may not write), naming the
    ``option`` that gave it."""
    if path.is_dir():
        raise CliError(f"{option} {path}: is a directory, not a file name")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise CliError(f"{option} {path}: not writable by this user")
        return
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent  # the directories that play creates start under this one
    if not parent.is_dir():
        raise CliError(f"{option} {path}: {parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"{option} {path}: {parent} is not writable by this user")
