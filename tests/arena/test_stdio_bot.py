"""A bot in another process: the example bot rated by the arena, and clear errors naming the
bot for one that is slow, dies, or answers nonsense."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.arena.duplicate import run_match
from ramino.bots.registry import make_bot
from ramino.bots.stdio import ExternalBotError, StdioBot
from ramino.cli import app
from ramino.games.state import new_hand
from ramino.rules import preset

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "stdio_bot.py"
PYTHON = shlex.quote(sys.executable)


def command(script: str) -> str:
    return f"cmd:{PYTHON} -c {shlex.quote(script)}"


def test_the_arena_rates_the_example_bot() -> None:
    spec = f"cmd:{PYTHON} {shlex.quote(str(EXAMPLE))}"
    summary = run_match(spec, "random", deals=2, jobs=1, honesty_every=4).summary()
    assert summary["illegal_actions"] == 0 and summary["honesty_failures"] == 0
    # Its decisions cannot be copied, so they are unchecked; random's are checked.
    assert summary["honesty_unchecked"] > 0 and summary["honesty_checks"] > 0
    assert summary["mean_diff_per_hand"] > 0  # it plays better than random
    fisca = run_match(spec, "greedy", deals=1, jobs=1, honesty_every=0, preset_name="fisca")
    assert fisca.summary()["illegal_actions"] == 0


def test_the_cli_rates_a_command_bot_as_side_a() -> None:
    spec = f"cmd:{PYTHON} {shlex.quote(str(EXAMPLE))}"
    result = CliRunner().invoke(app, ["arena", "--bot", spec, "random", "--deals", "1",
                                      "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"honesty_unchecked"' in result.output


def ask(spec: str) -> None:
    rules = preset("fibur")
    state = new_hand(rules, seed=1)
    bot = make_bot(spec, 0, rules)
    assert isinstance(bot, StdioBot)
    try:
        bot.choose(state.observation(state.current), state.legal_actions())
    finally:
        bot.close()


def test_a_slow_process_is_named() -> None:
    spec = command("import time; time.sleep(30)").replace("cmd:", "cmd(timeout=0.3):", 1)
    with pytest.raises(ExternalBotError, match=r"bot .cmd\(timeout=0.3\):.*no answer within 0.3 s"):
        ask(spec)


def test_a_dead_process_is_named_with_its_stderr() -> None:
    spec = command("import sys; sys.stderr.write('boom\\n'); sys.exit(3)")
    with pytest.raises(ExternalBotError, match=r"bot .cmd:.*ended \(exit status 3\).*boom"):
        ask(spec)


def test_a_garbage_answer_is_named() -> None:
    spec = command("import sys\nfor line in sys.stdin: print('hello there', flush=True)")
    with pytest.raises(ExternalBotError, match=r"answered 'hello there', which is not one of"):
        ask(spec)


def test_the_cli_stops_in_one_line_when_the_process_fails() -> None:
    result = CliRunner().invoke(app, ["arena", "--bot", command("pass"), "random", "--deals",
                                      "1", "--jobs", "1"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "ended" in lines[0]
    assert lines[0].startswith(("bot 'cmd:", 'bot "cmd:'))
