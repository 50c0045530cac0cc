"""The WebSocket hub within bounds (issue 38.1): sockets per seat and per address are
capped, presence is coalesced as views are (it grew with the square of a match's sockets:
600 sockets made 360,523 messages), and a client that sends without reading is closed
before its waiting answers pile up. On a real server process, loopback only, bounded."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cardtable.web import hub

from .processes import ServerProcess
from .webhelpers import friend_match

CAPS = {"CARDTABLE_SOCKETS_PER_SEAT": "4", "CARDTABLE_SOCKETS_PER_ADDRESS": "12"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("sockets")
    with ServerProcess(f"sqlite:///{folder / 'table.db'}", env=CAPS) as running:
        yield running


def _friend_match(server: ServerProcess) -> tuple[str, list[str]]:
    body = {"opponent": "friend"}
    created = httpx.post(f"{server.base}/api/matches", json=body, timeout=10).json()
    return created["match_id"], [created["token"], created["invite"]["token"]]


def _open(server: ServerProcess, match_id: str, token: str | None) -> ClientConnection:
    socket = connect(server.ws_url(match_id), open_timeout=10).__enter__()
    if token is not None:
        socket.send(json.dumps({"type": "hello", "token": token}))
    return socket


def _messages(socket: ClientConnection, quiet: float = 0.5) -> list[dict[str, Any]]:
    """Every message until the socket has been quiet for ``quiet`` seconds, or is closed."""
    found = []
    while True:
        try:
            found.append(json.loads(socket.recv(timeout=quiet)))
        except (TimeoutError, ConnectionClosed):
            return found


def _closed_with(socket: ClientConnection) -> tuple[int | None, list[dict[str, Any]]]:
    said = _messages(socket, 5)
    return socket.close_code, said


def test_a_seats_newest_socket_closes_its_oldest(server: ServerProcess) -> None:
    match_id, tokens = _friend_match(server)
    sockets = []
    try:
        for _ in range(4):
            sockets.append(_open(server, match_id, tokens[0]))
            assert _messages(sockets[-1])[0]["type"] == "view"
        sockets.append(_open(server, match_id, tokens[0]))
        code, said = _closed_with(sockets[0])
        assert code == 4408 and "the oldest" in said[-1]["error"]
        assert _messages(sockets[-1])[0]["type"] == "view"
        for alive in sockets[1:]:
            alive.send(json.dumps({"type": "ping"}))
            assert {"type": "pong"} in _messages(alive)
    finally:
        for socket in sockets:
            socket.close()


def test_an_address_past_its_sockets_is_refused_until_some_close(server: ServerProcess) -> None:
    match_id, _tokens = _friend_match(server)
    waiting = [_open(server, match_id, None) for _ in range(12)]  # no hello yet: they count
    try:
        one_more = _open(server, match_id, None)
        code, said = _closed_with(one_more)
        assert code == 4429 and "too many sockets from your address" in said[-1]["error"]
    finally:
        for socket in waiting:
            socket.close()
    time.sleep(0.3)
    match_id, tokens = _friend_match(server)
    with _open(server, match_id, tokens[0]) as again:
        assert _messages(again)[0]["type"] == "view"


def test_presence_is_sent_once_a_change_not_once_a_socket(server: ServerProcess) -> None:
    """Eight pages of one match open one after another (four a seat): each is told the
    presence when it opens and when it changes, never once for every other page."""
    match_id, tokens = _friend_match(server)
    sockets = []
    try:
        for index in range(8):
            sockets.append(_open(server, match_id, tokens[index % 2]))
            time.sleep(0.05)
        presence = [
            [m["online"] for m in _messages(socket) if m["type"] == "presence"]
            for socket in sockets
        ]
    finally:
        for socket in sockets:
            socket.close()
    assert presence[0] == [[True, False], [True, True]]
    assert all(told == [[True, True]] for told in presence[1:]), presence


def test_a_client_that_sends_without_reading_is_closed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its answers wait in its outbox while it does not read (here: pongs that never leave):
    past MAX_WAITING the socket is closed with 1008, not left to grow."""
    match_id, mine, _theirs = friend_match(client)
    sent = hub._send

    async def never_pong(websocket: Any, data: dict[str, Any]) -> None:
        if data.get("type") == "pong":
            await asyncio.sleep(3600)  # a client that does not read
        await sent(websocket, data)

    monkeypatch.setattr(hub, "_send", never_pong)
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": mine})
        assert ws.receive_json()["type"] == "view"
        for _ in range(hub.MAX_WAITING + 5):
            ws.send_json({"type": "ping"})
        for _ in range(5):
            message = ws.receive_json()
            if message["type"] == "error":
                break
        assert "read them" in message["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008
