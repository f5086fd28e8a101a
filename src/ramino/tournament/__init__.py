"""Tournaments for Burraco (pairs, individual) and Scala 40 (singles, pairs): the club
director's tool from registration to the final standings (§7, §6.6, §9.6).

Floors, bottom up, each module with one job: :mod:`.vp` (MP→VP tables), :mod:`.model` (value
types), :mod:`.movements` (who meets whom, one module per format), :mod:`.scoring` and
:mod:`.standings`, :mod:`.seating` (numbered, oriented tables and deal seeds),
:mod:`.tournament` (the operations and the audit trail), :mod:`.store` (the JSON document),
:mod:`.simulation` (a pluggable hand player), and the faces :mod:`.export`, :mod:`.cli`,
:mod:`.web`. Nothing here imports the game engine: a tournament needs only hand scores.
"""
