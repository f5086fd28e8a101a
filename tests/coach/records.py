"""Hands played by the expert against itself, as ``ramino-record/1`` documents, cut after a few
turns (a record may stop before the end of the hand, docs/record.md) to keep reviews quick."""

from __future__ import annotations

import functools
from typing import Any

from ramino.arena.play import play_hand
from ramino.records import write_record
from ramino.rules import preset


@functools.cache
def _played(preset_name: str, deal: int) -> dict[str, Any]:
    out = play_hand(preset(preset_name), deal, ("expert",) * 4, keep_record=True)
    record = out.record
    assert record is not None
    document = record if isinstance(record, dict) else write_record(record)
    assert isinstance(document, dict)
    return document


def expert_hand(preset_name: str, deal: int, turns: int | None = None) -> dict[str, Any]:
    """Deal ``deal`` played by four experts; only its first ``turns`` turns when given."""
    document = dict(_played(preset_name, deal))
    if turns is not None:
        document["turns"] = document["turns"][:turns]
        document.pop("result", None)
    return document
