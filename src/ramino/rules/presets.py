"""Named presets: a preset is a name and option overrides of the FIBUR defaults (RULES.md §3).

``fibur``          the FIBUR Codice di Gara as reconstructed in RULES.md §2 (the default).
``international``  FIBUR's international code: closing needs a burraco pulito (§2.8, [EB-int]).
``fisca``          Scala 40, FISCA regolamento without its three variants (RULES.md §6), 4 players.

A preset may name its game with a ``"game"`` entry (default ``burraco``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from ramino.errors import RulesError
from ramino.rules.options import RuleSet, build_ruleset

_BRAZILIAN: Final[dict[str, Any]] = {
    "turn_direction": "COUNTERCLOCKWISE", "stock_exhaustion": "POZZETTO_BECOMES_STOCK",
    "pickup_forbidden_with_one_card": True, "match_mode": "TARGET(3000)",
}

PRESET_OVERRIDES: Final[dict[str, dict[str, Any]]] = {
    "fibur": {},
    "international": {"closing_burraco_requirement": "CLEAN"},
    # The common Italian home game: RULES.md §3.5 (no semipulito in many house games, [S000]),
    # §3.4 (the free wild slides, [EB-matte]) and §3.6 (both sides pay when neither took).
    "house": {"semipulito_enabled": False, "wild_reposition_policy": "FREE_END_SLIDES",
              "pozzetto_penalty_if_neither_took": True},
    "fisca": {"game": "scala40", "hand_size": 13, "players": 4},
    # Brazilian Buraco (RULES.md §4): the modes of the [JOG] table, §4.1.  Common to all: play
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
PRESET_DESCRIPTIONS: Final = {
    "fibur": "Italian Burraco, FIBUR Codice di Gara (RULES.md §2), 4 players",
    "international": "FIBUR international code: a burraco pulito is needed to close (§2.8)",
    "house": "Italian home game: no semipulito, the free wild slides, both sides pay the "
             "pozzetto penalty when neither took one",
    "fisca": "Scala 40, FISCA regolamento (RULES.md §6), 4 players; variants as options",
    "buraco-aberto": "Brazilian Buraco aberto: sequences only, the lixo open, a clean "
                     "canastra to close (RULES.md §4.1)",
    "buraco-fechado": "Brazilian Buraco fechado: groups allowed, the lixo closed (top card "
                      "only), any canastra closes (§4.1)",
    "buraco-stbl": "Brazilian Buraco fechado STBL: sequences only, the lixo closed, a clean "
                   "canastra to close (§4.1)",
    "buraco-italiano": "the S004 site's 'Buraco italiano': groups, the lixo open, any canastra, "
                       "no batida direta (§4.1, §8.11)",
}


def preset_names() -> list[str]:
    return list(PRESET_OVERRIDES)


def preset(name: str) -> RuleSet:
    key = name.strip().lower()
    if key not in PRESET_OVERRIDES:
        raise RulesError(f"unknown preset {name!r} (known: {', '.join(PRESET_OVERRIDES)})")
    overrides = dict(PRESET_OVERRIDES[key])
    game = overrides.pop("game", "burraco")
    base = RuleSet() if game == "burraco" else dataclasses.replace(RuleSet(), game=game)
    return build_ruleset(base, overrides, preset=key, check_supported=False)


def make_rules(preset_name: str = "fibur", options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set of a record's ``rules`` object: a preset plus option overrides."""
    return build_ruleset(preset(preset_name), options or {})
