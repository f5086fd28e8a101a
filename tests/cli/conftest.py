"""The terminal's language is chosen once per command (``ramino.cli.words.speak``); a test that
draws a table or a sheet without running a command starts from English, whatever the test
before it spoke."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ramino.cli.words import speak


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    speak("en")
    yield
    speak("en")
