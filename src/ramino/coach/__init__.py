"""The coach: hints and reviews of a seat's play, computed from that seat's own observation
(never the hidden cards), with the search bot as the judge and the reasons in words.

- :func:`hint`: the search's move for the seat in turn, as a :class:`Hint` (the action, its
  notation, the cards and meld to highlight, the :class:`Reason`, the time spent);
- :func:`review_hand`: every decision of a seat in a recorded hand scored by the search, as
  a :class:`Review` of :class:`Decision` (the played and the best move, the regret in
  points, the reason for the better move);
- :class:`Reason`: a translatable message id with its parameters; :func:`explain` gives the
  reason for any legal move of a seat (``ramino.coach.explain``);
- docs/coach.md documents the API and the JSON shapes.
"""

from ramino.coach.explain import explain
from ramino.coach.hint import Hint, hint
from ramino.coach.reason import Reason
from ramino.coach.review import Decision, Review, review_hand

__all__ = ["Decision", "Hint", "Reason", "Review", "explain", "hint", "review_hand"]
