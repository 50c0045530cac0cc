"""The computer's turns as durable work: with a worker the person's move is answered at
once and the computer's follows; a failure after the person's move leaves that move
stored and the turn pending, tried again until it is played; a worker that dies holding a
turn holds it only until its lease ends. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import ClassVar

import pytest

from cardtable.gin.views import SeatView
from cardtable.store import Store, StoreUnavailableError
from cardtable.table import SeatSpec, TableService, TableUnavailableError
from cardtable.table.worker import ComputerWorker
from tests.locks import LockHolder, holding_lock

VS_COMPUTER = (SeatSpec("human", "Ann"), SeatSpec("computer", level="simple"))
PEOPLE = (SeatSpec("human", "Ann"), SeatSpec("human", "Bo"))


def eventually(check: Callable[[], bool], within: float = 10.0) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)


def gin_view(view: object) -> SeatView:
    assert isinstance(view, SeatView)
    return view


def first_move(service: TableService, match_id: str, token: str) -> SeatView:
    view = gin_view(service.view(match_id, token))
    assert view.my_turn and view.legal_actions == ("take", "pass")
    return view


@pytest.fixture
def worker_service(store: Store) -> Iterator[TableService]:
    service = TableService(store, computers="worker")
    worker = ComputerWorker(service, poll=0.1)
    worker.start()
    yield service
    worker.stop()


def test_with_a_worker_the_move_is_answered_before_the_computer_plays(store: Store) -> None:
    service = TableService(store, computers="worker")
    created = service.create_match(VS_COMPUTER, seed="answer", first_dealer=1)
    match_id, token = created.match_id, str(created.tokens[0])
    before = first_move(service, match_id, token)
    told: list[str] = []
    service.subscribe(match_id, told.append)
    after = gin_view(service.act(match_id, token, "pass", before.action_count))
    assert after.action_count == before.action_count + 1 and not after.my_turn
    job = store.job(match_id)
    assert job is not None and job.locked_by is None  # the computer's turn, waiting
    assert told == [match_id]
    worker = ComputerWorker(service, poll=0.1)
    worker.start()
    try:
        eventually(lambda: gin_view(service.view(match_id, token)).my_turn)
    finally:
        worker.stop()
    assert store.job(match_id) is None and told == [match_id, match_id]
    assert gin_view(service.view(match_id, token)).action_count >= before.action_count + 2


def test_a_computer_that_deals_first_plays_from_the_worker(worker_service: TableService) -> None:
    created = worker_service.create_match(VS_COMPUTER, seed="first", first_dealer=0)
    token = str(created.tokens[0])
    eventually(lambda: gin_view(worker_service.view(created.match_id, token)).my_turn)


def test_the_persons_move_locked_out_is_refused_truthfully(db_url: str) -> None:
    store = Store(db_url, lock_timeout=0.3)
    try:
        service = TableService(store)
        created = service.create_match(VS_COMPUTER, seed="locked", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        before = first_move(service, match_id, token)
        with holding_lock(db_url, match_id), pytest.raises(TableUnavailableError) as raised:
            service.act(match_id, token, "pass", before.action_count)
        assert raised.value.stored is False and "not stored" in str(raised.value)
        assert service.view(match_id, token) == before  # and it was not
        after = gin_view(service.act(match_id, token, "pass", before.action_count))
        assert after.my_turn and after.action_count >= before.action_count + 2
    finally:
        store.close()


def test_inline_a_computer_locked_out_leaves_the_move_stored_and_tries_again(
    db_url: str,
) -> None:
    """The failure seen under load: the person's move stored, then the computer's write
    locked out. The reply is the person's view (the move counts), and the match goes on."""
    store = Store(db_url, lock_timeout=0.3)
    try:
        service = TableService(store)
        created = service.create_match(VS_COMPUTER, seed="worst", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        before = first_move(service, match_id, token)
        holder = LockHolder(db_url, match_id)

        def lock_after_the_move(_match_id: str) -> None:  # runs once the move is stored
            if not holder.held.is_set():
                holder.start()

        unsubscribe = service.subscribe(match_id, lock_after_the_move)
        try:
            after = gin_view(service.act(match_id, token, "pass", before.action_count))
        finally:
            unsubscribe()
        assert after.action_count == before.action_count + 1 and not after.my_turn
        job = store.job(match_id)
        assert job is not None  # the turn is pending
        if store.postgres:  # the write locked out: given back with the error, for a retry
            assert job.locked_by is None and job.attempts == 1
            assert job.last_error is not None and "lock" in job.last_error
        else:  # the whole file is locked: not even given back, so the service keeps it
            assert job.locked_by is not None and job.locked_by.startswith("inline:")
        holder.release()
        time.sleep(0.3)  # the first retry's backoff
        eventually(lambda: gin_view(service.view(match_id, token)).my_turn, within=5)
        assert store.job(match_id) is None
    finally:
        store.close()


def test_with_a_worker_a_locked_out_computer_plays_once_the_lock_is_gone(db_url: str) -> None:
    store = Store(db_url, lock_timeout=0.3)
    service = TableService(store, computers="worker")
    # A long poll: the worker starts only when woken by the move, after the lock is taken.
    worker = ComputerWorker(service, poll=30)
    holder = LockHolder(db_url, "")
    try:
        created = service.create_match(VS_COMPUTER, seed="worker-lock", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        holder.match_id = match_id
        before = first_move(service, match_id, token)
        worker.start()
        service.subscribe(match_id, lambda _m: None if holder.held.is_set() else holder.start())
        after = gin_view(service.act(match_id, token, "pass", before.action_count))
        assert after.action_count == before.action_count + 1  # stored, and answered so
        time.sleep(1.0)  # the worker tries (and fails) under the lock meanwhile
        assert gin_view(service.view(match_id, token)).action_count == after.action_count
        job = store.job(match_id)
        assert job is not None  # pending: given back (PostgreSQL), or kept by the worker
        assert job.locked_by is None or job.locked_by == worker.owner
        holder.release()
        released = time.monotonic()
        eventually(lambda: gin_view(service.view(match_id, token)).my_turn, within=10)
        assert time.monotonic() - released < 3  # within seconds of the lock going
    finally:
        holder.release()
        worker.stop()
        store.close()


def test_an_unconfirmed_commit_is_looked_up_before_the_reply(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = TableService(store)
    created = service.create_match(PEOPLE, seed="unconfirmed")
    match_id = created.match_id
    tokens = [str(t) for t in created.tokens]
    views = [gin_view(service.view(match_id, t)) for t in tokens]
    seat = next(i for i, v in enumerate(views) if v.my_turn)
    real = store.append_actions

    def stored_but_unconfirmed(*args: object, **kwargs: object) -> None:
        real(*args, **kwargs)  # type: ignore[arg-type]
        raise StoreUnavailableError("the reply was lost", maybe_stored=True)

    monkeypatch.setattr(store, "append_actions", stored_but_unconfirmed)
    after = gin_view(service.act(match_id, tokens[seat], "pass"))  # stored: the view, no error
    assert after.action_count == 1 == store.action_count(match_id)

    def lost(*args: object, **kwargs: object) -> None:
        raise StoreUnavailableError("the reply was lost", maybe_stored=True)

    monkeypatch.setattr(store, "append_actions", lost)
    mover = tokens[1 - seat]
    with pytest.raises(TableUnavailableError) as raised:
        service.act(match_id, mover, "pass")
    assert raised.value.stored is False  # looked up: not there
    monkeypatch.setattr(store, "actions", lost)
    with pytest.raises(TableUnavailableError) as unknown:
        service.act(match_id, mover, "pass")
    assert unknown.value.stored is None and "may have been stored" in str(unknown.value)


def test_a_worker_killed_holding_a_turn_holds_it_only_for_its_lease(db_url: str) -> None:
    stores = [Store(db_url), Store(db_url)]
    try:
        first = TableService(stores[0], computers="worker", job_lease=0.5)
        created = first.create_match(VS_COMPUTER, seed="lease", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        before = first_move(first, match_id, token)
        first.act(match_id, token, "pass", before.action_count)
        claimed = time.monotonic()  # the lease runs from the claim
        [job] = stores[0].claim_jobs("killed-worker", lease=0.5)  # and never plays it
        assert job.match_id == match_id
        second = TableService(stores[1], computers="worker", job_lease=0.5)
        worker = ComputerWorker(second, poll=0.1)
        worker.start()
        try:
            eventually(lambda: gin_view(second.view(match_id, token)).my_turn, within=10)
        finally:
            worker.stop()
        # Not before the lease ran out: measured from the claim, not from the second
        # worker's start (which a busy machine may reach well into the lease).
        assert time.monotonic() - claimed >= 0.45
        assert gin_view(first.view(match_id, token)).my_turn  # the first sees it too
    finally:
        for store in stores:
            store.close()


class Clock:
    """A clock the test moves by hand: the store's (leases, due times) and the worker's."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_lease_holds_to_the_clock_not_to_the_machines_speed(db_url: str) -> None:
    """With the time in the test's hands, the turn of a worker that died holding it is
    taken by another exactly when the lease ends: not a moment before (however long the
    machine takes), and at the first look after."""
    clock = Clock()
    stores = [Store(db_url, clock=clock), Store(db_url, clock=clock)]
    try:
        first = TableService(stores[0], computers="worker", job_lease=6.0)
        created = first.create_match(VS_COMPUTER, seed="lease-clock", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        before = first_move(first, match_id, token)
        first.act(match_id, token, "pass", before.action_count)
        [job] = stores[0].claim_jobs("killed-worker", lease=6.0)  # and never played
        assert job.locked_until == clock.now + 6.0
        second = TableService(stores[1], computers="worker", job_lease=6.0)
        worker = ComputerWorker(second, poll=0.5, clock=clock)  # run by hand: not started
        for _ in range(3):  # however often it looks, while the lease lasts
            clock.now += 1.9
            assert worker.run_once() == 0
            assert not gin_view(second.view(match_id, token)).my_turn
        clock.now = job.locked_until  # the lease's last instant: still the dead worker's
        assert worker.run_once() == 0
        clock.now += 0.001
        assert worker.run_once() == 1  # taken over and played at the first look after
        assert gin_view(second.view(match_id, token)).my_turn
        assert stores[1].job(match_id) is None
    finally:
        for store in stores:
            store.close()


def test_a_failing_computer_is_retried_with_its_error_kept(store: Store) -> None:
    service = TableService(store, computers="worker")
    created = service.create_match(VS_COMPUTER, seed="flaky", first_dealer=1)
    match_id, token = created.match_id, str(created.tokens[0])
    before = first_move(service, match_id, token)
    service.act(match_id, token, "pass", before.action_count)
    live = service._live.peek(match_id)
    assert live is not None
    computer = live.computers[1]

    class Flaky:
        """The computer, tripping on its first move."""

        failures: ClassVar[list[Exception]] = [RuntimeError("the computer tripped")]

        def move(self, match: object, seat: int) -> str:
            if self.failures:
                raise self.failures.pop()
            return computer.move(match, seat)

    live.computers[1] = Flaky()
    worker = ComputerWorker(service, poll=0.05)
    assert worker.run_once() == 1
    job = store.job(match_id)
    assert job is not None and job.last_error == "RuntimeError: the computer tripped"
    worker.start()
    try:
        eventually(lambda: gin_view(service.view(match_id, token)).my_turn, within=5)
    finally:
        worker.stop()
    assert store.job(match_id) is None


def test_the_live_cache_is_bounded_and_forgets_the_least_used(store: Store) -> None:
    service = TableService(store, cache_size=2)
    created = [service.create_match(PEOPLE, seed=f"lru{n}") for n in range(4)]
    views = [service.view(c.match_id, str(c.tokens[0])) for c in created]
    assert service.live_matches == 2
    assert created[0].match_id not in service._live and created[3].match_id in service._live
    # A forgotten match is rebuilt from the store, the same as it was.
    assert service.view(created[0].match_id, str(created[0].tokens[0])) == views[0]
    assert service.live_matches == 2


def test_a_copy_behind_the_store_applies_only_the_new_actions(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    stores = [Store(db_url), Store(db_url)]
    try:
        writer, reader = TableService(stores[0]), TableService(stores[1])
        created = writer.create_match(PEOPLE, seed="catch-up")
        match_id = created.match_id
        tokens = [str(t) for t in created.tokens]
        reader.view(match_id, tokens[0])  # the reader has it live now
        rebuilt: list[str] = []
        real_load = TableService._load

        def counting_load(self: TableService, stored: object) -> object:
            rebuilt.append(str(getattr(stored, "id", "")))
            return real_load(self, stored)  # type: ignore[arg-type]

        monkeypatch.setattr(TableService, "_load", counting_load)
        for _ in range(6):
            views = [gin_view(writer.view(match_id, t)) for t in tokens]
            seat = next(i for i, v in enumerate(views) if v.my_turn)
            move = "pass" if "pass" in views[seat].legal_actions else views[seat].legal_actions[0]
            writer.act(match_id, tokens[seat], move)
            assert reader.view(match_id, tokens[0]) == writer.view(match_id, tokens[0])
        assert rebuilt == []  # caught up action by action, never replayed whole
    finally:
        for store in stores:
            store.close()


def test_inline_racing_turns_are_played_once(store: Store) -> None:
    """Two threads see the same pending turn: one plays it, the other finds it done."""
    service = TableService(store, computers="worker")
    created = service.create_match(VS_COMPUTER, seed="twice", first_dealer=1)
    match_id, token = created.match_id, str(created.tokens[0])
    before = first_move(service, match_id, token)
    service.act(match_id, token, "pass", before.action_count)
    workers = [ComputerWorker(service, name=f"w{i}") for i in range(3)]
    barrier = threading.Barrier(3)

    def run(worker: ComputerWorker) -> None:
        barrier.wait()
        worker.run_once()

    threads = [threading.Thread(target=run, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sum(w.played for w in workers) == 1
    view = gin_view(service.view(match_id, token))
    assert view.my_turn and store.job(match_id) is None


def _pending_without_a_job(store: Store) -> tuple[str, str]:
    """A match whose computer is to act but that has no job: as a database written before
    jobs existed leaves it (the person's pass stored by hand, without one)."""
    created = TableService(store).create_match(VS_COMPUTER, seed="old", first_dealer=1)
    store.append_actions(created.match_id, 0, [(0, "pass")], "active", {})
    assert store.job(created.match_id) is None
    return created.match_id, str(created.tokens[0])


def test_a_pending_turn_without_a_job_gets_one_when_the_match_is_loaded(store: Store) -> None:
    match_id, token = _pending_without_a_job(store)
    service = TableService(store, computers="worker")
    assert not gin_view(service.view(match_id, token)).my_turn
    job = store.job(match_id)
    assert job is not None and job.attempts == 0
    worker = ComputerWorker(service, poll=0.1)
    worker.start()
    try:
        eventually(lambda: gin_view(service.view(match_id, token)).my_turn)
    finally:
        worker.stop()


def test_inline_a_pending_turn_without_a_job_is_played_when_the_match_is_loaded(
    store: Store,
) -> None:
    match_id, token = _pending_without_a_job(store)
    assert gin_view(TableService(store).view(match_id, token)).my_turn
    assert store.job(match_id) is None


def test_the_move_hands_its_job_claimed_to_this_processs_worker(db_url: str) -> None:
    """No transaction to claim it: the move's own claims the job for the local worker,
    with a lease, so that a process dying right after the move delays the turn only by it."""
    stores = [Store(db_url), Store(db_url)]
    try:
        service = TableService(stores[0], computers="worker", job_lease=0.5)
        handed: list[object] = []
        service.attach_worker("worker-that-dies", handed.append)
        created = service.create_match(VS_COMPUTER, seed="handed", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        before = first_move(service, match_id, token)
        service.act(match_id, token, "pass", before.action_count)
        job = stores[0].job(match_id)
        assert job is not None and job.locked_by == "worker-that-dies" and job.attempts == 1
        assert handed == [job]
        # That worker never plays it: another process's takes it once the lease is over.
        other = TableService(stores[1], computers="worker", job_lease=0.5)
        worker = ComputerWorker(other, poll=0.1)
        worker.start()
        try:
            eventually(lambda: gin_view(other.view(match_id, token)).my_turn, within=10)
        finally:
            worker.stop()
    finally:
        for store in stores:
            store.close()


def test_turns_handed_over_with_the_move_need_no_look_at_the_store(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look for due jobs is a write transaction of its own: the turns that come claimed
    with the person's move are played without one; the store is looked at on the poll."""
    looks: list[float] = []
    real_claim = store.claim_jobs

    def counting_claim(owner: str, lease: float, limit: int = 8) -> list[object]:
        looks.append(time.monotonic())
        return real_claim(owner, lease, limit)  # type: ignore[return-value]

    monkeypatch.setattr(store, "claim_jobs", counting_claim)
    service = TableService(store, computers="worker")
    worker = ComputerWorker(service, poll=1.0)
    worker.start()
    try:
        created = service.create_match(VS_COMPUTER, seed="no-look", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        started = time.monotonic()
        turns = 0
        while turns < 12 and time.monotonic() - started < 0.9:
            view = gin_view(service.view(match_id, token))
            if view.finished:
                break
            if not view.my_turn:
                time.sleep(0.005)
                continue
            service.act(match_id, token, view.legal_actions[-1], view.action_count)
            turns += 1
        took = time.monotonic() - started
    finally:
        worker.stop()
    assert turns >= 6 and worker.played >= 3
    # The first look at the start, then one per poll second at most.
    assert len(looks) <= 2 + int(took), (len(looks), worker.played, took)


def test_turns_in_hand_are_played_together_each_with_its_own_outcome(store: Store) -> None:
    """A worker with many turns handed over plays them at once: their moves share one
    commit on SQLite (one wait, not one per turn), and a turn that fails is retried alone
    while the others stand."""
    service = TableService(store, computers="worker")
    worker = ComputerWorker(service, poll=60.0)
    service.attach_worker(worker.owner, worker.take)  # its thread is not started: run by hand
    matches = []
    for n in range(6):
        created = service.create_match(VS_COMPUTER, seed=f"together-{n}", first_dealer=1)
        match_id, token = created.match_id, str(created.tokens[0])
        service.act(match_id, token, "pass", first_move(service, match_id, token).action_count)
        matches.append((match_id, token))
    failing = matches[2][0]
    live = service._live.get(failing)
    assert live is not None

    class Broken:
        def move(self, match: object, seat: int) -> str:
            raise RuntimeError("the computer failed")

    live.computers[1] = Broken()  # type: ignore[assignment]
    writes, commits = store.commit_stats
    assert worker.run_once(look=False) == 6 and worker.played == 6
    for match_id, token in matches:
        assert gin_view(service.view(match_id, token)).my_turn == (match_id != failing)
    if not store.postgres:
        # The five turns in one commit, and the failed one given back in one of its own.
        assert store.commit_stats == (writes + 6, commits + 2)
    job = store.job(failing)
    assert job is not None and job.last_error == "RuntimeError: the computer failed"
    assert job.locked_by is None  # given back, with its backoff, for any worker
