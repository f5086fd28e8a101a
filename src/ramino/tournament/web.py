"""Web pages: the director's desk and the public live standings and round tables.

``create_app(store_path)`` serves one tournament file (the CLI's document, see
:mod:`ramino.tournament.store`) so the game server can mount it later. Pages are server-side
Jinja2 templates shipped in this package, with inline CSS and no scripts from a CDN; they
refresh every 30 s for the projector. Every POST reloads the file, applies one
:class:`~ramino.tournament.tournament.Tournament` method and saves, under a lock, so the file
stays the single source of truth (§7.2: the director owns the score-cards; §7.3).

Routes (relative to the mount point):

* public: ``GET /`` → standings, ``GET /standings``, ``GET /round`` and ``GET /round/{n}``
  (tables of a turno), ``GET /table/{n}/{t}[?code=…]`` and ``POST`` there (a side writes the
  score-card with its own code, :mod:`ramino.tournament.codes`), ``POST /table/{n}/{t}/confirm``
  (the other side confirms, with its own code), ``GET /api/standings``;
* director (optional token): ``GET /desk[?audit=PAGE]``, ``POST /desk/register|withdraw|
  settings|seat|result|accept|abandoned|penalty`` (``settings``: smazzate, minutes and bye VP;
  ``accept``: one side's card of a disputed table;
  ``abandoned``: the played score, or the no-show rule, at a table abandoned on the server);
  when the game server mounts the desk, ``POST /desk/online`` (open the current turno on the
  server) and ``POST /api/online?round=N`` / ``GET /api/online[/{n}]`` (the same as JSON, with
  each player's join link: ``ramino tournament online``);
* exports: ``GET /export/standings.csv|results.csv|standings.html`` (public) and, for the
  director only (they carry the deal seeds), ``GET /export/tournament.json`` and
  ``GET /export/scorecards/{n}.html``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, FastAPI, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse

from ramino.server.i18n import SOURCE_LANGUAGE, translations
from ramino.tournament import codes, export, store
from ramino.tournament.model import Round
from ramino.tournament.online import OnlineDesk, OnlineTable
from ramino.tournament.refusals import Refusal
from ramino.tournament.scoring import parse_scores, vp_table
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import context, environment, round_end, table_view

COOKIE = "ramino_director"
#: Audit trail entries on one page of the desk (newest first).
AUDIT_PAGE = 20

log = logging.getLogger("ramino.tournament")


#: What a change on the desk says: its message, or its message and a warning to heed.
Done = str | tuple[str, str]


def error_text(exc: Exception, gettext: Callable[[str], str] | None = None) -> str:
    """A refusal's one line, whole: the core's :class:`Refusal` in the reader's language
    (``gettext``, English without it); a ``KeyError`` quotes its message, which is unwrapped
    (not stripped, which would take a closing quote of the message too)."""
    if isinstance(exc, Refusal) and gettext is not None:
        return exc.text(gettext)
    if isinstance(exc, KeyError) and len(exc.args) == 1:
        return str(exc.args[0])
    return str(exc)


def incomplete(rnd: Round | None) -> list[int]:
    """The tables of a turno whose result does not count yet."""
    return [] if rnd is None else [tb.number for tb in rnd.tables if not tb.confirmed]


def abandoned_tables(t: Tournament, rnd: Round) -> set[int]:
    """Tables of the turno the server left to the director as abandoned, not counted yet."""
    marks = {f"turno {rnd.number} table {tb.number}:": tb.number for tb in rnd.tables
             if not tb.confirmed}
    return {number for a in t.audit if a.action == "server-abandoned"
            for mark, number in marks.items() if a.detail.startswith(mark)}


def no_show_scores(t: Tournament, present: str) -> tuple[list[int], list[int]]:
    """The no-show rule's score-card: the side present wins by the VP table's widest margin
    (the MP of its top bracket, spread over the turno's smazzate in multiples of 5), the
    absent side scores nothing."""
    deals = t.settings.deals_per_round
    top = vp_table(t.settings).brackets()[-1][0]
    each = -(-top // deals)
    each += -each % 5
    won, lost = [each] * deals, [0] * deals
    if t.settings.discipline.lower_is_better:  # penalty points: the absent side pays
        won, lost = lost, won
    return (won, lost) if present == "ns" else (lost, won)


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

    def code_key() -> bytes:
        return codes.load_key(path)

    def texts(request: Request) -> Callable[[str], str]:
        """The desk's messages in the reader's language (Italian without ``language``)."""
        words = language(request) if language is not None else {}
        found = words.get("gettext")
        return found if callable(found) else translations(SOURCE_LANGUAGE).gettext

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
        # The standings are "after turno N" once every table of N counts; a turno under way
        # is named as such (none is "after turno 1" before its first result).
        complete = [r.number for r in t.rounds if not incomplete(r)]
        html = templates.get_template(name).render(
            **context(t), base=base(request),
            after=complete[-1] if complete else None,
            playing=next((r for r in t.rounds if incomplete(r)), None),
            error=request.query_params.get("error"),
            message=request.query_params.get("message"),
            warning=request.query_params.get("warning"),
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

    def back(request: Request, where: str, action: Callable[[Tournament], Done],
             keep: str = "") -> RedirectResponse:
        """Apply ``action`` and go back to ``where`` with its message and warning (or its
        refusal, in the reader's language); ``keep``: a query to keep there (``code=…``)."""
        try:
            with change() as t:
                done = action(t)
            note, warning = (done, "") if isinstance(done, str) else done
            query = f"?message={quote(note)}" + (f"&warning={quote(warning)}" if warning else "")
        except (ValueError, KeyError) as exc:
            query = f"?error={quote(error_text(exc, texts(request)))}"
        return RedirectResponse(base(request) + where + query + (f"&{keep}" if keep else ""),
                                status_code=303)

    def round_page(request: Request, t: Tournament, rnd: Round | None) -> HTMLResponse:
        tables = [table_view(t, tb) for tb in rnd.tables] if rnd else []
        ends = round_end(t, rnd) if rnd else None
        # A duplicate turno's tables are watched once every table has finished (its deals
        # are revealed then; before, the server refuses a spectator).
        watch = rnd is not None and (not t.settings.duplicate or not incomplete(rnd))
        return page(request, "round.html", t, rnd=rnd, tables=tables, ends=ends,
                    over=rnd is not None and not incomplete(rnd), watch=watch)

    def side_of_code(_: Callable[[str], str], number: int, table: int, code: str) -> str:
        side = codes.side_of(code_key(), number, table, code)
        if side is None:
            raise ValueError(_("codice: {code} non è un codice del turno {n}, tavolo {t} "
                               "(ogni lato ha il suo, sul suo tagliando del segnapunti)").format(
                                   code=code.strip()[:20] or "—", n=number, t=table))
        return side

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
    def table_page(request: Request, number: int, table: int, code: str = "") -> HTMLResponse:
        t = load()
        try:
            tb = t.table(number, table)
        except KeyError as exc:
            raise HTTPException(status_code=404, detail=error_text(exc)) from None
        side = codes.side_of(code_key(), number, table, code) if code else None
        return page(request, "table.html", t, rnd=t.round(number), tb=table_view(t, tb),
                    deals=range(1, t.settings.deals_per_round + 1),
                    side=side, code=code.strip() if side else "")

    def back_to_table(request: Request, number: int, table: int, code: str,
                      action: Callable[[Tournament], str]) -> RedirectResponse:
        return back(request, f"table/{number}/{table}", action,
                    f"code={quote(code.strip()[:20])}")

    @app.post("/table/{number}/{table}")
    def table_submit(
        request: Request, number: int, table: int,
        ns: Annotated[list[int], Form()], ew: Annotated[list[int], Form()],
        code: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        _ = texts(request)

        def act(t: Tournament) -> str:
            side = side_of_code(_, number, table, code)
            status = t.submit(number, table, side, ns, ew)
            log.info("turno %d table %d: %s wrote N-S %s E-W %s (%s)", number, table,
                     side.upper(), ns, ew, status)
            return {"pending": _("Inviato: aspetta la conferma degli avversari"),
                    "confirmed": _("Confermato"),
                    "disputed": _("Punteggi diversi: chiama l'arbitro")}[status]
        return back_to_table(request, number, table, code, act)

    @app.post("/table/{number}/{table}/confirm")
    def table_confirm(
        request: Request, number: int, table: int, code: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        _ = texts(request)

        def act(t: Tournament) -> str:
            side = side_of_code(_, number, table, code)
            status = t.confirm(number, table, side)
            log.info("turno %d table %d: %s confirmed the card (%s)", number, table,
                     side.upper(), status)
            return {"pending": _("Inviato: aspetta la conferma degli avversari"),
                    "confirmed": _("Risultato confermato"),
                    "disputed": _("Punteggi diversi: chiama l'arbitro")}[status]
        return back_to_table(request, number, table, code, act)

    # ---- director's desk -------------------------------------------------------------------

    @app.get("/desk", response_class=HTMLResponse, dependencies=desk_only)
    def desk(request: Request, audit: int = 0) -> HTMLResponse:
        t = load()
        rnd = t.rounds[-1] if t.rounds else None
        tables = [table_view(t, tb) for tb in rnd.tables] if rnd else []
        played = {o.table: o for o in online.tables(rnd.number)} if online and rnd else {}
        pages = max(1, -(-len(t.audit) // AUDIT_PAGE))
        audit = min(max(audit, 0), pages - 1)
        newest = t.audit[::-1]
        response = page(request, "desk.html", t, rnd=rnd, tables=tables,
                        ends=round_end(t, rnd) if rnd else None, director=True,
                        server=online is not None, online=played,
                        incomplete=incomplete(rnd),
                        abandoned=abandoned_tables(t, rnd) if rnd else set(),
                        audit_rows=newest[audit * AUDIT_PAGE:(audit + 1) * AUDIT_PAGE],
                        audit_page=audit, audit_pages=pages)
        if director_token is not None:
            response.set_cookie(COOKIE, director_token, httponly=True, samesite="strict")
        return response

    @app.post("/desk/register", dependencies=desk_only)
    def desk_register(
        request: Request, name: Annotated[str, Form()],
        members: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        _ = texts(request)
        names = tuple(m.strip() for m in members.split(",") if m.strip())
        return back(request, "desk", lambda t: _("Iscritto #{id} {name}").format(
            id=t.register(name, names).id, name=name.strip()))

    @app.post("/desk/withdraw", dependencies=desk_only)
    def desk_withdraw(
        request: Request, entrant: Annotated[int, Form()],
    ) -> RedirectResponse:
        _ = texts(request)
        return back(request, "desk",
                    lambda t: _("Ritirato {name}").format(name=t.withdraw(entrant).name))

    @app.post("/desk/settings", dependencies=desk_only)
    def desk_settings(
        request: Request, deals: Annotated[int, Form()], minutes: Annotated[int, Form()],
        bye_vp: Annotated[int, Form()],
    ) -> RedirectResponse:
        """Correct the smazzate per turno, the minutes of a turno, the VP of a bye (the
        tournament's own check: what was played stays valid)."""
        _ = texts(request)
        asked: dict[str, object] = {"deals_per_round": deals, "round_minutes": minutes,
                                    "bye_vp": bye_vp}

        def act(t: Tournament) -> str:
            changes = {name: value for name, value in asked.items()
                       if getattr(t.settings, name) != value}
            done = t.change_settings(changes)
            log.info("settings changed: %s", "; ".join(done))
            return _("Impostazioni corrette: {changes}").format(changes="; ".join(done))
        return back(request, "desk", act)

    @app.post("/desk/seat", dependencies=desk_only)
    def desk_seat(request: Request) -> RedirectResponse:
        _ = texts(request)

        def act(t: Tournament) -> str:
            current = t.rounds[-1] if t.rounds else None
            missing = incomplete(current)
            if current is not None and missing:
                raise ValueError(_("Il turno {n} non è completo: mancano i risultati dei "
                                   "tavoli {tables}").format(
                                       n=current.number, tables=", ".join(map(str, missing))))
            rnd = t.seat_next()
            log.info("turno %d seated: %d tables, byes %s", rnd.number, len(rnd.tables),
                     rnd.byes or "-")
            return _("Turno {n}: {tables} tavoli").format(n=rnd.number, tables=len(rnd.tables))
        return back(request, "desk", act)

    def director_enters(_: Callable[[str], str], t: Tournament, number: int, table: int,
                        ns: list[int], ew: list[int], reason: str) -> Done:
        """A result through the tournament's own entry path (its validation, its trail),
        with what it did: counted, corrected, or nothing (the same scores count already),
        and its warnings (later turni seated from the old standings)."""
        outcome = t.director_result(number, table, ns, ew, reason)
        if outcome.status == "unchanged":
            return _("Tavolo {n}: questi punteggi contano già, nulla è cambiato").format(
                n=table)
        log.info("turno %d table %d: the director entered N-S %s E-W %s%s", number, table,
                 ns, ew, f" ({reason})" if reason else "")
        note = (_("Tavolo {n} corretto") if outcome.status == "corrected"
                else _("Tavolo {n} registrato")).format(n=table)
        return note, " ".join(w.text(_) for w in outcome.warnings)

    async def entered(request: Request, number: int,
                      action: Callable[[Tournament], Done]) -> RedirectResponse:
        """A director's result, then, in a duplicate turno played on the server, the deals
        it makes known at every table (its table is done with them)."""
        response = await asyncio.to_thread(back, request, "desk", action)
        if online is not None:
            try:
                if (await asyncio.to_thread(load)).settings.duplicate:
                    await online.reveal(number)
            except Exception:  # the deals stay hidden until the next hand end or restart
                log.exception("turno %d: the duplicate deals were not revealed", number)
        return response

    @app.post("/desk/result", dependencies=desk_only)
    async def desk_result(
        request: Request, round: Annotated[int, Form()],
        table: Annotated[int, Form()], ns: Annotated[str, Form()], ew: Annotated[str, Form()],
        reason: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        _ = texts(request)
        return await entered(request, round, lambda t: director_enters(
            _, t, round, table, parse_scores(ns), parse_scores(ew), reason))

    @app.post("/desk/accept", dependencies=desk_only)
    async def desk_accept(
        request: Request, round: Annotated[int, Form()], table: Annotated[int, Form()],
        side: Annotated[str, Form()],
    ) -> RedirectResponse:
        """A disputed table: the director accepts the card one side wrote."""
        _ = texts(request)

        def act(t: Tournament) -> Done:
            claim = next((c for c in t.table(round, table).claims if c.by == side), None)
            if claim is None:
                raise ValueError(_("side: turno {n} tavolo {t} non ha un segnapunti di "
                                   "{side}").format(n=round, t=table, side=side[:8]))
            label = "N-S" if side == "ns" else "E-W"
            return director_enters(_, t, round, table, claim.ns_scores, claim.ew_scores,
                                   f"dispute: the {label} card accepted")
        return await entered(request, round, act)

    def online_table(number: int, table: int) -> OnlineTable | None:
        if online is None:
            return None
        return next((o for o in online.tables(number) if o.table == table), None)

    @app.post("/desk/abandoned", dependencies=desk_only)
    async def desk_abandoned(
        request: Request, round: Annotated[int, Form()], table: Annotated[int, Form()],
        rule: Annotated[str, Form()], note: Annotated[str, Form()] = "",
    ) -> RedirectResponse:
        """A table abandoned on the server, in one click: its played score counts (with the
        director's note), or the no-show rule gives it to the side that stayed."""
        _ = texts(request)
        played = await asyncio.to_thread(online_table, round, table)

        def act(t: Tournament) -> Done:
            if played is None or not played.ns_played:
                raise ValueError(_("tavolo {t}: il server non ha smazzate giocate di questo "
                                   "tavolo; inserisci il risultato").format(t=table))
            if rule == "played":
                reason = "abandoned on the server: the played score counts"
                return director_enters(_, t, round, table, list(played.ns_played),
                                       list(played.ew_played),
                                       reason + (f"; {note.strip()}" if note.strip() else ""))
            if rule == "no-show":
                present = [s for s in ("ns", "ew") if s not in played.absent]
                if len(present) != 1:
                    raise ValueError(_("regola del no-show: vale quando manca un solo lato"))
                ns, ew = no_show_scores(t, present[0])
                gone = "E-W" if present[0] == "ns" else "N-S"
                return director_enters(_, t, round, table, ns, ew,
                                       f"no-show rule: {gone} absent")
            raise ValueError(_("rule: 'played' o 'no-show', non {rule}").format(
                rule=repr(rule[:20])))
        return await entered(request, round, act)

    @app.post("/desk/penalty", dependencies=desk_only)
    def desk_penalty(
        request: Request, entrant: Annotated[int, Form()],
        vp: Annotated[int, Form()], reason: Annotated[str, Form()],
        mp: Annotated[int, Form()] = 0,
    ) -> RedirectResponse:
        _ = texts(request)

        def act(t: Tournament) -> str:
            penalty = t.penalize(entrant, vp, reason, mp=mp)
            return _("Penalità a #{id}: −{vp} VP").format(id=penalty.entrant, vp=penalty.vp)
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
            _ = texts(request)
            query = "?message=" + quote(_("Turno {n}: {tables} tavoli sul server").format(
                n=number, tables=len(opened)))
        except (ValueError, KeyError) as exc:
            query = f"?error={quote(error_text(exc, texts(request)))}"
        return RedirectResponse(base(request) + "desk" + query, status_code=303)

    @app.post("/api/online", dependencies=desk_only)
    async def api_open(round: int = 0, grace: float = 60.0) -> JSONResponse:
        server = server_side()
        try:
            opened = await server.open_round(round_or_last(round), grace)
        except (ValueError, KeyError) as exc:
            raise HTTPException(status_code=400, detail=error_text(exc)) from None
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
    def scorecards(request: Request, number: int) -> HTMLResponse:
        t = load()
        try:
            rnd = t.round(number)
        except KeyError as exc:
            raise HTTPException(status_code=404, detail=error_text(exc)) from None
        key = code_key()
        # Each side's slip: its code and its link to the table page (§7.2: each
        # side countersigns; the code is what a side signs with on the page).
        slips = {tb.number: {side: codes.side_code(key, number, tb.number, side)
                             for side in ("ns", "ew")} for tb in rnd.tables}
        words = language(request) if language is not None else {}
        return HTMLResponse(templates.get_template("scorecards.html").render(
            **context(t), **words, rnd=rnd, tables=[table_view(t, tb) for tb in rnd.tables],
            deals=range(1, t.settings.deals_per_round + 1), ends=round_end(t, rnd),
            slips=slips, site=str(request.base_url)))

    @app.get("/export/tournament.json", dependencies=desk_only)
    def tournament_json() -> PlainTextResponse:
        return PlainTextResponse(export.tournament_json(load()), media_type="application/json")

    return app
