"""A score sheet as a ``ramino-record/1`` match document of hand results, and back.

docs/record.md §4 makes a match a list of hands, "each with its own dealer, deal, turns and
result", and leaves to ramino what a hand holds when the cards were real and nobody wrote the
deal or the actions down.  Such a hand (docs/record.md "Hands of results") holds:

- ``dealer``: the dealing seat (the deal passes to the left, §2.1; Scala 40: to the next seat
  in play, §6.1);
- Scala 40 only, as in its match records (docs/scala40.md): ``seats`` (the match seats dealt
  in, when not every seat) and ``reentries`` (the sides that re-entered before it);
- ``counts``: what the players counted, exactly the hand's entry of the score sheet
  (:mod:`ramino.scoresheet.entries`);
- ``result``: ``end`` and ``scores`` per side (docs/record.md §2 order), and for Burraco the
  §2.10 ``breakdown`` per side.

No ``deal`` and no ``turns``: the hand is not replayed.  A reader recomputes every ``result``
from its ``counts`` with the engine's scoring and refuses a document whose result differs,
naming the field; the match (its ``match`` object, the dealers, who is dealt in, the end) is
checked as the score sheet checks it.  :func:`sheet_record` writes the document,
:func:`read_sheet_record` reads it back to an equal :class:`Sheet`.
"""

from __future__ import annotations

from typing import Any, Final

from ramino.errors import RecordError
from ramino.games.burraco.match import MatchFormat
from ramino.records.document import FORMAT, check_format
from ramino.records.fields import (
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    index_path,
    key_path,
)
from ramino.records.match_field import read_match_format
from ramino.records.rules_field import read_rules, write_rules
from ramino.rules.options import RuleSet, build_ruleset
from ramino.scoresheet.entries import Scala40Hand
from ramino.scoresheet.errors import SheetError
from ramino.scoresheet.sheet import Sheet, read_hand

_HAND_FIELDS: Final = ("dealer", "seats", "reentries", "counts", "result", "meta")


def is_results_document(document: object) -> bool:
    """A match document whose hands hold ``counts`` (hand results) rather than deals."""
    if not isinstance(document, dict) or "match" not in document:
        return False
    hands = document.get("hands")
    return (isinstance(hands, list) and bool(hands) and isinstance(hands[0], dict)
            and "counts" in hands[0])


def sheet_record(sheet: Sheet, meta: Any = None) -> dict[str, Any]:
    """The ``ramino-record/1`` match document of the sheet's hands (finished or not)."""
    rules = sheet.rules
    out: dict[str, Any] = {"format": FORMAT, "game": rules.game, "rules": write_rules(rules),
                           "players": list(sheet.players)}
    out["match"] = {} if sheet.is_scala40 else sheet.format.as_json()
    dealers = sheet.dealers()
    hands: list[dict[str, Any]] = []
    for i, (hand, result) in enumerate(zip(sheet.hands, sheet.results(), strict=True)):
        entry: dict[str, Any] = {}
        back = sorted(r.side for r in sheet.reentries if r.before == i)
        if back:
            entry["reentries"] = back
        if isinstance(hand, Scala40Hand) and len(hand.seats) != rules.players:
            entry["seats"] = list(hand.seats)
        entry["dealer"] = dealers[i]
        entry["counts"] = hand.as_dict()
        written: dict[str, Any] = {"end": result.end, "scores": list(result.scores)}
        if not sheet.is_scala40:
            written["breakdown"] = [dict(b) for b in result.breakdown]
        entry["result"] = written
        hands.append(entry)
    out["hands"] = hands
    extra = sheet.meta if meta is None else meta
    if extra is not None:
        out["meta"] = extra
    return out


def read_sheet_record(document: object) -> Sheet:
    """The sheet a results document holds.  Raises :class:`RecordError` naming the field:
    a malformed document, counts the rules cannot give, or a ``result`` other than the one
    the counts score."""
    sheet, problems = check_sheet_record(document)
    if problems:
        raise RecordError(*problems[0])
    return sheet


def check_sheet_record(document: object) -> tuple[Sheet, list[tuple[str, str]]]:
    """Read a results document as ``ramino replay`` does: a malformed document raises
    :class:`RecordError` (exit 2); what the rules refuse — counts they cannot give, a
    ``result`` other than the one the counts score, a wrong dealer or seats, a hand after the
    end — is returned as ``(path, reason)`` problems (exit 1), with the sheet of the hands
    read up to the first refused hand."""
    check_format(document)
    obj = expect_object(document, "", required=("format", "game", "match", "hands"),
                        optional=("rules", "players", "meta"))
    game = expect_str(obj["game"], "game").lower()
    rules = read_rules(obj.get("rules"))
    if rules.game != game:
        raise RecordError("rules.preset", f"preset {rules.preset!r} is for {rules.game}, but "
                          f"the record's game is {game}")
    if obj.get("players") is None:
        players = tuple(f"seat {i}" for i in range(rules.players))
    else:
        names = expect_list(obj["players"], "players", length=rules.players)
        players = tuple(expect_str(n, index_path("players", i)) for i, n in enumerate(names))
    match = None
    if game == "scala40":
        rules = _scala40_match(obj["match"], rules)
    else:
        match = read_match_format(obj["match"], rules, "match")
        if match == MatchFormat.from_rules(rules):
            match = None
    raw_hands = expect_list(obj["hands"], "hands", min_length=1)
    sheet = Sheet(rules, players, [], match, None, [], obj.get("meta"))
    try:
        sheet.check_setup()
    except SheetError as exc:
        raise RecordError(exc.path, exc.reason) from None
    problems: list[tuple[str, str]] = []
    for i, raw in enumerate(raw_hands):
        try:
            _read_hand(sheet, raw, index_path("hands", i), i, problems)
        except SheetError as exc:
            if exc.code == "shape":
                raise RecordError(exc.path, exc.reason) from None
            problems.append((exc.path, exc.reason))
            break
        except _Refused as exc:
            problems.append((exc.path, exc.reason))
            break
    return sheet, problems


class _Refused(RecordError):
    """What the rules refuse in a results document (exit 1, not a malformed record)."""


def _scala40_match(value: object, rules: RuleSet) -> RuleSet:
    match = expect_object(value, "match", optional=("elimination_limit",))
    if "elimination_limit" in match:
        limit = expect_int(match["elimination_limit"], "match.elimination_limit", 1, 1000)
        rules = build_ruleset(rules, {"elimination_limit": limit})
    return rules


def _read_hand(sheet: Sheet, raw: object, path: str, index: int,
               problems: list[tuple[str, str]]) -> None:
    obj = expect_object(raw, path, required=("counts", "result"), optional=_HAND_FIELDS)
    rules = sheet.rules
    if obj.get("reentries") is not None:
        back_path = key_path(path, "reentries")
        for j, side in enumerate(expect_list(obj["reentries"], back_path, min_length=1)):
            where = index_path(back_path, j)
            try:
                sheet.reenter(expect_int(side, where, 0, rules.players - 1))
            except SheetError as exc:
                raise _Refused(where, exc.reason) from None
    if index == 0 and obj.get("dealer") is not None:
        first = expect_int(obj["dealer"], key_path(path, "dealer"), 0, rules.players - 1)
        sheet.dealer = None if first == rules.players - 1 else first
    expected_dealer = sheet.dealers()[-1]
    if obj.get("dealer") is not None:
        dealer = expect_int(obj["dealer"], key_path(path, "dealer"), 0, rules.players - 1)
        if dealer != expected_dealer:
            raise _Refused(key_path(path, "dealer"),
                              f"seat {dealer} deals, but the deal passes to seat "
                              f"{expected_dealer} (RULES.md §2.1, §6.1)")
    hand = read_hand(rules, obj["counts"], key_path(path, "counts"))
    if isinstance(hand, Scala40Hand):
        seats = list(hand.seats)
        if obj.get("seats") is not None:
            listed = expect_list(obj["seats"], key_path(path, "seats"))
            if listed != seats:
                raise _Refused(key_path(path, "seats"), f"{listed}: the counts are for "
                                  f"seats {seats}")
        elif len(seats) != rules.players:
            raise _Refused(key_path(path, "seats"), f"missing: the counts deal in seats "
                              f"{seats}, not every seat")
    elif obj.get("seats") is not None:
        raise RecordError(key_path(path, "seats"), "only Scala 40 hands list their seats")
    score = sheet.add_hand(hand, key_path(path, "counts"))
    _check_result(obj["result"], score.end, score.scores,
                  None if sheet.is_scala40 else score.breakdown, key_path(path, "result"),
                  problems)


def _check_result(value: object, end: str, scores: tuple[int, ...],
                  breakdown: tuple[dict[str, int], ...] | None, path: str,
                  problems: list[tuple[str, str]]) -> None:
    obj = expect_object(value, path, required=("end", "scores"), optional=("breakdown",))
    written_end = expect_str(obj["end"], key_path(path, "end")).lower()
    if written_end != end:
        problems.append((key_path(path, "end"), f"recorded {written_end!r}, but the counts "
                         f"say {end!r}"))
    scores_path = key_path(path, "scores")
    written = [expect_int(s, index_path(scores_path, i))
               for i, s in enumerate(expect_list(obj["scores"], scores_path,
                                                 length=len(scores)))]
    if written != list(scores):
        problems.append((scores_path, f"recorded {written}, computed {list(scores)} from the "
                         "counts"))
    if obj.get("breakdown") is None:
        return
    if breakdown is None:
        raise RecordError(key_path(path, "breakdown"), "a Scala 40 result has no breakdown")
    bd_path = key_path(path, "breakdown")
    for i, raw in enumerate(expect_list(obj["breakdown"], bd_path, length=len(breakdown))):
        side_path = index_path(bd_path, i)
        parts = expect_object(raw, side_path, optional=tuple(breakdown[i]))
        for key, computed in breakdown[i].items():
            if key in parts and expect_int(parts[key], key_path(side_path, key)) != computed:
                problems.append((key_path(side_path, key), f"recorded {parts[key]}, computed "
                                 f"{computed} from the counts"))
