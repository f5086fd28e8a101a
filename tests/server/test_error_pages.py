"""A browser that asks for a page which cannot be served gets a page in its language, with
the error's status and the way back to the lobby; a program keeps the API's JSON, which names
what is wrong."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.mark.parametrize(("path", "heading", "other"), [
    ("/t/nosuchtable", "Questo tavolo non c&#39;è", None),
    ("/rules/nosuchpreset", "Queste regole non ci sono", "/rules/fibur"),
    ("/segnapunti/s/nosuchsheet", "Questo foglio dei punti non c&#39;è", "/segnapunti"),
    ("/no/such/page", "Pagina non trovata", None),
])
def test_a_missing_page_is_a_page(client: TestClient, path: str, heading: str,
                                  other: str | None) -> None:
    response = client.get(path, headers={**HTML, "accept-language": "it"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-language"] == "it"
    body = response.text
    assert f"<h1 id=\"error-title\">{heading}</h1>" in body
    assert "Errore 404" in body and '<a href="/">Torna alla sala</a>' in body
    if other is not None:
        assert f'href="{other}"' in body
    assert "detail" not in body and "Traceback" not in body


@pytest.mark.parametrize(("lang", "heading", "back"), [
    ("en", "There is no such table", "Back to the lobby"),
    ("pt", "Esta mesa não existe", "Voltar ao salão"),
])
def test_the_page_speaks_the_readers_language(client: TestClient, lang: str, heading: str,
                                              back: str) -> None:
    by_header = client.get("/t/gone", headers={**HTML, "accept-language": lang})
    by_choice = client.get(f"/t/gone?lang={lang}", headers=HTML)
    for response in (by_header, by_choice):
        assert response.status_code == 404
        assert heading in response.text and back in response.text
        assert f'<html lang="{lang}"' in response.text


def test_programs_keep_the_json_that_names_the_problem(client: TestClient) -> None:
    # Not asking for HTML: the API's answer, whatever the path.
    page = client.get("/t/nosuchtable", headers={"accept": "application/json"})
    assert page.status_code == 404
    assert page.json() == {"detail": "there is no table 'nosuchtable'"}
    # An API path stays JSON even for a browser.
    api = client.get("/api/tables/nosuchtable", headers=HTML)
    assert api.status_code == 404 and "detail" in api.json()
    missing_static = client.get("/static/nothing.js", headers=HTML)
    assert missing_static.status_code == 404
    assert not missing_static.headers["content-type"].startswith("text/html")
    # Only a GET is a page: a form's POST to a page path keeps the method's JSON refusal.
    post = client.post("/t/nosuchtable", headers=HTML)
    assert post.status_code == 405 and "detail" in post.json()


def test_other_errors_on_a_page_are_a_page_with_their_status(client: TestClient) -> None:
    response = client.get("/segnapunti/s/" + "x" * 5000, headers={**HTML, "accept-language": "en"})
    assert response.status_code >= 400
    assert response.headers["content-type"].startswith("text/html")
    assert f"Error {response.status_code}" in response.text
