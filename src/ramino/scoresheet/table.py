"""``score_table(rules)``: the preset's scoring as numbers, for a page that scores offline.

The browser never holds a rule of its own: it receives this table (JSON) from the server, keeps
it in its offline cache, and does *only* the arithmetic below with the numbers in it.  Every
number is read from the engine (``RuleSet`` fields, ``burraco_bonus``, the limits of
:mod:`ramino.scoresheet.limits`), so the page and ``ramino score`` cannot disagree; a test
compares a JavaScript evaluator with :mod:`ramino.scoresheet.scoring` over many counts.

The table (``format: "ramino-score-table/1"``)::

    {"format": "ramino-score-table/1", "game": "burraco" | "buraco" | "scala40",
     "preset": "fibur", "options": {…overrides…}, "players": 4,
     "sides": [[0, 2], [1, 3]],                 # the seats of each side, record order
     "ends": ["closed", "stock", "stallo", "timeout"],
     "burraco": {…} | null, "scala40": {…} | null}

``burraco`` (games ``burraco`` and ``buraco``)::

    {"types": [{"name": "pulito", "bonus": 200, "clean": true, "min_cards": 7,
                "min_points": 35}, …],          # in the order a sheet lists them
     "closing_bonus": 100, "pozzetto_penalty": 100,
     "pozzetto_penalty_if_neither_took": false, "unplayed_pozzetto_counts_in_hand": true,
     "melds_negative_without_clean": false,     # §4.4
     "closing_needs_clean": false,              # closing_burraco_requirement=CLEAN, §2.8
     "closing_needs_pozzetto": true,            # false where a morto may become the stock
                                                #   or one side take both (§4.2)
     "pozzetto_requires_burraco": false,        # §5.3
     "void_on_stock": false,                    # stock_exhaustion=VOID_HAND, §3.7
     "point_step": 5, "pack_points": 1080,
     "match": {"mode": "TARGET" | "SINGLE_HAND" | "FIXED_HANDS_VP", "value": 2005,
               "tie_break": "HIGHER_TOTAL_THEN_EXTRA_HAND" | "STARTING_TEAM"},
     "three_players": null | {"pairs_form": true,       # the 18 and the 11 are dealt (§5.2)
                              "switch_threshold": 1000}}  # then three pozzetti of 11

Scoring a Burraco hand (``ramino.games.burraco.scoring.side_score``).  ``end`` is the hand's
``end``, or ``"closed"`` when a side closed, else ``"stock"``; ``anyone_took`` is true when
some side's ``pozzetto_taken`` is.  For each side, in order::

    if void_on_stock and end == "stock": every part is 0
    table    = melded, negated when melds_negative_without_clean and none of the side's
               burrachi is of a type with clean = true
    burraco  = Σ burrachi[t] × types[t].bonus
    closing  = closing_bonus if end == "closed" and closed else 0
    hand     = −(in_hand + (unplayed_pozzetto if unplayed_pozzetto_counts_in_hand else 0))
    pozzetto = −pozzetto_penalty if not pozzetto_taken and (anyone_took or
               pozzetto_penalty_if_neither_took) else 0
    score    = table + burraco + closing + hand + pozzetto

Three players (``three_players`` not null; ``sides`` is one seat each, and the scores are per
seat, §5.2).  A hand *may pair* when ``pairs_form`` is true and no seat's total before it is
``>= switch_threshold``.  Such a hand may give ``solo`` (a seat): its two counts are scored as
above, the solo's (``sides[0]``) and the pair's (``sides[1]``, the two other seats); the solo's
seat scores his side's score and parts; each pair seat scores ``ceil(pair score / 2)`` (halves
rounded up) with the pair's parts plus ``split = ceil(pair score / 2) − pair score`` (listed
only when not 0).  Without ``solo`` (nobody took the 18, or a hand that may not pair: everyone
alone) the three counts are the three seats', each scored as above.  Checks: ``solo`` on a
hand that may not pair is ``solo-all-alone``; a solo whose count has no ``pozzetto_taken``
is ``solo-without-pozzetto`` (``sides[0].pozzetto_taken``); a hand that may pair, without
``solo``, where a count has ``pozzetto_taken``, is ``taken-without-solo`` (that count's
``pozzetto_taken``); these come after the shape checks and before the others.

The match (``ramino.games.burraco.match.standing``): add each hand's scores to the totals;
after each hand, ``TARGET``: the sides with a total ``>= value`` — none: go on; one: it wins;
several: the highest total wins, an exact tie at the top plays another hand
(``HIGHER_TOTAL_THEN_EXTRA_HAND``) or goes to the starting side (``STARTING_TEAM``: the side
of the seat after the first dealer).  ``SINGLE_HAND``: after one hand the higher total wins,
a tie goes to the starting side.  ``FIXED_HANDS_VP``: after ``value`` hands the higher total
wins, equal totals are a draw.  No hand follows the end.  The dealer passes to the left
(``dealer + 1`` modulo the players); the first dealer is the last seat unless the sheet says.

``scala40``::

    {"elimination_limit": 101, "chiusura_in_mano_allowed": true,
     "chiusura_in_mano_multiplier": 1, "unopened_flat_penalty": 0, "hand_size": 13,
     "unopened_min": 31, "hand_max": 198,
     "partnerships": "NONE" | "PAIRS_2V2" | "TEAMS_3V3",
     "reentry": "NONE" | "ONCE_AT_HIGHEST_REMAINING"}

Scoring a Scala 40 hand (``ramino.games.scala40.scoring``).  For each player dealt in
(``in_mano`` is ``chiusura_in_mano`` and some player closed)::

    cost = 0                               if closed
         = unopened_flat_penalty           elif not opened and unopened_flat_penalty > 0
         = in_hand × (chiusura_in_mano_multiplier if in_mano else 1)   otherwise

The hand's scores: with ``partnerships`` ``NONE``, one per player dealt in (in seat order);
otherwise one per side (``sides``), the closer's side 0 and every other side the sum of its
players' costs.

The match (``ramino.games.scala40.match.standing``): add each hand's scores to the totals of
the sides dealt in; a side whose total is ``>= elimination_limit`` is out and is not dealt in
again (its entry is ``null``).  A re-entry (only with ``reentry`` ``ONCE_AT_HIGHEST_REMAINING``)
comes right after the hand that put the side out, once per side, while at least two sides
are in play: its total becomes the highest total in play and it is dealt in again.  The match
is over when at most one side is in play: that side wins; when none is, the lowest total of
the last hand's sides wins and an exact tie has no winner.  The dealer passes to the next seat
in play to the left.

Consistency checks, each with its field and ``code`` (:mod:`ramino.scoresheet.validate`
gives the order and the fields):

- Burraco: ``solo-all-alone``, ``solo-without-pozzetto``, ``taken-without-solo`` (three
  players, above); ``burraco-type`` (a type not in ``types``); ``burrachi-points`` (``melded`` below
  ``Σ burrachi[t] × min_points``, summed in the order of ``types``); ``point-step`` (a
  card-point count not a multiple of ``point_step``); ``unplayed-not-taken``;
  ``pozzetto-without-burraco`` (with ``pozzetto_requires_burraco``);
  ``close-without-pozzetto`` (with ``closing_needs_pozzetto``); ``close-without-burraco``;
  ``close-without-clean`` (with ``closing_needs_clean``); ``two-closers``; ``pack-points``
  (all sides' ``melded + in_hand + unplayed_pozzetto`` above ``pack_points``);
  ``end-closed`` / ``end-not-closed``.
- Scala 40: ``two-closers``; ``closer-in-hand``; ``unopened-in-hand`` (not opened: ``in_hand``
  outside ``unopened_min..hand_max``); ``in-hand-max``; ``in-mano-not-allowed``;
  ``in-mano-without-close``; ``end-closed`` / ``end-not-closed``.
- The sheet: ``dealt-in`` (an entry for a player out, or ``null`` for one in play),
  ``match-over`` (a hand after the end), ``reentry``.
"""

from __future__ import annotations

from typing import Any, Final

from ramino.games.burraco.match import MatchFormat
from ramino.games.burraco.seating import initial_sides
from ramino.games.scala40.deal import seat_sides
from ramino.rules.options import ClosingBurracoRequirement, RuleSet, StockExhaustion
from ramino.scoresheet.entries import ENDS
from ramino.scoresheet.limits import (
    burraco_types,
    pack_points,
    point_step,
    scala40_hand_bounds,
)
from ramino.scoresheet.validate import closing_needs_pozzetto, pairs_form

TABLE_FORMAT: Final = "ramino-score-table/1"


def score_table(rules: RuleSet, match: MatchFormat | None = None) -> dict[str, Any]:
    """The JSON description of how ``rules`` score a hand and end a match (see the module's
    documentation); ``match`` a house format for Burraco (default: the rules' own)."""
    game = rules.game
    sides = seat_sides(rules) if game == "scala40" else initial_sides(rules.players)
    out: dict[str, Any] = {
        "format": TABLE_FORMAT, "game": game, "preset": rules.preset,
        "options": rules.overrides(), "players": rules.players,
        "sides": [[s for s in range(len(sides)) if sides[s] == side]
                  for side in range(max(sides) + 1)],
        "ends": list(ENDS), "burraco": None, "scala40": None,
    }
    if game == "scala40":
        low, high = scala40_hand_bounds(rules)
        out["scala40"] = {
            "elimination_limit": rules.elimination_limit,
            "chiusura_in_mano_allowed": rules.chiusura_in_mano_allowed,
            "chiusura_in_mano_multiplier": rules.chiusura_in_mano_multiplier,
            "unopened_flat_penalty": rules.unopened_flat_penalty,
            "hand_size": rules.hand_size, "unopened_min": low, "hand_max": high,
            "partnerships": rules.partnerships.value, "reentry": rules.reentry.value,
        }
        return out
    fmt = match or MatchFormat.from_rules(rules)
    out["burraco"] = {
        "types": [{"name": t.name, "bonus": t.bonus, "clean": t.clean,
                   "min_cards": t.min_cards, "min_points": t.min_points}
                  for t in burraco_types(rules)],
        "closing_bonus": rules.closing_bonus,
        "pozzetto_penalty": rules.pozzetto_not_taken_penalty,
        "pozzetto_penalty_if_neither_took": rules.pozzetto_penalty_if_neither_took,
        "unplayed_pozzetto_counts_in_hand": rules.unplayed_pozzetto_counts_in_hand,
        "melds_negative_without_clean": rules.no_clean_canastra_melds_negative,
        "closing_needs_clean": (rules.closing_burraco_requirement
                                is ClosingBurracoRequirement.CLEAN),
        "closing_needs_pozzetto": closing_needs_pozzetto(rules),
        "pozzetto_requires_burraco": rules.pozzetto_requires_burraco,
        "void_on_stock": rules.stock_exhaustion is StockExhaustion.VOID_HAND,
        "point_step": point_step(rules), "pack_points": pack_points(rules),
        "match": {"mode": fmt.mode.mode, "value": fmt.mode.value,
                  "tie_break": fmt.tie_break.value},
        "three_players": None if rules.players != 3 else {
            "pairs_form": pairs_form(rules),
            "switch_threshold": rules.three_player_switch_threshold},
    }
    return out
