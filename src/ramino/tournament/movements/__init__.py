"""Movements: who meets whom in a turno, one pure module per format (§7.3, §6.6).

Each function takes entrant ids in ranking (or seeding) order plus the history it needs and
returns matches; :mod:`ramino.tournament.seating` turns matches into numbered, oriented tables.
"""
