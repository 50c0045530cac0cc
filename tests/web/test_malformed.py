"""Every class of malformed request the load tests found is refused cleanly: a 4xx (or a
WebSocket close) with a message that says what is wrong, and nothing stored changes.

The classes (issue 11): odd tokens in headers, bodies and WebSocket hellos; lone surrogates
in names and actions; JSON nested deep within the size limit; settings named like Python
parameters; and a fault of the server's own, whose 500 must carry the security headers.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.store import StoreUnavailableError
from cardtable.table import TableService
from cardtable.web.errors import SERVER_FAULT
from cardtable.web.security import CONTENT_SECURITY

from .rawasgi import call
from .webhelpers import bearer, friend_match, to_act_token, view

JSON = {"Content-Type": "application/json"}


def _snapshot(
    client: TestClient, service: TableService, match_id: str, tokens: tuple[str, str]
) -> Any:
    """Everything a refusal must leave as it was: both seats' views and what is stored."""
    views = [view(client, match_id, token) for token in tokens]
    return len(service.list_matches()), service.action_count(match_id), views


@pytest.fixture
def seats(client: TestClient) -> tuple[str, tuple[str, str]]:
    match_id, mine, theirs = friend_match(client)
    return match_id, (mine, theirs)


def _secured(headers: Any) -> None:
    assert headers["content-security-policy"] == CONTENT_SECURITY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"


# -- odd tokens in headers ------------------------------------------------------------------

ODD_AUTHORIZATION = [
    pytest.param("Bearer é".encode(), 400, "letters, digits", id="utf-8 non-ascii"),
    pytest.param("Bearer é".encode("latin-1"), 400, "letters, digits", id="latin-1"),
    pytest.param("Bearer 令牌".encode(), 400, "letters, digits", id="cjk"),
    pytest.param(b"Bearer ab\x01cd", 400, "letters, digits", id="control char"),
    pytest.param(b"Bearer ab\x7fcd", 400, "letters, digits", id="delete char"),
    pytest.param(b"Bearer a b", 400, "letters, digits", id="inner space"),
    pytest.param(b"Bearer " + b"a" * 5000, 403, "does not open a seat", id="overlong"),
    pytest.param(b"Bearer " + b"\xff" * 300, 403, "does not open a seat", id="overlong odd"),
    pytest.param(b"Basic dXNlcjpwYXNz", 401, "Bearer", id="other scheme"),
    pytest.param(b"Bearer    ", 401, "Bearer", id="empty"),
]
SEAT_REQUESTS = [
    ("GET", ""),
    ("POST", "/actions"),
    ("POST", "/hint"),
    ("GET", "/hands/1"),
    ("POST", "/next"),
]


@pytest.mark.parametrize(("authorization", "status", "words"), ODD_AUTHORIZATION)
def test_an_odd_authorization_header_is_refused_on_every_seat_endpoint(
    client: TestClient,
    service: TableService,
    seats: tuple[str, tuple[str, str]],
    authorization: bytes,
    status: int,
    words: str,
) -> None:
    match_id, tokens = seats
    before = _snapshot(client, service, match_id, tokens)
    for method, tail in SEAT_REQUESTS:
        response = client.request(
            method,
            f"/api/matches/{match_id}{tail}",
            headers={"Authorization": authorization, **JSON},
            content=b'{"action": "pass"}' if tail == "/actions" else None,
        )
        assert response.status_code == status, (method, tail, response.text)
        assert words in response.json()["error"]
        _secured(response.headers)
    assert _snapshot(client, service, match_id, tokens) == before


@pytest.mark.parametrize(
    ("length", "words"),
    [(b"\xb2", "Content-Length"), (b"-1", "Content-Length"), (b"1e3", "Content-Length")],
)
def test_an_odd_content_length_is_refused(
    app: Starlette, service: TableService, length: bytes, words: str
) -> None:
    response = call(app, "POST", "/api/matches", [(b"content-length", length)], [b"{}"])
    assert response.status == 400 and words in response.json()["error"]
    _secured(response.headers)
    assert service.list_matches() == []


# -- odd bytes and lone surrogates in bodies --------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        pytest.param(b'{"name": "\\ud800"}', "lone surrogate", id="escaped high"),
        pytest.param(b'{"name": "\\udfff"}', "lone surrogate", id="escaped low"),
        pytest.param(
            b'{"opponent": "friend", "friend_name": "\\ud83d"}', "lone surrogate", id="friend"
        ),
        pytest.param(b'{"settings": {"\\ud800": 1}}', "lone surrogate", id="in a key"),
        pytest.param(b'{"name": "\xed\xa0\x80"}', "not valid UTF-8", id="encoded surrogate"),
        pytest.param('{"name": "é"}'.encode("latin-1"), "not valid UTF-8", id="latin-1"),
        pytest.param(b'{"name": "\xff\xfe"}', "not valid UTF-8", id="bad bytes"),
        pytest.param(b'{"settings": {"target": NaN}}', "NaN", id="NaN"),
        pytest.param(b'{"settings": {"target": -Infinity}}', "-Infinity", id="Infinity"),
        pytest.param(b"", "it is empty", id="empty"),
        pytest.param(b'{"opponent": "friend", "opponent": "computer"}', "twice", id="key twice"),
        pytest.param(b'{"settings": {"target": 50, "target": 60}}', "twice", id="setting twice"),
        pytest.param(b'{"friend_name": "' + b"x" * 30 + b'"}', "at most 24", id="unused name"),
    ],
)
def test_a_body_that_is_not_clean_json_creates_nothing(
    client: TestClient, service: TableService, body: bytes, words: str
) -> None:
    response = client.post("/api/matches", content=body, headers=JSON)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    _secured(response.headers)
    assert service.list_matches() == []


def test_a_lone_surrogate_in_an_action_changes_nothing(
    client: TestClient, service: TableService, seats: tuple[str, tuple[str, str]]
) -> None:
    match_id, tokens = seats
    token = to_act_token(client, match_id, tokens)
    before = _snapshot(client, service, match_id, tokens)
    for body in (b'{"action": "\\ud800"}', b'{"action": "discard \\udc00D"}'):
        response = client.post(
            f"/api/matches/{match_id}/actions", content=body, headers={**bearer(token), **JSON}
        )
        assert response.status_code == 400 and "lone surrogate" in response.json()["error"]
    assert _snapshot(client, service, match_id, tokens) == before


def test_lone_surrogates_in_lookups_and_lessons_are_refused(client: TestClient) -> None:
    response = client.post(
        "/api/matches/lookup",
        content=b'{"seats": [{"match_id": "\\ud800", "token": "x"}]}',
        headers=JSON,
    )
    assert response.status_code == 400 and "lone surrogate" in response.json()["error"]
    url = f"/api/lessons/{client.post('/api/lessons', json={}).json()['lesson_id']}"
    before = client.get(url).json()
    response = client.post(url, content=b'{"select": "7S \\ud800"}', headers=JSON)
    assert response.status_code == 400 and "lone surrogate" in response.json()["error"]
    assert client.get(url).json() == before


# -- deep nesting within the size limit -------------------------------------------------------

DEEP = [
    pytest.param(b"[" * 2000 + b"]" * 2000, id="2000 lists"),
    pytest.param(b"{" * 2000, id="2000 open objects"),
    pytest.param(b'{"settings": ' + b'{"a": ' * 500 + b"1" + b"}" * 501, id="in a field"),
    pytest.param(b'{"seats": [' + b"[" * 1500 + b"]" * 1500 + b"]}", id="in a list"),
]


@pytest.mark.parametrize("body", DEEP)
def test_deep_json_within_the_size_limit_is_refused_before_it_is_parsed(
    client: TestClient, service: TableService, seats: tuple[str, tuple[str, str]], body: bytes
) -> None:
    assert len(body) <= 4096
    match_id, tokens = seats
    before = _snapshot(client, service, match_id, tokens)
    lesson = client.post("/api/lessons", json={}).json()["lesson_id"]
    for url, headers in (
        ("/api/matches", JSON),
        ("/api/matches/lookup", JSON),
        (f"/api/matches/{match_id}/actions", {**bearer(tokens[0]), **JSON}),
        ("/api/lessons", JSON),
        (f"/api/lessons/{lesson}", JSON),
    ):
        response = client.post(url, content=body, headers=headers)
        assert response.status_code == 400, (url, response.text)
        assert "nests JSON deeper than 16 levels" in response.json()["error"]
    assert _snapshot(client, service, match_id, tokens) == before


def test_json_as_deep_as_the_api_needs_is_read(client: TestClient) -> None:
    body = {"seats": [{"match_id": "0" * 16, "token": "x"}], "pad": [[[[[[[[[[]]]]]]]]]]}
    response = client.post("/api/matches/lookup", json=body)
    assert response.status_code == 400 and "unknown field 'pad'" in response.json()["error"]


# -- settings named like Python parameters ----------------------------------------------------

PYTHON_NAMES = ["self", "preset", "rules", "game", "settings", "__class__", "overrides", "cls"]


@pytest.mark.parametrize("game", ["gin", "cribbage"])
@pytest.mark.parametrize("name", PYTHON_NAMES)
def test_a_setting_named_like_a_parameter_is_an_unknown_setting(
    client: TestClient, service: TableService, game: str, name: str
) -> None:
    body = {"game": game, "level": "simple", "settings": {name: 1, "target": 100}}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error.startswith(f"unknown setting {name!r}: settings are ")
    assert "target" in error
    assert service.list_matches() == []


def test_known_settings_still_work_however_they_are_written(client: TestClient) -> None:
    body = {"game": "gin", "level": "simple", "settings": {"Knock-Threshold": 7}}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    assert response.json()["view"]["rules"]["knock_threshold"] == 7


# -- a fault of the server's own -------------------------------------------------------------


def test_a_500_carries_the_security_headers_and_no_detail(
    app: Starlette, client: TestClient, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, mine, _theirs = friend_match(client)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("the database is on fire")

    monkeypatch.setattr(service, "view", broken)
    with TestClient(app, raise_server_exceptions=False) as faulty:
        response = faulty.get(f"/api/matches/{match_id}", headers=bearer(mine))
        ok = faulty.get("/api/options")
    assert response.status_code == 500
    assert response.json() == {"error": SERVER_FAULT}
    assert "fire" not in response.text
    _secured(response.headers)
    assert ok.status_code == 200
    _secured(ok.headers)


# -- odd WebSocket hellos ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hello", "code", "words"),
    [
        pytest.param('{"type": "hello", "token": "é"}', 4400, "letters, digits", id="non-ascii"),
        pytest.param('{"type": "hello", "token": "\\u0000"}', 4400, "letters", id="NUL"),
        pytest.param('{"type": "hello", "token": "\\ud800"}', 4400, "surrogate", id="surrogate"),
        pytest.param('{"type": "hello", "token": "' + "a" * 500 + '"}', 4403, "seat", id="long"),
        pytest.param('{"type": "hello", "token": ["a"]}', 4400, "hello", id="a list"),
        pytest.param("[" * 2000 + "]" * 2000, 4400, "deeper", id="deep"),
        pytest.param('{"type": "hello", "token": NaN}', 4400, "NaN", id="NaN"),
        pytest.param('"\ud800"', 4400, "surrogate", id="raw surrogate"),
    ],
)
def test_an_odd_hello_closes_the_socket_with_a_reason_and_no_view(
    client: TestClient, seats: tuple[str, tuple[str, str]], hello: str, code: int, words: str
) -> None:
    match_id, _tokens = seats
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_text(hello)
        message = ws.receive_json()
        assert message["type"] == "error" and words in message["error"], message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


@pytest.mark.parametrize(
    "frame", [b"\xff\xfe\x00", b'{"type": "hello", "token": "x"}', json.dumps([1]).encode()]
)
def test_a_bytes_hello_is_refused(
    client: TestClient, seats: tuple[str, tuple[str, str]], frame: bytes
) -> None:
    match_id, _tokens = seats
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_bytes(frame)
        assert "text frames" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_an_odd_match_id_in_a_socket_path_is_no_match(client: TestClient) -> None:
    with client.websocket_connect("/api/matches/ZZ%C3%A9/ws") as ws:
        ws.send_json({"type": "hello", "token": "abc"})
        assert "no such match" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize("maybe_stored", [False, True])
def test_a_database_that_does_not_answer_is_a_truthful_503(
    app: Starlette, service: TableService, monkeypatch: pytest.MonkeyPatch, maybe_stored: bool
) -> None:
    def away(*_args: object, **_kwargs: object) -> None:
        raise StoreUnavailableError("locked", maybe_stored=maybe_stored)

    monkeypatch.setattr(service, "create_match", away)
    with TestClient(app, raise_server_exceptions=False) as faulty:
        response = faulty.post("/api/matches", json={"level": "simple"})
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1"
    said = response.json()["error"]
    assert ("may have been made" in said) is maybe_stored
    assert ("nothing was stored" in said) is not maybe_stored
    _secured(response.headers)


def test_an_action_naming_a_key_twice_changes_nothing(
    client: TestClient, service: TableService, seats: tuple[str, tuple[str, str]]
) -> None:
    """Python kept the last of the two; another reader (a proxy, a log) the first."""
    match_id, tokens = seats
    token = to_act_token(client, match_id, tokens)
    before = _snapshot(client, service, match_id, tokens)
    legal = view(client, match_id, token)["legal_actions"]
    body = f'{{"action": "{legal[0]}", "action": "{legal[-1]}"}}'.encode()
    response = client.post(
        f"/api/matches/{match_id}/actions", content=body, headers={**JSON, **bearer(token)}
    )
    assert response.status_code == 400 and "twice" in response.json()["error"], response.text
    assert _snapshot(client, service, match_id, tokens) == before


def test_a_wrong_method_is_405_naming_every_method_the_path_takes(
    client: TestClient, seats: tuple[str, tuple[str, str]]
) -> None:
    match_id, (token, _theirs) = seats
    wrong = client.put(f"/api/matches/{match_id}", headers=bearer(token))
    assert wrong.status_code == 405, wrong.text
    allowed = {method.strip() for method in wrong.headers["allow"].split(",")}
    assert allowed == {"GET", "HEAD", "DELETE"}
    _secured(wrong.headers)
    for method in ("GET", "DELETE"):
        lookup = client.request(method, "/api/matches/lookup")
        assert lookup.status_code == 405, lookup.text  # not 404: the path is there
        assert lookup.headers["allow"] == "POST" and "POST" in lookup.json()["error"]
    assert view(client, match_id, token)["match_id"] == match_id
