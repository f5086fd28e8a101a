"""The ``rules`` field of a record: a preset name plus option overrides (docs/record.md §4).

Values are case-insensitive; an unknown preset, option or value is refused by name, with the
path of the field (``rules.options.semipulito_enabled``).  An option value the engine does
not implement yet is refused the same way: a record is never replayed under rules silently
different from the ones it names.
"""

from __future__ import annotations

from typing import Any

from ramino.errors import RecordError, RulesError
from ramino.records.fields import expect_object, expect_str, key_path
from ramino.rules import RuleSet, build_ruleset, preset
from ramino.rules.options import OPTION_BY_NAME, unsupported_options


def read_rules(value: object, path: str = "rules") -> RuleSet:
    if value is None:
        return preset("fibur")
    obj = expect_object(value, path, optional=("preset", "options"))
    name = expect_str(obj.get("preset", "fibur"), key_path(path, "preset"))
    try:
        base = preset(name)
    except RulesError as exc:
        raise _error(key_path(path, "preset"), exc) from None
    options_path = key_path(path, "options")
    raw_options = obj.get("options", {})
    options = expect_object(raw_options, options_path, optional=OPTION_BY_NAME)
    rules = base
    for option, raw in options.items():
        option_path = key_path(options_path, option)
        try:
            rules = build_ruleset(rules, {option: raw}, check_supported=False)
        except RulesError as exc:
            raise _error(option_path, exc) from None
    refused = unsupported_options(rules)
    for option in options:
        if option in refused:
            raise _error(key_path(options_path, option), RulesError(
                f"{refused[option]} is not yet supported by the engine"))
    # A preset may itself fix an unsupported value; name the preset then.
    try:
        build_ruleset(rules, {}, check_supported=True)
    except RulesError as exc:
        raise _error(key_path(path, "preset"), exc) from None
    return rules


def write_rules(rules: RuleSet) -> dict[str, Any]:
    return {"preset": rules.preset, "options": rules.overrides()}


def _error(path: str, exc: RulesError) -> RecordError:
    return RecordError(path, str(exc))
