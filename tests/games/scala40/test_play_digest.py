"""Speed work on Scala 40 must leave play exactly as it was: ``bench/scala40.py --digest N``
hashes every legal-action list (in order, with the meld each action makes) and every result
of N seeded random hands per rule set of its ``DIGEST_RULES`` (every player count, and the
§6.7 options that take move generation down other paths).

The digest covers the reprs of the melds and results, so renaming one of those classes changes
it without changing play: check such a rename by giving the classes their old names at run
time and getting the old value, then update it.  Any other change here means the engine now
plays differently: if that is meant (a rule fixed), say so in the commit and update the value;
if not, it is a bug."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EXPECTED_6 = "b558c38798f0710debd12c0503f08e36ab82cdd3d75e6f8169992837a8e137e0"


def test_play_digest_is_unchanged() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "scala40.py"), "--digest", "6"],
                         capture_output=True, text=True, check=True, timeout=600)
    assert out.stdout.strip() == f"play_digest: {EXPECTED_6}"
