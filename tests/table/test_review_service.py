"""The coach's review through the table and its web API: a seat sees only its own decisions,
only of finished deals; a deal in play, a wrong token, and a bad deal are refused
(Cribbage's review: test_cribbage_review_service.py)."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from cardtable.errors import IllegalActionError
from cardtable.gin.record import dump, load
from cardtable.gin.review import review_match
from cardtable.gin.rules import Rules
from cardtable.table import AccessDeniedError, TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .test_service import PEOPLE, greedy, to_act_token, tokens_of


def finish_deals(service: TableService, match_id: str, deals: int) -> None:
    """Both people play until ``deals`` deals are over (and the next one has begun)."""
    rng = random.Random(deals)
    for _ in range(3000):
        token, view = to_act_token(service, match_id)
        if view.deal_number > deals:
            return
        service.act(match_id, token, greedy(view, rng), view.action_count)
    raise AssertionError("the deals did not end")


@pytest.fixture
def played(service: TableService) -> tuple[str, list[str]]:
    match_id = service.create_match(PEOPLE, Rules(target=500), seed="review-svc").match_id
    finish_deals(service, match_id, 1)
    return match_id, tokens_of(service, match_id)


def test_a_seat_reviews_only_its_own_decisions(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    for seat, token in enumerate(tokens):
        data = service.review(match_id, token)
        assert data["seat"] == seat and data["seats"] == [seat]
        decisions = data["decisions"]
        assert isinstance(decisions, list) and decisions
        assert {d["seat"] for d in decisions} == {seat}
        assert all(d["deal"] == 1 and d["loss"] >= 0 for d in decisions)
        assert set(data["accuracy"]) == {str(seat)}  # type: ignore[arg-type]


def test_the_service_review_is_the_engines_review_of_that_seat(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    data = service.review(match_id, tokens[1], deal=1)
    live = service._live_at(service._stored(match_id))  # the test reads the engine's match
    match = load(dump(live.match))
    expected = review_match(match, seats=(1,), deals=(1,)).to_dict()
    assert data["decisions"] == expected["decisions"]


def test_a_deal_in_play_and_a_wrong_token_are_refused(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    with pytest.raises(IllegalActionError, match="not finished"):
        service.review(match_id, tokens[0], deal=2)  # deal 2 is in play
    with pytest.raises(IllegalActionError, match="not finished"):
        service.review(match_id, tokens[0], deal=0)
    with pytest.raises(AccessDeniedError):
        service.review(match_id, "not-a-seat-token")


def test_cribbage_is_reviewed_too_and_a_deal_in_play_is_refused(service: TableService) -> None:
    # Cribbage's own review is tested in tests/table/test_cribbage_review_service.py.
    match_id = service.create_match(PEOPLE, game="cribbage", seed="crib").match_id
    token = tokens_of(service, match_id)[0]
    data = service.review(match_id, token)
    assert data["game"] == "cribbage" and data["decisions"] == []
    with pytest.raises(IllegalActionError, match="no deal is over yet"):
        service.review(match_id, token, deal=1)


def test_the_web_endpoint_answers_the_seat_and_refuses_bad_requests(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    app = create_app(service, limits=WebLimits.unlimited())
    with TestClient(app) as client:
        url = f"/api/matches/{match_id}/review"
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        answer = client.get(url, params={"deal": 1}, headers=auth)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body == service.review(match_id, tokens[0], deal=1)
        assert {d["seat"] for d in body["decisions"]} == {0}
        assert client.get(url, headers=auth).json()["finished_deals"] == 1
        refusals = {
            "in play": (client.get(url, params={"deal": 2}, headers=auth), 422),
            "not a number": (client.get(url, params={"deal": "x"}, headers=auth), 400),
            "negative": (client.get(url, params={"deal": "-1"}, headers=auth), 400),
            "zero": (client.get(url, params={"deal": "0"}, headers=auth), 422),
            "unknown parameter": (client.get(url, params={"seat": 1}, headers=auth), 400),
            "no token": (client.get(url), 401),
            "wrong token": (client.get(url, headers={"Authorization": "Bearer nope"}), 403),
            "no match": (client.get("/api/matches/abc123/review", headers=auth), 404),
        }
        for name, (reply, status) in refusals.items():
            assert reply.status_code == status, (name, reply.text)
            assert "error" in reply.json(), name
