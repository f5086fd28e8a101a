"""Skill ratings: OpenSkill (Plackett–Luce), which rates each player inside a partnership, so
that a player who changes partners carries their own rating.

A match is rated when it ends, from the sides' places: in Burraco and Buraco by their total
scores over its hands, in Scala 40 by the order in which they were eliminated (a free-for-all
of 2 to 6 players, or of two pairs or teams; :func:`ramino.server.matches.elimination_places`).
Matches of two hands or fewer are never rated (too much luck in a deal).  Guests and bots sit
in a side with the default rating and are not rated themselves.  The shown rating is the
conservative ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

_model = PlackettLuce()

Rating = tuple[float, float]  # (mu, sigma)
DEFAULT: Rating = (_model.mu, _model.sigma)


def rate_match(sides: Sequence[Sequence[int | None]], totals: Sequence[int],
               ratings: dict[int, Rating]) -> dict[int, Rating]:
    """New ratings of the accounts in ``sides`` (account ids per side, None for a guest or a
    bot) after a match whose side totals were ``totals``; ``ratings`` holds their ratings now.
    Equal totals are a draw."""
    order = sorted(set(totals), reverse=True)
    return rate_places(sides, [order.index(t) + 1 for t in totals], ratings)


def rate_places(sides: Sequence[Sequence[int | None]], places: Sequence[int],
                ratings: dict[int, Rating]) -> dict[int, Rating]:
    """New ratings after a match where side ``i`` finished at ``places[i]`` (1 first; equal
    places are a tie): a free-for-all of several sides, as a Scala 40 match to elimination."""
    teams = []
    for side in sides:
        team = []
        for account in side:
            mu, sigma = ratings.get(account, DEFAULT) if account is not None else DEFAULT
            team.append(_model.rating(mu=mu, sigma=sigma))
        teams.append(team)
    rated = _model.rate(teams, ranks=[float(p) for p in places])
    out: dict[int, Rating] = {}
    for side, team in zip(sides, rated, strict=True):
        for account, rating in zip(side, team, strict=True):
            if account is not None:
                out[account] = (rating.mu, rating.sigma)
    return out
