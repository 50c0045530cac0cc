"""The table's WebSocket: a seat's token opens it, and it pushes that seat's views."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from cardtable.store import StoreUnavailableError
from cardtable.table import TableService

from .webhelpers import act, friend_match, new_match, some_move, to_act_token, view


def ws_url(match_id: str) -> str:
    return f"/api/matches/{match_id}/ws"


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of a type, skipping others (presence comes and goes)."""
    for _ in range(20):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def presence_until(ws: WebSocketTestSession, online: list[bool]) -> None:
    for _ in range(5):
        if next_of(ws, "presence")["online"] == online:
            return
    raise AssertionError(f"presence never became {online}")


def test_hello_opens_the_seat_and_gets_its_view(client: TestClient) -> None:
    match_id, _mine, theirs = friend_match(client)
    with client.websocket_connect(ws_url(match_id)) as ws:
        ws.send_json({"type": "hello", "token": theirs})
        message = next_of(ws, "view")
        assert message["view"]["seat"] == 1
        assert message["view"] == view(client, match_id, theirs)


def test_an_action_is_pushed_to_both_seats(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    with (
        client.websocket_connect(ws_url(match_id)) as first,
        client.websocket_connect(ws_url(match_id)) as second,
    ):
        first.send_json({"type": "hello", "token": mine})
        start = next_of(first, "view")["view"]["action_count"]
        second.send_json({"type": "hello", "token": theirs})
        next_of(second, "view")
        presence_until(first, [True, True])
        token = to_act_token(client, match_id, tokens)
        assert act(client, match_id, token, "pass").status_code == 200
        for ws, seat in ((first, 0), (second, 1)):
            pushed = next_of(ws, "view")["view"]
            assert pushed["seat"] == seat and pushed["action_count"] == start + 1


def test_presence_says_who_has_the_table_open(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    with client.websocket_connect(ws_url(match_id)) as first:
        first.send_json({"type": "hello", "token": mine})
        next_of(first, "view")
        assert next_of(first, "presence")["online"] == [True, False]
        with client.websocket_connect(ws_url(match_id)) as second:
            second.send_json({"type": "hello", "token": theirs})
            next_of(second, "view")
            presence_until(first, [True, True])
        presence_until(first, [True, False])


def opened(ws: WebSocketTestSession, token: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    first: dict[str, Any] = next_of(ws, "view")["view"]
    return first


def answer_to(ws: WebSocketTestSession, reply: int) -> dict[str, Any]:
    """The answer to the socket's action ``reply``: a view or an error naming it."""
    for _ in range(20):
        message: dict[str, Any] = ws.receive_json()
        if message.get("reply") == reply:
            return message
        assert message["type"] in ("presence", "view"), f"before the answer: {message}"
    raise AssertionError(f"no answer to action {reply}")


def test_a_move_over_the_socket_is_answered_with_its_view_once(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    with (
        client.websocket_connect(ws_url(match_id)) as first,
        client.websocket_connect(ws_url(match_id)) as second,
    ):
        sockets = {mine: first, theirs: second}
        start = opened(first, mine)
        opened(second, theirs)
        presence_until(first, [True, True])
        token = to_act_token(client, match_id, (mine, theirs))
        acting, other = sockets[token], sockets[mine if token == theirs else theirs]
        seen = view(client, match_id, token)
        move = some_move(seen)
        acting.send_json({"type": "act", "action": move, "expected": seen["action_count"], "id": 7})
        answer = answer_to(acting, 7)
        assert answer["type"] == "view"
        assert answer["view"]["action_count"] == start["action_count"] + 1
        assert answer["view"] == view(client, match_id, token)  # stored: any request sees it
        pushed = next_of(other, "view")["view"]
        assert pushed["action_count"] == start["action_count"] + 1
        assert pushed["seat"] != answer["view"]["seat"]
        # The push of the same view to the page that moved is not sent again.
        acting.send_json({"type": "ping"})
        while (message := acting.receive_json())["type"] == "presence":
            pass
        assert message == {"type": "pong"}


def test_a_move_refused_over_the_socket_says_why_and_changes_nothing(
    client: TestClient,
) -> None:
    match_id, mine, theirs = friend_match(client)
    token = to_act_token(client, match_id, (mine, theirs))
    waiting = mine if token == theirs else theirs
    before = view(client, match_id, token)
    count = before["action_count"]
    move = some_move(before)
    refusals: list[tuple[str, dict[str, Any], int, str]] = [
        (token, {"action": move, "expected": count - 1}, 409, "moved on"),
        (token, {"action": "discard ZZ", "expected": count}, 422, ""),
        (waiting, {"action": move, "expected": count}, 409, "turn"),
        (token, {"expected": count}, 400, "action"),
        (token, {"action": move, "expected": True}, 400, "expected"),
        (token, {"action": move, "colour": "red"}, 400, "unknown field 'colour'"),
    ]
    for number, (seat, body, status, words) in enumerate(refusals, start=1):
        with client.websocket_connect(ws_url(match_id)) as ws:
            opened(ws, seat)
            ws.send_json({"type": "act", "id": number, **body})
            answer = answer_to(ws, number)
            assert answer["type"] == "error", (body, answer)
            assert answer["status"] == status, (body, answer)
            assert words in answer["error"]
            over_http = act(client, match_id, seat, body.get("action", ""), **{
                k: v for k, v in body.items() if k != "action"
            })  # fmt: skip
            assert over_http.status_code == status, body  # the same refusal as a POST
            ws.send_json({"type": "ping"})
            assert next_of(ws, "pong") == {"type": "pong"}  # the socket stays open
        assert view(client, match_id, token)["action_count"] == count
    with client.websocket_connect(ws_url(match_id)) as ws:
        opened(ws, token)
        ws.send_json({"type": "act", "action": move, "id": "seven"})
        answer = next_of(ws, "error")
        assert answer["status"] == 400 and "whole number" in answer["error"]
    assert view(client, match_id, token)["action_count"] == count


def test_the_computer_answers_a_move_made_over_the_socket(client: TestClient) -> None:
    created = new_match(client, opponent="computer", level="simple")
    match_id, token = created["match_id"], created["token"]
    with client.websocket_connect(ws_url(match_id)) as ws:
        current = opened(ws, token)
        moves = 0
        while moves < 6 and current["status"] == "active":
            if current["observation"]["to_act"] != current["seat"]:
                current = next_of(ws, "view")["view"]
                continue
            moves += 1
            ws.send_json(
                {"type": "act", "action": some_move(current), "id": moves,
                 "expected": current["action_count"]}
            )  # fmt: skip
            answer = answer_to(ws, moves)
            assert answer["type"] == "view", answer
            assert answer["view"]["action_count"] > current["action_count"]
            current = answer["view"]
        assert moves == 6
        assert view(client, match_id, token)["action_count"] >= current["action_count"]


def test_ping_and_unknown_messages(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client)
    with client.websocket_connect(ws_url(match_id)) as ws:
        ws.send_json({"type": "hello", "token": mine})
        next_of(ws, "view")
        ws.send_json({"type": "ping"})
        assert next_of(ws, "pong") == {"type": "pong"}
        ws.send_json({"type": "dance"})
        assert "unknown message" in next_of(ws, "error")["error"]
        ws.send_text("{nope")
        assert "JSON" in next_of(ws, "error")["error"]
        ws.send_text("[1]")
        assert "object" in next_of(ws, "error")["error"]
        ws.send_text('{"type": "ping", "pad": "' + "x" * 5000 + '"}')
        assert "at most" in next_of(ws, "error")["error"]
        ws.send_bytes(b"\x00\x01")
        assert "text" in next_of(ws, "error")["error"]
        ws.send_json({"type": "ping"})
        assert next_of(ws, "pong") == {"type": "pong"}


@pytest.mark.parametrize(
    ("first", "code", "words"),
    [
        ({"type": "hello", "token": "forged"}, 4403, "does not open a seat"),
        ({"type": "hello"}, 4400, "hello"),
        ({"type": "ping"}, 4400, "hello"),
        ("not json", 4400, "JSON"),
        ({"type": "hello", "token": 12}, 4400, "hello"),
    ],
)
def test_a_bad_first_message_closes_the_socket(
    client: TestClient, first: Any, code: int, words: str
) -> None:
    match_id, _mine, _theirs = friend_match(client)
    with client.websocket_connect(ws_url(match_id)) as ws:
        if isinstance(first, str):
            ws.send_text(first)
        else:
            ws.send_json(first)
        assert words in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_an_unknown_match_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect(ws_url("feedfacefeedface")) as ws:
        ws.send_json({"type": "hello", "token": "whatever"})
        assert "no match" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_database_that_does_not_answer_closes_the_socket_with_try_again(
    client: TestClient, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, mine, _theirs = friend_match(client)

    def away(*_args: object) -> int:
        raise StoreUnavailableError("locked")

    monkeypatch.setattr(service, "seat_of", away)
    with client.websocket_connect(ws_url(match_id)) as ws:
        ws.send_json({"type": "hello", "token": mine})
        assert "database did not answer" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013
