"""The player's own endpoints: its name at a table, removing a match from its list, and its
statistics over the matches whose seat tokens its browser holds.

=======  ==============================  ====================================================
POST     /api/matches/{id}/name          ``{"name": "Ada"}``: the name of your seat (a friend
                                         who joined by link names itself)
DELETE   /api/matches/{id}               remove the match (only a holder of one of its
                                         seats may: 403 for any other token, 404 when gone)
POST     /api/players/me/stats           ``{"seats": [{match_id, token}, ...]}``: the
                                         statistics of the player who holds those seats
=======  ==============================  ====================================================

The player is its seats: a browser keeps the tokens of the seats it was given and sends
them, as for ``/api/matches/lookup``; a seat whose token does not open it is left out.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cardtable.table.names import BadNameError, player_name
from cardtable.web.errors import ApiError, json_response
from cardtable.web.limits import charge
from cardtable.web.requests import (
    held_seats,
    json_body,
    match_id_of,
    only,
    seat_token,
)
from cardtable.web.state import state_of

__all__ = ["MAX_STATS_SEATS", "delete_match", "name_of", "rename", "stats"]

MAX_STATS_SEATS = 40  # as many seats as a browser keeps (store.js)


def name_of(data: dict[str, Any], key: str, default: str) -> str:
    """A player's name from a request body: refused with 400 when it is too long, not text,
    or holds control characters (:func:`cardtable.table.names.player_name`)."""
    try:
        return player_name(data.get(key, default), default)
    except BadNameError as error:
        raise ApiError(400, f"{key}: {error}") from None


async def rename(request: Request) -> Response:
    match_id, token = match_id_of(request), seat_token(request)
    data = await json_body(request)
    only(data, {"name"})
    if "name" not in data:
        raise ApiError(400, 'send {"name": "..."}: the name of your seat')
    name = name_of(data, "name", "")
    if not name:
        raise ApiError(400, "name: a name is needed, at least one letter")
    charge(request, "tokens")
    service = state_of(request).service
    player = await run_in_threadpool(service.rename_seat, match_id, token, name)
    return json_response({"match_id": match_id, "player": player.to_json()})


async def delete_match(request: Request) -> Response:
    match_id, token = match_id_of(request), seat_token(request)
    charge(request, "tokens")
    service = state_of(request).service
    await run_in_threadpool(service.delete_match, match_id, token)
    return json_response({"deleted": match_id})


async def stats(request: Request) -> Response:
    wanted = held_seats(await json_body(request), MAX_STATS_SEATS)
    charge(request, "tokens", len(wanted))
    charge(request, "hints")  # the reviews behind the accuracy cost the expert's thinking
    service = state_of(request).service
    figures = await run_in_threadpool(service.player_stats, wanted)
    return json_response(figures.to_json())
