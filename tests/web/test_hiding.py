"""No response, pushed message or page carries the opponent's hidden cards or the stock.

Every JSON string a seat receives is searched for card names; none may be a card that seat
cannot see at that moment: the opponent's cards (less those known from the discard pile) and
every card of the stock. The previous deal's ``last_hand`` is public once that deal is over
(its seed is revealed), so it is the one key left out of the search.
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from cardtable.gin.lesson import COMPUTER, LEARNER, LESSON_STEPS, LessonSession
from cardtable.table import TableService
from cardtable.web.app import STATIC
from tests.cards_in_json import CARD, card_strings

from .webhelpers import (
    bearer,
    hidden_from,
    new_match,
    settled,
    some_move,
    view,
)

PUBLIC = frozenset({"last_hand"})


class Seat:
    """One seat's client: everything it receives is checked as it arrives."""

    def __init__(
        self, client: TestClient, service: TableService, match_id: str, token: str, seat: int
    ) -> None:
        self.client = client
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = seat
        self.checked = 0

    def check(self, data: Any) -> None:
        shown = data.get("view", data) if isinstance(data, dict) else {}
        count = shown.get("action_count") if isinstance(shown, dict) else None
        hidden = hidden_from(self.service, self.match_id, self.seat, count)
        leaked = card_strings(data, PUBLIC) & hidden
        assert not leaked, f"seat {self.seat} was sent hidden cards {sorted(leaked)}"
        self.checked += 1

    def get(self, path: str) -> Any:
        response = self.client.get(path, headers=bearer(self.token))
        self.check(response.json())
        return response.json()

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.client.post(path, headers=bearer(self.token), json=body or {})
        self.check(response.json())
        return response.json()


def drain(ws: WebSocketTestSession, seat: Seat, count: int) -> None:
    """Read pushed messages until a view with ``count`` actions, checking each one."""
    for _ in range(50):
        message = ws.receive_json()
        seat.check(message)
        if message["type"] == "view" and message["view"]["action_count"] >= count:
            return
    raise AssertionError("no view pushed")


def test_nothing_hidden_reaches_either_seat_through_a_whole_match(
    client: TestClient, service: TableService
) -> None:
    expert = _has_expert()
    created = client.post(
        "/api/matches", json={"opponent": "friend", "settings": {"target": 40}}
    ).json()
    match_id = created["match_id"]
    seats = [
        Seat(client, service, match_id, created["token"], 0),
        Seat(client, service, match_id, created["invite"]["token"], 1),
    ]
    seats[0].check(created)
    base = f"/api/matches/{match_id}"
    with (
        client.websocket_connect(f"{base}/ws") as ws0,
        client.websocket_connect(f"{base}/ws") as ws1,
    ):
        sockets = (ws0, ws1)
        for seat, ws in zip(seats, sockets, strict=True):
            ws.send_json({"type": "hello", "token": seat.token})
            drain(ws, seat, 0)
        # The deal is random: a 40-point match mostly ends within 150 moves, rarely past 500.
        for turn in range(2000):
            views = [seat.get(base) for seat in seats]
            if views[0]["status"] != "active":
                break
            for seat in seats:
                held = {"match_id": match_id, "token": seat.token}
                seat.post("/api/matches/lookup", {"seats": [held]})
            mover = next(s for s, v in zip(seats, views, strict=True) if v["legal_actions"])
            current = views[mover.seat]
            if expert and turn % 5 == 0:  # the expert takes a moment: now and then
                mover.post(f"{base}/hint")
            knocks = [a for a in current["legal_actions"] if a.startswith(("knock", "gin"))]
            move = knocks[0] if knocks else some_move(current)
            if move.startswith("discard") and current["discard_deadwood"]:
                card = min(current["discard_deadwood"], key=current["discard_deadwood"].get)
                move = f"discard {card}"
            response = mover.post(f"{base}/actions", {"action": move})
            assert "error" not in response, response
            for seat, ws in zip(seats, sockets, strict=True):
                drain(ws, seat, response["action_count"])
        else:
            raise AssertionError("the match did not end")
    # The deal is random, so the match length is too: a 40-point match can end within a
    # handful of moves. Each move must still have been checked by both seats: a view, a
    # lookup and at least one pushed message apiece.
    moves = turn
    assert moves > 0
    assert all(seat.checked >= 3 * moves for seat in seats)


def test_nothing_hidden_reaches_the_player_against_the_computer(
    client: TestClient, service: TableService
) -> None:
    created = new_match(client, level="simple", settings={"target": 30})
    seat = Seat(client, service, created["match_id"], created["token"], 0)
    seat.check(created)
    base = f"/api/matches/{created['match_id']}"
    for _ in range(300):
        settled(client, created["match_id"], created["token"])  # the computer's answer
        current = seat.get(base)
        if current["status"] != "active":
            break
        knocks = [a for a in current["legal_actions"] if a.startswith(("knock", "gin"))]
        seat.post(f"{base}/actions", {"action": knocks[0] if knocks else some_move(current)})
    else:
        raise AssertionError("the match did not end")


def test_the_lesson_never_shows_the_teachers_hidden_cards(client: TestClient) -> None:
    shadow = LessonSession()  # the same scripted hand, to know what is hidden at each step
    lesson = client.post("/api/lessons").json()
    url = f"/api/lessons/{lesson['lesson_id']}"

    def check(data: Any) -> None:
        hand = shadow.hand
        if hand.is_over:
            return
        hidden = {str(c) for c in hand.cards(COMPUTER)} - {
            str(c) for c in hand.observation(LEARNER).opponent_known
        }
        hidden |= {str(c) for c in _stock_of(hand)}
        assert not card_strings(data) & hidden

    check(lesson)
    for step in LESSON_STEPS[:-1]:
        if step.select:
            check(client.post(url, json={"select": step.select}).json())
            shadow.select(step.select)
        elif step.action:
            check(client.post(url, json={"action": "discard AS"}).json())  # refused
            shadow.act(step.action)
            check(client.post(url, json={"action": step.action}).json())
        else:
            shadow.advance()
            check(client.post(url, json={"advance": True}).json())
    assert shadow.hand.is_over


def test_the_page_and_its_files_carry_no_card_data(client: TestClient) -> None:
    page = client.get("/")
    assert page.content == (STATIC / "index.html").read_bytes()  # static: nothing rendered in
    assert not CARD.findall(_text_only(page.text))
    for path in sorted(STATIC.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for url in _urls(text):
                assert url == "http://www.w3.org/2000/svg", f"{path.name} refers to {url}"


def test_the_views_have_no_deck_or_stock_order(client: TestClient, service: TableService) -> None:
    created = new_match(client)
    data = view(client, created["match_id"], created["token"])
    keys = set(_keys(data))
    assert not keys & {"deck", "stock", "stock_order", "seed", "opponent_cards"}
    assert data["observation"]["opponent_hand"] is None
    assert data["observation"]["stock_count"] == 31


def _has_expert() -> bool:
    try:
        import cardtable.gin.players.expert  # noqa: F401
    except ImportError:
        return False
    return True


def _stock_of(hand: Any) -> list[str]:
    from cardtable.cards import CARDS

    return [str(CARDS[c]) for c in hand._stock]


def _keys(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [k for key, value in data.items() for k in [key, *_keys(value)]]
    if isinstance(data, list):
        return [k for item in data for k in _keys(item)]
    return []


def _text_only(html: str) -> str:
    """The page's text and attribute values, less the SVG path data."""
    import re

    return re.sub(r'\sd="[^"]*"', "", html)


def _urls(text: str) -> list[str]:
    import re

    return re.findall(r"https?://[^\s\"')`]+", text)
