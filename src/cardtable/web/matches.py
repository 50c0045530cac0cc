"""The match endpoints: set up a match, look one up, a seat's view, its actions and hints,
a finished hand's replay, the next match of the series, and the seat's WebSocket."""

from __future__ import annotations

import re
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.websockets import WebSocket

from cardtable.errors import CardTableError
from cardtable.games import default_game, game, game_names, games
from cardtable.table import SeatSpec, TableUnavailableError, json_text, view_json
from cardtable.table.options import LobbyOptions, lobby_options
from cardtable.web.errors import ApiError, json_response, json_text_response
from cardtable.web.limits import charge
from cardtable.web.players import name_of
from cardtable.web.requests import (
    act_problem,
    aids_asked,
    held_seats,
    is_match_id,
    json_body,
    match_id_of,
    only,
    seat_token,
)
from cardtable.web.screens import game_options
from cardtable.web.state import state_of

__all__ = [
    "act",
    "create",
    "get_options",
    "hint",
    "lookup",
    "next_match",
    "replay",
    "seat_link",
    "socket",
    "view",
]

MAX_LOOKUP = 40


def _game(value: object) -> str:
    """The game a request names (the first game when it names none); refused naming the
    games there are."""
    if value is None:
        return default_game().name
    names = game_names()
    if not isinstance(value, str):
        raise ApiError(400, "game must be a string: " + ", ".join(names))
    if value not in names:
        raise ApiError(422, f"unknown game {value!r}: the table plays {', '.join(names)}")
    return value


async def get_options(request: Request) -> Response:
    """The lobby's choices for one game (``?game=NAME``; the first game by default), and
    the games there are to choose from, each with its choices, its screen (the URL of the
    module that exports its table; ``null``: the generic screen), rules page and lesson."""
    unknown = sorted(set(request.query_params) - {"game"})
    if unknown:
        raise ApiError(400, f"unknown parameter {unknown[0]!r}: expected game")
    chosen = game(_game(request.query_params.get("game")))
    found = [game_options(entry) for entry in games()]
    return json_response({**game_options(chosen), "games": found})


async def seat_link(request: Request) -> Response:
    """``/match/{id}?token=...``: the form of link the terminal table prints."""
    match_id = request.path_params["match_id"]
    token = request.query_params.get("token", "")
    if not is_match_id(match_id) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", token):
        raise ApiError(404, "no such seat link")
    return RedirectResponse(f"/#/play/{match_id}/{token}", status_code=303)


def _seats(data: dict[str, Any], options: LobbyOptions) -> tuple[SeatSpec, SeatSpec]:
    opponent = data.get("opponent", "computer")
    if opponent not in ("computer", "friend"):
        raise ApiError(400, "opponent is computer or friend")
    level = data.get("level", options.default_level)
    if not isinstance(level, str) or level not in options.levels:
        raise ApiError(422, f"unknown level {level!r}: choose one of {', '.join(options.levels)}")
    me = SeatSpec("human", name_of(data, "name", "You"))
    friend = name_of(data, "friend_name", "Friend")  # checked even when unused
    if opponent == "computer":
        return me, SeatSpec("computer", level=level)
    return me, SeatSpec("human", friend)


def _known_settings(settings: dict[str, Any], options: LobbyOptions) -> None:
    """Refuse a setting the game does not have, named as the lobby names them, before the
    rules see it (a name such as ``self`` must not reach a keyword argument)."""
    known = [field.name for field in options.fields]
    for key in settings:
        if key.strip().lower().replace("-", "_") not in known:
            names = ", ".join(known)
            raise ApiError(422, f"unknown setting {key!r}: settings are {names}")


async def create(request: Request) -> Response:
    """A match of a game (``game``: gin by default) against the computer, or against a
    friend invited by link."""
    data = await json_body(request)
    only(data, {"game", "opponent", "level", "preset", "settings", "name", "friend_name"})
    game = _game(data.get("game"))
    options = lobby_options(game)
    seats = _seats(data, options)
    preset = data.get("preset", options.default_preset)
    settings = data.get("settings", {})
    if not isinstance(preset, str):
        raise ApiError(400, "preset must be a string")
    if not isinstance(settings, dict):
        raise ApiError(400, "settings must be an object of setting: value")
    _known_settings(settings, options)
    service = state_of(request).service
    rules = service.make_rules(game, preset, settings)
    charge(request, "create")  # only a setup that can be made spends an allowance
    created = await run_in_threadpool(service.create_match, seats, rules, game=game)
    token = created.tokens[0]
    assert token is not None
    seat_view = await run_in_threadpool(service.view, created.match_id, token)
    invite = None if created.tokens[1] is None else {"seat": 1, "token": created.tokens[1]}
    body = {
        "match_id": created.match_id,
        "seat": 0,
        "token": token,
        "invite": invite,
        "view": view_json(seat_view),
    }
    return json_response(body, 201)


async def lookup(request: Request) -> Response:
    """Summaries of the matches whose seat tokens the browser holds."""
    wanted = held_seats(await json_body(request), MAX_LOOKUP)  # each costs a token check
    charge(request, "tokens", len(wanted))
    service = state_of(request).service

    def find() -> list[dict[str, Any]]:
        found = []
        for match_id, token in wanted:
            try:
                seat = service.seat_of(match_id, token)
                summary = service.summary(match_id)
            except CardTableError:
                continue
            found.append({**summary.to_json(), "seat": seat})
        found.sort(key=lambda match: str(match["updated_at"]), reverse=True)
        return found

    return json_response({"matches": await run_in_threadpool(find)})


def _seat(request: Request) -> tuple[str, str]:
    """The match id and seat token of a request, the token check paid for (after every check
    that needs nothing stored: a request refused by one of those spends nothing)."""
    match_id, token = match_id_of(request), seat_token(request)
    charge(request, "tokens")
    return match_id, token


async def view(request: Request) -> Response:
    """The seat's view; ``?aids=1`` with the learning aids (``aids`` is null without)."""
    aids = aids_asked(request)
    service = state_of(request).service
    match_id, token = _seat(request)
    seat_view = await run_in_threadpool(service.view, match_id, token, aids)
    return json_text_response(json_text(seat_view))


async def act(request: Request) -> Response:
    """``{"action": "discard QD", "expected": 12}``: the action and the count the seat saw
    (``"aids": true``: the view that answers it with the learning aids)."""
    match_id_of(request)  # an odd id or token is refused before the body is read
    seat_token(request)
    data = await json_body(request)
    problem = act_problem(data)
    if problem is not None:
        raise ApiError(400, problem)
    action, expected, aids = data["action"], data.get("expected"), data.get("aids", False)
    match_id, token = _seat(request)
    service = state_of(request).service
    try:
        seat_view = await run_in_threadpool(service.act, match_id, token, action, expected, aids)
    except TableUnavailableError as error:  # its message says whether the move was stored
        raise ApiError(503, str(error), {"Retry-After": "1"}) from None
    return json_text_response(json_text(seat_view))


async def hint(request: Request) -> Response:
    service = state_of(request).service
    match_id, token = _seat(request)
    charge(request, "hints")
    advice = await run_in_threadpool(service.hint, match_id, token)
    return json_response(advice.to_json())


async def replay(request: Request) -> Response:
    service = state_of(request).service
    match_id, token = _seat(request)
    deal = request.path_params["deal"]
    data = await run_in_threadpool(service.replay_hand, match_id, token, deal)
    return json_response(data.to_json())


async def next_match(request: Request) -> Response:
    """The next match of the series: the same seats and tokens, the first dealer by the
    rules of a series. Both seats asking get the same match."""
    service = state_of(request).service
    match_id, token = _seat(request)
    following = await run_in_threadpool(service.next_match, match_id, token)
    seat_view = await run_in_threadpool(service.view, following, token)
    return json_response({"match_id": following, "view": view_json(seat_view)}, 201)


async def socket(websocket: WebSocket) -> None:
    await state_of(websocket).hub.serve(websocket, websocket.path_params["match_id"])
