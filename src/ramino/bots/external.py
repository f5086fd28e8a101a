"""Bots from outside ramino: a factory named by a Python entry point (``module:attribute``) or
installed under the ``ramino.bots`` entry-point group.

Both are a :data:`~ramino.bots.protocol.BotFactory`, ``factory(seed, rules, options) -> Bot``.
They are found by name each time they are needed (in the arena's worker processes too), so
nothing depends on the state a parent process had when a worker started.

A package publishes bots in its ``pyproject.toml``::

    [project.entry-points."ramino.bots"]
    mybot = "mybots:make_bot"

and ``ramino arena mybot greedy`` (or ``--ladder``) plays it like a built-in bot.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from importlib.metadata import EntryPoint, entry_points

from ramino.bots.protocol import BotFactory

GROUP = "ramino.bots"

#: ``package.module:attribute.path``: what an entry point names.
_ENTRY_POINT = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


def is_entry_point(text: str) -> bool:
    """Whether ``text`` has the form ``module:attribute``."""
    return bool(_ENTRY_POINT.match(text))


@functools.cache
def installed() -> dict[str, EntryPoint]:
    """The ``ramino.bots`` entry points by name, read once a process (a scan of every installed
    package: milliseconds, and the arena asks for each seat of each hand)."""
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def plugin_names() -> tuple[str, ...]:
    """The bots installed under the ``ramino.bots`` entry-point group, sorted."""
    return tuple(sorted(installed()))


def plugin_factory(name: str) -> BotFactory:
    """The factory installed as ``name`` in the ``ramino.bots`` group."""
    ep = installed().get(name)
    if ep is None:
        raise ValueError(f"no bot {name!r} is installed in the {GROUP!r} entry-point group")
    return _checked(ep.load(), f"plugin {name!r} ({ep.value})")


def load_factory(reference: str) -> BotFactory:
    """The factory at ``module:attribute``; ``ValueError`` saying what is missing.  A module
    not found on the path is looked for in the working directory too (as ``python -m``
    would), so that ``ramino arena mybots:make_bot ...`` finds ``./mybots.py``."""
    if not is_entry_point(reference):
        raise ValueError(f"{reference!r} is not of the form module:attribute")
    module_name, _, attribute = reference.partition(":")
    try:
        module = _import(module_name)
    except ImportError as exc:
        raise ValueError(f"{reference}: cannot import {module_name!r} ({exc})") from None
    target: object = module
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ValueError(f"{reference}: module {module_name!r} has no {attribute!r}"
                             ) from None
    return _checked(target, reference)


def _import(module_name: str) -> object:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        top = module_name.partition(".")[0]
        if exc.name != top or here in sys.path:
            raise
        sys.path.append(here)
        return importlib.import_module(module_name)


def _checked(target: object, what: str) -> BotFactory:
    if not callable(target):
        raise ValueError(f"{what} is not callable: a bot factory is "
                         "factory(seed, rules, options) -> bot")
    factory: BotFactory = target
    return factory
