"""Group commit (``cardtable.store.group_commit``) on a transaction that records what it
committed: writes of many threads share commits, each gets its own outcome, and a batch of
writes handed in at once (``run_many``) is waited for once and committed in full."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardtable.store.group_commit import BATCH_LIMIT, GroupCommit


class Refused(Exception):
    """A write's clean refusal (it wrote nothing)."""


class Broken(Exception):
    """A write that breaks its transaction."""


class Unavailable(Exception):
    pass


class Ledger:
    """The database: a transaction is a list of rows, committed (after ``commit_pause``
    seconds) only when no write broke it."""

    def __init__(self, commit_pause: float = 0.0) -> None:
        self.rows: list[Any] = []
        self.commits: list[list[Any]] = []
        self.commit_pause = commit_pause
        self.gate = threading.Event()
        self.gate.set()

    @contextmanager
    def begin(self) -> Iterator[list[Any]]:
        transaction: list[Any] = []
        yield transaction
        self.gate.wait()
        time.sleep(self.commit_pause)
        self.rows.extend(transaction)
        self.commits.append(transaction)


def group(ledger: Ledger, timeout: float = 5.0) -> GroupCommit:
    return GroupCommit(
        ledger.begin,  # type: ignore[arg-type]
        timeout,
        clean=(Refused,),
        unavailable=Unavailable,
        busy=lambda: Unavailable("busy"),
    )


def row(value: Any) -> Callable[[list[Any]], Any]:
    def work(transaction: list[Any]) -> Any:
        transaction.append(value)
        return value

    return work


def refuse(_transaction: list[Any]) -> Any:
    raise Refused("stale")


def breaks(transaction: list[Any]) -> Any:
    transaction.append("half")
    raise Broken("broken")


def test_writes_of_many_threads_share_commits_and_each_gets_its_value() -> None:
    ledger = Ledger(commit_pause=0.01)
    commits = group(ledger)
    values: dict[int, Any] = {}

    def one(n: int) -> None:
        values[n] = commits.run(row(n))  # type: ignore[arg-type]

    threads = [threading.Thread(target=one, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert values == {n: n for n in range(40)}
    assert sorted(ledger.rows) == list(range(40))
    assert len(ledger.commits) < 40  # shared: the pause lets the others gather
    assert (commits.writes, commits.commits) == (40, len(ledger.commits))


def test_run_many_gives_each_write_its_own_outcome_in_order() -> None:
    ledger = Ledger()
    commits = group(ledger)
    outcomes = commits.run_many([row("a"), refuse, row("b")])  # type: ignore[list-item]
    assert [value for value, _ in outcomes] == ["a", None, "b"]
    assert [type(error) for _, error in outcomes] == [type(None), Refused, type(None)]
    assert ledger.commits == [["a", "b"]]  # one commit, the refusal wrote nothing


def test_a_write_that_breaks_the_transaction_fails_alone() -> None:
    ledger = Ledger()
    commits = group(ledger)
    outcomes = commits.run_many([row(1), breaks, row(2)])  # type: ignore[list-item]
    assert isinstance(outcomes[1][1], Broken)
    assert [outcomes[0], outcomes[2]] == [(1, None), (2, None)]
    assert sorted(ledger.rows) == [1, 2]  # nothing of the broken write


def test_run_many_commits_more_writes_than_one_batch_holds() -> None:
    ledger = Ledger()
    commits = group(ledger)
    count = 2 * BATCH_LIMIT + 5
    outcomes = commits.run_many([row(n) for n in range(count)])  # type: ignore[misc]
    assert outcomes == [(n, None) for n in range(count)]
    assert ledger.rows == list(range(count))
    assert max(len(c) for c in ledger.commits) <= BATCH_LIMIT


def test_writes_that_find_no_turn_in_time_are_refused_and_never_run() -> None:
    ledger = Ledger()
    ledger.gate.clear()  # the first commit hangs
    commits = group(ledger, timeout=0.3)
    first = threading.Thread(target=commits.run, args=(row("first"),))
    first.start()
    while not commits._leading:  # the first write leads (and waits in its commit)
        time.sleep(0.005)
    started = time.monotonic()
    outcomes = commits.run_many([row("late"), row("later")])  # type: ignore[list-item]
    assert 0.25 <= time.monotonic() - started < 3
    assert all(value is None and isinstance(error, Unavailable) for value, error in outcomes)
    ledger.gate.set()
    first.join(5)
    assert ledger.rows == ["first"]


def test_an_unavailable_database_fails_the_whole_batch() -> None:
    def begin() -> Any:
        raise Unavailable("gone")

    commits = GroupCommit(
        begin,
        1.0,
        clean=(Refused,),
        unavailable=Unavailable,
        busy=lambda: Unavailable("busy"),
    )
    outcomes = commits.run_many([row(1), row(2)])  # type: ignore[list-item]
    assert all(isinstance(error, Unavailable) for _, error in outcomes)
    with pytest.raises(Unavailable):
        commits.run(row(3))  # type: ignore[arg-type]
