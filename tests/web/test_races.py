"""Two actions racing for the same turn: exactly one is applied, the other refused."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from cardtable.errors import IllegalActionError
from cardtable.gin.views import SeatView
from cardtable.store import Store
from cardtable.table import SeatSpec, StaleActionError, TableService

from .processes import ServerProcess
from .webhelpers import LiveServer, bearer


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls at the same moment in threads; their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = calls[index]()
        except Exception as error:  # collected for the test to look at
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return results


def _two_moves(legal: list[str]) -> tuple[str, str]:
    if "pass" in legal:
        return "take", "pass"
    if "take" in legal:
        return "draw", "take"
    if "draw" in legal:
        return "draw", "draw"
    discards = [a for a in legal if a.startswith("discard")]
    return discards[0], discards[-1]


def test_racing_requests_to_a_real_server_apply_exactly_one(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=20) as http:
        created = http.post("/api/matches", json={"opponent": "friend"}).json()
        match_id = created["match_id"]
        tokens = (created["token"], created["invite"]["token"])
        for round_number in range(12):
            views = [http.get(f"/api/matches/{match_id}", headers=bearer(t)).json() for t in tokens]
            mover = next(i for i, v in enumerate(views) if v["legal_actions"])
            before = views[mover]
            first, second = _two_moves(before["legal_actions"])
            # Even rounds: both carry the count they saw. Odd rounds: neither does.
            expected = before["action_count"] if round_number % 2 == 0 else None

            def send(action: str, expected: int | None = expected, mover: int = mover) -> int:
                body = {"action": action, "expected": expected}
                with httpx.Client(base_url=live_server.url, timeout=20) as own:
                    response = own.post(
                        f"/api/matches/{match_id}/actions", json=body, headers=bearer(tokens[mover])
                    )
                    return response.status_code

            codes = race([lambda a=first: send(a), lambda a=second: send(a)])
            assert sorted(codes)[0] == 200 and sorted(codes)[1] in (409, 422), codes
            after = http.get(f"/api/matches/{match_id}", headers=bearer(tokens[mover])).json()
            assert after["action_count"] == before["action_count"] + 1
            if after["status"] != "active" or after["last_hand"] is not None:
                break


def test_two_servers_on_one_database_apply_exactly_one(db_url: str) -> None:
    """Two processes' services share the database: its primary key settles the race."""
    stores = [Store(db_url), Store(db_url)]
    try:
        services = [TableService(store) for store in stores]
        created = services[0].create_match((SeatSpec("human", "A"), SeatSpec("human", "B")))
        match_id = created.match_id
        for service in services:
            service.view(match_id, created.tokens[0] or "")  # both have it loaded
        view = services[0].view(match_id, created.tokens[0] or "")
        seat = view.hand.to_act
        assert seat is not None
        token = created.tokens[seat] or ""
        results = race(
            [
                lambda: services[0].act(match_id, token, "take"),
                lambda: services[1].act(match_id, token, "pass"),
            ]
        )
        applied = [r for r in results if isinstance(r, SeatView)]
        refused = [r for r in results if isinstance(r, Exception)]
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], StaleActionError | IllegalActionError)
        assert stores[0].action_count(match_id) == 1
        assert services[1].view(match_id, token) == services[0].view(match_id, token)
    finally:
        for store in stores:
            store.close()


def test_a_fresh_server_gives_cribbage_seats_their_aids_at_once(tmp_path: Path) -> None:
    """A real server process, fresh: eight Cribbage friend matches whose sixteen seats ask
    for their first view with the aids at the same moment. The scorer's rank table, built
    on first use, was used by one request while another filled it: 500s in every trial."""
    with ServerProcess(f"sqlite:///{tmp_path / 'fresh.db'}") as server:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            body = {"game": "cribbage", "opponent": "friend"}
            seats = []
            for _ in range(8):
                created = http.post("/api/matches", json=body).json()
                seats += [
                    (created["match_id"], created["token"]),
                    (created["match_id"], created["invite"]["token"]),
                ]

        def first_view(match_id: str, token: str) -> int:
            with httpx.Client(base_url=server.base, timeout=30) as own:
                url = f"/api/matches/{match_id}?aids=1"
                return own.get(url, headers=bearer(token)).status_code

        codes = race([lambda m=m, t=t: first_view(m, t) for m, t in seats])
        assert codes == [200] * len(seats), f"{codes}\n{server.output()}"
