"""docs/engine.md lists every rule id the Burraco engine can refuse an action with."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = sorted((ROOT / "src" / "ramino" / "games" / "burraco").glob("*.py"))


def raised_rule_ids() -> set[str]:
    text = "".join(path.read_text(encoding="utf-8") for path in ENGINE)
    return set(re.findall(r'"([a-z]+(?:-[a-z0-9]+)*)",\s*"§[^"]+"\)', text))


def test_every_rule_id_is_documented() -> None:
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    refusals = doc[doc.index("## Refusals"):doc.index("## Speed")]
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \|", refusals, flags=re.M))
    raised = raised_rule_ids()
    assert len(raised) > 25
    assert raised <= documented, sorted(raised - documented)
    assert documented <= raised, sorted(documented - raised)
