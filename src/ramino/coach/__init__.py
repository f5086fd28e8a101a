"""The coach: hints and reviews of a seat's play, computed from that seat's own observation
(never the hidden cards), with the search bot as the judge and the reasons in words."""
