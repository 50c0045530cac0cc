"""Announcements between processes on PostgreSQL: sent in the transaction that stores the
actions, so delivered on its commit and never for one that failed; the listener comes
back by itself after the server restarts, and says that it may have missed some."""

from __future__ import annotations

import queue
import time

import pytest

from cardtable.store import ActionConflictError, Store
from tests.pg import PostgresCluster

SEATS = [{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "human", "name": "Bo"}]


def changes(found: queue.Queue[object], within: float = 5.0) -> list[object]:
    """What arrives within ``within`` seconds, or until a quiet half second after one."""
    deadline = time.monotonic() + within
    seen: list[object] = []
    while time.monotonic() < deadline:
        try:
            seen.append(found.get(timeout=0.5 if seen else deadline - time.monotonic()))
        except queue.Empty:
            if seen:
                break
    return seen


def test_announcements_follow_commits_only(pg_url: str) -> None:
    store = Store(pg_url)
    found: queue.Queue[object] = queue.Queue()
    feed = store.feed(lambda m, c: found.put((m, c)), lambda: found.put("gap"))
    assert feed is not None
    feed.start()
    try:
        assert feed.listening.is_set()
        store.create_match("m1", {}, "s", 0, SEATS, "gin")
        store.append_actions("m1", 0, [(0, "pass"), (1, "pass")], "active", {})
        assert changes(found) == [("m1", 2)]
        with pytest.raises(ActionConflictError):
            store.append_actions("m1", 0, [(0, "take")], "active", {})
        store.announce("m1")
        assert changes(found) == [("m1", None)]  # nothing for the refused write
    finally:
        feed.stop()
        store.close()


def test_sqlite_has_no_feed(tmp_path: object) -> None:
    store = Store(f"sqlite:///{tmp_path}/x.db")
    try:
        assert store.feed(lambda m, c: None, lambda: None) is None
    finally:
        store.close()


def test_the_listener_comes_back_after_a_server_restart(
    postgres: PostgresCluster, pg_url: str
) -> None:
    store = Store(pg_url)
    found: queue.Queue[object] = queue.Queue()
    feed = store.feed(lambda m, c: found.put((m, c)), lambda: found.put("gap"))
    assert feed is not None
    feed.start()
    try:
        store.create_match("m1", {}, "s", 0, SEATS, "gin")
        postgres.restart()
        deadline = time.monotonic() + 20
        while not feed.listening.is_set() or found.empty():
            assert time.monotonic() < deadline, "the listener did not come back"
            time.sleep(0.05)
        assert changes(found) == ["gap"]
        store.append_actions("m1", 0, [(0, "pass")], "active", {})  # the pool reconnects too
        assert changes(found) == [("m1", 1)]
    finally:
        feed.stop()
        store.close()
