"""The web table's HTTP API described as OpenAPI 3.1, served at ``GET /api/openapi.json``.

Written by hand, next to the routes it describes: a test checks that every route of
:data:`cardtable.web.app.ROUTES` is here and nothing else is, and the fuzz tests draw their
requests from these schemas and check every answer against the statuses and bodies listed.
Request bodies are described exactly (unknown fields are refused); the views are described
by their top-level shape, their fields by the view types of :mod:`cardtable.table`.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import Response

from cardtable.games import game_names
from cardtable.table.lessons import lesson_games
from cardtable.table.service import MAX_ACTION_TEXT
from cardtable.web.errors import json_response
from cardtable.web.jsontext import MAX_DEPTH
from cardtable.web.matches import MAX_LOOKUP
from cardtable.web.players import MAX_STATS_SEATS
from cardtable.web.requests import MAX_BODY, MAX_NAME

__all__ = ["openapi_document", "openapi_json"]

Schema = dict[str, Any]

# What each refusal means, for the list of responses of each operation.
_REFUSALS: Final = {
    "400": "malformed: bad JSON (not UTF-8, nested too deep, lone surrogates, NaN), an unknown "
    "field, a wrong type, a token with characters no token has",
    "401": "no seat token: send Authorization: Bearer <token>",
    "403": "the token opens no seat at that table, or the request comes from another site's "
    "page (its Origin is not this host, or Sec-Fetch-Site: cross-site)",
    "404": "no such match, lesson, page or deal",
    "408": "the request body took longer than the limit to arrive",
    "409": "not your turn, the match is over, or the action count you sent is stale",
    "413": f"a request body is at most {MAX_BODY} bytes",
    "422": "not allowed: an illegal action, an unknown game, level, preset or setting, a "
    "setting out of range",
    "429": "too many requests of this kind from your address; Retry-After says when to retry",
    "503": "the database is unavailable for now; the message says whether your move was "
    "stored; Retry-After says when to retry",
}
_BODY_REFUSALS: Final = ("400", "403", "408", "413", "429")
_SEAT_REFUSALS: Final = ("400", "401", "403", "404", "429")


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: Schema) -> Schema:
    return {"content": {"application/json": {"schema": schema}}}


def _responses(ok: dict[str, tuple[str, Schema]], refusals: tuple[str, ...]) -> Schema:
    answers: Schema = {
        status: {"description": description, **_json(schema)}
        for status, (description, schema) in ok.items()
    }
    for status in sorted(refusals):
        answer: Schema = {"description": _REFUSALS[status], **_json(_ref("Error"))}
        if status in ("429", "503"):
            answer["headers"] = {"Retry-After": {"schema": {"type": "integer", "minimum": 1}}}
        answers[status] = answer
    return answers


def _body(schema: Schema, required: bool = True) -> Schema:
    return {"required": required, **_json(schema)}


def _seat_operation(
    summary: str,
    ok: dict[str, tuple[str, Schema]],
    refusals: tuple[str, ...] = (),
    *,
    description: str | None = None,
    parameters: tuple[Schema, ...] = (),
    body: str | None = None,
) -> Schema:
    """An operation on a match by the holder of one of its seats: the match's id in the
    path (then ``parameters``), the seat's token, a ``body`` of that schema, and the seat's
    refusals besides ``refusals``."""
    operation: Schema = {"summary": summary}
    if description is not None:
        operation["description"] = description
    operation["parameters"] = [_MATCH_ID, *parameters]
    operation["security"] = _SEAT
    if body is not None:
        operation["requestBody"] = _body(_ref(body))
    operation["responses"] = _responses(ok, (*_SEAT_REFUSALS, *refusals))
    return operation


def _body_operation(
    summary: str,
    body: str,
    ok: dict[str, tuple[str, Schema]],
    refusals: tuple[str, ...] = (),
    *,
    description: str | None = None,
    parameters: tuple[Schema, ...] = (),
    required: bool = True,
) -> Schema:
    """An operation that takes a JSON ``body`` of that schema (not a seat's): its refusals
    are a body's (too large, not JSON, bad fields) besides ``refusals``."""
    operation: Schema = {"summary": summary}
    if description is not None:
        operation["description"] = description
    if parameters:
        operation["parameters"] = list(parameters)
    operation["requestBody"] = _body(_ref(body), required=required)
    operation["responses"] = _responses(ok, (*_BODY_REFUSALS, *refusals))
    return operation


_MATCH_ID: Final = {
    "name": "match_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[0-9a-f]{1,64}$"},
}
_LESSON_ID: Final = {
    "name": "lesson_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
_SEAT: Final[list[dict[str, list[str]]]] = [{"seatToken": []}]

# A seat a browser holds. Anything else in the list is left out as an unknown seat is (a
# page's stored list must not make the whole request fail), so the items are not refused.
_HELD_SEAT: Final[Schema] = {"description": "{match_id, token}; any other item is left out"}

_CHANCE: Final = {"type": "number", "minimum": 0, "maximum": 1}
_CRIBBAGE_AIDS: Final[Schema] = {
    "type": "object",
    "description": "a cribbage seat's learning aids, from its own view only: where each card "
    "it has seen is (a card the tracker leaves out is unseen); while it lays away, the "
    "expert's best lay-aways with the kept hand's and the crib's expected show; on its turn "
    "in the play, for each playable card, the chance the opponent can peg on it at once and "
    "the points expected so; each is null unless asked for (aids=1 on the view, aids: true "
    "with an action or in the socket's hello)",
    "required": ["tracker", "lay_away", "play_risk"],
    "properties": {
        "tracker": {
            "type": ["object", "null"],
            "additionalProperties": {
                "enum": [
                    "mine",
                    "my_crib",
                    "my_play",
                    "their_play",
                    "starter",
                    "their_shown",
                ]
            },
        },
        "lay_away": {
            "type": ["array", "null"],
            "items": {
                "type": "object",
                "required": ["cards", "kept", "hand", "crib", "own_crib", "value"],
                "properties": {
                    "cards": {"type": "array", "items": {"type": "string"}},
                    "kept": {"type": "array", "items": {"type": "string"}},
                    "hand": {"type": "number"},
                    "crib": {"type": "number"},
                    "own_crib": {"type": "boolean"},
                    "value": {"type": "number"},
                },
            },
        },
        "play_risk": {
            "type": ["object", "null"],
            "additionalProperties": {
                "type": "object",
                "required": ["chance", "points"],
                "properties": {"chance": _CHANCE, "points": {"type": "number", "minimum": 0}},
            },
        },
    },
}


def _schemas() -> dict[str, Schema]:
    game = {"type": "string", "enum": list(game_names())}
    name = {"type": "string", "maxLength": MAX_NAME}
    view: Schema = {
        "type": "object",
        "description": "one seat's view of the match (SeatView of cardtable.table); no card "
        "the seat may not see",
        "required": [
            "match_id",
            "game",
            "seat",
            "status",
            "action_count",
            "players",
            "rules",
            "legal_actions",
        ],
        "properties": {
            "aids": {
                "type": "object",
                "description": "a gin seat's learning aids, from its own view only: where "
                "each card is as far as the seat knows, the expert's chance that throwing a "
                "card feeds the opponent (on the seat's own throw), each legal knock's "
                "undercut risk, and the stock's distance from the wall; the tracker, feed and "
                "knock advice are null unless asked for (aids=1 on the view, aids: true with an "
                "action or in the socket's hello)",
                "required": ["tracker", "feed", "knock_advice", "wall", "stock_left"],
                "properties": {
                    "tracker": {
                        "type": ["object", "null"],
                        "additionalProperties": {
                            "enum": [
                                "mine",
                                "my_discard",
                                "their_discard",
                                "upcard",
                                "their_taken",
                                "their_shown",
                                "unseen",
                            ]
                        },
                    },
                    "feed": {
                        "type": ["object", "null"],
                        "additionalProperties": {"type": "number", "minimum": 0, "maximum": 1},
                    },
                    "knock_advice": {
                        "type": ["array", "null"],
                        "items": {
                            "type": "object",
                            "required": ["card", "deadwood", "undercut_risk"],
                            "properties": {
                                "card": {"type": "string"},
                                "deadwood": {"type": "integer"},
                                "undercut_risk": {"type": "number", "minimum": 0, "maximum": 1},
                            },
                        },
                    },
                    "wall": {"type": "integer"},
                    "stock_left": {"type": "integer", "minimum": 0},
                    "stock_warning": {"type": "boolean"},
                },
            }
        },
    }
    view["properties"]["basics"] = {
        "type": "object",
        "description": "the seat's table as any game's generic screen shows it: its own hand, "
        "the public cards, the events, and its legal actions with the words of their buttons",
        "required": ["seat", "my_turn", "finished", "status", "hand", "events", "choices"],
    }
    # A Cribbage seat's aids have their own shape (cardtable.cribbage.views.aids).
    view["properties"]["aids"] = {"anyOf": [view["properties"]["aids"], _CRIBBAGE_AIDS]}
    return {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string", "minLength": 1}},
            "additionalProperties": False,
        },
        "NewMatch": {
            "type": "object",
            "properties": {
                "game": game,
                "opponent": {"type": "string", "enum": ["computer", "friend"]},
                "level": {"type": "string", "description": "a level of GET /api/options"},
                "preset": {"type": "string", "description": "a preset of GET /api/options"},
                "settings": {
                    "type": "object",
                    "description": "setting: value, the settings of GET /api/options",
                    "additionalProperties": {"type": ["integer", "boolean", "string", "null"]},
                },
                "name": name,
                "friend_name": name,
            },
            "additionalProperties": False,
        },
        "Lookup": {
            "type": "object",
            "required": ["seats"],
            "properties": {
                "seats": {
                    "type": "array",
                    "maxItems": MAX_LOOKUP,
                    "description": "seats held; malformed or unknown ones are left out",
                    "items": _HELD_SEAT,
                }
            },
            "additionalProperties": False,
        },
        "StatsRequest": {
            "type": "object",
            "required": ["seats"],
            "properties": {
                "seats": {
                    "type": "array",
                    "maxItems": MAX_STATS_SEATS,
                    "description": "the seats you hold; malformed or unknown ones are left out",
                    "items": _HELD_SEAT,
                }
            },
            "additionalProperties": False,
        },
        "Rename": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_NAME,
                    "description": "printable: control characters are refused with 400",
                }
            },
            "additionalProperties": False,
        },
        "Renamed": {
            "type": "object",
            "required": ["match_id", "player"],
            "properties": {
                "match_id": {"type": "string"},
                "player": {
                    "type": "object",
                    "required": ["kind", "name"],
                    "properties": {"kind": {"type": "string"}, "name": {"type": "string"}},
                },
            },
        },
        "Deleted": {
            "type": "object",
            "required": ["deleted"],
            "properties": {"deleted": {"type": "string"}},
        },
        "Stats": {
            "type": "object",
            "description": "the statistics of cardtable.table.stats: over the seats sent, a "
            "section per game played, in the registry's order, each with the figures every "
            "game has and the game's own (by name in figures, worded in lines)",
            "required": ["games"],
            "properties": {
                "games": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": [
                            "game",
                            "title",
                            "matches",
                            "matches_won",
                            "unfinished",
                            "accuracy",
                            "choices",
                            "reviewed_matches",
                            "recent",
                            "figures",
                            "lines",
                        ],
                        "properties": {
                            "game": {"type": "string"},
                            "title": {"type": "string"},
                            "matches": {"type": "integer", "minimum": 0},
                            "matches_won": {"type": "integer", "minimum": 0},
                            "unfinished": {"type": "integer", "minimum": 0},
                            "accuracy": {"type": ["number", "null"], "minimum": 0, "maximum": 100},
                            "choices": {"type": "integer", "minimum": 0},
                            "reviewed_matches": {"type": "integer", "minimum": 0},
                            "recent": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "required": ["match_id", "date", "opponent", "scores", "won"],
                                },
                            },
                            "figures": {"type": "object"},
                            "lines": {
                                "type": "array",
                                "items": {
                                    "type": "array",
                                    "items": {"type": "string"},
                                    "minItems": 2,
                                    "maxItems": 2,
                                },
                            },
                        },
                    },
                },
            },
        },
        "Action": {
            "type": "object",
            "required": ["action"],
            "properties": {
                "action": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_TEXT},
                "expected": {
                    "type": ["integer", "null"],
                    "description": "the action count of the view you acted on",
                },
                "aids": {
                    "type": "boolean",
                    "description": "the view in the answer with the learning aids",
                },
            },
            "additionalProperties": False,
        },
        "NewLesson": {
            "type": "object",
            "properties": {
                "game": {"type": "string", "enum": [found.name for found in lesson_games()]}
            },
            "additionalProperties": False,
        },
        "LessonStep": {
            "type": "object",
            "description": "exactly one of select, action, advance",
            "properties": {
                "select": {"type": "string", "maxLength": 200},
                "action": {"type": "string", "maxLength": 200},
                "advance": {},
            },
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": False,
        },
        "Options": {
            "type": "object",
            "required": ["game", "levels", "presets", "settings", "bounds", "screen", "games"],
            "properties": {
                "screen": {
                    "type": ["string", "null"],
                    "description": "the URL of the module that exports the game's own web "
                    "table (under /static/games/{game}/); null: the generic screen plays it",
                },
                "styles": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "the style sheets of the game's own screen",
                },
                "rules_url": {"type": ["string", "null"]},
                "lesson": {"type": "boolean"},
                "games": {
                    "type": "array",
                    "description": "every game, each with the same fields as this object",
                    "items": {"type": "object", "required": ["game", "title", "screen"]},
                },
                "bounds": {
                    "type": "object",
                    "description": "each integer setting's lowest and highest value",
                    "additionalProperties": {
                        "type": "array",
                        "items": {"type": "integer"},
                        "minItems": 2,
                        "maxItems": 2,
                    },
                },
            },
        },
        "SeatView": view,
        "Created": {
            "type": "object",
            "required": ["match_id", "seat", "token", "invite", "view"],
            "properties": {
                "match_id": {"type": "string"},
                "seat": {"type": "integer"},
                "token": {"type": "string"},
                "invite": {"type": ["object", "null"]},
                "view": _ref("SeatView"),
            },
        },
        "Found": {
            "type": "object",
            "required": ["matches"],
            "properties": {
                "matches": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["id", "game", "status", "seat", "players", "updated_at"],
                    },
                }
            },
        },
        "Following": {
            "type": "object",
            "required": ["match_id", "view"],
            "properties": {"match_id": {"type": "string"}, "view": _ref("SeatView")},
        },
        "Hint": {
            "type": "object",
            "description": "the expert's advice for your turn",
            "required": ["action", "alternatives"],
        },
        "Replay": {"type": "object", "description": "a finished deal step by step, its seed"},
        "LessonView": {
            "type": "object",
            "required": ["lesson_id", "lesson", "ok", "status", "legal_actions"],
        },
        "LessonHint": {
            "type": "object",
            "description": "the lesson's own hint for its step: kind select (the cards of "
            "action), act (send action), next (read on) or finish; text says why",
            "required": ["step", "kind", "action", "cards", "text"],
            "properties": {
                "kind": {"type": "string", "enum": ["select", "act", "next", "finish"]},
                "action": {"type": "string"},
                "cards": {"type": "array", "items": {"type": "string"}},
                "text": {"type": "string"},
            },
        },
        "OpenApi": {"type": "object", "required": ["openapi", "paths"]},
    }


def _paths() -> dict[str, Schema]:
    html = {"content": {"text/html": {"schema": {"type": "string"}}}}
    return {
        "/": {
            "get": {
                "summary": "the table's page",
                "responses": {"200": {"description": "HTML", **html}},
            }
        },
        "/match/{match_id}": {
            "get": {
                "summary": "a seat link printed by the terminal table: redirects to the page",
                "parameters": [
                    _MATCH_ID,
                    {
                        "name": "token",
                        "in": "query",
                        "required": True,
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "303": {"description": "to /#/play/{match_id}/{token}"},
                    **_responses({}, ("404",)),
                },
            }
        },
        "/rules/{game}": {
            "get": {
                "summary": "the rules page of a game, as HTML",
                "parameters": [
                    {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "HTML", **html}, **_responses({}, ("404",))},
            }
        },
        "/api/openapi.json": {
            "get": {
                "summary": "this description",
                "responses": _responses({"200": ("OpenAPI 3.1", _ref("OpenApi"))}, ()),
            }
        },
        "/api/options": {
            "get": {
                "summary": "levels, presets and settings for a new match of a game",
                "parameters": [
                    {
                        "name": "game",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string", "enum": list(game_names())},
                    }
                ],
                "responses": _responses(
                    {"200": ("the lobby's choices", _ref("Options"))}, ("400", "422")
                ),
            }
        },
        "/api/matches": {
            "post": _body_operation(
                "create a match against the computer or a friend (invite)",
                "NewMatch",
                {"201": ("your seat, its token, the invite, your view", _ref("Created"))},
                ("422",),
            )
        },
        "/api/matches/lookup": {
            "post": _body_operation(
                "summaries of the matches whose seat tokens you hold",
                "Lookup",
                {"200": ("the seats found", _ref("Found"))},
            )
        },
        "/api/matches/{match_id}": {
            "get": _seat_operation(
                "your seat's view",
                {"200": ("your view", _ref("SeatView"))},
                parameters=(
                    {
                        "name": "aids",
                        "in": "query",
                        "required": False,
                        "description": "1: with the learning aids (made only when asked)",
                        "schema": {"type": "string", "enum": ["0", "1", "false", "true"]},
                    },
                ),
            ),
            "delete": _seat_operation(
                "remove the match from the table (a holder of one of its seats only)",
                {"200": ("the match is gone", _ref("Deleted"))},
            ),
        },
        "/api/matches/{match_id}/name": {
            "post": _seat_operation(
                "the name of your seat (a friend who joined by link names itself)",
                {"200": ("your seat as both players now see it", _ref("Renamed"))},
                ("408", "413", "422"),
                body="Rename",
            )
        },
        "/api/players/me/stats": {
            "post": _body_operation(
                "your statistics over the matches whose seat tokens you hold",
                "StatsRequest",
                {"200": ("your statistics", _ref("Stats"))},
                description="Hands and matches won, gins, undercuts, the average deadwood "
                "of your knocks, and your accuracy in the coach's review of your finished "
                "matches, with the latest finished matches for a chart.",
            )
        },
        "/api/matches/{match_id}/actions": {
            "post": _seat_operation(
                "act: the action and the action count you saw",
                {"200": ("your view after it", _ref("SeatView"))},
                ("408", "409", "413", "422", "503"),
                body="Action",
            )
        },
        "/api/matches/{match_id}/hint": {
            "post": _seat_operation(
                "the expert's suggestion for your turn",
                {"200": ("the advice", _ref("Hint"))},
                ("409", "422"),
            )
        },
        "/api/matches/{match_id}/hands/{deal}": {
            "get": _seat_operation(
                "a finished deal, step by step, its seed revealed",
                {"200": ("the replay", _ref("Replay"))},
                ("422",),
                parameters=(
                    {
                        "name": "deal",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 0},
                    },
                ),
            )
        },
        "/api/matches/{match_id}/review": {
            "get": _seat_operation(
                "the coach's review of your own decisions in finished deals",
                description="Every decision of your seat in every finished deal (or in deal "
                "N alone) with the expert's verdict, judged from what you could see then: "
                "action, best, loss (points, 0 when it was best), why; accuracy (the share of "
                "your choices that lost nothing) and your worst mistakes. A deal in play, and "
                "a game with no reviewer yet (cribbage), are refused with 422.",
                parameters=(
                    {
                        "name": "deal",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "integer", "minimum": 1, "maximum": 10000},
                    },
                ),
                ok={
                    "200": (
                        "the review",
                        {
                            "type": "object",
                            "required": ["seat", "accuracy", "worst", "hands", "decisions"],
                            "properties": {
                                "decisions": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": [
                                            "hand",
                                            "seat",
                                            "action",
                                            "best",
                                            "loss",
                                            "why",
                                        ],
                                        "properties": {"loss": {"type": "number", "minimum": 0}},
                                    },
                                }
                            },
                        },
                    )
                },
                refusals=("422",),
            )
        },
        "/api/matches/{match_id}/next": {
            "post": _seat_operation(
                "the next match of the series (same seats and tokens)",
                {"201": ("the next match and your view of it", _ref("Following"))},
                ("409",),
            )
        },
        "/api/matches/{match_id}/ws": {
            "get": {
                "summary": "the seat's WebSocket (not plain HTTP): pushed views, and moves",
                "description": "Protocol in cardtable.web.hub and docs/api.md: the first frame "
                'is {"type": "hello", "token": "...", "aids": false}; then {"type": "act", '
                '"action": "...", "expected": n, "id": k} moves as the actions endpoint does '
                "(answered with the view, or an error with its status, naming the id), and "
                '{"type": "aids", "on": true} turns the learning aids on in the views it is '
                "sent; refusals close with 4400 "
                "malformed, "
                "4403 wrong token or another site's page, 4404 no match, 4409 a match stored "
                "with rules the table no longer accepts, 4429 too many token checks or "
                "sockets from the address, 4408 the seat's oldest socket when it has too many, "
                "1008 a client that sends without reading, 1009 a frame over 4096 bytes.",
                "x-websocket": True,
                "parameters": [_MATCH_ID],
                "responses": {
                    "101": {"description": "switching to the WebSocket protocol"},
                    **_responses({}, ("404",)),
                },
            }
        },
        "/api/lessons": {
            "post": _body_operation(
                "start a guided lesson (Gin Rummy's by default)",
                "NewLesson",
                {"201": ("the lesson's first view", _ref("LessonView"))},
                ("422",),
                required=False,
            )
        },
        "/api/lessons/{lesson_id}": {
            "get": {
                "summary": "the lesson's view",
                "parameters": [_LESSON_ID],
                "responses": _responses({"200": ("its view", _ref("LessonView"))}, ("404",)),
            },
            "post": _body_operation(
                "a step: select cards, try an action, or advance",
                "LessonStep",
                {"200": ("its view (ok: false and why for a wrong try)", _ref("LessonView"))},
                ("404", "409", "422"),
                parameters=(_LESSON_ID,),
            ),
        },
        "/api/lessons/{lesson_id}/hint": {
            "post": {
                "summary": "a hint within the lesson: what its step asks for, and why",
                "parameters": [_LESSON_ID],
                "responses": _responses(
                    {"200": ("the step's hint", _ref("LessonHint"))}, ("403", "404", "422", "429")
                ),
            }
        },
        "/static/{path}": {
            "get": {
                "summary": "the page's scripts, styles and images",
                "parameters": [
                    {"name": "path", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "the file"}, **_responses({}, ("404",))},
            }
        },
    }


@cache
def openapi_document() -> dict[str, Any]:
    """The whole description (built once; the catalog does not change while serving)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Card Table",
            "version": "1",
            "description": "The web table's JSON API: one seat at a time, opened by its token. "
            'Every refusal is a 4xx {"error": "..."} and changes nothing. Request bodies '
            f"are JSON objects of at most {MAX_BODY} bytes nested at most {MAX_DEPTH} deep. "
            "Limits: docs/api.md.",
        },
        "paths": _paths(),
        "components": {
            "schemas": _schemas(),
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "the seat token given when the match was created",
                }
            },
        },
    }


async def openapi_json(_request: Request) -> Response:
    return json_response(openapi_document())
