"""Reading a request: a bounded JSON object body, the seat token, ids, checked fields."""

from __future__ import annotations

import asyncio
import re
from typing import Any, Final

from starlette.requests import Request

from cardtable.table.names import MAX_NAME
from cardtable.web.errors import ApiError
from cardtable.web.jsontext import BadJson, read_json_object
from cardtable.web.limits import limiter_of

__all__ = [
    "MAX_BODY",
    "MAX_NAME",
    "MAX_TOKEN",
    "aids_asked",
    "is_match_id",
    "is_token",
    "json_body",
    "match_id_of",
    "only",
    "seat_token",
    "text",
]

MAX_BODY: Final = 4096  # the default of WebLimits.max_body
MAX_TOKEN: Final = 128
# Seat tokens are URL-safe base64 and match ids hexadecimal (the service makes them so); a
# request naming anything else is refused here, before a database or a comparison sees it.
_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]+")
_MATCH_ID: Final = re.compile(r"[0-9a-f]{1,64}")
_LENGTH: Final = re.compile(r"[0-9]{1,12}")


def is_token(token: str) -> bool:
    return len(token) <= MAX_TOKEN and _TOKEN.fullmatch(token) is not None


def is_match_id(match_id: str) -> bool:
    return _MATCH_ID.fullmatch(match_id) is not None


async def _read_body(request: Request, max_body: int, seconds: float) -> bytes:
    too_big = ApiError(413, f"a request body is at most {max_body} bytes")
    length = request.headers.get("content-length")
    if length is not None:
        if not _LENGTH.fullmatch(length.strip()):
            raise ApiError(400, "bad Content-Length")
        if int(length) > max_body:
            raise too_big
    body = bytearray()
    try:
        # The whole body within the time, however it is cut up: a client trickling bytes
        # must not hold a connection and its handler for ever.
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                body += chunk
                if len(body) > max_body:
                    raise too_big
    except TimeoutError:
        raise ApiError(
            408,
            f"the request body took longer than {seconds:g} s to arrive",
            {"Connection": "close"},
        ) from None
    return bytes(body)


async def json_body(request: Request, optional: bool = False) -> dict[str, Any]:
    """The body as a JSON object within the app's size and time limits (:mod:`limits`). An
    empty body is not a JSON object: refused, unless the endpoint's body is ``optional``
    (then it is ``{}``, every field left out)."""
    limits = limiter_of(request).limits
    body = await _read_body(request, limits.max_body, limits.body_seconds)
    if not body:
        if optional:
            return {}
        raise ApiError(400, "the request body must be a JSON object (it is empty)")
    try:
        return read_json_object(body, "the request body")
    except BadJson as error:
        raise ApiError(400, str(error)) from None


def seat_token(request: Request) -> str:
    """The seat token of ``Authorization: Bearer <token>``."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "send your seat token: Authorization: Bearer <token>")
    if len(token) > MAX_TOKEN:
        raise ApiError(403, "this link does not open a seat at that table")
    if not is_token(token):
        raise ApiError(400, "a seat token is made of letters, digits, '-' and '_' only")
    return token


def match_id_of(request: Request) -> str:
    """The match id of the path; an id the service could never have made is no match."""
    match_id: str = request.path_params["match_id"]
    if not is_match_id(match_id):
        raise ApiError(404, "no such match (a match id is hexadecimal)")
    return match_id


def only(data: dict[str, Any], allowed: set[str]) -> None:
    """Refuse a field the endpoint does not know (a typo must not be ignored)."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]!r}: expected {', '.join(sorted(allowed))}")


def aids_asked(request: Request) -> bool:
    """Whether a view is asked for with the learning aids: ``?aids=1`` (or ``true``);
    left out, ``0`` or ``false``, without them."""
    value = request.query_params.get("aids")
    if value is None or value in ("0", "false"):
        return False
    if value in ("1", "true"):
        return True
    raise ApiError(400, "aids is 1 (with the learning aids) or 0 (without)")


ACT_FIELDS = frozenset({"action", "expected", "aids"})


def act_problem(data: dict[str, Any], extra: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with an action's message, ``{"action": "discard QD", "expected": 12}``
    (``"aids": true`` for the learning aids in the view that answers it; plus the ``extra``
    fields of its transport), or ``None``: the same words over HTTP and over the WebSocket."""
    unknown = sorted(set(data) - ACT_FIELDS - extra)
    if unknown:
        allowed = ", ".join(sorted(ACT_FIELDS | extra))
        return f"unknown field {unknown[0]!r}: expected {allowed}"
    action = data.get("action")
    expected = data.get("expected")
    if not isinstance(action, str) or not action.strip():
        return 'send {"action": "...", "expected": <action count you saw>}'
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        return "expected must be the integer action count of your view"
    if not isinstance(data.get("aids", False), bool):
        return "aids must be true (the view in the answer with the learning aids) or false"
    return None


def text(data: dict[str, Any], key: str, default: str, limit: int) -> str:
    """A string field without control characters, at most ``limit`` characters."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be a string")
    value = re.sub(r"[\x00-\x1f\x7f]", "", value).strip()
    if len(value) > limit:
        raise ApiError(400, f"{key} is at most {limit} characters")
    return value


def held_seats(data: dict[str, Any], limit: int) -> list[tuple[str, str]]:
    """The ``seats`` of a body, a list of ``{match_id, token}`` that a browser holds: 400
    beyond ``limit`` or not a list. Only well-formed seats are kept (each is then read by its
    id: no match is read that is not named); the rest are left out, as unknown seats are."""
    only(data, {"seats"})
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) > limit:
        raise ApiError(400, f"seats is a list of at most {limit} {{match_id, token}}")
    return [
        (item["match_id"], item["token"])
        for item in seats
        if isinstance(item, dict)
        and isinstance(item.get("match_id"), str)
        and isinstance(item.get("token"), str)
        and is_match_id(item["match_id"])
        and is_token(item["token"])
    ]
