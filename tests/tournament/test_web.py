"""The web pages through FastAPI's TestClient: desk, table entry, public pages, exports."""

from __future__ import annotations

import html
import logging
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from ramino.server.i18n import template_globals
from ramino.tournament import codes, store
from ramino.tournament.model import Format
from ramino.tournament.online import OnlineTable
from ramino.tournament.views import table_view
from ramino.tournament.web import create_app

from .conftest import make


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "t.json"
    store.save(make(0, [Format.DANESE_MODIFICATO] * 3, deals=2), target)
    return target


def test_director_runs_a_turno(path: Path) -> None:
    client = TestClient(create_app(path))
    for name in ("Rossi", "Verdi", "Gialli", "Neri", "Blu"):
        r = client.post("/desk/register", data={"name": name, "members": "a, b"})
        assert r.status_code == 200 and "Iscritto" in r.text
    r = client.post("/desk/seat")
    assert "Turno 1: 2 tavoli" in r.text
    r = client.post("/desk/result", data={"round": 1, "table": 1, "ns": "300 100", "ew": "0 0"})
    assert "Tavolo 1 registrato" in r.text
    # A player at table 2 writes the card; it does not count until E-W confirm.
    key = codes.load_key(path)
    r = client.post("/table/1/2", data={"code": codes.side_code(key, 1, 2, "ns"),
                                        "ns": [50, 0], "ew": [0, 0]})
    assert "aspetta la conferma" in r.text
    assert not store.load(path).table(1, 2).confirmed
    r = client.post("/table/1/2/confirm", data={"code": codes.side_code(key, 1, 2, "ew")})
    assert "Risultato confermato" in r.text
    assert store.load(path).table(1, 2).ew_scores == [0, 0]
    page = client.get("/standings").text
    assert "Rossi" in page and 'http-equiv="refresh"' in page
    api = client.get("/api/standings").json()
    assert api[0]["vp"] == 14 and len(api) == 5
    # The MP difference carries its sign: the winners +400, the losers −400, the others 0.
    assert all(f'<td class="num">{mp}</td>' in page for mp in ("+400", "\u2212400", "0"))
    r = client.post("/desk/result",
                    data={"round": 1, "table": 1, "ns": "0 0", "ew": "0 0", "reason": "typo"})
    assert "Tavolo 1 corretto" in r.text
    assert "correction" in client.get("/desk").text
    r = client.post("/desk/penalty", data={"entrant": 1, "vp": 1, "reason": "phone rang"})
    assert "Penalità" in r.text
    r = client.post("/desk/withdraw", data={"entrant": 5})
    assert "Ritirato" in r.text
    assert "Turno 1" in client.get("/round").text
    assert client.get("/round/1").status_code == 200
    assert client.get("/round/9").status_code == 404


def test_errors_are_shown_not_raised(path: Path) -> None:
    client = TestClient(create_app(path))
    r = client.post("/desk/seat")
    assert 'class="error"' in r.text and "almeno 2 iscritti attivi" in r.text
    r = client.post("/desk/result", data={"round": 7, "table": 1, "ns": "1", "ew": "1"})
    assert 'class="error"' in r.text and "turno 7" in r.text
    r = client.post("/desk/register", data={"name": " "})
    assert "ha bisogno di un nome" in r.text


def test_exports(path: Path) -> None:
    client = TestClient(create_app(path))
    for name in "ABCD":
        client.post("/desk/register", data={"name": name})
    client.post("/desk/seat")
    assert client.get("/export/standings.csv").text.startswith("rank,entrant")
    assert client.get("/export/results.csv").text.startswith("turno,format")
    assert "Tabella VP" in client.get("/export/standings.html").text
    cards = client.get("/export/scorecards/1.html").text
    assert cards.count('class="card"') == 2
    assert client.get("/export/scorecards/5.html").status_code == 404
    assert client.get("/export/tournament.json").json()["format"] == "ramino-tournament/1"
    table = client.get("/table/1/1").text
    assert len(re.findall(r'name="ns"', table)) == 2
    assert client.get("/table/1/9").status_code == 404
    assert client.get("/", follow_redirects=False).status_code == 303


def test_director_token(path: Path) -> None:
    client = TestClient(create_app(path, director_token="s3cret"))
    assert client.get("/desk").status_code == 403
    assert client.post("/desk/register", data={"name": "X"}).status_code == 403
    assert client.get("/desk?token=s3cret").status_code == 200
    # The cookie set by the first visit opens the desk afterwards.
    assert client.post("/desk/register", data={"name": "X"}).status_code == 200
    assert client.get("/standings").status_code == 200


def test_deal_seeds_are_the_directors(path: Path) -> None:
    """The score-cards and the tournament document carry the deal seeds, from which anyone
    could deal a prepared (duplicate) turno before it is played: with a director's token they
    are the director's; the standings and results stay public."""
    client = TestClient(create_app(path, director_token="s3cret"))
    assert client.get("/desk?token=s3cret").status_code == 200
    for name in "ABCD":
        client.post("/desk/register", data={"name": name})
    client.post("/desk/seat")
    seeds = [str(s) for s in store.load(path).round(1).tables[0].deal_seeds]
    cards = client.get("/export/scorecards/1.html").text
    secrets = [codes.side_code(codes.load_key(path), 1, 1, side) for side in ("ns", "ew")]
    assert all(code in cards for code in secrets)  # each side's code is on its slip
    assert client.get("/export/tournament.json").json()["format"] == "ramino-tournament/1"
    public = TestClient(create_app(path, director_token="s3cret"))
    assert public.get("/export/scorecards/1.html").status_code == 403
    assert public.get("/export/tournament.json").status_code == 403
    for page in ("/export/standings.csv", "/export/results.csv", "/export/standings.html",
                 "/round/1", "/table/1/1", "/api/standings", "/standings"):
        answer = public.get(page)
        assert answer.status_code == 200, page
        assert not any(seed in answer.text for seed in seeds if len(seed) > 4), page
        assert not any(code in answer.text for code in secrets), page


def test_mounted_under_a_prefix_keeps_links(path: Path) -> None:
    from fastapi import FastAPI

    server = FastAPI()
    server.mount("/tournament", create_app(path))
    client = TestClient(server)
    page = client.get("/tournament/desk").text
    assert 'action="/tournament/desk/register"' in page
    r = client.post("/tournament/desk/register", data={"name": "Z"})
    assert r.url.path == "/tournament/desk"


# ---- the evening at the desk ----------------------------------------------------------------


def seated(path: Path, deals: int = 2, duplicate: bool = False) -> TestClient:
    """Four pairs, turno 1 seated (two tables), the desk open."""
    t = make(4, [Format.DANESE_MODIFICATO] * 3, deals=deals, duplicate=duplicate)
    t.seat_next()
    store.save(t, path)
    return TestClient(create_app(path))


def code(path: Path, table: int, side: str, turno: int = 1) -> str:
    return codes.side_code(codes.load_key(path), turno, table, side)


def test_one_side_cannot_write_and_countersign_a_card(tmp_path: Path) -> None:
    """The countersignature needs the other side's own code: N-S's code cannot confirm
    N-S's card, no code confirms nothing, and a code of another table is refused."""
    path = tmp_path / "t.json"
    client = seated(path)
    ns = code(path, 2, "ns")
    r = client.post("/table/1/2", data={"code": ns, "ns": [50, 0], "ew": [0, 0]})
    assert "aspetta la conferma" in r.text
    for forged in ({"code": ns}, {"code": ""}, {"by": "ew"}, {"code": code(path, 1, "ew")}):
        r = client.post("/table/1/2/confirm", data=forged)
        assert 'class="error"' in r.text, forged
        assert not store.load(path).table(1, 2).confirmed, forged
    assert "codice" in r.text and "tavolo 2" in r.text
    # The E-W link sits E-W: its page confirms with E-W's own code.
    page = client.get(f"/table/1/2?code={code(path, 2, 'ew')}").text
    assert 'id="side"' in page and "E-W" in page
    r = client.post("/table/1/2/confirm", data={"code": code(path, 2, "ew")})
    assert "Risultato confermato" in r.text
    assert store.load(path).table(1, 2).ns_scores == [50, 0]
    # The codes are secret: another tournament file gets other codes.
    other = tmp_path / "u.json"
    seated(other)
    assert code(other, 2, "ew") != code(path, 2, "ew")


def test_a_dispute_is_labelled_and_settled_by_one_click(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    client.post("/table/1/1", data={"code": code(path, 1, "ns"), "ns": [880, -40],
                                    "ew": [100, 0]})
    client.post("/table/1/1", data={"code": code(path, 1, "ew"), "ns": [880, -40],
                                    "ew": [100, 5]})
    desk = client.get("/desk").text
    row = desk[desk.index('id="t1"'):desk.index('id="t2"')]
    assert "Contestato" in row and "Accetta N-S" in row and "Accetta E-W" in row
    assert "+-" not in desk and "880 · −40" in row
    r = client.post("/desk/accept", data={"round": 1, "table": 1, "side": "ew"})
    assert "Tavolo 1 registrato" in r.text
    table = store.load(path).table(1, 1)
    assert table.ns_scores == [880, -40] and table.ew_scores == [100, 5]
    assert "the E-W card accepted" in store.load(path).audit[-1].detail
    r = client.post("/desk/accept", data={"round": 1, "table": 2, "side": "ns"})
    assert 'class="error"' in r.text and "tavolo 2" in r.text


def test_the_next_turno_is_composed_once_this_one_is_complete(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    client.post("/desk/result", data={"round": 1, "table": 1, "ns": "300 100", "ew": "0 0"})
    desk = client.get("/desk").text
    assert 'id="seat-next"' not in desk and "mancano i risultati dei tavoli 2" in desk
    r = client.post("/desk/seat")
    assert 'class="error"' in r.text and len(store.load(path).rounds) == 1
    client.post("/desk/result", data={"round": 1, "table": 2, "ns": "0 0", "ew": "0 5"})
    assert 'id="seat-next"' in client.get("/desk").text
    assert "Turno 2: 2 tavoli" in client.post("/desk/seat").text


def test_the_audit_trail_is_folded_and_paged(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    for n in range(60):
        client.post("/desk/result", data={"round": 1, "table": 1, "ns": f"{n * 5} 0",
                                          "ew": "0 0", "reason": f"r{n}"})
    entries = len(store.load(path).audit)
    desk = client.get("/desk").text
    audit = desk[desk.index('<section id="audit">'):]
    assert "<details>" in audit and f"({entries} voci)" in audit
    assert audit.count("<tr>") == 20 and "(r59)" in audit and "(r0)" not in audit
    last = client.get("/desk?audit=99").text
    assert "<details open>" in last and '<td class="num">1</td>' in last
    assert f"pagina {-(-entries // 20)} di {-(-entries // 20)}" in last


def test_refusals_keep_their_quotes_and_the_italian_desk_speaks_italian(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    r = client.post("/desk/result", data={"round": 1, "table": 1, "ns": "abc", "ew": "0"})
    assert "non &#39;abc&#39;</p>" in r.text
    r = client.post("/desk/withdraw", data={"entrant": 9})
    assert ">nessun iscritto #9</p>" in r.text
    client.post("/table/1/2", data={"code": code(path, 2, "ns"), "ns": [5, 0], "ew": [0, 0]})
    r = client.post("/table/1/2/confirm", data={"code": code(path, 2, "ew")})
    assert "Risultato confermato" in r.text and "confirmed" not in r.text.split("<main>")[1]


def test_score_cards_read_n_s_first_in_local_time_without_seeds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Europe/Rome")
    time.tzset()
    try:
        path = tmp_path / "t.json"
        client = seated(path)
        client.post("/desk/result", data={"round": 1, "table": 1, "ns": "880 -40",
                                          "ew": "100 5"})
        cards = client.get("/export/scorecards/1.html").text
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    # The turno began at 20:00 UTC (the tests' clock): 40 minutes, in Rome's winter time.
    assert "21:40 CET" in cards and "UTC" not in cards
    assert "Mano" not in cards and not re.search(r"\d{9,}", cards)
    first = cards[cards.index('id="card1"'):cards.index('id="card2"')]
    assert "N-S 840 (" in first and "E-W 105 (" in first
    assert first.index("N-S 840") < first.index("E-W 105")
    for side in ("ns", "ew"):
        slip = first[first.index(f'id="slip1{side}"'):]
        assert code(path, 1, side) in slip[:400]


def test_the_round_page_before_and_after_the_results(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path, duplicate=True)
    with store.change(path) as t:
        t.play_online(1, 1, "abc123")
    assert "dopo il turno" not in client.get("/standings").text
    page = client.get("/round").text
    assert "<time" in page and "?watch=1" not in page  # duplicate deals still hidden
    client.post("/desk/result", data={"round": 1, "table": 1, "ns": "300 100", "ew": "0 0"})
    assert "Turno 1 in corso: 1 tavoli su 2" in client.get("/standings").text
    client.post("/desk/result", data={"round": 1, "table": 2, "ns": "0 0", "ew": "0 5"})
    assert "Classifica dopo il turno 1" in client.get("/standings").text
    page = client.get("/round").text
    assert "<time" not in page and 'id="over"' in page
    assert 'href="/t/abc123?watch=1"' in page  # every table finished: its deals are shown
    assert "N-S 400 – E-W 0" in page
    # The clock script never writes a minus sign: it counts what is left, then says so.
    assert "(−" not in page and "mancano {time}" in page and "tempo scaduto" in page


class AbandonedDesk:
    """The game server's side for a table a bot finished for an absent E-W player."""

    def __init__(self, absent: tuple[str, ...]) -> None:
        self.absent = absent

    async def open_round(self, round_number: int, grace_seconds: float = 60.0
                         ) -> list[OnlineTable]:
        return self.tables(round_number)

    def tables(self, round_number: int) -> list[OnlineTable]:
        hands = ((145, 715, "/api/tables/srv1/record?hand=0"),
                 (300, -20, "/api/tables/srv1/record?hand=1"))
        return [OnlineTable(round_number, 1, "srv1", "/t/srv1", "nc", "ec", (), False, hands,
                            self.absent)]

    async def reveal(self, round_number: int) -> None:
        return None


def abandoned(path: Path, absent: tuple[str, ...]) -> TestClient:
    t = make(4, [Format.DANESE_MODIFICATO] * 3, deals=2)
    t.seat_next()
    t.play_online(1, 1, "srv1")
    t.server_abandoned(1, 1, "server table srv1, records srv1/0, srv1/1; a bot played ...")
    store.save(t, path)
    return TestClient(create_app(path, online=AbandonedDesk(absent)))


def test_an_abandoned_table_is_flagged_and_its_played_score_counts_in_one_click(
        tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = abandoned(path, ("ew",))
    desk = client.get("/desk").text
    row = desk[desk.index('id="t1"'):desk.index('id="t2"')]
    assert "Abbandonato sul server" in row and "in gioco" not in row
    assert "Giocato: N-S 145 · 300 – E-W 715 · −20" in row
    assert "Conta il punteggio giocato" in row and "Regola del no-show" in row
    # Each smazzata's record, N-S first and labelled.
    assert "smazzata 1</a>: N-S 145 · E-W 715" in row
    r = client.post("/desk/abandoned", data={"round": 1, "table": 1, "rule": "played",
                                             "note": "Neri left after smazzata 2"})
    assert "Tavolo 1 registrato" in r.text
    t = store.load(path)
    assert t.table(1, 1).ns_scores == [145, 300] and t.table(1, 1).ew_scores == [715, -20]
    assert t.audit[-1].detail.endswith("(abandoned on the server: the played score counts; "
                                       "Neri left after smazzata 2)")
    assert "Abbandonato" not in client.get("/desk").text


def test_the_no_show_rule_gives_the_table_to_the_side_that_stayed(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = abandoned(path, ("ew",))
    r = client.post("/desk/abandoned", data={"round": 1, "table": 1, "rule": "no-show"})
    assert "Tavolo 1 registrato" in r.text
    t = store.load(path)
    view = table_view(t, t.table(1, 1))
    assert (view.ns_vp, view.ew_vp) == (20, 0)
    assert "no-show rule: E-W absent" in t.audit[-1].detail
    # Both sides gone: no side to give it to; the director enters a result.
    both = tmp_path / "b.json"
    client = abandoned(both, ("ew", "ns"))
    assert "Regola del no-show" not in client.get("/desk").text
    r = client.post("/desk/abandoned", data={"round": 1, "table": 1, "rule": "no-show"})
    assert 'class="error"' in r.text and not store.load(both).table(1, 1).confirmed


def test_the_evening_is_in_the_log(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    caplog.set_level(logging.INFO, logger="ramino.tournament")
    client.post("/table/1/2", data={"code": code(path, 2, "ns"), "ns": [5, 0], "ew": [0, 0]})
    client.post("/table/1/2/confirm", data={"code": code(path, 2, "ew")})
    client.post("/table/1/1", data={"code": code(path, 1, "ns"), "ns": [5, 0], "ew": [0, 0]})
    client.post("/table/1/1", data={"code": code(path, 1, "ew"), "ns": [0, 5], "ew": [0, 0]})
    client.post("/desk/accept", data={"round": 1, "table": 1, "side": "ns"})
    client.post("/desk/seat")
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert "turno 1 table 2: NS wrote N-S [5, 0] E-W [0, 0] (pending)" in lines
    assert "turno 1 table 2: EW confirmed the card (confirmed)" in lines
    assert "turno 1 table 1: EW wrote N-S [0, 5] E-W [0, 0] (disputed)" in lines
    assert any(line.startswith("turno 1 table 1: the director entered N-S [5, 0]")
               for line in lines)
    assert "turno 2 seated: 2 tables, byes -" in lines


# ---- the core's refusals and notices in the reader's language ----------------------------


def desk_in(path: Path, lang: str) -> TestClient:
    """The desk as the game server mounts it, read in ``lang``."""
    return TestClient(create_app(path, language=lambda request: template_globals(lang)))


def shown(r: Response, kind: str) -> str:
    """The page's refusal (``kind`` "error") or warning line as the reader sees it, or ""."""
    mark = ' id="warning"' if kind == "warning" else ""
    found = re.search(rf'<p class="error" role="alert"{mark}>([^<]*)</p>', r.text)
    return html.unescape(found.group(1)) if found else ""


@pytest.mark.parametrize(("lang", "score", "entrant", "deals"), [
    ("it", "N-S smazzata 1: 123 non è un multiplo di 5, come ogni punteggio del Burraco",
     "nessun iscritto #9", "deals: le tabelle VP FIBUR sono per 2, 3 o 4 smazzate a turno, non 5"),
    ("pt", "N-S mão 1: 123 não é múltiplo de 5, como toda pontuação do Burraco",
     "nenhum inscrito #9",
     "deals: as tabelas de VP da FIBUR são para 2, 3 ou 4 mãos por rodada, não 5"),
    ("en", "N-S smazzata 1: 123 is not a multiple of 5, as every Burraco score is",
     "no entrant #9", "deals: the FIBUR VP tables are for 2, 3 or 4 smazzate per turno, not 5"),
], ids=["it", "pt", "en"])
def test_the_cores_refusals_reach_the_desk_in_the_readers_language(
    tmp_path: Path, lang: str, score: str, entrant: str, deals: str,
) -> None:
    path = tmp_path / "t.json"
    seated(path)
    before = path.read_bytes()
    client = desk_in(path, lang)
    r = client.post("/desk/result", data={"round": 1, "table": 1, "ns": "123 0", "ew": "0 0"})
    assert shown(r, "error").startswith(score)
    r = client.post("/desk/withdraw", data={"entrant": 9})
    assert shown(r, "error") == entrant
    settings = store.load(path).settings
    r = client.post("/desk/settings", data={"deals": 5, "minutes": settings.round_minutes,
                                            "bye_vp": settings.bye_vp})
    assert shown(r, "error").startswith(deals)
    assert path.read_bytes() == before  # every refusal changed nothing


def test_the_desk_corrects_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    client = seated(path)
    data = {"deals": 3, "minutes": 50, "bye_vp": 12}
    r = client.post("/desk/settings", data=data)
    assert 'class="ok"' in r.text and "Impostazioni corrette: deals_per_round: 2 → 3" in r.text
    settings = store.load(path).settings
    assert (settings.deals_per_round, settings.round_minutes, settings.bye_vp) == (3, 50, 12)
    r = client.post("/desk/settings", data=data)
    assert shown(r, "error") == "le impostazioni sono già così: niente da cambiare"


@pytest.mark.parametrize(("lang", "corrected", "warned", "unchanged"), [
    ("it", "Tavolo 1 corretto",
     "il turno 2 è stato composto dalla classifica prima di questo risultato: i suoi "
     "abbinamenti hanno usato la classifica di prima",
     "Tavolo 1: questi punteggi contano già, nulla è cambiato"),
    ("pt", "Mesa 1 corrigida",
     "a rodada 2 foi composta pela classificação antes deste resultado: os seus "
     "emparelhamentos usaram a classificação anterior",
     "Mesa 1: estas pontuações já contam, nada mudou"),
], ids=["it", "pt"])
def test_a_late_correction_warns_and_one_that_changes_nothing_says_so(
    tmp_path: Path, lang: str, corrected: str, warned: str, unchanged: str,
) -> None:
    path = tmp_path / "t.json"
    t = make(4, [Format.DANESE_PURO] * 2, deals=2)
    t.seat_next()
    t.director_result(1, 1, [300, 200], [0, 0])
    t.director_result(1, 2, [0, 0], [45, 0])
    t.seat_next()
    store.save(t, path)
    client = desk_in(path, lang)
    swapped = {"round": 1, "table": 1, "ns": "0 0", "ew": "300 200", "reason": "sides swapped"}
    r = client.post("/desk/result", data=swapped)
    assert f'<p class="ok" role="status">{corrected}</p>' in r.text
    assert shown(r, "warning") == warned
    size = len(store.load(path).audit)
    r = client.post("/desk/result", data=swapped)
    assert f'<p class="ok" role="status">{unchanged}</p>' in r.text
    assert shown(r, "warning") == "" and len(store.load(path).audit) == size
