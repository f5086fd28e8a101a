"""The shape of the package, checked: floors that import only downwards, no import cycle, games
that do not reach into each other, and modules small enough to read.

The floors, lowest first (a module may import its own floor and those below it):

0. ``ramino.errors``, ``ramino.cards``: words every layer shares;
1. ``ramino.rules``: rule sets and presets;
2. ``ramino.games``: the pure engine (one package per game, what both share beside them);
3. ``ramino.records``, ``ramino.bots``: what reads and plays the engine;
4. ``ramino.arena``, ``ramino.env``, ``ramino.coach``: bots against bots, the PettingZoo
   environment, the coach (hints and reviews judged by the search);
5. the front ends: ``ramino.server``, ``ramino.cli``, the tournament desk on the web
   (``ramino.tournament.web``), and the ``ramino`` package itself, which re-exports the API.

The tournament director's core (``ramino.tournament`` but its web desk) is a floor of its own:
it scores, seats and ranks without any card game, so it imports nothing else of ramino; what
plays and rates whole matches (floor 3 and up: the arena's FIBUR VP) may use it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "ramino"

FLOORS: dict[str, int] = {
    "ramino.errors": 0, "ramino.cards": 0,
    "ramino.rules": 1,
    "ramino.games": 2,
    "ramino.records": 3, "ramino.bots": 3, "ramino.scoresheet": 3,
    "ramino.arena": 4, "ramino.env": 4, "ramino.coach": 4,
    "ramino.server": 5, "ramino.cli": 5, "ramino.tournament.web": 5, "ramino.__main__": 5,
}
ROOT_PACKAGE = "ramino"  # the package itself re-exports the API: a front end
TOURNAMENT = "ramino.tournament"

#: Pairs of packages that must not import each other: each game stands on its own.
APART = (("ramino.games.burraco", "ramino.games.scala40"),
         ("ramino.bots.burraco", "ramino.bots.scala40"),
         ("ramino.records.burraco", "ramino.records.scala40"))

#: Modules allowed past the size limit, each with the reason it is one module.
LONG_MODULES: dict[str, str] = {
    # The meld rules and the memoised meld options the move generation reads: the memos' keys
    # are the rules' own shapes (a suit's ranks held, a run's ends), kept beside them.
    "ramino.games.scala40.melds": "meld rules and the memoised options built from them",
}
MAX_LINES = 800


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every ramino module ``name`` imports, at the top or inside a function (an import for
    the type checker only, under ``if TYPE_CHECKING``, is not a dependency at run time)."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(inner) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                   and node.test.id == "TYPE_CHECKING" for inner in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("ramino"):
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if not source.startswith("ramino"):
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                yield submodule if submodule in known else source


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: {target for target in imports(name, path, known) if target != name}
            for name, path in found.items()}


def floor(name: str) -> int | None:
    if name == ROOT_PACKAGE:
        return 5
    best: tuple[int, int] | None = None
    for prefix, level in FLOORS.items():
        covers = name == prefix or name.startswith(prefix + ".")
        if covers and (best is None or len(prefix) > best[0]):
            best = (len(prefix), level)
    return None if best is None else best[1]


def in_tournament_core(name: str) -> bool:
    return (name == TOURNAMENT or name.startswith(TOURNAMENT + ".")) and floor(name) is None


def test_every_module_has_a_floor() -> None:
    homeless = [name for name in modules() if floor(name) is None
                and not in_tournament_core(name)]
    assert homeless == []


def test_no_module_imports_a_higher_floor() -> None:
    upward = []
    for name, targets in graph().items():
        if in_tournament_core(name):
            continue
        own = floor(name)
        assert own is not None
        for target in targets:
            level = floor(target)
            if in_tournament_core(target):
                if own < 3:
                    upward.append(f"{name} -> {target}")
            elif level is not None and level > own:
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_the_tournament_core_needs_no_card_game() -> None:
    outside = [f"{name} -> {target}" for name, targets in graph().items()
               if in_tournament_core(name) for target in targets
               if not in_tournament_core(target)]
    assert outside == []


def test_the_games_stand_apart() -> None:
    crossing = []
    for name, targets in graph().items():
        for first, second in APART:
            for here, there in ((first, second), (second, first)):
                if name == here or name.startswith(here + "."):
                    crossing += [f"{name} -> {t}" for t in targets
                                 if t == there or t.startswith(there + ".")]
    assert crossing == []


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle() -> None:
    edges = graph()
    # A package's ``__init__`` re-exports its modules; a module importing a sibling through the
    # package is an import of that sibling, which ``imports`` already resolves.
    assert cycles(edges) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_is_too_long_to_read() -> None:
    long = {name: len(path.read_text(encoding="utf-8").splitlines())
            for name, path in modules().items()}
    over = {name: n for name, n in long.items() if n > MAX_LINES and name not in LONG_MODULES}
    assert over == {}
