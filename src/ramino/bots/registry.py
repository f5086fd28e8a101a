"""The named bots of the ladder and the one factory that makes them (issue 4).

A bot spec is a name with optional settings: ``expert``, ``expert:wild_cost=20`` (any
``ExpertWeights`` field), ``search:samples=16``, ``search:seconds=1,samples=1000``.  ``oracle`` is
registered for measurement only (it reads the true state, ``ramino.bots.protocol.SeesState``)
and is never offered as an opponent to people.
"""

from __future__ import annotations

from collections.abc import Callable

from ramino.bots.random_bot import Bot, RandomBot
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset


def _random(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return RandomBot(seed)


def _greedy(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.greedy import GreedyBot
    return GreedyBot(seed, rules)


def _expert(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.expert import ExpertBot, ExpertWeights
    known = set(ExpertWeights().as_dict())
    unknown = set(options) - known
    if unknown:
        raise ValueError(f"unknown expert weight(s) {sorted(unknown)}")
    weights = ExpertWeights.from_dict({k: float(v) for k, v in options.items()})
    return ExpertBot(seed, rules, weights)


def _search(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.search import SearchBot
    return SearchBot(seed, rules, **_search_options(options))


def _oracle(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.oracle import OracleBot
    tallone = float(options.pop("tallone", "1"))
    return OracleBot(seed, rules, tallone=tallone, **_search_options(options))


def _search_options(options: dict[str, str]) -> dict[str, float]:
    allowed = {"samples", "seconds", "candidates", "horizon", "margin"}
    unknown = set(options) - allowed
    if unknown:
        raise ValueError(f"unknown search setting(s) {sorted(unknown)}; use {sorted(allowed)}")
    return {k: float(v) for k, v in options.items()}


BOTS: dict[str, Callable[[int, RuleSet, dict[str, str]], Bot]] = {
    "random": _random,
    "greedy": _greedy,
    "expert": _expert,
    "search": _search,
    "oracle": _oracle,
}
#: The bots a person may play against (the oracle sees every hand).
OPPONENTS = ("random", "greedy", "expert", "search")
MEASUREMENT_ONLY = frozenset({"oracle"})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"search:samples=8,seconds=0.5"`` -> ``("search", {"samples": "8", ...})``."""
    name, _, rest = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; the ladder has {', '.join(BOTS)}")
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} needs the form key=value")
        options[key.strip()] = value.strip()
    return name, options


def make_bot(spec: str, seed: int, rules: RuleSet | None = None) -> Bot:
    """A fresh bot from its spec and seed (same spec, seed and observations: same choices)."""
    name, options = parse_spec(spec)
    return BOTS[name](seed, rules or preset("fibur"), options)
