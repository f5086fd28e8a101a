"""The pages around the table: the lobby's words, the rules page of each preset, the
invitation's QR code, a guest's session (no failed request) and the replay's seats."""

from __future__ import annotations

import copy
import enum
import json
import re
import time
import typing

import pytest
from fastapi.testclient import TestClient

from ramino.rules import make_rules
from ramino.rules.options import OPTIONS, RuleSet
from ramino.server.app import table_presets
from ramino.server.lobby import rule_rows
from ramino.server.replays import replay_steps
from ramino.server.rule_meanings import MEANINGS
from ramino.server.rule_values import VALUE_TEXTS, value_words

from .conftest import new_table


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ["Gioca subito", "Esperto", "a 3000 punti", "Buraco aberto"]),
    ("en", ["Play now", "Expert", "to 3000 points", "Plays like a good club player."]),
    ("pt", ["Jogar agora", "Experiente", "até 3000 pontos", "Todas as regras"]),
])
def test_lobby_leads_with_play_and_describes_presets_and_levels(
        client: TestClient, lang: str, words: list[str]) -> None:
    page = client.get(f"/?lang={lang}").text
    for word in words:
        assert word in page, word
    for game in ("burraco", "buraco", "scala40"):
        assert f'data-game="{game}"' in page  # a quick-play button per game
    assert "<details class=\"options\">" in page  # the table options folded away
    assert ">expert<" not in page and ">fibur<" not in page  # no codes shown


@pytest.mark.parametrize("lang", ["it", "en", "pt"])
def test_rules_page_lists_every_option_of_each_preset(client: TestClient, lang: str) -> None:
    heading = {"it": "Le regole", "en": "The rules", "pt": "As regras"}[lang]
    for preset in table_presets():
        page = client.get(f"/rules/{preset}?lang={lang}")
        assert page.status_code == 200
        assert heading in page.text
        for spec in make_rules(preset).applicable():
            assert f'<tr id="{spec.name}">' in page.text
            assert f"RULES.md {spec.section}" in page.text
    meaning = {"it": "numero di giocatori", "en": "number of players",
               "pt": "número de jogadores"}[lang]
    assert meaning in client.get(f"/rules/fisca?lang={lang}").text
    # Every rule a refusal names has a row to link to, in the reader's words.
    fibur = client.get(f"/rules/fibur?lang={lang}").text
    assert '<div id="rule-draw-first">' in fibur
    assert {"it": "Prima pesca", "en": "Draw first", "pt": "Compre primeiro"}[lang] in fibur
    scala40 = client.get(f"/rules/fisca?lang={lang}").text
    assert 'id="rule-' in scala40
    buraco = client.get("/rules/buraco-aberto").text
    assert "&#34;TARGET(3000)&#34;" in buraco or "TARGET(3000)" in buraco
    # Each value in words too, in the reader's language, the game's own words included.
    words = {"it": ["<strong>tutti gli scarti</strong>", "<strong>a 2005 punti</strong>",
                    "<strong>sì</strong>", "pulito 200, semipulito 150, sporco 100"],
             "en": ["<strong>the whole pile</strong>", "<strong>to 2005 points</strong>",
                    "<strong>yes</strong>"],
             "pt": ["<strong>o lixo inteiro</strong>", "<strong>até 2005 pontos</strong>",
                    "<strong>sim</strong>"]}[lang]
    assert all(word in fibur for word in words), words
    brazilian = client.get(f"/rules/buraco-aberto?lang={lang}").text
    if lang == "pt":
        assert "limpa 200, semilimpa 150, suja 100" in brazilian
    assert client.get("/rules/poker").status_code == 404


def test_every_value_of_every_option_has_its_words() -> None:
    """No option value reaches the rules page as a bare code: each code of each option has
    its text (translated like every text: the catalogs' check refuses an empty one), and the
    values with a number read it."""
    gettext, term = str, str
    for spec in OPTIONS:
        kind = typing.get_type_hints(RuleSet)[spec.name]
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            for member in kind:
                assert member.value in VALUE_TEXTS.get(spec.name, {}), (spec.name, member)
    assert value_words("match_mode", "TARGET(1505)", gettext, term) == "a 1505 punti"
    assert value_words("match_mode", "FIXED_HANDS_VP(3)", gettext, term) == (
        "3 mani, in punti vittoria (VP)")
    assert value_words("stallo_detection", "AUTO_N_ROUNDS(3)", gettext, term).startswith(
        "dopo 3 giri")
    assert value_words("extra_burraco_types", [], gettext, term) == "nessuno"
    assert value_words("hand_size", 11, gettext, term) == "11"
    assert value_words("card_values", {"T": 10, "JK": 30}, gettext, term) == "10 10, JK 30"
    for preset in table_presets():
        rules = make_rules(preset)
        for row in rule_rows(rules, "en"):
            assert not re.fullmatch(r"[A-Z_0-9()]+", row["words"]) or row["words"].isdigit(), row


def test_rules_alone_leads_to_the_first_presets_page(client: TestClient) -> None:
    """``/rules`` (a typed or shortened address) is not a dead end: it goes to the first
    preset's rules, which link every other, in the language asked."""
    moved = client.get("/rules?lang=en", follow_redirects=False)
    assert moved.status_code == 307
    assert moved.headers["location"] == f"/rules/{table_presets()[0]}?lang=en"
    page = client.get("/rules?lang=en")
    assert page.status_code == 200 and '<html lang="en"' in page.text


def test_every_option_has_a_meaning_to_translate() -> None:
    """A new engine option needs its text in rule_meanings (and so in the catalogs)."""
    assert set(MEANINGS) == {spec.name for spec in OPTIONS}


def test_invitation_qr_code(client: TestClient) -> None:
    public = new_table(client, ["open", "bot", "bot", "bot"])["id"]
    svg = client.get(f"/t/{public}/qr.svg")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.text.startswith("<svg") and "<path" in svg.text
    private = new_table(client, ["open", "bot", "bot", "bot"], private=True)
    assert client.get(f"/t/{private['id']}/qr.svg").status_code == 404
    assert client.get(f"/t/{private['id']}/qr.svg?invite={private['invite']}"
                      ).status_code == 200
    page = client.get(f"/t/{private['id']}?invite={private['invite']}").text
    assert f"invite={private['invite']}" in page and "waiting.js" in page


@pytest.mark.parametrize(("lang", "shown"), [("it", "Tavolo {id}"), ("en", "Table {id}"),
                                             ("pt", "Mesa {id}")])
def test_a_table_page_names_a_default_table_in_the_readers_language(
        client: TestClient, lang: str, shown: str) -> None:
    """A table created without a name is stored as "Tavolo <id>"; its page names it in the
    reader's language, as the lobby and the waiting room do."""
    table = new_table(client, ["bot", "bot", "bot", "bot"])["id"]
    page = client.get(f"/t/{table}?lang={lang}").text
    assert "table.js" in page or "table/main.js" in page
    name = shown.format(id=table)
    assert f"<title>{name} — ramino</title>" in page
    if lang != "it":
        assert f"Tavolo {table}" not in page


@pytest.mark.parametrize(("preset", "name", "lang", "shown"), [
    ("fibur", None, "it", "Burraco FIBUR"), ("house", None, "en", "Home Burraco"),
    ("fisca", "Da Gino", "pt", "Scala 40 FISCA")])
def test_a_table_page_names_its_rules_and_links_to_them(
        client: TestClient, preset: str, name: str | None, lang: str, shown: str) -> None:
    """The table page's header names the rules the table plays, in the reader's language, as
    a link to their page, and the table's own name when it was given one."""
    seats = ["bot"] * 4
    created = client.post("/api/tables", json={"seats": seats, "preset": preset,
                                               **({"name": name} if name else {})})
    assert created.status_code == 201, created.text
    table = created.json()["id"]
    page = client.get(f"/t/{table}?lang={lang}").text
    header = page[page.index('<span class="subtitle">'):page.index("</header>")]
    assert f'href="/rules/{preset}"' in header and f">{shown}</a>" in header
    assert (name in header) if name else (table not in header)
    assert client.get(f"/rules/{preset}").status_code == 200


def test_a_private_table_page_names_neither_its_rules_nor_its_name(client: TestClient) -> None:
    table = new_table(client, ["bot"] * 4, private=True)["id"]
    page = client.get(f"/t/{table}").text
    header = page[page.index('<span class="subtitle">'):page.index("</header>")]
    assert "Tavolo privato" in header and "/rules/" not in header


def test_a_guest_session_is_no_error(client: TestClient) -> None:
    assert client.get("/api/session").json() == {"account": None}
    client.post("/api/accounts", json={"name": "Gina", "password": "x" * 10})
    me = client.get("/api/session").json()["account"]
    assert me["name"] == "Gina" and me["hands"] == 0


def test_plural_forms_reach_the_scripts(client: TestClient) -> None:
    plurals = {lang: client.get(f"/i18n/{lang}.json").json()["plurals"]
               for lang in ("it", "en", "pt")}
    assert plurals["it"]["{n} mano"] == ["{n} mano", "{n} mani", "{n} mani"]
    assert plurals["en"]["{n} mano"] == ["{n} hand", "{n} hands"]
    assert plurals["pt"]["{n} mano"][0] == "{n} mão"


def test_replay_names_table_seats_and_sides(client: TestClient) -> None:
    """A record numbers seats from the hand's first player; the replay says which table seat
    each one is (from the second hand on they differ) and which side each score is for."""
    table_id = new_table(client, ["bot", "bot", "bot", "bot"])["id"]
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while not table.state.is_over:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    record = client.get(f"/api/tables/{table_id}/record").json()
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["table_seats"] == [0, 1, 2, 3] and replay["sides"] == [0, 1, 0, 1]
    later = copy.deepcopy(record)  # the same hand, as if dealt by seat 1 (seat 2 first)
    later["meta"]["first_table_seat"] = 2
    assert replay_steps(later)["table_seats"] == [2, 3, 0, 1]
    uploaded = client.post("/api/replay", content=json.dumps(later)).json()
    assert uploaded["table_seats"] == [2, 3, 0, 1]
    del later["meta"]
    assert replay_steps(later)["table_seats"] == [0, 1, 2, 3]  # a record of elsewhere
