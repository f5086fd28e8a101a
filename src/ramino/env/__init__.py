"""Learning environments over the ramino engine (optional extra ``ramino[env]``).

``ramino.env.aec.env()`` is a PettingZoo AEC environment for 4-player Burraco;
``ramino.env.encoding`` documents the observation vector and the action ids.
"""
