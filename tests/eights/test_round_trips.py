"""Eights, a game the store and the table know nothing of, on PostgreSQL with the web
table's worker playing the computer: each person move with the computer's answer takes at
most three round trips to the database, counted on the wire as for gin
(tests/table/test_round_trips.py)."""

from __future__ import annotations

import time
from typing import Any

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.table.worker import ComputerWorker
from tests.table.test_round_trips import MOST_A_MOVE, WARM_UP, RoundTrips

MOVES = 12


def _my_turn_again(service: TableService, match_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while True:
        view: dict[str, Any] = service.view(match_id, token).to_json()
        if view["finished"] or view["basics"]["my_turn"]:
            return view
        assert time.monotonic() < deadline, "the computer did not answer"
        time.sleep(0.002)


def test_an_eights_move_and_the_computers_answer_take_at_most_three_round_trips(
    pg_url: str,
) -> None:
    store = Store(pg_url)
    service = TableService(store, computers="worker")
    service.trust_feed(lambda: True)  # as a server whose feed listens: views read nothing
    worker = ComputerWorker(service, poll=3600.0)
    worker.start()
    trips = RoundTrips(store)
    per_move: list[int] = []
    warming: list[int] = []
    try:
        created = service.create_match(
            (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple")),
            seed="eights-trips",
            game="eights",
        )
        match_id, token = created.match_id, str(created.tokens[0])
        view = _my_turn_again(service, match_id, token)
        with trips.counting():
            while len(per_move) < MOVES and not view["finished"]:
                choice = view["basics"]["choices"][0]["action"]
                with trips.window(per_move if len(warming) >= WARM_UP else warming):
                    service.act(match_id, token, choice, view["action_count"])
                    view = _my_turn_again(service, match_id, token)
    finally:
        worker.stop()
        store.close()
    assert len(per_move) == MOVES and min(per_move) >= 1
    assert max(per_move) <= MOST_A_MOVE, f"round trips of each person move: {per_move}"
