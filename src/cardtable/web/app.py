"""The web table: an ASGI app (Starlette) over the table service.

The page is static HTML, CSS and JavaScript modules (``static/``); it carries no card data.
Everything about a match comes from the JSON API below, one seat at a time, and updates are
pushed over a WebSocket (:mod:`cardtable.web.hub`). The handlers are plain functions in
:mod:`cardtable.web.matches` and :mod:`cardtable.web.lessons`; each reads the service from
the app's state.

A seat is opened by its token, sent as ``Authorization: Bearer <token>``:

========  ====================================  ==============================================
GET       /api/options[?game=cribbage]          levels, presets and settings for a new match
POST      /api/matches                          create a match of a game (gin by default): vs
                                                the computer or a friend (invite)
POST      /api/matches/lookup                   summaries of the matches whose tokens you hold
GET       /api/matches/{id}                     your seat's view
POST      /api/matches/{id}/actions             ``{"action": "discard QD", "expected": 12}``
POST      /api/matches/{id}/hint                the expert's suggestion for your turn
GET       /api/matches/{id}/hands/{deal}        a finished deal, step by step, seed revealed
POST      /api/matches/{id}/next                the next match of the series (same seats)
WS        /api/matches/{id}/ws                  pushed views (see the hub)
POST      /api/lessons                          start a guided lesson (``{"game": "cribbage"}``;
                                                Gin Rummy's by default)
GET/POST  /api/lessons/{id}                     its view; ``select``, ``action`` or ``advance``
POST      /api/lessons/{id}/hint                a hint within the lesson
GET       /rules/{game}                         the rules page (``docs/rules``), as HTML
========  ====================================  ==============================================

Every refusal is a 4xx JSON ``{"error": "..."}`` and changes nothing (:mod:`cardtable.web.errors`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from cardtable.store import Store
from cardtable.table import Lessons, TableService
from cardtable.web import lessons, matches
from cardtable.web.errors import EXCEPTION_HANDLERS
from cardtable.web.hub import Hub
from cardtable.web.rules_page import rules_page
from cardtable.web.security import SecurityHeaders
from cardtable.web.state import WebState

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("cardtable.web")


async def index(_request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    # Matches left mid-hand by a stopped server continue, computer turns included; one that
    # cannot be rebuilt is reported, not fatal.
    def report(match_id: str, error: Exception) -> None:
        _log.warning("match %s could not be resumed: %s", match_id, error)

    service = app.state.web.service
    await run_in_threadpool(service.resume_unfinished, report)
    yield


ROUTES = [
    Route("/", index),
    Route("/match/{match_id}", matches.seat_link),
    Route("/rules/{game}", rules_page),
    Route("/api/options", matches.get_options),
    Route("/api/matches", matches.create, methods=["POST"]),
    Route("/api/matches/lookup", matches.lookup, methods=["POST"]),
    Route("/api/matches/{match_id}", matches.view),
    Route("/api/matches/{match_id}/actions", matches.act, methods=["POST"]),
    Route("/api/matches/{match_id}/hint", matches.hint, methods=["POST"]),
    Route("/api/matches/{match_id}/hands/{deal:int}", matches.replay),
    Route("/api/matches/{match_id}/next", matches.next_match, methods=["POST"]),
    WebSocketRoute("/api/matches/{match_id}/ws", matches.socket),
    Route("/api/lessons", lessons.lesson_new, methods=["POST"]),
    Route("/api/lessons/{lesson_id}", lessons.lesson, methods=["GET", "POST"]),
    Route("/api/lessons/{lesson_id}/hint", lessons.lesson_hint, methods=["POST"]),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(service: TableService | None = None, database_url: str | None = None) -> Starlette:
    """The web table over ``service`` (by default one on ``Store(database_url)``)."""
    table = service or TableService(Store(database_url))
    app = Starlette(
        routes=ROUTES,
        lifespan=_lifespan,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers=EXCEPTION_HANDLERS,
    )
    app.state.web = WebState(table, Lessons(), Hub(table))
    return app
