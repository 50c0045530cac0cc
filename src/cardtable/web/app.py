"""The web table: an ASGI app (Starlette) over the table service.

The page is static HTML, CSS and JavaScript modules (``static/``); it carries no card data.
Everything about a match comes from the JSON API below, one seat at a time, and updates are
pushed over a WebSocket (:mod:`cardtable.web.hub`). The handlers are plain functions in
:mod:`cardtable.web.matches` and :mod:`cardtable.web.lessons`; each reads the service from
the app's state.

A seat is opened by its token, sent as ``Authorization: Bearer <token>``:

========  ====================================  ==============================================
GET       /api/options[?game=NAME]              levels, presets and settings for a new match,
                                                and each game's screen, rules page and lesson
POST      /api/matches                          create a match of a game (the first by default):
                                                vs the computer or a friend (invite)
POST      /api/matches/lookup                   summaries of the matches whose tokens you hold
GET       /api/matches/{id}                     your seat's view
POST      /api/matches/{id}/actions             ``{"action": "discard QD", "expected": 12}``
POST      /api/matches/{id}/hint                the expert's suggestion for your turn
GET       /api/matches/{id}/hands/{deal}        a finished deal, step by step, seed revealed
GET       /api/matches/{id}/review[?deal=N]     the coach's review of your own decisions
POST      /api/matches/{id}/next                the next match of the series (same seats)
DELETE    /api/matches/{id}                     remove the match (a holder of its seat only)
POST      /api/matches/{id}/name                the name of your seat (a friend names itself)
POST      /api/players/me/stats                 your statistics over the seats you hold
WS        /api/matches/{id}/ws                  pushed views (see the hub)
POST      /api/lessons                          start a guided lesson (``{"game": NAME}``; the
                                                first game's by default)
GET/POST  /api/lessons/{id}                     its view; ``select``, ``action`` or ``advance``
POST      /api/lessons/{id}/hint                a hint within the lesson
GET       /rules/{game}                         the rules page (``docs/rules``), as HTML
GET       /static/games/{game}/...              a game's own screen (``table.js``), if it has one
GET       /api/openapi.json                     this API as OpenAPI 3.1 (``docs/api.md``)
========  ====================================  ==============================================

Every refusal is a 4xx JSON ``{"error": "..."}`` and changes nothing (:mod:`cardtable.web.errors`).
Every reply, a 500 included, carries the security headers (:mod:`cardtable.web.security`);
POSTs from another site's page are refused (:mod:`cardtable.web.origin`); creation, token
checks and hints are rate-limited per client, bodies bounded in size and time
(:mod:`cardtable.web.limits`).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from cardtable.store import Store
from cardtable.table import Lessons, TableService
from cardtable.table.background import Background
from cardtable.web import lessons, matches, players, review
from cardtable.web.errors import EXCEPTION_HANDLERS, ApiError
from cardtable.web.hosts import AllowedHosts, Hosts
from cardtable.web.hub import Hub
from cardtable.web.limits import RateLimiter, WebLimits
from cardtable.web.openapi import openapi_json
from cardtable.web.origin import CrossSiteGuard
from cardtable.web.rules_page import rules_page
from cardtable.web.screens import screen_mounts
from cardtable.web.security import SecurityHeaders
from cardtable.web.state import WebState

__all__ = ["ROUTES", "STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("cardtable.web")


async def index(_request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    # Each process runs a computer worker (pending turns are jobs in the database, so a
    # stopped server's matches continue when any process runs) and, on PostgreSQL, listens
    # for the changes other processes make.
    def report(match_id: str, error: Exception) -> None:
        _log.warning("match %s could not be resumed: %s", match_id, error)

    service: TableService = app.state.web.service
    if service.store.needs_job_scan:  # a database made before computer turns had jobs
        await run_in_threadpool(service.resume_unfinished, report)
    background = Background(service)
    await run_in_threadpool(background.start)
    try:
        yield
    finally:
        await run_in_threadpool(background.stop)
        app.state.web.hub.close()


async def _match(request: Request) -> Response:
    """``/api/matches/{id}``: GET is the seat's view, DELETE removes the match."""
    if request.path_params["match_id"] == "lookup":  # the path of POST /api/matches/lookup
        raise ApiError(405, "POST /api/matches/lookup with the seats you hold", {"Allow": "POST"})
    if request.method == "DELETE":
        return await players.delete_match(request)
    return await matches.view(request)


ROUTES = [
    Route("/", index),
    Route("/match/{match_id}", matches.seat_link),
    Route("/rules/{game}", rules_page),
    Route("/api/openapi.json", openapi_json),
    Route("/api/options", matches.get_options),
    Route("/api/matches", matches.create, methods=["POST"]),
    Route("/api/matches/lookup", matches.lookup, methods=["POST"]),
    # One route per path, with all of its methods, so that a 405 lists every one in Allow.
    Route("/api/matches/{match_id}", _match, methods=["GET", "DELETE"]),
    Route("/api/matches/{match_id}/name", players.rename, methods=["POST"]),
    Route("/api/players/me/stats", players.stats, methods=["POST"]),
    Route("/api/matches/{match_id}/actions", matches.act, methods=["POST"]),
    Route("/api/matches/{match_id}/hint", matches.hint, methods=["POST"]),
    Route("/api/matches/{match_id}/hands/{deal:int}", matches.replay),
    Route("/api/matches/{match_id}/review", review.review),
    Route("/api/matches/{match_id}/next", matches.next_match, methods=["POST"]),
    WebSocketRoute("/api/matches/{match_id}/ws", matches.socket),
    Route("/api/lessons", lessons.lesson_new, methods=["POST"]),
    Route("/api/lessons/{lesson_id}", lessons.lesson, methods=["GET", "POST"]),
    Route("/api/lessons/{lesson_id}/hint", lessons.lesson_hint, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


class _Table(Starlette):
    """Starlette with the security headers outside everything, its own error middleware
    included: a 500 is sent by that middleware, outside any in the ``middleware`` list."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(
    service: TableService | None = None,
    database_url: str | None = None,
    *,
    limits: WebLimits | None = None,
    clock: Callable[[], float] = time.monotonic,
    hosts: Hosts | None = None,
) -> Starlette:
    """The web table over ``service`` (by default one on ``Store(database_url)``), within
    ``limits`` (when ``None``, those of the environment: :meth:`WebLimits.from_environment`,
    which are the defaults unless ``CARDTABLE_RATE_...`` variables are set) counted on
    ``clock``, answering for the host names ``hosts`` (``None``: any; ``cardtable serve``
    gives loopback names when it listens on loopback, :mod:`cardtable.web.hosts`)."""
    table = service or TableService(Store(database_url), computers="worker")
    app = _Table(
        # Each game's own screen before the page's static files (the registry's games now).
        routes=[*ROUTES[:-1], *screen_mounts(), ROUTES[-1]],
        lifespan=_lifespan,
        middleware=[
            Middleware(AllowedHosts, hosts=hosts or Hosts(None)),
            Middleware(CrossSiteGuard),
        ],
        exception_handlers=EXCEPTION_HANDLERS,
    )
    chosen = WebLimits.from_environment(os.environ) if limits is None else limits
    app.state.web = WebState(table, Lessons(table.store), Hub(table, chosen))
    app.state.limiter = RateLimiter(chosen, clock)
    return app
