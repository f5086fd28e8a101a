"""The actions of a hand as a persistent list, so that ``clone()`` never copies the past.

Each node holds one action and points at the node before it; a clone shares the nodes and a
new action adds a node to its own copy only.  Both games keep their history so.
"""

from __future__ import annotations

from ramino.games.actions import Action


class History:
    """One action and the history before it (``None`` at the deal)."""

    __slots__ = ("action", "length", "previous")

    def __init__(self, previous: History | None, action: Action) -> None:
        self.previous: History | None = previous
        self.action: Action = action
        self.length: int = 1 if previous is None else previous.length + 1


def actions_of(history: History | None) -> list[Action]:
    """Every action of ``history``, first to last."""
    out: list[Action] = []
    node = history
    while node is not None:
        out.append(node.action)
        node = node.previous
    out.reverse()
    return out


