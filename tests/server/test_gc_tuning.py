"""``tune_gc``: the server's collector settings (``ramino.server.tune_gc``)."""

from __future__ import annotations

import gc

from ramino.server import FULL_GC_EVERY, YOUNG_GC_EVERY, tune_gc


def test_tune_gc_spaces_young_and_full_collections() -> None:
    before = gc.get_threshold()
    try:
        tune_gc()
        young, middle, full = gc.get_threshold()
        assert (young, middle, full) == (YOUNG_GC_EVERY, before[1], FULL_GC_EVERY)
        assert gc.get_freeze_count() > 0  # what was loaded at start is out of every collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
