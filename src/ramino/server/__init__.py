"""Play online: the table server (FastAPI + WebSockets) and the browser table it serves.

- :mod:`~ramino.server.app`       the app factory: assembles the routers, shares their needs
- :mod:`~ramino.server.routes`    the routers: lobby, tables, rules, accounts, replays, ``/ws``
- :mod:`~ramino.server.tables`    one writer per table: check, commit, broadcast; bots, clocks
- :mod:`~ramino.server.games`     the table's game behind one interface: Burraco/Buraco, Scala 40
- :mod:`~ramino.server.protocol`  client and server messages with their size limits
- :mod:`~ramino.server.views`     what each receiver may see (observation or public view)
- :mod:`~ramino.server.seating`   table seats <-> engine seats as the deal rotates
- :mod:`~ramino.server.store`     SQLAlchemy 2 store with Alembic migrations (``migrations/``)
- :mod:`~ramino.server.writer`    group commit of the accepted actions
- :mod:`~ramino.server.fanout`    several processes: Redis pub/sub, leases, presence
- :mod:`~ramino.server.clock`     chess clock (time bank + increment)
- :mod:`~ramino.server.matches`   matches of N hands or to a target score
- :mod:`~ramino.server.accounts`  argon2 accounts, sessions, S004 experience points
- :mod:`~ramino.server.ratings`   OpenSkill ratings per player inside partnerships
- :mod:`~ramino.server.fairness`  commit-reveal deals and ``ramino verify``
- :mod:`~ramino.server.replays`   every position of a finished hand for the replay viewer
- :mod:`~ramino.server.limits`    flood control
- :mod:`~ramino.server.bots`      bots for empty seats
- :mod:`~ramino.server.i18n`      the pages' languages (gettext catalogs in ``locale/``)

``serve(host, port, db)`` runs it with uvicorn (``ramino serve``).  ``docs/server.md`` has the
protocol and the deployment notes.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ramino.server.app import create_app

__all__ = ["create_app", "serve"]

MAX_WS_BYTES = 16 * 1024  # uvicorn drops larger frames before any handler reads them
# Full collections at most once per this many young (generation 1) ones, instead of 10.
FULL_GC_EVERY = 1000


def __getattr__(name: str) -> Any:
    """``create_app`` is loaded on first use, so that a module of this package that needs no
    web stack (``fairness``, behind ``ramino verify``) imports without the server extra."""
    if name == "create_app":
        from ramino.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path | None = None,
          *, bot_delay: float = 1.0, tournament: str | Path | None = None,
          tournament_token: str | None = None, trusted_proxies: Sequence[str] = (),
          allowed_origins: Sequence[str] = (),
          announce: Callable[[], None] | None = None) -> None:
    """Run the server until interrupted; ``db`` None means ``DATABASE_URL`` or
    ``ramino-server.db`` in the current directory; ``tournament`` a tournament file whose
    desk and standings are served under ``/tournament``.  ``trusted_proxies`` (else
    ``RAMINO_TRUSTED_PROXIES``) are the only peers whose ``X-Forwarded-For``/``-Proto`` are
    believed; ``allowed_origins`` (else ``RAMINO_ALLOWED_ORIGINS``) the origins besides the
    request's host that may POST and open the WebSocket (docs/server.md, "Security").
    ``announce`` is called once the database is open and migrated, just before serving: an
    address is announced only for a server that can start."""
    import uvicorn

    from ramino.server.app import create_app

    target = db if db is not None else os.environ.get("DATABASE_URL")
    burst, per_second = _http_rate(os.environ.get("RAMINO_HTTP_RATE", "20,0.5"))
    join_burst, join_per_second = _http_rate(os.environ.get("RAMINO_JOIN_RATE", "60,1"),
                                             "RAMINO_JOIN_RATE")
    address_burst, address_per_second = _http_rate(
        os.environ.get("RAMINO_ADDRESS_RATE", "600,200"), "RAMINO_ADDRESS_RATE")
    proxies = list(trusted_proxies) or _listed(os.environ.get("RAMINO_TRUSTED_PROXIES", ""))
    origins = list(allowed_origins) or _listed(os.environ.get("RAMINO_ALLOWED_ORIGINS", ""))
    app = create_app(target, bot_delay=bot_delay, http_burst=burst, http_per_second=per_second,
                     tournament=tournament, tournament_token=tournament_token,
                     trusted_proxies=proxies, allowed_origins=origins,
                     join_burst=join_burst, join_per_second=join_per_second,
                     address_burst=address_burst, address_per_second=address_per_second)
    tune_gc()
    if announce is not None:
        announce()
    uvicorn.run(app, **uvicorn_options(host, port))


def uvicorn_options(host: str, port: int) -> dict[str, Any]:
    """How ``serve`` runs uvicorn.  Forwarded headers are left to the app, which believes
    them only from the configured proxies (uvicorn would believe any client on 127.0.0.1)."""
    # No permessage-deflate: an update is ~2 KB and compressing thousands a second costs more
    # CPU than the bandwidth it saves; a proxy in front may compress for slow links.
    return {"host": host, "port": port, "log_level": "warning", "ws_max_size": MAX_WS_BYTES,
            "ws": "websockets-sansio" if _has_sansio() else "auto",
            "ws_per_message_deflate": False, "proxy_headers": False}


def _listed(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def tune_gc() -> None:
    """Keep the cyclic garbage collector from stopping every table for a tenth of a second.

    Each action replaces a table's state and adds to its history, so the long-lived objects
    turn over all the time and CPython (3.11) runs a full collection every few thousand
    actions: with 500 tables that walks some 300 000 objects, 100-400 ms during which no
    table moves, and it finds nothing (the tables' objects are freed by reference counting;
    `bench/load.py` measured it).  The young generations keep CPython's thresholds, so
    short-lived cycles go at once and each collection is short: a larger youngest
    generation saves no CPU that `bench/load.py` can see, and each collection of the middle
    generation then walks far more survivors (100-200 ms at 1,000 tables with 20,000, every
    table stopped meanwhile).  The code and data loaded at start are frozen out of every
    collection."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_GC_EVERY)


def _http_rate(text: str, variable: str = "RAMINO_HTTP_RATE") -> tuple[int, float]:
    """``RAMINO_HTTP_RATE=BURST,PER_SECOND``: each address's budget of costly HTTP calls (the
    same form for ``RAMINO_JOIN_RATE`` and ``RAMINO_ADDRESS_RATE``)."""
    try:
        burst, per_second = text.split(",")
        return int(burst), float(per_second)
    except ValueError:
        raise SystemExit(f"{variable} must be BURST,PER_SECOND (e.g. 20,0.5), "
                         f"not {text!r}") from None


def _has_sansio() -> bool:
    try:
        import uvicorn.protocols.websockets.websockets_sansio_impl  # noqa: F401
    except ImportError:
        return False
    return True
