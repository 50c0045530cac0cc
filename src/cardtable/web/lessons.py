"""The lesson endpoints: start one (``{"game": NAME}``; the first game's by default), its
view, a step (``select``, ``action`` or ``advance``), a hint within it (the lesson's own, at
every step: ``cardtable.games.lessons``). A wrong try is no error: the view says
``ok: false`` and the coach why."""

from __future__ import annotations

import re
from typing import Final

from starlette.requests import Request
from starlette.responses import Response

from cardtable.table.lessons import lesson_games
from cardtable.web.errors import ApiError, json_response
from cardtable.web.limits import charge
from cardtable.web.requests import json_body, only, text
from cardtable.web.state import state_of

__all__ = ["lesson", "lesson_hint", "lesson_new"]

_LESSON_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")  # the lessons' ids are URL-safe base64


def _lesson_id(request: Request) -> str:
    lesson_id: str = request.path_params["lesson_id"]
    if not _LESSON_ID.fullmatch(lesson_id):
        raise ApiError(404, "no such lesson (it may have expired): start again")
    return lesson_id


async def lesson_new(request: Request) -> Response:
    data = await json_body(request, optional=True)  # no body: the first game's lesson
    only(data, {"game"})
    game = data.get("game", lesson_games()[0].name if lesson_games() else None)
    having = [found.name for found in lesson_games()]
    if not isinstance(game, str) or game not in having:
        raise ApiError(422, f"no lesson for {game!r}: lessons are {', '.join(having)}")
    # Each lesson is a row of the database until it expires: a flood of new ones would
    # fill it, so they count as new matches do.
    charge(request, "create")
    return json_response(state_of(request).lessons.start(game).to_json(), 201)


async def lesson(request: Request) -> Response:
    lessons = state_of(request).lessons
    lesson_id = _lesson_id(request)
    if request.method == "GET":
        return json_response(lessons.view(lesson_id).to_json())
    data = await json_body(request)
    only(data, {"select", "action", "advance"})
    if len(data) != 1:
        raise ApiError(400, 'send one of {"select": "7S 7H 7D"}, {"action": ...}, {"advance"}')
    # Lessons run on the event loop: quick, and one step at a time per learner.
    if "select" in data:
        view = lessons.select(lesson_id, text(data, "select", "", 200))
    elif "action" in data:
        view = lessons.act(lesson_id, text(data, "action", "", 200))
    else:
        view = lessons.advance(lesson_id)
    return json_response(view.to_json())


async def lesson_hint(request: Request) -> Response:
    lessons = state_of(request).lessons
    charge(request, "hints")
    # The step's own words, read from the script: quick, so on the event loop.
    return json_response(lessons.hint(_lesson_id(request)).to_json())
