"""The coach at the terminal (``ramino.coach``): ``hint`` at the prompt — the move the search
would play from the player's own observation and why — and, after a hand, the review of the
player's three costliest decisions.  Both read only what the player's seat saw: the hint its
observation and legal actions, the review the hand's record from that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ramino.cli.play.games import HandState
from ramino.cli.play.typed import with_numbers
from ramino.cli.play.view import numbered_hand
from ramino.cli.words import tr
from ramino.coach.reason import Reason


class Coach:
    """Hints and reviews for the player, with a seeded budget (the same seed, position and
    budget give the same advice); reasons in ``lang`` and in ``game``'s own terms (the morto
    at a Brazilian Buraco table, the pozzetto at Burraco's)."""

    def __init__(self, seed: int, seconds: float, lang: str, names: Sequence[str],
                 game: str) -> None:
        self.seed = seed
        self.seconds = seconds
        self.names = list(names)
        self.lang = lang
        self.game = game

    def words(self, reason: Reason) -> str:
        from ramino.server.coach_texts import reason_text
        return reason_text(reason, self.lang, self.game)

    def hint(self, state: HandState, seat: int) -> list[str]:
        """The coach's move for ``seat`` (in turn) and the reason, from its observation."""
        from ramino.coach.hint import hint
        observation = state.observation(seat)
        advice = hint(observation, state.legal_actions(), state.rules,
                      seed=self.seed + observation.turn, seconds=self.seconds)
        typed = with_numbers(advice.text, numbered_hand(observation.hand))
        shown = advice.text if typed == advice.text else (
            advice.text + "  " + tr("(scrivi: {typed})", typed=typed))
        return [tr("suggerimento: {move}", move=shown),
                "  " + tr("perché: {reason}", reason=self.words(advice.reason))]

    def review(self, record: dict[str, Any], hand: int, seat: int) -> list[str]:
        """The three costliest decisions of match seat ``seat`` in hand ``hand`` (0-based) of
        ``record``, each with the better move, what it was worth and why."""
        from ramino.coach.review import review_hand
        review = review_hand(record, seat, seconds=self.seconds, seed=self.seed, hand=hand)
        lines = [tr("Revisione del tuo gioco: {n} decisioni con una scelta, circa {points} "
                    "punti lasciati in tutto.", n=len(review.decisions),
                    points=round(review.regret))]
        if not review.costliest:
            return [*lines, "  " + tr("La ricerca le avrebbe giocate tutte come te.")]
        for rank, decision in enumerate(review.costliest, start=1):
            noise = "" if decision.mistake else " " + tr("(entro il margine d'errore della "
                                                         "ricerca)")
            lines.append("  " + tr("{rank}. mossa {number}: {verdict}", rank=rank,
                                   number=decision.number,
                                   verdict=self.words(decision.verdict())) + noise)
            lines.append("     " + tr("perché: {reason}", reason=self.words(decision.reason)))
        return lines
