"""The ``ramino`` command (the top floor: it may import everything below it).

``ramino replay FILE [--json]``  check a ``ramino-record/1`` file (``-``: standard input) and
                                 print the final position and the score; exit status 0 legal,
                                 1 an illegal action or a differing result, 2 not a well-formed
                                 record (docs/record.md §5); ``--lang it|pt`` prints it in
                                 Italian or Portuguese
``ramino play``                  a match in the terminal against the ladder's bots (a
                                 4-player FIBUR match to 2005 by default; ``--preset fisca
                                 --players N`` Scala 40), moves typed in the record notation
                                 (docs/record.md §3), the score sheet after each hand, hints
                                 and reviews; writes the record (docs/play.md)
``ramino review FILE --seat N``  every decision of seat N in a recorded hand scored by the
                                 search from that seat's observation, the costliest three
                                 explained; ``--json`` for programs, ``--lang it|pt`` in
                                 Italian or Portuguese (docs/coach.md)
``ramino rules [PRESET]``        the presets, or every option of one with its section of
                                 docs/rules.md
``ramino score``                 the score keeper for hands played with real cards: each hand
                                 entered as counted, scored by the engine, the running sheet
                                 and the match's end; ``--export`` writes its results record;
                                 ``--lang it|pt`` the session in Italian or Portuguese
``ramino serve``, ``verify``     the table server; the check of a server's hand record
``ramino arena``                 duplicate matches between bots
``ramino tournament …``          the tournament commands, when that package provides them

Every command runs inside :class:`ErrorBoundary`, the one place where an error becomes the
line a user reads: bad input exits 2, a defect of ramino 70.

One module per command group: :mod:`~ramino.cli.core` (the group, its error boundary and what
the commands share), :mod:`~ramino.cli.replay`, :mod:`~ramino.cli.play`,
:mod:`~ramino.cli.review`, :mod:`~ramino.cli.rules`, :mod:`~ramino.cli.score`,
:mod:`~ramino.cli.arena` and :mod:`~ramino.cli.serve` (``serve`` and ``verify``); ``ramino
tournament`` is loaded by the group when asked for.
``ramino.cli:main`` is the entry point.
"""

from __future__ import annotations

from ramino.cli.arena import arena_command
from ramino.cli.core import (
    DEBUG_VARIABLE,
    EXIT_ILLEGAL,
    EXIT_INTERNAL,
    EXIT_MALFORMED,
    MAX_INPUT_BYTES,
    CliError,
    ErrorBoundary,
    app,
    error_line,
    main,
    read_file,
    refuse,
    say,
)
from ramino.cli.play import HUMAN_SEAT, bot_seed, bot_turn, make_bots, play_command
from ramino.cli.replay import replay_command
from ramino.cli.review import review_command
from ramino.cli.rules import rules_command
from ramino.cli.score import score_command
from ramino.cli.serve import serve_command, verify_command

__all__ = [
    "DEBUG_VARIABLE",
    "EXIT_ILLEGAL",
    "EXIT_INTERNAL",
    "EXIT_MALFORMED",
    "HUMAN_SEAT",
    "MAX_INPUT_BYTES",
    "CliError",
    "ErrorBoundary",
    "app",
    "bot_seed",
    "bot_turn",
    "error_line",
    "main",
    "make_bots",
    "read_file",
    "refuse",
    "say",
]

# The commands in the order ``ramino --help`` lists them.
app.command("replay")(replay_command)
app.command("review")(review_command)
app.command("rules")(rules_command)
app.command("arena")(arena_command)
app.command("play")(play_command)
app.command("score")(score_command)
app.command("serve")(serve_command)
app.command("verify")(verify_command)
