"""Speed work on Scala 40 must leave play exactly as it was: ``bench/scala40.py --digest N``
hashes every legal-action list (in order, with the meld each action makes) and every result
of N seeded random hands per rule set of its ``DIGEST_RULES`` (every player count, and the
§6.7 options that take move generation down other paths).

The expected value was produced by the engine before the move-generation memo (commit
``ace3172``) and again after it.  A change here means the engine now plays differently: if
that is meant (a rule fixed), say so in the commit and update the value; if not, it is a bug.
``--digest 150`` (1,650 hands) was compared the same way when the memo landed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXPECTED_6 = "984d79e2c295740300c16f6ac39568969ca31202160f4e62eb3c5d2f6d72ad84"


def test_play_digest_is_unchanged() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "scala40.py"), "--digest", "6"],
                         capture_output=True, text=True, check=True, timeout=600)
    assert out.stdout.strip() == f"play_digest: {EXPECTED_6}"
