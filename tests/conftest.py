"""Shared test set-up: under CI every hypothesis test runs the same examples each time."""

import os

from hypothesis import settings

# CI runs the property tests derandomized, so a red or green run says the same thing when it
# is run again; a developer's runs keep exploring new examples.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
