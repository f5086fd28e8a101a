"""Skill ratings: OpenSkill (Plackett–Luce), which rates each player inside a partnership, so
that a player who changes partners carries their own rating (issue 5).

A match is rated when it ends, from the sides' total scores over its hands; matches of two
hands or fewer are never rated (too much luck in a deal).  Guests and bots sit in a side with
the default rating and are not rated themselves.  The shown rating is the conservative
``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

MIN_RATED_HANDS = 3

_model = PlackettLuce()

Rating = tuple[float, float]  # (mu, sigma)
DEFAULT: Rating = (_model.mu, _model.sigma)


def rate_match(sides: Sequence[Sequence[int | None]], totals: Sequence[int],
               ratings: dict[int, Rating]) -> dict[int, Rating]:
    """New ratings of the accounts in ``sides`` (account ids per side, None for a guest or a
    bot) after a match whose side totals were ``totals``; ``ratings`` holds their ratings now.
    Equal totals are a draw."""
    teams = []
    for side in sides:
        team = []
        for account in side:
            mu, sigma = ratings.get(account, DEFAULT) if account is not None else DEFAULT
            team.append(_model.rating(mu=mu, sigma=sigma))
        teams.append(team)
    order = sorted(set(totals), reverse=True)
    ranks = [float(order.index(t) + 1) for t in totals]
    rated = _model.rate(teams, ranks=ranks)
    out: dict[int, Rating] = {}
    for side, team in zip(sides, rated, strict=True):
        for account, rating in zip(side, team, strict=True):
            if account is not None:
                out[account] = (rating.mu, rating.sigma)
    return out
