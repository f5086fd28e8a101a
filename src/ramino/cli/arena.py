"""``ramino arena``: duplicate matches between bots (:mod:`ramino.arena`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ramino.cli.core import EXIT_ILLEGAL, EXIT_MALFORMED
from ramino.errors import RulesError


def arena_command(
    bots: Annotated[list[str] | None, typer.Argument(
        help="two bots, A then B (random, easy, greedy, expert, search, oracle; settings as "
             "search:samples=8; expert+search: two partners; module:attribute or "
             "cmd:COMMAND, as --bot); with --ladder, any number (none: random, greedy, "
             "expert and the installed plugins)")] = None,
    deals: Annotated[int, typer.Option(help="deals, each played twice with sides swapped")] = 100,
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset")] = "fibur",
    ladder: Annotated[bool, typer.Option(help="rate every bot (Bradley–Terry) with a chart")
                      ] = False,
    jobs: Annotated[int | None, typer.Option(help="worker processes (default: every core)")
                    ] = None,
    seed: Annotated[int, typer.Option(help="bots' seed")] = 0,
    first_deal: Annotated[int, typer.Option(help="seed of the first deal")] = 1,
    early_stop: Annotated[bool, typer.Option(
        help="stop once a sequential probability ratio test (SPRT) decides")] = False,
    sprt_h0: Annotated[float, typer.Option(help="SPRT: H0's mean A−B, points per hand")] = 0.0,
    sprt_h1: Annotated[float, typer.Option(help="SPRT: H1's mean A−B, points per hand")] = 20.0,
    sprt_alpha: Annotated[float, typer.Option(help="SPRT: chance of accepting H1 under H0")
                          ] = 0.05,
    sprt_beta: Annotated[float, typer.Option(help="SPRT: chance of accepting H0 under H1")
                         ] = 0.05,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", help="a bot of your own, again for each: a factory module:attribute, a name "
                      "installed in the ramino.bots entry points, or cmd:COMMAND (a process "
                      "speaking line JSON, docs/bots.md); before the BOTS (--bot mine greedy: "
                      "A is mine), or added to the ladder")] = None,
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
    from ramino.arena.sprt import Sprt
    from ramino.bots.stdio import ExternalBotError
    try:
        sprt = Sprt(sprt_h0, sprt_h1, sprt_alpha, sprt_beta)
        status = arena(list(bots or []), deals=deals, preset_name=preset_name, ladder=ladder,
                       jobs=jobs, seed=seed, first_deal=first_deal, early_stop=early_stop,
                       honesty_every=honesty_every, records=records, out=out, as_json=as_json,
                       players=players, extra=list(bot or []), sprt=sprt)
    except (ValueError, RulesError) as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    except ExternalBotError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(EXIT_ILLEGAL) from None
    raise typer.Exit(status)
