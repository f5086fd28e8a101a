"""The presets as data: each a name and the option overrides of the FIBUR defaults (§3).

A leaf module (it imports nothing of ramino) so that both the rule set, which writes only what
differs from its preset, and ``ramino.rules.presets``, which builds a preset, can read it.
A preset may name its game with a ``"game"`` entry (default ``burraco``).
"""

from __future__ import annotations

from typing import Any, Final

_BRAZILIAN: Final[dict[str, Any]] = {
    "turn_direction": "COUNTERCLOCKWISE", "stock_exhaustion": "POZZETTO_BECOMES_STOCK",
    "pickup_forbidden_with_one_card": True, "match_mode": "TARGET(3000)",
}

PRESET_OVERRIDES: Final[dict[str, dict[str, Any]]] = {
    "fibur": {},
    "international": {"closing_burraco_requirement": "CLEAN"},
    # The common Italian home game: §3.5 (no semipulito in many house games, [S000]),
    # §3.4 (the free wild slides, [EB-matte]) and §3.6 (both sides pay when neither took).
    "house": {"semipulito_enabled": False, "wild_reposition_policy": "FREE_END_SLIDES",
              "pozzetto_penalty_if_neither_took": True},
    "fisca": {"game": "scala40", "hand_size": 13, "players": 4},
    # Brazilian Buraco (§4): the modes of the [JOG] table, §4.1.  Common to all: play
    # counterclockwise, a morto becomes the stock when the stock runs out (§4.2), a player
    # with one card may not take the lixo (pique, §4.2), to 3000 (§4.4).
    "buraco-aberto": {"game": "buraco", **_BRAZILIAN, "groups_allowed": False,
                      "closing_burraco_requirement": "CLEAN"},
    "buraco-fechado": {"game": "buraco", **_BRAZILIAN, "discard_pile_visibility": "TOP_ONLY"},
    "buraco-stbl": {"game": "buraco", **_BRAZILIAN, "groups_allowed": False,
                    "discard_pile_visibility": "TOP_ONLY",
                    "closing_burraco_requirement": "CLEAN"},
    # The S004 site's "Buraco italiano": sequences and groups, the lixo open, any canastra
    # closes, and no batida direta ("não disponível nesta modalidade", §8 item 11).
    "buraco-italiano": {"game": "buraco", **_BRAZILIAN, "pozzetto_al_volo_allowed": False},
}
