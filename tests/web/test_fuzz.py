"""Fuzzing every endpoint from the OpenAPI description, and the WebSocket's messages.

Every answer must be documented for its operation (or a 404/405 of the router), never a 5xx;
a refusal is JSON ``{"error": "..."}`` and changes nothing stored; an answer that is not a
refusal fits its documented schema; every answer carries the security headers. On the
WebSocket, any first frame gets a view or an error and a documented close code, and any
later frame an answer, with no traceback.

The examples are seeded (``derandomize``): the same requests on every run, about 450 over
HTTP and 120 on the socket in all (times ``GINRUMMY_TEST_SCALE``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.hub import MAX_MESSAGE
from cardtable.web.limits import WebLimits
from cardtable.web.openapi import openapi_document
from tests.helpers import SCALE

from .fuzzing import ANY_JSON, ODD_JSON, TEXT, Drawn, Known, Operation, operations, requests
from .webhelpers import bearer

DOCUMENT = openapi_document()
# Deleting a match is fuzzed last: a request that may delete one of the known matches
# must not leave the other operations nothing to reach.
OPERATIONS = sorted(operations(DOCUMENT), key=lambda op: op.method == "delete")
PYTHON_NAMES = ["self", "preset", "rules", "game", "settings", "__class__", "cls", "overrides"]
SOCKET_CLOSES = {4400, 4403, 4404, 4429, 1009}


def fuzz_settings(count: int) -> settings:
    return settings(
        max_examples=count * SCALE,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


# Operations where the fuzzer must get past the web's own checks (an answer, or the game's
# own refusal: 409 not your turn, 422 illegal); the others need a finished deal or match,
# which random requests do not make.
MUST_ANSWER = {
    "GET /",
    "GET /match/{match_id}",
    "GET /rules/{game}",
    "GET /api/openapi.json",
    "GET /api/options",
    "POST /api/matches",
    "POST /api/matches/lookup",
    "GET /api/matches/{match_id}",
    "POST /api/matches/{match_id}/actions",
    "POST /api/matches/{match_id}/hint",
    "POST /api/lessons",
    "GET /api/lessons/{lesson_id}",
    "POST /api/lessons/{lesson_id}",
    "POST /api/lessons/{lesson_id}/hint",
    "GET /static/{path}",
}


@dataclass
class Table:
    client: TestClient
    service: TableService
    known: Known
    friends: list[str]  # friend matches: their action counts change only by a request
    socket_seat: tuple[str, str]  # a friend match's first seat, for the socket tests


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "table.db"
    store = Store(f"sqlite:///{path}")
    service = TableService(store, computers="worker")  # as the server runs it
    # No rate limits here: a 429 would hide the checks behind it (test_limits tests them).
    app = create_app(service, limits=WebLimits.unlimited())
    with TestClient(app) as client:
        known = Known()
        friends = []
        words: dict[str, set[Any]] = {"action": {"knock", "go", "", "discard"}}
        for game in ("gin", "cribbage"):
            for opponent in ("computer", "friend"):
                body = {"game": game, "opponent": opponent, "level": "simple"}
                created = client.post("/api/matches", json=body).json()
                match_id = created["match_id"]
                known.match_ids.append(match_id)
                known.seats.append((match_id, created["token"]))
                words["action"].update(created["view"]["legal_actions"])
                if created["invite"]:
                    known.seats.append((match_id, created["invite"]["token"]))
                    friends.append(match_id)
            lesson = client.post("/api/lessons", json={"game": game}).json()
            known.lesson_ids.append(lesson["lesson_id"])
            options = client.get("/api/options", params={"game": game}).json()
            words.setdefault("level", set()).update({"simple", "random", "nobody"})
            words.setdefault("preset", set()).update(options["presets"])
            words.setdefault("setting", set()).update([*options["settings"], *PYTHON_NAMES])
        words["game"] = {"gin", "cribbage", "chess", "GIN"}
        words["select"] = {"7S 7H 7D", "QD", "", "ZZ"}
        words["path"] = {"js/api.js", "css/table.css", "favicon.svg", "../pyproject.toml"}
        known.tokens = [token for _match_id, token in known.seats]
        known.words = {name: sorted(values, key=str) for name, values in words.items()}
        # The commonest actions weigh more, so that some requests are legal where they land.
        known.words["action"] += ["draw", "pass", "take"] * 10
        known.words["expected"] = [None]  # half the counts sent are none, so not stale
        known.words["setting"] += PYTHON_NAMES * 3  # the names that once reached a TypeError
        # The socket's seat is one the HTTP fuzzer does not know: it may delete those.
        kept = client.post("/api/matches", json={"opponent": "friend"}).json()
        friend = (kept["match_id"], kept["token"])
        yield Table(client, service, known, friends, friend)
    store.close()


def _stored(table: Table) -> tuple[int, tuple[int, ...]]:
    """What a refusal must leave as it was: the matches stored, the friend matches' moves."""
    # Read from the store: a friend match the fuzzer deleted counts no actions (the
    # service's own count would refuse a match that is gone).
    counts = tuple(table.service.store.action_count(match_id) for match_id in table.friends)
    return len(table.service.list_matches()), counts


def _fits(schema: dict[str, Any], value: Any) -> None:
    root = {**schema, "components": DOCUMENT["components"]}
    Draft202012Validator(root).validate(value)


def _send(client: TestClient, drawn: Drawn) -> Any:
    return client.request(
        drawn.method,
        drawn.url,
        headers=drawn.headers,
        content=drawn.content,
        follow_redirects=False,
    )


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.name)
def test_every_endpoint_answers_every_request_as_documented(
    table: Table, operation: Operation
) -> None:
    answered: set[int] = set()

    @fuzz_settings(30)
    @given(drawn=requests(DOCUMENT, operation, table.known))
    def check(drawn: Drawn) -> None:
        before = _stored(table)
        response = _send(table.client, drawn)
        status = response.status_code
        answered.add(status)
        assert status < 500, response.text
        assert status in operation.statuses() | {404, 405}, (status, response.text)
        assert response.headers["content-security-policy"].startswith("default-src 'self'")
        assert response.headers["x-content-type-options"] == "nosniff"
        if status >= 400:
            assert response.headers["content-type"].startswith("application/json")
            error = response.json()
            _fits({"$ref": "#/components/schemas/Error"}, error)
            assert _stored(table) == before, f"{status} {error} changed what is stored"
        else:
            schema = operation.response_schema(status)
            if schema is not None:
                _fits(schema, response.json())

    check()
    if operation.name in MUST_ANSWER:
        reached = {status for status in answered if status < 400 or status in (409, 422)}
        assert reached, f"no request got past the web's checks: {sorted(answered)}"


# -- the WebSocket -----------------------------------------------------------------------


def _ws_url(match_id: str) -> str:
    return f"/api/matches/{match_id}/ws"


def _frames() -> st.SearchStrategy[tuple[str, Any]]:
    """A frame of any kind: JSON of any shape, hello of the wrong shape, huge, bytes."""
    as_text = ANY_JSON.map(json.dumps)
    wrong_hello = st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "HELLO", "ping", 1])},
        optional={"token": ANY_JSON, "extra": ANY_JSON},
    ).map(json.dumps)
    act = st.fixed_dictionaries(
        {"type": st.just("act")},
        optional={
            "action": st.sampled_from(["draw", "take", "pass", "discard AS", "knock"]) | ANY_JSON,
            "expected": st.integers(-2, 60) | ANY_JSON,
            "id": st.integers(-1, 2**60) | ANY_JSON,
            "extra": ANY_JSON,
        },
    ).map(json.dumps)
    return st.one_of(
        st.tuples(st.just("text"), as_text),
        st.tuples(st.just("text"), wrong_hello),
        st.tuples(st.just("text"), act),
        st.tuples(st.just("text"), TEXT),
        st.tuples(st.just("text"), ODD_JSON.map(lambda raw: raw.decode("latin-1"))),
        st.tuples(st.just("text"), st.just('{"type": "ping", "pad": "' + "x" * MAX_MESSAGE + '"}')),
        st.tuples(st.just("text"), st.just('{"type": "hello", "token": "\\ud800"}')),
        st.tuples(st.just("text"), st.just('"' + "\ud800" + '"')),  # a lone surrogate itself
        st.tuples(st.just("bytes"), st.binary(max_size=64)),
        st.tuples(st.just("bytes"), st.just(b'{"type": "hello", "token": "\xff"}')),
    )


def _send_frame(ws: Any, frame: tuple[str, Any]) -> None:
    kind, data = frame
    if kind == "bytes":
        ws.send_bytes(data)
    else:
        ws.send_text(data)


def _closed_with(ws: Any) -> int:
    """Read to the close; every message before it is an error saying why."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(5):
            message = ws.receive_json()
            assert message["type"] == "error" and message["error"], message
    return closed.value.code


def test_any_first_frame_is_refused_with_a_reason_and_a_documented_code(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    @fuzz_settings(60)
    @given(frame=_frames(), match_id=st.sampled_from(table.known.match_ids) | TEXT)
    def check(frame: tuple[str, Any], match_id: str) -> None:
        url = _ws_url(match_id) if match_id.isalnum() else _ws_url("feedface")
        with table.client.websocket_connect(url) as ws:
            _send_frame(ws, frame)
            assert _closed_with(ws) in SOCKET_CLOSES

    with caplog.at_level(logging.WARNING):
        check()
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_any_later_frame_is_answered_and_the_seat_stays_open(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    match_id, token = table.socket_seat

    @fuzz_settings(60)
    @given(frames=st.lists(_frames(), min_size=1, max_size=4))
    def check(frames: list[tuple[str, Any]]) -> None:
        with table.client.websocket_connect(_ws_url(match_id)) as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["type"] == "view"
            for frame in frames:
                _send_frame(ws, frame)
                for _ in range(10):
                    answer = ws.receive_json()
                    if answer["type"] in ("error", "pong") or "reply" in answer:
                        break
                    assert answer["type"] in ("presence", "view"), answer
                else:
                    raise AssertionError(f"no answer to {frame}")
            ws.send_json({"type": "ping"})
            while ws.receive_json()["type"] != "pong":
                pass

    with caplog.at_level(logging.WARNING):
        check()
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    assert table.client.get(f"/api/matches/{match_id}", headers=bearer(token)).status_code == 200
