"""The ``match`` object of a match record (docs/record.md §4): ``{"target": N}`` and the other
formats of §3.8.

``target``     points, e.g. 2005 (``TARGET(N)``)
``mode``       instead of ``target``: ``SINGLE_HAND``, ``FIXED_HANDS_VP(n)`` or ``TARGET(N)``
``tie_break``  optional: ``HIGHER_TOTAL_THEN_EXTRA_HAND`` (default) or ``STARTING_TEAM``

With neither ``target`` nor ``mode``, the rules' ``match_mode`` applies.
"""

from __future__ import annotations

from ramino.errors import RecordError, RulesError
from ramino.games.burraco.match import MatchFormat
from ramino.records.fields import expect_int, expect_object, expect_str, key_path
from ramino.rules import RuleSet, build_ruleset


def read_match_format(value: object, rules: RuleSet, path: str = "match") -> MatchFormat:
    obj = expect_object(value, path, optional=("target", "mode", "tie_break"))
    if "target" in obj and "mode" in obj:
        raise RecordError(key_path(path, "mode"), "give either 'target' or 'mode', not both")
    changes: dict[str, object] = {}
    if "target" in obj:
        target = expect_int(obj["target"], key_path(path, "target"), 1, 1_000_000)
        changes["match_mode"] = f"TARGET({target})"
    if "mode" in obj:
        changes["match_mode"] = expect_str(obj["mode"], key_path(path, "mode"))
    if "tie_break" in obj:
        changes["target_tie_break"] = expect_str(obj["tie_break"], key_path(path, "tie_break"))
    for name, raw in changes.items():
        field = "tie_break" if name == "target_tie_break" else (
            "target" if "target" in obj else "mode")
        try:
            rules = build_ruleset(rules, {name: raw}, check_supported=False)
        except RulesError as exc:
            raise RecordError(key_path(path, field), str(exc)) from None
    return MatchFormat.from_rules(rules)
