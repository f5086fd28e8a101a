"""A bot in another process, in any language, speaking line JSON on its stdin and stdout.

``cmd:COMMAND`` (``cmd(timeout=2.5):COMMAND`` for another per-decision limit) starts
``COMMAND`` (split as a POSIX shell would, never run by a shell) when the bot is first asked,
and talks to it one line at a time (docs/bots.md, "Bring your own bot"):

1. ramino writes ``{"type": "hello", "protocol": "ramino-bot/1", "name": ..., "seed": ...,
   "game": ..., "players": ..., "options": {...}}`` once; no answer is expected;
2. per decision, ramino writes ``{"type": "choose", "observation": {...}, "legal": [...]}``:
   the seat's observation (``Observation.as_dict()``) and the legal actions in the record
   notation (docs/record.md §3); the process answers one line, one of those strings exactly;
3. when the hand is over, ramino closes the process's stdin; it should then exit.

An answer that does not come within the limit, a process that dies, or a line that is not one
of the legal actions stop the match with :class:`ExternalBotError` naming the bot.  What the
process writes on stderr is kept (the last lines) for that message.

A process cannot be copied, so the arena does not check its honesty
(``honesty_checkable = False``): the report counts its decisions as unchecked.
"""

from __future__ import annotations

import collections
import json
import queue
import re
import shlex
import shutil
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, Any

from ramino.games.actions import Action
from ramino.rules.options import RuleSet

PROTOCOL = "ramino-bot/1"
DEFAULT_TIMEOUT = 10.0
_SPEC = re.compile(r"^cmd(?:\(timeout=(?P<timeout>[0-9.]+)\))?:(?P<command>.*)$", re.DOTALL)
_STDERR_LINES = 20


class ExternalBotError(RuntimeError):
    """A bot from outside ramino failed: a process died, was too slow or answered nonsense,
    or a third-party bot raised (the arena names the bot and the deal)."""


def is_command(spec: str) -> bool:
    return spec.startswith("cmd:") or spec.startswith("cmd(")


def parse_command(spec: str) -> tuple[list[str], float]:
    """``cmd:COMMAND`` -> (argv, timeout); ``ValueError`` naming what is wrong.  The program
    must be found (on the PATH or as a path) before any deal is played."""
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(f"{spec!r}: a command bot is cmd:COMMAND or cmd(timeout=SECONDS):COMMAND")
    try:
        argv = shlex.split(match["command"])
    except ValueError as exc:
        raise ValueError(f"{spec!r}: cannot split the command ({exc})") from None
    if not argv:
        raise ValueError(f"{spec!r}: the command is empty")
    if shutil.which(argv[0]) is None:
        raise ValueError(f"{spec!r}: no program {argv[0]!r} found")
    timeout = float(match["timeout"]) if match["timeout"] else DEFAULT_TIMEOUT
    if not timeout > 0:
        raise ValueError(f"{spec!r}: the timeout must be more than 0 seconds")
    return argv, timeout


class StdioBot:
    """A bot answered by a process (see the module's docstring for the protocol)."""

    honesty_checkable = False

    def __init__(self, spec: str, seed: int, rules: RuleSet,
                 options: dict[str, str] | None = None) -> None:
        self.name = spec
        self.argv, self.timeout = parse_command(spec)
        self.hello = {"type": "hello", "protocol": PROTOCOL, "name": spec, "seed": seed,
                      "game": rules.game, "players": rules.players,
                      "options": dict(options or {})}
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._last_status: int | None = None

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        by_text = {str(a): a for a in legal_actions}
        self._send({"type": "choose", "observation": observation.as_dict(),
                    "legal": list(by_text)})
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self.close(grace=0.0)
            raise self._error(f"no answer within {self.timeout:g} s") from None
        if line is None:
            raise self._error(f"the process ended ({self._exit_status()}) instead of "
                              "answering")
        answer = line.strip()
        if answer not in by_text:
            self.close(grace=0.0)
            raise self._error(f"answered {answer[:80]!r}, which is not one of the "
                              f"{len(by_text)} legal actions")
        return by_text[answer]

    def close(self, grace: float = 2.0) -> None:
        """Close the process's stdin and wait ``grace`` seconds for it to exit, then kill it."""
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        self._last_status = process.returncode

    def _send(self, message: dict[str, Any]) -> None:
        process = self._start()
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except OSError:
            raise self._error(f"the process ended ({self._exit_status()}) before it was "
                              "asked") from None

    def _start(self) -> subprocess.Popen[str]:
        if self._process is not None:
            return self._process
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                       bufsize=1)
        except OSError as exc:
            raise ExternalBotError(f"bot {self.name!r}: cannot start it ({exc})") from None
        self._process = process
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_pump_lines, args=(process.stdout, self._lines),
                         daemon=True).start()
        threading.Thread(target=_keep_tail, args=(process.stderr, self._stderr),
                         daemon=True).start()
        self._send(self.hello)
        return process

    def _exit_status(self) -> str:
        process = self._process
        if process is not None:
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                return "still running"
            self._process = None
            self._last_status = process.returncode
        return f"exit status {self._last_status}"

    def _error(self, what: str) -> ExternalBotError:
        tail = " | ".join(line.rstrip() for line in list(self._stderr)[-3:])
        return ExternalBotError(f"bot {self.name!r}: {what}"
                                + (f"; its stderr ends: {tail}" if tail else ""))


def _pump_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Each line of ``stream`` into ``lines``, then ``None`` at its end."""
    for line in stream:
        lines.put(line)
    lines.put(None)


def _keep_tail(stream: IO[str], tail: collections.deque[str]) -> None:
    for line in stream:
        tail.append(line)
