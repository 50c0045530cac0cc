"""Helpers shared by the web tests: a real server in a thread, the seat header, and the
engine-side truth used to check that no response leaks a hidden card."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.testclient import TestClient

from cardtable.store import Store
from cardtable.table import TableService


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn serving the app in a thread of this process."""

    def __init__(self, app: Starlette) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def hidden_from(
    service: TableService, match_id: str, seat: int, count: int | None = None
) -> set[str]:
    """Cards ``seat`` must not see after the match's first ``count`` actions (now, when
    ``None``): the opponent's cards not known from the discard pile, and every card of the
    stock (its order included). A view is checked at its own count: the computer's answer
    is stored after the person's move is answered."""
    match = stored_match(service, match_id, count)
    if match.is_over:
        return set()
    hand = match.current
    opponent = set(str(c) for c in hand.cards(1 - seat))
    known = set(str(c) for c in hand.observation(seat).opponent_known)
    stock = {str(c) for c in _stock(hand)}
    return (opponent - known) | stock


def stored_match(service: TableService, match_id: str, count: int | None = None) -> Any:
    """The engine's match, rebuilt from what the database holds (its first ``count``
    actions; all when ``None``): the truth to check views against, read without the
    service's own state."""
    from cardtable.gin.game import GIN
    from cardtable.store import Store

    store = Store(service.database_url)
    try:
        stored = store.get_match(match_id)
        assert stored is not None
        actions = [(a.seat, a.action) for a in store.actions(match_id)][:count]
        return GIN.rebuild(stored.rules, stored.seed, stored.first_dealer, actions)
    finally:
        store.close()


def _stock(hand: Any) -> list[Any]:
    from cardtable.cards import CARDS

    return [CARDS[c] for c in hand._stock]


def new_match(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("level", "simple")
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def friend_match(client: TestClient, **body: Any) -> tuple[str, str, str]:
    data = new_match(client, opponent="friend", **body)
    return data["match_id"], data["token"], data["invite"]["token"]


def view(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: TestClient, match_id: str, token: str, action: str, **extra: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/actions",
        headers=bearer(token),
        json={"action": action, **extra},
    )


def to_act_token(client: TestClient, match_id: str, tokens: tuple[str, str]) -> str:
    """The token of the seat whose turn it is (friend matches)."""
    first = view(client, match_id, tokens[0])
    return tokens[0] if first["observation"]["to_act"] == first["seat"] else tokens[1]


def some_move(data: dict[str, Any]) -> str:
    """A legal action that keeps the hand going (no knock)."""
    legal = data["legal_actions"]
    for choice in ("draw", "pass"):
        if choice in legal:
            return choice
    discards = [a for a in legal if a.startswith("discard")]
    if discards:
        return discards[0]
    return str(legal[0])


def play_hand(client: TestClient, match_id: str, tokens: tuple[str, str]) -> dict[str, Any]:
    """Play until the first deal is over (knocking whenever possible); the last view."""
    for _ in range(200):
        token = to_act_token(client, match_id, tokens)
        current = view(client, match_id, token)
        if current["last_hand"] is not None or current["status"] != "active":
            return current
        knocks = [a for a in current["legal_actions"] if a.startswith(("knock", "gin"))]
        move = knocks[0] if knocks else some_move(current)
        if move.startswith("discard"):
            move = max(
                (a for a in current["legal_actions"] if a.startswith("discard")),
                key=lambda a: current["discard_deadwood"].get(a.split()[1], 99) * -1,
            )
        assert act(client, match_id, token, move).status_code == 200
    raise AssertionError("the hand did not end")


def settled(client: Any, match_id: str, token: str, within: float = 10.0) -> dict[str, Any]:
    """The seat's view once nothing is left for the computer to do: the seat's turn, or the
    match over. (The computer's answer is durable work that follows the person's move, not
    part of its POST: it arrives by push, and here by asking again.) In Cribbage's lay-away
    both act at once: a computer that leads the play lays away first, so a dealer's view
    waits for that too."""
    deadline = time.monotonic() + within
    while True:
        response = client.get(f"/api/matches/{match_id}", headers=bearer(token))
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        if (data["legal_actions"] and not _computer_lays_away(data)) or data["status"] != "active":
            return data
        if time.monotonic() > deadline:
            raise AssertionError(f"the computer did not answer within {within}s: {data}")
        time.sleep(0.02)


def _computer_lays_away(data: dict[str, Any]) -> bool:
    """Whether a Cribbage computer opponent (the non-dealer) has still to lay away."""
    if data.get("game") != "cribbage" or data.get("phase") != "discard":
        return False
    other = 1 - data["seat"]
    computer = data["players"][other].get("kind") == "computer"
    return computer and data["dealer"] == data["seat"] and not data["opponent_laid_away"]


def turn_in(service: TableService, match_id: str, token: str, within: float = 10.0) -> None:
    """Wait (through the service, not HTTP: no request counted) until the seat may act or
    the match is over: the computer's answer comes from the app's worker."""
    deadline = time.monotonic() + within
    while True:
        seat_view = service.view(match_id, token)
        waiting = _computer_lays_away(seat_view.to_json())
        if (seat_view.legal_actions and not waiting) or seat_view.status != "active":
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the computer did not answer within {within}s")
        time.sleep(0.02)


def worker_table(folder: Path) -> Iterator[tuple[LiveServer, TableService]]:
    """A real server over a SQLite store in ``folder``, its computers played by a worker and
    no request limits (a browser test's clicks would trip them): for a module fixture."""
    store = Store(f"sqlite:///{folder / 'table.db'}")
    service = TableService(store, computers="worker")
    from cardtable.web.app import create_app  # the app, only for the tests that serve it
    from cardtable.web.limits import WebLimits

    with LiveServer(create_app(service, limits=WebLimits.unlimited())) as live:
        yield live, service
    store.close()


def refused_hello(client: TestClient, match_id: str, token: str) -> tuple[str, int]:
    """Say hello on the match's socket when it is to be refused: the error it is told, and
    the code it is then closed with."""
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        said = str(ws.receive_json()["error"])
        try:
            ws.receive_json()
        except WebSocketDisconnect as closed:
            return said, closed.code
    raise AssertionError("the socket was not closed after its error")
