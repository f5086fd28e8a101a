"""Playing one hand with bots in the seats, counting illegal actions and honesty failures.

Burraco and Buraco (``BurracoState``) or Scala 40 (``Scala40State``), by the rules' ``game``.

A bot must answer from ``observation(seat)`` alone (the honesty contract).  Every
``honesty_every`` decisions the arena copies the playing bot itself (``copy.deepcopy``: its
memory of the hand comes along) just before it answers, and asks the copy the same question on
a state whose hidden cards were dealt again (``ramino.games.resample``): the copy must give the
bot's own answer.  The oracle reads the true state by design, so it is not checked; a bot that
cannot be copied (``honesty_checkable = False``, or ``deepcopy`` fails) is counted unchecked.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ramino.bots.protocol import Bot, Closes, SeesState, honesty_checkable
from ramino.bots.registry import is_builtin, make_bot
from ramino.bots.stdio import ExternalBotError
from ramino.games.actions import Action
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40State
from ramino.games.state import AnyState, new_hand
from ramino.rules.options import RuleSet

#: A FIBUR hand ends long before this (the tallone runs out, §2.9a); a guard against a bug.
MAX_ACTIONS = 20_000


@dataclass(frozen=True, slots=True)
class HandOutcome:
    deal_seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]  # per side (Burraco); per seat (Scala 40)
    end: str
    decisions: int
    illegal: int
    honesty_checks: int
    honesty_failures: int
    seconds: tuple[float, ...]  # thinking time per seat
    record: dict[str, Any] | None = field(default=None)
    closed_by: int | None = None  # Scala 40: the seat that closed
    honesty_unchecked: int = 0  # checks skipped: the bot cannot be copied


def bot_seed(bot_seed_base: int, deal_seed: int, seat: int) -> int:
    return (bot_seed_base * 1_000_003 + deal_seed * 7 + seat) & 0x7FFF_FFFF


def copy_for_check(bot: Bot) -> Bot | None:
    """A deep copy of the playing bot, memory and all, or ``None`` if it cannot be checked."""
    if isinstance(bot, SeesState) or not honesty_checkable(bot):
        return None
    try:
        return copy.deepcopy(bot)
    except Exception:  # any failure to copy means "cannot be checked"
        return None


def honest_here(state: AnyState, twin_bot: Bot, answer: Action, rules: RuleSet,
                rng: random.Random) -> bool:
    """``twin_bot`` (a copy of the playing bot taken before it answered ``answer``), asked on a
    state with every card the seat cannot see dealt again, gives the same answer."""
    seat = state.current
    twin = resample(state.observation(seat), rng, rules)
    return twin_bot.choose(twin.observation(seat), twin.legal_actions()) == answer


def play_hand(rules: RuleSet, deal_seed: int, seats: tuple[str, ...], *, seed: int = 0,
              honesty_every: int = 0, keep_record: bool = False) -> HandOutcome:
    """Play deal ``deal_seed`` with ``seats[s]`` (a bot spec) in seat ``s``."""
    state = new_hand(rules, seed=deal_seed)
    seeds = [bot_seed(seed, deal_seed, s) for s in range(state.players)]
    bots = [make_bot(spec, seeds[s], rules) for s, spec in enumerate(seats)]
    check_rng = random.Random(deal_seed ^ 0x5EED)
    thinking = [0.0] * state.players
    illegal = checks = failures = unchecked = decisions = 0
    try:
        while not state.is_over:
            if decisions >= MAX_ACTIONS:
                raise RuntimeError(f"deal {deal_seed}: no end after {MAX_ACTIONS} actions")
            seat = state.current
            bot = bots[seat]
            legal = state.legal_actions()
            if isinstance(bot, SeesState):
                bot.see(state)
            checked = (honesty_every and decisions % honesty_every == 0
                       and not isinstance(bot, SeesState))
            twin_bot = copy_for_check(bot) if checked else None
            start = time.perf_counter()
            try:
                action = bot.choose(state.observation(seat), legal)
            except Exception as exc:
                if is_builtin(seats[seat]) or isinstance(exc, ExternalBotError):
                    raise  # a built-in bot's failure is ramino's defect: its traceback
                raise ExternalBotError(f"bot {seats[seat]!r} failed at deal {deal_seed}: "
                                       f"{type(exc).__name__}: {exc}") from exc
            thinking[seat] += time.perf_counter() - start
            if checked and twin_bot is None:
                unchecked += 1
            elif twin_bot is not None:
                checks += 1
                failures += not honest_here(state, twin_bot, action, rules, check_rng)
            if action not in legal:
                illegal += 1
                action = legal[0]
            state.apply(action)
            decisions += 1
    finally:
        for bot in bots:
            if isinstance(bot, Closes):
                bot.close()
    result = state.result()
    assert result is not None and state.end is not None
    record = None
    meta = {"deal_seed": deal_seed, "bot_seed": seed}
    if keep_record:
        if isinstance(state, Scala40State):
            from ramino.records.scala40 import record as scala40_record
            record = scala40_record.record_of(state, players=list(seats), meta=meta)
        else:
            from ramino.records.burraco.writer import record_of
            record = record_of(state, players=list(seats), meta=meta)
    closed_by = state.closed_by if isinstance(state, Scala40State) else None
    scores = result.scores
    if isinstance(state, Scala40State) and len(scores) != state.players:
        # Scala 40 partnerships (§6.1): a side's score once, at its first seat, so that adding
        # a side's seats gives the side's score.
        first = {side: state.sides.index(side) for side in set(state.sides)}
        scores = tuple(scores[side] if first[side] == seat else 0
                       for seat, side in enumerate(state.sides))
    return HandOutcome(deal_seed, seats, scores, state.end, decisions, illegal, checks,
                       failures, tuple(thinking), record, closed_by, unchecked)
