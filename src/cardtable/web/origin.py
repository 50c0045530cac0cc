"""Same-origin checks: a page of another site must not act at this table in a visitor's name.

Browsers name the page a request comes from in ``Origin`` (on every POST and every WebSocket
handshake) and say how it relates to this site in ``Sec-Fetch-Site``. A request with neither
comes from a program, not from a page (the terminal table, ``curl``, a test), and passes:
the seat token is what guards a seat; these checks stop another site from creating matches
or opening sockets with a visitor's browser.

>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
True
>>> same_origin("https://table.example", "table.example:443")
True
>>> same_origin("https://evil.example", "table.example")
False
>>> same_origin("null", "table.example")
False
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.web.errors import error_response

__all__ = ["CrossSiteGuard", "cross_site", "same_origin"]

_DEFAULT_PORTS: Final = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
# Requests that change nothing; every other method is refused cross-site.
_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def _host_port(host: str, default_port: str) -> tuple[str, str]:
    host = host.strip().lower()
    if host.startswith("["):  # an IPv6 literal: [::1]:8000
        name, _, rest = host.partition("]")
        return name + "]", rest.removeprefix(":") or default_port
    name, _, port = host.partition(":")
    return name, port or default_port


def same_origin(origin: str, host: str) -> bool:
    """Whether the page ``origin`` (``scheme://host[:port]``) is this server at ``host``
    (the ``Host`` header); the scheme is not compared, since a proxy may end TLS."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    if parts.scheme not in _DEFAULT_PORTS or not parts.netloc or not host:
        return False
    default = _DEFAULT_PORTS[parts.scheme]
    return _host_port(parts.netloc, default) == _host_port(host, default)


def cross_site(headers: Headers) -> str | None:
    """Why a request with these headers comes from another site's page, or ``None``."""
    if headers.get("sec-fetch-site", "").strip().lower() == "cross-site":
        return "a page of another site cannot act at this table"
    origin = headers.get("origin")
    if origin is not None and not same_origin(origin, headers.get("host", "")):
        return "a page of another site cannot act at this table (its Origin is not this host)"
    return None


class CrossSiteGuard:
    """ASGI middleware: 403 for a state-changing HTTP request from another site's page."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in _SAFE_METHODS:
            reason = cross_site(Headers(scope=scope))
            if reason is not None:
                await error_response(reason, 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)
