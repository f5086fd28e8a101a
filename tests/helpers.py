"""Small builders for engine tests: cards from notation, positions with the full pack; and the
loader of the measurement scripts under ``scripts/``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from ramino.cards import pack, parse_annotated_card, parse_cards, to_counts
from ramino.games.burraco.melds import Meld, meld_from_cards
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules import RuleSet, preset


def cards(text: str) -> list[int]:
    return parse_cards(text)


def table_meld(text: str, rules: RuleSet | None = None) -> Meld:
    rules = rules or preset("fibur")
    parsed = [parse_annotated_card(t) for t in text.split()]
    notes = [(c, t) for c, t in parsed if t is not None]
    meld = meld_from_cards([c for c, _ in parsed], rules, notes)
    assert meld is not None, f"not a legal meld: {text}"
    return meld


def position(hands: list[str], melds: list[tuple[int, str]] | None = None, *,
             rules: RuleSet | None = None, taken: tuple[bool, bool] = (False, False),
             pile: str = "", current: int = 0, phase: str = "play",
             stock_size: int | None = None, stock: str | None = None,
             forbidden: str | None = None) -> BurracoState:
    """A mid-hand position; the cards not placed anywhere fill the pozzetti and the stock so
    that the 108-card pack is conserved."""
    rules = rules or preset("fibur")
    hand_cards = [cards(h) for h in hands]
    meld_list = [(team, table_meld(text, rules)) for team, text in (melds or [])]
    pile_cards = cards(pile)
    stock_cards = cards(stock) if stock is not None else []
    used = to_counts([c for h in hand_cards for c in h] + pile_cards + stock_cards
                     + [c for _, m in meld_list for c in m.cards])
    rest: list[int] = []
    full = to_counts(pack(2))
    for card in range(53):
        assert used[card] <= full[card], f"too many copies of card {card}"
        rest.extend([card] * (full[card] - used[card]))
    pozzetti: list[list[int]] = []
    for team_taken in taken:
        if not team_taken:
            pozzetti.append(rest[:11])
            rest = rest[11:]
    if stock is not None:
        stock_list = stock_cards
    else:
        stock_list = rest if stock_size is None else rest[:stock_size]
    state = BurracoState.from_position(
        rules, hands=hand_cards, pozzetti=pozzetti, taken=list(taken), stock=stock_list,
        pile=pile_cards, melds=meld_list, current=current, phase=phase,
        forbidden_discard=None if forbidden is None else cards(forbidden)[0])
    return state


def at_turn(observation: Observation, turn: int) -> Observation:
    """``observation`` as if ``turn`` turns had been played (what the pile says depends on it)."""
    fields = {f: getattr(observation, f) for f in observation.__dataclass_fields__}
    return observation.__class__(**{**fields, "turn": turn})


def hands_of(*texts: str) -> list[list[int]]:
    """Card counts per seat, one text per seat."""
    return [to_counts(cards(t)) for t in texts]


SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (registered, so its dataclasses find their module)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
