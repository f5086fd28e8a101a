"""The games: each a pure state machine over the cards, melds and rules below it."""
