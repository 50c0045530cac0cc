"""The server's connections: how many it holds, how big and how slow a request's head may
be, and how long a connection may sit idle. uvicorn's HTTP protocol (httptools) with guards.

uvicorn limits none of these by itself: a connection that never sends a byte, or sends a
header a byte at a time, is held for ever; a head's headers grow without bound (httptools
has no limit; 25 MB on four connections grew a server by 100 MB); every connection costs a
file descriptor, and past the process's limit (1,024 by default) every request failed. Its
own refusals (a malformed request: a method ``FOO``, ``Content-Length: -1``) went out as
plain text without the security headers every other answer carries.

So each connection here:

- is refused at once, with a 503 that says so, when the server already holds
  ``max_connections`` (the descriptor is freed, not left waiting in the accept queue);
- has ``head_seconds`` for a request's whole head (the request line and headers) from its
  first byte, or from the connection's start: past it, a 408 and the connection is closed;
- may send at most ``head_bytes`` of head: past it, a 431 and the connection is closed;
- is closed after ``idle_seconds`` without a request once its last answer is sent;
- is refused as malformed with a JSON 400 that carries the security headers.

The limits come from the environment (``CARDTABLE_MAX_CONNECTIONS``, ``_HEAD_BYTES``,
``_HEAD_SECONDS``, ``_IDLE_SECONDS``), as every worker process reads them, and the
WebSocket caps are the hub's (:mod:`cardtable.web.hub`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, ClassVar, Final

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from cardtable.web.limits import setting_count, setting_seconds
from cardtable.web.security import SECURITY_HEADERS

__all__ = ["ConnectionLimits", "GuardedHttp"]


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The limits of every connection, with the defaults ``cardtable serve`` runs with.

    A page holds one socket and makes a request at a time, so a thousand connections is a
    table with hundreds of people; a browser's head is well under 4 KB.
    """

    max_connections: int = 1000
    head_bytes: int = 16_384
    head_seconds: float = 10.0
    idle_seconds: float = 5.0

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> ConnectionLimits:
        """The limits of ``CARDTABLE_MAX_CONNECTIONS``, ``CARDTABLE_HEAD_BYTES``,
        ``CARDTABLE_HEAD_SECONDS`` and ``CARDTABLE_IDLE_SECONDS``; the defaults for the rest.

        >>> ConnectionLimits.from_environment({"CARDTABLE_HEAD_SECONDS": "2.5"}).head_seconds
        2.5
        >>> ConnectionLimits.from_environment({"CARDTABLE_MAX_CONNECTIONS": "0"})
        Traceback (most recent call last):
        ...
        ValueError: CARDTABLE_MAX_CONNECTIONS must be a whole number, not '0'
        """
        base = cls()
        return cls(
            max_connections=setting_count(
                environ, "CARDTABLE_MAX_CONNECTIONS", base.max_connections
            ),
            head_bytes=setting_count(environ, "CARDTABLE_HEAD_BYTES", base.head_bytes),
            head_seconds=setting_seconds(environ, "CARDTABLE_HEAD_SECONDS", base.head_seconds),
            idle_seconds=setting_seconds(environ, "CARDTABLE_IDLE_SECONDS", base.idle_seconds),
        )


_CLOSE: Final = (b"connection", b"close")


def refusal(status: int, message: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> bytes:
    """A whole HTTP/1.1 answer ``{"error": message}`` with the security headers, that
    closes the connection: what the guards send before they hang up."""
    body = json.dumps({"error": message}).encode()
    fields = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        _CLOSE,
        *headers,
        *SECURITY_HEADERS,
    ]
    phrase = HTTPStatus(status).phrase.encode()
    head = b"HTTP/1.1 %d %s\r\n" % (status, phrase)
    return (
        head + b"".join(name + b": " + value + b"\r\n" for name, value in fields) + b"\r\n" + body
    )


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol within :class:`ConnectionLimits` (see the module)."""

    # Read from the environment once per process (each worker process reads its own).
    limits: ClassVar[ConnectionLimits | None] = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if GuardedHttp.limits is None:
            import os

            GuardedHttp.limits = ConnectionLimits.from_environment(os.environ)
        self._limits: ConnectionLimits = GuardedHttp.limits
        # uvicorn types it as whole seconds; its timer takes any.
        self.timeout_keep_alive = self._limits.idle_seconds  # type: ignore[assignment]
        self._in_head = True  # reading a request's head (or waiting for one to start)
        self._head_bytes = 0
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self._limits.max_connections:
            self._refuse(
                503,
                "the server holds as many connections as it may: try again in a moment",
                ((b"retry-after", b"1"),),
            )
            return
        self._arm_head_timer()  # a connection that never sends a byte is not kept either

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
            if self._head_timer is None:
                self._arm_head_timer()
        super().data_received(data)
        too_big = self._in_head and self._head_bytes > self._limits.head_bytes
        if too_big and not self.transport.is_closing():
            self._refuse(431, f"a request's head is at most {self._limits.head_bytes} bytes")

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head_bytes = 0
        self._cancel_head_timer()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head = True  # the next request's head (its timer starts with its first byte)

    def send_400_response(self, msg: str) -> None:
        self._refuse(400, "the request is not valid HTTP/1.1 (" + msg.rstrip(".").lower() + ")")

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_timer = self.loop.call_later(self._limits.head_seconds, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or not self._in_head:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._arm_head_timer()  # the answer to the last request is still on its way
            return
        if self._head_bytes == 0:
            self.transport.close()  # nothing was asked: nothing to answer
            return
        seconds = f"{self._limits.head_seconds:g}"
        self._refuse(408, f"a request's head must arrive within {seconds} s")

    def _refuse(
        self, status: int, message: str, headers: tuple[tuple[bytes, bytes], ...] = ()
    ) -> None:
        self._cancel_head_timer()
        self.transport.write(refusal(status, message, headers))
        self.transport.close()
