"""The typed ``RuleSet``: every option of §3, its values and its default, in one place.

An option is data: a field of :class:`RuleSet` plus an :class:`OptionSpec` row that says how to
read it from a record (docs/record.md §4, values case-insensitive), how to write it back, which
docs/rules.md section defines it, and whether the engine implements a given value yet.  Presets
(``presets.py``) are nothing but option overrides.  Nothing else in ramino may branch on a rule
that is not a field here.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ramino.cards import pack
from ramino.errors import NotSupportedError, RulesError
from ramino.rules.preset_table import PRESET_OVERRIDES


class TurnDirection(StrEnum):
    CLOCKWISE = "CLOCKWISE"
    COUNTERCLOCKWISE = "COUNTERCLOCKWISE"


class PozzettoAssignment(StrEnum):
    FIRST_COME = "FIRST_COME"
    PER_TEAM = "PER_TEAM"


class UpcardIsWild(StrEnum):
    KEEP = "KEEP"
    BURY_AND_REDRAW = "BURY_AND_REDRAW"
    RESHUFFLE = "RESHUFFLE"


class DiscardPickup(StrEnum):
    WHOLE_PILE = "WHOLE_PILE"
    TOP_CARD = "TOP_CARD"


class SingleCardPileRediscard(StrEnum):
    FORBIDDEN_UNLESS_EQUIVALENT_HELD = "FORBIDDEN_UNLESS_EQUIVALENT_HELD"
    FORBIDDEN = "FORBIDDEN"
    ALLOWED = "ALLOWED"


class WildInSequenceMinCards(StrEnum):
    THREE = "3"
    FOUR = "4"
    NEVER = "NEVER"


class WildRepositionPolicy(StrEnum):
    FIBUR_STRICT = "FIBUR_STRICT"
    FREE_END_SLIDES = "FREE_END_SLIDES"
    FULLY_FLEXIBLE = "FULLY_FLEXIBLE"


class FreeWildPosition(StrEnum):
    LOWEST = "LOWEST"
    PLAYER_CHOICE = "PLAYER_CHOICE"


class SemipulitoGroupRule(StrEnum):
    AT_LEAST_8 = "AT_LEAST_8"
    EXACTLY_8 = "EXACTLY_8"


class SemipulitoSequenceRule(StrEnum):
    END_WILD_WITH_7_NATURALS = "END_WILD_WITH_7_NATURALS"
    END_WILD_ANY = "END_WILD_ANY"


class ExtraBurracoType(StrEnum):
    REALE_13 = "REALE_13"
    SUPER_8_GROUP = "SUPER_8_GROUP"


class ClosingBurracoRequirement(StrEnum):
    ANY = "ANY"
    CLEAN = "CLEAN"


class PozzettoConScartoPlayable(StrEnum):
    NEXT_TURN = "NEXT_TURN"
    IMMEDIATELY = "IMMEDIATELY"


class StockExhaustion(StrEnum):
    LAST_TWO_UNPLAYABLE = "LAST_TWO_UNPLAYABLE"
    RESHUFFLE_DISCARDS = "RESHUFFLE_DISCARDS"
    POZZETTO_BECOMES_STOCK = "POZZETTO_BECOMES_STOCK"
    VOID_HAND = "VOID_HAND"


class TargetTieBreak(StrEnum):
    HIGHER_TOTAL_THEN_EXTRA_HAND = "HIGHER_TOTAL_THEN_EXTRA_HAND"
    STARTING_TEAM = "STARTING_TEAM"


class DealerRotation(StrEnum):
    LEFT = "LEFT"


# --- Scala 40 (§6.7) ----------------------------------------------------------------


class Partnerships(StrEnum):
    NONE = "NONE"
    PAIRS_2V2 = "PAIRS_2V2"
    TEAMS_3V3 = "TEAMS_3V3"


class InitialDiscard(StrEnum):
    UPCARD = "UPCARD"
    DEALER_14 = "DEALER_14"


class UpcardJolly(StrEnum):
    REINSERT_AND_REDRAW = "REINSERT_AND_REDRAW"
    KEEP = "KEEP"


class RediscardPickedCard(StrEnum):
    FORBIDDEN_UNLESS_IDENTICAL_DECLARED = "FORBIDDEN_UNLESS_IDENTICAL_DECLARED"
    FORBIDDEN = "FORBIDDEN"


class DiscardAttachBan(StrEnum):
    FISCA = "FISCA"
    ALWAYS = "ALWAYS"
    NEVER = "NEVER"
    S000_READING = "S000_READING"


class Scala40StockExhausted(StrEnum):
    RESHUFFLE_POZZO_EXCEPT_TOP = "RESHUFFLE_POZZO_EXCEPT_TOP"


class Reentry(StrEnum):
    NONE = "NONE"
    ONCE_AT_HIGHEST_REMAINING = "ONCE_AT_HIGHEST_REMAINING"


class DiscardPileVisibility(StrEnum):
    ALL = "ALL"
    TOP_ONLY = "TOP_ONLY"


GAMES: Final = ("burraco", "buraco", "scala40")


@dataclass(frozen=True, slots=True)
class StalloDetection:
    """``MUTUAL`` (only an arbiter event ends the hand) or ``AUTO_N_ROUNDS(n)`` (§2.9b)."""

    mode: str  # "MUTUAL" | "AUTO_N_ROUNDS"
    rounds: int = 0

    def __str__(self) -> str:
        return self.mode if self.mode == "MUTUAL" else f"AUTO_N_ROUNDS({self.rounds})"


@dataclass(frozen=True, slots=True)
class MatchMode:
    """``TARGET(points)``, ``FIXED_HANDS_VP(n)`` or ``SINGLE_HAND`` (§3.8, §2.11)."""

    mode: str  # "TARGET" | "FIXED_HANDS_VP" | "SINGLE_HAND"
    value: int = 0

    def __str__(self) -> str:
        return self.mode if self.mode == "SINGLE_HAND" else f"{self.mode}({self.value})"


BurracoValues = tuple[tuple[str, int], ...]
CardValues = tuple[tuple[str, int], ...]

DEFAULT_BURRACO_VALUES: Final[BurracoValues] = (("pulito", 200), ("semipulito", 150),
                                                ("sporco", 100))
# The keys of a card-value map: "JK" and the 13 ranks (§1.3, Italian column).
DEFAULT_CARD_VALUES: Final[CardValues] = (
    ("JK", 30), ("2", 20), ("A", 15), ("K", 10), ("Q", 10), ("J", 10), ("T", 10), ("9", 10),
    ("8", 10), ("7", 5), ("6", 5), ("5", 5), ("4", 5), ("3", 5),
)
EXTRA_BURRACO_POINTS: Final = {ExtraBurracoType.REALE_13: 300, ExtraBurracoType.SUPER_8_GROUP: 250}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of §3 with its FIBUR default.  Immutable and hashable."""

    preset: str = "fibur"
    game: str = "burraco"
    # §3.1 setup and deal
    players: int = 4
    turn_direction: TurnDirection = TurnDirection.CLOCKWISE
    hand_size: int = 11
    pozzetto_sizes: tuple[int, ...] = (11, 11)
    pozzetto_assignment: PozzettoAssignment = PozzettoAssignment.FIRST_COME
    upcard_is_wild: UpcardIsWild = UpcardIsWild.KEEP
    dealer_rotation: DealerRotation = DealerRotation.LEFT
    # §3.2 turn and discard pile
    discard_pickup: DiscardPickup = DiscardPickup.WHOLE_PILE
    single_card_pile_rediscard: SingleCardPileRediscard = (
        SingleCardPileRediscard.FORBIDDEN_UNLESS_EQUIVALENT_HELD)
    pickup_requires_top_card_use: bool = False
    pickup_forbidden_with_one_card: bool = False
    min_first_meld_points: int = 0
    # §3.3 melds
    max_active_wilds_per_meld: int = 1
    natural_two_exemption: bool = True
    allow_group_of_twos: bool = False
    group_allows_repeated_suits: bool = True
    max_group_naturals: int = 8
    max_sequence_cards: int = 14
    one_group_per_rank_per_team: bool = True
    multiple_sequences_same_suit: bool = True
    ace_both_ends_in_sequence: bool = False
    wild_in_sequence_min_cards: WildInSequenceMinCards = WildInSequenceMinCards.THREE
    # §3.4 wild handling
    wild_reposition_policy: WildRepositionPolicy = WildRepositionPolicy.FIBUR_STRICT
    free_wild_default_position: FreeWildPosition = FreeWildPosition.LOWEST
    pinella_natural_to_wild_transition: bool = True
    wild_may_return_to_hand: bool = False
    # §3.5 burraco types and values
    semipulito_enabled: bool = True
    semipulito_group_rule: SemipulitoGroupRule = SemipulitoGroupRule.AT_LEAST_8
    semipulito_sequence_rule: SemipulitoSequenceRule = (
        SemipulitoSequenceRule.END_WILD_WITH_7_NATURALS)
    burraco_values: BurracoValues = DEFAULT_BURRACO_VALUES
    extra_burraco_types: frozenset[ExtraBurracoType] = frozenset()
    # §3.6 pozzetto and closing
    closing_burraco_requirement: ClosingBurracoRequirement = ClosingBurracoRequirement.ANY
    closing_discard_may_be_wild: bool = False
    closing_requires_discard: bool = True
    pozzetto_al_volo_allowed: bool = True
    pozzetto_con_scarto_playable: PozzettoConScartoPlayable = PozzettoConScartoPlayable.NEXT_TURN
    pozzetto_requires_burraco: bool = False
    closing_bonus: int = 100
    pozzetto_not_taken_penalty: int = 100
    pozzetto_penalty_if_neither_took: bool = False
    unplayed_pozzetto_counts_in_hand: bool = True
    # §3.7 end of hand
    stock_exhaustion: StockExhaustion = StockExhaustion.LAST_TWO_UNPLAYABLE
    stallo_detection: StalloDetection = StalloDetection("AUTO_N_ROUNDS", 3)
    # §3.8 match format and scoring mode
    match_mode: MatchMode = MatchMode("TARGET", 2005)
    three_player_switch_threshold: int = 1000
    three_player_target: int = 1505
    target_tie_break: TargetTieBreak = TargetTieBreak.HIGHER_TOTAL_THEN_EXTRA_HAND
    card_values: CardValues = DEFAULT_CARD_VALUES
    # §4 Brazilian Buraco (also usable as Italian house rules)
    discard_pile_visibility: DiscardPileVisibility = DiscardPileVisibility.ALL
    groups_allowed: bool = True
    jokers_in_deck: bool = True
    team_can_take_both_mortos: bool = False
    canastra_real_points: int = 0
    canastra_as_a_as_points: int = 0
    no_clean_canastra_melds_negative: bool = False
    # §6.7 Scala 40 (``players`` and ``hand_size`` above are shared)
    partnerships: Partnerships = Partnerships.NONE
    initial_discard: InitialDiscard = InitialDiscard.UPCARD
    upcard_jolly: UpcardJolly = UpcardJolly.REINSERT_AND_REDRAW
    opening_threshold: int = 40
    opening_counts_only_new_melds: bool = True
    opening_with_discard: bool = False
    opening_without_jolly: bool = False
    lay_off_after_opening_same_turn: bool = True
    lay_off_on_opponents: bool = True
    picked_discard_must_be_used_same_turn: bool = True
    rediscard_picked_card: RediscardPickedCard = (
        RediscardPickedCard.FORBIDDEN_UNLESS_IDENTICAL_DECLARED)
    discard_attach_ban: DiscardAttachBan = DiscardAttachBan.FISCA
    jolly_swap_requires_opened: bool = True
    swapped_jolly_must_be_used_same_turn: bool = True
    max_jolly_per_meld: int = 1
    group_max_size: int = 4
    identical_sequence_allowed: bool = True
    no_close_first_round: bool = True
    chiusura_in_mano_allowed: bool = True
    chiusura_in_mano_multiplier: int = 1
    unopened_flat_penalty: int = 0
    ace_in_hand_value: int = 11
    jolly_in_hand_value: int = 25
    elimination_limit: int = 101
    stock_exhausted: Scala40StockExhausted = Scala40StockExhausted.RESHUFFLE_POZZO_EXCEPT_TOP
    reentry: Reentry = Reentry.NONE

    # The engine memoises on the rule set, so its hash is computed once, not per lookup.
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    # The bots' rollouts ask for the card values tens of thousands of times a decision.
    _values: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash

    # --- derived views (cheap; computed once per RuleSet by the engine that uses them) --------

    def burraco_value(self, kind: str) -> int:
        return dict(self.burraco_values)[kind]

    def card_value_table(self) -> tuple[int, ...]:
        """Points of each card type (indexed like ``ramino.cards``), from ``card_values``."""
        if not self._values:
            by_key = dict(self.card_values)
            ranks = "A23456789TJQK"
            table = [by_key[ranks[c % 13]] for c in range(52)]
            table.append(by_key["JK"])
            object.__setattr__(self, "_values", tuple(table))
        return self._values

    @property
    def decks(self) -> int:
        return 3 if self.players == 6 else 2

    @property
    def pack_size(self) -> int:
        return (52 + self.jokers_per_deck) * self.decks

    @property
    def jokers_per_deck(self) -> int:
        return 2 if self.jokers_in_deck else 0

    def full_pack(self) -> list[int]:
        """Every card these rules play with, in a fixed order (§1.1, §4.1)."""
        return pack(self.decks, self.jokers_per_deck)

    def options(self) -> dict[str, Any]:
        """Every option as its record (JSON) value, in declaration order."""
        return {spec.name: spec.dump(getattr(self, spec.name)) for spec in OPTIONS}

    def applicable(self) -> list[OptionSpec]:
        """The options that mean something in this rule set's game."""
        return [spec for spec in OPTIONS if self.game in spec.games]

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset (what a record writes)."""
        base = preset_ruleset(self.preset).options()
        return {k: v for k, v in self.options().items() if base.get(k) != v}

    def with_options(self, **changes: Any) -> RuleSet:
        return dataclasses.replace(self, **changes)


# --- reading and writing option values ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    section: str
    parse: Callable[[Any], Any]
    dump: Callable[[Any], Any]
    describe: str
    # Values the engine does not implement yet (refused at construction, never ignored).
    unsupported: Callable[[Any], bool] = field(default=lambda _v: False)
    games: frozenset[str] = frozenset({"burraco"})


def _bad(name: str, value: Any, expected: str) -> RulesError:
    return RulesError(f"option {name}: bad value {value!r} (expected {expected})")


def _enum(name: str, enum: type[StrEnum]) -> Callable[[Any], Any]:
    def parse(value: Any) -> Any:
        text = str(value).strip().upper()
        for member in enum:
            if member.value == text:
                return member
        raise _bad(name, value, " | ".join(m.value for m in enum))

    return parse


def _bool(name: str) -> Callable[[Any], bool]:
    def parse(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "1", "on"):
            return True
        if text in ("false", "no", "0", "off"):
            return False
        raise _bad(name, value, "true | false")

    return parse


def _int(name: str, lo: int = 0, hi: int = 100_000) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise _bad(name, value, f"an integer {lo}..{hi}")
        try:
            number = int(str(value).strip())
        except ValueError:
            raise _bad(name, value, f"an integer {lo}..{hi}") from None
        if not lo <= number <= hi:
            raise _bad(name, value, f"an integer {lo}..{hi}")
        return number

    return parse


def _int_list(name: str) -> Callable[[Any], tuple[int, ...]]:
    item = _int(name, 1, 60)

    def parse(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list | tuple) or not value:
            raise _bad(name, value, "a non-empty list of integers")
        return tuple(item(v) for v in value)

    return parse


def _value_map(name: str, default: tuple[tuple[str, int], ...],
               aliases: Mapping[str, str]) -> Callable[[Any], tuple[tuple[str, int], ...]]:
    """A partial map over ``default``'s keys; unknown keys are refused by name."""
    keys = [k for k, _ in default]
    number = _int(name, 0, 10_000)

    def parse(value: Any) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, Mapping):
            raise _bad(name, value, "an object such as {" + f'"{keys[0]}": {default[0][1]}' + "}")
        merged = dict(default)
        for raw_key, raw_value in value.items():
            key = aliases.get(str(raw_key).strip().upper(), str(raw_key).strip())
            if key not in merged:
                raise RulesError(
                    f"option {name}: unknown key {raw_key!r} (keys: {', '.join(keys)})")
            merged[key] = number(raw_value)
        return tuple((k, merged[k]) for k in keys)

    return parse


def _pairs_dump(value: tuple[tuple[str, int], ...]) -> dict[str, int]:
    return dict(value)


_PARAM = re.compile(r"^\s*([A-Z_]+)\s*(?:\(\s*(\d+)\s*\))?\s*$")


def _parse_stallo(value: Any) -> StalloDetection:
    m = _PARAM.match(str(value).upper())
    if m and m.group(1) == "MUTUAL" and m.group(2) is None:
        return StalloDetection("MUTUAL")
    if m and m.group(1) == "AUTO_N_ROUNDS" and m.group(2) is not None and int(m.group(2)) >= 1:
        return StalloDetection("AUTO_N_ROUNDS", int(m.group(2)))
    raise _bad("stallo_detection", value, "MUTUAL | AUTO_N_ROUNDS(n), n >= 1")


def _parse_match_mode(value: Any) -> MatchMode:
    m = _PARAM.match(str(value).upper())
    if m and m.group(1) == "SINGLE_HAND" and m.group(2) is None:
        return MatchMode("SINGLE_HAND")
    if m and m.group(1) == "TARGET" and m.group(2) is not None and int(m.group(2)) > 0:
        return MatchMode("TARGET", int(m.group(2)))
    if m and m.group(1) == "FIXED_HANDS_VP" and m.group(2) in ("2", "3", "4"):
        return MatchMode("FIXED_HANDS_VP", int(m.group(2)))
    raise _bad("match_mode", value, "TARGET(points) | FIXED_HANDS_VP(2|3|4) | SINGLE_HAND")


def _parse_extra_types(value: Any) -> frozenset[ExtraBurracoType]:
    if not isinstance(value, list | tuple | set | frozenset):
        raise _bad("extra_burraco_types", value, "a list of REALE_13 | SUPER_8_GROUP")
    parse_one = _enum("extra_burraco_types", ExtraBurracoType)
    return frozenset(parse_one(v) for v in value)


def _parse_min_cards(value: Any) -> WildInSequenceMinCards:
    parsed: WildInSequenceMinCards = _enum("wild_in_sequence_min_cards",
                                           WildInSequenceMinCards)(str(value))
    return parsed


def _str(value: Any) -> str:
    return str(value)


def _same(value: Any) -> Any:
    return value


_BURRACO: Final = frozenset({"burraco", "buraco"})  # Brazilian Buraco is Burraco with options
_SCALA40: Final = frozenset({"scala40"})
_ALL_GAMES: Final = frozenset(GAMES)


def _spec(name: str, section: str, parse: Callable[[Any], Any], describe: str,
          dump: Callable[[Any], Any] = _same,
          unsupported: Callable[[Any], bool] = lambda _v: False,
          games: frozenset[str] = _BURRACO) -> OptionSpec:
    return OptionSpec(name, section, parse, dump, describe, unsupported, games)


def _enum_spec(name: str, section: str, enum: type[StrEnum], describe: str,
               unsupported: Callable[[Any], bool] = lambda _v: False,
               games: frozenset[str] = _BURRACO) -> OptionSpec:
    return _spec(name, section, _enum(name, enum), describe, _str, unsupported, games)


_RANK_ALIASES: Final = {"JOKER": "JK", "JOLLY": "JK", "10": "T", "ACE": "A", "KING": "K",
                        "QUEEN": "Q", "JACK": "J"}

OPTIONS: Final[tuple[OptionSpec, ...]] = (
    # §3.1
    _spec("players", "§3.1/§5/§6.1", _int("players", 2, 6), "number of players",
          games=_ALL_GAMES),
    _enum_spec("turn_direction", "§3.1", TurnDirection,
               "physical direction of play; seats are numbered in turn order either way",
               games=_ALL_GAMES),
    _spec("hand_size", "§3.1/§6.1", _int("hand_size", 1, 20), "cards dealt to each player",
          games=_ALL_GAMES),
    _spec("pozzetto_sizes", "§3.1/§5", _int_list("pozzetto_sizes"),
          "cards in each pozzetto (set with the player count unless given)", dump=list),
    _enum_spec("pozzetto_assignment", "§3.1/§2.7", PozzettoAssignment,
               "who takes which pozzetto"),
    _enum_spec("upcard_is_wild", "§3.1/§2.2", UpcardIsWild, "what happens to a wild upcard"),
    _enum_spec("dealer_rotation", "§2.1/§6.1", DealerRotation, "where the deal passes each hand",
               games=_ALL_GAMES),
    # §3.2
    _enum_spec("discard_pickup", "§3.2/§2.3", DiscardPickup, "what a pick takes"),
    _enum_spec("single_card_pile_rediscard", "§3.2/§2.3", SingleCardPileRediscard,
               "re-discarding a card taken as a one-card pile"),
    _spec("pickup_requires_top_card_use", "§3.2/§4.5", _bool("pickup_requires_top_card_use"),
          "the pile may be taken only to use its top card that turn"),
    _spec("pickup_forbidden_with_one_card", "§3.2/§4.2",
          _bool("pickup_forbidden_with_one_card"), "a player holding one card may not pick"),
    _spec("min_first_meld_points", "§3.2", _int("min_first_meld_points", 0, 1000),
          "points a team's first melding turn must lay down"),
    # §3.3
    _spec("max_active_wilds_per_meld", "§3.3/§2.5", _int("max_active_wilds_per_meld", 1, 1),
          "active wilds a meld may hold"),
    _spec("natural_two_exemption", "§3.3/§2.5", _bool("natural_two_exemption"),
          "a same-suit 2 in its own place is natural"),
    _spec("allow_group_of_twos", "§3.3/§2.4", _bool("allow_group_of_twos"),
          "groups of 2s allowed (their 2s are natural)"),
    _spec("group_allows_repeated_suits", "§3.3/§2.4", _bool("group_allows_repeated_suits"),
          "a group may repeat a suit"),
    _spec("max_group_naturals", "§3.3/§2.4", _int("max_group_naturals", 2, 12),
          "natural cards a group may hold (8 with two decks, 12 with three, unless given)"),
    _spec("max_sequence_cards", "§3.3/§2.4", _int("max_sequence_cards", 3, 14),
          "cards a sequence may hold"),
    _spec("one_group_per_rank_per_team", "§3.3/§2.4", _bool("one_group_per_rank_per_team"),
          "a team holds at most one group of each rank"),
    _spec("multiple_sequences_same_suit", "§3.3/§2.4", _bool("multiple_sequences_same_suit"),
          "a team may hold several sequences of one suit"),
    _spec("ace_both_ends_in_sequence", "§3.3/§1.2", _bool("ace_both_ends_in_sequence"),
          "a sequence may hold an ace at both ends"),
    _spec("wild_in_sequence_min_cards", "§3.3/§4.5", _parse_min_cards,
          "smallest sequence that may hold a wild", dump=_str),
    # §3.4
    _enum_spec("wild_reposition_policy", "§3.4/§2.5.7", WildRepositionPolicy,
               "when a wild already on the table may change place"),
    _enum_spec("free_wild_default_position", "§3.4/§2.5.6", FreeWildPosition,
               "where a wild that fits either end goes"),
    _spec("pinella_natural_to_wild_transition", "§3.4/§2.5.5",
          _bool("pinella_natural_to_wild_transition"),
          "a natural 2 may turn wild when a card is attached"),
    _spec("wild_may_return_to_hand", "§3.4/§2.5.4", _bool("wild_may_return_to_hand"),
          "a replaced wild goes back to the hand"),
    # §3.5
    _spec("semipulito_enabled", "§3.5/§2.6", _bool("semipulito_enabled"),
          "the semipulito burraco exists"),
    _enum_spec("semipulito_group_rule", "§3.5/§2.6", SemipulitoGroupRule,
               "which groups with a wild are semipulito"),
    _enum_spec("semipulito_sequence_rule", "§3.5/§2.6", SemipulitoSequenceRule,
               "which sequences with a wild are semipulito"),
    _spec("burraco_values", "§3.5/§2.10",
          _value_map("burraco_values", DEFAULT_BURRACO_VALUES, {}), "bonus of each burraco type",
          dump=_pairs_dump),
    _spec("extra_burraco_types", "§3.5/§2.6", _parse_extra_types,
          "burraco types beyond FIBUR's three", dump=lambda v: sorted(str(x) for x in v)),
    # §3.6
    _enum_spec("closing_burraco_requirement", "§3.6/§2.8", ClosingBurracoRequirement,
               "the burraco a side needs to close"),
    _spec("closing_discard_may_be_wild", "§3.6/§2.8", _bool("closing_discard_may_be_wild"),
          "the closing discard may be a wild"),
    _spec("closing_requires_discard", "§3.6/§2.8", _bool("closing_requires_discard"),
          "a close must end with a discard"),
    _spec("pozzetto_al_volo_allowed", "§3.6/§2.7", _bool("pozzetto_al_volo_allowed"),
          "the pozzetto may be taken by melding the last card"),
    _enum_spec("pozzetto_con_scarto_playable", "§3.6/§2.7", PozzettoConScartoPlayable,
               "when a pozzetto taken with the discard joins the hand"),
    _spec("pozzetto_requires_burraco", "§3.6/§5.3", _bool("pozzetto_requires_burraco"),
          "a side needs a burraco before taking its pozzetto"),
    _spec("closing_bonus", "§3.6/§2.10", _int("closing_bonus", 0, 10_000), "closing bonus"),
    _spec("pozzetto_not_taken_penalty", "§3.6/§2.10", _int("pozzetto_not_taken_penalty", 0, 10_000),
          "penalty for a pozzetto not taken"),
    _spec("pozzetto_penalty_if_neither_took", "§3.6/§2.7",
          _bool("pozzetto_penalty_if_neither_took"), "the penalty applies when no side took one"),
    _spec("unplayed_pozzetto_counts_in_hand", "§3.6/§2.7",
          _bool("unplayed_pozzetto_counts_in_hand"), "a taken, unplayed pozzetto counts in hand"),
    # §3.7
    _enum_spec("stock_exhaustion", "§3.7/§2.9", StockExhaustion,
               "what ends or extends the stock"),
    _spec("stallo_detection", "§3.7/§2.9", _parse_stallo, "how a stallo is called", dump=_str),
    # §3.8
    _spec("match_mode", "§3.8/§2.11", _parse_match_mode, "what a match is", dump=_str),
    _enum_spec("target_tie_break", "§3.8/§2.11", TargetTieBreak,
               "who wins when both sides pass the target"),
    _spec("three_player_switch_threshold", "§5.2/§8.13",
          _int("three_player_switch_threshold", 1, 100_000),
          "three players: after a player reaches this, hands use three pozzetti of 11"),
    _spec("three_player_target", "§5.2/§8.13", _int("three_player_target", 1, 100_000),
          "three players: the match target"),
    _spec("card_values", "§3.8/§1.3",
          _value_map("card_values", DEFAULT_CARD_VALUES, _RANK_ALIASES), "points of each card",
          dump=_pairs_dump),
    # §4 Brazilian Buraco
    _enum_spec("discard_pile_visibility", "§4.1", DiscardPileVisibility,
               "which pile cards the players see (the lixo open or closed)"),
    _spec("groups_allowed", "§4.1", _bool("groups_allowed"),
          "groups (trincas) may be put down, not only sequences"),
    _spec("jokers_in_deck", "§4.1/§8.9", _bool("jokers_in_deck"),
          "the pack holds the jokers (without them only the 2s are wild)"),
    _spec("team_can_take_both_mortos", "§4.2", _bool("team_can_take_both_mortos"),
          "a side that took its morto may take the other one too"),
    _spec("canastra_real_points", "§4.3", _int("canastra_real_points", 0, 10_000),
          "bonus of a clean A…K canastra (0: an ordinary pulita)"),
    _spec("canastra_as_a_as_points", "§4.3", _int("canastra_as_a_as_points", 0, 10_000),
          "bonus of a clean A…K-A canastra, with ace_both_ends_in_sequence (0: none)"),
    _spec("no_clean_canastra_melds_negative", "§4.4", _bool("no_clean_canastra_melds_negative"),
          "a side without a clean canastra scores its melds negative"),
    # §6.7 Scala 40
    _enum_spec("partnerships", "§6.7/§6.1", Partnerships,
               "each for himself, pairs (4 players) or two teams of 3 (6 players)",
               games=_SCALA40),
    _enum_spec("initial_discard", "§6.7/§6.1", InitialDiscard,
               "the pozzo starts with an upcard or the dealer's 14th card", games=_SCALA40),
    _enum_spec("upcard_jolly", "§6.7/§6.1", UpcardJolly, "a jolly turned as the first pozzo card",
               games=_SCALA40),
    _spec("opening_threshold", "§6.7", _int("opening_threshold", 0, 200),
          "points needed to open", games=_SCALA40),
    _spec("opening_counts_only_new_melds", "§6.7", _bool("opening_counts_only_new_melds"),
          "only new melds count toward the opening (false: cards laid off that turn count too)",
          games=_SCALA40),
    _spec("opening_with_discard", "§6.7", _bool("opening_with_discard"),
          "FISCA variant: the top discard may be taken to open with it", games=_SCALA40),
    _spec("opening_without_jolly", "§6.7", _bool("opening_without_jolly"),
          "FISCA variant: the opening must reach the threshold without a jolly",
          games=_SCALA40),
    _spec("lay_off_after_opening_same_turn", "§6.7", _bool("lay_off_after_opening_same_turn"),
          "laying off is allowed in the turn of the opening", games=_SCALA40),
    _spec("lay_off_on_opponents", "§6.7", _bool("lay_off_on_opponents"),
          "cards may be laid off on other players' melds", games=_SCALA40),
    _spec("picked_discard_must_be_used_same_turn", "§6.7",
          _bool("picked_discard_must_be_used_same_turn"),
          "a picked discard must be melded that turn", games=_SCALA40),
    _enum_spec("rediscard_picked_card", "§6.7", RediscardPickedCard,
               "discarding the card just picked", games=_SCALA40),
    _enum_spec("discard_attach_ban", "§6.7/§8.16", DiscardAttachBan,
               "discarding a card that fits a meld on the table", games=_SCALA40),
    _spec("jolly_swap_requires_opened", "§6.7", _bool("jolly_swap_requires_opened"),
          "only a player who has opened may swap a jolly", games=_SCALA40),
    _spec("swapped_jolly_must_be_used_same_turn", "§6.7",
          _bool("swapped_jolly_must_be_used_same_turn"),
          "a swapped jolly must be melded that turn", games=_SCALA40),
    _spec("max_jolly_per_meld", "§6.7", _int("max_jolly_per_meld", 1, 1),
          "jollies a meld may hold", games=_SCALA40),
    _spec("group_max_size", "§6.7", _int("group_max_size", 3, 4),
          "cards a group may hold (all suits different)", games=_SCALA40),
    _spec("identical_sequence_allowed", "§6.7", _bool("identical_sequence_allowed"),
          "a sequence identical to one on the table may be put down", games=_SCALA40),
    _spec("no_close_first_round", "§6.7", _bool("no_close_first_round"),
          "nobody may close in the first round of turns", games=_SCALA40),
    _spec("chiusura_in_mano_allowed", "§6.7", _bool("chiusura_in_mano_allowed"),
          "closing with the whole hand at once", games=_SCALA40),
    _spec("chiusura_in_mano_multiplier", "§6.7", _int("chiusura_in_mano_multiplier", 1, 2),
          "FISCA variant: penalties doubled after a chiusura in mano", games=_SCALA40),
    _spec("unopened_flat_penalty", "§6.7/§8.18", _int("unopened_flat_penalty", 0, 100),
          "flat penalty for a player who never opened (0: card values)", games=_SCALA40),
    _spec("ace_in_hand_value", "§6.7/§8.20", _int("ace_in_hand_value", 1, 11),
          "penalty points of an ace left in hand", games=_SCALA40),
    _spec("jolly_in_hand_value", "§6.7", _int("jolly_in_hand_value", 0, 100),
          "penalty points of a jolly left in hand", games=_SCALA40),
    _spec("elimination_limit", "§6.7/§8.17", _int("elimination_limit", 1, 1000),
          "a player reaching this many penalty points is out", games=_SCALA40),
    _enum_spec("stock_exhausted", "§6.7", Scala40StockExhausted,
               "what happens when the stock runs out", games=_SCALA40),
    _enum_spec("reentry", "§6.7/§6.5", Reentry,
               "an eliminated player may re-enter once at the highest total in play",
               games=_SCALA40),
)
OPTION_BY_NAME: Final = {spec.name: spec for spec in OPTIONS}


def build_ruleset(base: RuleSet, overrides: Mapping[str, Any], *, preset: str | None = None,
                  check_supported: bool = True) -> RuleSet:
    """``base`` with record-style ``overrides`` applied; refuse unknown names and values."""
    changes: dict[str, Any] = {}
    for name, raw in overrides.items():
        spec = OPTION_BY_NAME.get(name)
        if spec is None:
            raise RulesError(f"unknown option {name!r}")
        changes[name] = spec.parse(raw)
    if "players" in changes and changes["players"] != base.players:
        # The pozzetti and the size of a group follow the player count (§5, §3.3)
        # unless the overrides say otherwise.
        changes.setdefault("pozzetto_sizes", standard_pozzetti(changes["players"]))
        changes.setdefault("max_group_naturals", standard_group_naturals(changes["players"]))
    if preset is not None:
        changes["preset"] = preset
    rules = dataclasses.replace(base, **changes)
    if check_supported:
        require_supported(rules)
    check_partnerships(rules)
    return rules


def preset_ruleset(name: str) -> RuleSet:
    """The rule set of the preset ``name`` (a key of ``PRESET_OVERRIDES``): its game's defaults
    with the preset's overrides.  ``ramino.rules.presets.preset`` is the checked entry point."""
    overrides = dict(PRESET_OVERRIDES[name])
    game = overrides.pop("game", "burraco")
    base = RuleSet() if game == "burraco" else dataclasses.replace(RuleSet(), game=game)
    return build_ruleset(base, overrides, preset=name, check_supported=False)


def unsupported_options(rules: RuleSet) -> dict[str, str]:
    """The options whose value the engine does not implement yet, with the value shown."""
    refused = {spec.name: f"{spec.name}={spec.dump(getattr(rules, spec.name))}"
               for spec in rules.applicable() if spec.unsupported(getattr(rules, spec.name))}
    if rules.game in ("burraco", "buraco"):
        if rules.players not in (2, 3, 4, 6):
            refused["players"] = f"players={rules.players}"  # §5: 2, 3, 4 or 6
        elif len(rules.pozzetto_sizes) not in _POZZETTO_COUNTS[rules.players]:
            refused["pozzetto_sizes"] = (f"pozzetto_sizes={list(rules.pozzetto_sizes)} with "
                                         f"{rules.players} players")
    return refused


# §6.1: "Pairs are possible with 4 players; 2 teams of 3 with 6".
PARTNERSHIP_PLAYERS: Final = {Partnerships.PAIRS_2V2: 4, Partnerships.TEAMS_3V3: 6}


def check_partnerships(rules: RuleSet) -> None:
    """Refuse Scala 40 partnerships at a table of the wrong size (§6.1)."""
    need = PARTNERSHIP_PLAYERS.get(rules.partnerships)
    if rules.game == "scala40" and need is not None and rules.players != need:
        raise RulesError(f"partnerships={rules.partnerships.value} needs {need} players, not "
                         f"{rules.players} (RULES.md §6.1)")


STANDARD_POZZETTI: Final = {2: (11, 11), 3: (18, 11), 4: (11, 11), 6: (11, 11, 11)}


def standard_pozzetti(players: int) -> tuple[int, ...]:
    """The pozzetti a Burraco hand starts with (§3.1, §5)."""
    return STANDARD_POZZETTI.get(players, (11, 11))


def standard_group_naturals(players: int) -> int:
    """Every copy of a rank: 8 with two decks, 12 with the three decks of six players."""
    return 12 if players == 6 else 8


# How many pozzetti each player count plays with (§5): one per side; three players start with
# the 18 and the 11 and switch to three of 11 later in a match (§5.2).
_POZZETTO_COUNTS: Final = {2: (2,), 3: (2, 3), 4: (2,), 6: (3,)}


# Rule sets already checked: every new hand checks its rules, and the check walks every
# option (a rule set is immutable, so once is enough; bounded, as a server meets many).
_SUPPORTED: set[RuleSet] = set()


def require_supported(rules: RuleSet) -> None:
    """Refuse a rule set that asks for an option value the engine does not implement yet."""
    if rules in _SUPPORTED:
        return
    if rules.game not in GAMES:
        raise NotSupportedError(f"not yet supported by the engine: game {rules.game}")
    refused = unsupported_options(rules)
    if refused:
        raise NotSupportedError("not yet supported by the engine: " + ", ".join(refused.values()))
    if len(_SUPPORTED) >= 256:
        _SUPPORTED.clear()
    _SUPPORTED.add(rules)
