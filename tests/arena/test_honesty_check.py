"""The arena's honesty check asks the playing instance itself (a deep copy of it, memory and
all); a bot that cannot be copied is reported unchecked, never passed as checked."""

from __future__ import annotations

from ramino.arena.duplicate import run_match
from ramino.arena.play import play_hand
from ramino.rules import preset

BOTS = "tests.arena.outside_bots"


def test_a_bot_with_memory_is_checked_with_its_memory() -> None:
    # Two fresh copies of this bot would agree by chance only; copies of the playing
    # instance know how many decisions it has made and agree every time.
    out = play_hand(preset("fibur"), 3, (f"{BOTS}:memory_bot", "random", "random", "random"),
                    honesty_every=3)
    assert out.honesty_checks > 10 and out.honesty_failures == 0
    assert out.honesty_unchecked == 0


def test_a_bot_answering_from_outside_its_observation_fails_the_check() -> None:
    out = play_hand(preset("fibur"), 3, (f"{BOTS}:impure_bot", "random", "random", "random"),
                    honesty_every=3)
    # A quarter of the checks are the impure bot's; most of its answers differ.
    assert out.honesty_failures > out.honesty_checks // 8 > 2


def test_a_bot_that_cannot_be_copied_is_reported_unchecked() -> None:
    report = run_match(f"{BOTS}:locked_bot", "random", deals=1, jobs=1, honesty_every=2)
    summary = report.summary()
    assert summary["honesty_unchecked"] > 0 and summary["honesty_failures"] == 0
    # Only the random bot's decisions were checked: about half of the checked decisions.
    assert summary["honesty_checks"] > 0


def test_the_registry_bots_stay_honest_under_the_instance_check() -> None:
    for spec in ("random", "greedy", "expert"):
        out = play_hand(preset("fibur"), 5, (spec,) * 4, honesty_every=4)
        assert out.honesty_checks > 0 and out.honesty_failures == 0, spec
    fisca = preset("fisca")
    out = play_hand(fisca, 5, ("expert", "greedy") * (fisca.players // 2), honesty_every=4)
    assert out.honesty_checks > 0 and out.honesty_failures == 0
