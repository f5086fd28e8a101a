"""What a browser sees when a page cannot be served: a page in the reader's language, with
the way back to the lobby, instead of the API's JSON.

The API (``/api/…``), the WebSocket, the static files and the catalogs keep FastAPI's JSON
answers (``{"detail": …}``, the field named): a client reads those.  A page is asked for by a
browser: a ``GET`` that accepts ``text/html``.  Its status code stays the error's, so a link
checker or a crawler still reads a 404 as one.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from ramino.server.i18n import LANG_COOKIE, choose_language, translations
from ramino.server.routes.deps import get_pages

# The paths a program reads: their errors stay JSON.
MACHINE_PATHS = ("/api/", "/static/", "/i18n/", "/ws")


def wants_page(request: Request) -> bool:
    """Whether the request is a browser's for a page (not a program's for data)."""
    path = request.url.path
    return (request.method == "GET" and not path.startswith(MACHINE_PATHS)
            and "text/html" in request.headers.get("accept", ""))


def _texts(path: str, status: int, _: Callable[[str], str]
           ) -> tuple[str, str, tuple[str, str] | None]:
    """The page's heading, its explanation and another way on (address, label), if any."""
    if status != 404:
        return (_("Qualcosa non è andato"),
                _("Questa pagina non si può mostrare ora. Riprova, o torna alla sala."), None)
    if path.startswith("/t/"):
        return (_("Questo tavolo non c'è"),
                _("Nessun tavolo a questo indirizzo: il link può essere incompleto, o il "
                  "tavolo è stato chiuso. Dalla sala puoi aprirne uno nuovo o sederti a uno "
                  "aperto."), None)
    if path.startswith("/rules/"):
        return (_("Queste regole non ci sono"),
                _("Nessuna raccolta di regole con questo nome."),
                ("/rules/fibur", _("Le regole")))
    if path.startswith("/segnapunti/"):
        return (_("Questo foglio dei punti non c'è"),
                _("Nessun foglio pubblicato a questo indirizzo: il link può essere incompleto."),
                ("/segnapunti", _("Il segnapunti")))
    return (_("Pagina non trovata"), _("A questo indirizzo non c'è nessuna pagina."), None)


async def http_error(request: Request, exc: Exception) -> Response:
    """The error as a page for a browser, as JSON for everything else."""
    assert isinstance(exc, HTTPException)
    if not wants_page(request):
        return await http_exception_handler(request, exc)
    lang = choose_language(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                           request.headers.get("accept-language"))
    heading, explanation, elsewhere = _texts(request.url.path, exc.status_code,
                                             translations(lang).gettext)
    response = get_pages(request)(request, "error.html", {
        "heading": heading, "explanation": explanation, "status": exc.status_code,
        "elsewhere": elsewhere}, status_code=exc.status_code)
    if exc.headers:
        response.headers.update(exc.headers)
    return response


__all__ = ["http_error", "wants_page"]
