"""Web pages: the director's desk and the public live standings and round tables.

``create_app(store_path)`` serves one tournament file (the CLI's document, see
:mod:`ramino.tournament.store`) so the game server can mount it later. Pages are server-side
Jinja2 templates shipped in this package, with inline CSS and no scripts from a CDN; they
refresh every 30 s for the projector. Every POST reloads the file, applies one
:class:`~ramino.tournament.tournament.Tournament` method and saves, under a lock, so the file
stays the single source of truth (RULES.md §7.2: the director owns the score-cards; §7.3).

Routes (relative to the mount point):

* public: ``GET /`` → standings, ``GET /standings``, ``GET /round`` and ``GET /round/{n}``
  (tables of a turno), ``GET /table/{n}/{t}`` and ``POST`` there (a player writes the
  score-card), ``POST /table/{n}/{t}/confirm`` (the opponents confirm), ``GET /api/standings``;
* director (optional token): ``GET /desk``, ``POST /desk/register|withdraw|seat|result|penalty``;
  when the game server mounts the desk, ``POST /desk/online`` (open the current turno on the
  server) and ``POST /api/online?round=N`` / ``GET /api/online[/{n}]`` (the same as JSON, with
  each player's join link: ``ramino tournament online``);
* exports: ``GET /export/standings.csv|results.csv|standings.html`` (public) and, for the
  director only (they carry the deal seeds), ``GET /export/tournament.json`` and
  ``GET /export/scorecards/{n}.html``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, FastAPI, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse

from ramino.tournament import export, store
from ramino.tournament.model import Round
from ramino.tournament.online import OnlineDesk
from ramino.tournament.scoring import parse_scores
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import context, environment, round_end, table_view

COOKIE = "ramino_director"


def create_app(store_path: Path | str, director_token: str | None = None,
               online: OnlineDesk | None = None,
               language: Callable[[Request], dict[str, Any]] | None = None) -> FastAPI:
    """A FastAPI app for the tournament stored at ``store_path``.

    With ``director_token`` set, the desk needs ``?token=…`` once (then a cookie); without it
    the desk is open, which suits a laptop on the director's table.  ``online`` is the game
    server's side when the server mounts the desk: turni can then be played on it.
    ``language`` gives a request's template globals in the reader's language (``gettext``,
    ``lang``, ``languages``, and ``lang_cookie``, where a language chosen with ``?lang=`` is
    kept); without it the pages are in Italian.
    """
    path = Path(store_path)
    templates = environment()
    app = FastAPI(title="ramino tournament")

    def load() -> Tournament:
        return store.load(path)

    @contextmanager
    def change() -> Iterator[Tournament]:
        with store.change(path) as tournament:  # one writer at a time, the server's too
            yield tournament

    def director(request: Request) -> None:
        if director_token is None:
            return
        given = request.query_params.get("token") or request.cookies.get(COOKIE)
        if given != director_token:
            raise HTTPException(status_code=403, detail="the director's desk needs the token")

    desk_only = [Depends(director)]

    def base(request: Request) -> str:
        return str(request.scope.get("root_path", "")) + "/"

    def page(request: Request, name: str, t: Tournament, **extra: Any) -> HTMLResponse:
        words = language(request) if language is not None else {}
        html = templates.get_template(name).render(
            **context(t), base=base(request),
            error=request.query_params.get("error"),
            message=request.query_params.get("message"),
            **words, **extra,
        )
        response = HTMLResponse(html)
        lang, cookie = words.get("lang"), words.get("lang_cookie")
        if cookie and request.query_params.get("lang") == lang != request.cookies.get(cookie):
            # A language chosen in the menu is kept for the next pages (the server's too).
            response.set_cookie(cookie, str(lang), max_age=365 * 86400, samesite="lax",
                                path="/")
        response.headers["Content-Language"] = str(lang or "it")
        return response

    def back(request: Request, where: str, action: Callable[[Tournament], str]) -> RedirectResponse:
        try:
            with change() as t:
                note = action(t)
            query = f"?message={quote(note)}"
        except (ValueError, KeyError) as exc:
            query = f"?error={quote(str(exc).strip(chr(39)))}"
        return RedirectResponse(base(request) + where + query, status_code=303)

    def round_page(request: Request, t: Tournament, rnd: Round | None) -> HTMLResponse:
        tables = [table_view(t, tb) for tb in rnd.tables] if rnd else []
        ends = round_end(t, rnd) if rnd else None
        return page(request, "round.html", t, rnd=rnd, tables=tables, ends=ends)

    # ---- public ----------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    def home(request: Request) -> RedirectResponse:
        return RedirectResponse(base(request) + "standings", status_code=303)

    @app.get("/standings", response_class=HTMLResponse)
    def standings_page(request: Request) -> HTMLResponse:
        return page(request, "standings.html", load())

    @app.get("/api/standings")
    def standings_api() -> JSONResponse:
        rows = load().standings()
        return JSONResponse([
            {"rank": r.rank, "entrant": r.entrant, "name": r.name, "vp": r.vp, "mp": r.mp,
             "played": r.played, "byes": r.byes, "active": r.active}
            for r in rows
        ])

    @app.get("/round", response_class=HTMLResponse)
    def current_round(request: Request) -> HTMLResponse:
        t = load()
        return round_page(request, t, t.rounds[-1] if t.rounds else None)

    @app.get("/round/{number}", response_class=HTMLResponse)
    def round_number(request: Request, number: int) -> HTMLResponse:
        t = load()
        try:
            rnd = t.round(number)
        except KeyError as exc:
            raise HTTPException(status_code=404, detail=str(exc)) from None
        return round_page(request, t, rnd)

    @app.get("/table/{number}/{table}", response_class=HTMLResponse)
    def table_page(request: Request, number: int, table: int) -> HTMLResponse:
        t = load()
        try:
            tb = t.table(number, table)
        except KeyError as exc:
            raise HTTPException(status_code=404, detail=str(exc)) from None
        return page(request, "table.html", t, rnd=t.round(number), tb=table_view(t, tb),
                    deals=range(1, t.settings.deals_per_round + 1))

    @app.post("/table/{number}/{table}")
    def table_submit(
        request: Request, number: int, table: int, by: Annotated[str, Form()],
        ns: Annotated[list[int], Form()], ew: Annotated[list[int], Form()],
    ) -> RedirectResponse:
        def act(t: Tournament) -> str:
            status = t.submit(number, table, by, ns, ew)
            return {"pending": "Inviato: aspetta la conferma degli avversari",
                    "confirmed": "Confermato", "disputed": "Punteggi diversi: chiama l'arbitro"}[
                status]
        return back(request, f"table/{number}/{table}", act)

    @app.post("/table/{number}/{table}/confirm")
    def table_confirm(
        request: Request, number: int, table: int, by: Annotated[str, Form()],
    ) -> RedirectResponse:
        return back(request, f"table/{number}/{table}",
                    lambda t: f"Risultato {t.confirm(number, table, by)}")

    # ---- director's desk -------------------------------------------------------------------

    @app.get("/desk", response_class=HTMLResponse, dependencies=desk_only)
    def desk(request: Request) -> HTMLResponse:
        t = load()
        rnd = t.rounds[-1] if t.rounds else None
        tables = [table_view(t, tb) for tb in rnd.tables] if rnd else []
        played = {o.table: o for o in online.tables(rnd.number)} if online and rnd else {}
        response = page(request, "desk.html", t, rnd=rnd, tables=tables,
                        ends=round_end(t, rnd) if rnd else None, director=True,
                        server=online is not None, online=played)
        if director_token is not None:
            response.set_cookie(COOKIE, director_token, httponly=True, samesite="strict")
        return response

    @app.post("/desk/register", dependencies=desk_only)
    def desk_register(
        request: Request, name: Annotated[str, Form()],
        members: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        names = tuple(m.strip() for m in members.split(",") if m.strip())
        return back(request, "desk",
                    lambda t: f"Iscritto #{t.register(name, names).id} {name.strip()}")

    @app.post("/desk/withdraw", dependencies=desk_only)
    def desk_withdraw(
        request: Request, entrant: Annotated[int, Form()],
    ) -> RedirectResponse:
        return back(request, "desk", lambda t: f"Ritirato {t.withdraw(entrant).name}")

    @app.post("/desk/seat", dependencies=desk_only)
    def desk_seat(request: Request) -> RedirectResponse:
        def act(t: Tournament) -> str:
            rnd = t.seat_next()
            return f"Turno {rnd.number}: {len(rnd.tables)} tavoli"
        return back(request, "desk", act)

    @app.post("/desk/result", dependencies=desk_only)
    def desk_result(
        request: Request, round: Annotated[int, Form()],
        table: Annotated[int, Form()], ns: Annotated[str, Form()], ew: Annotated[str, Form()],
        reason: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        def act(t: Tournament) -> str:
            t.director_result(round, table, parse_scores(ns), parse_scores(ew), reason)
            return f"Tavolo {table} registrato"
        return back(request, "desk", act)

    @app.post("/desk/penalty", dependencies=desk_only)
    def desk_penalty(
        request: Request, entrant: Annotated[int, Form()],
        vp: Annotated[int, Form()], reason: Annotated[str, Form()],
        mp: Annotated[int, Form()] = 0,
    ) -> RedirectResponse:
        def act(t: Tournament) -> str:
            penalty = t.penalize(entrant, vp, reason, mp=mp)
            return f"Penalità a #{penalty.entrant}: −{penalty.vp} VP"
        return back(request, "desk", act)

    # ---- the game server ------------------------------------------------------------------

    def server_side() -> OnlineDesk:
        if online is None:
            raise HTTPException(status_code=404, detail="this desk is not served by a game "
                                "server: start it with `ramino serve --tournament FILE`")
        return online

    def round_or_last(number: int | None) -> int:
        return number if number else len(load().rounds)

    @app.post("/desk/online", dependencies=desk_only)
    async def desk_online(
        request: Request, round: Annotated[int, Form()] = 0,
        grace: Annotated[float, Form()] = 60.0,
    ) -> RedirectResponse:
        server = server_side()
        try:
            number = round_or_last(round)
            opened = await server.open_round(number, grace)
            query = f"?message={quote(f'Turno {number}: {len(opened)} tavoli sul server')}"
        except (ValueError, KeyError) as exc:
            query = f"?error={quote(str(exc).strip(chr(39)))}"
        return RedirectResponse(base(request) + "desk" + query, status_code=303)

    @app.post("/api/online", dependencies=desk_only)
    async def api_open(round: int = 0, grace: float = 60.0) -> JSONResponse:
        server = server_side()
        try:
            opened = await server.open_round(round_or_last(round), grace)
        except (ValueError, KeyError) as exc:
            raise HTTPException(status_code=400, detail=str(exc).strip(chr(39))) from None
        return JSONResponse([o.as_dict() for o in opened])

    @app.get("/api/online", dependencies=desk_only)
    @app.get("/api/online/{number}", dependencies=desk_only)
    def api_online(number: int = 0) -> JSONResponse:
        server = server_side()
        return JSONResponse([o.as_dict() for o in server.tables(round_or_last(number))])

    # ---- exports ---------------------------------------------------------------------------

    @app.get("/export/standings.csv", response_class=PlainTextResponse)
    def standings_csv() -> PlainTextResponse:
        return PlainTextResponse(export.standings_csv(load()), media_type="text/csv")

    @app.get("/export/results.csv", response_class=PlainTextResponse)
    def results_csv() -> PlainTextResponse:
        return PlainTextResponse(export.results_csv(load()), media_type="text/csv")

    @app.get("/export/standings.html", response_class=HTMLResponse)
    def standings_print() -> HTMLResponse:
        return HTMLResponse(export.standings_html(load()))

    # The score-cards and the tournament document carry the deal seeds (and the tournament
    # seed they derive from): with them anyone could deal a prepared duplicate turno before
    # playing it, so they are the director's, like the desk.
    @app.get("/export/scorecards/{number}.html", response_class=HTMLResponse,
             dependencies=desk_only)
    def scorecards(number: int) -> HTMLResponse:
        t = load()
        try:
            return HTMLResponse(export.scorecards_html(t, number))
        except KeyError as exc:
            raise HTTPException(status_code=404, detail=str(exc)) from None

    @app.get("/export/tournament.json", dependencies=desk_only)
    def tournament_json() -> PlainTextResponse:
        return PlainTextResponse(export.tournament_json(load()), media_type="application/json")

    return app
