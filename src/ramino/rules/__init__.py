"""Rules as data: the typed ``RuleSet`` and its presets (§3)."""

from ramino.rules.options import OPTIONS, RuleSet, build_ruleset, require_supported
from ramino.rules.presets import make_rules, preset, preset_names

__all__ = ["OPTIONS", "RuleSet", "build_ruleset", "make_rules", "preset", "preset_names",
           "require_supported"]
