"""``ramino arena``: duplicate matches between bots (:mod:`ramino.arena`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ramino.cli.core import EXIT_MALFORMED
from ramino.errors import RulesError


def arena_command(
    bots: Annotated[list[str] | None, typer.Argument(
        help="two bots, A then B (random, easy, greedy, expert, search, oracle; settings as "
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
