"""Learning environments over the ramino engine (optional extra ``ramino[env]``).

``ramino.env.aec.env()`` is a PettingZoo AEC environment for 4-player Burraco and
``ramino.env.scala40.env()`` one for Scala 40 at 2 to 6 players; ``ramino.env.encoding`` and
``ramino.env.scala40_encoding`` document their observation vectors and action ids, and
``ramino.env.seats`` holds what the two share.
"""
