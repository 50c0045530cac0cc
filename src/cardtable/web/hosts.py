"""The host names the server answers for (the ``Host`` header of each request and socket).

A server on loopback answers only for loopback names by default: a page of another site
whose name is made to resolve to 127.0.0.1 (DNS rebinding) would otherwise be served as
this site, and its requests would pass the same-origin checks, which compare with ``Host``.
A server on another address answers for any name unless told which
(``--allowed-hosts`` / ``CARDTABLE_ALLOWED_HOSTS``, names separated by commas; ``*.example.org``
matches any name under it; ``*`` any name).

>>> allowed = Hosts.parse("table.example.org, *.cards.example.org")
>>> [allowed.allows(h) for h in ("table.example.org:8443", "a.cards.example.org", "evil.org")]
[True, True, False]
>>> Hosts.for_address("127.0.0.1").allows("localhost:8000")
True
>>> Hosts.for_address("0.0.0.0").allows("anything")
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["LOOPBACK_NAMES", "AllowedHosts", "Hosts"]

LOOPBACK_NAMES: Final = ("127.0.0.1", "localhost", "[::1]")
_LOOPBACK_ADDRESSES: Final = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})


@dataclass(frozen=True, slots=True)
class Hosts:
    """Host names (lowercase, no port), ``*.domain`` patterns; ``None`` is any name."""

    names: frozenset[str] | None

    @classmethod
    def parse(cls, text: str) -> Hosts:
        """``"*"`` or names separated by commas; a bad name raises ``ValueError``."""
        names = [name.strip().lower() for name in text.split(",") if name.strip()]
        if not names:
            raise ValueError(f"allowed hosts are names separated by commas, or *, not {text!r}")
        if "*" in names:
            return cls(None)
        for name in names:
            if not all(c.isalnum() or c in ".-*[]:" for c in name) or "*" in name[1:]:
                raise ValueError(f"{name!r} is not a host name (or a *.domain pattern)")
        return cls(frozenset(names))

    @classmethod
    def for_address(cls, host: str) -> Hosts:
        """The default of a server listening on ``host``: loopback names on loopback."""
        if host.lower() in _LOOPBACK_ADDRESSES:
            return cls(frozenset(LOOPBACK_NAMES))
        return cls(None)

    def allows(self, header: str) -> bool:
        if self.names is None:
            return True
        name = _without_port(header.strip().lower())
        return name in self.names or any(
            pattern.startswith("*.") and name.endswith(pattern[1:]) for pattern in self.names
        )

    def shown(self) -> str:
        return "*" if self.names is None else ", ".join(sorted(self.names))


def _without_port(host: str) -> str:
    if host.startswith("["):  # [::1]:8000
        return host[: host.find("]") + 1] if "]" in host else host
    return host.partition(":")[0]


class AllowedHosts:
    """ASGI middleware: a request whose ``Host`` is not allowed is a 400 (a socket is closed
    with 4400) before anything else sees it."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.hosts.names is None:
            await self.app(scope, receive, send)
            return
        header = _header(scope["headers"], b"host")
        if self.hosts.allows(header):
            await self.app(scope, receive, send)
            return
        shown = header[:80] if header else "(none)"
        message = f"this server does not answer for the host {shown!r}"
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4400, "reason": message[:120]})
            return
        body = json.dumps({"error": message}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 400,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _header(headers: Iterable[tuple[bytes, bytes]], wanted: bytes) -> str:
    for name, value in headers:
        if name == wanted:
            return value.decode("latin-1")
    return ""
