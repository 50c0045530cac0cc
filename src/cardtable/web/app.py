"""The web table: an ASGI app (Starlette) over the table service.

The page is static HTML, CSS and JavaScript modules (``static/``); it carries no card data.
Everything about a match comes from the JSON API below, one seat at a time, and updates are
pushed over a WebSocket (:mod:`cardtable.web.hub`).

A seat is opened by its token, sent as ``Authorization: Bearer <token>``:

========  ====================================  ==============================================
GET       /api/options                          levels, presets and settings for a new match
POST      /api/matches                          create: vs the computer or a friend (invite)
POST      /api/matches/lookup                   summaries of the matches whose tokens you hold
GET       /api/matches/{id}                     your seat's view
POST      /api/matches/{id}/actions             ``{"action": "discard QD", "expected": 12}``
POST      /api/matches/{id}/hint                the expert's suggestion for your turn
GET       /api/matches/{id}/hands/{deal}        a finished deal, step by step, seed revealed
WS        /api/matches/{id}/ws                  pushed views (see the hub)
POST      /api/lessons                          start the guided lesson
GET/POST  /api/lessons/{id}                     its view; ``select``, ``action`` or ``advance``
POST      /api/lessons/{id}/hint                a hint within the lesson
========  ====================================  ==============================================

Every refusal is a 4xx JSON ``{"error": "..."}`` and changes nothing: 400 malformed, 401 no
token, 403 wrong token, 404 unknown, 409 not your turn or stale, 413 too big, 422 illegal.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from cardtable.errors import CardTableError, IllegalActionError, InvalidRulesError
from cardtable.gin.lesson import LessonSession
from cardtable.gin.players import player_names
from cardtable.gin.rules import PRESETS, Rules
from cardtable.store import Store
from cardtable.table import (
    AccessDeniedError,
    NotFoundError,
    NotYourTurnError,
    SeatSpec,
    StaleActionError,
    TableService,
)
from cardtable.web.hub import Hub
from cardtable.web.views import default_level, lesson_view, options, table_view

__all__ = ["MAX_BODY", "create_app"]

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger("cardtable.web")
MAX_BODY = 4096
MAX_NAME = 24
MAX_LOOKUP = 40
MAX_LESSONS = 500

_CONTENT_SECURITY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)


class ApiError(Exception):
    """A refusal with its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


# -- reading requests ------------------------------------------------------------------------


async def _json_body(request: Request) -> dict[str, Any]:
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


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send your seat token: Authorization: Bearer <token>")
    if len(token) > 128:
        raise ApiError(403, "this link does not open a seat at that table")
    return token.strip()


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]!r}: expected {', '.join(sorted(allowed))}")


def _text(data: dict[str, Any], key: str, default: str, limit: int) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ApiError(400, f"{key} must be a string")
    value = re.sub(r"[\x00-\x1f\x7f]", "", value).strip()
    if len(value) > limit:
        raise ApiError(400, f"{key} is at most {limit} characters")
    return value


def _rules(data: dict[str, Any]) -> Rules:
    preset = data.get("preset", "standard")
    settings = data.get("settings", {})
    if not isinstance(preset, str):
        raise ApiError(400, "preset must be a string")
    if not isinstance(settings, dict):
        raise ApiError(400, "settings must be an object of setting: value")
    if preset.lower() not in PRESETS:
        raise ApiError(422, f"unknown rules preset {preset!r}: choose one of {', '.join(PRESETS)}")
    return Rules.preset(preset, **settings)


# -- the app ---------------------------------------------------------------------------------


class _Lessons:
    """Lesson sessions in memory (a lesson is short and needs no saving), oldest dropped."""

    def __init__(self) -> None:
        self._sessions: OrderedDict[str, LessonSession] = OrderedDict()
        self._lock = threading.Lock()

    def new(self) -> tuple[str, LessonSession]:
        lesson_id = secrets.token_urlsafe(12)
        session = LessonSession()
        with self._lock:
            self._sessions[lesson_id] = session
            while len(self._sessions) > MAX_LESSONS:
                self._sessions.popitem(last=False)
        return lesson_id, session

    def get(self, lesson_id: str) -> LessonSession:
        with self._lock:
            session = self._sessions.get(lesson_id)
            if session is None:
                raise ApiError(404, "no such lesson (it may have expired): start again")
            self._sessions.move_to_end(lesson_id)
            return session


def create_app(service: TableService | None = None, database_url: str | None = None) -> Starlette:
    """The web table over ``service`` (by default one on ``Store(database_url)``)."""
    table = service or TableService(Store(database_url))
    hub = Hub(table)
    lessons = _Lessons()

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # Matches left mid-hand by a stopped server continue, computer turns included.
        await run_in_threadpool(_resume_all, table)
        yield

    async def index(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def seat_link(request: Request) -> Response:
        """``/match/{id}?token=...``: the form of link the terminal table prints."""
        match_id = request.path_params["match_id"]
        token = request.query_params.get("token", "")
        if not re.fullmatch(r"[0-9a-f]{1,64}", match_id) or not re.fullmatch(r"[\w-]{1,64}", token):
            raise ApiError(404, "no such seat link")
        return RedirectResponse(f"/#/play/{match_id}/{token}", status_code=303)

    async def get_options(_request: Request) -> Response:
        return _json(options(player_names()))

    async def create(request: Request) -> Response:
        data = await _json_body(request)
        _only(data, {"opponent", "level", "preset", "settings", "name", "friend_name"})
        opponent = data.get("opponent", "computer")
        if opponent not in ("computer", "friend"):
            raise ApiError(400, "opponent is computer or friend")
        names = player_names()
        level = data.get("level", default_level(names))
        if not isinstance(level, str) or level not in names:
            raise ApiError(422, f"unknown level {level!r}: choose one of {', '.join(names)}")
        rules = _rules(data)
        me = SeatSpec("human", _text(data, "name", "", MAX_NAME) or "You")
        if opponent == "computer":
            other = SeatSpec("computer", level=level)
        else:
            other = SeatSpec("human", _text(data, "friend_name", "", MAX_NAME) or "Friend")
        created = await run_in_threadpool(table.create_match, (me, other), rules)
        token = created.tokens[0]
        assert token is not None
        view = await run_in_threadpool(table.view, created.match_id, token)
        invite = None
        if created.tokens[1] is not None:
            invite = {"seat": 1, "token": created.tokens[1]}
        body = {
            "match_id": created.match_id,
            "seat": 0,
            "token": token,
            "invite": invite,
            "view": table_view(view),
        }
        return _json(body, 201)

    async def lookup(request: Request) -> Response:
        data = await _json_body(request)
        _only(data, {"seats"})
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) > MAX_LOOKUP:
            raise ApiError(400, f"seats is a list of at most {MAX_LOOKUP} {{match_id, token}}")

        def find() -> list[dict[str, Any]]:
            found = []
            summaries = {m["id"]: m for m in table.list_matches()}
            for item in seats:
                if not isinstance(item, dict):
                    continue
                match_id, token = item.get("match_id"), item.get("token")
                if not isinstance(match_id, str) or not isinstance(token, str):
                    continue
                try:
                    seat = table.seat_of(match_id, token)
                except CardTableError:
                    continue
                if match_id in summaries:
                    found.append({**summaries[match_id], "seat": seat})
            return found

        return _json({"matches": await run_in_threadpool(find)})

    async def view(request: Request) -> Response:
        match_id = request.path_params["match_id"]
        data = await run_in_threadpool(table.view, match_id, _token(request))
        return _json(table_view(data))

    async def act(request: Request) -> Response:
        match_id = request.path_params["match_id"]
        token = _token(request)
        data = await _json_body(request)
        _only(data, {"action", "expected"})
        action = data.get("action")
        expected = data.get("expected")
        if not isinstance(action, str) or not action.strip():
            raise ApiError(400, 'send {"action": "...", "expected": <action count you saw>}')
        if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
            raise ApiError(400, "expected must be the integer action count of your view")
        result = await run_in_threadpool(table.act, match_id, token, action, expected)
        return _json(table_view(result))

    async def hint(request: Request) -> Response:
        match_id = request.path_params["match_id"]
        token = _token(request)
        try:
            advice = await run_in_threadpool(table.hint, match_id, token)
        except ImportError:
            raise ApiError(503, "hints are not available on this server yet") from None
        return _json(advice)

    async def replay(request: Request) -> Response:
        match_id = request.path_params["match_id"]
        token = _token(request)
        deal = request.path_params["deal"]
        return _json(await run_in_threadpool(table.replay_hand, match_id, token, deal))

    async def websocket(ws: WebSocket) -> None:
        await hub.serve(ws, ws.path_params["match_id"])

    async def lesson_new(_request: Request) -> Response:
        lesson_id, session = lessons.new()
        return _json(lesson_view(lesson_id, session), 201)

    async def lesson(request: Request) -> Response:
        lesson_id = request.path_params["lesson_id"]
        session = lessons.get(lesson_id)
        if request.method == "GET":
            return _json(lesson_view(lesson_id, session))
        data = await _json_body(request)
        _only(data, {"select", "action", "advance"})
        if len(data) != 1:
            raise ApiError(400, 'send one of {"select": "7S 7H 7D"}, {"action": ...}, {"advance"}')
        # Lessons run on the event loop (quick, and one at a time: no locking needed).
        if "select" in data:
            outcome = session.select(_text(data, "select", "", 200))
        elif "action" in data:
            outcome = session.act(_text(data, "action", "", 200))
        else:
            outcome = session.advance()
        body = lesson_view(lesson_id, session, outcome.message)
        # A wrong move in the lesson is not an error: the coach explains (``ok`` false).
        body["ok"] = outcome.ok
        return _json(body)

    async def lesson_hint(request: Request) -> Response:
        try:
            from cardtable.gin.players.hints import hint as expert_hint
        except ImportError:
            raise ApiError(503, "hints are not available on this server yet") from None
        session = lessons.get(request.path_params["lesson_id"])
        observation = session.observation()
        if not observation.legal_actions():
            raise NotYourTurnError("nothing to play just now")
        advice = await run_in_threadpool(expert_hint, observation)
        return _json(advice.to_dict())

    routes = [
        Route("/", index),
        Route("/match/{match_id}", seat_link),
        Route("/api/options", get_options),
        Route("/api/matches", create, methods=["POST"]),
        Route("/api/matches/lookup", lookup, methods=["POST"]),
        Route("/api/matches/{match_id}", view),
        Route("/api/matches/{match_id}/actions", act, methods=["POST"]),
        Route("/api/matches/{match_id}/hint", hint, methods=["POST"]),
        Route("/api/matches/{match_id}/hands/{deal:int}", replay),
        WebSocketRoute("/api/matches/{match_id}/ws", websocket),
        Route("/api/lessons", lesson_new, methods=["POST"]),
        Route("/api/lessons/{lesson_id}", lesson, methods=["GET", "POST"]),
        Route("/api/lessons/{lesson_id}/hint", lesson_hint, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(_SecurityHeaders)],
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            CardTableError: _game_error,
            Exception: _server_error,
        },
    )
    app.state.service = table
    app.state.hub = hub
    return app


def _resume_all(table: TableService) -> None:
    """Resume every unfinished match; one that cannot be rebuilt is reported, not fatal."""
    for summary in table.list_matches("active"):
        try:
            table.resume(summary["id"])
        except Exception as error:  # a damaged match must not keep the others from play
            _log.warning("match %s could not be resumed: %s", summary["id"], error)


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status, headers={"Cache-Control": "no-store"})


async def _api_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return _json({"error": str(error)}, error.status)


async def _http_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return _json({"error": error.detail}, error.status_code)


def _status_of(error: CardTableError) -> int:
    if isinstance(error, NotFoundError):
        return 404
    if isinstance(error, AccessDeniedError):
        return 403
    if isinstance(error, StaleActionError | NotYourTurnError):
        return 409
    if isinstance(error, IllegalActionError | InvalidRulesError):
        return 422
    return 422


async def _game_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, CardTableError)
    return _json({"error": str(error)}, _status_of(error))


async def _server_error(_request: Request, _error: Exception) -> Response:
    return _json({"error": "the server hit a problem; nothing was changed"}, 500)


class _SecurityHeaders:
    """Adds a strict content security policy (nothing from outside this server) and friends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", _CONTENT_SECURITY.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
