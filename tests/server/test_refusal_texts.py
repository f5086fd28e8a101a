"""Engine refusals explained in the player's language, by rule id (docs/engine.md's table),
with each game's own words, the rule id and docs/rules.md section kept; an English client (or a
program that names no language) reads the engine's own message."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ramino.errors import IllegalActionError
from ramino.rules import make_rules
from ramino.server.refusal_texts import BURRACO, SCALA40, Term, refusal_message

from .conftest import join, recv_until

GAMES = Path(__file__).resolve().parents[2] / "src" / "ramino" / "games"
RULE_ID = r'"([a-z0-9]+(?:-[a-z0-9]+)+)"'


def raised(*names: str) -> set[str]:
    """Every rule id the modules refuse with: ``illegal(..., "id", "§x")``, the Scala 40 meld
    helper's ``_illegal(..., "id")`` and the turn checks that return a rule id."""
    text = "".join((GAMES / name).read_text(encoding="utf-8") for name in names)
    found = set(re.findall(r",\s*" + RULE_ID + r'\s*(?:,\s*"§[^"]+"\s*)?\)', text))
    found |= set(re.findall(r"return " + RULE_ID, text))
    return found


def test_every_rule_the_engines_refuse_with_has_a_text() -> None:
    burraco = raised("burraco/state.py", "burraco/legal.py", "burraco/refusals.py")
    scala40 = raised("scala40/state.py", "scala40/melds.py", "scala40/refusals.py")
    assert len(burraco) >= 30 and len(scala40) >= 35
    assert burraco <= set(BURRACO), sorted(burraco - set(BURRACO))
    assert scala40 <= set(SCALA40), sorted(scala40 - set(SCALA40))


def refusal(rule: str, section: str) -> IllegalActionError:
    return IllegalActionError("the engine's words", rule=rule, section=section)


def test_each_game_speaks_of_its_own_things() -> None:
    exc = refusal("pozzetto-requires-burraco", "§5.3")
    burraco = refusal_message(exc, "burraco", "it", written="discard 7h")
    assert burraco == ("discard 7h: Il pozzetto si prende solo dopo aver fatto un burraco. "
                       "(pozzetto-requires-burraco, RULES.md §5.3)")
    buraco = refusal_message(exc, "buraco", "pt")
    assert "morto" in buraco and "canastra" in buraco and "pozzetto (" not in buraco
    assert buraco.endswith("(pozzetto-requires-burraco, RULES.md §5.3)")
    assert "curinga" in refusal_message(refusal("one-wild", "§2.5.1"), "buraco", "it")
    assert "pinella" in refusal_message(refusal("one-wild", "§2.5.1"), "burraco", "pt")
    assert isinstance(BURRACO["one-wild"], Term) and not isinstance(BURRACO["draw-first"], Term)
    # English is the engine's own message, the most specific.
    assert refusal_message(exc, "buraco", "en") == str(exc)


def test_the_table_s_option_values_fill_the_text() -> None:
    rules = make_rules("fisca", {"opening_threshold": 51})
    shown = refusal_message(refusal("opening-threshold", "§6.3"), "scala40", "pt", rules)
    assert "51 pontos" in shown and "(opening-threshold, RULES.md §6.3)" in shown
    pozzo = refusal_message(refusal("pick-before-opening", "§6.3"), "scala40", "it", rules)
    assert pozzo.startswith("Prima di aprire non puoi prendere dal pozzo.")


def first_refusal(client: TestClient, preset: str, seats: list[str], headers: dict[str, str],
                  **join_fields: Any) -> dict[str, Any]:
    """Seat 0 (the first to play) discards before drawing: the engine refuses (draw-first)."""
    body: dict[str, Any] = {"preset": preset, "seats": seats, "bot_level": "random"}
    table_id = client.post("/api/tables", json=body).json()["id"]
    with client.websocket_connect("/ws", headers=headers) as ws:
        _welcome, update = join(ws, table_id, seat=0, **join_fields)
        card = update["view"]["hand"][0]
        ws.send_json({"type": "act", "action": f"discard {card}", "version": update["version"]})
        error: dict[str, Any] = recv_until(ws, lambda f: f["type"] == "error")
        error["written"] = f"discard {card}"
        return error


def test_an_italian_or_portuguese_client_reads_the_reason_in_its_language(
        client: TestClient) -> None:
    italian = first_refusal(client, "fibur", ["open", "bot", "bot", "bot"], {}, lang="it")
    assert italian["code"] == "illegal" and italian["rule"] == "draw-first"
    assert italian["message"] == (f"{italian['written']}: Prima pesca: dal tallone o dagli "
                                  "scarti. (draw-first, RULES.md §2.3)")
    assert italian["detail"] and "(draw-first, RULES.md §2.3)" in italian["detail"]
    # No language in the join: the browser's Accept-Language (or the page's cookie) decides.
    portuguese = first_refusal(client, "fisca", ["open", "bot"],
                               {"Accept-Language": "pt-BR,pt;q=0.9"})
    assert portuguese["message"] == (f"{portuguese['written']}: Primeiro compre do monte ou "
                                     "pegue do pozzo. (draw-first, RULES.md §6.3)")
    kept = first_refusal(client, "buraco-aberto", ["open", "bot", "bot", "bot"],
                         {"Cookie": "ramino_lang=pt"})
    assert kept["message"].endswith("Compre primeiro: do monte ou do lixo. (draw-first, "
                                    "RULES.md §2.3)")
    english = first_refusal(client, "fibur", ["open", "bot", "bot", "bot"], {})
    assert english["detail"] is None and english["message"].endswith(
        "(draw-first, RULES.md §2.3)")
    assert "Prima" not in english["message"]
