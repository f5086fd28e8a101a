"""The score keeper's server side: the page and what it keeps offline, the score tables, and
publishing — the sheet scored anew by the core (never the client's totals), refusals naming
the field, size and rate limits, unguessable read-only links in either language, the
``ramino-record/1`` export, and the published sheets' table in the migrations."""

from __future__ import annotations

import json
import random
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ramino.rules import make_rules
from ramino.scoresheet import Sheet, read_sheet_record
from ramino.server.routes import scoresheets
from ramino.server.routes.scoresheets import ASSETS, DATA, MAX_SHEET_BYTES, PAGE

from .conftest import fast_app_client
from .segnapunti_cases import all_setups, played_sheet

Json = dict[str, Any]

# A FIBUR hand (§2.10): N-S close with a pulito and a sporco, E-W hold 85 points in hand.
CLOSED = {"sides": [
    {"burrachi": {"pulito": 1, "sporco": 1}, "melded": 420, "in_hand": 0,
     "pozzetto_taken": True, "closed": True},
    {"burrachi": {}, "melded": 150, "in_hand": 85, "pozzetto_taken": False, "closed": False}]}


def fibur_sheet(hands: list[Json] | None = None, **extra: Any) -> Json:
    return {"format": "ramino-scoresheet/1", "rules": {"preset": "fibur", "options": {}},
            "players": ["Anna", "Bruno", "Carla", "Dario"], "hands": hands or [CLOSED],
            **extra}


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with fast_app_client(tmp_path / "tables.db") as client:
        yield client


def publish(client: TestClient, sheet: Any) -> Any:
    return client.post("/api/segnapunti", content=json.dumps(sheet),
                       headers={"Content-Type": "application/json"})


def test_the_page_in_each_language_under_the_csp(api: TestClient) -> None:
    for lang, text in (("it", "Segna la mano"), ("en", "Record the hand"),
                       ("pt", "Marcar a mão")):
        answer = api.get(f"{PAGE}?lang={lang}")
        assert answer.status_code == 200 and text in answer.text, lang
        policy = answer.headers["content-security-policy"]
        assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
        assert "script-src 'self';" in policy and "unsafe" not in policy
        assert '<link rel="manifest" href="/segnapunti/manifest.webmanifest">' in answer.text


def test_the_service_worker_stores_everything_the_page_needs(api: TestClient) -> None:
    answer = api.get(f"{PAGE}/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == PAGE
    assert "unsafe" not in answer.headers["content-security-policy"]
    script = answer.text
    assert "__VERSION__" not in script and "__PRECACHE__" not in script
    stored = json.loads(script.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert stored == [PAGE, *ASSETS, *DATA]
    # The page's own scripts and styles are all stored: nothing it loads is missing offline.
    page = api.get(PAGE).text
    for url in ("/static/segnapunti/main.js", "/static/segnapunti/segnapunti.css",
                "/static/style.css"):
        assert url in page and url in stored
    # Every file of the page's own folder (but the worker) is stored: a new module too.
    folder = Path(scoresheets.__file__).parent.parent / "static" / "segnapunti"
    own = {f"/static/segnapunti/{p.name}" for p in folder.iterdir() if p.name != "sw.js"}
    assert own <= set(stored), own - set(stored)
    for url in stored:  # an install fails if one of them does
        assert api.get(url).status_code == 200, url
    for lang in ("it", "en", "pt"):
        assert f"/i18n/{lang}.json" in stored
    manifest = api.get(f"{PAGE}/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["scope"] == PAGE and body["start_url"] == PAGE
    assert all(api.get(icon["src"]).status_code == 200 for icon in body["icons"])
    # Installable: a PNG icon of 192 and of 512 pixels, each of the size it says it is.
    pngs = {icon["sizes"]: icon["src"] for icon in body["icons"] if icon["type"] == "image/png"}
    assert set(pngs) == {"192x192", "512x512"}
    for sizes, src in pngs.items():
        image = api.get(src).content
        assert image[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", image[16:24])
        assert f"{width}x{height}" == sizes


def test_score_tables_of_every_setup(api: TestClient) -> None:
    tables = api.get("/api/segnapunti/tables").json()
    presets = api.get("/api/options").json()["presets"]
    assert sorted(tables) == sorted(presets)
    assert tables["fibur"]["{}"]["burraco"]["match"]["value"] == 2005
    assert tables["buraco-aberto"]["{}"]["burraco"]["match"]["value"] == 3000
    assert tables["fisca"]["{}"]["scala40"]["elimination_limit"] == 101
    assert tables["fisca"]['{"elimination_limit":201}']["scala40"]["elimination_limit"] == 201
    assert (tables["fisca"]['{"reentry":"ONCE_AT_HIGHEST_REMAINING"}']["scala40"]["reentry"]
            == "ONCE_AT_HIGHEST_REMAINING")
    for preset, setups in tables.items():
        for key, table in setups.items():
            assert table["format"] == "ramino-score-table/1", (preset, key)
            # Three players: Burraco (§5.2) and Scala 40, never Brazilian Buraco.
            assert table["players"] != 3 or table["game"] != "buraco", (preset, key)
    for preset in ("fibur", "international", "house"):
        three = tables[preset]['{"players":3}']
        assert three["sides"] == [[0], [1], [2]]
        assert three["burraco"]["match"]["value"] == 1505
        assert three["burraco"]["three_players"] == {"pairs_form": True,
                                                     "switch_threshold": 1000}


def test_publish_scores_on_the_server_and_gives_a_read_only_link(api: TestClient) -> None:
    # The client's own notes (meta) may claim any total: the server reads only the counts.
    forged = fibur_sheet(meta={"totals": [9999, 0], "scores": [[9999, 0]]})
    answer = publish(api, forged)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    link = body["url"]
    assert link == f"{PAGE}/s/{body['id']}" and len(body["id"]) >= 22
    assert body["view"]["standing"]["totals"] == [820, -35]  # 420+300+100, 150-85-100
    again = publish(api, forged).json()
    assert again["id"] != body["id"]
    stored = api.get(f"/api/segnapunti/{body['id']}").json()
    assert stored["view"]["hands"][0]["breakdown"][0] == {
        "table": 420, "burraco": 300, "closing": 100, "hand": 0, "pozzetto": 0}
    assert stored["sheet"]["hands"] == [CLOSED]
    page = api.get(link)
    assert page.status_code == 200
    assert "820" in page.text and "-35" in page.text and "9999" not in page.text
    assert "Anna &amp; Carla" in page.text and "Partita in corso." in page.text
    english = api.get(link + "?lang=en")
    assert "Match in progress." in english.text and "Hand by hand" in english.text
    # A scores field inside a hand is not a count: refused, named, nothing stored.
    tampered = fibur_sheet([{**CLOSED, "scores": [9999, 0]}])
    refused = publish(api, tampered)
    assert refused.status_code == 422
    assert refused.json()["path"] == "hands[0].scores"


def test_a_finished_match_exports_as_a_record(api: TestClient) -> None:
    rng = random.Random(7)
    for preset, key, table in all_setups():
        if preset not in ("fibur", "fisca") or key not in ("{}", '{"reentry":'
                                                           '"ONCE_AT_HIGHEST_REMAINING"}'):
            continue
        sheet = played_sheet(rng, preset, key, table)
        assert sheet.over
        body = publish(api, sheet.as_dict()).json()
        page = api.get(body["url"]).text
        assert "Partita finita" in page
        record = api.get(f"/api/segnapunti/{body['id']}/record")
        assert record.status_code == 200
        assert "attachment" in record.headers["content-disposition"]
        document = record.json()
        assert document["format"] == "ramino-record/1"
        back = read_sheet_record(document)
        assert back.view()["standing"] == sheet.view()["standing"]


@pytest.mark.parametrize(("sheet", "path", "code"), [
    (fibur_sheet([{"sides": [CLOSED["sides"][0], {**CLOSED["sides"][1], "closed": True}]}]),
     "hands[0].sides[1].closed", "close-without-pozzetto"),
    (fibur_sheet([{"sides": [CLOSED["sides"][0], {**CLOSED["sides"][0]}]}]),
     "hands[0].sides[1].closed", "two-closers"),
    (fibur_sheet([{"sides": [{**CLOSED["sides"][0], "melded": 40}, CLOSED["sides"][1]]}]),
     "hands[0].sides[0].burrachi.sporco", "burrachi-points"),
    (fibur_sheet([{"sides": [{**CLOSED["sides"][0], "in_hand": 7}, CLOSED["sides"][1]]}]),
     "hands[0].sides[0].in_hand", "point-step"),
    (fibur_sheet([{"sides": [{**CLOSED["sides"][0], "melded": "420"}, CLOSED["sides"][1]]}]),
     "hands[0].sides[0].melded", "shape"),
    (fibur_sheet(players=["Anna"]), "players", "shape"),
    (fibur_sheet(players=["Anna", "Bruno\u202e", "Carla", "Dario"]), "players[1]", "name"),
    ({**fibur_sheet(), "format": "other/1"}, "format", "shape"),
    ({**fibur_sheet(), "rules": {"preset": "nope"}}, "rules.preset", "shape"),
])
def test_inconsistent_sheets_are_refused_naming_the_field(api: TestClient, sheet: Json,
                                                          path: str, code: str) -> None:
    answer = publish(api, sheet)
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert (body["path"], body["code"]) == (path, code), body
    assert body["detail"].startswith(path) and "Traceback" not in answer.text


def test_a_refusal_carries_the_numbers_of_its_sentence(api: TestClient) -> None:
    """The refusal's ``params``, as the page's own checks build them (view.js words them)."""
    sheet = fibur_sheet([{"sides": [{**CLOSED["sides"][0], "in_hand": 7}, CLOSED["sides"][1]]}])
    body = publish(api, sheet).json()
    assert (body["code"], body["params"]) == ("point-step", {"value": 7, "step": 5}), body


def test_malformed_bodies_get_a_clear_refusal(api: TestClient) -> None:
    for body in (b"", b"{", b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000, b"[]", b"42"):
        answer = api.post("/api/segnapunti", content=body)
        assert answer.status_code in (413, 422), body[:10]
        assert "Traceback" not in answer.text and answer.json()["detail"]
    huge = fibur_sheet(meta={"pad": "x" * MAX_SHEET_BYTES})
    assert publish(api, huge).status_code == 413
    assert api.get("/api/segnapunti/nope").status_code == 404
    assert api.get(f"{PAGE}/s/{'x' * 200}").status_code == 404
    assert api.get("/api/segnapunti/nope/record").status_code == 404


def test_publishing_is_rate_limited_and_same_origin(tmp_path: Path) -> None:
    with fast_app_client(tmp_path / "tables.db", http_burst=3, http_per_second=1e-6) as client:
        assert all(publish(client, fibur_sheet()).status_code == 201 for _ in range(3))
        assert publish(client, fibur_sheet()).status_code == 429
        elsewhere = client.post("/api/segnapunti", content=json.dumps(fibur_sheet()),
                                headers={"Origin": "https://evil.example"})
        assert elsewhere.status_code == 403


def test_a_scala40_sheet_with_a_reentry(api: TestClient) -> None:
    rules = make_rules("fisca", {"players": 3, "reentry": "ONCE_AT_HIGHEST_REMAINING"})
    sheet = Sheet.new(rules, ["Anna", "Bruno", "Carla"])
    document = sheet.as_dict()
    out = {"in_hand": 110, "opened": True, "closed": False}
    document["hands"] = [{"players": [{"in_hand": 0, "opened": True, "closed": True},
                                      {"in_hand": 20, "opened": True, "closed": False}, out]}]
    document["reentries"] = [{"before": 1, "side": 2}]
    body = publish(api, document).json()
    standing = body["view"]["standing"]
    assert standing["totals"] == [0, 20, 20] and standing["eliminated"] == [False] * 3
    page = api.get(body["url"]).text
    assert "Anna" in page and "eliminato a 101 punti" in page
