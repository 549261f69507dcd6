"""Pages of a table between two people: the invite link, joining by code, the QR code.

Everything works as plain forms without the script: opening a table, typing a code on
the home page, sitting down. ``/t/{code}`` is the link a host shares: it seats the friend,
brings a player back to their own seat, or lets anyone else watch the public view.
"""

from __future__ import annotations

import io
from typing import Annotated

import segno
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cribkit.errors import CribkitError
from cribkit.web.site.errors import error_page
from cribkit.web.site.errors_i18n import error_message
from cribkit.web.site.i18n import translator
from cribkit.web.site.players_identity import issue_player, remember_player
from cribkit.web.site.templating import render
from cribkit.web.table.friends.api import Tables, invite_link
from cribkit.web.table.friends.tables import (
    InviteNotFoundError,
    SeatTakenError,
    format_code,
    friend_rules,
    normalize_code,
)
from cribkit.web.table.games.deps import PlayerId
from cribkit.web.table.games.loaded import COMPUTER
from cribkit.web.table.games.page import _table

__all__ = ["qr_svg", "router"]

router = APIRouter(tags=["pages"], include_in_schema=False)


def qr_svg(link: str) -> str:
    """The link as a QR code drawn in SVG (medium error correction, a quiet border)."""
    code = segno.make_qr(link, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=2, xmldecl=False, dark="#1b1b1b", light="#ffffff")
    return out.getvalue().decode("utf-8")


def _missing(request: Request, code: str) -> HTMLResponse:
    return render(request, "join.html", {"state": "missing", "code": code}, status_code=404)


@router.post("/table/friend")
def open_table_form(
    request: Request,
    tables: Tables,
    name: Annotated[str, Form()] = "",
    computer_fills_in: Annotated[str, Form()] = "",
    seed: Annotated[str, Form()] = "",
    count_own: Annotated[str, Form()] = "",
    muggins: Annotated[str, Form()] = "",
) -> Response:
    """Open a table from the plain form, then show it with its invite (muggins alone is
    refused with the reason: it is played only with counting your own hands)."""
    player_id, is_new = issue_player(request)
    chosen = int(seed) if seed.isdigit() and tables.games.testing else None
    try:
        rules = friend_rules(count_own=bool(count_own), muggins=bool(muggins))
    except CribkitError as exc:  # nothing was opened: say why, with the way back
        return error_page(request, 422, error_message(exc, translator(request)))
    _invite, loaded = tables.open(
        player_id, name, computer_fills_in=bool(computer_fills_in), seed=chosen, rules=rules
    )
    if name.strip():
        tables.games.set_player_name(player_id, name)
    response = RedirectResponse(f"/games/{loaded.id}", status_code=303)
    if is_new:
        remember_player(request, response, player_id)
    return response


@router.post("/join")
def join_by_code_form(code: Annotated[str, Form()] = "") -> Response:
    """The home page's "join a friend" box: go to the table the code names."""
    cleaned = normalize_code(code)
    target = format_code(cleaned) if cleaned else (code.strip() or "-")
    return RedirectResponse(f"/t/{target}", status_code=303)


@router.get("/t/{code}", response_class=HTMLResponse)
def arrive(request: Request, code: str, tables: Tables, player_id: PlayerId) -> Response:
    """A shared link: your own seat, the empty seat to take, or the rail to watch from."""
    try:
        invite = tables.find(code)
    except InviteNotFoundError:
        return _missing(request, code)
    if player_id is not None and tables.games.seat_of(invite.game_id, player_id) is not None:
        return RedirectResponse(f"/games/{invite.game_id}", status_code=303)
    loaded = tables.games.load_any(invite.game_id)
    if loaded is not None and loaded.between_people and not loaded.seated[COMPUTER]:
        context = {
            "state": "open",
            "code": format_code(invite.code),
            "host": loaded.names[0] or "",
            "name": tables.games.player_name(player_id) or "",
        }
        return render(request, "join.html", context)
    return _table(request, loaded, watch_code=format_code(invite.code))


@router.post("/t/{code}/join")
def sit_down_form(
    request: Request, code: str, tables: Tables, name: Annotated[str, Form()] = ""
) -> Response:
    """Take the empty seat from the plain form (a full table sends you to watch)."""
    player_id, is_new = issue_player(request)
    try:
        invite, _seat = tables.join(code, player_id, name)
    except InviteNotFoundError:
        return _missing(request, code)
    except SeatTakenError:
        return RedirectResponse(f"/t/{code}", status_code=303)
    if name.strip():
        tables.games.set_player_name(player_id, name)
    response = RedirectResponse(f"/games/{invite.game_id}", status_code=303)
    if is_new:
        remember_player(request, response, player_id)
    return response


@router.get("/t/{code}/qr.svg")
def invite_qr(request: Request, code: str, tables: Tables) -> Response:
    """The invite link as a QR code, to scan from the host's screen."""
    try:
        invite = tables.find(code)
    except InviteNotFoundError:
        return Response(status_code=404)
    svg = qr_svg(invite_link(request, invite.code))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
