"""What every seat's observation agrees on: the public part a spectator may be shown."""

from __future__ import annotations

from typing import Any


def public_fields(observations: list[dict[str, Any]]) -> dict[str, Any]:
    """The fields with one value in every seat's observation (``seat`` set to None); a field
    that differs between seats is private to someone and is left out."""
    first = observations[0]
    out: dict[str, Any] = {}
    for key, value in first.items():
        if key == "seat":
            out[key] = None
        elif all(obs[key] == value for obs in observations[1:]):
            out[key] = value
    return out
