"""The score sheet: rules, players, the hands as counted, and the match they make.

A :class:`Sheet` holds a preset (with any option overrides), one name per seat, the first
dealer and each hand's counts; everything else — each hand's score and breakdown, the running
totals, the end of the match — is computed from them by the engine:

- Burraco and Buraco (2, 4 or 6 players; Burraco also 3): the match of
  ``ramino.games.burraco.match``: to the preset's target (FIBUR 2005, Buraco 3000; three
  players 1505, ``three_player_target``) or a house target (``match``: ``{"target": 1505}``,
  or ``{"mode": "FIXED_HANDS_VP(3)"}``, ``SINGLE_HAND``), the tie-break of §2.11; the deal
  passes to the left.  Three players (§5.2) score per seat: a hand names its ``solo`` (who took
  the 18) and counts his side and the pair's, or three sides when nobody took the 18; once a
  total reaches ``three_player_switch_threshold`` every hand is all alone (three pozzetti of
  11, ``match.hand_rules``).  RULES.md has no three-player Buraco: the sheet refuses it.
- Scala 40: the match of ``ramino.games.scala40.match``: penalty points to
  ``elimination_limit`` (101 by default, 201 as a rules option, §6.5), a player out of the
  match not dealt in (his entry ``null``), the deal passing to the next seat in play, and under
  ``reentry=ONCE_AT_HIGHEST_REMAINING`` a re-entry between hands (:meth:`Sheet.reenter`).

Every hand is checked when it is added or read (:mod:`ramino.scoresheet.validate`, and here:
who is dealt in, no hand after the end); a refusal is a :class:`SheetError` naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ramino.errors import RulesError
from ramino.games.burraco import match as burraco_match
from ramino.games.burraco.match import MatchFormat, MatchStanding
from ramino.games.burraco.seating import initial_sides
from ramino.games.scala40 import match as scala40_match
from ramino.games.scala40.deal import seat_sides
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
from ramino.rules.options import Reentry, RuleSet, check_partnerships, require_supported
from ramino.scoresheet.entries import BurracoHand, HandEntry, Scala40Hand, shape
from ramino.scoresheet.errors import SheetError
from ramino.scoresheet.scoring import HandScore, score_burraco, score_scala40
from ramino.scoresheet.validate import check_burraco, check_scala40, pairs_form

SHEET_FORMAT: Final = "ramino-scoresheet/1"
MAX_HANDS: Final = 500
MAX_NAME: Final = 60
Standing = MatchStanding | scala40_match.MatchStanding


@dataclass(frozen=True, slots=True)
class Reentered:
    """A Scala 40 side that re-entered the match before hand ``before`` (0-based, §6.5)."""

    before: int
    side: int


@dataclass
class Sheet:
    """A match as kept at the table.  Build one with :meth:`new` or :meth:`from_dict`; add
    hands with :meth:`add_hand`; read the scores with :meth:`results`, :meth:`standing` and
    :meth:`view`."""

    rules: RuleSet
    players: tuple[str, ...]
    hands: list[HandEntry] = field(default_factory=list)
    match: MatchFormat | None = None  # Burraco: a house format; None: the rules' own
    dealer: int | None = None  # the first hand's dealer; None: the last seat (docs/record.md §2)
    reentries: list[Reentered] = field(default_factory=list)
    meta: Any = None
    # Each hand's score, kept beside the very entry it scores (entries are immutable).
    _scored: list[tuple[HandEntry, HandScore]] = field(default_factory=list, init=False,
                                                       repr=False, compare=False)

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, players: Sequence[str], *, target: int | None = None,
            dealer: int | None = None) -> Sheet:
        """An empty sheet; ``target`` a house target (Burraco and Buraco only)."""
        fmt = None
        if target is not None:
            if rules.game == "scala40":
                raise SheetError("match.target", "shape", "Scala 40 ends at the elimination "
                                 "limit: set the rules option elimination_limit (RULES.md §6.5)")
            if target <= 0:
                raise SheetError("match.target", "shape", f"a target is positive, not {target}")
            fmt = MatchFormat.target(target, rules.target_tie_break)
        sheet = cls(rules, tuple(players), [], fmt, dealer)
        sheet.check_setup()
        return sheet

    def check_setup(self) -> None:
        """Refuse rules the sheet cannot keep, a wrong number of names, a bad dealer."""
        rules = self.rules
        check_rules(rules)
        if len(self.players) != rules.players:
            raise SheetError("players", "shape", f"expected {rules.players} names, one per "
                             f"seat, got {len(self.players)}")
        for i, name in enumerate(self.players):
            if not name.strip() or len(name) > MAX_NAME:
                raise SheetError(index_path("players", i), "shape",
                                 f"a name of 1 to {MAX_NAME} characters")
        if self.dealer is not None and not 0 <= self.dealer < rules.players:
            raise SheetError("dealer", "shape", f"a seat 0..{rules.players - 1}")
        if self.dealer == rules.players - 1:
            self.dealer = None  # the default, written only when it differs

    # --- what the rules make of it ------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def is_scala40(self) -> bool:
        return self.rules.game == "scala40"

    @property
    def format(self) -> MatchFormat:
        """Burraco and Buraco: the match format (a house one, or the rules')."""
        return self.match or MatchFormat.from_rules(self.rules)

    @property
    def first_dealer(self) -> int:
        return self.rules.players - 1 if self.dealer is None else self.dealer

    def side_seats(self) -> list[list[int]]:
        """The seats of each side, sides in the record's order (docs/record.md §2)."""
        sides = (seat_sides(self.rules) if self.is_scala40
                 else initial_sides(self.rules.players))
        return [[s for s in range(len(sides)) if sides[s] == side]
                for side in range(max(sides) + 1)]

    def side_names(self) -> list[str]:
        return [" & ".join(self.players[s] for s in seats) for seats in self.side_seats()]

    def results(self) -> list[HandScore]:
        """Every hand's score, in order."""
        memo = self._scored
        for i, hand in enumerate(self.hands):
            if i < len(memo) and memo[i][0] is hand:
                continue
            del memo[i:]
            memo.append((hand, self._score(hand)))
        del memo[len(self.hands):]
        return [score for _, score in memo]

    def _score(self, hand: HandEntry) -> HandScore:
        if isinstance(hand, Scala40Hand):
            return score_scala40(self.rules, hand)
        return score_burraco(self.rules, hand)

    def standing(self, hands: int | None = None) -> Standing:
        """The match after the first ``hands`` hands (all by default)."""
        count = len(self.hands) if hands is None else hands
        results = self.results()[:count]
        if not results and not self.is_scala40:
            return MatchStanding((0,) * len(self.side_seats()), 0, False, None, "")
        if self.is_scala40:
            played = [(tuple(h.seats), r.scores) for h, r in
                      zip(self.hands[:count], results, strict=True)
                      if isinstance(h, Scala40Hand)]
            back: dict[int, list[int]] = {}
            for r in self.reentries:
                if r.before <= count:
                    back.setdefault(r.before, []).append(r.side)
            return scala40_match.standing(self.rules, played, back)
        starting = burraco_match.starting_side(self.first_dealer, self.rules.players)
        return burraco_match.standing(self.format, [r.scores for r in results], starting)

    @property
    def over(self) -> bool:
        return self.standing().over

    def dealers(self) -> list[int]:
        """The dealer of each hand, and of the next one last (§2.1 item 3, §6.1)."""
        out = [self.first_dealer]
        for i in range(len(self.hands)):
            if self.is_scala40:
                now = self.standing(i + 1)
                out.append(scala40_match.next_dealer(out[-1], self._in_play(now)))
            else:
                out.append(burraco_match.next_dealer(out[-1], self.rules.players))
        return out

    def _in_play(self, now: Standing) -> list[bool]:
        assert isinstance(now, scala40_match.MatchStanding)
        sides = seat_sides(self.rules)
        return [not now.eliminated[sides[s]] for s in range(self.rules.players)]

    def in_play(self) -> list[bool]:
        """Scala 40: which seats the next hand deals in; Burraco: every seat."""
        if not self.is_scala40:
            return [True] * self.rules.players
        return self._in_play(self.standing())

    # --- changing it ----------------------------------------------------------------------------

    def check_hand(self, hand: HandEntry, index: int, path: str | None = None) -> None:
        """Refuse ``hand`` as hand number ``index`` (0-based) of this sheet; errors name
        fields under ``path`` (default ``hands[index]``)."""
        path = index_path("hands", index) if path is None else path
        if index >= MAX_HANDS:
            raise SheetError(path, "shape", f"a sheet holds at most {MAX_HANDS} hands")
        before = self.standing(index)
        if before.over:
            raise SheetError(path, "match-over", f"the match was over after hand {index}; "
                             "no hand follows it (RULES.md §2.11, §6.5)")
        if isinstance(hand, Scala40Hand):
            if not self.is_scala40:
                raise SheetError(path, "shape", "a Scala 40 hand on a Burraco sheet")
            in_play = self._in_play(before)
            for seat, player in enumerate(hand.players):
                if (player is None) == in_play[seat]:
                    where = index_path(key_path(path, "players"), seat)
                    if in_play[seat]:
                        raise SheetError(where, "dealt-in", f"{self.players[seat]} is in "
                                         "play and is dealt in: give the count")
                    raise SheetError(where, "dealt-in", f"{self.players[seat]} is out of "
                                     "the match (RULES.md §6.5): null, not a count")
            check_scala40(self.rules, hand, path)
        else:
            if self.is_scala40:
                raise SheetError(path, "shape", "a Burraco hand on a Scala 40 sheet")
            check_burraco(self.hand_rules(before.totals), hand, path)

    def hand_rules(self, totals: Sequence[int] | None = None) -> RuleSet:
        """The rules of the hand after ``totals`` (default: the next hand): three players
        switch to three pozzetti of 11, everyone alone, once a total reaches
        ``three_player_switch_threshold`` (§5.2, ``ramino.games.burraco.match.hand_rules``)."""
        if self.is_scala40:
            return self.rules
        if totals is None:
            totals = self.standing().totals
        return burraco_match.hand_rules(self.rules, totals)

    def solo_allowed(self) -> bool:
        """Three-player Burraco: the next hand deals the 18 and the 11, so a player may go
        solo (§5.2); false after the switch, and for every other game and player count."""
        return self.rules.players == 3 and pairs_form(self.hand_rules())

    def add_hand(self, hand: HandEntry, path: str | None = None) -> HandScore:
        """Check ``hand``, add it, and return its score (errors under ``path``)."""
        self.check_hand(hand, len(self.hands), path)
        self.hands.append(hand)
        return self._score(hand)

    def remove_last(self) -> HandEntry:
        """Take back the last hand (and any re-entry recorded after it)."""
        if not self.hands:
            raise SheetError("hands", "shape", "the sheet has no hand to take back")
        self.reentries = [r for r in self.reentries if r.before < len(self.hands)]
        return self.hands.pop()

    def reenter(self, side: int) -> None:
        """Scala 40, ``reentry=ONCE_AT_HIGHEST_REMAINING``: ``side`` re-enters before the next
        hand at the highest total in play (§6.5)."""
        path = index_path("reentries", len(self.reentries))
        if not self.is_scala40 or self.rules.reentry is Reentry.NONE:
            raise SheetError(path, "reentry", "these rules have no re-entry (reentry=NONE, "
                             "RULES.md §6.5)")
        now = self.standing()
        assert isinstance(now, scala40_match.MatchStanding)
        if not 0 <= side < len(now.eliminated) or not now.can_reenter[side]:
            raise SheetError(key_path(path, "side"), "reentry",
                             f"side {side} may not re-enter now: only once, right after its "
                             "elimination, while two sides remain in play (RULES.md §6.5)")
        self.reentries.append(Reentered(len(self.hands), side))

    # --- JSON -----------------------------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        """The sheet as stored (``ramino-scoresheet/1``): what was entered, nothing computed."""
        out: dict[str, Any] = {"format": SHEET_FORMAT, "rules": write_rules(self.rules),
                               "players": list(self.players)}
        if self.match is not None:
            out["match"] = self.match.as_json()
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["hands"] = [h.as_dict() for h in self.hands]
        if self.reentries:
            out["reentries"] = [{"before": r.before, "side": r.side} for r in self.reentries]
        if self.meta is not None:
            out["meta"] = self.meta
        return out

    @classmethod
    def from_dict(cls, document: object) -> Sheet:
        """Read a stored sheet, checking every hand as :meth:`add_hand` does."""
        with shape():
            obj = expect_object(document, "", required=("format", "rules", "players", "hands"),
                                optional=("match", "dealer", "reentries", "meta"))
            fmt = expect_str(obj["format"], "format")
            if fmt != SHEET_FORMAT:
                raise SheetError("format", "shape", f"{fmt!r}: this reader knows "
                                 f"{SHEET_FORMAT!r}")
            rules = read_rules(obj["rules"])
            check_rules(rules)
            names = expect_list(obj["players"], "players", length=rules.players)
            players = tuple(expect_str(n, index_path("players", i)) for i, n in enumerate(names))
            match = None
            if obj.get("match") is not None:
                if rules.game == "scala40":
                    raise SheetError("match", "shape", "Scala 40 ends at the elimination "
                                     "limit: set the rules option elimination_limit (§6.5)")
                match = read_match_format(obj["match"], rules)
            dealer = None
            if obj.get("dealer") is not None:
                dealer = expect_int(obj["dealer"], "dealer", 0, rules.players - 1)
            raw_hands = expect_list(obj["hands"], "hands")
            raw_back = expect_list(obj.get("reentries", []), "reentries")
        sheet = cls(rules, players, [], match, dealer, [], obj.get("meta"))
        sheet.check_setup()
        back: list[Reentered] = []
        for i, raw in enumerate(raw_back):
            where = index_path("reentries", i)
            with shape():
                item = expect_object(raw, where, required=("before", "side"))
                back.append(Reentered(expect_int(item["before"], key_path(where, "before"), 0,
                                                 len(raw_hands)),
                                      expect_int(item["side"], key_path(where, "side"), 0,
                                                 rules.players - 1)))
        if back != sorted(back, key=lambda r: r.before):
            raise SheetError("reentries", "shape", "list the re-entries in the order of hands")
        for i, raw in enumerate(raw_hands):
            for r in back:
                if r.before == i:
                    sheet.reenter(r.side)
            sheet.add_hand(read_hand(rules, raw, index_path("hands", i)))
        for r in back:
            if r.before == len(raw_hands):
                sheet.reenter(r.side)
        return sheet

    def view(self) -> dict[str, Any]:
        """Everything a page or a terminal shows, computed: each hand's score, breakdown and
        the running totals after it, the dealer of each hand, and the standing."""
        results = self.results()
        dealers = self.dealers()
        hands: list[dict[str, Any]] = []
        for i, result in enumerate(results):
            now = self.standing(i + 1)
            entry = {"number": i + 1, "dealer": dealers[i], **result.as_dict(),
                     "totals": list(now.totals)}
            hands.append(entry)
        now = self.standing()
        standing = now.as_json()
        if isinstance(now, scala40_match.MatchStanding):
            standing["can_reenter"] = list(now.can_reenter)
            standing["limit"] = self.rules.elimination_limit
            standing["in_play"] = self.in_play()
        else:
            mode = self.format.mode
            standing["target"] = mode.value if mode.mode == "TARGET" else None
            standing["mode"] = str(mode)
        return {"game": self.game, "preset": self.rules.preset, "players": list(self.players),
                "sides": [{"seats": seats, "name": name} for seats, name in
                          zip(self.side_seats(), self.side_names(), strict=True)],
                "hands": hands, "next_dealer": dealers[-1], "standing": standing}


def check_rules(rules: RuleSet) -> None:
    """Refuse a rule set the engine or the sheet cannot keep."""
    try:
        require_supported(rules)
        check_partnerships(rules)
    except RulesError as exc:
        raise SheetError("rules", "rules", str(exc)) from None
    if rules.game == "buraco" and rules.players == 3:
        raise SheetError("rules.options.players", "players",
                         "RULES.md has no three-player Buraco (§4; three players is Burraco's "
                         "§5.2): the score keeper keeps Buraco at 2, 4 or 6 players")


def read_hand(rules: RuleSet, value: object, path: str) -> HandEntry:
    """One hand's counts in the shape of the rules' game."""
    if rules.game == "scala40":
        return Scala40Hand.from_dict(value, path, rules.players)
    return BurracoHand.from_dict(value, path, max(initial_sides(rules.players)) + 1,
                                 three_players=rules.players == 3)
