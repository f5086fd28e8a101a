"""The score keeper (segnapunti): hands played with real cards, scored by the engine.

Players count each hand as they always do — per side the burrachi by type, the card points of
the melds and of the cards left in hand, pozzetto (morto) taken or not, who closed; in Scala 40
each player's penalty points and whether he had opened — and the sheet computes the hand's
score with the engine's own scoring for the preset (one implementation: the functions
``BurracoState.result()`` and ``Scala40State.result()`` call), keeps the running totals and
ends the match at the preset's target (or a house one) or by elimination (§6.5).

Public API
----------

``Sheet`` (:mod:`.sheet`)
    ``Sheet.new(rules, players, *, target=None, dealer=None)``; ``add_hand(entry) ->
    HandScore``; ``remove_last()``; ``reenter(side)`` (Scala 40); ``solo_allowed()`` and
    ``hand_rules()`` (three-player Burraco: the next hand's 18 or its switch); ``results()``,
    ``standing()``, ``over``, ``dealers()``, ``in_play()``, ``side_seats()``,
    ``side_names()``; ``view() -> dict`` (everything to show, computed); ``as_dict()`` /
    ``Sheet.from_dict(doc)`` (the stored sheet, every hand re-checked).
``BurracoHand``, ``SideCount``, ``Scala40Hand``, ``PlayerCount`` (:mod:`.entries`)
    the counts of one hand, with ``as_dict`` / ``from_dict(value, path, …)``;
    ``read_hand(rules, value, path)`` reads one in the shape of the rules' game.
``HandScore``, ``SideColumn`` (:mod:`.scoring`)
    ``end``, ``scores`` per side, ``breakdown`` per side, ``sides``, ``seat_scores``,
    ``columns`` (Burraco: the hand by side, a three-player pair once, with what each of its
    players scores);
    ``score_burraco(rules, hand)``, ``score_scala40(rules, hand)`` (unchecked counts).
``check_burraco(rules, hand, path)``, ``check_scala40(rules, hand, path)`` (:mod:`.validate`)
    the consistency checks alone; ``check_rules(rules)`` (:mod:`.sheet`) refuses a rule set
    the sheet cannot keep (three-player Buraco, an unsupported option).
``SheetError`` (:mod:`.errors`)
    every refusal: ``path`` (``hands[2].sides[1].burrachi.pulito``), ``code`` (stable, listed
    in :mod:`.table`), ``reason`` (English, citing RULES.md); ``as_dict()``.
``score_table(rules, match=None) -> dict`` (:mod:`.table`)
    the preset's scoring as numbers for a page that scores offline; the module documents the
    exact arithmetic a client may do with it.
``sheet_record(sheet)``, ``read_sheet_record(doc) -> Sheet``, ``is_results_document(doc)``,
``check_sheet_record(doc) -> (Sheet, problems)`` (:mod:`.record`)
    the ``ramino-record/1`` match document of hand results (docs/record.md "Hands of
    results"), and back; ``check_sheet_record`` returns what the rules refuse as
    ``(path, reason)`` problems instead of raising (``ramino replay``'s exit 1).

The stored sheet (``Sheet.as_dict()``, ``format: "ramino-scoresheet/1"``)
-------------------------------------------------------------------------

::

    {"format": "ramino-scoresheet/1",
     "rules": {"preset": "fibur", "options": {}},      # as in a record (docs/record.md §4)
     "players": ["Anna", "Bruno", "Carla", "Dario"],   # one per seat, in turn order
     "match": {"target": 1505},                        # optional, Burraco/Buraco: a house
                                                       #   format, as a record's match object
     "dealer": 3,                                      # optional: the first dealer (default
                                                       #   the last seat)
     "hands": [<hand>, …],
     "reentries": [{"before": 4, "side": 1}],          # optional, Scala 40 under reentry
     "meta": {…}}                                      # optional, kept as given

A Burraco or Buraco ``<hand>`` (sides in record order: side 0 = seats 0 and 2; with 2 players
one side per seat; with 6, seats {0,3} {1,4} {2,5})::

    {"end": "stock",                  # optional: "closed" when a side closed, else "stock";
                                      #   "stallo" or "timeout" when so
     "sides": [{"burrachi": {"pulito": 1, "sporco": 2},   # by the preset's types
                "melded": 420,        # card points of the side's melds
                "in_hand": 15,        # card points left in its players' hands
                "pozzetto_taken": true, "closed": true,
                "unplayed_pozzetto": 0},   # optional: a pozzetto taken con lo scarto, never
               …]}                         #   played (§2.7)

A Scala 40 ``<hand>`` (one entry per match seat, ``null`` for a player out of the match)::

    {"end": "closed", "chiusura_in_mano": false,
     "players": [{"in_hand": 0, "opened": true, "closed": true},
                 {"in_hand": 23, "opened": true, "closed": false}, null, …]}

Three-player Burraco (§5.2) scores per seat.  A hand where a player took the 18 names him::

    {"solo": 1,                       # the seat that took the 18 and played alone
     "sides": [<the solo's count>, <the pair's count>]}   # the pair: the other two seats

and a hand nobody took the 18 in, or any hand after a total reached
``three_player_switch_threshold`` (three pozzetti of 11, everyone alone), has no ``solo`` and
three counts, one per seat.  The pair's score is split between its seats, halves rounded up.

Missing flags default to ``false`` (``opened`` to ``true``), missing numbers to 0.

The computed view (``Sheet.view()``)
------------------------------------

::

    {"game": "burraco", "preset": "fibur", "players": […],
     "sides": [{"seats": [0, 2], "name": "Anna & Carla"}, …],
     "hands": [{"number": 1, "dealer": 3, "end": "closed", "scores": [705, -5],
                "breakdown": [{"table": 420, "burraco": 200, "closing": 100, "hand": -15,
                               "pozzetto": 0}, …],
                "sides": [0, 1],            # the sides the scores belong to
                "seat_scores": […],         # Scala 40: each seat's cost, null if not dealt in
                "totals": [705, -5]}, …],   # after this hand
     "next_dealer": 1,
     "standing": {"totals": […], "hands": 1, "over": false, "winner": null, …}}

Burraco ``breakdown`` parts are the record's (docs/record.md ``result``); Scala 40's are
``{"penalty": n}``.  The Burraco ``standing`` adds ``decided_by``, ``extra_hand``,
``mp_difference``, ``target`` and ``mode``; Scala 40's adds ``eliminated``, ``can_reenter``,
``in_play`` (per seat, for the next hand) and ``limit``.
"""

from ramino.scoresheet.entries import (
    ENDS,
    BurracoHand,
    HandEntry,
    PlayerCount,
    Scala40Hand,
    SideCount,
)
from ramino.scoresheet.errors import SheetError
from ramino.scoresheet.record import (
    check_sheet_record,
    is_results_document,
    read_sheet_record,
    sheet_record,
)
from ramino.scoresheet.scoring import HandScore, SideColumn, score_burraco, score_scala40
from ramino.scoresheet.sheet import SHEET_FORMAT, Reentered, Sheet, check_rules, read_hand
from ramino.scoresheet.table import TABLE_FORMAT, score_table
from ramino.scoresheet.validate import check_burraco, check_scala40

__all__ = [
    "ENDS",
    "SHEET_FORMAT",
    "TABLE_FORMAT",
    "BurracoHand",
    "HandEntry",
    "HandScore",
    "PlayerCount",
    "Reentered",
    "Scala40Hand",
    "Sheet",
    "SheetError",
    "SideColumn",
    "SideCount",
    "check_burraco",
    "check_rules",
    "check_scala40",
    "check_sheet_record",
    "is_results_document",
    "read_hand",
    "read_sheet_record",
    "score_burraco",
    "score_scala40",
    "score_table",
    "sheet_record",
]
