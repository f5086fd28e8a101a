"""Named presets: a preset is a name and option overrides of the FIBUR defaults (§3).

``fibur``          the FIBUR Codice di Gara as reconstructed in §2 (the default).
``international``  FIBUR's international code: closing needs a burraco pulito (§2.8, [EB-int]).
``fisca``          Scala 40, FISCA regolamento without its three variants (§6), 4 players.

A preset may name its game with a ``"game"`` entry (default ``burraco``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ramino.errors import RulesError
from ramino.rules.options import RuleSet, build_ruleset, preset_ruleset
from ramino.rules.preset_table import PRESET_OVERRIDES

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
    return preset_ruleset(key)


def make_rules(preset_name: str = "fibur", options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set of a record's ``rules`` object: a preset plus option overrides."""
    return build_ruleset(preset(preset_name), options or {})
