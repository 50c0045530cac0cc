"""Round trips to PostgreSQL per person move, counted on the wire (libpq's protocol trace of
every pooled connection): a person's move against the computer, with the computer's
answer, takes at most three (issue 38: a move's CPU on PostgreSQL went mostly to them).

A round trip is one wait of the client for the server: a run of messages sent, then the
server's answers. The web table's worker plays the computer; views read nothing (as with a
listening feed), and the worker does not poll meanwhile (a poll is a look for other
processes' turns, twice a second, whatever the number of moves)."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from psycopg import pq
from sqlalchemy import event

from cardtable.gin.views import SeatView
from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.table.worker import ComputerWorker

VS_COMPUTER = (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple"))
MOVES = 30
WARM_UP = 4  # person moves played first, not counted
MOST_A_MOVE = 3


class RoundTrips:
    """Traces every connection of the store's pool (those it had are closed first, so
    every one is opened, and traced, while counting); :meth:`window` counts the round trips
    of its block."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pgconns: list[Any] = []
        self.files: list[IO[str]] = []  # open while traced (libpq writes to the descriptor)

    def _trace(self, pgconn: Any) -> None:
        trace = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed by window())
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        self.files.append(trace)

    def _connected(self, dbapi_connection: Any, _record: Any) -> None:
        self.pgconns.append(dbapi_connection.pgconn)
        self._trace(dbapi_connection.pgconn)

    @contextmanager
    def counting(self) -> Iterator[RoundTrips]:
        event.listen(self.store.engine, "connect", self._connected)
        self.store.engine.dispose()  # every connection from here on is a traced one
        try:
            yield self
        finally:
            event.remove(self.store.engine, "connect", self._connected)
            for pgconn in self.pgconns:
                pgconn.untrace()

    @contextmanager
    def window(self, counted: list[int]) -> Iterator[None]:
        """The block's round trips, on every connection, appended to ``counted``."""
        for pgconn in self.pgconns:
            pgconn.untrace()
            self._trace(pgconn)
        first = len(self.files) - len(self.pgconns)
        yield
        for pgconn in self.pgconns:
            pgconn.untrace()  # (flushes the trace)
        counted.append(sum(_trips(trace) for trace in self.files[first:]))
        for trace in self.files:
            trace.close()
        self.files = []
        for pgconn in self.pgconns:
            self._trace(pgconn)


def _trips(trace: IO[str]) -> int:
    trips, sent = 0, False
    trace.seek(0)
    for line in trace:
        direction = line.split("\t", 1)[0]
        if direction == "F":
            sent = True
        elif direction == "B" and sent:
            trips, sent = trips + 1, False
    return trips


def _view(service: TableService, match_id: str, token: str) -> SeatView:
    view = service.view(match_id, token)
    assert isinstance(view, SeatView)
    return view


def _my_turn_again(service: TableService, match_id: str, token: str) -> SeatView:
    deadline = time.monotonic() + 10
    while True:
        view = _view(service, match_id, token)
        if view.my_turn or view.status != "active":
            return view
        assert time.monotonic() < deadline, "the computer did not answer"
        time.sleep(0.002)


def test_a_person_move_and_the_computers_answer_take_at_most_three_round_trips(
    pg_url: str,
) -> None:
    store = Store(pg_url)
    service = TableService(store, computers="worker")
    service.trust_feed(lambda: True)  # as a server whose feed listens: views read nothing
    worker = ComputerWorker(service, poll=3600.0)
    worker.start()
    trips = RoundTrips(store)
    rng = random.Random(38)
    per_move: list[int] = []
    answered: list[bool] = []
    try:
        created = service.create_match(VS_COMPUTER, seed="round-trips", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        view = _my_turn_again(service, match_id, token)
        with trips.counting():
            warming: list[int] = []  # (a connection prepares each statement once: two trips)
            while len(per_move) < MOVES and view.status == "active":
                before = view.action_count
                counted = len(warming) >= WARM_UP
                with trips.window(per_move if counted else warming):
                    service.act(match_id, token, rng.choice(view.legal_actions), before)
                    view = _my_turn_again(service, match_id, token)
                if counted:
                    answered.append(view.action_count > before + 1)
    finally:
        worker.stop()
        store.close()
    # (a person takes a card and then discards: the computer answers the discard)
    assert len(per_move) == MOVES and sum(answered) >= MOVES // 3
    assert min(per_move) >= 1  # the trace saw every move
    assert max(per_move) <= MOST_A_MOVE, f"round trips of each person move: {per_move}"
    with_answer = [n for n, yes in zip(per_move, answered, strict=True) if yes]
    assert max(with_answer) <= MOST_A_MOVE, f"with the computer's answer: {with_answer}"


def test_the_trace_counts_each_statement_as_a_round_trip(pg_url: str) -> None:
    store = Store(pg_url)
    trips = RoundTrips(store)
    counted: list[int] = []
    try:
        with trips.counting():
            store.action_count("no-such-match")  # (opens a connection: not counted)
            with trips.window(counted):
                for _ in range(3):  # (the fifth would be prepared on the server: two)
                    store.action_count("no-such-match")
        assert counted == [3]
    finally:
        store.close()


def test_a_connection_idle_for_a_while_is_checked_before_it_is_lent(
    pg_url: str, monkeypatch: Any
) -> None:
    from cardtable.store import engines

    monkeypatch.setattr(engines, "PING_AFTER_IDLE", 0.05)
    store = Store(pg_url)
    trips = RoundTrips(store)
    counted: list[int] = []
    try:
        with trips.counting():
            store.action_count("no-such-match")
            with trips.window(counted):
                store.action_count("no-such-match")  # at once: no check
            time.sleep(0.1)
            with trips.window(counted):
                store.action_count("no-such-match")  # after a pause: checked, then asked
        assert counted == [1, 2]
    finally:
        store.close()
