"""Reading and writing ``ramino-record/1`` documents: hands and matches (docs/record.md §3–4).

:func:`read_record` turns parsed JSON into a :class:`Record` or raises :class:`RecordError`
naming the field (``turns[12][1]``, ``deal.hands[2][5]``); it checks the *form* of a record —
shapes, card and action notation, the pack, turn grouping — and leaves the *rules* to the
replay (docs/record.md §5: exit 2 versus exit 1).  :func:`write_record` is its inverse: for any
record it read, ``write_record(read_record(doc))`` reads back to the same record, and for any
record ramino wrote, it is the same document.

Turn grouping (docs/record.md §3): a turn is a list of action strings that ends with its
``discard``; nothing follows a discard within a turn, and only the last turn of a record may
stop before its discard (a record that stops mid-hand).  Whether the turn *starts* legally
(with ``draw`` or ``pick``) is a rule, checked by the replay.  Arbiter events are bare strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ramino.cards import card_str, pack_mismatch
from ramino.errors import NotationError, RecordError
from ramino.games.actions import ARBITER_EVENTS, DISCARD, DRAW, PICK, Action, parse_action
from ramino.games.burraco.match import MatchFormat
from ramino.games.burraco.seating import score_sides
from ramino.games.deal import Deal
from ramino.records.burraco.position import Position, read_position
from ramino.records.fields import (
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    index_path,
    key_path,
    read_card,
    read_cards,
)
from ramino.records.match_field import read_match_format
from ramino.records.rules_field import read_rules, write_rules
from ramino.rules import RuleSet

FORMAT: Final = "ramino-record/1"
GAMES: Final = ("burraco", "buraco", "scala40")
SUPPORTED_GAMES: Final = ("burraco", "buraco")  # Scala 40 records: records/scala40/record.py
ENDS: Final = ("closed", "stock", "stallo", "timeout")
BREAKDOWN_KEYS: Final = ("table", "burraco", "closing", "hand", "pozzetto")
# Three players: a pair seat's share of the pair's total (§5.2), so parts still add up.
BREAKDOWN_OPTIONAL_KEYS: Final = ("split",)

_COMMON: Final = ("format", "game", "rules", "players", "meta")
_HAND_FIELDS: Final = ("dealer", "deal", "position", "turns", "result")


@dataclass(frozen=True, slots=True)
class Turn:
    """One entry of ``turns``: the actions of a turn as written and parsed, or an arbiter
    event (``stallo`` / ``timeout``) standing alone."""

    written: tuple[str, ...]
    actions: tuple[Action, ...]
    event: str | None = None

    def as_json(self) -> list[str] | str:
        return self.event if self.event is not None else list(self.written)


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """``result``: how the hand ended, the score per side, optionally the breakdown of §2.10
    per side (``table`` card points, ``burraco`` bonuses, ``closing`` bonus, ``hand``
    the cards left in hand, ``pozzetto`` the untaken-pozzetto penalty; penalties negative)."""

    end: str
    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...] | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"end": self.end, "scores": list(self.scores)}
        if self.breakdown is not None:
            out["breakdown"] = [dict(b) for b in self.breakdown]
        return out


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: its ``dealer`` and ``deal`` (hands by record seat), or a ``position``."""

    dealer: int | None
    deal: Deal | None
    position: Position | None
    turns: tuple[Turn, ...]
    result: RecordedResult | None
    meta: Any = None
    path: str = ""  # where the hand sits in the document: "" or "hands[3]"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole document: one hand, or a match (``match`` set) of several."""

    game: str
    rules: RuleSet
    players: tuple[str, ...] | None
    hands: tuple[HandRecord, ...]
    match: MatchFormat | None = None
    meta: Any = None
    has_meta: bool = field(default=False)

    @property
    def is_match(self) -> bool:
        return self.match is not None


# --- reading -------------------------------------------------------------------------------------


def check_format(document: object) -> None:
    """The ``format`` tag is read first: a document of another kind (a tournament file) or of
    another version is named as such, not by the first of its fields this reader lacks."""
    if isinstance(document, dict) and "format" in document:
        fmt = expect_str(document["format"], "format")
        if fmt != FORMAT:
            raise RecordError("format", f"{fmt!r}: this reader knows {FORMAT!r}")


def read_record(document: object) -> Record:
    """Check the form of a parsed JSON document and return it as a :class:`Record`."""
    check_format(document)
    is_match = isinstance(document, dict) and "match" in document
    if is_match:
        obj = expect_object(document, "", required=("format", "game", "match", "hands"),
                            optional=("rules", "players", "meta"))
    else:
        obj = expect_object(document, "", required=("format", "game", "turns"),
                            optional=(*_COMMON, *_HAND_FIELDS))
    game = expect_str(obj["game"], "game").lower()
    if game not in GAMES:
        raise RecordError("game", f"{game!r}: expected one of {', '.join(GAMES)}")
    if game not in SUPPORTED_GAMES:
        raise RecordError("game", f"{game!r} records are not supported by this engine yet")
    rules = read_rules(obj.get("rules"))
    if rules.game != game:
        raise RecordError("rules.preset", f"preset {rules.preset!r} is for {rules.game}, but "
                          f"the record's game is {game}")
    players = _read_players(obj.get("players"), rules)
    if is_match:
        match = read_match_format(obj["match"], rules, "match")
        hands_raw = expect_list(obj["hands"], "hands", min_length=1)
        hands = tuple(_read_hand(h, rules, index_path("hands", i), in_match=True)
                      for i, h in enumerate(hands_raw))
        return Record(game, rules, players, hands, match, obj.get("meta"), "meta" in obj)
    hand = _read_hand(obj, rules, "", in_match=False)
    return Record(game, rules, players, (hand,), None, obj.get("meta"), "meta" in obj)


def _read_players(value: object, rules: RuleSet) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = expect_list(value, "players", length=rules.players)
    return tuple(expect_str(name, index_path("players", i)) for i, name in enumerate(names))


def _read_hand(value: object, rules: RuleSet, path: str, *, in_match: bool) -> HandRecord:
    if in_match:
        obj = expect_object(value, path, required=("deal", "turns"),
                            optional=("dealer", "result", "meta"))
    else:
        obj = expect_object(value, path, required=("turns",),
                            optional=(*_COMMON, *_HAND_FIELDS))
        if ("deal" in obj) == ("position" in obj):
            raise RecordError(key_path(path, "deal"), "a hand needs exactly one of 'deal' and "
                              "'position'")
    n = rules.players
    dealer: int | None = None
    if obj.get("dealer") is not None:
        dealer = expect_int(obj["dealer"], key_path(path, "dealer"), 0, n - 1)
    deal: Deal | None = None
    position: Position | None = None
    if "deal" in obj:
        deal = read_deal(obj["deal"], rules, key_path(path, "deal"))
        if dealer is None:
            dealer = n - 1  # seat 0 plays first (docs/record.md §2)
    else:
        position = read_position(obj["position"], rules, key_path(path, "position"))
    turns = read_turns(obj["turns"], key_path(path, "turns"))
    result = None
    if obj.get("result") is not None:
        result = read_result(obj["result"], rules, key_path(path, "result"))
    return HandRecord(dealer, deal, position, turns, result,
                      obj.get("meta") if in_match else None, path)


def read_deal(value: object, rules: RuleSet, path: str = "deal") -> Deal:
    """``deal``: hands per record seat, pozzetti in the order taken, upcard, stock top first;
    exactly the rules' pack (docs/record.md §4)."""
    obj = expect_object(value, path, required=("hands", "pozzetti", "upcard", "stock"))
    hands_path = key_path(path, "hands")
    hands = tuple(tuple(read_cards(h, index_path(hands_path, i), length=rules.hand_size))
                  for i, h in enumerate(expect_list(obj["hands"], hands_path,
                                                    length=rules.players)))
    pozzetti_path = key_path(path, "pozzetti")
    sizes = rules.pozzetto_sizes
    raw_pozzetti = obj["pozzetti"]
    if rules.players == 3 and isinstance(raw_pozzetti, list) and len(raw_pozzetti) == 3:
        sizes = (11, 11, 11)  # the three-player switch of a match (§5.2)
    pozzetti = tuple(tuple(read_cards(p, index_path(pozzetti_path, i), length=sizes[i]))
                     for i, p in enumerate(expect_list(raw_pozzetti, pozzetti_path,
                                                       length=len(sizes))))
    upcard = read_card(obj["upcard"], key_path(path, "upcard"))
    stock = tuple(read_cards(obj["stock"], key_path(path, "stock")))
    deal = Deal(hands, pozzetti, upcard, stock)
    mismatch = pack_mismatch(deal.all_cards(), rules.full_pack())
    if mismatch:
        raise RecordError(path, f"not the {rules.pack_size}-card pack: {mismatch}")
    return deal


def read_turns(value: object, path: str = "turns", *, allow_swap: bool = False
               ) -> tuple[Turn, ...]:
    """``turns``: lists of actions and bare arbiter events (docs/record.md §3); ``allow_swap`` for
    Scala 40, whose turns may hold ``swap``."""
    raw_turns = expect_list(value, path)
    turns: list[Turn] = []
    for i, raw in enumerate(raw_turns):
        turn_path = index_path(path, i)
        if isinstance(raw, str):
            event = raw.strip().lower()
            if event not in ARBITER_EVENTS:
                raise RecordError(turn_path, f"{raw!r}: a bare string must be an arbiter event "
                                  "('stallo' or 'timeout'); a turn is a list of actions")
            turns.append(Turn((raw,), (), event))
            continue
        items = expect_list(raw, turn_path, min_length=1)
        written: list[str] = []
        actions: list[Action] = []
        for j, item in enumerate(items):
            action_path = index_path(turn_path, j)
            text = expect_str(item, action_path)
            try:
                action = parse_action(text, allow_swap=allow_swap)
            except NotationError as exc:
                raise RecordError(action_path, str(exc)) from None
            if action.kind in ARBITER_EVENTS:
                raise RecordError(action_path, f"{text!r}: an arbiter event stands alone in "
                                  "'turns' as a bare string, not inside a turn")
            if actions and actions[-1].kind == DISCARD:
                raise RecordError(action_path, f"{text!r} follows the discard, which ends the "
                                  "turn: it belongs in the next turn")
            written.append(text)
            actions.append(action)
        if actions[-1].kind != DISCARD and i != len(raw_turns) - 1:
            raise RecordError(turn_path, "this turn does not end with a discard; only the last "
                              "turn of a record may stop mid-turn")
        turns.append(Turn(tuple(written), tuple(actions)))
    return tuple(turns)


def group_turns(actions: Sequence[Action]) -> tuple[Turn, ...]:
    """Actions in order -> turns (docs/record.md §3)."""
    turns: list[Turn] = []
    current: list[Action] = []

    def flush() -> None:
        if current:
            turns.append(Turn(tuple(str(a) for a in current), tuple(current)))
            current.clear()

    for action in actions:
        if action.kind in ARBITER_EVENTS:
            flush()
            turns.append(Turn((action.kind,), (), action.kind))
        elif action.kind in (DRAW, PICK):
            flush()
            current.append(action)
        else:
            current.append(action)
            if action.kind == DISCARD:
                flush()
    flush()
    return tuple(turns)


def read_result(value: object, rules: RuleSet, path: str = "result") -> RecordedResult:
    obj = expect_object(value, path, required=("end", "scores"), optional=("breakdown",))
    end = expect_str(obj["end"], key_path(path, "end")).lower()
    if end not in ENDS:
        raise RecordError(key_path(path, "end"), f"{end!r}: expected one of {', '.join(ENDS)}")
    sides = score_sides(rules.players)
    scores_path = key_path(path, "scores")
    scores = tuple(expect_int(s, index_path(scores_path, i))
                   for i, s in enumerate(expect_list(obj["scores"], scores_path, length=sides)))
    breakdown: tuple[dict[str, int], ...] | None = None
    if obj.get("breakdown") is not None:
        bd_path = key_path(path, "breakdown")
        parts: list[dict[str, int]] = []
        for i, raw in enumerate(expect_list(obj["breakdown"], bd_path, length=sides)):
            side_path = index_path(bd_path, i)
            side = expect_object(raw, side_path, required=BREAKDOWN_KEYS,
                                 optional=BREAKDOWN_OPTIONAL_KEYS)
            keys: tuple[str, ...] = (*BREAKDOWN_KEYS, *BREAKDOWN_OPTIONAL_KEYS)
            values = {k: expect_int(side[k], key_path(side_path, k)) for k in keys if k in side}
            if sum(values.values()) != scores[i]:
                raise RecordError(side_path, f"the parts add up to {sum(values.values())} but "
                                  f"scores[{i}] is {scores[i]}")
            parts.append(values)
        breakdown = tuple(parts)
    return RecordedResult(end, scores, breakdown)


# --- writing -------------------------------------------------------------------------------------


def write_deal(deal: Deal) -> dict[str, Any]:
    return {
        "hands": [[card_str(c) for c in h] for h in deal.hands],
        "pozzetti": [[card_str(c) for c in p] for p in deal.pozzetti],
        "upcard": card_str(deal.upcard),
        "stock": [card_str(c) for c in deal.stock],
    }


def _write_hand_fields(hand: HandRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if hand.deal is not None:
        out["dealer"] = hand.dealer
        out["deal"] = write_deal(hand.deal)
    else:
        assert hand.position is not None
        if hand.dealer is not None:
            out["dealer"] = hand.dealer
        out["position"] = hand.position.as_json()
    out["turns"] = [t.as_json() for t in hand.turns]
    if hand.result is not None:
        out["result"] = hand.result.as_json()
    return out


def write_record(record: Record) -> dict[str, Any]:
    """The JSON object of a record, fields in the order of docs/record.md §4."""
    out: dict[str, Any] = {"format": FORMAT, "game": record.game,
                           "rules": write_rules(record.rules)}
    if record.players is not None:
        out["players"] = list(record.players)
    if record.match is not None:
        out["match"] = record.match.as_json()
        hands = []
        for hand in record.hands:
            entry = _write_hand_fields(hand)
            if hand.meta is not None:
                entry["meta"] = hand.meta
            hands.append(entry)
        out["hands"] = hands
    else:
        out.update(_write_hand_fields(record.hands[0]))
    if record.has_meta:
        out["meta"] = record.meta
    return out
