"""The server's routes, one router per concern; :func:`ramino.server.app.create_app`
includes them all.

- :mod:`~ramino.server.routes.lobby`        the lobby page, new tables, quick play, options
- :mod:`~ramino.server.routes.tables`       a table's page, its waiting room and invitation
- :mod:`~ramino.server.routes.rules_pages`  each preset's rules page
- :mod:`~ramino.server.routes.accounts`     accounts, sessions, bot tokens, leaderboards
- :mod:`~ramino.server.routes.replays`      hand records and replays
- :mod:`~ramino.server.routes.puzzles`      puzzles from reviewed hands, answers checked
- :mod:`~ramino.server.routes.socket`       the table WebSocket (``/ws``)
- :mod:`~ramino.server.routes.deps`         what they share: manager, store, pages, limits
"""
