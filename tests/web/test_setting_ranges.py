"""Every integer setting has a range (RULES.md 5, CRIBBAGE.md 4), checked by the engine: a
setting of 2**64 was accepted (201) and its match could never be viewed again (orjson
refuses to encode it: 500s, a move stored then answered 500, a socket closed without a
frame). The lobby's options carry the ranges and the page's form uses the same ones; a match
stored before the ranges is refused clearly (409), never a 500, and can still be deleted."""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardtable.cribbage.rules import Rules as CribbageRules
from cardtable.gin.rules import Rules as GinRules
from cardtable.table import TableService, json_text
from cardtable.web.app import STATIC
from tests.ranges import RANGES

from .webhelpers import bearer, refused_hello

BOUNDS = RANGES
HUGE = 2**64 + 1


def _settings(game: str) -> list[tuple[str, str]]:
    return [(game, name) for name in BOUNDS[game]]


def _matches(service: TableService) -> int:
    return len(service.list_matches())


@pytest.mark.parametrize(("game", "name"), _settings("gin") + _settings("cribbage"))
@pytest.mark.parametrize("value", [HUGE, str(HUGE), 2**53 + 1, 10_001])
def test_a_setting_beyond_its_range_is_refused_and_makes_nothing(
    client: TestClient, service: TableService, game: str, name: str, value: object
) -> None:
    body = {"game": game, "opponent": "friend", "settings": {name: value}}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"].startswith(name), response.text
    assert _matches(service) == 0


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_the_highest_values_make_a_match_whose_views_encode(client: TestClient, game: str) -> None:
    highest = {name: high for name, (_low, high) in BOUNDS[game].items()}
    if game == "cribbage":  # the lines stay below the target and each other
        highest.update(skunk_line=9_999, double_skunk_line=9_998)
    body = {"game": game, "opponent": "friend", "settings": highest}
    created = client.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    seen = client.get(
        f"/api/matches/{created.json()['match_id']}", headers=bearer(created.json()["token"])
    )
    assert seen.status_code == 200, seen.text
    assert seen.json()["rules"]["target"] == 10_000


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_the_options_carry_the_ranges(client: TestClient, game: str) -> None:
    options = client.get("/api/options", params={"game": game}).json()
    assert options["bounds"] == {name: list(pair) for name, pair in BOUNDS[game].items()}
    target = options["settings"]["target"]
    assert f"{BOUNDS[game]['target'][0]:,} to 10,000" in target


def test_the_page_form_uses_the_servers_ranges(client: TestClient) -> None:
    """The settings form is built from each game's settings in the options (lobby.js has no
    numbers of its own): every integer setting there has the engine's min and max, or the
    form would offer what the server refuses (or forbid what it allows)."""
    assert not (STATIC / "js" / "lobby-games.js").exists()
    source = (STATIC / "js" / "lobby.js").read_text()
    assert "min: f.low, max: f.high" in source
    offered = {entry["game"]: entry for entry in client.get("/api/options").json()["games"]}
    for game, bounds in BOUNDS.items():
        found = {
            field["name"]: (field["low"], field["high"])
            for field in offered[game]["fields"]
            if field["kind"] == "int"
        }
        assert found == bounds, game


def _stored_with(service: TableService, game: str, rules: dict[str, Any]) -> tuple[str, str]:
    """A match stored as a table without the ranges stored it (rules as given), with a
    human seat; its id and token."""
    match_id = secrets.token_hex(8)
    token = secrets.token_urlsafe(18)
    seats = [
        {"kind": "human", "name": "Ann", "token": token},
        {"kind": "human", "name": "Bo", "token": secrets.token_urlsafe(18)},
    ]
    service.store.create_match(match_id, rules, "old-seed", 0, seats, game=game)
    return match_id, token


@pytest.mark.parametrize("game", ["gin", "cribbage"])
def test_a_match_stored_before_the_ranges_is_refused_clearly(
    client: TestClient, service: TableService, game: str
) -> None:
    rules = {**BOUNDS_DEFAULTS[game], "target": 2**70}
    match_id, token = _stored_with(service, game, rules)
    seen = client.get(f"/api/matches/{match_id}", headers=bearer(token))
    assert seen.status_code == 409, seen.text
    words = seen.json()["error"]
    assert "no longer accepts" in words and "target must be" in words and "deleted" in words
    moved = client.post(
        f"/api/matches/{match_id}/actions", headers=bearer(token), json={"action": "pass"}
    )
    assert moved.status_code == 409, moved.text
    said, code = refused_hello(client, match_id, token)
    assert "no longer accepts" in said and code == 4409
    found = client.post(
        "/api/matches/lookup", json={"seats": [{"match_id": match_id, "token": token}]}
    )
    assert found.status_code == 200 and len(found.json()["matches"]) == 1
    stats = client.post(
        "/api/players/me/stats", json={"seats": [{"match_id": match_id, "token": token}]}
    )
    assert stats.status_code == 200, stats.text
    deleted = client.delete(f"/api/matches/{match_id}", headers=bearer(token))
    assert deleted.status_code in (200, 204), deleted.text
    assert _matches(service) == 0


BOUNDS_DEFAULTS = {"gin": GinRules().to_dict(), "cribbage": CribbageRules().to_dict()}


def test_a_view_with_a_number_beyond_64_bits_still_encodes() -> None:
    """The last line of defence: orjson refuses such a number; the text is made all the same."""

    class Huge:
        def to_json(self) -> dict[str, Any]:
            return {"target": 2**70, "name": "Ann"}

    assert json.loads(json_text(Huge())) == {"target": 2**70, "name": "Ann"}
