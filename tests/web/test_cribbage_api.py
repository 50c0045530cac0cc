"""Cribbage through the web table's JSON API: the lobby's options per game, creating a match
(against the computer or a friend), a seat's view, actions and their refusals, hints, the
replay of a finished deal, the next match of the series, the lesson; and, against the
database's truth, that no response or pushed view ever carries the opponent's unplayed
cards, their half of the crib before it is shown, or the cards still in the deck."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from cardtable.cards import commitment
from cardtable.table import SeatSpec, TableService
from cardtable.web import rules_page
from tests.cards_in_json import card_strings

from .webhelpers import bearer, settled, view

SHORT = {"game": "cribbage", "preset": "short", "level": "simple"}
ITEM_KINDS = {"fifteen", "pair", "pair royal", "double pair royal", "run", "flush", "nobs"}


def crib_match(client: TestClient, **body: Any) -> dict[str, Any]:
    """A Cribbage match made by the API (a field given as None is left out)."""
    sent = {key: value for key, value in {**SHORT, **body}.items() if value is not None}
    response = client.post("/api/matches", json=sent)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    if sent.get("opponent", "computer") == "computer":  # the computer may lay away first
        data["view"] = settled(client, data["match_id"], data["token"])
    return data


def seeded(
    service: TableService, seed: str, preset: str = "short", friend: bool = False
) -> tuple[str, list[str]]:
    """A match with a fixed deal (the API gives no way to choose a seed: a player who chose
    it would know the deck); its id and the people's tokens."""
    second = SeatSpec("human", "Bo") if friend else SeatSpec("computer", level="simple")
    rules = service.make_rules("cribbage", preset, {})
    created = service.create_match(
        (SeatSpec("human", "Ann"), second), rules=rules, seed=seed, game="cribbage"
    )
    return created.match_id, [t for t in created.tokens if t is not None]


def act(client: TestClient, match_id: str, token: str, action: str, **extra: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/actions", headers=bearer(token), json={"action": action, **extra}
    )


def a_move(current: dict[str, Any]) -> str:
    """A legal action for the seat to act: the first listed; a muggins count states 0 (never
    more than the show holds); a count stated is accepted."""
    legal: list[str] = current["legal_actions"]
    if any(a.startswith("count") for a in legal):
        return "count 0"
    return "accept" if "accept" in legal else legal[0]


def play_until(
    client: TestClient, match_id: str, tokens: list[str], done: Any, limit: int = 600
) -> dict[str, Any]:
    """Play the people's seats (first legal moves) until ``done(view)``; the last view."""
    for _ in range(limit):
        views = [view(client, match_id, token) for token in tokens]
        if done(views[0]):
            return views[0]
        mover = next((i for i, v in enumerate(views) if v["my_turn"]), None)
        if mover is None:  # the computer's turn: it answers by itself (else this fails)
            settled(client, match_id, tokens[0])
            continue
        response = act(client, match_id, tokens[mover], a_move(views[mover]))
        assert response.status_code == 200, response.text
    raise AssertionError("the match did not get there")


# -- the lobby's options ---------------------------------------------------------------------


def test_options_are_given_per_game_and_gin_stays_the_default(client: TestClient) -> None:
    gin = client.get("/api/options").json()
    assert gin["game"] == "gin" and "knock_threshold" in gin["settings"]
    assert [g["game"] for g in gin["games"]] == ["gin", "cribbage"]
    assert {g["title"] for g in gin["games"]} == {"Gin Rummy", "Cribbage"}
    crib = client.get("/api/options?game=cribbage").json()
    assert crib["game"] == "cribbage" and crib["title"] == "Cribbage"
    assert {"standard", "short", "muggins"} <= set(crib["presets"])
    assert crib["presets"]["short"]["target"] == 61
    assert crib["presets"]["muggins"]["muggins"] is True
    assert {"target", "skunk_line", "double_skunk_line", "muggins"} <= set(crib["settings"])
    assert crib["default_level"] in crib["levels"] and "simple" in crib["levels"]
    assert crib["games"] == gin["games"]


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [("?game=poker", 422, "unknown game 'poker'"), ("?colour=red", 400, "unknown parameter")],
)
def test_options_refuse_an_unknown_game_or_parameter(
    client: TestClient, query: str, status: int, words: str
) -> None:
    response = client.get(f"/api/options{query}")
    assert response.status_code == status and words in response.json()["error"]


# -- creating a match ------------------------------------------------------------------------


def test_create_a_cribbage_match_against_the_computer(client: TestClient) -> None:
    data = crib_match(client, name="Ann", settings={"muggins": True})
    seat = data["view"]
    assert seat["game"] == "cribbage" and data["invite"] is None and seat["seat"] == 0
    assert seat["rules"]["target"] == 61 and seat["rules"]["muggins"] is True
    assert seat["players"][1] == {"kind": "computer", "name": "Simple", "level": "simple"}
    assert seat["board"]["target"] == 61 and seat["board"]["skunk_line"] == 31
    assert seat["status"] == "active" and seat["phase"] in ("discard", "play")
    assert len(seat["commitment"]) == 64
    summary = client.post(
        "/api/matches/lookup",
        json={"seats": [{"match_id": data["match_id"], "token": data["token"]}]},
    ).json()["matches"][0]
    # (a match no one has moved in yet has no figures stored: the lobby reads them as 0-0)
    assert summary["game"] == "cribbage" and summary.get("scores", [0, 0]) == seat["board"]["pegs"]


def test_create_a_cribbage_match_for_a_friend(client: TestClient) -> None:
    data = crib_match(client, opponent="friend", name="Ann", friend_name="Bo", level=None)
    theirs = data["invite"]["token"]
    first, second = (
        view(client, data["match_id"], data["token"]),
        view(client, data["match_id"], theirs),
    )
    assert (first["seat"], second["seat"]) == (0, 1)
    assert first["game"] == second["game"] == "cribbage"
    assert [p["name"] for p in second["players"]] == ["Ann", "Bo"]
    assert len(first["hand"]) == len(second["hand"]) == 6


def test_the_default_game_is_still_gin(client: TestClient) -> None:
    response = client.post("/api/matches", json={"level": "simple"})
    assert response.status_code == 201
    assert response.json()["view"]["game"] == "gin"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "poker"}, 422, "unknown game 'poker'"),
        ({"game": 3}, 400, "game must be a string"),
        ({"game": "cribbage", "level": "grandmaster"}, 422, "unknown level"),
        ({"game": "cribbage", "preset": "vegas"}, 422, "vegas"),
        ({"game": "cribbage", "settings": {"target": 20}}, 422, "target"),
        ({"game": "cribbage", "settings": {"knock_threshold": 5}}, 422, "knock_threshold"),
        ({"game": "cribbage", "settings": {"double_skunk_line": 100}}, 422, "double_skunk_line"),
        (
            {"game": "cribbage", "settings": {"double_skunk_games": 1}},
            422,
            "a double skunk is worth no fewer games than a skunk",
        ),
        ({"game": "cribbage", "settings": "short"}, 400, "settings"),
    ],
)
def test_create_refuses_bad_cribbage_setups(
    client: TestClient, service: TableService, body: dict[str, Any], status: int, words: str
) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert service.list_matches() == []


# -- playing -----------------------------------------------------------------------------------


def test_a_discard_a_play_and_go_are_the_servers_action_texts(client: TestClient) -> None:
    data = crib_match(client)
    match_id, token = data["match_id"], data["token"]
    seat = data["view"]
    assert seat["phase"] == "discard" and seat["my_turn"]
    first, second = seat["hand"][0], seat["hand"][1]
    # Either order of the two cards is the same discard.
    response = act(client, match_id, token, f"discard {second} {first}")
    assert response.status_code == 200, response.text
    assert sorted(response.json()["laid_away"]) == sorted([first, second])
    after = settled(client, match_id, token)  # the computer lays away, and perhaps leads
    assert sorted(after["laid_away"]) == sorted([first, second])
    assert after["opponent_laid_away"] and after["starter"] is not None
    assert after["phase"] == "play" and len(after["hand"]) == 4
    assert [e["action"] for e in after["events"][:2]].count("discard") == 1  # theirs: no cards
    assert after["my_turn"]  # the computer led, or it is ours to lead
    assert all(a.startswith("play") or a == "go" for a in after["legal_actions"])
    played = act(client, match_id, token, after["legal_actions"][0]).json()
    assert played["action_count"] > after["action_count"]
    assert any(p["seat"] == 0 for p in played["plays"])


@pytest.mark.parametrize(
    ("action", "status", "words"),
    [
        ("play 2C", 422, "first each player lays away two cards"),
        ("discard QS", 422, "discard names the two cards"),
        ("discard AS AS", 422, "two different cards"),
        ("go", 422, "lays away"),
        ("count 12", 422, "lays away"),
        ("shuffle", 422, "unknown action 'shuffle'"),
        ("", 400, "send"),
    ],
)
def test_an_illegal_action_is_refused_naming_the_rule(
    client: TestClient, action: str, status: int, words: str
) -> None:
    data = crib_match(client)
    response = act(client, data["match_id"], data["token"], action)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    after = view(client, data["match_id"], data["token"])
    assert after["action_count"] == data["view"]["action_count"]


def test_a_card_not_held_or_past_31_or_a_go_not_due_is_refused(
    client: TestClient, service: TableService
) -> None:
    match_id, (token,) = seeded(service, "api-past-31")
    hand = view(client, match_id, token)["hand"]
    other = next(c for c in ("AS", "AH", "AD", "AC", "2S", "2H", "2D") if c not in hand)
    response = act(client, match_id, token, f"discard {hand[0]} {other}")
    assert response.status_code == 422 and "not in your hand" in response.json()["error"]

    def past_31(v: dict[str, Any]) -> bool:
        held = [c for c in v["hand"] if f"play {c}" not in v["legal_actions"]]
        return v["status"] != "active" or (v["phase"] == "play" and v["my_turn"] and bool(held))

    current = play_until(client, match_id, [token], past_31)
    assert current["status"] == "active", "no card ever passed 31 in this game"
    too_high = next(c for c in current["hand"] if f"play {c}" not in current["legal_actions"])
    response = act(client, match_id, token, f"play {too_high}")
    assert response.status_code == 422 and "may not pass 31" in response.json()["error"]
    if "go" not in current["legal_actions"]:
        response = act(client, match_id, token, "go")
        assert response.status_code == 422 and "you must play it" in response.json()["error"]
    assert view(client, match_id, token)["action_count"] == current["action_count"]


def test_stale_out_of_turn_and_tokenless_actions_are_refused(client: TestClient) -> None:
    data = crib_match(client, opponent="friend", level=None)
    match_id, mine, theirs = data["match_id"], data["token"], data["invite"]["token"]
    # Both lay away at once: one has, and may not again; the other's stale move is refused.
    laid = view(client, match_id, mine)
    assert act(client, match_id, mine, laid["legal_actions"][0]).status_code == 200
    hand = view(client, match_id, mine)["hand"]
    response = act(client, match_id, mine, f"discard {hand[0]} {hand[1]}")
    assert response.status_code == 409 and "not your turn" in response.json()["error"]
    moving = view(client, match_id, theirs)
    response = act(client, match_id, theirs, moving["legal_actions"][0], expected=7)
    assert response.status_code == 409 and "moved on" in response.json()["error"]
    response = client.post(f"/api/matches/{match_id}/actions", json={"action": "go"})
    assert response.status_code == 401
    response = act(client, match_id, "not-a-token", "go")
    assert response.status_code == 403
    assert view(client, match_id, mine)["action_count"] == 1


def test_a_hint_is_a_legal_action_with_its_text(client: TestClient) -> None:
    data = crib_match(client, opponent="friend", level=None)
    match_id = data["match_id"]
    tokens = [data["token"], data["invite"]["token"]]
    views = [view(client, match_id, t) for t in tokens]
    assert views[0]["my_turn"] and views[1]["my_turn"]  # both lay away at once
    for mover in (0, 1):
        response = client.post(f"/api/matches/{match_id}/hint", headers=bearer(tokens[mover]))
        assert response.status_code == 200, response.text
        hint = response.json()
        assert hint["action"] in views[mover]["legal_actions"] and hint["text"]
    assert act(client, match_id, tokens[0], views[0]["legal_actions"][0]).status_code == 200
    refused = client.post(f"/api/matches/{match_id}/hint", headers=bearer(tokens[0]))
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]


def test_a_finished_hand_replays_with_its_seed_revealed(client: TestClient) -> None:
    data = crib_match(client)
    match_id, token = data["match_id"], data["token"]
    first_commitment = data["view"]["commitment"]
    refused = client.get(f"/api/matches/{match_id}/hands/1", headers=bearer(token))
    assert refused.status_code == 422 and "not finished" in refused.json()["error"]
    current = play_until(client, match_id, [token], lambda v: v["last_hand"] is not None)
    last = current["last_hand"]
    assert last["deal"] == 1 and commitment(last["seed"]) == last["commitment"] == first_commitment
    assert current["commitment"] != first_commitment  # the next deal has its own
    response = client.get(f"/api/matches/{match_id}/hands/1", headers=bearer(token))
    assert response.status_code == 200
    replay = response.json()
    assert replay["seed"] == last["seed"] and len(replay["crib"]) == 4
    assert [s["kind"] for s in replay["shows"]][:1] in ([], ["hand"])
    assert replay["steps"][0]["action"].startswith("discard")
    assert all(len(hand) == 6 for hand in replay["dealt"])
    for show in replay["shows"]:
        assert sum(item["points"] for item in show["items"]) == show["total"]
        assert {item["kind"] for item in show["items"]} <= ITEM_KINDS
    gone = client.get(f"/api/matches/{match_id}/hands/9", headers=bearer(token))
    assert gone.status_code == 422


def test_a_whole_game_then_the_next_match_of_the_series(client: TestClient) -> None:
    data = crib_match(client)
    match_id, token = data["match_id"], data["token"]
    early = client.post(f"/api/matches/{match_id}/next", headers=bearer(token))
    assert early.status_code == 409 and "not over" in early.json()["error"]
    final = play_until(client, match_id, [token], lambda v: v["status"] == "finished")
    assert final["phase"] == "done" and final["legal_actions"] == []
    winner = final["final"]["winner"]
    assert final["board"]["pegs"][winner] >= 61
    assert len(final["games"]) == 1 and final["games"][0]["winner"] == winner
    assert final["games"][0]["kind"] in ("game", "skunk", "double skunk")
    assert final["game_points"][winner] == final["games"][0]["game_points"] >= 1
    assert final["commitment"] is None and final["last_hand"]["winner"] == winner
    response = client.post(f"/api/matches/{match_id}/next", headers=bearer(token))
    assert response.status_code == 201, response.text
    following = response.json()
    assert following["match_id"] != match_id and following["view"]["game"] == "cribbage"
    assert following["view"]["rules"] == final["rules"]
    assert view(client, match_id, token)["next_match"] == following["match_id"]
    again = client.post(f"/api/matches/{match_id}/next", headers=bearer(token)).json()
    assert again["match_id"] == following["match_id"]


def test_muggins_states_a_count_and_the_opponent_answers(client: TestClient) -> None:
    data = crib_match(client, opponent="friend", level=None, preset="muggins")
    match_id = data["match_id"]
    tokens = [data["token"], data["invite"]["token"]]
    counting = play_until(client, match_id, tokens, lambda v: v["phase"] == "count")
    owner = counting["counting"]["seat"]
    owner_view = view(client, match_id, tokens[owner])
    assert owner_view["my_turn"] and owner_view["counting"]["stated"] is None
    assert set(owner_view["counting"]) == {"seat", "kind", "cards", "starter", "stated"}
    # The seat is not told what its show holds: it counts it itself.
    assert not [a for a in owner_view["legal_actions"] if a.startswith("count ")]
    # Any count a show may hold is taken (refusing too many would tell the count), and it
    # is final; more than any show holds is refused.
    over = act(client, match_id, tokens[owner], "count 30")
    assert over.status_code == 422 and "at most 29" in over.json()["error"]
    too_many = act(client, match_id, tokens[owner], "count 29")
    assert too_many.status_code == 200, too_many.text
    again = act(client, match_id, tokens[owner], "count 0")
    assert again.status_code == 409 and "not your turn" in again.json()["error"]
    answering = view(client, match_id, tokens[1 - owner])
    assert answering["phase"] == "answer" and answering["legal_actions"] == ["muggins", "accept"]
    assert answering["counting"]["stated"] == 29
    response = act(client, match_id, tokens[1 - owner], "muggins")
    assert response.status_code == 200
    shown = response.json()["shows"][0]
    assert shown["stated"] == 29 and shown["muggins"] == 29 - shown["total"]
    assert shown["pegged"] == shown["total"] and shown["called"] is True


# -- what a seat is never sent ---------------------------------------------------------------


def crib_hidden(
    service: TableService, match_id: str, seat: int, count: int | None = None
) -> set[str]:
    """Cards ``seat`` must not see, from the database's record after its first ``count``
    actions (all when ``None``): the opponent's cards not yet played, their half of the
    crib until the crib is shown, the rest of the deck (the starter too, until it is
    turned). A view is checked at its own count: the computer may have moved since."""
    from cardtable.cribbage.game import CRIBBAGE
    from cardtable.cribbage.hand import Phase
    from cardtable.store import Store

    store = Store(service.database_url)
    try:
        stored = store.get_match(match_id)
        assert stored is not None
        actions = [(a.seat, a.action) for a in store.actions(match_id)][:count]
        match = CRIBBAGE.rebuild(stored.rules, stored.seed, stored.first_dealer, actions)
    finally:
        store.close()
    if match.is_over:
        return set()
    hand = match.current
    other = 1 - seat
    hidden = {str(c) for c in hand.cards[other]}
    crib_shown = (hand.phase is Phase.COUNT and len(hand.shows) >= 2) or (
        hand.phase is Phase.ANSWER and len(hand.shows) >= 3
    )
    if not crib_shown:
        hidden |= {str(c) for c in hand.laid_away[other]}
    undealt = hand.deck[12:] if hand.starter is None else hand.deck[13:]
    return hidden | {str(c) for c in undealt}


class CribSeat:
    """One seat's client: everything it receives is checked against the truth as it comes."""

    def __init__(
        self, client: TestClient, service: TableService, match_id: str, token: str
    ) -> None:
        self.client = client
        self.service = service
        self.match_id = match_id
        self.token = token
        self.seat = view(client, match_id, token)["seat"]
        self.checked = 0

    def check(self, data: Any) -> None:
        shown = data.get("view", data) if isinstance(data, dict) else {}
        count = shown.get("action_count") if isinstance(shown, dict) else None
        hidden = crib_hidden(self.service, self.match_id, self.seat, count)
        leaked = card_strings(data, frozenset({"last_hand"})) & hidden
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


def drain(ws: WebSocketTestSession, seat: CribSeat, count: int) -> None:
    for _ in range(50):
        message = ws.receive_json()
        seat.check(message)
        if message["type"] == "view" and message["view"]["action_count"] >= count:
            return
    raise AssertionError("no view pushed")


def test_no_seat_is_sent_the_opponents_hidden_cards_through_a_muggins_match(
    client: TestClient, service: TableService
) -> None:
    created = client.post(
        "/api/matches",
        json={
            "game": "cribbage",
            "opponent": "friend",
            "preset": "muggins",
            "settings": {"target": 61, "skunk_line": 31, "double_skunk_line": None},
        },
    ).json()
    match_id = created["match_id"]
    seats = [
        CribSeat(client, service, match_id, created["token"]),
        CribSeat(client, service, match_id, created["invite"]["token"]),
    ]
    seats[0].check(created)
    base = f"/api/matches/{match_id}"
    phases: set[str] = set()
    with (
        client.websocket_connect(f"{base}/ws") as ws0,
        client.websocket_connect(f"{base}/ws") as ws1,
    ):
        sockets = (ws0, ws1)
        for seat, ws in zip(seats, sockets, strict=True):
            ws.send_json({"type": "hello", "token": seat.token})
            drain(ws, seat, 0)
        for turn in range(800):
            views = [seat.get(base) for seat in seats]
            if views[0]["status"] != "active":
                break
            phases.add(views[0]["phase"])
            mover = next(s for s, v in zip(seats, views, strict=True) if v["my_turn"])
            current = views[mover.seat]
            if turn % 7 == 0:
                mover.post(f"{base}/hint")
                held = {"match_id": match_id, "token": mover.token}
                mover.post("/api/matches/lookup", {"seats": [held]})
            move = a_move(current)
            if current["phase"] == "answer":
                move = "muggins" if turn % 2 else "accept"
            response = mover.post(f"{base}/actions", {"action": move})
            assert "error" not in response, response
            for seat, ws in zip(seats, sockets, strict=True):
                drain(ws, seat, response["action_count"])
        else:
            raise AssertionError("the match did not end")
    assert {"discard", "play", "count", "answer"} <= phases
    assert all(seat.checked >= 2 * turn for seat in seats)


def test_against_the_computer_the_crib_half_and_hand_stay_hidden(
    client: TestClient, service: TableService
) -> None:
    created = crib_match(client)
    seat = CribSeat(client, service, created["match_id"], created["token"])
    base = f"/api/matches/{created['match_id']}"
    for _ in range(300):
        settled(client, created["match_id"], created["token"])  # the computer's answer
        current = seat.get(base)
        if current["status"] != "active":
            break
        assert "hand" not in current["board"] and current["opponent_cards"] <= 6
        seat.post(f"{base}/actions", {"action": a_move(current)})
    else:
        raise AssertionError("the match did not end")
    replay = seat.get(f"{base}/hands/1")
    assert len(replay["crib"]) == 4  # the finished deal is public in full


# -- the lesson and the rules page -------------------------------------------------------------


def test_the_cribbage_lesson_through_the_api(client: TestClient) -> None:
    from cardtable.cribbage.lesson import LESSON_STEPS

    response = client.post("/api/lessons", json={"game": "cribbage"})
    assert response.status_code == 201, response.text
    lesson = response.json()
    assert lesson["game"] == "cribbage" and lesson["lesson"]["key"] == LESSON_STEPS[0].key
    url = f"/api/lessons/{lesson['lesson_id']}"
    for step in LESSON_STEPS:
        if step.action:
            wrong = client.post(url, json={"action": "go"}).json()
            assert wrong["ok"] is False and wrong["lesson"]["message"]
            lesson = client.post(url, json={"action": step.action}).json()
        else:
            lesson = client.post(url, json={"advance": True}).json()
        assert lesson["ok"] is True, lesson["lesson"]
    assert lesson["lesson"]["finished"] and len(lesson["shows"]) == 3
    assert client.post("/api/lessons", json={}).json()["lesson"]["key"] == "sets"  # gin's


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [({"game": "poker"}, 422, "no lesson for 'poker'"), ({"level": 1}, 400, "unknown field")],
)
def test_a_lesson_of_no_game_is_refused(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    response = client.post("/api/lessons", json=body)
    assert response.status_code == status and words in response.json()["error"]


def test_the_rules_route_serves_a_cribbage_page_once_it_is_there(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = rules_page.RULES / "cribbage.md"
    if installed.is_file():
        page = client.get("/rules/cribbage")
        assert page.status_code == 200 and "<h1>" in page.text
    (tmp_path / "cribbage.md").write_text(
        "# Cribbage\n\n## The show\n\n| combination | points |\n| --- | --- |\n| nobs | 1 |\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(rules_page, "RULES", tmp_path)
    rules_page.render_rules.cache_clear()
    try:
        page = client.get("/rules/cribbage")
        assert page.status_code == 200
        assert "<title>Cribbage</title>" in page.text and "<table>" in page.text
        assert client.get("/rules/gin").status_code == 404  # only what the folder holds
    finally:
        rules_page.render_rules.cache_clear()
