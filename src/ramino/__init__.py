"""ramino: the Italian rummy family (Burraco, Brazilian Buraco, Scala 40) as a pure rules engine
with records, bots, tables and tournaments on top of it."""

__version__ = "0.1.0"
