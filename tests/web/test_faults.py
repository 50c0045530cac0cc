"""Faults at the worst moments, and the match going on within seconds with nothing lost:

(a) the database locked past its timeout between the person's move and the computer's
    (another connection holds a conflicting lock while the computer's turn is stored);
(b) the process playing the computer's turn killed (SIGKILL) between the person's move and
    the computer's: another process finishes the turn once the lease runs out;
(c) PostgreSQL restarted under a small load through two server processes: every move that
    was acknowledged is kept, every error reply told the truth, and every match continues.

Bounded in time and count, loopback only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from cardtable.store import Store
from cardtable.table import SeatSpec, TableService
from cardtable.table.worker import ComputerWorker
from cardtable.web.app import create_app
from cardtable.web.limits import WebLimits
from tests.locks import LockHolder, holding_lock
from tests.pg import DATABASES, PostgresCluster, database_url

from .processes import SeatSocket, ServerProcess
from .webhelpers import bearer, settled, some_move

VS_COMPUTER = (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple"))
LOCK_TIMEOUT = 0.5


@pytest.fixture(params=DATABASES)
def any_db(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return database_url(request, tmp_path)


@dataclass
class Table:
    """A web table in this process: its service on a store with a short lock timeout, a
    worker that starts only when woken (so the test decides what it meets), a client."""

    db_url: str
    store: Store = field(init=False)
    service: TableService = field(init=False)
    worker: ComputerWorker = field(init=False)
    client: TestClient = field(init=False)

    def __post_init__(self) -> None:
        self.store = Store(self.db_url, lock_timeout=LOCK_TIMEOUT)
        self.service = TableService(self.store, computers="worker")
        self.worker = ComputerWorker(self.service, poll=30)
        # No lifespan (its worker polls): the test's own worker is the one that plays.
        self.client = TestClient(create_app(self.service, limits=WebLimits.unlimited()))

    def close(self) -> None:
        self.worker.stop()
        self.store.close()


@pytest.fixture
def table(any_db: str) -> Iterator[Table]:
    made = Table(any_db)
    yield made
    made.close()


def stored_count(db_url: str, match_id: str) -> int:
    """The action count as the database holds it, read on a connection of its own."""
    store = Store(db_url)
    try:
        return store.action_count(match_id)
    finally:
        store.close()


def test_a_lock_at_the_worst_moment_gets_a_truthful_reply_and_the_match_moves_on(
    table: Table,
) -> None:
    created = table.service.create_match(VS_COMPUTER, seed="fault-a", first_dealer=1)
    match_id, token = created.match_id, str(created.tokens[0])
    table.worker.start()
    client = table.client
    before = settled(client, match_id, token)
    holder = LockHolder(table.db_url, match_id)
    # The lock is taken once the person's move is stored, before the computer's turn.
    table.service.subscribe(match_id, lambda _m: None if holder.held.is_set() else holder.start())
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "view"
        response = client.post(
            f"/api/matches/{match_id}/actions",
            json={"action": "pass", "expected": before["action_count"]},
            headers=bearer(token),
        )
        # The move is stored, and the reply says so: its view, with the move in it.
        assert response.status_code == 200, response.text
        assert response.json()["action_count"] == before["action_count"] + 1
        assert stored_count(table.db_url, match_id) == before["action_count"] + 1
        time.sleep(3 * LOCK_TIMEOUT)  # the computer's turn waits out the lock, and again
        waiting = client.get(f"/api/matches/{match_id}", headers=bearer(token)).json()
        assert (
            not waiting["legal_actions"] and waiting["action_count"] == before["action_count"] + 1
        )
        job = table.store.job(match_id)
        assert job is not None  # pending: given back, or (SQLite, all locked) kept by its worker
        assert job.locked_by is None or job.locked_by == table.worker.owner
        holder.release()
        released = time.monotonic()
        while True:  # the computer's answer is pushed to the seat within seconds
            message = ws.receive_json()
            if message["type"] == "view" and message["view"]["legal_actions"]:
                break
        recovered = time.monotonic() - released
    assert recovered < 5, recovered
    assert settled(client, match_id, token)["action_count"] >= before["action_count"] + 2
    assert table.store.job(match_id) is None
    print(f"(a) the computer answered {recovered * 1000:.0f} ms after the lock was released")


def test_a_move_locked_out_is_refused_saying_it_was_not_stored(table: Table) -> None:
    created = table.service.create_match(VS_COMPUTER, seed="fault-a2", first_dealer=1)
    match_id, token = created.match_id, str(created.tokens[0])
    table.worker.start()
    client = table.client
    before = settled(client, match_id, token)
    body = {"action": "pass", "expected": before["action_count"]}
    url = f"/api/matches/{match_id}/actions"
    with holding_lock(table.db_url, match_id):
        response = client.post(url, json=body, headers=bearer(token))
    assert response.status_code == 503, response.text
    assert "not stored" in response.json()["error"]
    assert response.headers["Retry-After"] == "1"
    assert stored_count(table.db_url, match_id) == before["action_count"]  # and it was not
    again = client.post(url, json=body, headers=bearer(token))
    assert again.status_code == 200, again.text
    assert settled(client, match_id, token)["action_count"] >= before["action_count"] + 2


def test_a_process_killed_holding_the_computers_turn_is_taken_over(pg_url: str) -> None:
    """Nothing here is timed against the machine's speed: the lease is short (the server's
    ``--job-lease``), and when it ends is what the store wrote with the claim; the turn is
    checked to be stored after that from the store's own timestamps. A busy machine can
    only make the take-over later, never make the test fail."""
    lease = 2.0
    setup = Store(pg_url)
    try:
        created = TableService(setup).create_match(VS_COMPUTER, seed="fault-b", first_dealer=1)
    finally:
        setup.close()
    match_id, token = created.match_id, str(created.tokens[0])
    with ServerProcess(
        pg_url, "--job-lease", str(lease), module="tests.web.stalling_server"
    ) as doomed:
        before = settled(httpx.Client(base_url=doomed.base), match_id, token)
        response = httpx.post(
            f"{doomed.base}/api/matches/{match_id}/actions",
            json={"action": "pass", "expected": before["action_count"]},
            headers=bearer(token),
        )
        assert response.status_code == 200, response.text  # acknowledged: stored
        claimed = doomed.wait_for_line(f"claimed {match_id}", timeout=120)
        owner = claimed.split(" as ")[1].strip()
        store = Store(pg_url)
        try:
            job = store.job(match_id)  # no other process yet: the doomed one holds it
            assert job is not None and job.locked_by == owner and job.locked_until is not None
            lease_ends = job.locked_until  # the store's clock (seconds since the epoch)
            doomed.kill()
            killed_at = time.time()
            with (
                ServerProcess(pg_url, "--job-lease", str(lease)) as survivor,
                httpx.Client(base_url=survivor.base, timeout=30) as http,
            ):
                after = settled(http, match_id, token, within=120)
            assert after["action_count"] >= before["action_count"] + 2
            assert store.job(match_id) is None
            person, computer = store.actions(match_id)[before["action_count"] :][:2]
            assert (person.seat, person.action) == (0, "pass")  # the acknowledged move
            assert computer.seat == 1  # the computer's turn, played by the survivor
            # ... and stored only once the lease had ended (the store's own timestamps,
            # which keep milliseconds): never before, however fast or slow the machine.
            stored = store.get_match(match_id)
            assert stored is not None
            answered_at = datetime.fromisoformat(stored.updated_at).timestamp()
            assert answered_at >= lease_ends - 0.001, (stored.updated_at, lease_ends)
        finally:
            store.close()
    print(
        f"(b) killed {lease_ends - killed_at:.1f}s before the lease ended; the other process"
        f" answered {answered_at - lease_ends:.1f}s after it (lease {lease}s)"
    )


@dataclass
class Player:
    """One person playing a computer match through a server, for a while, noting every
    reply: the moves acknowledged, the refusals and what they said."""

    server: ServerProcess
    match_id: str
    token: str
    acknowledged: list[tuple[int, str]] = field(default_factory=list)  # (count, action)
    acknowledged_at: list[float] = field(default_factory=list)
    not_stored: list[tuple[int, str]] = field(default_factory=list)  # (expected, action)
    unconfirmed: int = 0  # a 503 that could not say, or no answer at all
    failed_reads: int = 0
    other: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # the last replies, to explain a failure

    def play(self, until: float) -> None:
        try:
            self._play(until)
        except Exception as error:  # reported by the test (a thread's error is otherwise lost)
            self.other.append(f"{time.monotonic():.2f} {error!r}")
            self.log.append(self.other[-1])

    def _play(self, until: float) -> None:
        with httpx.Client(base_url=self.server.base, timeout=10) as http:
            while time.monotonic() < until:
                current = self._my_turn(http, until)
                if current is None or current["status"] != "active":
                    return
                time.sleep(0.05)  # a person's pace, roughly: a small load
                move = some_move(current)
                try:
                    response = http.post(
                        f"/api/matches/{self.match_id}/actions",
                        json={"action": move, "expected": current["action_count"]},
                        headers=bearer(self.token),
                    )
                except httpx.TransportError as error:  # no answer: the next view tells
                    self.log.append(f"{time.monotonic():.2f} POST {move} {error!r}")
                    self.unconfirmed += 1
                    continue
                self.log.append(f"{time.monotonic():.2f} POST {move} {response.status_code}")
                if response.status_code == 200:
                    self.acknowledged.append((response.json()["action_count"], move))
                    self.acknowledged_at.append(time.monotonic())
                elif response.status_code == 503 and "not stored" in response.json()["error"]:
                    self.not_stored.append((current["action_count"], move))
                elif response.status_code == 503 and "may have been" in response.json()["error"]:
                    self.unconfirmed += 1
                else:
                    self.other.append(f"{response.status_code} {response.text}")

    def _my_turn(self, http: httpx.Client, until: float) -> dict[str, Any] | None:
        while time.monotonic() < until:
            try:
                response = http.get(f"/api/matches/{self.match_id}", headers=bearer(self.token))
            except httpx.TransportError as error:  # a kept-alive connection closed: again
                self.log.append(f"{time.monotonic():.2f} GET {error!r}")
                self.failed_reads += 1
                continue
            self.log.append(f"{time.monotonic():.2f} GET {response.status_code}")
            if response.status_code != 200:  # the database is away: a read changes nothing
                self.failed_reads += 1
                time.sleep(0.05)
                continue
            data: dict[str, Any] = response.json()
            if data["legal_actions"] or data["status"] != "active":
                return data
            time.sleep(0.01)
        return None


def test_a_postgres_restart_under_load_keeps_every_acknowledged_move(
    postgres: PostgresCluster, pg_url: str
) -> None:
    with ServerProcess(pg_url) as a, ServerProcess(pg_url) as b:
        players = []
        for number in range(4):
            server = (a, b)[number % 2]
            created = httpx.post(
                f"{server.base}/api/matches",
                json={"level": "simple", "settings": {"target": 10_000}},  # the most
            ).json()
            players.append(Player(server, created["match_id"], created["token"]))
        # Match 1 is played through b; its seat watches on a: pushes must come back too.
        watched = players[1]
        with SeatSocket(a, watched.match_id, watched.token) as socket:
            until = time.monotonic() + 12
            threads = [threading.Thread(target=p.play, args=(until,)) for p in players]
            for thread in threads:
                thread.start()
            time.sleep(2)
            marks = [len(p.acknowledged) for p in players]
            restart_started = time.monotonic()
            postgres.restart()
            restarted = time.monotonic()
            for thread in threads:
                thread.join(30)
            assert all(not t.is_alive() for t in threads)
            # Each match moved on within seconds of the restart (while the load lasted).
            late = [p for p in players if not any(t > restarted for t in p.acknowledged_at)]
            assert not late, (
                [(p.match_id, p.log[-8:]) for p in late],
                a.output()[-3000:],
                b.output()[-3000:],
            )
            resumed = [min(t for t in p.acknowledged_at if t > restarted) for p in players]
            assert max(resumed) - restarted < 5
            # Every match continues: the person's turn again, and one more move taken.
            for player in players:
                with httpx.Client(base_url=player.server.base, timeout=10) as http:
                    current = settled(http, player.match_id, player.token, within=15)
                    if current["status"] != "active":  # played to its end: nothing to add
                        continue
                    response = http.post(
                        f"/api/matches/{player.match_id}/actions",
                        json={"action": some_move(current), "expected": current["action_count"]},
                        headers=bearer(player.token),
                    )
                    assert response.status_code == 200, response.text
                    player.acknowledged.append(
                        (response.json()["action_count"], some_move(current))
                    )
                    settled(http, player.match_id, player.token, within=15)
            last = settled(httpx.Client(base_url=b.base), watched.match_id, watched.token)
            pushed = socket.view_where(lambda v: v["action_count"] >= last["action_count"], 10)
            assert pushed["action_count"] == last["action_count"]  # a's listener came back
    # Every acknowledged move is there, as the person's; every "not stored" was true.
    store = Store(pg_url)
    try:
        for player, mark in zip(players, marks, strict=True):
            assert player.other == [], player.other
            assert mark > 0 and len(player.acknowledged) > mark  # moves before and after
            stored = store.actions(player.match_id)
            acknowledged = {count for count, _ in player.acknowledged}
            for count, move in player.acknowledged:
                assert (stored[count - 1].seat, stored[count - 1].action) == (0, move)
            for expected, move in player.not_stored:
                was = stored[expected] if expected < len(stored) else None
                assert (
                    was is None
                    or (was.seat, was.action) != (0, move)
                    or (
                        expected + 1 in acknowledged  # sent again, and that one was acknowledged
                    )
                )
    finally:
        store.close()
    totals = {
        "acknowledged": sum(len(p.acknowledged) for p in players),
        "not stored (503)": sum(len(p.not_stored) for p in players),
        "unconfirmed (503, or no answer)": sum(p.unconfirmed for p in players),
        "failed reads": sum(p.failed_reads for p in players),
    }
    print(
        f"(c) restart took {restarted - restart_started:.1f}s; every match moved again within"
        f" {(max(resumed) - restarted) * 1000:.0f} ms; {totals}"
    )


def test_a_stopped_postgres_is_a_503_that_says_what_happened() -> None:
    """A PostgreSQL server of this test's own (a real one, run as an unprivileged user),
    stopped: a move's 503 says the database did not answer and the move was not stored
    (not that the database is busy), a view's says it could not be read (not that nothing
    was stored, which no view does). Started again, the move goes through."""
    from tests.pg import running_cluster

    with running_cluster() as cluster:
        store = Store(cluster.create_database(), lock_timeout=LOCK_TIMEOUT)
        try:
            service = TableService(store, computers="inline")
            created = service.create_match((SeatSpec("human", "Ann"), SeatSpec("human", "Bo")))
            match_id, tokens = created.match_id, [str(t) for t in created.tokens]
            url = f"/api/matches/{match_id}"
            # Two tables on the database: one has the match live (a move reads nothing
            # first), the other has never read it (its view must).
            apps = [create_app(TableService(store), limits=WebLimits.unlimited()) for _ in "ab"]
            with TestClient(apps[0]) as playing, TestClient(apps[1]) as reading:
                views = [playing.get(url, headers=bearer(t)).json() for t in tokens]
                mover = next(i for i, v in enumerate(views) if v["legal_actions"])
                body = {"action": some_move(views[mover]), "expected": views[mover]["action_count"]}
                cluster.stop()
                moved = playing.post(f"{url}/actions", json=body, headers=bearer(tokens[mover]))
                assert moved.status_code == 503, moved.text
                said = moved.json()["error"]
                assert "did not answer" in said and "not stored" in said, said
                assert "busy" not in said
                seen = reading.get(url, headers=bearer(tokens[0]))
                assert seen.status_code == 503, seen.text
                said = seen.json()["error"]
                assert "did not answer" in said and "could not be read" in said, said
                assert "stored" not in said
                cluster.start()
                again = playing.post(f"{url}/actions", json=body, headers=bearer(tokens[mover]))
                assert again.status_code == 200, again.text
        finally:
            store.close()
