"""A database that does not answer in time: the store says so, and whether the write may
have been kept; nothing half-written stays. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event

from cardtable.store import Store, StoreUnavailableError
from tests.locks import holding_lock

SEATS = [{"kind": "human", "name": "Ann", "token": "t0"}, {"kind": "computer", "level": "simple"}]


def test_a_write_locked_out_past_the_timeout_stores_nothing(db_url: str) -> None:
    store = Store(db_url, lock_timeout=0.3)
    try:
        store.create_match("m1", {}, "s", 0, SEATS, "gin")
        with holding_lock(db_url, "m1"):
            with pytest.raises(StoreUnavailableError) as raised:
                store.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
            assert not raised.value.maybe_stored  # it failed before its commit
        assert store.action_count("m1") == 0 and store.actions("m1") == []
        assert store.job("m1") is None
        store.append_actions("m1", 0, [(0, "pass")], "active", {}, computer_next=True)
        assert store.action_count("m1") == 1 and store.job("m1") is not None
    finally:
        store.close()


def test_sqlite_writers_keep_one_connection_and_drop_it_after_a_failure(tmp_path: Any) -> None:
    """SQLite's writers take turns on one kept connection (a checkout from the pool costs
    more than a move's statements); a write that fails drops it, and the next one works."""
    url = f"sqlite:///{tmp_path / 'kept.db'}"
    store = Store(url, lock_timeout=0.3)
    checkouts: list[object] = []
    event.listen(store.engine, "checkout", lambda dbapi, record, proxy: checkouts.append(dbapi))
    try:
        store.create_match("m1", {}, "s", 0, SEATS, "gin")
        writer = store._writer  # the connection kept is what is tested
        assert writer is not None
        before = len(checkouts)
        for number in range(6):
            store.append_actions("m1", number, [(number % 2, "draw")], "active", {})
        # The six writes check no connection out of the pool: they use the one kept.
        assert len(checkouts) == before and store._writer is writer
        with holding_lock(url, "m1"), pytest.raises(StoreUnavailableError):
            store.append_actions("m1", 6, [(0, "draw")], "active", {})
        assert store._writer is None  # dropped with the failed transaction
        store.append_actions("m1", 6, [(0, "draw")], "active", {})
        assert store.action_count("m1") == 7 and store._writer is not None
        assert [a.number for a in store.actions("m1")] == list(range(7))
    finally:
        store.close()
    assert store._writer is None
