"""The computer's pending turns in the store: written in the transaction of the actions that
lead to them, claimed by one worker at a time with a lease, given back with a backoff, and
taken over when a lease runs out. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import pytest

from cardtable.store import ActionConflictError, Store

SEATS = [{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "computer", "level": "simple"}]


class Clock:
    """A clock the test moves by hand (the store's leases and due times read it)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(db_url: str, clock: Clock) -> Store:
    store = Store(db_url, clock=clock)
    yield store  # type: ignore[misc]
    store.close()


def test_a_job_is_written_with_the_actions_that_lead_to_it(timed: Store) -> None:
    timed.create_match("m1", {}, "s", 0, SEATS, "gin")
    assert timed.job("m1") is None
    timed.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
    job = timed.job("m1")
    assert job is not None and job.attempts == 0 and job.locked_by is None
    # A refused write leaves the job as it was.
    with pytest.raises(ActionConflictError):
        timed.append_actions("m1", 0, [(0, "take")], "active", {}, computer_next=False)
    assert timed.job("m1") == job
    # The computer's moves delete it in their own transaction, whoever held it.
    timed.append_actions("m1", 1, [(1, "pass"), (0, "take")], "active", {})
    assert timed.job("m1") is None


def test_a_match_whose_computer_acts_first_is_created_with_its_job(timed: Store) -> None:
    timed.create_match("m1", {}, "s", 0, SEATS, "gin", computer_next=True)
    assert timed.job("m1") is not None
    timed.create_match("m2", {}, "s", 0, SEATS, "gin")
    assert timed.job("m2") is None


def test_one_worker_at_a_time_holds_a_job_until_its_lease_ends(timed: Store, clock: Clock) -> None:
    timed.create_match("m1", {}, "s", 0, SEATS, "gin", computer_next=True)
    [job] = timed.claim_jobs("a", lease=10)
    assert (job.match_id, job.locked_by, job.attempts) == ("m1", "a", 1)
    assert timed.claim_jobs("b", lease=10) == []
    assert timed.claim_job("m1", "b", lease=10, ignore_due=True) is None
    clock.now += 9.9
    assert timed.claim_jobs("b", lease=10) == []
    clock.now += 0.2  # a's lease has run out: a was killed, say
    [taken] = timed.claim_jobs("b", lease=10)
    assert (taken.locked_by, taken.attempts) == ("b", 2)
    assert not timed.release_job("m1", "a", error="late")  # a's release changes nothing now
    stored = timed.job("m1")
    assert stored is not None and stored.locked_by == "b" and stored.last_error is None


def test_a_released_job_waits_its_backoff_and_keeps_the_error(timed: Store, clock: Clock) -> None:
    timed.create_match("m1", {}, "s", 0, SEATS, "gin", computer_next=True)
    timed.claim_jobs("a", lease=10)
    assert timed.release_job("m1", "a", delay=2.0, error="OperationalError: database is locked")
    job = timed.job("m1")
    assert job is not None and job.locked_by is None and job.locked_until is None
    assert job.last_error == "OperationalError: database is locked"
    assert timed.claim_jobs("a", lease=10) == []  # not due yet
    assert timed.claim_job("m1", "a", lease=10) is None
    clock.now += 2.0
    [again] = timed.claim_jobs("a", lease=10)
    assert again.attempts == 2 and again.last_error == job.last_error


def test_a_job_for_a_pending_turn_is_added_only_where_it_is_missing(timed: Store) -> None:
    timed.create_match("m1", {}, "s", 0, SEATS, "gin")
    timed.append_actions("m1", 0, [(0, "pass")], "active", {})
    assert not timed.ensure_job("m1", 0)  # the match has moved past that count
    assert timed.ensure_job("m1", 1)
    assert not timed.ensure_job("m1", 1)  # it has one now
    assert not timed.ensure_job("nope", 0)


def test_racing_workers_never_claim_a_job_twice(db_url: str) -> None:
    stores = [Store(db_url) for _ in range(4)]
    try:
        for number in range(40):
            stores[0].create_match(f"m{number}", {}, "s", 0, SEATS, "gin", computer_next=True)
        claimed: list[list[str]] = [[] for _ in stores]
        barrier = threading.Barrier(len(stores))

        def claim(index: int) -> None:
            barrier.wait()
            while True:
                jobs = stores[index].claim_jobs(f"w{index}", lease=60, limit=3)
                if not jobs:
                    return
                claimed[index].extend(job.match_id for job in jobs)

        threads = [threading.Thread(target=claim, args=(i,)) for i in range(len(stores))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        every = [match_id for ids in claimed for match_id in ids]
        assert sorted(every) == sorted(f"m{n}" for n in range(40))  # each once, none lost
    finally:
        for store in stores:
            store.close()
