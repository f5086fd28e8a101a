"""A table's page: the browser table, or the waiting room (with its invitation as a QR code)
while seats are open."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from ramino.server.lobby import qr_svg
from ramino.server.routes.deps import ManagerDep, Pages, PagesDep, visible
from ramino.server.tables import Table

router = APIRouter()


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str, manager: ManagerDep, page: PagesDep,
                     invite: str | None = None) -> HTMLResponse:
    table = await manager.get_or_load(table_id)
    if table is None:
        raise HTTPException(404, f"there is no table {table_id!r}")
    # A private table's page names it only to those who bring the invite.
    name = table.name if manager.may_see(table, invite) else None
    if table.waiting and name is not None:
        return waiting_page(request, page, table, invite)
    return page(request, "table.html",
                {"table_id": table.id, "table_name": name, "preset": table.preset},
                game=table.rules.game)


def invitation(request: Request, table: Table, invite: str | None) -> str:
    """The link that brings a friend to ``table`` (with its invite when private)."""
    link = str(request.url_for("table_page", table_id=table.id))
    if invite:
        link += f"?invite={invite}"
    return link


def waiting_page(request: Request, page: Pages, table: Table,
                 invite: str | None) -> HTMLResponse:
    """A table waiting for its players: who sits where, the invitation, fill with bots."""
    return page(request, "waiting.html", {
        "table_id": table.id, "table_name": table.name, "preset": table.preset,
        "players": table.rules.players, "invite_link": invitation(request, table, invite),
        "qr": f"/t/{table.id}/qr.svg" + (f"?invite={invite}" if invite else ""),
        "sides": table.game.partner_sides(table.rules)},
        game=table.rules.game)


@router.get("/t/{table_id}/qr.svg")
async def invitation_qr(request: Request, table_id: str, manager: ManagerDep,
                        invite: str | None = None) -> Response:
    """The invitation link as a QR code (SVG), for a phone at the club."""
    table = await visible(manager, table_id, invite)
    return Response(qr_svg(invitation(request, table, invite)), media_type="image/svg+xml",
                    headers={"Cache-Control": "private, max-age=3600"})
