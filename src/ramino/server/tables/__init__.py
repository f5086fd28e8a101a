"""The tables of the server: one writer per table, every command serialised, every change
versioned (:mod:`~ramino.server.tables.manager` tells how).

- :mod:`~ramino.server.tables.client`       a connection's outbox; the error frame of a refusal
- :mod:`~ramino.server.tables.table`        one live table and the frames it sends
- :mod:`~ramino.server.tables.hands`        dealing a hand, replaying a stored one
- :mod:`~ramino.server.tables.moves`        what one action does, decided before it is stored
- :mod:`~ramino.server.tables.registry`     the live tables, loaded and kept in step
- :mod:`~ramino.server.tables.play`         actions stored and sent, bots, next hands
- :mod:`~ramino.server.tables.timekeeping`  clocks, absences, idle players, round clocks
- :mod:`~ramino.server.tables.manager`      :class:`TableManager`: life cycle, new tables, joins
"""

from __future__ import annotations

from ramino.server.tables.client import OUTBOX_LIMIT, Client, error_of
from ramino.server.tables.hands import (
    new_hand,
    reentries_by_hand,
    replay_hand,
    stored_hand,
    table_plan,
)
from ramino.server.tables.manager import (
    CHAT_HISTORY,
    QUICK_CLOCK_MS,
    QUICK_INCREMENT_MS,
    QUICK_PRESETS,
    TableManager,
)
from ramino.server.tables.moves import Move, decide
from ramino.server.tables.registry import FAST_PACE, IDLE_MS, NUDGE_MS, TournamentHook
from ramino.server.tables.table import Table, secret_hash

__all__ = [
    "CHAT_HISTORY",
    "FAST_PACE",
    "IDLE_MS",
    "NUDGE_MS",
    "OUTBOX_LIMIT",
    "QUICK_CLOCK_MS",
    "QUICK_INCREMENT_MS",
    "QUICK_PRESETS",
    "Client",
    "Move",
    "Table",
    "TableManager",
    "TournamentHook",
    "decide",
    "error_of",
    "new_hand",
    "reentries_by_hand",
    "replay_hand",
    "secret_hash",
    "stored_hand",
    "table_plan",
]
