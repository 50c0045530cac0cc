"""The learning aids are made only for a seat that asks for them (``?aids=1`` on the view,
``"aids": true`` with an action or in the socket's hello, the socket's ``aids`` message):
most players never turn them on, and they cost as much as the rest of a view. A view that
did not ask has them null (gin's stock warning, which the page always shows, stays), and
asking for them changes nothing at the table."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from .webhelpers import act, bearer, friend_match, some_move, to_act_token, view

GIN_COSTLY = ("tracker", "feed", "knock_advice")
CRIBBAGE_COSTLY = ("tracker", "lay_away", "play_risk")


def with_aids(client: TestClient, match_id: str, token: str, query: str = "?aids=1") -> Any:
    return client.get(f"/api/matches/{match_id}{query}", headers=bearer(token))


def next_view(ws: WebSocketTestSession) -> dict[str, Any]:
    for _ in range(20):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view":
            return message
    raise AssertionError("no view came")


def assert_without(aids: dict[str, Any], costly: tuple[str, ...] = GIN_COSTLY) -> None:
    assert all(aids[name] is None for name in costly), aids


def assert_with(aids: dict[str, Any], costly: tuple[str, ...] = GIN_COSTLY) -> None:
    assert all(aids[name] is not None for name in costly), aids


def test_a_view_holds_the_aids_only_when_asked(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client)
    plain = view(client, match_id, mine)
    assert_without(plain["aids"])
    # The stock's warning is no aid to switch on: every view has it.
    assert plain["aids"]["stock_left"] > 0 and plain["aids"]["stock_warning"] is False
    for query in ("?aids=1", "?aids=true"):
        aided = with_aids(client, match_id, mine, query).json()
        assert_with(aided["aids"])
        assert len(aided["aids"]["tracker"]) == 52
        # Everything but the aids is the same table.
        assert {k: v for k, v in aided.items() if k != "aids"} == {
            k: v for k, v in plain.items() if k != "aids"
        }
    for query in ("?aids=0", "?aids=false"):
        assert_without(with_aids(client, match_id, mine, query).json()["aids"])


@pytest.mark.parametrize("query", ["?aids=yes", "?aids=2", "?aids="])
def test_an_odd_aids_value_is_refused(client: TestClient, query: str) -> None:
    match_id, mine, _theirs = friend_match(client)
    response = with_aids(client, match_id, mine, query)
    assert response.status_code == 400
    assert "aids is 1" in response.json()["error"]


def test_an_action_answers_with_the_aids_when_asked(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    before = view(client, match_id, token)
    refused = act(client, match_id, token, some_move(before), aids="yes")
    assert refused.status_code == 400 and "aids must be true" in refused.json()["error"]
    assert view(client, match_id, token)["action_count"] == before["action_count"]
    answer = act(client, match_id, token, some_move(before), aids=True)
    assert answer.status_code == 200, answer.text
    assert_with(answer.json()["aids"])
    token = to_act_token(client, match_id, tokens)
    plain = act(client, match_id, token, some_move(view(client, match_id, token)))
    assert plain.status_code == 200 and plain.json()["action_count"] == before["action_count"] + 2
    assert_without(plain.json()["aids"])


def test_a_socket_asks_in_its_hello_and_turns_them_on_and_off(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": mine, "aids": True})
        first = next_view(ws)["view"]
        assert_with(first["aids"])
        # Pushed after a change, and in the answer to its own move: with the aids.
        token = to_act_token(client, match_id, (mine, theirs))
        if token == theirs:
            moved = act(client, match_id, theirs, some_move(view(client, match_id, theirs)))
            assert moved.status_code == 200, moved.text
            assert_with(next_view(ws)["view"]["aids"])
        own = view(client, match_id, mine)
        ws.send_json({"type": "act", "action": some_move(own), "expected": own["action_count"]})
        answer = next_view(ws)
        assert "reply" in answer and answer["view"]["action_count"] == own["action_count"] + 1
        assert_with(answer["view"]["aids"])
        # Off: the view as it now is comes again, without them; and its pushes after.
        ws.send_json({"type": "aids", "on": False})
        again = next_view(ws)["view"]
        assert again["action_count"] == own["action_count"] + 1
        assert_without(again["aids"])
        moved = act(client, match_id, theirs, some_move(view(client, match_id, theirs)))
        assert moved.status_code == 200, moved.text
        assert_without(next_view(ws)["view"]["aids"])
        ws.send_json({"type": "aids", "on": "yes"})
        error = ws.receive_json()
        assert error["type"] == "error" and '"on": true or false' in error["error"]


def test_a_socket_that_does_not_ask_has_none(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client)
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": mine})
        assert_without(next_view(ws)["view"]["aids"])
        ws.send_json({"type": "aids", "on": True})
        assert_with(next_view(ws)["view"]["aids"])


def test_a_hello_with_an_odd_aids_value_is_refused(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client)
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": mine, "aids": 1})
        error = ws.receive_json()
        assert error["type"] == "error" and "aids is true" in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_cribbage_views_hold_their_aids_only_when_asked(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client, game="cribbage", preset="short")
    assert_without(view(client, match_id, mine)["aids"], CRIBBAGE_COSTLY)
    aided = with_aids(client, match_id, mine).json()["aids"]
    assert_with(aided, CRIBBAGE_COSTLY)
    assert aided["lay_away"], "the seat lays away first: the advisor has its best throws"
