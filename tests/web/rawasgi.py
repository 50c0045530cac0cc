"""Calling the app as a server would, without an HTTP client in between: headers exactly as
given (an odd ``Content-Length``, bytes no client library would send) and a body that
arrives in chunks, as slowly as a test wants."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message


@dataclass
class RawResponse:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


async def _call(
    app: ASGIApp,
    method: str,
    path: str,
    headers: Sequence[tuple[bytes, bytes]],
    chunks: Sequence[bytes],
    delay: float,
    stall: bool,
) -> RawResponse:
    pending = list(chunks)
    sent: list[Message] = []

    async def receive() -> Message:
        if not pending:
            # A stalled client sends no more; after a whole body a server's receive waits
            # for the client to leave. Either way the app must answer without it.
            await asyncio.sleep(3600)
        await asyncio.sleep(delay)
        chunk = pending.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(pending) or stall}

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("198.51.100.7", 40000),
        "server": ("testserver", 80),
    }
    await asyncio.wait_for(app(scope, receive, send), 30)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    found = {k.decode("latin-1"): v.decode("latin-1") for k, v in start["headers"]}
    return RawResponse(start["status"], found, body)


def call(
    app: ASGIApp,
    method: str,
    path: str,
    headers: Sequence[tuple[bytes, bytes]] = (),
    chunks: Sequence[bytes] = (),
    delay: float = 0.0,
    stall: bool = False,
) -> RawResponse:
    """One request to ``app``: its body in ``chunks``, each after ``delay`` seconds; with
    ``stall``, the client then goes quiet instead of ending the body."""
    return asyncio.run(_call(app, method, path, headers, chunks, delay, stall))
