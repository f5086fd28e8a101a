"""The named bots of the ladder and the one factory that makes them.

A bot spec is a name with optional settings: ``easy:mistakes=0.5`` (the rate of its
mistakes, ``ramino.bots.slips``), ``expert``, ``expert:wild_cost=20`` (any
``ExpertWeights`` field), ``search:samples=16``, ``search:seconds=1,samples=1000``.  ``oracle`` is
registered for measurement only (it reads the true state, ``ramino.bots.protocol.SeesState``)
and is never offered as an opponent to people.

Bots from elsewhere take the same specs (``ramino.bots.external``, ``ramino.bots.stdio``): a
name installed in the ``ramino.bots`` entry-point group (``mybot``, ``mybot:level=3``), a
factory's entry point (``mybots:make_bot``, ``mybots:make_bot:level=3``), or a command speaking
line JSON (``cmd:python my_bot.py``).  Every factory is a
:data:`~ramino.bots.protocol.BotFactory`: ``factory(seed, rules, options) -> Bot``.
"""

from __future__ import annotations

from typing import Protocol, Self, TypeVar

from ramino.bots import external, stdio
from ramino.bots.protocol import Bot, BotFactory
from ramino.bots.random_bot import RandomBot
from ramino.bots.slips import rate_option
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset


def _random(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return RandomBot(seed)


def _easy(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.burraco.easy import EasyBot
    return EasyBot(seed, rules, rate_option(options))


def _greedy(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.burraco.greedy import GreedyBot
    return GreedyBot(seed, rules)


class _Weights(Protocol):
    def as_dict(self) -> dict[str, float]: ...

    @classmethod
    def from_dict(cls, data: dict[str, float]) -> Self: ...


W = TypeVar("W", bound=_Weights)


def _weights(kind: type[W], options: dict[str, str], what: str) -> W:
    """The weights named in ``options`` over the defaults of ``kind``; unknown names refused."""
    unknown = set(options) - set(kind().as_dict())
    if unknown:
        raise ValueError(f"unknown {what} weight(s) {sorted(unknown)}")
    return kind.from_dict({k: float(v) for k, v in options.items()})


def _expert(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.burraco.expert import ExpertBot, ExpertWeights
    return ExpertBot(seed, rules, _weights(ExpertWeights, options, "expert"))


def _search(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.burraco.search import SearchBot
    # The evidence and the reading read the Burraco scarto (``ramino.bots.burraco.evidence``,
    # ``ramino.bots.burraco.reading``): Burraco only.
    return SearchBot(seed, rules, **_search_options(
        options, {"evidence", "evidence_mode", "reading", "reading_temperature",
                  "reading_steps", "hidden_pile", "hand"}))


def _oracle(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.burraco.oracle import OracleBot
    tallone = float(options.pop("tallone", "1"))
    return OracleBot(seed, rules, tallone=tallone, **_search_options(options))


def _search_options(options: dict[str, str], more: frozenset[str] | set[str] = frozenset(),
                    ) -> dict[str, float]:
    allowed = {"samples", "steps", "seconds", "candidates", "horizon", "margin", "extra",
               "undecided", *more}
    unknown = set(options) - allowed
    if unknown:
        raise ValueError(f"unknown search setting(s) {sorted(unknown)}; use {sorted(allowed)}")
    return {k: float(v) for k, v in options.items()}


def _easy40(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.scala40.easy import EasyBot
    return EasyBot(seed, rules, rate_option(options))


def _greedy40(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.scala40 import greedy as scala40_greedy
    _no_options("greedy", options)
    return scala40_greedy.GreedyBot(seed, rules)


def _expert40(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.scala40 import expert as scala40_expert
    weights = _weights(scala40_expert.ExpertWeights, options, "Scala 40 expert")
    return scala40_expert.ExpertBot(seed, rules, weights)


def _search40(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.scala40 import search as scala40_search
    return scala40_search.SearchBot(seed, rules,
                                    **_search_options(options, {"look", "root", "opened"}))


def _oracle40(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    from ramino.bots.scala40 import search as scala40_search
    tallone = float(options.pop("tallone", "1"))
    return scala40_search.OracleBot(seed, rules, tallone=tallone,
                                    **_search_options(options, {"look", "root"}))


def _no_options(name: str, options: dict[str, str]) -> None:
    if options:
        raise ValueError(f"the Scala 40 {name} bot takes no settings ({sorted(options)})")


BOTS: dict[str, BotFactory] = {
    "random": _random,
    "easy": _easy,
    "greedy": _greedy,
    "expert": _expert,
    "search": _search,
    "oracle": _oracle,
}
#: The same names for Scala 40 (§6): its own bots, chosen by ``rules.game``.
SCALA40_BOTS: dict[str, BotFactory] = {
    "random": _random,
    "easy": _easy40,
    "greedy": _greedy40,
    "expert": _expert40,
    "search": _search40,
    "oracle": _oracle40,
}
#: The bots a person may play against (the oracle sees every hand).
OPPONENTS = ("random", "easy", "greedy", "expert", "search")
MEASUREMENT_ONLY = frozenset({"oracle"})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"search:samples=8,seconds=0.5"`` -> ``("search", {"samples": "8", ...})``: a built-in
    name or one installed in the ``ramino.bots`` entry-point group."""
    name, _, rest = spec.partition(":")
    if name not in BOTS and name not in external.plugin_names():
        raise ValueError(_unknown(spec))
    return name, parse_options(rest)


def parse_options(text: str) -> dict[str, str]:
    """``"samples=8,seconds=0.5"`` -> ``{"samples": "8", "seconds": "0.5"}``."""
    options: dict[str, str] = {}
    for item in filter(None, text.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} needs the form key=value")
        options[key.strip()] = value.strip()
    return options


def factory_of(spec: str) -> tuple[BotFactory, dict[str, str]] | None:
    """The factory of a spec from outside ramino and its settings (``None``: a built-in name
    or a command).  A name of the ladder wins over an installed plugin of the same name."""
    name, _, rest = spec.partition(":")
    if name in BOTS or stdio.is_command(spec):
        return None
    if name in external.plugin_names():
        return external.plugin_factory(name), parse_options(rest)
    reference, _, settings = rest.partition(":")
    if external.is_entry_point(f"{name}:{reference}"):
        return external.load_factory(f"{name}:{reference}"), parse_options(settings)
    raise ValueError(_unknown(spec))


def _unknown(spec: str) -> str:
    installed = external.plugin_names()
    more = f" (installed: {', '.join(installed)})" if installed else ""
    return (f"unknown bot {spec!r}; the ladder has {', '.join(BOTS)}{more}; a bot of your own "
            "is module:attribute (a factory) or cmd:COMMAND (a process)")


def is_builtin(spec: str) -> bool:
    """Whether ``spec`` names one of ramino's own bots (not a plugin, factory or command)."""
    return not stdio.is_command(spec) and spec.partition(":")[0] in BOTS


def ladder_names() -> tuple[str, ...]:
    """Every name a spec may use: the built-in bots, then those installed as plugins."""
    return (*BOTS, *(n for n in external.plugin_names() if n not in BOTS))


def make_bot(spec: str, seed: int, rules: RuleSet | None = None) -> Bot:
    """A fresh bot from its spec and seed (same spec, seed and observations: same choices).
    The name means the same level in every game: the rules' ``game`` picks the bot.  A
    command bot starts its process when it is first asked, not here."""
    rules = rules or preset("fibur")
    if stdio.is_command(spec):
        return stdio.StdioBot(spec, seed, rules)
    outside = factory_of(spec)
    if outside is not None:
        factory, options = outside
        return factory(seed, rules, options)
    name, options = parse_spec(spec)
    if rules.game == "scala40":
        if name not in SCALA40_BOTS:
            raise ValueError(f"no Scala 40 {name} bot; Scala 40 has {', '.join(SCALA40_BOTS)}")
        return SCALA40_BOTS[name](seed, rules, options)
    return BOTS[name](seed, rules, options)
