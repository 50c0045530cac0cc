"""The web table's limits: rates per client (on an injected clock), body size and time,
same-origin checks on POSTs and sockets, and a lookup that reads only the matches named."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.store import Store
from cardtable.table import TableService
from cardtable.web.app import create_app
from cardtable.web.limits import Rate, RateLimiter, WebLimits

from .rawasgi import call
from .webhelpers import bearer, new_match, turn_in


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def _table(service: TableService, clock: Clock, **limits: Any) -> Iterator[TestClient]:
    app = create_app(service, limits=WebLimits(**limits), clock=clock)
    with TestClient(app) as client:
        yield client


@pytest.fixture
def tight(service: TableService, clock: Clock) -> Iterator[TestClient]:
    """Small limits: 2 new matches, 6 token checks, 1 hint, each refilled at 1 a second."""
    yield from _table(
        service,
        clock,
        create=Rate(burst=2, per_minute=60),
        tokens=Rate(burst=6, per_minute=60),
        hints=Rate(burst=1, per_minute=60),
    )


def _limited(response: Any, words: str, retry_after: str = "1") -> None:
    assert response.status_code == 429, response.text
    assert response.headers["retry-after"] == retry_after
    assert words in response.json()["error"] and "try again in" in response.json()["error"]
    assert response.headers["content-security-policy"]


# -- rates ----------------------------------------------------------------------------------


def test_match_creation_trips_at_the_burst_and_recovers_with_time(
    tight: TestClient, service: TableService, clock: Clock
) -> None:
    new_match(tight)
    new_match(tight)
    refused = tight.post("/api/matches", json={"level": "simple"})
    _limited(refused, "too many new matches and lessons")
    assert len(service.list_matches()) == 2  # the refusal created nothing
    _limited(tight.post("/api/lessons", json={}), "new matches")  # lessons count the same
    clock.now += 1.0
    new_match(tight)
    _limited(tight.post("/api/matches", json={"level": "simple"}), "new matches")
    clock.now += 60.0  # a long wait refills the burst, no more
    new_match(tight)
    new_match(tight)
    _limited(tight.post("/api/matches", json={"level": "simple"}), "new matches")


def test_a_refused_request_spends_nothing(tight: TestClient, clock: Clock) -> None:
    for body, status in [
        ({"surprise": 1}, 400),
        ({"settings": {"self": 1}}, 422),
        ({"settings": {"target": "lots"}}, 422),
        ({"level": "nobody"}, 422),
    ]:
        for _ in range(3):
            assert tight.post("/api/matches", json=body).status_code == status
    new_match(tight)
    created = new_match(tight)
    url, seat = f"/api/matches/{created['match_id']}/actions", bearer(created["token"])
    for _ in range(8):  # more than the 6 token checks
        assert tight.post(url, headers=seat, json={"action": 5}).status_code == 400
        assert tight.post(url, headers=bearer("odd token!"), json={}).status_code == 400
    assert tight.get(f"/api/matches/{created['match_id']}", headers=seat).status_code == 200


def test_every_token_check_counts_and_recovers(
    tight: TestClient, service: TableService, clock: Clock
) -> None:
    created = new_match(tight, opponent="friend")
    match_id, token = created["match_id"], created["token"]
    base = f"/api/matches/{match_id}"
    seat = bearer(token)
    assert tight.get(base, headers=seat).status_code == 200  # 1
    assert tight.post(f"{base}/hint", headers=seat).status_code in (200, 409)  # 2
    assert tight.get(f"{base}/hands/1", headers=seat).status_code == 422  # 3
    assert tight.post(f"{base}/next", headers=seat).status_code == 409  # 4
    held = {"match_id": match_id, "token": token}
    assert tight.post("/api/matches/lookup", json={"seats": [held]}).status_code == 200  # 5
    assert tight.get(base, headers=bearer("forged")).status_code == 403  # 6: a guess counts
    before = service.action_count(match_id)
    for method, path in [("GET", base), ("POST", f"{base}/actions"), ("POST", f"{base}/next")]:
        body = {"action": "pass"} if path.endswith("actions") else None
        _limited(tight.request(method, path, headers=seat, json=body), "seat token checks")
    _limited(tight.post("/api/matches/lookup", json={"seats": [held]}), "seat token checks")
    with tight.websocket_connect(f"{base}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert "seat token checks" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4429
    assert service.action_count(match_id) == before
    clock.now += 1.0
    with tight.websocket_connect(f"{base}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "view"
    _limited(tight.get(base, headers=seat), "seat token checks")


def test_a_lookup_costs_one_check_per_seat(tight: TestClient, clock: Clock) -> None:
    created = new_match(tight)
    held = {"match_id": created["match_id"], "token": created["token"]}
    response = tight.post("/api/matches/lookup", json={"seats": [held] * 4})
    assert response.status_code == 200 and len(response.json()["matches"]) == 4
    _limited(tight.post("/api/matches/lookup", json={"seats": [held] * 3}), "checks", "1")
    # Seats that could never be looked up are left out without a check.
    malformed = [{"match_id": "nope", "token": "x"}, {"match_id": 5}, "junk"]
    assert tight.post("/api/matches/lookup", json={"seats": malformed}).status_code == 200
    response = tight.post("/api/matches/lookup", json={"seats": [held] * 2})
    assert response.status_code == 200 and len(response.json()["matches"]) == 2
    # More seats than the whole burst cost the whole burst, once it is full again.
    _limited(tight.post("/api/matches/lookup", json={"seats": [held] * 9}), "checks", "6")
    clock.now += 6.0
    response = tight.post("/api/matches/lookup", json={"seats": [held] * 9})
    assert response.status_code == 200 and len(response.json()["matches"]) == 9
    _limited(tight.post("/api/matches/lookup", json={"seats": [held]}), "checks", "1")


def test_hints_have_their_own_limit(tight: TestClient, clock: Clock, service: TableService) -> None:
    created = new_match(tight)
    turn_in(service, created["match_id"], created["token"])  # the computer may start
    url, seat = f"/api/matches/{created['match_id']}/hint", bearer(created["token"])
    # 409 while the computer's first turn is still being played: the hint was asked for.
    assert tight.post(url, headers=seat).status_code in (200, 409)
    _limited(tight.post(url, headers=seat), "too many hints")
    lesson = tight.post("/api/lessons", json={}).json()["lesson_id"]
    _limited(tight.post(f"/api/lessons/{lesson}/hint"), "too many hints")
    clock.now += 1.0
    assert tight.post(f"/api/lessons/{lesson}/hint").status_code == 200


def test_each_client_address_has_its_own_allowance(service: TableService, clock: Clock) -> None:
    app = create_app(service, limits=WebLimits(create=Rate(1, 1)), clock=clock)
    with (
        TestClient(app, client=("192.0.2.1", 1000)) as first,
        TestClient(app, client=("192.0.2.2", 1000)) as second,
    ):
        new_match(first)
        _limited(first.post("/api/matches", json={}), "new matches", "60")
        new_match(second)


def test_the_default_limits_never_stop_a_person_at_play(clock: Clock) -> None:
    """Two hours at the table, busier than any person: a view and a move every 3 s, a hint
    every 30 s, the page reopened (a lookup of 40 seats) every 5 minutes, a new match every
    10 minutes, and a friend at the same address doing the same."""
    limiter = RateLimiter(WebLimits(), clock)
    for second in range(0, 2 * 3600, 3):
        clock.now = 1000.0 + second
        for _person in range(2):
            assert limiter.take("tokens", "home", 2) == 0, second
            if second % 30 == 0:
                assert limiter.take("tokens", "home") == limiter.take("hints", "home") == 0
            if second % 300 == 0:
                assert limiter.take("tokens", "home", 40) == 0, second
            if second % 600 == 0:
                assert limiter.take("create", "home") == 0, second


def test_the_default_limits_stop_a_script(service: TableService, clock: Clock) -> None:
    with TestClient(create_app(service, limits=WebLimits(), clock=clock)) as client:
        created = new_match(client, level="random")
        url = f"/api/matches/{created['match_id']}"
        # Guessing tokens as fast as it can: stopped within a few hundred tries.
        tries = 0
        while client.get(url, headers=bearer(f"guess{tries}")).status_code == 403:
            tries += 1
        assert 100 <= tries <= 400
        # Creating matches: within a few dozen.
        made = 0
        while client.post("/api/matches", json={"level": "random"}).status_code == 201:
            made += 1
        assert 5 <= made <= 50
        # A minute later, it may again, a little.
        clock.now += 60.0
        assert client.get(url, headers=bearer(created["token"])).status_code == 200
        assert client.post("/api/matches", json={"level": "random"}).status_code == 201


def test_buckets_are_forgotten_oldest_first_past_the_client_limit(clock: Clock) -> None:
    limiter = RateLimiter(WebLimits(create=Rate(1, 1), max_clients=3), clock)
    for client in ("a", "b", "c", "d"):
        assert limiter.take("create", client) == 0
    assert limiter.take("create", "d") == 60  # remembered: refused for a minute
    assert limiter.take("create", "a") == 0  # forgotten (the oldest): a fresh allowance
    assert limiter.take("create", "b") == 0  # forgotten when "a" came back
    assert limiter.take("create", "d") == 60  # the most recent: still remembered


# -- bodies: size and time -----------------------------------------------------------------


@pytest.fixture
def quick(service: TableService, clock: Clock) -> Starlette:
    """Bodies must arrive within 0.3 s."""
    return create_app(service, limits=WebLimits(body_seconds=0.3), clock=clock)


def _body_chunks(body: bytes, count: int) -> list[bytes]:
    size = -(-len(body) // count)
    return [body[i : i + size] for i in range(0, len(body), size)]


BODY = b'{"level": "simple", "name": "Slow Sam"}'
JSON = [(b"content-type", b"application/json")]


def test_a_body_that_trickles_in_too_slowly_gets_408(
    quick: Starlette, service: TableService
) -> None:
    response = call(quick, "POST", "/api/matches", JSON, _body_chunks(BODY, 8), delay=0.1)
    assert response.status == 408
    assert "took longer than 0.3 s" in response.json()["error"]
    assert response.headers["connection"] == "close"
    assert response.headers["content-security-policy"]
    assert service.list_matches() == []


def test_a_client_that_stops_sending_gets_408(quick: Starlette, service: TableService) -> None:
    response = call(quick, "POST", "/api/matches", JSON, [BODY[:10]], stall=True)
    assert response.status == 408
    assert service.list_matches() == []


def test_a_body_in_chunks_within_the_time_is_read(quick: Starlette, service: TableService) -> None:
    response = call(quick, "POST", "/api/matches", JSON, _body_chunks(BODY, 8), delay=0.01)
    assert response.status == 201, response.body
    assert len(service.list_matches()) == 1


def test_the_body_size_limit_is_a_setting(service: TableService, clock: Clock) -> None:
    with TestClient(create_app(service, limits=WebLimits(max_body=40), clock=clock)) as client:
        response = client.post("/api/matches", json={"level": "simple", "name": "x" * 30})
        assert response.status_code == 413 and "at most 40 bytes" in response.json()["error"]
        assert client.post("/api/matches", json={"level": "simple"}).status_code == 201


# -- same origin ---------------------------------------------------------------------------

CROSS_SITE = [
    pytest.param({"Origin": "http://evil.example"}, id="another origin"),
    pytest.param({"Origin": "http://testserver:8080"}, id="another port"),
    pytest.param({"Origin": "null"}, id="an opaque origin"),
    pytest.param({"Origin": "http://testserver.evil.example"}, id="a suffix"),
    pytest.param({"Sec-Fetch-Site": "cross-site"}, id="fetch metadata"),
    pytest.param(
        {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"}, id="both disagree"
    ),
]
SAME_SITE = [
    pytest.param({}, id="no origin (a program)"),
    pytest.param({"Origin": "http://testserver"}, id="this origin"),
    pytest.param({"Origin": "https://TestServer:443", "Host": "testserver"}, id="tls at a proxy"),
    pytest.param({"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}, id="browser"),
    pytest.param({"Sec-Fetch-Site": "none"}, id="typed in"),
]


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_post_from_another_sites_page_is_refused(
    client: TestClient, service: TableService, headers: dict[str, str]
) -> None:
    created = new_match(client, opponent="friend")
    match_id, token = created["match_id"], created["token"]
    before = service.action_count(match_id)
    for path, body in [
        ("/api/matches", {"level": "simple"}),
        ("/api/lessons", {}),
        (f"/api/matches/{match_id}/actions", {"action": "pass"}),
        (f"/api/matches/{match_id}/next", None),
    ]:
        response = client.post(path, json=body, headers={**headers, **bearer(token)})
        assert response.status_code == 403, (path, response.text)
        assert "another site" in response.json()["error"]
        assert response.headers["content-security-policy"]
    assert len(service.list_matches()) == 1
    assert service.action_count(match_id) == before


@pytest.mark.parametrize("headers", SAME_SITE)
def test_a_post_from_this_site_or_a_program_passes(
    client: TestClient, headers: dict[str, str]
) -> None:
    response = client.post("/api/matches", json={"level": "simple"}, headers=headers)
    assert response.status_code == 201, response.text


def test_reads_are_not_refused_cross_site(client: TestClient) -> None:
    # A page of another site cannot read the answer (no CORS headers); the token guards it.
    response = client.get("/api/options", headers={"Origin": "http://evil.example"})
    assert response.status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://testserver", "Sec-Fetch-Site": "cross-site"},
    ],
)
def test_a_socket_from_another_sites_page_is_closed_before_any_view(
    client: TestClient, headers: dict[str, str]
) -> None:
    created = new_match(client)
    url = f"/api/matches/{created['match_id']}/ws"
    with client.websocket_connect(url, headers=headers) as ws:
        message = ws.receive_json()  # sent at once, before any hello
        assert message["type"] == "error" and "another site" in message["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize("headers", [{}, {"Origin": "http://testserver"}])
def test_a_socket_from_this_site_or_a_program_opens(
    client: TestClient, headers: dict[str, str]
) -> None:
    created = new_match(client)
    with client.websocket_connect(f"/api/matches/{created['match_id']}/ws", headers=headers) as ws:
        ws.send_json({"type": "hello", "token": created["token"]})
        assert ws.receive_json()["type"] == "view"


# -- lookup reads only the matches it names --------------------------------------------------


def test_lookup_reads_only_the_matches_named(
    client: TestClient, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Friend matches: no computer's turn reads them in the background meanwhile.
    created = [new_match(client, opponent="friend") for _ in range(3)]
    named: list[str] = []
    original = Store.get_match

    def get_match(store: Store, match_id: str) -> Any:
        named.append(match_id)
        return original(store, match_id)

    def scan(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("lookup listed the whole table")

    monkeypatch.setattr(Store, "get_match", get_match)
    monkeypatch.setattr(Store, "list_matches", scan)
    monkeypatch.setattr(TableService, "list_matches", scan)
    monkeypatch.setattr(TableService, "find_match", scan)
    seats = [{"match_id": c["match_id"], "token": c["token"]} for c in created[:2]]
    seats.append({"match_id": "00" * 8, "token": "x"})
    response = client.post("/api/matches/lookup", json={"seats": seats})
    assert response.status_code == 200
    assert {m["id"] for m in response.json()["matches"]} == {c["match_id"] for c in created[:2]}
    assert set(named) <= {seat["match_id"] for seat in seats}
    assert created[2]["match_id"] not in named


# -- the limits a server reads from its environment -----------------------------------------


def test_a_server_reads_its_limits_from_the_environment() -> None:
    assert WebLimits.from_environment({}) == WebLimits()
    off = WebLimits.from_environment({"CARDTABLE_RATE_LIMITS": "off"})
    assert off.create == off.tokens == off.hints == WebLimits.unlimited().create
    assert off.max_body == WebLimits().max_body
    chosen = WebLimits.from_environment(
        {
            "CARDTABLE_RATE_CREATE": "5/2.5",
            "CARDTABLE_RATE_TOKENS": " 100 / 200 ",
            "CARDTABLE_MAX_BODY": "8192",
            "CARDTABLE_BODY_SECONDS": "2.5",
        }
    )
    assert chosen.create == Rate(5, 2.5) and chosen.tokens == Rate(100, 200)
    assert chosen.hints == WebLimits().hints
    assert (chosen.max_body, chosen.body_seconds) == (8192, 2.5)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CARDTABLE_RATE_LIMITS", "maybe"),
        ("CARDTABLE_RATE_CREATE", "20"),
        ("CARDTABLE_RATE_HINTS", "0/10"),
        ("CARDTABLE_RATE_TOKENS", "10/0"),
        ("CARDTABLE_MAX_BODY", "-1"),
        ("CARDTABLE_BODY_SECONDS", "0"),
        ("CARDTABLE_BODY_SECONDS", "nan"),
    ],
)
def test_a_bad_limit_in_the_environment_stops_the_server_naming_it(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        WebLimits.from_environment({name: value})


def test_the_app_takes_its_limits_from_the_environment_unless_given(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDTABLE_RATE_CREATE", "1/1")
    with TestClient(create_app(service)) as client:
        new_match(client)
        _limited(client.post("/api/matches", json={"level": "simple"}), "new matches", "60")
    with TestClient(create_app(service, limits=WebLimits())) as client:
        new_match(client)
        new_match(client)
