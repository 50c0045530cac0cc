"""Reading a request: a bounded JSON object body, the seat token, checked fields."""

from __future__ import annotations

import json
import re
from typing import Any, Final

from starlette.requests import Request

from cardtable.web.errors import ApiError

__all__ = ["MAX_BODY", "MAX_NAME", "json_body", "only", "seat_token", "text"]

MAX_BODY: Final = 4096
MAX_NAME: Final = 24


async def json_body(request: Request) -> dict[str, Any]:
    """The body as a JSON object of at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise ApiError(400, "bad Content-Length")
        if int(length) > MAX_BODY:
            raise ApiError(413, f"a request body is at most {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError(413, f"a request body is at most {MAX_BODY} bytes")
    if not body:
        return {}
    try:
        data = json.loads(bytes(body))
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def seat_token(request: Request) -> str:
    """The seat token of ``Authorization: Bearer <token>``."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send your seat token: Authorization: Bearer <token>")
    if len(token) > 128:
        raise ApiError(403, "this link does not open a seat at that table")
    return token.strip()


def only(data: dict[str, Any], allowed: set[str]) -> None:
    """Refuse a field the endpoint does not know (a typo must not be ignored)."""
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]!r}: expected {', '.join(sorted(allowed))}")


def text(data: dict[str, Any], key: str, default: str, limit: int) -> str:
    """A string field without control characters, at most ``limit`` characters."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be a string")
    value = re.sub(r"[\x00-\x1f\x7f]", "", value).strip()
    if len(value) > limit:
        raise ApiError(400, f"{key} is at most {limit} characters")
    return value
