"""The player's endpoints: names (a friend naming itself, bad names refused with 400),
deleting a match (only its seat holder may), and the statistics over the seats a browser
holds; and the rematch's dealer in a finished match's view."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cardtable.table import TableService
from cardtable.web.players import MAX_STATS_SEATS
from tests.helpers import game_stats

from .webhelpers import (
    act,
    bearer,
    friend_match,
    new_match,
    play_hand,
    some_move,
    to_act_token,
    view,
)

BAD_NAMES = [
    pytest.param("x" * 25, id="too long"),
    pytest.param("Ann\nBo", id="newline"),
    pytest.param("Ann\x1b[31m", id="escape"),
    pytest.param("\u202eoB", id="bidi override"),
    pytest.param(7, id="not text"),
]


@pytest.mark.parametrize("bad", BAD_NAMES)
@pytest.mark.parametrize("field", ["name", "friend_name"])
def test_a_bad_name_is_refused_when_a_match_is_set_up(
    client: TestClient, service: TableService, field: str, bad: object
) -> None:
    before = len(service.list_matches())
    body = {"opponent": "friend", field: bad}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 400, response.text
    assert field in response.json()["error"]
    assert len(service.list_matches()) == before  # nothing was made


def test_names_are_stored_and_a_computer_is_named_by_its_level(client: TestClient) -> None:
    data = new_match(client, name="  Ada  ", level="expert")
    assert [p["name"] for p in data["view"]["players"]] == ["Ada", "Expert"]
    plain = new_match(client)
    assert [p["name"] for p in plain["view"]["players"]] == ["You", "Simple"]


def test_a_friend_joining_by_link_names_itself(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client, name="Ann")
    assert view(client, match_id, mine)["players"][1]["name"] == "Friend"
    url = f"/api/matches/{match_id}/name"
    response = client.post(url, headers=bearer(theirs), json={"name": "Bo"})
    assert response.status_code == 200, response.text
    assert response.json()["player"] == {"kind": "human", "name": "Bo"}
    assert [p["name"] for p in view(client, match_id, mine)["players"]] == ["Ann", "Bo"]
    found = client.post(
        "/api/matches/lookup", json={"seats": [{"match_id": match_id, "token": mine}]}
    )
    assert found.json()["matches"][0]["players"][1]["name"] == "Bo"
    for body, status in [
        ({"name": "Bo\x00"}, 400),
        ({"name": "y" * 40}, 400),
        ({"name": "   "}, 400),
        ({}, 400),
        ({"name": "Bo", "extra": 1}, 400),
    ]:
        refused = client.post(url, headers=bearer(theirs), json=body)
        assert refused.status_code == status, (body, refused.text)
        assert refused.json()["error"]
    assert client.post(url, json={"name": "Eve"}).status_code == 401
    assert client.post(url, headers=bearer("nobody"), json={"name": "Eve"}).status_code == 403
    assert view(client, match_id, mine)["players"][1]["name"] == "Bo"  # refused: unchanged


def test_only_the_seat_holder_deletes_a_match(client: TestClient) -> None:
    doomed = new_match(client)
    other = new_match(client)
    url = f"/api/matches/{doomed['match_id']}"
    refused = client.delete(url, headers=bearer(other["token"]))
    assert refused.status_code == 403, refused.text
    assert client.delete(url).status_code == 401
    assert client.delete("/api/matches/nothex", headers=bearer(doomed["token"])).status_code == 404
    assert view(client, doomed["match_id"], doomed["token"])["match_id"] == doomed["match_id"]
    done = client.delete(url, headers=bearer(doomed["token"]))
    assert done.status_code == 200 and done.json() == {"deleted": doomed["match_id"]}
    assert client.get(url, headers=bearer(doomed["token"])).status_code == 404
    assert client.delete(url, headers=bearer(doomed["token"])).status_code == 404
    seats = [{"match_id": m["match_id"], "token": m["token"]} for m in (doomed, other)]
    listed = client.post("/api/matches/lookup", json={"seats": seats}).json()["matches"]
    assert [m["id"] for m in listed] == [other["match_id"]]


def test_the_statistics_count_the_seats_sent(client: TestClient) -> None:
    match_id, mine, theirs = friend_match(client, name="Ann")
    last = play_hand(client, match_id, (mine, theirs))
    result = last["last_hand"]["result"]
    seats = [{"match_id": match_id, "token": mine}, {"match_id": "abc", "token": "nobody"}]
    response = client.post("/api/players/me/stats", json={"seats": seats})
    assert response.status_code == 200, response.text
    stats = game_stats(response.json(), "gin")
    assert stats["hands"] == (0 if result["winner"] is None else 1)
    assert stats["hands_won"] == int(result["winner"] == 0)
    assert stats["matches"] == 0 and stats["unfinished"] == 1 and stats["recent"] == []
    other_seat = game_stats(
        client.post(
            "/api/players/me/stats", json={"seats": [{"match_id": match_id, "token": theirs}]}
        ).json(),
        "gin",
    )
    assert other_seat["hands_won"] == int(result["winner"] == 1)
    for body in (
        {},
        {"seats": "all"},
        {"seats": [], "player": 1},
        {"seats": [{"match_id": "a", "token": "b"}] * (MAX_STATS_SEATS + 1)},
    ):
        refused = client.post("/api/players/me/stats", json=body)
        assert refused.status_code == 400, (body, refused.text)


def test_a_finished_match_names_who_deals_the_rematch(client: TestClient) -> None:
    data = new_match(client, opponent="friend", settings={"target": 10})
    match_id, mine, theirs = data["match_id"], data["token"], data["invite"]["token"]
    last = view(client, match_id, mine)
    assert last["rematch_dealer"] is None
    for _ in range(2000):
        token = to_act_token(client, match_id, (mine, theirs))
        last = view(client, match_id, token)
        if last["status"] == "finished":
            break
        knocks = [a for a in last["legal_actions"] if a.startswith(("knock", "gin"))]
        move = knocks[0] if knocks else some_move(last)
        if move.startswith("discard") and last["discard_deadwood"]:
            # The deal is random: discarding to the least deadwood keeps knocks coming, so
            # the match ends in a few hundred moves (the first discard offered may not).
            card = min(last["discard_deadwood"], key=last["discard_deadwood"].get)
            move = f"discard {card}"
        assert act(client, match_id, token, move).is_success
    assert last["status"] == "finished"
    dealer = last["rematch_dealer"]
    assert dealer in (0, 1)
    made = client.post(f"/api/matches/{match_id}/next", headers=bearer(mine))
    assert made.status_code == 201, made.text
    assert made.json()["view"]["dealer"] == dealer
