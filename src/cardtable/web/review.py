"""``GET /api/matches/{id}/review[?deal=N]``: the coach's review of your own decisions.

The seat token travels as for every seat request (``Authorization: Bearer <token>``); the
review covers every finished deal of the match, or deal ``N`` (1-based) alone. A deal in play,
and a game with no reviewer yet, are refused with 422.
"""

from __future__ import annotations

import re

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cardtable.web.errors import ApiError, json_response
from cardtable.web.limits import charge
from cardtable.web.requests import match_id_of, seat_token
from cardtable.web.state import state_of

__all__ = ["review"]

MAX_DEAL = 10_000  # far more deals than any match has: a longer number is no deal


def _deal(request: Request) -> int | None:
    unknown = sorted(set(request.query_params) - {"deal"})
    if unknown:
        raise ApiError(400, f"unknown parameter {unknown[0]!r}: expected deal")
    values = request.query_params.getlist("deal")
    if not values:
        return None
    if len(values) > 1 or not re.fullmatch(r"[0-9]{1,5}", values[0]):
        raise ApiError(400, "deal is one number: the deal to review, from 1")
    deal = int(values[0])
    if not 1 <= deal <= MAX_DEAL:
        raise ApiError(422, f"deal {deal} is not finished: deals are numbered from 1")
    return deal


async def review(request: Request) -> Response:
    match_id, token = match_id_of(request), seat_token(request)
    deal = _deal(request)
    charge(request, "tokens")
    charge(request, "hints")  # a review costs the expert's thinking, like hints
    service = state_of(request).service
    data = await run_in_threadpool(service.review, match_id, token, deal)
    return json_response(data)
