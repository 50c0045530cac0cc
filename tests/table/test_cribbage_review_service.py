"""The coach's review of a Cribbage match through the table and its web API: a seat sees its
own decisions only, of finished hands only, as the engine's review gives them; a gin
review keeps its shape."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.cribbage.record import dump, load
from cardtable.cribbage.review import review_match
from cardtable.errors import IllegalActionError
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits

from .test_service import PEOPLE, tokens_of


def _engine_match(service: TableService, match_id: str) -> Any:
    cached = service._live.peek(match_id)  # the test reads the engine's match
    assert cached is not None
    return cached.match


@pytest.fixture
def played(service: TableService) -> tuple[str, list[str]]:
    """Two people play a 121-point Cribbage game at random until one hand is over."""
    match_id = service.create_match(PEOPLE, game="cribbage", seed="crib-review").match_id
    tokens = tokens_of(service, match_id)
    rng = random.Random(5)
    for _ in range(200):
        if _engine_match(service, match_id).hands:
            return match_id, tokens
        view = service.view(match_id, tokens[0])
        seat = view.to_act
        assert seat is not None
        mine = service.view(match_id, tokens[seat])
        service.act(match_id, tokens[seat], rng.choice(mine.legal_actions))
    raise AssertionError("the hand did not end")


def test_each_seat_gets_its_own_decisions_as_the_engine_judges_them(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    engine = load(dump(_engine_match(service, match_id)))
    for seat, token in enumerate(tokens):
        data = service.review(match_id, token)
        assert data["game"] == "cribbage" and data["seat"] == seat
        assert data["seats"] == [seat] and data["finished_deals"] == 1
        decisions = data["decisions"]
        assert isinstance(decisions, list) and decisions
        assert {d["seat"] for d in decisions} == {seat}
        assert decisions[0]["action"].startswith("discard")
        expected = review_match(engine, seats=(seat,)).to_dict()
        assert decisions == expected["decisions"]
        assert data["accuracy"] == expected["accuracy"]
    with pytest.raises(IllegalActionError, match="not finished"):
        service.review(match_id, tokens[0], deal=2)  # the second hand is in play


def test_the_web_endpoint_serves_a_cribbage_review(
    service: TableService, played: tuple[str, list[str]]
) -> None:
    match_id, tokens = played
    app = create_app(service, limits=WebLimits.unlimited())
    with TestClient(app) as client:
        url = f"/api/matches/{match_id}/review"
        auth = {"Authorization": f"Bearer {tokens[1]}"}
        answer = client.get(url, params={"deal": 1}, headers=auth)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["game"] == "cribbage" and body["deal"] == 1
        assert body == service.review(match_id, tokens[1], deal=1)
        assert {d["seat"] for d in body["decisions"]} == {1}
        refused = client.get(url, params={"deal": 2}, headers=auth)
        assert refused.status_code == 422 and "not finished" in refused.json()["error"]
