"""``tune_gc``: the server's collector settings (``ramino.server.tune_gc``)."""

from __future__ import annotations

import gc

from ramino.server import FULL_GC_EVERY, tune_gc


def test_tune_gc_spaces_full_collections_and_keeps_young_ones_short() -> None:
    """The young generations keep CPython's thresholds: a larger youngest generation makes
    each collection of the middle one walk more survivors, which stops every table for
    longer (bench/load.py at 1,000 tables: collections of 100-200 ms at 20,000)."""
    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == (before[0], before[1], FULL_GC_EVERY)
        assert gc.get_freeze_count() > 0  # what was loaded at start is out of every collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
