"""Hands played by the expert (or another bot) against itself, as ``ramino-record/1``
documents, cut after a few turns (a record may stop before the end of the hand, docs/record.md)
to keep reviews quick."""

from __future__ import annotations

import functools
from typing import Any

from ramino.arena.play import play_hand
from ramino.rules import preset


@functools.cache
def _played(preset_name: str, deal: int, bot: str) -> dict[str, Any]:
    document = play_hand(preset(preset_name), deal, (bot,) * 4, keep_record=True).record
    assert document is not None
    return document


def expert_hand(preset_name: str, deal: int, turns: int | None = None, *,
                bot: str = "expert") -> dict[str, Any]:
    """Deal ``deal`` played by four ``bot``s; only its first ``turns`` turns when given."""
    document = dict(_played(preset_name, deal, bot))
    if turns is not None:
        document["turns"] = document["turns"][:turns]
        document.pop("result", None)
    return document
