"""How a refusal becomes an answer: a 4xx JSON ``{"error": "..."}`` that changes nothing.

400 malformed, 401 no token, 403 wrong token or cross-site, 404 unknown, 408 a body too
slow, 409 not your turn, stale, or a stored match the table can no longer play, 413 too
big, 422 illegal, 429 too many (with ``Retry-After``); 500 (with no detail) for a fault of
the server's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardtable.errors import CardTableError
from cardtable.store import StoreUnavailableError
from cardtable.table import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    StaleActionError,
    UnplayableMatchError,
)

__all__ = [
    "EXCEPTION_HANDLERS",
    "ApiError",
    "error_response",
    "json_response",
    "status_of",
    "store_error_text",
]


class ApiError(Exception):
    """A refusal with its HTTP status (and any headers it needs, such as ``Retry-After``)."""

    def __init__(self, status: int, message: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = dict(headers or {})


def json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(data, status, headers={"Cache-Control": "no-store", **(headers or {})})


def json_text_response(text: str, status: int = 200) -> Response:
    """A reply of JSON already encoded (a seat's view, made once for every page)."""
    return Response(
        text, status, headers={"Cache-Control": "no-store"}, media_type="application/json"
    )


def error_response(message: str, status: int, headers: Mapping[str, str] | None = None) -> Response:
    """The one shape of every refusal: ``{"error": message}``."""
    return json_response({"error": message}, status, headers)


def status_of(error: CardTableError) -> int:
    if isinstance(error, NotFoundError):
        return 404
    if isinstance(error, AccessDeniedError):
        return 403
    if isinstance(error, StaleActionError | NotYourTurnError | UnplayableMatchError):
        return 409
    return 422  # an illegal action, a bad setting, a bad card


async def _api_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return error_response(str(error), error.status, error.headers)


async def _http_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return error_response(str(error.detail), error.status_code, error.headers)


async def _game_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, CardTableError)
    return error_response(str(error), status_of(error))


async def _store_error(request: Request, error: Exception) -> Response:
    """The database did not answer where no handler said more (a view, a new match, the
    next one): a 503 that says what happened: a read could not be made, or whether a write
    may have been kept (never that nothing changed when a commit that failed on the way may
    have stored it)."""
    assert isinstance(error, StoreUnavailableError)
    reading = request.method in ("GET", "HEAD")
    return error_response(store_error_text(error, reading), 503, {"Retry-After": "1"})


def store_error_text(error: StoreUnavailableError, reading: bool = False) -> str:
    """What a 503 says: for a read (``reading``), that it could not be made; for a write,
    whether it may have been kept, never that nothing changed when a commit that failed on
    the way may have stored it."""
    if reading:
        return "the database did not answer: the view could not be read; try again in a moment"
    if error.maybe_stored:
        return (
            "the database did not confirm the change: it may have been made; look again in a moment"
        )
    return "the database did not answer: nothing was stored; try again in a moment"


async def _server_error(_request: Request, _error: Exception) -> Response:
    # Not "nothing was changed": a fault after a write cannot know that it was not kept.
    return error_response(SERVER_FAULT, 500)


SERVER_FAULT = "the server hit a problem: look at the table again to see what was kept"

EXCEPTION_HANDLERS: dict[Any, Any] = {
    StoreUnavailableError: _store_error,
    ApiError: _api_error,
    HTTPException: _http_error,
    CardTableError: _game_error,
    Exception: _server_error,
}
