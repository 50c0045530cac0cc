"""The web table's HTTP API: every endpoint, and every refusal changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.cards import commitment
from cardtable.gin.deal import deal_from_seed
from cardtable.gin.players import player_names
from cardtable.gin.rules import PRESETS
from cardtable.table import TableService
from cardtable.web.requests import MAX_BODY

from .webhelpers import (
    act,
    bearer,
    friend_match,
    new_match,
    play_hand,
    settled,
    some_move,
    to_act_token,
    view,
)

# -- pages, options, headers ------------------------------------------------------------------


def test_the_page_is_static_and_strictly_local(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert '<script type="module" src="/static/js/main.js">' in response.text
    for path in ("/static/js/main.js", "/static/css/table.css", "/static/favicon.svg"):
        assert client.get(path).status_code == 200


def test_options_list_levels_presets_and_settings(client: TestClient) -> None:
    data = client.get("/api/options").json()
    assert set(data["levels"]) == set(player_names())
    assert data["default_level"] in data["levels"]
    assert set(data["presets"]) == set(PRESETS)
    assert data["presets"]["pagat"]["gin_bonus"] == 20
    assert "knock_threshold" in data["settings"]


def test_unknown_routes_and_methods_answer_json(client: TestClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404 and "error" in response.json()
    response = client.delete("/api/matches")
    assert response.status_code == 405 and "error" in response.json()


# -- creating matches ----------------------------------------------------------------------


def test_create_against_the_computer_with_a_setting_changed(client: TestClient) -> None:
    data = new_match(client, preset="pagat", settings={"target": 150, "knock_threshold": 7})
    assert data["invite"] is None and data["seat"] == 0
    rules = data["view"]["rules"]
    assert rules["target"] == 150 and rules["knock_threshold"] == 7 and rules["gin_bonus"] == 20
    players = data["view"]["players"]
    assert players[1]["kind"] == "computer" and players[1]["level"] == "simple"
    assert all("token" not in p for p in players)
    # The computer's turns are the worker's, after the reply: the stored match can only have
    # moved on from what the reply showed, never back.
    again = view(client, data["match_id"], data["token"])
    assert again["action_count"] >= data["view"]["action_count"]
    assert again["rules"] == rules and again["players"] == players


def test_create_for_a_friend_gives_an_invitation_token(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client, name="Ann", friend_name="Bob")
    assert mine != theirs
    first, second = view(client, match_id, mine), view(client, match_id, theirs)
    assert (first["seat"], second["seat"]) == (0, 1)
    assert [p["name"] for p in first["players"]] == ["Ann", "Bob"]


def test_the_terminal_tables_seat_link_opens_the_same_seat(client: TestClient) -> None:
    data = new_match(client)
    link = f"/match/{data['match_id']}?token={data['token']}"
    response = client.get(link, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == f"/#/play/{data['match_id']}/{data['token']}"
    bad = client.get(f"/match/{data['match_id']}?token=<script>", follow_redirects=False)
    assert bad.status_code == 404 and "error" in bad.json()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"level": "grandmaster"}, 422, "unknown level"),
        ({"preset": "vegas"}, 422, "unknown rules preset"),
        ({"settings": {"knock_threshold": 11}}, 422, "knock_threshold"),
        ({"settings": {"target": 0}}, 422, "target"),
        ({"settings": {"gin_bonus": "lots"}}, 422, "gin_bonus"),
        ({"settings": {"colour": "red"}}, 422, "unknown setting"),
        ({"settings": [1, 2]}, 400, "settings"),
        ({"opponent": "dog"}, 400, "opponent"),
        ({"name": "x" * 100}, 400, "name"),
        ({"name": 7}, 400, "name"),
        ({"surprise": 1}, 400, "unknown field"),
    ],
)
def test_create_refuses_bad_setups(
    client: TestClient, service: TableService, body: dict[str, Any], status: int, words: str
) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert service.list_matches() == []


def test_create_refuses_malformed_and_oversized_bodies(
    client: TestClient, service: TableService
) -> None:
    response = client.post("/api/matches", content=b"{not json", headers=_json_type())
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]
    response = client.post("/api/matches", content=b"[1, 2]", headers=_json_type())
    assert response.status_code == 400 and "JSON object" in response.json()["error"]
    big = json.dumps({"name": "x" * (MAX_BODY + 10)}).encode()
    response = client.post("/api/matches", content=big, headers=_json_type())
    assert response.status_code == 413 and "at most" in response.json()["error"]
    assert service.list_matches() == []


def _json_type() -> dict[str, str]:
    return {"Content-Type": "application/json"}


# -- seats and tokens -----------------------------------------------------------------------


def test_a_view_needs_the_seats_own_token(client: TestClient) -> None:
    data = new_match(client)
    match_id = data["match_id"]
    assert client.get(f"/api/matches/{match_id}").status_code == 401
    wrong = client.get(f"/api/matches/{match_id}", headers=bearer("not-a-token"))
    assert wrong.status_code == 403 and "does not open a seat" in wrong.json()["error"]
    other = new_match(client)
    crossed = client.get(f"/api/matches/{match_id}", headers=bearer(other["token"]))
    assert crossed.status_code == 403
    missing = client.get("/api/matches/0000000000000000", headers=bearer(data["token"]))
    assert missing.status_code == 404
    huge = client.get(f"/api/matches/{match_id}", headers=bearer("t" * 500))
    assert huge.status_code == 403


def test_lookup_returns_only_the_matches_whose_tokens_are_held(client: TestClient) -> None:
    first = new_match(client)
    second = new_match(client)
    match_id, _mine, theirs = friend_match(client)
    seats = [
        {"match_id": first["match_id"], "token": first["token"]},
        {"match_id": second["match_id"], "token": "wrong"},
        {"match_id": match_id, "token": theirs},
        {"match_id": "nope", "token": "nope"},
        "junk",
    ]
    response = client.post("/api/matches/lookup", json={"seats": seats})
    assert response.status_code == 200
    found = {(m["id"], m["seat"]) for m in response.json()["matches"]}
    assert found == {(first["match_id"], 0), (match_id, 1)}
    assert first["token"] not in response.text and theirs not in response.text
    response = client.post("/api/matches/lookup", json={"seats": [{}] * 100})
    assert response.status_code == 400


# -- acting ------------------------------------------------------------------------------------


def test_a_legal_action_is_applied_and_counted(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    token = to_act_token(client, match_id, (mine, theirs))
    before = view(client, match_id, token)
    move = some_move(before)
    response = act(client, match_id, token, move, expected=before["action_count"])
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["action_count"] == before["action_count"] + 1
    assert after["observation"]["events"][-1]["kind"] == move.split()[0]


def _snapshot(client: TestClient, match_id: str, tokens: tuple[str, str]) -> list[Any]:
    return [view(client, match_id, t) for t in tokens]


@pytest.mark.parametrize(
    ("action", "status", "words"),
    [
        ("discard", 422, "needs a card"),
        ("knock 7X", 422, "unknown card"),
        ("fly away", 422, "unknown action"),
        ("x" * 300, 422, "at most"),
        ("gin AS [AS 2S]", 422, ""),
    ],
)
def test_illegal_or_malformed_actions_change_nothing(
    client: TestClient, action: str, status: int, words: str
) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    before = _snapshot(client, match_id, tokens)
    response = act(client, match_id, token, action)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert _snapshot(client, match_id, tokens) == before


def test_an_action_against_the_rules_is_refused_with_the_rule(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    before = _snapshot(client, match_id, tokens)
    response = act(client, match_id, token, "draw")  # the upcard is on offer
    assert response.status_code == 422
    assert "take it or pass" in response.json()["error"]
    assert _snapshot(client, match_id, tokens) == before


def test_out_of_turn_is_refused(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    waiting = theirs if to_act_token(client, match_id, tokens) == mine else mine
    before = _snapshot(client, match_id, tokens)
    response = act(client, match_id, waiting, "pass")
    assert response.status_code == 409
    assert "not your turn" in response.json()["error"]
    assert _snapshot(client, match_id, tokens) == before


def test_a_repeated_action_is_refused_as_stale(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    seen = view(client, match_id, token)
    first = act(client, match_id, token, "pass", expected=seen["action_count"])
    assert first.status_code == 200
    after = _snapshot(client, match_id, tokens)
    again = act(client, match_id, token, "pass", expected=seen["action_count"])
    assert again.status_code == 409 and "moved on" in again.json()["error"]
    assert _snapshot(client, match_id, tokens) == after


@pytest.mark.parametrize(
    ("content", "status", "words"),
    [
        (b"{broken", 400, "not valid JSON"),
        (b'"pass"', 400, "JSON object"),
        (b"{}", 400, "action"),
        (b'{"action": 5}', 400, "action"),
        (b'{"action": "pass", "expected": "3"}', 400, "expected"),
        (b'{"action": "pass", "expected": true}', 400, "expected"),
        (b'{"action": "pass", "extra": 1}', 400, "unknown field"),
        (json.dumps({"action": "pass", "pad": "x" * MAX_BODY}).encode(), 413, "at most"),
    ],
)
def test_malformed_requests_change_nothing(
    client: TestClient, content: bytes, status: int, words: str
) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    before = _snapshot(client, match_id, tokens)
    response = client.post(
        f"/api/matches/{match_id}/actions",
        content=content,
        headers={**bearer(token), **_json_type()},
    )
    assert response.status_code == status, response.text
    assert words in response.json()["error"]
    assert _snapshot(client, match_id, tokens) == before


def test_an_oversized_body_is_refused_without_reading_it_all(client: TestClient) -> None:
    match_id, mine, _theirs = friend_match(client)

    def chunks() -> Any:
        for _ in range(64):
            yield b"x" * 1024

    response = client.post(
        f"/api/matches/{match_id}/actions",
        content=chunks(),
        headers={**bearer(mine), **_json_type()},
    )
    assert response.status_code == 413


def test_acting_without_the_token_is_refused(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    before = _snapshot(client, match_id, tokens)
    assert (
        client.post(f"/api/matches/{match_id}/actions", json={"action": "pass"}).status_code == 401
    )
    response = act(client, match_id, "forged", "pass")
    assert response.status_code == 403
    assert _snapshot(client, match_id, tokens) == before


def test_the_computer_answers_by_itself_within_seconds(client: TestClient) -> None:
    data = new_match(client, level="random")
    match_id, token = data["match_id"], data["token"]
    for _ in range(30):
        current = settled(client, match_id, token)  # never left waiting on it
        assert current["observation"]["to_act"] in (0, None)
        if current["status"] != "active":
            break
        response = act(
            client, match_id, token, some_move(current), expected=current["action_count"]
        )
        assert response.status_code == 200, response.text
        # Answered once the person's move is stored: the computer's comes after.
        assert response.json()["action_count"] == current["action_count"] + 1


# -- a hand to its end: showdown, score sheet, replay, the revealed seed ----------------------


def test_a_finished_hand_reveals_its_seed_and_replays(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client, settings={"target": 500})
    tokens = (mine, theirs)
    first = view(client, match_id, mine)
    committed = first["commitment"]
    dealt = sorted(first["observation"]["hand"])
    last = play_hand(client, match_id, tokens)["last_hand"]
    assert last["deal"] == 1
    assert last["commitment"] == committed == commitment(last["seed"])
    deal = deal_from_seed(last["seed"])
    mine_dealt = deal.hands[1] if last["dealer"] == 0 else deal.hands[0]
    assert set(dealt) == {str(c) for c in mine_dealt}
    replay = client.get(f"/api/matches/{match_id}/hands/1", headers=bearer(theirs))
    assert replay.status_code == 200
    data = replay.json()
    assert data["seed"] == last["seed"] and data["actions"]
    assert {str(c) for c in deal.hands[0]} == set(data["dealt"][1 - data["dealer"]])
    assert str(deal.upcard) == data["upcard"]
    stock = [str(c) for c in deal.stock]
    draws = [a["drawn"] for a in data["actions"] if a["action"] == "draw"]
    assert draws == stock[: len(draws)]
    # The deal in play is not replayable, and deal numbers are checked.
    for deal_number in (2, 0, 99):
        response = client.get(f"/api/matches/{match_id}/hands/{deal_number}", headers=bearer(mine))
        assert response.status_code == 422
    assert client.get(f"/api/matches/{match_id}/hands/1").status_code == 401


def test_the_showdown_and_score_sheet_are_in_the_view(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client, settings={"target": 500})
    after = play_hand(client, match_id, (mine, theirs))
    result = after["last_hand"]["result"]
    assert result["outcome"] in ("knock", "undercut", "gin", "big_gin", "dead")
    if result["outcome"] != "dead":
        assert after["sheet"][0]["points"] == result["points"]
        assert sum(after["scores"]) == result["points"]
        assert result["knocker_melds"] and "defender_unmatched" in result


# -- hints ---------------------------------------------------------------------------------------


def test_a_hint_is_one_of_the_legal_actions_with_an_explanation(client: TestClient) -> None:
    pytest.importorskip("cardtable.gin.players.expert")
    match_id, mine, theirs = friend_match(client)
    tokens = (mine, theirs)
    token = to_act_token(client, match_id, tokens)
    waiting = theirs if token == mine else mine
    legal = view(client, match_id, token)["legal_actions"]
    response = client.post(f"/api/matches/{match_id}/hint", headers=bearer(token))
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["action"] in legal and hint["explanation"]
    assert all(alt["action"] in legal for alt in hint["alternatives"])
    refused = client.post(f"/api/matches/{match_id}/hint", headers=bearer(waiting))
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
    assert client.post(f"/api/matches/{match_id}/hint").status_code == 401


# -- the lesson ---------------------------------------------------------------------------------


def test_the_lesson_through_the_api(client: TestClient) -> None:
    from cardtable.gin.lesson import LESSON_STEPS

    start = client.post("/api/lessons")
    assert start.status_code == 201
    data = start.json()
    lesson_id = data["lesson_id"]
    assert data["lesson"]["key"] == "sets"
    assert sorted(data["observation"]["hand"]) == sorted(
        ["7S", "7H", "7D", "4H", "5H", "6H", "KS", "2S", "9C", "QD"]
    )
    url = f"/api/lessons/{lesson_id}"
    wrong = client.post(url, json={"select": "7S 7H"}).json()
    assert wrong["ok"] is False and wrong["lesson"]["key"] == "sets"
    assert client.post(url, json={"action": "draw"}).json()["ok"] is False
    assert client.post(url, json={}).status_code == 400
    assert client.post(url, json={"select": 5}).status_code == 400
    assert client.post(url, content=b"{", headers=_json_type()).status_code == 400
    for step in LESSON_STEPS[:-1]:
        if step.select:
            body: dict[str, Any] = {"select": step.select}
        elif step.action:
            body = {"action": step.action}
        else:
            body = {"advance": True}
        response = client.post(url, json=body).json()
        assert response["ok"], (step.key, response["lesson"]["message"])
    final = client.get(url).json()
    assert final["lesson"]["finished"] and final["observation"]["result"]["points"] == 31
    assert client.get("/api/lessons/unknown").status_code == 404


def test_a_lesson_hint(client: TestClient) -> None:
    pytest.importorskip("cardtable.gin.players.expert")
    lesson_id = client.post("/api/lessons").json()["lesson_id"]
    client.post(f"/api/lessons/{lesson_id}", json={"select": "7S 7H 7D"})
    client.post(f"/api/lessons/{lesson_id}", json={"select": "4H 5H 6H"})
    client.post(f"/api/lessons/{lesson_id}", json={"advance": True})
    response = client.post(f"/api/lessons/{lesson_id}/hint")
    assert response.status_code == 200 and response.json()["action"] == "take"
